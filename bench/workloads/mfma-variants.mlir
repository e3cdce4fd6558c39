// MFMA schedules of two GEMMs side by side, for measuring what the cost
// model must predict on AMD (mi300x, gfx942): one K step ahead staged in
// registers (stages = 2, tessel-register-staged-copies) and two steps ahead
// (stages = 3, the model's choice for both on mi300x) against one stage,
// K steps of 32 and 64, 4 and 8 wavefronts, 128- and 64-row tiles.
// 8192 x 4096 x 4096 and LLaMA-7B's M = 128 up-projection (128 x 11008 x
// 4096), bf16 in and out, f32 accumulation. bench/gpu/prepare.sh compiles
// it for AMD targets in place of the wgmma variants, and run_suite.sh's
// `variants` step times them. No AMD GPU has run them yet.

module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @sq8192x4096_b128x128k32_s2(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b128x128k32_s2(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @sq8192x4096_b128x128k32_s3(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b128x128k32_s3(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 3, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @sq8192x4096_b128x128k32_s1(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b128x128k32_s1(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @sq8192x4096_b128x128k64_s1(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b128x128k64_s1(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [64, 64, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @sq8192x4096_b128x128k32_w8_s2(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b128x128k32_w8_s2(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [32, 64, 32], warps = 8, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @sq8192x4096_b64x128k32_s2(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b64x128k32_s2(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [64, 32, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @sq8192x4096_b64x128k32_s1(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
    %r = tessel.kernel @k_sq8192x4096_b64x128k32_s1(%x, %w) : (tensor<8192x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [64, 32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<8192x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
      tessel.yield %0 : tensor<8192x4096xbf16>
    }
    return %r : tensor<8192x4096xbf16>
  }
  func.func @llama_m128_n11008_b128x128k32_s2(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b128x128k32_s2(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @llama_m128_n11008_b128x128k32_s3(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b128x128k32_s3(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 3, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @llama_m128_n11008_b128x128k32_s1(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b128x128k32_s1(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @llama_m128_n11008_b128x128k64_s1(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b128x128k64_s1(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [64, 64, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @llama_m128_n11008_b128x128k32_w8_s2(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b128x128k32_w8_s2(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warp = [32, 64, 32], warps = 8, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @llama_m128_n11008_b64x128k32_s2(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b64x128k32_s2(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [64, 32, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
  func.func @llama_m128_n11008_b64x128k32_s1(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
    %r = tessel.kernel @k_llama_m128_n11008_b64x128k32_s1(%x, %w) : (tensor<128x4096xbf16>, tensor<4096x11008xbf16>) -> tensor<128x11008xbf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [64, 32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<128x4096xbf16>, %b: tensor<4096x11008xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
      tessel.yield %0 : tensor<128x11008xbf16>
    }
    return %r : tensor<128x11008xbf16>
  }
}
