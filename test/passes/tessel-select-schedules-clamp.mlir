// The cost model's description of tessel.clamp: two comparisons per
// element with both bounds (ReLU6), one with one bound, and the bytes of
// a copy: an 8192 x 8192 f32 clamp is DRAM-bound like a relu, and as a
// matmul's epilogue it adds its comparisons to the matmul's flops: 2 M N K
// + M N for the bias + 2 M N for the clamp.
// RUN: tessel-opt --tessel-select-schedules %s | FileCheck %s

// CHECK: tessel.kernel @relu6
// CHECK-SAME: bound = "dram"
// CHECK-SAME: flops = 1.342177e+08, dram_bytes = 5.368709e+08
// CHECK: tessel.kernel @floor
// CHECK-SAME: flops = 6.710886e+07, dram_bytes = 5.368709e+08
// CHECK: tessel.kernel @linear_relu6
// CHECK-SAME: flops = 2.150629e+09
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%y: tensor<8192x8192xf32>, %x: tensor<1024x1024xbf16>, %w: tensor<1024x1024xbf16>, %b: tensor<1024xbf16>) -> (tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<1024x1024xbf16>) {
    %0 = tessel.kernel @relu6(%y) : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
    ^bb0(%a: tensor<8192x8192xf32>):
      %1 = tessel.clamp %a min = 0.0 max = 6.0 : tensor<8192x8192xf32>
      tessel.yield %1 : tensor<8192x8192xf32>
    }
    %2 = tessel.kernel @floor(%y) : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
    ^bb0(%a: tensor<8192x8192xf32>):
      %3 = tessel.clamp %a min = 0.5 : tensor<8192x8192xf32>
      tessel.yield %3 : tensor<8192x8192xf32>
    }
    %4 = tessel.kernel @linear_relu6(%x, %w, %b) : (tensor<1024x1024xbf16>, tensor<1024x1024xbf16>, tensor<1024xbf16>) -> tensor<1024x1024xbf16> {
    ^bb0(%a: tensor<1024x1024xbf16>, %c: tensor<1024x1024xbf16>, %d: tensor<1024xbf16>):
      %5 = tessel.matmul %a, %c : tensor<1024x1024xbf16>, tensor<1024x1024xbf16> -> tensor<1024x1024xbf16>
      %6 = tessel.add %5, %d : tensor<1024x1024xbf16>, tensor<1024xbf16> -> tensor<1024x1024xbf16>
      %7 = tessel.clamp %6 min = 0.0 max = 6.0 : tensor<1024x1024xbf16>
      tessel.yield %7 : tensor<1024x1024xbf16>
    }
    return %0, %2, %4 : tensor<8192x8192xf32>, tensor<8192x8192xf32>, tensor<1024x1024xbf16>
  }
}
