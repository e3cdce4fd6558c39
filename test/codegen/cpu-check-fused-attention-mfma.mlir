// The fused attention kernel on AMD matrix cores (mma = mfma: S = q k^T and
// O += P v as 16x16x16 pieces, a 64-lane wavefront per 16-row strip of the
// query tile, P rounded to the input type) on the CPU path against the
// reference, with schedules written by hand so that every way of spreading
// wavefronts over the strips runs: one strip split four ways along the keys
// and the value columns, head dim 80 (five 16-column pieces: not split),
// two strips of a grouped-query causal prefill, a decode step on eight
// wavefronts, head dim 256 on one wavefront, a sliding window; lengths no
// tile divides, bf16 and f16. Compiled for mi300x (gfx942) and mi250x (gfx90a), each kernel's
// key loop issues v_mfma_f32_16x16x16.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=mi300x -o %t | FileCheck %s --check-prefix=GPU
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_mfma_split_f16_kernel.hsaco | FileCheck %s --check-prefix=GFX942-F16
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_mfma_strips_bf16_kernel.hsaco | FileCheck %s --check-prefix=GFX942
// RUN: llvm-readelf --notes %t/k_mfma_strips_bf16_kernel.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: sed s/mi300x/mi250x/ %s > %t.mi250x.mlir && tessel-compile %t.mi250x.mlir --target=mi250x -o %t/mi250x | FileCheck %s --check-prefix=GPU250
// RUN: llvm-objdump -d --mcpu=gfx90a %t/mi250x/k_mfma_dim80_bf16_kernel.hsaco | FileCheck %s --check-prefix=GFX90A
// RUN: sed s/mi300x/h100/ %s > %t.nv.mlir && not tessel-compile %t.nv.mlir --target=h100 -o %t/nv 2>&1 | FileCheck %s --check-prefix=NVIDIA

// CHECK: kernel @k_mfma_split_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_mfma_dim80_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_mfma_strips_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_mfma_decode_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_mfma_dim256_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_mfma_window_bf16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 6 GPU kernel(s) for mi300x
// GPU250: tessel-compile: 6 GPU kernel(s) for mi250x
// GFX942-F16: v_mfma_f32_16x16x16_f16
// GFX942: v_mfma_f32_16x16x16_bf16
// GFX90A: v_mfma_f32_16x16x16bf16_1k
// NOTES: .vgpr_spill_count: 0
// NVIDIA: error: {{.*}}cannot run on MFMA on h100 (sm_90a): it needs an AMD GPU of gfx90a or gfx94x (mma = mma_sync runs it on this GPU's tensor cores)

module attributes {tessel.target = #tessel.target<"mi300x">} {
// one strip split four ways along the keys and the value columns.
func.func @mfma_split_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x1x90x64xf16>, %v: tensor<1x1x90x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_mfma_split_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x1x90x64xf16>, tensor<1x1x90x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [16, 64], warps = 4, mma = mfma> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x1x90x64xf16>, %c: tensor<1x1x90x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x77x64xf16>, tensor<1x1x90x64xf16>, tensor<1x1x90x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}

// head dim 80: two strips, S split two ways, O's five pieces not split.
func.func @mfma_dim80_bf16(%q: tensor<1x2x77x80xbf16>, %k: tensor<1x2x77x80xbf16>, %v: tensor<1x2x77x80xbf16>) -> tensor<1x2x77x80xbf16> {
  %r = tessel.kernel @k_mfma_dim80_bf16(%q, %k, %v) : (tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16>) -> tensor<1x2x77x80xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, mma = mfma> {
  ^bb0(%a: tensor<1x2x77x80xbf16>, %b: tensor<1x2x77x80xbf16>, %c: tensor<1x2x77x80xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16>, tensor<1x2x77x80xbf16> -> tensor<1x2x77x80xbf16>
    tessel.yield %0 : tensor<1x2x77x80xbf16>
  }
  return %r : tensor<1x2x77x80xbf16>
}

// two strips of a grouped-query causal prefill, a wavefront each.
func.func @mfma_strips_bf16(%q: tensor<1x4x130x128xbf16>, %k: tensor<1x2x130x128xbf16>, %v: tensor<1x2x130x128xbf16>) -> tensor<1x4x130x128xbf16> {
  %r = tessel.kernel @k_mfma_strips_bf16(%q, %k, %v) : (tensor<1x4x130x128xbf16>, tensor<1x2x130x128xbf16>, tensor<1x2x130x128xbf16>) -> tensor<1x4x130x128xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 2, mma = mfma> {
  ^bb0(%a: tensor<1x4x130x128xbf16>, %b: tensor<1x2x130x128xbf16>, %c: tensor<1x2x130x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x130x128xbf16>, tensor<1x2x130x128xbf16>, tensor<1x2x130x128xbf16> -> tensor<1x4x130x128xbf16>
    tessel.yield %0 : tensor<1x4x130x128xbf16>
  }
  return %r : tensor<1x4x130x128xbf16>
}

// a decode step: eight wavefronts on one strip.
func.func @mfma_decode_f16(%q: tensor<1x4x1x64xf16>, %k: tensor<1x1x4096x64xf16>, %v: tensor<1x1x4096x64xf16>) -> tensor<1x4x1x64xf16> {
  %r = tessel.kernel @k_mfma_decode_f16(%q, %k, %v) : (tensor<1x4x1x64xf16>, tensor<1x1x4096x64xf16>, tensor<1x1x4096x64xf16>) -> tensor<1x4x1x64xf16>
      schedule = #tessel.schedule<block = [16, 64], warps = 8, mma = mfma> {
  ^bb0(%a: tensor<1x4x1x64xf16>, %b: tensor<1x1x4096x64xf16>, %c: tensor<1x1x4096x64xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x1x64xf16>, tensor<1x1x4096x64xf16>, tensor<1x1x4096x64xf16> -> tensor<1x4x1x64xf16>
    tessel.yield %0 : tensor<1x4x1x64xf16>
  }
  return %r : tensor<1x4x1x64xf16>
}

// head dim 256 on one wavefront.
func.func @mfma_dim256_bf16(%q: tensor<1x1x40x256xbf16>, %k: tensor<1x1x40x256xbf16>, %v: tensor<1x1x40x256xbf16>) -> tensor<1x1x40x256xbf16> {
  %r = tessel.kernel @k_mfma_dim256_bf16(%q, %k, %v) : (tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16>) -> tensor<1x1x40x256xbf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 1, mma = mfma> {
  ^bb0(%a: tensor<1x1x40x256xbf16>, %b: tensor<1x1x40x256xbf16>, %c: tensor<1x1x40x256xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16>, tensor<1x1x40x256xbf16> -> tensor<1x1x40x256xbf16>
    tessel.yield %0 : tensor<1x1x40x256xbf16>
  }
  return %r : tensor<1x1x40x256xbf16>
}

// a sliding window of 25 keys on a grouped-query causal prefill.
func.func @mfma_window_bf16(%q: tensor<1x2x90x64xbf16>, %k: tensor<1x1x90x64xbf16>, %v: tensor<1x1x90x64xbf16>) -> tensor<1x2x90x64xbf16> {
  %r = tessel.kernel @k_mfma_window_bf16(%q, %k, %v) : (tensor<1x2x90x64xbf16>, tensor<1x1x90x64xbf16>, tensor<1x1x90x64xbf16>) -> tensor<1x2x90x64xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, mma = mfma> {
  ^bb0(%a: tensor<1x2x90x64xbf16>, %b: tensor<1x1x90x64xbf16>, %c: tensor<1x1x90x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal window = 25 : tensor<1x2x90x64xbf16>, tensor<1x1x90x64xbf16>, tensor<1x1x90x64xbf16> -> tensor<1x2x90x64xbf16>
    tessel.yield %0 : tensor<1x2x90x64xbf16>
  }
  return %r : tensor<1x2x90x64xbf16>
}
}
