// A 32k-token causal prefill (Mistral-7B's heads: 32 query, 8 KV, dim 128)
// as one op, and the same attention written as its parts: its scores alone
// take 137 GB of f32.
func.func @prefill_32k(%q: tensor<1x32x32768x128xbf16>, %k: tensor<1x8x32768x128xbf16>, %v: tensor<1x8x32768x128xbf16>) -> tensor<1x32x32768x128xbf16> {
  %o = tessel.attention %q, %k, %v causal : tensor<1x32x32768x128xbf16>, tensor<1x8x32768x128xbf16>, tensor<1x8x32768x128xbf16> -> tensor<1x32x32768x128xbf16>
  return %o : tensor<1x32x32768x128xbf16>
}
