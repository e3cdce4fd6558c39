// tessel-form-kernels moves a reshape of a computed value below the
// elementwise op that alone uses it, so that the op can join the
// producer's kernel as an epilogue (reshapes stay between kernels): a unary
// op or cast always, a binary op whose other operand broadcasts over
// trailing dims the reshape keeps or has the reshaped shape itself (read in
// the producer's shape: through its own reshape's input, or a reshape of
// it), a transpose when the reshape only adds or drops dims of size 1.
// Elsewhere the reshape stays where it is. Every function is checked
// against its ops as written.
// RUN: tessel-opt %s --tessel-form-kernels | FileCheck %s
// RUN: tessel-run %s --cpu --check | FileCheck %s --check-prefix=CPU

// CHECK-LABEL: func.func @bias_gelu
// CHECK: %[[K:.*]] = tessel.kernel @bias_gelu_k0_matmul
// CHECK: tessel.matmul
// CHECK: tessel.add %{{.*}}, %{{.*}} : tensor<128x256xbf16>, tensor<256xbf16> -> tensor<128x256xbf16>
// CHECK: tessel.gelu tanh %{{.*}} : tensor<128x256xbf16>
// CHECK: %[[R:.*]] = tessel.reshape %[[K]] : tensor<128x256xbf16> -> tensor<2x64x256xbf16>
// CHECK: return %[[R]]
func.func @bias_gelu(%x: tensor<128x96xbf16>, %w: tensor<96x256xbf16>, %b: tensor<256xbf16>) -> tensor<2x64x256xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x96xbf16>, tensor<96x256xbf16> -> tensor<128x256xbf16>
  %1 = tessel.reshape %0 : tensor<128x256xbf16> -> tensor<2x64x256xbf16>
  %2 = tessel.add %1, %b : tensor<2x64x256xbf16>, tensor<256xbf16> -> tensor<2x64x256xbf16>
  %3 = tessel.gelu tanh %2 : tensor<2x64x256xbf16>
  return %3 : tensor<2x64x256xbf16>
}

// Heads merged after an elementwise kernel: the reshape only adds a dim of
// size 1, so the transpose moves above it, permuting the dims that remain.
// CHECK-LABEL: func.func @merge_heads
// CHECK: %[[K:.*]] = tessel.kernel @merge_heads_k0_exp
// CHECK: tessel.transpose %{{.*}} permutation = [1, 0, 2] : tensor<6x40x24xf32> -> tensor<40x6x24xf32>
// CHECK: tessel.reshape %[[K]] : tensor<40x6x24xf32> -> tensor<1x40x6x24xf32>
func.func @merge_heads(%q: tensor<6x40x24xf32>) -> tensor<1x40x6x24xf32> {
  %0 = tessel.exp %q : tensor<6x40x24xf32>
  %1 = tessel.reshape %0 : tensor<6x40x24xf32> -> tensor<1x6x40x24xf32>
  %2 = tessel.transpose %1 permutation = [0, 2, 1, 3] : tensor<1x6x40x24xf32> -> tensor<1x40x6x24xf32>
  return %2 : tensor<1x40x6x24xf32>
}

// A residual add after a linear layer on [batch, tokens, features] (as
// tessel-import writes it): the residual, an argument of the reshaped
// shape, is read through a reshape of it, and the add joins the matmul.
// CHECK-LABEL: func.func @residual
// CHECK: %[[X:.*]] = tessel.reshape %arg0 : tensor<1x32x64xf32> -> tensor<32x64xf32>
// CHECK: %[[K:.*]] = tessel.kernel @residual_k0_matmul(%{{.*}}, %{{.*}}, %[[X]])
// CHECK: tessel.matmul
// CHECK: tessel.add %{{.*}}, %{{.*}} : tensor<32x64xf32>, tensor<32x64xf32> -> tensor<32x64xf32>
// CHECK: %[[R:.*]] = tessel.reshape %[[K]] : tensor<32x64xf32> -> tensor<1x32x64xf32>
// CHECK: return %[[R]]
func.func @residual(%x: tensor<1x32x64xf32>, %h: tensor<32x48xf32>, %w: tensor<48x64xf32>) -> tensor<1x32x64xf32> {
  %0 = tessel.matmul %h, %w : tensor<32x48xf32>, tensor<48x64xf32> -> tensor<32x64xf32>
  %1 = tessel.reshape %0 : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %2 = tessel.add %x, %1 : tensor<1x32x64xf32>, tensor<1x32x64xf32> -> tensor<1x32x64xf32>
  return %2 : tensor<1x32x64xf32>
}

// A gated MLP (SwiGLU): both products reshaped, the gate's SiLU moved
// above its reshape; the product reads both matmuls' results in their own
// shape and joins the gate's kernel (the up projection's runs first).
// CHECK-LABEL: func.func @gated
// CHECK: %[[U:.*]] = tessel.kernel @gated_k1_matmul
// CHECK: %[[G:.*]] = tessel.kernel @gated_k0_matmul(%{{.*}}, %{{.*}}, %[[U]])
// CHECK: tessel.matmul
// CHECK: tessel.silu %{{.*}} : tensor<32x96xbf16>
// CHECK: tessel.mul %{{.*}}, %{{.*}} : tensor<32x96xbf16>, tensor<32x96xbf16> -> tensor<32x96xbf16>
// CHECK: tessel.reshape %[[G]] : tensor<32x96xbf16> -> tensor<2x16x96xbf16>
// CHECK-NOT: tessel.kernel
// CHECK: return
func.func @gated(%h: tensor<32x64xbf16>, %w1: tensor<64x96xbf16>, %w3: tensor<64x96xbf16>) -> tensor<2x16x96xbf16> {
  %0 = tessel.matmul %h, %w1 : tensor<32x64xbf16>, tensor<64x96xbf16> -> tensor<32x96xbf16>
  %1 = tessel.reshape %0 : tensor<32x96xbf16> -> tensor<2x16x96xbf16>
  %2 = tessel.silu %1 : tensor<2x16x96xbf16>
  %3 = tessel.matmul %h, %w3 : tensor<32x64xbf16>, tensor<64x96xbf16> -> tensor<32x96xbf16>
  %4 = tessel.reshape %3 : tensor<32x96xbf16> -> tensor<2x16x96xbf16>
  %5 = tessel.mul %2, %4 : tensor<2x16x96xbf16>, tensor<2x16x96xbf16> -> tensor<2x16x96xbf16>
  return %5 : tensor<2x16x96xbf16>
}

// Stays: the other operand broadcasts over dims the reshape splits, the
// reshape splits a dim the transpose moves, the reshaped value is an
// argument.
// CHECK-LABEL: func.func @stays
// CHECK: tessel.kernel @stays_k0_exp
// CHECK: tessel.reshape %{{.*}} : tensor<8x12xf32> -> tensor<2x4x12xf32>
// CHECK: tessel.kernel @stays_k1_add
// CHECK: tessel.kernel @stays_k2_neg
// CHECK: tessel.reshape %{{.*}} : tensor<8x12xf32> -> tensor<2x4x12xf32>
// CHECK: tessel.kernel @stays_k3_transpose
// CHECK: tessel.reshape %arg0 : tensor<8x12xf32> -> tensor<2x4x12xf32>
// CHECK: tessel.kernel @stays_k4_relu
func.func @stays(%x: tensor<8x12xf32>, %y: tensor<4x12xf32>) -> (tensor<2x4x12xf32>, tensor<12x4x2xf32>, tensor<2x4x12xf32>) {
  %0 = tessel.exp %x : tensor<8x12xf32>
  %1 = tessel.reshape %0 : tensor<8x12xf32> -> tensor<2x4x12xf32>
  %2 = tessel.add %1, %y : tensor<2x4x12xf32>, tensor<4x12xf32> -> tensor<2x4x12xf32>
  %3 = tessel.neg %x : tensor<8x12xf32>
  %4 = tessel.reshape %3 : tensor<8x12xf32> -> tensor<2x4x12xf32>
  %5 = tessel.transpose %4 permutation = [2, 1, 0] : tensor<2x4x12xf32> -> tensor<12x4x2xf32>
  %6 = tessel.reshape %x : tensor<8x12xf32> -> tensor<2x4x12xf32>
  %7 = tessel.relu %6 : tensor<2x4x12xf32>
  return %2, %5, %7 : tensor<2x4x12xf32>, tensor<12x4x2xf32>, tensor<2x4x12xf32>
}

// CPU: func @bias_gelu
// CPU-NEXT: ok
// CPU: func @merge_heads
// CPU-NEXT: ok
// CPU: func @residual
// CPU-NEXT: ok
// CPU: func @gated
// CPU-NEXT: ok
// CPU: func @stays
// CPU-COUNT-3: ok
// CPU: all outputs match the reference
