// The fused attention kernel on tensor cores (mma = mma_sync: S = q k^T and
// O += P v as warp-level 16x8x16 pieces, P rounded to the input type) on the
// CPU path against the reference, with schedules written by hand so that
// every way of spreading warps over the query tile's 16-row strips runs: one
// strip split along the keys and the value columns, head dim 80 (ten
// 8-column pieces, split two ways), four strips, a decode step, a sliding
// window; lengths no tile divides, grouped-query heads, causal masks, bf16
// and f16. tessel-compile-suite-h100.test checks that their PTX runs
// mma.sync.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK: kernel @k_mma_split_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_mma_dim80_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_mma_strips_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_mma_decode_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_mma_window_f16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// tensor cores, one strip split four ways along the keys and the value columns.
func.func @mma_split_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x90x64xf16>, %v: tensor<1x1x90x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_mma_split_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x90x64xf16>, tensor<1x1x90x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [16, 64], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x90x64xf16>, %c: tensor<1x1x90x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x77x64xf16>, tensor<1x1x90x64xf16>, tensor<1x1x90x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}

// tensor cores, head dim 80: two strips, each split two ways.
func.func @mma_dim80_bf16(%q: tensor<1x2x77x80xbf16>, %k: tensor<1x2x77x80xbf16>, %v: tensor<1x2x77x80xbf16>) -> tensor<1x2x77x80xbf16> {
  %r = tessel.kernel @k_mma_dim80_bf16(%q, %k, %v) : (tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16>) -> tensor<1x2x77x80xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x77x80xbf16>, %b: tensor<1x2x77x80xbf16>, %c: tensor<1x2x77x80xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16> -> tensor<1x2x77x80xbf16>
    tessel.yield %0 : tensor<1x2x77x80xbf16>
  }
  return %r : tensor<1x2x77x80xbf16>
}

// tensor cores, four strips, grouped-query and causal.
func.func @mma_strips_bf16(%q: tensor<1x4x130x128xbf16>, %k: tensor<1x2x130x128xbf16>, %v: tensor<1x2x130x128xbf16>) -> tensor<1x4x130x128xbf16> {
  %r = tessel.kernel @k_mma_strips_bf16(%q, %k, %v) : (tensor<1x4x130x128xbf16>, tensor<1x2x130x128xbf16>, tensor<1x2x130x128xbf16>) -> tensor<1x4x130x128xbf16>
      schedule = #tessel.schedule<block = [64, 32], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x130x128xbf16>, %b: tensor<1x2x130x128xbf16>, %c: tensor<1x2x130x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x130x128xbf16>, tensor<1x2x130x128xbf16>, tensor<1x2x130x128xbf16> -> tensor<1x4x130x128xbf16>
    tessel.yield %0 : tensor<1x4x130x128xbf16>
  }
  return %r : tensor<1x4x130x128xbf16>
}

// tensor cores, a decode step, eight warps on one strip.
func.func @mma_decode_f16(%q: tensor<1x4x1x64xf16>, %k: tensor<1x1x4096x64xf16>, %v: tensor<1x1x4096x64xf16>) -> tensor<1x4x1x64xf16> {
  %r = tessel.kernel @k_mma_decode_f16(%q, %k, %v) : (tensor<1x4x1x64xf16>, tensor<1x1x4096x64xf16>, tensor<1x1x4096x64xf16>) -> tensor<1x4x1x64xf16>
      schedule = #tessel.schedule<block = [16, 128], warps = 8, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x1x64xf16>, %b: tensor<1x1x4096x64xf16>, %c: tensor<1x1x4096x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x1x64xf16>, tensor<1x1x4096x64xf16>, tensor<1x1x4096x64xf16> -> tensor<1x4x1x64xf16>
    tessel.yield %0 : tensor<1x4x1x64xf16>
  }
  return %r : tensor<1x4x1x64xf16>
}

// tensor cores, a sliding window of 30 keys, grouped-query heads.
func.func @mma_window_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x90x64xf16>, %v: tensor<1x1x90x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_mma_window_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x90x64xf16>, tensor<1x1x90x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x90x64xf16>, %c: tensor<1x1x90x64xf16>):
    %0 = tessel.attention %a, %b, %c causal window = 30 : tensor<1x2x77x64xf16>, tensor<1x1x90x64xf16>, tensor<1x1x90x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}
