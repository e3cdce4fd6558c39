// Kernels on the tiled CPU path, three schedules each, in f32, f16 and
// bf16, on sizes no tile divides: every unary and binary op, with broadcasting
// and a cast.
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

func.func @more_unary_binary_f32_narrow(%x: tensor<5x7x9xf32>, %y: tensor<5x7x9xf32>, %row: tensor<9xf32>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_more_unary_binary_f32_narrow(%x, %y, %row) : (tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<9xf32>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%a: tensor<5x7x9xf32>, %b: tensor<5x7x9xf32>, %c: tensor<9xf32>):
    %0 = tessel.neg %a : tensor<5x7x9xf32>
    %1 = tessel.exp %0 : tensor<5x7x9xf32>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xf32>
    %3 = tessel.sub %2, %c : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
    %4 = tessel.relu %3 : tensor<5x7x9xf32>
    %5 = tessel.gelu erf %b : tensor<5x7x9xf32>
    %6 = tessel.div %4, %1 : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    %7 = tessel.min %6, %5 : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    tessel.yield %7 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @more_unary_binary_f32_square(%x: tensor<5x7x9xf32>, %y: tensor<5x7x9xf32>, %row: tensor<9xf32>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_more_unary_binary_f32_square(%x, %y, %row) : (tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<9xf32>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<5x7x9xf32>, %b: tensor<5x7x9xf32>, %c: tensor<9xf32>):
    %0 = tessel.neg %a : tensor<5x7x9xf32>
    %1 = tessel.exp %0 : tensor<5x7x9xf32>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xf32>
    %3 = tessel.sub %2, %c : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
    %4 = tessel.relu %3 : tensor<5x7x9xf32>
    %5 = tessel.gelu erf %b : tensor<5x7x9xf32>
    %6 = tessel.div %4, %1 : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    %7 = tessel.min %6, %5 : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    tessel.yield %7 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @more_unary_binary_f32_rows(%x: tensor<5x7x9xf32>, %y: tensor<5x7x9xf32>, %row: tensor<9xf32>) -> tensor<5x7x9xf32> {
  %r = tessel.kernel @k_more_unary_binary_f32_rows(%x, %y, %row) : (tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<9xf32>) -> tensor<5x7x9xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%a: tensor<5x7x9xf32>, %b: tensor<5x7x9xf32>, %c: tensor<9xf32>):
    %0 = tessel.neg %a : tensor<5x7x9xf32>
    %1 = tessel.exp %0 : tensor<5x7x9xf32>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xf32>
    %3 = tessel.sub %2, %c : tensor<5x7x9xf32>, tensor<9xf32> -> tensor<5x7x9xf32>
    %4 = tessel.relu %3 : tensor<5x7x9xf32>
    %5 = tessel.gelu erf %b : tensor<5x7x9xf32>
    %6 = tessel.div %4, %1 : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    %7 = tessel.min %6, %5 : tensor<5x7x9xf32>, tensor<5x7x9xf32> -> tensor<5x7x9xf32>
    tessel.yield %7 : tensor<5x7x9xf32>
  }
  return %r : tensor<5x7x9xf32>
}

func.func @more_unary_binary_f16_narrow(%x: tensor<5x7x9xf16>, %y: tensor<5x7x9xf16>, %row: tensor<9xf16>) -> tensor<5x7x9xf16> {
  %r = tessel.kernel @k_more_unary_binary_f16_narrow(%x, %y, %row) : (tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<9xf16>) -> tensor<5x7x9xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%a: tensor<5x7x9xf16>, %b: tensor<5x7x9xf16>, %c: tensor<9xf16>):
    %0 = tessel.neg %a : tensor<5x7x9xf16>
    %1 = tessel.exp %0 : tensor<5x7x9xf16>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xf16>
    %3 = tessel.sub %2, %c : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
    %4 = tessel.relu %3 : tensor<5x7x9xf16>
    %5 = tessel.gelu erf %b : tensor<5x7x9xf16>
    %6 = tessel.div %4, %1 : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    %7 = tessel.min %6, %5 : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    tessel.yield %7 : tensor<5x7x9xf16>
  }
  return %r : tensor<5x7x9xf16>
}

func.func @more_unary_binary_f16_square(%x: tensor<5x7x9xf16>, %y: tensor<5x7x9xf16>, %row: tensor<9xf16>) -> tensor<5x7x9xf16> {
  %r = tessel.kernel @k_more_unary_binary_f16_square(%x, %y, %row) : (tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<9xf16>) -> tensor<5x7x9xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<5x7x9xf16>, %b: tensor<5x7x9xf16>, %c: tensor<9xf16>):
    %0 = tessel.neg %a : tensor<5x7x9xf16>
    %1 = tessel.exp %0 : tensor<5x7x9xf16>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xf16>
    %3 = tessel.sub %2, %c : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
    %4 = tessel.relu %3 : tensor<5x7x9xf16>
    %5 = tessel.gelu erf %b : tensor<5x7x9xf16>
    %6 = tessel.div %4, %1 : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    %7 = tessel.min %6, %5 : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    tessel.yield %7 : tensor<5x7x9xf16>
  }
  return %r : tensor<5x7x9xf16>
}

func.func @more_unary_binary_f16_rows(%x: tensor<5x7x9xf16>, %y: tensor<5x7x9xf16>, %row: tensor<9xf16>) -> tensor<5x7x9xf16> {
  %r = tessel.kernel @k_more_unary_binary_f16_rows(%x, %y, %row) : (tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<9xf16>) -> tensor<5x7x9xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%a: tensor<5x7x9xf16>, %b: tensor<5x7x9xf16>, %c: tensor<9xf16>):
    %0 = tessel.neg %a : tensor<5x7x9xf16>
    %1 = tessel.exp %0 : tensor<5x7x9xf16>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xf16>
    %3 = tessel.sub %2, %c : tensor<5x7x9xf16>, tensor<9xf16> -> tensor<5x7x9xf16>
    %4 = tessel.relu %3 : tensor<5x7x9xf16>
    %5 = tessel.gelu erf %b : tensor<5x7x9xf16>
    %6 = tessel.div %4, %1 : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    %7 = tessel.min %6, %5 : tensor<5x7x9xf16>, tensor<5x7x9xf16> -> tensor<5x7x9xf16>
    tessel.yield %7 : tensor<5x7x9xf16>
  }
  return %r : tensor<5x7x9xf16>
}

func.func @more_unary_binary_bf16_narrow(%x: tensor<5x7x9xbf16>, %y: tensor<5x7x9xbf16>, %row: tensor<9xbf16>) -> tensor<5x7x9xbf16> {
  %r = tessel.kernel @k_more_unary_binary_bf16_narrow(%x, %y, %row) : (tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<9xbf16>) -> tensor<5x7x9xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%a: tensor<5x7x9xbf16>, %b: tensor<5x7x9xbf16>, %c: tensor<9xbf16>):
    %0 = tessel.neg %a : tensor<5x7x9xbf16>
    %1 = tessel.exp %0 : tensor<5x7x9xbf16>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xbf16>
    %3 = tessel.sub %2, %c : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
    %4 = tessel.relu %3 : tensor<5x7x9xbf16>
    %5 = tessel.gelu erf %b : tensor<5x7x9xbf16>
    %6 = tessel.div %4, %1 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    %7 = tessel.min %6, %5 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    tessel.yield %7 : tensor<5x7x9xbf16>
  }
  return %r : tensor<5x7x9xbf16>
}

func.func @more_unary_binary_bf16_square(%x: tensor<5x7x9xbf16>, %y: tensor<5x7x9xbf16>, %row: tensor<9xbf16>) -> tensor<5x7x9xbf16> {
  %r = tessel.kernel @k_more_unary_binary_bf16_square(%x, %y, %row) : (tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<9xbf16>) -> tensor<5x7x9xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<5x7x9xbf16>, %b: tensor<5x7x9xbf16>, %c: tensor<9xbf16>):
    %0 = tessel.neg %a : tensor<5x7x9xbf16>
    %1 = tessel.exp %0 : tensor<5x7x9xbf16>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xbf16>
    %3 = tessel.sub %2, %c : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
    %4 = tessel.relu %3 : tensor<5x7x9xbf16>
    %5 = tessel.gelu erf %b : tensor<5x7x9xbf16>
    %6 = tessel.div %4, %1 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    %7 = tessel.min %6, %5 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    tessel.yield %7 : tensor<5x7x9xbf16>
  }
  return %r : tensor<5x7x9xbf16>
}

func.func @more_unary_binary_bf16_rows(%x: tensor<5x7x9xbf16>, %y: tensor<5x7x9xbf16>, %row: tensor<9xbf16>) -> tensor<5x7x9xbf16> {
  %r = tessel.kernel @k_more_unary_binary_bf16_rows(%x, %y, %row) : (tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<9xbf16>) -> tensor<5x7x9xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%a: tensor<5x7x9xbf16>, %b: tensor<5x7x9xbf16>, %c: tensor<9xbf16>):
    %0 = tessel.neg %a : tensor<5x7x9xbf16>
    %1 = tessel.exp %0 : tensor<5x7x9xbf16>
    %2 = tessel.rsqrt %1 : tensor<5x7x9xbf16>
    %3 = tessel.sub %2, %c : tensor<5x7x9xbf16>, tensor<9xbf16> -> tensor<5x7x9xbf16>
    %4 = tessel.relu %3 : tensor<5x7x9xbf16>
    %5 = tessel.gelu erf %b : tensor<5x7x9xbf16>
    %6 = tessel.div %4, %1 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    %7 = tessel.min %6, %5 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16> -> tensor<5x7x9xbf16>
    tessel.yield %7 : tensor<5x7x9xbf16>
  }
  return %r : tensor<5x7x9xbf16>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-36: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
