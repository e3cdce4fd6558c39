// tessel-form-kernels rejects an unknown fusion policy, and the model policy
// without a target to predict for.
// RUN: tessel-opt %s --tessel-form-kernels=policy=greedy --verify-diagnostics --split-input-file
// RUN: sed 's/greedy/model/' %s | not tessel-opt --tessel-form-kernels=policy=model --split-input-file 2>&1 | FileCheck %s --check-prefix=MODEL

// expected-error @+1 {{unknown fusion policy 'greedy' (expected 'auto', 'model', 'rule' or 'none')}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = tessel.exp %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// MODEL: error: tessel-form-kernels needs the GPU target: set 'tessel.target' on the module (tessel-set-target)
