// The fused attention reading its query, key and value through views that
// swap heads and tokens, and writing its result through one: a
// tessel.transpose [0, 2, 1, 3] of a kernel argument feeding the attention,
// or of its result yielded, is read or written in place ([B, S, H, D], a
// linear layer's output split into heads, as FlashAttention takes it): no
// kernel moves the tensor to [B, H, S, D] and back
// (tiling::AttentionViews). On the CPU path against the reference, on
// SIMT lanes and mma.sync (through shared memory and register-resident),
// grouped-query heads, causal, lengths no tile divides, a split-KV decode
// step (tessel-run splits it as tessel-split-reduction does: the views go
// with the split), f32, bf16 and f16; compiled for h100 and a100 (ptxas
// accepts each with no spills). cpu-check-fused-attention-views-wgmma.mlir
// and -mfma.mlir: the same on wgmma (TMA) and MFMA.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t/h100 | FileCheck %s --check-prefix=H100
// RUN: tessel-compile %s --target=a100 -o %t/a100 | FileCheck %s --check-prefix=A100
// RUN: %if tessel-ptxas %{ for f in %t/h100/*.ptx; do %ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 || exit 1; done | FileCheck %s --check-prefix=SPILLS %}
// RUN: %if tessel-ptxas %{ for f in %t/a100/*.ptx; do %ptxas -arch=sm_80 -v $f -o /dev/null 2>&1 || exit 1; done | FileCheck %s --check-prefix=SPILLS %}
// The kernels take the buffers as they are: [B, S, H, D] where read or
// written through a view.
// RUN: FileCheck %s --check-prefix=PARAMS < %t/h100/kernels.h

// CHECK: kernel @k_views_simt_f32
// CHECK-NEXT: ok
// CHECK: kernel @k_views_mma_gqa_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_views_mma_out_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_views_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// H100: tessel-compile: 4 GPU kernel(s) for h100
// A100: tessel-compile: 4 GPU kernel(s) for a100
// PARAMS: k_views_simt_f32_kernel {{.*}} parameters: input#0<1x33x2x32xf32> input#1<1x40x2x32xf32> input#2<1x40x2x32xf32> output#0<1x33x2x32xf32>
// PARAMS: k_views_mma_gqa_bf16_kernel {{.*}} parameters: input#0<1x77x4x64xbf16> input#1<1x90x2x64xbf16> input#2<1x90x2x64xbf16> output#0<1x77x4x64xbf16>
// PARAMS: k_views_mma_out_f16_kernel {{.*}} parameters: output#0<2x100x2x80xf16> input#0<2x2x100x80xf16> input#1<2x2x100x80xf16> input#2<2x2x100x80xf16>
// PARAMS: k_views_split_decode_bf16_split_kernel {{.*}} parameters: input#0<1x1x8x64xbf16> input#1<1x1000x2x64xbf16> input#2<1x1000x2x64xbf16> output#0<1x1x8x64xbf16>
// SPILLS-NOT: spill
// SPILLS-COUNT-4: 0 bytes spill stores, 0 bytes spill loads
// SPILLS-NOT: spill

// SIMT lanes, f32, every operand and the result through views.
func.func @views_simt_f32(%q: tensor<1x33x2x32xf32>, %k: tensor<1x40x2x32xf32>, %v: tensor<1x40x2x32xf32>) -> tensor<1x33x2x32xf32> {
  %r = tessel.kernel @k_views_simt_f32(%q, %k, %v) : (tensor<1x33x2x32xf32>, tensor<1x40x2x32xf32>, tensor<1x40x2x32xf32>) -> tensor<1x33x2x32xf32>
      schedule = #tessel.schedule<block = [16, 32], warps = 2> {
  ^bb0(%a: tensor<1x33x2x32xf32>, %b: tensor<1x40x2x32xf32>, %c: tensor<1x40x2x32xf32>):
    %qt = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x33x2x32xf32> -> tensor<1x2x33x32xf32>
    %kt = tessel.transpose %b permutation = [0, 2, 1, 3] : tensor<1x40x2x32xf32> -> tensor<1x2x40x32xf32>
    %vt = tessel.transpose %c permutation = [0, 2, 1, 3] : tensor<1x40x2x32xf32> -> tensor<1x2x40x32xf32>
    %0 = tessel.attention %qt, %kt, %vt : tensor<1x2x33x32xf32>, tensor<1x2x40x32xf32>, tensor<1x2x40x32xf32> -> tensor<1x2x33x32xf32>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<1x2x33x32xf32> -> tensor<1x33x2x32xf32>
    tessel.yield %1 : tensor<1x33x2x32xf32>
  }
  return %r : tensor<1x33x2x32xf32>
}

// mma.sync, register-resident and pipelined, grouped-query heads, causal.
func.func @views_mma_gqa_bf16(%q: tensor<1x77x4x64xbf16>, %k: tensor<1x90x2x64xbf16>, %v: tensor<1x90x2x64xbf16>) -> tensor<1x77x4x64xbf16> {
  %r = tessel.kernel @k_views_mma_gqa_bf16(%q, %k, %v) : (tensor<1x77x4x64xbf16>, tensor<1x90x2x64xbf16>, tensor<1x90x2x64xbf16>) -> tensor<1x77x4x64xbf16>
      schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = mma_sync> {
  ^bb0(%a: tensor<1x77x4x64xbf16>, %b: tensor<1x90x2x64xbf16>, %c: tensor<1x90x2x64xbf16>):
    %qt = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x77x4x64xbf16> -> tensor<1x4x77x64xbf16>
    %kt = tessel.transpose %b permutation = [0, 2, 1, 3] : tensor<1x90x2x64xbf16> -> tensor<1x2x90x64xbf16>
    %vt = tessel.transpose %c permutation = [0, 2, 1, 3] : tensor<1x90x2x64xbf16> -> tensor<1x2x90x64xbf16>
    %0 = tessel.attention %qt, %kt, %vt causal : tensor<1x4x77x64xbf16>, tensor<1x2x90x64xbf16>, tensor<1x2x90x64xbf16> -> tensor<1x4x77x64xbf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<1x4x77x64xbf16> -> tensor<1x77x4x64xbf16>
    tessel.yield %1 : tensor<1x77x4x64xbf16>
  }
  return %r : tensor<1x77x4x64xbf16>
}

// mma.sync through shared memory, head dim 80, two batches: the result alone
// through a view.
func.func @views_mma_out_f16(%q: tensor<2x2x100x80xf16>, %k: tensor<2x2x100x80xf16>, %v: tensor<2x2x100x80xf16>) -> tensor<2x100x2x80xf16> {
  %r = tessel.kernel @k_views_mma_out_f16(%q, %k, %v) : (tensor<2x2x100x80xf16>, tensor<2x2x100x80xf16>, tensor<2x2x100x80xf16>) -> tensor<2x100x2x80xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, mma = mma_sync> {
  ^bb0(%a: tensor<2x2x100x80xf16>, %b: tensor<2x2x100x80xf16>, %c: tensor<2x2x100x80xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<2x2x100x80xf16>, tensor<2x2x100x80xf16>, tensor<2x2x100x80xf16> -> tensor<2x2x100x80xf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x2x100x80xf16> -> tensor<2x100x2x80xf16>
    tessel.yield %1 : tensor<2x100x2x80xf16>
  }
  return %r : tensor<2x100x2x80xf16>
}

// split-KV as one kernel, a decode step over 1000 keys (tessel-run splits
// it: k_views_split_decode_bf16_split).
func.func @views_split_decode_bf16(%q: tensor<1x1x8x64xbf16>, %k: tensor<1x1000x2x64xbf16>, %v: tensor<1x1000x2x64xbf16>) -> tensor<1x1x8x64xbf16> {
  %r = tessel.kernel @k_views_split_decode_bf16(%q, %k, %v) : (tensor<1x1x8x64xbf16>, tensor<1x1000x2x64xbf16>, tensor<1x1000x2x64xbf16>) -> tensor<1x1x8x64xbf16>
      schedule = #tessel.schedule<block = [16, 64], warps = 2, split_k = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x1x8x64xbf16>, %b: tensor<1x1000x2x64xbf16>, %c: tensor<1x1000x2x64xbf16>):
    %qt = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x1x8x64xbf16> -> tensor<1x8x1x64xbf16>
    %kt = tessel.transpose %b permutation = [0, 2, 1, 3] : tensor<1x1000x2x64xbf16> -> tensor<1x2x1000x64xbf16>
    %vt = tessel.transpose %c permutation = [0, 2, 1, 3] : tensor<1x1000x2x64xbf16> -> tensor<1x2x1000x64xbf16>
    %0 = tessel.attention %qt, %kt, %vt : tensor<1x8x1x64xbf16>, tensor<1x2x1000x64xbf16>, tensor<1x2x1000x64xbf16> -> tensor<1x8x1x64xbf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<1x8x1x64xbf16> -> tensor<1x1x8x64xbf16>
    tessel.yield %1 : tensor<1x1x8x64xbf16>
  }
  return %r : tensor<1x1x8x64xbf16>
}
