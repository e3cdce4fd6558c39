// Every verifier rule of tessel.matmul and tessel.batch_matmul.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @lhs_rank(%a: tensor<2x4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'tessel.matmul' op lhs must have rank 2, got 'tensor<2x4x8xf32>'}}
  %0 = tessel.matmul %a, %b : tensor<2x4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @rhs_rank(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'tessel.matmul' op rhs must have rank 2, got 'tensor<8xf32>'}}
  %0 = tessel.matmul %a, %b : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @result_rank(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<64xf32> {
  // expected-error @+1 {{'tessel.matmul' op result must have rank 2, got 'tensor<64xf32>'}}
  %0 = tessel.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

func.func @mixed_operands(%a: tensor<4x8xbf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'tessel.matmul' op rhs element type 'f16' differs from lhs element type 'bf16'}}
  %0 = tessel.matmul %a, %b : tensor<4x8xbf16>, tensor<8x16xf16> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @narrowing_result(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xbf16> {
  // expected-error @+1 {{'tessel.matmul' op result element type 'bf16' must be the operands' 'f32'}}
  %0 = tessel.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xbf16>
  return %0 : tensor<4x16xbf16>
}

// -----

func.func @cross_half_result(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xf16> {
  // expected-error @+1 {{'tessel.matmul' op result element type 'f16' must be the operands' 'bf16' or f32}}
  %0 = tessel.matmul %a, %b : tensor<4x8xbf16>, tensor<8x16xbf16> -> tensor<4x16xf16>
  return %0 : tensor<4x16xf16>
}

// -----

func.func @k_mismatch(%a: tensor<4x8xf32>, %b: tensor<9x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'tessel.matmul' op lhs contraction size 8 (dimension 1) differs from rhs contraction size 9 (dimension 0)}}
  %0 = tessel.matmul %a, %b : tensor<4x8xf32>, tensor<9x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// With transpose_rhs the rhs is [N, K]: K is its dimension 1.
func.func @k_mismatch_transposed(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.matmul' op lhs contraction size 8 (dimension 1) differs from rhs contraction size 16 (dimension 1)}}
  %0 = tessel.matmul %a, %b transpose_rhs : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @wrong_result_shape(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'tessel.matmul' op result shape [8, 16] differs from the expected [4, 16]}}
  %0 = tessel.matmul %a, %b transpose_lhs : tensor<8x4xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @batch_rank(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'tessel.batch_matmul' op lhs must have rank 3, got 'tensor<4x8xf32>'}}
  %0 = tessel.batch_matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @batch_mismatch(%a: tensor<2x4x8xf16>, %b: tensor<3x8x16xf16>) -> tensor<2x4x16xf16> {
  // expected-error @+1 {{'tessel.batch_matmul' op lhs batch size 2 (dimension 0) differs from rhs batch size 3 and neither is 1 (broadcast)}}
  %0 = tessel.batch_matmul %a, %b : tensor<2x4x8xf16>, tensor<3x8x16xf16> -> tensor<2x4x16xf16>
  return %0 : tensor<2x4x16xf16>
}

// -----

// Broadcast: the result takes the larger batch.
func.func @broadcast_result(%a: tensor<1x4x8xf16>, %b: tensor<3x8x16xf16>) -> tensor<1x4x16xf16> {
  // expected-error @+1 {{'tessel.batch_matmul' op result shape [1, 4, 16] differs from the expected [3, 4, 16]}}
  %0 = tessel.batch_matmul %a, %b : tensor<1x4x8xf16>, tensor<3x8x16xf16> -> tensor<1x4x16xf16>
  return %0 : tensor<1x4x16xf16>
}

// -----

func.func @batch_result(%a: tensor<2x4x8xf16>, %b: tensor<2x8x16xf16>) -> tensor<1x4x16xf16> {
  // expected-error @+1 {{'tessel.batch_matmul' op result shape [1, 4, 16] differs from the expected [2, 4, 16]}}
  %0 = tessel.batch_matmul %a, %b : tensor<2x4x8xf16>, tensor<2x8x16xf16> -> tensor<1x4x16xf16>
  return %0 : tensor<1x4x16xf16>
}

// -----

func.func @missing_types(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = tessel.matmul %a, %b
  return
}
