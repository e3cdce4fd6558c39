// tessel-form-kernels rejects an unknown fusion policy.
// RUN: tessel-opt %s --tessel-form-kernels=policy=greedy --verify-diagnostics

// expected-error @+1 {{unknown fusion policy 'greedy' (expected 'rule' or 'none')}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = tessel.exp %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
