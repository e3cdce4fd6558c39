// Contractions taking the schedule's K step (shared-memory tiles of both
// operands per step, the accumulator in shared memory between steps and in
// registers within one) on the tiled CPU path:
// three schedules each, in f32, f16 and bf16, on sizes no tile divides (K =
// 29 is not a multiple of any step): matmul with a bias and gelu epilogue, a
// matmul as the kernel's root, a matmul whose operand is cast first (the
// cast fused into the copy to shared memory), batch_matmul as the root and
// with softmax. The roots read a `transpose_lhs` A, which a SIMT step copies
// along M into rows padded by one element; in f32 also a weight gradient
// (X^T dY) split three ways along K, whose partials read A's [K / S, M]
// slices, and a batch_matmul with a transposed A. A K step longer than K
// is one step of all of K (its tiles hold K, not the step: a step of
// 147483648 once allocated 38 GB and crashed).
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @mm_step_past_k_f32(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_step_past_k_f32(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [8, 16, 147483648], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    tessel.yield %0 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @mm_epilogue_f32_narrow(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_epilogue_f32_narrow(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
    tessel.yield %2 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @mm_root_f32_narrow(%a: tensor<29x37xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_root_f32_narrow(%a, %b) : (tensor<29x37xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<29x37xf32>, %k_b: tensor<29x23xf32>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    tessel.yield %0 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @mm_epilogue_f32_square(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_epilogue_f32_square(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
    tessel.yield %2 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @mm_root_f32_square(%a: tensor<29x37xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_root_f32_square(%a, %b) : (tensor<29x37xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<29x37xf32>, %k_b: tensor<29x23xf32>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    tessel.yield %0 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @mm_epilogue_f32_wide(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_epilogue_f32_wide(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
    tessel.yield %2 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @mm_root_f32_wide(%a: tensor<29x37xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_mm_root_f32_wide(%a, %b) : (tensor<29x37xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<29x37xf32>, %k_b: tensor<29x23xf32>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    tessel.yield %0 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @bmm_root_f32_narrow(%q: tensor<3x17x29xf32>, %k: tensor<3x29x11xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_root_f32_narrow(%q, %k) : (tensor<3x17x29xf32>, tensor<3x29x11xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1> {
  ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x29x11xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xf32>, tensor<3x29x11xf32> -> tensor<3x17x11xf32>
    tessel.yield %0 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @bmm_softmax_f32_narrow(%q: tensor<3x17x29xf32>, %k: tensor<3x11x29xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_softmax_f32_narrow(%q, %k) : (tensor<3x17x29xf32>, tensor<3x11x29xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1> {
  ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x11x29xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf32>, tensor<3x11x29xf32> -> tensor<3x17x11xf32>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
    tessel.yield %1 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @bmm_root_f32_square(%q: tensor<3x17x29xf32>, %k: tensor<3x29x11xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_root_f32_square(%q, %k) : (tensor<3x17x29xf32>, tensor<3x29x11xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [1, 32, 32, 16], warps = 4> {
  ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x29x11xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xf32>, tensor<3x29x11xf32> -> tensor<3x17x11xf32>
    tessel.yield %0 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @bmm_softmax_f32_square(%q: tensor<3x17x29xf32>, %k: tensor<3x11x29xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_softmax_f32_square(%q, %k) : (tensor<3x17x29xf32>, tensor<3x11x29xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [1, 32, 32, 16], warps = 4> {
  ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x11x29xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf32>, tensor<3x11x29xf32> -> tensor<3x17x11xf32>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
    tessel.yield %1 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @bmm_root_f32_wide(%q: tensor<3x17x29xf32>, %k: tensor<3x29x11xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_root_f32_wide(%q, %k) : (tensor<3x17x29xf32>, tensor<3x29x11xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [2, 16, 16, 8], warps = 2> {
  ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x29x11xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xf32>, tensor<3x29x11xf32> -> tensor<3x17x11xf32>
    tessel.yield %0 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @bmm_softmax_f32_wide(%q: tensor<3x17x29xf32>, %k: tensor<3x11x29xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_softmax_f32_wide(%q, %k) : (tensor<3x17x29xf32>, tensor<3x11x29xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [2, 16, 16, 8], warps = 2> {
  ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x11x29xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf32>, tensor<3x11x29xf32> -> tensor<3x17x11xf32>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
    tessel.yield %1 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @mm_grad_f32_split(%x: tensor<96x50xf32>, %dy: tensor<96x30xf32>) -> tensor<50x30xf32> {
  %r = tessel.kernel @k_mm_grad_f32_split(%x, %dy) : (tensor<96x50xf32>, tensor<96x30xf32>) -> tensor<50x30xf32>
      schedule = #tessel.schedule<block = [16, 16, 16], warps = 2, split_k = 3> {
  ^bb0(%k_x: tensor<96x50xf32>, %k_dy: tensor<96x30xf32>):
    %0 = tessel.matmul %k_x, %k_dy transpose_lhs : tensor<96x50xf32>, tensor<96x30xf32> -> tensor<50x30xf32>
    tessel.yield %0 : tensor<50x30xf32>
  }
  return %r : tensor<50x30xf32>
}

func.func @bmm_lhs_f32(%q: tensor<3x29x17xf32>, %k: tensor<3x29x11xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_lhs_f32(%q, %k) : (tensor<3x29x17xf32>, tensor<3x29x11xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [1, 8, 16, 8], warps = 1> {
  ^bb0(%k_q: tensor<3x29x17xf32>, %k_k: tensor<3x29x11xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_lhs : tensor<3x29x17xf32>, tensor<3x29x11xf32> -> tensor<3x17x11xf32>
    tessel.yield %0 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @mm_epilogue_f16_narrow(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %bias: tensor<23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_epilogue_f16_narrow(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x23xf16>, tensor<23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x23xf16>, %k_bias: tensor<23xf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf16>, tensor<23xf16> -> tensor<37x23xf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf16>
    tessel.yield %2 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_root_f16_narrow(%a: tensor<29x37xf16>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_root_f16_narrow(%a, %b) : (tensor<29x37xf16>, tensor<29x23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<29x37xf16>, %k_b: tensor<29x23xf16>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    tessel.yield %0 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_cast_f16_narrow(%a: tensor<37x29xf32>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_cast_f16_narrow(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf16>):
    %0 = tessel.cast %k_a : tensor<37x29xf32> to tensor<37x29xf16>
    %1 = tessel.matmul %0, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    tessel.yield %1 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_epilogue_f16_square(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %bias: tensor<23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_epilogue_f16_square(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x23xf16>, tensor<23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x23xf16>, %k_bias: tensor<23xf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf16>, tensor<23xf16> -> tensor<37x23xf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf16>
    tessel.yield %2 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_root_f16_square(%a: tensor<29x37xf16>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_root_f16_square(%a, %b) : (tensor<29x37xf16>, tensor<29x23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<29x37xf16>, %k_b: tensor<29x23xf16>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    tessel.yield %0 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_cast_f16_square(%a: tensor<37x29xf32>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_cast_f16_square(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf16>):
    %0 = tessel.cast %k_a : tensor<37x29xf32> to tensor<37x29xf16>
    %1 = tessel.matmul %0, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    tessel.yield %1 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_epilogue_f16_wide(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %bias: tensor<23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_epilogue_f16_wide(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x23xf16>, tensor<23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x23xf16>, %k_bias: tensor<23xf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf16>, tensor<23xf16> -> tensor<37x23xf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf16>
    tessel.yield %2 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_root_f16_wide(%a: tensor<29x37xf16>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_root_f16_wide(%a, %b) : (tensor<29x37xf16>, tensor<29x23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<29x37xf16>, %k_b: tensor<29x23xf16>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    tessel.yield %0 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @mm_cast_f16_wide(%a: tensor<37x29xf32>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_mm_cast_f16_wide(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf16>):
    %0 = tessel.cast %k_a : tensor<37x29xf32> to tensor<37x29xf16>
    %1 = tessel.matmul %0, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    tessel.yield %1 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @bmm_root_f16_narrow(%q: tensor<3x17x29xf16>, %k: tensor<3x29x11xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_root_f16_narrow(%q, %k) : (tensor<3x17x29xf16>, tensor<3x29x11xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1> {
  ^bb0(%k_q: tensor<3x17x29xf16>, %k_k: tensor<3x29x11xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xf16>, tensor<3x29x11xf16> -> tensor<3x17x11xf16>
    tessel.yield %0 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @bmm_softmax_f16_narrow(%q: tensor<3x17x29xf16>, %k: tensor<3x11x29xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_softmax_f16_narrow(%q, %k) : (tensor<3x17x29xf16>, tensor<3x11x29xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1> {
  ^bb0(%k_q: tensor<3x17x29xf16>, %k_k: tensor<3x11x29xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf16>, tensor<3x11x29xf16> -> tensor<3x17x11xf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf16>
    tessel.yield %1 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @bmm_root_f16_square(%q: tensor<3x17x29xf16>, %k: tensor<3x29x11xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_root_f16_square(%q, %k) : (tensor<3x17x29xf16>, tensor<3x29x11xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [1, 32, 32, 16], warps = 4> {
  ^bb0(%k_q: tensor<3x17x29xf16>, %k_k: tensor<3x29x11xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xf16>, tensor<3x29x11xf16> -> tensor<3x17x11xf16>
    tessel.yield %0 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @bmm_softmax_f16_square(%q: tensor<3x17x29xf16>, %k: tensor<3x11x29xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_softmax_f16_square(%q, %k) : (tensor<3x17x29xf16>, tensor<3x11x29xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [1, 32, 32, 16], warps = 4> {
  ^bb0(%k_q: tensor<3x17x29xf16>, %k_k: tensor<3x11x29xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf16>, tensor<3x11x29xf16> -> tensor<3x17x11xf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf16>
    tessel.yield %1 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @bmm_root_f16_wide(%q: tensor<3x17x29xf16>, %k: tensor<3x29x11xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_root_f16_wide(%q, %k) : (tensor<3x17x29xf16>, tensor<3x29x11xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [2, 16, 16, 8], warps = 2> {
  ^bb0(%k_q: tensor<3x17x29xf16>, %k_k: tensor<3x29x11xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xf16>, tensor<3x29x11xf16> -> tensor<3x17x11xf16>
    tessel.yield %0 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @bmm_softmax_f16_wide(%q: tensor<3x17x29xf16>, %k: tensor<3x11x29xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_softmax_f16_wide(%q, %k) : (tensor<3x17x29xf16>, tensor<3x11x29xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [2, 16, 16, 8], warps = 2> {
  ^bb0(%k_q: tensor<3x17x29xf16>, %k_k: tensor<3x11x29xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf16>, tensor<3x11x29xf16> -> tensor<3x17x11xf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf16>
    tessel.yield %1 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @mm_epilogue_bf16_narrow(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %bias: tensor<23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_epilogue_bf16_narrow(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x23xbf16>, tensor<23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x23xbf16>, %k_bias: tensor<23xbf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xbf16>, tensor<23xbf16> -> tensor<37x23xbf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xbf16>
    tessel.yield %2 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_root_bf16_narrow(%a: tensor<29x37xbf16>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_root_bf16_narrow(%a, %b) : (tensor<29x37xbf16>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<29x37xbf16>, %k_b: tensor<29x23xbf16>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    tessel.yield %0 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_cast_bf16_narrow(%a: tensor<37x29xf32>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_cast_bf16_narrow(%a, %b) : (tensor<37x29xf32>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [8, 16, 8], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xbf16>):
    %0 = tessel.cast %k_a : tensor<37x29xf32> to tensor<37x29xbf16>
    %1 = tessel.matmul %0, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    tessel.yield %1 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_epilogue_bf16_square(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %bias: tensor<23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_epilogue_bf16_square(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x23xbf16>, tensor<23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x23xbf16>, %k_bias: tensor<23xbf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xbf16>, tensor<23xbf16> -> tensor<37x23xbf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xbf16>
    tessel.yield %2 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_root_bf16_square(%a: tensor<29x37xbf16>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_root_bf16_square(%a, %b) : (tensor<29x37xbf16>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<29x37xbf16>, %k_b: tensor<29x23xbf16>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    tessel.yield %0 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_cast_bf16_square(%a: tensor<37x29xf32>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_cast_bf16_square(%a, %b) : (tensor<37x29xf32>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 4> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xbf16>):
    %0 = tessel.cast %k_a : tensor<37x29xf32> to tensor<37x29xbf16>
    %1 = tessel.matmul %0, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    tessel.yield %1 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_epilogue_bf16_wide(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %bias: tensor<23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_epilogue_bf16_wide(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x23xbf16>, tensor<23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x23xbf16>, %k_bias: tensor<23xbf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xbf16>, tensor<23xbf16> -> tensor<37x23xbf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xbf16>
    tessel.yield %2 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_root_bf16_wide(%a: tensor<29x37xbf16>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_root_bf16_wide(%a, %b) : (tensor<29x37xbf16>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<29x37xbf16>, %k_b: tensor<29x23xbf16>):
    %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    tessel.yield %0 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @mm_cast_bf16_wide(%a: tensor<37x29xf32>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_mm_cast_bf16_wide(%a, %b) : (tensor<37x29xf32>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [16, 64, 32], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xbf16>):
    %0 = tessel.cast %k_a : tensor<37x29xf32> to tensor<37x29xbf16>
    %1 = tessel.matmul %0, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    tessel.yield %1 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @bmm_root_bf16_narrow(%q: tensor<3x17x29xbf16>, %k: tensor<3x29x11xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_root_bf16_narrow(%q, %k) : (tensor<3x17x29xbf16>, tensor<3x29x11xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1> {
  ^bb0(%k_q: tensor<3x17x29xbf16>, %k_k: tensor<3x29x11xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xbf16>, tensor<3x29x11xbf16> -> tensor<3x17x11xbf16>
    tessel.yield %0 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @bmm_softmax_bf16_narrow(%q: tensor<3x17x29xbf16>, %k: tensor<3x11x29xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_softmax_bf16_narrow(%q, %k) : (tensor<3x17x29xbf16>, tensor<3x11x29xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1> {
  ^bb0(%k_q: tensor<3x17x29xbf16>, %k_k: tensor<3x11x29xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xbf16>, tensor<3x11x29xbf16> -> tensor<3x17x11xbf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xbf16>
    tessel.yield %1 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @bmm_root_bf16_square(%q: tensor<3x17x29xbf16>, %k: tensor<3x29x11xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_root_bf16_square(%q, %k) : (tensor<3x17x29xbf16>, tensor<3x29x11xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [1, 32, 32, 16], warps = 4> {
  ^bb0(%k_q: tensor<3x17x29xbf16>, %k_k: tensor<3x29x11xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xbf16>, tensor<3x29x11xbf16> -> tensor<3x17x11xbf16>
    tessel.yield %0 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @bmm_softmax_bf16_square(%q: tensor<3x17x29xbf16>, %k: tensor<3x11x29xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_softmax_bf16_square(%q, %k) : (tensor<3x17x29xbf16>, tensor<3x11x29xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [1, 32, 32, 16], warps = 4> {
  ^bb0(%k_q: tensor<3x17x29xbf16>, %k_k: tensor<3x11x29xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xbf16>, tensor<3x11x29xbf16> -> tensor<3x17x11xbf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xbf16>
    tessel.yield %1 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @bmm_root_bf16_wide(%q: tensor<3x17x29xbf16>, %k: tensor<3x29x11xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_root_bf16_wide(%q, %k) : (tensor<3x17x29xbf16>, tensor<3x29x11xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [2, 16, 16, 8], warps = 2> {
  ^bb0(%k_q: tensor<3x17x29xbf16>, %k_k: tensor<3x29x11xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k : tensor<3x17x29xbf16>, tensor<3x29x11xbf16> -> tensor<3x17x11xbf16>
    tessel.yield %0 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @bmm_softmax_bf16_wide(%q: tensor<3x17x29xbf16>, %k: tensor<3x11x29xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_softmax_bf16_wide(%q, %k) : (tensor<3x17x29xbf16>, tensor<3x11x29xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [2, 16, 16, 8], warps = 2> {
  ^bb0(%k_q: tensor<3x17x29xbf16>, %k_k: tensor<3x11x29xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xbf16>, tensor<3x11x29xbf16> -> tensor<3x17x11xbf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xbf16>
    tessel.yield %1 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

// CHECK-LABEL: func @mm_step_past_k_f32
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_f32_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_f32_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_f32_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_f32_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_f32_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_f32_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_f32_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_f32_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_f32_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_f32_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_f32_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_f32_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_grad_f32_split
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_lhs_f32
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_f16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_f16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_cast_f16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_f16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_f16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_cast_f16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_f16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_f16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_cast_f16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_f16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_f16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_f16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_f16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_f16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_f16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_bf16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_bf16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_cast_bf16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_bf16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_bf16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_cast_bf16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_epilogue_bf16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_root_bf16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @mm_cast_bf16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_bf16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_bf16_narrow
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_bf16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_bf16_square
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_root_bf16_wide
// CHECK-NEXT: ok

// CHECK-LABEL: func @bmm_softmax_bf16_wide
// CHECK-NEXT: ok

// CHECK: all outputs match the reference
