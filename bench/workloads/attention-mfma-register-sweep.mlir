// The register-resident fused attention on AMD matrix cores (`mma =
// mfma`, gfx942), over a grid of its schedules: head dims 64, 128 and 256,
// key tiles 16 to 128, one and two 16-row strips a wavefront, 1 to 4
// wavefronts, causal or not (the schedules whose tiles exceed a block's
// 64 KiB of LDS left out; 8 heads, 1024 tokens, bf16), each written out.
// What the cost model's register estimate for the form was fitted on
// (costmodel/Attention.cpp, kMfmaForm*, 2026-12-02; LLVM 22's .vgpr_count):
//   python3 bench/registers.py --bin build/bin \
//     --input bench/workloads/attention-mfma-register-sweep.mlir --target mi300x
// `d64_k128_r32_w1_c` and `d128_k64_r32_w1_c` reach the 512-VGPR limit
// with scratch (104 and 28 bytes).
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @d64_k16_r16_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r16_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r16_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [16, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r16_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [16, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r16_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r16_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r32_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [32, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r32_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [32, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r32_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [32, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r32_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [32, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r32_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r32_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [32, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k16_r32_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k16_r32_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 16], warp = [32, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r16_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r16_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r16_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r16_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r16_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r16_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r32_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r32_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r32_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r32_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r32_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r32_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k32_r32_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k32_r32_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r16_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r16_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r16_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [16, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r16_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [16, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r16_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r16_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r32_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [32, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r32_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [32, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r32_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [32, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r32_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [32, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r32_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r32_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [32, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k64_r32_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k64_r32_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [32, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r16_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 128], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r16_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 128], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r16_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [16, 128], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r16_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [16, 128], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r16_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r16_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r32_w1_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [32, 128], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r32_w1_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [32, 128], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r32_w2_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [32, 128], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r32_w2_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [32, 128], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r32_w4_n(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r32_w4_n(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [32, 128], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d64_k128_r32_w4_c(%q: tensor<1x8x1024x64xbf16>, %k: tensor<1x8x1024x64xbf16>, %v: tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16> {
    %r = tessel.kernel @k_d64_k128_r32_w4_c(%q, %k, %v) : (tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>) -> tensor<1x8x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [32, 128], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x64xbf16>, %b: tensor<1x8x1024x64xbf16>, %c: tensor<1x8x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16>, tensor<1x8x1024x64xbf16> -> tensor<1x8x1024x64xbf16>
      tessel.yield %0 : tensor<1x8x1024x64xbf16>
    }
    return %r : tensor<1x8x1024x64xbf16>
  }
  func.func @d128_k16_r16_w1_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r16_w1_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r16_w2_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [16, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r16_w2_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [16, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r16_w4_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r16_w4_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r32_w1_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [32, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r32_w1_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [32, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r32_w2_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [32, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k16_r32_w2_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k16_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [32, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r16_w1_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r16_w1_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r16_w2_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r16_w2_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r16_w4_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r16_w4_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r32_w1_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r32_w1_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [32, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r32_w2_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k32_r32_w2_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k32_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r16_w1_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r16_w1_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [16, 64], warp = [16, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r16_w2_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [16, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r16_w2_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [16, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r16_w4_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r16_w4_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r16_w4_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r16_w4_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r32_w1_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r32_w1_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [32, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r32_w1_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r32_w1_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [32, 64], warp = [32, 64], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r32_w2_n(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r32_w2_n(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [32, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d128_k64_r32_w2_c(%q: tensor<1x8x1024x128xbf16>, %k: tensor<1x8x1024x128xbf16>, %v: tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16> {
    %r = tessel.kernel @k_d128_k64_r32_w2_c(%q, %k, %v) : (tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>) -> tensor<1x8x1024x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [32, 64], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x128xbf16>, %b: tensor<1x8x1024x128xbf16>, %c: tensor<1x8x1024x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16>, tensor<1x8x1024x128xbf16> -> tensor<1x8x1024x128xbf16>
      tessel.yield %0 : tensor<1x8x1024x128xbf16>
    }
    return %r : tensor<1x8x1024x128xbf16>
  }
  func.func @d256_k16_r16_w1_n(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_r16_w1_c(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [16, 16], warp = [16, 16], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_r16_w2_n(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [16, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k16_r16_w2_c(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k16_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [32, 16], warp = [16, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_r16_w1_n(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_r16_w1_n(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_r16_w1_c(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_r16_w1_c(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [16, 32], warp = [16, 32], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_r16_w2_n(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_r16_w2_n(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
  func.func @d256_k32_r16_w2_c(%q: tensor<1x8x1024x256xbf16>, %k: tensor<1x8x1024x256xbf16>, %v: tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16> {
    %r = tessel.kernel @k_d256_k32_r16_w2_c(%q, %k, %v) : (tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>) -> tensor<1x8x1024x256xbf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x8x1024x256xbf16>, %b: tensor<1x8x1024x256xbf16>, %c: tensor<1x8x1024x256xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16>, tensor<1x8x1024x256xbf16> -> tensor<1x8x1024x256xbf16>
      tessel.yield %0 : tensor<1x8x1024x256xbf16>
    }
    return %r : tensor<1x8x1024x256xbf16>
  }
}
