// Large bf16 GEMMs for the cost model's sanity test on the H100: 8192^3, 4096^3
// and LLaMA-style projections (M x K x N).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @gemm_8192x8192x8192(%a: tensor<8192x8192xbf16>, %b: tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16> {
    %0 = tessel.matmul %a, %b : tensor<8192x8192xbf16>, tensor<8192x8192xbf16> -> tensor<8192x8192xbf16>
    return %0 : tensor<8192x8192xbf16>
  }
  func.func @gemm_4096x4096x4096(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %0 = tessel.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
    return %0 : tensor<4096x4096xbf16>
  }
  func.func @gemm_8192x4096x12288(%a: tensor<8192x4096xbf16>, %b: tensor<4096x12288xbf16>) -> tensor<8192x12288xbf16> {
    %0 = tessel.matmul %a, %b : tensor<8192x4096xbf16>, tensor<4096x12288xbf16> -> tensor<8192x12288xbf16>
    return %0 : tensor<8192x12288xbf16>
  }
  func.func @gemm_16384x8192x1280(%a: tensor<16384x8192xbf16>, %b: tensor<8192x1280xbf16>) -> tensor<16384x1280xbf16> {
    %0 = tessel.matmul %a, %b : tensor<16384x8192xbf16>, tensor<8192x1280xbf16> -> tensor<16384x1280xbf16>
    return %0 : tensor<16384x1280xbf16>
  }
  func.func @gemm_8192x11008x4096(%a: tensor<8192x11008xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<8192x4096xbf16> {
    %0 = tessel.matmul %a, %b : tensor<8192x11008xbf16>, tensor<11008x4096xbf16> -> tensor<8192x4096xbf16>
    return %0 : tensor<8192x4096xbf16>
  }
}
