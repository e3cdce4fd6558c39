// The numerical check scales with the work: bounds grow with reduction
// lengths and with depth (runtime/Reference.cpp, "Error bounds"), inputs
// that are a contraction's weights are drawn with variance 1 / fan-in, and
// each kernel of a function is also checked on the values the reference
// computes for it there. Correct code passes on long reductions, long
// chains and deep stacks; deliberate miscompiles still fail
// (tessel-run-faults.test).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// A long reduction: 9 x 4097 @ 4097 x 7 in f32, then tanh (once reported
// as a mismatch at 2.8e-5 relative error under a fixed tolerance).
func.func @long_k_matmul_tanh(%a: tensor<9x4097xf32>, %b: tensor<4097x7xf32>) -> tensor<9x7xf32> {
  %0 = tessel.matmul %a, %b : tensor<9x4097xf32>, tensor<4097x7xf32> -> tensor<9x7xf32>
  %1 = tessel.tanh %0 : tensor<9x7xf32>
  return %1 : tensor<9x7xf32>
}

// Errors compounding through several kernels: mul, softmax, exp,
// layer_norm, add over 1000 x 64 in f32.
func.func @chain_1000x64(%x: tensor<1000x64xf32>, %y: tensor<1000x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<1000x64xf32> {
  %0 = tessel.mul %x, %y : tensor<1000x64xf32>, tensor<1000x64xf32> -> tensor<1000x64xf32>
  %1 = tessel.softmax %0 dim = 1 : tensor<1000x64xf32>
  %2 = tessel.exp %1 : tensor<1000x64xf32>
  %3 = tessel.layer_norm %2 scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<1000x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1000x64xf32>
  %4 = tessel.add %3, %x : tensor<1000x64xf32>, tensor<1000x64xf32> -> tensor<1000x64xf32>
  return %4 : tensor<1000x64xf32>
}

// A 12-layer stack of causal transformer layers (pre-softmax scale
// 1/sqrt(16), 4 heads of 16, FFN 256, post-norm residuals) in bf16, each
// layer with its own weights.
func.func private @transformer_layer(%x: tensor<32x64xbf16>, %wq: tensor<64x64xbf16>, %wk: tensor<64x64xbf16>, %wv: tensor<64x64xbf16>, %wo: tensor<64x64xbf16>, %g1: tensor<64xbf16>, %n1: tensor<64xbf16>, %w1: tensor<64x256xbf16>, %b1: tensor<256xbf16>, %w2: tensor<256x64xbf16>, %b2: tensor<64xbf16>, %g2: tensor<64xbf16>, %n2: tensor<64xbf16>) -> tensor<32x64xbf16> {
  %q0 = tessel.matmul %x, %wq : tensor<32x64xbf16>, tensor<64x64xbf16> -> tensor<32x64xbf16>
  %q1 = tessel.reshape %q0 : tensor<32x64xbf16> -> tensor<1x32x4x16xbf16>
  %q = tessel.transpose %q1 permutation = [0, 2, 1, 3] : tensor<1x32x4x16xbf16> -> tensor<1x4x32x16xbf16>
  %k0 = tessel.matmul %x, %wk : tensor<32x64xbf16>, tensor<64x64xbf16> -> tensor<32x64xbf16>
  %k1 = tessel.reshape %k0 : tensor<32x64xbf16> -> tensor<1x32x4x16xbf16>
  %k = tessel.transpose %k1 permutation = [0, 2, 1, 3] : tensor<1x32x4x16xbf16> -> tensor<1x4x32x16xbf16>
  %v0 = tessel.matmul %x, %wv : tensor<32x64xbf16>, tensor<64x64xbf16> -> tensor<32x64xbf16>
  %v1 = tessel.reshape %v0 : tensor<32x64xbf16> -> tensor<1x32x4x16xbf16>
  %v = tessel.transpose %v1 permutation = [0, 2, 1, 3] : tensor<1x32x4x16xbf16> -> tensor<1x4x32x16xbf16>
  %a = tessel.attention %q, %k, %v causal : tensor<1x4x32x16xbf16>, tensor<1x4x32x16xbf16>, tensor<1x4x32x16xbf16> -> tensor<1x4x32x16xbf16>
  %a1 = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x4x32x16xbf16> -> tensor<1x32x4x16xbf16>
  %a2 = tessel.reshape %a1 : tensor<1x32x4x16xbf16> -> tensor<32x64xbf16>
  %o = tessel.matmul %a2, %wo : tensor<32x64xbf16>, tensor<64x64xbf16> -> tensor<32x64xbf16>
  %r1 = tessel.add %o, %x : tensor<32x64xbf16>, tensor<32x64xbf16> -> tensor<32x64xbf16>
  %h = tessel.layer_norm %r1 scale(%g1) bias(%n1) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<32x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %f0 = tessel.matmul %h, %w1 : tensor<32x64xbf16>, tensor<64x256xbf16> -> tensor<32x256xbf16>
  %f1 = tessel.add %f0, %b1 : tensor<32x256xbf16>, tensor<256xbf16> -> tensor<32x256xbf16>
  %f2 = tessel.gelu tanh %f1 : tensor<32x256xbf16>
  %f3 = tessel.matmul %f2, %w2 : tensor<32x256xbf16>, tensor<256x64xbf16> -> tensor<32x64xbf16>
  %f4 = tessel.add %f3, %b2 : tensor<32x64xbf16>, tensor<64xbf16> -> tensor<32x64xbf16>
  %r2 = tessel.add %f4, %h : tensor<32x64xbf16>, tensor<32x64xbf16> -> tensor<32x64xbf16>
  %y = tessel.layer_norm %r2 scale(%g2) bias(%n2) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<32x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  return %y : tensor<32x64xbf16>
}
func.func @transformer_stack_12(%x: tensor<32x64xbf16>, %l0_wq: tensor<64x64xbf16>, %l0_wk: tensor<64x64xbf16>, %l0_wv: tensor<64x64xbf16>, %l0_wo: tensor<64x64xbf16>, %l0_g1: tensor<64xbf16>, %l0_n1: tensor<64xbf16>, %l0_w1: tensor<64x256xbf16>, %l0_b1: tensor<256xbf16>, %l0_w2: tensor<256x64xbf16>, %l0_b2: tensor<64xbf16>, %l0_g2: tensor<64xbf16>, %l0_n2: tensor<64xbf16>, %l1_wq: tensor<64x64xbf16>, %l1_wk: tensor<64x64xbf16>, %l1_wv: tensor<64x64xbf16>, %l1_wo: tensor<64x64xbf16>, %l1_g1: tensor<64xbf16>, %l1_n1: tensor<64xbf16>, %l1_w1: tensor<64x256xbf16>, %l1_b1: tensor<256xbf16>, %l1_w2: tensor<256x64xbf16>, %l1_b2: tensor<64xbf16>, %l1_g2: tensor<64xbf16>, %l1_n2: tensor<64xbf16>, %l2_wq: tensor<64x64xbf16>, %l2_wk: tensor<64x64xbf16>, %l2_wv: tensor<64x64xbf16>, %l2_wo: tensor<64x64xbf16>, %l2_g1: tensor<64xbf16>, %l2_n1: tensor<64xbf16>, %l2_w1: tensor<64x256xbf16>, %l2_b1: tensor<256xbf16>, %l2_w2: tensor<256x64xbf16>, %l2_b2: tensor<64xbf16>, %l2_g2: tensor<64xbf16>, %l2_n2: tensor<64xbf16>, %l3_wq: tensor<64x64xbf16>, %l3_wk: tensor<64x64xbf16>, %l3_wv: tensor<64x64xbf16>, %l3_wo: tensor<64x64xbf16>, %l3_g1: tensor<64xbf16>, %l3_n1: tensor<64xbf16>, %l3_w1: tensor<64x256xbf16>, %l3_b1: tensor<256xbf16>, %l3_w2: tensor<256x64xbf16>, %l3_b2: tensor<64xbf16>, %l3_g2: tensor<64xbf16>, %l3_n2: tensor<64xbf16>, %l4_wq: tensor<64x64xbf16>, %l4_wk: tensor<64x64xbf16>, %l4_wv: tensor<64x64xbf16>, %l4_wo: tensor<64x64xbf16>, %l4_g1: tensor<64xbf16>, %l4_n1: tensor<64xbf16>, %l4_w1: tensor<64x256xbf16>, %l4_b1: tensor<256xbf16>, %l4_w2: tensor<256x64xbf16>, %l4_b2: tensor<64xbf16>, %l4_g2: tensor<64xbf16>, %l4_n2: tensor<64xbf16>, %l5_wq: tensor<64x64xbf16>, %l5_wk: tensor<64x64xbf16>, %l5_wv: tensor<64x64xbf16>, %l5_wo: tensor<64x64xbf16>, %l5_g1: tensor<64xbf16>, %l5_n1: tensor<64xbf16>, %l5_w1: tensor<64x256xbf16>, %l5_b1: tensor<256xbf16>, %l5_w2: tensor<256x64xbf16>, %l5_b2: tensor<64xbf16>, %l5_g2: tensor<64xbf16>, %l5_n2: tensor<64xbf16>, %l6_wq: tensor<64x64xbf16>, %l6_wk: tensor<64x64xbf16>, %l6_wv: tensor<64x64xbf16>, %l6_wo: tensor<64x64xbf16>, %l6_g1: tensor<64xbf16>, %l6_n1: tensor<64xbf16>, %l6_w1: tensor<64x256xbf16>, %l6_b1: tensor<256xbf16>, %l6_w2: tensor<256x64xbf16>, %l6_b2: tensor<64xbf16>, %l6_g2: tensor<64xbf16>, %l6_n2: tensor<64xbf16>, %l7_wq: tensor<64x64xbf16>, %l7_wk: tensor<64x64xbf16>, %l7_wv: tensor<64x64xbf16>, %l7_wo: tensor<64x64xbf16>, %l7_g1: tensor<64xbf16>, %l7_n1: tensor<64xbf16>, %l7_w1: tensor<64x256xbf16>, %l7_b1: tensor<256xbf16>, %l7_w2: tensor<256x64xbf16>, %l7_b2: tensor<64xbf16>, %l7_g2: tensor<64xbf16>, %l7_n2: tensor<64xbf16>, %l8_wq: tensor<64x64xbf16>, %l8_wk: tensor<64x64xbf16>, %l8_wv: tensor<64x64xbf16>, %l8_wo: tensor<64x64xbf16>, %l8_g1: tensor<64xbf16>, %l8_n1: tensor<64xbf16>, %l8_w1: tensor<64x256xbf16>, %l8_b1: tensor<256xbf16>, %l8_w2: tensor<256x64xbf16>, %l8_b2: tensor<64xbf16>, %l8_g2: tensor<64xbf16>, %l8_n2: tensor<64xbf16>, %l9_wq: tensor<64x64xbf16>, %l9_wk: tensor<64x64xbf16>, %l9_wv: tensor<64x64xbf16>, %l9_wo: tensor<64x64xbf16>, %l9_g1: tensor<64xbf16>, %l9_n1: tensor<64xbf16>, %l9_w1: tensor<64x256xbf16>, %l9_b1: tensor<256xbf16>, %l9_w2: tensor<256x64xbf16>, %l9_b2: tensor<64xbf16>, %l9_g2: tensor<64xbf16>, %l9_n2: tensor<64xbf16>, %l10_wq: tensor<64x64xbf16>, %l10_wk: tensor<64x64xbf16>, %l10_wv: tensor<64x64xbf16>, %l10_wo: tensor<64x64xbf16>, %l10_g1: tensor<64xbf16>, %l10_n1: tensor<64xbf16>, %l10_w1: tensor<64x256xbf16>, %l10_b1: tensor<256xbf16>, %l10_w2: tensor<256x64xbf16>, %l10_b2: tensor<64xbf16>, %l10_g2: tensor<64xbf16>, %l10_n2: tensor<64xbf16>, %l11_wq: tensor<64x64xbf16>, %l11_wk: tensor<64x64xbf16>, %l11_wv: tensor<64x64xbf16>, %l11_wo: tensor<64x64xbf16>, %l11_g1: tensor<64xbf16>, %l11_n1: tensor<64xbf16>, %l11_w1: tensor<64x256xbf16>, %l11_b1: tensor<256xbf16>, %l11_w2: tensor<256x64xbf16>, %l11_b2: tensor<64xbf16>, %l11_g2: tensor<64xbf16>, %l11_n2: tensor<64xbf16>) -> tensor<32x64xbf16> {
  %h0 = func.call @transformer_layer(%x, %l0_wq, %l0_wk, %l0_wv, %l0_wo, %l0_g1, %l0_n1, %l0_w1, %l0_b1, %l0_w2, %l0_b2, %l0_g2, %l0_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h1 = func.call @transformer_layer(%h0, %l1_wq, %l1_wk, %l1_wv, %l1_wo, %l1_g1, %l1_n1, %l1_w1, %l1_b1, %l1_w2, %l1_b2, %l1_g2, %l1_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h2 = func.call @transformer_layer(%h1, %l2_wq, %l2_wk, %l2_wv, %l2_wo, %l2_g1, %l2_n1, %l2_w1, %l2_b1, %l2_w2, %l2_b2, %l2_g2, %l2_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h3 = func.call @transformer_layer(%h2, %l3_wq, %l3_wk, %l3_wv, %l3_wo, %l3_g1, %l3_n1, %l3_w1, %l3_b1, %l3_w2, %l3_b2, %l3_g2, %l3_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h4 = func.call @transformer_layer(%h3, %l4_wq, %l4_wk, %l4_wv, %l4_wo, %l4_g1, %l4_n1, %l4_w1, %l4_b1, %l4_w2, %l4_b2, %l4_g2, %l4_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h5 = func.call @transformer_layer(%h4, %l5_wq, %l5_wk, %l5_wv, %l5_wo, %l5_g1, %l5_n1, %l5_w1, %l5_b1, %l5_w2, %l5_b2, %l5_g2, %l5_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h6 = func.call @transformer_layer(%h5, %l6_wq, %l6_wk, %l6_wv, %l6_wo, %l6_g1, %l6_n1, %l6_w1, %l6_b1, %l6_w2, %l6_b2, %l6_g2, %l6_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h7 = func.call @transformer_layer(%h6, %l7_wq, %l7_wk, %l7_wv, %l7_wo, %l7_g1, %l7_n1, %l7_w1, %l7_b1, %l7_w2, %l7_b2, %l7_g2, %l7_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h8 = func.call @transformer_layer(%h7, %l8_wq, %l8_wk, %l8_wv, %l8_wo, %l8_g1, %l8_n1, %l8_w1, %l8_b1, %l8_w2, %l8_b2, %l8_g2, %l8_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h9 = func.call @transformer_layer(%h8, %l9_wq, %l9_wk, %l9_wv, %l9_wo, %l9_g1, %l9_n1, %l9_w1, %l9_b1, %l9_w2, %l9_b2, %l9_g2, %l9_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h10 = func.call @transformer_layer(%h9, %l10_wq, %l10_wk, %l10_wv, %l10_wo, %l10_g1, %l10_n1, %l10_w1, %l10_b1, %l10_w2, %l10_b2, %l10_g2, %l10_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  %h11 = func.call @transformer_layer(%h10, %l11_wq, %l11_wk, %l11_wv, %l11_wo, %l11_g1, %l11_n1, %l11_w1, %l11_b1, %l11_w2, %l11_b2, %l11_g2, %l11_n2) : (tensor<32x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>, tensor<256x64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<32x64xbf16>
  return %h11 : tensor<32x64xbf16>
}

// A 50-layer convolution stack (25 residual blocks of two 3x3
// convolutions with bias and ReLU, as in ResNet) in f32.
func.func private @residual_block(%x: tensor<1x8x8x16xf32>, %w1: tensor<3x3x16x16xf32>, %b1: tensor<16xf32>, %w2: tensor<3x3x16x16xf32>, %b2: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  %c1 = tessel.conv2d %x, %w1 strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32> -> tensor<1x8x8x16xf32>
  %d1 = tessel.add %c1, %b1 : tensor<1x8x8x16xf32>, tensor<16xf32> -> tensor<1x8x8x16xf32>
  %r1 = tessel.relu %d1 : tensor<1x8x8x16xf32>
  %c2 = tessel.conv2d %r1, %w2 strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32> -> tensor<1x8x8x16xf32>
  %d2 = tessel.add %c2, %b2 : tensor<1x8x8x16xf32>, tensor<16xf32> -> tensor<1x8x8x16xf32>
  %s = tessel.add %d2, %x : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32> -> tensor<1x8x8x16xf32>
  %y = tessel.relu %s : tensor<1x8x8x16xf32>
  return %y : tensor<1x8x8x16xf32>
}
func.func @conv_stack_50(%x: tensor<1x8x8x16xf32>, %b0_w1: tensor<3x3x16x16xf32>, %b0_b1: tensor<16xf32>, %b0_w2: tensor<3x3x16x16xf32>, %b0_b2: tensor<16xf32>, %b1_w1: tensor<3x3x16x16xf32>, %b1_b1: tensor<16xf32>, %b1_w2: tensor<3x3x16x16xf32>, %b1_b2: tensor<16xf32>, %b2_w1: tensor<3x3x16x16xf32>, %b2_b1: tensor<16xf32>, %b2_w2: tensor<3x3x16x16xf32>, %b2_b2: tensor<16xf32>, %b3_w1: tensor<3x3x16x16xf32>, %b3_b1: tensor<16xf32>, %b3_w2: tensor<3x3x16x16xf32>, %b3_b2: tensor<16xf32>, %b4_w1: tensor<3x3x16x16xf32>, %b4_b1: tensor<16xf32>, %b4_w2: tensor<3x3x16x16xf32>, %b4_b2: tensor<16xf32>, %b5_w1: tensor<3x3x16x16xf32>, %b5_b1: tensor<16xf32>, %b5_w2: tensor<3x3x16x16xf32>, %b5_b2: tensor<16xf32>, %b6_w1: tensor<3x3x16x16xf32>, %b6_b1: tensor<16xf32>, %b6_w2: tensor<3x3x16x16xf32>, %b6_b2: tensor<16xf32>, %b7_w1: tensor<3x3x16x16xf32>, %b7_b1: tensor<16xf32>, %b7_w2: tensor<3x3x16x16xf32>, %b7_b2: tensor<16xf32>, %b8_w1: tensor<3x3x16x16xf32>, %b8_b1: tensor<16xf32>, %b8_w2: tensor<3x3x16x16xf32>, %b8_b2: tensor<16xf32>, %b9_w1: tensor<3x3x16x16xf32>, %b9_b1: tensor<16xf32>, %b9_w2: tensor<3x3x16x16xf32>, %b9_b2: tensor<16xf32>, %b10_w1: tensor<3x3x16x16xf32>, %b10_b1: tensor<16xf32>, %b10_w2: tensor<3x3x16x16xf32>, %b10_b2: tensor<16xf32>, %b11_w1: tensor<3x3x16x16xf32>, %b11_b1: tensor<16xf32>, %b11_w2: tensor<3x3x16x16xf32>, %b11_b2: tensor<16xf32>, %b12_w1: tensor<3x3x16x16xf32>, %b12_b1: tensor<16xf32>, %b12_w2: tensor<3x3x16x16xf32>, %b12_b2: tensor<16xf32>, %b13_w1: tensor<3x3x16x16xf32>, %b13_b1: tensor<16xf32>, %b13_w2: tensor<3x3x16x16xf32>, %b13_b2: tensor<16xf32>, %b14_w1: tensor<3x3x16x16xf32>, %b14_b1: tensor<16xf32>, %b14_w2: tensor<3x3x16x16xf32>, %b14_b2: tensor<16xf32>, %b15_w1: tensor<3x3x16x16xf32>, %b15_b1: tensor<16xf32>, %b15_w2: tensor<3x3x16x16xf32>, %b15_b2: tensor<16xf32>, %b16_w1: tensor<3x3x16x16xf32>, %b16_b1: tensor<16xf32>, %b16_w2: tensor<3x3x16x16xf32>, %b16_b2: tensor<16xf32>, %b17_w1: tensor<3x3x16x16xf32>, %b17_b1: tensor<16xf32>, %b17_w2: tensor<3x3x16x16xf32>, %b17_b2: tensor<16xf32>, %b18_w1: tensor<3x3x16x16xf32>, %b18_b1: tensor<16xf32>, %b18_w2: tensor<3x3x16x16xf32>, %b18_b2: tensor<16xf32>, %b19_w1: tensor<3x3x16x16xf32>, %b19_b1: tensor<16xf32>, %b19_w2: tensor<3x3x16x16xf32>, %b19_b2: tensor<16xf32>, %b20_w1: tensor<3x3x16x16xf32>, %b20_b1: tensor<16xf32>, %b20_w2: tensor<3x3x16x16xf32>, %b20_b2: tensor<16xf32>, %b21_w1: tensor<3x3x16x16xf32>, %b21_b1: tensor<16xf32>, %b21_w2: tensor<3x3x16x16xf32>, %b21_b2: tensor<16xf32>, %b22_w1: tensor<3x3x16x16xf32>, %b22_b1: tensor<16xf32>, %b22_w2: tensor<3x3x16x16xf32>, %b22_b2: tensor<16xf32>, %b23_w1: tensor<3x3x16x16xf32>, %b23_b1: tensor<16xf32>, %b23_w2: tensor<3x3x16x16xf32>, %b23_b2: tensor<16xf32>, %b24_w1: tensor<3x3x16x16xf32>, %b24_b1: tensor<16xf32>, %b24_w2: tensor<3x3x16x16xf32>, %b24_b2: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  %y0 = func.call @residual_block(%x, %b0_w1, %b0_b1, %b0_w2, %b0_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y1 = func.call @residual_block(%y0, %b1_w1, %b1_b1, %b1_w2, %b1_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y2 = func.call @residual_block(%y1, %b2_w1, %b2_b1, %b2_w2, %b2_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y3 = func.call @residual_block(%y2, %b3_w1, %b3_b1, %b3_w2, %b3_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y4 = func.call @residual_block(%y3, %b4_w1, %b4_b1, %b4_w2, %b4_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y5 = func.call @residual_block(%y4, %b5_w1, %b5_b1, %b5_w2, %b5_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y6 = func.call @residual_block(%y5, %b6_w1, %b6_b1, %b6_w2, %b6_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y7 = func.call @residual_block(%y6, %b7_w1, %b7_b1, %b7_w2, %b7_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y8 = func.call @residual_block(%y7, %b8_w1, %b8_b1, %b8_w2, %b8_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y9 = func.call @residual_block(%y8, %b9_w1, %b9_b1, %b9_w2, %b9_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y10 = func.call @residual_block(%y9, %b10_w1, %b10_b1, %b10_w2, %b10_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y11 = func.call @residual_block(%y10, %b11_w1, %b11_b1, %b11_w2, %b11_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y12 = func.call @residual_block(%y11, %b12_w1, %b12_b1, %b12_w2, %b12_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y13 = func.call @residual_block(%y12, %b13_w1, %b13_b1, %b13_w2, %b13_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y14 = func.call @residual_block(%y13, %b14_w1, %b14_b1, %b14_w2, %b14_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y15 = func.call @residual_block(%y14, %b15_w1, %b15_b1, %b15_w2, %b15_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y16 = func.call @residual_block(%y15, %b16_w1, %b16_b1, %b16_w2, %b16_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y17 = func.call @residual_block(%y16, %b17_w1, %b17_b1, %b17_w2, %b17_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y18 = func.call @residual_block(%y17, %b18_w1, %b18_b1, %b18_w2, %b18_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y19 = func.call @residual_block(%y18, %b19_w1, %b19_b1, %b19_w2, %b19_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y20 = func.call @residual_block(%y19, %b20_w1, %b20_b1, %b20_w2, %b20_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y21 = func.call @residual_block(%y20, %b21_w1, %b21_b1, %b21_w2, %b21_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y22 = func.call @residual_block(%y21, %b22_w1, %b22_b1, %b22_w2, %b22_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y23 = func.call @residual_block(%y22, %b23_w1, %b23_b1, %b23_w2, %b23_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  %y24 = func.call @residual_block(%y23, %b24_w1, %b24_b1, %b24_w2, %b24_b2) : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>, tensor<3x3x16x16xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  return %y24 : tensor<1x8x8x16xf32>
}
