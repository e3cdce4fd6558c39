// wgmma kernels in clusters of 2 (TMA multicast of B): a grid of columns
// x rows (clusters along y), a raster (linear ids, clusters along x), and
// a `transpose_rhs` B (one K-major box a step, loaded by rank 0).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @grid(%x: tensor<256x256xbf16>, %w: tensor<256x384xbf16>) -> tensor<256x384xf32> {
    %r = tessel.kernel @k_grid(%x, %w) : (tensor<256x256xbf16>, tensor<256x384xbf16>) -> tensor<256x384xf32>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma, cluster = 2> {
    ^bb0(%a: tensor<256x256xbf16>, %c: tensor<256x384xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x256xbf16>, tensor<256x384xbf16> -> tensor<256x384xf32>
      tessel.yield %0 : tensor<256x384xf32>
    }
    return %r : tensor<256x384xf32>
  }
  func.func @rastered(%x: tensor<500x320xbf16>, %w: tensor<320x256xbf16>) -> tensor<500x256xbf16> {
    %r = tessel.kernel @k_rastered(%x, %w) : (tensor<500x320xbf16>, tensor<320x256xbf16>) -> tensor<500x256xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 4, raster = 2, mma = wgmma, cluster = 2> {
    ^bb0(%a: tensor<500x320xbf16>, %c: tensor<320x256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<500x320xbf16>, tensor<320x256xbf16> -> tensor<500x256xbf16>
      tessel.yield %0 : tensor<500x256xbf16>
    }
    return %r : tensor<500x256xbf16>
  }
  func.func @linear(%x: tensor<256x256xbf16>, %w: tensor<192x256xbf16>) -> tensor<256x192xf32> {
    %r = tessel.kernel @k_linear(%x, %w) : (tensor<256x256xbf16>, tensor<192x256xbf16>) -> tensor<256x192xf32>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 3, mma = wgmma, cluster = 2> {
    ^bb0(%a: tensor<256x256xbf16>, %c: tensor<192x256xbf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<256x256xbf16>, tensor<192x256xbf16> -> tensor<256x192xf32>
      tessel.yield %0 : tensor<256x192xf32>
    }
    return %r : tensor<256x192xf32>
  }
}
