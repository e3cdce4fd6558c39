// One-warp SIMT K-step matmuls (256 x 1024 x 1024, K steps of 32): thread
// tiles 2x2 to 8x8, stages 1 to 3, bf16 and f32, each with its schedule
// written out. What the cost model's SIMT K-step register estimate for a
// one-warp block was fitted on (costmodel/ModelTerms.h,
// kOneWarpKStepRegisters):
//   python3 bench/registers.py --bin build/bin \
//     --input bench/workloads/simt-register-sweep.mlir --target h100
module attributes {tessel.target = #tessel.target<"h100">} {
func.func @r_2x2_s1_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_2x2_s1_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [4, 32, 32], thread = [2, 2, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_2x2_s1_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_2x2_s1_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [4, 32, 32], thread = [2, 2, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_2x2_s2_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_2x2_s2_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [4, 32, 32], thread = [2, 2, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_2x2_s2_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_2x2_s2_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [4, 32, 32], thread = [2, 2, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_2x2_s3_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_2x2_s3_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [4, 32, 32], thread = [2, 2, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_2x2_s3_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_2x2_s3_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [4, 32, 32], thread = [2, 2, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_4x4_s1_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_4x4_s1_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [8, 64, 32], thread = [4, 4, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_4x4_s1_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_4x4_s1_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [8, 64, 32], thread = [4, 4, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_4x4_s2_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_4x4_s2_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [8, 64, 32], thread = [4, 4, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_4x4_s2_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_4x4_s2_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [8, 64, 32], thread = [4, 4, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_4x4_s3_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_4x4_s3_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [8, 64, 32], thread = [4, 4, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_4x4_s3_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_4x4_s3_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [8, 64, 32], thread = [4, 4, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_4x8_s1_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_4x8_s1_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [8, 128, 32], thread = [4, 8, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_4x8_s1_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_4x8_s1_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [8, 128, 32], thread = [4, 8, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_4x8_s2_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_4x8_s2_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [8, 128, 32], thread = [4, 8, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_4x8_s2_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_4x8_s2_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [8, 128, 32], thread = [4, 8, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_4x8_s3_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_4x8_s3_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [8, 128, 32], thread = [4, 8, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_4x8_s3_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_4x8_s3_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [8, 128, 32], thread = [4, 8, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_8x4_s1_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_8x4_s1_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [16, 64, 32], thread = [8, 4, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_8x4_s1_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_8x4_s1_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [16, 64, 32], thread = [8, 4, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_8x4_s2_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_8x4_s2_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [16, 64, 32], thread = [8, 4, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_8x4_s2_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_8x4_s2_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [16, 64, 32], thread = [8, 4, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_8x4_s3_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_8x4_s3_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [16, 64, 32], thread = [8, 4, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_8x4_s3_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_8x4_s3_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [16, 64, 32], thread = [8, 4, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_8x8_s1_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_8x8_s1_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [16, 128, 32], thread = [8, 8, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_8x8_s1_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_8x8_s1_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [16, 128, 32], thread = [8, 8, 32], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_8x8_s2_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_8x8_s2_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [16, 128, 32], thread = [8, 8, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_8x8_s2_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_8x8_s2_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [16, 128, 32], thread = [8, 8, 32], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
func.func @r_8x8_s3_bf16(%a: tensor<256x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> {
  %0 = tessel.kernel @k_r_8x8_s3_bf16(%a, %b) : (tensor<256x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<256x1024xbf16> schedule = #tessel.schedule<block = [16, 128, 32], thread = [8, 8, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xbf16>, %y: tensor<1024x1024xbf16>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xbf16>, tensor<1024x1024xbf16> -> tensor<256x1024xbf16>
    tessel.yield %1 : tensor<256x1024xbf16>
  }
  return %0 : tensor<256x1024xbf16>
}
func.func @r_8x8_s3_f32(%a: tensor<256x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %0 = tessel.kernel @k_r_8x8_s3_f32(%a, %b) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32> schedule = #tessel.schedule<block = [16, 128, 32], thread = [8, 8, 32], warps = 1, stages = 3, split_k = 1, vector = 1, mma = simt> {
  ^bb0(%x: tensor<256x1024xf32>, %y: tensor<1024x1024xf32>):
    %1 = tessel.matmul %x, %y : tensor<256x1024xf32>, tensor<1024x1024xf32> -> tensor<256x1024xf32>
    tessel.yield %1 : tensor<256x1024xf32>
  }
  return %0 : tensor<256x1024xf32>
}
}
