// Every verifier rule of tessel.conv2d, and those tessel.im2col adds.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @input_rank(%x: tensor<56x56x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<1x56x56x64xf32> {
  // expected-error @+1 {{'tessel.conv2d' op input must have rank 4, got 'tensor<56x56x64xf32>'}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<56x56x64xf32>, tensor<3x3x64x64xf32> -> tensor<1x56x56x64xf32>
  return %0 : tensor<1x56x56x64xf32>
}

// -----

func.func @filter_rank(%x: tensor<1x56x56x64xf32>, %w: tensor<3x64x64xf32>) -> tensor<1x56x56x64xf32> {
  // expected-error @+1 {{'tessel.conv2d' op filter must have rank 4, got 'tensor<3x64x64xf32>'}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xf32>, tensor<3x64x64xf32> -> tensor<1x56x56x64xf32>
  return %0 : tensor<1x56x56x64xf32>
}

// -----

func.func @result_rank(%x: tensor<1x56x56x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<56x56x64xf32> {
  // expected-error @+1 {{'tessel.conv2d' op result must have rank 4, got 'tensor<56x56x64xf32>'}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xf32>, tensor<3x3x64x64xf32> -> tensor<56x56x64xf32>
  return %0 : tensor<56x56x64xf32>
}

// -----

func.func @filter_type(%x: tensor<1x8x8x4xf16>, %w: tensor<3x3x4x4xbf16>) -> tensor<1x6x6x4xf16> {
  // expected-error @+1 {{'tessel.conv2d' op filter element type 'bf16' differs from input element type 'f16'}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf16>, tensor<3x3x4x4xbf16> -> tensor<1x6x6x4xf16>
  return %0 : tensor<1x6x6x4xf16>
}

// -----

func.func @result_type(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf16> {
  // expected-error @+1 {{'tessel.conv2d' op result element type 'f16' must be the operands' 'f32'}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x6x6x4xf16>
  return %0 : tensor<1x6x6x4xf16>
}

// -----

func.func @strides_count(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op strides [1, 1, 1] must have 2 entries}}
  %0 = tessel.conv2d %x, %w strides = [1, 1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @zero_stride(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op strides [0, 1] has an entry below 1}}
  %0 = tessel.conv2d %x, %w strides = [0, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @negative_dilation(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op dilations [1, -2] has an entry below 1}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, -2] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @padding_count(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op padding [1, 1] must have 4 entries}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x8x8x4xf32>
  return %0 : tensor<1x8x8x4xf32>
}

// -----

func.func @negative_padding(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op padding [0, -1, 0, 0] has an entry below 0}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, -1, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @zero_groups(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op groups = 0 must be at least 1}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 0 : tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @channels_not_divisible(%x: tensor<1x8x8x6xf32>, %w: tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{'tessel.conv2d' op input channels 6 are not divisible by groups = 4}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 4 : tensor<1x8x8x6xf32>, tensor<3x3x1x8xf32> -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @filters_not_divisible(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x2x6xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'tessel.conv2d' op filter count 6 is not divisible by groups = 4}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 4 : tensor<1x8x8x8xf32>, tensor<3x3x2x6xf32> -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @filter_channels(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{'tessel.conv2d' op filter has 8 input channels (dimension 2) but the input has 8 channels in 2 group(s), so 4 per group}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 2 : tensor<1x8x8x8xf32>, tensor<3x3x8x8xf32> -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @window_too_large(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x1x1x4xf32> {
  // Dilation 3 makes the window 7 wide; the input is 4.
  // expected-error @+1 {{'tessel.conv2d' op the dilated 3x3 filter window does not fit in the padded 4x4 input}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [3, 3] groups = 1 : tensor<1x4x4x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x1x1x4xf32>
  return %0 : tensor<1x1x1x4xf32>
}

// -----

func.func @huge_padding(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x1x1x4xf32> {
  // Pads that overflow 64-bit arithmetic are rejected, not wrapped.
  // expected-error @+1 {{'tessel.conv2d' op the dilated 3x3 filter window does not fit in the padded 4x4 input}}
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [9223372036854775807, 9223372036854775807, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x4x4x4xf32>, tensor<3x3x4x4xf32> -> tensor<1x1x1x4xf32>
  return %0 : tensor<1x1x1x4xf32>
}

// -----

func.func @result_shape(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x16xf32>) -> tensor<2x4x4x16xf32> {
  // (9 + 1 + 1 - 3) / 2 + 1 = 5.
  // expected-error @+1 {{'tessel.conv2d' op result shape [2, 4, 4, 16] differs from the expected [2, 5, 5, 16]}}
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<2x9x9x4xf32>, tensor<3x3x4x16xf32> -> tensor<2x4x4x16xf32>
  return %0 : tensor<2x4x4x16xf32>
}

// -----

func.func @im2col_shape(%x: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'tessel.im2col' op result shape [1, 8, 8, 3, 3, 4] differs from the expected [1, 6, 6, 3, 3, 4]}}
  %0 = tessel.im2col %x window = [3, 3] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : tensor<1x8x8x4xf32> -> tensor<1x8x8x3x3x4xf32>
  return
}

// -----

func.func @im2col_window(%x: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'tessel.im2col' op the dilated 5x5 window does not fit in the padded 8x8 input}}
  %0 = tessel.im2col %x window = [5, 5] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] : tensor<1x8x8x4xf32> -> tensor<1x1x1x5x5x4xf32>
  return
}

// -----

func.func @im2col_window_entries(%x: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'tessel.im2col' op window [3] must have 2 entries}}
  %0 = tessel.im2col %x window = [3] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : tensor<1x8x8x4xf32> -> tensor<1x6x6x3x3x4xf32>
  return
}
