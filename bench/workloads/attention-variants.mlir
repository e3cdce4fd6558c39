// Fused attention schedules side by side, for measuring what the cost
// model must predict of the register-resident form (warp = [rows, key
// tile]: S, P, O and the rows' statistics in each warp's registers)
// against the shared-memory form it replaces (no warp tile): the
// Mistral-7B prefill (32 query heads on 8 KV heads, 2048 tokens, head dim
// 128, causal) and GPT-2's causal 1024-token self-attention (12 heads, head
// dim 64), bf16, one and two 16-row strips a warp, key tiles 32 to 128,
// the K and V copies in one to three stages (cp.async); and, last, the
// same forms with each key tile split among the warps (warp = [16, keys])
// beside those they replace on a decode step and two short prefills.
// bench/gpu/prepare.sh compiles it into variants-attention/ (NVIDIA only:
// the register form runs on mma.sync) and run_suite.sh's `variants` step
// times it; compare with scaled_dot_product_attention in the same run's
// attention step. An H200 ran the first ones on 2026-11-28 (bench/data/h200,
// runs a-c); the key splits have not run on a GPU yet.

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mistral_shared_b64x128_w8(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_shared_b64x128_w8(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 128], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_reg_b64x32_r16(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b64x32_r16(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }

  func.func @mistral_reg_b64x32_r16_s2(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b64x32_r16_s2(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [16, 32], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_reg_b64x64_r16(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b64x64_r16(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }

  func.func @mistral_reg_b64x64_r16_s3(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b64x64_r16_s3(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 3, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_reg_b128x32_r16(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b128x32_r16(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [16, 32], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_reg_b128x64_r16(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b128x64_r16(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_reg_b64x128_r16(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_reg_b64x128_r16(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @gpt2_shared_b32x128_w2(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_shared_b32x128_w2(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_reg_b64x64_r16(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_reg_b64x64_r16(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }

  func.func @gpt2_reg_b64x64_r16_s2(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_reg_b64x64_r16_s2(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_reg_b64x32_r32(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_reg_b64x32_r32(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_reg_b128x32_r32(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_reg_b128x32_r32(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [128, 32], warp = [32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }

  // A decode step (Mistral-7B: 32 query heads on 8 KV heads, 4096 keys,
  // head dim 128) split 32 ways, and the short prefills of BERT (128
  // tokens, 12 heads of 64) and ViT-B/16 (197 tokens): the shared-memory
  // form (what the H200 measured for the decode on 2026-11-30, 23.4 us,
  // the MIO queue full of 2-byte shared loads and stores), the
  // register-resident form with one warp a strip, and that form with each
  // key tile split among 2 to 8 warps (warp = [16, keys]).
  func.func @decode_shared_b16x128_w8(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
    %r = tessel.kernel @k_decode_shared_b16x128_w8(%q, %k, %v) : (tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16>
        schedule = #tessel.schedule<block = [16, 128], warps = 8, split_k = 32, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x1x128xbf16>, %b: tensor<1x8x4096x128xbf16>, %c: tensor<1x8x4096x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
      tessel.yield %0 : tensor<1x32x1x128xbf16>
    }
    return %r : tensor<1x32x1x128xbf16>
  }
  func.func @decode_reg_b16x128_w1_s2(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
    %r = tessel.kernel @k_decode_reg_b16x128_w1_s2(%q, %k, %v) : (tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 128], warps = 1, stages = 2, split_k = 32, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x1x128xbf16>, %b: tensor<1x8x4096x128xbf16>, %c: tensor<1x8x4096x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
      tessel.yield %0 : tensor<1x32x1x128xbf16>
    }
    return %r : tensor<1x32x1x128xbf16>
  }
  func.func @decode_ks_b16x128_k32_s2(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
    %r = tessel.kernel @k_decode_ks_b16x128_k32_s2(%q, %k, %v) : (tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 32], warps = 4, stages = 2, split_k = 32, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x1x128xbf16>, %b: tensor<1x8x4096x128xbf16>, %c: tensor<1x8x4096x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
      tessel.yield %0 : tensor<1x32x1x128xbf16>
    }
    return %r : tensor<1x32x1x128xbf16>
  }
  func.func @decode_ks_b16x128_k16_s2(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
    %r = tessel.kernel @k_decode_ks_b16x128_k16_s2(%q, %k, %v) : (tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 16], warps = 8, stages = 2, split_k = 32, mma = mma_sync> {
    ^bb0(%a: tensor<1x32x1x128xbf16>, %b: tensor<1x8x4096x128xbf16>, %c: tensor<1x8x4096x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
      tessel.yield %0 : tensor<1x32x1x128xbf16>
    }
    return %r : tensor<1x32x1x128xbf16>
  }
  func.func @bert_reg_b64x64_r16_s2(%q: tensor<1x12x128x64xbf16>, %k: tensor<1x12x128x64xbf16>, %v: tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16> {
    %r = tessel.kernel @k_bert_reg_b64x64_r16_s2(%q, %k, %v) : (tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x128x64xbf16>, %b: tensor<1x12x128x64xbf16>, %c: tensor<1x12x128x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16> -> tensor<1x12x128x64xbf16>
      tessel.yield %0 : tensor<1x12x128x64xbf16>
    }
    return %r : tensor<1x12x128x64xbf16>
  }
  func.func @bert_ks_b16x128_k16(%q: tensor<1x12x128x64xbf16>, %k: tensor<1x12x128x64xbf16>, %v: tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16> {
    %r = tessel.kernel @k_bert_ks_b16x128_k16(%q, %k, %v) : (tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 16], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x128x64xbf16>, %b: tensor<1x12x128x64xbf16>, %c: tensor<1x12x128x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16> -> tensor<1x12x128x64xbf16>
      tessel.yield %0 : tensor<1x12x128x64xbf16>
    }
    return %r : tensor<1x12x128x64xbf16>
  }
  func.func @bert_ks_b32x128_k32(%q: tensor<1x12x128x64xbf16>, %k: tensor<1x12x128x64xbf16>, %v: tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16> {
    %r = tessel.kernel @k_bert_ks_b32x128_k32(%q, %k, %v) : (tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [16, 32], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x128x64xbf16>, %b: tensor<1x12x128x64xbf16>, %c: tensor<1x12x128x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16> -> tensor<1x12x128x64xbf16>
      tessel.yield %0 : tensor<1x12x128x64xbf16>
    }
    return %r : tensor<1x12x128x64xbf16>
  }
  func.func @vit_reg_b64x128_r16_s2(%q: tensor<1x12x197x64xbf16>, %k: tensor<1x12x197x64xbf16>, %v: tensor<1x12x197x64xbf16>) -> tensor<1x12x197x64xbf16> {
    %r = tessel.kernel @k_vit_reg_b64x128_r16_s2(%q, %k, %v) : (tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>) -> tensor<1x12x197x64xbf16>
        schedule = #tessel.schedule<block = [64, 128], warp = [16, 128], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x197x64xbf16>, %b: tensor<1x12x197x64xbf16>, %c: tensor<1x12x197x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16> -> tensor<1x12x197x64xbf16>
      tessel.yield %0 : tensor<1x12x197x64xbf16>
    }
    return %r : tensor<1x12x197x64xbf16>
  }
  func.func @vit_ks_b16x128_k16_s2(%q: tensor<1x12x197x64xbf16>, %k: tensor<1x12x197x64xbf16>, %v: tensor<1x12x197x64xbf16>) -> tensor<1x12x197x64xbf16> {
    %r = tessel.kernel @k_vit_ks_b16x128_k16_s2(%q, %k, %v) : (tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>) -> tensor<1x12x197x64xbf16>
        schedule = #tessel.schedule<block = [16, 128], warp = [16, 16], warps = 8, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x197x64xbf16>, %b: tensor<1x12x197x64xbf16>, %c: tensor<1x12x197x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16> -> tensor<1x12x197x64xbf16>
      tessel.yield %0 : tensor<1x12x197x64xbf16>
    }
    return %r : tensor<1x12x197x64xbf16>
  }
}
