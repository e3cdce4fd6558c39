// Tier 2 of Tessel's workload suite, written by make_tier2.py (do not edit:
// change the script and run it). Sources in the script's docstring.

// LLaMA projection K=4096 N=12288, 1 tokens
func.func @llama_gemm_m1_k4096_n12288(%x: tensor<1x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<1x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x4096xbf16>, tensor<4096x12288xbf16> -> tensor<1x12288xbf16>
  return %0 : tensor<1x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 4 tokens
func.func @llama_gemm_m4_k4096_n12288(%x: tensor<4x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<4x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x4096xbf16>, tensor<4096x12288xbf16> -> tensor<4x12288xbf16>
  return %0 : tensor<4x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 16 tokens
func.func @llama_gemm_m16_k4096_n12288(%x: tensor<16x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<16x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x4096xbf16>, tensor<4096x12288xbf16> -> tensor<16x12288xbf16>
  return %0 : tensor<16x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 64 tokens
func.func @llama_gemm_m64_k4096_n12288(%x: tensor<64x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<64x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x4096xbf16>, tensor<4096x12288xbf16> -> tensor<64x12288xbf16>
  return %0 : tensor<64x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 128 tokens
func.func @llama_gemm_m128_k4096_n12288(%x: tensor<128x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<128x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x4096xbf16>, tensor<4096x12288xbf16> -> tensor<128x12288xbf16>
  return %0 : tensor<128x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 512 tokens
func.func @llama_gemm_m512_k4096_n12288(%x: tensor<512x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<512x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x4096xbf16>, tensor<4096x12288xbf16> -> tensor<512x12288xbf16>
  return %0 : tensor<512x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 2048 tokens
func.func @llama_gemm_m2048_k4096_n12288(%x: tensor<2048x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<2048x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x4096xbf16>, tensor<4096x12288xbf16> -> tensor<2048x12288xbf16>
  return %0 : tensor<2048x12288xbf16>
}

// LLaMA projection K=4096 N=12288, 8192 tokens
func.func @llama_gemm_m8192_k4096_n12288(%x: tensor<8192x4096xbf16>, %w: tensor<4096x12288xbf16>) -> tensor<8192x12288xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x4096xbf16>, tensor<4096x12288xbf16> -> tensor<8192x12288xbf16>
  return %0 : tensor<8192x12288xbf16>
}

// LLaMA projection K=4096 N=4096, 1 tokens
func.func @llama_gemm_m1_k4096_n4096(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
  return %0 : tensor<1x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 4 tokens
func.func @llama_gemm_m4_k4096_n4096(%x: tensor<4x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4x4096xbf16>
  return %0 : tensor<4x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 16 tokens
func.func @llama_gemm_m16_k4096_n4096(%x: tensor<16x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<16x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x4096xbf16>, tensor<4096x4096xbf16> -> tensor<16x4096xbf16>
  return %0 : tensor<16x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 64 tokens
func.func @llama_gemm_m64_k4096_n4096(%x: tensor<64x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<64x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x4096xbf16>, tensor<4096x4096xbf16> -> tensor<64x4096xbf16>
  return %0 : tensor<64x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 128 tokens
func.func @llama_gemm_m128_k4096_n4096(%x: tensor<128x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<128x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x4096xbf16>, tensor<4096x4096xbf16> -> tensor<128x4096xbf16>
  return %0 : tensor<128x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 512 tokens
func.func @llama_gemm_m512_k4096_n4096(%x: tensor<512x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<512x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x4096xbf16>, tensor<4096x4096xbf16> -> tensor<512x4096xbf16>
  return %0 : tensor<512x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 2048 tokens
func.func @llama_gemm_m2048_k4096_n4096(%x: tensor<2048x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<2048x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x4096xbf16>, tensor<4096x4096xbf16> -> tensor<2048x4096xbf16>
  return %0 : tensor<2048x4096xbf16>
}

// LLaMA projection K=4096 N=4096, 8192 tokens
func.func @llama_gemm_m8192_k4096_n4096(%x: tensor<8192x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8192x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x4096xbf16>, tensor<4096x4096xbf16> -> tensor<8192x4096xbf16>
  return %0 : tensor<8192x4096xbf16>
}

// LLaMA projection K=4096 N=22016, 1 tokens
func.func @llama_gemm_m1_k4096_n22016(%x: tensor<1x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<1x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x4096xbf16>, tensor<4096x22016xbf16> -> tensor<1x22016xbf16>
  return %0 : tensor<1x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 4 tokens
func.func @llama_gemm_m4_k4096_n22016(%x: tensor<4x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<4x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x4096xbf16>, tensor<4096x22016xbf16> -> tensor<4x22016xbf16>
  return %0 : tensor<4x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 16 tokens
func.func @llama_gemm_m16_k4096_n22016(%x: tensor<16x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<16x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x4096xbf16>, tensor<4096x22016xbf16> -> tensor<16x22016xbf16>
  return %0 : tensor<16x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 64 tokens
func.func @llama_gemm_m64_k4096_n22016(%x: tensor<64x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<64x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x4096xbf16>, tensor<4096x22016xbf16> -> tensor<64x22016xbf16>
  return %0 : tensor<64x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 128 tokens
func.func @llama_gemm_m128_k4096_n22016(%x: tensor<128x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<128x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x4096xbf16>, tensor<4096x22016xbf16> -> tensor<128x22016xbf16>
  return %0 : tensor<128x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 512 tokens
func.func @llama_gemm_m512_k4096_n22016(%x: tensor<512x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<512x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x4096xbf16>, tensor<4096x22016xbf16> -> tensor<512x22016xbf16>
  return %0 : tensor<512x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 2048 tokens
func.func @llama_gemm_m2048_k4096_n22016(%x: tensor<2048x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<2048x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x4096xbf16>, tensor<4096x22016xbf16> -> tensor<2048x22016xbf16>
  return %0 : tensor<2048x22016xbf16>
}

// LLaMA projection K=4096 N=22016, 8192 tokens
func.func @llama_gemm_m8192_k4096_n22016(%x: tensor<8192x4096xbf16>, %w: tensor<4096x22016xbf16>) -> tensor<8192x22016xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x4096xbf16>, tensor<4096x22016xbf16> -> tensor<8192x22016xbf16>
  return %0 : tensor<8192x22016xbf16>
}

// LLaMA projection K=11008 N=4096, 1 tokens
func.func @llama_gemm_m1_k11008_n4096(%x: tensor<1x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<1x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x11008xbf16>, tensor<11008x4096xbf16> -> tensor<1x4096xbf16>
  return %0 : tensor<1x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 4 tokens
func.func @llama_gemm_m4_k11008_n4096(%x: tensor<4x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<4x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x11008xbf16>, tensor<11008x4096xbf16> -> tensor<4x4096xbf16>
  return %0 : tensor<4x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 16 tokens
func.func @llama_gemm_m16_k11008_n4096(%x: tensor<16x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<16x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x11008xbf16>, tensor<11008x4096xbf16> -> tensor<16x4096xbf16>
  return %0 : tensor<16x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 64 tokens
func.func @llama_gemm_m64_k11008_n4096(%x: tensor<64x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<64x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x11008xbf16>, tensor<11008x4096xbf16> -> tensor<64x4096xbf16>
  return %0 : tensor<64x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 128 tokens
func.func @llama_gemm_m128_k11008_n4096(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
  return %0 : tensor<128x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 512 tokens
func.func @llama_gemm_m512_k11008_n4096(%x: tensor<512x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<512x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x11008xbf16>, tensor<11008x4096xbf16> -> tensor<512x4096xbf16>
  return %0 : tensor<512x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 2048 tokens
func.func @llama_gemm_m2048_k11008_n4096(%x: tensor<2048x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<2048x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x11008xbf16>, tensor<11008x4096xbf16> -> tensor<2048x4096xbf16>
  return %0 : tensor<2048x4096xbf16>
}

// LLaMA projection K=11008 N=4096, 8192 tokens
func.func @llama_gemm_m8192_k11008_n4096(%x: tensor<8192x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<8192x4096xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x11008xbf16>, tensor<11008x4096xbf16> -> tensor<8192x4096xbf16>
  return %0 : tensor<8192x4096xbf16>
}

// LLaMA projection K=8192 N=1280, 1 tokens
func.func @llama_gemm_m1_k8192_n1280(%x: tensor<1x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<1x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x8192xbf16>, tensor<8192x1280xbf16> -> tensor<1x1280xbf16>
  return %0 : tensor<1x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 4 tokens
func.func @llama_gemm_m4_k8192_n1280(%x: tensor<4x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<4x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x8192xbf16>, tensor<8192x1280xbf16> -> tensor<4x1280xbf16>
  return %0 : tensor<4x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 16 tokens
func.func @llama_gemm_m16_k8192_n1280(%x: tensor<16x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<16x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x8192xbf16>, tensor<8192x1280xbf16> -> tensor<16x1280xbf16>
  return %0 : tensor<16x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 64 tokens
func.func @llama_gemm_m64_k8192_n1280(%x: tensor<64x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<64x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x8192xbf16>, tensor<8192x1280xbf16> -> tensor<64x1280xbf16>
  return %0 : tensor<64x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 128 tokens
func.func @llama_gemm_m128_k8192_n1280(%x: tensor<128x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<128x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x8192xbf16>, tensor<8192x1280xbf16> -> tensor<128x1280xbf16>
  return %0 : tensor<128x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 512 tokens
func.func @llama_gemm_m512_k8192_n1280(%x: tensor<512x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<512x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x8192xbf16>, tensor<8192x1280xbf16> -> tensor<512x1280xbf16>
  return %0 : tensor<512x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 2048 tokens
func.func @llama_gemm_m2048_k8192_n1280(%x: tensor<2048x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<2048x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x8192xbf16>, tensor<8192x1280xbf16> -> tensor<2048x1280xbf16>
  return %0 : tensor<2048x1280xbf16>
}

// LLaMA projection K=8192 N=1280, 8192 tokens
func.func @llama_gemm_m8192_k8192_n1280(%x: tensor<8192x8192xbf16>, %w: tensor<8192x1280xbf16>) -> tensor<8192x1280xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x8192xbf16>, tensor<8192x1280xbf16> -> tensor<8192x1280xbf16>
  return %0 : tensor<8192x1280xbf16>
}

// LLaMA projection K=1024 N=8192, 1 tokens
func.func @llama_gemm_m1_k1024_n8192(%x: tensor<1x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<1x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x1024xbf16>, tensor<1024x8192xbf16> -> tensor<1x8192xbf16>
  return %0 : tensor<1x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 4 tokens
func.func @llama_gemm_m4_k1024_n8192(%x: tensor<4x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<4x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x1024xbf16>, tensor<1024x8192xbf16> -> tensor<4x8192xbf16>
  return %0 : tensor<4x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 16 tokens
func.func @llama_gemm_m16_k1024_n8192(%x: tensor<16x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<16x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x1024xbf16>, tensor<1024x8192xbf16> -> tensor<16x8192xbf16>
  return %0 : tensor<16x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 64 tokens
func.func @llama_gemm_m64_k1024_n8192(%x: tensor<64x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<64x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x1024xbf16>, tensor<1024x8192xbf16> -> tensor<64x8192xbf16>
  return %0 : tensor<64x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 128 tokens
func.func @llama_gemm_m128_k1024_n8192(%x: tensor<128x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<128x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x1024xbf16>, tensor<1024x8192xbf16> -> tensor<128x8192xbf16>
  return %0 : tensor<128x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 512 tokens
func.func @llama_gemm_m512_k1024_n8192(%x: tensor<512x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<512x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x1024xbf16>, tensor<1024x8192xbf16> -> tensor<512x8192xbf16>
  return %0 : tensor<512x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 2048 tokens
func.func @llama_gemm_m2048_k1024_n8192(%x: tensor<2048x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<2048x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x1024xbf16>, tensor<1024x8192xbf16> -> tensor<2048x8192xbf16>
  return %0 : tensor<2048x8192xbf16>
}

// LLaMA projection K=1024 N=8192, 8192 tokens
func.func @llama_gemm_m8192_k1024_n8192(%x: tensor<8192x1024xbf16>, %w: tensor<1024x8192xbf16>) -> tensor<8192x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x1024xbf16>, tensor<1024x8192xbf16> -> tensor<8192x8192xbf16>
  return %0 : tensor<8192x8192xbf16>
}

// LLaMA projection K=8192 N=7168, 1 tokens
func.func @llama_gemm_m1_k8192_n7168(%x: tensor<1x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<1x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x8192xbf16>, tensor<8192x7168xbf16> -> tensor<1x7168xbf16>
  return %0 : tensor<1x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 4 tokens
func.func @llama_gemm_m4_k8192_n7168(%x: tensor<4x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<4x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x8192xbf16>, tensor<8192x7168xbf16> -> tensor<4x7168xbf16>
  return %0 : tensor<4x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 16 tokens
func.func @llama_gemm_m16_k8192_n7168(%x: tensor<16x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<16x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x8192xbf16>, tensor<8192x7168xbf16> -> tensor<16x7168xbf16>
  return %0 : tensor<16x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 64 tokens
func.func @llama_gemm_m64_k8192_n7168(%x: tensor<64x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<64x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x8192xbf16>, tensor<8192x7168xbf16> -> tensor<64x7168xbf16>
  return %0 : tensor<64x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 128 tokens
func.func @llama_gemm_m128_k8192_n7168(%x: tensor<128x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<128x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x8192xbf16>, tensor<8192x7168xbf16> -> tensor<128x7168xbf16>
  return %0 : tensor<128x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 512 tokens
func.func @llama_gemm_m512_k8192_n7168(%x: tensor<512x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<512x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x8192xbf16>, tensor<8192x7168xbf16> -> tensor<512x7168xbf16>
  return %0 : tensor<512x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 2048 tokens
func.func @llama_gemm_m2048_k8192_n7168(%x: tensor<2048x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<2048x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x8192xbf16>, tensor<8192x7168xbf16> -> tensor<2048x7168xbf16>
  return %0 : tensor<2048x7168xbf16>
}

// LLaMA projection K=8192 N=7168, 8192 tokens
func.func @llama_gemm_m8192_k8192_n7168(%x: tensor<8192x8192xbf16>, %w: tensor<8192x7168xbf16>) -> tensor<8192x7168xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x8192xbf16>, tensor<8192x7168xbf16> -> tensor<8192x7168xbf16>
  return %0 : tensor<8192x7168xbf16>
}

// LLaMA projection K=3584 N=8192, 1 tokens
func.func @llama_gemm_m1_k3584_n8192(%x: tensor<1x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<1x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x3584xbf16>, tensor<3584x8192xbf16> -> tensor<1x8192xbf16>
  return %0 : tensor<1x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 4 tokens
func.func @llama_gemm_m4_k3584_n8192(%x: tensor<4x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<4x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x3584xbf16>, tensor<3584x8192xbf16> -> tensor<4x8192xbf16>
  return %0 : tensor<4x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 16 tokens
func.func @llama_gemm_m16_k3584_n8192(%x: tensor<16x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<16x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x3584xbf16>, tensor<3584x8192xbf16> -> tensor<16x8192xbf16>
  return %0 : tensor<16x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 64 tokens
func.func @llama_gemm_m64_k3584_n8192(%x: tensor<64x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<64x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x3584xbf16>, tensor<3584x8192xbf16> -> tensor<64x8192xbf16>
  return %0 : tensor<64x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 128 tokens
func.func @llama_gemm_m128_k3584_n8192(%x: tensor<128x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<128x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x3584xbf16>, tensor<3584x8192xbf16> -> tensor<128x8192xbf16>
  return %0 : tensor<128x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 512 tokens
func.func @llama_gemm_m512_k3584_n8192(%x: tensor<512x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<512x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x3584xbf16>, tensor<3584x8192xbf16> -> tensor<512x8192xbf16>
  return %0 : tensor<512x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 2048 tokens
func.func @llama_gemm_m2048_k3584_n8192(%x: tensor<2048x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<2048x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x3584xbf16>, tensor<3584x8192xbf16> -> tensor<2048x8192xbf16>
  return %0 : tensor<2048x8192xbf16>
}

// LLaMA projection K=3584 N=8192, 8192 tokens
func.func @llama_gemm_m8192_k3584_n8192(%x: tensor<8192x3584xbf16>, %w: tensor<3584x8192xbf16>) -> tensor<8192x8192xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x3584xbf16>, tensor<3584x8192xbf16> -> tensor<8192x8192xbf16>
  return %0 : tensor<8192x8192xbf16>
}

// LLaMA projection K=16384 N=2304, 1 tokens
func.func @llama_gemm_m1_k16384_n2304(%x: tensor<1x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<1x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x16384xbf16>, tensor<16384x2304xbf16> -> tensor<1x2304xbf16>
  return %0 : tensor<1x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 4 tokens
func.func @llama_gemm_m4_k16384_n2304(%x: tensor<4x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<4x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x16384xbf16>, tensor<16384x2304xbf16> -> tensor<4x2304xbf16>
  return %0 : tensor<4x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 16 tokens
func.func @llama_gemm_m16_k16384_n2304(%x: tensor<16x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<16x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x16384xbf16>, tensor<16384x2304xbf16> -> tensor<16x2304xbf16>
  return %0 : tensor<16x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 64 tokens
func.func @llama_gemm_m64_k16384_n2304(%x: tensor<64x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<64x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x16384xbf16>, tensor<16384x2304xbf16> -> tensor<64x2304xbf16>
  return %0 : tensor<64x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 128 tokens
func.func @llama_gemm_m128_k16384_n2304(%x: tensor<128x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<128x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x16384xbf16>, tensor<16384x2304xbf16> -> tensor<128x2304xbf16>
  return %0 : tensor<128x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 512 tokens
func.func @llama_gemm_m512_k16384_n2304(%x: tensor<512x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<512x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x16384xbf16>, tensor<16384x2304xbf16> -> tensor<512x2304xbf16>
  return %0 : tensor<512x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 2048 tokens
func.func @llama_gemm_m2048_k16384_n2304(%x: tensor<2048x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<2048x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x16384xbf16>, tensor<16384x2304xbf16> -> tensor<2048x2304xbf16>
  return %0 : tensor<2048x2304xbf16>
}

// LLaMA projection K=16384 N=2304, 8192 tokens
func.func @llama_gemm_m8192_k16384_n2304(%x: tensor<8192x16384xbf16>, %w: tensor<16384x2304xbf16>) -> tensor<8192x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x16384xbf16>, tensor<16384x2304xbf16> -> tensor<8192x2304xbf16>
  return %0 : tensor<8192x2304xbf16>
}

// LLaMA projection K=2048 N=16384, 1 tokens
func.func @llama_gemm_m1_k2048_n16384(%x: tensor<1x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<1x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x2048xbf16>, tensor<2048x16384xbf16> -> tensor<1x16384xbf16>
  return %0 : tensor<1x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 4 tokens
func.func @llama_gemm_m4_k2048_n16384(%x: tensor<4x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<4x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x2048xbf16>, tensor<2048x16384xbf16> -> tensor<4x16384xbf16>
  return %0 : tensor<4x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 16 tokens
func.func @llama_gemm_m16_k2048_n16384(%x: tensor<16x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<16x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x2048xbf16>, tensor<2048x16384xbf16> -> tensor<16x16384xbf16>
  return %0 : tensor<16x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 64 tokens
func.func @llama_gemm_m64_k2048_n16384(%x: tensor<64x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<64x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x2048xbf16>, tensor<2048x16384xbf16> -> tensor<64x16384xbf16>
  return %0 : tensor<64x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 128 tokens
func.func @llama_gemm_m128_k2048_n16384(%x: tensor<128x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<128x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x2048xbf16>, tensor<2048x16384xbf16> -> tensor<128x16384xbf16>
  return %0 : tensor<128x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 512 tokens
func.func @llama_gemm_m512_k2048_n16384(%x: tensor<512x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<512x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x2048xbf16>, tensor<2048x16384xbf16> -> tensor<512x16384xbf16>
  return %0 : tensor<512x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 2048 tokens
func.func @llama_gemm_m2048_k2048_n16384(%x: tensor<2048x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<2048x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x2048xbf16>, tensor<2048x16384xbf16> -> tensor<2048x16384xbf16>
  return %0 : tensor<2048x16384xbf16>
}

// LLaMA projection K=2048 N=16384, 8192 tokens
func.func @llama_gemm_m8192_k2048_n16384(%x: tensor<8192x2048xbf16>, %w: tensor<2048x16384xbf16>) -> tensor<8192x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x2048xbf16>, tensor<2048x16384xbf16> -> tensor<8192x16384xbf16>
  return %0 : tensor<8192x16384xbf16>
}

// LLaMA projection K=16384 N=13312, 1 tokens
func.func @llama_gemm_m1_k16384_n13312(%x: tensor<1x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<1x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x16384xbf16>, tensor<16384x13312xbf16> -> tensor<1x13312xbf16>
  return %0 : tensor<1x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 4 tokens
func.func @llama_gemm_m4_k16384_n13312(%x: tensor<4x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<4x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x16384xbf16>, tensor<16384x13312xbf16> -> tensor<4x13312xbf16>
  return %0 : tensor<4x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 16 tokens
func.func @llama_gemm_m16_k16384_n13312(%x: tensor<16x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<16x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x16384xbf16>, tensor<16384x13312xbf16> -> tensor<16x13312xbf16>
  return %0 : tensor<16x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 64 tokens
func.func @llama_gemm_m64_k16384_n13312(%x: tensor<64x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<64x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x16384xbf16>, tensor<16384x13312xbf16> -> tensor<64x13312xbf16>
  return %0 : tensor<64x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 128 tokens
func.func @llama_gemm_m128_k16384_n13312(%x: tensor<128x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<128x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x16384xbf16>, tensor<16384x13312xbf16> -> tensor<128x13312xbf16>
  return %0 : tensor<128x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 512 tokens
func.func @llama_gemm_m512_k16384_n13312(%x: tensor<512x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<512x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x16384xbf16>, tensor<16384x13312xbf16> -> tensor<512x13312xbf16>
  return %0 : tensor<512x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 2048 tokens
func.func @llama_gemm_m2048_k16384_n13312(%x: tensor<2048x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<2048x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x16384xbf16>, tensor<16384x13312xbf16> -> tensor<2048x13312xbf16>
  return %0 : tensor<2048x13312xbf16>
}

// LLaMA projection K=16384 N=13312, 8192 tokens
func.func @llama_gemm_m8192_k16384_n13312(%x: tensor<8192x16384xbf16>, %w: tensor<16384x13312xbf16>) -> tensor<8192x13312xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x16384xbf16>, tensor<16384x13312xbf16> -> tensor<8192x13312xbf16>
  return %0 : tensor<8192x13312xbf16>
}

// LLaMA projection K=6656 N=16384, 1 tokens
func.func @llama_gemm_m1_k6656_n16384(%x: tensor<1x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<1x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1x6656xbf16>, tensor<6656x16384xbf16> -> tensor<1x16384xbf16>
  return %0 : tensor<1x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 4 tokens
func.func @llama_gemm_m4_k6656_n16384(%x: tensor<4x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<4x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<4x6656xbf16>, tensor<6656x16384xbf16> -> tensor<4x16384xbf16>
  return %0 : tensor<4x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 16 tokens
func.func @llama_gemm_m16_k6656_n16384(%x: tensor<16x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<16x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<16x6656xbf16>, tensor<6656x16384xbf16> -> tensor<16x16384xbf16>
  return %0 : tensor<16x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 64 tokens
func.func @llama_gemm_m64_k6656_n16384(%x: tensor<64x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<64x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<64x6656xbf16>, tensor<6656x16384xbf16> -> tensor<64x16384xbf16>
  return %0 : tensor<64x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 128 tokens
func.func @llama_gemm_m128_k6656_n16384(%x: tensor<128x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<128x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<128x6656xbf16>, tensor<6656x16384xbf16> -> tensor<128x16384xbf16>
  return %0 : tensor<128x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 512 tokens
func.func @llama_gemm_m512_k6656_n16384(%x: tensor<512x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<512x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<512x6656xbf16>, tensor<6656x16384xbf16> -> tensor<512x16384xbf16>
  return %0 : tensor<512x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 2048 tokens
func.func @llama_gemm_m2048_k6656_n16384(%x: tensor<2048x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<2048x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<2048x6656xbf16>, tensor<6656x16384xbf16> -> tensor<2048x16384xbf16>
  return %0 : tensor<2048x16384xbf16>
}

// LLaMA projection K=6656 N=16384, 8192 tokens
func.func @llama_gemm_m8192_k6656_n16384(%x: tensor<8192x6656xbf16>, %w: tensor<6656x16384xbf16>) -> tensor<8192x16384xbf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x6656xbf16>, tensor<6656x16384xbf16> -> tensor<8192x16384xbf16>
  return %0 : tensor<8192x16384xbf16>
}

// BERT-base / GPT-2 small, 1 x 128 tokens: fused QKV projection + bias
func.func @bert_qkv_s128_b1(%x: tensor<128x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<128x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<128x768xf16>, tensor<768x2304xf16> -> tensor<128x2304xf16>
  %1 = tessel.add %0, %b : tensor<128x2304xf16>, tensor<2304xf16> -> tensor<128x2304xf16>
  return %1 : tensor<128x2304xf16>
}

// BERT-base / GPT-2 small, 1 x 128 tokens: attention output projection + bias
func.func @bert_out_s128_b1(%x: tensor<128x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<128x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<128x768xf16>, tensor<768x768xf16> -> tensor<128x768xf16>
  %1 = tessel.add %0, %b : tensor<128x768xf16>, tensor<768xf16> -> tensor<128x768xf16>
  return %1 : tensor<128x768xf16>
}

// BERT-base / GPT-2 small, 1 x 128 tokens: FFN in + bias + GELU
func.func @bert_ffn1_s128_b1(%x: tensor<128x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<128x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<128x768xf16>, tensor<768x3072xf16> -> tensor<128x3072xf16>
  %1 = tessel.add %0, %b : tensor<128x3072xf16>, tensor<3072xf16> -> tensor<128x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<128x3072xf16>
  return %2 : tensor<128x3072xf16>
}

// BERT-base / GPT-2 small, 1 x 128 tokens: FFN out + bias
func.func @bert_ffn2_s128_b1(%x: tensor<128x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<128x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<128x3072xf16>, tensor<3072x768xf16> -> tensor<128x768xf16>
  %1 = tessel.add %0, %b : tensor<128x768xf16>, tensor<768xf16> -> tensor<128x768xf16>
  return %1 : tensor<128x768xf16>
}

// BERT-base / GPT-2 small, 1 x 128 tokens: LayerNorm
func.func @bert_layernorm_s128_b1(%x: tensor<128x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<128x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<128x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<128x768xf16>
  return %0 : tensor<128x768xf16>
}

// BERT-base / GPT-2 small, 1 x 128 tokens: attention softmax over 128 keys
func.func @bert_softmax_s128_b1(%x: tensor<1x12x128x128xf16>) -> tensor<1x12x128x128xf16> {
  %0 = tessel.softmax %x dim = 3 : tensor<1x12x128x128xf16>
  return %0 : tensor<1x12x128x128xf16>
}

// BERT-base / GPT-2 small, 8 x 128 tokens: fused QKV projection + bias
func.func @bert_qkv_s128_b8(%x: tensor<1024x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<1024x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x2304xf16> -> tensor<1024x2304xf16>
  %1 = tessel.add %0, %b : tensor<1024x2304xf16>, tensor<2304xf16> -> tensor<1024x2304xf16>
  return %1 : tensor<1024x2304xf16>
}

// BERT-base / GPT-2 small, 8 x 128 tokens: attention output projection + bias
func.func @bert_out_s128_b8(%x: tensor<1024x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x768xf16> -> tensor<1024x768xf16>
  %1 = tessel.add %0, %b : tensor<1024x768xf16>, tensor<768xf16> -> tensor<1024x768xf16>
  return %1 : tensor<1024x768xf16>
}

// BERT-base / GPT-2 small, 8 x 128 tokens: FFN in + bias + GELU
func.func @bert_ffn1_s128_b8(%x: tensor<1024x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<1024x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x3072xf16> -> tensor<1024x3072xf16>
  %1 = tessel.add %0, %b : tensor<1024x3072xf16>, tensor<3072xf16> -> tensor<1024x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<1024x3072xf16>
  return %2 : tensor<1024x3072xf16>
}

// BERT-base / GPT-2 small, 8 x 128 tokens: FFN out + bias
func.func @bert_ffn2_s128_b8(%x: tensor<1024x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x3072xf16>, tensor<3072x768xf16> -> tensor<1024x768xf16>
  %1 = tessel.add %0, %b : tensor<1024x768xf16>, tensor<768xf16> -> tensor<1024x768xf16>
  return %1 : tensor<1024x768xf16>
}

// BERT-base / GPT-2 small, 8 x 128 tokens: LayerNorm
func.func @bert_layernorm_s128_b8(%x: tensor<1024x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<1024x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<1024x768xf16>
  return %0 : tensor<1024x768xf16>
}

// BERT-base / GPT-2 small, 8 x 128 tokens: attention softmax over 128 keys
func.func @bert_softmax_s128_b8(%x: tensor<8x12x128x128xf16>) -> tensor<8x12x128x128xf16> {
  %0 = tessel.softmax %x dim = 3 : tensor<8x12x128x128xf16>
  return %0 : tensor<8x12x128x128xf16>
}

// BERT-base / GPT-2 small, 1 x 512 tokens: fused QKV projection + bias
func.func @bert_qkv_s512_b1(%x: tensor<512x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<512x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<512x768xf16>, tensor<768x2304xf16> -> tensor<512x2304xf16>
  %1 = tessel.add %0, %b : tensor<512x2304xf16>, tensor<2304xf16> -> tensor<512x2304xf16>
  return %1 : tensor<512x2304xf16>
}

// BERT-base / GPT-2 small, 1 x 512 tokens: attention output projection + bias
func.func @bert_out_s512_b1(%x: tensor<512x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<512x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<512x768xf16>, tensor<768x768xf16> -> tensor<512x768xf16>
  %1 = tessel.add %0, %b : tensor<512x768xf16>, tensor<768xf16> -> tensor<512x768xf16>
  return %1 : tensor<512x768xf16>
}

// BERT-base / GPT-2 small, 1 x 512 tokens: FFN in + bias + GELU
func.func @bert_ffn1_s512_b1(%x: tensor<512x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<512x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<512x768xf16>, tensor<768x3072xf16> -> tensor<512x3072xf16>
  %1 = tessel.add %0, %b : tensor<512x3072xf16>, tensor<3072xf16> -> tensor<512x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<512x3072xf16>
  return %2 : tensor<512x3072xf16>
}

// BERT-base / GPT-2 small, 1 x 512 tokens: FFN out + bias
func.func @bert_ffn2_s512_b1(%x: tensor<512x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<512x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<512x3072xf16>, tensor<3072x768xf16> -> tensor<512x768xf16>
  %1 = tessel.add %0, %b : tensor<512x768xf16>, tensor<768xf16> -> tensor<512x768xf16>
  return %1 : tensor<512x768xf16>
}

// BERT-base / GPT-2 small, 1 x 512 tokens: LayerNorm
func.func @bert_layernorm_s512_b1(%x: tensor<512x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<512x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<512x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<512x768xf16>
  return %0 : tensor<512x768xf16>
}

// BERT-base / GPT-2 small, 1 x 512 tokens: attention softmax over 512 keys
func.func @bert_softmax_s512_b1(%x: tensor<1x12x512x512xf16>) -> tensor<1x12x512x512xf16> {
  %0 = tessel.softmax %x dim = 3 : tensor<1x12x512x512xf16>
  return %0 : tensor<1x12x512x512xf16>
}

// BERT-base / GPT-2 small, 8 x 512 tokens: fused QKV projection + bias
func.func @bert_qkv_s512_b8(%x: tensor<4096x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<4096x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<4096x768xf16>, tensor<768x2304xf16> -> tensor<4096x2304xf16>
  %1 = tessel.add %0, %b : tensor<4096x2304xf16>, tensor<2304xf16> -> tensor<4096x2304xf16>
  return %1 : tensor<4096x2304xf16>
}

// BERT-base / GPT-2 small, 8 x 512 tokens: attention output projection + bias
func.func @bert_out_s512_b8(%x: tensor<4096x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<4096x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<4096x768xf16>, tensor<768x768xf16> -> tensor<4096x768xf16>
  %1 = tessel.add %0, %b : tensor<4096x768xf16>, tensor<768xf16> -> tensor<4096x768xf16>
  return %1 : tensor<4096x768xf16>
}

// BERT-base / GPT-2 small, 8 x 512 tokens: FFN in + bias + GELU
func.func @bert_ffn1_s512_b8(%x: tensor<4096x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<4096x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<4096x768xf16>, tensor<768x3072xf16> -> tensor<4096x3072xf16>
  %1 = tessel.add %0, %b : tensor<4096x3072xf16>, tensor<3072xf16> -> tensor<4096x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<4096x3072xf16>
  return %2 : tensor<4096x3072xf16>
}

// BERT-base / GPT-2 small, 8 x 512 tokens: FFN out + bias
func.func @bert_ffn2_s512_b8(%x: tensor<4096x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<4096x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<4096x3072xf16>, tensor<3072x768xf16> -> tensor<4096x768xf16>
  %1 = tessel.add %0, %b : tensor<4096x768xf16>, tensor<768xf16> -> tensor<4096x768xf16>
  return %1 : tensor<4096x768xf16>
}

// BERT-base / GPT-2 small, 8 x 512 tokens: LayerNorm
func.func @bert_layernorm_s512_b8(%x: tensor<4096x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<4096x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<4096x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<4096x768xf16>
  return %0 : tensor<4096x768xf16>
}

// BERT-base / GPT-2 small, 8 x 512 tokens: attention softmax over 512 keys
func.func @bert_softmax_s512_b8(%x: tensor<8x12x512x512xf16>) -> tensor<8x12x512x512xf16> {
  %0 = tessel.softmax %x dim = 3 : tensor<8x12x512x512xf16>
  return %0 : tensor<8x12x512x512xf16>
}

// BERT-base / GPT-2 small, 1 x 1024 tokens: fused QKV projection + bias
func.func @bert_qkv_s1024_b1(%x: tensor<1024x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<1024x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x2304xf16> -> tensor<1024x2304xf16>
  %1 = tessel.add %0, %b : tensor<1024x2304xf16>, tensor<2304xf16> -> tensor<1024x2304xf16>
  return %1 : tensor<1024x2304xf16>
}

// BERT-base / GPT-2 small, 1 x 1024 tokens: attention output projection + bias
func.func @bert_out_s1024_b1(%x: tensor<1024x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x768xf16> -> tensor<1024x768xf16>
  %1 = tessel.add %0, %b : tensor<1024x768xf16>, tensor<768xf16> -> tensor<1024x768xf16>
  return %1 : tensor<1024x768xf16>
}

// BERT-base / GPT-2 small, 1 x 1024 tokens: FFN in + bias + GELU
func.func @bert_ffn1_s1024_b1(%x: tensor<1024x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<1024x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x3072xf16> -> tensor<1024x3072xf16>
  %1 = tessel.add %0, %b : tensor<1024x3072xf16>, tensor<3072xf16> -> tensor<1024x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<1024x3072xf16>
  return %2 : tensor<1024x3072xf16>
}

// BERT-base / GPT-2 small, 1 x 1024 tokens: FFN out + bias
func.func @bert_ffn2_s1024_b1(%x: tensor<1024x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x3072xf16>, tensor<3072x768xf16> -> tensor<1024x768xf16>
  %1 = tessel.add %0, %b : tensor<1024x768xf16>, tensor<768xf16> -> tensor<1024x768xf16>
  return %1 : tensor<1024x768xf16>
}

// BERT-base / GPT-2 small, 1 x 1024 tokens: LayerNorm
func.func @bert_layernorm_s1024_b1(%x: tensor<1024x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<1024x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<1024x768xf16>
  return %0 : tensor<1024x768xf16>
}

// BERT-base / GPT-2 small, 1 x 1024 tokens: attention softmax over 1024 keys
func.func @bert_softmax_s1024_b1(%x: tensor<1x12x1024x1024xf16>) -> tensor<1x12x1024x1024xf16> {
  %0 = tessel.softmax %x dim = 3 : tensor<1x12x1024x1024xf16>
  return %0 : tensor<1x12x1024x1024xf16>
}

// BERT-base / GPT-2 small, 8 x 1024 tokens: fused QKV projection + bias
func.func @bert_qkv_s1024_b8(%x: tensor<8192x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<8192x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x768xf16>, tensor<768x2304xf16> -> tensor<8192x2304xf16>
  %1 = tessel.add %0, %b : tensor<8192x2304xf16>, tensor<2304xf16> -> tensor<8192x2304xf16>
  return %1 : tensor<8192x2304xf16>
}

// BERT-base / GPT-2 small, 8 x 1024 tokens: attention output projection + bias
func.func @bert_out_s1024_b8(%x: tensor<8192x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<8192x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x768xf16>, tensor<768x768xf16> -> tensor<8192x768xf16>
  %1 = tessel.add %0, %b : tensor<8192x768xf16>, tensor<768xf16> -> tensor<8192x768xf16>
  return %1 : tensor<8192x768xf16>
}

// BERT-base / GPT-2 small, 8 x 1024 tokens: FFN in + bias + GELU
func.func @bert_ffn1_s1024_b8(%x: tensor<8192x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<8192x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x768xf16>, tensor<768x3072xf16> -> tensor<8192x3072xf16>
  %1 = tessel.add %0, %b : tensor<8192x3072xf16>, tensor<3072xf16> -> tensor<8192x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<8192x3072xf16>
  return %2 : tensor<8192x3072xf16>
}

// BERT-base / GPT-2 small, 8 x 1024 tokens: FFN out + bias
func.func @bert_ffn2_s1024_b8(%x: tensor<8192x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<8192x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<8192x3072xf16>, tensor<3072x768xf16> -> tensor<8192x768xf16>
  %1 = tessel.add %0, %b : tensor<8192x768xf16>, tensor<768xf16> -> tensor<8192x768xf16>
  return %1 : tensor<8192x768xf16>
}

// BERT-base / GPT-2 small, 8 x 1024 tokens: LayerNorm
func.func @bert_layernorm_s1024_b8(%x: tensor<8192x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<8192x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<8192x768xf16>
  return %0 : tensor<8192x768xf16>
}

// BERT-base / GPT-2 small, 8 x 1024 tokens: attention softmax over 1024 keys
func.func @bert_softmax_s1024_b8(%x: tensor<8x12x1024x1024xf16>) -> tensor<8x12x1024x1024xf16> {
  %0 = tessel.softmax %x dim = 3 : tensor<8x12x1024x1024xf16>
  return %0 : tensor<8x12x1024x1024xf16>
}

// ResNet-50 conv2_reduce, 56x56x256 -> 64, 1x1 stride 1, batch 1
func.func @resnet50_conv2_reduce_b1(%x: tensor<1x56x56x256xbf16>, %w: tensor<1x1x256x64xbf16>, %b: tensor<64xbf16>) -> tensor<1x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x56x56x256xbf16>, tensor<1x1x256x64xbf16> -> tensor<1x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<1x56x56x64xbf16>, tensor<64xbf16> -> tensor<1x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<1x56x56x64xbf16>
  return %2 : tensor<1x56x56x64xbf16>
}

// ResNet-50 conv2_reduce, 56x56x256 -> 64, 1x1 stride 1, batch 8
func.func @resnet50_conv2_reduce_b8(%x: tensor<8x56x56x256xbf16>, %w: tensor<1x1x256x64xbf16>, %b: tensor<64xbf16>) -> tensor<8x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x56x56x256xbf16>, tensor<1x1x256x64xbf16> -> tensor<8x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<8x56x56x64xbf16>, tensor<64xbf16> -> tensor<8x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<8x56x56x64xbf16>
  return %2 : tensor<8x56x56x64xbf16>
}

// ResNet-50 conv2_reduce, 56x56x256 -> 64, 1x1 stride 1, batch 32
func.func @resnet50_conv2_reduce_b32(%x: tensor<32x56x56x256xbf16>, %w: tensor<1x1x256x64xbf16>, %b: tensor<64xbf16>) -> tensor<32x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x56x56x256xbf16>, tensor<1x1x256x64xbf16> -> tensor<32x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<32x56x56x64xbf16>, tensor<64xbf16> -> tensor<32x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<32x56x56x64xbf16>
  return %2 : tensor<32x56x56x64xbf16>
}

// ResNet-50 conv2_3x3, 56x56x64 -> 64, 3x3 stride 1, batch 1
func.func @resnet50_conv2_3x3_b1(%x: tensor<1x56x56x64xbf16>, %w: tensor<3x3x64x64xbf16>, %b: tensor<64xbf16>) -> tensor<1x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<1x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<1x56x56x64xbf16>, tensor<64xbf16> -> tensor<1x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<1x56x56x64xbf16>
  return %2 : tensor<1x56x56x64xbf16>
}

// ResNet-50 conv2_3x3, 56x56x64 -> 64, 3x3 stride 1, batch 8
func.func @resnet50_conv2_3x3_b8(%x: tensor<8x56x56x64xbf16>, %w: tensor<3x3x64x64xbf16>, %b: tensor<64xbf16>) -> tensor<8x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<8x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<8x56x56x64xbf16>, tensor<64xbf16> -> tensor<8x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<8x56x56x64xbf16>
  return %2 : tensor<8x56x56x64xbf16>
}

// ResNet-50 conv2_3x3, 56x56x64 -> 64, 3x3 stride 1, batch 32
func.func @resnet50_conv2_3x3_b32(%x: tensor<32x56x56x64xbf16>, %w: tensor<3x3x64x64xbf16>, %b: tensor<64xbf16>) -> tensor<32x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<32x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<32x56x56x64xbf16>, tensor<64xbf16> -> tensor<32x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<32x56x56x64xbf16>
  return %2 : tensor<32x56x56x64xbf16>
}

// ResNet-50 conv2_expand, 56x56x64 -> 256, 1x1 stride 1, batch 1
func.func @resnet50_conv2_expand_b1(%x: tensor<1x56x56x64xbf16>, %w: tensor<1x1x64x256xbf16>, %b: tensor<256xbf16>) -> tensor<1x56x56x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xbf16>, tensor<1x1x64x256xbf16> -> tensor<1x56x56x256xbf16>
  %1 = tessel.add %0, %b : tensor<1x56x56x256xbf16>, tensor<256xbf16> -> tensor<1x56x56x256xbf16>
  %2 = tessel.relu %1 : tensor<1x56x56x256xbf16>
  return %2 : tensor<1x56x56x256xbf16>
}

// ResNet-50 conv2_expand, 56x56x64 -> 256, 1x1 stride 1, batch 8
func.func @resnet50_conv2_expand_b8(%x: tensor<8x56x56x64xbf16>, %w: tensor<1x1x64x256xbf16>, %b: tensor<256xbf16>) -> tensor<8x56x56x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x56x56x64xbf16>, tensor<1x1x64x256xbf16> -> tensor<8x56x56x256xbf16>
  %1 = tessel.add %0, %b : tensor<8x56x56x256xbf16>, tensor<256xbf16> -> tensor<8x56x56x256xbf16>
  %2 = tessel.relu %1 : tensor<8x56x56x256xbf16>
  return %2 : tensor<8x56x56x256xbf16>
}

// ResNet-50 conv2_expand, 56x56x64 -> 256, 1x1 stride 1, batch 32
func.func @resnet50_conv2_expand_b32(%x: tensor<32x56x56x64xbf16>, %w: tensor<1x1x64x256xbf16>, %b: tensor<256xbf16>) -> tensor<32x56x56x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x56x56x64xbf16>, tensor<1x1x64x256xbf16> -> tensor<32x56x56x256xbf16>
  %1 = tessel.add %0, %b : tensor<32x56x56x256xbf16>, tensor<256xbf16> -> tensor<32x56x56x256xbf16>
  %2 = tessel.relu %1 : tensor<32x56x56x256xbf16>
  return %2 : tensor<32x56x56x256xbf16>
}

// ResNet-50 conv3_reduce, 56x56x256 -> 128, 1x1 stride 1, batch 1
func.func @resnet50_conv3_reduce_b1(%x: tensor<1x56x56x256xbf16>, %w: tensor<1x1x256x128xbf16>, %b: tensor<128xbf16>) -> tensor<1x56x56x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x56x56x256xbf16>, tensor<1x1x256x128xbf16> -> tensor<1x56x56x128xbf16>
  %1 = tessel.add %0, %b : tensor<1x56x56x128xbf16>, tensor<128xbf16> -> tensor<1x56x56x128xbf16>
  %2 = tessel.relu %1 : tensor<1x56x56x128xbf16>
  return %2 : tensor<1x56x56x128xbf16>
}

// ResNet-50 conv3_reduce, 56x56x256 -> 128, 1x1 stride 1, batch 8
func.func @resnet50_conv3_reduce_b8(%x: tensor<8x56x56x256xbf16>, %w: tensor<1x1x256x128xbf16>, %b: tensor<128xbf16>) -> tensor<8x56x56x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x56x56x256xbf16>, tensor<1x1x256x128xbf16> -> tensor<8x56x56x128xbf16>
  %1 = tessel.add %0, %b : tensor<8x56x56x128xbf16>, tensor<128xbf16> -> tensor<8x56x56x128xbf16>
  %2 = tessel.relu %1 : tensor<8x56x56x128xbf16>
  return %2 : tensor<8x56x56x128xbf16>
}

// ResNet-50 conv3_reduce, 56x56x256 -> 128, 1x1 stride 1, batch 32
func.func @resnet50_conv3_reduce_b32(%x: tensor<32x56x56x256xbf16>, %w: tensor<1x1x256x128xbf16>, %b: tensor<128xbf16>) -> tensor<32x56x56x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x56x56x256xbf16>, tensor<1x1x256x128xbf16> -> tensor<32x56x56x128xbf16>
  %1 = tessel.add %0, %b : tensor<32x56x56x128xbf16>, tensor<128xbf16> -> tensor<32x56x56x128xbf16>
  %2 = tessel.relu %1 : tensor<32x56x56x128xbf16>
  return %2 : tensor<32x56x56x128xbf16>
}

// ResNet-50 conv3_3x3_s2, 56x56x128 -> 128, 3x3 stride 2, batch 1
func.func @resnet50_conv3_3x3_s2_b1(%x: tensor<1x56x56x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<1x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<1x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<1x28x28x128xbf16>, tensor<128xbf16> -> tensor<1x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<1x28x28x128xbf16>
  return %2 : tensor<1x28x28x128xbf16>
}

// ResNet-50 conv3_3x3_s2, 56x56x128 -> 128, 3x3 stride 2, batch 8
func.func @resnet50_conv3_3x3_s2_b8(%x: tensor<8x56x56x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<8x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x56x56x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<8x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<8x28x28x128xbf16>, tensor<128xbf16> -> tensor<8x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<8x28x28x128xbf16>
  return %2 : tensor<8x28x28x128xbf16>
}

// ResNet-50 conv3_3x3_s2, 56x56x128 -> 128, 3x3 stride 2, batch 32
func.func @resnet50_conv3_3x3_s2_b32(%x: tensor<32x56x56x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<32x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x56x56x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<32x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<32x28x28x128xbf16>, tensor<128xbf16> -> tensor<32x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<32x28x28x128xbf16>
  return %2 : tensor<32x28x28x128xbf16>
}

// ResNet-50 conv3_3x3, 28x28x128 -> 128, 3x3 stride 1, batch 1
func.func @resnet50_conv3_3x3_b1(%x: tensor<1x28x28x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<1x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x28x28x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<1x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<1x28x28x128xbf16>, tensor<128xbf16> -> tensor<1x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<1x28x28x128xbf16>
  return %2 : tensor<1x28x28x128xbf16>
}

// ResNet-50 conv3_3x3, 28x28x128 -> 128, 3x3 stride 1, batch 8
func.func @resnet50_conv3_3x3_b8(%x: tensor<8x28x28x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<8x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x28x28x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<8x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<8x28x28x128xbf16>, tensor<128xbf16> -> tensor<8x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<8x28x28x128xbf16>
  return %2 : tensor<8x28x28x128xbf16>
}

// ResNet-50 conv3_3x3, 28x28x128 -> 128, 3x3 stride 1, batch 32
func.func @resnet50_conv3_3x3_b32(%x: tensor<32x28x28x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<32x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x28x28x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<32x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<32x28x28x128xbf16>, tensor<128xbf16> -> tensor<32x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<32x28x28x128xbf16>
  return %2 : tensor<32x28x28x128xbf16>
}

// ResNet-50 conv3_expand, 28x28x128 -> 512, 1x1 stride 1, batch 1
func.func @resnet50_conv3_expand_b1(%x: tensor<1x28x28x128xbf16>, %w: tensor<1x1x128x512xbf16>, %b: tensor<512xbf16>) -> tensor<1x28x28x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x28x28x128xbf16>, tensor<1x1x128x512xbf16> -> tensor<1x28x28x512xbf16>
  %1 = tessel.add %0, %b : tensor<1x28x28x512xbf16>, tensor<512xbf16> -> tensor<1x28x28x512xbf16>
  %2 = tessel.relu %1 : tensor<1x28x28x512xbf16>
  return %2 : tensor<1x28x28x512xbf16>
}

// ResNet-50 conv3_expand, 28x28x128 -> 512, 1x1 stride 1, batch 8
func.func @resnet50_conv3_expand_b8(%x: tensor<8x28x28x128xbf16>, %w: tensor<1x1x128x512xbf16>, %b: tensor<512xbf16>) -> tensor<8x28x28x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x28x28x128xbf16>, tensor<1x1x128x512xbf16> -> tensor<8x28x28x512xbf16>
  %1 = tessel.add %0, %b : tensor<8x28x28x512xbf16>, tensor<512xbf16> -> tensor<8x28x28x512xbf16>
  %2 = tessel.relu %1 : tensor<8x28x28x512xbf16>
  return %2 : tensor<8x28x28x512xbf16>
}

// ResNet-50 conv3_expand, 28x28x128 -> 512, 1x1 stride 1, batch 32
func.func @resnet50_conv3_expand_b32(%x: tensor<32x28x28x128xbf16>, %w: tensor<1x1x128x512xbf16>, %b: tensor<512xbf16>) -> tensor<32x28x28x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x28x28x128xbf16>, tensor<1x1x128x512xbf16> -> tensor<32x28x28x512xbf16>
  %1 = tessel.add %0, %b : tensor<32x28x28x512xbf16>, tensor<512xbf16> -> tensor<32x28x28x512xbf16>
  %2 = tessel.relu %1 : tensor<32x28x28x512xbf16>
  return %2 : tensor<32x28x28x512xbf16>
}

// ResNet-50 conv4_reduce, 28x28x512 -> 256, 1x1 stride 1, batch 1
func.func @resnet50_conv4_reduce_b1(%x: tensor<1x28x28x512xbf16>, %w: tensor<1x1x512x256xbf16>, %b: tensor<256xbf16>) -> tensor<1x28x28x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x28x28x512xbf16>, tensor<1x1x512x256xbf16> -> tensor<1x28x28x256xbf16>
  %1 = tessel.add %0, %b : tensor<1x28x28x256xbf16>, tensor<256xbf16> -> tensor<1x28x28x256xbf16>
  %2 = tessel.relu %1 : tensor<1x28x28x256xbf16>
  return %2 : tensor<1x28x28x256xbf16>
}

// ResNet-50 conv4_reduce, 28x28x512 -> 256, 1x1 stride 1, batch 8
func.func @resnet50_conv4_reduce_b8(%x: tensor<8x28x28x512xbf16>, %w: tensor<1x1x512x256xbf16>, %b: tensor<256xbf16>) -> tensor<8x28x28x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x28x28x512xbf16>, tensor<1x1x512x256xbf16> -> tensor<8x28x28x256xbf16>
  %1 = tessel.add %0, %b : tensor<8x28x28x256xbf16>, tensor<256xbf16> -> tensor<8x28x28x256xbf16>
  %2 = tessel.relu %1 : tensor<8x28x28x256xbf16>
  return %2 : tensor<8x28x28x256xbf16>
}

// ResNet-50 conv4_reduce, 28x28x512 -> 256, 1x1 stride 1, batch 32
func.func @resnet50_conv4_reduce_b32(%x: tensor<32x28x28x512xbf16>, %w: tensor<1x1x512x256xbf16>, %b: tensor<256xbf16>) -> tensor<32x28x28x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x28x28x512xbf16>, tensor<1x1x512x256xbf16> -> tensor<32x28x28x256xbf16>
  %1 = tessel.add %0, %b : tensor<32x28x28x256xbf16>, tensor<256xbf16> -> tensor<32x28x28x256xbf16>
  %2 = tessel.relu %1 : tensor<32x28x28x256xbf16>
  return %2 : tensor<32x28x28x256xbf16>
}

// ResNet-50 conv4_3x3_s2, 28x28x256 -> 256, 3x3 stride 2, batch 1
func.func @resnet50_conv4_3x3_s2_b1(%x: tensor<1x28x28x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<1x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x28x28x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<1x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<1x14x14x256xbf16>, tensor<256xbf16> -> tensor<1x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<1x14x14x256xbf16>
  return %2 : tensor<1x14x14x256xbf16>
}

// ResNet-50 conv4_3x3_s2, 28x28x256 -> 256, 3x3 stride 2, batch 8
func.func @resnet50_conv4_3x3_s2_b8(%x: tensor<8x28x28x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<8x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x28x28x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<8x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<8x14x14x256xbf16>, tensor<256xbf16> -> tensor<8x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<8x14x14x256xbf16>
  return %2 : tensor<8x14x14x256xbf16>
}

// ResNet-50 conv4_3x3_s2, 28x28x256 -> 256, 3x3 stride 2, batch 32
func.func @resnet50_conv4_3x3_s2_b32(%x: tensor<32x28x28x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<32x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x28x28x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<32x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<32x14x14x256xbf16>, tensor<256xbf16> -> tensor<32x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<32x14x14x256xbf16>
  return %2 : tensor<32x14x14x256xbf16>
}

// ResNet-50 conv4_3x3, 14x14x256 -> 256, 3x3 stride 1, batch 1
func.func @resnet50_conv4_3x3_b1(%x: tensor<1x14x14x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<1x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x14x14x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<1x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<1x14x14x256xbf16>, tensor<256xbf16> -> tensor<1x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<1x14x14x256xbf16>
  return %2 : tensor<1x14x14x256xbf16>
}

// ResNet-50 conv4_3x3, 14x14x256 -> 256, 3x3 stride 1, batch 8
func.func @resnet50_conv4_3x3_b8(%x: tensor<8x14x14x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<8x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x14x14x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<8x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<8x14x14x256xbf16>, tensor<256xbf16> -> tensor<8x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<8x14x14x256xbf16>
  return %2 : tensor<8x14x14x256xbf16>
}

// ResNet-50 conv4_3x3, 14x14x256 -> 256, 3x3 stride 1, batch 32
func.func @resnet50_conv4_3x3_b32(%x: tensor<32x14x14x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<32x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x14x14x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<32x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<32x14x14x256xbf16>, tensor<256xbf16> -> tensor<32x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<32x14x14x256xbf16>
  return %2 : tensor<32x14x14x256xbf16>
}

// ResNet-50 conv4_expand, 14x14x256 -> 1024, 1x1 stride 1, batch 1
func.func @resnet50_conv4_expand_b1(%x: tensor<1x14x14x256xbf16>, %w: tensor<1x1x256x1024xbf16>, %b: tensor<1024xbf16>) -> tensor<1x14x14x1024xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x14x14x256xbf16>, tensor<1x1x256x1024xbf16> -> tensor<1x14x14x1024xbf16>
  %1 = tessel.add %0, %b : tensor<1x14x14x1024xbf16>, tensor<1024xbf16> -> tensor<1x14x14x1024xbf16>
  %2 = tessel.relu %1 : tensor<1x14x14x1024xbf16>
  return %2 : tensor<1x14x14x1024xbf16>
}

// ResNet-50 conv4_expand, 14x14x256 -> 1024, 1x1 stride 1, batch 8
func.func @resnet50_conv4_expand_b8(%x: tensor<8x14x14x256xbf16>, %w: tensor<1x1x256x1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8x14x14x1024xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x14x14x256xbf16>, tensor<1x1x256x1024xbf16> -> tensor<8x14x14x1024xbf16>
  %1 = tessel.add %0, %b : tensor<8x14x14x1024xbf16>, tensor<1024xbf16> -> tensor<8x14x14x1024xbf16>
  %2 = tessel.relu %1 : tensor<8x14x14x1024xbf16>
  return %2 : tensor<8x14x14x1024xbf16>
}

// ResNet-50 conv4_expand, 14x14x256 -> 1024, 1x1 stride 1, batch 32
func.func @resnet50_conv4_expand_b32(%x: tensor<32x14x14x256xbf16>, %w: tensor<1x1x256x1024xbf16>, %b: tensor<1024xbf16>) -> tensor<32x14x14x1024xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x14x14x256xbf16>, tensor<1x1x256x1024xbf16> -> tensor<32x14x14x1024xbf16>
  %1 = tessel.add %0, %b : tensor<32x14x14x1024xbf16>, tensor<1024xbf16> -> tensor<32x14x14x1024xbf16>
  %2 = tessel.relu %1 : tensor<32x14x14x1024xbf16>
  return %2 : tensor<32x14x14x1024xbf16>
}

// ResNet-50 conv5_reduce, 14x14x1024 -> 512, 1x1 stride 1, batch 1
func.func @resnet50_conv5_reduce_b1(%x: tensor<1x14x14x1024xbf16>, %w: tensor<1x1x1024x512xbf16>, %b: tensor<512xbf16>) -> tensor<1x14x14x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x14x14x1024xbf16>, tensor<1x1x1024x512xbf16> -> tensor<1x14x14x512xbf16>
  %1 = tessel.add %0, %b : tensor<1x14x14x512xbf16>, tensor<512xbf16> -> tensor<1x14x14x512xbf16>
  %2 = tessel.relu %1 : tensor<1x14x14x512xbf16>
  return %2 : tensor<1x14x14x512xbf16>
}

// ResNet-50 conv5_reduce, 14x14x1024 -> 512, 1x1 stride 1, batch 8
func.func @resnet50_conv5_reduce_b8(%x: tensor<8x14x14x1024xbf16>, %w: tensor<1x1x1024x512xbf16>, %b: tensor<512xbf16>) -> tensor<8x14x14x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x14x14x1024xbf16>, tensor<1x1x1024x512xbf16> -> tensor<8x14x14x512xbf16>
  %1 = tessel.add %0, %b : tensor<8x14x14x512xbf16>, tensor<512xbf16> -> tensor<8x14x14x512xbf16>
  %2 = tessel.relu %1 : tensor<8x14x14x512xbf16>
  return %2 : tensor<8x14x14x512xbf16>
}

// ResNet-50 conv5_reduce, 14x14x1024 -> 512, 1x1 stride 1, batch 32
func.func @resnet50_conv5_reduce_b32(%x: tensor<32x14x14x1024xbf16>, %w: tensor<1x1x1024x512xbf16>, %b: tensor<512xbf16>) -> tensor<32x14x14x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x14x14x1024xbf16>, tensor<1x1x1024x512xbf16> -> tensor<32x14x14x512xbf16>
  %1 = tessel.add %0, %b : tensor<32x14x14x512xbf16>, tensor<512xbf16> -> tensor<32x14x14x512xbf16>
  %2 = tessel.relu %1 : tensor<32x14x14x512xbf16>
  return %2 : tensor<32x14x14x512xbf16>
}

// ResNet-50 conv5_3x3_s2, 14x14x512 -> 512, 3x3 stride 2, batch 1
func.func @resnet50_conv5_3x3_s2_b1(%x: tensor<1x14x14x512xbf16>, %w: tensor<3x3x512x512xbf16>, %b: tensor<512xbf16>) -> tensor<1x7x7x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x14x14x512xbf16>, tensor<3x3x512x512xbf16> -> tensor<1x7x7x512xbf16>
  %1 = tessel.add %0, %b : tensor<1x7x7x512xbf16>, tensor<512xbf16> -> tensor<1x7x7x512xbf16>
  %2 = tessel.relu %1 : tensor<1x7x7x512xbf16>
  return %2 : tensor<1x7x7x512xbf16>
}

// ResNet-50 conv5_3x3_s2, 14x14x512 -> 512, 3x3 stride 2, batch 8
func.func @resnet50_conv5_3x3_s2_b8(%x: tensor<8x14x14x512xbf16>, %w: tensor<3x3x512x512xbf16>, %b: tensor<512xbf16>) -> tensor<8x7x7x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x14x14x512xbf16>, tensor<3x3x512x512xbf16> -> tensor<8x7x7x512xbf16>
  %1 = tessel.add %0, %b : tensor<8x7x7x512xbf16>, tensor<512xbf16> -> tensor<8x7x7x512xbf16>
  %2 = tessel.relu %1 : tensor<8x7x7x512xbf16>
  return %2 : tensor<8x7x7x512xbf16>
}

// ResNet-50 conv5_3x3_s2, 14x14x512 -> 512, 3x3 stride 2, batch 32
func.func @resnet50_conv5_3x3_s2_b32(%x: tensor<32x14x14x512xbf16>, %w: tensor<3x3x512x512xbf16>, %b: tensor<512xbf16>) -> tensor<32x7x7x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x14x14x512xbf16>, tensor<3x3x512x512xbf16> -> tensor<32x7x7x512xbf16>
  %1 = tessel.add %0, %b : tensor<32x7x7x512xbf16>, tensor<512xbf16> -> tensor<32x7x7x512xbf16>
  %2 = tessel.relu %1 : tensor<32x7x7x512xbf16>
  return %2 : tensor<32x7x7x512xbf16>
}

// ResNet-50 conv5_3x3, 7x7x512 -> 512, 3x3 stride 1, batch 1
func.func @resnet50_conv5_3x3_b1(%x: tensor<1x7x7x512xbf16>, %w: tensor<3x3x512x512xbf16>, %b: tensor<512xbf16>) -> tensor<1x7x7x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x7x7x512xbf16>, tensor<3x3x512x512xbf16> -> tensor<1x7x7x512xbf16>
  %1 = tessel.add %0, %b : tensor<1x7x7x512xbf16>, tensor<512xbf16> -> tensor<1x7x7x512xbf16>
  %2 = tessel.relu %1 : tensor<1x7x7x512xbf16>
  return %2 : tensor<1x7x7x512xbf16>
}

// ResNet-50 conv5_3x3, 7x7x512 -> 512, 3x3 stride 1, batch 8
func.func @resnet50_conv5_3x3_b8(%x: tensor<8x7x7x512xbf16>, %w: tensor<3x3x512x512xbf16>, %b: tensor<512xbf16>) -> tensor<8x7x7x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x7x7x512xbf16>, tensor<3x3x512x512xbf16> -> tensor<8x7x7x512xbf16>
  %1 = tessel.add %0, %b : tensor<8x7x7x512xbf16>, tensor<512xbf16> -> tensor<8x7x7x512xbf16>
  %2 = tessel.relu %1 : tensor<8x7x7x512xbf16>
  return %2 : tensor<8x7x7x512xbf16>
}

// ResNet-50 conv5_3x3, 7x7x512 -> 512, 3x3 stride 1, batch 32
func.func @resnet50_conv5_3x3_b32(%x: tensor<32x7x7x512xbf16>, %w: tensor<3x3x512x512xbf16>, %b: tensor<512xbf16>) -> tensor<32x7x7x512xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<32x7x7x512xbf16>, tensor<3x3x512x512xbf16> -> tensor<32x7x7x512xbf16>
  %1 = tessel.add %0, %b : tensor<32x7x7x512xbf16>, tensor<512xbf16> -> tensor<32x7x7x512xbf16>
  %2 = tessel.relu %1 : tensor<32x7x7x512xbf16>
  return %2 : tensor<32x7x7x512xbf16>
}

// ResNet-50 conv5_expand, 7x7x512 -> 2048, 1x1 stride 1, batch 1
func.func @resnet50_conv5_expand_b1(%x: tensor<1x7x7x512xbf16>, %w: tensor<1x1x512x2048xbf16>, %b: tensor<2048xbf16>) -> tensor<1x7x7x2048xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x7x7x512xbf16>, tensor<1x1x512x2048xbf16> -> tensor<1x7x7x2048xbf16>
  %1 = tessel.add %0, %b : tensor<1x7x7x2048xbf16>, tensor<2048xbf16> -> tensor<1x7x7x2048xbf16>
  %2 = tessel.relu %1 : tensor<1x7x7x2048xbf16>
  return %2 : tensor<1x7x7x2048xbf16>
}

// ResNet-50 conv5_expand, 7x7x512 -> 2048, 1x1 stride 1, batch 8
func.func @resnet50_conv5_expand_b8(%x: tensor<8x7x7x512xbf16>, %w: tensor<1x1x512x2048xbf16>, %b: tensor<2048xbf16>) -> tensor<8x7x7x2048xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<8x7x7x512xbf16>, tensor<1x1x512x2048xbf16> -> tensor<8x7x7x2048xbf16>
  %1 = tessel.add %0, %b : tensor<8x7x7x2048xbf16>, tensor<2048xbf16> -> tensor<8x7x7x2048xbf16>
  %2 = tessel.relu %1 : tensor<8x7x7x2048xbf16>
  return %2 : tensor<8x7x7x2048xbf16>
}

// ResNet-50 conv5_expand, 7x7x512 -> 2048, 1x1 stride 1, batch 32
func.func @resnet50_conv5_expand_b32(%x: tensor<32x7x7x512xbf16>, %w: tensor<1x1x512x2048xbf16>, %b: tensor<2048xbf16>) -> tensor<32x7x7x2048xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<32x7x7x512xbf16>, tensor<1x1x512x2048xbf16> -> tensor<32x7x7x2048xbf16>
  %1 = tessel.add %0, %b : tensor<32x7x7x2048xbf16>, tensor<2048xbf16> -> tensor<32x7x7x2048xbf16>
  %2 = tessel.relu %1 : tensor<32x7x7x2048xbf16>
  return %2 : tensor<32x7x7x2048xbf16>
}

// ViT-B/16, batch 1: QKV + bias
func.func @vit_b16_qkv_b1(%x: tensor<197x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<197x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<197x768xf16>, tensor<768x2304xf16> -> tensor<197x2304xf16>
  %1 = tessel.add %0, %b : tensor<197x2304xf16>, tensor<2304xf16> -> tensor<197x2304xf16>
  return %1 : tensor<197x2304xf16>
}

// ViT-B/16, batch 1: MLP in
func.func @vit_b16_mlp1_b1(%x: tensor<197x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<197x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<197x768xf16>, tensor<768x3072xf16> -> tensor<197x3072xf16>
  %1 = tessel.add %0, %b : tensor<197x3072xf16>, tensor<3072xf16> -> tensor<197x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<197x3072xf16>
  return %2 : tensor<197x3072xf16>
}

// ViT-B/16, batch 1: MLP out
func.func @vit_b16_mlp2_b1(%x: tensor<197x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<197x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<197x3072xf16>, tensor<3072x768xf16> -> tensor<197x768xf16>
  %1 = tessel.add %0, %b : tensor<197x768xf16>, tensor<768xf16> -> tensor<197x768xf16>
  return %1 : tensor<197x768xf16>
}

// ViT-B/16, batch 1: attention
func.func @vit_b16_attention_b1(%q: tensor<1x12x197x64xf16>, %k: tensor<1x12x197x64xf16>, %v: tensor<1x12x197x64xf16>) -> tensor<1x12x197x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.125 : tensor<1x12x197x64xf16>, tensor<1x12x197x64xf16>, tensor<1x12x197x64xf16> -> tensor<1x12x197x64xf16>
  return %0 : tensor<1x12x197x64xf16>
}

// ViT-B/16, batch 8: QKV + bias
func.func @vit_b16_qkv_b8(%x: tensor<1576x768xf16>, %w: tensor<768x2304xf16>, %b: tensor<2304xf16>) -> tensor<1576x2304xf16> {
  %0 = tessel.matmul %x, %w : tensor<1576x768xf16>, tensor<768x2304xf16> -> tensor<1576x2304xf16>
  %1 = tessel.add %0, %b : tensor<1576x2304xf16>, tensor<2304xf16> -> tensor<1576x2304xf16>
  return %1 : tensor<1576x2304xf16>
}

// ViT-B/16, batch 8: MLP in
func.func @vit_b16_mlp1_b8(%x: tensor<1576x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<1576x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<1576x768xf16>, tensor<768x3072xf16> -> tensor<1576x3072xf16>
  %1 = tessel.add %0, %b : tensor<1576x3072xf16>, tensor<3072xf16> -> tensor<1576x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<1576x3072xf16>
  return %2 : tensor<1576x3072xf16>
}

// ViT-B/16, batch 8: MLP out
func.func @vit_b16_mlp2_b8(%x: tensor<1576x3072xf16>, %w: tensor<3072x768xf16>, %b: tensor<768xf16>) -> tensor<1576x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<1576x3072xf16>, tensor<3072x768xf16> -> tensor<1576x768xf16>
  %1 = tessel.add %0, %b : tensor<1576x768xf16>, tensor<768xf16> -> tensor<1576x768xf16>
  return %1 : tensor<1576x768xf16>
}

// ViT-B/16, batch 8: attention
func.func @vit_b16_attention_b8(%q: tensor<8x12x197x64xf16>, %k: tensor<8x12x197x64xf16>, %v: tensor<8x12x197x64xf16>) -> tensor<8x12x197x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.125 : tensor<8x12x197x64xf16>, tensor<8x12x197x64xf16>, tensor<8x12x197x64xf16> -> tensor<8x12x197x64xf16>
  return %0 : tensor<8x12x197x64xf16>
}

// BERT-base attention, 128 tokens
func.func @bert_attention_s128(%q: tensor<1x12x128x64xf16>, %k: tensor<1x12x128x64xf16>, %v: tensor<1x12x128x64xf16>) -> tensor<1x12x128x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.125 : tensor<1x12x128x64xf16>, tensor<1x12x128x64xf16>, tensor<1x12x128x64xf16> -> tensor<1x12x128x64xf16>
  return %0 : tensor<1x12x128x64xf16>
}

// BERT-base attention, 512 tokens
func.func @bert_attention_s512(%q: tensor<1x12x512x64xf16>, %k: tensor<1x12x512x64xf16>, %v: tensor<1x12x512x64xf16>) -> tensor<1x12x512x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.125 : tensor<1x12x512x64xf16>, tensor<1x12x512x64xf16>, tensor<1x12x512x64xf16> -> tensor<1x12x512x64xf16>
  return %0 : tensor<1x12x512x64xf16>
}

// LLaMA RMSNorm, 2048 tokens x 2048
func.func @llama_rmsnorm_h2048_bf16(%x: tensor<2048x2048xbf16>, %g: tensor<2048xbf16>) -> tensor<2048x2048xbf16> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x2048xbf16>, tensor<2048xbf16>) -> tensor<2048x2048xbf16>
  return %0 : tensor<2048x2048xbf16>
}

// LLaMA RMSNorm, 2048 tokens x 2048
func.func @llama_rmsnorm_h2048_f32(%x: tensor<2048x2048xf32>, %g: tensor<2048xf32>) -> tensor<2048x2048xf32> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048x2048xf32>
  return %0 : tensor<2048x2048xf32>
}

// LLaMA RMSNorm, 2048 tokens x 4096
func.func @llama_rmsnorm_h4096_bf16(%x: tensor<2048x4096xbf16>, %g: tensor<4096xbf16>) -> tensor<2048x4096xbf16> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x4096xbf16>, tensor<4096xbf16>) -> tensor<2048x4096xbf16>
  return %0 : tensor<2048x4096xbf16>
}

// LLaMA RMSNorm, 2048 tokens x 4096
func.func @llama_rmsnorm_h4096_f32(%x: tensor<2048x4096xf32>, %g: tensor<4096xf32>) -> tensor<2048x4096xf32> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x4096xf32>, tensor<4096xf32>) -> tensor<2048x4096xf32>
  return %0 : tensor<2048x4096xf32>
}

// LLaMA RMSNorm, 2048 tokens x 5120
func.func @llama_rmsnorm_h5120_bf16(%x: tensor<2048x5120xbf16>, %g: tensor<5120xbf16>) -> tensor<2048x5120xbf16> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x5120xbf16>, tensor<5120xbf16>) -> tensor<2048x5120xbf16>
  return %0 : tensor<2048x5120xbf16>
}

// LLaMA RMSNorm, 2048 tokens x 5120
func.func @llama_rmsnorm_h5120_f32(%x: tensor<2048x5120xf32>, %g: tensor<5120xf32>) -> tensor<2048x5120xf32> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x5120xf32>, tensor<5120xf32>) -> tensor<2048x5120xf32>
  return %0 : tensor<2048x5120xf32>
}

// LLaMA RMSNorm, 2048 tokens x 8192
func.func @llama_rmsnorm_h8192_bf16(%x: tensor<2048x8192xbf16>, %g: tensor<8192xbf16>) -> tensor<2048x8192xbf16> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x8192xbf16>, tensor<8192xbf16>) -> tensor<2048x8192xbf16>
  return %0 : tensor<2048x8192xbf16>
}

// LLaMA RMSNorm, 2048 tokens x 8192
func.func @llama_rmsnorm_h8192_f32(%x: tensor<2048x8192xf32>, %g: tensor<8192xf32>) -> tensor<2048x8192xf32> {
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x8192xf32>, tensor<8192xf32>) -> tensor<2048x8192xf32>
  return %0 : tensor<2048x8192xf32>
}

// LLaMA-7B attention softmax, 32 heads x 256 queries x 2048 keys
func.func @llama_softmax_k2048_bf16(%x: tensor<32x256x2048xbf16>) -> tensor<32x256x2048xbf16> {
  %0 = tessel.softmax %x dim = 2 : tensor<32x256x2048xbf16>
  return %0 : tensor<32x256x2048xbf16>
}

// LLaMA-7B attention softmax, 32 heads x 256 queries x 2048 keys
func.func @llama_softmax_k2048_f32(%x: tensor<32x256x2048xf32>) -> tensor<32x256x2048xf32> {
  %0 = tessel.softmax %x dim = 2 : tensor<32x256x2048xf32>
  return %0 : tensor<32x256x2048xf32>
}

// LLaMA-7B attention softmax, 32 heads x 256 queries x 4096 keys
func.func @llama_softmax_k4096_bf16(%x: tensor<32x256x4096xbf16>) -> tensor<32x256x4096xbf16> {
  %0 = tessel.softmax %x dim = 2 : tensor<32x256x4096xbf16>
  return %0 : tensor<32x256x4096xbf16>
}

// LLaMA-7B attention softmax, 32 heads x 256 queries x 4096 keys
func.func @llama_softmax_k4096_f32(%x: tensor<32x256x4096xf32>) -> tensor<32x256x4096xf32> {
  %0 = tessel.softmax %x dim = 2 : tensor<32x256x4096xf32>
  return %0 : tensor<32x256x4096xf32>
}

// LLaMA MLP SiLU, 2048 tokens x 11008
func.func @llama_silu_n11008(%x: tensor<2048x11008xbf16>) -> tensor<2048x11008xbf16> {
  %0 = tessel.silu %x : tensor<2048x11008xbf16>
  return %0 : tensor<2048x11008xbf16>
}

// LLaMA MLP SiLU, 2048 tokens x 13824
func.func @llama_silu_n13824(%x: tensor<2048x13824xbf16>) -> tensor<2048x13824xbf16> {
  %0 = tessel.silu %x : tensor<2048x13824xbf16>
  return %0 : tensor<2048x13824xbf16>
}

// LLaMA MLP SiLU, 2048 tokens x 22016
func.func @llama_silu_n22016(%x: tensor<2048x22016xbf16>) -> tensor<2048x22016xbf16> {
  %0 = tessel.silu %x : tensor<2048x22016xbf16>
  return %0 : tensor<2048x22016xbf16>
}
