// Every verifier rule of tessel.slice.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @slice_type(%x: tensor<8x8xf32>) -> tensor<8x3xbf16> {
  // expected-error @+1 {{'tessel.slice' op result element type 'bf16' differs from input element type 'f32'}}
  %0 = tessel.slice %x offsets = [0, 2] strides = [1, 2] : tensor<8x8xf32> -> tensor<8x3xbf16>
  return %0 : tensor<8x3xbf16>
}

// -----

func.func @slice_rank(%x: tensor<8x8xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'tessel.slice' op offsets [0], strides [1, 2] and result 'tensor<8x3xf32>' must each have the input's rank 2}}
  %0 = tessel.slice %x offsets = [0] strides = [1, 2] : tensor<8x8xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @slice_result_rank(%x: tensor<8x8xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tessel.slice' op offsets [0, 2], strides [1, 2] and result 'tensor<3xf32>' must each have the input's rank 2}}
  %0 = tessel.slice %x offsets = [0, 2] strides = [1, 2] : tensor<8x8xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_negative_offset(%x: tensor<8x8xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'tessel.slice' op dimension 1: offset -1 must be at least 0 and stride 2 at least 1}}
  %0 = tessel.slice %x offsets = [0, -1] strides = [1, 2] : tensor<8x8xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @slice_zero_stride(%x: tensor<8x8xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'tessel.slice' op dimension 0: offset 0 must be at least 0 and stride 0 at least 1}}
  %0 = tessel.slice %x offsets = [0, 2] strides = [0, 2] : tensor<8x8xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @slice_past_end(%x: tensor<8x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'tessel.slice' op dimension 1: 4 elements from offset 2 with stride 2 reach past the input's size 8}}
  %0 = tessel.slice %x offsets = [0, 2] strides = [1, 2] : tensor<8x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @slice_offset_past_end(%x: tensor<8x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'tessel.slice' op dimension 0: 1 elements from offset 8 with stride 1 reach past the input's size 8}}
  %0 = tessel.slice %x offsets = [8, 0] strides = [1, 1] : tensor<8x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @slice_huge_stride(%x: tensor<8x8xf32>) -> tensor<8x2xf32> {
  // expected-error @+1 {{'tessel.slice' op dimension 1: 2 elements from offset 0 with stride 9223372036854775807 reach past the input's size 8}}
  %0 = tessel.slice %x offsets = [0, 0] strides = [1, 9223372036854775807] : tensor<8x8xf32> -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
