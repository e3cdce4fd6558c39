// The fused attention anchors' schedules with their masks varied, one
// schedule a shape: the Mistral-7B prefill (32 query heads on 8 KV heads,
// 2048 tokens, head dim 128; wgmma, 128 x 128 tiles, two warpgroups, two
// stages: the model's choice on h100 and h200) with no mask, causal, and
// causal with windows of 1024 to 128 keys; GPT-2's 1024-token
// self-attention (12 heads, head dim 64; mma.sync, 32 x 128 tiles, four
// warps) with no mask, causal and a window of 256. bf16.
//
// What they are for: the H200 measured the anchors 1.57x slower than
// predicted (bench/data/h200/accuracy-attention-2026-12-04a.json), the
// masked ones most: GPT-2 causal 2.1x, Mistral's window of 512 1.75x,
// its causal 1.38x. Fitting time = blocks x (fixed + steps x step) to the
// two Mistral kernels alone gives a step of about 1.0 us and a fixed cost
// of about 12 us a block, the model about 1.3 and 3; a masked key tile
// costing more than a full one fits them as well. Here the number of
// key tiles a block steps (16 without a mask, 1 to 16 causal, at most 2
// to 9 with a window) and the share of them masked vary apart: the
// fixed cost, a full tile's and a masked tile's fall out of one run.
//
// sm_90a only (the wgmma half). Compile with `tessel-compile` (the
// schedules are given); bench/gpu's `variants` step times them
// (bench/gpu/prepare.sh: variants-attention-mask/).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mistral_full(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_full(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_causal(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_causal(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_w1024(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_w1024(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 1024 : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_w512(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_w512(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 512 : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_w256(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_w256(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 256 : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @mistral_w128(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
    %r = tessel.kernel @k_mistral_w128(%q, %k, %v) : (tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16>
        schedule = #tessel.schedule<block = [128, 128], warp = [16, 128], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x32x2048x128xbf16>, %b: tensor<1x8x2048x128xbf16>, %c: tensor<1x8x2048x128xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 128 : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
      tessel.yield %0 : tensor<1x32x2048x128xbf16>
    }
    return %r : tensor<1x32x2048x128xbf16>
  }
  func.func @gpt2_full(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_full(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_causal(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_causal(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
  func.func @gpt2_w256(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
    %r = tessel.kernel @k_gpt2_w256(%q, %k, %v) : (tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16>
        schedule = #tessel.schedule<block = [32, 128], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x12x1024x64xbf16>, %b: tensor<1x12x1024x64xbf16>, %c: tensor<1x12x1024x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal window = 256 : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
      tessel.yield %0 : tensor<1x12x1024x64xbf16>
    }
    return %r : tensor<1x12x1024x64xbf16>
  }
}
