// Vector steps (a schedule's `vector`): each thread's elements along the
// root's innermost loop are processed `vector` at a time, with vector loads
// and stores of the contiguous operands, a broadcast of values read along
// another loop (a row's max, a norm's statistics) and scalar reads of
// transposed operands. Three widths per kernel (2, 4, 8), in f32, f16 and
// bf16, on shapes whose outer dims no tile divides (the innermost dims are
// multiples of the width, which the schedule needs; partial tiles along
// them: cpu-check-vector-partial.mlir): an elementwise chain
// with broadcasts, softmax, a residual layer_norm, rms_norm, a transposed
// operand, and a matmul epilogue with and without a K step. Compiled for
// sm_90a to check that the loads are vector loads.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX4 < %t/k_chain_f32_v4_kernel.ptx
// RUN: FileCheck %s --check-prefix=PTX8 < %t/k_chain_bf16_v8_kernel.ptx
// RUN: FileCheck %s --check-prefix=KSTEP < %t/k_mm_epilogue_f32_kstep_v4_kernel.ptx
// Wave64 schedules (Inputs/vector-wave64.mlir), checked and linked for gfx942:
// RUN: tessel-run %S/Inputs/vector-wave64.mlir --cpu --check | FileCheck %s --check-prefix=W64
// RUN: tessel-compile %S/Inputs/vector-wave64.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=AMD

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @chain_f32_v2(%x: tensor<5x7x64xf32>, %row: tensor<64xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f32_v2(%x, %row, %col) : (tensor<5x7x64xf32>, tensor<64xf32>, tensor<7x1xf32>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<5x7x64xf32>, %k_row: tensor<64xf32>, %k_col: tensor<7x1xf32>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf32>, tensor<64xf32> -> tensor<5x7x64xf32>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf32>, tensor<7x1xf32> -> tensor<5x7x64xf32>
      %2 = tessel.tanh %1 : tensor<5x7x64xf32>
      %3 = tessel.silu %2 : tensor<5x7x64xf32>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xf32>, tensor<5x7x64xf32> -> tensor<5x7x64xf32>
      tessel.yield %4 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @chain_f32_v4(%x: tensor<5x7x64xf32>, %row: tensor<64xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f32_v4(%x, %row, %col) : (tensor<5x7x64xf32>, tensor<64xf32>, tensor<7x1xf32>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 32], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<5x7x64xf32>, %k_row: tensor<64xf32>, %k_col: tensor<7x1xf32>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf32>, tensor<64xf32> -> tensor<5x7x64xf32>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf32>, tensor<7x1xf32> -> tensor<5x7x64xf32>
      %2 = tessel.tanh %1 : tensor<5x7x64xf32>
      %3 = tessel.silu %2 : tensor<5x7x64xf32>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xf32>, tensor<5x7x64xf32> -> tensor<5x7x64xf32>
      tessel.yield %4 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @chain_f32_v8(%x: tensor<5x7x64xf32>, %row: tensor<64xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f32_v8(%x, %row, %col) : (tensor<5x7x64xf32>, tensor<64xf32>, tensor<7x1xf32>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [8, 64], thread = [2, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<5x7x64xf32>, %k_row: tensor<64xf32>, %k_col: tensor<7x1xf32>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf32>, tensor<64xf32> -> tensor<5x7x64xf32>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf32>, tensor<7x1xf32> -> tensor<5x7x64xf32>
      %2 = tessel.tanh %1 : tensor<5x7x64xf32>
      %3 = tessel.silu %2 : tensor<5x7x64xf32>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xf32>, tensor<5x7x64xf32> -> tensor<5x7x64xf32>
      tessel.yield %4 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @softmax_f32_v2(%x: tensor<6x64xf32>) -> tensor<6x64xf32> {
    %r = tessel.kernel @k_softmax_f32_v2(%x) : (tensor<6x64xf32>) -> tensor<6x64xf32>
        schedule = #tessel.schedule<block = [4, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x64xf32>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xf32>
      tessel.yield %0 : tensor<6x64xf32>
    }
    return %r : tensor<6x64xf32>
  }

  func.func @softmax_f32_v4(%x: tensor<6x64xf32>) -> tensor<6x64xf32> {
    %r = tessel.kernel @k_softmax_f32_v4(%x) : (tensor<6x64xf32>) -> tensor<6x64xf32>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x64xf32>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xf32>
      tessel.yield %0 : tensor<6x64xf32>
    }
    return %r : tensor<6x64xf32>
  }

  func.func @softmax_f32_v8(%x: tensor<6x64xf32>) -> tensor<6x64xf32> {
    %r = tessel.kernel @k_softmax_f32_v8(%x) : (tensor<6x64xf32>) -> tensor<6x64xf32>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x64xf32>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xf32>
      tessel.yield %0 : tensor<6x64xf32>
    }
    return %r : tensor<6x64xf32>
  }

  func.func @residual_layer_norm_f32_v2(%x: tensor<6x8x64xf32>, %y: tensor<6x8x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<6x8x64xf32> {
    %r = tessel.kernel @k_residual_layer_norm_f32_v2(%x, %y, %g, %b) : (tensor<6x8x64xf32>, tensor<6x8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
        schedule = #tessel.schedule<block = [3, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xf32>, %k_y: tensor<6x8x64xf32>, %k_g: tensor<64xf32>, %k_b: tensor<64xf32>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xf32>, tensor<6x8x64xf32> -> tensor<6x8x64xf32>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
      tessel.yield %1 : tensor<6x8x64xf32>
    }
    return %r : tensor<6x8x64xf32>
  }

  func.func @residual_layer_norm_f32_v4(%x: tensor<6x8x64xf32>, %y: tensor<6x8x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<6x8x64xf32> {
    %r = tessel.kernel @k_residual_layer_norm_f32_v4(%x, %y, %g, %b) : (tensor<6x8x64xf32>, tensor<6x8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x8x64xf32>, %k_y: tensor<6x8x64xf32>, %k_g: tensor<64xf32>, %k_b: tensor<64xf32>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xf32>, tensor<6x8x64xf32> -> tensor<6x8x64xf32>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
      tessel.yield %1 : tensor<6x8x64xf32>
    }
    return %r : tensor<6x8x64xf32>
  }

  func.func @residual_layer_norm_f32_v8(%x: tensor<6x8x64xf32>, %y: tensor<6x8x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<6x8x64xf32> {
    %r = tessel.kernel @k_residual_layer_norm_f32_v8(%x, %y, %g, %b) : (tensor<6x8x64xf32>, tensor<6x8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
        schedule = #tessel.schedule<block = [8, 64], thread = [2, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x8x64xf32>, %k_y: tensor<6x8x64xf32>, %k_g: tensor<64xf32>, %k_b: tensor<64xf32>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xf32>, tensor<6x8x64xf32> -> tensor<6x8x64xf32>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
      tessel.yield %1 : tensor<6x8x64xf32>
    }
    return %r : tensor<6x8x64xf32>
  }

  func.func @rms_norm_f32_v2(%x: tensor<6x8x64xf32>, %g: tensor<64xf32>) -> tensor<6x8x64xf32> {
    %r = tessel.kernel @k_rms_norm_f32_v2(%x, %g) : (tensor<6x8x64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
        schedule = #tessel.schedule<block = [1, 64], thread = [1, 2], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xf32>, %k_g: tensor<64xf32>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
      tessel.yield %0 : tensor<6x8x64xf32>
    }
    return %r : tensor<6x8x64xf32>
  }

  func.func @rms_norm_f32_v4(%x: tensor<6x8x64xf32>, %g: tensor<64xf32>) -> tensor<6x8x64xf32> {
    %r = tessel.kernel @k_rms_norm_f32_v4(%x, %g) : (tensor<6x8x64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
        schedule = #tessel.schedule<block = [4, 64], thread = [2, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x8x64xf32>, %k_g: tensor<64xf32>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
      tessel.yield %0 : tensor<6x8x64xf32>
    }
    return %r : tensor<6x8x64xf32>
  }

  func.func @rms_norm_f32_v8(%x: tensor<6x8x64xf32>, %g: tensor<64xf32>) -> tensor<6x8x64xf32> {
    %r = tessel.kernel @k_rms_norm_f32_v8(%x, %g) : (tensor<6x8x64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x8x64xf32>, %k_g: tensor<64xf32>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xf32>, tensor<64xf32>) -> tensor<6x8x64xf32>
      tessel.yield %0 : tensor<6x8x64xf32>
    }
    return %r : tensor<6x8x64xf32>
  }

  func.func @transpose_add_f32_v2(%a: tensor<16x21xf32>, %b: tensor<21x16xf32>) -> tensor<21x16xf32> {
    %r = tessel.kernel @k_transpose_add_f32_v2(%a, %b) : (tensor<16x21xf32>, tensor<21x16xf32>) -> tensor<21x16xf32>
        schedule = #tessel.schedule<block = [4, 16], thread = [1, 2], warps = 1, vector = 2> {
    ^bb0(%k_a: tensor<16x21xf32>, %k_b: tensor<21x16xf32>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xf32> -> tensor<21x16xf32>
      %1 = tessel.add %0, %k_b : tensor<21x16xf32>, tensor<21x16xf32> -> tensor<21x16xf32>
      tessel.yield %1 : tensor<21x16xf32>
    }
    return %r : tensor<21x16xf32>
  }

  func.func @transpose_add_f32_v4(%a: tensor<16x21xf32>, %b: tensor<21x16xf32>) -> tensor<21x16xf32> {
    %r = tessel.kernel @k_transpose_add_f32_v4(%a, %b) : (tensor<16x21xf32>, tensor<21x16xf32>) -> tensor<21x16xf32>
        schedule = #tessel.schedule<block = [8, 16], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<16x21xf32>, %k_b: tensor<21x16xf32>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xf32> -> tensor<21x16xf32>
      %1 = tessel.add %0, %k_b : tensor<21x16xf32>, tensor<21x16xf32> -> tensor<21x16xf32>
      tessel.yield %1 : tensor<21x16xf32>
    }
    return %r : tensor<21x16xf32>
  }

  func.func @transpose_add_f32_v8(%a: tensor<16x21xf32>, %b: tensor<21x16xf32>) -> tensor<21x16xf32> {
    %r = tessel.kernel @k_transpose_add_f32_v8(%a, %b) : (tensor<16x21xf32>, tensor<21x16xf32>) -> tensor<21x16xf32>
        schedule = #tessel.schedule<block = [16, 16], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_a: tensor<16x21xf32>, %k_b: tensor<21x16xf32>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xf32> -> tensor<21x16xf32>
      %1 = tessel.add %0, %k_b : tensor<21x16xf32>, tensor<21x16xf32> -> tensor<21x16xf32>
      tessel.yield %1 : tensor<21x16xf32>
    }
    return %r : tensor<21x16xf32>
  }

  func.func @mm_epilogue_f32_v2(%a: tensor<37x29xf32>, %b: tensor<29x32xf32>, %bias: tensor<32xf32>) -> tensor<37x32xf32> {
    %r = tessel.kernel @k_mm_epilogue_f32_v2(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x32xf32>, tensor<32xf32>) -> tensor<37x32xf32>
        schedule = #tessel.schedule<block = [8, 16], thread = [2, 2], warps = 1, vector = 2> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x32xf32>, %k_bias: tensor<32xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x32xf32> -> tensor<37x32xf32>
      %1 = tessel.add %0, %k_bias : tensor<37x32xf32>, tensor<32xf32> -> tensor<37x32xf32>
      %2 = tessel.gelu tanh %1 : tensor<37x32xf32>
      tessel.yield %2 : tensor<37x32xf32>
    }
    return %r : tensor<37x32xf32>
  }

  func.func @mm_epilogue_f32_kstep_v4(%a: tensor<37x29xf32>, %b: tensor<29x32xf32>, %bias: tensor<32xf32>) -> tensor<37x32xf32> {
    %r = tessel.kernel @k_mm_epilogue_f32_kstep_v4(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x32xf32>, tensor<32xf32>) -> tensor<37x32xf32>
        schedule = #tessel.schedule<block = [8, 32, 8], thread = [2, 4, 8], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x32xf32>, %k_bias: tensor<32xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x32xf32> -> tensor<37x32xf32>
      %1 = tessel.add %0, %k_bias : tensor<37x32xf32>, tensor<32xf32> -> tensor<37x32xf32>
      %2 = tessel.gelu tanh %1 : tensor<37x32xf32>
      tessel.yield %2 : tensor<37x32xf32>
    }
    return %r : tensor<37x32xf32>
  }

  func.func @mm_epilogue_f32_kstep_v2(%a: tensor<37x29xf32>, %b: tensor<29x32xf32>, %bias: tensor<32xf32>) -> tensor<37x32xf32> {
    %r = tessel.kernel @k_mm_epilogue_f32_kstep_v2(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x32xf32>, tensor<32xf32>) -> tensor<37x32xf32>
        schedule = #tessel.schedule<block = [16, 32, 16], thread = [4, 2, 16], warps = 2, vector = 2> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x32xf32>, %k_bias: tensor<32xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x32xf32> -> tensor<37x32xf32>
      %1 = tessel.add %0, %k_bias : tensor<37x32xf32>, tensor<32xf32> -> tensor<37x32xf32>
      %2 = tessel.gelu tanh %1 : tensor<37x32xf32>
      tessel.yield %2 : tensor<37x32xf32>
    }
    return %r : tensor<37x32xf32>
  }

  func.func @chain_f16_v2(%x: tensor<5x7x64xf16>, %row: tensor<64xf16>, %col: tensor<7x1xf16>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f16_v2(%x, %row, %col) : (tensor<5x7x64xf16>, tensor<64xf16>, tensor<7x1xf16>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<5x7x64xf16>, %k_row: tensor<64xf16>, %k_col: tensor<7x1xf16>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf16>, tensor<64xf16> -> tensor<5x7x64xf16>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf16>, tensor<7x1xf16> -> tensor<5x7x64xf16>
      %2 = tessel.tanh %1 : tensor<5x7x64xf16>
      %3 = tessel.silu %2 : tensor<5x7x64xf16>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xf16>, tensor<5x7x64xf16> -> tensor<5x7x64xf16>
      %5 = tessel.cast %4 : tensor<5x7x64xf16> to tensor<5x7x64xf32>
      tessel.yield %5 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @chain_f16_v4(%x: tensor<5x7x64xf16>, %row: tensor<64xf16>, %col: tensor<7x1xf16>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f16_v4(%x, %row, %col) : (tensor<5x7x64xf16>, tensor<64xf16>, tensor<7x1xf16>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 32], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<5x7x64xf16>, %k_row: tensor<64xf16>, %k_col: tensor<7x1xf16>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf16>, tensor<64xf16> -> tensor<5x7x64xf16>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf16>, tensor<7x1xf16> -> tensor<5x7x64xf16>
      %2 = tessel.tanh %1 : tensor<5x7x64xf16>
      %3 = tessel.silu %2 : tensor<5x7x64xf16>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xf16>, tensor<5x7x64xf16> -> tensor<5x7x64xf16>
      %5 = tessel.cast %4 : tensor<5x7x64xf16> to tensor<5x7x64xf32>
      tessel.yield %5 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @chain_f16_v8(%x: tensor<5x7x64xf16>, %row: tensor<64xf16>, %col: tensor<7x1xf16>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f16_v8(%x, %row, %col) : (tensor<5x7x64xf16>, tensor<64xf16>, tensor<7x1xf16>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [8, 64], thread = [2, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<5x7x64xf16>, %k_row: tensor<64xf16>, %k_col: tensor<7x1xf16>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf16>, tensor<64xf16> -> tensor<5x7x64xf16>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf16>, tensor<7x1xf16> -> tensor<5x7x64xf16>
      %2 = tessel.tanh %1 : tensor<5x7x64xf16>
      %3 = tessel.silu %2 : tensor<5x7x64xf16>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xf16>, tensor<5x7x64xf16> -> tensor<5x7x64xf16>
      %5 = tessel.cast %4 : tensor<5x7x64xf16> to tensor<5x7x64xf32>
      tessel.yield %5 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @softmax_f16_v2(%x: tensor<6x64xf16>) -> tensor<6x64xf16> {
    %r = tessel.kernel @k_softmax_f16_v2(%x) : (tensor<6x64xf16>) -> tensor<6x64xf16>
        schedule = #tessel.schedule<block = [4, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x64xf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xf16>
      tessel.yield %0 : tensor<6x64xf16>
    }
    return %r : tensor<6x64xf16>
  }

  func.func @softmax_f16_v4(%x: tensor<6x64xf16>) -> tensor<6x64xf16> {
    %r = tessel.kernel @k_softmax_f16_v4(%x) : (tensor<6x64xf16>) -> tensor<6x64xf16>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x64xf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xf16>
      tessel.yield %0 : tensor<6x64xf16>
    }
    return %r : tensor<6x64xf16>
  }

  func.func @softmax_f16_v8(%x: tensor<6x64xf16>) -> tensor<6x64xf16> {
    %r = tessel.kernel @k_softmax_f16_v8(%x) : (tensor<6x64xf16>) -> tensor<6x64xf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x64xf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xf16>
      tessel.yield %0 : tensor<6x64xf16>
    }
    return %r : tensor<6x64xf16>
  }

  func.func @residual_layer_norm_f16_v2(%x: tensor<6x8x64xf16>, %y: tensor<6x8x64xf16>, %g: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_residual_layer_norm_f16_v2(%x, %y, %g, %b) : (tensor<6x8x64xf16>, tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [3, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_y: tensor<6x8x64xf16>, %k_g: tensor<64xf16>, %k_b: tensor<64xf16>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xf16>, tensor<6x8x64xf16> -> tensor<6x8x64xf16>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %1 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  func.func @residual_layer_norm_f16_v4(%x: tensor<6x8x64xf16>, %y: tensor<6x8x64xf16>, %g: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_residual_layer_norm_f16_v4(%x, %y, %g, %b) : (tensor<6x8x64xf16>, tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_y: tensor<6x8x64xf16>, %k_g: tensor<64xf16>, %k_b: tensor<64xf16>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xf16>, tensor<6x8x64xf16> -> tensor<6x8x64xf16>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %1 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  func.func @residual_layer_norm_f16_v8(%x: tensor<6x8x64xf16>, %y: tensor<6x8x64xf16>, %g: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_residual_layer_norm_f16_v8(%x, %y, %g, %b) : (tensor<6x8x64xf16>, tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [8, 64], thread = [2, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_y: tensor<6x8x64xf16>, %k_g: tensor<64xf16>, %k_b: tensor<64xf16>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xf16>, tensor<6x8x64xf16> -> tensor<6x8x64xf16>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %1 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  func.func @rms_norm_f16_v2(%x: tensor<6x8x64xf16>, %g: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_rms_norm_f16_v2(%x, %g) : (tensor<6x8x64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [1, 64], thread = [1, 2], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_g: tensor<64xf16>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %0 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  func.func @rms_norm_f16_v4(%x: tensor<6x8x64xf16>, %g: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_rms_norm_f16_v4(%x, %g) : (tensor<6x8x64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [2, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_g: tensor<64xf16>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %0 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  func.func @rms_norm_f16_v8(%x: tensor<6x8x64xf16>, %g: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_rms_norm_f16_v8(%x, %g) : (tensor<6x8x64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_g: tensor<64xf16>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %0 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  func.func @transpose_add_f16_v2(%a: tensor<16x21xf16>, %b: tensor<21x16xf16>) -> tensor<21x16xf16> {
    %r = tessel.kernel @k_transpose_add_f16_v2(%a, %b) : (tensor<16x21xf16>, tensor<21x16xf16>) -> tensor<21x16xf16>
        schedule = #tessel.schedule<block = [4, 16], thread = [1, 2], warps = 1, vector = 2> {
    ^bb0(%k_a: tensor<16x21xf16>, %k_b: tensor<21x16xf16>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xf16> -> tensor<21x16xf16>
      %1 = tessel.add %0, %k_b : tensor<21x16xf16>, tensor<21x16xf16> -> tensor<21x16xf16>
      tessel.yield %1 : tensor<21x16xf16>
    }
    return %r : tensor<21x16xf16>
  }

  func.func @transpose_add_f16_v4(%a: tensor<16x21xf16>, %b: tensor<21x16xf16>) -> tensor<21x16xf16> {
    %r = tessel.kernel @k_transpose_add_f16_v4(%a, %b) : (tensor<16x21xf16>, tensor<21x16xf16>) -> tensor<21x16xf16>
        schedule = #tessel.schedule<block = [8, 16], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<16x21xf16>, %k_b: tensor<21x16xf16>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xf16> -> tensor<21x16xf16>
      %1 = tessel.add %0, %k_b : tensor<21x16xf16>, tensor<21x16xf16> -> tensor<21x16xf16>
      tessel.yield %1 : tensor<21x16xf16>
    }
    return %r : tensor<21x16xf16>
  }

  func.func @transpose_add_f16_v8(%a: tensor<16x21xf16>, %b: tensor<21x16xf16>) -> tensor<21x16xf16> {
    %r = tessel.kernel @k_transpose_add_f16_v8(%a, %b) : (tensor<16x21xf16>, tensor<21x16xf16>) -> tensor<21x16xf16>
        schedule = #tessel.schedule<block = [16, 16], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_a: tensor<16x21xf16>, %k_b: tensor<21x16xf16>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xf16> -> tensor<21x16xf16>
      %1 = tessel.add %0, %k_b : tensor<21x16xf16>, tensor<21x16xf16> -> tensor<21x16xf16>
      tessel.yield %1 : tensor<21x16xf16>
    }
    return %r : tensor<21x16xf16>
  }

  func.func @mm_epilogue_f16_v2(%a: tensor<37x29xf16>, %b: tensor<29x32xf16>, %bias: tensor<32xf16>) -> tensor<37x32xf16> {
    %r = tessel.kernel @k_mm_epilogue_f16_v2(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x32xf16>, tensor<32xf16>) -> tensor<37x32xf16>
        schedule = #tessel.schedule<block = [8, 16], thread = [2, 2], warps = 1, vector = 2> {
    ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x32xf16>, %k_bias: tensor<32xf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x32xf16> -> tensor<37x32xf16>
      %1 = tessel.add %0, %k_bias : tensor<37x32xf16>, tensor<32xf16> -> tensor<37x32xf16>
      %2 = tessel.gelu tanh %1 : tensor<37x32xf16>
      tessel.yield %2 : tensor<37x32xf16>
    }
    return %r : tensor<37x32xf16>
  }

  func.func @mm_epilogue_f16_kstep_v4(%a: tensor<37x29xf16>, %b: tensor<29x32xf16>, %bias: tensor<32xf16>) -> tensor<37x32xf16> {
    %r = tessel.kernel @k_mm_epilogue_f16_kstep_v4(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x32xf16>, tensor<32xf16>) -> tensor<37x32xf16>
        schedule = #tessel.schedule<block = [8, 32, 8], thread = [2, 4, 8], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x32xf16>, %k_bias: tensor<32xf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x32xf16> -> tensor<37x32xf16>
      %1 = tessel.add %0, %k_bias : tensor<37x32xf16>, tensor<32xf16> -> tensor<37x32xf16>
      %2 = tessel.gelu tanh %1 : tensor<37x32xf16>
      tessel.yield %2 : tensor<37x32xf16>
    }
    return %r : tensor<37x32xf16>
  }

  func.func @mm_epilogue_f16_kstep_v2(%a: tensor<37x29xf16>, %b: tensor<29x32xf16>, %bias: tensor<32xf16>) -> tensor<37x32xf16> {
    %r = tessel.kernel @k_mm_epilogue_f16_kstep_v2(%a, %b, %bias) : (tensor<37x29xf16>, tensor<29x32xf16>, tensor<32xf16>) -> tensor<37x32xf16>
        schedule = #tessel.schedule<block = [16, 32, 16], thread = [4, 2, 16], warps = 2, vector = 2> {
    ^bb0(%k_a: tensor<37x29xf16>, %k_b: tensor<29x32xf16>, %k_bias: tensor<32xf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf16>, tensor<29x32xf16> -> tensor<37x32xf16>
      %1 = tessel.add %0, %k_bias : tensor<37x32xf16>, tensor<32xf16> -> tensor<37x32xf16>
      %2 = tessel.gelu tanh %1 : tensor<37x32xf16>
      tessel.yield %2 : tensor<37x32xf16>
    }
    return %r : tensor<37x32xf16>
  }

  func.func @chain_bf16_v2(%x: tensor<5x7x64xbf16>, %row: tensor<64xbf16>, %col: tensor<7x1xbf16>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_bf16_v2(%x, %row, %col) : (tensor<5x7x64xbf16>, tensor<64xbf16>, tensor<7x1xbf16>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<5x7x64xbf16>, %k_row: tensor<64xbf16>, %k_col: tensor<7x1xbf16>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xbf16>, tensor<64xbf16> -> tensor<5x7x64xbf16>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xbf16>, tensor<7x1xbf16> -> tensor<5x7x64xbf16>
      %2 = tessel.tanh %1 : tensor<5x7x64xbf16>
      %3 = tessel.silu %2 : tensor<5x7x64xbf16>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xbf16>, tensor<5x7x64xbf16> -> tensor<5x7x64xbf16>
      %5 = tessel.cast %4 : tensor<5x7x64xbf16> to tensor<5x7x64xf32>
      tessel.yield %5 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @chain_bf16_v4(%x: tensor<5x7x64xbf16>, %row: tensor<64xbf16>, %col: tensor<7x1xbf16>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_bf16_v4(%x, %row, %col) : (tensor<5x7x64xbf16>, tensor<64xbf16>, tensor<7x1xbf16>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 32], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<5x7x64xbf16>, %k_row: tensor<64xbf16>, %k_col: tensor<7x1xbf16>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xbf16>, tensor<64xbf16> -> tensor<5x7x64xbf16>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xbf16>, tensor<7x1xbf16> -> tensor<5x7x64xbf16>
      %2 = tessel.tanh %1 : tensor<5x7x64xbf16>
      %3 = tessel.silu %2 : tensor<5x7x64xbf16>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xbf16>, tensor<5x7x64xbf16> -> tensor<5x7x64xbf16>
      %5 = tessel.cast %4 : tensor<5x7x64xbf16> to tensor<5x7x64xf32>
      tessel.yield %5 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @chain_bf16_v8(%x: tensor<5x7x64xbf16>, %row: tensor<64xbf16>, %col: tensor<7x1xbf16>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_bf16_v8(%x, %row, %col) : (tensor<5x7x64xbf16>, tensor<64xbf16>, tensor<7x1xbf16>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [8, 64], thread = [2, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<5x7x64xbf16>, %k_row: tensor<64xbf16>, %k_col: tensor<7x1xbf16>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xbf16>, tensor<64xbf16> -> tensor<5x7x64xbf16>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xbf16>, tensor<7x1xbf16> -> tensor<5x7x64xbf16>
      %2 = tessel.tanh %1 : tensor<5x7x64xbf16>
      %3 = tessel.silu %2 : tensor<5x7x64xbf16>
      %4 = tessel.max %3, %k_x : tensor<5x7x64xbf16>, tensor<5x7x64xbf16> -> tensor<5x7x64xbf16>
      %5 = tessel.cast %4 : tensor<5x7x64xbf16> to tensor<5x7x64xf32>
      tessel.yield %5 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @softmax_bf16_v2(%x: tensor<6x64xbf16>) -> tensor<6x64xbf16> {
    %r = tessel.kernel @k_softmax_bf16_v2(%x) : (tensor<6x64xbf16>) -> tensor<6x64xbf16>
        schedule = #tessel.schedule<block = [4, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x64xbf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xbf16>
      tessel.yield %0 : tensor<6x64xbf16>
    }
    return %r : tensor<6x64xbf16>
  }

  func.func @softmax_bf16_v4(%x: tensor<6x64xbf16>) -> tensor<6x64xbf16> {
    %r = tessel.kernel @k_softmax_bf16_v4(%x) : (tensor<6x64xbf16>) -> tensor<6x64xbf16>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x64xbf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xbf16>
      tessel.yield %0 : tensor<6x64xbf16>
    }
    return %r : tensor<6x64xbf16>
  }

  func.func @softmax_bf16_v8(%x: tensor<6x64xbf16>) -> tensor<6x64xbf16> {
    %r = tessel.kernel @k_softmax_bf16_v8(%x) : (tensor<6x64xbf16>) -> tensor<6x64xbf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x64xbf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x64xbf16>
      tessel.yield %0 : tensor<6x64xbf16>
    }
    return %r : tensor<6x64xbf16>
  }

  func.func @residual_layer_norm_bf16_v2(%x: tensor<6x8x64xbf16>, %y: tensor<6x8x64xbf16>, %g: tensor<64xbf16>, %b: tensor<64xbf16>) -> tensor<6x8x64xbf16> {
    %r = tessel.kernel @k_residual_layer_norm_bf16_v2(%x, %y, %g, %b) : (tensor<6x8x64xbf16>, tensor<6x8x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
        schedule = #tessel.schedule<block = [3, 64], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xbf16>, %k_y: tensor<6x8x64xbf16>, %k_g: tensor<64xbf16>, %k_b: tensor<64xbf16>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xbf16>, tensor<6x8x64xbf16> -> tensor<6x8x64xbf16>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
      tessel.yield %1 : tensor<6x8x64xbf16>
    }
    return %r : tensor<6x8x64xbf16>
  }

  func.func @residual_layer_norm_bf16_v4(%x: tensor<6x8x64xbf16>, %y: tensor<6x8x64xbf16>, %g: tensor<64xbf16>, %b: tensor<64xbf16>) -> tensor<6x8x64xbf16> {
    %r = tessel.kernel @k_residual_layer_norm_bf16_v4(%x, %y, %g, %b) : (tensor<6x8x64xbf16>, tensor<6x8x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x8x64xbf16>, %k_y: tensor<6x8x64xbf16>, %k_g: tensor<64xbf16>, %k_b: tensor<64xbf16>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xbf16>, tensor<6x8x64xbf16> -> tensor<6x8x64xbf16>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
      tessel.yield %1 : tensor<6x8x64xbf16>
    }
    return %r : tensor<6x8x64xbf16>
  }

  func.func @residual_layer_norm_bf16_v8(%x: tensor<6x8x64xbf16>, %y: tensor<6x8x64xbf16>, %g: tensor<64xbf16>, %b: tensor<64xbf16>) -> tensor<6x8x64xbf16> {
    %r = tessel.kernel @k_residual_layer_norm_bf16_v8(%x, %y, %g, %b) : (tensor<6x8x64xbf16>, tensor<6x8x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
        schedule = #tessel.schedule<block = [8, 64], thread = [2, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x8x64xbf16>, %k_y: tensor<6x8x64xbf16>, %k_g: tensor<64xbf16>, %k_b: tensor<64xbf16>):
      %0 = tessel.add %k_x, %k_y : tensor<6x8x64xbf16>, tensor<6x8x64xbf16> -> tensor<6x8x64xbf16>
      %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
      tessel.yield %1 : tensor<6x8x64xbf16>
    }
    return %r : tensor<6x8x64xbf16>
  }

  func.func @rms_norm_bf16_v2(%x: tensor<6x8x64xbf16>, %g: tensor<64xbf16>) -> tensor<6x8x64xbf16> {
    %r = tessel.kernel @k_rms_norm_bf16_v2(%x, %g) : (tensor<6x8x64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
        schedule = #tessel.schedule<block = [1, 64], thread = [1, 2], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xbf16>, %k_g: tensor<64xbf16>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
      tessel.yield %0 : tensor<6x8x64xbf16>
    }
    return %r : tensor<6x8x64xbf16>
  }

  func.func @rms_norm_bf16_v4(%x: tensor<6x8x64xbf16>, %g: tensor<64xbf16>) -> tensor<6x8x64xbf16> {
    %r = tessel.kernel @k_rms_norm_bf16_v4(%x, %g) : (tensor<6x8x64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [2, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<6x8x64xbf16>, %k_g: tensor<64xbf16>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
      tessel.yield %0 : tensor<6x8x64xbf16>
    }
    return %r : tensor<6x8x64xbf16>
  }

  func.func @rms_norm_bf16_v8(%x: tensor<6x8x64xbf16>, %g: tensor<64xbf16>) -> tensor<6x8x64xbf16> {
    %r = tessel.kernel @k_rms_norm_bf16_v8(%x, %g) : (tensor<6x8x64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x8x64xbf16>, %k_g: tensor<64xbf16>):
      %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x8x64xbf16>, tensor<64xbf16>) -> tensor<6x8x64xbf16>
      tessel.yield %0 : tensor<6x8x64xbf16>
    }
    return %r : tensor<6x8x64xbf16>
  }

  func.func @transpose_add_bf16_v2(%a: tensor<16x21xbf16>, %b: tensor<21x16xbf16>) -> tensor<21x16xbf16> {
    %r = tessel.kernel @k_transpose_add_bf16_v2(%a, %b) : (tensor<16x21xbf16>, tensor<21x16xbf16>) -> tensor<21x16xbf16>
        schedule = #tessel.schedule<block = [4, 16], thread = [1, 2], warps = 1, vector = 2> {
    ^bb0(%k_a: tensor<16x21xbf16>, %k_b: tensor<21x16xbf16>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xbf16> -> tensor<21x16xbf16>
      %1 = tessel.add %0, %k_b : tensor<21x16xbf16>, tensor<21x16xbf16> -> tensor<21x16xbf16>
      tessel.yield %1 : tensor<21x16xbf16>
    }
    return %r : tensor<21x16xbf16>
  }

  func.func @transpose_add_bf16_v4(%a: tensor<16x21xbf16>, %b: tensor<21x16xbf16>) -> tensor<21x16xbf16> {
    %r = tessel.kernel @k_transpose_add_bf16_v4(%a, %b) : (tensor<16x21xbf16>, tensor<21x16xbf16>) -> tensor<21x16xbf16>
        schedule = #tessel.schedule<block = [8, 16], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<16x21xbf16>, %k_b: tensor<21x16xbf16>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xbf16> -> tensor<21x16xbf16>
      %1 = tessel.add %0, %k_b : tensor<21x16xbf16>, tensor<21x16xbf16> -> tensor<21x16xbf16>
      tessel.yield %1 : tensor<21x16xbf16>
    }
    return %r : tensor<21x16xbf16>
  }

  func.func @transpose_add_bf16_v8(%a: tensor<16x21xbf16>, %b: tensor<21x16xbf16>) -> tensor<21x16xbf16> {
    %r = tessel.kernel @k_transpose_add_bf16_v8(%a, %b) : (tensor<16x21xbf16>, tensor<21x16xbf16>) -> tensor<21x16xbf16>
        schedule = #tessel.schedule<block = [16, 16], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_a: tensor<16x21xbf16>, %k_b: tensor<21x16xbf16>):
      %0 = tessel.transpose %k_a permutation = [1, 0] : tensor<16x21xbf16> -> tensor<21x16xbf16>
      %1 = tessel.add %0, %k_b : tensor<21x16xbf16>, tensor<21x16xbf16> -> tensor<21x16xbf16>
      tessel.yield %1 : tensor<21x16xbf16>
    }
    return %r : tensor<21x16xbf16>
  }

  func.func @mm_epilogue_bf16_v2(%a: tensor<37x29xbf16>, %b: tensor<29x32xbf16>, %bias: tensor<32xbf16>) -> tensor<37x32xbf16> {
    %r = tessel.kernel @k_mm_epilogue_bf16_v2(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x32xbf16>, tensor<32xbf16>) -> tensor<37x32xbf16>
        schedule = #tessel.schedule<block = [8, 16], thread = [2, 2], warps = 1, vector = 2> {
    ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x32xbf16>, %k_bias: tensor<32xbf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x32xbf16> -> tensor<37x32xbf16>
      %1 = tessel.add %0, %k_bias : tensor<37x32xbf16>, tensor<32xbf16> -> tensor<37x32xbf16>
      %2 = tessel.gelu tanh %1 : tensor<37x32xbf16>
      tessel.yield %2 : tensor<37x32xbf16>
    }
    return %r : tensor<37x32xbf16>
  }

  func.func @mm_epilogue_bf16_kstep_v4(%a: tensor<37x29xbf16>, %b: tensor<29x32xbf16>, %bias: tensor<32xbf16>) -> tensor<37x32xbf16> {
    %r = tessel.kernel @k_mm_epilogue_bf16_kstep_v4(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x32xbf16>, tensor<32xbf16>) -> tensor<37x32xbf16>
        schedule = #tessel.schedule<block = [8, 32, 8], thread = [2, 4, 8], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x32xbf16>, %k_bias: tensor<32xbf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x32xbf16> -> tensor<37x32xbf16>
      %1 = tessel.add %0, %k_bias : tensor<37x32xbf16>, tensor<32xbf16> -> tensor<37x32xbf16>
      %2 = tessel.gelu tanh %1 : tensor<37x32xbf16>
      tessel.yield %2 : tensor<37x32xbf16>
    }
    return %r : tensor<37x32xbf16>
  }

  func.func @mm_epilogue_bf16_kstep_v2(%a: tensor<37x29xbf16>, %b: tensor<29x32xbf16>, %bias: tensor<32xbf16>) -> tensor<37x32xbf16> {
    %r = tessel.kernel @k_mm_epilogue_bf16_kstep_v2(%a, %b, %bias) : (tensor<37x29xbf16>, tensor<29x32xbf16>, tensor<32xbf16>) -> tensor<37x32xbf16>
        schedule = #tessel.schedule<block = [16, 32, 16], thread = [4, 2, 16], warps = 2, vector = 2> {
    ^bb0(%k_a: tensor<37x29xbf16>, %k_b: tensor<29x32xbf16>, %k_bias: tensor<32xbf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xbf16>, tensor<29x32xbf16> -> tensor<37x32xbf16>
      %1 = tessel.add %0, %k_bias : tensor<37x32xbf16>, tensor<32xbf16> -> tensor<37x32xbf16>
      %2 = tessel.gelu tanh %1 : tensor<37x32xbf16>
      tessel.yield %2 : tensor<37x32xbf16>
    }
    return %r : tensor<37x32xbf16>
  }
}

// CHECK: kernel @k_chain_f32_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_f32_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_f32_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_f32_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_f32_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_f32_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_f32_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_f32_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_f32_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_f32_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_f32_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_f32_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_f32_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_f32_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_f32_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f32_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f32_kstep_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f32_kstep_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_f16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_f16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_f16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_f16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_f16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_f16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_f16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_f16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_f16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_f16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f16_kstep_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f16_kstep_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_bf16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_bf16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_bf16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_bf16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_bf16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_softmax_bf16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_bf16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_bf16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_residual_layer_norm_bf16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_bf16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_bf16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_rms_norm_bf16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_bf16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_bf16_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_transpose_add_bf16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_bf16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_bf16_kstep_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_bf16_kstep_v2
// CHECK-NOT: FAIL
// CHECK: all outputs match the reference
// GPU: tessel-compile: 54 GPU kernel(s) for h100
// W64: all outputs match the reference
// AMD: tessel-compile: 4 GPU kernel(s) for mi300x

// Four f32 per thread: the x and x + row reads and the store are 16 bytes
// each; the column (broadcast along the row) is one scalar.
// PTX4-LABEL: .entry k_chain_f32_v4_kernel
// PTX4-DAG: ld.global.v4.b32
// PTX4-DAG: ld.global.b32
// PTX4: st.global.v4.b32
// PTX4-NOT: st.global.b32

// Eight bf16 per thread (16 bytes) in, eight f32 (two 16-byte stores) out.
// PTX8-LABEL: .entry k_chain_bf16_v8_kernel
// PTX8: ld.global.v4.b32
// PTX8: st.global.v4.b32
// PTX8: st.global.v4.b32

// A K step's epilogue: the bias is read and the output written four at a
// time.
// KSTEP-LABEL: .entry k_mm_epilogue_f32_kstep_v4_kernel
// KSTEP: ld.global.v4.b32
// KSTEP: st.global.v4.b32
