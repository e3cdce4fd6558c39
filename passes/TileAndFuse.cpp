//===- TileAndFuse.cpp - tessel-tile-and-fuse
//------------------------------===//
//
// Tiles every outlined kernel function (a func.func marked `tessel.kernel`,
// from tessel-lower-to-linalg) following its `#tessel.schedule`, and fuses
// all of the kernel's producers into the tiles, so that each kernel becomes
// one loop nest:
//
//   scf.forall over block tiles    (mapping #gpu.block<linear_dim_i>)
//     [cooperative reductions, when the block tiles divide the rows: each
//      reduction the elements read with a broadcast (a softmax row's max and
//      sum) split over all the block's threads,
//      scf.forall (mapping #gpu.thread<linear_dim_0>) writing one partial
//      per thread and row into a block-level tensor (shared memory)]
//     scf.forall over threads      (mapping #gpu.thread<x>, <y>)
//       per thread, each such reduction for the rows of its tile (combining
//       the partials, or, without cooperation, over the whole row): scf.for
//       over its elements, accumulating, producers fused in;
//       scf.for over the thread's elements, one at a time, with every other
//       producer (fills, contractions, elementwise ops) fused in, so that
//       all intermediate values are single elements.
//
// This is Tessel's first GPU strategy, SIMT: correct for every op and shape
// (partial tiles are handled by the tiling's bounds). Contractions read their
// operands from global memory: the `K` step, shared-memory tiles and
// tensor-core instructions come later; schedules that ask for them are
// refused.
//
// The block level and the cooperative splits are a transform-dialect script
// per kernel, built from the schedule and the kernel's ops
// (`--tessel-tile-and-fuse=print-scripts` shows them); the thread and element
// levels' fusion is C++ (fuseIntoThreadLoop, then
// scf::tileConsumerAndFuseProducersUsingSCF), which lets the pass choose
// which producers to fuse and where.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "passes/Passes.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELTILEANDFUSE
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

constexpr StringLiteral kTileIdAttr = "tessel.tile_id";

/// The schedule used when a kernel carries none: 16 x 64 tiles of the two
/// innermost parallel dims (1 elsewhere), four warps.
ScheduleAttr defaultSchedule(MLIRContext *ctx) {
  return ScheduleAttr::get(ctx, {16, 64}, {}, {}, /*warps=*/4, /*stages=*/1,
                           /*splitK=*/1, /*vector=*/1, InstructionClass::Simt);
}

std::string listOf(ArrayRef<int64_t> values) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(values, os);
  return s + "]";
}

/// The ops of one kernel, checked and numbered, and its roots (the ops whose
/// results the kernel returns).
struct KernelOps {
  SmallVector<Operation *> tileable; // program order
  SmallVector<Operation *> roots;
};

/// Ops that need no tiling: constants and empty tensors.
bool isTrivial(Operation *op) {
  return isa<arith::ConstantOp, tensor::EmptyOp, func::ReturnOp>(op);
}

/// A reshape that only views a kernel input, or only views a value the
/// kernel returns, moves no data and needs no tile.
bool isBoundaryReshape(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return false;
  Value src = op->getOperand(0);
  if (isa<BlockArgument>(src))
    return true;
  return llvm::all_of(op->getUsers(), [](Operation *user) {
    return isa<func::ReturnOp>(user) || isBoundaryReshape(user);
  });
}

FailureOr<KernelOps> analyzeKernel(func::FuncOp func) {
  KernelOps k;
  for (Operation &op : func.getBody().front()) {
    if (isTrivial(&op) || isBoundaryReshape(&op))
      continue;
    if (!isa<TilingInterface>(op))
      return op.emitOpError()
             << "cannot be tiled or fused into kernel @" << func.getSymName()
             << "; a kernel may only hold ops that tile (split the kernel at "
                "this op)";
    k.tileable.push_back(&op);
  }
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (Value v : ret.getOperands()) {
    Operation *def = v.getDefiningOp();
    while (def && isBoundaryReshape(def) &&
           !isa<BlockArgument>(def->getOperand(0)))
      def = def->getOperand(0).getDefiningOp();
    if (!def || !isa<TilingInterface>(def))
      return func.emitOpError()
             << "kernel @" << func.getSymName()
             << " returns a value that no loop nest computes (an input or a "
                "constant); such a kernel has nothing to run";
    if (!llvm::is_contained(k.roots, def))
      k.roots.push_back(def);
  }
  return k;
}

/// The tileable ops that `root` depends on, nearest first (reverse program
/// order), which is the order fusion needs.
SmallVector<Operation *> producersOf(Operation *root, const KernelOps &k) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Operation *> work = {root};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && llvm::is_contained(k.tileable, def) && slice.insert(def))
        work.push_back(def);
    }
  }
  SmallVector<Operation *> ordered;
  for (Operation *op : llvm::reverse(k.tileable))
    if (slice.contains(op))
      ordered.push_back(op);
  return ordered;
}

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
    for (size_t i = n - std::min<size_t>(3, n); i < n; ++i)
      total *= block[i] / std::max<int64_t>(thread[i], 1);
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

/// Writes the transform script that tiles `root` and fuses `producers`.
void emitRootScript(
    llvm::raw_ostream &os, int rootId, ArrayRef<int> producerIds,
    ArrayRef<int64_t> blockSizes, ArrayRef<int64_t> numThreads,
    const llvm::DenseMap<int, std::pair<unsigned, unsigned>> &cooperative,
    int64_t threads) {
  auto match = [&](StringRef name, int id) {
    os << llvm::formatv("    %{0} = transform.structured.match attributes "
                        "{{{1} = {2} : i64} in %arg0 : (!transform.any_op) -> "
                        "!transform.any_op\n",
                        name, kTileIdAttr, id);
  };
  auto fuse = [&](StringRef producer, StringRef fused, StringRef into,
                  StringRef result) {
    os << llvm::formatv(
        "    %{0}, %{1} = transform.structured.fuse_into_containing_op %{2} "
        "into %{3} : (!transform.any_op, !transform.any_op) -> "
        "(!transform.any_op, !transform.any_op)\n",
        fused, result, producer, into);
  };

  std::string r = "r" + std::to_string(rootId);
  match(r, rootId);
  // Block level: forall over the tiled (non-zero) loops, linear block ids.
  SmallVector<std::string> blockMapping;
  int64_t tiledDims = llvm::count_if(blockSizes, [](int64_t s) { return s; });
  for (int64_t i = 0; i < tiledDims; ++i)
    blockMapping.push_back("#gpu.block<linear_dim_" +
                           std::to_string(tiledDims - 1 - i) + ">");
  os << llvm::formatv(
      "    %{0}_b, %{0}_bl0 = transform.structured.tile_using_forall %{0} "
      "tile_sizes {1} (mapping = [{2}]) : (!transform.any_op) -> "
      "(!transform.any_op, !transform.any_op)\n",
      r, listOf(blockSizes), llvm::join(blockMapping, ", "));
  std::string loop = r + "_bl0";
  for (auto [i, id] : llvm::enumerate(producerIds)) {
    std::string p = r + "_p" + std::to_string(i);
    match(p, id);
    std::string next = r + "_bl" + std::to_string(i + 1);
    fuse(p, p + "_b", loop, next);
    loop = next;
  }

  // Cooperative reductions: each reduction read with a broadcast is split
  // over all the block's threads (each reduces a chunk of the row into its
  // slot of a block-level partials tensor), and its combining op replaces it
  // for the threads that read it.
  for (size_t i = producerIds.size(); i-- > 0;) {
    auto it = cooperative.find(producerIds[i]);
    if (it == cooperative.end())
      continue;
    auto [numLoops, reductionDim] = it->second;
    // Thread t reduces the t-th contiguous chunk of the row.
    SmallVector<int64_t> split(numLoops, 0);
    split[reductionDim] = threads;
    std::string p = r + "_p" + std::to_string(i);
    os << llvm::formatv(
        "    %{0}_fill, %{0}_part, %{0}_merge, %{0}_forall = "
        "transform.structured.tile_reduction_using_forall %{0}_b by "
        "num_threads = {1} mapping = [#gpu.thread<linear_dim_0>] : "
        "(!transform.any_op) -> (!transform.any_op, !transform.any_op, "
        "!transform.any_op, !transform.any_op)\n",
        p, listOf(split));
    // Each thread initializes its own slot (an op fused into several
    // consumers at block level was split once per copy: pair them up).
    os << llvm::formatv(
        "    transform.foreach %{0}_fill, %{0}_forall : !transform.any_op, "
        "!transform.any_op {{\n"
        "    ^bb0(%fill: !transform.any_op, %forall: !transform.any_op):\n"
        "      %f, %l = transform.structured.fuse_into_containing_op %fill "
        "into %forall : (!transform.any_op, !transform.any_op) -> "
        "(!transform.any_op, !transform.any_op)\n"
        "    }\n",
        p);
  }

  // Thread level: `numThreads` threads along the loops it names, mapped x
  // (innermost), y, z.
  SmallVector<std::string> threadMapping;
  static const char *kThreadIds[] = {"x", "y", "z"};
  int distributed = llvm::count_if(numThreads, [](int64_t n) { return n; });
  for (int i = distributed - 1; i >= 0; --i)
    threadMapping.push_back(std::string("#gpu.thread<") + kThreadIds[i] + ">");
  os << llvm::formatv(
      "    %{0}_t, %{0}_tl0 = transform.structured.tile_using_forall %{0}_b "
      "num_threads {1} (mapping = [{2}]) : (!transform.any_op) -> "
      "(!transform.any_op, !transform.any_op)\n",
      r, listOf(numThreads), llvm::join(threadMapping, ", "));
  // The producers join the thread loop in C++ (fuseIntoThreadLoop): which
  // copies of a producer a thread reads is only known then.
}

/// Whether a linalg op in the kernel reads `op`'s result with a broadcast
/// (along one of its parallel loops that does not index it).
bool readWithBroadcast(linalg::LinalgOp op) {
  for (OpOperand &use : op->getResult(0).getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer)
      continue;
    llvm::SmallBitVector read(consumer.getNumLoops());
    for (AffineExpr e : consumer.getMatchingIndexingMap(&use).getResults())
      if (auto d = dyn_cast<AffineDimExpr>(e))
        read.set(d.getPosition());
    for (auto [i, it] : llvm::enumerate(consumer.getIteratorTypesArray()))
      if (it == utils::IteratorType::parallel && !read.test(i))
        return true;
  }
  return false;
}

/// Whether `op` is inside an scf.forall mapped to GPU threads.
bool isInThreadForall(Operation *op) {
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>())
    if (std::optional<ArrayAttr> mapping = forall.getMapping())
      if (llvm::any_of(*mapping, [](Attribute a) {
            return isa<gpu::GPUThreadMappingAttr>(a);
          }))
        return true;
  return false;
}

/// Whether `op`, or an op it reads (through slices), reduces: a value that
/// costs a whole reduction to compute, even when `op` itself is elementwise
/// (a mean's division after its sum).
bool hasReductionWork(Operation *op) {
  SmallVector<Operation *> work = {op};
  llvm::SmallPtrSet<Operation *, 8> seen = {op};
  while (!work.empty()) {
    Operation *next = work.pop_back_val();
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(next);
        linalgOp && linalgOp.getNumReductionLoops() > 0)
      return true;
    for (Value operand : next->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (isa<linalg::LinalgOp, tensor::ExtractSliceOp>(def) &&
            seen.insert(def).second)
          work.push_back(def);
  }
  return false;
}

/// Whether fusing `producer` into the element loops of the op reading the
/// slice `slice` would recompute shared work: a reduction (a row's max, a
/// norm's mean) read with a broadcast (by every element of its row, or at
/// every step of another reduction) is computed once per thread instead, and
/// only then split into elements.
bool recomputesSharedWork(tensor::ExtractSliceOp slice, OpResult producer) {
  auto prod = dyn_cast<linalg::LinalgOp>(producer.getOwner());
  if (!prod || !hasReductionWork(prod))
    return false;
  for (OpOperand &use : slice->getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer)
      continue;
    AffineMap read = consumer.getMatchingIndexingMap(&use);
    // The consumer's loops split into single iterations (range 1: the
    // element loops around it step through them) must all index the value:
    // one the value does not depend on would recompute it per iteration.
    llvm::SmallBitVector used(consumer.getNumLoops());
    for (AffineExpr e : read.getResults())
      if (auto d = dyn_cast<AffineDimExpr>(e))
        used.set(d.getPosition());
    for (auto [i, range] : llvm::enumerate(consumer.getStaticLoopRanges()))
      if (range == 1 && !used.test(i))
        return true;
  }
  return false;
}

/// Thread level: every value `op` (inside a thread loop) reads as a slice of
/// a block-level op's result is computed by that thread, for its slice only
/// (the tiled producer replaces the slice), and so on for what those read,
/// up to the kernel's inputs.
void fuseIntoThreadLoop(RewriterBase &rewriter, Operation *op) {
  SmallVector<Operation *> work = {op};
  while (!work.empty()) {
    Operation *next = work.pop_back_val();
    for (Value operand : next->getOperands()) {
      auto slice = operand.getDefiningOp<tensor::ExtractSliceOp>();
      if (!slice)
        continue;
      auto producer = dyn_cast_if_present<OpResult>(slice.getSource());
      if (!producer || !isa<TilingInterface>(producer.getOwner()) ||
          isInThreadForall(producer.getOwner()))
        continue;
      rewriter.setInsertionPoint(slice);
      FailureOr<TilingResult> tiled =
          tensor::replaceExtractSliceWithTiledProducer(rewriter, slice,
                                                       producer);
      if (failed(tiled))
        continue;
      rewriter.replaceOp(slice, tiled->tiledValues);
      for (Operation *t : tiled->tiledOps)
        work.push_back(t);
    }
  }
}

/// Element level, after the block and thread levels: each thread's tile of
/// `root` becomes scf.for loops over its elements, one at a time, with its
/// producers fused in so that intermediates are single elements, except
/// reductions read with a broadcast (see recomputesSharedWork): those are
/// computed once per thread, each itself split into element loops (its
/// reduction loops too, accumulating) with its own producers fused.
LogicalResult tileElements(RewriterBase &rewriter, TilingInterface root,
                           ArrayRef<int64_t> rootTiles) {
  SmallVector<std::pair<TilingInterface, SmallVector<int64_t>>> work = {
      {root, SmallVector<int64_t>(rootTiles)}};
  llvm::SmallPtrSet<Operation *, 4> queued = {root};
  while (!work.empty()) {
    auto [op, tiles] = work.pop_back_val();
    bool reductionTiled = false;
    for (auto [size, it] : llvm::zip(tiles, op.getLoopIteratorTypes()))
      reductionTiled |= size && it == utils::IteratorType::reduction;
    scf::SCFTileAndFuseOptions options;
    options.tilingOptions.setTileSizes(
        getAsIndexOpFoldResult(rewriter.getContext(), tiles));
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp slice, OpResult producer, bool isDestination)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          // An accumulator's initial value stays outside the loops that
          // accumulate into it.
          if (isDestination && reductionTiled)
            return std::nullopt;
          if (!recomputesSharedWork(slice, producer))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          auto shared = cast<TilingInterface>(producer.getOwner());
          if (queued.insert(shared).second)
            work.push_back(
                {shared, SmallVector<int64_t>(
                             shared.getLoopIteratorTypes().size(), 1)});
          return std::nullopt;
        });
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTileAndFuseResult> tiled =
        scf::tileConsumerAndFuseProducersUsingSCF(rewriter, op, options);
    if (failed(tiled))
      return op->emitOpError() << "could not be split into element loops";
    for (OpResult result : op->getResults())
      if (Value replacement = tiled->replacements.lookup(result))
        rewriter.replaceAllUsesWith(result, replacement);
  }
  return success();
}

/// Canonicalization and folding of tensor.empty, for cleanUp.
FrozenRewritePatternSet cleanUpPatterns(MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  return FrozenRewritePatternSet(std::move(patterns));
}

/// `patterns` (cleanUpPatterns) and CSE, after tiling.
LogicalResult cleanUp(func::FuncOp func,
                      const FrozenRewritePatternSet &patterns) {
  MLIRContext *ctx = func.getContext();
  if (failed(applyPatternsGreedily(func, patterns)))
    return failure();
  IRRewriter rewriter(ctx);
  DominanceInfo dominance(func);
  eliminateCommonSubExpressions(rewriter, dominance, func);
  return success();
}

std::string buildScript(ArrayRef<std::string> rootScripts) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "module attributes {transform.with_named_sequence} {\n"
        "  transform.named_sequence @__transform_main(%arg0: "
        "!transform.any_op {transform.readonly}) {\n";
  for (const std::string &r : rootScripts)
    os << r;
  // No clean-up here: the element level finds the thread tiles by their
  // tile ids, which canonicalization may drop; cleanUp runs after it.
  os << "    transform.yield\n  }\n}\n";
  return s;
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

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(TesselDialect::kKernelAttrName))
        kernels.push_back(func);
    if (kernels.empty())
      return;
    FailureOr<Target> gpu = getModuleTarget(module, "tessel-tile-and-fuse");
    if (failed(gpu))
      return signalPassFailure();
    for (func::FuncOp func : kernels)
      if (failed(tileKernel(func, *gpu)))
        return signalPassFailure();
  }

  FrozenRewritePatternSet patterns;

  LogicalResult tileKernel(func::FuncOp func, const Target &gpu) {
    FailureOr<KernelOps> k = analyzeKernel(func);
    if (failed(k))
      return failure();
    auto sched =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    if (!sched)
      sched = defaultSchedule(func.getContext());
    // The knobs the code generator does not implement yet are refused rather
    // than ignored: a kernel never silently differs from its schedule.
    std::string unsupported;
    if (!sched.getWarp().empty())
      unsupported = "a warp tile";
    else if (sched.getStages() != 1)
      unsupported = "stages = " + std::to_string(sched.getStages());
    else if (sched.getSplitK() != 1)
      unsupported = "split_k = " + std::to_string(sched.getSplitK());
    else if (sched.getVector() != 1)
      unsupported = "vector = " + std::to_string(sched.getVector());
    else if (sched.getMma() != InstructionClass::Simt)
      unsupported = "mma = " + stringifyInstructionClass(sched.getMma()).str();
    if (!unsupported.empty())
      return func.emitOpError()
             << "schedule " << sched << " sets " << unsupported
             << ", which the code generator does not emit yet (it "
                "implements block and thread tiles and warps with SIMT "
                "instructions); drop it, or leave the schedule to "
                "tessel-select-schedules";
    int64_t threads = sched.getWarps() * gpu.warpSize();
    auto maxThreads =
        static_cast<int64_t>(gpu.get(TargetField::MaxThreadsPerBlock));
    if (threads > maxThreads)
      return func.emitOpError()
             << "schedule " << sched << " asks for " << sched.getWarps()
             << " warps of " << gpu.warpSize() << " threads, " << threads
             << " in all, but a block on " << gpu.name() << " holds at most "
             << maxThreads;

    Builder b(func.getContext());
    for (auto [i, op] : llvm::enumerate(k->tileable))
      op->setAttr(kTileIdAttr, b.getI64IntegerAttr(i));
    auto idOf = [&](Operation *op) {
      return int(llvm::find(k->tileable, op) - k->tileable.begin());
    };

    SmallVector<std::string> rootScripts;
    SmallVector<std::pair<int, SmallVector<int64_t>>> elementTiles;
    for (Operation *root : k->roots) {
      SmallVector<Operation *> producerOps = producersOf(root, *k);
      SmallVector<int> producers;
      for (Operation *p : producerOps)
        producers.push_back(idOf(p));
      std::string s;
      llvm::raw_string_ostream os(s);
      auto tileable = cast<TilingInterface>(root);
      SmallVector<int64_t> blockSizes = blockTileSizes(tileable, sched);
      FailureOr<SmallVector<int64_t>> numThreads =
          threadCounts(func, blockSizes, sched, threads);
      if (failed(numThreads))
        return failure();
      // Reductions read with a broadcast, over one loop: cooperative, when
      // the block tiles divide the root's loops (the partial results then
      // have a static shape, as shared memory needs); else per thread.
      llvm::DenseMap<int, std::pair<unsigned, unsigned>> cooperative;
      SmallVector<int64_t> bounds =
          cast<linalg::LinalgOp>(root).getStaticLoopRanges();
      bool tilesDivide = true;
      for (auto [size, bound] : llvm::zip(blockSizes, bounds))
        tilesDivide &= size == 0 || bound % size == 0;
      for (Operation *p : tilesDivide ? ArrayRef<Operation *>(producerOps)
                                      : ArrayRef<Operation *>()) {
        auto linalgOp = dyn_cast<linalg::LinalgOp>(p);
        if (!linalgOp || linalgOp.getNumReductionLoops() != 1 ||
            !readWithBroadcast(linalgOp))
          continue;
        unsigned dim = 0;
        for (auto [i, it] : llvm::enumerate(linalgOp.getIteratorTypesArray()))
          if (it == utils::IteratorType::reduction)
            dim = i;
        cooperative[idOf(p)] = {linalgOp.getNumLoops(), dim};
        // Its chunks are split into elements like the root's (once, if two
        // roots share it).
        if (llvm::none_of(elementTiles,
                          [&](const auto &e) { return e.first == idOf(p); }))
          elementTiles.push_back(
              {idOf(p), SmallVector<int64_t>(linalgOp.getNumLoops(), 1)});
      }
      emitRootScript(os, idOf(root), producers, blockSizes, *numThreads,
                     cooperative, threads);
      rootScripts.push_back(s);
      SmallVector<int64_t> ones;
      for (int64_t size : blockSizes)
        ones.push_back(size ? 1 : 0);
      elementTiles.push_back({idOf(root), ones});
    }
    std::string script = buildScript(rootScripts);
    if (printScripts)
      llvm::outs() << "// tessel-tile-and-fuse script for @"
                   << func.getSymName() << "\n"
                   << script;

    ParserConfig config(func.getContext());
    OwningOpRef<ModuleOp> transformModule =
        parseSourceString<ModuleOp>(script, config, "tile-and-fuse-script");
    if (!transformModule)
      return func.emitOpError()
             << "internal error: the generated tiling script does not parse";
    Operation *entry = transformModule->lookupSymbol("__transform_main");
    LogicalResult result = transform::applyTransformNamedSequence(
        func, entry, *transformModule, transform::TransformOptions());
    if (succeeded(result)) {
      IRRewriter rewriter(func.getContext());
      for (auto &[rootId, tiles] : elementTiles) {
        int id = rootId;
        SmallVector<TilingInterface> threadTiles;
        func.walk([&](TilingInterface op) {
          auto attr = op->getAttrOfType<IntegerAttr>(kTileIdAttr);
          if (attr && attr.getInt() == id && isInThreadForall(op))
            threadTiles.push_back(op);
        });
        for (TilingInterface op : threadTiles) {
          fuseIntoThreadLoop(rewriter, op);
          if (failed(tileElements(rewriter, op, tiles)))
            result = failure();
        }
      }
      if (succeeded(result))
        result = cleanUp(func, patterns);
    }
    func.walk([](Operation *op) { op->removeAttr(kTileIdAttr); });
    if (failed(result))
      return func.emitOpError() << "could not be tiled with schedule " << sched;
    return success();
  }
};

} // namespace
