// A matmul whose waves of blocks reread their panels from DRAM on h100
// (48 MB of inputs against l2_reuse_bytes' 25 MiB): the model offers each
// tensor-core schedule also with its blocks in groups of rows (raster).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mm_waves(%a: tensor<2048x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<2048x4096xbf16> {
    %0 = tessel.matmul %a, %b : tensor<2048x4096xbf16>, tensor<4096x4096xbf16> -> tensor<2048x4096xbf16>
    return %0 : tensor<2048x4096xbf16>
  }
}
