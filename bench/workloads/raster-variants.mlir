// The order blocks start in (a schedule's raster), side by side: each
// GEMM on one wgmma schedule with its blocks by linear id (raster = 1) and
// in groups of rows of tiles (raster = G, tessel-raster-blocks). The model
// (docs/cost-model.md term 5) prices the DRAM bytes each wave of resident
// blocks reads: on the H200, LLaMA M = 2048, N = 11008 on 128 x 128 reads
// 531 MB linearly (Nsight Compute measured 531, run 2026-11-27f), 239 MB
// in groups of 8 rows, 194 MB in groups of 16; M = 8192, N = 11008 on
// 128 x 256 1.98 GB (measured), 795 MB in groups of 16. Compile with
// `tessel-compile` (the schedules are given); bench/gpu/run_suite.sh times
// them as its `variants` step.

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @m2048n11008_r1(%x: tensor<2048x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16> {
    %r = tessel.kernel @k_m2048n11008_r1(%x, %w) : (tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<2048x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<2048x4096xbf16>, tensor<4096x11008xbf16> -> tensor<2048x11008xbf16>
      tessel.yield %0 : tensor<2048x11008xbf16>
    }
    return %r : tensor<2048x11008xbf16>
  }
  func.func @m2048n11008_r8(%x: tensor<2048x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16> {
    %r = tessel.kernel @k_m2048n11008_r8(%x, %w) : (tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 3, vector = 8, raster = 8, mma = wgmma> {
    ^bb0(%a: tensor<2048x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<2048x4096xbf16>, tensor<4096x11008xbf16> -> tensor<2048x11008xbf16>
      tessel.yield %0 : tensor<2048x11008xbf16>
    }
    return %r : tensor<2048x11008xbf16>
  }
  func.func @m2048n11008_r16(%x: tensor<2048x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16> {
    %r = tessel.kernel @k_m2048n11008_r16(%x, %w) : (tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 3, vector = 8, raster = 16, mma = wgmma> {
    ^bb0(%a: tensor<2048x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<2048x4096xbf16>, tensor<4096x11008xbf16> -> tensor<2048x11008xbf16>
      tessel.yield %0 : tensor<2048x11008xbf16>
    }
    return %r : tensor<2048x11008xbf16>
  }
  func.func @m8192n11008_r1(%x: tensor<8192x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<8192x11008xbf16> {
    %r = tessel.kernel @k_m8192n11008_r1(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<8192x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x11008xbf16> -> tensor<8192x11008xbf16>
      tessel.yield %0 : tensor<8192x11008xbf16>
    }
    return %r : tensor<8192x11008xbf16>
  }
  func.func @m8192n11008_r16(%x: tensor<8192x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<8192x11008xbf16> {
    %r = tessel.kernel @k_m8192n11008_r16(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<8192x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 3, vector = 8, raster = 16, mma = wgmma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x11008xbf16> -> tensor<8192x11008xbf16>
      tessel.yield %0 : tensor<8192x11008xbf16>
    }
    return %r : tensor<8192x11008xbf16>
  }
  func.func @sq8192_r1(%x: tensor<8192x8192xbf16>, %w: tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16> {
    %r = tessel.kernel @k_sq8192_r1(%x, %w) : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<8192x8192xbf16>, %b: tensor<8192x8192xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x8192xbf16>, tensor<8192x8192xbf16> -> tensor<8192x8192xbf16>
      tessel.yield %0 : tensor<8192x8192xbf16>
    }
    return %r : tensor<8192x8192xbf16>
  }
  func.func @sq8192_r16(%x: tensor<8192x8192xbf16>, %w: tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16> {
    %r = tessel.kernel @k_sq8192_r16(%x, %w) : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 4, vector = 8, raster = 16, mma = wgmma> {
    ^bb0(%a: tensor<8192x8192xbf16>, %b: tensor<8192x8192xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x8192xbf16>, tensor<8192x8192xbf16> -> tensor<8192x8192xbf16>
      tessel.yield %0 : tensor<8192x8192xbf16>
    }
    return %r : tensor<8192x8192xbf16>
  }
  func.func @sq4096_r1(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_r1(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_r16(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_r16(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 3, vector = 8, raster = 16, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
}
