// Kernels on the tiled CPU path, three schedules each, in f32, f16 and
// bf16, on sizes no tile divides: a chain of broadcast binary ops, unary ops and a cast.
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @chain_f32_narrow(%x: tensor<5x7x9xf32>, %row: tensor<9xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_f32_narrow(%x, %row, %col) : (tensor<5x7x9xf32>, tensor<9xf32>, tensor<7x1xf32>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<5x7x9xf32>, %k_row: tensor<9xf32>, %k_col: tensor<7x1xf32>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xf32>, tensor<7x1xf32> -> tensor<5x7x9xf32>
    %2 = tessel.tanh %1 : tensor<5x7x9xf32>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xf32>
    %4 = tessel.silu %3 : tensor<5x7x9xf32>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    tessel.yield %5 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_f32_square(%x: tensor<5x7x9xf32>, %row: tensor<9xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_f32_square(%x, %row, %col) : (tensor<5x7x9xf32>, tensor<9xf32>, tensor<7x1xf32>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<5x7x9xf32>, %k_row: tensor<9xf32>, %k_col: tensor<7x1xf32>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xf32>, tensor<7x1xf32> -> tensor<5x7x9xf32>
    %2 = tessel.tanh %1 : tensor<5x7x9xf32>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xf32>
    %4 = tessel.silu %3 : tensor<5x7x9xf32>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    tessel.yield %5 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_f32_rows(%x: tensor<5x7x9xf32>, %row: tensor<9xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_f32_rows(%x, %row, %col) : (tensor<5x7x9xf32>, tensor<9xf32>, tensor<7x1xf32>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<5x7x9xf32>, %k_row: tensor<9xf32>, %k_col: tensor<7x1xf32>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xf32>, tensor<7x1xf32> -> tensor<5x7x9xf32>
    %2 = tessel.tanh %1 : tensor<5x7x9xf32>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xf32>
    %4 = tessel.silu %3 : tensor<5x7x9xf32>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    tessel.yield %5 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_f16_narrow(%x: tensor<5x7x9xf16>, %row: tensor<9xf16>, %col: tensor<7x1xf16>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_f16_narrow(%x, %row, %col) : (tensor<5x7x9xf16>, tensor<9xf16>, tensor<7x1xf16>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<5x7x9xf16>, %k_row: tensor<9xf16>, %k_col: tensor<7x1xf16>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xf16>, tensor<7x1xf16> -> tensor<5x7x9xf16>
    %2 = tessel.tanh %1 : tensor<5x7x9xf16>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xf16>
    %4 = tessel.silu %3 : tensor<5x7x9xf16>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    %6 = tessel.cast %5 : tensor<5x7x9xf16> to tensor<5x7x9xf32>
    tessel.yield %6 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_f16_square(%x: tensor<5x7x9xf16>, %row: tensor<9xf16>, %col: tensor<7x1xf16>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_f16_square(%x, %row, %col) : (tensor<5x7x9xf16>, tensor<9xf16>, tensor<7x1xf16>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<5x7x9xf16>, %k_row: tensor<9xf16>, %k_col: tensor<7x1xf16>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xf16>, tensor<7x1xf16> -> tensor<5x7x9xf16>
    %2 = tessel.tanh %1 : tensor<5x7x9xf16>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xf16>
    %4 = tessel.silu %3 : tensor<5x7x9xf16>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    %6 = tessel.cast %5 : tensor<5x7x9xf16> to tensor<5x7x9xf32>
    tessel.yield %6 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_f16_rows(%x: tensor<5x7x9xf16>, %row: tensor<9xf16>, %col: tensor<7x1xf16>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_f16_rows(%x, %row, %col) : (tensor<5x7x9xf16>, tensor<9xf16>, tensor<7x1xf16>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<5x7x9xf16>, %k_row: tensor<9xf16>, %k_col: tensor<7x1xf16>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xf16>, tensor<7x1xf16> -> tensor<5x7x9xf16>
    %2 = tessel.tanh %1 : tensor<5x7x9xf16>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xf16>
    %4 = tessel.silu %3 : tensor<5x7x9xf16>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    %6 = tessel.cast %5 : tensor<5x7x9xf16> to tensor<5x7x9xf32>
    tessel.yield %6 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_bf16_narrow(%x: tensor<5x7x9xbf16>, %row: tensor<9xbf16>, %col: tensor<7x1xbf16>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_bf16_narrow(%x, %row, %col) : (tensor<5x7x9xbf16>, tensor<9xbf16>, tensor<7x1xbf16>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<5x7x9xbf16>, %k_row: tensor<9xbf16>, %k_col: tensor<7x1xbf16>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xbf16>, tensor<7x1xbf16> -> tensor<5x7x9xbf16>
    %2 = tessel.tanh %1 : tensor<5x7x9xbf16>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xbf16>
    %4 = tessel.silu %3 : tensor<5x7x9xbf16>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    %6 = tessel.cast %5 : tensor<5x7x9xbf16> to tensor<5x7x9xf32>
    tessel.yield %6 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_bf16_square(%x: tensor<5x7x9xbf16>, %row: tensor<9xbf16>, %col: tensor<7x1xbf16>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_bf16_square(%x, %row, %col) : (tensor<5x7x9xbf16>, tensor<9xbf16>, tensor<7x1xbf16>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<5x7x9xbf16>, %k_row: tensor<9xbf16>, %k_col: tensor<7x1xbf16>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xbf16>, tensor<7x1xbf16> -> tensor<5x7x9xbf16>
    %2 = tessel.tanh %1 : tensor<5x7x9xbf16>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xbf16>
    %4 = tessel.silu %3 : tensor<5x7x9xbf16>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    %6 = tessel.cast %5 : tensor<5x7x9xbf16> to tensor<5x7x9xf32>
    tessel.yield %6 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @chain_bf16_rows(%x: tensor<5x7x9xbf16>, %row: tensor<9xbf16>, %col: tensor<7x1xbf16>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_chain_bf16_rows(%x, %row, %col) : (tensor<5x7x9xbf16>, tensor<9xbf16>, tensor<7x1xbf16>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<5x7x9xbf16>, %k_row: tensor<9xbf16>, %k_col: tensor<7x1xbf16>):
    %0 = tessel.add %k_x, %k_row : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
    %1 = tessel.mul %0, %k_col : tensor<5x7x9xbf16>, tensor<7x1xbf16> -> tensor<5x7x9xbf16>
    %2 = tessel.tanh %1 : tensor<5x7x9xbf16>
    %3 = tessel.sigmoid %2 : tensor<5x7x9xbf16>
    %4 = tessel.silu %3 : tensor<5x7x9xbf16>
    %5 = tessel.max %4, %k_x : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    %6 = tessel.cast %5 : tensor<5x7x9xbf16> to tensor<5x7x9xf32>
    tessel.yield %6 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-18: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
