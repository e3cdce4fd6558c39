// Two matmuls wgmma takes (bf16 with a bias + ReLU epilogue over shapes the
// tiles do not divide; f16 into f32 with K of one step), for
// tessel-compile-every-schedule-wgmma.test.
module attributes {tessel.target = #tessel.target<"h100">} {
func.func @mm_bias_relu(%a: tensor<300x192xbf16>, %b: tensor<192x320xbf16>, %bias: tensor<320xbf16>) -> tensor<300x320xbf16> {
  %0 = tessel.matmul %a, %b : tensor<300x192xbf16>, tensor<192x320xbf16> -> tensor<300x320xbf16>
  %1 = tessel.add %0, %bias : tensor<300x320xbf16>, tensor<320xbf16> -> tensor<300x320xbf16>
  %2 = tessel.relu %1 : tensor<300x320xbf16>
  return %2 : tensor<300x320xbf16>
}
func.func @mm_f32(%a: tensor<256x64xf16>, %b: tensor<64x256xf16>) -> tensor<256x256xf32> {
  %0 = tessel.matmul %a, %b : tensor<256x64xf16>, tensor<64x256xf16> -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
}
