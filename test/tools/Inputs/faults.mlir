// Kernels for tessel-run --inject-fault: a scaled causal softmax, a causal
// attention, a square transpose and a square matmul, in f32 and bf16.
func.func @softmax_f32(%x: tensor<6x20x33xf32>) -> tensor<6x20x33xf32> {
  %0 = tessel.softmax %x dim = 2 scale = 0.25 causal : tensor<6x20x33xf32>
  return %0 : tensor<6x20x33xf32>
}
func.func @attention_bf16(%q: tensor<1x4x24x32xbf16>, %k: tensor<1x2x40x32xbf16>, %v: tensor<1x2x40x32xbf16>) -> tensor<1x4x24x32xbf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x4x24x32xbf16>, tensor<1x2x40x32xbf16>, tensor<1x2x40x32xbf16> -> tensor<1x4x24x32xbf16>
  return %0 : tensor<1x4x24x32xbf16>
}
func.func @transpose_f32(%x: tensor<3x17x17xf32>) -> tensor<3x17x17xf32> {
  %0 = tessel.transpose %x permutation = [0, 2, 1] : tensor<3x17x17xf32> -> tensor<3x17x17xf32>
  %1 = tessel.exp %0 : tensor<3x17x17xf32>
  return %1 : tensor<3x17x17xf32>
}
func.func @linear_f32(%x: tensor<10x48xf32>, %w: tensor<48x48xf32>) -> tensor<10x48xf32> {
  %0 = tessel.matmul %x, %w : tensor<10x48xf32>, tensor<48x48xf32> -> tensor<10x48xf32>
  return %0 : tensor<10x48xf32>
}
