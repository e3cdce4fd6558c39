// tessel-combine-split-k refuses, naming the function and why, halves of a
// split kernel it cannot make one: a half alone, a half not bufferized, a
// sum whose blocks are not the partial's but for the split, a sum with
// more work outside its block loop than constants.
// RUN: tessel-opt %s --split-input-file --tessel-combine-split-k --verify-diagnostics

// expected-error @+1 {{is one half of split kernel @k_split, whose other half is not in the module}}
func.func private @k_split_partial(%a: memref<64x64xf32>, %w: memref<2x64x64xf32>) attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "partial", args = array<i64: 0, 2>, splits = 2 : i64}} {
  scf.forall (%s, %i, %j) in (2, 2, 2) {
  } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// expected-error @+1 {{must be bufferized, its results passed as output parameters, before tessel-combine-split-k}}
func.func private @k_split_partial(%a: tensor<64x64xf32>) -> tensor<2x64x64xf32> attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "partial", args = array<i64: 0, 2>, splits = 2 : i64}} {
  %0 = tensor.empty() : tensor<2x64x64xf32>
  return %0 : tensor<2x64x64xf32>
}
func.func private @k_split_sum(%w: memref<2x64x64xf32>, %o: memref<64x64xf32>) attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "sum", args = array<i64: 2, 1>, splits = 2 : i64}} {
  scf.forall (%i, %j) in (2, 2) {
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// The sum tiles M by 16 (4 tiles), the partial by 32 (2 tiles).
func.func private @k_split_partial(%a: memref<64x64xf32>, %w: memref<2x64x64xf32>) attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "partial", args = array<i64: 0, 2>, splits = 2 : i64}} {
  scf.forall (%s, %i, %j) in (2, 2, 2) {
  } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}
// expected-error @+1 {{does not run on the tiles of split kernel @k_split's partial: its blocks must be the partial's but for the split}}
func.func private @k_split_sum(%w: memref<2x64x64xf32>, %o: memref<64x64xf32>) attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "sum", args = array<i64: 2, 1>, splits = 2 : i64}} {
  scf.forall (%i, %j) in (4, 2) {
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// A sum that fills its output before its block loop: that would run in
// every block of the partial.
func.func private @k_split_partial(%a: memref<64x64xf32>, %w: memref<2x64x64xf32>) attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "partial", args = array<i64: 0, 2>, splits = 2 : i64}} {
  scf.forall (%s, %i, %j) in (2, 2, 2) {
  } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}
func.func private @k_split_sum(%w: memref<2x64x64xf32>, %o: memref<64x64xf32>) attributes {tessel.kernel, tessel.split_part = {kernel = "k_split", type = (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<2x64x64xf32>, tensor<2x2xf32>), part = "sum", args = array<i64: 2, 1>, splits = 2 : i64}} {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{is outside the sum's block loop; only constants may be, for the sum to run in split kernel @k_split's blocks}}
  linalg.fill ins(%zero : f32) outs(%o : memref<64x64xf32>)
  scf.forall (%i, %j) in (2, 2) {
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// The tessel.split_part dictionary, checked by the dialect.
// expected-error @+1 {{'tessel.split_part' is a dictionary on a function: kernel (a string), type, part ("partial" or "sum"), args (an i64 array) and splits}}
func.func private @bad(%a: memref<4xf32>) attributes {tessel.split_part = {kernel = "k", part = "both"}} {
  return
}
