// Split-K three ways side by side, for measuring the model's split
// (priceSplit) and its sum in the partial kernel (asBlockTail): each
// matmul unsplit with the model's best unsplit schedule; split with a sum
// kernel of its own (`_sum`: tessel.sum_in_kernel = false, the sum
// kernel's schedule the model's); and split with the sum in the partial
// kernel's last blocks (`_inkernel`: tessel.sum_in_kernel,
// tessel-combine-split-k: one launch, three round trips to L2 for the
// arrival). The splits are the model's choices on the H100 (2026-12-04):
// the LLaMA-7B decode GEMV in bf16 and in f32 and a small LLaMA block's K
// projection (32 x 256 x 64, f32) take the sum in the partial kernel; the
// skinny 64 x 8192 x 128 bf16 one keeps a sum kernel (its last blocks
// would sum 16 elements a thread). The fifth, tier 1's f32 GEMM 1024^3,
// is the model's choice since the tail was priced as measured
// (2026-12-05): split in two, 8 warps of 8 x 4 threads, its sum in the
// partial kernel, predicted 73.1 us on the H100 against 74.2 with a sum
// kernel and 79.6 for the best unsplit schedule (tier 1 measured its
// former choice, split in four with a sum kernel, at 113.2 + 8.1 us on
// the H200: 2026-12-04a). What they measure: whether a sum
// kernel's launch costs what the model says (launch_overhead_us) against
// the tail's round trips, and the split against the unsplit kernel.
//
// The last five are ViT's 257 x 4096 x 4096 bf16 GEMM (gemm-anchors'
// vit_257), the one anchor the H200 ran well behind cuBLAS (2026-12-04a:
// 26.89 us against 23.17): its 96 tiles of 128 x 128 leave 36 of 132
// SMs idle. `_unsplit` is that anchor's schedule. Split on three
// warpgroups, 64 tiles of 192 x 128 in two slices (`_rows_`) or 32 of
// 192 x 256 in four (`_wide_`) make 128 blocks, one wave, each SM's steps
// 0.75x the anchor's; what they pay is the partials' round trip. Predicted
// on the H200: 26.38 us unsplit; rows 21.12 + a 7.67 us sum kernel, or
// 27.64 with the sum in the partial kernel; wide 20.19 + 11.45, or 39.40
// (the last block of each tile sums four partials, 128 elements a thread:
// the tail fitted on run 2026-12-04a's one to sixteen, extrapolated). What
// they measure: the partial kernels' gain from filling the SMs, and the
// tail's cost on large tiles, on which a stream-K kernel (its crossed
// tiles' partials summed by their last block) would be priced.
// Compile with `tessel-compile` (the schedules are given); bench/gpu's
// `variants` step times them (bench/gpu/prepare.sh: variants-split-k/).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @gemv_bf16_unsplit(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    %r = tessel.kernel @k_gemv_bf16_unsplit(%x, %w) : (tensor<1x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x4096xbf16>
        schedule = #tessel.schedule<block = [1, 32, 64], warps = 4, stages = 3, mma = simt> {
    ^bb0(%p: tensor<1x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
      tessel.yield %0 : tensor<1x4096xbf16>
    }
    return %r : tensor<1x4096xbf16>
  }
  func.func @gemv_bf16_sum(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    %r = tessel.kernel @k_gemv_bf16_sum(%x, %w) : (tensor<1x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x4096xbf16>
        schedule = #tessel.schedule<block = [1, 256, 64], warps = 4, stages = 2, split_k = 8, mma = simt>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<1x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
      tessel.yield %0 : tensor<1x4096xbf16>
    }
    return %r : tensor<1x4096xbf16>
  }
  func.func @gemv_bf16_inkernel(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    %r = tessel.kernel @k_gemv_bf16_inkernel(%x, %w) : (tensor<1x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x4096xbf16>
        schedule = #tessel.schedule<block = [1, 256, 64], warps = 4, stages = 2, split_k = 8, mma = simt>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [1, 256], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<1x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
      tessel.yield %0 : tensor<1x4096xbf16>
    }
    return %r : tensor<1x4096xbf16>
  }
  func.func @gemv_f32_unsplit(%x: tensor<1x4096xf32>, %w: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
    %r = tessel.kernel @k_gemv_f32_unsplit(%x, %w) : (tensor<1x4096xf32>, tensor<4096x4096xf32>) -> tensor<1x4096xf32>
        schedule = #tessel.schedule<block = [1, 8, 64], warps = 2, mma = simt> {
    ^bb0(%p: tensor<1x4096xf32>, %q: tensor<4096x4096xf32>):
      %0 = tessel.matmul %p, %q transpose_rhs : tensor<1x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096xf32>
      tessel.yield %0 : tensor<1x4096xf32>
    }
    return %r : tensor<1x4096xf32>
  }
  func.func @gemv_f32_sum(%x: tensor<1x4096xf32>, %w: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
    %r = tessel.kernel @k_gemv_f32_sum(%x, %w) : (tensor<1x4096xf32>, tensor<4096x4096xf32>) -> tensor<1x4096xf32>
        schedule = #tessel.schedule<block = [1, 64, 64], warps = 8, split_k = 8, mma = simt>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<1x4096xf32>, %q: tensor<4096x4096xf32>):
      %0 = tessel.matmul %p, %q transpose_rhs : tensor<1x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096xf32>
      tessel.yield %0 : tensor<1x4096xf32>
    }
    return %r : tensor<1x4096xf32>
  }
  func.func @gemv_f32_inkernel(%x: tensor<1x4096xf32>, %w: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
    %r = tessel.kernel @k_gemv_f32_inkernel(%x, %w) : (tensor<1x4096xf32>, tensor<4096x4096xf32>) -> tensor<1x4096xf32>
        schedule = #tessel.schedule<block = [1, 64, 64], warps = 8, split_k = 8, mma = simt>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [1, 64], warps = 8, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<1x4096xf32>, %q: tensor<4096x4096xf32>):
      %0 = tessel.matmul %p, %q transpose_rhs : tensor<1x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096xf32>
      tessel.yield %0 : tensor<1x4096xf32>
    }
    return %r : tensor<1x4096xf32>
  }
  func.func @kproj_f32_unsplit(%x: tensor<32x256xf32>, %w: tensor<64x256xf32>) -> tensor<32x64xf32> {
    %r = tessel.kernel @k_kproj_f32_unsplit(%x, %w) : (tensor<32x256xf32>, tensor<64x256xf32>) -> tensor<32x64xf32>
        schedule = #tessel.schedule<block = [2, 2], warps = 2, mma = simt> {
    ^bb0(%p: tensor<32x256xf32>, %q: tensor<64x256xf32>):
      %0 = tessel.matmul %p, %q transpose_rhs : tensor<32x256xf32>, tensor<64x256xf32> -> tensor<32x64xf32>
      tessel.yield %0 : tensor<32x64xf32>
    }
    return %r : tensor<32x64xf32>
  }
  func.func @kproj_f32_sum(%x: tensor<32x256xf32>, %w: tensor<64x256xf32>) -> tensor<32x64xf32> {
    %r = tessel.kernel @k_kproj_f32_sum(%x, %w) : (tensor<32x256xf32>, tensor<64x256xf32>) -> tensor<32x64xf32>
        schedule = #tessel.schedule<block = [2, 8, 64], warps = 4, split_k = 4, mma = simt>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<32x256xf32>, %q: tensor<64x256xf32>):
      %0 = tessel.matmul %p, %q transpose_rhs : tensor<32x256xf32>, tensor<64x256xf32> -> tensor<32x64xf32>
      tessel.yield %0 : tensor<32x64xf32>
    }
    return %r : tensor<32x64xf32>
  }
  func.func @kproj_f32_inkernel(%x: tensor<32x256xf32>, %w: tensor<64x256xf32>) -> tensor<32x64xf32> {
    %r = tessel.kernel @k_kproj_f32_inkernel(%x, %w) : (tensor<32x256xf32>, tensor<64x256xf32>) -> tensor<32x64xf32>
        schedule = #tessel.schedule<block = [2, 8, 64], warps = 4, split_k = 4, mma = simt>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [2, 8], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<32x256xf32>, %q: tensor<64x256xf32>):
      %0 = tessel.matmul %p, %q transpose_rhs : tensor<32x256xf32>, tensor<64x256xf32> -> tensor<32x64xf32>
      tessel.yield %0 : tensor<32x64xf32>
    }
    return %r : tensor<32x64xf32>
  }
  func.func @skinny_bf16_unsplit(%x: tensor<64x8192xbf16>, %w: tensor<8192x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_skinny_bf16_unsplit(%x, %w) : (tensor<64x8192xbf16>, tensor<8192x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 32, 64], thread = [4, 4, 64], warps = 2, stages = 4, vector = 4, mma = mma_sync> {
    ^bb0(%p: tensor<64x8192xbf16>, %q: tensor<8192x128xbf16>):
      %0 = tessel.matmul %p, %q : tensor<64x8192xbf16>, tensor<8192x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @skinny_bf16_sum(%x: tensor<64x8192xbf16>, %w: tensor<8192x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_skinny_bf16_sum(%x, %w) : (tensor<64x8192xbf16>, tensor<8192x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 32, 64], thread = [4, 4, 64], warps = 2, stages = 4, split_k = 8, vector = 4, mma = mma_sync>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<64x8192xbf16>, %q: tensor<8192x128xbf16>):
      %0 = tessel.matmul %p, %q : tensor<64x8192xbf16>, tensor<8192x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @skinny_bf16_inkernel(%x: tensor<64x8192xbf16>, %w: tensor<8192x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_skinny_bf16_inkernel(%x, %w) : (tensor<64x8192xbf16>, tensor<8192x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 32, 64], thread = [4, 4, 64], warps = 2, stages = 4, split_k = 8, vector = 4, mma = mma_sync>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [32, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<64x8192xbf16>, %q: tensor<8192x128xbf16>):
      %0 = tessel.matmul %p, %q : tensor<64x8192xbf16>, tensor<8192x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @gemm_f32_unsplit(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
    %r = tessel.kernel @k_gemm_f32_unsplit(%x, %w) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 4, 64], warps = 8, stages = 3, mma = simt> {
    ^bb0(%p: tensor<1024x1024xf32>, %q: tensor<1024x1024xf32>):
      %0 = tessel.matmul %p, %q : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
      tessel.yield %0 : tensor<1024x1024xf32>
    }
    return %r : tensor<1024x1024xf32>
  }
  func.func @gemm_f32_sum(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
    %r = tessel.kernel @k_gemm_f32_sum(%x, %w) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], thread = [8, 4, 32], warps = 8, stages = 2, split_k = 2, mma = simt>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<1024x1024xf32>, %q: tensor<1024x1024xf32>):
      %0 = tessel.matmul %p, %q : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
      tessel.yield %0 : tensor<1024x1024xf32>
    }
    return %r : tensor<1024x1024xf32>
  }
  func.func @gemm_f32_inkernel(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
    %r = tessel.kernel @k_gemm_f32_inkernel(%x, %w) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], thread = [8, 4, 32], warps = 8, stages = 2, split_k = 2, mma = simt>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [64, 128], warps = 8, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<1024x1024xf32>, %q: tensor<1024x1024xf32>):
      %0 = tessel.matmul %p, %q : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
      tessel.yield %0 : tensor<1024x1024xf32>
    }
    return %r : tensor<1024x1024xf32>
  }
  func.func @vit257_unsplit(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_unsplit(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%p: tensor<257x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_rows_sum(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_rows_sum(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [192, 128, 64], thread = [8, 8, 64], warps = 12, stages = 4, split_k = 2, vector = 4, mma = wgmma>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<257x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_rows_inkernel(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_rows_inkernel(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [192, 128, 64], thread = [8, 8, 64], warps = 12, stages = 4, split_k = 2, vector = 4, mma = wgmma>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [192, 128], warps = 12, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<257x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_wide_sum(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_wide_sum(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [192, 256, 64], thread = [8, 16, 64], warps = 12, stages = 3, split_k = 4, vector = 4, mma = wgmma>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%p: tensor<257x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_wide_inkernel(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_wide_inkernel(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [192, 256, 64], thread = [8, 16, 64], warps = 12, stages = 3, split_k = 4, vector = 4, mma = wgmma>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [192, 256], warps = 12, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%p: tensor<257x4096xbf16>, %q: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %p, %q : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
}
