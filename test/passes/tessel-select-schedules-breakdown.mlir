// The prediction breakdown of two kernels pinned on named targets: an f32
// 4096 x 1024 x 4096 GEMM (the SIMT strategy rereads its operands through L1,
// two loads per multiply-add: load-bound at 1/4 of the FP32 peak on the
// H100, whose loads are counted in 32-byte sectors; 1/8 on the MI300X, whose
// table has no sector size yet, so every lane's bytes count) and a relu over 8192 x 8192 f32 (DRAM
// bound at the H100's measured bandwidth for 512 MiB). A change to the model
// or the target table that moves these numbers must update this test.
// RUN: sed 's/TARGET/h100/' %s | tessel-opt --tessel-select-schedules | FileCheck %s --check-prefix=H100
// RUN: sed 's/TARGET/mi300x/' %s | tessel-opt --tessel-select-schedules | FileCheck %s --check-prefix=MI300X

// A 3x3 convolution whose padded input is gathered inside the loop nest
// (tensor.extract): those reads are loads too, so, like the GEMM, it is
// load-bound near 1/4 of the FP32 peak.
// H100: tessel.kernel @conv3x3
// H100-SAME: schedule = #tessel.schedule<block = [16, 16], warps = 1,
// H100-SAME: #tessel.prediction<time_us = 1.323818e+01, bound = "loads", compute_us = 4.073224e+00, loads_us = 1.221818e+01, dram_us = 2.139701e-01, l2_us = 6.461296e-02, launch_us = 1.020000e+00, achievable_us = 3.456069e+00, fraction_of_peak = 2.610682e-01, occupancy = 5.000000e-01, waves = 2.121212e-01, blocks = 896, flops = 2.312110e+08, dram_bytes = 4.014080e+05, uncalibrated = false>
// H100: tessel.kernel @gemm
// H100-SAME: schedule = #tessel.schedule<block = [8, 16], warps = 1,
// H100-SAME: #tessel.prediction<time_us = 2.061432e+03, bound = "loads", compute_us = 5.151659e+02, loads_us = 2.060412e+03, dram_us = 3.850065e+01, l2_us = 1.817138e+03, launch_us = 1.020000e+00, achievable_us = 5.135985e+02, fraction_of_peak = 2.491464e-01, occupancy = 5.000000e-01, waves = 7.757576e+00, blocks = 32768, flops = 3.435974e+10, dram_bytes = 1.006633e+08, uncalibrated = false>
// H100: tessel.kernel @relu
// H100-SAME: schedule = #tessel.schedule<block = [1, 32], warps = 1,
// H100-SAME: #tessel.prediction<time_us = 1.941043e+02, bound = "dram", compute_us = 1.003153e+00, loads_us = 8.024242e+00, dram_us = 1.930843e+02, l2_us = 7.561562e+01, launch_us = 1.020000e+00, achievable_us = 1.930843e+02, fraction_of_peak = 5.167954e-03, occupancy = 5.000000e-01, waves = 4.964848e+02, blocks = 2097152, flops = 6.710886e+07, dram_bytes = 5.368709e+08, uncalibrated = false>

// MI300X has no measured DRAM curve, L2 bandwidth or launch cost in the
// table yet: datasheet figures stand in and the prediction says so.
// MI300X: tessel.kernel @gemm
// MI300X-SAME: schedule = #tessel.schedule<block = [16, 32], warps = 1,
// MI300X-SAME: #tessel.prediction<time_us = 1.685211e+03, bound = "loads", compute_us = 2.106906e+02, loads_us = 1.685211e+03, dram_us = 1.899307e+01, l2_us = 6.336000e+02, launch_us = 0.000000e+00, achievable_us = 2.102799e+02, fraction_of_peak = 1.247795e-01, occupancy = 1.000000e+00, waves = 8.421053e-01, blocks = 8192, flops = 3.435974e+10, dram_bytes = 1.006633e+08, uncalibrated = true>
// MI300X: tessel.kernel @relu
// MI300X-SAME: #tessel.prediction<time_us = 1.012964e+02, bound = "dram"

module attributes {tessel.target = #tessel.target<"TARGET">} {
  func.func @conv(%x: tensor<1x56x56x64xbf16>, %w: tensor<3x3x64x64xbf16>) -> tensor<1x56x56x64xbf16> {
    %0 = tessel.kernel @conv3x3(%x, %w) : (tensor<1x56x56x64xbf16>, tensor<3x3x64x64xbf16>) -> tensor<1x56x56x64xbf16> {
    ^bb0(%a: tensor<1x56x56x64xbf16>, %b: tensor<3x3x64x64xbf16>):
      %1 = tessel.conv2d %a, %b strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<1x56x56x64xbf16>
      tessel.yield %1 : tensor<1x56x56x64xbf16>
    }
    return %0 : tensor<1x56x56x64xbf16>
  }
  func.func @model(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xf32>, %y: tensor<8192x8192xf32>) -> (tensor<4096x1024xf32>, tensor<8192x8192xf32>) {
    %0 = tessel.kernel @gemm(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xf32>):
      %1 = tessel.matmul %a, %b : tensor<4096x4096xf32>, tensor<4096x1024xf32> -> tensor<4096x1024xf32>
      tessel.yield %1 : tensor<4096x1024xf32>
    }
    %2 = tessel.kernel @relu(%y) : (tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
    ^bb0(%a: tensor<8192x8192xf32>):
      %3 = tessel.relu %a : tensor<8192x8192xf32>
      tessel.yield %3 : tensor<8192x8192xf32>
    }
    return %0, %2 : tensor<4096x1024xf32>, tensor<8192x8192xf32>
  }
}
