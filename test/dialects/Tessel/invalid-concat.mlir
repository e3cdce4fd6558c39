// Every verifier rule of tessel.concat.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @concat_none() -> tensor<2x3xf32> {
  // expected-error @+1 {{'tessel.concat' op needs at least one input}}
  %0 = "tessel.concat"() {dim = 0 : i64} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concat_dim(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tessel.concat' op dim = 2 is outside [0, 2)}}
  %0 = tessel.concat %a dim = 2 : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concat_type(%a: tensor<2x3xf32>, %b: tensor<2x5xbf16>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'tessel.concat' op input #1 element type 'bf16' differs from result element type 'f32'}}
  %0 = tessel.concat %a, %b dim = 1 : tensor<2x3xf32>, tensor<2x5xbf16> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @concat_rank(%a: tensor<2x3xf32>, %b: tensor<10xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'tessel.concat' op input #1 'tensor<10xf32>' has rank 1 but the result has rank 2}}
  %0 = tessel.concat %a, %b dim = 1 : tensor<2x3xf32>, tensor<10xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @concat_other_dim(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'tessel.concat' op input #1 'tensor<4x5xf32>' has size 4 in dimension 0 but the result has 2 (only dim = 1 may differ)}}
  %0 = tessel.concat %a, %b dim = 1 : tensor<2x3xf32>, tensor<4x5xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @concat_sum(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x9xf32> {
  // expected-error @+1 {{'tessel.concat' op the inputs' sizes along dim = 1 add up to 8 but the result has 9}}
  %0 = tessel.concat %a, %b dim = 1 : tensor<2x3xf32>, tensor<2x5xf32> -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}
