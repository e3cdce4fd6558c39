// Warpgroup-MMA schedules of the GEMM anchors with few rows, side by side:
// LLaMA-7B's M = 128 projections (N or K 11008) and ViT's 257 tokens, the
// anchors furthest below cuBLAS on the H200 (bench/data/h200, run e: 0.70x,
// 0.82x, 0.73x). Tile and pipeline stages (split-K does not apply to
// wgmma schedules), for measuring what the
// cost model must predict for them. Compile with `tessel-compile` (the
// schedules are given): 3 shapes x 21 tiles and stages (6 stages where
// the stage buffers fit a block's shared memory).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @m128n11008_b64x64_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x64_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x64_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x64_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x64_s6(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x64_s6(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x128_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x128_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x128_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x128_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x128_s6(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x128_s6(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x192_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x192_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x192_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x192_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x192_s6(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x192_s6(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x256_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x256_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b64x256_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b64x256_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x64_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x64_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x64_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x64_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x64_s6(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x64_s6(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x128_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x128_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x128_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x128_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x128_s6(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x128_s6(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x192_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x192_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x192_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x192_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x256_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x256_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128n11008_b128x256_s4(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_m128n11008_b128x256_s4(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @m128k11008_b64x64_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x64_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x64_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x64_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x64_s6(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x64_s6(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x128_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x128_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x128_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x128_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x128_s6(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x128_s6(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x192_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x192_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x192_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x192_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x192_s6(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x192_s6(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x256_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x256_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b64x256_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b64x256_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x64_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x64_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x64_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x64_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x64_s6(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x64_s6(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x128_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x128_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x128_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x128_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x128_s6(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x128_s6(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x192_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x192_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x192_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x192_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x256_s3(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x256_s3(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @m128k11008_b128x256_s4(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
    %r = tessel.kernel @k_m128k11008_b128x256_s4(%x, %w) : (tensor<128x11008xbf16>, tensor<11008x4096xbf16>) -> tensor<128x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<128x11008xbf16>, %b: tensor<11008x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
      tessel.yield %0 : tensor<128x4096xbf16>
    }
    return %r : tensor<128x4096xbf16>
  }
  func.func @vit257_b64x64_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x64_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x64_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x64_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x64_s6(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x64_s6(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x128_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x128_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x128_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x128_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x128_s6(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x128_s6(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x192_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x192_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x192_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x192_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x192_s6(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x192_s6(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x256_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x256_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b64x256_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b64x256_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x64_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x64_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x64_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x64_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x64_s6(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x64_s6(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warps = 8, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x128_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x128_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x128_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x128_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x128_s6(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x128_s6(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 6, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x192_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x192_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x192_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x192_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x256_s3(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x256_s3(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
  func.func @vit257_b128x256_s4(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
    %r = tessel.kernel @k_vit257_b128x256_s4(%x, %w) : (tensor<257x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<257x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<257x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
      tessel.yield %0 : tensor<257x4096xbf16>
    }
    return %r : tensor<257x4096xbf16>
  }
}
