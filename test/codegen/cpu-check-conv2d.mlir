// conv2d on the CPU path against the reference: plain, strided with
// asymmetric padding and dilation, grouped, depthwise; in all three types.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK-LABEL: func @conv_f32
// CHECK-COUNT-4: ok
func.func @conv_f32(%x: tensor<2x9x7x6xf32>, %w: tensor<3x3x6x5xf32>, %wg: tensor<3x3x3x8xf32>, %wd: tensor<3x2x1x6xf32>)
    -> (tensor<2x9x7x5xf32>, tensor<2x5x3x5xf32>, tensor<2x7x5x8xf32>, tensor<2x7x6x6xf32>) {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<2x9x7x6xf32>, tensor<3x3x6x5xf32> -> tensor<2x9x7x5xf32>
  // OH = (9 + 1 + 1 - 3) / 2 + 1 = 5; OW = (7 + 0 + 2 - 2 * 2 - 1) / 2 + 1 = 3.
  %1 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 0, 2] dilations = [1, 2] groups = 1 : tensor<2x9x7x6xf32>, tensor<3x3x6x5xf32> -> tensor<2x5x3x5xf32>
  %2 = tessel.conv2d %x, %wg strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32> -> tensor<2x7x5x8xf32>
  %3 = tessel.conv2d %x, %wd strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 6 : tensor<2x9x7x6xf32>, tensor<3x2x1x6xf32> -> tensor<2x7x6x6xf32>
  return %0, %1, %2, %3 : tensor<2x9x7x5xf32>, tensor<2x5x3x5xf32>, tensor<2x7x5x8xf32>, tensor<2x7x6x6xf32>
}

// CHECK-LABEL: func @conv_f16
// CHECK-COUNT-4: ok
func.func @conv_f16(%x: tensor<2x9x7x6xf16>, %w: tensor<3x3x6x5xf16>, %wg: tensor<3x3x3x8xf16>, %wd: tensor<3x2x1x6xf16>)
    -> (tensor<2x9x7x5xf16>, tensor<2x5x3x5xf16>, tensor<2x7x5x8xf16>, tensor<2x7x6x6xf16>) {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<2x9x7x6xf16>, tensor<3x3x6x5xf16> -> tensor<2x9x7x5xf16>
  // OH = (9 + 1 + 1 - 3) / 2 + 1 = 5; OW = (7 + 0 + 2 - 2 * 2 - 1) / 2 + 1 = 3.
  %1 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 0, 2] dilations = [1, 2] groups = 1 : tensor<2x9x7x6xf16>, tensor<3x3x6x5xf16> -> tensor<2x5x3x5xf16>
  %2 = tessel.conv2d %x, %wg strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16> -> tensor<2x7x5x8xf16>
  %3 = tessel.conv2d %x, %wd strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 6 : tensor<2x9x7x6xf16>, tensor<3x2x1x6xf16> -> tensor<2x7x6x6xf16>
  return %0, %1, %2, %3 : tensor<2x9x7x5xf16>, tensor<2x5x3x5xf16>, tensor<2x7x5x8xf16>, tensor<2x7x6x6xf16>
}

// CHECK-LABEL: func @conv_bf16
// CHECK-COUNT-4: ok
func.func @conv_bf16(%x: tensor<2x9x7x6xbf16>, %w: tensor<3x3x6x5xbf16>, %wg: tensor<3x3x3x8xbf16>, %wd: tensor<3x2x1x6xbf16>)
    -> (tensor<2x9x7x5xbf16>, tensor<2x5x3x5xbf16>, tensor<2x7x5x8xbf16>, tensor<2x7x6x6xbf16>) {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<2x9x7x6xbf16>, tensor<3x3x6x5xbf16> -> tensor<2x9x7x5xbf16>
  // OH = (9 + 1 + 1 - 3) / 2 + 1 = 5; OW = (7 + 0 + 2 - 2 * 2 - 1) / 2 + 1 = 3.
  %1 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 0, 2] dilations = [1, 2] groups = 1 : tensor<2x9x7x6xbf16>, tensor<3x3x6x5xbf16> -> tensor<2x5x3x5xbf16>
  %2 = tessel.conv2d %x, %wg strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16> -> tensor<2x7x5x8xbf16>
  %3 = tessel.conv2d %x, %wd strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 6 : tensor<2x9x7x6xbf16>, tensor<3x2x1x6xbf16> -> tensor<2x7x6x6xbf16>
  return %0, %1, %2, %3 : tensor<2x9x7x5xbf16>, tensor<2x5x3x5xbf16>, tensor<2x7x5x8xbf16>, tensor<2x7x6x6xbf16>
}

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
