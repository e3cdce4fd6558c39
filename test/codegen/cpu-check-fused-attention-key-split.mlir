// The register-resident fused attention with its key tiles split among the
// warps (schedule `warp = [rows, keys]`, keys < the key tile, mma.sync;
// FlashDecoding's split within a block): each warp steps its part of every
// key tile with an O and row statistics of its own, and the block merges
// the parts after the key loops. On the CPU path against the reference:
// decode steps (one query, grouped heads) in one kernel and split-KV,
// causal prefills with grouped heads and lengths no tile divides, two
// strips a warp, a sliding window, whole tiles without a mask; one to
// three stages; bf16 and f16. tessel-compile-suite-h100.test compiles them
// for sm_90a (ptxas, no spills).
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK: kernel @k_ks_decode_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_ks_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_ks_prefill_gqa_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_ks_two_strips_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_ks_window_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_ks_whole_tiles_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_ks_few_keys_bf16
// CHECK-NEXT: ok
// CHECK: all outputs match the reference

// A decode step: one query, 1000 keys, four heads a KV head (4 of the
// tile's 16 rows); 128-key tiles, four warps of 32 keys each; two stages.
func.func @ks_decode_f16(%q: tensor<1x8x1x128xf16>, %k: tensor<1x2x1000x128xf16>, %v: tensor<1x2x1000x128xf16>) -> tensor<1x8x1x128xf16> {
  %r = tessel.kernel @k_ks_decode_f16(%q, %k, %v) : (tensor<1x8x1x128xf16>, tensor<1x2x1000x128xf16>, tensor<1x2x1000x128xf16>) -> tensor<1x8x1x128xf16>
      schedule = #tessel.schedule<block = [16, 128], warp = [16, 32], warps = 4, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x128xf16>, %b: tensor<1x2x1000x128xf16>, %c: tensor<1x2x1000x128xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x128xf16>, tensor<1x2x1000x128xf16>, tensor<1x2x1000x128xf16> -> tensor<1x8x1x128xf16>
    tessel.yield %0 : tensor<1x8x1x128xf16>
  }
  return %r : tensor<1x8x1x128xf16>
}

// The decode step split five ways (one kernel, the slices combined by the
// last block of each tile) and each 64-key tile four ways among the warps;
// three stages.
func.func @ks_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_ks_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 16], warps = 4, stages = 3, split_k = 5, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}

// A causal prefill, two heads a KV head, 77 tokens: two warps of strips
// by two of keys, whose second split's keys are past the diagonal for the
// first rows of a tile (a split that sees no key of a row weighs nothing).
func.func @ks_prefill_gqa_bf16(%q: tensor<1x4x77x64xbf16>, %k: tensor<1x2x77x64xbf16>, %v: tensor<1x2x77x64xbf16>) -> tensor<1x4x77x64xbf16> {
  %r = tessel.kernel @k_ks_prefill_gqa_bf16(%q, %k, %v) : (tensor<1x4x77x64xbf16>, tensor<1x2x77x64xbf16>, tensor<1x2x77x64xbf16>) -> tensor<1x4x77x64xbf16>
      schedule = #tessel.schedule<block = [32, 64], warp = [16, 32], warps = 4, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x77x64xbf16>, %b: tensor<1x2x77x64xbf16>, %c: tensor<1x2x77x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x77x64xbf16>, tensor<1x2x77x64xbf16>, tensor<1x2x77x64xbf16> -> tensor<1x4x77x64xbf16>
    tessel.yield %0 : tensor<1x4x77x64xbf16>
  }
  return %r : tensor<1x4x77x64xbf16>
}

// Two strips a warp (warp = [32, 32]) and two key splits, head dim 80,
// 197 tokens, causal.
func.func @ks_two_strips_f16(%q: tensor<1x2x197x80xf16>, %k: tensor<1x2x197x80xf16>, %v: tensor<1x2x197x80xf16>) -> tensor<1x2x197x80xf16> {
  %r = tessel.kernel @k_ks_two_strips_f16(%q, %k, %v) : (tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>) -> tensor<1x2x197x80xf16>
      schedule = #tessel.schedule<block = [32, 64], warp = [32, 32], warps = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x197x80xf16>, %b: tensor<1x2x197x80xf16>, %c: tensor<1x2x197x80xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16> -> tensor<1x2x197x80xf16>
    tessel.yield %0 : tensor<1x2x197x80xf16>
  }
  return %r : tensor<1x2x197x80xf16>
}

// A sliding-window decode step (the latest 300 of 1000 keys) split five
// ways, each 64-key tile two ways among the warps; two stages.
func.func @ks_window_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_ks_window_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 32], warps = 2, stages = 2, split_k = 5, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 300 : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}

// 128 keys in two tiles of 64, no causal mask (one loop, no step masks):
// 16 query rows, four warps of 16 keys each; one stage.
func.func @ks_whole_tiles_f16(%q: tensor<1x1x16x64xf16>, %k: tensor<1x1x128x64xf16>, %v: tensor<1x1x128x64xf16>) -> tensor<1x1x16x64xf16> {
  %r = tessel.kernel @k_ks_whole_tiles_f16(%q, %k, %v) : (tensor<1x1x16x64xf16>, tensor<1x1x128x64xf16>, tensor<1x1x128x64xf16>) -> tensor<1x1x16x64xf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 16], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x1x16x64xf16>, %b: tensor<1x1x128x64xf16>, %c: tensor<1x1x128x64xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x1x16x64xf16>, tensor<1x1x128x64xf16>, tensor<1x1x128x64xf16> -> tensor<1x1x16x64xf16>
    tessel.yield %0 : tensor<1x1x16x64xf16>
  }
  return %r : tensor<1x1x16x64xf16>
}

// Fewer keys (10) than the first warp's part of the tile: the other three
// warps see no key of any row and weigh nothing.
func.func @ks_few_keys_bf16(%q: tensor<1x1x16x64xbf16>, %k: tensor<1x1x10x64xbf16>, %v: tensor<1x1x10x64xbf16>) -> tensor<1x1x16x64xbf16> {
  %r = tessel.kernel @k_ks_few_keys_bf16(%q, %k, %v) : (tensor<1x1x16x64xbf16>, tensor<1x1x10x64xbf16>, tensor<1x1x10x64xbf16>) -> tensor<1x1x16x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 16], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x1x16x64xbf16>, %b: tensor<1x1x10x64xbf16>, %c: tensor<1x1x10x64xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x1x16x64xbf16>, tensor<1x1x10x64xbf16>, tensor<1x1x10x64xbf16> -> tensor<1x1x16x64xbf16>
    tessel.yield %0 : tensor<1x1x16x64xbf16>
  }
  return %r : tensor<1x1x16x64xbf16>
}
