//===- Model.cpp - Tessel's analytical kernel time model
//-------------------===//
//
// See Model.h and docs/cost-model.md.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <numeric>

namespace mlir::tessel {

int64_t elementBytes(ElementType type) {
  return type == ElementType::F32 ? 4 : 2;
}

Work opWork(double flops, double transcendentals, std::vector<Load> loads,
            std::vector<int> loops, bool perThread) {
  Work w;
  w.flopsPerInstance = flops;
  w.transcendentalsPerInstance = transcendentals;
  w.loads = std::move(loads);
  w.loops = std::move(loops);
  w.perThread = perThread;
  return w;
}

const BoundInfo &boundInfo(Bound bound) {
  static const BoundInfo kBounds[] = {
      {Bound::Compute, "compute",
       "the arithmetic units of the busiest SM (tile quantization and idle "
       "lanes included)",
       "#d62728"},
      {Bound::Loads, "loads",
       "operand reads through L1/shared memory: each output element rereads "
       "its operands, or, with a K step, each thread reads a column of A and "
       "a row of B per k",
       "#ff7f0e"},
      {Bound::Dram, "dram",
       "unique bytes over the measured DRAM bandwidth for their size",
       "#1f77b4"},
      {Bound::L2, "l2",
       "tile footprints through L2, or the busiest SM's link to it", "#9467bd"},
      {Bound::Latency, "latency",
       "each thread waits for its loads one iteration after another and too "
       "few threads run to hide it",
       "#8c564b"},
      {Bound::Blocks, "blocks",
       "many small blocks: the SMs' cost per block they run", "#e377c2"},
      {Bound::Launch, "launch",
       "the kernel is so small that the launch overhead dominates", "#7f7f7f"},
      {Bound::Illegal, "illegal", "no legal schedule", "#000000"},
  };
  const BoundInfo &info = kBounds[static_cast<unsigned>(bound)];
  assert(info.bound == bound && "kBounds out of the enum's order");
  return info;
}

namespace {

/// How many of a thread's load rounds overlap in the code Tessel emits (the
/// backends unroll the inner loops and issue the loads of several
/// iterations before the first use). Not a hardware figure but one of the
/// emitted code, so it lives here rather than in the target table. Fitted
/// on the H100 suite (bench/data/h100/suite-2026-11-22.json, `tessel-bench
/// accuracy --repredict`, the model as it was then): Spearman 0.68 / 0.68 /
/// 0.74 / 0.71 and MAPE 249 / 125 / 92 / 91 % at 1 / 2 / 4 / 8.
constexpr double kRoundsInFlight = 4;

/// Registers a thread of Tessel's kernels uses besides a K step's
/// accumulator tile (addresses, indices, loaded operands). Like
/// kRoundsInFlight a figure of the emitted code: ptxas -v on sm_90a for
/// twelve K-step matmuls (thread tiles 1x1 to 16x8, f32 and bf16) reported
/// 32 + the accumulator tile within -12..+16 registers (32 to 162 in all),
/// and 16 to 40 for the SIMT kernels of the demo.
constexpr int64_t kBaseRegisters = 32;

std::vector<int> parallelLoops(const KernelDesc &k) {
  std::vector<int> p;
  for (int i = 0; i < int(k.loops.size()); ++i)
    if (!k.loops[i].reduction)
      p.push_back(i);
  return p;
}

/// The tile of each parallel loop: the schedule's block covers the innermost
/// ones (its first entries when it has more than there are parallel loops: a
/// contraction's `K` step comes last), 1 for the rest, clamped to the loop
/// size (as tile-and-fuse does).
std::vector<int64_t> tilesOf(const KernelDesc &k, const Schedule &s,
                             const std::vector<int> &parallel) {
  std::vector<int64_t> tiles(parallel.size(), 1);
  size_t n = std::min(s.block.size(), parallel.size());
  for (size_t fromEnd = 0; fromEnd < n; ++fromEnd) {
    size_t j = parallel.size() - 1 - fromEnd;
    tiles[j] = std::min(s.block[n - 1 - fromEnd], k.loops[parallel[j]].size);
  }
  return tiles;
}

/// The schedule's K step: the `block` entry after those of the parallel
/// loops, for a kernel with a contraction (0: none, or no contraction).
int64_t kStepOf(const KernelDesc &k, const Schedule &s, size_t parallel) {
  if (!k.kSteppable || s.block.size() != parallel + 1)
    return 0;
  return s.block.back();
}

/// The product of the block tile along the root parallel loops in `loops`
/// (others count 1).
double tileProduct(const std::vector<int> &loops,
                   const std::vector<int> &parallel,
                   const std::vector<int64_t> &tiles) {
  double n = 1;
  for (int l : loops) {
    auto it = std::find(parallel.begin(), parallel.end(), l);
    if (it != parallel.end())
      n *= double(tiles[it - parallel.begin()]);
  }
  return n;
}

/// Elements of a tile of `load` (the tile sizes of the root loops indexing
/// it) times `extra` (a K step's length for a contraction's operand).
double tileElements(const Load &load, const std::vector<int> &parallel,
                    const std::vector<int64_t> &tiles, double extra) {
  return extra * tileProduct(load.loops, parallel, tiles);
}

/// Peak FLOP/s of a compute class for the kernel's narrowest input type.
double peakFlops(const Target &t, ComputeClass c, ElementType type) {
  if (c == ComputeClass::Simt)
    return t.get(TargetField::PeakF32SimtTFlops) * 1e12;
  return (type == ElementType::F16 ? t.get(TargetField::PeakF16TensorTFlops)
                                   : t.get(TargetField::PeakBF16TensorTFlops)) *
         1e12;
}

/// Achievable DRAM bandwidth moving `bytes`: the target's measured
/// efficiency curve, linear in log2(size) between its points and held flat
/// outside them; the datasheet peak when the target has no curve.
double dramBandwidth(const Target &t, double bytes, bool &uncalibrated) {
  double peak = t.get(TargetField::HbmBandwidthTBps) * 1e12;
  if (!t.has(TargetField::HbmEfficiency16MiB) ||
      !t.has(TargetField::HbmEfficiency64MiB) ||
      !t.has(TargetField::HbmEfficiency256MiB)) {
    uncalibrated = true;
    return peak;
  }
  const double mib = 1024.0 * 1024.0;
  const double x[3] = {std::log2(16 * mib), std::log2(64 * mib),
                       std::log2(256 * mib)};
  const double y[3] = {t.get(TargetField::HbmEfficiency16MiB),
                       t.get(TargetField::HbmEfficiency64MiB),
                       t.get(TargetField::HbmEfficiency256MiB)};
  double lx = std::log2(std::max(bytes, 1.0));
  double eff;
  if (lx <= x[0])
    eff = y[0];
  else if (lx >= x[2])
    eff = y[2];
  else {
    int i = lx < x[1] ? 0 : 1;
    eff = y[i] + (y[i + 1] - y[i]) * (lx - x[i]) / (x[i + 1] - x[i]);
  }
  return peak * eff;
}

/// The reduction of the kernel's steppable contraction (Work::contraction),
/// 0 when it has none.
int64_t contractionReduction(const KernelDesc &k) {
  int64_t reduction = 0;
  for (const Work &w : k.work)
    if (w.contraction)
      reduction = w.reduction;
  return reduction;
}

/// The elements one copy of a K step's operand tile moves
/// (copyVectorWidth): its rows run along the operand's contiguous dim, a
/// root loop's tile or the K step (`contiguous` < 0), and are the same
/// length in every step when the tile divides the dim or covers it.
int64_t copyWidth(const KernelDesc &k, const Load &operand,
                  const std::vector<int> &parallel,
                  const std::vector<int64_t> &tiles, int64_t kStep) {
  int64_t size = contractionReduction(k), tile = kStep;
  if (operand.contiguous >= 0) {
    auto it = std::find(parallel.begin(), parallel.end(), operand.contiguous);
    if (it == parallel.end())
      return 1;
    size = k.loops[operand.contiguous].size;
    tile = tiles[it - parallel.begin()];
  }
  int64_t row = tile >= size ? size : size % tile == 0 ? tile : 0;
  return copyVectorWidth(row, size, int64_t(operand.bytes));
}

/// The wavefronts (shared-memory clocks) one warp-wide access takes when
/// lane l reads `bytes` at byte `address(l)`: 32 banks of 4 bytes each
/// serve one word per wavefront, lanes reading the same word share it, and
/// accesses wider than a word are served 128 bytes' worth of lanes at a
/// time (CUDA C++ Programming Guide, shared memory).
template <typename AddressFn>
double sharedWavefronts(AddressFn address, int64_t bytes) {
  int64_t words = std::max<int64_t>(1, bytes / 4);
  int64_t group = std::min<int64_t>(32, 128 / (4 * words));
  double total = 0;
  for (int64_t first = 0; first < 32; first += group) {
    std::array<std::vector<int64_t>, 32> banks;
    for (int64_t lane = first; lane < first + group; ++lane)
      for (int64_t w = 0; w < words; ++w) {
        int64_t word = address(lane) / 4 + w;
        std::vector<int64_t> &bank = banks[word % 32];
        if (std::find(bank.begin(), bank.end(), word) == bank.end())
          bank.push_back(word);
      }
    size_t most = 1;
    for (const std::vector<int64_t> &bank : banks)
      most = std::max(most, bank.size());
    total += double(most);
  }
  return total;
}

/// A tensor-core K step's shape (mma.sync.m16n8k16): a warp's 16 x 8
/// pieces along M and N, 16-deep pieces along the step.
struct MmaTiles {
  int64_t pm = 0, pn = 0, pk = 0;
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

TreeCost treeCost(double rows, int64_t threads, int64_t warpSize) {
  TreeCost cost;
  auto part = [&](int64_t width, double loadsEach) {
    double alongRows =
        std::min(rows, double(std::max<int64_t>(1, threads / width)));
    double each = std::ceil(rows / alongRows);
    double active = double(width) * alongRows;
    cost.combinesPerThread += each;
    cost.warpLoads += loadsEach * each * std::ceil(active / double(warpSize));
  };
  for (int64_t n = threads; n > 1; n = (n + 1) / 2) {
    int64_t s = (n + 1) / 2, m = n - s;
    cost.steps += 1;
    part(m, 2);
    if (s > m) {
      cost.steps += 1;
      cost.carried += 1;
      part(1, 1);
    }
  }
  return cost;
}

} // namespace

std::optional<std::vector<int64_t>>
threadLayout(const std::vector<int64_t> &tiles,
             const std::vector<int64_t> &block,
             const std::vector<int64_t> &thread, int64_t threads) {
  std::vector<int64_t> layout(tiles.size(), 0);
  if (tiles.empty())
    return layout;
  if (!thread.empty()) {
    // The thread tile lines up with `block`: its last entries cover the
    // innermost parallel loops.
    size_t n = std::min(block.size(), tiles.size());
    if (thread.size() < n)
      return std::nullopt;
    size_t used = std::min<size_t>(3, n);
    int64_t total = 1;
    for (size_t fromEnd = 0; fromEnd < used; ++fromEnd) {
      int64_t b = block[n - 1 - fromEnd];
      int64_t t = thread[n - 1 - fromEnd];
      if (t < 1)
        return std::nullopt;
      layout[tiles.size() - 1 - fromEnd] = b / t;
      // Hand-written sizes may be huge: a product past 64 bits is no
      // layout.
      if (__builtin_mul_overflow(total, b / t, &total))
        return std::nullopt;
    }
    if (total != threads)
      return std::nullopt;
    return layout;
  }
  int64_t inner = tiles.back(), pow2 = 1;
  while (pow2 < inner)
    pow2 *= 2;
  // Along x a power of two that divides the threads (all of them for a
  // warp count that is a power of two), so that x * y makes every thread.
  int64_t tx =
      tiles.size() >= 2 ? std::gcd(threads, std::min(threads, pow2)) : threads;
  layout.back() = tx;
  if (tiles.size() >= 2)
    layout[tiles.size() - 2] = threads / tx;
  return layout;
}

bool vectorWidthFits(int64_t bound, int64_t tile, int64_t threadsAlong,
                     int64_t width) {
  if (width < 1 || tile < 1)
    return false;
  int64_t along = std::max<int64_t>(threadsAlong, 1);
  int64_t extent = (tile + along - 1) / along;
  return bound % width == 0 && tile % width == 0 && extent % width == 0;
}

int64_t copyVectorWidth(int64_t row, int64_t stride, int64_t bytes) {
  if (row <= 0 || stride <= 0 || bytes <= 0)
    return 1;
  int64_t width = 1;
  while (width * 2 * bytes <= 16 && row % (width * 2) == 0 &&
         stride % (width * 2) == 0)
    width *= 2;
  return width;
}

Prediction predict(const KernelDesc &k, const Schedule &s, const Target &t) {
  Prediction p;
  std::vector<int> parallel = parallelLoops(k);
  std::vector<int64_t> tiles = tilesOf(k, s, parallel);

  // 1. Legality and occupancy.
  p.threadsPerBlock = s.warps * t.warpSize();
  auto illegal = [&](std::string why) {
    p.legal = false;
    p.illegalReason = std::move(why);
    p.bound = Bound::Illegal;
    p.timeUs = INFINITY;
    return p;
  };
  if (s.warps < 1)
    return illegal("warps must be at least 1");
  // Split-K is two kernels (passes/SplitReduction.h), each described and
  // predicted on its own: one kernel never runs split_k > 1.
  if (s.splitK != 1)
    return illegal("split_k > 1 runs as a partial and a sum kernel, "
                   "predicted apart (tessel-select-schedules adds them)");
  if (s.stages < 1)
    return illegal("stages must be at least 1");
  if (p.threadsPerBlock > t.get(TargetField::MaxThreadsPerBlock))
    return illegal("the block's threads exceed max_threads_per_block");
  if (s.compute != ComputeClass::Simt && s.compute != ComputeClass::MmaSync)
    return illegal("only SIMT and mma.sync are emitted today");
  // When the block tiles divide the root's loops, tile-and-fuse splits each
  // cooperative reduction (Work::chunked) over all the block's threads
  // (each reduces every T-th element of the row into shared memory): one f32
  // slot per thread per row of the tile, allocated statically.
  bool cooperative = true;
  for (size_t j = 0; j < parallel.size(); ++j)
    cooperative &= k.loops[parallel[j]].size % tiles[j] == 0;
  // Then every thread of the block has work.
  bool everyThread =
      cooperative && std::any_of(k.work.begin(), k.work.end(),
                                 [](const Work &w) { return w.combines; });
  // A K step keeps the contraction's accumulator (f32 per output of the
  // tile) and one step's operand tiles in shared memory (tileContractionK).
  int64_t kStep = kStepOf(k, s, parallel.size());
  if (kStep < 0)
    return illegal("the K step must be at least 1");
  // Tensor cores (tessel-tile-and-fuse's computeWithMma): each of the
  // block's warps computes a warp tile of M x N over the whole K step in
  // 16x8x16 mma.sync pieces; the tiles must divide the shapes.
  bool mma = s.compute == ComputeClass::MmaSync;
  MmaTiles mmaTiles;
  if (mma) {
    if (!t.hasMmaSync())
      return illegal("mma.sync needs an NVIDIA GPU of sm_80 or newer");
    if (!k.mmaSyncable || kStep == 0 || parallel.size() < 2)
      return illegal("mma.sync runs the K step of a matmul or batch_matmul "
                     "of f16 or bf16 accumulated in f32");
    int64_t contractionK = contractionReduction(k);
    size_t n = s.block.size();
    if (s.warp.size() != n || s.warp.back() != kStep)
      return illegal("mma.sync needs a warp tile whose K is the K step");
    int64_t bm = s.block[n - 3], bn = s.block[n - 2];
    int64_t wm = s.warp[n - 3], wn = s.warp[n - 2];
    bool divides = k.loops[parallel[parallel.size() - 2]].size % bm == 0 &&
                   k.loops[parallel.back()].size % bn == 0 &&
                   contractionK % kStep == 0;
    for (size_t i = 0; i + 3 < n; ++i)
      divides &= s.block[i] == 1 && s.warp[i] == 1;
    using Shape = MmaSyncShape;
    if (!divides || wm % Shape::kM || wn % Shape::kN || kStep % Shape::kK ||
        bm % wm || bn % wn || (bm / wm) * (bn / wn) != s.warps)
      return illegal("the warp tiles must be multiples of 16 x 8 making "
                     "`warps`, and the block tiles and K step (a multiple "
                     "of 16) must divide the shapes");
    mmaTiles = {wm / Shape::kM, wn / Shape::kN, kStep / Shape::kK};
  }
  // Software pipelining (tessel-tile-and-fuse's pipelineCopies, then
  // tessel-async-copies): S buffers per operand tile, filled by cp.async,
  // which moves 4, 8 or 16 bytes a copy (copyWidth) on NVIDIA sm_80+. A
  // cast fused into a copy keeps that copy synchronous; the model does not
  // predict such a mix. A permutation keeping the innermost dim (rowCopy)
  // leaves the copy a plain one.
  if (s.stages > 1) {
    if (kStep == 0)
      return illegal("stages pipeline a K step's copies; the schedule has "
                     "no K step");
    if (!t.hasAsyncCopy())
      return illegal("stages need asynchronous copies (cp.async, NVIDIA "
                     "sm_80 or newer)");
    if (contractionReduction(k) <= kStep)
      return illegal("stages pipeline the K loop's steps; this K step "
                     "covers the whole reduction");
    for (const Work &w : k.work) {
      if (w.prologue && !w.rowCopy) {
        p.unmodelled = true;
        return illegal("stages with an operand computed in the copies (a "
                       "cast): those copies stay synchronous, a mix the "
                       "model does not price");
      }
      if (!w.contraction)
        continue;
      for (const Load &operand : w.operandTiles)
        if (copyWidth(k, operand, parallel, tiles, kStep) * operand.bytes < 4)
          return illegal("stages need copies of 4, 8 or 16 bytes: an "
                         "operand tile's rows are not whole pairs of "
                         "16-bit elements");
    }
  }
  for (const Work &w : k.work) {
    if (!w.contraction || kStep == 0)
      continue;
    if (mma) {
      // The accumulator (f32) and the A and B tiles (16-bit), each row
      // padded (kMmaOperandPad, kMmaAccumulatorPad), the tiles once per
      // stage.
      int64_t bm = tiles[tiles.size() - 2], bn = tiles.back();
      p.sharedBytes += 4 * bm * (bn + kMmaAccumulatorPad) +
                       s.stages * (2 * bm * (kStep + kMmaOperandPad) +
                                   2 * kStep * (bn + kMmaOperandPad));
      continue;
    }
    p.sharedBytes += int64_t(4.0 * tileProduct(w.loops, parallel, tiles));
    double step = double(std::min<int64_t>(kStep, w.reduction));
    for (const Load &operand : w.operandTiles)
      p.sharedBytes += s.stages * int64_t(tileElements(operand, parallel, tiles,
                                                       step * operand.bytes));
  }
  // Their partials are combined in a tree (combineInTree), whose steps
  // write into a second buffer of half the threads' slots, and a slot per
  // row for each odd middle partial it carries over. Whether bufferization
  // lets two reductions of a block share a partials or a tree buffer
  // depends on what stays live (a softmax's max shares its partials with
  // the sum; an attention's does not, and its two trees share one buffer):
  // each reduction is counted with buffers of its own, exact for one
  // reduction and an upper bound for more, so that no schedule the model
  // offers needs more shared memory than it counts.
  if (cooperative) {
    int64_t carried = treeCost(1, p.threadsPerBlock, 1).carried;
    for (const Work &w : k.work) {
      if (!w.combines)
        continue;
      auto rows = int64_t(tileProduct(w.loops, parallel, tiles));
      p.sharedBytes +=
          rows * 4 *
          (p.threadsPerBlock + (p.threadsPerBlock + 1) / 2 + carried);
    }
  }
  double staticShared = t.get(t.has(TargetField::StaticSharedMemPerBlockBytes)
                                  ? TargetField::StaticSharedMemPerBlockBytes
                                  : TargetField::SharedMemPerBlockBytes);
  if (double(p.sharedBytes) > staticShared)
    return illegal("the block's shared memory (" +
                   std::to_string(p.sharedBytes) +
                   " bytes) exceeds what one block may allocate statically");
  int64_t byWarps = int64_t(t.get(TargetField::MaxWarpsPerSM)) / s.warps;
  p.blocksPerSM =
      std::min<int64_t>(int64_t(t.get(TargetField::MaxBlocksPerSM)), byWarps);
  if (p.sharedBytes > 0)
    p.blocksPerSM = std::min<int64_t>(
        p.blocksPerSM,
        int64_t(t.get(TargetField::SharedMemPerSMBytes)) / p.sharedBytes);
  if (p.blocksPerSM < 1)
    return illegal("one block needs more warps than an SM holds");
  // Registers: a K step keeps each thread's tile of the accumulator in
  // registers through a step.
  p.registers = kBaseRegisters;
  if (mma)
    // Each lane keeps its fragments of the warp tile's accumulator (4 f32
    // per 16 x 8 piece) through the K loop (tessel-hoist-accumulators), and
    // the pieces of A (4 registers each) and B (2) of about two 16-wide
    // slices of the step at a time: within -14..+16 of ptxas -v (sm_90a) on
    // the 8 mma kernels of test/codegen/cpu-check-mma.mlir, the demo's 6
    // and cpu-check-mma-large-tiles' 256 x 128 (32 to 206 registers);
    // ptxas takes 252 for the 128 x 256 block of 8 warps (estimate 192).
    p.registers +=
        4 * mmaTiles.pm * mmaTiles.pn +
        (4 * mmaTiles.pm + 2 * mmaTiles.pn) * ((mmaTiles.pk + 1) / 2);
  else if (kStep > 0)
    if (std::optional<std::vector<int64_t>> layout =
            threadLayout(tiles, s.block, s.thread, p.threadsPerBlock)) {
      for (const Work &w : k.work) {
        if (!w.contraction)
          continue;
        int64_t outputs = 1;
        for (int l : w.loops) {
          auto it = std::find(parallel.begin(), parallel.end(), l);
          if (it == parallel.end())
            continue;
          size_t j = it - parallel.begin();
          int64_t along = std::max<int64_t>((*layout)[j], 1);
          outputs *= (tiles[j] + along - 1) / along;
        }
        p.registers += outputs;
      }
    }
  if (double(p.registers) > t.get(TargetField::MaxRegistersPerThread))
    return illegal("the thread's accumulator tile needs about " +
                   std::to_string(p.registers) +
                   " registers, more than a thread has (it would spill)");
  // Registers are allocated per warp in units of 8 per thread (CUDA; a
  // coarser VGPR granule on CDNA is not modelled).
  int64_t allocated = (p.registers + 7) / 8 * 8;
  p.blocksPerSM = std::min<int64_t>(
      p.blocksPerSM, int64_t(t.get(TargetField::RegistersPerSM)) /
                         (allocated * p.threadsPerBlock));
  if (p.blocksPerSM < 1)
    return illegal("one block needs more registers than an SM holds");
  p.occupancy =
      double(p.blocksPerSM * s.warps) / t.get(TargetField::MaxWarpsPerSM);

  // 2. Tiles, blocks and waves. Blocks are spread over the SMs; the busiest
  // SM runs ceil(blocks / SMs) of them, sharing its compute and its link to
  // the memory system, so time is quantized per SM: one block more than the
  // SMs hold costs a whole block's time on some SM.
  p.blocks = 1;
  double outputs = 1;
  for (size_t j = 0; j < parallel.size(); ++j) {
    int64_t size = k.loops[parallel[j]].size;
    p.blocks *= (size + tiles[j] - 1) / tiles[j];
    outputs *= double(size);
  }
  double sms = t.get(TargetField::SMCount);
  p.waves = double(p.blocks) / (sms * double(p.blocksPerSM));
  double blocksOnBusiestSM = std::ceil(double(p.blocks) / sms);

  // 3. Compute: the work each thread executes (see Work), at one SM's share
  // of the class's peak. A thread takes its tile's elements in turns: its
  // extent along each loop is ceil(tile / threads along it), so idle lanes
  // of a partial tile cost as much as busy ones.
  p.flops = k.flops;
  std::optional<std::vector<int64_t>> layout =
      threadLayout(tiles, s.block, s.thread, p.threadsPerBlock);
  if (!layout)
    return illegal("the thread tile does not make warps x warp_size threads");
  std::vector<double> extent(parallel.size(), 1);
  double elementsPerThread = 1;
  for (size_t j = 0; j < parallel.size(); ++j) {
    int64_t along = std::max<int64_t>((*layout)[j], 1);
    extent[j] = double((tiles[j] + along - 1) / along);
    elementsPerThread *= extent[j];
  }
  // The lanes of one warp along each loop: threads are numbered x (the
  // innermost distributed loop) fastest, then y, then z.
  int64_t warpSize = t.warpSize();
  std::vector<int64_t> warpLanes(parallel.size(), 1);
  int innermost = -1; // the root loop threads x runs along
  {
    int64_t remaining = warpSize;
    for (size_t fromEnd = 0; fromEnd < parallel.size(); ++fromEnd) {
      size_t j = parallel.size() - 1 - fromEnd;
      int64_t along = (*layout)[j];
      if (along <= 0)
        continue;
      if (innermost < 0)
        innermost = parallel[j];
      warpLanes[j] = std::max<int64_t>(1, std::min(along, remaining));
      remaining = std::max<int64_t>(1, remaining / warpLanes[j]);
    }
  }
  // Threads beyond a tile's extent along a loop have no element: a block of
  // 8 warps over one row's output runs one thread, and its 7 other warps
  // issue nothing (measured on the H100: a row sum's time grows with the
  // warps only through the blocks an SM can hold).
  double activeThreads = 1;
  std::vector<double> activeLanes(parallel.size(), 1);
  for (size_t j = 0; j < parallel.size(); ++j) {
    activeThreads *=
        double(std::min<int64_t>(std::max<int64_t>((*layout)[j], 1), tiles[j]));
    activeLanes[j] = double(std::min<int64_t>(warpLanes[j], tiles[j]));
  }
  double activeWarps =
      std::min(double(s.warps), std::ceil(activeThreads / double(warpSize)));
  // What one warp's load moves through L1: each distinct element its lanes
  // read, in sectors where the target gives their size (lanes along the
  // contiguous dim share sectors), else every lane's bytes.
  bool sectors = t.has(TargetField::MemorySectorBytes);
  if (!sectors)
    p.uncalibrated = true;
  // A vector width: each thread's elements along the innermost loop are
  // taken `vector` at a time (tessel-tile-and-fuse), legal only where every
  // thread's share is a whole number of aligned vectors.
  int64_t vector = std::max<int64_t>(s.vector, 1);
  if (vector > 1) {
    if (!k.elementwiseRoot)
      return illegal("a vector width needs a root whose loops are all "
                     "parallel");
    if (!vectorWidthFits(k.loops[parallel.back()].size, tiles.back(),
                         layout->back(), vector))
      return illegal("the vector width does not divide each thread's share "
                     "of the innermost loop");
  }
  // What one warp's load of one element per lane moves through L1 (see
  // below); `lanes` elements per lane when the load is a vector.
  auto warpLoadBytes = [&](const Load &load, double lanes = 1) {
    if (!sectors)
      return double(warpSize) * load.bytes * lanes;
    double sector = t.get(TargetField::MemorySectorBytes);
    double distinct = 1, alongX = 1, stride = 1;
    for (size_t j = 0; j < parallel.size(); ++j)
      if (std::find(load.loops.begin(), load.loops.end(), parallel[j]) !=
          load.loops.end()) {
        distinct *= activeLanes[j];
        if (parallel[j] == innermost) {
          alongX = activeLanes[j];
          stride = extent[j];
        }
      }
    // Each thread takes a contiguous chunk of `stride` elements along x, so
    // neighbouring lanes read `stride` elements apart: they share a sector
    // only when their chunks are narrower than one. A vector load reads
    // `lanes` elements of the chunk at once.
    double count = distinct;
    if (load.contiguous == innermost && alongX > 1)
      count = distinct / alongX *
              std::min(alongX * std::ceil(lanes * load.bytes / sector),
                       std::ceil(alongX * stride * load.bytes / sector));
    return count * sector;
  };
  double perThreadFlops = 0, perWarpLoadBytes = 0;
  // Flops a block runs on tensor cores (mma.sync K steps).
  double tensorFlopsPerBlock = 0;
  // Dependent round trips to memory per thread: an op instance's loads are
  // issued together, but its next iteration waits for them. Shared-memory
  // rounds (a K step's) apart: they take an L1 hit's latency.
  double perThreadRounds = 0, sharedRounds = 0;
  if (k.work.empty())
    perThreadFlops = elementsPerThread * k.flops / outputs;
  double threads = double(p.threadsPerBlock);
  // An SM's FP32 lanes: peak / (SMs * 2 flops * clock) (128 on Hopper).
  double lanesPerSM = t.get(TargetField::PeakF32SimtTFlops) * 1e12 /
                      (sms * 2.0 * t.get(TargetField::SimtClockGHz) * 1e9);
  // A math function costs at least the lanes' share of special-function
  // throughput: lanesPerSM / special_functions_per_clock issue slots (8 on
  // Hopper) instead of 1.
  double transcendentalExtra = 0;
  if (t.has(TargetField::SpecialFunctionsPerClock))
    transcendentalExtra = std::max(
        0.0, lanesPerSM / t.get(TargetField::SpecialFunctionsPerClock) - 1.0);
  else
    p.uncalibrated = true;
  for (const Work &w : k.work) {
    double instances = elementsPerThread, blockInstances = 1;
    if (w.perThread) {
      instances = 1;
      for (int l : w.loops) {
        auto it = std::find(parallel.begin(), parallel.end(), l);
        if (it != parallel.end()) {
          instances *= extent[it - parallel.begin()];
          blockInstances *= double(tiles[it - parallel.begin()]);
        }
      }
    }
    double work =
        w.flopsPerInstance + w.transcendentalsPerInstance * transcendentalExtra;
    // Under a K step the contraction is computed once per block, into
    // shared memory, whichever ops read it.
    if (w.contractionCopy && kStep > 0)
      continue;
    if (w.prologue && kStep > 0) {
      // Once per element of the tiles the block copies, spread over its
      // threads; its reads are the copies' (counted with the contraction).
      perThreadFlops += tileProduct(w.loops, parallel, tiles) * work / threads;
      continue;
    }
    if (w.contraction && kStep > 0) {
      // A K step (tileContractionK): per step the block's threads copy the
      // operand tiles from global to shared memory in coalesced rows (one
      // round of global latency, then a barrier), then each thread copies
      // its part of the accumulator to registers and, per k, reads the
      // elements of each operand its tile indexes (a column of A, a row of
      // B: extent-many each) and updates its tile. Each shared-memory
      // access of a warp is one wavefront (an L1 clock) even when its lanes
      // read one word (the A operand, broadcast); the accumulator is read
      // and written once per element and step.
      double K = double(std::max<int64_t>(w.reduction, 1));
      double steps = std::ceil(K / double(kStep));
      double step = std::min(double(kStep), K);
      // With S stages the loop copies S - 1 steps past the last (clamped
      // to it): steps + S - 1 copies of each tile in all.
      double copySteps = steps + double(s.stages - 1);
      // Copy instructions (copyWidth elements each) and bytes per step.
      double copied = 0, copyBytes = 0;
      for (const Load &operand : w.operandTiles) {
        double elements = tileElements(operand, parallel, tiles, step);
        copied +=
            elements / double(copyWidth(k, operand, parallel, tiles, kStep));
        // Rows of the tile along its contiguous dim: a row of `step`
        // elements when K is contiguous, else of the tile along `contiguous`.
        double row = step;
        if (operand.contiguous >= 0) {
          auto it =
              std::find(parallel.begin(), parallel.end(), operand.contiguous);
          if (it != parallel.end())
            row = double(tiles[it - parallel.begin()]);
        }
        if (sectors) {
          double sector = t.get(TargetField::MemorySectorBytes);
          copyBytes +=
              elements / row * std::ceil(row * operand.bytes / sector) * sector;
        } else {
          copyBytes += elements * operand.bytes;
        }
      }
      if (mma) {
        // Per step and warp: each 16 x 16 piece of A read once by one
        // ldmatrix.x4, each two 16 x 8 pieces of B side by side by one
        // ldmatrix.x4.trans (an odd one by an .x2.trans), pm x pn x pk
        // mma.sync, MmaSyncShape::kFlops each (tessel-mma-ldmatrix); the
        // accumulator's pieces stay in registers through the K loop
        // (tessel-hoist-accumulators): read and written (2 + 2 pairs of f32
        // a lane) once per block. Shared-memory wavefronts from the
        // buffers' row strides (bank conflicts included).
        auto [pm, pn, pk] = mmaTiles;
        // Row strides in bytes of the padded buffers.
        int64_t aRow = (kStep + kMmaOperandPad) * 2;
        int64_t bRow = (tiles.back() + kMmaOperandPad) * 2;
        int64_t cRow = (tiles.back() + kMmaAccumulatorPad) * 4;
        auto g = [](int64_t lane) { return lane / 4; };
        auto tt = [](int64_t lane) { return lane % 4; };
        // One 8 x 8 matrix of ldmatrix: 8 rows of 16 bytes, as 32 lanes
        // reading 4 bytes each.
        auto matrixFronts = [&](int64_t row) {
          return sharedWavefronts(
              [&](int64_t l) { return g(l) * row + tt(l) * 4; }, 4);
        };
        double aFronts = matrixFronts(aRow), bFronts = matrixFronts(bRow);
        double cFronts = sharedWavefronts(
            [&](int64_t l) { return g(l) * cRow + tt(l) * 8; }, 8);
        double stepFronts = 4.0 * pm * pk * aFronts + 2.0 * pn * pk * bFronts;
        double accumulatorFronts = 4.0 * pm * pn * cFronts;
        double stepIssued = double(pm * pk) + double((pn + 1) / 2 * pk);
        double accumulatorIssued = 4.0 * pm * pn;
        perWarpLoadBytes +=
            (steps * stepFronts + accumulatorFronts) * double(warpSize) * 4.0 +
            copySteps * copyBytes / double(s.warps);
        perThreadFlops += copySteps * copied / threads +
                          2.0 * (steps * stepIssued + accumulatorIssued);
        tensorFlopsPerBlock += steps * double(s.warps) * double(pm * pn * pk) *
                               double(MmaSyncShape::kFlops);
        // Per step: the copies' global round (S stages keep S steps'
        // copies in flight, so a round in S is exposed), then A's and B's
        // shared rounds, one per 16 of the step; the accumulator's two
        // rounds (load, store) once.
        perThreadRounds += steps / double(s.stages);
        sharedRounds += steps * double(pk) + 2.0;
        continue;
      }
      double readsPerK = 0;
      for (const Load &operand : w.operandTiles) {
        double reads = 1;
        for (int l : operand.loops) {
          auto it = std::find(parallel.begin(), parallel.end(), l);
          if (it != parallel.end())
            reads *= extent[it - parallel.begin()];
        }
        readsPerK += reads;
      }
      // Each shared-memory load takes an issue slot as an FMA does (two
      // flops' worth of the peak): a thread tile of 8 x 8 issues 16 loads
      // per 64 FMAs.
      double sharedLoads = K * readsPerK + 2.0 * steps * instances;
      perThreadFlops +=
          instances * work + copySteps * copied / threads + 2.0 * sharedLoads;
      double wavefront = double(warpSize) * 4.0;
      perWarpLoadBytes +=
          sharedLoads * wavefront + copySteps * copyBytes / double(s.warps);
      // Per step: the copies' global round (one in S exposed with S
      // stages), the accumulator's round, then one shared-memory round per
      // k (its reads are independent).
      perThreadRounds += steps / double(s.stages);
      sharedRounds += K + steps;
      continue;
    }
    if (w.chunkCopy && cooperative)
      continue;
    if (w.chunked && cooperative) {
      // Each thread reduces its share of every row of the block; the tree
      // then combines the partials in ceil(log2 threads) steps, a barrier
      // and one shared-memory round each, and every reader reads its rows'
      // results (one shared load each).
      perThreadFlops += blockInstances * work / threads;
      if (w.combines) {
        TreeCost tree = treeCost(blockInstances, p.threadsPerBlock, warpSize);
        perThreadFlops += tree.combinesPerThread + instances;
        perWarpLoadBytes += (tree.warpLoads + instances * double(s.warps)) *
                            double(warpSize) * 4.0 / double(s.warps);
        sharedRounds += tree.steps + 1;
      }
      for (const Load &load : w.loads) {
        // A warp's load: thread t reads elements t, t + T, ... of the row
        // (tessel-tile-and-fuse's distributeCyclically), so 32 lanes read
        // 32 neighbouring elements when the row lies along the reduction in
        // memory, and 32 elements a row apart (a sector each) when not.
        double bytes = double(warpSize) * load.bytes;
        if (sectors) {
          double sector = t.get(TargetField::MemorySectorBytes);
          bytes = load.contiguousAlongOwnLoop
                      ? std::ceil(bytes / sector) * sector
                      : double(warpSize) * sector;
        }
        double warpLoads = blockInstances * load.count / double(warpSize);
        perWarpLoadBytes += warpLoads * bytes / double(s.warps);
      }
      double longest = 0;
      for (const Load &load : w.loads)
        longest = std::max(longest, std::ceil(load.count / threads));
      perThreadRounds += blockInstances * longest;
      continue;
    }
    perThreadFlops += instances * work;
    // Fused into the element loops, an op that vectorizes (Work::vectorized)
    // runs per vector step when the schedule has a vector width: its loads
    // along the innermost loop are vector loads, each step's loads one
    // round. Other ops of the step stay scalar.
    bool stepped = vector > 1 && !w.perThread && w.vectorized;
    double steps = stepped ? std::ceil(instances / double(vector)) : instances;
    double longest = 0;
    for (const Load &load : w.loads) {
      if (stepped && load.contiguous == innermost)
        perWarpLoadBytes +=
            steps * load.count * warpLoadBytes(load, double(vector));
      else
        perWarpLoadBytes += instances * load.count * warpLoadBytes(load);
      longest = std::max(longest, load.count);
    }
    perThreadRounds += steps * longest;
  }
  if (k.work.empty())
    perThreadRounds = std::ceil(elementsPerThread / double(vector));
  // Every output element costs at least one operation (its store), so that
  // pure data movement (a transpose) still occupies the lanes it uses.
  perThreadFlops = std::max(perThreadFlops, elementsPerThread);
  // Idle lanes of a warp that runs cost as much as busy ones; warps with no
  // element cost nothing (a cooperative reduction keeps every thread busy).
  double busyThreads = everyThread ? threads : activeWarps * double(warpSize);
  double perBlockFlops = busyThreads * perThreadFlops;
  ElementType narrow = ElementType::F32;
  for (const Operand &o : k.operands)
    if (!o.output && elementBytes(o.type) < elementBytes(narrow))
      narrow = o.type;
  double simtPeak = peakFlops(t, ComputeClass::Simt, narrow);
  // An SM reaches its share of the peak only with a thread per lane; fewer
  // resident threads (few or small blocks) use fewer of them.
  double residentThreads =
      std::min(blocksOnBusiestSM, double(p.blocksPerSM)) * threads;
  double laneUse = std::min(1.0, residentThreads / lanesPerSM);
  p.computeUs =
      blocksOnBusiestSM * perBlockFlops / (simtPeak / sms * laneUse) * 1e6;
  // Tensor cores: the mma.sync flops at the tensor peak, scaled by what
  // mma.sync reaches of it; after the SIMT work (a K step's copies and its
  // mma.sync are separated by barriers).
  double peak = simtPeak;
  if (mma) {
    peak = peakFlops(t, ComputeClass::MmaSync, narrow);
    if (t.has(TargetField::MmaSyncPeakFraction))
      peak *= t.get(TargetField::MmaSyncPeakFraction);
    else
      p.uncalibrated = true;
    p.computeUs += blocksOnBusiestSM * tensorFlopsPerBlock / (peak / sms) * 1e6;
  }

  // 3b. Loads: what each warp's loads move through the SM's L1, which
  // returns l1_bytes_per_clock.
  if (t.has(TargetField::L1BytesPerClock))
    p.loadsUs = blocksOnBusiestSM *
                (everyThread ? double(s.warps) : activeWarps) *
                perWarpLoadBytes /
                (t.get(TargetField::L1BytesPerClock) *
                 t.get(TargetField::SimtClockGHz) * 1e9) *
                1e6;
  else
    p.uncalibrated = true;

  // 4. DRAM: each operand's footprint once (unique bytes) at the achievable
  // bandwidth for that much data.
  for (const Operand &o : k.operands) {
    double elems = 1;
    for (int l : o.loops)
      elems *= double(k.loops[l].size);
    p.dramBytes += elems * double(elementBytes(o.type));
  }
  double uniqueBytes = p.dramBytes;
  p.dramUs = p.dramBytes / dramBandwidth(t, p.dramBytes, p.uncalibrated) * 1e6;

  // 5. L2 and the SMs' links to it: every block reads the part of each
  // operand its tile indexes (whole along loops outside the tile) and writes
  // its outputs. In all, that is L2 traffic; per SM, it is limited by the
  // bytes an SM can move per clock.
  double perBlockBytes = 0;
  for (const Operand &o : k.operands) {
    double bytes = double(elementBytes(o.type));
    for (int l : o.loops) {
      auto it = std::find(parallel.begin(), parallel.end(), l);
      bytes *= it == parallel.end() ? double(k.loops[l].size)
                                    : double(tiles[it - parallel.begin()]);
    }
    perBlockBytes += bytes;
  }
  p.l2Bytes = perBlockBytes * double(p.blocks);
  if (t.has(TargetField::L2BandwidthTBps))
    p.l2Us = p.l2Bytes / (t.get(TargetField::L2BandwidthTBps) * 1e12) * 1e6;
  else
    p.uncalibrated = true;
  if (t.has(TargetField::SmBytesPerClock))
    p.l2Us = std::max(p.l2Us, blocksOnBusiestSM * perBlockBytes /
                                  (t.get(TargetField::SmBytesPerClock) *
                                   t.get(TargetField::SimtClockGHz) * 1e9) *
                                  1e6);
  else
    p.uncalibrated = true;

  // 6. Latency (Little's law): the busiest SM runs its blocks blocksPerSM at
  // a time, and each thread's rounds follow one another, kRoundsInFlight of
  // them overlapping, each a memory latency: an L2 hit where the kernel
  // rereads its operands (L2 traffic at least twice the unique bytes), a
  // DRAM access where it streams them.
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  if (t.has(TargetField::L2LatencyCycles) &&
      t.has(TargetField::DramLatencyCycles)) {
    bool streams = p.l2Bytes < 2 * uniqueBytes;
    double latency = t.get(streams ? TargetField::DramLatencyCycles
                                   : TargetField::L2LatencyCycles);
    double sharedLatency = latency;
    if (t.has(TargetField::L1LatencyCycles))
      sharedLatency = t.get(TargetField::L1LatencyCycles);
    else if (sharedRounds > 0)
      p.uncalibrated = true;
    double turns = std::ceil(blocksOnBusiestSM / double(p.blocksPerSM));
    p.latencyUs = turns *
                  (perThreadRounds * latency + sharedRounds * sharedLatency) /
                  kRoundsInFlight / clockHz * 1e6;
  } else {
    p.uncalibrated = true;
  }
  // 7. Blocks: an SM spends block_cycles on each block it runs besides the
  // block's work, so many small blocks cost their number.
  if (t.has(TargetField::BlockCycles))
    p.blocksUs =
        blocksOnBusiestSM * t.get(TargetField::BlockCycles) / clockHz * 1e6;
  else
    p.uncalibrated = true;

  // 8. Launch, then the binding term.
  if (t.has(TargetField::LaunchOverheadUs))
    p.launchUs = t.get(TargetField::LaunchOverheadUs);
  else
    p.uncalibrated = true;
  double body = std::max(
      {p.computeUs, p.loadsUs, p.dramUs, p.l2Us, p.latencyUs, p.blocksUs});
  p.bound = body == p.computeUs   ? Bound::Compute
            : body == p.loadsUs   ? Bound::Loads
            : body == p.dramUs    ? Bound::Dram
            : body == p.l2Us      ? Bound::L2
            : body == p.latencyUs ? Bound::Latency
                                  : Bound::Blocks;
  if (p.launchUs > body)
    p.bound = Bound::Launch;
  p.timeUs = p.launchUs + body;
  p.fractionOfPeak = p.flops / (p.timeUs * 1e-6) / peak;

  // 9. What the hardware allows for this work (see Prediction::achievableUs).
  double bestPeak = t.get(TargetField::PeakF32SimtTFlops) * 1e12;
  if (k.contraction && narrow != ElementType::F32) {
    double tensor = peakFlops(t, ComputeClass::MmaSync, narrow);
    if (t.has(TargetField::TensorAchievableFraction))
      tensor *= t.get(TargetField::TensorAchievableFraction);
    else
      p.uncalibrated = true;
    bestPeak = std::max(bestPeak, tensor);
  }
  bool ignored = false;
  p.achievableUs =
      std::max(p.flops / bestPeak * 1e6,
               uniqueBytes / dramBandwidth(t, uniqueBytes, ignored) * 1e6);
  return p;
}

std::vector<Schedule> enumerateSchedules(const KernelDesc &k, const Target &t) {
  std::vector<Schedule> out;
  for (auto &[s, p] : enumeratePredicted(k, t))
    out.push_back(std::move(s));
  return out;
}

std::vector<std::pair<Schedule, Prediction>>
enumeratePredicted(const KernelDesc &k, const Target &t) {
  std::vector<std::pair<Schedule, Prediction>> out;
  forEachPredicted(k, t, [&](const Schedule &s, const Prediction &p) {
    out.emplace_back(s, p);
  });
  return out;
}

void forEachPredicted(
    const KernelDesc &k, const Target &t,
    const std::function<void(const Schedule &, const Prediction &)> &visit) {
  std::vector<int> parallel = parallelLoops(k);
  // A K step on NVIDIA sm_80+ may also be pipelined, 2 to 4 stages.
  bool pipelines = t.hasAsyncCopy();
  auto offer = [&](const Schedule &s) {
    Prediction p = predict(k, s, t);
    if (p.legal)
      visit(s, p);
    if (!pipelines || kStepOf(k, s, parallel.size()) == 0)
      return;
    for (int64_t stages : {2, 3, 4}) {
      Schedule staged = s;
      staged.stages = stages;
      Prediction q = predict(k, staged, t);
      if (q.legal)
        visit(staged, q);
    }
  };
  std::vector<int64_t> sizes = {1, 2, 4, 8, 16, 32, 64, 128, 256};
  auto innerSizes = [&](size_t fromEnd) {
    if (fromEnd >= parallel.size())
      return std::vector<int64_t>{1};
    int64_t bound = k.loops[parallel[parallel.size() - 1 - fromEnd]].size;
    std::vector<int64_t> v;
    for (int64_t s : sizes)
      if (s < bound * 2) // the first size covering the loop, and below
        v.push_back(s);
    // A tile spanning a long row: one block per row, whose threads share
    // its reductions.
    if (fromEnd == 0 && bound > sizes.back())
      v.push_back(bound);
    return v;
  };
  // K steps for a contraction: powers of two from 16 to 64, up to the
  // first that covers its reduction.
  std::vector<int64_t> kSteps;
  if (int64_t reduction = contractionReduction(k); k.kSteppable && reduction)
    for (int64_t step = 16; step <= 64 && step < 2 * reduction; step *= 2)
      kSteps.push_back(step);
  // Vector widths for an elementwise root: up to 16 bytes of its narrowest
  // operand per lane (one ld.global.v4).
  std::vector<int64_t> vectors;
  if (k.elementwiseRoot) {
    int64_t narrowest = 4;
    for (const Operand &o : k.operands)
      narrowest = std::min(narrowest, elementBytes(o.type));
    for (int64_t v = 2; v * narrowest <= 16; v *= 2)
      vectors.push_back(v);
  }
  auto offerVectors = [&](Schedule s) {
    for (int64_t v : vectors) {
      s.vector = v;
      offer(s);
    }
  };
  // Tensor cores (mma.sync) for a contraction that takes them: block tiles
  // of 32 to 256 dividing M and N, K steps of 16 to 64 dividing K, warp
  // tiles of 16 to 64 x 8 to 64 making 1 to 8 warps.
  if (k.mmaSyncable && t.hasMmaSync() && parallel.size() >= 2) {
    int64_t m = k.loops[parallel[parallel.size() - 2]].size;
    int64_t n = k.loops[parallel.back()].size;
    int64_t kSize = contractionReduction(k);
    for (int64_t bm : {32, 64, 128, 256})
      for (int64_t bn : {32, 64, 128, 256})
        for (int64_t step : {16, 32, 64}) {
          if (m % bm || n % bn || kSize % step)
            continue;
          for (int64_t wm : {16, 32, 64})
            for (int64_t wn : {8, 16, 32, 64}) {
              if (bm % wm || bn % wn)
                continue;
              int64_t warps = (bm / wm) * (bn / wn);
              if (warps > 8)
                continue;
              Schedule tc;
              tc.block.assign(parallel.size() + 1, 1);
              tc.warp.assign(parallel.size() + 1, 1);
              size_t last = parallel.size();
              tc.block[last - 2] = bm;
              tc.block[last - 1] = bn;
              tc.block[last] = step;
              tc.warp[last - 2] = wm;
              tc.warp[last - 1] = wn;
              tc.warp[last] = step;
              tc.warps = warps;
              tc.compute = ComputeClass::MmaSync;
              offer(tc);
              offerVectors(tc);
            }
        }
  }
  // Where the second innermost loop is short (an im2col's window column, a
  // few heads), block tiles also take a third loop, the short one whole,
  // so that a block is not a sliver.
  int64_t shortLoop = 0;
  if (!k.kSteppable && parallel.size() >= 3)
    if (int64_t size = k.loops[parallel[parallel.size() - 2]].size; size <= 16)
      shortLoop = size;
  for (int64_t warps : {1, 2, 4, 8})
    for (int64_t y : innerSizes(1))
      for (int64_t x : innerSizes(0)) {
        Schedule s;
        s.block = {y, x};
        s.warps = warps;
        offer(s);
        offerVectors(s);
        if (shortLoop && y == 1)
          for (int64_t z : innerSizes(2)) {
            if (z == 1)
              continue;
            Schedule wide = s;
            wide.block = {z, shortLoop, x};
            offer(wide);
            offerVectors(wide);
          }
        // Vector steps with every warp: each thread takes tx contiguous
        // elements of a row (a thread tile of 1 x tx), tx a vector width.
        int64_t threads = warps * t.warpSize();
        for (int64_t tx : vectors) {
          if (x % tx || y * (x / tx) != threads)
            continue;
          Schedule tiled = s;
          tiled.thread = {1, tx};
          tiled.vector = tx;
          offer(tiled);
        }
        if (kSteps.empty() || parallel.size() < 2)
          continue;
        // One entry per parallel loop (1 for the leading ones), then the
        // step.
        Schedule stepped = s;
        stepped.block.assign(parallel.size(), 1);
        stepped.block[parallel.size() - 2] = y;
        stepped.block[parallel.size() - 1] = x;
        stepped.block.push_back(0);
        for (int64_t step : kSteps) {
          stepped.block.back() = step;
          stepped.thread.clear();
          offer(stepped);
          // Register tiles: ty x tx outputs per thread, the block's threads
          // exactly covering its tile.
          for (int64_t ty : {1, 2, 4, 8})
            for (int64_t tx : {1, 2, 4, 8}) {
              if (ty * tx < 4 || y % ty || x % tx ||
                  (y / ty) * (x / tx) != threads)
                continue;
              Schedule tiled = stepped;
              tiled.thread.assign(parallel.size(), 1);
              tiled.thread[parallel.size() - 2] = ty;
              tiled.thread[parallel.size() - 1] = tx;
              tiled.thread.push_back(step);
              offer(tiled);
              offerVectors(tiled);
            }
        }
      }
}

} // namespace mlir::tessel
