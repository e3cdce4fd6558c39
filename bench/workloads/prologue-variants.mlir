// A cast from f32 to bf16 before a matmul, three ways side by side: fused
// into the K step's copies of A on wgmma from the threads' copies (`mma =
// wgmma` with a warp tile: the class the model prices since 2026-12-07,
// which no GPU has timed yet; at N = 128 split four ways along K, the
// model's choice for the fused kernel), fused on mma.sync (one stage: the
// cast keeps the copies synchronous), and as two kernels (the cast, then
// TMA + wgmma), which is what tessel-form-kernels makes today. The shapes: 4096 x 128 x
// 4096, where the model predicts the fused kernel faster than the pair, and
// 4096 x 1024 x 4096, where it predicts the pair faster (each block reads
// its f32 rows of A through L2 at L2's own rate, not TMA's).
//
// sm_90a only (the wgmma kernels). Compile with `tessel-compile` (the
// schedules are given); bench/gpu's `variants` step times them
// (bench/gpu/prepare.sh: variants-prologue/).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @fused_wg_n128(%x: tensor<4096x4096xf32>, %w: tensor<4096x128xbf16>) -> tensor<4096x128xbf16> {
    %r = tessel.kernel @k_fused_wg_n128(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x128xbf16>) -> tensor<4096x128xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [16, 128, 64], thread = [16, 4, 64], warps = 8, stages = 1, split_k = 4, vector = 4, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x128xbf16>):
      %0 = tessel.cast %a : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
      %1 = tessel.matmul %0, %b : tensor<4096x4096xbf16>, tensor<4096x128xbf16> -> tensor<4096x128xbf16>
      tessel.yield %1 : tensor<4096x128xbf16>
    }
    return %r : tensor<4096x128xbf16>
  }
  func.func @fused_mma_n128(%x: tensor<4096x4096xf32>, %w: tensor<4096x128xbf16>) -> tensor<4096x128xbf16> {
    %r = tessel.kernel @k_fused_mma_n128(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x128xbf16>) -> tensor<4096x128xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 1, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x128xbf16>):
      %0 = tessel.cast %a : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
      %1 = tessel.matmul %0, %b : tensor<4096x4096xbf16>, tensor<4096x128xbf16> -> tensor<4096x128xbf16>
      tessel.yield %1 : tensor<4096x128xbf16>
    }
    return %r : tensor<4096x128xbf16>
  }
  func.func @split_n128(%x: tensor<4096x4096xf32>, %w: tensor<4096x128xbf16>) -> tensor<4096x128xbf16> {
    %c = tessel.kernel @k_split_cast_n128(%x) : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [2, 256], warps = 1, vector = 8> {
    ^bb0(%a: tensor<4096x4096xf32>):
      %0 = tessel.cast %a : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    %r = tessel.kernel @k_split_matmul_n128(%c, %w) : (tensor<4096x4096xbf16>, tensor<4096x128xbf16>) -> tensor<4096x128xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x128xbf16>):
      %1 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x128xbf16> -> tensor<4096x128xbf16>
      tessel.yield %1 : tensor<4096x128xbf16>
    }
    return %r : tensor<4096x128xbf16>
  }
  func.func @fused_wg_n1024(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xbf16>) -> tensor<4096x1024xbf16> {
    %r = tessel.kernel @k_fused_wg_n1024(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xbf16>) -> tensor<4096x1024xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [16, 128, 64], thread = [8, 8, 64], warps = 8, stages = 1, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xbf16>):
      %0 = tessel.cast %a : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
      %1 = tessel.matmul %0, %b : tensor<4096x4096xbf16>, tensor<4096x1024xbf16> -> tensor<4096x1024xbf16>
      tessel.yield %1 : tensor<4096x1024xbf16>
    }
    return %r : tensor<4096x1024xbf16>
  }
  func.func @fused_mma_n1024(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xbf16>) -> tensor<4096x1024xbf16> {
    %r = tessel.kernel @k_fused_mma_n1024(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xbf16>) -> tensor<4096x1024xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 1, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xbf16>):
      %0 = tessel.cast %a : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
      %1 = tessel.matmul %0, %b : tensor<4096x4096xbf16>, tensor<4096x1024xbf16> -> tensor<4096x1024xbf16>
      tessel.yield %1 : tensor<4096x1024xbf16>
    }
    return %r : tensor<4096x1024xbf16>
  }
  func.func @split_n1024(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xbf16>) -> tensor<4096x1024xbf16> {
    %c = tessel.kernel @k_split_cast_n1024(%x) : (tensor<4096x4096xf32>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [2, 256], warps = 1, vector = 8> {
    ^bb0(%a: tensor<4096x4096xf32>):
      %0 = tessel.cast %a : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    %r = tessel.kernel @k_split_matmul_n1024(%c, %w) : (tensor<4096x4096xbf16>, tensor<4096x1024xbf16>) -> tensor<4096x1024xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x1024xbf16>):
      %1 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x1024xbf16> -> tensor<4096x1024xbf16>
      tessel.yield %1 : tensor<4096x1024xbf16>
    }
    return %r : tensor<4096x1024xbf16>
  }
}
