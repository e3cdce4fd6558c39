// The cost model's description of tessel.slice and tessel.concat: no
// flops, and bytes as DRAM moves them. A slice taking every other column
// of 8192 x 8192 f32 through an affine map fetches every sector of the
// input (a 2-element stride along the contiguous dim), 256 MiB, and writes
// 128 MiB. A slice or concat that gathers its input (tensor.extract in the
// loop nest), each index following one loop, counts the input by the loops
// its indices follow, or whole along a dim longer than its loop: @first_rows
// reads 128 MiB of rows and writes them, @join reads both inputs whole
// (384 MiB) and writes 384 MiB. (A padded convolution's gathered input,
// whose indices follow two loops each, still counts nothing: issue 20,
// item 5, waits for the convolutions' recalibration.)
// RUN: tessel-opt --tessel-select-schedules %s | FileCheck %s

// CHECK: tessel.kernel @every_other_column
// CHECK-SAME: bound = "dram"
// CHECK-SAME: flops = 0.000000e+00, dram_bytes = 4.026532e+08
// CHECK: tessel.kernel @first_rows
// CHECK-SAME: flops = 0.000000e+00, dram_bytes = 2.684355e+08
// CHECK: tessel.kernel @join
// CHECK-SAME: flops = 0.000000e+00, dram_bytes = 8.053064e+08
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%y: tensor<8192x8192xf32>, %z: tensor<8192x4096xf32>) -> (tensor<8192x4096xf32>, tensor<4096x8192xf32>, tensor<8192x12288xf32>) {
    %0 = tessel.kernel @every_other_column(%y) : (tensor<8192x8192xf32>) -> tensor<8192x4096xf32> {
    ^bb0(%a: tensor<8192x8192xf32>):
      %1 = tessel.slice %a offsets = [0, 1] strides = [1, 2] : tensor<8192x8192xf32> -> tensor<8192x4096xf32>
      tessel.yield %1 : tensor<8192x4096xf32>
    }
    %2 = tessel.kernel @first_rows(%y) : (tensor<8192x8192xf32>) -> tensor<4096x8192xf32> {
    ^bb0(%a: tensor<8192x8192xf32>):
      %3 = tessel.slice %a offsets = [0, 0] strides = [1, 1] : tensor<8192x8192xf32> -> tensor<4096x8192xf32>
      tessel.yield %3 : tensor<4096x8192xf32>
    }
    %4 = tessel.kernel @join(%y, %z) : (tensor<8192x8192xf32>, tensor<8192x4096xf32>) -> tensor<8192x12288xf32> {
    ^bb0(%a: tensor<8192x8192xf32>, %b: tensor<8192x4096xf32>):
      %5 = tessel.concat %a, %b dim = 1 : tensor<8192x8192xf32>, tensor<8192x4096xf32> -> tensor<8192x12288xf32>
      tessel.yield %5 : tensor<8192x12288xf32>
    }
    return %0, %2, %4 : tensor<8192x4096xf32>, tensor<4096x8192xf32>, tensor<8192x12288xf32>
  }
}
