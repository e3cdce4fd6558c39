//===- Target.h - GPU target descriptions for the cost model ----*- C++ -*-===//
//
// A `Target` is everything Tessel knows about one GPU: its architecture name
// (sm_90a, gfx942, ...) and a fixed set of numeric fields (SM count, peak
// rates, memory sizes and bandwidths, occupancy limits). Every field value
// carries the source it came from: a datasheet, a public device table or a
// measurement. Targets come from the built-in table (KnownTargets.cpp) or from
// a user's JSON file in the same format that `targetToJson` writes.
//
// This header is plain C++17 with no MLIR or LLVM dependency, so the cost
// model and the GPU-side tools can use it anywhere.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_COSTMODEL_TARGET_H
#define TESSEL_COSTMODEL_TARGET_H

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlir::tessel {

enum class Vendor { NVIDIA, AMD };

/// Returns "nvidia" or "amd".
std::string_view vendorName(Vendor vendor);

/// The numeric fields of a target. The order is the order of `targetFields()`
/// and of the JSON and table output.
enum class TargetField : unsigned {
  SMCount,        // streaming multiprocessors (NVIDIA) / compute units (AMD)
  WarpSize,       // threads per warp (32) or wavefront (64)
  TensorClockGHz, // clock at which the tensor/matrix peaks are quoted
  SimtClockGHz,   // clock at which the SIMT/vector peaks are quoted
  PeakBF16TensorTFlops,   // dense bf16 tensor-core/matrix-core peak
  PeakF16TensorTFlops,    // dense fp16 tensor-core/matrix-core peak
  PeakFP8TensorTFlops,    // dense fp8 peak; absent where the chip has none
  PeakF32SimtTFlops,      // fp32 FMA peak on the SIMT/vector units
  HbmBandwidthTBps,       // peak DRAM bandwidth
  L2Bytes,                // L2 cache size visible to one kernel
  SharedMemPerSMBytes,    // shared memory (LDS) per SM/CU
  SharedMemPerBlockBytes, // largest shared memory one block may use
  RegistersPerSM,         // 32-bit registers per SM/CU
  MaxRegistersPerThread,
  MaxWarpsPerSM,  // resident warps (waves) per SM/CU
  MaxBlocksPerSM, // resident blocks (workgroups) per SM/CU
  MaxThreadsPerBlock,
  // Achievable figures used by the cost model. Optional: where a target has
  // none, the model uses the peak and says the prediction is uncalibrated.
  LaunchOverheadUs,         // host-side cost of one kernel launch
  SmBytesPerClock,          // DRAM bytes one SM can move per clock
  L2BandwidthTBps,          // L2 bandwidth available to one kernel
  HbmEfficiency16MiB,       // achieved / peak DRAM bandwidth moving 16 MiB
  HbmEfficiency64MiB,       // ... 64 MiB
  HbmEfficiency256MiB,      // ... 256 MiB
  TensorAchievableFraction, // best measured dense GEMM / tensor peak
  L1BytesPerClock,          // bytes an SM's L1/shared memory returns per clock
  MemorySectorBytes,        // smallest unit a warp's global access moves
  CacheLineBytes,           // L1 line: a thread's later reads in it hit
  LoadRequestCycles,        // L1 clocks a warp's global load request holds
  SpecialFunctionsPerClock, // exp2/rsqrt/... results per clock per SM
  // Statically allocated shared memory one block may use (Tessel allocates
  // no dynamic shared memory); absent: shared_mem_per_block_bytes.
  StaticSharedMemPerBlockBytes,
  BlockCycles,       // SM clocks the SM spends per block it runs, work aside
  L2LatencyCycles,   // SM clocks from a load issued to its data, L2 hit
  DramLatencyCycles, // ... from DRAM
  L1LatencyCycles,   // ... hitting in L1 (shared-memory loads: no longer)
  // Of the dense tensor peak, what warp-level mma.sync reaches (Hopper's
  // full rate needs wgmma); absent: the peak, and uncalibrated; an estimate
  // (Target::isEstimate): used, and uncalibrated.
  MmaSyncPeakFraction,
  // Device (HBM) memory one kernel's device can hold; absent: not checked.
  DeviceMemoryBytes,
  // Tensor/matrix-core units per SM/CU, one per sub-partition (SIMD): a warp
  // issues its tensor instructions on one of them, so fewer resident warps
  // than units leave some idle; absent: all busy, and uncalibrated.
  TensorUnitsPerSM,
  // TMA (sm_90a) feeding wgmma: the bytes per SM clock one block's tensor
  // loads arrive at (one thread issues a stage's boxes), what an SM's TMA
  // loads move from L2 with several blocks resident, and the L2 bandwidth
  // they reach; absent: the SIMT figures (sm_bytes_per_clock,
  // l2_bandwidth_tbps) and no stream limit.
  TmaStreamBytesPerClock,
  TmaSmBytesPerClock,
  TmaL2BandwidthTBps,
  // SM clocks from one instruction of a warp to its next when no other
  // warp shares its scheduler (dependences and shared-memory round trips;
  // waits on global memory aside); absent: one, and uncalibrated.
  IssueCyclesAlone,
  // SM clocks a warpgroup waits at wgmma.wait_group for a chain of
  // wgmma.mma_async beyond the chain's tensor time (the instructions'
  // latency through the async pipe, which a chain waited for at once
  // exposes); absent: none, and uncalibrated for a wgmma chain waited on.
  WgmmaWaitCycles,
  // SM clocks from one instruction of a warp to its next when the warp
  // alone issues register-only arithmetic (a register-resident softmax:
  // FMAs, exp2, maxima, sums, conversions, shuffles; no memory instruction
  // among them); absent: issue_cycles_alone.
  LaneCyclesAlone,
  // Requests L2 serves per SM clock, all its slices together: a block's
  // read of a cache line of its tile (or of the sectors of one it needs),
  // a sector a warp's store instruction writes. Narrow tiles and scattered
  // stores reach this before L2's bandwidth; absent: no such limit.
  L2RequestsPerClock,
  // Bytes of an SM's (CU's) L1 data cache; on NVIDIA the unified L1 and
  // shared memory, of which the blocks' shared memory takes its part. An
  // input the kernel reads no more of than fits stays there after its first
  // read; absent: every load waits on L2 or DRAM.
  L1CacheBytes,
  // Bytes of inputs that stay in L2 from one wave of blocks to the next: a
  // kernel reading no more is read from DRAM once; one reading more reads
  // each wave's tiles again (model::waveReadBytes); absent: every input is
  // read once.
  L2ReuseBytes,
  // The factor f of what one resident warpgroup's wgmma reaches of the
  // dense tensor peak, `f N / (N + 32)` for the instruction's N; the
  // warpgroups of an SM add up to tensor_achievable_fraction at most.
  // Absent: every wgmma kernel at tensor_achievable_fraction however few
  // warpgroups an SM holds.
  WgmmaWarpgroupFraction,
  // SM clocks a wgmma K loop's cluster barrier (barrier.cluster arrive and
  // wait, a cluster of 2, once a step) adds to each step of the busiest
  // SM's blocks; absent: l2_latency_cycles, and uncalibrated.
  ClusterBarrierCycles,
  // SM clocks between a split-K partial tile's last stores and the first
  // loads of its sum, where the tile's last block sums it in the partial
  // kernel (two fences and the arrival's atomic add at L2); absent: three
  // l2_latency_cycles, and the tail's loads at their usual latency.
  SplitArrivalCycles,
  // SM clocks an mma.sync K step adds to each step of the busiest SM's turn
  // of resident blocks, beyond its work: the step's fragment loads before
  // its first mma.sync, its last one's drain, the barrier; resident blocks
  // do not hide it. Absent: nothing added (an mma.sync step costs its
  // work), and uncalibrated.
  MmaSyncStepCycles,
  // SM clocks an mma.sync K step's copies (cp.async) take beyond a lone
  // load's latency and their bytes over the SM's link, where every SM
  // streams its tiles: the queues on the way to L2 under a GEMM's load.
  // Absent: nothing added, and uncalibrated.
  MmaSyncCopyQueueCycles,
};

inline constexpr std::size_t kNumTargetFields =
    static_cast<std::size_t>(TargetField::MmaSyncCopyQueueCycles) + 1;

/// Static description of one field: its JSON key, unit and meaning.
struct TargetFieldInfo {
  TargetField field;
  std::string_view key;
  std::string_view unit;
  std::string_view description;
  bool integral; // counts and byte sizes must be whole numbers
  bool required; // a target without it is rejected
};

/// All fields, in declaration order.
const std::array<TargetFieldInfo, kNumTargetFields> &targetFields();
const TargetFieldInfo &fieldInfo(TargetField field);

/// A value and where it comes from.
struct CitedValue {
  double value = 0;
  std::string source;
};

class Target {
public:
  Target(std::string name, Vendor vendor, std::string arch,
         std::string description);

  const std::string &name() const { return name_; }
  Vendor vendor() const { return vendor_; }
  /// Code-generation architecture: "sm_90a", "sm_80", "gfx942", ...
  const std::string &arch() const { return arch_; }
  const std::string &description() const { return description_; }

  /// Sets `field` to `value`, citing `source`.
  void set(TargetField field, double value, std::string source);
  bool has(TargetField field) const;
  /// The value of `field`; the field must be present.
  double get(TargetField field) const;
  /// The value with its source, or nullopt where the field is absent.
  const std::optional<CitedValue> &lookup(TargetField field) const;
  /// Whether `field` holds an estimate rather than a datasheet or measured
  /// figure: its source begins "estimate" (a published figure for a similar
  /// setting, not measured on this chip). Predictions that use one are
  /// marked uncalibrated, as where the field is absent.
  bool isEstimate(TargetField field) const;

  // Convenience accessors for the fields every pass asks for.
  unsigned smCount() const { return unsigned(get(TargetField::SMCount)); }
  unsigned warpSize() const { return unsigned(get(TargetField::WarpSize)); }

  // What the chip's instruction set offers, from its architecture (the
  // ISA references: PTX ISA "mma", "wgmma", "cp.async"; AMD CDNA ISA
  // "MFMA"), the questions codegen and the cost model ask instead of
  // comparing architecture numbers themselves.
  /// Warp-level mma.sync m16n8k16 on bf16 and f16 (NVIDIA sm_80 and newer).
  bool hasMmaSync() const;
  /// Warpgroup wgmma.mma_async (NVIDIA sm_90a).
  bool hasWgmma() const;
  /// Past how many bytes a block's shared-memory buffers are placed so that
  /// those whose uses do not overlap in time share bytes
  /// (tessel-dynamic-shared-memory): on NVIDIA the static limit (the
  /// buffers then move into dynamic shared memory), on AMD the LDS a block
  /// may allocate (one static buffer, views into it); none where the table
  /// gives neither.
  std::optional<double> sharedMemoryOverlayThreshold() const;
  /// Whether a block of `threads` whose buffers take `bytes` of shared
  /// memory, and `overlaid` bytes once those whose uses do not overlap
  /// share them, is placed overlaid (tessel-dynamic-shared-memory): past
  /// the threshold above, and within it where an SM then holds more of the
  /// blocks, as far as its blocks and warps allow (no TMA load writing
  /// them, which the pass checks). Where the target has no threshold,
  /// never.
  bool overlaysSharedMemory(double bytes, double overlaid,
                            int64_t threads) const;
  /// The matrix-core MFMA instructions Tessel issues (bf16 and f16 into
  /// f32, 16x16x16 and 32x32x8: AMD CDNA2 and CDNA3, gfx90a and gfx94x;
  /// CDNA1's gfx908 lacks these bf16 shapes).
  bool hasMfma() const;
  /// Asynchronous global-to-shared copies, cp.async (NVIDIA sm_80 and
  /// newer).
  bool hasAsyncCopy() const;
  /// Whether a block may opt into more shared memory than it may allocate
  /// statically (NVIDIA: dynamic shared memory, raised at launch;
  /// tessel-dynamic-shared-memory moves buffers past the static limit
  /// there). AMD's LDS has no such opt-in.
  bool hasDynamicSharedMemory() const;
  /// The most shared memory one block may use: shared_mem_per_block_bytes
  /// where dynamic shared memory makes it reachable, else the static limit
  /// (static_shared_mem_per_block_bytes, or shared_mem_per_block_bytes
  /// where the target has none).
  double blockSharedMemoryLimit() const;

  /// Peak dense bf16 tensor FLOP/s divided by peak HBM bytes/s: the
  /// arithmetic intensity (FLOP/byte) at which the roofline turns.
  double ridgePointBF16() const;

  /// Checks that every required field is present and every value is in its
  /// domain. Returns an empty string when valid, else the first problem.
  std::string validate() const;

private:
  std::string name_;
  Vendor vendor_;
  std::string arch_;
  std::string description_;
  std::array<std::optional<CitedValue>, kNumTargetFields> values_;
};

/// Names of the built-in targets, in table order.
std::vector<std::string> knownTargetNames();

/// The built-in target called `name` (case-sensitive), or nullopt.
std::optional<Target> lookupKnownTarget(std::string_view name);

/// Parses a target description in JSON. On failure returns nullopt and sets
/// `error` to a message that names the offending key.
std::optional<Target> parseTargetJson(std::string_view text,
                                      std::string_view sourceName,
                                      std::string &error);

/// Reads and parses the JSON target description at `path`.
std::optional<Target> loadTargetFile(const std::string &path,
                                     std::string &error);

/// Resolves `spec`: a built-in target name, or a path to a JSON file (any spec
/// ending in ".json"). The error for an unknown name lists the known ones.
std::optional<Target> resolveTarget(const std::string &spec,
                                    std::string &error);

/// Serializes `target` in the format `parseTargetJson` reads: indented, or
/// on one line with `compact` (what a #tessel.target carries).
std::string targetToJson(const Target &target, bool compact = false);

/// A human-readable table of every field, its value, unit and source.
std::string formatTargetTable(const Target &target);

/// The compute capability an NVIDIA arch names (90 for "sm_90a", 80 for
/// "sm_80"), or nullopt when `arch` is not "sm_" followed by digits.
std::optional<unsigned> smVersionOf(std::string_view arch);

/// The compute capability of an NVIDIA target (90 for sm_90a), 0 for
/// another vendor or an arch that does not parse: what decides whether
/// mma.sync and cp.async exist (sm_80 and newer).
unsigned nvidiaSm(const Target &target);

} // namespace mlir::tessel

#endif // TESSEL_COSTMODEL_TARGET_H
