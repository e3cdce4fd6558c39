// One small kernel of each kind Tessel forms, for the schedule sweep
// (test/tools/tessel-compile-every-schedule-*.test compiles every kind of
// schedule the cost model offers for each, on every built-in target), and
// checked here on the CPU path with the schedules the model chooses.
// Sizes are small (the sweep compiles hundreds of schedules) and most do
// not divide the tiles.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// Tensor-core-sized bf16 matmul with a bias and GELU epilogue, cast back.
func.func @matmul_epilogue_bf16(%a: tensor<32x48xbf16>, %b: tensor<48x64xbf16>, %bias: tensor<64xf32>) -> tensor<32x64xbf16> {
  %0 = tessel.matmul %a, %b : tensor<32x48xbf16>, tensor<48x64xbf16> -> tensor<32x64xf32>
  %1 = tessel.add %0, %bias : tensor<32x64xf32>, tensor<64xf32> -> tensor<32x64xf32>
  %2 = tessel.gelu tanh %1 : tensor<32x64xf32>
  %3 = tessel.cast %2 : tensor<32x64xf32> to tensor<32x64xbf16>
  return %3 : tensor<32x64xbf16>
}

// An f32 matmul on odd shapes, nn.Linear's layout (B transposed).
func.func @linear_odd_f32(%a: tensor<7x29xf32>, %w: tensor<13x29xf32>) -> tensor<7x13xf32> {
  %0 = tessel.matmul %a, %w transpose_rhs : tensor<7x29xf32>, tensor<13x29xf32> -> tensor<7x13xf32>
  return %0 : tensor<7x13xf32>
}

// A batched f16 matmul whose A is cast from f32 (a prologue in the copies).
func.func @batch_matmul_cast_f16(%a: tensor<2x32x40xf32>, %b: tensor<2x40x32xf16>) -> tensor<2x32x32xf32> {
  %0 = tessel.cast %a : tensor<2x32x40xf32> to tensor<2x32x40xf16>
  %1 = tessel.batch_matmul %0, %b : tensor<2x32x40xf16>, tensor<2x40x32xf16> -> tensor<2x32x32xf32>
  return %1 : tensor<2x32x32xf32>
}

// Elementwise with broadcasting, in f16.
func.func @elementwise_f16(%a: tensor<5x37xf16>, %b: tensor<37xf16>) -> tensor<5x37xf16> {
  %0 = tessel.add %a, %b : tensor<5x37xf16>, tensor<37xf16> -> tensor<5x37xf16>
  %1 = tessel.silu %0 : tensor<5x37xf16>
  return %1 : tensor<5x37xf16>
}

// A transpose (the heads' permutation of an attention).
func.func @transpose_bf16(%a: tensor<3x9x5x8xbf16>) -> tensor<3x5x9x8xbf16> {
  %0 = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<3x9x5x8xbf16> -> tensor<3x5x9x8xbf16>
  return %0 : tensor<3x5x9x8xbf16>
}

// Reductions: over the last dim, and over everything to a scalar.
func.func @reductions_f32(%a: tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<f32>) {
  %0 = tessel.reduce max %a dims = [2] : tensor<6x5x33xf32> -> tensor<6x5xf32>
  %1 = tessel.reduce sum %a dims = [0, 1, 2] : tensor<6x5x33xf32> -> tensor<f32>
  return %0, %1 : tensor<6x5xf32>, tensor<f32>
}

// A scaled, causal softmax (an attention's middle part).
func.func @causal_softmax_f32(%a: tensor<3x20x64xf32>) -> tensor<3x20x64xf32> {
  %0 = tessel.softmax %a dim = 2 scale = 0.125 causal : tensor<3x20x64xf32>
  return %0 : tensor<3x20x64xf32>
}

// Norms: layer_norm over two trailing dims after a residual add, rms_norm.
func.func @norms_bf16(%x: tensor<4x3x40xbf16>, %r: tensor<4x3x40xbf16>, %g: tensor<3x40xbf16>, %g1: tensor<40xbf16>) -> (tensor<4x3x40xbf16>, tensor<4x3x40xbf16>) {
  %0 = tessel.add %x, %r : tensor<4x3x40xbf16>, tensor<4x3x40xbf16> -> tensor<4x3x40xbf16>
  %1 = tessel.layer_norm %0 scale(%g) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<4x3x40xbf16>, tensor<3x40xbf16>) -> tensor<4x3x40xbf16>
  %2 = tessel.rms_norm %x scale(%g1) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<4x3x40xbf16>, tensor<40xbf16>) -> tensor<4x3x40xbf16>
  return %1, %2 : tensor<4x3x40xbf16>, tensor<4x3x40xbf16>
}

// Convolutions: padded and strided (im2col + matmul where the model says
// so), and grouped (direct).
func.func @conv_padded_f32(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x5x5x16xf32> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x9x9x8xf32>, tensor<3x3x8x16xf32> -> tensor<1x5x5x16xf32>
  %1 = tessel.relu %0 : tensor<1x5x5x16xf32>
  return %1 : tensor<1x5x5x16xf32>
}
func.func @conv_grouped_bf16(%x: tensor<2x9x7x6xbf16>, %w: tensor<3x3x3x8xbf16>) -> tensor<2x5x4x8xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16> -> tensor<2x5x4x8xbf16>
  return %0 : tensor<2x5x4x8xbf16>
}

// Attention: grouped-query heads, causal, bf16 (one kernel or its parts, as
// the model decides).
func.func @attention_gqa_causal_bf16(%q: tensor<1x4x24x32xbf16>, %k: tensor<1x2x40x32xbf16>, %v: tensor<1x2x40x32xbf16>) -> tensor<1x4x24x32xbf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x4x24x32xbf16>, tensor<1x2x40x32xbf16>, tensor<1x2x40x32xbf16> -> tensor<1x4x24x32xbf16>
  return %0 : tensor<1x4x24x32xbf16>
}

// The smallest case of a bug that stopped every causal attention of
// realistic size on h100: a causal softmax in 4-wide vector steps.
func.func @causal_softmax_vector4(%x: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %r = tessel.kernel @k_causal_softmax_vector4(%x) : (tensor<4x256xf32>) -> tensor<4x256xf32>
      schedule = #tessel.schedule<block = [1, 256], warps = 2, vector = 4> {
  ^bb0(%a: tensor<4x256xf32>):
    %s = tessel.softmax %a dim = 1 causal : tensor<4x256xf32>
    tessel.yield %s : tensor<4x256xf32>
  }
  return %r : tensor<4x256xf32>
}
