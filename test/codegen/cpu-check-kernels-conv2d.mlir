// Kernels on the tiled CPU path, three schedules each, in f32, f16 and
// bf16, on sizes no tile divides: grouped, strided, padded conv2d with bias and relu.
// Then tiles of output channels that start inside one group and end in the
// next (3 channels over groups of 4; 16 over groups of 12): tiling once
// sliced the grouped accumulator as if `f floordiv F/G` and `f mod F/G`
// were linear, and got those tiles wrong (found by tessel-fuzz-run).
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @conv_bias_relu_f32_narrow(%x: tensor<2x9x7x6xf32>, %w: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>) -> tensor<2x5x4x8xf32> {
  %r = tessel.kernel @k_conv_bias_relu_f32_narrow(%x, %w, %bias) : (tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>) -> tensor<2x5x4x8xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<2x9x7x6xf32>, %k_w: tensor<3x3x3x8xf32>, %k_bias: tensor<8xf32>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32> -> tensor<2x5x4x8xf32>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf32>, tensor<8xf32> -> tensor<2x5x4x8xf32>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf32>
    tessel.yield %2 : tensor<2x5x4x8xf32>
  }
  return %r : tensor<2x5x4x8xf32>
}

func.func @conv_bias_relu_f32_square(%x: tensor<2x9x7x6xf32>, %w: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>) -> tensor<2x5x4x8xf32> {
  %r = tessel.kernel @k_conv_bias_relu_f32_square(%x, %w, %bias) : (tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>) -> tensor<2x5x4x8xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<2x9x7x6xf32>, %k_w: tensor<3x3x3x8xf32>, %k_bias: tensor<8xf32>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32> -> tensor<2x5x4x8xf32>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf32>, tensor<8xf32> -> tensor<2x5x4x8xf32>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf32>
    tessel.yield %2 : tensor<2x5x4x8xf32>
  }
  return %r : tensor<2x5x4x8xf32>
}

func.func @conv_bias_relu_f32_rows(%x: tensor<2x9x7x6xf32>, %w: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>) -> tensor<2x5x4x8xf32> {
  %r = tessel.kernel @k_conv_bias_relu_f32_rows(%x, %w, %bias) : (tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>) -> tensor<2x5x4x8xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<2x9x7x6xf32>, %k_w: tensor<3x3x3x8xf32>, %k_bias: tensor<8xf32>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32> -> tensor<2x5x4x8xf32>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf32>, tensor<8xf32> -> tensor<2x5x4x8xf32>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf32>
    tessel.yield %2 : tensor<2x5x4x8xf32>
  }
  return %r : tensor<2x5x4x8xf32>
}

func.func @conv_bias_relu_f16_narrow(%x: tensor<2x9x7x6xf16>, %w: tensor<3x3x3x8xf16>, %bias: tensor<8xf16>) -> tensor<2x5x4x8xf16> {
  %r = tessel.kernel @k_conv_bias_relu_f16_narrow(%x, %w, %bias) : (tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16>, tensor<8xf16>) -> tensor<2x5x4x8xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<2x9x7x6xf16>, %k_w: tensor<3x3x3x8xf16>, %k_bias: tensor<8xf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16> -> tensor<2x5x4x8xf16>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf16>, tensor<8xf16> -> tensor<2x5x4x8xf16>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf16>
    tessel.yield %2 : tensor<2x5x4x8xf16>
  }
  return %r : tensor<2x5x4x8xf16>
}

func.func @conv_bias_relu_f16_square(%x: tensor<2x9x7x6xf16>, %w: tensor<3x3x3x8xf16>, %bias: tensor<8xf16>) -> tensor<2x5x4x8xf16> {
  %r = tessel.kernel @k_conv_bias_relu_f16_square(%x, %w, %bias) : (tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16>, tensor<8xf16>) -> tensor<2x5x4x8xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<2x9x7x6xf16>, %k_w: tensor<3x3x3x8xf16>, %k_bias: tensor<8xf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16> -> tensor<2x5x4x8xf16>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf16>, tensor<8xf16> -> tensor<2x5x4x8xf16>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf16>
    tessel.yield %2 : tensor<2x5x4x8xf16>
  }
  return %r : tensor<2x5x4x8xf16>
}

func.func @conv_bias_relu_f16_rows(%x: tensor<2x9x7x6xf16>, %w: tensor<3x3x3x8xf16>, %bias: tensor<8xf16>) -> tensor<2x5x4x8xf16> {
  %r = tessel.kernel @k_conv_bias_relu_f16_rows(%x, %w, %bias) : (tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16>, tensor<8xf16>) -> tensor<2x5x4x8xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<2x9x7x6xf16>, %k_w: tensor<3x3x3x8xf16>, %k_bias: tensor<8xf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf16>, tensor<3x3x3x8xf16> -> tensor<2x5x4x8xf16>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf16>, tensor<8xf16> -> tensor<2x5x4x8xf16>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf16>
    tessel.yield %2 : tensor<2x5x4x8xf16>
  }
  return %r : tensor<2x5x4x8xf16>
}

func.func @conv_bias_relu_bf16_narrow(%x: tensor<2x9x7x6xbf16>, %w: tensor<3x3x3x8xbf16>, %bias: tensor<8xbf16>) -> tensor<2x5x4x8xbf16> {
  %r = tessel.kernel @k_conv_bias_relu_bf16_narrow(%x, %w, %bias) : (tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16>, tensor<8xbf16>) -> tensor<2x5x4x8xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<2x9x7x6xbf16>, %k_w: tensor<3x3x3x8xbf16>, %k_bias: tensor<8xbf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16> -> tensor<2x5x4x8xbf16>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xbf16>, tensor<8xbf16> -> tensor<2x5x4x8xbf16>
    %2 = tessel.relu %1 : tensor<2x5x4x8xbf16>
    tessel.yield %2 : tensor<2x5x4x8xbf16>
  }
  return %r : tensor<2x5x4x8xbf16>
}

func.func @conv_bias_relu_bf16_square(%x: tensor<2x9x7x6xbf16>, %w: tensor<3x3x3x8xbf16>, %bias: tensor<8xbf16>) -> tensor<2x5x4x8xbf16> {
  %r = tessel.kernel @k_conv_bias_relu_bf16_square(%x, %w, %bias) : (tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16>, tensor<8xbf16>) -> tensor<2x5x4x8xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<2x9x7x6xbf16>, %k_w: tensor<3x3x3x8xbf16>, %k_bias: tensor<8xbf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16> -> tensor<2x5x4x8xbf16>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xbf16>, tensor<8xbf16> -> tensor<2x5x4x8xbf16>
    %2 = tessel.relu %1 : tensor<2x5x4x8xbf16>
    tessel.yield %2 : tensor<2x5x4x8xbf16>
  }
  return %r : tensor<2x5x4x8xbf16>
}

func.func @conv_bias_relu_bf16_rows(%x: tensor<2x9x7x6xbf16>, %w: tensor<3x3x3x8xbf16>, %bias: tensor<8xbf16>) -> tensor<2x5x4x8xbf16> {
  %r = tessel.kernel @k_conv_bias_relu_bf16_rows(%x, %w, %bias) : (tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16>, tensor<8xbf16>) -> tensor<2x5x4x8xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<2x9x7x6xbf16>, %k_w: tensor<3x3x3x8xbf16>, %k_bias: tensor<8xbf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xbf16>, tensor<3x3x3x8xbf16> -> tensor<2x5x4x8xbf16>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xbf16>, tensor<8xbf16> -> tensor<2x5x4x8xbf16>
    %2 = tessel.relu %1 : tensor<2x5x4x8xbf16>
    tessel.yield %2 : tensor<2x5x4x8xbf16>
  }
  return %r : tensor<2x5x4x8xbf16>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-33: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

func.func @conv_bias_relu_f32_straddle(%x: tensor<2x9x7x6xf32>, %w: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>) -> tensor<2x5x4x8xf32> {
  %r = tessel.kernel @k_conv_bias_relu_f32_straddle(%x, %w, %bias) : (tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>) -> tensor<2x5x4x8xf32>
      schedule = #tessel.schedule<block = [1, 3], warps = 2> {
  ^bb0(%k_x: tensor<2x9x7x6xf32>, %k_w: tensor<3x3x3x8xf32>, %k_bias: tensor<8xf32>):
    %0 = tessel.conv2d %k_x, %k_w strides = [2, 2] padding = [1, 1, 1, 2] dilations = [1, 1] groups = 2 : tensor<2x9x7x6xf32>, tensor<3x3x3x8xf32> -> tensor<2x5x4x8xf32>
    %1 = tessel.add %0, %k_bias : tensor<2x5x4x8xf32>, tensor<8xf32> -> tensor<2x5x4x8xf32>
    %2 = tessel.relu %1 : tensor<2x5x4x8xf32>
    tessel.yield %2 : tensor<2x5x4x8xf32>
  }
  return %r : tensor<2x5x4x8xf32>
}

func.func @conv_grouped_bf16_straddle(%x: tensor<2x8x8x48xbf16>, %w: tensor<3x3x12x48xbf16>) -> tensor<2x8x8x48xbf16> {
  %r = tessel.kernel @k_conv_grouped_bf16_straddle(%x, %w) : (tensor<2x8x8x48xbf16>, tensor<3x3x12x48xbf16>) -> tensor<2x8x8x48xbf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 8> {
  ^bb0(%k_x: tensor<2x8x8x48xbf16>, %k_w: tensor<3x3x12x48xbf16>):
    %0 = tessel.conv2d %k_x, %k_w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 4 : tensor<2x8x8x48xbf16>, tensor<3x3x12x48xbf16> -> tensor<2x8x8x48xbf16>
    tessel.yield %0 : tensor<2x8x8x48xbf16>
  }
  return %r : tensor<2x8x8x48xbf16>
}
