//===- ModelTerms.h - The cost model's terms, one function each -*- C++ -*-===//
//
// predict() (Model.cpp) is a sequence of terms, each a function over one
// shared context: the schedule's legality, the block's resources and the
// SM's occupancy (Occupancy.cpp); the thread geometry and what each thread
// executes (ThreadWork.cpp); compute, L1 loads, DRAM, L2, latency, blocks
// and launch (Terms.cpp). The numbered sections of docs/cost-model.md
// follow the same order. This header is internal to the cost model and to
// its unit tests, which reach each term on its own.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_COSTMODEL_MODELTERMS_H
#define TESSEL_COSTMODEL_MODELTERMS_H

#include "costmodel/Model.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::model {

/// How many of a thread's load rounds overlap in the code Tessel emits (the
/// backends unroll the inner loops and issue the loads of several
/// iterations before the first use). Not a hardware figure but one of the
/// emitted code, so it lives here rather than in the target table. Fitted
/// on the H100 suite (bench/data/h100/suite-2026-11-22.json, `tessel-bench
/// accuracy --repredict`, the model as it was then): Spearman 0.68 / 0.68 /
/// 0.74 / 0.71 and MAPE 249 / 125 / 92 / 91 % at 1 / 2 / 4 / 8.
inline constexpr double kRoundsInFlight = 4;

/// The loads of a walk along a row (a reduction an instance runs whole)
/// issued before the first add that waits on them: LLVM's unroller unrolls
/// the loop by 4 (the PTX of f32 and bf16 row sums on 1 to 8 warps). A
/// figure of the emitted code, like kRoundsInFlight. (ptxas, given a
/// one-warp block, keeps more in flight; such a block is bound by its
/// requests to L1 instead.)
inline constexpr double kWalkLoadsPerRound = 4;

/// The k's whose loads a thread of a contraction without a K step has in
/// flight at once: LLVM unrolls the k loop by 2 (ld A, ld B, fma, ld A,
/// ld B, fma in the PTX of the suite's SIMT matmuls, f32 and bf16, K of 768
/// to 11008), and ptxas, at the 32 registers that a block of two or more
/// warps gets at full occupancy (ptxas -v for sm_90a: 28 to 32), issues
/// none of the next iteration's loads before this one's FMAs. A one-warp
/// block may take 64 registers (ptxas -v: 61 to 64) and keeps more in
/// flight: kRoundsInFlight k's a round, as fitted. A figure of the emitted
/// code, like kRoundsInFlight.
inline constexpr double kUnrolledKPerRound = 2;

/// The share of a kernel's last, partial turn of blocks (no K step) that
/// the turn before it hides. In lockstep, the last turn's blocks start
/// when the previous turn's end and, being fewer, queue less for L1 but
/// expose more of their latency (latencyTime's turn). The blocks of a turn
/// do not end together (L1 serves their warps in no fixed order, and SMs
/// sit at different distances from L2's slices), and the block scheduler
/// hands those left to whichever SM frees a slot first, so the last turn
/// overlaps the previous one's end: this much of its excess over its share
/// of a full turn (its blocks over a full turn's) is hidden. Fitted on the
/// H100 suite's first run (bench/data/h100/suite-2026-11-22.json; it moves
/// the SIMT GEMMs of BERT and LLaMA at 1.1 to 4.4 waves): top-1 regret 2.0 /
/// 1.4 / 1.4 / 4.3 % and Spearman 0.88 / 0.92 / 0.92 / 0.90 at 0 / 0.6 /
/// 0.75 / 1 (MAPE 17.3 / 16.0 / 15.8 / 15.8 %). A figure of how the
/// hardware schedules blocks, not of any one target, like kRoundsInFlight.
inline constexpr double kLastTurnHidden = 0.75;

/// What the code Tessel emits for one call of a math function issues: its
/// instructions, and of those the special-function ones (results an SM
/// produces at special_functions_per_clock). Figures of the emitted code,
/// like kRoundsInFlight. NVIDIA (tessel-to-nvvm links libdevice): the PTX
/// of an f32 elementwise kernel calling the function once an element
/// (tessel-compile --emit=ptx for h100, LLVM 22), less the kernel's loads,
/// stores and addresses: exp 12 (one ex2.approx), tanh 19 (ex2.approx and
/// rcp.approx), erf 26 (one ex2.approx), rsqrt 1 (rsqrt.approx). AMD
/// (tessel-expand-math's polynomials, counted in its output): exp 32,
/// tanh 19 and erf 37 (a division one of them), rsqrt 2 (a square root,
/// then a division). Other math functions: one special-function
/// instruction.
struct MathFunctionCode {
  double instructions, specialFunctions;
};
/// Indexed by MathFunction.
inline constexpr std::array<MathFunctionCode, kMathFunctions> kNvidiaMathCode =
    {{
        {12, 1}, // Exp
        {19, 2}, // Tanh
        {26, 1}, // Erf
        {1, 1},  // Rsqrt
        {1, 1},  // Other
    }};
inline constexpr std::array<MathFunctionCode, kMathFunctions> kAmdMathCode = {{
    {32, 0}, // Exp
    {19, 0}, // Tanh
    {37, 0}, // Erf
    {2, 1},  // Rsqrt
    {1, 1},  // Other
}};

/// Registers a thread of Tessel's kernels uses besides a K step's
/// accumulator tile (addresses, indices, loaded operands). Like
/// kRoundsInFlight a figure of the emitted code: ptxas -v on sm_90a for
/// twelve K-step matmuls (thread tiles 1x1 to 16x8, f32 and bf16) reported
/// 32 + the accumulator tile within -12..+16 registers (32 to 162 in all),
/// and 16 to 40 for the SIMT kernels of the demo.
inline constexpr int64_t kBaseRegisters = 32;
/// What a SIMT K step of a one-warp block takes on NVIDIA beyond
/// kBaseRegisters and its accumulators, and beyond that with f32 operands.
/// ptxas, told the block is 32 threads (.maxntid) and so free to give each
/// up to 255 registers without costing a block, keeps more of a step's
/// operands and addresses live than in larger blocks. Fitted on ptxas 13
/// -v (sm_90a) over the 30 kernels of
/// bench/workloads/simt-register-sweep.mlir (48 to 154 registers; 17
/// within 10 %, 5 at kBaseRegisters + accumulators).
inline constexpr int64_t kOneWarpKStepRegisters = 14;
inline constexpr int64_t kOneWarpF32KStepRegisters = 16;
/// A wgmma kernel's registers beyond its accumulators: its descriptors,
/// barriers' addresses, pipeline indices and the epilogue's (ptxas -v, see
/// registersPerThread).
inline constexpr int64_t kWgmmaAddressRegisters = 26;
/// What a wgmma K step from the block's threads' copies takes besides
/// (registersPerThread): the copies' loads, a prologue's values.
inline constexpr int64_t kWgmmaCopyRegisters = 32;
/// VGPRs per MFMA operand piece of a K step in a lane's estimate: an A
/// piece takes two (four 16-bit elements), a B piece four until its
/// elements, loaded one by one, are packed, and the backend loads a step's
/// pieces ahead of its MFMAs; fitted to the backend's VGPR counts (see
/// registersPerThread).
inline constexpr int64_t kMfmaFragmentRegisters = 4;

/// The fitted figures of registersPerThread's mma.sync estimate: a base,
/// per accumulator register, per operand-fragment register and per stage
/// (up to stagesSeen: the suite's deepest mma.sync pipelines).
struct MmaRegisterFit {
  double base, perAccumulator, perFragment, perStage;
  int64_t stagesSeen;
};
inline constexpr MmaRegisterFit kMmaRegisters = {22, 1.03, 0.74, 4, 4};

/// The fitted figures of simtRegisters: a base (indices, the first
/// addresses), a load's address share besides its values, a
/// transcendental's temporaries (up to transcendentalsSeen of a step), an
/// unrolled vector step (up to stepsSeen), a gather's index terms for each
/// root loop its indices follow past the first, and a gathered element's
/// index (up to gatherElementsSeen of a thread).
struct SimtRegisterFit {
  double base, perLoadAddress, perTranscendental, transcendentalsSeen, perStep,
      stepsSeen, perGatherLoop, perGatherElement, gatherElementsSeen;
};
inline constexpr SimtRegisterFit kSimtRegisters = {
    /*base=*/11,
    /*perLoadAddress=*/0.5,
    /*perTranscendental=*/2,
    /*transcendentalsSeen=*/8,
    /*perStep=*/1,
    /*stepsSeen=*/8,
    /*perGatherLoop=*/4,
    /*perGatherElement=*/0.25,
    /*gatherElementsSeen=*/8};

/// A tensor-core K step's shape in pieces of its instruction (mma.sync's
/// 16 x 8 x 16, or MFMA's): a warp's pieces along M and N and along the
/// step.
struct MmaTiles {
  int64_t pm = 0, pn = 0, pk = 0;
};

/// What every term reads: the kernel, the schedule, the target, and what
/// follows from the three before any time is computed.
struct Context {
  Context(const KernelDesc &kernel, const Schedule &schedule,
          const Target &target);
  // A context refers to its inputs: they must outlive it.
  Context(KernelDesc &&, const Schedule &, const Target &) = delete;
  Context(const KernelDesc &, Schedule &&, const Target &) = delete;
  Context(const KernelDesc &, const Schedule &, Target &&) = delete;

  const KernelDesc &kernel;
  const Schedule &schedule;
  const Target &target;
  /// The root's parallel loops (indices into KernelDesc::loops) and the
  /// block tile along each (tilesOf).
  std::vector<int> parallel;
  std::vector<int64_t> tiles;
  /// The block tile along the last two parallel loops: a contraction's M
  /// and N (a batch_matmul's tensor-core block takes one batch element).
  int64_t tileM() const { return tiles[tiles.size() - 2]; }
  int64_t tileN() const { return tiles.back(); }
  /// The schedule's K step (0: none).
  int64_t kStep = 0;
  int64_t threadsPerBlock = 0;
  /// Tensor cores: mma.sync, wgmma (`wgmma` set too) or MFMA (`mfma` set
  /// too).
  bool mma = false;
  bool wgmma = false;
  bool mfma = false;
  /// wgmma whose operand tiles TMA loads (no warp tile: tessel-lower-wgmma),
  /// rather than the block's threads (a warp tile: tessel-lower-mma issues
  /// the warps' pieces as their warpgroups').
  bool tma = false;
  /// The block tiles divide the root's loops: cooperative reductions are
  /// split over the block's threads (Execution::Cooperative*).
  bool tilesDivide = false;
  /// ... and one of them combines partials, so every thread has work.
  bool everyThread = false;
  /// Set by mmaRefusal for an mma.sync, wgmma or MFMA schedule (MFMA: in
  /// pieces of `mfmaShape`).
  MmaTiles mmaTiles;
  MfmaShape mfmaShape;
  /// The reduction length of the kernel's K-steppable contraction (0: none).
  int64_t contractionReduction = 0;
};

/// How the block's threads lie over its tile (threadLayout), and what
/// follows for each root parallel loop.
struct ThreadGeometry {
  std::vector<int64_t> layout;     // threads along each parallel loop (0: none)
  std::vector<double> extent;      // a thread's elements along each
  double elementsPerThread = 1;    // their product
  std::vector<int64_t> warpLanes;  // one warp's lanes along each
  int innermost = -1;              // the root loop threads x run along
  std::vector<double> activeLanes; // warp lanes that hold an element
  double activeWarps = 0;          // warps with at least one element
  /// The target gives its memory sector size (else every lane's bytes
  /// count).
  bool sectors = false;
};

/// What one block's threads execute, summed over the kernel's Work.
struct WorkCost {
  /// Operations of the busiest thread (a multiply-add counts 2; a load
  /// takes an issue slot as an FMA does).
  double perThreadFlops = 0;
  /// Bytes each warp moves through L1 / shared memory.
  double perWarpLoadBytes = 0;
  /// Bytes each warp's stores of the output move through L1, in whole
  /// sectors (L1 writes through: a store instruction sends every sector its
  /// lanes touch on to L2). Counted for a pure elementwise kernel (see
  /// addElementwiseSteps in ThreadWork.cpp); 0 elsewhere, where the store
  /// is one of the loads' many instructions.
  double perWarpStoreBytes = 0;
  /// Flops a block runs on tensor cores (mma.sync K steps).
  double tensorFlopsPerBlock = 0;
  /// Dependent round trips to global memory per thread (an op instance's
  /// loads are issued together; its next iteration waits for them), and to
  /// shared memory (an L1 hit's latency), outside a K loop.
  double perThreadRounds = 0, sharedRounds = 0;
  /// Rounds to global memory that nothing overlaps: a thread walking a row
  /// along memory in an op's own loop (a reduction) issues the loads of one
  /// cache line, then adds them into its running value before the next
  /// line's; the line's later loads hit L1.
  double serialRounds = 0;
  /// ... and, of each line, the later loads' rounds: L1 hits, waited on
  /// kWalkLoadsPerRound loads at a time.
  double serialHitRounds = 0;
  /// A contraction without a K step: the rounds of its k loop, each an L2
  /// round trip nothing overlaps (kUnrolledKPerRound k's each, or
  /// kRoundsInFlight in a one-warp block).
  double contractionRounds = 0;
  /// Of those, the rounds of a thread's later outputs over the elements of
  /// the input that paces the loop (its outputs along the loops that input
  /// does not index: a column of B read again for each of its rows), and
  /// that input's footprint per block: where the resident blocks'
  /// footprints fit in L1, those rounds wait on L1 (latencyTime).
  double contractionRereadRounds = 0, contractionBlockBytes = 0;
  /// A K loop: its steps, each a global round trip for the copies to
  /// shared memory and a barrier before the step's math, which reads the
  /// tiles in `sharedRoundsPerStep` dependent shared-memory rounds; the
  /// schedule's stages keep the copies of later steps in flight
  /// (latencyTime).
  double kSteps = 0, sharedRoundsPerStep = 0;
  /// A SIMT K step's shared-memory wavefronts per warp and step (its
  /// operands' loads and its accumulator's round trip), which the SM's L1
  /// serves one a clock to all its warps (simtStepAlone).
  double sharedFrontsPerStep = 0;
  /// The bytes a block copies into shared memory per K step (each
  /// operand tile's rows in memory sectors): a step's round trip delivers
  /// them over the SM's link to L2 after the latency.
  double stepBytes = 0;
  /// The warps of a block that issue this work (0: not known, and
  /// latencyTime counts the latency chain alone).
  double warps = 0;
};

/// What combining a cooperative reduction's partials in a tree costs
/// (tessel-tile-and-fuse's combineInTree): `rows` rows of `threads`
/// partials; step by step, m = floor(n / 2) pairs of each row are added by
/// m threads along the row and the rest along the rows, and an odd middle
/// partial is copied by one thread per row.
struct TreeCost {
  double steps = 0;             // barriers, one shared-memory round each
  double combinesPerThread = 0; // the busiest thread's operations
  double warpLoads = 0;         // warp-wide shared loads of the block
  int64_t carried = 0;          // steps carrying an odd middle partial over
};
TreeCost treeCost(double rows, int64_t threads, int64_t warpSize);

/// The LDS wavefronts one 64-lane wavefront's accesses to the fragments of
/// one MFMA piece take (passes/MfmaLayout.h; each half of 32 lanes priced
/// as shared memory is): A's one 8-byte load a lane, B's four 2-byte loads,
/// and the accumulator's values read (or written) once, with rows of A, B
/// and the accumulator `*RowBytes` apart.
struct MfmaFragmentFronts {
  double a = 0, b = 0, c = 0;
};
MfmaFragmentFronts mfmaFragmentFronts(const MfmaShape &s, int64_t aRowBytes,
                                      int64_t bRowBytes, int64_t cRowBytes);

// 1. Legality and occupancy (Occupancy.cpp). Each refusal is the reason the
// schedule is illegal; nullopt: it passes.
std::optional<std::string> scheduleRefusal(const Context &c);
/// Why the block's tiles, or the threads' parts of them, break a loop
/// read through floordiv or mod (Loop::period, tileKeepsPeriods), if they
/// do.
std::optional<std::string> periodRefusal(const Context &c,
                                         const ThreadGeometry &g);
/// The wgmma tiling (fills c.mmaTiles as mma.sync pieces).
std::optional<std::string> wgmmaRefusal(Context &c);
/// The mma.sync tiling (fills c.mmaTiles).
std::optional<std::string> mmaRefusal(Context &c);
/// Software pipelining; sets `unmodelled` for a schedule that is emitted
/// but not priced.
std::optional<std::string> stagesRefusal(const Context &c, bool &unmodelled);
/// Shared memory per block: a K step's accumulator and operand tiles (one
/// per stage), cooperative reductions' partials and trees.
int64_t sharedMemoryBytes(const Context &c);
/// Registers per thread, estimated: kBaseRegisters plus a K step's
/// accumulator tile (and an mma.sync warp's fragments).
int64_t registersPerThread(const Context &c);
/// Shared memory, registers, blocks per SM and occupancy into `p`.
std::optional<std::string> occupancyRefusal(const Context &c, Prediction &p);

// 2. Tiles, blocks and waves (Terms.cpp): p.blocks and p.waves; returns the
// blocks the busiest SM runs.
double blocksAndWaves(const Context &c, Prediction &p);

/// How p.blocks spread over `t`'s SMs: sets p.waves (at p.blocksPerSM
/// resident an SM) and returns the blocks the busiest SM runs.
double spreadBlocks(const Target &t, Prediction &p);
/// Of those, how many are resident at once (at least one).
inline double residentBlocks(const Prediction &p, double blocksOnBusiestSM) {
  return std::max(1.0, std::min(double(p.blocksPerSM), blocksOnBusiestSM));
}

// 3. What each thread executes (ThreadWork.cpp).
std::optional<ThreadGeometry> threadGeometry(const Context &c);
std::optional<std::string> vectorRefusal(const Context &c,
                                         const ThreadGeometry &g);
/// Bytes one warp's load of one element per lane moves through L1; `lanes`
/// elements per lane for a vector load.
double warpLoadBytes(const Context &c, const ThreadGeometry &g,
                     const Load &load, double lanes = 1);
/// What one warp's load holds L1 for, in bytes at l1_bytes_per_clock: its
/// sectors (warpLoadBytes), and at least a clock for each cache line its
/// lanes touch. L1 serves one line a clock however few of its sectors a
/// load uses: lanes along a dim other than the contiguous one take a clock
/// each (measured on the H100: a direct convolution's time in proportion
/// to the lines its input loads touch; docs/cost-model.md, term 3).
double warpL1Bytes(const Context &c, const ThreadGeometry &g, const Load &load,
                   double lanes = 1);
/// The kernel's Work as the block's threads run it; sets p.uncalibrated
/// where a figure is missing.
WorkCost workCost(const Context &c, const ThreadGeometry &g, Prediction &p);

/// The clocks a step of each of `population` blocks takes when each
/// alternates between `service` clocks of work on the SM (one block at a
/// time) and `think` clocks away from it (mean value analysis of the closed
/// queue; latencyTime).
double closedQueueCycle(double service, double think, int64_t population);

// 3-9. The times (Terms.cpp), each in microseconds.
/// SIMT work and tensor-core flops on the busiest SM; returns the peak the
/// kernel's flops are judged against (fractionOfPeak).
double computeTime(const Context &c, const ThreadGeometry &g, const WorkCost &w,
                   double blocksOnBusiestSM, Prediction &p);
double loadsTime(const Context &c, const ThreadGeometry &g, const WorkCost &w,
                 double blocksOnBusiestSM, Prediction &p);
/// The bytes DRAM moves at the achievable bandwidth for their size: each
/// operand once (unique bytes, also set in `uniqueBytes`), or an input its
/// blocks reread as each wave of resident blocks reads it
/// (waveReadBytes) where the inputs exceed l2_reuse_bytes; sets
/// p.dramBytes.
double dramTime(const Context &c, Prediction &p, double *uniqueBytes = nullptr);
/// What the waves of blocks (SMs x blocksPerSM at a time, in the order the
/// schedule's raster starts them) read of the inputs, each wave its
/// blocks' tiles once; nullopt where no block rereads an input or the grid
/// is too long to walk.
std::optional<double> waveReadBytes(const Context &c, const Prediction &p);
/// The row and column of tiles of block `id` in a plane of rows x cols
/// tiles whose blocks start in groups of `group` rows (Schedule::raster;
/// clamped to [1, rows]): the group's blocks walk down its rows, then
/// across its columns (tessel-raster-blocks emits the same arithmetic).
std::pair<int64_t, int64_t> rasterBlock(int64_t id, int64_t rows, int64_t cols,
                                        int64_t group);
/// The largest group the enumeration offers.
inline constexpr int64_t kMaxRasterGroup = 64;
/// For a linear tensor-core schedule `s` of two parallel loops (a matmul)
/// predicted as `p`: the raster whose waves read the fewest DRAM bytes
/// (waveReadBytes at p's blocks per SM), of 1 and the powers of two up to
/// the rows of tiles (or kMaxRasterGroup); 1 where no group reads fewer,
/// the smaller group on a tie, and for any other schedule.
int64_t fewestReadsRaster(const KernelDesc &k, const Schedule &s,
                          const Prediction &p, const Target &t);
/// Tile footprints through L2 and the busiest SM's link to it, each row of
/// a tile in whole sectors (a pure elementwise kernel's output as its
/// stores move it: w.perWarpStoreBytes), and the requests they make of L2
/// (l2_requests_per_clock); sets p.l2Bytes (the tiles' bytes).
double l2Time(const Context &c, const WorkCost &w, double blocksOnBusiestSM,
              Prediction &p);
/// The clocks of a SIMT K step of one block alone on the SM: a
/// shared-memory round trip every k and the issue of each of its warps at
/// lane_cycles_alone, its warps on a scheduler hiding each other's waits
/// (NVIDIA, where the k loop stays rolled); `overlapped` on AMD and where
/// the target lacks a figure.
double simtStepAlone(const Context &c, const WorkCost &w, double overlapped,
                     Prediction &p);
/// Dependent rounds on the busiest SM, and a K loop's steps as a pipeline
/// of `stages` (reads p.computeUs and p.loadsUs: a step's own work).
double latencyTime(const Context &c, const WorkCost &w,
                   double blocksOnBusiestSM, double uniqueBytes, Prediction &p);
double blocksTime(const Context &c, double blocksOnBusiestSM, Prediction &p);
double launchTime(const Context &c, Prediction &p);
/// The binding term, the time and the fraction of `peak` it reaches.
void combineTerms(Prediction &p, double peak);
/// `p` made illegal for `why` (no time: infinity), returned.
Prediction markIllegal(Prediction p, std::string why);
/// What the hardware allows for this work (Prediction::achievableUs).
double achievableTime(const Context &c, double uniqueBytes, Prediction &p);

// Shared helpers.
/// Whether a term may use `field` of the target: it is present. A field
/// that is absent, or holds an estimate (Target::isEstimate), marks the
/// prediction uncalibrated.
bool usable(const Target &t, TargetField field, bool &uncalibrated);
/// The L1 cache `blocks` resident blocks leave for global data beside their
/// shared memory (l1_cache_bytes less theirs); -1 where the target gives
/// no L1 size.
double l1BesideShared(const Target &t, const Prediction &p, int64_t blocks);
/// The reduction length of the kernel's K-steppable contraction (0: none).
int64_t contractionReduction(const KernelDesc &k);
/// The schedule's K step: the `block` entry after those of the parallel
/// loops, for a kernel with a K-steppable contraction (0: none).
int64_t kStepOf(const KernelDesc &k, const Schedule &s);
/// Peak FLOP/s of a compute class for an input type.
double peakFlops(const Target &t, ComputeClass c, ElementType type);
/// Achievable DRAM bandwidth moving `bytes` (the target's efficiency
/// curve); sets `uncalibrated` where the target has none.
double dramBandwidth(const Target &t, double bytes, bool &uncalibrated);
/// The product of the block tile along the root parallel loops in `loops`.
double tileProduct(const Context &c, const std::vector<int> &loops);
/// The elements one copy of a K step's operand tile moves.
int64_t copyWidth(const Context &c, const Load &operand);
/// Whether a SIMT K step copies the contraction's operand `operand` (0: A,
/// 1: B) from the transpose of how it is stored (a `transpose_lhs` A, [..,
/// K, M] in memory; a `transpose_rhs` B, [.., N, K]): along the dim it is
/// stored along, one element a thread (gatheredCopyL1Bytes), into rows
/// padded by kSimtRowPad where the step is unpipelined. (Tensor
/// cores read such a B in place and gather such an A as a prologue.)
bool copiesTransposed(const Context &c, size_t operand);
/// The elements an unpipelined SIMT K step adds to each row of its buffer
/// of `w`'s operand tile `operand` (kSimtRowPad or 0): A's rows along K
/// where the tile has more than one, a transposed B's along N.
int64_t simtRowPad(const Context &c, const Work &w, size_t operand);
/// Whether a SIMT K step's threads keep their parts of `w`'s accumulator
/// in registers through the K loop (tessel-hoist-accumulators), starting
/// at zero and storing them into the block's tile once after it (on AMD
/// in a K loop LLVM may not unroll: tessel-hoist-accumulators'
/// roll-simt-loops), where there is a K loop (more than one step) and each
/// thread's part is static: along every parallel loop of the contraction the
/// block's tile (at most the loop's size) divides the loop and splits evenly
/// over the threads along it. Otherwise the thread copies its part in and out
/// every step (a remainder tile's copies are guarded, which keeps them in the
/// loop).
bool simtAccumulatorInRegisters(const Context &c, const Work &w);
/// A SIMT K step's chunk along N (kSimtChunkBytes), in elements, where
/// `w` (the contraction, its loops the root's) holds its columns in chunks:
/// the block's tile along N static, split evenly over the threads along N
/// (layout in `g`), each thread's share a multiple of the chunk (16 bytes
/// of B) and at least two of them; 0 elsewhere.
int64_t simtColumnChunk(const Context &c, const ThreadGeometry &g,
                        const Work &w);
/// The narrowest input type of the kernel.
ElementType narrowestInput(const KernelDesc &k);
/// An SM's FP32 lanes: peak / (SMs * 2 flops * clock).
double lanesPerSM(const Target &t);

// The fused kernels' phases (Attention.cpp, Rows.cpp).
/// One phase of a fused kernel's step (the attention's, a row kernel's):
/// `items` pieces of work spread over the block's threads (item i on thread i
/// mod T), each `ops` issue slots of which `loads` are shared-memory accesses,
/// and `exps` exp2 results in all. `registersOnly`: the phase's work is
/// register arithmetic alone (no memory instruction at all, `loads` 0).
struct Phase {
  double items = 0, ops = 0, loads = 0, exps = 0;
  bool registersOnly = false;
};

/// Cycles of one phase: the SM's issue slots for its busiest thread's work
/// on every active warp, its shared-memory wavefronts (one per warp-wide
/// access: the layout keeps lanes in distinct banks or on one word), its
/// exp2 results, and the chain of one warp alone (one shared round trip,
/// then an instruction every issue_cycles_alone clocks; a register-only
/// phase, no round trip and an instruction every lane_cycles_alone).
struct PhaseCycles {
  double issue = 0, wavefronts = 0, sfu = 0, chain = 0;
};

PhaseCycles phaseCycles(const Phase &ph, int64_t threads, const Target &t,
                        bool &uncalibrated);
/// Blocks per SM by warps, shared memory and registers (p's), and the
/// occupancy they give; false when not one block fits.
bool occupy(Prediction &p, const Target &t, int64_t warps, int64_t threads);

} // namespace mlir::tessel::model

#endif // TESSEL_COSTMODEL_MODELTERMS_H
