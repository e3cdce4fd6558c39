// Thread-block clusters of 2 (`cluster = 2`: B's tile multicast by TMA
// into both blocks of a pair, a stage refilled after a cluster barrier)
// beside the same schedules without: what the target table's
// cluster_barrier_cycles is measured against (docs/cost-model.md, term 6).
// On the H200 (run 2026-12-04a) the barrier with its default release arrive
// cost 1000 clocks a step and every anchor in clusters ran 1.6-3.6x slower
// than without; since then the per-step arrive is relaxed (no fence). The
// first two shapes are L2-bound without clusters (one block an SM), the
// third has two blocks an SM. Compile with `tessel-compile` (the schedules
// are given; sm_90a only); bench/gpu/run_suite.sh times them as its
// `variants` step.

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @m128n4096k4096_c1(%x: tensor<128x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128n4096k4096_c1(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 6, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128n4096k4096_c2(%x: tensor<128x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128n4096k4096_c2(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 6, cluster = 2, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @vit196_c1(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_c1(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], thread = [4, 8, 64], warps = 8, stages = 6, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_c2(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_c2(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], thread = [4, 8, 64], warps = 8, stages = 6, cluster = 2, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @m2048n11008k4096_c1(%x: tensor<2048x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16> {
    %r = tessel.kernel @k_m2048n11008k4096_c1(%x, %w) : (tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 3, raster = 16, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<2048x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<2048x4096xbf16>, tensor<4096x11008xbf16> -> tensor<2048x11008xbf16>
      tessel.yield %0 : tensor<2048x11008xbf16>
    }
    return %r : tensor<2048x11008xbf16>
  }
  func.func @m2048n11008k4096_c2(%x: tensor<2048x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16> {
    %r = tessel.kernel @k_m2048n11008k4096_c2(%x, %w) : (tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 3, raster = 16, cluster = 2, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<2048x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<2048x4096xbf16>, tensor<4096x11008xbf16> -> tensor<2048x11008xbf16>
      tessel.yield %0 : tensor<2048x11008xbf16>
    }
    return %r : tensor<2048x11008xbf16>
  }
}
