// tessel.pool2d on the CPU path against the reference, in all three types:
// ResNet's stem max pool (3x3, stride 2, padding 1: padding never wins),
// an average pool whose padding counts as zeros, windows that do not tile
// the input evenly (the last rows and columns left over), and a pool after
// a convolution with bias and relu (the pool reads the convolution's
// result from memory: it gathers a padded input).
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK-LABEL: func @pools_f32
// CHECK-COUNT-3: ok
func.func @pools_f32(%x: tensor<2x13x11x6xf32>) -> (tensor<2x7x6x6xf32>, tensor<2x7x6x6xf32>, tensor<2x4x4x6xf32>) {
  %0 = tessel.pool2d max %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<2x13x11x6xf32> -> tensor<2x7x6x6xf32>
  %1 = tessel.pool2d mean %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<2x13x11x6xf32> -> tensor<2x7x6x6xf32>
  %2 = tessel.pool2d mean %x window = [3, 2] strides = [3, 3] padding = [0, 0, 0, 0] : tensor<2x13x11x6xf32> -> tensor<2x4x4x6xf32>
  return %0, %1, %2 : tensor<2x7x6x6xf32>, tensor<2x7x6x6xf32>, tensor<2x4x4x6xf32>
}

// CHECK-LABEL: func @pools_f16
// CHECK-COUNT-3: ok
func.func @pools_f16(%x: tensor<2x13x11x6xf16>) -> (tensor<2x7x6x6xf16>, tensor<2x7x6x6xf16>, tensor<2x4x4x6xf16>) {
  %0 = tessel.pool2d max %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<2x13x11x6xf16> -> tensor<2x7x6x6xf16>
  %1 = tessel.pool2d mean %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<2x13x11x6xf16> -> tensor<2x7x6x6xf16>
  %2 = tessel.pool2d max %x window = [3, 2] strides = [3, 3] padding = [0, 0, 0, 0] : tensor<2x13x11x6xf16> -> tensor<2x4x4x6xf16>
  return %0, %1, %2 : tensor<2x7x6x6xf16>, tensor<2x7x6x6xf16>, tensor<2x4x4x6xf16>
}

// CHECK-LABEL: func @pools_bf16
// CHECK-COUNT-3: ok
func.func @pools_bf16(%x: tensor<2x13x11x6xbf16>) -> (tensor<2x7x6x6xbf16>, tensor<2x7x6x6xbf16>, tensor<2x4x4x6xbf16>) {
  %0 = tessel.pool2d max %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<2x13x11x6xbf16> -> tensor<2x7x6x6xbf16>
  %1 = tessel.pool2d mean %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<2x13x11x6xbf16> -> tensor<2x7x6x6xbf16>
  %2 = tessel.pool2d mean %x window = [3, 2] strides = [3, 3] padding = [0, 0, 0, 0] : tensor<2x13x11x6xbf16> -> tensor<2x4x4x6xbf16>
  return %0, %1, %2 : tensor<2x7x6x6xbf16>, tensor<2x7x6x6xbf16>, tensor<2x4x4x6xbf16>
}

// CHECK-LABEL: func @stem_bf16
// CHECK: ok
func.func @stem_bf16(%x: tensor<1x17x17x3xbf16>, %w: tensor<3x3x3x8xbf16>, %b: tensor<8xbf16>) -> tensor<1x5x5x8xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x17x17x3xbf16>, tensor<3x3x3x8xbf16> -> tensor<1x9x9x8xbf16>
  %1 = tessel.add %0, %b : tensor<1x9x9x8xbf16>, tensor<8xbf16> -> tensor<1x9x9x8xbf16>
  %2 = tessel.relu %1 : tensor<1x9x9x8xbf16>
  %3 = tessel.pool2d max %2 window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<1x9x9x8xbf16> -> tensor<1x5x5x8xbf16>
  return %3 : tensor<1x5x5x8xbf16>
}
