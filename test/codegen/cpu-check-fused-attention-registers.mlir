// The fused attention kernel's register-resident form (schedule `warp =
// [rows, key tile]`, mma.sync): each warp keeps its 16-row strips' S, P, O
// and row statistics in its lanes across the key loop, on the CPU path
// against the reference, with schedules written by hand: one and two strips
// a warp, head dims 64, 80, 128 and 256, lengths no tile divides (1, 33,
// 77, 90, 100, 197, 1000), grouped-query heads, causal masks, a decode
// step, and split-KV (one kernel) decode and prefill, bf16 and f16; the K
// and V copies in one, two and three stages; a length the key tile divides
// (no causal mask: every step without the mask); sliding windows (prefill,
// grouped-query, split-KV decode and prefill).
// tessel-compile-suite-h100.test compiles them for sm_90a and pins the
// structure (shuffles, no S in shared memory, O and the statistics kept in
// registers across the loop).
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK: kernel @k_reg_gqa_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_dim80_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_dim128_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_dim256_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_len1_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_decode_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_reg_split_prefill_f16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_reg_whole_tiles_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_window_gqa_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_window_long_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_reg_window_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_reg_window_split_prefill_f16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// grouped-query heads (2 per KV head), causal, lengths no tile divides; two strips a warp.
func.func @reg_gqa_bf16(%q: tensor<1x4x77x64xbf16>, %k: tensor<1x2x90x64xbf16>, %v: tensor<1x2x90x64xbf16>) -> tensor<1x4x77x64xbf16> {
  %r = tessel.kernel @k_reg_gqa_bf16(%q, %k, %v) : (tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16>) -> tensor<1x4x77x64xbf16>
      schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x77x64xbf16>, %b: tensor<1x2x90x64xbf16>, %c: tensor<1x2x90x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16> -> tensor<1x4x77x64xbf16>
    tessel.yield %0 : tensor<1x4x77x64xbf16>
  }
  return %r : tensor<1x4x77x64xbf16>
}

// head dim 80 (five 16-deep steps, ten value pieces), ViT's 197 tokens;
// the K and V copies pipelined in two stages.
func.func @reg_dim80_f16(%q: tensor<1x2x197x80xf16>, %k: tensor<1x2x197x80xf16>, %v: tensor<1x2x197x80xf16>) -> tensor<1x2x197x80xf16> {
  %r = tessel.kernel @k_reg_dim80_f16(%q, %k, %v) : (tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>) -> tensor<1x2x197x80xf16>
      schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x197x80xf16>, %b: tensor<1x2x197x80xf16>, %c: tensor<1x2x197x80xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16> -> tensor<1x2x197x80xf16>
    tessel.yield %0 : tensor<1x2x197x80xf16>
  }
  return %r : tensor<1x2x197x80xf16>
}

// head dim 128, four query heads on one KV head, causal.
func.func @reg_dim128_bf16(%q: tensor<1x4x100x128xbf16>, %k: tensor<1x1x100x128xbf16>, %v: tensor<1x1x100x128xbf16>) -> tensor<1x4x100x128xbf16> {
  %r = tessel.kernel @k_reg_dim128_bf16(%q, %k, %v) : (tensor<1x4x100x128xbf16>, tensor<1x1x100x128xbf16>, tensor<1x1x100x128xbf16>) -> tensor<1x4x100x128xbf16>
      schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x100x128xbf16>, %b: tensor<1x1x100x128xbf16>, %c: tensor<1x1x100x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x100x128xbf16>, tensor<1x1x100x128xbf16>, tensor<1x1x100x128xbf16> -> tensor<1x4x100x128xbf16>
    tessel.yield %0 : tensor<1x4x100x128xbf16>
  }
  return %r : tensor<1x4x100x128xbf16>
}

// head dim 256, one warp, a causal mask with more keys than queries.
func.func @reg_dim256_f16(%q: tensor<1x1x33x256xf16>, %k: tensor<1x1x40x256xf16>, %v: tensor<1x1x40x256xf16>) -> tensor<1x1x33x256xf16> {
  %r = tessel.kernel @k_reg_dim256_f16(%q, %k, %v) : (tensor<1x1x33x256xf16>, tensor<1x1x40x256xf16>, tensor<1x1x40x256xf16>) -> tensor<1x1x33x256xf16>
      schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mma_sync> {
  ^bb0(%a: tensor<1x1x33x256xf16>, %b: tensor<1x1x40x256xf16>, %c: tensor<1x1x40x256xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x1x33x256xf16>, tensor<1x1x40x256xf16>, tensor<1x1x40x256xf16> -> tensor<1x1x33x256xf16>
    tessel.yield %0 : tensor<1x1x33x256xf16>
  }
  return %r : tensor<1x1x33x256xf16>
}

// a single query and key.
func.func @reg_len1_bf16(%q: tensor<1x2x1x64xbf16>, %k: tensor<1x2x1x64xbf16>, %v: tensor<1x2x1x64xbf16>) -> tensor<1x2x1x64xbf16> {
  %r = tessel.kernel @k_reg_len1_bf16(%q, %k, %v) : (tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16>) -> tensor<1x2x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x1x64xbf16>, %b: tensor<1x2x1x64xbf16>, %c: tensor<1x2x1x64xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16> -> tensor<1x2x1x64xbf16>
    tessel.yield %0 : tensor<1x2x1x64xbf16>
  }
  return %r : tensor<1x2x1x64xbf16>
}

// a decode step: one query, 1000 keys, four heads a KV head; two stages.
func.func @reg_decode_f16(%q: tensor<1x8x1x128xf16>, %k: tensor<1x2x1000x128xf16>, %v: tensor<1x2x1000x128xf16>) -> tensor<1x8x1x128xf16> {
  %r = tessel.kernel @k_reg_decode_f16(%q, %k, %v) : (tensor<1x8x1x128xf16>, tensor<1x2x1000x128xf16>, tensor<1x2x1000x128xf16>) -> tensor<1x8x1x128xf16>
      schedule = #tessel.schedule<block = [16, 128], warp = [16, 128], warps = 1, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x128xf16>, %b: tensor<1x2x1000x128xf16>, %c: tensor<1x2x1000x128xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x128xf16>, tensor<1x2x1000x128xf16>, tensor<1x2x1000x128xf16> -> tensor<1x8x1x128xf16>
    tessel.yield %0 : tensor<1x8x1x128xf16>
  }
  return %r : tensor<1x8x1x128xf16>
}

// a decode step split five ways in one kernel; three stages (each
// slice's last tile's copy ahead reads the next slice's keys, masked).
func.func @reg_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_reg_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, stages = 3, split_k = 5, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}

// a causal prefill split two ways (two strips in one warp): early slices
// some rows see none of.
func.func @reg_split_prefill_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x77x64xf16>, %v: tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_reg_split_prefill_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, split_k = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x77x64xf16>, %c: tensor<1x1x77x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}

// 128 keys in two tiles of 64, no causal mask: no step masks a key, and
// the one key loop runs without the mask; two stages.
func.func @reg_whole_tiles_bf16(%q: tensor<1x2x80x64xbf16>, %k: tensor<1x2x128x64xbf16>, %v: tensor<1x2x128x64xbf16>) -> tensor<1x2x80x64xbf16> {
  %r = tessel.kernel @k_reg_whole_tiles_bf16(%q, %k, %v) : (tensor<1x2x80x64xbf16>, tensor<1x2x128x64xbf16>, tensor<1x2x128x64xbf16>) -> tensor<1x2x80x64xbf16>
      schedule = #tessel.schedule<block = [32, 64], warp = [16, 64], warps = 2, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x80x64xbf16>, %b: tensor<1x2x128x64xbf16>, %c: tensor<1x2x128x64xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x80x64xbf16>, tensor<1x2x128x64xbf16>, tensor<1x2x128x64xbf16> -> tensor<1x2x80x64xbf16>
    tessel.yield %0 : tensor<1x2x80x64xbf16>
  }
  return %r : tensor<1x2x80x64xbf16>
}

// a sliding window of 50 keys, grouped-query heads (2 per KV head), a
// length no tile divides: each block starts at the tile of its first
// query's window, then steps the tiles the window masks for some row, those
// no row masks, and those the causal mask does; two stages.
func.func @reg_window_gqa_bf16(%q: tensor<1x4x197x64xbf16>, %k: tensor<1x2x197x64xbf16>, %v: tensor<1x2x197x64xbf16>) -> tensor<1x4x197x64xbf16> {
  %r = tessel.kernel @k_reg_window_gqa_bf16(%q, %k, %v) : (tensor<1x4x197x64xbf16>, tensor<1x2x197x64xbf16>, tensor<1x2x197x64xbf16>) -> tensor<1x4x197x64xbf16>
      schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x197x64xbf16>, %b: tensor<1x2x197x64xbf16>, %c: tensor<1x2x197x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 50 : tensor<1x4x197x64xbf16>, tensor<1x2x197x64xbf16>, tensor<1x2x197x64xbf16> -> tensor<1x4x197x64xbf16>
    tessel.yield %0 : tensor<1x4x197x64xbf16>
  }
  return %r : tensor<1x4x197x64xbf16>
}

// a window of 130 keys over 300: several unmasked tiles between the
// window's masked ones and the causal ones; three stages.
func.func @reg_window_long_f16(%q: tensor<1x1x300x64xf16>, %k: tensor<1x1x300x64xf16>, %v: tensor<1x1x300x64xf16>) -> tensor<1x1x300x64xf16> {
  %r = tessel.kernel @k_reg_window_long_f16(%q, %k, %v) : (tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>) -> tensor<1x1x300x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, stages = 3, mma = mma_sync> {
  ^bb0(%a: tensor<1x1x300x64xf16>, %b: tensor<1x1x300x64xf16>, %c: tensor<1x1x300x64xf16>):
    %0 = tessel.attention %a, %b, %c scale = 0.2 causal window = 130 : tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16> -> tensor<1x1x300x64xf16>
    tessel.yield %0 : tensor<1x1x300x64xf16>
  }
  return %r : tensor<1x1x300x64xf16>
}

// a decode step's window of 300 of 1000 keys, split five ways in one kernel:
// the slices cut the window's keys alone (60 each, from key 700).
func.func @reg_window_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_reg_window_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, stages = 3, split_k = 5, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 300 : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}

// a causal prefill with a window of 10, split two ways: rows that see none
// of a slice's keys on either side.
func.func @reg_window_split_prefill_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x77x64xf16>, %v: tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_reg_window_split_prefill_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, split_k = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x77x64xf16>, %c: tensor<1x1x77x64xf16>):
    %0 = tessel.attention %a, %b, %c causal window = 10 : tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}
