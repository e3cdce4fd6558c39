//===- Occupancy.cpp - Legality of a schedule and the SM's occupancy ------===//
//
// Term 1 of the cost model (docs/cost-model.md): whether the code generator
// can emit a schedule on a target, and what one block of it holds (shared
// memory, registers, threads), hence how many blocks an SM runs at once.
//
//===----------------------------------------------------------------------===//

#include "costmodel/ModelTerms.h"

#include <algorithm>
#include <cmath>

namespace mlir::tessel::model {

std::optional<std::string> scheduleRefusal(const Context &c) {
  const Schedule &s = c.schedule;
  if (s.warps < 1)
    return "warps must be at least 1";
  // Split-K is two kernels (passes/SplitReduction.h), each described and
  // predicted on its own: one kernel never runs split_k > 1.
  if (s.splitK != 1)
    return "split_k > 1 runs as a partial and a sum kernel, predicted apart "
           "(tessel-select-schedules adds them)";
  if (s.stages < 1)
    return "stages must be at least 1";
  if (s.raster < 1)
    return "raster must be at least 1";
  if (s.raster > 1 && c.parallel.size() < 2)
    return "raster groups rows of tiles: it needs two parallel loops";
  if (s.cluster != 1 && s.cluster != 2)
    return "cluster must be 1 or 2";
  if (s.cluster != 1 && s.compute != ComputeClass::Wgmma)
    return "cluster = 2 multicasts wgmma's TMA loads: it needs mma = wgmma";
  if (c.threadsPerBlock > c.target.get(TargetField::MaxThreadsPerBlock))
    return "the block's threads exceed max_threads_per_block";
  if (c.kStep < 0)
    return "the K step must be at least 1";
  return std::nullopt;
}

std::optional<std::string> periodRefusal(const Context &c,
                                         const ThreadGeometry &g) {
  for (size_t j = 0; j < c.parallel.size(); ++j) {
    const Loop &loop = c.kernel.loops[c.parallel[j]];
    int64_t threads = j < g.layout.size() ? g.layout[j] : 1;
    if (tileKeepsPeriods(loop.size, loop.period, c.tiles[j], threads))
      continue;
    return "its tile of " + std::to_string(c.tiles[j]) + " along loop " +
           std::to_string(c.parallel[j]) + " over " +
           std::to_string(std::max<int64_t>(threads, 1)) +
           " thread(s) starts a part inside one of the groups of " +
           std::to_string(loop.period) +
           " that an op reads that loop through (floordiv or mod) and ends "
           "it in the next, which tiling slices as if the read were linear; "
           "take a multiple or a divisor of " +
           std::to_string(loop.period);
  }
  return std::nullopt;
}

// Whether the block covers the rows a consumer of the contraction reduces
// over (a softmax's max and sum read whole rows): where it does not, the
// rows are computed again in a second K step over the whole row, whose warp
// tiles would need more warps than the block has.
static bool coversReducedRows(const Context &c) {
  const KernelDesc &k = c.kernel;
  for (const Work &copy : k.work) {
    if (copy.kStepRole != KStepRole::ContractionCopy)
      continue;
    for (size_t j = 0; j < c.parallel.size(); ++j)
      if (std::find(copy.loops.begin(), copy.loops.end(), c.parallel[j]) ==
              copy.loops.end() &&
          c.tiles[j] < k.loops[c.parallel[j]].size)
        return false;
  }
  return true;
}

// Whether `warps` make whole warpgroups (1 to 4) of 64 rows each, `rows` in
// all: wgmma's block, from TMA or from the threads' copies.
static bool wholeWarpgroups(int64_t warps, int64_t rows) {
  using W = WgmmaShape;
  int64_t groups = warps / W::kWarpsPerGroup;
  return warps % W::kWarpsPerGroup == 0 && groups >= 1 &&
         groups <= W::kMaxGroups && rows == W::kM * groups;
}

// Warpgroup MMA (tessel-tile-and-fuse's checkWgmma, tessel-lower-wgmma):
// a matmul (or a batch_matmul, one batch element a block) whose operands
// TMA loads as they are, each warpgroup 64 rows of the block over K steps
// of 128 bytes, N a multiple of 64 up to 256, at least 2 stages; tiles
// beyond M or N are shifted, never cut.
std::optional<std::string> wgmmaRefusal(Context &c) {
  using W = WgmmaShape;
  const KernelDesc &k = c.kernel;
  const Schedule &s = c.schedule;
  if (!c.target.hasWgmma())
    return "wgmma needs an NVIDIA GPU with warpgroup MMA (sm_90a)";
  if (c.kStep == 0)
    return "wgmma needs a K step: block = [M, N, 64]";
  size_t rank = c.parallel.size();
  if (!k.wgmmaable || (rank != 2 && rank != 3) || s.block.size() != rank + 1 ||
      (rank == 3 && s.block[0] != 1))
    return "wgmma runs the K step of a matmul of f16 or bf16 into f32 (or "
           "a batch_matmul, block = [1, M, N, 64]) whose operands are the "
           "kernel's own arguments";
  int64_t bm = s.block[rank - 2], bn = s.block[rank - 1];
  if (!s.warp.empty() || !wholeWarpgroups(s.warps, bm))
    return "wgmma takes no warp tile and 64 rows per warpgroup of 4 warps "
           "(1 to 4 of them)";
  if (bn % W::kNChunk || bn > W::kMaxN || c.kStep * 2 != W::kKBytes)
    return "wgmma needs a block N that is a multiple of 64 up to 256 and a K "
           "step of 64";
  if (bm > k.loops[c.parallel[rank - 2]].size ||
      bn > k.loops[c.parallel[rank - 1]].size)
    return "wgmma's block tiles must be at most M and N";
  if (s.stages < 2)
    return "wgmma's pipeline needs 2 stages or more";
  // A cluster pairs ids 2i and 2i + 1, which must be neighbouring rows of
  // tiles in one column (rasterBlock walks each group down its rows): an
  // even number of rows, in groups of an even number of rows.
  if (s.cluster != 1) {
    int64_t rows = (k.loops[c.parallel[rank - 2]].size + bm - 1) / bm;
    if (rank != 2)
      return "cluster = 2 pairs the blocks of a matmul's rows of tiles (not "
             "a batch_matmul's)";
    if (!clusterPairsRows(rows, s.raster))
      return "cluster = 2 needs an even number of rows of tiles (M over "
             "block M), in raster groups of an even number of rows";
  }
  if (!coversReducedRows(c))
    return "wgmma needs the block to cover the rows a consumer of the "
           "contraction reduces over (a softmax's dim)";
  // In mma.sync pieces, for the terms they share (a warpgroup's 64 x N is
  // four warps' 16 x N).
  c.mmaTiles = {1, bn / MmaSyncShape::kN, c.kStep / MmaSyncShape::kK};
  return std::nullopt;
}

// Warpgroup MMA from the block's threads' copies (tessel-tile-and-fuse's
// checkWgmma with a warp tile, tessel-lower-mma): a matmul or batch_matmul
// whose operands mma.sync could take, copied as for mma.sync (a prologue
// computed in A's copy: a cast, an activation) into unpadded tiles that
// wgmma reads through descriptors, each warp 16 rows of the block's N (its
// share of its warpgroup's 64). The model offers the layout without bank
// conflicts only: K steps of 64 and N a multiple of 64, so that A's and B's
// tiles take the 128-byte swizzle, which the threads' 16-byte row stores
// spread over all banks.
std::optional<std::string> warpgroupRefusal(Context &c) {
  using W = WgmmaShape;
  const KernelDesc &k = c.kernel;
  const Schedule &s = c.schedule;
  if (!c.target.hasWgmma())
    return "wgmma needs an NVIDIA GPU with warpgroup MMA (sm_90a)";
  size_t rank = c.parallel.size();
  if (!k.mmaSyncable || c.kStep == 0 || (rank != 2 && rank != 3) ||
      s.block.size() != rank + 1 || (rank == 3 && s.block[0] != 1))
    return "wgmma with a warp tile runs the K step of a matmul of f16 or "
           "bf16 into f32 (or a batch_matmul, block = [1, M, N, 64])";
  int64_t bm = s.block[rank - 2], bn = s.block[rank - 1];
  if (s.warp.size() != rank + 1 || s.warp[rank - 2] != MmaSyncShape::kM ||
      s.warp[rank - 1] != bn || s.warp.back() != c.kStep ||
      (rank == 3 && s.warp[0] != 1))
    return "wgmma's warp tile is 16 rows of the block's N over the K step";
  if (!wholeWarpgroups(s.warps, bm))
    return "wgmma takes 64 rows per warpgroup of 4 warps (1 to 4 of them)";
  if (bn % W::kNChunk || bn > W::kMaxN || c.kStep * 2 != W::kKBytes ||
      c.contractionReduction % c.kStep)
    return "wgmma from the threads' copies needs a block N that is a "
           "multiple of 64 up to 256 and a K step of 64 dividing K (tiles "
           "whose 16-byte row stores the 128-byte swizzle spreads over the "
           "banks)";
  if (bm > k.loops[c.parallel[rank - 2]].size ||
      bn > k.loops[c.parallel[rank - 1]].size)
    return "wgmma's block tiles must be at most M and N";
  if (s.cluster != 1)
    return "cluster = 2 multicasts TMA loads: wgmma from the threads' copies "
           "takes none";
  if (!coversReducedRows(c))
    return "wgmma needs the block to cover the rows a consumer of the "
           "contraction reduces over (a softmax's dim)";
  c.mmaTiles = {1, bn / MmaSyncShape::kN, c.kStep / MmaSyncShape::kK};
  return std::nullopt;
}

// Tensor cores (tessel-tile-and-fuse's computeWithMma): each of the block's
// warps computes a warp tile of M x N over the whole K step in 16x8x16
// mma.sync pieces; every tile is whole.
// MFMA is the same structure on AMD's 64-lane wavefronts, in pieces of
// 16x16x16 or 32x32x8 (MfmaShape::forWarpTile).
std::optional<std::string> mmaRefusal(Context &c) {
  if (!c.mma)
    return std::nullopt;
  if (c.tma)
    return wgmmaRefusal(c);
  if (c.wgmma)
    return warpgroupRefusal(c);
  const KernelDesc &k = c.kernel;
  const Schedule &s = c.schedule;
  const char *name = c.mfma ? "MFMA" : "mma.sync";
  if (!c.mfma && !c.target.hasMmaSync())
    return "mma.sync needs an NVIDIA GPU of sm_80 or newer";
  if (c.mfma && !c.target.hasMfma())
    return "MFMA needs an AMD GPU with bf16 matrix cores (gfx90a, gfx94x)";
  if (!k.mmaSyncable || c.kStep == 0 || c.parallel.size() < 2)
    return std::string(name) +
           " runs the K step of a matmul or batch_matmul of f16 or bf16 "
           "accumulated in f32";
  size_t n = s.block.size();
  if (s.warp.size() != n || s.warp.back() != c.kStep)
    return std::string(name) + " needs a warp tile whose K is the K step";
  int64_t bm = s.block[n - 3], bn = s.block[n - 2];
  int64_t wm = s.warp[n - 3], wn = s.warp[n - 2];
  // The instruction's piece: mma.sync's 16 x 8 x 16, or MFMA's.
  MfmaShape piece =
      c.mfma ? MfmaShape::forWarpTile(wm, wn)
             : MfmaShape{MmaSyncShape::kM, MmaSyncShape::kN, MmaSyncShape::kK};
  if (c.mfma)
    c.mfmaShape = piece;
  const std::vector<int> &parallel = c.parallel;
  // Block tiles that do not divide M or N are whole all the same: the last
  // block is shifted back to overlap its neighbour (shiftPartialBlocks).
  bool fits = bm <= k.loops[parallel[parallel.size() - 2]].size &&
              bn <= k.loops[parallel.back()].size &&
              c.contractionReduction % c.kStep == 0;
  for (size_t i = 0; i + 3 < n; ++i)
    fits &= s.block[i] == 1 && s.warp[i] == 1;
  if (!fits || wm % piece.m || wn % piece.n || c.kStep % piece.k || bm % wm ||
      bn % wn || (bm / wm) * (bn / wn) != s.warps)
    return "the warp tiles must be multiples of the instruction's " +
           std::to_string(piece.m) + " x " + std::to_string(piece.n) +
           " making `warps`, the block tiles at most M and N, and the K step "
           "a multiple of " +
           std::to_string(piece.k) + " dividing K";
  if (!coversReducedRows(c))
    return std::string(name) +
           " needs the block to cover the rows a consumer of the "
           "contraction reduces over (a softmax's dim)";
  c.mmaTiles = {wm / piece.m, wn / piece.n, c.kStep / piece.k};
  return std::nullopt;
}

// Software pipelining (tessel-tile-and-fuse's pipelineCopies, then
// tessel-async-copies): S buffers per operand tile, filled by cp.async,
// which moves 4, 8 or 16 bytes a copy (copyWidth) on NVIDIA sm_80+. A cast
// fused into a copy keeps that copy synchronous; the model does not predict
// such a mix. A permutation keeping the innermost dim (a row-copy prologue)
// leaves the copy a plain one, and so does a transpose_rhs B on tensor
// cores, which the step reads in place.
std::optional<std::string> stagesRefusal(const Context &c, bool &unmodelled) {
  // wgmma's stages from TMA loads are wgmmaRefusal's; from the threads'
  // copies, cp.async's as for mma.sync.
  if (c.schedule.stages <= 1 || c.tma)
    return std::nullopt;
  if (c.kStep == 0)
    return "stages pipeline a K step's copies; the schedule has no K step";
  // Without cp.async, an MFMA K step stages the next steps' tiles in
  // registers (tessel-register-staged-copies): one or two steps ahead.
  bool registerStaged = !c.target.hasAsyncCopy() && c.mfma;
  if (!c.target.hasAsyncCopy() && !c.mfma)
    return "stages need asynchronous copies (cp.async, NVIDIA sm_80 or "
           "newer), or MFMA on AMD (2 or 3 stages, the next steps in "
           "registers)";
  if (registerStaged && c.schedule.stages > 3)
    return "MFMA stages the next steps' tiles in registers: stages = 2 or 3";
  if (c.contractionReduction <= c.kStep)
    return "stages pipeline the K loop's steps; this K step covers the whole "
           "reduction";
  for (const Work &w : c.kernel.work) {
    // (c.mma: mma.sync, MFMA or wgmma from the threads' copies.)
    if (w.kStepRole == KStepRole::Prologue ||
        w.kStepRole == KStepRole::TransposedAPrologue ||
        (w.kStepRole == KStepRole::TransposedBPrologue && !c.mma)) {
      unmodelled = true;
      return "stages with an operand computed in the copies (a cast): those "
             "copies stay synchronous, a mix the model does not price";
    }
    if (!w.isContraction())
      continue;
    for (const Load &operand : w.operandTiles)
      if (copyWidth(c, operand) * operand.bytes < 4)
        return "stages need copies of 4, 8 or 16 bytes: an operand tile's "
               "rows are not whole pairs of 16-bit elements";
  }
  return std::nullopt;
}

int64_t sharedMemoryBytes(const Context &c) {
  const Schedule &s = c.schedule;
  int64_t bytes = 0;
  // A K step's accumulator and stage buffers, which may share bytes where
  // the accumulator stays in registers through the loop (below; tensor
  // cores, and SIMT steps where simtAccumulatorInRegisters).
  int64_t carriedAccumulator = 0, carriedStages = 0;
  // A K step keeps the contraction's accumulator (f32 per output of the
  // tile) and one step's operand tiles in shared memory
  // (tileContractionK).
  for (const Work &w : c.kernel.work) {
    if (!w.isContraction() || c.kStep == 0)
      continue;
    if (c.tma) {
      // Per stage the A and B tiles as TMA writes them (unpadded,
      // swizzled) and a stage's mbarrier; the accumulator (f32, rows
      // padded) overlays the stages after the loop (tessel-lower-wgmma).
      int64_t bm = c.tileM(), bn = c.tileN();
      bytes += std::max(4 * bm * (bn + kMmaAccumulatorPad),
                        s.stages * 2 * (bm + bn) * c.kStep) +
               8 * s.stages;
      continue;
    }
    if (c.mma) {
      // The accumulator (f32) and the A and B tiles (16-bit), each row
      // padded (kMmaOperandPad, kMmaAccumulatorPad), the tiles once per
      // stage.
      int64_t bm = c.tileM(), bn = c.tileN();
      // The overlay below needs the K loop directly in the launch (no loop
      // over several batch elements around it) and a loop at all: with a
      // single K step the accumulator is not carried through one, and its
      // buffer lives while the step's tiles do (a K of 64 on 64-wide steps
      // needed 101376 bytes on gfx942, not the 64 KiB overlaid).
      bool oneBatch = std::all_of(c.tiles.begin(), c.tiles.end() - 2,
                                  [](int64_t t) { return t == 1; });
      bool loops = w.reduction > c.kStep;
      int64_t pad = accumulatorPad(s.compute);
      // (wgmma reads its tiles unpadded, through descriptors.)
      int64_t operandPad = c.wgmma ? 0 : kMmaOperandPad;
      carriedAccumulator = oneBatch && loops ? 4 * bm * (bn + pad) : 0;
      carriedStages = s.stages * (2 * bm * (c.kStep + operandPad) +
                                  2 * c.kStep * (bn + operandPad));
      bytes += 4 * bm * (bn + pad) + carriedStages;
      continue;
    }
    int64_t accumulator = int64_t(4.0 * tileProduct(c, w.loops));
    bytes += accumulator;
    // Kept in registers through the K loop, the accumulator may overlay
    // the stage buffers (below), as a tensor-core step's does.
    if (simtAccumulatorInRegisters(c, w))
      carriedAccumulator = accumulator;
    int64_t stageBytes = 0;
    double step = double(std::min<int64_t>(c.kStep, w.reduction));
    // An unpipelined step's A and transposed B have their rows padded
    // (simtRowPad): B's along N ([K, N + 1]), A's along K ([M, K + 1]).
    for (size_t index = 0; index < w.operandTiles.size(); ++index) {
      const Load &operand = w.operandTiles[index];
      double elements = step * tileProduct(c, operand.loops);
      if (int64_t pad = simtRowPad(c, w, index))
        elements += double(pad) * elements /
                    (index == 0 ? step : tileProduct(c, {operand.contiguous}));
      stageBytes += s.stages * int64_t(elements * operand.bytes);
    }
    bytes += stageBytes;
    if (carriedAccumulator)
      carriedStages = stageBytes;
  }
  // When the block tiles divide the root's loops, tile-and-fuse splits each
  // cooperative reduction over all the block's threads (each reduces every
  // T-th element of the row into shared memory): one f32 slot per thread
  // per row of the tile, allocated statically. Their partials are combined
  // in a tree (combineInTree), whose steps write into a second buffer of
  // half the threads' slots, and a slot per row for each odd middle partial
  // it carries over. Whether bufferization lets two reductions of a block
  // share a partials or a tree buffer depends on what stays live (a
  // softmax's max shares its partials with the sum; an attention's does
  // not, and its two trees share one buffer): each reduction is counted
  // with buffers of its own, exact for one reduction and an upper bound for
  // more, so that no schedule the model offers needs more shared memory
  // than it counts.
  if (c.tilesDivide) {
    int64_t carried = treeCost(1, c.threadsPerBlock, 1).carried;
    for (const Work &w : c.kernel.work) {
      if (w.execution != Execution::CooperativeReduction)
        continue;
      auto rows = int64_t(tileProduct(c, w.loops));
      bytes += rows * 4 *
               (c.threadsPerBlock + (c.threadsPerBlock + 1) / 2 + carried);
    }
  }
  // Past the target's overlay threshold, or where an SM then holds more
  // blocks, the buffers are placed so that those whose uses do not overlap
  // share bytes (tessel-dynamic-shared-memory,
  // Target::overlaysSharedMemory): the accumulator, kept in registers
  // through the K loop and filled only after it
  // (tessel-hoist-accumulators), takes the stage buffers' bytes.
  int64_t overlaid = bytes - std::min(carriedAccumulator, carriedStages);
  if (carriedAccumulator &&
      c.target.overlaysSharedMemory(double(bytes), double(overlaid),
                                    c.threadsPerBlock))
    bytes = overlaid;
  return bytes;
}

// The most registers a thread may take while the SM still holds its most
// warps: ptxas -v spends registers freely below that (a loop's loads of
// several iterations in flight) and schedules to stay under it. Blocks of
// one warp: 32 resident blocks of 32 threads leave 64 registers each on
// the H100; blocks of two or more warps fill the SM's 64 warps: 32.
static int64_t registerBudget(const Target &t, int64_t warps) {
  int64_t resident =
      std::min<int64_t>(int64_t(t.get(TargetField::MaxWarpsPerSM)),
                        int64_t(t.get(TargetField::MaxBlocksPerSM)) * warps);
  int64_t budget = int64_t(t.get(TargetField::RegistersPerSM)) /
                   std::max<int64_t>(resident * t.warpSize(), 1) / 8 * 8;
  return std::min(budget, int64_t(t.get(TargetField::MaxRegistersPerThread)));
}

// A SIMT kernel without a K step (elementwise ops, gathers, reductions a
// thread runs whole): each load of a vector step holds its value (or
// vector) and a share of an address, a transcendental its temporaries, an
// unrolled step more indices, a gather (im2col, concat) its index for each
// element; loads of a thread's own loop are pipelined up to the budget.
// Fitted on ptxas 13.0 -v (sm_90a) over the 283 such kernels of
// bench/workloads/tier1.mlir and tier2.mlir, docs/examples and
// test/codegen's CPU checks (10 to 64 registers): 138 within 10 % (all 9
// of tier 1), 57 at a flat kBaseRegisters.
static int64_t simtRegisters(const Context &c) {
  const SimtRegisterFit &f = kSimtRegisters;
  double vector = double(std::max<int64_t>(c.schedule.vector, 1));
  double registers = f.base, transcendentals = 0;
  // The most loops of the block tile (more than one element along them)
  // that one gather's indices follow; 0: no gather.
  int64_t gatherLoops = 0;
  for (const Work &w : c.kernel.work) {
    for (const Load &load : w.loads) {
      double words = std::max(1.0, load.bytes * vector / 4);
      registers += load.count * (words + f.perLoadAddress);
      if (!load.gather)
        continue;
      // A gather a vector step reads as vectors (Work::vectorizesAt) takes
      // one address a step along the innermost loop, not an index an
      // element: that loop does not count.
      bool vectorLoads = vector > 1 && w.vectorizesAt(int64_t(vector));
      int64_t tiled = 0;
      for (size_t j = 0; j < c.parallel.size(); ++j)
        tiled +=
            c.tiles[j] > 1 && !(vectorLoads && j + 1 == c.parallel.size()) &&
            std::find(load.loops.begin(), load.loops.end(), c.parallel[j]) !=
                load.loops.end();
      gatherLoops = std::max<int64_t>({gatherLoops, tiled, 1});
    }
    transcendentals += w.transcendentalsPerInstance() * vector;
  }
  registers +=
      f.perTranscendental * std::min(transcendentals, f.transcendentalsSeen);
  if (std::optional<ThreadGeometry> g = threadGeometry(c)) {
    double steps = g->elementsPerThread / vector;
    registers += f.perStep * std::min(steps - 1, f.stepsSeen);
    if (gatherLoops)
      registers += f.perGatherLoop * double(gatherLoops - 1) +
                   f.perGatherElement *
                       std::min(g->elementsPerThread, f.gatherElementsSeen);
  }
  return std::min(int64_t(std::lround(registers)),
                  registerBudget(c.target, c.schedule.warps));
}

int64_t registersPerThread(const Context &c) {
  int64_t registers = kBaseRegisters;
  if (c.wgmma) {
    // Each thread holds its 64 x N / 128 accumulators through the K loop
    // (no operand fragments: wgmma reads A and B from shared memory), and
    // the pipeline's addresses and indices: ptxas -v (sm_90a, CUDA 13) takes
    // 60, 90 and 122 for N = 64, 128 and 192
    // (test/tools/tessel-compile-wgmma.test's kernels): N / 2 + 26 within 2.
    // From the threads' copies (a warp tile) each thread also holds its
    // loads of A's and B's tiles and a prologue's values. ptxas -v (sm_90a,
    // CUDA 13) on 30 such kernels of 1024 x 768 x 1024 with a cast or a
    // tanh GELU prologue, block M 64-256 and N 64-256 (not both 256), K
    // steps of 64, one stage: the 27 that do not spill take N / 2 + 58
    // within +14 and -26 (the narrowest tiles fewer); the 3 that spill
    // (12 or 16 warps of N 192-256: ptxas holds them to the budget of
    // 168 or 128) are estimated past it, which no block fits.
    int64_t registers = c.tileN() / 2 + kWgmmaAddressRegisters;
    return c.tma ? registers : registers + kWgmmaCopyRegisters;
  }
  if (c.mfma) {
    // Each lane keeps its share of the warp tile's accumulator (M x N / 64
    // f32) through the K loop (tessel-hoist-accumulators) and the step's
    // fragments of A and B, which the backend loads ahead of the step's
    // MFMAs (kMfmaFragmentRegisters a piece). Against LLVM 22's
    // .vgpr_count (gfx942) on the 36 MFMA kernels of gemm-anchors.mlir,
    // cpu-check-mfma.mlir, the refit cpu-check-mma.mlir and 8192^3: 38 to
    // 254 VGPRs, the estimate within -30..+64 (224 for the 64 x 64 warp
    // tiles of long K loops, which take 252-254; short split-K partials
    // take fewer than estimated).
    // With stages = S each thread also holds its share of the A and B
    // tiles of the S - 1 steps in flight (tessel-register-staged-copies),
    // 4 bytes a VGPR.
    const MmaTiles &m = c.mmaTiles;
    int64_t staged = 0;
    if (c.schedule.stages > 1) {
      int64_t tileBytes = (c.tileM() + c.tileN()) * c.kStep *
                          dtypeBytes(narrowestInput(c.kernel));
      staged =
          (c.schedule.stages - 1) * ((tileBytes / c.threadsPerBlock + 3) / 4);
    }
    return registers + m.pm * m.pn * c.mfmaShape.accumulators() +
           kMfmaFragmentRegisters * (m.pm + m.pn) * m.pk + staged;
  }
  if (c.mma) {
    // Each lane keeps its fragments of the warp tile's accumulator (4 f32
    // per 16 x 8 piece) through the K loop (tessel-hoist-accumulators), the
    // pieces of A (4 registers each) and B (2) of about two 16-wide slices
    // of the step at a time, and each stage's copy addresses. ptxas takes
    // more than the accumulators alone (the epilogue's values, the
    // fragments of the next slice). Refitted on 2026-12-02 (least squares
    // on the relative error) on ptxas 13.0 -v for sm_80 and sm_90a over
    // 583 mma.sync kernels: tier 1 and tier 2 on a100 and h100 at the
    // model's three best schedules, bench/workloads/mma-stage-variants.mlir
    // and test/codegen's mma.sync CPU checks (28 to 255 registers): 425
    // within 10 % (a100 364 of 484, h100 61 of 99), against 127 (82, 45)
    // with the constants fitted in November on 70 sm_90a kernels, which
    // overestimated every large warp tile by a fifth (a 64 x 64 x 16 warp
    // tile of 4 stages: 235 against ptxas's 182-184 on sm_80). The rows:
    // test/bench/Inputs/mma-sync-registers-2026-12-02.jsonl, refitted by
    // `bench/registers.py --fit-mma` (test/bench/registers-fit.test).
    const MmaTiles &m = c.mmaTiles;
    double accumulators = 4.0 * double(m.pm * m.pn);
    double fragments = double((4 * m.pm + 2 * m.pn) * ((m.pk + 1) / 2));
    return int64_t(std::lround(
        kMmaRegisters.base + kMmaRegisters.perAccumulator * accumulators +
        kMmaRegisters.perFragment * fragments +
        kMmaRegisters.perStage *
            double(std::min<int64_t>(c.schedule.stages,
                                     kMmaRegisters.stagesSeen))));
  }
  if (c.kStep == 0)
    return simtRegisters(c);
  // A K step keeps each thread's tile of the accumulator in registers
  // through a step; a one-warp block's more besides on NVIDIA
  // (kOneWarpKStepRegisters: what ptxas does).
  std::optional<std::vector<int64_t>> layout = threadLayout(
      c.tiles, c.schedule.block, c.schedule.thread, c.threadsPerBlock);
  if (!layout)
    return registers;
  if (c.schedule.warps == 1 && c.target.vendor() == Vendor::NVIDIA)
    registers +=
        kOneWarpKStepRegisters + (narrowestInput(c.kernel) == ElementType::F32
                                      ? kOneWarpF32KStepRegisters
                                      : 0);
  for (const Work &w : c.kernel.work) {
    if (!w.isContraction())
      continue;
    int64_t outputs = 1;
    for (int l : w.loops) {
      auto it = std::find(c.parallel.begin(), c.parallel.end(), l);
      if (it == c.parallel.end())
        continue;
      size_t j = it - c.parallel.begin();
      int64_t along = std::max<int64_t>((*layout)[j], 1);
      outputs *= (c.tiles[j] + along - 1) / along;
    }
    registers += outputs;
  }
  return registers;
}

std::optional<std::string> occupancyRefusal(const Context &c, Prediction &p) {
  const Target &t = c.target;
  p.sharedBytes = sharedMemoryBytes(c);
  if (double(p.sharedBytes) > t.blockSharedMemoryLimit())
    return "the block's shared memory (" + std::to_string(p.sharedBytes) +
           " bytes) exceeds what one block may allocate" +
           (t.hasDynamicSharedMemory() ? "" : " statically");
  int64_t warps = c.schedule.warps;
  int64_t byWarps = int64_t(t.get(TargetField::MaxWarpsPerSM)) / warps;
  p.blocksPerSM =
      std::min<int64_t>(int64_t(t.get(TargetField::MaxBlocksPerSM)), byWarps);
  if (p.sharedBytes > 0)
    p.blocksPerSM = std::min<int64_t>(
        p.blocksPerSM,
        int64_t(t.get(TargetField::SharedMemPerSMBytes)) / p.sharedBytes);
  if (p.blocksPerSM < 1)
    return "one block needs more warps than an SM holds";
  p.registers = registersPerThread(c);
  if (double(p.registers) > t.get(TargetField::MaxRegistersPerThread))
    return "the thread's accumulator tile needs about " +
           std::to_string(p.registers) +
           " registers, more than a thread has (it would spill)";
  p.blocksPerSM =
      std::min(p.blocksPerSM,
               blocksPerSMForRegisters(t, p.registers, p.threadsPerBlock));
  if (p.blocksPerSM < 1)
    return "one block needs more registers than an SM holds";
  p.occupancy =
      double(p.blocksPerSM * warps) / t.get(TargetField::MaxWarpsPerSM);
  return std::nullopt;
}

} // namespace mlir::tessel::model

int64_t mlir::tessel::blocksPerSMForRegisters(const Target &target,
                                              int64_t registers,
                                              int64_t threadsPerBlock) {
  int64_t allocated = (registers + 7) / 8 * 8;
  return int64_t(target.get(TargetField::RegistersPerSM)) /
         std::max<int64_t>(allocated * threadsPerBlock, 1);
}

bool mlir::tessel::tileKeepsPeriods(int64_t size, int64_t period, int64_t tile,
                                    int64_t threads) {
  if (period <= 1 || tile <= 0)
    return true;
  tile = std::min(tile, size);
  threads = std::max<int64_t>(threads, 1);
  // A part [start, start + length) of one slice: right where it starts at
  // a multiple of the period or ends within the period it starts in.
  auto keeps = [&](int64_t start, int64_t length) {
    return start % period == 0 || start % period + length <= period;
  };
  for (int64_t start = 0; start < size; start += tile) {
    int64_t length = std::min(tile, size - start);
    if (!keeps(start, length))
      return false;
    if (start % period != 0 || threads == 1)
      continue;
    int64_t part = (length + threads - 1) / threads;
    for (int64_t at = 0; at < length; at += part)
      if (!keeps(at, std::min(part, length - at)))
        return false;
  }
  return true;
}
