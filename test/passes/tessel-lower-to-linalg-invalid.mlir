// tessel-lower-to-linalg rejects kernels it cannot outline.
// RUN: tessel-opt %s --tessel-lower-to-linalg --split-input-file --verify-diagnostics

// expected-note @+1 {{by this symbol}}
func.func private @gemm(tensor<4x4xf32>) -> tensor<4x4xf32>

func.func @name_taken(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tessel.kernel' op cannot be outlined: its name @gemm is already taken in the module}}
  %0 = tessel.kernel @gemm(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: tensor<4x4xf32>):
    %1 = tessel.matmul %a, %a : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
    tessel.yield %1 : tensor<4x4xf32>
  }
  return %0 : tensor<4x4xf32>
}

// -----

func.func @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{by this symbol}}
  %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    tessel.yield %1 : tensor<4xf32>
  }
  // expected-error @+1 {{'tessel.kernel' op cannot be outlined: its name @k is already taken in the module}}
  %2 = tessel.kernel @k(%0) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    tessel.yield %1 : tensor<4xf32>
  }
  return %2 : tensor<4xf32>
}

// -----

module {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  // expected-error @+1 {{'tessel.kernel' op must be inside a func.func to be outlined}}
  %0 = tessel.kernel @top(%c) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    tessel.yield %1 : tensor<4xf32>
  }
}

// -----

// The halves of a split-KV attention run only as kernels of their own.
func.func @combine_with_epilogue(%p: tensor<2x1x4x40x24xf32>, %l: tensor<2x1x4x40xf32>) -> tensor<1x4x40x24xf16> {
  %0 = tessel.kernel @k(%p, %l) : (tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>) -> tensor<1x4x40x24xf16> {
  ^bb0(%a: tensor<2x1x4x40x24xf32>, %b: tensor<2x1x4x40xf32>):
    // expected-error @+1 {{'tessel.attention_combine' op is one half of a split-KV attention, which runs only as a tessel.kernel of its own (as tessel-split-reduction makes it)}}
    %1 = tessel.attention_combine %a, %b : tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32> -> tensor<1x4x40x24xf16>
    %2 = tessel.relu %1 : tensor<1x4x40x24xf16>
    tessel.yield %2 : tensor<1x4x40x24xf16>
  }
  return %0 : tensor<1x4x40x24xf16>
}
