// Round trip of every Tessel op: parse and print (custom form), then parse
// the printed form and the generic form again and print the same.
// RUN: tessel-opt %s | FileCheck %s
// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s --mlir-print-op-generic | tessel-opt | FileCheck %s

// CHECK-LABEL: func.func @contractions
func.func @contractions(%a: tensor<128x64xf32>, %b: tensor<64x32xf32>,
                        %at: tensor<64x128xbf16>, %bt: tensor<32x64xbf16>,
                        %ba: tensor<4x16x8xf16>, %bb: tensor<4x8x16xf16>)
    -> (tensor<128x32xf32>, tensor<128x32xf32>, tensor<4x16x16xf16>) {
  // CHECK: %[[MM:.*]] = tessel.matmul %{{.*}}, %{{.*}} : tensor<128x64xf32>, tensor<64x32xf32> -> tensor<128x32xf32>
  %0 = tessel.matmul %a, %b : tensor<128x64xf32>, tensor<64x32xf32> -> tensor<128x32xf32>
  // CHECK: tessel.matmul %{{.*}}, %{{.*}} transpose_lhs transpose_rhs : tensor<64x128xbf16>, tensor<32x64xbf16> -> tensor<128x32xf32>
  %1 = tessel.matmul %at, %bt transpose_lhs transpose_rhs : tensor<64x128xbf16>, tensor<32x64xbf16> -> tensor<128x32xf32>
  // CHECK: tessel.batch_matmul %{{.*}}, %{{.*}} : tensor<4x16x8xf16>, tensor<4x8x16xf16> -> tensor<4x16x16xf16>
  %2 = tessel.batch_matmul %ba, %bb : tensor<4x16x8xf16>, tensor<4x8x16xf16> -> tensor<4x16x16xf16>
  return %0, %1, %2 : tensor<128x32xf32>, tensor<128x32xf32>, tensor<4x16x16xf16>
}

// CHECK-LABEL: func.func @batch_matmul_broadcast
func.func @batch_matmul_broadcast(%x: tensor<8x128x64xbf16>, %w: tensor<1x64x256xbf16>) -> tensor<8x128x256xbf16> {
  // CHECK: tessel.batch_matmul %{{.*}}, %{{.*}} : tensor<8x128x64xbf16>, tensor<1x64x256xbf16> -> tensor<8x128x256xbf16>
  %0 = tessel.batch_matmul %x, %w : tensor<8x128x64xbf16>, tensor<1x64x256xbf16> -> tensor<8x128x256xbf16>
  return %0 : tensor<8x128x256xbf16>
}

// CHECK-LABEL: func.func @batch_matmul_transposed
func.func @batch_matmul_transposed(%q: tensor<12x128x64xbf16>, %k: tensor<12x128x64xbf16>) -> tensor<12x128x128xbf16> {
  // CHECK: tessel.batch_matmul %{{.*}}, %{{.*}} transpose_rhs : tensor<12x128x64xbf16>, tensor<12x128x64xbf16> -> tensor<12x128x128xbf16>
  %0 = tessel.batch_matmul %q, %k transpose_rhs : tensor<12x128x64xbf16>, tensor<12x128x64xbf16> -> tensor<12x128x128xbf16>
  return %0 : tensor<12x128x128xbf16>
}

// CHECK-LABEL: func.func @convolutions
func.func @convolutions(%x: tensor<8x56x56x64xbf16>, %w: tensor<3x3x64x128xbf16>,
                        %dw: tensor<3x3x1x64xf32>, %xf: tensor<1x17x17x64xf32>)
    -> (tensor<8x28x28x128xbf16>, tensor<1x13x13x64xf32>) {
  // CHECK: tessel.conv2d %{{.*}}, %{{.*}} strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x56x56x64xbf16>, tensor<3x3x64x128xbf16> -> tensor<8x28x28x128xbf16>
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x56x56x64xbf16>, tensor<3x3x64x128xbf16> -> tensor<8x28x28x128xbf16>
  // Depthwise, dilated, no padding: 17 - 2 * (3 - 1) = 13.
  // CHECK: tessel.conv2d %{{.*}}, %{{.*}} strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] groups = 64
  %1 = tessel.conv2d %xf, %dw strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] groups = 64 : tensor<1x17x17x64xf32>, tensor<3x3x1x64xf32> -> tensor<1x13x13x64xf32>
  // CHECK: tessel.im2col %{{.*}} window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] : tensor<8x56x56x64xbf16> -> tensor<8x28x28x3x3x64xbf16>
  %2 = tessel.im2col %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] : tensor<8x56x56x64xbf16> -> tensor<8x28x28x3x3x64xbf16>
  return %0, %1 : tensor<8x28x28x128xbf16>, tensor<1x13x13x64xf32>
}

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<4x8xf32>, %h: tensor<4x8xbf16>) -> tensor<4x8xf16> {
  // CHECK: tessel.neg %{{.*}} : tensor<4x8xf32>
  %0 = tessel.neg %x : tensor<4x8xf32>
  // CHECK: tessel.exp %{{.*}} : tensor<4x8xf32>
  %1 = tessel.exp %0 : tensor<4x8xf32>
  // CHECK: tessel.tanh %{{.*}} : tensor<4x8xf32>
  %2 = tessel.tanh %1 : tensor<4x8xf32>
  // CHECK: tessel.sigmoid %{{.*}} : tensor<4x8xf32>
  %3 = tessel.sigmoid %2 : tensor<4x8xf32>
  // CHECK: tessel.relu %{{.*}} : tensor<4x8xf32>
  %4 = tessel.relu %3 : tensor<4x8xf32>
  // CHECK: tessel.gelu tanh %{{.*}} : tensor<4x8xf32>
  %5 = tessel.gelu tanh %4 : tensor<4x8xf32>
  // CHECK: tessel.gelu erf %{{.*}} : tensor<4x8xf32>
  %6 = tessel.gelu erf %5 : tensor<4x8xf32>
  // CHECK: tessel.silu %{{.*}} : tensor<4x8xf32>
  %7 = tessel.silu %6 : tensor<4x8xf32>
  // CHECK: tessel.rsqrt %{{.*}} : tensor<4x8xf32>
  %8 = tessel.rsqrt %7 : tensor<4x8xf32>
  // CHECK: tessel.relu %{{.*}} : tensor<4x8xbf16>
  %9 = tessel.relu %h : tensor<4x8xbf16>
  // CHECK: tessel.clamp %{{.*}} min = 0.000000e+00 max = 6.000000e+00 : tensor<4x8xf32>
  %11 = tessel.clamp %8 min = 0.0 max = 6.0 : tensor<4x8xf32>
  // CHECK: tessel.clamp %{{.*}} min = -1.000000e+00 : tensor<4x8xf32>
  %12 = tessel.clamp %11 min = -1.0 : tensor<4x8xf32>
  // CHECK: tessel.clamp %{{.*}} max = 2.500000e-01 : tensor<4x8xf32>
  %13 = tessel.clamp %12 max = 0.25 : tensor<4x8xf32>
  // CHECK: tessel.cast %{{.*}} : tensor<4x8xf32> to tensor<4x8xf16>
  %10 = tessel.cast %13 : tensor<4x8xf32> to tensor<4x8xf16>
  return %10 : tensor<4x8xf16>
}

// CHECK-LABEL: func.func @binary_broadcast
func.func @binary_broadcast(%x: tensor<2x4x8xf32>, %row: tensor<8xf32>,
                            %col: tensor<4x1xf32>, %one: tensor<1xf32>)
    -> tensor<2x4x8xf32> {
  // CHECK: tessel.add %{{.*}}, %{{.*}} : tensor<2x4x8xf32>, tensor<8xf32> -> tensor<2x4x8xf32>
  %0 = tessel.add %x, %row : tensor<2x4x8xf32>, tensor<8xf32> -> tensor<2x4x8xf32>
  // CHECK: tessel.sub %{{.*}}, %{{.*}} : tensor<2x4x8xf32>, tensor<4x1xf32> -> tensor<2x4x8xf32>
  %1 = tessel.sub %0, %col : tensor<2x4x8xf32>, tensor<4x1xf32> -> tensor<2x4x8xf32>
  // Both sides broadcast: [4, 1] with [8] gives [4, 8].
  // CHECK: tessel.mul %{{.*}}, %{{.*}} : tensor<4x1xf32>, tensor<8xf32> -> tensor<4x8xf32>
  %2 = tessel.mul %col, %row : tensor<4x1xf32>, tensor<8xf32> -> tensor<4x8xf32>
  // CHECK: tessel.div %{{.*}}, %{{.*}} : tensor<2x4x8xf32>, tensor<4x8xf32> -> tensor<2x4x8xf32>
  %3 = tessel.div %1, %2 : tensor<2x4x8xf32>, tensor<4x8xf32> -> tensor<2x4x8xf32>
  // CHECK: tessel.max %{{.*}}, %{{.*}} : tensor<1xf32>, tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  %4 = tessel.max %one, %3 : tensor<1xf32>, tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  // CHECK: tessel.min %{{.*}}, %{{.*}} : tensor<2x4x8xf32>, tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  %5 = tessel.min %4, %x : tensor<2x4x8xf32>, tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  return %5 : tensor<2x4x8xf32>
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<4x8x16xf32>) -> (tensor<4x1x1xf32>, tensor<8xf32>, tensor<f32>) {
  // CHECK: tessel.reduce sum %{{.*}} dims = [1, 2] keep_dims : tensor<4x8x16xf32> -> tensor<4x1x1xf32>
  %0 = tessel.reduce sum %x dims = [1, 2] keep_dims : tensor<4x8x16xf32> -> tensor<4x1x1xf32>
  // CHECK: tessel.reduce max %{{.*}} dims = [0, 2] : tensor<4x8x16xf32> -> tensor<8xf32>
  %1 = tessel.reduce max %x dims = [0, 2] : tensor<4x8x16xf32> -> tensor<8xf32>
  // CHECK: tessel.reduce mean %{{.*}} dims = [0, 1, 2] : tensor<4x8x16xf32> -> tensor<f32>
  %2 = tessel.reduce mean %x dims = [0, 1, 2] : tensor<4x8x16xf32> -> tensor<f32>
  return %0, %1, %2 : tensor<4x1x1xf32>, tensor<8xf32>, tensor<f32>
}

// CHECK-LABEL: func.func @rowwise
func.func @rowwise(%s: tensor<1x12x128x128xf32>, %x: tensor<128x768xbf16>,
                   %g: tensor<768xbf16>, %b: tensor<768xbf16>, %y: tensor<2x4x8xf16>)
    -> (tensor<1x12x128x128xf32>, tensor<128x768xbf16>, tensor<128x768xbf16>, tensor<2x4x8xf16>) {
  // CHECK: tessel.softmax %{{.*}} dim = 3 : tensor<1x12x128x128xf32>
  %0 = tessel.softmax %s dim = 3 : tensor<1x12x128x128xf32>
  // CHECK: tessel.softmax %{{.*}} dim = 3 scale = 1.250000e-01 causal : tensor<1x12x128x128xf32>
  %sc = tessel.softmax %s dim = 3 scale = 0.125 causal : tensor<1x12x128x128xf32>
  // CHECK: tessel.softmax %{{.*}} dim = 3 causal window = 64 : tensor<1x12x128x128xf32>
  %sw = tessel.softmax %s dim = 3 causal window = 64 : tensor<1x12x128x128xf32>
  // CHECK: tessel.layer_norm %{{.*}} scale(%{{.*}}) bias(%{{.*}}) normalized_rank = 1 epsilon = 1.000000e-05 : (tensor<128x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>
  %1 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<128x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>
  // CHECK: tessel.rms_norm %{{.*}} scale(%{{.*}}) normalized_rank = 1 epsilon = 9.9999999999999995E-7 : (tensor<128x768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>
  %2 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<128x768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>
  // No scale or bias, two normalized dims.
  // CHECK: tessel.layer_norm %{{.*}} normalized_rank = 2 epsilon = 1.000000e-03 : (tensor<2x4x8xf16>) -> tensor<2x4x8xf16>
  %3 = tessel.layer_norm %y normalized_rank = 2 epsilon = 1.0e-03 : (tensor<2x4x8xf16>) -> tensor<2x4x8xf16>
  return %0, %1, %2, %3 : tensor<1x12x128x128xf32>, tensor<128x768xbf16>, tensor<128x768xbf16>, tensor<2x4x8xf16>
}

// CHECK-LABEL: func.func @attention
func.func @attention(%q: tensor<1x32x128x128xbf16>, %k: tensor<1x8x256x128xbf16>,
                     %v: tensor<1x8x256x64xbf16>, %q12: tensor<2x12x64x64xf16>)
    -> (tensor<1x32x128x64xbf16>, tensor<2x12x64x64xf16>) {
  // CHECK: tessel.attention %{{.*}}, %{{.*}}, %{{.*}} causal : tensor<1x32x128x128xbf16>, tensor<1x8x256x128xbf16>, tensor<1x8x256x64xbf16> -> tensor<1x32x128x64xbf16>
  %0 = tessel.attention %q, %k, %v causal : tensor<1x32x128x128xbf16>, tensor<1x8x256x128xbf16>, tensor<1x8x256x64xbf16> -> tensor<1x32x128x64xbf16>
  // CHECK: tessel.attention %{{.*}}, %{{.*}}, %{{.*}} scale = 1.250000e-01 : tensor<2x12x64x64xf16>
  %1 = tessel.attention %q12, %q12, %q12 scale = 0.125 : tensor<2x12x64x64xf16>, tensor<2x12x64x64xf16>, tensor<2x12x64x64xf16> -> tensor<2x12x64x64xf16>
  // CHECK: tessel.attention %{{.*}}, %{{.*}}, %{{.*}} causal window = 4096 : tensor<1x32x128x128xbf16>
  %w = tessel.attention %q, %k, %v causal window = 4096 : tensor<1x32x128x128xbf16>, tensor<1x8x256x128xbf16>, tensor<1x8x256x64xbf16> -> tensor<1x32x128x64xbf16>
  return %0, %1 : tensor<1x32x128x64xbf16>, tensor<2x12x64x64xf16>
}

// CHECK-LABEL: func.func @split_kv_attention
func.func @split_kv_attention(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>,
                              %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
  // CHECK: %[[P:.*]], %[[L:.*]] = tessel.attention_partial %{{.*}}, %{{.*}}, %{{.*}} splits = 8 scale = 1.250000e-01 causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>
  %p, %lse = tessel.attention_partial %q, %k, %v splits = 8 scale = 0.125 causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>
  // CHECK: tessel.attention_partial %{{.*}}, %{{.*}}, %{{.*}} splits = 8 causal window = 1024 : tensor<1x32x1x128xbf16>
  %pw, %lw = tessel.attention_partial %q, %k, %v splits = 8 causal window = 1024 : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>
  // CHECK: tessel.attention_combine %[[P]], %[[L]] : tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32> -> tensor<1x32x1x128xbf16>
  %o = tessel.attention_combine %p, %lse : tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32> -> tensor<1x32x1x128xbf16>
  return %o : tensor<1x32x1x128xbf16>
}

// CHECK-LABEL: func.func @split_kv_attention_in_one_kernel
func.func @split_kv_attention_in_one_kernel(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>,
                                            %v: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = tessel.attention_split %{{.*}}, %{{.*}}, %{{.*}} splits = 8 causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>, tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>, tensor<1x32x1xf32>
  %o, %p, %lse, %n = tessel.attention_split %q, %k, %v splits = 8 causal : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>, tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>, tensor<1x32x1xf32>
  // CHECK: tessel.attention_split %{{.*}}, %{{.*}}, %{{.*}} splits = 8 causal window = 1024 : tensor<1x32x1x128xbf16>
  %ow, %pw, %lw, %nw = tessel.attention_split %q, %k, %v splits = 8 causal window = 1024 : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>, tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>, tensor<1x32x1xf32>
  return %o : tensor<1x32x1x128xbf16>
}

// CHECK-LABEL: func.func @transpose
func.func @transpose(%x: tensor<1x128x12x64xf16>) -> tensor<1x12x128x64xf16> {
  // CHECK: tessel.transpose %{{.*}} permutation = [0, 2, 1, 3] : tensor<1x128x12x64xf16> -> tensor<1x12x128x64xf16>
  %0 = tessel.transpose %x permutation = [0, 2, 1, 3] : tensor<1x128x12x64xf16> -> tensor<1x12x128x64xf16>
  return %0 : tensor<1x12x128x64xf16>
}

// CHECK-LABEL: func.func @kernel
func.func @kernel(%x: tensor<128x768xbf16>, %w: tensor<768x3072xbf16>, %bias: tensor<3072xbf16>)
    -> tensor<128x3072xbf16> {
  // CHECK: %[[K:.*]] = tessel.kernel @ffn_up(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<128x768xbf16>, tensor<768x3072xbf16>, tensor<3072xbf16>) -> tensor<128x3072xbf16>
  // CHECK-SAME: schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], thread = [8, 8, 32], warps = 4, stages = 3, split_k = 1, vector = 8, mma = wgmma>
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<128x768xbf16>, %[[B:.*]]: tensor<768x3072xbf16>, %[[C:.*]]: tensor<3072xbf16>):
  // CHECK-NEXT: %[[MM:.*]] = tessel.matmul %[[A]], %[[B]]
  // CHECK-NEXT: %[[ADD:.*]] = tessel.add %[[MM]], %[[C]]
  // CHECK-NEXT: %[[G:.*]] = tessel.gelu tanh %[[ADD]]
  // CHECK-NEXT: tessel.yield %[[G]] : tensor<128x3072xbf16>
  // CHECK: return %[[K]]
  %0 = tessel.kernel @ffn_up(%x, %w, %bias)
      : (tensor<128x768xbf16>, tensor<768x3072xbf16>, tensor<3072xbf16>) -> tensor<128x3072xbf16>
      schedule = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32],
                                  thread = [8, 8, 32], warps = 4, stages = 3,
                                  vector = 8, mma = wgmma> {
  ^bb0(%a: tensor<128x768xbf16>, %b: tensor<768x3072xbf16>, %c: tensor<3072xbf16>):
    %1 = tessel.matmul %a, %b : tensor<128x768xbf16>, tensor<768x3072xbf16> -> tensor<128x3072xbf16>
    %2 = tessel.add %1, %c : tensor<128x3072xbf16>, tensor<3072xbf16> -> tensor<128x3072xbf16>
    %3 = tessel.gelu tanh %2 : tensor<128x3072xbf16>
    tessel.yield %3 : tensor<128x3072xbf16>
  }
  return %0 : tensor<128x3072xbf16>
}

// A kernel with two results and no schedule; the schedule's defaults print.
// CHECK-LABEL: func.func @kernel_two_results
func.func @kernel_two_results(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x1xf32>) {
  // CHECK: tessel.kernel @row_stats(%{{.*}}) : (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x1xf32>) schedule = #tessel.schedule<block = [1, 64], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>
  %0:2 = tessel.kernel @row_stats(%x) : (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x1xf32>)
      schedule = #tessel.schedule<block = [1, 64]> {
  ^bb0(%a: tensor<64x64xf32>):
    %e = tessel.exp %a : tensor<64x64xf32>
    %s = tessel.reduce sum %e dims = [1] keep_dims : tensor<64x64xf32> -> tensor<64x1xf32>
    tessel.yield %e, %s : tensor<64x64xf32>, tensor<64x1xf32>
  }
  return %0#0, %0#1 : tensor<64x64xf32>, tensor<64x1xf32>
}

// CHECK-LABEL: module attributes {tessel.target = #tessel.target<"mi300x">}
module attributes {tessel.target = #tessel.target<"mi300x">} {
}

// CHECK-LABEL: func.func @reshape
func.func @reshape(%x: tensor<128x768xbf16>) -> tensor<1x128x12x64xbf16> {
  // CHECK: tessel.reshape %{{.*}} : tensor<128x768xbf16> -> tensor<1x128x12x64xbf16>
  %0 = tessel.reshape %x : tensor<128x768xbf16> -> tensor<1x128x12x64xbf16>
  return %0 : tensor<1x128x12x64xbf16>
}

// The cost model's attributes on a kernel round-trip.
// CHECK-LABEL: func.func private @predicted
// CHECK-SAME: tessel.candidates = [#tessel.schedule<block = [8, 8], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt>]
// CHECK-SAME: tessel.prediction = #tessel.prediction<time_us = 1.250000e+01, bound = "dram", compute_us = 3.100000e+00, loads_us = 4.000000e+00, dram_us = 1.150000e+01, l2_us = 2.000000e+00, launch_us = 1.000000e+00, latency_us = 6.000000e+00, blocks_us = 5.000000e-01, achievable_us = 1.020000e+01, fraction_of_peak = 4.000000e-02, occupancy = 1.000000e+00, waves = 7.300000e-01, blocks = 1536, flops = 1.000000e+06, dram_bytes = 3.100000e+07, uncalibrated = false>
func.func private @predicted() attributes {
    tessel.prediction = #tessel.prediction<time_us = 12.5, bound = "dram", compute_us = 3.1, loads_us = 4.0, dram_us = 11.5, l2_us = 2.0, launch_us = 1.0, latency_us = 6.0, blocks_us = 0.5, achievable_us = 10.2, fraction_of_peak = 0.04, occupancy = 1.0, waves = 0.73, blocks = 1536, flops = 1.0e6, dram_bytes = 3.1e7, uncalibrated = false>,
    tessel.candidates = [#tessel.schedule<block = [8, 8], warps = 1>]}

// A raster other than 1 (the order of the ids) is printed; 1 is left out.
// CHECK-LABEL: func.func private @rastered
// CHECK-SAME: s = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, split_k = 1, raster = 8, vector = 8, mma = wgmma>
// CHECK-SAME: t = #tessel.schedule<block = [8, 8], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>
func.func private @rastered() attributes {
    s = #tessel.schedule<raster = 8, block = [128, 128, 64], warps = 8, stages = 4, vector = 8, mma = wgmma>,
    t = #tessel.schedule<block = [8, 8], raster = 1>}

// A cluster other than 1 (blocks that share their B tile by TMA
// multicast) is printed after the raster; 1 is left out.
// CHECK-LABEL: func.func private @clustered
// CHECK-SAME: s = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, split_k = 1, raster = 8, cluster = 2, vector = 8, mma = wgmma>
// CHECK-SAME: t = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, split_k = 1, vector = 8, mma = wgmma>
func.func private @clustered() attributes {
    s = #tessel.schedule<cluster = 2, raster = 8, block = [128, 128, 64], warps = 8, stages = 4, vector = 8, mma = wgmma>,
    t = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, vector = 8, mma = wgmma, cluster = 1>}

// The estimated registers and the flops' share of the achievable time are
// printed where given (0, the default, leaves them out, as above).
// CHECK-LABEL: func.func private @predicted_registers
// CHECK-SAME: uncalibrated = true, registers = 96, achievable_compute_us = 2.500000e-01>
func.func private @predicted_registers() attributes {
    tessel.prediction = #tessel.prediction<time_us = 12.5, bound = "dram", compute_us = 3.1, loads_us = 4.0, dram_us = 11.5, l2_us = 2.0, launch_us = 1.0, latency_us = 6.0, blocks_us = 0.5, achievable_us = 10.2, fraction_of_peak = 0.04, occupancy = 1.0, waves = 0.73, blocks = 1536, flops = 1.0e6, dram_bytes = 3.1e7, uncalibrated = true, registers = 96, achievable_compute_us = 0.25>}

// CHECK-LABEL: func.func @slice
func.func @slice(%x: tensor<8x8xf32>) -> tensor<8x3xf32> {
  // CHECK: tessel.slice %{{.*}} offsets = [0, 2] strides = [1, 2] : tensor<8x8xf32> -> tensor<8x3xf32>
  %0 = tessel.slice %x offsets = [0, 2] strides = [1, 2] : tensor<8x8xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// CHECK-LABEL: func.func @concat
func.func @concat(%a: tensor<2x3xbf16>, %b: tensor<2x5xbf16>) -> tensor<2x8xbf16> {
  // CHECK: tessel.concat %{{.*}}, %{{.*}} dim = 1 : tensor<2x3xbf16>, tensor<2x5xbf16> -> tensor<2x8xbf16>
  %0 = tessel.concat %a, %b dim = 1 : tensor<2x3xbf16>, tensor<2x5xbf16> -> tensor<2x8xbf16>
  return %0 : tensor<2x8xbf16>
}

// CHECK-LABEL: func.func @pool2d
func.func @pool2d(%x: tensor<1x112x112x64xbf16>) -> (tensor<1x56x56x64xbf16>, tensor<1x56x56x64xbf16>) {
  // CHECK: tessel.pool2d max %{{.*}} window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<1x112x112x64xbf16> -> tensor<1x56x56x64xbf16>
  %0 = tessel.pool2d max %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<1x112x112x64xbf16> -> tensor<1x56x56x64xbf16>
  // CHECK: tessel.pool2d mean %{{.*}} window = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0]
  %1 = tessel.pool2d mean %x window = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x112x112x64xbf16> -> tensor<1x56x56x64xbf16>
  return %0, %1 : tensor<1x56x56x64xbf16>, tensor<1x56x56x64xbf16>
}

// CHECK-LABEL: func.func @constant
func.func @constant() -> tensor<2x3xbf16> {
  // CHECK: tessel.constant dense<5.000000e-01> : tensor<2x3xbf16>
  %0 = tessel.constant dense<0.5> : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}
