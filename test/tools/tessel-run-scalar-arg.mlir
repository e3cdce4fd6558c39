// A public function with a non-tensor argument cannot be fed by tessel-run.
// RUN: not tessel-run %s --cpu 2>&1 | FileCheck %s
// CHECK: error: the reference takes tensor arguments only, got 'f32'
func.func @scalar(%a: f32) -> f32 {
  return %a : f32
}
