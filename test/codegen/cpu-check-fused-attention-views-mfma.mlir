// The register-resident fused attention on MFMA (AMD) reading its query,
// key and value through views that swap heads and tokens and writing its
// result through one (cpu-check-fused-attention-views.mlir has the
// NVIDIA forms): on the CPU path against the reference, then compiled for
// mi300x (gfx942) and mi250x (gfx90a).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=mi300x -o %t | FileCheck %s --check-prefix=GPU
// RUN: sed s/mi300x/mi250x/ %s > %t.mi250x.mlir && tessel-compile %t.mi250x.mlir --target=mi250x -o %t/mi250x | FileCheck %s --check-prefix=GPU250
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_views_mfma_f16_kernel.hsaco | FileCheck %s --check-prefix=GFX942

// CHECK: kernel @k_views_mfma_f16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// GPU: tessel-compile: 1 GPU kernel(s) for mi300x
// GPU250: tessel-compile: 1 GPU kernel(s) for mi250x
// GFX942: v_mfma_f32_16x16x16_f16

module attributes {tessel.target = #tessel.target<"mi300x">} {
  // MFMA, register-resident, four query heads on one key/value head.
  func.func @views_mfma_f16(%q: tensor<1x77x4x64xf16>, %k: tensor<1x77x1x64xf16>, %v: tensor<1x77x1x64xf16>) -> tensor<1x77x4x64xf16> {
    %r = tessel.kernel @k_views_mfma_f16(%q, %k, %v) : (tensor<1x77x4x64xf16>, tensor<1x77x1x64xf16>, tensor<1x77x1x64xf16>) -> tensor<1x77x4x64xf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x77x4x64xf16>, %b: tensor<1x77x1x64xf16>, %c: tensor<1x77x1x64xf16>):
      %qt = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x77x4x64xf16> -> tensor<1x4x77x64xf16>
      %kt = tessel.transpose %b permutation = [0, 2, 1, 3] : tensor<1x77x1x64xf16> -> tensor<1x1x77x64xf16>
      %vt = tessel.transpose %c permutation = [0, 2, 1, 3] : tensor<1x77x1x64xf16> -> tensor<1x1x77x64xf16>
      %0 = tessel.attention %qt, %kt, %vt : tensor<1x4x77x64xf16>, tensor<1x1x77x64xf16>, tensor<1x1x77x64xf16> -> tensor<1x4x77x64xf16>
      %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<1x4x77x64xf16> -> tensor<1x77x4x64xf16>
      tessel.yield %1 : tensor<1x77x4x64xf16>
    }
    return %r : tensor<1x77x4x64xf16>
  }
}
