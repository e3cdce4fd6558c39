// tessel-set-target attaches the named GPU, from the table or a JSON file.
// RUN: tessel-opt %s --tessel-set-target=target=h100 | FileCheck %s --check-prefix=H100
// RUN: tessel-opt %s --tessel-set-target=target=mi250x | FileCheck %s --check-prefix=MI250X
// RUN: cd %S/.. && tessel-opt %s --tessel-set-target=target=Inputs/toy_gpu.json | FileCheck %s --check-prefix=FILE
// The attribute it writes re-parses (the file is resolved again, from the same directory).
// RUN: cd %S/.. && tessel-opt %s --tessel-set-target=target=Inputs/toy_gpu.json | tessel-opt | FileCheck %s --check-prefix=FILE

// H100: module attributes {tessel.target = #tessel.target<"h100">}
// MI250X: module attributes {tessel.target = #tessel.target<"mi250x">}
// FILE: module attributes {tessel.target = #tessel.target<"toy_gpu", file = "Inputs/toy_gpu.json">}
// H100: tessel.relu
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessel.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
