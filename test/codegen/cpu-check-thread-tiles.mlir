// Thread tiles on the CPU path (h100: 32-thread warps): each thread computes
// a thread-tile of the block, on shapes no tile divides, in all three types;
// the same kernels compile to PTX. Row-wise kernels whose thread tile spans
// the row compute each row's reductions once, in one thread. Matmuls with a
// K step accumulate each thread's tile in registers over each step.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-compile %s --emit=ptx -o %t | FileCheck %s --check-prefix=PTX

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mm_f32(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_mm_f32(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [16, 32], thread = [2, 4], warps = 2> {
    ^bb0(%x: tensor<37x29xf32>, %y: tensor<29x23xf32>):
      %0 = tessel.matmul %x, %y : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      %1 = tessel.silu %0 : tensor<37x23xf32>
      tessel.yield %1 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }
  func.func @norm_f32(%x: tensor<6x5x33xf32>, %g: tensor<33xf32>) -> tensor<6x5x33xf32> {
    %r = tessel.kernel @k_norm_f32(%x, %g) : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
        schedule = #tessel.schedule<block = [2, 4, 32], thread = [1, 2, 4], warps = 1> {
    ^bb0(%a: tensor<6x5x33xf32>, %s: tensor<33xf32>):
      %0 = tessel.layer_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      tessel.yield %0 : tensor<6x5x33xf32>
    }
    return %r : tensor<6x5x33xf32>
  }
  func.func @mm_f16(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
    %r = tessel.kernel @k_mm_f16(%a, %b) : (tensor<37x29xf16>, tensor<29x23xf16>) -> tensor<37x23xf16>
        schedule = #tessel.schedule<block = [16, 32], thread = [2, 4], warps = 2> {
    ^bb0(%x: tensor<37x29xf16>, %y: tensor<29x23xf16>):
      %0 = tessel.matmul %x, %y : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
      %1 = tessel.silu %0 : tensor<37x23xf16>
      tessel.yield %1 : tensor<37x23xf16>
    }
    return %r : tensor<37x23xf16>
  }
  func.func @norm_f16(%x: tensor<6x5x33xf16>, %g: tensor<33xf16>) -> tensor<6x5x33xf16> {
    %r = tessel.kernel @k_norm_f16(%x, %g) : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
        schedule = #tessel.schedule<block = [2, 4, 32], thread = [1, 2, 4], warps = 1> {
    ^bb0(%a: tensor<6x5x33xf16>, %s: tensor<33xf16>):
      %0 = tessel.layer_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      tessel.yield %0 : tensor<6x5x33xf16>
    }
    return %r : tensor<6x5x33xf16>
  }
  func.func @mm_bf16(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
    %r = tessel.kernel @k_mm_bf16(%a, %b) : (tensor<37x29xbf16>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
        schedule = #tessel.schedule<block = [16, 32], thread = [2, 4], warps = 2> {
    ^bb0(%x: tensor<37x29xbf16>, %y: tensor<29x23xbf16>):
      %0 = tessel.matmul %x, %y : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
      %1 = tessel.silu %0 : tensor<37x23xbf16>
      tessel.yield %1 : tensor<37x23xbf16>
    }
    return %r : tensor<37x23xbf16>
  }
  // Row per thread: the thread tile spans the (padded) row, so each of the
  // 32 threads computes its row's max and sum once; 37 rows in blocks of 32.
  func.func @softmax_row_per_thread_f32(%x: tensor<37x100xf32>) -> tensor<37x100xf32> {
    %r = tessel.kernel @k_softmax_rows_f32(%x) : (tensor<37x100xf32>) -> tensor<37x100xf32>
        schedule = #tessel.schedule<block = [32, 128], thread = [1, 128], warps = 1> {
    ^bb0(%a: tensor<37x100xf32>):
      %0 = tessel.softmax %a dim = 1 : tensor<37x100xf32>
      tessel.yield %0 : tensor<37x100xf32>
    }
    return %r : tensor<37x100xf32>
  }
  func.func @rms_row_per_thread_f32(%x: tensor<5x7x65xf32>, %g: tensor<65xf32>) -> tensor<5x7x65xf32> {
    %r = tessel.kernel @k_rms_rows_f32(%x, %g) : (tensor<5x7x65xf32>, tensor<65xf32>) -> tensor<5x7x65xf32>
        schedule = #tessel.schedule<block = [4, 8, 65], thread = [1, 1, 65], warps = 1> {
    ^bb0(%a: tensor<5x7x65xf32>, %s: tensor<65xf32>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<5x7x65xf32>, tensor<65xf32>) -> tensor<5x7x65xf32>
      tessel.yield %0 : tensor<5x7x65xf32>
    }
    return %r : tensor<5x7x65xf32>
  }
  // Row per thread: the thread tile spans the (padded) row, so each of the
  // 32 threads computes its row's max and sum once; 37 rows in blocks of 32.
  func.func @softmax_row_per_thread_f16(%x: tensor<37x100xf16>) -> tensor<37x100xf16> {
    %r = tessel.kernel @k_softmax_rows_f16(%x) : (tensor<37x100xf16>) -> tensor<37x100xf16>
        schedule = #tessel.schedule<block = [32, 128], thread = [1, 128], warps = 1> {
    ^bb0(%a: tensor<37x100xf16>):
      %0 = tessel.softmax %a dim = 1 : tensor<37x100xf16>
      tessel.yield %0 : tensor<37x100xf16>
    }
    return %r : tensor<37x100xf16>
  }
  func.func @rms_row_per_thread_f16(%x: tensor<5x7x65xf16>, %g: tensor<65xf16>) -> tensor<5x7x65xf16> {
    %r = tessel.kernel @k_rms_rows_f16(%x, %g) : (tensor<5x7x65xf16>, tensor<65xf16>) -> tensor<5x7x65xf16>
        schedule = #tessel.schedule<block = [4, 8, 65], thread = [1, 1, 65], warps = 1> {
    ^bb0(%a: tensor<5x7x65xf16>, %s: tensor<65xf16>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<5x7x65xf16>, tensor<65xf16>) -> tensor<5x7x65xf16>
      tessel.yield %0 : tensor<5x7x65xf16>
    }
    return %r : tensor<5x7x65xf16>
  }
  // Row per thread: the thread tile spans the (padded) row, so each of the
  // 32 threads computes its row's max and sum once; 37 rows in blocks of 32.
  func.func @softmax_row_per_thread_bf16(%x: tensor<37x100xbf16>) -> tensor<37x100xbf16> {
    %r = tessel.kernel @k_softmax_rows_bf16(%x) : (tensor<37x100xbf16>) -> tensor<37x100xbf16>
        schedule = #tessel.schedule<block = [32, 128], thread = [1, 128], warps = 1> {
    ^bb0(%a: tensor<37x100xbf16>):
      %0 = tessel.softmax %a dim = 1 : tensor<37x100xbf16>
      tessel.yield %0 : tensor<37x100xbf16>
    }
    return %r : tensor<37x100xbf16>
  }
  func.func @rms_row_per_thread_bf16(%x: tensor<5x7x65xbf16>, %g: tensor<65xbf16>) -> tensor<5x7x65xbf16> {
    %r = tessel.kernel @k_rms_rows_bf16(%x, %g) : (tensor<5x7x65xbf16>, tensor<65xbf16>) -> tensor<5x7x65xbf16>
        schedule = #tessel.schedule<block = [4, 8, 65], thread = [1, 1, 65], warps = 1> {
    ^bb0(%a: tensor<5x7x65xbf16>, %s: tensor<65xbf16>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<5x7x65xbf16>, tensor<65xbf16>) -> tensor<5x7x65xbf16>
      tessel.yield %0 : tensor<5x7x65xbf16>
    }
    return %r : tensor<5x7x65xbf16>
  }
  func.func @norm_bf16(%x: tensor<6x5x33xbf16>, %g: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
    %r = tessel.kernel @k_norm_bf16(%x, %g) : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
        schedule = #tessel.schedule<block = [2, 4, 32], thread = [1, 2, 4], warps = 1> {
    ^bb0(%a: tensor<6x5x33xbf16>, %s: tensor<33xbf16>):
      %0 = tessel.layer_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      tessel.yield %0 : tensor<6x5x33xbf16>
    }
    return %r : tensor<6x5x33xbf16>
  }
  func.func @mm_kstep_f32(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_mm_kstep_f32(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [16, 16, 8], thread = [2, 4, 8], warps = 1> {
    ^bb0(%x: tensor<37x29xf32>, %y: tensor<29x23xf32>):
      %0 = tessel.matmul %x, %y : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      %1 = tessel.silu %0 : tensor<37x23xf32>
      tessel.yield %1 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }
  func.func @mm_kstep_f16(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
    %r = tessel.kernel @k_mm_kstep_f16(%a, %b) : (tensor<37x29xf16>, tensor<29x23xf16>) -> tensor<37x23xf16>
        schedule = #tessel.schedule<block = [32, 32, 16], thread = [4, 4, 16], warps = 2> {
    ^bb0(%x: tensor<37x29xf16>, %y: tensor<29x23xf16>):
      %0 = tessel.matmul %x, %y : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
      %1 = tessel.silu %0 : tensor<37x23xf16>
      tessel.yield %1 : tensor<37x23xf16>
    }
    return %r : tensor<37x23xf16>
  }
  func.func @mm_kstep_bf16(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
    %r = tessel.kernel @k_mm_kstep_bf16(%a, %b) : (tensor<37x29xbf16>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
        schedule = #tessel.schedule<block = [64, 32, 32], thread = [4, 2, 32], warps = 8> {
    ^bb0(%x: tensor<37x29xbf16>, %y: tensor<29x23xbf16>):
      %0 = tessel.matmul %x, %y : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
      %1 = tessel.silu %0 : tensor<37x23xbf16>
      tessel.yield %1 : tensor<37x23xbf16>
    }
    return %r : tensor<37x23xbf16>
  }
}

// CHECK-COUNT-30: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// PTX: tessel-compile: 15 GPU kernel(s) for h100
// PTX: k_mm_f32_kernel {{.*}} block 8x8x1
// PTX: k_norm_f32_kernel {{.*}} block 8x2x2
// PTX: k_softmax_rows_f32_kernel grid 1x2x1 block 1x32x1
// PTX: k_rms_rows_f32_kernel {{.*}} block 1x8x4
