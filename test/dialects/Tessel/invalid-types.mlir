// Tensor rules every Tessel op shares: static shapes, f32/f16/bf16 elements,
// non-empty dims, sizes addressable in 64 bits.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @dynamic_dim(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'tessel.relu' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<?x8xf32>'}}
  %0 = tessel.relu %x : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @integer_elements(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {
  // expected-error @+1 {{'tessel.matmul' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4x4xi32>'}}
  %0 = tessel.matmul %a, %b : tensor<4x4xi32>, tensor<4x4xi32> -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

func.func @f64_elements(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'tessel.exp' op operand #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4xf64>'}}
  %0 = tessel.exp %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // The custom form's type is a ranked tensor; an unranked one stops the parser.
  // expected-error @+1 {{custom op 'tessel.neg' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tessel.neg %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @dynamic_result(%x: tensor<4x8xf32>) -> tensor<4x?xf32> {
  // expected-error @+1 {{'tessel.transpose' op result #0 must be statically shaped tensor of 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4x?xf32>'}}
  %0 = tessel.transpose %x permutation = [0, 1] : tensor<4x8xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @zero_dim(%x: tensor<0x8xf32>) -> tensor<0x8xf32> {
  // expected-error @+1 {{'tessel.relu' op operand #0 of type 'tensor<0x8xf32>' has size 0 in dimension 0; Tessel needs non-empty tensors}}
  %0 = tessel.relu %x : tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}

// -----

func.func @zero_result_dim(%x: tensor<4x8xf32>) -> tensor<4x0xf32> {
  // expected-error @+1 {{'tessel.reduce' op result #0 of type 'tensor<4x0xf32>' has size 0 in dimension 1; Tessel needs non-empty tensors}}
  %0 = tessel.reduce sum %x dims = [1] : tensor<4x8xf32> -> tensor<4x0xf32>
  return %0 : tensor<4x0xf32>
}

// -----

// 2^62 elements of 4 bytes each do not fit in 64 bits.
func.func @huge(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  // expected-error @+1 {{'tessel.exp' op operand #0 of type 'tensor<4611686018427387904xf32>' is too large: its size in bytes does not fit in 64 bits}}
  %0 = tessel.exp %x : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}

// -----

func.func @huge_product(%a: tensor<4294967296x4294967296xbf16>, %b: tensor<4294967296x2xbf16>) -> tensor<4294967296x2xbf16> {
  // expected-error @+1 {{'tessel.matmul' op operand #0 of type 'tensor<4294967296x4294967296xbf16>' is too large: its size in bytes does not fit in 64 bits}}
  %0 = tessel.matmul %a, %b : tensor<4294967296x4294967296xbf16>, tensor<4294967296x2xbf16> -> tensor<4294967296x2xbf16>
  return %0 : tensor<4294967296x2xbf16>
}
