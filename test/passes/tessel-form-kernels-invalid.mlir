// tessel-form-kernels rejects an unknown fusion policy, and the model policy
// without a target to predict for.
// RUN: not tessel-opt %s --tessel-form-kernels=policy=greedy 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: for the --policy option: Cannot find option named 'greedy'!
// RUN: tessel-opt %s --tessel-form-kernels=policy=model --verify-diagnostics

// expected-error @+1 {{tessel-form-kernels needs the GPU target: set 'tessel.target' on the module (tessel-set-target)}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = tessel.exp %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
