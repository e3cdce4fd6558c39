// The ResNet-50 conv2 im2col matmul's shape (3136 x K x 64, bf16) at K =
// 64, 256, 576 and 1152 (one to 18 K steps a block) on four schedules side
// by side: warpgroup MMA on TMA stages (64 x 64 x 64, conv2's 3x3 choice)
// and three mma.sync schedules on cp.async stages (32 x 64 x 64 on four
// or eight warps, 64 x 32 x 64 on four: what the model chose or the H200
// measured for conv2's 3x3 and 1x1). One block an SM: the slope over K is
// each class's K step, the intercept its fixed cost (the launch, the first
// stage's round trip, the epilogue).
//
// What they are for: the K loop's fill, which latencyTime does not price.
// With it priced on both classes (the patch in issue 17's notes of
// 2026-12-05) the H200's replays improve, but the model then puts the
// eight-warp mma.sync schedule 0.1 % ahead of wgmma at K = 576, where the
// H200 measured it 1.3x slower (bench/data/h200/suite-ranks-2026-11-27e
// .json). Nsight Compute (bench/data/h200/ncu-suite-2026-12-04a.csv) kept
// an SM busy 5660 clocks on conv2's 1x1 (4 steps, mma.sync) and 6690 on
// its 3x3 (9 steps, wgmma), where the patched model has 2790 and 5240:
// whether mma.sync's extra is its fill, a fixed cost of the class, or its
// steps, these kernels tell. At K = 64 the mma.sync schedules take one
// stage (a single step has nothing to pipeline).
//
// sm_90a only (the wgmma half). Compile with `tessel-compile` (the
// schedules are given); bench/gpu's `variants` step times them
// (bench/gpu/prepare.sh: variants-fill/).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @k64_wg64x64(%x: tensor<3136x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k64_wg64x64(%x, %w) : (tensor<3136x64xbf16>, tensor<64x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 2, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<3136x64xbf16>, %b: tensor<64x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x64xbf16>, tensor<64x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k64_mma32x64w4(%x: tensor<3136x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k64_mma32x64w4(%x, %w) : (tensor<3136x64xbf16>, tensor<64x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 1, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x64xbf16>, %b: tensor<64x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x64xbf16>, tensor<64x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k64_mma32x64w8(%x: tensor<3136x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k64_mma32x64w8(%x, %w) : (tensor<3136x64xbf16>, tensor<64x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 16, 64], warps = 8, stages = 1, vector = 1, mma = mma_sync> {
    ^bb0(%a: tensor<3136x64xbf16>, %b: tensor<64x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x64xbf16>, tensor<64x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k64_mma64x32w4(%x: tensor<3136x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k64_mma64x32w4(%x, %w) : (tensor<3136x64xbf16>, tensor<64x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 32, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 1, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x64xbf16>, %b: tensor<64x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x64xbf16>, tensor<64x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k256_wg64x64(%x: tensor<3136x256xbf16>, %w: tensor<256x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k256_wg64x64(%x, %w) : (tensor<3136x256xbf16>, tensor<256x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<3136x256xbf16>, %b: tensor<256x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x256xbf16>, tensor<256x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k256_mma32x64w4(%x: tensor<3136x256xbf16>, %w: tensor<256x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k256_mma32x64w4(%x, %w) : (tensor<3136x256xbf16>, tensor<256x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x256xbf16>, %b: tensor<256x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x256xbf16>, tensor<256x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k256_mma32x64w8(%x: tensor<3136x256xbf16>, %w: tensor<256x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k256_mma32x64w8(%x, %w) : (tensor<3136x256xbf16>, tensor<256x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 16, 64], warps = 8, stages = 3, vector = 1, mma = mma_sync> {
    ^bb0(%a: tensor<3136x256xbf16>, %b: tensor<256x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x256xbf16>, tensor<256x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k256_mma64x32w4(%x: tensor<3136x256xbf16>, %w: tensor<256x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k256_mma64x32w4(%x, %w) : (tensor<3136x256xbf16>, tensor<256x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 32, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x256xbf16>, %b: tensor<256x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x256xbf16>, tensor<256x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k576_wg64x64(%x: tensor<3136x576xbf16>, %w: tensor<576x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k576_wg64x64(%x, %w) : (tensor<3136x576xbf16>, tensor<576x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<3136x576xbf16>, %b: tensor<576x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x576xbf16>, tensor<576x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k576_mma32x64w4(%x: tensor<3136x576xbf16>, %w: tensor<576x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k576_mma32x64w4(%x, %w) : (tensor<3136x576xbf16>, tensor<576x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x576xbf16>, %b: tensor<576x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x576xbf16>, tensor<576x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k576_mma32x64w8(%x: tensor<3136x576xbf16>, %w: tensor<576x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k576_mma32x64w8(%x, %w) : (tensor<3136x576xbf16>, tensor<576x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 16, 64], warps = 8, stages = 3, vector = 1, mma = mma_sync> {
    ^bb0(%a: tensor<3136x576xbf16>, %b: tensor<576x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x576xbf16>, tensor<576x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k576_mma64x32w4(%x: tensor<3136x576xbf16>, %w: tensor<576x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k576_mma64x32w4(%x, %w) : (tensor<3136x576xbf16>, tensor<576x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 32, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x576xbf16>, %b: tensor<576x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x576xbf16>, tensor<576x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k1152_wg64x64(%x: tensor<3136x1152xbf16>, %w: tensor<1152x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k1152_wg64x64(%x, %w) : (tensor<3136x1152xbf16>, tensor<1152x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<3136x1152xbf16>, %b: tensor<1152x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x1152xbf16>, tensor<1152x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k1152_mma32x64w4(%x: tensor<3136x1152xbf16>, %w: tensor<1152x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k1152_mma32x64w4(%x, %w) : (tensor<3136x1152xbf16>, tensor<1152x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x1152xbf16>, %b: tensor<1152x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x1152xbf16>, tensor<1152x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k1152_mma32x64w8(%x: tensor<3136x1152xbf16>, %w: tensor<1152x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k1152_mma32x64w8(%x, %w) : (tensor<3136x1152xbf16>, tensor<1152x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [32, 64, 64], warp = [16, 16, 64], warps = 8, stages = 3, vector = 1, mma = mma_sync> {
    ^bb0(%a: tensor<3136x1152xbf16>, %b: tensor<1152x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x1152xbf16>, tensor<1152x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
  func.func @k1152_mma64x32w4(%x: tensor<3136x1152xbf16>, %w: tensor<1152x64xbf16>) -> tensor<3136x64xbf16> {
    %r = tessel.kernel @k_k1152_mma64x32w4(%x, %w) : (tensor<3136x1152xbf16>, tensor<1152x64xbf16>) -> tensor<3136x64xbf16>
        schedule = #tessel.schedule<block = [64, 32, 64], warp = [16, 32, 64], thread = [2, 8, 64], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<3136x1152xbf16>, %b: tensor<1152x64xbf16>):
      %0 = tessel.matmul %a, %b : tensor<3136x1152xbf16>, tensor<1152x64xbf16> -> tensor<3136x64xbf16>
      tessel.yield %0 : tensor<3136x64xbf16>
    }
    return %r : tensor<3136x64xbf16>
  }
}
