// The fused attention kernel (passes/tiling/FusedAttention.h) on the CPU
// path against the reference: the shapes of real models, head dims 64 to
// 256, lengths 1 to 4096 (none divided by the tiles), grouped-query heads,
// causal masks with more keys than queries, f32, f16 and bf16. The first
// functions take the schedule the model chooses on h100 (each the fused
// kernel, in its shared-memory or register-resident form, one kernel per
// function, but the small f32 one's parts; GPT-2's two heads split their
// keys: tessel-split-reduction's split-KV kernel, whose four results are
// checked; the grouped-query prefill splits each key tile among its
// block's warps instead); the kernels after them are
// written with schedules the model would not choose (a decode step, one
// head, a sliding window), so that every micro-tile shape and thread count
// runs on SIMT lanes (tensor cores: cpu-check-fused-attention-mma.mlir).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt %s --tessel-set-target=target=h100 --tessel-form-kernels --tessel-select-schedules | FileCheck %s --check-prefix=CHOSEN
// RUN: not tessel-run %s --cpu --check --inject-fault=mask --only=k_wide_block_bf16 | FileCheck %s --check-prefix=FAULT
// RUN: not tessel-run %s --cpu --check --inject-fault=mask --only=k_window_f32 | FileCheck %s --check-prefix=FAULT


// CHOSEN-LABEL: func.func @bert_bf16
// CHOSEN: tessel.kernel @bert_bf16_k0_attention
// CHOSEN-SAME: schedule = #tessel.schedule<block = [{{[0-9]+}}, {{[0-9]+}}],{{( warp = \[[0-9]+, [0-9]+\],)?}} warps = {{[0-9]+}}, stages = {{[1-3]}}, split_k = 1, vector = 1, mma = {{simt|mma_sync}}>
// CHOSEN-NOT: tessel.kernel
// CHOSEN-LABEL: func.func @gpt2_causal_f16
// CHOSEN: tessel.kernel @gpt2_causal_f16_k0_attention
// CHOSEN-SAME: schedule = #tessel.schedule<block = [{{[0-9]+}}, {{[0-9]+}}],{{( warp = \[[0-9]+, [0-9]+\],)?}} warps = {{[0-9]+}}, stages = {{[1-3]}}, split_k = {{[2-9]|[1-9][0-9]+}}, vector = 1, mma = {{simt|mma_sync}}>
// CHOSEN-NOT: tessel.kernel
// CHOSEN-LABEL: func.func @mistral_gqa_causal_bf16
// CHOSEN: tessel.kernel @mistral_gqa_causal_bf16_k0_attention
// CHOSEN-SAME: schedule = #tessel.schedule<block = [{{[0-9]+}}, {{[0-9]+}}], warp = [{{[0-9]+}}, {{[0-9]+}}], warps = {{[0-9]+}}, stages = {{[1-3]}}, split_k = 1, vector = 1, mma = mma_sync>
// CHOSEN-NOT: tessel.kernel
// CHOSEN-LABEL: func.func @dim80_len77_f16
// CHOSEN: tessel.kernel @dim80_len77_f16_k0_attention
// CHOSEN-SAME: schedule = #tessel.schedule<block = [{{[0-9]+}}, {{[0-9]+}}],{{( warp = \[[0-9]+, [0-9]+\],)?}} warps = {{[0-9]+}}, stages = {{[1-3]}}, split_k = 1, vector = 1, mma = {{simt|mma_sync}}>
// CHOSEN-NOT: tessel.kernel
// CHOSEN-LABEL: func.func @len1_bf16
// CHOSEN: tessel.kernel @len1_bf16_k0_attention
// CHOSEN-SAME: schedule = #tessel.schedule<block = [{{[0-9]+}}, {{[0-9]+}}],{{( warp = \[[0-9]+, [0-9]+\],)?}} warps = {{[0-9]+}}, stages = {{[1-3]}}, split_k = 1, vector = 1, mma = {{simt|mma_sync}}>
// CHOSEN-NOT: tessel.kernel
// Three heads of 50 f32 queries: the fused kernel on SIMT lanes (9.4 us; a
// warp alone issues every 6 clocks) is priced below its parts (11.8 us:
// their SIMT K steps wait a shared-memory round every k, one warp a
// scheduler; 8.7 us before that term, when the model ran the parts);
// @dim96_f32_fused checks the fused kernel on other tiles.
// CHOSEN-LABEL: func.func @dim96_f32
// CHOSEN: tessel.kernel @dim96_f32_k0_attention
// CHOSEN-NOT: tessel.kernel
// CHOSEN-LABEL: func.func @dim96_f32_fused
// CHOSEN-LABEL: func.func @decode_4096_bf16

// CHECK: kernel @bert_bf16_k0_attention
// CHECK-NEXT: ok
// CHECK: kernel @gpt2_causal_f16_k0_attention_split
// CHECK-NEXT: ok
// CHECK-NEXT: ok
// CHECK-NEXT: ok
// CHECK-NEXT: ok
// CHECK: kernel @mistral_gqa_causal_bf16_k0_attention
// CHECK-NEXT: ok
// CHECK: kernel @dim80_len77_f16_k0_attention
// CHECK-NEXT: ok
// CHECK: kernel @len1_bf16_k0_attention
// CHECK-NEXT: ok
// CHECK: kernel @dim96_f32_k0_attention
// CHECK-NEXT: ok
// CHECK: kernel @k_dim96_f32
// CHECK-NEXT: ok
// CHECK: kernel @k_decode_4096_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_dim256_len197_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_dim128_len1000_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_one_warp_f16
// CHECK-NEXT: ok
// CHECK: kernel @k_wide_block_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_window_f32
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// FAULT: MISMATCH: some outputs differ from the reference

// BERT-base: 12 heads, 128 tokens, dim 64.
func.func @bert_bf16(%q: tensor<1x12x128x64xbf16>, %k: tensor<1x12x128x64xbf16>, %v: tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16> {
  %0 = tessel.attention %q, %k, %v : tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16> -> tensor<1x12x128x64xbf16>
  return %0 : tensor<1x12x128x64xbf16>
}

// GPT-2 causal, 1024 tokens (2 of its 12 heads).
func.func @gpt2_causal_f16(%q: tensor<1x2x1024x64xf16>, %k: tensor<1x2x1024x64xf16>, %v: tensor<1x2x1024x64xf16>) -> tensor<1x2x1024x64xf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x2x1024x64xf16>, tensor<1x2x1024x64xf16>, tensor<1x2x1024x64xf16> -> tensor<1x2x1024x64xf16>
  return %0 : tensor<1x2x1024x64xf16>
}

// Mistral-style grouped-query causal prefill, 4 query heads per KV head, dim 128 (256 tokens).
func.func @mistral_gqa_causal_bf16(%q: tensor<1x8x256x128xbf16>, %k: tensor<1x2x256x128xbf16>, %v: tensor<1x2x256x128xbf16>) -> tensor<1x8x256x128xbf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x8x256x128xbf16>, tensor<1x2x256x128xbf16>, tensor<1x2x256x128xbf16> -> tensor<1x8x256x128xbf16>
  return %0 : tensor<1x8x256x128xbf16>
}

// head dim 80, 77 tokens (CLIP's text length).
func.func @dim80_len77_f16(%q: tensor<2x2x77x80xf16>, %k: tensor<2x1x77x80xf16>, %v: tensor<2x1x77x80xf16>) -> tensor<2x2x77x80xf16> {
  %0 = tessel.attention %q, %k, %v : tensor<2x2x77x80xf16>, tensor<2x1x77x80xf16>, tensor<2x1x77x80xf16> -> tensor<2x2x77x80xf16>
  return %0 : tensor<2x2x77x80xf16>
}

// one token.
func.func @len1_bf16(%q: tensor<1x4x1x64xbf16>, %k: tensor<1x4x1x64xbf16>, %v: tensor<1x4x1x64xbf16>) -> tensor<1x4x1x64xbf16> {
  %0 = tessel.attention %q, %k, %v : tensor<1x4x1x64xbf16>, tensor<1x4x1x64xbf16>, tensor<1x4x1x64xbf16> -> tensor<1x4x1x64xbf16>
  return %0 : tensor<1x4x1x64xbf16>
}

// head dim 96, f32, causal with more keys than queries.
func.func @dim96_f32(%q: tensor<1x3x50x96xf32>, %k: tensor<1x3x61x96xf32>, %v: tensor<1x3x61x96xf32>) -> tensor<1x3x50x96xf32> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x3x50x96xf32>, tensor<1x3x61x96xf32>, tensor<1x3x61x96xf32> -> tensor<1x3x50x96xf32>
  return %0 : tensor<1x3x50x96xf32>
}

// The same f32 attention on other tiles of the fused kernel (16 x 32, two
// warps: the model's choice may move with its launch cost; this one stays).
func.func @dim96_f32_fused(%q: tensor<1x3x50x96xf32>, %k: tensor<1x3x61x96xf32>, %v: tensor<1x3x61x96xf32>) -> tensor<1x3x50x96xf32> {
  %r = tessel.kernel @k_dim96_f32(%q, %k, %v) : (tensor<1x3x50x96xf32>, tensor<1x3x61x96xf32>, tensor<1x3x61x96xf32>) -> tensor<1x3x50x96xf32>
      schedule = #tessel.schedule<block = [16, 32], warps = 2> {
  ^bb0(%a: tensor<1x3x50x96xf32>, %b: tensor<1x3x61x96xf32>, %c: tensor<1x3x61x96xf32>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x3x50x96xf32>, tensor<1x3x61x96xf32>, tensor<1x3x61x96xf32> -> tensor<1x3x50x96xf32>
    tessel.yield %0 : tensor<1x3x50x96xf32>
  }
  return %r : tensor<1x3x50x96xf32>
}

// decode: one query against a 4096-token cache.
func.func @decode_4096_bf16(%q: tensor<1x4x1x64xbf16>, %k: tensor<1x1x4096x64xbf16>, %v: tensor<1x1x4096x64xbf16>) -> tensor<1x4x1x64xbf16> {
  %r = tessel.kernel @k_decode_4096_bf16(%q, %k, %v) : (tensor<1x4x1x64xbf16>, tensor<1x1x4096x64xbf16>, tensor<1x1x4096x64xbf16>) -> tensor<1x4x1x64xbf16>
      schedule = #tessel.schedule<block = [16, 128], warps = 4> {
  ^bb0(%a: tensor<1x4x1x64xbf16>, %b: tensor<1x1x4096x64xbf16>, %c: tensor<1x1x4096x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x1x64xbf16>, tensor<1x1x4096x64xbf16>, tensor<1x1x4096x64xbf16> -> tensor<1x4x1x64xbf16>
    tessel.yield %0 : tensor<1x4x1x64xbf16>
  }
  return %r : tensor<1x4x1x64xbf16>
}

// head dim 256, 197 tokens (ViT-B/16 plus class token).
func.func @dim256_len197_bf16(%q: tensor<1x1x197x256xbf16>, %k: tensor<1x1x197x256xbf16>, %v: tensor<1x1x197x256xbf16>) -> tensor<1x1x197x256xbf16> {
  %r = tessel.kernel @k_dim256_len197_bf16(%q, %k, %v) : (tensor<1x1x197x256xbf16>, tensor<1x1x197x256xbf16>, tensor<1x1x197x256xbf16>) -> tensor<1x1x197x256xbf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 2> {
  ^bb0(%a: tensor<1x1x197x256xbf16>, %b: tensor<1x1x197x256xbf16>, %c: tensor<1x1x197x256xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x1x197x256xbf16>, tensor<1x1x197x256xbf16>, tensor<1x1x197x256xbf16> -> tensor<1x1x197x256xbf16>
    tessel.yield %0 : tensor<1x1x197x256xbf16>
  }
  return %r : tensor<1x1x197x256xbf16>
}

// head dim 128, 1000 tokens.
func.func @dim128_len1000_f16(%q: tensor<1x1x1000x128xf16>, %k: tensor<1x1x1000x128xf16>, %v: tensor<1x1x1000x128xf16>) -> tensor<1x1x1000x128xf16> {
  %r = tessel.kernel @k_dim128_len1000_f16(%q, %k, %v) : (tensor<1x1x1000x128xf16>, tensor<1x1x1000x128xf16>, tensor<1x1x1000x128xf16>) -> tensor<1x1x1000x128xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<1x1x1000x128xf16>, %b: tensor<1x1x1000x128xf16>, %c: tensor<1x1x1000x128xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x1x1000x128xf16>, tensor<1x1x1000x128xf16>, tensor<1x1x1000x128xf16> -> tensor<1x1x1000x128xf16>
    tessel.yield %0 : tensor<1x1x1000x128xf16>
  }
  return %r : tensor<1x1x1000x128xf16>
}

// one warp, 1x1 micro-tiles of S.
func.func @one_warp_f16(%q: tensor<1x2x77x64xf16>, %k: tensor<1x2x77x64xf16>, %v: tensor<1x2x77x64xf16>) -> tensor<1x2x77x64xf16> {
  %r = tessel.kernel @k_one_warp_f16(%q, %k, %v) : (tensor<1x2x77x64xf16>, tensor<1x2x77x64xf16>, tensor<1x2x77x64xf16>) -> tensor<1x2x77x64xf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 1> {
  ^bb0(%a: tensor<1x2x77x64xf16>, %b: tensor<1x2x77x64xf16>, %c: tensor<1x2x77x64xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x2x77x64xf16>, tensor<1x2x77x64xf16>, tensor<1x2x77x64xf16> -> tensor<1x2x77x64xf16>
    tessel.yield %0 : tensor<1x2x77x64xf16>
  }
  return %r : tensor<1x2x77x64xf16>
}

// a query tile longer than the sequence.
func.func @wide_block_bf16(%q: tensor<1x2x77x32xbf16>, %k: tensor<1x1x90x32xbf16>, %v: tensor<1x1x90x32xbf16>) -> tensor<1x2x77x32xbf16> {
  %r = tessel.kernel @k_wide_block_bf16(%q, %k, %v) : (tensor<1x2x77x32xbf16>, tensor<1x1x90x32xbf16>, tensor<1x1x90x32xbf16>) -> tensor<1x2x77x32xbf16>
      schedule = #tessel.schedule<block = [128, 16], warps = 8> {
  ^bb0(%a: tensor<1x2x77x32xbf16>, %b: tensor<1x1x90x32xbf16>, %c: tensor<1x1x90x32xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x77x32xbf16>, tensor<1x1x90x32xbf16>, tensor<1x1x90x32xbf16> -> tensor<1x2x77x32xbf16>
    tessel.yield %0 : tensor<1x2x77x32xbf16>
  }
  return %r : tensor<1x2x77x32xbf16>
}


// a sliding window of 21 keys on SIMT lanes: blocks start at their first
// query's window.
func.func @window_f32(%q: tensor<1x2x77x32xf32>, %k: tensor<1x1x90x32xf32>, %v: tensor<1x1x90x32xf32>) -> tensor<1x2x77x32xf32> {
  %r = tessel.kernel @k_window_f32(%q, %k, %v) : (tensor<1x2x77x32xf32>, tensor<1x1x90x32xf32>, tensor<1x1x90x32xf32>) -> tensor<1x2x77x32xf32>
      schedule = #tessel.schedule<block = [16, 32], warps = 2> {
  ^bb0(%a: tensor<1x2x77x32xf32>, %b: tensor<1x1x90x32xf32>, %c: tensor<1x1x90x32xf32>):
    %0 = tessel.attention %a, %b, %c causal window = 21 : tensor<1x2x77x32xf32>, tensor<1x1x90x32xf32>, tensor<1x1x90x32xf32> -> tensor<1x2x77x32xf32>
    tessel.yield %0 : tensor<1x2x77x32xf32>
  }
  return %r : tensor<1x2x77x32xf32>
}
