// The register-resident fused attention on warpgroup MMA (`mma = wgmma`,
// sm_90a: one 16-row strip a warp, whole warpgroups) beside the same
// schedules on mma.sync: the Mistral-7B prefill (32 query heads on 8 KV
// heads, 2048 tokens, head dim 128, causal) and GPT-2's causal 1024-token
// self-attention (12 heads, head dim 64), bf16, key tiles 16 to 64, one
// and two warpgroups, the K and V copies in one to three stages.
// bench/gpu/prepare.sh compiles it into variants-attention-wgmma/ on
// sm_90a targets and run_suite.sh's `variants` step times it; compare
// with scaled_dot_product_attention in the same run's attention step and
// with the predictions (`tessel-compile --predict-only`). The H200 run of
// 2026-11-28c measured the wgmma ones before they overlapped the previous
// step's P v with the softmax (since 2026-11-29); the overlapped kernels
// have not run on a GPU yet.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mistral_wgmma_b64x16_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b64x16_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_mma_sync_b64x16_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_mma_sync_b64x16_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 16], warp = [16, 16], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_wgmma_b64x32_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b64x32_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_mma_sync_b64x32_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_mma_sync_b64x32_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_wgmma_b64x64_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b64x64_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_mma_sync_b64x64_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_mma_sync_b64x64_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_wgmma_b64x64_s1(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b64x64_s1(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_mma_sync_b64x64_s1(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_mma_sync_b64x64_s1(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_wgmma_b128x64_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b128x64_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  // The [128, 128] tile the model chooses for the prefill (the H200
  // measured it at 161.5 us in run 30a, with P waiting in f32): since P
  // waits a step rounded to bf16, 240 registers and no spill (with P in
  // f32, once exp2 was one MUFU.EX2, 255 and a 104-byte spill); timed
  // beside [128, 64].
  func.func @mistral_wgmma_b128x128_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b128x128_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_mma_sync_b128x64_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_mma_sync_b128x64_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_wgmma_b128x32_s3(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_wgmma_b128x32_s3(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_mma_sync_b128x32_s3(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_mma_sync_b128x32_s3(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, stages = 3, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @gpt2_wgmma_b64x64_s2(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_wgmma_b64x64_s2(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_mma_sync_b64x64_s2(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_mma_sync_b64x64_s2(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_wgmma_b128x64_s2(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_wgmma_b128x64_s2(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_mma_sync_b128x64_s2(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_mma_sync_b128x64_s2(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
}
