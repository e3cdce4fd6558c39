// Split-K on warpgroup MMA (sm_90a): the partial kernel's blocks read their
// operands in place, through the split's views of them (A [M, K] as [S, M,
// K / S], B [K, N] as [S, K / S, N]; tessel-tile-and-fuse's
// readSplitViewsInPlace), so TMA loads each K step's tiles from the
// kernel's arguments at the slice's offset along K, and wgmma steps them.
// Checked on the CPU (the same tiled IR) against the reference of the ops
// before the split: bf16 on rows the tiles do not divide (200, sum kernel
// apart); f16 nn.Linear (B [N, K], read K-major) with a relu epilogue, N =
// 200 beyond the tiles, in 4 slices; bf16 on three warpgroups (192 rows)
// over 257 rows, its sum in the partial kernel with a bias and a GELU
// after it. (A transpose_lhs A is not read in
// place: its partial stays on mma.sync.) Then compiled for the H100, where each partial kernel loads its
// tiles with cp.async.bulk.tensor and steps them with wgmma.mma_async, with
// a tensor map over each 2-D argument; ptxas takes them with no spills.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=H100
// RUN: FileCheck %s --check-prefix=PTX < %t/k_rows_partial_kernel.ptx
// RUN: FileCheck %s --check-prefix=MAPS < %t/manifest.json
// RUN: %if tessel-ptxas %{ %ptxas -arch=sm_90a -v %t/k_rows_partial_kernel.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPILLS %}
// RUN: FileCheck %s --check-prefix=INKERNEL < %t/k_rows_inkernel_split_kernel.ptx
// RUN: %if tessel-ptxas %{ %ptxas -arch=sm_90a -v %t/k_rows_inkernel_split_kernel.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPILLS %}

// CHECK-NOT: MISMATCH
// CHECK: kernel @k_rows_partial
// CHECK-NEXT: result #0 2x200x192xf32
// CHECK-LABEL: kernel @k_rows_inkernel_split
// CHECK-NEXT: result #0 257x200xbf16 {{.*}} ok
// CHECK: all outputs match the reference

// H100: tessel-compile:
// H100-DAG: k_rows_partial_kernel {{.*}}grid 3x4x2
// H100-DAG: k_rows_sum_kernel
// H100-DAG: k_linear_f16_
// H100-DAG: k_rows_inkernel_split_kernel {{.*}}grid 2x2x2 {{.*}}block 384x1x1
// PTX: cp.async.bulk.tensor.2d
// PTX: wgmma.mma_async
// MAPS: "tensor_map"
// The 192-row split: three warpgroups' m64n128k16 steps on both slices'
// tiles, then the arrival (an atomic add between two fences) before the
// last block's sum.
// INKERNEL: .maxntid 384, 1, 1
// INKERNEL-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// INKERNEL: fence.acq_rel.gpu
// INKERNEL: atom.global.add.f32
// INKERNEL-NEXT: fence.acq_rel.gpu
// SPILLS: 0 bytes spill stores, 0 bytes spill loads

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @rows(%x: tensor<200x1024xbf16>, %w: tensor<1024x192xbf16>) -> tensor<200x192xbf16> {
    %r = tessel.kernel @k_rows(%x, %w) : (tensor<200x1024xbf16>, tensor<1024x192xbf16>) -> tensor<200x192xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [8, 4, 64], warps = 4, stages = 3, split_k = 2, vector = 4, mma = wgmma>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%a: tensor<200x1024xbf16>, %c: tensor<1024x192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<200x1024xbf16>, tensor<1024x192xbf16> -> tensor<200x192xbf16>
      tessel.yield %0 : tensor<200x192xbf16>
    }
    return %r : tensor<200x192xbf16>
  }
  func.func @linear_f16(%x: tensor<130x2048xf16>, %w: tensor<200x2048xf16>) -> tensor<130x200xf16> {
    %r = tessel.kernel @k_linear_f16(%x, %w) : (tensor<130x2048xf16>, tensor<200x2048xf16>) -> tensor<130x200xf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 4, split_k = 4, mma = wgmma> {
    ^bb0(%a: tensor<130x2048xf16>, %c: tensor<200x2048xf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<130x2048xf16>, tensor<200x2048xf16> -> tensor<130x200xf16>
      %1 = tessel.relu %0 : tensor<130x200xf16>
      tessel.yield %1 : tensor<130x200xf16>
    }
    return %r : tensor<130x200xf16>
  }

  // Three warpgroups (192 rows) over ViT's 257, the second block shifted
  // back, K = 512 in two slices, N = 200 beyond the tiles, the sum in the
  // partial kernel (its last block for each tile adds both slices, then the
  // bias and the GELU): the form bench/workloads/split-k-variants.mlir
  // times on ViT's 257 x 4096 x 4096.
  func.func @rows_inkernel(%x: tensor<257x512xbf16>, %w: tensor<512x200xbf16>, %bias: tensor<200xbf16>) -> tensor<257x200xbf16> {
    %r = tessel.kernel @k_rows_inkernel(%x, %w, %bias) : (tensor<257x512xbf16>, tensor<512x200xbf16>, tensor<200xbf16>) -> tensor<257x200xbf16>
        schedule = #tessel.schedule<block = [192, 128, 64], warps = 12, stages = 3, split_k = 2, mma = wgmma>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [192, 128], warps = 12, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%a: tensor<257x512xbf16>, %c: tensor<512x200xbf16>, %d: tensor<200xbf16>):
      %0 = tessel.matmul %a, %c : tensor<257x512xbf16>, tensor<512x200xbf16> -> tensor<257x200xbf16>
      %1 = tessel.add %0, %d : tensor<257x200xbf16>, tensor<200xbf16> -> tensor<257x200xbf16>
      %2 = tessel.gelu tanh %1 : tensor<257x200xbf16>
      tessel.yield %2 : tensor<257x200xbf16>
    }
    return %r : tensor<257x200xbf16>
  }
}
