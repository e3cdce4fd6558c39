//===- Rows.cpp - The row kernel's layout and terms -----------------------===//
//
// A kernel that is one softmax, layer_norm or rms_norm, or one sum, max or
// mean over trailing dims, runs as a row kernel (passes/tiling/RowKernel.cpp):
// a block per rowsPerBlock rows, each row's threads holding its vectors in
// registers when they fit (RowKernelLayout), its reductions combined in
// shared memory. Its terms, in the order of
// docs/cost-model.md's section on row kernels: resources and occupancy;
// issue, shared memory and special functions per block; the chain of one
// block (a DRAM round trip, then each reduction's shared-memory levels);
// DRAM, L2, blocks and launch.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "costmodel/ModelTerms.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlir::tessel {

namespace {

/// Registers of a row kernel's thread keeping `elements` of its row
/// (0: streamed). Figures of the emitted code, not of a chip, fitted on
/// ptxas -v (sm_90a) of the row kernels of bench/workloads/tier1.mlir and
/// test/codegen/cpu-check-row-kernels.mlir (docs/cost-model.md, row
/// kernels): softmax and rms_norm take about 1.9 registers an element
/// (ptxas keeps a value and its exponent or square apart), at least 24
/// (30 for a causal softmax);
/// layer_norm, which centres the kept values once, 24 plus one an element.
/// A block of several rows keeps its row's index and its share of the
/// partials' addresses besides: a softmax at least 34 registers, a
/// layer_norm 32 (2026-11-30: ptxas -v, sm_90a, on 187 resident softmax
/// and 111 layer_norm schedules of tier 1, tier 2 and the row-kernel
/// checks, ranks 0 to 11: within 10 % for 138 and 80 of them, against 117
/// and 73 with the one-row floor alone; `bench/registers.py
/// --schedule-rank`). Not past `fullSM`, though: a block of half an SM's
/// threads or more is held to what lets two such blocks fill it (32 on
/// the H100 for 1024 threads; ptxas took 31-32 for every such schedule
/// with up to 16 elements). A streamed row's thread keeps a vector and its
/// pass's temporaries.
int64_t rowRegisters(const RowShape &r, int64_t elements, int64_t rowsPerBlock,
                     int64_t fullSM) {
  if (elements == 0)
    return r.op == RowOpKind::Softmax     ? 60
           : r.op == RowOpKind::LayerNorm ? 30
                                          : 26;
  // The most a floor of several rows may ask (0: one row).
  int64_t rowsCap = rowsPerBlock > 1 ? fullSM : 0;
  if (r.op == RowOpKind::LayerNorm)
    return std::max<int64_t>(std::min<int64_t>(rowsCap, 32), 24 + elements);
  // (A causal mask's indices keep a softmax at 30 or more.)
  int64_t floor = r.op == RowOpKind::Softmax
                      ? std::max<int64_t>(std::min<int64_t>(rowsCap, 34),
                                          r.causal ? 30 : 24)
                      : 24;
  return std::max<int64_t>(floor, std::llround(1.9 * double(elements)));
}

/// A reduction's thread holds one batch of loads (`words` 32-bit
/// registers). Where it loops over batches in a block of at most two warps,
/// ptxas (free to give such a small block up to 255 registers a thread)
/// keeps more of them in flight: 7 + 1.75 words; otherwise 22 + words / 3.
/// Fitted on ptxas -v (sm_90a) for 21 reductions of f32, bf16 and f16 rows
/// of 77 to 100000 elements (test/codegen/cpu-check-row-reductions.mlir and
/// twelve more schedules; 22 to 64 registers): 15 within 10 %, -16 % ..
/// +14 %.
int64_t reductionRegisters(const RowKernelLayout &l, int64_t bytes) {
  double words = double(l.batch * l.vector * bytes) / 4;
  return std::llround(l.batches > 1 && l.threads <= 64 ? 7 + 1.75 * words
                                                       : 22 + words / 3);
}

/// Why `s` is not of a row or column kernel's form (block = [`what`],
/// warps and vector, on SIMT lanes, its threads within the target's);
/// empty when it is. Sets p's threads a block.
std::string blockFormRefusal(const Schedule &s, const Target &t, Prediction &p,
                             const std::string &kernel,
                             const std::string &what) {
  if (s.block.size() != 1 || s.compute != ComputeClass::Simt || s.stages != 1 ||
      s.splitK != 1 || s.raster != 1 || s.cluster != 1 || !s.warp.empty() ||
      !s.thread.empty())
    return kernel + "'s schedule is block = [" + what +
           "], warps and vector, on SIMT lanes";
  int64_t threads = s.warps * t.warpSize();
  p.threadsPerBlock = threads;
  if (s.warps < 1 || double(threads) > t.get(TargetField::MaxThreadsPerBlock))
    return "the block has more threads than the target allows";
  return "";
}

/// The terms every row and column kernel ends with: blocks, launch, the
/// combination, and the achievable time (SIMT flops, the DRAM bytes at the
/// measured bandwidth for their size).
Prediction finishTerms(Prediction &p, const Target &t,
                       double blocksOnBusiestSM) {
  using namespace model;
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  if (usable(t, TargetField::BlockCycles, p.uncalibrated))
    p.blocksUs =
        blocksOnBusiestSM * t.get(TargetField::BlockCycles) / clockHz * 1e6;
  if (usable(t, TargetField::LaunchOverheadUs, p.uncalibrated))
    p.launchUs = t.get(TargetField::LaunchOverheadUs);
  combineTerms(p, peakFlops(t, ComputeClass::Simt, ElementType::F32));
  bool ignored = false;
  p.achievableComputeUs =
      p.flops / peakFlops(t, ComputeClass::Simt, ElementType::F32) * 1e6;
  p.achievableUs =
      std::max(p.achievableComputeUs,
               p.dramBytes / dramBandwidth(t, p.dramBytes, ignored) * 1e6);
  return p;
}

/// Issue slots per row element, by operation, beyond its load (a vector
/// access per `vector` elements) and its conversions: softmax's maximum,
/// exponent (a multiply-add and ex2), sum and scaling; layer_norm's sum,
/// centred square, and centre, scale, multiply-add; rms_norm's square and
/// two multiplies; a reduction's add or maximum. Counted from the code
/// RowKernel.cpp emits.
double opsPerElement(const RowShape &r) {
  switch (r.op) {
  case RowOpKind::Softmax:
    return 5;
  case RowOpKind::LayerNorm:
    return 6;
  case RowOpKind::RmsNorm:
    return 4;
  case RowOpKind::Sum:
  case RowOpKind::Max:
  case RowOpKind::Mean:
    return 1;
  }
  return 5;
}

/// Why `vector` elements of the row's type make no vector access (a power
/// of two of at most 16 bytes); empty when they do.
std::string vectorRefusal(const RowShape &shape, int64_t vector) {
  int64_t bytes = dtypeBytes(shape.type);
  if (vector < 1 || (vector & (vector - 1)) != 0 || vector * bytes > 16)
    return "a vector is a power of two of at most 16 bytes (" +
           std::to_string(vector) + " elements of " + std::to_string(bytes) +
           " bytes)";
  return "";
}

} // namespace

std::string RowKernelLayout::refusal(const RowShape &shape,
                                     int64_t rowsPerBlock, int64_t threads,
                                     int64_t vector) {
  if (rowsPerBlock < 1 || threads < 1)
    return "a row kernel's block takes at least one row and one thread";
  if (threads % rowsPerBlock != 0)
    return "the block's " + std::to_string(threads) +
           " threads do not split evenly over its " +
           std::to_string(rowsPerBlock) + " rows";
  if (std::string why = vectorRefusal(shape, vector); !why.empty())
    return why;
  if (shape.length % vector != 0)
    return "vectors of " + std::to_string(vector) +
           " elements do not divide the row of " + std::to_string(shape.length);
  return "";
}

RowKernelLayout RowKernelLayout::of(const RowShape &shape, int64_t rowsPerBlock,
                                    int64_t threads, int64_t vector) {
  RowKernelLayout l;
  l.rowsPerBlock = std::max<int64_t>(1, rowsPerBlock);
  l.threads = threads;
  l.threadsPerRow = std::max<int64_t>(1, threads / l.rowsPerBlock);
  l.vector = std::max<int64_t>(1, vector);
  int64_t vectors = (shape.length + l.vector - 1) / l.vector;
  l.slots = (vectors + l.threadsPerRow - 1) / l.threadsPerRow;
  l.resident = l.slots * l.vector <= kResidentElements;
  l.batch =
      std::min(l.slots, std::max<int64_t>(1, kResidentElements / l.vector));
  l.batches = (l.slots + l.batch - 1) / l.batch;
  l.groups = (l.threadsPerRow + 31) / 32;
  l.partialStride = l.groups % 2 == 0 ? l.groups + 1 : l.groups;
  l.sharedBytes = 4 * l.rowsPerBlock * shape.reductions() *
                  (l.partialWords() + (l.groups > 1 ? l.groups : 0));
  return l;
}

std::string ColumnKernelLayout::refusal(const RowShape &shape,
                                        int64_t columnsPerBlock,
                                        int64_t threads, int64_t vector) {
  if (std::string why = vectorRefusal(shape, vector); !why.empty())
    return why;
  if (shape.columns % vector != 0)
    return "vectors of " + std::to_string(vector) +
           " elements do not divide the " + std::to_string(shape.columns) +
           " columns";
  if (columnsPerBlock < vector || columnsPerBlock % vector != 0)
    return "a block's " + std::to_string(columnsPerBlock) +
           " columns are no whole number of vectors of " +
           std::to_string(vector);
  int64_t columnThreads = columnsPerBlock / vector;
  if (threads < columnThreads || threads % columnThreads != 0)
    return "the block's " + std::to_string(threads) +
           " threads do not make whole groups of " +
           std::to_string(columnThreads) + " (one a vector of its " +
           std::to_string(columnsPerBlock) + " columns)";
  return "";
}

ColumnKernelLayout ColumnKernelLayout::of(const RowShape &shape,
                                          int64_t columnsPerBlock,
                                          int64_t threads, int64_t vector) {
  ColumnKernelLayout l;
  l.columnsPerBlock = columnsPerBlock;
  l.threads = threads;
  l.vector = std::max<int64_t>(1, vector);
  l.columnThreads = std::max<int64_t>(1, columnsPerBlock / l.vector);
  l.groups = std::max<int64_t>(1, threads / l.columnThreads);
  l.slots = (shape.length + l.groups - 1) / l.groups;
  l.batch = std::min(
      l.slots,
      std::max<int64_t>(1, RowKernelLayout::kResidentElements / l.vector));
  l.batches = (l.slots + l.batch - 1) / l.batch;
  l.sharedBytes = l.groups > 1 ? 4 * l.groups * columnsPerBlock : 0;
  return l;
}

namespace {

/// A column reduction (RowShape::columns > 1): the terms of the row kernel
/// for its layout (docs/cost-model.md, row kernels).
Prediction predictColumnKernel(const KernelDesc &k, const Schedule &s,
                               const Target &t) {
  using namespace model;
  Prediction p;
  const RowShape &r = *k.row;
  auto illegal = [&](std::string why) {
    return markIllegal(p, std::move(why));
  };
  if (std::string why =
          blockFormRefusal(s, t, p, "a column reduction", "columns");
      !why.empty())
    return illegal(why);
  int64_t threads = p.threadsPerBlock;
  std::string why =
      ColumnKernelLayout::refusal(r, s.block[0], threads, s.vector);
  if (!why.empty())
    return illegal(why);
  ColumnKernelLayout l =
      ColumnKernelLayout::of(r, s.block[0], threads, s.vector);
  p.sharedBytes = l.sharedBytes;
  if (double(p.sharedBytes) > t.blockSharedMemoryLimit())
    return illegal("the block's partials (" + std::to_string(p.sharedBytes) +
                   " bytes) exceed what one block may allocate");
  double bytes = dtypeBytes(r.type);
  bool narrow = r.type != ElementType::F32;
  // A thread's batch of loads and its vector of sums (as a reduction's,
  // reductionRegisters).
  double words = double(l.batch * l.vector) * bytes / 4 + double(l.vector);
  p.registers = std::llround(l.batches > 1 && threads <= 64 ? 7 + 1.75 * words
                                                            : 22 + words / 3);
  if (!occupy(p, t, s.warps, threads))
    return illegal("one block needs more of an SM than it has");
  int64_t columnTiles = (r.columns + l.columnsPerBlock - 1) / l.columnsPerBlock;
  p.blocks = r.rows * columnTiles;
  double blocksOnBusiestSM = model::spreadBlocks(t, p);
  double resident = model::residentBlocks(p, blocksOnBusiestSM);

  // A thread's work: per slot a vector load, its conversion and its adds
  // (or maxima); then its partial's store; the first group's threads read
  // and combine the groups' partials and store the result (counted for
  // every thread: the busiest thread's work).
  double v = double(l.vector);
  double slotOps = 1 + v * (1 + (narrow ? 1 : 0));
  double combineOps = (l.groups > 1 ? v : 0) + 2 * v;
  double firstOps = l.groups > 1 ? double(l.groups) * (1 + v) : 0;
  Phase work{double(threads), double(l.slots) * slotOps + combineOps + firstOps,
             0, double(l.columnsPerBlock)};
  // Wavefronts: a warp's vector loads take a line per 128 bytes of each
  // group's run (a warp over several groups takes one per group); the
  // partials' stores and the first group's reads.
  double warp = t.warpSize();
  double groupsPerWarp = std::max(1.0, warp / double(l.columnThreads));
  double run = std::min<double>(double(l.columnThreads), warp) * v * bytes;
  double lines = groupsPerWarp * std::ceil(run / 128);
  // (A vector of v f32 a lane is v wavefronts a warp, stored once and,
  // over the first group's warps, read once a group: 2 v a warp.)
  work.loads = double(l.slots) * lines + (l.groups > 1 ? 2 * v : 0);
  PhaseCycles once = phaseCycles(work, threads, t, p.uncalibrated);

  double dramLatency = usable(t, TargetField::DramLatencyCycles, p.uncalibrated)
                           ? t.get(TargetField::DramLatencyCycles)
                           : 0;
  double l1Latency = usable(t, TargetField::L1LatencyCycles, p.uncalibrated)
                         ? t.get(TargetField::L1LatencyCycles)
                         : 0;
  // The chain: a DRAM round trip per batch, then (with groups) the
  // partials' store, a barrier and the first group's reads.
  double chain = double(l.batches) * dramLatency +
                 (l.groups > 1 ? 2 * l1Latency : 0) + once.chain;
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  auto us = [&](double cycles) { return cycles / clockHz * 1e6; };
  p.flops = k.flops;
  p.computeUs = us(blocksOnBusiestSM * std::max(once.issue, once.sfu));
  p.loadsUs = us(blocksOnBusiestSM * once.wavefronts);
  double blockBytes = double(r.length) * double(l.columnsPerBlock) * bytes +
                      double(l.columnsPerBlock) * bytes;
  double transfer = usable(t, TargetField::SmBytesPerClock, p.uncalibrated)
                        ? blockBytes / t.get(TargetField::SmBytesPerClock)
                        : 0;
  p.latencyUs = us(std::max(chain + transfer,
                            blocksOnBusiestSM * (chain + transfer) / resident));
  double inBytes =
      double(r.rows) * double(r.length) * double(r.columns) * bytes;
  double outBytes = double(r.rows) * double(r.columns) * bytes;
  p.dramBytes = inBytes + outBytes;
  p.dramUs = p.dramBytes / dramBandwidth(t, p.dramBytes, p.uncalibrated) * 1e6;
  p.l2Bytes = p.dramBytes;
  if (usable(t, TargetField::L2BandwidthTBps, p.uncalibrated))
    p.l2Us = p.l2Bytes / (t.get(TargetField::L2BandwidthTBps) * 1e12) * 1e6;
  if (usable(t, TargetField::SmBytesPerClock, p.uncalibrated))
    p.l2Us = std::max(p.l2Us, us(blocksOnBusiestSM * blockBytes /
                                 t.get(TargetField::SmBytesPerClock)));
  return finishTerms(p, t, blocksOnBusiestSM);
}

} // namespace

Prediction predictRowKernel(const KernelDesc &k, const Schedule &s,
                            const Target &t) {
  using namespace model;
  if (k.row->columns > 1)
    return predictColumnKernel(k, s, t);
  Prediction p;
  const RowShape &r = *k.row;
  auto illegal = [&](std::string why) {
    return markIllegal(p, std::move(why));
  };
  if (std::string why = blockFormRefusal(s, t, p, "a row kernel", "rows");
      !why.empty())
    return illegal(why);
  int64_t threads = p.threadsPerBlock;
  std::string why = RowKernelLayout::refusal(r, s.block[0], threads, s.vector);
  if (!why.empty())
    return illegal(why);
  RowKernelLayout l = RowKernelLayout::of(r, s.block[0], threads, s.vector);
  p.sharedBytes = l.sharedBytes;
  if (double(p.sharedBytes) > t.blockSharedMemoryLimit())
    return illegal("the block's partials (" + std::to_string(p.sharedBytes) +
                   " bytes) exceed what one block may allocate");
  // The registers that let two blocks of `threads` fill an SM's threads,
  // where they are at least half of them (else no limit).
  int64_t smThreads = int64_t(t.get(TargetField::MaxWarpsPerSM)) * t.warpSize();
  int64_t fullSM =
      2 * threads >= smThreads
          ? int64_t(t.get(TargetField::RegistersPerSM)) / smThreads / 8 * 8
          : std::numeric_limits<int64_t>::max();
  // A resident row's elements in f32 registers.
  double elements = double(l.slots * l.vector);
  p.registers = r.reduces()
                    ? reductionRegisters(l, dtypeBytes(r.type))
                    : rowRegisters(r, l.resident ? l.slots * l.vector : 0,
                                   l.rowsPerBlock, fullSM);
  if (p.registers > int64_t(t.get(TargetField::MaxRegistersPerThread)))
    return illegal("a thread would keep more of its row than it has "
                   "registers");
  if (!occupy(p, t, s.warps, threads))
    return illegal("one block needs more of an SM than it has");
  p.blocks = (r.rows + l.rowsPerBlock - 1) / l.rowsPerBlock;
  double blocksOnBusiestSM = model::spreadBlocks(t, p);
  double resident = model::residentBlocks(p, blocksOnBusiestSM);

  // What a thread issues for its row: per element its operations and
  // conversions (to f32 and back; a norm's scale and bias too), per
  // vector a load and a store (and the parameters'); a streamed row's
  // later passes read and convert it again.
  // A residual's row is read with the input's and added (in the row's
  // type, as unfused: a narrow sum is rounded, then widened again).
  double bytes = dtypeBytes(r.type);
  bool narrow = r.type != ElementType::F32;
  double params = double(r.scale) + double(r.bias);
  double passes = r.passes();
  double inputs = double(r.inputs());
  double readOps =
      (narrow ? inputs : 0) + (r.residual ? 1 + (narrow ? 2 : 0) : 0);
  double perElement = opsPerElement(r) + readOps +
                      (narrow ? (r.reduces() ? 0 : 1) + params : 0);
  double vectors = double(l.slots);
  // (A reduction stores its row's value once, by one thread.)
  double perVector = inputs + (r.reduces() ? 0 : 1) + params;
  if (!l.resident) {
    perElement += (passes - 1) * readOps;
    perVector += (passes - 1) * inputs;
  }
  double rowOps = elements * perElement + vectors * perVector;
  // Each reduction: a partial to shared memory; with groups, one thread of
  // every 32 adds their 32; every thread then reads its row's results.
  double reductions = r.reductions();
  double combineOps =
      reductions * (2 + (l.groups > 1 ? l.groups : l.threadsPerRow));
  double combinerOps = l.groups > 1 ? reductions * 2 * 32 : 0;
  Phase work{double(threads), rowOps + combineOps, 0,
             r.op == RowOpKind::Softmax ? double(l.rowsPerBlock * r.length)
                                        : double(l.rowsPerBlock)};
  // Shared wavefronts: each warp's partial stores and result reads (a
  // broadcast), the combiners' reads.
  work.loads = reductions * (1 + (l.groups > 1 ? l.groups : l.threadsPerRow));
  // And the global accesses' cache lines: a warp's vector access takes one
  // L1 wavefront per 128-byte line it touches, so that lanes spread over
  // several rows (fewer than a warp of threads a row) take a line for each
  // row's short run, where a warp along one row takes its bytes / 128.
  // Each pass that reads the row (one when resident), each input, and the
  // store of a written row.
  double warp = t.warpSize();
  double rowsPerWarp = std::max(1.0, warp / double(l.threadsPerRow));
  double run = std::min<double>(double(l.threadsPerRow), warp) *
               double(l.vector) * bytes;
  double lines = rowsPerWarp * std::ceil(run / 128);
  double reads = (l.resident ? 1 : passes) * inputs;
  work.loads += vectors * lines * (reads + (r.reduces() ? 0 : 1));
  PhaseCycles once = phaseCycles(work, threads, t, p.uncalibrated);
  Phase combine{double(l.rowsPerBlock * l.groups), combinerOps, combinerOps / 2,
                0};
  PhaseCycles combiners{};
  if (l.groups > 1)
    combiners = phaseCycles(combine, threads, t, p.uncalibrated);

  // The chain of one block: its loads' round trip to DRAM (all of a
  // resident row's vectors in flight at once; a streamed row waits once per
  // pass, the later ones on L2), then each reduction's levels, each a
  // store, a barrier and a read of shared memory.
  double dramLatency = usable(t, TargetField::DramLatencyCycles, p.uncalibrated)
                           ? t.get(TargetField::DramLatencyCycles)
                           : 0;
  double l2Latency = usable(t, TargetField::L2LatencyCycles, p.uncalibrated)
                         ? t.get(TargetField::L2LatencyCycles)
                         : 0;
  double l1Latency = usable(t, TargetField::L1LatencyCycles, p.uncalibrated)
                         ? t.get(TargetField::L1LatencyCycles)
                         : 0;
  double levels = l.groups > 1 ? 2 : 1;
  double chain = (r.reduces() ? double(l.batches) : 1) * dramLatency +
                 (l.resident ? 0 : (passes - 1) * l2Latency) +
                 reductions * levels * 2 * l1Latency + once.chain +
                 combiners.chain;

  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  auto us = [&](double cycles) { return cycles / clockHz * 1e6; };
  p.flops = k.flops;
  p.computeUs = us(blocksOnBusiestSM *
                   (std::max(once.issue, once.sfu) + combiners.issue));
  p.loadsUs = us(blocksOnBusiestSM * (once.wavefronts + combiners.wavefronts));
  // A block's own bytes cross the SM's link while nothing else of it
  // runs (its loads wait, then it reduces and writes): with few blocks
  // resident, its transfer and its chain add.
  double blockBytes =
      double(l.rowsPerBlock) * bytes *
      (double(r.length) * (inputs + (l.resident ? 0 : (passes - 1) * inputs)) +
       double(r.written()));
  double transfer = usable(t, TargetField::SmBytesPerClock, p.uncalibrated)
                        ? blockBytes / t.get(TargetField::SmBytesPerClock)
                        : 0;
  p.latencyUs = us(std::max(chain + transfer,
                            blocksOnBusiestSM * (chain + transfer) / resident));

  double rowBytes = double(r.rows) * double(r.length) * bytes;
  double writtenBytes = double(r.rows) * double(r.written()) * bytes;
  double paramBytes = params * double(r.length) * bytes;
  p.dramBytes = inputs * rowBytes + writtenBytes + paramBytes;
  // A streamed row's later passes hit L2 only while the rows resident on
  // the whole GPU fit in it; past that, the share that does not fit comes
  // from DRAM again (run e measured the multi-pass softmax [4096, 4096]
  // reading its input 2.3 times from DRAM).
  if (!l.resident &&
      usable(t, TargetField::L2Bytes, p.uncalibrated)) {
    double live = t.get(TargetField::SMCount) * double(p.blocksPerSM) *
                  double(l.rowsPerBlock) * double(r.length) * bytes * inputs;
    double missed =
        std::max(0.0, 1.0 - t.get(TargetField::L2Bytes) / live);
    p.dramBytes += missed * (passes - 1) * inputs * rowBytes;
  }
  p.dramUs = p.dramBytes / dramBandwidth(t, p.dramBytes, p.uncalibrated) * 1e6;
  double rereads = l.resident ? 0 : (passes - 1) * inputs * rowBytes;
  p.l2Bytes = inputs * rowBytes + writtenBytes + rereads +
              double(p.blocks) * paramBytes;
  if (usable(t, TargetField::L2BandwidthTBps, p.uncalibrated))
    p.l2Us = p.l2Bytes / (t.get(TargetField::L2BandwidthTBps) * 1e12) * 1e6;
  if (usable(t, TargetField::SmBytesPerClock, p.uncalibrated))
    p.l2Us =
        std::max(p.l2Us, us(blocksOnBusiestSM * p.l2Bytes / double(p.blocks) /
                            t.get(TargetField::SmBytesPerClock)));
  return finishTerms(p, t, blocksOnBusiestSM);
}

} // namespace mlir::tessel
