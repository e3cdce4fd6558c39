// The fused attention on AMD matrix cores with its K and V copies staged
// in registers (mma = mfma, stages = 2: each key step copies the next
// step's tiles into the other of two LDS slots while it reads its own;
// tessel-register-staged-copies keeps those loads in registers across the
// step's products and stores them after) on the CPU path against the
// reference: a grouped-query causal prefill and a sliding window whose
// lengths no tile divides, a decode step whole and split (split-KV: 1000
// keys in 3 slices, each the tiles do not divide), head dims 64, 80, 128 and 256,
// bf16 and f16. Compiled for mi300x (gfx942) and mi250x (gfx90a) with no
// spills.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=mi300x -o %t | FileCheck %s --check-prefix=GPU
// RUN: llvm-readelf --notes %t/k_staged_prefill_bf16_kernel.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-readelf --notes %t/k_staged_dim256_bf16_kernel.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_staged_decode_f16_kernel.hsaco | FileCheck %s --check-prefix=GFX942
// RUN: sed s/mi300x/mi250x/ %s > %t.mi250x.mlir && tessel-compile %t.mi250x.mlir --target=mi250x -o %t/mi250x | FileCheck %s --check-prefix=GPU250
// RUN: llvm-readelf --notes %t/mi250x/k_staged_window_bf16_kernel.hsaco | FileCheck %s --check-prefix=NOTES

// CHECK: kernel @k_staged_prefill_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_staged_dim80_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_staged_decode_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_staged_dim256_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_staged_window_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_staged_split_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 6 GPU kernel(s) for mi300x
// GPU250: tessel-compile: 6 GPU kernel(s) for mi250x
// NOTES: .vgpr_spill_count: 0
// GFX942: v_mfma_f32_16x16x16_f16

module attributes {tessel.target = #tessel.target<"mi300x">} {
// two strips of a grouped-query causal prefill, 130 keys in tiles of 16.
func.func @staged_prefill_bf16(%q: tensor<1x4x130x128xbf16>, %k: tensor<1x2x130x128xbf16>, %v: tensor<1x2x130x128xbf16>) -> tensor<1x4x130x128xbf16> {
  %r = tessel.kernel @k_staged_prefill_bf16(%q, %k, %v) : (tensor<1x4x130x128xbf16>, tensor<1x2x130x128xbf16>, tensor<1x2x130x128xbf16>) -> tensor<1x4x130x128xbf16>
      schedule = #tessel.schedule<block = [32, 16], warps = 2, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x4x130x128xbf16>, %b: tensor<1x2x130x128xbf16>, %c: tensor<1x2x130x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x130x128xbf16>, tensor<1x2x130x128xbf16>, tensor<1x2x130x128xbf16> -> tensor<1x4x130x128xbf16>
    tessel.yield %0 : tensor<1x4x130x128xbf16>
  }
  return %r : tensor<1x4x130x128xbf16>
}

// head dim 80, 77 tokens, no mask but the end's.
func.func @staged_dim80_f16(%q: tensor<1x2x77x80xf16>, %k: tensor<1x2x77x80xf16>, %v: tensor<1x2x77x80xf16>) -> tensor<1x2x77x80xf16> {
  %r = tessel.kernel @k_staged_dim80_f16(%q, %k, %v) : (tensor<1x2x77x80xf16>, tensor<1x2x77x80xf16>, tensor<1x2x77x80xf16>) -> tensor<1x2x77x80xf16>
      schedule = #tessel.schedule<block = [32, 16], warps = 4, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x2x77x80xf16>, %b: tensor<1x2x77x80xf16>, %c: tensor<1x2x77x80xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x77x80xf16>, tensor<1x2x77x80xf16>, tensor<1x2x77x80xf16> -> tensor<1x2x77x80xf16>
    tessel.yield %0 : tensor<1x2x77x80xf16>
  }
  return %r : tensor<1x2x77x80xf16>
}

// a decode step against 1000 keys (tiles of 64: the last one partial).
func.func @staged_decode_f16(%q: tensor<1x4x1x64xf16>, %k: tensor<1x1x1000x64xf16>, %v: tensor<1x1x1000x64xf16>) -> tensor<1x4x1x64xf16> {
  %r = tessel.kernel @k_staged_decode_f16(%q, %k, %v) : (tensor<1x4x1x64xf16>, tensor<1x1x1000x64xf16>, tensor<1x1x1000x64xf16>) -> tensor<1x4x1x64xf16>
      schedule = #tessel.schedule<block = [16, 64], warps = 4, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x4x1x64xf16>, %b: tensor<1x1x1000x64xf16>, %c: tensor<1x1x1000x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x1x64xf16>, tensor<1x1x1000x64xf16>, tensor<1x1x1000x64xf16> -> tensor<1x4x1x64xf16>
    tessel.yield %0 : tensor<1x4x1x64xf16>
  }
  return %r : tensor<1x4x1x64xf16>
}

// head dim 256 on one wavefront.
func.func @staged_dim256_bf16(%q: tensor<1x1x40x256xbf16>, %k: tensor<1x1x40x256xbf16>, %v: tensor<1x1x40x256xbf16>) -> tensor<1x1x40x256xbf16> {
  %r = tessel.kernel @k_staged_dim256_bf16(%q, %k, %v) : (tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16>) -> tensor<1x1x40x256xbf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 1, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x1x40x256xbf16>, %b: tensor<1x1x40x256xbf16>, %c: tensor<1x1x40x256xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16> -> tensor<1x1x40x256xbf16>
    tessel.yield %0 : tensor<1x1x40x256xbf16>
  }
  return %r : tensor<1x1x40x256xbf16>
}

// a sliding window of 25 keys on a grouped-query causal prefill.
func.func @staged_window_bf16(%q: tensor<1x2x90x64xbf16>, %k: tensor<1x1x90x64xbf16>, %v: tensor<1x1x90x64xbf16>) -> tensor<1x2x90x64xbf16> {
  %r = tessel.kernel @k_staged_window_bf16(%q, %k, %v) : (tensor<1x2x90x64xbf16>, tensor<1x1x90x64xbf16>, tensor<1x1x90x64xbf16>) -> tensor<1x2x90x64xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, stages = 2, mma = mfma> {
  ^bb0(%a: tensor<1x2x90x64xbf16>, %b: tensor<1x1x90x64xbf16>, %c: tensor<1x1x90x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 25 : tensor<1x2x90x64xbf16>, tensor<1x1x90x64xbf16>, tensor<1x1x90x64xbf16> -> tensor<1x2x90x64xbf16>
    tessel.yield %0 : tensor<1x2x90x64xbf16>
  }
  return %r : tensor<1x2x90x64xbf16>
}

// split-KV: a decode step's 1000 keys in 3 slices of 334 (tiles of 32).
func.func @staged_split_bf16(%q: tensor<1x4x1x128xbf16>, %k: tensor<1x1x1000x128xbf16>, %v: tensor<1x1x1000x128xbf16>) -> tensor<1x4x1x128xbf16> {
  %r = tessel.kernel @k_staged_split_bf16(%q, %k, %v) : (tensor<1x4x1x128xbf16>, tensor<1x1x1000x128xbf16>, tensor<1x1x1000x128xbf16>) -> tensor<1x4x1x128xbf16>
      schedule = #tessel.schedule<block = [16, 32], warps = 4, stages = 2, split_k = 3, mma = mfma> {
  ^bb0(%a: tensor<1x4x1x128xbf16>, %b: tensor<1x1x1000x128xbf16>, %c: tensor<1x1x1000x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x1x128xbf16>, tensor<1x1x1000x128xbf16>, tensor<1x1x1000x128xbf16> -> tensor<1x4x1x128xbf16>
    tessel.yield %0 : tensor<1x4x1x128xbf16>
  }
  return %r : tensor<1x4x1x128xbf16>
}
}
