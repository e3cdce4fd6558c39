// tessel-run refuses what the reference cannot check, with a diagnostic and
// exit code 2, before running anything.
// RUN: not tessel-run %s --cpu --check 2>&1 | FileCheck %s

// CHECK: error: the reference interpreter does not handle 'arith.addf'
func.func @foreign(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
