// Attention (multi-head, grouped-query, causal, explicit scale), transpose
// and reshape on the CPU path against the reference, in all three types.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK-LABEL: func @attention_f32
// CHECK-COUNT-3: ok
func.func @attention_f32(%q: tensor<2x4x5x8xf32>, %k: tensor<2x2x7x8xf32>, %v: tensor<2x2x7x6xf32>, %kf: tensor<2x4x5x8xf32>) -> (tensor<2x4x5x6xf32>, tensor<2x4x5x6xf32>, tensor<2x4x5x8xf32>) {
  %0 = tessel.attention %q, %k, %v : tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32> -> tensor<2x4x5x6xf32>
  %1 = tessel.attention %q, %k, %v scale = 0.5 causal : tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32> -> tensor<2x4x5x6xf32>
  %2 = tessel.attention %q, %kf, %kf causal : tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32>, tensor<2x4x5x8xf32> -> tensor<2x4x5x8xf32>
  return %0, %1, %2 : tensor<2x4x5x6xf32>, tensor<2x4x5x6xf32>, tensor<2x4x5x8xf32>
}

// CHECK-LABEL: func @data_movement_f32
// CHECK-COUNT-2: ok
func.func @data_movement_f32(%x: tensor<3x5x7xf32>) -> (tensor<7x3x5xf32>, tensor<15x7xf32>) {
  %0 = tessel.transpose %x permutation = [2, 0, 1] : tensor<3x5x7xf32> -> tensor<7x3x5xf32>
  %1 = tessel.reshape %x : tensor<3x5x7xf32> -> tensor<15x7xf32>
  return %0, %1 : tensor<7x3x5xf32>, tensor<15x7xf32>
}

// CHECK-LABEL: func @attention_f16
// CHECK-COUNT-3: ok
func.func @attention_f16(%q: tensor<2x4x5x8xf16>, %k: tensor<2x2x7x8xf16>, %v: tensor<2x2x7x6xf16>, %kf: tensor<2x4x5x8xf16>) -> (tensor<2x4x5x6xf16>, tensor<2x4x5x6xf16>, tensor<2x4x5x8xf16>) {
  %0 = tessel.attention %q, %k, %v : tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16> -> tensor<2x4x5x6xf16>
  %1 = tessel.attention %q, %k, %v scale = 0.5 causal : tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16> -> tensor<2x4x5x6xf16>
  %2 = tessel.attention %q, %kf, %kf causal : tensor<2x4x5x8xf16>, tensor<2x4x5x8xf16>, tensor<2x4x5x8xf16> -> tensor<2x4x5x8xf16>
  return %0, %1, %2 : tensor<2x4x5x6xf16>, tensor<2x4x5x6xf16>, tensor<2x4x5x8xf16>
}

// CHECK-LABEL: func @data_movement_f16
// CHECK-COUNT-2: ok
func.func @data_movement_f16(%x: tensor<3x5x7xf16>) -> (tensor<7x3x5xf16>, tensor<15x7xf16>) {
  %0 = tessel.transpose %x permutation = [2, 0, 1] : tensor<3x5x7xf16> -> tensor<7x3x5xf16>
  %1 = tessel.reshape %x : tensor<3x5x7xf16> -> tensor<15x7xf16>
  return %0, %1 : tensor<7x3x5xf16>, tensor<15x7xf16>
}

// CHECK-LABEL: func @attention_bf16
// CHECK-COUNT-3: ok
func.func @attention_bf16(%q: tensor<2x4x5x8xbf16>, %k: tensor<2x2x7x8xbf16>, %v: tensor<2x2x7x6xbf16>, %kf: tensor<2x4x5x8xbf16>) -> (tensor<2x4x5x6xbf16>, tensor<2x4x5x6xbf16>, tensor<2x4x5x8xbf16>) {
  %0 = tessel.attention %q, %k, %v : tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16> -> tensor<2x4x5x6xbf16>
  %1 = tessel.attention %q, %k, %v scale = 0.5 causal : tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16> -> tensor<2x4x5x6xbf16>
  %2 = tessel.attention %q, %kf, %kf causal : tensor<2x4x5x8xbf16>, tensor<2x4x5x8xbf16>, tensor<2x4x5x8xbf16> -> tensor<2x4x5x8xbf16>
  return %0, %1, %2 : tensor<2x4x5x6xbf16>, tensor<2x4x5x6xbf16>, tensor<2x4x5x8xbf16>
}

// CHECK-LABEL: func @data_movement_bf16
// CHECK-COUNT-2: ok
func.func @data_movement_bf16(%x: tensor<3x5x7xbf16>) -> (tensor<7x3x5xbf16>, tensor<15x7xbf16>) {
  %0 = tessel.transpose %x permutation = [2, 0, 1] : tensor<3x5x7xbf16> -> tensor<7x3x5xbf16>
  %1 = tessel.reshape %x : tensor<3x5x7xbf16> -> tensor<15x7xbf16>
  return %0, %1 : tensor<7x3x5xbf16>, tensor<15x7xbf16>
}

// A grouped-query attention sharing its kernel with a relu lowers unfused,
// reading its key and value heads at h floordiv 2. Tiles of heads that
// keep each pair whole (2, 4) are right; one of 3, which would start a
// tile inside a pair and end it in the next, is refused
// (tessel-tile-and-fuse-invalid.mlir).
// CHECK-LABEL: func @attention_gqa_head_tiles
// CHECK-COUNT-2: ok
func.func @attention_gqa_head_tiles(%q: tensor<1x8x5x8xf32>, %k: tensor<1x4x7x8xf32>, %v: tensor<1x4x7x6xf32>) -> (tensor<1x8x5x6xf32>, tensor<1x8x5x6xf32>) {
  %r2 = tessel.kernel @k_gqa_heads2(%q, %k, %v) : (tensor<1x8x5x8xf32>, tensor<1x4x7x8xf32>, tensor<1x4x7x6xf32>) -> tensor<1x8x5x6xf32>
      schedule = #tessel.schedule<block = [1, 2, 5, 6], warps = 1> {
  ^bb0(%a: tensor<1x8x5x8xf32>, %b: tensor<1x4x7x8xf32>, %c: tensor<1x4x7x6xf32>):
    %0 = tessel.attention %a, %b, %c : tensor<1x8x5x8xf32>, tensor<1x4x7x8xf32>, tensor<1x4x7x6xf32> -> tensor<1x8x5x6xf32>
    %1 = tessel.relu %0 : tensor<1x8x5x6xf32>
    tessel.yield %1 : tensor<1x8x5x6xf32>
  }
  %r4 = tessel.kernel @k_gqa_heads4(%q, %k, %v) : (tensor<1x8x5x8xf32>, tensor<1x4x7x8xf32>, tensor<1x4x7x6xf32>) -> tensor<1x8x5x6xf32>
      schedule = #tessel.schedule<block = [1, 4, 5, 6], warps = 1> {
  ^bb0(%a: tensor<1x8x5x8xf32>, %b: tensor<1x4x7x8xf32>, %c: tensor<1x4x7x6xf32>):
    %0 = tessel.attention %a, %b, %c : tensor<1x8x5x8xf32>, tensor<1x4x7x8xf32>, tensor<1x4x7x6xf32> -> tensor<1x8x5x6xf32>
    %1 = tessel.relu %0 : tensor<1x8x5x6xf32>
    tessel.yield %1 : tensor<1x8x5x6xf32>
  }
  return %r2, %r4 : tensor<1x8x5x6xf32>, tensor<1x8x5x6xf32>
}

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
