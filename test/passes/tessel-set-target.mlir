// tessel-set-target attaches the named GPU, from the table or a JSON file.
// RUN: tessel-opt %s --tessel-set-target=target=h100 | FileCheck %s --check-prefix=H100
// RUN: tessel-opt %s --tessel-set-target=target=mi250x | FileCheck %s --check-prefix=MI250X
// RUN: cd %S/.. && tessel-opt %s --tessel-set-target=target=Inputs/toy_gpu.json | FileCheck %s --check-prefix=FILE
// The file is read once, and its contents travel in the attribute: the
// module parses and verifies from any directory after the file is gone.
// RUN: rm -rf %t && mkdir -p %t/a %t/b && cp %S/../Inputs/toy_gpu.json %t/a/my.json
// RUN: cd %t/a && tessel-opt %s --tessel-set-target=target=my.json -o %t/module.mlir
// RUN: rm %t/a/my.json && cd %t/b && tessel-opt %t/module.mlir | FileCheck %s --check-prefix=FILE
// RUN: cd %t/b && tessel-compile %t/module.mlir --predict-only | FileCheck %s --check-prefix=PREDICT

// H100: module attributes {tessel.target = #tessel.target<"h100">}
// MI250X: module attributes {tessel.target = #tessel.target<"mi250x">}
// FILE: module attributes {tessel.target = #tessel.target<"toy_gpu", json = "{\22name\22:\22toy_gpu\22,{{.*}}">}
// PREDICT: Predicted on toy_gpu (sm_89
// H100: tessel.relu
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessel.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
