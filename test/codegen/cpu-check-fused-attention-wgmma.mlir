// The register-resident fused attention on warpgroup MMA (`mma = wgmma`,
// sm_90a; schedule `warp = [16, key tile]`, whole warpgroups of 4 warps):
// on the CPU path the same warp-level pieces as the mma.sync form, against
// the reference; tessel-lower-mma issues each warpgroup's run of pieces as
// one wgmma.mma_async (S = q k^T m64n{key tile}k16 from the key tile,
// O += P v m64n{dv}k16 from the value tile, A from registers), the tiles
// laid out as core matrices (tessel-compile-attention-wgmma.test pins the
// PTX). Head dims 64, 128 and 256, lengths no tile divides (33, 77, 100,
// 197) and one it does (128), grouped-query heads with a causal mask, one
// and two warpgroups (taking turns where pipelined), the K and V copies in
// one to three stages (V in one
// slot more: each step multiplies the previous step's P by its V tile), a
// causal prefill whose tiles step through both key loops (unmasked, then
// masked) several times, split-KV (one kernel) decode, sliding windows
// (three key loops), bf16 and f16.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK: kernel @k_wg_gqa_dim128_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_dim64_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_dim256_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_whole_tiles_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_causal_stages3_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_turns_causal_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_wg_window_stages3_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_wg_window_turns_bf16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

module attributes {tessel.target = #tessel.target<"h100">} {
  // Mistral-style: four query heads on one KV head, causal, head dim 128,
  // a length no tile divides; K and V in two stages.
  func.func @wg_gqa_dim128_bf16(%q: tensor<1x4x100x128xbf16>, %k: tensor<1x1x100x128xbf16>, %v: tensor<1x1x100x128xbf16>) -> tensor<1x4x100x128xbf16> {
    %r = tessel.kernel @k_wg_gqa_dim128_bf16(%q, %k, %v) : (tensor<1x4x100x128xbf16>, tensor<1x1x100x128xbf16>, tensor<1x1x100x128xbf16>) -> tensor<1x4x100x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x4x100x128xbf16>, %b: tensor<1x1x100x128xbf16>, %c: tensor<1x1x100x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x4x100x128xbf16>, tensor<1x1x100x128xbf16>, tensor<1x1x100x128xbf16> -> tensor<1x4x100x128xbf16>
      tessel.yield %0 : tensor<1x4x100x128xbf16>
    }
    return %r : tensor<1x4x100x128xbf16>
  }

  // ViT's 197 tokens, head dim 64, two warpgroups, one stage.
  func.func @wg_dim64_f16(%q: tensor<1x2x197x64xf16>, %k: tensor<1x2x197x64xf16>, %v: tensor<1x2x197x64xf16>) -> tensor<1x2x197x64xf16> {
    %r = tessel.kernel @k_wg_dim64_f16(%q, %k, %v) : (tensor<1x2x197x64xf16>, tensor<1x2x197x64xf16>, tensor<1x2x197x64xf16>) -> tensor<1x2x197x64xf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, mma = wgmma> {
    ^bb0(%a: tensor<1x2x197x64xf16>, %b: tensor<1x2x197x64xf16>, %c: tensor<1x2x197x64xf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x2x197x64xf16>, tensor<1x2x197x64xf16>, tensor<1x2x197x64xf16> -> tensor<1x2x197x64xf16>
      tessel.yield %0 : tensor<1x2x197x64xf16>
    }
    return %r : tensor<1x2x197x64xf16>
  }

  // Head dim 256 (O's wgmma at N = 256), causal, 33 queries on 40 keys.
  func.func @wg_dim256_f16(%q: tensor<1x1x33x256xf16>, %k: tensor<1x1x40x256xf16>, %v: tensor<1x1x40x256xf16>) -> tensor<1x1x33x256xf16> {
    %r = tessel.kernel @k_wg_dim256_f16(%q, %k, %v) : (tensor<1x1x33x256xf16>, tensor<1x1x40x256xf16>, tensor<1x1x40x256xf16>) -> tensor<1x1x33x256xf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, mma = wgmma> {
    ^bb0(%a: tensor<1x1x33x256xf16>, %b: tensor<1x1x40x256xf16>, %c: tensor<1x1x40x256xf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x1x33x256xf16>, tensor<1x1x40x256xf16>, tensor<1x1x40x256xf16> -> tensor<1x1x33x256xf16>
      tessel.yield %0 : tensor<1x1x33x256xf16>
    }
    return %r : tensor<1x1x33x256xf16>
  }

  // 128 keys the key tile divides, no mask: one unmasked loop, two stages.
  func.func @wg_whole_tiles_bf16(%q: tensor<1x2x80x64xbf16>, %k: tensor<1x2x128x64xbf16>, %v: tensor<1x2x128x64xbf16>) -> tensor<1x2x80x64xbf16> {
    %r = tessel.kernel @k_wg_whole_tiles_bf16(%q, %k, %v) : (tensor<1x2x80x64xbf16>, tensor<1x2x128x64xbf16>, tensor<1x2x128x64xbf16>) -> tensor<1x2x80x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x2x80x64xbf16>, %b: tensor<1x2x128x64xbf16>, %c: tensor<1x2x128x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x2x80x64xbf16>, tensor<1x2x128x64xbf16>, tensor<1x2x128x64xbf16> -> tensor<1x2x80x64xbf16>
      tessel.yield %0 : tensor<1x2x80x64xbf16>
    }
    return %r : tensor<1x2x80x64xbf16>
  }

  // A causal prefill of 300 tokens, two query heads a KV head, 32-key
  // tiles in three stages (four V slots): up to 10 steps, most unmasked.
  func.func @wg_causal_stages3_bf16(%q: tensor<1x4x300x64xbf16>, %k: tensor<1x2x300x64xbf16>, %v: tensor<1x2x300x64xbf16>) -> tensor<1x4x300x64xbf16> {
    %r = tessel.kernel @k_wg_causal_stages3_bf16(%q, %k, %v) : (tensor<1x4x300x64xbf16>, tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16>) -> tensor<1x4x300x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x4x300x64xbf16>, %b: tensor<1x2x300x64xbf16>, %c: tensor<1x2x300x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x4x300x64xbf16>, tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16> -> tensor<1x4x300x64xbf16>
      tessel.yield %0 : tensor<1x4x300x64xbf16>
    }
    return %r : tensor<1x4x300x64xbf16>
  }
  // Two warpgroups taking turns (tessel-warpgroup-pipeline: the tiles on
  // mbarriers, the products issued in turn), as the Mistral-7B prefill:
  // head dim 128, causal, two query heads a KV head, 200 tokens on
  // 128 x 64 tiles in two stages (both key loops).
  func.func @wg_turns_causal_bf16(%q: tensor<1x4x200x128xbf16>, %k: tensor<1x2x200x128xbf16>, %v: tensor<1x2x200x128xbf16>) -> tensor<1x4x200x128xbf16> {
    %r = tessel.kernel @k_wg_turns_causal_bf16(%q, %k, %v) : (tensor<1x4x200x128xbf16>, tensor<1x2x200x128xbf16>, tensor<1x2x200x128xbf16>) -> tensor<1x4x200x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x4x200x128xbf16>, %b: tensor<1x2x200x128xbf16>, %c: tensor<1x2x200x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x4x200x128xbf16>, tensor<1x2x200x128xbf16>, tensor<1x2x200x128xbf16> -> tensor<1x4x200x128xbf16>
      tessel.yield %0 : tensor<1x4x200x128xbf16>
    }
    return %r : tensor<1x4x200x128xbf16>
  }
  // A decode step over 1000 keys in slices (split-KV, one kernel), four
  // query heads a KV head.
  func.func @wg_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
    %r = tessel.kernel @k_wg_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, split_k = 4, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
      tessel.yield %0 : tensor<1x8x1x64xbf16>
    }
    return %r : tensor<1x8x1x64xbf16>
  }
  // A sliding window of 90 keys on the causal prefill of 300 tokens: each
  // block starts at its first query's window, its three key loops (the
  // window's masked tiles, the unmasked ones, the causal ones) in three
  // stages.
  func.func @wg_window_stages3_bf16(%q: tensor<1x4x300x64xbf16>, %k: tensor<1x2x300x64xbf16>, %v: tensor<1x2x300x64xbf16>) -> tensor<1x4x300x64xbf16> {
    %r = tessel.kernel @k_wg_window_stages3_bf16(%q, %k, %v) : (tensor<1x4x300x64xbf16>, tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16>) -> tensor<1x4x300x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x4x300x64xbf16>, %b: tensor<1x2x300x64xbf16>, %c: tensor<1x2x300x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 90 : tensor<1x4x300x64xbf16>, tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16> -> tensor<1x4x300x64xbf16>
      tessel.yield %0 : tensor<1x4x300x64xbf16>
    }
    return %r : tensor<1x4x300x64xbf16>
  }
  // Two warpgroups taking turns with a window of 70 keys (head dim 128).
  func.func @wg_window_turns_bf16(%q: tensor<1x4x200x128xbf16>, %k: tensor<1x2x200x128xbf16>, %v: tensor<1x2x200x128xbf16>) -> tensor<1x4x200x128xbf16> {
    %r = tessel.kernel @k_wg_window_turns_bf16(%q, %k, %v) : (tensor<1x4x200x128xbf16>, tensor<1x2x200x128xbf16>, tensor<1x2x200x128xbf16>) -> tensor<1x4x200x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x4x200x128xbf16>, %b: tensor<1x2x200x128xbf16>, %c: tensor<1x2x200x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 70 : tensor<1x4x200x128xbf16>, tensor<1x2x200x128xbf16>, tensor<1x2x200x128xbf16> -> tensor<1x4x200x128xbf16>
      tessel.yield %0 : tensor<1x4x200x128xbf16>
    }
    return %r : tensor<1x4x200x128xbf16>
  }
}
