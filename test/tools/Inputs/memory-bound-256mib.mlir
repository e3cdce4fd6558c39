// Memory-bound kernels over 256 MiB of bf16 (16384 x 8192), as issue 4's
// sanity check names them: softmax, layer_norm, an elementwise op, and an
// elementwise op of two inputs.
func.func @softmax(%x: tensor<16384x8192xbf16>) -> tensor<16384x8192xbf16> {
  %y = tessel.softmax %x dim = 1 : tensor<16384x8192xbf16>
  return %y : tensor<16384x8192xbf16>
}
func.func @layer_norm(%x: tensor<16384x8192xbf16>, %g: tensor<8192xbf16>, %b: tensor<8192xbf16>) -> tensor<16384x8192xbf16> {
  %y = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-5 : (tensor<16384x8192xbf16>, tensor<8192xbf16>, tensor<8192xbf16>) -> tensor<16384x8192xbf16>
  return %y : tensor<16384x8192xbf16>
}
func.func @gelu(%x: tensor<16384x8192xbf16>) -> tensor<16384x8192xbf16> {
  %y = tessel.gelu tanh %x : tensor<16384x8192xbf16>
  return %y : tensor<16384x8192xbf16>
}
func.func @add(%x: tensor<16384x8192xbf16>, %z: tensor<16384x8192xbf16>) -> tensor<16384x8192xbf16> {
  %y = tessel.add %x, %z : tensor<16384x8192xbf16>, tensor<16384x8192xbf16> -> tensor<16384x8192xbf16>
  return %y : tensor<16384x8192xbf16>
}
