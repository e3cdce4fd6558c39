// The register-resident fused attention on wgmma (sm_90a) reading its query
// and value through views that swap heads and tokens and writing its
// result through one (cpu-check-fused-attention-views.mlir has the rest):
// on the CPU path against the reference, then compiled for h100, where
// tessel-warpgroup-pipeline loads the key and value tiles by TMA: the
// value's tensor map is over its buffer as it is, [1, 197, 1, 128], a box
// of [1, 64, 1, 64] (64 keys of one head, 64 columns), the key's over
// [1, 1, 197, 128] with a box of [1, 1, 64, 64]; ptxas accepts it with no
// spills.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=H100
// RUN: FileCheck %s --check-prefix=MAPS < %t/manifest.json
// RUN: FileCheck %s --check-prefix=PTX < %t/k_views_wgmma_bf16_kernel.ptx
// RUN: %if tessel-ptxas %{ %ptxas -arch=sm_90a -v %t/k_views_wgmma_bf16_kernel.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPILLS %}

// CHECK: kernel @k_views_wgmma_bf16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// H100: tessel-compile: 1 GPU kernel(s) for h100
// MAPS:      "params": [
// MAPS:      "shape": [
// MAPS-NEXT:   1,
// MAPS-NEXT:   1,
// MAPS-NEXT:   197,
// MAPS-NEXT:   128
// MAPS-NEXT: ],
// MAPS-NEXT: "tensor_map": {
// MAPS-NEXT:   "box": [
// MAPS-NEXT:     1,
// MAPS-NEXT:     1,
// MAPS-NEXT:     64,
// MAPS-NEXT:     64
// MAPS:      "shape": [
// MAPS-NEXT:   1,
// MAPS-NEXT:   197,
// MAPS-NEXT:   1,
// MAPS-NEXT:   128
// MAPS-NEXT: ],
// MAPS-NEXT: "tensor_map": {
// MAPS-NEXT:   "box": [
// MAPS-NEXT:     1,
// MAPS-NEXT:     64,
// MAPS-NEXT:     1,
// MAPS-NEXT:     64
// PTX: cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX-NOT: cp.async.cg
// PTX: wgmma.mma_async
// SPILLS: 0 bytes spill stores, 0 bytes spill loads

module attributes {tessel.target = #tessel.target<"h100">} {
  // wgmma, causal, 197 tokens, head dim 128: the keys as they are, the rest
  // through views.
  func.func @views_wgmma_bf16(%q: tensor<1x197x2x128xbf16>, %k: tensor<1x1x197x128xbf16>, %v: tensor<1x197x1x128xbf16>) -> tensor<1x197x2x128xbf16> {
    %r = tessel.kernel @k_views_wgmma_bf16(%q, %k, %v) : (tensor<1x197x2x128xbf16>, tensor<1x1x197x128xbf16>, tensor<1x197x1x128xbf16>) -> tensor<1x197x2x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x197x2x128xbf16>, %b: tensor<1x1x197x128xbf16>, %c: tensor<1x197x1x128xbf16>):
      %qt = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x197x2x128xbf16> -> tensor<1x2x197x128xbf16>
      %vt = tessel.transpose %c permutation = [0, 2, 1, 3] : tensor<1x197x1x128xbf16> -> tensor<1x1x197x128xbf16>
      %0 = tessel.attention %qt, %b, %vt causal : tensor<1x2x197x128xbf16>, tensor<1x1x197x128xbf16>, tensor<1x1x197x128xbf16> -> tensor<1x2x197x128xbf16>
      %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<1x2x197x128xbf16> -> tensor<1x197x2x128xbf16>
      tessel.yield %1 : tensor<1x197x2x128xbf16>
    }
    return %r : tensor<1x197x2x128xbf16>
  }
}
