// The GEMM anchors of the contraction issue (cuBLAS speed on NVIDIA): bf16
// matmuls of the LLaMA-7B projections (M = 128, 512, 2048, 8192; N, K in
// {4096, 11008}), 4096^3 and 8192^3 (cuBLAS measured in
// bench/data/h100/calibration-2026-11-22.json: 730 and 788 TFLOP/s),
// 4095 x 4096 x 4096 (the cliff) and ViT's M = 196, 197, 257; and four
// of them in nn.Linear's layout (`transpose_rhs`: the weight stored
// [N, K], as tessel-import writes `x @ w.t()`), timed against the same
// torch.matmul on w.t().
// bench/gpu/prepare.sh compiles it; run_suite.sh's `gemms` step times it
// and torch.matmul (cuBLAS) on the same shapes, in one run.
module {
func.func @llama_m128_n4096_k4096(%x: tensor<128x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<128x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x4096xbf16>, tensor<4096x4096xbf16> -> tensor<128x4096xbf16>
  return %0 : tensor<128x4096xbf16>
}
func.func @llama_m128_n11008_k4096(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
  return %0 : tensor<128x11008xbf16>
}
func.func @llama_m128_n4096_k11008(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
  return %0 : tensor<128x4096xbf16>
}
func.func @llama_m512_n4096_k4096(%x: tensor<512x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<512x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x4096xbf16>, tensor<4096x4096xbf16> -> tensor<512x4096xbf16>
  return %0 : tensor<512x4096xbf16>
}
func.func @llama_m512_n11008_k4096(%x: tensor<512x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<512x11008xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x4096xbf16>, tensor<4096x11008xbf16> -> tensor<512x11008xbf16>
  return %0 : tensor<512x11008xbf16>
}
func.func @llama_m512_n4096_k11008(%x: tensor<512x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<512x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x11008xbf16>, tensor<11008x4096xbf16> -> tensor<512x4096xbf16>
  return %0 : tensor<512x4096xbf16>
}
func.func @llama_m2048_n4096_k4096(%x: tensor<2048x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<2048x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x4096xbf16>, tensor<4096x4096xbf16> -> tensor<2048x4096xbf16>
  return %0 : tensor<2048x4096xbf16>
}
func.func @llama_m2048_n11008_k4096(%x: tensor<2048x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<2048x11008xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x4096xbf16>, tensor<4096x11008xbf16> -> tensor<2048x11008xbf16>
  return %0 : tensor<2048x11008xbf16>
}
func.func @llama_m2048_n4096_k11008(%x: tensor<2048x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<2048x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x11008xbf16>, tensor<11008x4096xbf16> -> tensor<2048x4096xbf16>
  return %0 : tensor<2048x4096xbf16>
}
func.func @llama_m8192_n4096_k4096(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
  return %0 : tensor<8192x4096xbf16>
}
func.func @llama_m8192_n11008_k4096(%x: tensor<8192x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<8192x11008xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x4096xbf16>, tensor<4096x11008xbf16> -> tensor<8192x11008xbf16>
  return %0 : tensor<8192x11008xbf16>
}
func.func @llama_m8192_n4096_k11008(%x: tensor<8192x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<8192x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x11008xbf16>, tensor<11008x4096xbf16> -> tensor<8192x4096xbf16>
  return %0 : tensor<8192x4096xbf16>
}
func.func @sq_4095(%x: tensor<4095x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4095x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4095x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4095x4096xbf16>
  return %0 : tensor<4095x4096xbf16>
}
func.func @sq_4096(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
  return %0 : tensor<4096x4096xbf16>
}
// 8192 x 4096 x 4096, as LLaMA's M = 8192 projection (not 8192^3, which
// the H200 runs up to 2026-11-30a therefore never timed; it is
// @gemm_8192x8192x8192 below): kept under its name for the replays of
// the runs that measured it.
func.func @sq_8192(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
  return %0 : tensor<8192x4096xbf16>
}
func.func @gemm_8192x8192x8192(%x: tensor<8192x8192xbf16>, %w: tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16> {
  %y = tessel.matmul %x, %w : tensor<8192x8192xbf16>, tensor<8192x8192xbf16> -> tensor<8192x8192xbf16>
  return %y : tensor<8192x8192xbf16>
}
func.func @vit_196(%x: tensor<196x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<196x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<196x4096xbf16>, tensor<4096x4096xbf16> -> tensor<196x4096xbf16>
  return %0 : tensor<196x4096xbf16>
}
func.func @vit_197(%x: tensor<197x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<197x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<197x4096xbf16>, tensor<4096x4096xbf16> -> tensor<197x4096xbf16>
  return %0 : tensor<197x4096xbf16>
}
func.func @vit_257(%x: tensor<257x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<257x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<257x4096xbf16>, tensor<4096x4096xbf16> -> tensor<257x4096xbf16>
  return %0 : tensor<257x4096xbf16>
}
func.func @linear_m128_n4096_k4096(%x: tensor<128x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<128x4096xbf16> {
  %0 = tessel.matmul %x, %w transpose_rhs : tensor<128x4096xbf16>, tensor<4096x4096xbf16> -> tensor<128x4096xbf16>
  return %0 : tensor<128x4096xbf16>
}
func.func @linear_m2048_n11008_k4096(%x: tensor<2048x4096xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<2048x11008xbf16> {
  %0 = tessel.matmul %x, %w transpose_rhs : tensor<2048x4096xbf16>, tensor<11008x4096xbf16> -> tensor<2048x11008xbf16>
  return %0 : tensor<2048x11008xbf16>
}
func.func @linear_m8192_n4096_k11008(%x: tensor<8192x11008xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<8192x4096xbf16> {
  %0 = tessel.matmul %x, %w transpose_rhs : tensor<8192x11008xbf16>, tensor<4096x11008xbf16> -> tensor<8192x4096xbf16>
  return %0 : tensor<8192x4096xbf16>
}
func.func @linear_m197_n4096_k4096(%x: tensor<197x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<197x4096xbf16> {
  %0 = tessel.matmul %x, %w transpose_rhs : tensor<197x4096xbf16>, tensor<4096x4096xbf16> -> tensor<197x4096xbf16>
  return %0 : tensor<197x4096xbf16>
}
}
