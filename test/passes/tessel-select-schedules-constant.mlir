// The cost model's description of a kernel reading a splat constant: the
// constant is computed in the loop nest (no load, no flop), so multiplying
// 8192 x 8192 f32 by it costs one flop per element and the bytes of a copy,
// as a relu does (tessel-select-schedules-breakdown.mlir).
// RUN: tessel-opt --tessel-select-schedules %s | FileCheck %s

// CHECK: tessel.kernel @scale
// CHECK-SAME: bound = "dram"
// CHECK-SAME: flops = 6.710886e+07, dram_bytes = 5.368709e+08
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%y: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
    %0 = tessel.kernel @scale(%y) : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
    ^bb0(%a: tensor<8192x8192xf32>):
      %c = tessel.constant dense<0.125> : tensor<1xf32>
      %1 = tessel.mul %a, %c : tensor<8192x8192xf32>, tensor<1xf32> -> tensor<8192x8192xf32>
      tessel.yield %1 : tensor<8192x8192xf32>
    }
    return %0 : tensor<8192x8192xf32>
  }
}
