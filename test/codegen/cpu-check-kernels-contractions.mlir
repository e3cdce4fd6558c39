// Kernels on the tiled CPU path, three schedules each, in f32, f16 and
// bf16, on sizes no tile divides: matmul with a bias and gelu epilogue, batch_matmul with softmax.
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @matmul_epilogue_f32_narrow(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_matmul_epilogue_f32_narrow(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
    tessel.yield %2 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @bmm_softmax_f32_narrow(%q: tensor<3x17x13xf32>, %k: tensor<3x11x13xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_softmax_f32_narrow(%q, %k) : (tensor<3x17x13xf32>, tensor<3x11x13xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_q: tensor<3x17x13xf32>, %k_k: tensor<3x11x13xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf32>, tensor<3x11x13xf32> -> tensor<3x17x11xf32>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
    tessel.yield %1 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @matmul_epilogue_f32_square(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_matmul_epilogue_f32_square(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
    tessel.yield %2 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @bmm_softmax_f32_square(%q: tensor<3x17x13xf32>, %k: tensor<3x11x13xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_softmax_f32_square(%q, %k) : (tensor<3x17x13xf32>, tensor<3x11x13xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_q: tensor<3x17x13xf32>, %k_k: tensor<3x11x13xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf32>, tensor<3x11x13xf32> -> tensor<3x17x11xf32>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
    tessel.yield %1 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @matmul_epilogue_f32_rows(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_matmul_epilogue_f32_rows(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
    tessel.yield %2 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @bmm_softmax_f32_rows(%q: tensor<3x17x13xf32>, %k: tensor<3x11x13xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_softmax_f32_rows(%q, %k) : (tensor<3x17x13xf32>, tensor<3x11x13xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_q: tensor<3x17x13xf32>, %k_k: tensor<3x11x13xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf32>, tensor<3x11x13xf32> -> tensor<3x17x11xf32>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
    tessel.yield %1 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @matmul_epilogue_f16_narrow(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %bias: tensor<23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_matmul_epilogue_f16_narrow(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x23xf16>, tensor<23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x23xf16>, %k_bias: tensor<23xf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf16>, tensor<23xf16> -> tensor<37x23xf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf16>
    tessel.yield %2 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @bmm_softmax_f16_narrow(%q: tensor<3x17x13xf16>, %k: tensor<3x11x13xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_softmax_f16_narrow(%q, %k) : (tensor<3x17x13xf16>, tensor<3x11x13xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_q: tensor<3x17x13xf16>, %k_k: tensor<3x11x13xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf16>, tensor<3x11x13xf16> -> tensor<3x17x11xf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf16>
    tessel.yield %1 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @matmul_epilogue_f16_square(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %bias: tensor<23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_matmul_epilogue_f16_square(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x23xf16>, tensor<23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x23xf16>, %k_bias: tensor<23xf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf16>, tensor<23xf16> -> tensor<37x23xf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf16>
    tessel.yield %2 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @bmm_softmax_f16_square(%q: tensor<3x17x13xf16>, %k: tensor<3x11x13xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_softmax_f16_square(%q, %k) : (tensor<3x17x13xf16>, tensor<3x11x13xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_q: tensor<3x17x13xf16>, %k_k: tensor<3x11x13xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf16>, tensor<3x11x13xf16> -> tensor<3x17x11xf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf16>
    tessel.yield %1 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @matmul_epilogue_f16_rows(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %bias: tensor<23xf16>) -> tensor<37x23xf16> {
  %r = tessel.kernel @k_matmul_epilogue_f16_rows(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x23xf16>, tensor<23xf16>) -> tensor<37x23xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x23xf16>, %k_bias: tensor<23xf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xf16>, tensor<23xf16> -> tensor<37x23xf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xf16>
    tessel.yield %2 : tensor<37x23xf16>
  }
  return %r : tensor<37x23xf16>
}

func.func @bmm_softmax_f16_rows(%q: tensor<3x17x13xf16>, %k: tensor<3x11x13xf16>) -> tensor<3x17x11xf16> {
  %r = tessel.kernel @k_bmm_softmax_f16_rows(%q, %k) : (tensor<3x17x13xf16>, tensor<3x11x13xf16>) -> tensor<3x17x11xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_q: tensor<3x17x13xf16>, %k_k: tensor<3x11x13xf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf16>, tensor<3x11x13xf16> -> tensor<3x17x11xf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf16>
    tessel.yield %1 : tensor<3x17x11xf16>
  }
  return %r : tensor<3x17x11xf16>
}

func.func @matmul_epilogue_bf16_narrow(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %bias: tensor<23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_matmul_epilogue_bf16_narrow(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x23xbf16>, tensor<23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x23xbf16>, %k_bias: tensor<23xbf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xbf16>, tensor<23xbf16> -> tensor<37x23xbf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xbf16>
    tessel.yield %2 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @bmm_softmax_bf16_narrow(%q: tensor<3x17x13xbf16>, %k: tensor<3x11x13xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_softmax_bf16_narrow(%q, %k) : (tensor<3x17x13xbf16>, tensor<3x11x13xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_q: tensor<3x17x13xbf16>, %k_k: tensor<3x11x13xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xbf16>, tensor<3x11x13xbf16> -> tensor<3x17x11xbf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xbf16>
    tessel.yield %1 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @matmul_epilogue_bf16_square(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %bias: tensor<23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_matmul_epilogue_bf16_square(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x23xbf16>, tensor<23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x23xbf16>, %k_bias: tensor<23xbf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xbf16>, tensor<23xbf16> -> tensor<37x23xbf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xbf16>
    tessel.yield %2 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @bmm_softmax_bf16_square(%q: tensor<3x17x13xbf16>, %k: tensor<3x11x13xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_softmax_bf16_square(%q, %k) : (tensor<3x17x13xbf16>, tensor<3x11x13xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_q: tensor<3x17x13xbf16>, %k_k: tensor<3x11x13xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xbf16>, tensor<3x11x13xbf16> -> tensor<3x17x11xbf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xbf16>
    tessel.yield %1 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

func.func @matmul_epilogue_bf16_rows(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %bias: tensor<23xbf16>) -> tensor<37x23xbf16> {
  %r = tessel.kernel @k_matmul_epilogue_bf16_rows(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x23xbf16>, tensor<23xbf16>) -> tensor<37x23xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x23xbf16>, %k_bias: tensor<23xbf16>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
    %1 = tessel.add %0, %k_bias : tensor<37x23xbf16>, tensor<23xbf16> -> tensor<37x23xbf16>
    %2 = tessel.gelu tanh %1 : tensor<37x23xbf16>
    tessel.yield %2 : tensor<37x23xbf16>
  }
  return %r : tensor<37x23xbf16>
}

func.func @bmm_softmax_bf16_rows(%q: tensor<3x17x13xbf16>, %k: tensor<3x11x13xbf16>) -> tensor<3x17x11xbf16> {
  %r = tessel.kernel @k_bmm_softmax_bf16_rows(%q, %k) : (tensor<3x17x13xbf16>, tensor<3x11x13xbf16>) -> tensor<3x17x11xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_q: tensor<3x17x13xbf16>, %k_k: tensor<3x11x13xbf16>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xbf16>, tensor<3x11x13xbf16> -> tensor<3x17x11xbf16>
    %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xbf16>
    tessel.yield %1 : tensor<3x17x11xbf16>
  }
  return %r : tensor<3x17x11xbf16>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-36: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
