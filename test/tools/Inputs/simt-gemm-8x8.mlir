// An f32 GEMM on SIMT with 8 x 8 thread tiles and a K step of 64
// (gemm_f32_1024's schedule in the tier-1 suite on h100).
func.func @gemm(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %r = tessel.kernel @gemm_f32_8x8(%a, %b) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
      schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 2> {
  ^bb0(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>):
    %0 = tessel.matmul %x, %y : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
    tessel.yield %0 : tensor<1024x1024xf32>
  }
  return %r : tensor<1024x1024xf32>
}
