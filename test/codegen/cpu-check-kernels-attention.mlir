// Kernels on the tiled CPU path, three schedules each, in f32, f16 and
// bf16, on sizes no tile divides: causal grouped-query attention followed by a transpose.
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @attention_f32_narrow(%q: tensor<2x4x5x8xf32>, %k: tensor<2x2x7x8xf32>, %v: tensor<2x2x7x6xf32>) -> tensor<2x5x4x6xf32> {
  %r = tessel.kernel @k_attention_f32_narrow(%q, %k, %v) : (tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32>) -> tensor<2x5x4x6xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_q: tensor<2x4x5x8xf32>, %k_k: tensor<2x2x7x8xf32>, %k_v: tensor<2x2x7x6xf32>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32> -> tensor<2x4x5x6xf32>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xf32> -> tensor<2x5x4x6xf32>
    tessel.yield %1 : tensor<2x5x4x6xf32>
  }
  return %r : tensor<2x5x4x6xf32>
}

func.func @attention_f32_square(%q: tensor<2x4x5x8xf32>, %k: tensor<2x2x7x8xf32>, %v: tensor<2x2x7x6xf32>) -> tensor<2x5x4x6xf32> {
  %r = tessel.kernel @k_attention_f32_square(%q, %k, %v) : (tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32>) -> tensor<2x5x4x6xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_q: tensor<2x4x5x8xf32>, %k_k: tensor<2x2x7x8xf32>, %k_v: tensor<2x2x7x6xf32>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32> -> tensor<2x4x5x6xf32>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xf32> -> tensor<2x5x4x6xf32>
    tessel.yield %1 : tensor<2x5x4x6xf32>
  }
  return %r : tensor<2x5x4x6xf32>
}

func.func @attention_f32_rows(%q: tensor<2x4x5x8xf32>, %k: tensor<2x2x7x8xf32>, %v: tensor<2x2x7x6xf32>) -> tensor<2x5x4x6xf32> {
  %r = tessel.kernel @k_attention_f32_rows(%q, %k, %v) : (tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32>) -> tensor<2x5x4x6xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_q: tensor<2x4x5x8xf32>, %k_k: tensor<2x2x7x8xf32>, %k_v: tensor<2x2x7x6xf32>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xf32>, tensor<2x2x7x8xf32>, tensor<2x2x7x6xf32> -> tensor<2x4x5x6xf32>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xf32> -> tensor<2x5x4x6xf32>
    tessel.yield %1 : tensor<2x5x4x6xf32>
  }
  return %r : tensor<2x5x4x6xf32>
}

func.func @attention_f16_narrow(%q: tensor<2x4x5x8xf16>, %k: tensor<2x2x7x8xf16>, %v: tensor<2x2x7x6xf16>) -> tensor<2x5x4x6xf16> {
  %r = tessel.kernel @k_attention_f16_narrow(%q, %k, %v) : (tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16>) -> tensor<2x5x4x6xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_q: tensor<2x4x5x8xf16>, %k_k: tensor<2x2x7x8xf16>, %k_v: tensor<2x2x7x6xf16>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16> -> tensor<2x4x5x6xf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xf16> -> tensor<2x5x4x6xf16>
    tessel.yield %1 : tensor<2x5x4x6xf16>
  }
  return %r : tensor<2x5x4x6xf16>
}

func.func @attention_f16_square(%q: tensor<2x4x5x8xf16>, %k: tensor<2x2x7x8xf16>, %v: tensor<2x2x7x6xf16>) -> tensor<2x5x4x6xf16> {
  %r = tessel.kernel @k_attention_f16_square(%q, %k, %v) : (tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16>) -> tensor<2x5x4x6xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_q: tensor<2x4x5x8xf16>, %k_k: tensor<2x2x7x8xf16>, %k_v: tensor<2x2x7x6xf16>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16> -> tensor<2x4x5x6xf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xf16> -> tensor<2x5x4x6xf16>
    tessel.yield %1 : tensor<2x5x4x6xf16>
  }
  return %r : tensor<2x5x4x6xf16>
}

func.func @attention_f16_rows(%q: tensor<2x4x5x8xf16>, %k: tensor<2x2x7x8xf16>, %v: tensor<2x2x7x6xf16>) -> tensor<2x5x4x6xf16> {
  %r = tessel.kernel @k_attention_f16_rows(%q, %k, %v) : (tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16>) -> tensor<2x5x4x6xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_q: tensor<2x4x5x8xf16>, %k_k: tensor<2x2x7x8xf16>, %k_v: tensor<2x2x7x6xf16>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xf16>, tensor<2x2x7x8xf16>, tensor<2x2x7x6xf16> -> tensor<2x4x5x6xf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xf16> -> tensor<2x5x4x6xf16>
    tessel.yield %1 : tensor<2x5x4x6xf16>
  }
  return %r : tensor<2x5x4x6xf16>
}

func.func @attention_bf16_narrow(%q: tensor<2x4x5x8xbf16>, %k: tensor<2x2x7x8xbf16>, %v: tensor<2x2x7x6xbf16>) -> tensor<2x5x4x6xbf16> {
  %r = tessel.kernel @k_attention_bf16_narrow(%q, %k, %v) : (tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16>) -> tensor<2x5x4x6xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_q: tensor<2x4x5x8xbf16>, %k_k: tensor<2x2x7x8xbf16>, %k_v: tensor<2x2x7x6xbf16>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16> -> tensor<2x4x5x6xbf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xbf16> -> tensor<2x5x4x6xbf16>
    tessel.yield %1 : tensor<2x5x4x6xbf16>
  }
  return %r : tensor<2x5x4x6xbf16>
}

func.func @attention_bf16_square(%q: tensor<2x4x5x8xbf16>, %k: tensor<2x2x7x8xbf16>, %v: tensor<2x2x7x6xbf16>) -> tensor<2x5x4x6xbf16> {
  %r = tessel.kernel @k_attention_bf16_square(%q, %k, %v) : (tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16>) -> tensor<2x5x4x6xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_q: tensor<2x4x5x8xbf16>, %k_k: tensor<2x2x7x8xbf16>, %k_v: tensor<2x2x7x6xbf16>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16> -> tensor<2x4x5x6xbf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xbf16> -> tensor<2x5x4x6xbf16>
    tessel.yield %1 : tensor<2x5x4x6xbf16>
  }
  return %r : tensor<2x5x4x6xbf16>
}

func.func @attention_bf16_rows(%q: tensor<2x4x5x8xbf16>, %k: tensor<2x2x7x8xbf16>, %v: tensor<2x2x7x6xbf16>) -> tensor<2x5x4x6xbf16> {
  %r = tessel.kernel @k_attention_bf16_rows(%q, %k, %v) : (tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16>) -> tensor<2x5x4x6xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_q: tensor<2x4x5x8xbf16>, %k_k: tensor<2x2x7x8xbf16>, %k_v: tensor<2x2x7x6xbf16>):
    %0 = tessel.attention %k_q, %k_k, %k_v causal : tensor<2x4x5x8xbf16>, tensor<2x2x7x8xbf16>, tensor<2x2x7x6xbf16> -> tensor<2x4x5x6xbf16>
    %1 = tessel.transpose %0 permutation = [0, 2, 1, 3] : tensor<2x4x5x6xbf16> -> tensor<2x5x4x6xbf16>
    tessel.yield %1 : tensor<2x5x4x6xbf16>
  }
  return %r : tensor<2x5x4x6xbf16>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-18: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
