// tessel-form-kernels groups loose ops into kernels by the documented rule.
// RUN: tessel-opt %s --tessel-form-kernels --split-input-file | FileCheck %s
// RUN: tessel-opt %s --tessel-form-kernels=policy=none --split-input-file | FileCheck %s --check-prefix=NONE

// Epilogue: bias, activation and cast join the matmul; the residual add joins
// too, as the matmul's value has no other user.
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK: %[[K:.*]] = tessel.kernel @matmul_epilogue_k0_matmul(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: tessel.matmul
// CHECK-NEXT: tessel.add
// CHECK-NEXT: tessel.gelu tanh
// CHECK-NEXT: tessel.add
// CHECK-NEXT: tessel.cast
// CHECK-NEXT: tessel.yield
// CHECK: return %[[K]]
// NONE-LABEL: func.func @matmul_epilogue
// NONE-COUNT-5: tessel.kernel
func.func @matmul_epilogue(%x: tensor<16x32xf32>, %w: tensor<32x8xf32>, %b: tensor<8xf32>, %r: tensor<16x8xf32>) -> tensor<16x8xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x32xf32>, tensor<32x8xf32> -> tensor<16x8xf32>
  %1 = tessel.add %0, %b : tensor<16x8xf32>, tensor<8xf32> -> tensor<16x8xf32>
  %2 = tessel.gelu tanh %1 : tensor<16x8xf32>
  %3 = tessel.add %2, %r : tensor<16x8xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  %4 = tessel.cast %3 : tensor<16x8xf32> to tensor<16x8xbf16>
  return %4 : tensor<16x8xbf16>
}

// -----

// Prologue: the elementwise op before softmax joins it, and the ops after
// softmax and layer_norm join as epilogues. A value with two users (the exp)
// ends its kernel; the residual add reads it as a kernel input.
// CHECK-LABEL: func.func @rowwise
// CHECK: %[[S:.*]] = tessel.kernel @rowwise_k0_softmax
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: tessel.mul
// CHECK-NEXT: tessel.softmax
// CHECK-NEXT: tessel.exp
// CHECK-NEXT: tessel.yield
// CHECK: %[[N:.*]] = tessel.kernel @rowwise_k1_layer_norm(%[[S]])
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4x64xf32>):
// CHECK-NEXT: %[[L:.*]] = tessel.layer_norm %[[A]]
// CHECK-NEXT: tessel.add %[[L]], %[[A]]
// CHECK-NEXT: tessel.yield
// CHECK: return %[[N]]
func.func @rowwise(%x: tensor<4x64xf32>, %s: tensor<64xf32>) -> tensor<4x64xf32> {
  %0 = tessel.mul %x, %s : tensor<4x64xf32>, tensor<64xf32> -> tensor<4x64xf32>
  %1 = tessel.softmax %0 dim = 1 : tensor<4x64xf32>
  %2 = tessel.exp %1 : tensor<4x64xf32>
  %3 = tessel.layer_norm %2 normalized_rank = 1 epsilon = 1.0e-05 : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %4 = tessel.add %3, %2 : tensor<4x64xf32>, tensor<4x64xf32> -> tensor<4x64xf32>
  return %4 : tensor<4x64xf32>
}

// -----

// A chain of elementwise ops is one kernel; a reduction after it joins; a
// reshape stays outside; an existing kernel is kept as it is.
// CHECK-LABEL: func.func @chain
// CHECK: %[[C:.*]] = tessel.kernel @chain_k0_reduce
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: tessel.exp
// CHECK-NEXT: tessel.neg
// CHECK-NEXT: tessel.reduce sum
// CHECK-NEXT: tessel.yield
// CHECK: %[[R:.*]] = tessel.reshape %[[C]]
// CHECK: tessel.kernel @mine(%[[R]])
func.func @chain(%x: tensor<4x8xf32>) -> tensor<2x2xf32> {
  %0 = tessel.exp %x : tensor<4x8xf32>
  %1 = tessel.neg %0 : tensor<4x8xf32>
  %2 = tessel.reduce sum %1 dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  %3 = tessel.reshape %2 : tensor<4xf32> -> tensor<2x2xf32>
  %4 = tessel.kernel @mine(%3) : (tensor<2x2xf32>) -> tensor<2x2xf32> {
  ^bb0(%a: tensor<2x2xf32>):
    %5 = tessel.relu %a : tensor<2x2xf32>
    tessel.yield %5 : tensor<2x2xf32>
  }
  return %4 : tensor<2x2xf32>
}

// -----

// An elementwise op that reads two values of elementwise chains of their
// own, each read by it alone, computes both in its kernel (one kernel, x
// read once). A chain whose value something else also reads, or a kernel
// that is not elementwise alone (a matmul's), stays a kernel of its own.
// CHECK-LABEL: func.func @siblings
// CHECK: %[[M:.*]] = tessel.kernel @siblings_k0_matmul
// CHECK: %[[E:.*]] = tessel.kernel @siblings_k1_exp(%[[X:.*]]) :
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: tessel.exp
// CHECK-NEXT: tessel.yield
// CHECK: %[[S:.*]] = tessel.kernel @siblings_k2_sigmoid(%[[X]], %[[E]], %[[M]])
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: tessel.sigmoid
// CHECK-NEXT: tessel.tanh
// CHECK-NEXT: tessel.neg
// CHECK-NEXT: tessel.add
// CHECK-NEXT: tessel.mul
// CHECK-NEXT: tessel.add
// CHECK-NEXT: tessel.yield
// CHECK-NOT: tessel.kernel
// CHECK: return
// NONE-LABEL: func.func @siblings
// NONE-COUNT-8: tessel.kernel
// NONE-NOT: tessel.kernel
func.func @siblings(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %m = tessel.matmul %x, %w : tensor<8x16xf32>, tensor<16x16xf32> -> tensor<8x16xf32>
  %e = tessel.exp %x : tensor<8x16xf32>
  %s = tessel.sigmoid %x : tensor<8x16xf32>
  %t = tessel.tanh %x : tensor<8x16xf32>
  %n = tessel.neg %t : tensor<8x16xf32>
  %a = tessel.add %s, %n : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %b = tessel.mul %a, %e : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %c = tessel.add %b, %m : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return %c, %e : tensor<8x16xf32>, tensor<8x16xf32>
}
