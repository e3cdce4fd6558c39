// The attention of long-attention.mlir written as its parts (one KV head
// per query head here): 32 x 32768 x 32768 f32 scores, then their softmax,
// 137 GB each.
func.func @prefill_32k_parts(%q: tensor<32x32768x128xbf16>, %kt: tensor<32x128x32768xbf16>, %v: tensor<32x32768x128xf32>) -> tensor<32x32768x128xf32> {
  %s = tessel.batch_matmul %q, %kt : tensor<32x32768x128xbf16>, tensor<32x128x32768xbf16> -> tensor<32x32768x32768xf32>
  %p = tessel.softmax %s dim = 2 scale = 0.088388 causal : tensor<32x32768x32768xf32>
  %o = tessel.batch_matmul %p, %v : tensor<32x32768x32768xf32>, tensor<32x32768x128xf32> -> tensor<32x32768x128xf32>
  return %o : tensor<32x32768x128xf32>
}
