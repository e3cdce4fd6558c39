//===- Model.cpp - Tessel's analytical kernel time model -----------------===//
//
// predict(): the terms of ModelTerms.h in order, each refusal making the
// schedule illegal, then the binding term. Also the helpers the code
// generator shares with the model (threadLayout, vectorWidthFits,
// copyVectorWidth) and those the terms share. See Model.h and
// docs/cost-model.md.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "costmodel/ModelTerms.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace mlir::tessel {

Work opWork(double flops, double transcendentals, std::vector<Load> loads,
            std::vector<int> loops, Execution execution) {
  Work w;
  w.flopsPerInstance = flops;
  w.mathCallsPerInstance[size_t(MathFunction::Other)] = transcendentals;
  w.loads = std::move(loads);
  w.loops = std::move(loops);
  w.execution = execution;
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
       "each thread waits for its loads one iteration after another, or a K "
       "loop's steps for their copies behind a barrier, and too few threads "
       "or stages run to hide it",
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

namespace model {

namespace {

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

} // namespace

int64_t contractionReduction(const KernelDesc &k) {
  int64_t reduction = 0;
  for (const Work &w : k.work)
    if (w.isContraction())
      reduction = w.reduction;
  return reduction;
}

int64_t kStepOf(const KernelDesc &k, const Schedule &s) {
  size_t parallel = 0;
  for (const Loop &l : k.loops)
    parallel += l.reduction ? 0 : 1;
  if (!k.kSteppable || s.block.size() != parallel + 1)
    return 0;
  return s.block.back();
}

Context::Context(const KernelDesc &kernel, const Schedule &schedule,
                 const Target &target)
    : kernel(kernel), schedule(schedule), target(target),
      parallel(parallelLoops(kernel)),
      tiles(tilesOf(kernel, schedule, parallel)),
      kStep(kStepOf(kernel, schedule)),
      threadsPerBlock(schedule.warps * target.warpSize()),
      mma(schedule.compute != ComputeClass::Simt),
      wgmma(schedule.compute == ComputeClass::Wgmma),
      mfma(schedule.compute == ComputeClass::Mfma),
      tma(wgmma && schedule.warp.empty()),
      contractionReduction(model::contractionReduction(kernel)) {
  tilesDivide = true;
  for (size_t j = 0; j < parallel.size(); ++j)
    tilesDivide &= kernel.loops[parallel[j]].size % tiles[j] == 0;
  everyThread =
      tilesDivide &&
      std::any_of(kernel.work.begin(), kernel.work.end(), [](const Work &w) {
        return w.execution == Execution::CooperativeReduction;
      });
}

bool usable(const Target &t, TargetField field, bool &uncalibrated) {
  if (!t.has(field) || t.isEstimate(field))
    uncalibrated = true;
  return t.has(field);
}

double peakFlops(const Target &t, ComputeClass c, ElementType type) {
  if (c == ComputeClass::Simt)
    return t.get(TargetField::PeakF32SimtTFlops) * 1e12;
  return (type == ElementType::F16 ? t.get(TargetField::PeakF16TensorTFlops)
                                   : t.get(TargetField::PeakBF16TensorTFlops)) *
         1e12;
}

/// The target's measured efficiency curve, linear in log2(size) between its
/// points and held flat outside them; the datasheet peak when the target has
/// no curve.
double dramBandwidth(const Target &t, double bytes, bool &uncalibrated) {
  double peak = t.get(TargetField::HbmBandwidthTBps) * 1e12;
  bool curve = usable(t, TargetField::HbmEfficiency16MiB, uncalibrated);
  curve &= usable(t, TargetField::HbmEfficiency64MiB, uncalibrated);
  curve &= usable(t, TargetField::HbmEfficiency256MiB, uncalibrated);
  if (!curve)
    return peak;
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

double tileProduct(const Context &c, const std::vector<int> &loops) {
  double n = 1;
  for (int l : loops) {
    auto it = std::find(c.parallel.begin(), c.parallel.end(), l);
    if (it != c.parallel.end())
      n *= double(c.tiles[it - c.parallel.begin()]);
  }
  return n;
}

/// copyVectorWidth of the operand's rows: they run along its contiguous dim,
/// a root loop's tile or the K step (`contiguous` < 0), and are the same
/// length in every step when the tile divides the dim or covers it.
int64_t copyWidth(const Context &c, const Load &operand) {
  int64_t size = c.contractionReduction, tile = c.kStep;
  if (operand.contiguous >= 0) {
    auto it =
        std::find(c.parallel.begin(), c.parallel.end(), operand.contiguous);
    if (it == c.parallel.end())
      return 1;
    size = c.kernel.loops[operand.contiguous].size;
    tile = c.tiles[it - c.parallel.begin()];
  }
  // A tile that does not divide its dim has a shorter remainder, except on
  // tensor cores, where the last tile is shifted back and whole.
  int64_t row = tile >= size ? size : size % tile == 0 || c.mma ? tile : 0;
  return copyVectorWidth(row, size, int64_t(operand.bytes));
}

ElementType narrowestInput(const KernelDesc &k) {
  ElementType narrow = ElementType::F32;
  for (const Operand &o : k.operands)
    if (!o.output && dtypeBytes(o.type) < dtypeBytes(narrow))
      narrow = o.type;
  return narrow;
}

double lanesPerSM(const Target &t) {
  return t.get(TargetField::PeakF32SimtTFlops) * 1e12 /
         (t.get(TargetField::SMCount) * 2.0 * t.get(TargetField::SimtClockGHz) *
          1e9);
}

} // namespace model

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

std::vector<int64_t> copyThreadLayout(const std::vector<int64_t> &bounds,
                                      int64_t threads, int64_t width) {
  std::vector<int64_t> layout(bounds.size(), 0);
  if (bounds.empty())
    return layout;
  int64_t tx = 1;
  if (width > 1) {
    int64_t vectors = bounds.back() / width;
    while (tx * 2 <= threads && vectors % (tx * 2) == 0)
      tx *= 2;
  } else {
    while (tx < bounds.back() && tx < threads)
      tx *= 2;
  }
  tx = std::min(tx, threads);
  layout.back() = tx;
  if (bounds.size() >= 2 && threads / tx > 1)
    layout[bounds.size() - 2] = threads / tx;
  return layout;
}

Prediction asBlockTail(Prediction p, const Target &t, int roundTrips) {
  if (!p.legal)
    return p;
  p.timeUs -= p.launchUs;
  p.launchUs = 0;
  if (p.bound == Bound::Launch)
    p.bound = Bound::Latency;
  // The arrival as measured (split_arrival_cycles), or `roundTrips` round
  // trips to L2, which the H200 measured too few.
  double arrivalCycles = 0;
  if (t.has(TargetField::SplitArrivalCycles))
    arrivalCycles = t.get(TargetField::SplitArrivalCycles);
  else if (model::usable(t, TargetField::L2LatencyCycles, p.uncalibrated))
    arrivalCycles = roundTrips * t.get(TargetField::L2LatencyCycles);
  double arrivalUs = arrivalCycles / (t.get(TargetField::SimtClockGHz) * 1e3);
  p.latencyUs += arrivalUs;
  p.timeUs += arrivalUs;
  return p;
}

Prediction predict(const KernelDesc &k, const Schedule &s, const Target &t) {
  using namespace model;
  if (k.attention)
    return predictFusedAttention(k, s, t);
  if (k.attentionCombine)
    return predictAttentionCombine(k, s, t);
  if (k.row)
    return predictRowKernel(k, s, t);
  Prediction p;
  Context c(k, s, t);
  p.threadsPerBlock = c.threadsPerBlock;
  auto illegal = [&](std::string why) {
    return model::markIllegal(p, std::move(why));
  };
  // 1. Legality and occupancy.
  if (std::optional<std::string> why = scheduleRefusal(c))
    return illegal(*why);
  if (std::optional<std::string> why = mmaRefusal(c))
    return illegal(*why);
  if (std::optional<std::string> why = stagesRefusal(c, p.unmodelled))
    return illegal(*why);
  if (std::optional<std::string> why = occupancyRefusal(c, p))
    return illegal(*why);
  // 2. Tiles, blocks and waves.
  double blocksOnBusiestSM = blocksAndWaves(c, p);
  // 3. What each thread executes.
  p.flops = k.flops;
  std::optional<ThreadGeometry> geometry = threadGeometry(c);
  if (!geometry)
    return illegal("the thread tile does not make warps x warp_size threads");
  if (!geometry->sectors)
    p.uncalibrated = true;
  if (std::optional<std::string> why = vectorRefusal(c, *geometry))
    return illegal(*why);
  if (std::optional<std::string> why = periodRefusal(c, *geometry))
    return illegal(*why);
  WorkCost work = workCost(c, *geometry, p);
  // 3-8. The terms, each a lower bound on the kernel's time.
  double peak = computeTime(c, *geometry, work, blocksOnBusiestSM, p);
  p.loadsUs = loadsTime(c, *geometry, work, blocksOnBusiestSM, p);
  double uniqueBytes = 0;
  p.dramUs = dramTime(c, p, &uniqueBytes);
  p.l2Us = l2Time(c, work, blocksOnBusiestSM, p);
  p.latencyUs = latencyTime(c, work, blocksOnBusiestSM, uniqueBytes, p);
  p.blocksUs = blocksTime(c, blocksOnBusiestSM, p);
  p.launchUs = launchTime(c, p);
  combineTerms(p, peak);
  // 9. What the hardware allows for this work.
  p.achievableUs = achievableTime(c, uniqueBytes, p);
  return p;
}

} // namespace mlir::tessel
