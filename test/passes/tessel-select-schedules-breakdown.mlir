// The prediction breakdown of three kernels pinned on named targets. On the
// H100, whose table holds measured latencies and per-block cost, a 3x3
// convolution (its padded input gathered inside the loop nest,
// tensor.extract: those reads are loads too) is bound by its loads' L1
// clocks: its 72 KiB filter stays in L1 (its reads wait on L1, 4
// overlapping) and each thread walks its input pixels' channels a line at a
// time, which leaves the latency (50.3 us) at the loads' (it was 56.3 us
// with every filter read waiting on L2, before 2026-12-01). An f32 4096 x 1024 x 4096 GEMM takes a K step of
// 32 over 32 x 64 tiles of one warp (each thread accumulating 8 x 8
// outputs in registers through the whole K loop, 8 threads along N) in
// one stage, latency-bound (each warp waits a shared-memory round every
// k, its k loop rolled) at 666.1 us: since 2026-12-07 the threads' tiles
// stay in registers across the steps (tessel-hoist-accumulators) and the
// accumulator's buffer takes the stage buffers' bytes after the loop, so
// an SM holds 16 such blocks (registers bind) where their 20.4 KiB of
// shared memory held 11. The 64 x 128 tiles of four warps it took before
// that (16 threads along N) are 720.4 us now, 792.7 copying the tile in
// and out every step. Since earlier on 2026-12-07 A's rows are a float
// longer (a warp's two rows of threads read A in distinct banks) and each
// thread's 8 columns are two chunks of 4, 64 apart on those tiles (a
// quarter-warp's 16-byte loads of B read 128 consecutive bytes).
// Before the chunks it took 8 x 4 outputs a thread on eight warps (32
// threads along N, 12 wavefronts a k), bound by its shared-memory
// wavefronts at 983.2 us. Until 2026-12-04, when a
// wavefront a load was counted whatever the banks, it took 8 x 8 outputs
// a thread on four warps (A's loads two-way and B's
// eight-way conflicted, 32 wavefronts a k), latency-bound at 806.6 us.
// Before that term (2026-11-30) it took 128 x 128
// tiles of eight warps in two stages, one block per SM, priced at its
// compute (681.8 us; 1051.8 us now, two warps a scheduler); before the K
// step's round trip counted its bytes over the SM's link to L2, the 16 x
// 256 tiles of one warp (34 KiB a step at 32 bytes a clock); earlier still,
// its 16 x 1024 tiles of four warps filled an SM with one block (194 KiB of
// shared memory), whose steps waited for their copies with no other block
// to compute meanwhile (the K loop's latency). A relu
// over 8192 x 8192 f32 is DRAM-bound at the measured bandwidth for 512 MiB,
// with the blocks term (162 clocks per block per SM) close behind; its
// stores count in its loads term and its steps (a vector each) wait on
// memory in turn since 2026-11-30 (loads 8.0 -> 16.0 us, latency 11.7 ->
// 44.8 us; 44.3 since its last, partial turn of blocks overlaps the one
// before, 2026-12-01). The
// MI300X's table has no sector size, and its latencies and block cost are
// estimates (the H100's): its GEMM (8 x 8 register tiles on 64 x 64
// blocks of one wavefront, K steps of 16: 297.2 us since its threads keep
// their parts of the accumulator in registers through the K loop on AMD
// too (2026-12-07), against 464.0 for 4 x 8 tiles on 32 x 64 copying them
// every step; since 2026-12-04 its LDS reads are priced in wavefronts by
// NVIDIA's bank rule) is
// latency-bound (its one-stage K steps wait for their copies, and the
// blocks an SM holds cover those waits only in part: the K loop's closed
// queue) and the prediction says it is uncalibrated; split in 8
// (tessel-split-reduction's partial and sum kernels, their predictions
// added) it fills the 304 CUs with 8192 blocks instead of 1024, for 128 MiB
// of f32 partials written and read (the sum kernel, a reduction over the
// partials' leading dim, a column reduction since 2026-11-29).
// A change to the model or the target table that moves these numbers must
// update this test.
// RUN: sed 's/TARGET/h100/' %s | tessel-opt --tessel-select-schedules | FileCheck %s --check-prefix=H100
// RUN: sed 's/TARGET/mi300x/' %s | tessel-opt --tessel-select-schedules | FileCheck %s --check-prefix=MI300X

// H100: tessel.kernel @conv3x3
// H100-SAME: schedule = #tessel.schedule<block = [1, 64], warps = 2, stages = 1, split_k = 1,
// H100-SAME: #tessel.prediction<time_us = 5.236909e+01, bound = "loads", compute_us = 3.491335e+00, loads_us = 5.026909e+01, dram_us = 2.139701e-01, l2_us = 1.130727e-01, launch_us = 2.100000e+00, latency_us = 5.026909e+01, blocks_us = 1.963636e+00, achievable_us = 3.456069e+00, fraction_of_peak = 6.599444e-02, occupancy = 1.000000e+00, waves = 7.424242e-01, blocks = 3136, flops = 2.312110e+08, dram_bytes = 4.014080e+05, uncalibrated = false, registers = 32, achievable_compute_us = 3.456069e+00>
// H100: tessel.kernel @gemm
// H100-SAME: schedule = #tessel.schedule<block = [32, 64, 32], thread = [8, 8, 32], warps = 1, stages = 1, split_k = 1,
// H100-SAME: #tessel.prediction<time_us = 6.660705e+02, bound = "latency", compute_us = 6.186451e+02, loads_us = 6.293980e+02, dram_us = 3.850065e+01, l2_us = 4.702346e+02, launch_us = 2.100000e+00, latency_us = 6.639705e+02, blocks_us = 1.309091e+00, achievable_us = 5.135985e+02, fraction_of_peak = 7.710873e-01, occupancy = 2.500000e-01, waves = 9.696970e-01, blocks = 2048, flops = 3.435974e+10, dram_bytes = 1.006633e+08, uncalibrated = false, registers = 126, achievable_compute_us = 5.135985e+02>
// H100: tessel.kernel @relu
// H100-SAME: schedule = #tessel.schedule<block = [2, 128], warps = 1, stages = 1, split_k = 1,
// H100-SAME: #tessel.prediction<time_us = 1.951843e+02, bound = "dram", compute_us = 1.003153e+00, loads_us = 1.604848e+01, dram_us = 1.930843e+02, l2_us = 1.512312e+02, launch_us = 2.100000e+00, latency_us = 4.425171e+01, blocks_us = 1.624909e+02, achievable_us = 1.930843e+02, fraction_of_peak = 5.139358e-03, occupancy = 5.000000e-01, waves = 6.206061e+01, blocks = 262144, flops = 6.710886e+07, dram_bytes = 5.368709e+08, uncalibrated = false, registers = 17, achievable_compute_us = 1.003122e+00>

// MI300X: tessel.kernel @gemm
// MI300X-SAME: schedule = #tessel.schedule<block = [64, 64, 16], thread = [8, 8, 16], warps = 1, stages = 1, split_k = 8,
// MI300X-SAME: #tessel.prediction<time_us = 2.971582e+02, bound = "latency", compute_us = 2.463887e+02, loads_us = 2.419200e+02, dram_us = 8.578452e+01, l2_us = 2.386286e+02, launch_us = 2.000000e+00, latency_us = 2.609062e+02, blocks_us = 6.248571e+00, achievable_us = 2.458498e+02, fraction_of_peak = 7.076362e-01, occupancy = 1.250000e-01, waves = 6.736842e+00, blocks = 8192, flops = 3.439329e+10, dram_bytes = 3.690988e+08, uncalibrated = true, registers = 96, achievable_compute_us = 2.102799e+02>
// MI300X: tessel.kernel @relu
// MI300X-SAME: schedule = #tessel.schedule<block = [1, 256], warps = 1, stages = 1, split_k = 1,
// MI300X-SAME: #tessel.prediction<time_us = 1.230439e+02, bound = "dram", compute_us = 4.110288e-01, loads_us = 3.287619e+00, dram_us = 1.220439e+02, l2_us = 5.260190e+01, launch_us = 1.000000e+00, latency_us = 9.568993e+00, blocks_us = 6.657429e+01, achievable_us = 1.220439e+02, fraction_of_peak = 3.337858e-03, occupancy = 1.000000e+00, waves = 2.694737e+01, blocks = 262144, flops = 6.710886e+07, dram_bytes = 5.368709e+08, uncalibrated = true, registers = 16, achievable_compute_us = 4.107030e-01>

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
