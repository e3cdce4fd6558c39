//===- TileAndFuse.cpp - tessel-tile-and-fuse -----------------------------===//
//
// Tiles every outlined kernel function (a func.func marked `tessel.kernel`,
// from tessel-lower-to-linalg) following its `#tessel.schedule`, and fuses
// all of the kernel's producers into the tiles, so that each kernel becomes
// one loop nest:
//
//   scf.forall over block tiles    (mapping #gpu.block<linear_dim_i>)
//     [cooperative reductions, when the block tiles divide the rows: each
//      reduction the elements read with a broadcast (a softmax row's max
//      and sum) split over all the block's threads,
//      scf.forall (mapping #gpu.thread<linear_dim_0>) writing one partial
//      per thread and row into a block-level tensor (shared memory)]
//     scf.forall over threads      (mapping #gpu.thread<x>, <y>)
//       per thread, each such reduction for the rows of its tile (combining
//       the partials, or, without cooperation, over the whole row): scf.for
//       over its elements, accumulating, producers fused in;
//       scf.for over the thread's elements, one at a time (or a vector of
//       them), with every other producer fused in.
//
// A K step (the block's entry after the root's parallel loops) makes the
// kernel's matmul or batch_matmul step through its reduction in shared
// memory, on SIMT lanes or tensor cores, optionally pipelined.
//
// The pass is three steps: validate the schedule against what the code
// generator emits and the target; plan each root's tiling (block tiles,
// threads, K step, cooperative reductions, element tiles); apply the plan:
// the block level as a transform script (passes/tiling/Script.h), then the
// K steps, reduction trees, element loops and vector steps in C++, one job
// per file under passes/tiling/.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"
#include "passes/tiling/Cooperative.h"
#include "passes/tiling/FusedAttention.h"
#include "passes/tiling/KStep.h"
#include "passes/tiling/KernelOps.h"
#include "passes/tiling/RowKernel.h"
#include "passes/tiling/Script.h"
#include "passes/tiling/TensorCoreStep.h"
#include "passes/tiling/ThreadFusion.h"
#include "passes/tiling/Vectorize.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELTILEANDFUSE
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// Block tile sizes for `root`'s loops: the schedule's `block` covers the
/// innermost parallel loops (leading parallel loops get 1); reduction loops
/// are not tiled here. Sizes are clamped to the loop bounds.
SmallVector<int64_t> blockTileSizes(TilingInterface root, ScheduleAttr sched) {
  SmallVector<utils::IteratorType> iters = root.getLoopIteratorTypes();
  SmallVector<int64_t> bounds =
      cast<linalg::LinalgOp>(root.getOperation()).getStaticLoopRanges();
  SmallVector<unsigned> parallel;
  for (auto [i, it] : llvm::enumerate(iters))
    if (it == utils::IteratorType::parallel)
      parallel.push_back(i);
  ArrayRef<int64_t> block = sched.getBlock();
  size_t n = std::min(block.size(), parallel.size());
  SmallVector<int64_t> sizes(iters.size(), 0);
  for (size_t j = 0; j < parallel.size(); ++j) {
    size_t fromEnd = parallel.size() - 1 - j;
    int64_t tile = fromEnd < n ? block[n - 1 - fromEnd] : 1;
    sizes[parallel[j]] = std::min(tile, bounds[parallel[j]]);
  }
  return sizes;
}

/// How many threads run along each of `root`'s loops (0: not distributed).
/// With a `thread` tile in the schedule, block / thread along the innermost
/// tiled loops (at most three), which must make `threads` in all; without
/// one, the threads spread over the two innermost tiled loops, x innermost
/// (whole warps along it where the tile is wide enough).
FailureOr<SmallVector<int64_t>> threadCounts(func::FuncOp func,
                                             ArrayRef<int64_t> blockSizes,
                                             ScheduleAttr sched,
                                             int64_t threads) {
  SmallVector<int64_t> tiledLoops;
  for (auto [i, size] : llvm::enumerate(blockSizes))
    if (size)
      tiledLoops.push_back(i);
  SmallVector<int64_t> numThreads(blockSizes.size(), 0);
  if (tiledLoops.empty())
    return numThreads;
  // The cost model predicts the same layout (costmodel::threadLayout).
  std::vector<int64_t> tiles;
  for (int64_t loop : tiledLoops)
    tiles.push_back(blockSizes[loop]);
  ArrayRef<int64_t> block = sched.getBlock(), thread = sched.getThread();
  std::optional<std::vector<int64_t>> layout =
      threadLayout(tiles, std::vector<int64_t>(block.begin(), block.end()),
                   std::vector<int64_t>(thread.begin(), thread.end()), threads);
  if (!layout) {
    size_t n = std::min(block.size(), tiledLoops.size());
    int64_t total = 1;
    bool overflow = false;
    for (size_t i = n - std::min<size_t>(3, n); i < n; ++i)
      overflow |= __builtin_mul_overflow(
          total, block[i] / std::max<int64_t>(thread[i], 1), &total);
    if (overflow)
      return func.emitOpError()
             << "schedule " << sched
             << " gives more than 2^63 threads per block through its thread "
                "tile, but warps x warp_size is "
             << threads;
    return func.emitOpError()
           << "schedule " << sched << " gives " << total
           << " threads per block through its thread tile, but warps x "
              "warp_size is "
           << threads;
  }
  for (auto [i, loop] : llvm::enumerate(tiledLoops))
    numThreads[loop] = (*layout)[i];
  return numThreads;
}

/// A root whose contraction takes a K step: their tile ids, the step, and
/// the root's threads along each of its loops.
struct KStepRoot {
  int root, contraction;
  int64_t kStep;
  SmallVector<int64_t> numThreads;
  /// The step's instructions: SIMT, mma.sync, wgmma or MFMA.
  InstructionClass mma = InstructionClass::Simt;
  /// With `mma = mma_sync` or `mfma`, or `wgmma` from threads' copies: the
  /// warp tile of the contraction's M and N (each warp computes one with
  /// tensor cores); empty for SIMT and for wgmma from TMA.
  SmallVector<int64_t> warpTile;
  /// The schedule's software-pipeline depth.
  int64_t stages = 1;
  /// A tensor-core root's vector width for its copy to the output.
  int64_t vector = 1;
};

/// What tileElements splits an op of the kernel (by its tile id) into, and
/// the vector width of its innermost loop (1: scalar).
struct ElementTiles {
  int id;
  SmallVector<int64_t> tiles;
  int64_t vector = 1;
};

/// A kernel's tiling, planned from its schedule before the IR changes.
struct TilingPlan {
  ScheduleAttr schedule;
  int64_t threads = 0;
  /// The block level of each root (the transform script).
  SmallVector<RootTiling> roots;
  /// The roots whose contraction takes a K step, after the script.
  SmallVector<KStepRoot> kSteps;
  /// The element level, after the K steps and trees.
  SmallVector<ElementTiles> elements;
};

/// Step 1: the schedule against what the code generator emits and the
/// target. The knobs the code generator does not implement are refused
/// rather than ignored: a kernel never silently differs from its schedule.
LogicalResult validateSchedule(func::FuncOp func, ScheduleAttr sched,
                               const Target &gpu) {
  std::string unsupported;
  bool mma = sched.getMma() == InstructionClass::MmaSync;
  bool mfma = sched.getMma() == InstructionClass::Mfma;
  bool wgmma = sched.getMma() == InstructionClass::Wgmma;
  if (!sched.getWarp().empty() && sched.getMma() == InstructionClass::Simt)
    unsupported = "a warp tile for SIMT instructions";
  if (sched.getSplitK() != 1)
    return func.emitOpError()
           << "schedule " << sched << " sets split_k = " << sched.getSplitK()
           << ", which one kernel does not run: tessel-split-reduction emits "
              "it as a partial and a sum kernel (run it before "
              "tessel-lower-to-linalg, as the pipelines do)";
  if (!unsupported.empty())
    return func.emitOpError()
           << "schedule " << sched << " sets " << unsupported
           << ", which the code generator does not emit yet (it implements "
              "block and thread tiles, K steps, vector widths and warps with "
              "SIMT instructions, and K steps on tensor cores with mma = "
              "mma_sync or mfma and a warp tile, or mma = wgmma); drop it, "
              "or leave the schedule to tessel-select-schedules";
  if (mma && failed(checkMmaSync(func, sched, gpu)))
    return failure();
  if (mfma && failed(checkMfma(func, sched, gpu)))
    return failure();
  if (wgmma && failed(checkWgmma(func, sched, gpu)))
    return failure();
  // Without asynchronous copies, an MFMA K step stages its next steps in
  // registers (tessel-register-staged-copies): one or two steps ahead.
  if (sched.getStages() > 1 && !gpu.hasAsyncCopy() &&
      !(mfma && sched.getStages() <= 3))
    return func.emitOpError()
           << "schedule " << sched << " sets stages = " << sched.getStages()
           << ", which pipelines a K step's copies with asynchronous copies "
              "(cp.async, NVIDIA sm_80 or newer)"
           << (mfma ? "; on MFMA the next steps are staged in registers, "
                      "stages = 2 or 3"
                    : "")
           << "; " << gpu.name() << " is " << gpu.arch();
  int64_t threads = sched.getWarps() * gpu.warpSize();
  auto maxThreads =
      static_cast<int64_t>(gpu.get(TargetField::MaxThreadsPerBlock));
  if (threads > maxThreads)
    return func.emitOpError()
           << "schedule " << sched << " asks for " << sched.getWarps()
           << " warps of " << gpu.warpSize() << " threads, " << threads
           << " in all, but a block on " << gpu.name() << " holds at most "
           << maxThreads;
  return success();
}

/// The K step of `root`, when its contraction takes one: the contraction,
/// the step, the root's threads, the warp tile (mma.sync) and the stages.
FailureOr<std::optional<KStepRoot>>
planKStep(func::FuncOp func, const KernelOps &k, Operation *root,
          ArrayRef<Operation *> producers, ArrayRef<int64_t> numThreads,
          ScheduleAttr sched) {
  auto idOf = [&](Operation *op) {
    return int(llvm::find(k.tileable, op) - k.tileable.begin());
  };
  FailureOr<std::optional<KStep>> kStep = kStepOf(func, root, producers, sched);
  if (failed(kStep))
    return failure();
  bool mma = sched.getMma() != InstructionClass::Simt;
  if (sched.getStages() > 1 && !*kStep)
    return func.emitOpError()
           << "schedule " << sched << " sets stages = " << sched.getStages()
           << ", which pipelines the copies of a K step; the kernel's "
              "contraction needs one (the block's last entry)";
  if (mma && !*kStep)
    return func.emitOpError()
           << "schedule " << sched
           << " sets mma = " << stringifyInstructionClass(sched.getMma())
           << ", which runs a K step of the kernel's one matmul or "
              "batch_matmul on tensor cores; give its block a K step (one "
              "more entry)";
  if (!*kStep)
    return std::optional<KStepRoot>();
  SmallVector<int64_t> warpTile;
  if (sched.getMma() == InstructionClass::MmaSync ||
      sched.getMma() == InstructionClass::Mfma ||
      (sched.getMma() == InstructionClass::Wgmma && !sched.getWarp().empty())) {
    ArrayRef<int64_t> warp = sched.getWarp();
    warpTile = {warp[warp.size() - 3], warp[warp.size() - 2]};
  }
  return std::optional<KStepRoot>(
      KStepRoot{idOf(root), idOf((*kStep)->contraction), (*kStep)->step,
                SmallVector<int64_t>(numThreads), sched.getMma(), warpTile,
                sched.getStages(), sched.getVector()});
}

/// Step 2 for one root: its block tiles and threads, its K step, the
/// cooperative reductions among its producers (when the block tiles divide
/// its loops: the partials then have a static shape, as shared memory
/// needs), and what the element level splits.
LogicalResult planRoot(func::FuncOp func, const KernelOps &k, Operation *root,
                       TilingPlan &plan) {
  ScheduleAttr sched = plan.schedule;
  auto idOf = [&](Operation *op) {
    return int(llvm::find(k.tileable, op) - k.tileable.begin());
  };
  SmallVector<Operation *> producerOps = producersOf(root, k);
  RootTiling r;
  r.root = idOf(root);
  for (Operation *p : producerOps)
    r.producers.push_back(idOf(p));
  r.blockSizes = blockTileSizes(cast<TilingInterface>(root), sched);
  FailureOr<SmallVector<int64_t>> numThreads =
      threadCounts(func, r.blockSizes, sched, plan.threads);
  if (failed(numThreads))
    return failure();
  r.numThreads = *numThreads;
  // A loop an op reads through floordiv or mod (rootLoopPeriods): its
  // tiles and the threads' parts must not cross a period from inside one.
  {
    auto rootOp = cast<linalg::LinalgOp>(root);
    SmallVector<int64_t> sizes = rootOp.getStaticLoopRanges();
    for (auto [loop, period] :
         llvm::enumerate(rootLoopPeriods(rootOp, producerOps))) {
      if (period <= 1 || ShapedType::isDynamic(sizes[loop]))
        continue;
      int64_t tile = r.blockSizes[loop] ? r.blockSizes[loop] : sizes[loop];
      int64_t threads = loop < r.numThreads.size() ? r.numThreads[loop] : 1;
      if (!tileKeepsPeriods(sizes[loop], period, tile, threads))
        return func.emitOpError()
               << "schedule " << sched << " tiles loop " << loop
               << " of its root by " << std::min(tile, sizes[loop]) << " over "
               << std::max<int64_t>(threads, 1)
               << " thread(s), but an op reads that loop through floordiv or "
                  "mod by "
               << period
               << " (such as a grouped-query attention's key heads), and a "
                  "tile or "
                  "a thread's part of one that starts inside such a group and "
                  "ends in the next would read the wrong elements; take a "
                  "tile that is a multiple or a divisor of "
               << period;
    }
  }
  FailureOr<std::optional<KStepRoot>> kStep =
      planKStep(func, k, root, producerOps, r.numThreads, sched);
  if (failed(kStep))
    return failure();
  if (*kStep)
    plan.kSteps.push_back(**kStep);
  SmallVector<int64_t> bounds =
      cast<linalg::LinalgOp>(root).getStaticLoopRanges();
  bool tilesDivide = true;
  for (auto [size, bound] : llvm::zip(r.blockSizes, bounds))
    tilesDivide &= size == 0 || bound % size == 0;
  for (Operation *p : tilesDivide ? ArrayRef<Operation *>(producerOps)
                                  : ArrayRef<Operation *>()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(p);
    if (!linalgOp || !isCooperativeReduction(linalgOp))
      continue;
    unsigned dim = 0;
    for (auto [i, it] : llvm::enumerate(linalgOp.getIteratorTypesArray()))
      if (it == utils::IteratorType::reduction)
        dim = i;
    r.cooperative[idOf(p)] = {linalgOp.getNumLoops(), dim};
    // Its chunks are split into elements like the root's (once, if two
    // roots share it).
    if (llvm::none_of(plan.elements,
                      [&](const auto &e) { return e.id == idOf(p); }))
      plan.elements.push_back(
          {idOf(p), SmallVector<int64_t>(linalgOp.getNumLoops(), 1)});
  }
  r.threadLevel = !*kStep;
  bool kStepped = *kStep && (*kStep)->contraction == r.root;
  int64_t vector = sched.getVector();
  if (vector > 1 && failed(checkVectorWidth(func, root, r.blockSizes,
                                            r.numThreads, sched, kStepped)))
    return failure();
  if (!kStepped)
    r.vector = vector;
  plan.roots.push_back(r);
  // A root that is the K-stepped contraction is split to the end there.
  if (kStepped)
    return success();
  SmallVector<int64_t> ones;
  for (int64_t size : r.blockSizes)
    ones.push_back(size ? 1 : 0);
  // With a vector width, the innermost loop steps by it.
  if (vector > 1)
    ones.back() = vector;
  plan.elements.push_back({r.root, ones, vector});
  return success();
}

/// Steps 1 and 2: the kernel's ops, its schedule validated, each root
/// planned.
FailureOr<TilingPlan> planTiling(func::FuncOp func, const KernelOps &k,
                                 const Target &gpu) {
  // A returned value that another returned value is computed from would
  // have to leave the other's loop nest too, which tiling does not do.
  for (Operation *root : k.roots)
    for (Operation *other : k.roots)
      if (other != root && llvm::is_contained(producersOf(other, k), root))
        return root->emitOpError()
               << "is returned by kernel @" << func.getSymName()
               << " and also read by another value it returns; a kernel's "
                  "results must not feed each other (return only the last, "
                  "or let tessel-form-kernels split the kernel)";
  TilingPlan plan;
  plan.schedule =
      func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
  if (!plan.schedule)
    return func.emitOpError()
           << "kernel @" << func.getSymName()
           << " has no #tessel.schedule; run tessel-select-schedules before "
              "tessel-tile-and-fuse (the tessel-to-* pipelines do), or write "
              "one";
  if (failed(validateSchedule(func, plan.schedule, gpu)))
    return failure();
  plan.threads = plan.schedule.getWarps() * gpu.warpSize();
  for (Operation *root : k.roots)
    if (failed(planRoot(func, k, root, plan)))
      return failure();
  return plan;
}

/// Where a block-level op `op` (tile id `id`) sits: the ops with that id
/// inside block loops and outside thread loops.
SmallVector<Operation *> blockLevelOps(func::FuncOp func, int id) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    auto attr = op->getAttrOfType<IntegerAttr>(kTileIdAttr);
    if (attr && attr.getInt() == id && !isInThreadForall(op) &&
        op->getParentOfType<scf::ForallOp>())
      ops.push_back(op);
  });
  return ops;
}

/// The K-step root `r` after the block level: its contraction (each copy
/// fused into a block loop) through tileContractionK, then the root over
/// the threads, as the script does for other roots.
LogicalResult tileKStepRoot(RewriterBase &rewriter, func::FuncOp func,
                            const KStepRoot &r, int64_t threads,
                            int64_t vector) {
  SmallVector<int64_t> distributed;
  for (int64_t n : r.numThreads)
    if (n)
      distributed.push_back(n);
  for (Operation *op : blockLevelOps(func, r.contraction)) {
    auto c = cast<linalg::LinalgOp>(op);
    // The root's threads, innermost last, along c's parallel loops,
    // innermost last.
    SmallVector<int64_t> cThreads(c.getNumLoops(), 0);
    size_t next = distributed.size();
    for (int64_t i = int64_t(c.getNumLoops()) - 1; i >= 0 && next > 0; --i)
      if (c.getIteratorTypesArray()[i] == utils::IteratorType::parallel)
        cThreads[i] = distributed[--next];
    if (failed(tileContractionK(rewriter, c, r.kStep, cThreads, threads,
                                r.root == r.contraction, r.mma, r.warpTile,
                                r.stages, r.vector)))
      return failure();
  }
  if (r.root == r.contraction)
    return success();
  for (Operation *op : blockLevelOps(func, r.root))
    if (failed(tileToThreads(rewriter, cast<TilingInterface>(op), r.numThreads,
                             /*linear=*/false, vector)))
      return op->emitOpError() << "could not be split over threads";
  return success();
}

/// Step 3a: the block level (the script), then, in C++, the thread level of
/// roots with a vector width, the K steps and the cooperative reductions'
/// trees.
LogicalResult applyBlockLevel(func::FuncOp func, const TilingPlan &plan,
                              const FrozenRewritePatternSet &patterns,
                              bool printScripts) {
  OwningOpRef<ModuleOp> script =
      buildTilingScript(func.getContext(), plan.roots, plan.threads);
  if (printScripts) {
    llvm::outs() << "// tessel-tile-and-fuse script for @" << func.getSymName()
                 << "\n";
    script->print(llvm::outs());
    llvm::outs() << "\n";
  }
  if (failed(applyTilingScript(func, *script)))
    return failure();
  IRRewriter rewriter(func.getContext());
  // The thread level of the roots with a vector width (RootTiling::vector).
  for (const RootTiling &r : plan.roots) {
    if (!r.threadLevel || r.vector <= 1)
      continue;
    for (Operation *op : blockLevelOps(func, r.root))
      if (failed(tileToThreads(rewriter, cast<TilingInterface>(op),
                               r.numThreads, /*linear=*/false, r.vector)))
        return op->emitOpError() << "could not be split over threads";
  }
  // Tensor-core steps need whole tiles: a last block that the tiles do not
  // fill is shifted back to overlap its neighbour.
  if (plan.schedule.getMma() != InstructionClass::Simt &&
      failed(shiftPartialBlocks(func)))
    return failure();
  // A contraction fused once per consumer at block level (a softmax's max,
  // sum and output all read it) becomes one: it is computed once per block
  // into shared memory, which all of them read.
  if (!plan.kSteps.empty()) {
    if (failed(applyPatternsGreedily(func, patterns)))
      return failure();
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
  }
  for (const KStepRoot &r : plan.kSteps)
    if (failed(tileKStepRoot(rewriter, func, r, plan.threads,
                             plan.schedule.getVector())))
      return failure();
  // Cooperative reductions: their partials are combined in a tree.
  SmallVector<linalg::LinalgOp> merges;
  func.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kTreeAttr))
      merges.push_back(op);
  });
  for (linalg::LinalgOp merge : merges)
    if (failed(distributeCyclically(rewriter, merge)) ||
        failed(combineInTree(rewriter, merge, plan.threads)))
      return failure();
  return success();
}

/// Step 3b: each thread's tile of an op (by tile id) split into element
/// loops, its producers fused in, and prepared for vector steps.
LogicalResult applyElementLevel(func::FuncOp func, const ElementTiles &e) {
  IRRewriter rewriter(func.getContext());
  SmallVector<TilingInterface> threadTiles;
  func.walk([&](TilingInterface op) {
    auto attr = op->getAttrOfType<IntegerAttr>(kTileIdAttr);
    if (attr && attr.getInt() == e.id && isInThreadForall(op))
      threadTiles.push_back(op);
  });
  LogicalResult result = success();
  for (TilingInterface op : threadTiles) {
    fuseIntoThreadLoop(rewriter, op);
    SmallVector<LoopLikeOpInterface> loops;
    if (failed(tileElements(rewriter, op, e.tiles, &loops))) {
      result = failure();
      continue;
    }
    if (loops.empty())
      continue;
    // What a thread reads through a strided slice (a cyclic reduction's
    // row) could not be fused for the whole slice; it is for each element.
    SmallVector<TilingInterface> elements;
    loops.back()->walk([&](TilingInterface inner) {
      auto attr = inner->getAttrOfType<IntegerAttr>(kTileIdAttr);
      if (attr && attr.getInt() == e.id)
        elements.push_back(inner);
    });
    for (TilingInterface inner : elements)
      fuseIntoThreadLoop(rewriter, inner);
    if (e.vector > 1)
      prepareVectorTiles(rewriter, cast<scf::ForOp>(loops.back()), e.vector);
  }
  return result;
}

/// Step 3: the plan, applied. The element level's loops, then the vector
/// steps (the element loops' and a K step's wide copies), each followed by
/// the clean-up.
LogicalResult applyTiling(func::FuncOp func, const TilingPlan &plan,
                          const FrozenRewritePatternSet &patterns,
                          bool printScripts) {
  if (failed(applyBlockLevel(func, plan, patterns, printScripts)))
    return failure();
  LogicalResult result = success();
  for (const ElementTiles &e : plan.elements)
    if (failed(applyElementLevel(func, e)))
      result = failure();
  if (failed(result) || failed(cleanUp(func, patterns)))
    return failure();
  // A thread's share of a root reduction accumulates in a buffer of its own
  // (after the clean-up, which drops what else read the block's fill).
  IRRewriter rewriter(func.getContext());
  privatizeThreadAccumulators(rewriter, func);
  FailureOr<bool> vectorized = vectorizeMarked(func);
  if (failed(vectorized) || (*vectorized && failed(cleanUp(func, patterns))))
    return failure();
  // Last: a clean-up would fold the slices back into dynamic empties.
  boundThreadBuffers(rewriter, func);
  return success();
}

struct TileAndFusePass
    : public tessel::impl::TesselTileAndFuseBase<TileAndFusePass> {
  using Base::Base;

  // Built once per pass: collecting every registered op's canonicalization
  // patterns is the costly part of a clean-up.
  LogicalResult initialize(MLIRContext *ctx) override {
    patterns = cleanUpPatterns(ctx);
    return success();
  }

  // Each kernel function alone (the pass manager may tile several at once):
  // the target is read from the enclosing module, which no function pass
  // changes.
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(TesselDialect::kKernelAttrName))
      return;
    auto module = func->getParentOfType<ModuleOp>();
    FailureOr<Target> gpu =
        module ? getModuleTarget(module, "tessel-tile-and-fuse")
               : FailureOr<Target>(func.emitOpError()
                                   << "is not inside a module with a target");
    if (failed(gpu) || failed(tileKernel(func, *gpu)))
      return signalPassFailure();
  }

  LogicalResult tileKernel(func::FuncOp func, const Target &gpu) {
    // The kernels emitted whole: the fused attention's, the row kernel.
    Operation *attention = fusedAttentionKernelOp(func);
    Operation *row = attention ? nullptr : rowKernelOp(func);
    if (attention || row) {
      auto schedule =
          func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
      if (!schedule)
        return func.emitOpError()
               << "kernel @" << func.getSymName()
               << " has no #tessel.schedule; run tessel-select-schedules "
                  "before tessel-tile-and-fuse (the tessel-to-* pipelines "
                  "do), or write one";
      return attention ? emitFusedAttention(attention, schedule, gpu, onHost)
                       : emitRowKernel(row, schedule, gpu);
    }
    FailureOr<KernelOps> k = analyzeKernel(func);
    if (failed(k))
      return failure();
    FailureOr<TilingPlan> plan = planTiling(func, *k, gpu);
    if (failed(plan))
      return failure();
    Builder b(func.getContext());
    for (auto [i, op] : llvm::enumerate(k->tileable))
      op->setAttr(kTileIdAttr, b.getI64IntegerAttr(i));
    LogicalResult result = applyTiling(func, *plan, patterns, printScripts);
    func.walk([](Operation *op) { op->removeAttr(kTileIdAttr); });
    if (failed(result))
      return func.emitOpError()
             << "could not be tiled with schedule " << plan->schedule;
    return success();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
