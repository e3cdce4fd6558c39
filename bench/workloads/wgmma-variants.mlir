// Warpgroup-MMA schedules of two GEMMs side by side, for measuring what
// the cost model must predict: tile shape (one to four warpgroups: 64 to
// 256 rows, three of them 192), pipeline stages (and with them blocks per
// SM) and the epilogue (scalar 2-byte stores or 16-byte vectors).
// 4096 x 4096 x 4096 and ViT-sized 196 x 4096 x 4096, bf16 in and out, f32
// accumulation. Compile with `tessel-compile` (the schedules are given);
// bench/gpu/run_suite.sh times them as its `variants` step.

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @sq4096_s256x192_w16_s2(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s256x192_w16_s2(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [256, 192, 64], warps = 16, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s256x128_w16_s4(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s256x128_w16_s4(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [256, 128, 64], warps = 16, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s256x128_w16_s4_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s256x128_w16_s4_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [256, 128, 64], thread = [8, 8, 64], warps = 16, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x256_w8_s3_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x256_w8_s3_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x256_w8_s4_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x256_w8_s4_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], thread = [16, 8, 64], warps = 8, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x256_w8_s4(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x256_w8_s4(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x192_w8_s4(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x192_w8_s4(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warps = 8, stages = 4, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x128_w8_s4_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x128_w8_s4_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x128_w8_s3_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x128_w8_s3_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s128x128_w8_s2_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s128x128_w8_s2_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], thread = [8, 8, 64], warps = 8, stages = 2, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s192x256_w12_s3_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s192x256_w12_s3_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [192, 256, 64], thread = [16, 8, 64], warps = 12, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s192x192_w12_s3_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s192x192_w12_s3_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [192, 192, 64], thread = [12, 8, 64], warps = 12, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @sq4096_s192x128_w12_s4_v8(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_sq4096_s192x128_w12_s4_v8(%x, %w) : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [192, 128, 64], thread = [8, 8, 64], warps = 12, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @vit196_s64x128_w4_s2(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s64x128_w4_s2(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_s64x128_w4_s3_v8(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s64x128_w4_s3_v8(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_s64x128_w4_s4_v8(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s64x128_w4_s4_v8(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_s64x128_w4_s6_v8(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s64x128_w4_s6_v8(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 6, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_s64x64_w4_s4_v8(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s64x64_w4_s4_v8(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], thread = [4, 8, 64], warps = 4, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_s64x256_w4_s4_v8(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s64x256_w4_s4_v8(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [64, 256, 64], thread = [16, 8, 64], warps = 4, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
  func.func @vit196_s192x64_w12_s4_v8(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
    %r = tessel.kernel @k_vit196_s192x64_w12_s4_v8(%x, %w) : (tensor<196x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<196x4096xbf16>
        schedule = #tessel.schedule<block = [192, 64, 64], thread = [4, 8, 64], warps = 12, stages = 4, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<196x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
      tessel.yield %0 : tensor<196x4096xbf16>
    }
    return %r : tensor<196x4096xbf16>
  }
}
