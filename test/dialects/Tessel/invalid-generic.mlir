// Generic-form inputs that skip the custom parser: wrong operand and result
// counts, missing or mistyped attributes and regions, absurd values. Each is
// a diagnostic from the op's invariants, never a crash in a verifier.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @operand_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.add' op expected 2 operands, but found 1}}
  %0 = "tessel.add"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @vector_operand(%x: vector<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.add' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'vector<4xf32>'}}
  %0 = "tessel.add"(%x, %y) : (vector<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @missing_attribute(%x: tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32> {
  // expected-error @+1 {{'tessel.conv2d' op requires attribute 'dilations'}}
  %0 = "tessel.conv2d"(%x, %x) : (tensor<4x4x4x4xf32>, tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32>
  return %0 : tensor<4x4x4x4xf32>
}

// -----

func.func @missing_segments(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tessel.layer_norm' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "tessel.layer_norm"(%x) {normalized_rank = 1 : i64, epsilon = 1.0 : f64} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @kernel_without_region(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tessel.kernel' op requires one region}}
  %0 = "tessel.kernel"(%x) <{sym_name = "k"}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @kernel_empty_region(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tessel.kernel' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "tessel.kernel"(%x) <{sym_name = "k"}> ({
  }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @float_dim(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{invalid properties {dim = 1.000000e+00 : f32} for op tessel.softmax: Invalid attribute `dim` in property conversion: 1.000000e+00 : f32}}
  %0 = "tessel.softmax"(%x) <{dim = 1.0 : f32}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @bad_enum(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{Invalid attribute `kind` in property conversion: 7 : i32}}
  %0 = "tessel.reduce"(%x) <{kind = 7 : i32, dims = array<i64: 0>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @extreme_permutation(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tessel.transpose' op permutation [9223372036854775807, -9223372036854775808] is not a permutation of [0, 2)}}
  %0 = "tessel.transpose"(%x) <{permutation = array<i64: 9223372036854775807, -9223372036854775808>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @max_dims(%x: tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<9223372036854775807x9223372036854775807xf32> {
  // expected-error @+1 {{'tessel.relu' op operand #0 of type 'tensor<9223372036854775807x9223372036854775807xf32>' is too large: its size in bytes does not fit in 64 bits}}
  %0 = tessel.relu %x : tensor<9223372036854775807x9223372036854775807xf32>
  return %0 : tensor<9223372036854775807x9223372036854775807xf32>
}

// -----

// expected-error @+1 {{unknown target ''; known targets are: h100 h200 a100 mi300x mi250x}}
module attributes {tessel.target = #tessel.target<"">} {}

// -----

// expected-error @+1 {{the description of 'x': invalid JSON}}
module attributes {tessel.target = #tessel.target<"x", json = "/">} {}

// -----

// expected-error @+1 {{schedule block tile [2147483647, 2147483647, 2147483647] holds more than 2^63 warp tiles of [1, 1, 1] but warps = 4}}
func.func private @f() attributes {s = #tessel.schedule<block = [2147483647, 2147483647, 2147483647], warp = [1, 1, 1], warps = 4>}
