//===- ThreadWork.cpp - What each thread of a block executes --------------===//
//
// Term 3 of the cost model (docs/cost-model.md) before it becomes time: how
// the block's threads lie over its tile, and, op by op (the kernel's Work),
// the operations, L1/shared-memory bytes and dependent memory rounds of the
// busiest thread, as tessel-tile-and-fuse emits the op: fused per element,
// per thread, split cooperatively over the block, or inside a K step on
// SIMT lanes or tensor cores.
//
//===----------------------------------------------------------------------===//

#include "costmodel/ModelTerms.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mlir::tessel::model {

namespace {

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

/// sharedWavefronts of a warp of `lanes` lanes: a wave64 access is served
/// as two halves of 32 lanes.
template <typename AddressFn>
double warpWavefronts(AddressFn address, int64_t bytes, int64_t lanes) {
  double total = 0;
  for (int64_t half = 0; half < lanes; half += 32)
    total += sharedWavefronts(
        [&](int64_t lane) { return address(half + lane); }, bytes);
  return total;
}

/// The position of root loop `loop` among the parallel loops, or -1.
int parallelIndex(const Context &c, int loop) {
  auto it = std::find(c.parallel.begin(), c.parallel.end(), loop);
  return it == c.parallel.end() ? -1 : int(it - c.parallel.begin());
}

/// What a warp's global load request costs L1 at least, in bytes: the
/// bytes of the load_request_cycles clocks it holds L1 (0 where the target
/// lacks either figure).
double requestBytes(const Target &t, bool &uncalibrated) {
  if (!t.has(TargetField::L1BytesPerClock) ||
      !usable(t, TargetField::LoadRequestCycles, uncalibrated))
    return 0;
  return t.get(TargetField::LoadRequestCycles) *
         t.get(TargetField::L1BytesPerClock);
}

/// One Work's instances: per thread, and per block (the tile's, for a
/// per-thread op; 1 for a fused one, whose instances are the thread's
/// elements).
struct Instances {
  double perThread = 1, perBlock = 1;
};

Instances instancesOf(const Context &c, const ThreadGeometry &g,
                      const Work &w) {
  Instances n{g.elementsPerThread, 1};
  if (!w.perThread())
    return n;
  n.perThread = 1;
  for (int l : w.loops)
    if (int j = parallelIndex(c, l); j >= 0) {
      n.perThread *= g.extent[j];
      n.perBlock *= double(c.tiles[j]);
    }
  return n;
}

/// A K step's steps over the contraction's reduction, and what the block's
/// copies of its operand tiles into shared memory move per step.
struct KSteps {
  double reduction = 0; // K, at least 1
  double steps = 0, step = 0;
  /// With S stages the loop copies S - 1 steps past the last (clamped to
  /// it): steps + S - 1 copies of each tile in all.
  double copySteps = 0;
  /// Copy instructions (copyWidth elements each, and one store an element
  /// into padded rows: simtRowPad) and bytes per step.
  double copies = 0, copyBytes = 0;
  /// What the step's copies cost L1, in bytes of its clocks: copyBytes
  /// where every copy reads whole rows, more where one gathers
  /// (gatheredCopyL1Bytes).
  double copyL1Bytes = 0;
};

/// What a SIMT K step's copy of an operand tile stored transposed
/// (copiesTransposed) costs L1 per step, in bytes of its clocks (0 where
/// the target lacks the figures). The tile is `step` x its tile along the
/// root loop `loop` (N for a `transpose_rhs` B, M for a `transpose_lhs`
/// A). In memory its elements lie along K for B (rows of `rowElements`:
/// the contraction's K; a split's slices lie further apart, which changes
/// no count while a row spans whole lines) and along `loop` for A
/// (`alongLoop`; rows of `rowElements`: the whole M). The copy runs along
/// them (tessel-tile-and-fuse's splitCopies: copyThreadLayout of [rows,
/// along], one element a thread, a chunk of each), so a warp's scalar load
/// reads consecutive elements of one row, or of a few where the tile is
/// shorter than a warp there. Each load costs L1 the larger of its
/// sectors' bytes and a clock (l1_bytes_per_clock) for each line its lanes
/// touch, as warpL1Bytes prices a fused op's loads. (A pipelined step keeps
/// the buffer's layout, each lane a row of its own; the model leaves it
/// unmodelled: stagesRefusal.)
double gatheredCopyL1Bytes(const Context &c, const Load &operand, int loop,
                           bool alongLoop, double step, double rowElements) {
  const Target &t = c.target;
  if (!t.has(TargetField::MemorySectorBytes) ||
      !t.has(TargetField::CacheLineBytes) ||
      !t.has(TargetField::L1BytesPerClock) || loop < 0)
    return 0;
  int j = parallelIndex(c, loop);
  if (j < 0)
    return 0;
  auto tile = int64_t(c.tiles[j]);
  auto k = int64_t(step);
  // The tile as it lies in memory: `rows` rows of `along` elements.
  int64_t rows = alongLoop ? k : tile, along = alongLoop ? tile : k;
  std::vector<int64_t> layout =
      copyThreadLayout({rows, along}, c.threadsPerBlock, 1);
  int64_t tx = std::max<int64_t>(layout[1], 1);
  int64_t ty = std::max<int64_t>(layout[0], 1);
  int64_t chunkAlong = (along + tx - 1) / tx, chunkRows = (rows + ty - 1) / ty;
  double sector = t.get(TargetField::MemorySectorBytes);
  double line = t.get(TargetField::CacheLineBytes);
  auto row = int64_t(rowElements);
  int64_t warpSize = t.warpSize();
  // Every warp's lanes lie alike (the next warp's a chunk further along a
  // row or down the rows); the first full warp stands for them.
  double perWarp = 0;
  for (int64_t r = 0; r < chunkRows; ++r)
    for (int64_t e = 0; e < chunkAlong; ++e) {
      std::vector<int64_t> lines, sectors;
      for (int64_t lane = 0; lane < warpSize; ++lane) {
        int64_t x = lane % tx, y = (lane / tx) % ty;
        int64_t at = y * chunkRows + r, in = x * chunkAlong + e;
        if (at >= rows || in >= along)
          continue;
        double byte = double(at * row + in) * operand.bytes;
        lines.push_back(int64_t(byte / line));
        sectors.push_back(int64_t(byte / sector));
      }
      for (std::vector<int64_t> *v : {&lines, &sectors}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
      }
      perWarp +=
          std::max(double(sectors.size()) * sector,
                   double(lines.size()) * t.get(TargetField::L1BytesPerClock));
    }
  // The tile's other dims (a split-K slice's, a batch's) repeat it.
  double others = 1;
  for (int l : operand.loops)
    if (l != loop)
      others *= tileProduct(c, {l});
  int64_t active = std::min(tx, (along + chunkAlong - 1) / chunkAlong) *
                   std::min(ty, (rows + chunkRows - 1) / chunkRows);
  return others * std::ceil(double(active) / double(warpSize)) * perWarp;
}

/// The root loop along M (a `transpose_lhs` A's stored rows) of the
/// kernel's contraction: the second-innermost parallel loop.
int mLoop(const Context &c) {
  return c.parallel.size() < 2 ? -1 : c.parallel[c.parallel.size() - 2];
}

KSteps kStepsOf(const Context &c, const ThreadGeometry &g, const Work &w) {
  KSteps k;
  k.reduction = double(std::max<int64_t>(w.reduction, 1));
  k.steps = std::ceil(k.reduction / double(c.kStep));
  k.step = std::min(double(c.kStep), k.reduction);
  k.copySteps = k.steps + double(c.schedule.stages - 1);
  for (size_t index = 0; index < w.operandTiles.size(); ++index) {
    const Load &operand = w.operandTiles[index];
    double elements = k.step * tileProduct(c, operand.loops);
    // A transposed operand's elements are scalar loads each: B's along K
    // (rows K apart), A's along M (rows the whole M apart).
    double gatherL1 = 0;
    int m = mLoop(c);
    if (copiesTransposed(c, index) && index == 1)
      gatherL1 = gatheredCopyL1Bytes(c, operand, operand.contiguous, false,
                                     k.step, k.reduction);
    else if (copiesTransposed(c, index) && m >= 0)
      gatherL1 = gatheredCopyL1Bytes(c, operand, m, true, k.step,
                                     double(c.kernel.loops[m].size));
    double width = gatherL1 > 0 ? 1.0 : double(copyWidth(c, operand));
    k.copies += elements / width;
    // A row-major A's vector loads are stored into padded rows (simtRowPad)
    // an element at a time: width - 1 more stores a load.
    if (width > 1 && simtRowPad(c, w, index) > 0)
      k.copies += elements - elements / width;
    // Rows of the tile along its contiguous dim: a row of `step` elements
    // when K is contiguous, else of the tile along `contiguous`.
    double row = k.step;
    if (operand.contiguous >= 0)
      if (int j = parallelIndex(c, operand.contiguous); j >= 0)
        row = double(c.tiles[j]);
    double bytes = elements * operand.bytes;
    if (g.sectors) {
      double sector = c.target.get(TargetField::MemorySectorBytes);
      bytes = elements / row * std::ceil(row * operand.bytes / sector) * sector;
    }
    k.copyBytes += bytes;
    k.copyL1Bytes += gatherL1 > 0 ? gatherL1 : bytes;
  }
  return k;
}

/// A K step on warpgroup MMA (tessel-lower-wgmma). Per step: thread 0
/// issues the TMA loads (no copy instructions on the other threads; the
/// tiles' bytes are written into shared memory) and each warpgroup's wgmma
/// reads its 64 rows of A and all of B from shared memory, 2 x 64 x N x K
/// flops; after the loop each thread stores its N / 2 accumulators into
/// the shared accumulator (4-byte stores), which the epilogue reads. From
/// the threads' copies (a warp tile: tessel-lower-mma) each thread also
/// issues its share of the copies, as for mma.sync, into tiles with the
/// 128-byte swizzle (warpgroupRefusal), whose 16-byte row stores take no
/// more wavefronts than their bytes.
void addWgmmaKStep(const Context &c, const KSteps &k, WorkCost &cost) {
  using W = WgmmaShape;
  // (A batch_matmul's block takes one batch element: [1, M, N].)
  double bm = double(c.tileM()), bn = double(c.tileN());
  double step = double(c.kStep);
  double groups = bm / double(W::kM);
  double warps = double(c.schedule.warps);
  double operandBytes = groups * (double(W::kM) + bn) * step * 2.0;
  double accumulatorBytes = bm * bn * 4.0;
  cost.perWarpLoadBytes += (k.steps * operandBytes + accumulatorBytes) / warps +
                           k.copySteps * k.copyBytes / warps;
  // The accumulator's stores, and per step a wait, the descriptors and the
  // wgmma group's issue (one per 16 of K).
  cost.perThreadFlops +=
      bn / 2.0 + k.steps * (2.0 * step / double(W::kK) + 8.0);
  if (!c.tma)
    cost.perThreadFlops += k.copySteps * k.copies / double(c.threadsPerBlock);
  cost.tensorFlopsPerBlock += k.steps * 2.0 * bm * bn * step;
  cost.kSteps += k.steps;
  cost.sharedRoundsPerStep = std::max(cost.sharedRoundsPerStep, 1.0);
  cost.sharedRounds += 2.0;
}

/// A K step on tensor cores. Per step and warp: each 16 x 16 piece of A
/// read once by one ldmatrix.x4, each two 16 x 8 pieces of B side by side
/// by one ldmatrix.x4.trans (an odd one by an .x2.trans), pm x pn x pk
/// mma.sync, MmaSyncShape::kFlops each (tessel-mma-ldmatrix); the
/// accumulator's pieces stay in registers through the K loop
/// (tessel-hoist-accumulators): read and written (2 + 2 pairs of f32 a
/// lane) once per block. Shared-memory wavefronts from the buffers' row
/// strides (bank conflicts included).
void addMmaKStep(const Context &c, const KSteps &k, WorkCost &cost) {
  auto [pm, pn, pk] = c.mmaTiles;
  int64_t kStep = c.kStep;
  // Row strides in bytes of the padded buffers.
  int64_t aRow = (kStep + kMmaOperandPad) * 2;
  int64_t bRow = (c.tileN() + kMmaOperandPad) * 2;
  int64_t cRow = (c.tileN() + kMmaAccumulatorPad) * 4;
  auto group = [](int64_t lane) { return lane / 4; };
  auto thread = [](int64_t lane) { return lane % 4; };
  // One 8 x 8 matrix of ldmatrix: 8 rows of 16 bytes, as 32 lanes reading
  // 4 bytes each.
  auto matrixFronts = [&](int64_t row) {
    return sharedWavefronts(
        [&](int64_t l) { return group(l) * row + thread(l) * 4; }, 4);
  };
  double aFronts = matrixFronts(aRow), bFronts = matrixFronts(bRow);
  double cFronts = sharedWavefronts(
      [&](int64_t l) { return group(l) * cRow + thread(l) * 8; }, 8);
  double stepFronts = 4.0 * pm * pk * aFronts + 2.0 * pn * pk * bFronts;
  double accumulatorFronts = 4.0 * pm * pn * cFronts;
  double stepIssued = double(pm * pk) + double((pn + 1) / 2 * pk);
  double accumulatorIssued = 4.0 * pm * pn;
  double warps = double(c.schedule.warps);
  double warpSize = double(c.target.warpSize());
  cost.perWarpLoadBytes +=
      (k.steps * stepFronts + accumulatorFronts) * warpSize * 4.0 +
      k.copySteps * k.copyBytes / warps;
  cost.perThreadFlops += k.copySteps * k.copies / double(c.threadsPerBlock) +
                         2.0 * (k.steps * stepIssued + accumulatorIssued);
  cost.tensorFlopsPerBlock +=
      k.steps * warps * double(pm * pn * pk) * double(MmaSyncShape::kFlops);
  // Per step: the copies' global round, then A's and B's shared rounds,
  // one per 16 of the step (the K loop, latencyTime); the accumulator's
  // two rounds (load, store) once.
  cost.kSteps += k.steps;
  cost.sharedRoundsPerStep = std::max(cost.sharedRoundsPerStep, double(pk));
  cost.sharedRounds += 2.0;
}

/// A K step on MFMA (tessel-lower-mma, passes/MfmaLayout.h). Per step and
/// wavefront: each M x K piece of A read as one 8-byte load a lane (four
/// consecutive elements of a row), each K x N piece of B as four 2-byte
/// loads a lane (a column's elements, a row apart), pm x pn x pk MFMAs; the
/// accumulator's values (M x N / 64 f32 a lane per piece, runs of four
/// rows of a column) stay in registers through the K loop
/// (tessel-hoist-accumulators): read and written once per block, one
/// 4-byte access each. LDS serves a wave64 access in halves of 32 lanes,
/// each priced as NVIDIA's shared memory is (32 banks of 4 bytes).
void addMfmaKStep(const Context &c, const KSteps &k, WorkCost &cost) {
  auto [pm, pn, pk] = c.mmaTiles;
  const MfmaShape &s = c.mfmaShape;
  int64_t aRow = (c.kStep + kMmaOperandPad) * 2;
  int64_t bRow = (c.tileN() + kMmaOperandPad) * 2;
  int64_t cRow = (c.tileN() + accumulatorPad(ComputeClass::Mfma)) * 4;
  MfmaFragmentFronts fronts = mfmaFragmentFronts(s, aRow, bRow, cRow);
  double aFronts = fronts.a, bFronts = fronts.b, cFronts = fronts.c;
  double stepFronts = double(pm * pk) * aFronts + double(pn * pk) * bFronts;
  double accumulatorFronts = 2.0 * double(pm * pn) * cFronts;
  // Issued per lane: a load per A piece, four loads and two packs per B
  // piece, the accumulator's loads and stores once.
  double stepIssued = double(pm * pk) + 6.0 * double(pn * pk);
  double accumulatorIssued = 2.0 * double(pm * pn * s.accumulators());
  double warps = double(c.schedule.warps);
  // A wavefront of 32 banks x 4 bytes.
  cost.perWarpLoadBytes +=
      (k.steps * stepFronts + accumulatorFronts) * 32.0 * 4.0 +
      k.copySteps * k.copyBytes / warps;
  cost.perThreadFlops += k.copySteps * k.copies / double(c.threadsPerBlock) +
                         2.0 * (k.steps * stepIssued + accumulatorIssued);
  cost.tensorFlopsPerBlock +=
      k.steps * warps * double(pm * pn * pk) * double(s.flops());
  // Per step: the copies' global round, then one shared round for the
  // step's fragments (all issued ahead of the MFMAs); the accumulator's two
  // rounds once.
  cost.kSteps += k.steps;
  cost.sharedRoundsPerStep = std::max(cost.sharedRoundsPerStep, 1.0);
  cost.sharedRounds += 2.0;
}

/// A SIMT K step's shared-memory accesses, as tessel-tile-and-fuse lays
/// them out: each operand tile in a buffer shaped like it (the operand's
/// dims in order, K where the operand has it, unpadded but for A's rows,
/// simtRowPad), each thread's elements a contiguous run along each loop
/// (its extent; along N, where the step holds its columns in chunks,
/// simtColumnChunk, a chunk's run, its other chunks alike), threads
/// numbered x (the innermost distributed loop) fastest. Per k a thread
/// reads each element of its operand slices: along an operand's
/// contiguous loop as vectors of up to 16 bytes (what LLVM's load/store
/// vectorizer makes of a run of neighbouring elements: 8 f32 as two
/// 16-byte loads, 4 bf16 as one 8-byte load), elsewhere one element a
/// load (A's column, K contiguous: its rows lie a row of the buffer
/// apart). Per step each thread loads its share of the f32 accumulator
/// and stores it back, in vectors along the output's innermost loop.
struct SimtStepAccesses {
  /// Per k: a thread's shared loads, a warp's wavefronts for them.
  double instructionsPerK = 0, frontsPerK = 0;
  /// Per step: the accumulator's loads and stores, their wavefronts.
  double accumulatorInstructions = 0, accumulatorFronts = 0;
};

/// The largest vector (elements, a power of two) that divides a run of
/// `run` elements and a row of `row`, at most 16 bytes.
int64_t sharedVector(double run, int64_t row, double bytes) {
  int64_t v = 1;
  while (double(v * 2) * bytes <= 16 && std::fmod(run, double(v * 2)) == 0 &&
         row % (v * 2) == 0)
    v *= 2;
  return v;
}

SimtStepAccesses simtStepAccesses(const Context &c, const ThreadGeometry &g,
                                  const Work &w, const KSteps &k) {
  SimtStepAccesses s;
  // A thread's elements over `dims` (root loops; others, K, count 1).
  auto elementsOf = [&](const std::vector<int> &dims) {
    double elements = 1;
    for (int l : dims)
      if (int j = l < 0 ? -1 : parallelIndex(c, l); j >= 0)
        elements *= g.extent[j];
    return elements;
  };
  // Where the contraction's loops are not the root's in its order (a
  // transpose after it is the root), its lanes follow its own loops, which
  // the geometry does not describe: each element read one wavefront (a
  // warp's 32 lanes), as before bank conflicts were counted.
  if (w.loops != c.parallel) {
    double halves = double(c.target.warpSize()) / 32.0;
    for (const Load &operand : w.operandTiles)
      s.instructionsPerK += elementsOf(operand.loops);
    s.frontsPerK = s.instructionsPerK * halves;
    s.accumulatorInstructions = 2.0 * elementsOf(w.loops);
    s.accumulatorFronts = s.accumulatorInstructions * halves;
    return s;
  }
  // A lane's index among the threads along each parallel loop.
  size_t loops = c.parallel.size();
  // N's columns in chunks (simtColumnChunk): a lane's run along N, and the
  // stride of its first element, are a chunk's, its chunks T chunks apart
  // (each chunk's accesses as the first's).
  int64_t chunk = simtColumnChunk(c, g, w);
  int chunked = chunk ? int(loops) - 1 : -1;
  auto run = [&](int j) { return j == chunked ? double(chunk) : g.extent[j]; };
  auto threadAlong = [&](int64_t lane, size_t j) {
    int64_t rest = lane;
    for (size_t i = loops; i-- > 0;) {
      int64_t along = g.layout[i];
      if (along <= 0)
        continue;
      if (i == j)
        return rest % along;
      rest /= along;
    }
    return int64_t(0);
  };
  // The buffer's linear element index of a lane's first element, over
  // `dims` (root loops; -1 for K, at k = 0), each of `size` elements (K's
  // `kPad` more: A's padded rows, simtRowPad).
  auto firstElement = [&](int64_t lane, const std::vector<int> &dims,
                          int64_t kPad) {
    int64_t index = 0;
    for (int l : dims) {
      int j = l < 0 ? -1 : parallelIndex(c, l);
      int64_t size = j < 0 ? int64_t(k.step) + kPad : c.tiles[j];
      int64_t at = j < 0 ? 0 : threadAlong(lane, size_t(j)) * int64_t(run(j));
      index = index * size + at;
    }
    return index;
  };
  // `dims`' accesses: elements along the contiguous one (`contiguous`, -1
  // for none) in vectors, the rest one at a time.
  auto accesses = [&](const std::vector<int> &dims, int contiguous,
                      double bytes, int64_t kPad, double &instructions,
                      double &wavefronts) {
    int64_t vector = 1;
    if (int j = contiguous < 0 ? -1 : parallelIndex(c, contiguous); j >= 0)
      vector = sharedVector(run(j), c.tiles[j], bytes);
    int64_t access = std::max<int64_t>(1, int64_t(bytes)) * vector;
    instructions = elementsOf(dims) / double(vector);
    wavefronts = instructions * warpWavefronts(
                                    [&](int64_t lane) {
                                      return firstElement(lane, dims, kPad) *
                                             int64_t(bytes);
                                    },
                                    access, c.target.warpSize());
  };
  for (size_t index = 0; index < w.operandTiles.size(); ++index) {
    const Load &operand = w.operandTiles[index];
    // K comes last where it is contiguous, else just before the last loop.
    std::vector<int> dims = operand.loops;
    if (operand.contiguous < 0 || dims.empty())
      dims.push_back(-1);
    else
      dims.insert(dims.end() - 1, -1);
    // An unpipelined step's A has its rows padded.
    int64_t kPad = index == 0 ? simtRowPad(c, w, 0) : 0;
    double instructions = 0, wavefronts = 0;
    accesses(dims, operand.contiguous, operand.bytes, kPad, instructions,
             wavefronts);
    s.instructionsPerK += instructions;
    s.frontsPerK += wavefronts;
  }
  std::vector<int> out = w.loops;
  double instructions = 0, wavefronts = 0;
  accesses(out, out.empty() ? -1 : out.back(), 4.0, 0, instructions,
           wavefronts);
  s.accumulatorInstructions = 2.0 * instructions;
  s.accumulatorFronts = 2.0 * wavefronts;
  return s;
}

/// A K step on SIMT lanes (tileContractionK): per step the block's threads
/// copy the operand tiles from global to shared memory in coalesced rows
/// (one round of global latency, then a barrier), then each thread copies
/// its part of the accumulator to registers and, per k, reads the elements
/// of each operand its tile indexes (a column of A, a row of B: extent-many
/// each) and updates its tile (simtStepAccesses). Where the thread's part
/// stays in registers through the K loop (simtAccumulatorInRegisters:
/// tessel-hoist-accumulators), it starts at zero and is stored once after
/// the loop, one round: half the accumulator's per-step accesses, once; a
/// rest of K run after the loop (simtRestAfterKLoop) copies it in and out
/// once more, another round and a step's accesses. Each
/// shared-memory access of a warp takes its wavefronts (bank conflicts
/// included) of L1's clocks: Nsight Compute counted 0.9-1.1x these on the H200
/// for the suite's two SIMT partial GEMMs
/// (bench/data/h200/ncu-suite-2026-12-04a .csv,
/// l1tex__data_pipe_lsu_wavefronts), which run at 83-87 % of L1's wavefront
/// rate.
void addSimtKStep(const Context &c, const ThreadGeometry &g, const Work &w,
                  const KSteps &k, double instances, double ops,
                  WorkCost &cost) {
  SimtStepAccesses s = simtStepAccesses(c, g, w, k);
  // The accumulator's accesses in all: its loads and stores every step, or
  // its stores once, and where the rest of K runs after the loop
  // (simtRestAfterKLoop) its loads and stores once more.
  bool inRegisters = simtAccumulatorInRegisters(c, w);
  bool rest = inRegisters &&
              simtRestAfterKLoop(w.reduction, c.kStep, c.schedule.stages);
  double accumulatorTimes = !inRegisters ? k.steps : rest ? 1.5 : 0.5;
  // Each shared-memory load takes an issue slot as an FMA does (two flops'
  // worth of the peak): a thread tile of 8 x 8 f32 issues 10 loads per 64
  // FMAs.
  double sharedLoads = k.reduction * s.instructionsPerK +
                       accumulatorTimes * s.accumulatorInstructions;
  // Every thread of the block copies, those without outputs too (a GEMV's
  // block of 64 outputs on 256 threads); the compute and loads terms count
  // the warps with outputs (ThreadGeometry::activeWarps), so the copies'
  // instructions and L1 clocks are spread over those.
  double busyWarps = c.everyThread ? double(c.schedule.warps) : g.activeWarps;
  cost.perThreadFlops +=
      instances * ops +
      k.copySteps * k.copies / (busyWarps * double(c.target.warpSize())) +
      2.0 * sharedLoads;
  double wavefronts =
      k.reduction * s.frontsPerK + accumulatorTimes * s.accumulatorFronts;
  cost.perWarpLoadBytes +=
      wavefronts * 32.0 * 4.0 + k.copySteps * k.copyL1Bytes / busyWarps;
  // Per step: the copies' global round, the accumulator's round (once
  // after the loop where it stays in registers), then one shared-memory
  // round per k (the K loop, latencyTime).
  cost.kSteps += k.steps;
  double perStep = inRegisters ? k.reduction : k.reduction + k.steps;
  cost.sharedRoundsPerStep =
      std::max(cost.sharedRoundsPerStep, perStep / k.steps);
  if (inRegisters)
    cost.sharedRounds += rest ? 2.0 : 1.0;
  cost.sharedFrontsPerStep += wavefronts / k.steps;
}

/// A cooperative reduction, or an op fused into a thread's share of one:
/// each thread reduces its share of every row of the block; the tree then
/// combines the partials in ceil(log2 threads) steps, a barrier and one
/// shared-memory round each, and every reader reads its rows' results (one
/// shared load each).
void addCooperative(const Context &c, const ThreadGeometry &g, const Work &w,
                    Instances n, double ops, WorkCost &cost,
                    bool &uncalibrated) {
  double threads = double(c.threadsPerBlock);
  double warps = double(c.schedule.warps);
  int64_t warpSize = c.target.warpSize();
  cost.perThreadFlops += n.perBlock * ops / threads;
  if (w.execution == Execution::CooperativeReduction) {
    TreeCost tree = treeCost(n.perBlock, c.threadsPerBlock, warpSize);
    cost.perThreadFlops += tree.combinesPerThread + n.perThread;
    cost.perWarpLoadBytes +=
        (tree.warpLoads + n.perThread * warps) * double(warpSize) * 4.0 / warps;
    cost.sharedRounds += tree.steps + 1;
  }
  double request = w.loads.empty() ? 0 : requestBytes(c.target, uncalibrated);
  for (const Load &load : w.loads) {
    // A warp's load: thread t reads elements t, t + T, ... of the row
    // (tessel-tile-and-fuse's distributeCyclically), so 32 lanes read 32
    // neighbouring elements when the row lies along the reduction in
    // memory, and 32 elements a row apart (a sector each) when not.
    double bytes = double(warpSize) * load.bytes;
    if (g.sectors) {
      double sector = c.target.get(TargetField::MemorySectorBytes);
      bytes = load.contiguousAlongOwnLoop ? std::ceil(bytes / sector) * sector
                                          : double(warpSize) * sector;
    }
    double warpLoads = n.perBlock * load.count / double(warpSize);
    cost.perWarpLoadBytes += warpLoads * std::max(bytes, request) / warps;
  }
  double longest = 0;
  for (const Load &load : w.loads)
    longest = std::max(longest, std::ceil(load.count / threads));
  cost.perThreadRounds += n.perBlock * longest;
}

/// Whether the kernel rereads `load`'s input (a root loop of more than one
/// iteration does not index it) and reads no more of it than `l1Bytes`.
bool staysInL1(const Context &c, const Load &load, double l1Bytes) {
  if (l1Bytes <= 0)
    return false;
  double footprint = load.bytes * load.count;
  for (int l : load.loops)
    footprint *= double(c.kernel.loops[l].size);
  return footprint <= l1Bytes &&
         std::any_of(c.parallel.begin(), c.parallel.end(), [&](int l) {
           return c.kernel.loops[l].size > 1 &&
                  std::find(load.loops.begin(), load.loops.end(), l) ==
                      load.loops.end();
         });
}

/// An op fused per element or run per thread. Fused into the element loops,
/// an op that vectorizes (Work::vectorized) runs per vector step when the
/// schedule has a vector width: its loads along the innermost loop are
/// vector loads, each step's loads one round. Other ops of the step stay
/// scalar.
void addElementwise(const Context &c, const ThreadGeometry &g, const Work &w,
                    double instances, double ops, double l1Bytes,
                    WorkCost &cost, bool &uncalibrated) {
  int64_t vector = std::max<int64_t>(c.schedule.vector, 1);
  cost.perThreadFlops += instances * ops;
  bool stepped = vector > 1 && !w.perThread() && w.vectorizesAt(vector);
  double steps = stepped ? std::ceil(instances / double(vector)) : instances;
  // An instance reads the elements of the op's own loops (a reduction's)
  // one after another; along memory, a cache line's worth share one round
  // trip (the rest hit L1), and the lines follow one another.
  const Target &t = c.target;
  double line = t.has(TargetField::CacheLineBytes)
                    ? t.get(TargetField::CacheLineBytes)
                    : 0;
  auto walks = [&](const Load &load) {
    return line > 0 && load.contiguousAlongOwnLoop &&
           load.count * load.bytes > line;
  };
  // Each warp-wide load request holds L1 load_request_cycles clocks however
  // few bytes it moves (a walk's load to a line still being fetched, a
  // broadcast or a 32-byte slice of a matmul's column).
  double request = w.loads.empty() ? 0 : requestBytes(t, uncalibrated);
  // A load of an input that the kernel rereads (a root loop of more than
  // one iteration does not index it) and reads no more of than fits in L1
  // (`l1Bytes`, beside the blocks' shared memory) finds it there once the
  // SM's first blocks have read it (a convolution's filter, a bias): its
  // rounds wait on L1 (`resident`, the longest such load). Not yet in a K
  // step's epilogue, whose stores are not priced: its bias reads on L1 moved
  // the H200's tensor-core GEMMs further from their measurements.
  double longest = 0, lines = 0, hits = 0, resident = 0;
  std::vector<const Load *> pacing;
  for (const Load &load : w.loads) {
    bool walk = walks(load);
    if (stepped && load.contiguous == g.innermost)
      cost.perWarpLoadBytes +=
          steps * load.count *
          std::max(warpL1Bytes(c, g, load, double(vector)), request);
    else
      cost.perWarpLoadBytes +=
          instances * load.count * std::max(warpL1Bytes(c, g, load), request);
    if (!walk && c.kStep == 0 && staysInL1(c, load, l1Bytes)) {
      resident = std::max(resident, load.count);
      continue;
    }
    if (!walk) {
      pacing.push_back(&load);
      longest = std::max(longest, load.count);
      continue;
    }
    // A line's first round waits on memory, its later ones
    // (kWalkLoadsPerRound loads each) on L1.
    double walkLines = std::ceil(load.count * load.bytes / line);
    double laterRounds =
        std::ceil(line / (kWalkLoadsPerRound * load.bytes)) - 1;
    if (walkLines > lines) {
      lines = walkLines;
      hits = walkLines * std::max(0.0, laterRounds);
    }
  }
  // The walk's lines against the other loads' rounds, kRoundsInFlight of
  // which overlap: whichever chain is longer.
  double covered = longest;
  if (lines * kRoundsInFlight > longest) {
    cost.serialRounds += steps * lines;
    cost.serialHitRounds += steps * hits;
    covered = (lines + hits) * kWalkLoadsPerRound;
  } else if (w.isContraction() && c.kStep == 0) {
    // A contraction's k loop: its k's loads come kUnrolledKPerRound at a
    // time (kRoundsInFlight in a one-warp block), then its FMAs.
    double perRound =
        c.schedule.warps > 1 ? kUnrolledKPerRound : kRoundsInFlight;
    double rounds = steps * longest / perRound;
    cost.contractionRounds += rounds;
    // A round waits for each load of the loop. A thread's outputs along
    // the loops a load does not index read its elements again (a column of
    // B, once for each of the thread's rows), and the block reads the
    // load's tile along its loops for every k, which L1 holds in whole
    // lines: a round is a reread where every load's is.
    double passes = INFINITY, bytes = 0;
    for (const Load *load : pacing) {
      double again = g.elementsPerThread;
      for (int l : load->loops)
        if (int j = parallelIndex(c, l); j >= 0)
          again /= g.extent[j];
      double tileBytes =
          load->count * tileProduct(c, load->loops) * load->bytes;
      if (int j = parallelIndex(c, load->contiguous); line > 0 && j >= 0) {
        double row = double(c.tiles[j]) * load->bytes;
        tileBytes *= std::ceil(row / line) * line / row;
      }
      passes = std::min(passes, again);
      bytes += tileBytes;
    }
    if (std::isfinite(passes)) {
      cost.contractionRereadRounds += rounds * (passes - 1) / passes;
      cost.contractionBlockBytes = std::max(cost.contractionBlockBytes, bytes);
    }
  } else {
    cost.perThreadRounds += steps * longest;
  }
  // The resident loads ride in the rounds of the others; beyond those,
  // each of their rounds waits on L1.
  cost.sharedRounds += steps * std::max(0.0, resident - covered);
}

/// Whether every op of the kernel runs once per output element, reading
/// single elements of the kernel's inputs at indices of the root's loops
/// (no loop of its own, no computed index, no operand dim indexed other
/// than by one of the root's loops) and no K step: a pure elementwise
/// kernel, whose element loop addElementwiseSteps prices.
bool pureElementwise(const Context &c) {
  const KernelDesc &k = c.kernel;
  if (c.kStep > 0 || !k.elementwiseRoot || k.work.empty())
    return false;
  for (size_t l = 0; l < k.loops.size(); ++l)
    if (k.loops[l].size > 1 && std::find(c.parallel.begin(), c.parallel.end(),
                                         int(l)) == c.parallel.end())
      return false;
  return std::all_of(k.work.begin(), k.work.end(), [](const Work &w) {
    return w.execution == Execution::PerElement &&
           w.kStepRole == KStepRole::None &&
           std::all_of(w.loads.begin(), w.loads.end(), [](const Load &l) {
             return l.count == 1 && !l.contiguousAlongOwnLoop && !l.gather;
           });
  });
}

/// A pure elementwise kernel's element loop, step by step: a step's loads,
/// its math, its store, and only then the next step's loads. Nothing tells
/// LLVM or ptxas that the output does not alias the inputs, so no load is
/// hoisted above the store before it (the PTX of add_relu on [1, 256]
/// tiles: ld, ld, st, eight times): the steps wait in turn, not
/// kRoundsInFlight at a time. A step is one element, or `vector` of them
/// with a vector width (all the step's loads, a transposed operand's scalar
/// ones too, come before its one vector store). A step whose loads find
/// their sectors already fetched by the thread waits on L1 instead: along
/// the innermost loop a thread takes `e` contiguous elements, so a load
/// contiguous along it misses once a sector (ceil(e * bytes / sector) of
/// the e / vector steps), one along another dim every step, and one the
/// innermost loop does not index once a row. Each warp's store instruction
/// moves every sector its lanes touch (L1 writes through to L2): lanes 8
/// f32 apart store 32 sectors for 128 bytes. Where the target gives no
/// sector size the rounds stay as addElementwise counts them.
void addElementwiseSteps(const Context &c, const ThreadGeometry &g,
                         WorkCost &cost) {
  if (!g.sectors || c.parallel.empty())
    return;
  const KernelDesc &k = c.kernel;
  const Target &t = c.target;
  double sector = t.get(TargetField::MemorySectorBytes);
  size_t last = c.parallel.size() - 1;
  int innermost = c.parallel[last];
  double along = g.extent[last];
  double vector = double(std::max<int64_t>(c.schedule.vector, 1));
  double stepsPerRow = std::ceil(along / vector);
  double rows = g.elementsPerThread / along;
  double misses = 0;
  bool loads = false;
  for (const Work &w : k.work)
    for (const Load &load : w.loads) {
      loads = true;
      bool indexed = std::find(load.loops.begin(), load.loops.end(),
                               innermost) != load.loops.end();
      double loadMisses = stepsPerRow;
      if (!indexed)
        loadMisses = 1;
      else if (load.contiguous == innermost)
        loadMisses =
            std::min(stepsPerRow, std::ceil(along * load.bytes / sector));
      misses = std::max(misses, loadMisses);
    }
  // The steps replace every round addElementwise counted, an input's that
  // stays in L1 too (its steps wait on L1 after their first).
  if (loads) {
    cost.perThreadRounds = 0;
    cost.sharedRounds = 0;
    cost.serialRounds = rows * misses;
    cost.serialHitRounds = rows * (stepsPerRow - misses);
  }
  auto out = std::find_if(k.operands.begin(), k.operands.end(),
                          [](const Operand &o) { return o.output; });
  if (out == k.operands.end() || out->loops.empty())
    return;
  // A step stores its `vector` elements at once where its ops all became
  // vector code, else one at a time (an op the vectorizer leaves a scalar
  // loop: vectorStepWidths).
  bool vectorized =
      std::all_of(k.work.begin(), k.work.end(), [&](const Work &w) {
        return w.vectorizesAt(int64_t(vector));
      });
  double lanes = vectorized ? std::min(vector, along) : 1;
  Load store;
  store.bytes = double(dtypeBytes(out->type));
  store.loops = out->loops;
  store.contiguous = out->loops.back();
  cost.perWarpStoreBytes = rows * stepsPerRow * std::min(vector, along) /
                           lanes * warpLoadBytes(c, g, store, lanes);
}

} // namespace

bool copiesTransposed(const Context &c, size_t operand) {
  if (c.mma || operand > 1)
    return false;
  KStepRole role = operand == 0 ? KStepRole::TransposedAPrologue
                                : KStepRole::TransposedBPrologue;
  return std::any_of(c.kernel.work.begin(), c.kernel.work.end(),
                     [&](const Work &w) { return w.kStepRole == role; });
}

int64_t simtRowPad(const Context &c, const Work &w, size_t operand) {
  if (c.mma || c.schedule.stages != 1 || operand >= w.operandTiles.size())
    return 0;
  const Load &tile = w.operandTiles[operand];
  // A's rows run along K in its buffer; a transposed B's along N.
  if (operand == 0 && tile.contiguous < 0 &&
      (copiesTransposed(c, 0) || tileProduct(c, tile.loops) > 1))
    return kSimtRowPad;
  if (operand == 1 && tile.contiguous >= 0 && copiesTransposed(c, 1))
    return kSimtRowPad;
  return 0;
}

bool simtAccumulatorInRegisters(const Context &c, const Work &w) {
  if (c.mma || c.wgmma || c.kStep == 0 || !w.isContraction() ||
      w.reduction <= c.kStep)
    return false;
  std::optional<ThreadGeometry> g = threadGeometry(c);
  if (!g)
    return false;
  for (size_t j = 0; j < c.parallel.size(); ++j) {
    if (std::find(w.loops.begin(), w.loops.end(), c.parallel[j]) ==
        w.loops.end())
      continue;
    // (The block's tile is at most the loop's size.)
    int64_t size = c.kernel.loops[c.parallel[j]].size, tile = c.tiles[j];
    int64_t threads = std::max<int64_t>(g->layout[j], 1);
    if (size % tile != 0 || tile % threads != 0)
      return false;
  }
  return true;
}

int64_t simtColumnChunk(const Context &c, const ThreadGeometry &g,
                        const Work &w) {
  if (c.mma || w.loops.empty() || w.loops != c.parallel)
    return 0;
  size_t j = c.parallel.size() - 1;
  int n = c.parallel[j];
  // The block's tile along N, where static: the schedule's where it divides
  // N, all of N where N is smaller.
  int64_t size = c.kernel.loops[n].size, tile = c.tiles[j];
  int64_t extent = size % tile == 0 ? tile : size < tile ? size : 0;
  double bytes = 0;
  for (const Load &operand : w.operandTiles)
    if (std::find(operand.loops.begin(), operand.loops.end(), n) !=
        operand.loops.end())
      bytes = std::max(bytes, operand.bytes);
  int64_t threads = j < g.layout.size() ? g.layout[j] : 0;
  if (extent == 0 || threads <= 0 || bytes <= 0 ||
      bytes > double(kSimtChunkBytes))
    return 0;
  int64_t v = kSimtChunkBytes / int64_t(bytes);
  if (extent % threads != 0 || (extent / threads) % v != 0 ||
      extent / threads < 2 * v)
    return 0;
  return v;
}

MfmaFragmentFronts mfmaFragmentFronts(const MfmaShape &s, int64_t aRowBytes,
                                      int64_t bRowBytes, int64_t cRowBytes) {
  auto halves = [&](auto &&address, int64_t bytes) {
    return warpWavefronts(address, bytes, MfmaShape::kWaveSize);
  };
  auto g = [&](int64_t lane) { return lane / s.m; };
  auto p = [&](int64_t lane) { return lane % s.m; };
  MfmaFragmentFronts f;
  f.a = halves([&](int64_t l) { return p(l) * aRowBytes + g(l) * 4 * 2; }, 8);
  f.b = MfmaShape::kOperandElements *
        halves([&](int64_t l) { return g(l) * 4 * bRowBytes + p(l) * 2; }, 2);
  f.c = double(s.accumulators()) *
        halves([&](int64_t l) { return g(l) * 4 * cRowBytes + p(l) * 4; }, 4);
  return f;
}

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

// A thread takes its tile's elements in turns: its extent along each loop is
// ceil(tile / threads along it), so idle lanes of a partial tile cost as
// much as busy ones.
std::optional<ThreadGeometry> threadGeometry(const Context &c) {
  const Schedule &s = c.schedule;
  std::optional<std::vector<int64_t>> layout =
      threadLayout(c.tiles, s.block, s.thread, c.threadsPerBlock);
  if (!layout)
    return std::nullopt;
  size_t loops = c.parallel.size();
  ThreadGeometry g;
  g.layout = std::move(*layout);
  g.extent.assign(loops, 1);
  for (size_t j = 0; j < loops; ++j) {
    int64_t along = std::max<int64_t>(g.layout[j], 1);
    g.extent[j] = double((c.tiles[j] + along - 1) / along);
    g.elementsPerThread *= g.extent[j];
  }
  // The lanes of one warp along each loop: threads are numbered x (the
  // innermost distributed loop) fastest, then y, then z.
  int64_t warpSize = c.target.warpSize();
  g.warpLanes.assign(loops, 1);
  int64_t remaining = warpSize;
  for (size_t fromEnd = 0; fromEnd < loops; ++fromEnd) {
    size_t j = loops - 1 - fromEnd;
    int64_t along = g.layout[j];
    if (along <= 0)
      continue;
    if (g.innermost < 0)
      g.innermost = c.parallel[j];
    g.warpLanes[j] = std::max<int64_t>(1, std::min(along, remaining));
    remaining = std::max<int64_t>(1, remaining / g.warpLanes[j]);
  }
  // Threads beyond a tile's extent along a loop have no element: a block of
  // 8 warps over one row's output runs one thread, and its 7 other warps
  // issue nothing (measured on the H100: a row sum's time grows with the
  // warps only through the blocks an SM can hold).
  double activeThreads = 1;
  g.activeLanes.assign(loops, 1);
  for (size_t j = 0; j < loops; ++j) {
    activeThreads *= double(
        std::min<int64_t>(std::max<int64_t>(g.layout[j], 1), c.tiles[j]));
    g.activeLanes[j] = double(std::min<int64_t>(g.warpLanes[j], c.tiles[j]));
  }
  g.activeWarps =
      std::min(double(s.warps), std::ceil(activeThreads / double(warpSize)));
  // What one warp's load moves through L1: each distinct element its lanes
  // read, in sectors where the target gives their size (lanes along the
  // contiguous dim share sectors), else every lane's bytes.
  g.sectors = c.target.has(TargetField::MemorySectorBytes);
  return g;
}

// A vector width: each thread's elements along the innermost loop are taken
// `vector` at a time (tessel-tile-and-fuse), legal only where every
// thread's share is a whole number of aligned vectors. A tensor-core
// contraction that is its kernel's root takes them in its copy from the
// accumulator to the output.
std::optional<std::string> vectorRefusal(const Context &c,
                                         const ThreadGeometry &g) {
  int64_t vector = std::max<int64_t>(c.schedule.vector, 1);
  if (vector <= 1)
    return std::nullopt;
  if (!c.kernel.elementwiseRoot &&
      !(c.mma && c.kernel.contraction && c.kernel.kSteppable))
    return "a vector width needs a root whose loops are all parallel (or a "
           "tensor-core contraction's copy to its output)";
  if (!vectorWidthFits(c.kernel.loops[c.parallel.back()].size, c.tiles.back(),
                       g.layout.back(), vector))
    return "the vector width does not divide each thread's share of the "
           "innermost loop";
  return std::nullopt;
}

namespace {
/// The elements one warp's load reads: `distinct` of them, `alongX` of
/// which lie along the innermost distributed loop, each lane's chunk there
/// `stride` elements wide.
struct WarpSpan {
  double distinct = 1, alongX = 1, stride = 1;
};

WarpSpan warpSpan(const Context &c, const ThreadGeometry &g, const Load &load) {
  WarpSpan span;
  for (size_t j = 0; j < c.parallel.size(); ++j)
    if (std::find(load.loops.begin(), load.loops.end(), c.parallel[j]) !=
        load.loops.end()) {
      span.distinct *= g.activeLanes[j];
      if (c.parallel[j] == g.innermost) {
        span.alongX = g.activeLanes[j];
        span.stride = g.extent[j];
      }
    }
  return span;
}

/// How many `unit`-byte pieces of memory a warp's load touches. Each thread
/// takes a contiguous chunk of `stride` elements along x, so neighbouring
/// lanes read `stride` elements apart: they share a piece only when their
/// chunks are narrower than one. A vector load reads `lanes` elements of
/// the chunk at once.
double warpPieces(const Load &load, const ThreadGeometry &g,
                  const WarpSpan &span, double lanes, double unit) {
  if (load.contiguous != g.innermost || span.alongX <= 1)
    return span.distinct;
  return span.distinct / span.alongX *
         std::min(span.alongX * std::ceil(lanes * load.bytes / unit),
                  std::ceil(span.alongX * span.stride * load.bytes / unit));
}
} // namespace

double warpLoadBytes(const Context &c, const ThreadGeometry &g,
                     const Load &load, double lanes) {
  if (!g.sectors)
    return double(c.target.warpSize()) * load.bytes * lanes;
  double sector = c.target.get(TargetField::MemorySectorBytes);
  return warpPieces(load, g, warpSpan(c, g, load), lanes, sector) * sector;
}

double warpL1Bytes(const Context &c, const ThreadGeometry &g, const Load &load,
                   double lanes) {
  const Target &t = c.target;
  if (!g.sectors || !t.has(TargetField::CacheLineBytes) ||
      !t.has(TargetField::L1BytesPerClock))
    return warpLoadBytes(c, g, load, lanes);
  WarpSpan span = warpSpan(c, g, load);
  double sector = t.get(TargetField::MemorySectorBytes);
  double line = t.get(TargetField::CacheLineBytes);
  return std::max(warpPieces(load, g, span, lanes, sector) * sector,
                  warpPieces(load, g, span, lanes, line) *
                      t.get(TargetField::L1BytesPerClock));
}

WorkCost workCost(const Context &c, const ThreadGeometry &g, Prediction &p) {
  const KernelDesc &k = c.kernel;
  const Target &t = c.target;
  WorkCost cost;
  if (k.work.empty()) {
    // The flops spread evenly over the outputs.
    double outputs = 1;
    for (int l : c.parallel)
      outputs *= double(k.loops[l].size);
    cost.perThreadFlops = g.elementsPerThread * k.flops / outputs;
  }
  // A math function's call issues the instructions of the code emitted for
  // it (kNvidiaMathCode, kAmdMathCode) or, where more, its special-function
  // instructions' share of the SM's special-function throughput,
  // lanesPerSM / special_functions_per_clock issue slots each (8 on
  // Hopper). An issue slot is two of the flops the SIMT peak counts (an
  // FMA's); the call's own flop is already in flopsPerInstance.
  double specialSlots = 0;
  if (usable(t, TargetField::SpecialFunctionsPerClock, p.uncalibrated))
    specialSlots = lanesPerSM(t) / t.get(TargetField::SpecialFunctionsPerClock);
  const std::array<MathFunctionCode, kMathFunctions> &code =
      t.vendor() == Vendor::NVIDIA ? kNvidiaMathCode : kAmdMathCode;
  std::array<double, kMathFunctions> callFlops;
  for (size_t f = 0; f < kMathFunctions; ++f)
    callFlops[f] = 2.0 * std::max(code[f].instructions,
                                  code[f].specialFunctions * specialSlots) -
                   1.0;
  bool kStep = c.kStep > 0;
  // The L1 an input can stay in: the cache less the resident blocks'
  // shared memory (none where the target gives no size).
  double l1Bytes = l1BesideShared(t, p, std::max<int64_t>(p.blocksPerSM, 1));
  for (const Work &w : k.work) {
    Instances n = instancesOf(c, g, w);
    double ops = w.flopsPerInstance;
    for (size_t f = 0; f < kMathFunctions; ++f)
      ops += w.mathCallsPerInstance[f] * callFlops[f];
    // Under a K step the contraction is computed once per block, into
    // shared memory, whichever ops read it.
    if (kStep && w.kStepRole == KStepRole::ContractionCopy)
      continue;
    // A prologue runs once per element of the tiles the block copies,
    // spread over its threads; its reads are the copies' (counted with the
    // contraction).
    if (kStep && w.isPrologue()) {
      cost.perThreadFlops +=
          tileProduct(c, w.loops) * ops / double(c.threadsPerBlock);
      continue;
    }
    if (kStep && w.isContraction()) {
      KSteps steps = kStepsOf(c, g, w);
      cost.stepBytes += steps.copyBytes;
      if (c.wgmma)
        addWgmmaKStep(c, steps, cost);
      else if (c.mfma)
        addMfmaKStep(c, steps, cost);
      else if (c.mma)
        addMmaKStep(c, steps, cost);
      else
        addSimtKStep(c, g, w, steps, n.perThread, ops, cost);
      continue;
    }
    if (c.tilesDivide && w.execution == Execution::CooperativeCopy)
      continue;
    if (c.tilesDivide && w.cooperative()) {
      addCooperative(c, g, w, n, ops, cost, p.uncalibrated);
      continue;
    }
    addElementwise(c, g, w, n.perThread, ops, l1Bytes, cost, p.uncalibrated);
  }
  if (pureElementwise(c))
    addElementwiseSteps(c, g, cost);
  if (k.work.empty())
    cost.perThreadRounds = std::ceil(
        g.elementsPerThread / double(std::max<int64_t>(c.schedule.vector, 1)));
  cost.warps = c.everyThread ? double(c.schedule.warps) : g.activeWarps;
  // Every output element costs at least one operation (its store), so that
  // pure data movement (a transpose) still occupies the lanes it uses.
  cost.perThreadFlops = std::max(cost.perThreadFlops, g.elementsPerThread);
  return cost;
}

} // namespace mlir::tessel::model
