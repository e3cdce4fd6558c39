// The cost model's description of a batch_matmul whose rhs batch of 1 is
// broadcast: the shared weight's bytes count once (16 x 512 x 1024 bf16 in
// and out, 16 MiB each, plus the 1024 x 1024 weight, 2 MiB: 35651584
// bytes, not the 64 MiB a weight copied per batch would be), the flops
// are every batch's (2 x 16 x 512 x 1024 x 1024), and it runs on tensor
// cores like an unbroadcast one: on h100 on wgmma from the threads' copies
// (TMA does not load the broadcast weight's view; predicted 52.5 us against
// mma.sync's 66.2, both L2-heavy). The weights copied per batch exceed what
// stays in L2 (l2_reuse_bytes, 25 MiB): its two waves of 132 blocks both
// read batch 8's first x tile and four of its weight tiles (1.5 MiB more
// than its 64 MiB: 68681728 bytes).
// RUN: tessel-opt --tessel-select-schedules %s | FileCheck %s

// CHECK: tessel.kernel @shared_weight
// CHECK-SAME: warp = [1, 16, 128, 64], {{.*}}mma = wgmma
// CHECK-SAME: flops = 1.717987e+10, dram_bytes = 3.565158e+07
// CHECK: tessel.kernel @per_batch_weight
// CHECK-SAME: flops = 1.717987e+10, dram_bytes = 6.868173e+07
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<16x512x1024xbf16>, %w: tensor<1x1024x1024xbf16>, %ws: tensor<16x1024x1024xbf16>)
      -> (tensor<16x512x1024xbf16>, tensor<16x512x1024xbf16>) {
    %0 = tessel.kernel @shared_weight(%x, %w) : (tensor<16x512x1024xbf16>, tensor<1x1024x1024xbf16>) -> tensor<16x512x1024xbf16> {
    ^bb0(%a: tensor<16x512x1024xbf16>, %b: tensor<1x1024x1024xbf16>):
      %1 = tessel.batch_matmul %a, %b : tensor<16x512x1024xbf16>, tensor<1x1024x1024xbf16> -> tensor<16x512x1024xbf16>
      tessel.yield %1 : tensor<16x512x1024xbf16>
    }
    %2 = tessel.kernel @per_batch_weight(%x, %ws) : (tensor<16x512x1024xbf16>, tensor<16x1024x1024xbf16>) -> tensor<16x512x1024xbf16> {
    ^bb0(%a: tensor<16x512x1024xbf16>, %b: tensor<16x1024x1024xbf16>):
      %3 = tessel.batch_matmul %a, %b : tensor<16x512x1024xbf16>, tensor<16x1024x1024xbf16> -> tensor<16x512x1024xbf16>
      tessel.yield %3 : tensor<16x512x1024xbf16>
    }
    return %0, %2 : tensor<16x512x1024xbf16>, tensor<16x512x1024xbf16>
  }
}
