// The register-resident fused attention on warpgroup MMA (`mma = wgmma`,
// sm_90a) with head dims 80 and 96, whose key and value tiles are not
// whole 64-column boxes: tessel-lower-mma lays them out as core matrices
// and the block's threads copy them (cp.async), where TMA loads those of
// head dims 64, 128 and 256 (attention-wgmma-register-sweep.mlir). Key
// tiles 64 and 128, 4 and 8 warps, 1 and 2 stages, causal or not (8 heads,
// 1024 tokens, bf16). With the sweep, what the cost model's register
// estimate for the form was fitted on (costmodel/Attention.cpp,
// kWgmmaForm*, 2026-12-02; ptxas -v, CUDA 13):
//   python3 bench/registers.py --bin build/bin \
//     --input bench/workloads/attention-wgmma-copy-registers.mlir --target h100
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @d80_k64_w4_n_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w4_n_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w4_c_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w4_c_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w4_c_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w8_n_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w8_n_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w8_c_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w8_c_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k64_w8_c_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k64_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w4_n_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w4_n_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w4_c_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w4_c_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w4_c_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w8_n_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w8_n_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w8_c_s1(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w8_c_s1(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d80_k128_w8_c_s2(%q: tensor<1x8x1024x80xbf16>, %k: tensor<1x8x1024x80xbf16>, %v: tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16> {
    %r = tessel.kernel @k_d80_k128_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>) -> tensor<1x8x1024x80xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x80xbf16>, %b: tensor<1x8x1024x80xbf16>, %c: tensor<1x8x1024x80xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16>, tensor<1x8x1024x80xbf16> -> tensor<1x8x1024x80xbf16>
      tessel.yield %0 : tensor<1x8x1024x80xbf16>
    }
    return %r : tensor<1x8x1024x80xbf16>
  }
  func.func @d96_k64_w4_n_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w4_n_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w4_c_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w4_c_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w4_c_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w8_n_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w8_n_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w8_c_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w8_c_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k64_w8_c_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k64_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w4_n_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w4_n_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w4_n_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w4_n_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w4_c_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w4_c_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w4_c_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w4_c_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w8_n_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w8_n_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w8_n_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w8_n_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w8_c_s1(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w8_c_s1(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
  func.func @d96_k128_w8_c_s2(%q: tensor<1x8x1024x96xbf16>, %k: tensor<1x8x1024x96xbf16>, %v: tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16> {
    %r = tessel.kernel @k_d96_k128_w8_c_s2(%q, %k, %v) : (tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>) -> tensor<1x8x1024x96xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x8x1024x96xbf16>, %b: tensor<1x8x1024x96xbf16>, %c: tensor<1x8x1024x96xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16>, tensor<1x8x1024x96xbf16> -> tensor<1x8x1024x96xbf16>
      tessel.yield %0 : tensor<1x8x1024x96xbf16>
    }
    return %r : tensor<1x8x1024x96xbf16>
  }
}
