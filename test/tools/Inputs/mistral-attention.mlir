// Mistral-7B attention shapes (32 query heads, 8 KV heads, head dim
// 128): a 2048-token causal prefill and a one-token decode step against a
// 4096-token KV cache. Compiled, not run: too large for the CPU check.
func.func @mistral_prefill(%q: tensor<1x32x2048x128xbf16>, %k: tensor<1x8x2048x128xbf16>, %v: tensor<1x8x2048x128xbf16>) -> tensor<1x32x2048x128xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x32x2048x128xbf16>, tensor<1x8x2048x128xbf16>, tensor<1x8x2048x128xbf16> -> tensor<1x32x2048x128xbf16>
  return %o : tensor<1x32x2048x128xbf16>
}
// Decode: one query token against a 4096-token cache.
func.func @mistral_decode(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>, %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>
  return %o : tensor<1x32x1x128xbf16>
}
