// The register-resident fused attention on warpgroup MMA (`mma = wgmma`,
// sm_90a), over a grid of its schedules: head dims 64, 128 and 256, key
// tiles 16 to 128, 4 and 8 warps (one 16-row strip a warp), 1 to 3
// stages, causal or not (the schedules whose tiles exceed a block's shared
// memory left out; 8 heads, 1024 tokens, bf16), each written out: with
// stages, TMA loads the key and value tiles. With
// attention-wgmma-copy-registers.mlir, what the cost model's register
// estimate for the form was fitted on (costmodel/Attention.cpp,
// kWgmmaForm*, 2026-12-02; ptxas -v, CUDA 13):
//   python3 bench/registers.py --bin build/bin \
//     --input bench/workloads/attention-wgmma-register-sweep.mlir --target h100
// `d256_k64_w8_n_s1` is the one that spills (255 registers; estimated 254).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @d64_k16_w4_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w4_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w4_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w4_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w4_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w8_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w8_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w8_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w8_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_w8_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w4_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w4_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w4_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w4_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w4_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w8_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w8_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w8_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w8_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_w8_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w4_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w4_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w4_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w4_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w4_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w8_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w8_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w8_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w8_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_w8_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w4_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w4_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w4_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w4_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w4_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w8_n_s1(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w8_n_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w8_n_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w8_c_s2(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_w8_c_s3(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d128_k16_w4_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w4_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w4_n_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w4_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w4_c_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w8_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w8_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w8_n_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w8_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_w8_c_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w4_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w4_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w4_n_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w4_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w4_c_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w8_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w8_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w8_n_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w8_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_w8_c_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w4_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w4_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w4_n_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w4_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w4_c_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w8_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w8_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w8_n_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w8_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_w8_c_s3(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k128_w4_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k128_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k128_w4_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k128_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k128_w4_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k128_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k128_w8_n_s1(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k128_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k128_w8_n_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k128_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k128_w8_c_s2(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k128_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d256_k16_w4_n_s1(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w4_n_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w4_n_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w4_c_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w4_c_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w8_n_s1(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w8_n_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w8_n_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w8_c_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_w8_c_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [16, 16], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w4_n_s1(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w4_n_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w4_n_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w4_n_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w4_c_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w4_c_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w4_c_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w8_n_s1(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w8_n_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w8_n_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w8_n_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w8_c_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_w8_c_s3(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_w8_c_s3(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k64_w4_n_s1(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k64_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k64_w4_n_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k64_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k64_w4_c_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k64_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k64_w8_n_s1(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k64_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k64_w8_n_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k64_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k64_w8_c_s2(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k64_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
}
