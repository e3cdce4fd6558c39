// Every unary and binary elementwise op, with broadcasting and casts, on
// the CPU path against the reference, in all three types.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK-LABEL: func @unary_f32
// CHECK-COUNT-10: ok
func.func @unary_f32(%x: tensor<5x7x9xf32>) -> (tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>) {
  %0 = tessel.neg %x : tensor<5x7x9xf32>
  %1 = tessel.exp %x : tensor<5x7x9xf32>
  %2 = tessel.tanh %x : tensor<5x7x9xf32>
  %3 = tessel.sigmoid %x : tensor<5x7x9xf32>
  %4 = tessel.relu %x : tensor<5x7x9xf32>
  %5 = tessel.gelu erf %x : tensor<5x7x9xf32>
  %6 = tessel.gelu tanh %x : tensor<5x7x9xf32>
  %7 = tessel.silu %x : tensor<5x7x9xf32>
  %8 = tessel.rsqrt %1 : tensor<5x7x9xf32>
  %9 = tessel.rsqrt %x : tensor<5x7x9xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>
}

// CHECK-LABEL: func @binary_f32
// CHECK-COUNT-6: ok
func.func @binary_f32(%x: tensor<5x7x9xf32>, %row: tensor<9xf32>, %col: tensor<7x1xf32>, %y: tensor<5x7x9xf32>)
    -> (tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<7x9xf32>) {
  %0 = tessel.add %x, %row : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
  %1 = tessel.sub %col, %x : tensor<7x1xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
  %2 = tessel.mul %x, %y : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
  %3 = tessel.div %x, %col : tensor<5x7x9xf32>, tensor<7x1xf32> -> tensor<5x7x9xf32>
  %4 = tessel.max %x, %y : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
  %5 = tessel.min %col, %row : tensor<7x1xf32>, tensor<9xf32> -> tensor<7x9xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<7x9xf32>
}

// CHECK-LABEL: func @unary_f16
// CHECK-COUNT-10: ok
func.func @unary_f16(%x: tensor<5x7x9xf16>) -> (tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>) {
  %0 = tessel.neg %x : tensor<5x7x9xf16>
  %1 = tessel.exp %x : tensor<5x7x9xf16>
  %2 = tessel.tanh %x : tensor<5x7x9xf16>
  %3 = tessel.sigmoid %x : tensor<5x7x9xf16>
  %4 = tessel.relu %x : tensor<5x7x9xf16>
  %5 = tessel.gelu erf %x : tensor<5x7x9xf16>
  %6 = tessel.gelu tanh %x : tensor<5x7x9xf16>
  %7 = tessel.silu %x : tensor<5x7x9xf16>
  %8 = tessel.rsqrt %1 : tensor<5x7x9xf16>
  %9 = tessel.rsqrt %x : tensor<5x7x9xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>
}

// CHECK-LABEL: func @binary_f16
// CHECK-COUNT-6: ok
func.func @binary_f16(%x: tensor<5x7x9xf16>, %row: tensor<9xf16>, %col: tensor<7x1xf16>, %y: tensor<5x7x9xf16>)
    -> (tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<7x9xf16>) {
  %0 = tessel.add %x, %row : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
  %1 = tessel.sub %col, %x : tensor<7x1xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
  %2 = tessel.mul %x, %y : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
  %3 = tessel.div %x, %col : tensor<5x7x9xf16>, tensor<7x1xf16> -> tensor<5x7x9xf16>
  %4 = tessel.max %x, %y : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
  %5 = tessel.min %col, %row : tensor<7x1xf16>, tensor<9xf16> -> tensor<7x9xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<7x9xf16>
}

// CHECK-LABEL: func @unary_bf16
// CHECK-COUNT-10: ok
func.func @unary_bf16(%x: tensor<5x7x9xbf16>) -> (tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>) {
  %0 = tessel.neg %x : tensor<5x7x9xbf16>
  %1 = tessel.exp %x : tensor<5x7x9xbf16>
  %2 = tessel.tanh %x : tensor<5x7x9xbf16>
  %3 = tessel.sigmoid %x : tensor<5x7x9xbf16>
  %4 = tessel.relu %x : tensor<5x7x9xbf16>
  %5 = tessel.gelu erf %x : tensor<5x7x9xbf16>
  %6 = tessel.gelu tanh %x : tensor<5x7x9xbf16>
  %7 = tessel.silu %x : tensor<5x7x9xbf16>
  %8 = tessel.rsqrt %1 : tensor<5x7x9xbf16>
  %9 = tessel.rsqrt %x : tensor<5x7x9xbf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>
}

// CHECK-LABEL: func @binary_bf16
// CHECK-COUNT-6: ok
func.func @binary_bf16(%x: tensor<5x7x9xbf16>, %row: tensor<9xbf16>, %col: tensor<7x1xbf16>, %y: tensor<5x7x9xbf16>)
    -> (tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<7x9xbf16>) {
  %0 = tessel.add %x, %row : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
  %1 = tessel.sub %col, %x : tensor<7x1xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
  %2 = tessel.mul %x, %y : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
  %3 = tessel.div %x, %col : tensor<5x7x9xbf16>, tensor<7x1xbf16> -> tensor<5x7x9xbf16>
  %4 = tessel.max %x, %y : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
  %5 = tessel.min %col, %row : tensor<7x1xbf16>, tensor<9xbf16> -> tensor<7x9xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<7x9xbf16>
}

// Casts between every pair of types.
// CHECK-LABEL: func @casts
// CHECK-COUNT-6: ok
func.func @casts(%a: tensor<33xf32>, %b: tensor<33xf16>, %c: tensor<33xbf16>)
    -> (tensor<33xf16>, tensor<33xbf16>, tensor<33xf32>, tensor<33xbf16>, tensor<33xf32>, tensor<33xf16>) {
  %0 = tessel.cast %a : tensor<33xf32> to tensor<33xf16>
  %1 = tessel.cast %a : tensor<33xf32> to tensor<33xbf16>
  %2 = tessel.cast %b : tensor<33xf16> to tensor<33xf32>
  %3 = tessel.cast %b : tensor<33xf16> to tensor<33xbf16>
  %4 = tessel.cast %c : tensor<33xbf16> to tensor<33xf32>
  %5 = tessel.cast %c : tensor<33xbf16> to tensor<33xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<33xf16>, tensor<33xbf16>, tensor<33xf32>, tensor<33xbf16>, tensor<33xf32>, tensor<33xf16>
}

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
