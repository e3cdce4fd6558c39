// tessel-split-reduction refuses, with the reason, a split_k schedule on a
// kernel whose reduction it cannot split.
// RUN: tessel-opt %s --split-input-file --tessel-split-reduction --verify-diagnostics

// A batch_matmul: its batch already gives the blocks.
func.func @batched(%x: tensor<2x32x256xf32>, %y: tensor<2x256x32xf32>) -> tensor<2x32x32xf32> {
  // expected-error @+1 {{cannot be split: split_k splits a tessel.matmul's reduction; this kernel holds tessel.batch_matmul}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<2x32x256xf32>, tensor<2x256x32xf32>) -> tensor<2x32x32xf32>
      schedule = #tessel.schedule<block = [1, 16, 16], warps = 2, split_k = 2> {
  ^bb0(%a: tensor<2x32x256xf32>, %b: tensor<2x256x32xf32>):
    %1 = tessel.batch_matmul %a, %b : tensor<2x32x256xf32>, tensor<2x256x32xf32> -> tensor<2x32x32xf32>
    tessel.yield %1 : tensor<2x32x32xf32>
  }
  return %0 : tensor<2x32x32xf32>
}

// -----

// S must divide K.
func.func @k_not_divisible(%x: tensor<32x250xf32>, %y: tensor<250x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{cannot be split: split_k = 4 does not divide the matmul's K (250)}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<32x250xf32>, tensor<250x32xf32>) -> tensor<32x32xf32>
      schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 4> {
  ^bb0(%a: tensor<32x250xf32>, %b: tensor<250x32xf32>):
    %1 = tessel.matmul %a, %b : tensor<32x250xf32>, tensor<250x32xf32> -> tensor<32x32xf32>
    tessel.yield %1 : tensor<32x32xf32>
  }
  return %0 : tensor<32x32xf32>
}

// -----

// Two matmuls share no one reduction.
func.func @two_matmuls(%x: tensor<32x32xf32>, %y: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{cannot be split: split_k splits one matmul's reduction; this kernel holds two}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
      schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 2> {
  ^bb0(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>):
    %1 = tessel.matmul %a, %b : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %2 = tessel.matmul %1, %b : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    tessel.yield %2 : tensor<32x32xf32>
  }
  return %0 : tensor<32x32xf32>
}

// -----

// The cast of A is also the epilogue's: it cannot move to the partial kernel.
func.func @shared_prologue(%x: tensor<32x256xbf16>, %y: tensor<256x256xf32>) -> tensor<32x256xf32> {
  // expected-error @+1 {{cannot be split: the matmul's operands must be kernel inputs or elementwise ops of one (a cast) that feed only the matmul}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<32x256xbf16>, tensor<256x256xf32>) -> tensor<32x256xf32>
      schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 2> {
  ^bb0(%a: tensor<32x256xbf16>, %b: tensor<256x256xf32>):
    %1 = tessel.cast %a : tensor<32x256xbf16> to tensor<32x256xf32>
    %2 = tessel.matmul %1, %b : tensor<32x256xf32>, tensor<256x256xf32> -> tensor<32x256xf32>
    %3 = tessel.add %2, %1 : tensor<32x256xf32>, tensor<32x256xf32> -> tensor<32x256xf32>
    tessel.yield %3 : tensor<32x256xf32>
  }
  return %0 : tensor<32x256xf32>
}

// -----

// A computed by a binary op (a product with another input) does not commute
// with the views.
func.func @binary_prologue(%x: tensor<32x256xf32>, %s: tensor<32x256xf32>, %y: tensor<256x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{cannot be split: the matmul's operands must be kernel inputs or elementwise ops of one (a cast) that feed only the matmul}}
  %0 = tessel.kernel @k(%x, %s, %y) : (tensor<32x256xf32>, tensor<32x256xf32>, tensor<256x32xf32>) -> tensor<32x32xf32>
      schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 2> {
  ^bb0(%a: tensor<32x256xf32>, %t: tensor<32x256xf32>, %b: tensor<256x32xf32>):
    %1 = tessel.mul %a, %t : tensor<32x256xf32>, tensor<32x256xf32> -> tensor<32x256xf32>
    %2 = tessel.matmul %1, %b : tensor<32x256xf32>, tensor<256x32xf32> -> tensor<32x32xf32>
    tessel.yield %2 : tensor<32x32xf32>
  }
  return %0 : tensor<32x32xf32>
}

// -----

// A split-KV attention needs every slice of its keys non-empty.
func.func @attention_empty_slice(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x6x64xf16>, %v: tensor<1x2x6x64xf16>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{cannot be split: split_k = 4 leaves a slice of the attention's 6 keys empty}}
  %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x1x64xf16>, tensor<1x2x6x64xf16>, tensor<1x2x6x64xf16>) -> tensor<1x2x1x64xf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 1, split_k = 4> {
  ^bb0(%a: tensor<1x2x1x64xf16>, %b: tensor<1x2x6x64xf16>, %c: tensor<1x2x6x64xf16>):
    %1 = tessel.attention %a, %b, %c : tensor<1x2x1x64xf16>, tensor<1x2x6x64xf16>, tensor<1x2x6x64xf16> -> tensor<1x2x1x64xf16>
    tessel.yield %1 : tensor<1x2x1x64xf16>
  }
  return %0 : tensor<1x2x1x64xf16>
}

// -----

// An attention with an epilogue is not the fused attention kernel.
func.func @attention_epilogue(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x512x64xf16>, %v: tensor<1x2x512x64xf16>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{cannot be split: split_k splits a tessel.matmul's reduction; this kernel holds tessel.attention}}
  %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x1x64xf16>, tensor<1x2x512x64xf16>, tensor<1x2x512x64xf16>) -> tensor<1x2x1x64xf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 1, split_k = 4> {
  ^bb0(%a: tensor<1x2x1x64xf16>, %b: tensor<1x2x512x64xf16>, %c: tensor<1x2x512x64xf16>):
    %1 = tessel.attention %a, %b, %c : tensor<1x2x1x64xf16>, tensor<1x2x512x64xf16>, tensor<1x2x512x64xf16> -> tensor<1x2x1x64xf16>
    %2 = tessel.relu %1 : tensor<1x2x1x64xf16>
    tessel.yield %2 : tensor<1x2x1x64xf16>
  }
  return %0 : tensor<1x2x1x64xf16>
}

// -----

// The sum runs in the partial kernel's tiles of M x N only where every op
// after the matmul is elementwise on its shape.
func.func @sum_in_kernel_reduces(%x: tensor<32x512xf32>, %y: tensor<512x64xf32>) -> tensor<32xf32> {
  // expected-error @+1 {{cannot run its split's sum in the partial kernel: the sum runs in the partial kernel's tiles of M x N; tessel.reduce after the matmul is not an elementwise op computing the matmul's shape}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<32x512xf32>, tensor<512x64xf32>) -> tensor<32xf32>
      schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 2>
      attributes {tessel.sum_in_kernel = #tessel.schedule<block = [16, 16], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>} {
  ^bb0(%a: tensor<32x512xf32>, %b: tensor<512x64xf32>):
    %1 = tessel.matmul %a, %b : tensor<32x512xf32>, tensor<512x64xf32> -> tensor<32x64xf32>
    %2 = tessel.reduce sum %1 dims = [1] : tensor<32x64xf32> -> tensor<32xf32>
    tessel.yield %2 : tensor<32xf32>
  }
  return %0 : tensor<32xf32>
}

// -----

// The sum runs in the partial kernel on the partial's tiles of M and N.
func.func @sum_in_kernel_other_tiles(%x: tensor<32x512xf32>, %y: tensor<512x64xf32>) -> tensor<32x64xf32> {
  // expected-error @+1 {{cannot run its split's sum in the partial kernel on #tessel.schedule<block = [16, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>: the sum runs on the partial's tiles of M and N, block = [16, 16]}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<32x512xf32>, tensor<512x64xf32>) -> tensor<32x64xf32>
      schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 2>
      attributes {tessel.sum_in_kernel = #tessel.schedule<block = [16, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>} {
  ^bb0(%a: tensor<32x512xf32>, %b: tensor<512x64xf32>):
    %1 = tessel.matmul %a, %b : tensor<32x512xf32>, tensor<512x64xf32> -> tensor<32x64xf32>
    tessel.yield %1 : tensor<32x64xf32>
  }
  return %0 : tensor<32x64xf32>
}

// -----

// A split whose blocks tile only M (block = [rows]) has no tiles of M x N
// for the sum.
func.func @sum_in_kernel_rows_only(%x: tensor<32x512xf32>, %y: tensor<512x64xf32>) -> tensor<32x64xf32> {
  // expected-error @+1 {{cannot run its split's sum in the partial kernel on #tessel.schedule<block = [2, 64], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt>: its blocks do not tile both M and N}}
  %0 = tessel.kernel @k(%x, %y) : (tensor<32x512xf32>, tensor<512x64xf32>) -> tensor<32x64xf32>
      schedule = #tessel.schedule<block = [2], warps = 1, split_k = 2>
      attributes {tessel.sum_in_kernel = #tessel.schedule<block = [2, 64], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt>} {
  ^bb0(%a: tensor<32x512xf32>, %b: tensor<512x64xf32>):
    %1 = tessel.matmul %a, %b : tensor<32x512xf32>, tensor<512x64xf32> -> tensor<32x64xf32>
    tessel.yield %1 : tensor<32x64xf32>
  }
  return %0 : tensor<32x64xf32>
}
