// The attention anchors of the fused attention issue: each as the model
// runs it (the fused attention kernel, or its parts where the model
// predicts them faster). bench/gpu/prepare.sh compiles it; run_suite.sh's
// `attention` step checks and times it and
// torch.nn.functional.scaled_dot_product_attention (its FlashAttention
// backend on sm_80+) on the same shapes, in one run.
// - BERT-base self-attention: 12 heads, 128 tokens, head dim 64, bf16.
// - GPT-2 (small) causal self-attention: 12 heads, 1024 tokens, dim 64.
// - Mistral-7B prefill: 32 query heads, 8 KV heads (grouped-query), 2048
//   tokens, head dim 128, causal (FlashAttention-class kernels: roughly
//   50-100 us on an H100, FACTS.md).
// - Mistral-7B decode: one query token against a 4096-token KV cache.
// - Mistral-7B prefill with a sliding window of 512 keys over 2048 tokens
//   (the window's masked tiles skipped; scaled_dot_product_attention takes
//   it as a boolean mask, so not through its FlashAttention backend).
// - ViT-B/16: 12 heads, 197 tokens (196 patches + class token), dim 64.
module {
func.func @bert_base_s128(%q: tensor<1x12x128x64xbf16>, %k: tensor<1x12x128x64xbf16>, %v: tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16> {
  %o = tessel.attention %q, %k, %v : tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16> -> tensor<1x12x128x64xbf16>
  return %o : tensor<1x12x128x64xbf16>
}
func.func @gpt2_causal_s1024(%q: tensor<1x12x1024x64xbf16>, %k: tensor<1x12x1024x64xbf16>, %v: tensor<1x12x1024x64xbf16>) -> tensor<1x12x1024x64xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16>, tensor<1x12x1024x64xbf16> -> tensor<1x12x1024x64xbf16>
  return %o : tensor<1x12x1024x64xbf16>
}
func.func @mistral_prefill_s2048(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
  return %o : tensor<1x32x2048x128xbf16>
}
func.func @mistral_decode_kv4096(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
  return %o : tensor<1x32x1x128xbf16>
}
func.func @mistral_prefill_s2048_w512(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
  %o = tessel.attention %q, %k, %v causal window = 512 : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
  return %o : tensor<1x32x2048x128xbf16>
}
func.func @vit_b16_s197(%q: tensor<1x12x197x64xbf16>, %k: tensor<1x12x197x64xbf16>, %v: tensor<1x12x197x64xbf16>) -> tensor<1x12x197x64xbf16> {
  %o = tessel.attention %q, %k, %v : tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16>, tensor<1x12x197x64xbf16> -> tensor<1x12x197x64xbf16>
  return %o : tensor<1x12x197x64xbf16>
}
}
