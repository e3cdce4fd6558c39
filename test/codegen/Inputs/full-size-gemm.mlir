// A ROWS x 4096 x 4096 bf16 GEMM (cpu-check-full-size.test replaces ROWS),
// the schedule left to the model.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @rows_ROWS(%x: tensor<ROWSx4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<ROWSx4096xbf16> {
    %0 = tessel.matmul %x, %w : tensor<ROWSx4096xbf16>, tensor<4096x4096xbf16> -> tensor<ROWSx4096xbf16>
    return %0 : tensor<ROWSx4096xbf16>
  }
}
