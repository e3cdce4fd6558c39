// Every verifier rule of the unary and binary elementwise ops.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @unary_type_change(%x: tensor<4x8xf32>) -> tensor<4x8xf16> {
  // expected-error @+1 {{'tessel.tanh' op requires the same type for all operands and results}}
  %0 = "tessel.tanh"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

func.func @gelu_unknown_form(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'tessel.gelu' expected string or keyword containing one of the following enum values for attribute 'approximation' [erf, tanh]}}
  %0 = tessel.gelu sigmoid %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cast_shape(%x: tensor<4x8xf32>) -> tensor<8x4xbf16> {
  // expected-error @+1 {{'tessel.cast' op requires the same shape for all operands and results}}
  %0 = tessel.cast %x : tensor<4x8xf32> to tensor<8x4xbf16>
  return %0 : tensor<8x4xbf16>
}

// -----

func.func @binary_element_types(%a: tensor<4x8xf32>, %b: tensor<4x8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.add' op lhs element type 'f32' differs from rhs element type 'f16'}}
  %0 = tessel.add %a, %b : tensor<4x8xf32>, tensor<4x8xf16> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @binary_result_type(%a: tensor<4x8xbf16>, %b: tensor<8xbf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.mul' op result element type 'f32' differs from the operands' 'bf16'}}
  %0 = tessel.mul %a, %b : tensor<4x8xbf16>, tensor<8xbf16> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @no_broadcast(%a: tensor<4x8xf32>, %b: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.sub' op lhs dimension 1 (size 8) and rhs dimension 0 (size 4) do not broadcast: sizes must be equal or 1}}
  %0 = tessel.sub %a, %b : tensor<4x8xf32>, tensor<4xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @wrong_broadcast_result(%a: tensor<4x1xf32>, %b: tensor<8xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'tessel.max' op result shape [4, 1] is not the broadcast shape [4, 8] of lhs [4, 1] and rhs [8]}}
  %0 = tessel.max %a, %b : tensor<4x1xf32>, tensor<8xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @broadcast_rank_result(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8xf32> {
  // The result has exactly the broadcast rank, no extra leading 1s.
  // expected-error @+1 {{'tessel.div' op result shape [1, 8] is not the broadcast shape [8] of lhs [8] and rhs [8]}}
  %0 = tessel.div %a, %b : tensor<8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @clamp_no_bound(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.clamp' op needs a min, a max or both}}
  %0 = tessel.clamp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_empty_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.clamp' op min = 6.000000e+00 is greater than max = 0.000000e+00}}
  %0 = tessel.clamp %x min = 6.0 max = 0.0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_nan(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.clamp' op max = nan is not a finite f32: the kernels compare in f32}}
  %0 = tessel.clamp %x max = 0x7FF8000000000000 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_beyond_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.clamp' op min = -1.000000e+39 is not a finite f32}}
  %0 = tessel.clamp %x min = -1.0e39 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_type_change(%x: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error @+1 {{'tessel.clamp' op requires the same type for all operands and results}}
  %0 = "tessel.clamp"(%x) {min = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @constant_distinct() -> tensor<2xf32> {
  // expected-error @+1 {{'tessel.constant' op holds distinct values; only a splat (one value in every element) is supported: pass the tensor as a function argument}}
  %0 = tessel.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_type() -> tensor<2xf32> {
  // expected-error @+1 {{'tessel.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "tessel.constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
