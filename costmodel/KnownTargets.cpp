//===- KnownTargets.cpp - The built-in GPU table --------------------------===//
//
// The one place where hardware numbers live. Each value names its source;
// datasheet peaks are leads, and measured figures from Tessel's own device
// runs (bench/data/) replace them as they are taken. Where a vendor lists a
// figure for a multi-die package that software sees as several devices
// (MI250X), the table describes one device, because a kernel runs on one.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Target.h"

#include <cmath>
#include <functional>

namespace mlir::tessel {
namespace {

using F = TargetField;

// Sources, named once. Paths are in the public repositories named.
constexpr const char *kXlaH100 =
    "OpenXLA xla/backends/gpu/target_config/specs/h100_sxm.txtpb";
constexpr const char *kXlaH200 =
    "OpenXLA xla/backends/gpu/target_config/specs/h200.txtpb";
constexpr const char *kXlaA100 =
    "OpenXLA xla/backends/gpu/target_config/specs/a100_sxm_80.txtpb";
constexpr const char *kHopperSheet = "NVIDIA H100 Tensor Core GPU datasheet";
constexpr const char *kH200Sheet = "NVIDIA H200 Tensor Core GPU datasheet";
constexpr const char *kA100Sheet = "NVIDIA A100 Tensor Core GPU datasheet";
constexpr const char *kCudaCC =
    "CUDA C++ Programming Guide, 'Technical Specifications per Compute "
    "Capability'";
constexpr const char *kCudaL1Hopper =
    "CUDA C++ Programming Guide, compute capability 9.0: a unified data "
    "cache of 256 KB per SM, shared memory taking up to 228 KB of it";
constexpr const char *kCudaL1Ampere =
    "CUDA C++ Programming Guide, compute capability 8.0: a unified data "
    "cache of 192 KB per SM, shared memory taking up to 164 KB of it";
constexpr const char *kRocmMI300 =
    "AMD ROCm docs gpu-arch/mi300.md and reference/gpu-specs.rst";
constexpr const char *kRocmMI250 =
    "AMD ROCm docs gpu-arch/mi250.md and reference/gpu-specs.rst";
constexpr const char *kMI250PerGcd =
    "AMD ROCm docs gpu-arch/mi250.md, package figure halved: each of the 2 "
    "GCDs is a separate device";
constexpr const char *kHipLimits =
    "HIP programming guide, hardware implementation: 1024 work-items per "
    "workgroup";
constexpr const char *kCdnaWaveSlots =
    "AMD ROCm docs gpu-arch: 8 waves per SIMD x 4 SIMDs per CU";
constexpr const char *kCdnaBlocksBound =
    "bounded by the 32 wave slots per CU (a workgroup holds at least one "
    "wave); no separate limit is documented";
constexpr const char *kCdnaVgpr =
    "AMD CDNA ISA reference: 512 unified VGPRs (arch + accumulation) per "
    "lane";

constexpr const char *kXlaLaunch =
    "OpenXLA GPU performance model (gpu_performance_model_base.h, "
    "kKernelLaunchOverhead): 1 us per kernel launch, one constant for every "
    "GPU it models, ROCm's included; not measured on this chip";
constexpr const char *kXlaSmBandwidth =
    "OpenXLA GPU performance model: at most 32 bytes per clock per active "
    "SM (16 on MI300)";
// Tessel's own measurements on an H100 SXM5 (driver 580.159.04, CUDA 13.0),
// bench/gpu/calibrate.py, data in bench/data/h100/calibration-2026-11-22.json.
constexpr const char *kTesselH100Copy =
    "measured on an H100 (bench/data/h100/calibration-2026-11-22.json): "
    "elementwise copy kernel, bytes read + written, cold L2 (16 MiB: a "
    "lower bound, the launches from Python are close to the copy's time)";
constexpr const char *kTesselH100L2 =
    "measured on an H100 (bench/data/h100/calibration-2026-11-22.json): "
    "read of a 16 MiB buffer resident in L2, 16-byte loads, every SM busy";
constexpr const char *kTesselH100Gemm =
    "measured on an H100 (bench/data/h100/calibration-2026-11-22.json): "
    "8192^3 bf16 matmul through cuBLAS (PyTorch), 788 TFLOP/s";
// TMA feeding wgmma, measured on the H200 (the same SMs, L2 and clocks as
// the H100: one GH100 die). Model time in 1.98 GHz clocks, as the
// latencies are.
constexpr const char *kTesselH200TmaStream =
    "fitted on an H200 (bench/data/h200/variants-2026-11-27.json): "
    "two-stage wgmma GEMMs, one block per SM, whose steps wait for a stage's "
    "round trip (DRAM or L2 latency, then its bytes at this rate): 24 KiB "
    "stages (196x4096x4096 on 64x128 tiles) 53.2 us, 56 KiB stages (4096^3 "
    "on 256x192) 305.1 us; 22 bytes per clock fits both within 10 %";
constexpr const char *kTesselH200TmaSm =
    "fitted on an H200 (bench/data/h200/variants-2026-11-27.json): 4096^3 "
    "on 128x128x64 two-stage wgmma tiles, three blocks per SM, 242.7 us: "
    "three turns of 64 steps, each the latency and then the three blocks' "
    "96 KiB of stages at 47 bytes per clock";
constexpr const char *kTesselH200TmaL2 =
    "measured on an H200 (bench/data/h200/variants-2026-11-27.json): 4096^3 "
    "on 128x128x64 three-stage wgmma tiles reads 2.15 GB of tiles through "
    "L2, and fills and drains its DRAM traffic there (136 MB read, its "
    "waves' tiles: model::waveReadBytes; 34 MB written), in 195.7 us (a "
    "lower bound)";
constexpr const char *kTesselH200Gemm =
    "measured on an H200 (bench/data/h200/calibration-2026-11-27.json): "
    "8192^3 bf16 matmul through cuBLAS (PyTorch), 747 TFLOP/s";
constexpr const char *kTesselStreamLaunch =
    "measured on an H200 (bench/data/h200/timing-back-to-back-2026-11-27h.json, "
    "run h): the smallest kernels (split-K sums, transposes of a few KB) "
    "launched back to back on a stream by tessel-run-device, 2.2-2.6 us "
    "each, less their predicted bodies (0.1-0.8 us): 2.1 us; a CUDA graph "
    "launches at 1.02 (bench/data/h100/calibration-2026-11-22.json), but "
    "Tessel's runners launch on a stream. The launch path is the driver's "
    "and the host's: the same figure stands for every NVIDIA target";
constexpr const char *kTesselH200Copy =
    "measured on an H200 (bench/data/h200/calibration-2026-11-28a.json): "
    "elementwise copy kernel, bytes read + written, cold L2: 3.435 TB/s at "
    "64 MiB, 3.843 at 256 MiB, of the datasheet's 4.8";
constexpr const char *kTesselH200Copy16MiB =
    "measured: 1.874 TB/s on an H200 (bench/data/h200/calibration-2026-11-"
    "28a.json) and 1.89 on an H100 (bench/data/h100/calibration-2026-11-"
    "22.json) for a 16 MiB copy, each a lower bound (the launches from "
    "Python are close to the copy's time); the H200, the same die with more "
    "bandwidth, copies at least as fast as the H100: 1.89 / 4.8";
constexpr const char *kTesselH200L2 =
    "measured on an H200 (bench/data/h200/calibration-2026-11-28a.json): "
    "read of a 16 MiB buffer resident in L2, 16-byte loads, every SM busy "
    "(7.76 TB/s; 7.27 at 8 MiB, 8.05 at 24 MiB)";
constexpr const char *kTesselH200DramLatency =
    "measured on an H200 (bench/data/h200/calibration-2026-11-28a.json): "
    "one thread chasing pointers 256 B apart in random order, DRAM 665.7 "
    "clocks";
// Where a wave of blocks finds the previous wave's tiles in L2.
constexpr const char *kTesselH200L2Reuse =
    "fitted on an H200 (bench/data/h200/ncu-gemms-2026-11-27f.csv): the "
    "DRAM reads of the 18 wgmma GEMM anchors, 35 MB to 1.98 GB, are each "
    "wave's tiles read anew (model::waveReadBytes) to 0.1 % for any figure "
    "from 0 to 45 MiB, and not at 60 MiB (the L2 Nsight Compute reports, "
    "device__attribute_l2_cache_size); half of it, one of L2's two "
    "partitions, each of which caches for the SMs wired to it (NVIDIA A100 "
    "Tensor Core GPU Architecture whitepaper, \"L2 cache\")";
constexpr const char *kHopperL2Reuse =
    "half of the L2 (one of its two partitions: NVIDIA A100 Tensor Core GPU "
    "Architecture whitepaper, \"L2 cache\"), as on the H200, where the "
    "GEMM anchors' DRAM reads fit any figure from 0 to 45 MiB "
    "(bench/data/h200/ncu-gemms-2026-11-27f.csv; the same GH100 die)";
constexpr const char *kAmpereL2Reuse =
    "estimate: half of the L2 (one of its two partitions: NVIDIA A100 "
    "Tensor Core GPU Architecture whitepaper, \"L2 cache\"), as fitted on "
    "the H200 (bench/data/h200/ncu-gemms-2026-11-27f.csv); not measured on "
    "this chip";
constexpr const char *kHopperOnChip =
    "measured on an H100 (bench/data/h100/calibration-2026-11-22b.json: L1 "
    "hit 43, L2 hit 271 clocks, 162 clocks per block per SM); the H200, the "
    "same die and clocks, measures 42.6, 279.4 and 161 "
    "(bench/data/h200/calibration-2026-11-28a.json), within 3 %: one figure "
    "for both";
constexpr const char *kTesselH200WgmmaWait =
    "fitted on an H200 (bench/data/h200/variants-2026-11-28c.json): the "
    "16 fused attention schedules of bench/workloads/attention-wgmma-"
    "variants.mlir, wgmma and mma.sync side by side; with 650 clocks a "
    "chain the wgmma kernels' measured / predicted geomean (1.43) matches "
    "the mma.sync kernels' (1.46), which share every other term; a fit, "
    "not a reading of the instructions' latency";
constexpr const char *kTesselH200WgmmaWarpgroup =
    "fitted on an H200 (bench/data/h200/wgmma-small-m-2026-11-27i.json, "
    "run i: 63 wgmma schedules of LLaMA M = 128 with N or K 11008 and of "
    "ViT's 257 rows, one to four warpgroups a block, N 64-256): with f = "
    "0.6 (0.40 of the dense peak a warpgroup at N = 64, 0.48 at 128, 0.53 "
    "at 256) the replay's top-1 regret falls from 11.5 % to 3.6 %, as for "
    "any f from 0.5 to 0.65; Nsight Compute on two of its kernels "
    "(ncu-small-m-2026-11-28d.csv) measured one warpgroup at N = 192 "
    "reaching 41 % of the SM's rate, two at N = 128 all of it; a fit, not "
    "a datasheet figure";
constexpr const char *kTesselH200ClusterBarrier =
    "measured on an H200 (bench/data/h200/cluster-experiment-2026-12-04a."
    "log): LLaMA's 128 x 4096 x 4096 bf16 wgmma GEMM in clusters of 2 "
    "(64 x 64 x 64 tiles, 6 stages, one block an SM, 64 K steps), B's "
    "multicast off, took 49.95 us with a cluster barrier a step and 17.60 "
    "us with bar.sync in its place: (49.95 - 17.60) / 64 at 1980 MHz = "
    "1000 clocks a step; the 2048 x 11008 x 4096 anchor, two blocks an "
    "SM, took 433.5 us in clusters against 293.1 us for the same tiles "
    "and raster without (the same run): 700-850 clocks a step, so other "
    "resident blocks hardly hide it; the H100 takes it (the same SM)";
constexpr const char *kTesselH200SplitArrival =
    "measured on an H200 (bench/data/h200/run-2026-12-04a.log, "
    "variants-split-k: bench/workloads/split-k-variants.mlir): each split "
    "GEMM's kernel with its sum in the partial kernel against its partial "
    "kernel alone, the same run, less what the model prices the sum's "
    "loads of partials at (L2's latency a round): remainders of 1420, "
    "2060, 2240 and 1730 clocks at 1980 MHz (the GEMV in bf16 and in f32, "
    "the K projection, the skinny GEMM; tails of 1.28, 1.32, 1.27 and "
    "5.37 us), their median 1890; three round trips to L2 (813 clocks) "
    "were too few; the H100 takes it (the same SM)";
constexpr const char *kTesselH200MmaSyncStep =
    "fitted on an H200 (bench/data/h200/variants-mma-stages-2026-12-04a."
    "json: bench/workloads/mma-stage-variants.mlir, 14 mma.sync GEMMs of "
    "4096^3 and 512 x 11008 x 4096 at 1 to 4 stages), with "
    "mma_sync_copy_queue_cycles: at 3 stages 128 x 256 x 16 tiles, one "
    "block an SM, took 1072 clocks a step, and 128 x 128 x 32 tiles, two "
    "blocks an SM doing the same work a step, 1618 clocks a turn's step: "
    "one cost beside the work a step of the turn, however many blocks; "
    "with 350 clocks (and 400 of copy queue) at the table's "
    "mma_sync_peak_fraction the replay's MAPE falls from 30.8 % to 6.4 % "
    "and its bias from 1.46 to 1.01, and the model takes the measured "
    "fastest schedule of both GEMMs; a fit, not a reading of the "
    "instructions' latencies; the H100 takes it (the same SM)";
constexpr const char *kTesselH200MmaSyncQueue =
    "fitted on an H200 (bench/data/h200/variants-mma-stages-2026-12-04a."
    "json), with mma_sync_step_cycles: two stages measured 6 %, 1 %, 5 % "
    "and 13 % slower than three on its four tilings, whose steps outlast "
    "a lone load's round trip (L2's 271 clocks, then the step's bytes at 32 "
    "a clock), which the model hid whole (0 %, 0 %, 0 %, 1 %); 400 clocks "
    "more a round trip give 5 %, 1 %, 9 % and 14 %, and one stage 0.95x "
    "and 0.76x of its measured time (0.77x and 0.66x without); a fit, not "
    "a latency measured under load; the H100 takes it (the same SM)";
constexpr const char *kTesselH200IssueAlone =
    "measured on an H200 (bench/data/h200/ncu-attention-2026-11-27g.csv, "
    "run g): the fused attention kernels, half a warp to one warp per "
    "scheduler, stall 5.8-6.5 cycles per instruction issued (the issue "
    "included; waits on global memory, long scoreboard, excluded); the "
    "H100 takes it too (the same GH100 SM and clocks)";
constexpr const char *kTesselH200LaneAlone =
    "measured on an H200 (bench/data/h200/ncu-sass-attention-mistral-reg-"
    "b128x64-2026-11-28d.csv, run d: Nsight Compute's per-instruction stall "
    "samples of the register-resident attention, two warps a scheduler): "
    "its softmax arithmetic (FFMA FMUL FADD FMNMX MUFU F2FP FSETP FSEL "
    "SHFL, 46 % of the instructions executed) takes 2.19 clocks a warp per "
    "instruction without the stalls another warp or a memory pipe causes "
    "(`tessel-bench stalls` on that file); the H100 takes it too (the "
    "same GH100 SM and clocks)";
constexpr const char *kTesselH100Blocks =
    "measured on an H100 (bench/data/h100/calibration-2026-11-22b.json): "
    "one launch of 540672 blocks of 32 to 256 threads, each storing a word "
    "per thread: 161-163 clocks per block per SM";
constexpr const char *kTesselH100Latency =
    "measured on an H100 (bench/data/h100/calibration-2026-11-22b.json): "
    "one thread chasing pointers 256 B apart in random order (L1 hit 43, "
    "L2 hit 271, DRAM 691 clocks)";
constexpr const char *kMlEngMatmul =
    "ml-engineering 'maximum achievable matmul FLOPS' tables (best bf16 "
    "shape)";

constexpr const char *kCudaBanks =
    "CUDA C++ Programming Guide, shared memory: 32 banks of 4 bytes, one "
    "access per bank per clock";
constexpr const char *kCudaSectors =
    "CUDA C++ Best Practices Guide, coalesced access to global memory: a "
    "warp's loads are served in 32-byte transactions (sectors)";
constexpr const char *kCudaLines =
    "CUDA C++ Programming Guide, compute capability 9.0 and 8.x global "
    "memory: L1 caches global loads in 128-byte lines of four 32-byte "
    "sectors";
constexpr const char *kCudaThroughput =
    "CUDA C++ Programming Guide, 'Arithmetic Instructions' throughput table "
    "(compute capability 8.0 and 9.0: 16 results per clock per SM for "
    "32-bit reciprocal, rsqrt, log2, exp2, sin, cos)";
constexpr const char *kPtxasSm80Static =
    "ptxas 13.0 for sm_80: 'uses too much shared data (0x10000 bytes, "
    "0xc000 max)' for static .shared above 48 KiB";
constexpr const char *kPtxasSm90Static =
    "ptxas 13.0 for sm_90a accepts static .shared up to 0x38c00 bytes, and "
    "a kernel with 64 KiB of it launched on an H100 without an opt-in "
    "(bench/data/h100/first-run-2026-11-22.log)";
constexpr const char *kCdnaLds =
    "AMD CDNA ISA reference, LDS: 32 banks of 4 bytes per CU per clock";

constexpr const char *kHopperMmaSync =
    "estimate: mma.sync-only (CUTLASS 2.x-style) GEMMs reach 300-400 "
    "TFLOP/s on an H100, about 0.4 of the dense peak that wgmma reaches "
    "(CUTLASS 3 and FlashAttention-3, arXiv 2407.08608: FlashAttention-2 on "
    "mma.sync reaches about 35 % of peak); not measured on our H100 "
    "(bench/gpu/calibrate.py measures it)";
constexpr const char *kHopperTensorUnits =
    "NVIDIA H100 Tensor Core GPU Architecture whitepaper: an SM has four "
    "processing blocks (sub-partitions), each with one Tensor Core and its "
    "own warp scheduler";
constexpr const char *kAmpereTensorUnits =
    "NVIDIA A100 Tensor Core GPU Architecture whitepaper: an SM has four "
    "processing blocks, each with one third-generation Tensor Core";
constexpr const char *kCdnaMatrixUnits =
    "AMD CDNA 3 / CDNA 2 architecture whitepapers: a CU has four SIMDs, each "
    "with its own Matrix Core unit";
constexpr const char *kAmpereMma =
    "NVIDIA A100 Tensor Core GPU Architecture whitepaper: Ampere's Tensor "
    "Cores are driven by warp-level mma.sync (HMMA) instructions, which "
    "deliver the dense peak (there is no wgmma before sm_90)";

// Figures measured on our H100 that other chips borrow until they are
// measured on them (bench/gpu/calibrate.py on the chip): each source starts
// "estimate", so predictions that use one stay marked uncalibrated
// (Target::isEstimate). On-chip figures keep their SM clocks (an SM's and
// its L2's pipelines are what the latency counts); DRAM latency keeps its
// nanoseconds (HBM's access time does not scale with the SM clock); the
// efficiency curve keeps its fractions of the chip's own peak.
constexpr const char *kFromH100OnChip =
    "estimate: the H100's measured figure in SM clocks "
    "(bench/data/h100/calibration-2026-11-22b.json); not measured on this "
    "chip";
constexpr const char *kFromH100Dram =
    "estimate: the H100's measured DRAM latency, 691 clocks at 1.98 GHz = "
    "349 ns (bench/data/h100/calibration-2026-11-22b.json), at this chip's "
    "clock; not measured on this chip";
constexpr const char *kFromH100Curve =
    "estimate: the H100's measured copy efficiency at this size "
    "(bench/data/h100/calibration-2026-11-22.json), as a fraction of this "
    "chip's peak; not measured on this chip";
constexpr const char *kFromH200IssueAlone =
    "estimate: the H200's measured figure (bench/data/h200/"
    "ncu-attention-2026-11-27g.csv) in SM clocks; not measured on this "
    "chip";
constexpr const char *kTesselH200LoadRequest =
    "measured on an H200 (bench/data/h200/ncu-suite-2026-11-27e.csv, the "
    "row sum 8192 x 8192 f32 run one thread a row: 32 blocks of one warp "
    "an SM): L1 took a warp's load request every 1.80 clocks "
    "(l1tex__lsuin_requests 55.7 % of one a clock), the requests' "
    "throttle (lg_throttle) the main stall";
constexpr const char *kTesselH100L2Requests =
    "fitted on bench/data/h100/suite-2026-11-22.json (add_relu 8192 x 8192 "
    "f32, whose schedules [1, 256], [2, 256], [1, 128] and [32, 1] store "
    "lanes a sector apart: 90-99 G L2 requests a second in the model's "
    "count, a line of a tile's row or a sector of a store each, at the "
    "1.98 GHz clock); the H200 has the same GH100 die";
constexpr const char *kFromH200LoadRequest =
    "estimate: the H200's measured figure (bench/data/h200/"
    "ncu-suite-2026-11-27e.csv) in SM clocks; not measured on this chip";
constexpr const char *kFromH200LaneAlone =
    "estimate: the H200's measured figure (bench/data/h200/ncu-sass-"
    "attention-mistral-reg-b128x64-2026-11-28d.csv) in SM clocks; not "
    "measured on this chip";
constexpr const char *kCdnaLaneAlone =
    "estimate: a CDNA SIMD has 16 lanes, so a 64-wide wavefront's vector "
    "instruction occupies it 4 clocks, above the H200's measured 2.19 "
    "(bench/data/h200/ncu-sass-attention-mistral-reg-b128x64-2026-11-28d."
    "csv); not measured on this chip";
constexpr const char *kFromH200IssueAloneCdna =
    "estimate: the H200's measured figure (bench/data/h200/"
    "ncu-attention-2026-11-27g.csv) in clocks; a CDNA wavefront's vector "
    "instruction takes at least 4 clocks on its SIMD; not measured on this "
    "chip";
constexpr const char *kFromH100Cdna =
    "estimate: the H100's measured figure in clocks "
    "(bench/data/h100/calibration-2026-11-22b.json); optimistic for CDNA, "
    "whose caches and LDS are reported slower; not measured on this chip";

constexpr double kKiB = 1024, kMiB = 1024 * 1024;
// Memory capacities are quoted in decimal gigabytes (80 GB = 80e9 bytes).
constexpr double kGB = 1e9;

/// The limits every Hopper and Ampere SM shares (compute capability 8.x/9.0).
void setNvidiaSmLimits(Target &t) {
  t.set(F::LaunchOverheadUs, 2.1, kTesselStreamLaunch);
  t.set(F::SmBytesPerClock, 32, kXlaSmBandwidth);
  t.set(F::L1BytesPerClock, 128, kCudaBanks);
  t.set(F::MemorySectorBytes, 32, kCudaSectors);
  t.set(F::CacheLineBytes, 128, kCudaLines);
  t.set(F::SpecialFunctionsPerClock, 16, kCudaThroughput);
  t.set(F::WarpSize, 32, kCudaCC);
  t.set(F::RegistersPerSM, 65536, kCudaCC);
  t.set(F::MaxRegistersPerThread, 255, kCudaCC);
  t.set(F::MaxWarpsPerSM, 64, kCudaCC);
  t.set(F::MaxBlocksPerSM, 32, kCudaCC);
  t.set(F::MaxThreadsPerBlock, 1024, kCudaCC);
}

/// The latencies, per-block cost and DRAM efficiency curve of a chip not
/// yet measured, estimated from the H100's (see kFromH100OnChip): without
/// them a memory-bound kernel would be priced at the datasheet bandwidth
/// with no latency, faster than on the measured H100 although the chip has
/// less bandwidth. `onChip` cites the on-chip figures.
void setEstimatesFromH100(Target &t, const char *onChip) {
  double clockGHz = t.get(F::SimtClockGHz);
  t.set(F::L1LatencyCycles, 43, onChip);
  t.set(F::L2LatencyCycles, 271, onChip);
  t.set(F::BlockCycles, 162, onChip);
  t.set(F::DramLatencyCycles, std::round(691 / 1.98 * clockGHz), kFromH100Dram);
  t.set(F::HbmEfficiency16MiB, 0.56, kFromH100Curve);
  t.set(F::HbmEfficiency64MiB, 0.76, kFromH100Curve);
  t.set(F::HbmEfficiency256MiB, 0.83, kFromH100Curve);
}

/// Hopper SXM5 (H100 and H200 share the die; only the memory differs).
void setHopperCore(Target &t, const char *xla) {
  t.set(F::SMCount, 132, xla);
  t.set(F::TensorClockGHz, 1.83, xla);
  t.set(F::SimtClockGHz, 1.98, xla);
  t.set(F::PeakBF16TensorTFlops, 989.4, kHopperSheet);
  t.set(F::PeakF16TensorTFlops, 989.4, kHopperSheet);
  t.set(F::PeakFP8TensorTFlops, 1978.9, kHopperSheet);
  t.set(F::PeakF32SimtTFlops, 66.9, kHopperSheet);
  t.set(F::L2Bytes, 50 * kMiB, xla);
  t.set(F::SharedMemPerSMBytes, 228 * kKiB, kCudaCC);
  t.set(F::L1CacheBytes, 256 * kKiB, kCudaL1Hopper);
  t.set(F::SharedMemPerBlockBytes, 227 * kKiB, kCudaCC);
  t.set(F::StaticSharedMemPerBlockBytes, 227 * kKiB, kPtxasSm90Static);
  // Full rate on Hopper needs wgmma; warp-level mma.sync reaches less.
  t.set(F::MmaSyncPeakFraction, 0.40, kHopperMmaSync);
  t.set(F::TensorUnitsPerSM, 4, kHopperTensorUnits);
  t.set(F::TmaStreamBytesPerClock, 22, kTesselH200TmaStream);
  t.set(F::TmaSmBytesPerClock, 47, kTesselH200TmaSm);
  t.set(F::TmaL2BandwidthTBps, 11.8, kTesselH200TmaL2);
  t.set(F::IssueCyclesAlone, 6, kTesselH200IssueAlone);
  t.set(F::LaneCyclesAlone, 2.19, kTesselH200LaneAlone);
  t.set(F::LoadRequestCycles, 1.8, kTesselH200LoadRequest);
  t.set(F::WgmmaWaitCycles, 650, kTesselH200WgmmaWait);
  t.set(F::WgmmaWarpgroupFraction, 0.6, kTesselH200WgmmaWarpgroup);
  t.set(F::ClusterBarrierCycles, 1000, kTesselH200ClusterBarrier);
  t.set(F::SplitArrivalCycles, 1890, kTesselH200SplitArrival);
  t.set(F::MmaSyncStepCycles, 350, kTesselH200MmaSyncStep);
  t.set(F::MmaSyncCopyQueueCycles, 400, kTesselH200MmaSyncQueue);
  t.set(F::L2RequestsPerClock, 48, kTesselH100L2Requests);
  setNvidiaSmLimits(t);
}

Target makeH100() {
  Target t("h100", Vendor::NVIDIA, "sm_90a", "NVIDIA H100 SXM5 80GB (Hopper)");
  setHopperCore(t, kXlaH100);
  t.set(F::HbmBandwidthTBps, 3.35, kHopperSheet);
  t.set(F::DeviceMemoryBytes, 80 * kGB, kHopperSheet);
  // OpenXLA's measured H100 table (xla/backends/gpu/target_config/specs/
  // h100_sxm.txtpb) says 6.65 TB/s and 0.51 / 0.75 / 0.89; ours agree
  // within 10 %.
  t.set(F::L2BandwidthTBps, 7.1, kTesselH100L2);
  t.set(F::HbmEfficiency16MiB, 0.56, kTesselH100Copy);
  t.set(F::HbmEfficiency64MiB, 0.76, kTesselH100Copy);
  t.set(F::HbmEfficiency256MiB, 0.83, kTesselH100Copy);
  t.set(F::TensorAchievableFraction, 0.797, kTesselH100Gemm);
  t.set(F::BlockCycles, 162, kTesselH100Blocks);
  t.set(F::L2LatencyCycles, 271, kTesselH100Latency);
  t.set(F::DramLatencyCycles, 691, kTesselH100Latency);
  t.set(F::L1LatencyCycles, 43, kTesselH100Latency);
  t.set(F::L2ReuseBytes, 25 * kMiB, kHopperL2Reuse);
  return t;
}

Target makeH200() {
  Target t("h200", Vendor::NVIDIA, "sm_90a", "NVIDIA H200 SXM 141GB (Hopper)");
  setHopperCore(t, kXlaH200);
  t.set(F::HbmBandwidthTBps, 4.8, kH200Sheet);
  t.set(F::DeviceMemoryBytes, 141 * kGB, kH200Sheet);
  t.set(F::L2BandwidthTBps, 7.76, kTesselH200L2);
  t.set(F::HbmEfficiency16MiB, 0.394, kTesselH200Copy16MiB);
  t.set(F::HbmEfficiency64MiB, 0.716, kTesselH200Copy);
  t.set(F::HbmEfficiency256MiB, 0.80, kTesselH200Copy);
  t.set(F::TensorAchievableFraction, 0.755, kTesselH200Gemm);
  t.set(F::BlockCycles, 162, kHopperOnChip);
  t.set(F::L2LatencyCycles, 271, kHopperOnChip);
  t.set(F::L1LatencyCycles, 43, kHopperOnChip);
  t.set(F::DramLatencyCycles, 666, kTesselH200DramLatency);
  t.set(F::L2ReuseBytes, 30 * kMiB, kTesselH200L2Reuse);
  return t;
}

Target makeA100() {
  Target t("a100", Vendor::NVIDIA, "sm_80", "NVIDIA A100 SXM4 80GB (Ampere)");
  t.set(F::SMCount, 108, kXlaA100);
  t.set(F::TensorClockGHz, 1.41, kXlaA100);
  t.set(F::SimtClockGHz, 1.41, kXlaA100);
  t.set(F::PeakBF16TensorTFlops, 312, kA100Sheet);
  t.set(F::PeakF16TensorTFlops, 312, kA100Sheet);
  t.set(F::PeakF32SimtTFlops, 19.5, kA100Sheet);
  t.set(F::HbmBandwidthTBps, 2.039, kA100Sheet);
  t.set(F::DeviceMemoryBytes, 80 * kGB, kA100Sheet);
  t.set(F::L2Bytes, 40 * kMiB, kXlaA100);
  t.set(F::SharedMemPerSMBytes, 164 * kKiB, kCudaCC);
  t.set(F::L1CacheBytes, 192 * kKiB, kCudaL1Ampere);
  t.set(F::SharedMemPerBlockBytes, 163 * kKiB, kCudaCC);
  t.set(F::StaticSharedMemPerBlockBytes, 48 * kKiB, kPtxasSm80Static);
  t.set(F::TensorAchievableFraction, 0.869, kMlEngMatmul);
  t.set(F::MmaSyncPeakFraction, 1.0, kAmpereMma);
  t.set(F::TensorUnitsPerSM, 4, kAmpereTensorUnits);
  setNvidiaSmLimits(t);
  setEstimatesFromH100(t, kFromH100OnChip);
  t.set(F::IssueCyclesAlone, 6, kFromH200IssueAlone);
  t.set(F::LaneCyclesAlone, 2.19, kFromH200LaneAlone);
  t.set(F::LoadRequestCycles, 1.8, kFromH200LoadRequest);
  t.set(F::L2ReuseBytes, 20 * kMiB, kAmpereL2Reuse);
  // No mma_sync_step_cycles or mma_sync_copy_queue_cycles (fitted on the
  // H200): with them the A100's 64-deep steps hide a round trip in two
  // stages as in three, the two predicted within 0.02 %, and the choices
  // turn to two stages, against the H200's measured order (two stages
  // slower than three on every tiling it ran). Until a figure for the
  // pipeline's slack or an A100 run settles it, the A100 keeps the K loop
  // without them.
  return t;
}

/// The limits CDNA2 and CDNA3 compute units share.
void setCdnaCuLimits(Target &t, const char *rocm) {
  t.set(F::L1BytesPerClock, 128, kCdnaLds);
  t.set(F::WarpSize, 64, rocm);
  t.set(F::SharedMemPerSMBytes, 64 * kKiB, rocm);
  t.set(F::SharedMemPerBlockBytes, 64 * kKiB, rocm);
  t.set(F::RegistersPerSM, 512 * kKiB / 4, rocm);
  t.set(F::MaxRegistersPerThread, 512, kCdnaVgpr);
  t.set(F::MaxWarpsPerSM, 32, kCdnaWaveSlots);
  t.set(F::MaxBlocksPerSM, 32, kCdnaBlocksBound);
  t.set(F::MaxThreadsPerBlock, 1024, kHipLimits);
  t.set(F::LaunchOverheadUs, 1.0, kXlaLaunch);
}

Target makeMI300X() {
  Target t("mi300x", Vendor::AMD, "gfx942",
           "AMD Instinct MI300X (CDNA3, 8 XCDs, SPX mode)");
  t.set(F::SMCount, 304, kRocmMI300);
  t.set(F::TensorClockGHz, 2.1, kRocmMI300);
  t.set(F::SimtClockGHz, 2.1, kRocmMI300);
  t.set(F::PeakBF16TensorTFlops, 1307.4, kRocmMI300);
  t.set(F::PeakF16TensorTFlops, 1307.4, kRocmMI300);
  t.set(F::PeakFP8TensorTFlops, 2614.9, kRocmMI300);
  t.set(F::PeakF32SimtTFlops, 163.4, kRocmMI300);
  // OpenXLA's mi300.txtpb says 6.81 TB/s; AMD's own documentation says 5.3.
  t.set(F::HbmBandwidthTBps, 5.3, kRocmMI300);
  t.set(F::DeviceMemoryBytes, 192 * kGB, kRocmMI300);
  t.set(F::TensorUnitsPerSM, 4, kCdnaMatrixUnits);
  t.set(F::L2Bytes, 8 * 4 * kMiB,
        "AMD ROCm docs gpu-arch/mi300.md: 4 MB L2 per XCD x 8 XCDs (the "
        "256 MB Infinity Cache is not counted)");
  setCdnaCuLimits(t, kRocmMI300);
  t.set(F::SmBytesPerClock, 16, kXlaSmBandwidth);
  // 51-60 % depending on the ROCm version; the lower end, conservatively.
  t.set(F::TensorAchievableFraction, 0.51, kMlEngMatmul);
  setEstimatesFromH100(t, kFromH100Cdna);
  t.set(F::IssueCyclesAlone, 6, kFromH200IssueAloneCdna);
  t.set(F::LaneCyclesAlone, 4, kCdnaLaneAlone);
  return t;
}

Target makeMI250X() {
  Target t("mi250x", Vendor::AMD, "gfx90a",
           "AMD Instinct MI250X, one GCD (CDNA2; the package holds two "
           "devices)");
  t.set(F::SMCount, 110, kMI250PerGcd);
  t.set(F::TensorClockGHz, 1.7, kRocmMI250);
  t.set(F::SimtClockGHz, 1.7, kRocmMI250);
  t.set(F::PeakBF16TensorTFlops, 383.0 / 2, kMI250PerGcd);
  t.set(F::PeakF16TensorTFlops, 383.0 / 2, kMI250PerGcd);
  t.set(F::PeakF32SimtTFlops, 47.9 / 2, kMI250PerGcd);
  t.set(F::HbmBandwidthTBps, 3.2 / 2, kMI250PerGcd);
  t.set(F::DeviceMemoryBytes, 128 * kGB / 2, kMI250PerGcd);
  t.set(F::TensorUnitsPerSM, 4, kCdnaMatrixUnits);
  t.set(F::L2Bytes, 8 * kMiB, "AMD ROCm docs gpu-arch/mi250.md: 8 MB per GCD");
  setCdnaCuLimits(t, kRocmMI250);
  setEstimatesFromH100(t, kFromH100Cdna);
  t.set(F::IssueCyclesAlone, 6, kFromH200IssueAloneCdna);
  t.set(F::LaneCyclesAlone, 4, kCdnaLaneAlone);
  return t;
}

const std::vector<std::function<Target()>> &knownTargetMakers() {
  static const std::vector<std::function<Target()>> makers = {
      makeH100, makeH200, makeA100, makeMI300X, makeMI250X};
  return makers;
}

} // namespace

std::vector<std::string> knownTargetNames() {
  std::vector<std::string> names;
  for (const auto &make : knownTargetMakers())
    names.push_back(make().name());
  return names;
}

std::optional<Target> lookupKnownTarget(std::string_view name) {
  for (const auto &make : knownTargetMakers()) {
    Target t = make();
    if (t.name() == name)
      return t;
  }
  return std::nullopt;
}

} // namespace mlir::tessel
