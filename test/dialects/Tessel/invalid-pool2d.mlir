// Every verifier rule of tessel.pool2d.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @pool_sum(%x: tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'tessel.pool2d' op pools with max or mean, not sum}}
  %0 = tessel.pool2d sum %x window = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x8x8x4xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @pool_rank(%x: tensor<8x8x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'tessel.pool2d' op input}}
  %0 = tessel.pool2d max %x window = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<8x8x4xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @pool_type(%x: tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf16> {
  // expected-error @+1 {{'tessel.pool2d' op result element type 'f16' differs from input element type 'f32'}}
  %0 = tessel.pool2d max %x window = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x8x8x4xf32> -> tensor<1x4x4x4xf16>
  return %0 : tensor<1x4x4x4xf16>
}

// -----

func.func @pool_stride(%x: tensor<1x8x8x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'tessel.pool2d' op strides}}
  %0 = tessel.pool2d max %x window = [2, 2] strides = [0, 2] padding = [0, 0, 0, 0] : tensor<1x8x8x4xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @pool_padding(%x: tensor<1x8x8x4xf32>) -> tensor<1x5x5x4xf32> {
  // expected-error @+1 {{'tessel.pool2d' op padding [2, 0, 0, 0] exceeds half of the 3x3 window: a window could hold no input element}}
  %0 = tessel.pool2d max %x window = [3, 3] strides = [2, 2] padding = [2, 0, 0, 0] : tensor<1x8x8x4xf32> -> tensor<1x5x5x4xf32>
  return %0 : tensor<1x5x5x4xf32>
}

// -----

func.func @pool_window(%x: tensor<1x2x8x4xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{'tessel.pool2d' op the 3x2 window does not fit in the padded 2x8 input}}
  %0 = tessel.pool2d mean %x window = [3, 2] strides = [1, 2] padding = [0, 0, 0, 0] : tensor<1x2x8x4xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @pool_shape(%x: tensor<1x8x8x4xf32>) -> tensor<1x5x5x4xf32> {
  // expected-error @+1 {{'tessel.pool2d' op result shape [1, 5, 5, 4] differs from the expected [1, 4, 4, 4]}}
  %0 = tessel.pool2d max %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<1x8x8x4xf32> -> tensor<1x5x5x4xf32>
  return %0 : tensor<1x5x5x4xf32>
}
