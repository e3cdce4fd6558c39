// mma.sync schedules of two GEMMs side by side at 1 to 4 pipeline stages,
// for measuring the cost model's K loop (latencyTime): a step's copies
// arrive the latency after they are issued and then at the SM's link to
// L2, so 16-deep steps want three stages or more (the A100's choice for
// 4096^3 and LLaMA's 512 x 11008 x 4096 since 2026-11-29; the model
// predicts 2 stages a little slower than 3). No A100 is lent to this
// project: on an H100/H200 the same kernels (mma.sync runs there too)
// measure whether deeper stages pay as the model says. bf16 in and out,
// f32 accumulation, the model's epilogue (thread tiles, 16-byte stores).
// Compile with `tessel-compile` (the schedules are given); bench/gpu's
// `variants` step times them (bench/gpu/prepare.sh: variants-mma-stages/).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @sq4096_b128x256k16_s1(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x256k16_s1(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 1, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x256k16_s2(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x256k16_s2(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 2, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x256k16_s3(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x256k16_s3(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 3, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x256k16_s4(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x256k16_s4(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x128k32_s1(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x128k32_s1(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], thread = [16, 8, 32], warps = 4, stages = 1, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x128k32_s2(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x128k32_s2(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], thread = [16, 8, 32], warps = 4, stages = 2, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x128k32_s3(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x128k32_s3(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], thread = [16, 8, 32], warps = 4, stages = 3, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_b128x128k32_s4(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_b128x128k32_s4(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], thread = [16, 8, 32], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @m512n11008_b128x256k16_s2(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
    %r = tessel.kernel @k_m512n11008_b128x256k16_s2(%x, %w) : (tensor<512x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<512x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 2, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<512x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
      tessel.yield %0 : tensor<512x11008xbf16>
    }
    return %r : tensor<512x11008xbf16>
  }
  func.func @m512n11008_b128x256k16_s3(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
    %r = tessel.kernel @k_m512n11008_b128x256k16_s3(%x, %w) : (tensor<512x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<512x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 3, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<512x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
      tessel.yield %0 : tensor<512x11008xbf16>
    }
    return %r : tensor<512x11008xbf16>
  }
  func.func @m512n11008_b128x256k16_s4(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
    %r = tessel.kernel @k_m512n11008_b128x256k16_s4(%x, %w) : (tensor<512x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<512x11008xbf16>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 8, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<512x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
      tessel.yield %0 : tensor<512x11008xbf16>
    }
    return %r : tensor<512x11008xbf16>
  }
  func.func @m512n11008_b128x128k16_s2(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
    %r = tessel.kernel @k_m512n11008_b128x128k16_s2(%x, %w) : (tensor<512x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<512x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 4, stages = 2, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<512x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
      tessel.yield %0 : tensor<512x11008xbf16>
    }
    return %r : tensor<512x11008xbf16>
  }
  func.func @m512n11008_b128x128k16_s3(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
    %r = tessel.kernel @k_m512n11008_b128x128k16_s3(%x, %w) : (tensor<512x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<512x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 4, stages = 3, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<512x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
      tessel.yield %0 : tensor<512x11008xbf16>
    }
    return %r : tensor<512x11008xbf16>
  }
  func.func @m512n11008_b128x128k16_s4(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
    %r = tessel.kernel @k_m512n11008_b128x128k16_s4(%x, %w) : (tensor<512x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<512x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 16], warp = [64, 64, 16], thread = [16, 8, 16], warps = 4, stages = 4, vector = 8, mma = mma_sync> {
    ^bb0(%a: tensor<512x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
      tessel.yield %0 : tensor<512x11008xbf16>
    }
    return %r : tensor<512x11008xbf16>
  }
}
