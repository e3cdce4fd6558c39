// tessel-split-reduction emits a split_k = S schedule as two kernels: the
// partial kernel (S partial products over K / S slices into f32 [S, M, N],
// a batch_matmul over views of A and B) and the sum kernel (the partials
// added, cast back, then the epilogue). The partial takes the schedule with
// a leading tile of 1; the sum kernel is left to tessel-select-schedules.
// RUN: tessel-opt %s --tessel-split-reduction | FileCheck %s
// Twice: nothing is left to split.
// RUN: tessel-opt %s --tessel-split-reduction --tessel-split-reduction | FileCheck %s
// The pipelines choose the sum kernels' schedules (the second selection).
// RUN: tessel-opt %s --tessel-split-reduction --tessel-select-schedules | FileCheck %s --check-prefix=SELECT

module attributes {tessel.target = #tessel.target<"h100">} {
  // CHECK-LABEL: func.func @bias_gelu
  // CHECK-SAME: (%[[X:.*]]: tensor<64x1024xbf16>, %[[W:.*]]: tensor<1024x96xbf16>, %[[B:.*]]: tensor<96xbf16>)
  // CHECK: %[[P:.*]] = tessel.kernel @k_partial(%[[X]], %[[W]]) : (tensor<64x1024xbf16>, tensor<1024x96xbf16>) -> tensor<4x64x96xf32>
  // CHECK-SAME: schedule = #tessel.schedule<block = [1, 32, 32, 64], warp = [1, 16, 16, 64], warps = 4, stages = 1, split_k = 1, vector = 1, mma = mma_sync>
  // CHECK: ^bb0(%[[A:.*]]: tensor<64x1024xbf16>, %[[C:.*]]: tensor<1024x96xbf16>):
  // CHECK: %[[A3:.*]] = tessel.reshape %[[A]] : tensor<64x1024xbf16> -> tensor<64x4x256xbf16>
  // CHECK: %[[AT:.*]] = tessel.transpose %[[A3]] permutation = [1, 0, 2] : tensor<64x4x256xbf16> -> tensor<4x64x256xbf16>
  // CHECK: %[[C3:.*]] = tessel.reshape %[[C]] : tensor<1024x96xbf16> -> tensor<4x256x96xbf16>
  // CHECK: %[[S:.*]] = tessel.batch_matmul %[[AT]], %[[C3]] : tensor<4x64x256xbf16>, tensor<4x256x96xbf16> -> tensor<4x64x96xf32>
  // CHECK: tessel.yield %[[S]]
  // CHECK: %[[R:.*]] = tessel.kernel @k_sum(%[[P]], %[[B]]) : (tensor<4x64x96xf32>, tensor<96xbf16>) -> tensor<64x96xbf16> {
  // CHECK: tessel.reduce sum %{{.*}} dims = [0] : tensor<4x64x96xf32> -> tensor<64x96xf32>
  // CHECK: tessel.cast %{{.*}} : tensor<64x96xf32> to tensor<64x96xbf16>
  // CHECK: tessel.add
  // CHECK: tessel.gelu
  // CHECK: return %[[R]]
  // SELECT-LABEL: func.func @bias_gelu
  // SELECT: tessel.kernel @k_partial({{.*}}schedule = #tessel.schedule<block = [1, 32, 32, 64]
  // SELECT: tessel.kernel @k_sum({{.*}}schedule = #tessel.schedule<
  func.func @bias_gelu(%x: tensor<64x1024xbf16>, %w: tensor<1024x96xbf16>, %b: tensor<96xbf16>) -> tensor<64x96xbf16> {
    %r = tessel.kernel @k(%x, %w, %b) : (tensor<64x1024xbf16>, tensor<1024x96xbf16>, tensor<96xbf16>) -> tensor<64x96xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 16, 64], warps = 4, split_k = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x1024xbf16>, %c: tensor<1024x96xbf16>, %d: tensor<96xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x1024xbf16>, tensor<1024x96xbf16> -> tensor<64x96xbf16>
      %1 = tessel.add %0, %d : tensor<64x96xbf16>, tensor<96xbf16> -> tensor<64x96xbf16>
      %2 = tessel.gelu tanh %1 : tensor<64x96xbf16>
      tessel.yield %2 : tensor<64x96xbf16>
    }
    return %r : tensor<64x96xbf16>
  }

  // A transposed B ([N, K], an nn.Linear weight) is viewed as [N, S, K / S]
  // and permuted; an f32 result needs no cast.
  // CHECK-LABEL: func.func @linear
  // CHECK: tessel.kernel @lin_partial(%{{.*}}, %{{.*}}) : (tensor<32x768xf32>, tensor<48x768xf32>) -> tensor<3x32x48xf32>
  // CHECK-SAME: schedule = #tessel.schedule<block = [1, 16, 16], warps = 2,
  // CHECK: tessel.reshape %{{.*}} : tensor<32x768xf32> -> tensor<32x3x256xf32>
  // CHECK: tessel.transpose
  // CHECK: tessel.reshape %{{.*}} : tensor<48x768xf32> -> tensor<48x3x256xf32>
  // CHECK: tessel.transpose %{{.*}} permutation = [1, 0, 2] : tensor<48x3x256xf32> -> tensor<3x48x256xf32>
  // CHECK: tessel.batch_matmul %{{.*}}, %{{.*}} transpose_rhs : tensor<3x32x256xf32>, tensor<3x48x256xf32> -> tensor<3x32x48xf32>
  // CHECK: tessel.kernel @lin_sum(%{{.*}}) : (tensor<3x32x48xf32>) -> tensor<32x48xf32> {
  // CHECK: tessel.reduce sum
  // CHECK-NOT: tessel.cast
  // CHECK: tessel.relu
  func.func @linear(%x: tensor<32x768xf32>, %w: tensor<48x768xf32>) -> tensor<32x48xf32> {
    %r = tessel.kernel @lin(%x, %w) : (tensor<32x768xf32>, tensor<48x768xf32>) -> tensor<32x48xf32>
        schedule = #tessel.schedule<block = [16, 16], warps = 2, split_k = 3> {
    ^bb0(%a: tensor<32x768xf32>, %c: tensor<48x768xf32>):
      %1 = tessel.matmul %a, %c transpose_rhs : tensor<32x768xf32>, tensor<48x768xf32> -> tensor<32x48xf32>
      %2 = tessel.relu %1 : tensor<32x48xf32>
      tessel.yield %2 : tensor<32x48xf32>
    }
    return %r : tensor<32x48xf32>
  }

  // A cast computing A from a kernel input moves into the partial kernel,
  // applied to A's view.
  // CHECK-LABEL: func.func @cast_prologue
  // CHECK: tessel.kernel @cast_partial(%{{.*}}, %{{.*}}) : (tensor<64x512xf32>, tensor<512x64xbf16>) -> tensor<2x64x64xf32>
  // CHECK: %[[V:.*]] = tessel.reshape %{{.*}} : tensor<64x512xf32> -> tensor<64x2x256xf32>
  // CHECK: %[[T:.*]] = tessel.transpose %[[V]] permutation = [1, 0, 2] : tensor<64x2x256xf32> -> tensor<2x64x256xf32>
  // CHECK: %[[C:.*]] = tessel.cast %[[T]] : tensor<2x64x256xf32> to tensor<2x64x256xbf16>
  // CHECK: tessel.batch_matmul %[[C]], %{{.*}} : tensor<2x64x256xbf16>, tensor<2x256x64xbf16> -> tensor<2x64x64xf32>
  // CHECK: tessel.kernel @cast_sum(%{{.*}}) : (tensor<2x64x64xf32>) -> tensor<64x64xbf16> {
  // CHECK-NOT: tessel.cast %{{.*}} : tensor<64x512xf32>
  // CHECK: tessel.yield
  func.func @cast_prologue(%x: tensor<64x512xf32>, %w: tensor<512x64xbf16>) -> tensor<64x64xbf16> {
    %r = tessel.kernel @cast(%x, %w) : (tensor<64x512xf32>, tensor<512x64xbf16>) -> tensor<64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, split_k = 2, mma = mma_sync> {
    ^bb0(%a: tensor<64x512xf32>, %c: tensor<512x64xbf16>):
      %0 = tessel.cast %a : tensor<64x512xf32> to tensor<64x512xbf16>
      %1 = tessel.matmul %0, %c : tensor<64x512xbf16>, tensor<512x64xbf16> -> tensor<64x64xbf16>
      tessel.yield %1 : tensor<64x64xbf16>
    }
    return %r : tensor<64x64xbf16>
  }

  // Kernels without split_k are left alone.
  // CHECK-LABEL: func.func @unsplit
  // CHECK: tessel.kernel @plain(
  // CHECK-NOT: tessel.kernel
  func.func @unsplit(%x: tensor<32x64xf32>, %w: tensor<64x32xf32>) -> tensor<32x32xf32> {
    %r = tessel.kernel @plain(%x, %w) : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32>
        schedule = #tessel.schedule<block = [16, 16], warps = 2> {
    ^bb0(%a: tensor<32x64xf32>, %c: tensor<64x32xf32>):
      %0 = tessel.matmul %a, %c : tensor<32x64xf32>, tensor<64x32xf32> -> tensor<32x32xf32>
      tessel.yield %0 : tensor<32x32xf32>
    }
    return %r : tensor<32x32xf32>
  }

  // An attention's keys (split-KV): one kernel attends to each of the 8
  // slices of 512 keys with blocks of its own (the same tiles, split_k =
  // 1) and weighs them; its partials, log-sum-exps and arrival counts are
  // results the function does not use.
  // CHECK-LABEL: func.func @decode
  // CHECK-SAME: (%[[Q:.*]]: tensor<1x32x1x128xbf16>, %[[K:.*]]: tensor<1x8x4096x128xbf16>, %[[V:.*]]: tensor<1x8x4096x128xbf16>)
  // CHECK: %[[S:.*]]:4 = tessel.kernel @d_split(%[[Q]], %[[K]], %[[V]]) : (tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16>) -> (tensor<1x32x1x128xbf16>, tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>, tensor<1x32x1xf32>)
  // CHECK-SAME: schedule = #tessel.schedule<block = [16, 128], warps = 2, stages = 1, split_k = 1, vector = 1, mma = mma_sync>
  // CHECK: %[[O:.*]], %[[PO:.*]], %[[PL:.*]], %[[N:.*]] = tessel.attention_split %{{.*}}, %{{.*}}, %{{.*}} splits = 8 causal
  // CHECK: tessel.yield %[[O]], %[[PO]], %[[PL]], %[[N]]
  // CHECK-NOT: tessel.kernel
  // CHECK: return %[[S]]#0
  // SELECT-LABEL: func.func @decode
  // SELECT: tessel.kernel @d_split({{.*}}schedule = #tessel.schedule<block = [16, 128], warps = 2{{.*}}prediction
  // SELECT-NOT: tessel.kernel
  func.func @decode(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
    %0 = tessel.kernel @d(%q, %k, %v) : (tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16>
        schedule = #tessel.schedule<block = [16, 128], warps = 2, split_k = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x1x128xbf16>, %b: tensor<1x8x4096x128xbf16>, %c: tensor<1x8x4096x128xbf16>):
      %1 = tessel.attention %a, %b, %c causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
      tessel.yield %1 : tensor<1x32x1x128xbf16>
    }
    return %0 : tensor<1x32x1x128xbf16>
  }

  // With tessel.sum_in_kernel (tessel-select-schedules' choice, or written
  // by hand) the sum runs in the partial kernel: one kernel @NAME_split,
  // the partial's ops then the sum's on the partial products, returning
  // the result, the partial products and the arrival counts (zeros, one per
  // 32 x 32 output tile: 2 x 3), with the partial's schedule and the mark.
  // A residual read by the epilogue comes in after the partial's inputs.
  // CHECK-LABEL: func.func @in_kernel
  // CHECK-SAME: (%[[X:.*]]: tensor<64x512xbf16>, %[[W:.*]]: tensor<512x96xbf16>, %[[RES:.*]]: tensor<64x96xbf16>)
  // CHECK: %[[S:.*]]:3 = tessel.kernel @ik_split(%[[X]], %[[W]], %[[RES]]) : (tensor<64x512xbf16>, tensor<512x96xbf16>, tensor<64x96xbf16>) -> (tensor<64x96xbf16>, tensor<2x64x96xf32>, tensor<2x3xf32>)
  // CHECK-SAME: schedule = #tessel.schedule<block = [1, 32, 32, 64], warp = [1, 16, 16, 64], warps = 4, stages = 1, split_k = 1, vector = 1, mma = mma_sync>
  // CHECK-SAME: tessel.sum_in_kernel = #tessel.schedule<block = [32, 32], warps = 4
  // CHECK: %[[P:.*]] = tessel.batch_matmul %{{.*}}, %{{.*}} : tensor<2x64x256xbf16>, tensor<2x256x96xbf16> -> tensor<2x64x96xf32>
  // CHECK: tessel.reduce sum %[[P]] dims = [0]
  // CHECK: tessel.cast
  // CHECK: %[[Y:.*]] = tessel.add
  // CHECK: %[[N:.*]] = tessel.constant dense<0.000000e+00> : tensor<2x3xf32>
  // CHECK: tessel.yield %[[Y]], %[[P]], %[[N]]
  // CHECK-NOT: tessel.kernel
  // CHECK: return %[[S]]#0
  // (tessel-select-schedules leaves it, and its price, alone.)
  // SELECT-LABEL: func.func @in_kernel
  // SELECT: tessel.kernel @ik_split({{.*}}tessel.sum_in_kernel
  // SELECT-NOT: tessel.kernel
  func.func @in_kernel(%x: tensor<64x512xbf16>, %w: tensor<512x96xbf16>, %r: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
    %0 = tessel.kernel @ik(%x, %w, %r) : (tensor<64x512xbf16>, tensor<512x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 16, 64], warps = 4, split_k = 2, mma = mma_sync>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [32, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%a: tensor<64x512xbf16>, %c: tensor<512x96xbf16>, %d: tensor<64x96xbf16>):
      %1 = tessel.matmul %a, %c : tensor<64x512xbf16>, tensor<512x96xbf16> -> tensor<64x96xbf16>
      %2 = tessel.add %1, %d : tensor<64x96xbf16>, tensor<64x96xbf16> -> tensor<64x96xbf16>
      tessel.yield %2 : tensor<64x96xbf16>
    }
    return %0 : tensor<64x96xbf16>
  }
}
