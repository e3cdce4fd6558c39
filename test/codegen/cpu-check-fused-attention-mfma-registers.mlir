// The fused attention kernel's register-resident form on AMD matrix cores
// (schedule `warp = [rows, key tile]`, `mma = mfma`): each 64-lane
// wavefront keeps its 16-row strips' S, P, O and row statistics in its
// lanes across the key loop. tessel-lower-mma issues each 16x16x16 MFMA
// with its operands swapped, so that a lane holds S by rows (four
// consecutive keys of one query row), which is P v's A fragment as it is
// (passes/MfmaLayout.h): no S or P in LDS, the rows' maxima and sums
// reduced across the 4 lanes of a row by two shuffles. On the CPU path
// against the reference, with the schedules of
// cpu-check-fused-attention-registers.mlir on MFMA (one stage): one and two
// strips a wavefront, head dims 64, 80, 128 and 256, lengths no tile
// divides (1, 33, 77, 90, 100, 197, 1000), grouped-query heads, causal
// masks, a decode step, split-KV (one kernel) decode and prefill, a length
// the key tile divides, sliding windows; bf16 and f16; and three with
// two stages (the next key tile staged in registers). Compiled for mi300x
// (gfx942) and mi250x (gfx90a): every kernel links, none spills; the
// staged prefill's key loops issue the next tile's global loads before
// their MFMAs and store them to LDS after them, one barrier a step.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=mi300x -o %t | FileCheck %s --check-prefix=GPU
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_mreg_gqa_bf16_kernel.hsaco | FileCheck %s --check-prefix=GFX942
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_mreg_dim80_f16_kernel.hsaco | FileCheck %s --check-prefix=GFX942-F16
// RUN: llvm-readelf --notes %t/*.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: sed s/mi300x/mi250x/ %s > %t.mi250x.mlir && tessel-compile %t.mi250x.mlir --target=mi250x -o %t/mi250x | FileCheck %s --check-prefix=GPU250
// RUN: llvm-objdump -d --mcpu=gfx90a %t/mi250x/k_mreg_dim128_bf16_kernel.hsaco | FileCheck %s --check-prefix=GFX90A
// RUN: llvm-readelf --notes %t/mi250x/*.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: tessel-opt %s --tessel-to-rocdl=target=mi300x --mlir-disable-threading --mlir-print-ir-after=tessel-register-staged-copies -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGED
// RUN: tessel-opt %s --tessel-to-rocdl=target=mi300x --mlir-disable-threading --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROUNDED

// CHECK: kernel @k_mreg_window_split_prefill_f16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK: kernel @k_mreg_staged_gqa_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_mreg_staged_window_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_mreg_staged_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// GPU: tessel-compile: 16 GPU kernel(s) for mi300x
// GPU250: tessel-compile: 16 GPU kernel(s) for mi250x
// The key loop's products on matrix cores, S never in LDS: the loop body
// stores nothing but the copies of K and V.
// GFX942: v_mfma_f32_16x16x16_bf16
// GFX942-F16: v_mfma_f32_16x16x16_f16
// GFX90A: v_mfma_f32_16x16x16bf16_1k
// NOTES-NOT: .vgpr_spill_count: {{[1-9]}}
// RUN: llvm-readelf --notes %t/k_mreg_gqa_bf16_kernel.hsaco | FileCheck %s --check-prefix=GQA-LDS
// GQA-LDS: .group_segment_fixed_size: 9216
// In the staged prefill each of the two key loops (unmasked, masked)
// loads the next K and V tiles from global memory first, computes, then
// stores them (the zeros past the keys chosen there, where the loads are
// waited for) into the other slot before the step's one barrier, which
// waits for LDS only; O and the statistics are the loops' registers.
// The epilogue (two strips a wavefront, causal: two key loops) divides
// O by the rows' sums in the lanes, from the loops' registers, and
// writes it rounded to bf16 into a tile of its own; the threads copy the
// tile out in 16-byte vectors. O's f32 buffer and the statistics' (the
// launch's 4th to 6th buffers) are never touched: their stores after
// the loops are gone, and so are the bytes. q's fragments are read once,
// before the key loops, behind a barrier (tessel-hoist-accumulators): the
// K and V tiles then lie over q's tile, and the rounded tile over them
// (9216 bytes of LDS: 18432 when q and the K and V tiles lay side by
// side): a lane's eight loads of its two strips' q fragments (d = 64: four
// 16-deep steps a strip), then a barrier, and no access to q after them.
// ROUNDED-LABEL: func.func private @k_mreg_gqa_bf16(
// ROUNDED: workgroup(%[[Q:.*]] : memref<64x72xbf16, {{.*}}, %[[K:.*]] : memref<32x72xbf16, {{.*}}, %[[V:.*]] : memref<32x72xbf16, {{.*}}, %[[O:.*]] : memref<64x64xf32, {{.*}}, %[[MAX:.*]] : memref<64x16xf32, {{.*}}, %[[SUM:.*]] : memref<64x16xf32, {{.*}}, %[[R:.*]] : memref<64x72xbf16,
// ROUNDED-NOT: %[[O]]
// ROUNDED-NOT: %[[MAX]]
// ROUNDED-NOT: %[[SUM]]
// ROUNDED: vector.store {{.*}}, %[[Q]][
// ROUNDED: gpu.barrier
// ROUNDED: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: vector.load %[[Q]][{{.*}} vector<4xbf16>
// ROUNDED-NEXT: gpu.barrier
// ROUNDED-NOT: %[[O]]
// ROUNDED-NOT: %[[MAX]]
// ROUNDED-NOT: %[[SUM]]
// ROUNDED-NOT: %[[Q]]
// ROUNDED: scf.for
// ROUNDED-NOT: %[[Q]]
// ROUNDED: scf.for
// ROUNDED-NOT: %[[Q]]
// ROUNDED-NOT: %[[O]]
// ROUNDED-NOT: %[[SUM]]
// ROUNDED: arith.divf
// ROUNDED: arith.truncf {{.*}} : f32 to bf16
// ROUNDED: memref.store {{.*}}, %[[R]][
// ROUNDED: gpu.barrier
// ROUNDED: vector.load %[[R]][{{.*}} vector<8xbf16>
// ROUNDED-NEXT: vector.store {{.*}}, %arg3[
// ROUNDED-NOT: %[[O]]
// ROUNDED: gpu.terminator
// STAGED-LABEL: func.func private @k_mreg_staged_gqa_bf16(
// STAGED: scf.for %{{.*}} = %c0 to %{{[0-9]+}} step %c1 iter_args(
// STAGED-NOT: barrier
// STAGED: vector.load %arg1[
// STAGED-NOT: barrier
// STAGED: vector.load %arg2[
// STAGED-NOT: barrier
// STAGED: amdgpu.mfma
// STAGED-NOT: barrier
// STAGED: arith.select
// STAGED-NEXT: vector.store {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
// STAGED-NEXT: arith.select
// STAGED-NEXT: vector.store
// STAGED-NEXT: arith.select
// STAGED-NEXT: vector.store
// STAGED-NEXT: arith.select
// STAGED-NEXT: vector.store
// STAGED-NEXT: amdgpu.lds_barrier
// STAGED-NEXT: scf.yield
// STAGED-NEXT: }
// STAGED-NEXT: gpu.barrier
// STAGED: scf.for %{{.*}} = %{{[0-9]+}} to %{{[0-9]+}} step %c1 iter_args(
// STAGED-NOT: barrier
// STAGED: vector.load %arg1[
// STAGED-NOT: barrier
// STAGED: vector.load %arg2[
// STAGED-NOT: barrier
// STAGED: amdgpu.mfma
// STAGED-NOT: barrier
// STAGED: vector.store {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
// STAGED-NOT: barrier
// STAGED: amdgpu.lds_barrier
// STAGED-NEXT: scf.yield
// STAGED-NEXT: }

module attributes {tessel.target = #tessel.target<"mi300x">} {
// grouped-query heads (2 per KV head), causal, lengths no tile divides; two strips a warp.
func.func @mreg_gqa_bf16(%q: tensor<1x4x77x64xbf16>, %k: tensor<1x2x90x64xbf16>, %v: tensor<1x2x90x64xbf16>) -> tensor<1x4x77x64xbf16> {
  %r = tessel.kernel @k_mreg_gqa_bf16(%q, %k, %v) : (tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16>) -> tensor<1x4x77x64xbf16>
      schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
  ^bb0(%a: tensor<1x4x77x64xbf16>, %b: tensor<1x2x90x64xbf16>, %c: tensor<1x2x90x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16> -> tensor<1x4x77x64xbf16>
    tessel.yield %0 : tensor<1x4x77x64xbf16>
  }
  return %r : tensor<1x4x77x64xbf16>
}

// head dim 80 (five 16-deep steps, ten value pieces), ViT's 197 tokens;
// the K and V copies pipelined in two stages.
func.func @mreg_dim80_f16(%q: tensor<1x2x197x80xf16>, %k: tensor<1x2x197x80xf16>, %v: tensor<1x2x197x80xf16>) -> tensor<1x2x197x80xf16> {
  %r = tessel.kernel @k_mreg_dim80_f16(%q, %k, %v) : (tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>) -> tensor<1x2x197x80xf16>
      schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mfma> {
  ^bb0(%a: tensor<1x2x197x80xf16>, %b: tensor<1x2x197x80xf16>, %c: tensor<1x2x197x80xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16>, tensor<1x2x197x80xf16> -> tensor<1x2x197x80xf16>
    tessel.yield %0 : tensor<1x2x197x80xf16>
  }
  return %r : tensor<1x2x197x80xf16>
}

// head dim 128, four query heads on one KV head, causal.
func.func @mreg_dim128_bf16(%q: tensor<1x4x100x128xbf16>, %k: tensor<1x1x100x128xbf16>, %v: tensor<1x1x100x128xbf16>) -> tensor<1x4x100x128xbf16> {
  %r = tessel.kernel @k_mreg_dim128_bf16(%q, %k, %v) : (tensor<1x4x100x128xbf16>, tensor<1x1x100x128xbf16>, tensor<1x1x100x128xbf16>) -> tensor<1x4x100x128xbf16>
      schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mfma> {
  ^bb0(%a: tensor<1x4x100x128xbf16>, %b: tensor<1x1x100x128xbf16>, %c: tensor<1x1x100x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x100x128xbf16>, tensor<1x1x100x128xbf16>, tensor<1x1x100x128xbf16> -> tensor<1x4x100x128xbf16>
    tessel.yield %0 : tensor<1x4x100x128xbf16>
  }
  return %r : tensor<1x4x100x128xbf16>
}

// head dim 256, one warp, a causal mask with more keys than queries.
func.func @mreg_dim256_f16(%q: tensor<1x1x33x256xf16>, %k: tensor<1x1x40x256xf16>, %v: tensor<1x1x40x256xf16>) -> tensor<1x1x33x256xf16> {
  %r = tessel.kernel @k_mreg_dim256_f16(%q, %k, %v) : (tensor<1x1x33x256xf16>, tensor<1x1x40x256xf16>, tensor<1x1x40x256xf16>) -> tensor<1x1x33x256xf16>
      schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
  ^bb0(%a: tensor<1x1x33x256xf16>, %b: tensor<1x1x40x256xf16>, %c: tensor<1x1x40x256xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x1x33x256xf16>, tensor<1x1x40x256xf16>, tensor<1x1x40x256xf16> -> tensor<1x1x33x256xf16>
    tessel.yield %0 : tensor<1x1x33x256xf16>
  }
  return %r : tensor<1x1x33x256xf16>
}

// a single query and key.
func.func @mreg_len1_bf16(%q: tensor<1x2x1x64xbf16>, %k: tensor<1x2x1x64xbf16>, %v: tensor<1x2x1x64xbf16>) -> tensor<1x2x1x64xbf16> {
  %r = tessel.kernel @k_mreg_len1_bf16(%q, %k, %v) : (tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16>) -> tensor<1x2x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
  ^bb0(%a: tensor<1x2x1x64xbf16>, %b: tensor<1x2x1x64xbf16>, %c: tensor<1x2x1x64xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16>, tensor<1x2x1x64xbf16> -> tensor<1x2x1x64xbf16>
    tessel.yield %0 : tensor<1x2x1x64xbf16>
  }
  return %r : tensor<1x2x1x64xbf16>
}

// a decode step: one query, 1000 keys, four heads a KV head; two stages.
func.func @mreg_decode_f16(%q: tensor<1x8x1x128xf16>, %k: tensor<1x2x1000x128xf16>, %v: tensor<1x2x1000x128xf16>) -> tensor<1x8x1x128xf16> {
  %r = tessel.kernel @k_mreg_decode_f16(%q, %k, %v) : (tensor<1x8x1x128xf16>, tensor<1x2x1000x128xf16>, tensor<1x2x1000x128xf16>) -> tensor<1x8x1x128xf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, mma = mfma> {
  ^bb0(%a: tensor<1x8x1x128xf16>, %b: tensor<1x2x1000x128xf16>, %c: tensor<1x2x1000x128xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x128xf16>, tensor<1x2x1000x128xf16>, tensor<1x2x1000x128xf16> -> tensor<1x8x1x128xf16>
    tessel.yield %0 : tensor<1x8x1x128xf16>
  }
  return %r : tensor<1x8x1x128xf16>
}

// a decode step split five ways in one kernel; three stages (each
// slice's last tile's copy ahead reads the next slice's keys, masked).
func.func @mreg_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_mreg_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, split_k = 5, mma = mfma> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}

// a causal prefill split two ways (two strips in one warp): early slices
// some rows see none of.
func.func @mreg_split_prefill_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x77x64xf16>, %v: tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_mreg_split_prefill_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, split_k = 2, mma = mfma> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x77x64xf16>, %c: tensor<1x1x77x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}

// 128 keys in two tiles of 64, no causal mask: no step masks a key, and
// the one key loop runs without the mask; two stages.
func.func @mreg_whole_tiles_bf16(%q: tensor<1x2x80x64xbf16>, %k: tensor<1x2x128x64xbf16>, %v: tensor<1x2x128x64xbf16>) -> tensor<1x2x80x64xbf16> {
  %r = tessel.kernel @k_mreg_whole_tiles_bf16(%q, %k, %v) : (tensor<1x2x80x64xbf16>, tensor<1x2x128x64xbf16>, tensor<1x2x128x64xbf16>) -> tensor<1x2x80x64xbf16>
      schedule = #tessel.schedule<block = [32, 64], warp = [16, 64], warps = 2, mma = mfma> {
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
func.func @mreg_window_gqa_bf16(%q: tensor<1x4x197x64xbf16>, %k: tensor<1x2x197x64xbf16>, %v: tensor<1x2x197x64xbf16>) -> tensor<1x4x197x64xbf16> {
  %r = tessel.kernel @k_mreg_window_gqa_bf16(%q, %k, %v) : (tensor<1x4x197x64xbf16>, tensor<1x2x197x64xbf16>, tensor<1x2x197x64xbf16>) -> tensor<1x4x197x64xbf16>
      schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
  ^bb0(%a: tensor<1x4x197x64xbf16>, %b: tensor<1x2x197x64xbf16>, %c: tensor<1x2x197x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 50 : tensor<1x4x197x64xbf16>, tensor<1x2x197x64xbf16>, tensor<1x2x197x64xbf16> -> tensor<1x4x197x64xbf16>
    tessel.yield %0 : tensor<1x4x197x64xbf16>
  }
  return %r : tensor<1x4x197x64xbf16>
}

// a window of 130 keys over 300: several unmasked tiles between the
// window's masked ones and the causal ones; three stages.
func.func @mreg_window_long_f16(%q: tensor<1x1x300x64xf16>, %k: tensor<1x1x300x64xf16>, %v: tensor<1x1x300x64xf16>) -> tensor<1x1x300x64xf16> {
  %r = tessel.kernel @k_mreg_window_long_f16(%q, %k, %v) : (tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>) -> tensor<1x1x300x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
  ^bb0(%a: tensor<1x1x300x64xf16>, %b: tensor<1x1x300x64xf16>, %c: tensor<1x1x300x64xf16>):
    %0 = tessel.attention %a, %b, %c scale = 0.2 causal window = 130 : tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16> -> tensor<1x1x300x64xf16>
    tessel.yield %0 : tensor<1x1x300x64xf16>
  }
  return %r : tensor<1x1x300x64xf16>
}

// a decode step's window of 300 of 1000 keys, split five ways in one kernel:
// the slices cut the window's keys alone (60 each, from key 700).
func.func @mreg_window_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_mreg_window_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, split_k = 5, mma = mfma> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 300 : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}

// a causal prefill with a window of 10, split two ways: rows that see none
// of a slice's keys on either side.
func.func @mreg_window_split_prefill_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x77x64xf16>, %v: tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_mreg_window_split_prefill_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, split_k = 2, mma = mfma> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x77x64xf16>, %c: tensor<1x1x77x64xf16>):
    %0 = tessel.attention %a, %b, %c causal window = 10 : tensor<1x2x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}

// With stages = 2 the next key tile's K and V wait in registers during a
// step (tessel-register-staged-copies), stored into the other LDS slot
// after the step's products: a grouped-query causal prefill (its two key
// loops), a sliding window, a split-KV decode.
func.func @mreg_staged_gqa_bf16(%q: tensor<1x4x77x64xbf16>, %k: tensor<1x2x90x64xbf16>, %v: tensor<1x2x90x64xbf16>) -> tensor<1x4x77x64xbf16> {
  %r = tessel.kernel @k_mreg_staged_gqa_bf16(%q, %k, %v) : (tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16>) -> tensor<1x4x77x64xbf16>
      schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x4x77x64xbf16>, %b: tensor<1x2x90x64xbf16>, %c: tensor<1x2x90x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16> -> tensor<1x4x77x64xbf16>
    tessel.yield %0 : tensor<1x4x77x64xbf16>
  }
  return %r : tensor<1x4x77x64xbf16>
}

func.func @mreg_staged_window_f16(%q: tensor<1x1x300x64xf16>, %k: tensor<1x1x300x64xf16>, %v: tensor<1x1x300x64xf16>) -> tensor<1x1x300x64xf16> {
  %r = tessel.kernel @k_mreg_staged_window_f16(%q, %k, %v) : (tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>) -> tensor<1x1x300x64xf16>
      schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x1x300x64xf16>, %b: tensor<1x1x300x64xf16>, %c: tensor<1x1x300x64xf16>):
    %0 = tessel.attention %a, %b, %c scale = 0.2 causal window = 130 : tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16>, tensor<1x1x300x64xf16> -> tensor<1x1x300x64xf16>
    tessel.yield %0 : tensor<1x1x300x64xf16>
  }
  return %r : tensor<1x1x300x64xf16>
}

func.func @mreg_staged_split_decode_bf16(%q: tensor<1x8x1x64xbf16>, %k: tensor<1x2x1000x64xbf16>, %v: tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16> {
  %r = tessel.kernel @k_mreg_staged_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16>) -> tensor<1x8x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, stages = 2, split_k = 5, mma = mfma> {
  ^bb0(%a: tensor<1x8x1x64xbf16>, %b: tensor<1x2x1000x64xbf16>, %c: tensor<1x2x1000x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    tessel.yield %0 : tensor<1x8x1x64xbf16>
  }
  return %r : tensor<1x8x1x64xbf16>
}
}
