// Mistral-7B attention with its sliding window of 4096 keys (32 query
// heads, 8 KV heads, head dim 128): an 8192-token prefill, the same
// prefill causal only, and a one-token decode step against a 16384-token
// KV cache, of which the window reads the last 4096. Compiled, not run:
// too large for the CPU check (test/codegen/cpu-check-fused-attention-*.mlir
// checks windows on small shapes with the same kernels).
func.func @window_prefill(%q: tensor<1x32x8192x128xbf16>, %k: tensor<1x8x8192x128xbf16>, %v: tensor<1x8x8192x128xbf16>) -> tensor<1x32x8192x128xbf16> {
  %o = tessel.attention %q, %k, %v causal window = 4096 : tensor<1x32x8192x128xbf16>, tensor<1x8x8192x128xbf16>, tensor<1x8x8192x128xbf16> -> tensor<1x32x8192x128xbf16>
  return %o : tensor<1x32x8192x128xbf16>
}
func.func @causal_prefill(%q: tensor<1x32x8192x128xbf16>, %k: tensor<1x8x8192x128xbf16>, %v: tensor<1x8x8192x128xbf16>) -> tensor<1x32x8192x128xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x32x8192x128xbf16>, tensor<1x8x8192x128xbf16>, tensor<1x8x8192x128xbf16> -> tensor<1x32x8192x128xbf16>
  return %o : tensor<1x32x8192x128xbf16>
}
func.func @window_decode(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x16384x128xbf16>, %v: tensor<1x8x16384x128xbf16>) -> tensor<1x32x1x128xbf16> {
  %o = tessel.attention %q, %k, %v causal window = 4096 : tensor<1x32x1x128xbf16>, tensor<1x8x16384x128xbf16>, tensor<1x8x16384x128xbf16> -> tensor<1x32x1x128xbf16>
  return %o : tensor<1x32x1x128xbf16>
}
