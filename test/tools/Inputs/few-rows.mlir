// Contractions of 16 to 31 rows (a decode step's few tokens, a small
// batch): the only tensor-core block tile that fits them is 16 rows
// (mma.sync m16n8k16, MFMA 16x16x16), the last partial one shifted back.
func.func @m16_bf16(%x: tensor<16x4096xbf16>, %w: tensor<4096x1024xbf16>) -> tensor<16x1024xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x4096xbf16>, tensor<4096x1024xbf16> -> tensor<16x1024xbf16>
  return %0 : tensor<16x1024xbf16>
}
func.func @m24_f16(%x: tensor<24x2048xf16>, %w: tensor<2048x512xf16>) -> tensor<24x512xf16> {
  %0 = tessel.matmul %x, %w : tensor<24x2048xf16>, tensor<2048x512xf16> -> tensor<24x512xf16>
  return %0 : tensor<24x512xf16>
}
