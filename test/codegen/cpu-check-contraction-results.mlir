// Contractions that are their kernel's result, without a K step, on the
// tiled CPU path: each thread accumulates its share of the block's tile in
// a buffer of its own and writes it once (tessel-tile-and-fuse), on tiles
// that divide the shapes and tiles that do not, one to four warps.
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @matmul_f32_divides(%a: tensor<32x48xf32>, %b: tensor<48x64xf32>) -> tensor<32x64xf32> {
  %r = tessel.kernel @k_matmul_f32_divides(%a, %b) : (tensor<32x48xf32>, tensor<48x64xf32>) -> tensor<32x64xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 4> {
  ^bb0(%k_a: tensor<32x48xf32>, %k_b: tensor<48x64xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<32x48xf32>, tensor<48x64xf32> -> tensor<32x64xf32>
    tessel.yield %0 : tensor<32x64xf32>
  }
  return %r : tensor<32x64xf32>
}

func.func @matmul_f32_partial(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_matmul_f32_partial(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    tessel.yield %0 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @matmul_f32_thread_rows(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
  %r = tessel.kernel @k_matmul_f32_thread_rows(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
      schedule = #tessel.schedule<block = [32, 16], warps = 2> {
  ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>):
    %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
    tessel.yield %0 : tensor<37x23xf32>
  }
  return %r : tensor<37x23xf32>
}

func.func @bmm_f32_partial(%q: tensor<3x17x13xf32>, %k: tensor<3x11x13xf32>) -> tensor<3x17x11xf32> {
  %r = tessel.kernel @k_bmm_f32_partial(%q, %k) : (tensor<3x17x13xf32>, tensor<3x11x13xf32>) -> tensor<3x17x11xf32>
      schedule = #tessel.schedule<block = [8, 8], warps = 1> {
  ^bb0(%k_q: tensor<3x17x13xf32>, %k_k: tensor<3x11x13xf32>):
    %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x13xf32>, tensor<3x11x13xf32> -> tensor<3x17x11xf32>
    tessel.yield %0 : tensor<3x17x11xf32>
  }
  return %r : tensor<3x17x11xf32>
}

func.func @rowsum_f32_partial(%x: tensor<37x50xf32>) -> tensor<37xf32> {
  %r = tessel.kernel @k_rowsum_f32_partial(%x) : (tensor<37x50xf32>) -> tensor<37xf32>
      schedule = #tessel.schedule<block = [16], warps = 1> {
  ^bb0(%k_x: tensor<37x50xf32>):
    %0 = tessel.reduce sum %k_x dims = [1] : tensor<37x50xf32> -> tensor<37xf32>
    tessel.yield %0 : tensor<37xf32>
  }
  return %r : tensor<37xf32>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-10: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
