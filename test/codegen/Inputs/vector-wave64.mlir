// Vector steps with wave64 schedules (64 threads per warp, as on gfx942):
// input of cpu-check-vector.mlir.

module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @chain_f32_w64_v4(%x: tensor<5x7x64xf32>, %row: tensor<64xf32>, %col: tensor<7x1xf32>) -> tensor<5x7x64xf32> {
    %r = tessel.kernel @k_chain_f32_w64_v4(%x, %row, %col) : (tensor<5x7x64xf32>, tensor<64xf32>, tensor<7x1xf32>) -> tensor<5x7x64xf32>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%k_x: tensor<5x7x64xf32>, %k_row: tensor<64xf32>, %k_col: tensor<7x1xf32>):
      %0 = tessel.add %k_x, %k_row : tensor<5x7x64xf32>, tensor<64xf32> -> tensor<5x7x64xf32>
      %1 = tessel.mul %0, %k_col : tensor<5x7x64xf32>, tensor<7x1xf32> -> tensor<5x7x64xf32>
      %2 = tessel.tanh %1 : tensor<5x7x64xf32>
      tessel.yield %2 : tensor<5x7x64xf32>
    }
    return %r : tensor<5x7x64xf32>
  }

  func.func @softmax_bf16_w64_v8(%x: tensor<6x128xbf16>) -> tensor<6x128xbf16> {
    %r = tessel.kernel @k_softmax_bf16_w64_v8(%x) : (tensor<6x128xbf16>) -> tensor<6x128xbf16>
        schedule = #tessel.schedule<block = [4, 128], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<6x128xbf16>):
      %0 = tessel.softmax %k_x dim = 1 : tensor<6x128xbf16>
      tessel.yield %0 : tensor<6x128xbf16>
    }
    return %r : tensor<6x128xbf16>
  }

  func.func @layer_norm_f16_w64_v2(%x: tensor<6x8x64xf16>, %g: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<6x8x64xf16> {
    %r = tessel.kernel @k_layer_norm_f16_w64_v2(%x, %g, %b) : (tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [2, 2], warps = 1, vector = 2> {
    ^bb0(%k_x: tensor<6x8x64xf16>, %k_g: tensor<64xf16>, %k_b: tensor<64xf16>):
      %0 = tessel.layer_norm %k_x scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x8x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<6x8x64xf16>
      tessel.yield %0 : tensor<6x8x64xf16>
    }
    return %r : tensor<6x8x64xf16>
  }

  // A partial last tile along the vector dim (cpu-check-vector-partial.mlir):
  // 100 columns in tiles of 64 leave 36, over 16 threads along the columns
  // whose share of a whole tile is one vector of 4: 9 threads take one.
  func.func @add_f32_w64_v4_partial(%x: tensor<37x100xf32>, %y: tensor<37x100xf32>) -> tensor<37x100xf32> {
    %r = tessel.kernel @k_add_f32_w64_v4_partial(%x, %y) : (tensor<37x100xf32>, tensor<37x100xf32>) -> tensor<37x100xf32>
        schedule = #tessel.schedule<block = [16, 64], thread = [1, 4], warps = 4, vector = 4> {
    ^bb0(%a: tensor<37x100xf32>, %b: tensor<37x100xf32>):
      %0 = tessel.add %a, %b : tensor<37x100xf32>, tensor<37x100xf32> -> tensor<37x100xf32>
      tessel.yield %0 : tensor<37x100xf32>
    }
    return %r : tensor<37x100xf32>
  }
}
