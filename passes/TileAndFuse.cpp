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
// (partial tiles are handled by the tiling's bounds). Without a K step,
// contractions read their operands from global memory. With one (the
// block's entry after the root's parallel loops), a matmul or batch_matmul
// steps through its reduction, copying each step's operand tiles into
// shared memory and accumulating in shared memory (tileContractionK).
// Register tiles, vector loads and tensor-core instructions come later;
// schedules that ask for them are refused.
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
#include "passes/IndexRange.h"
#include "passes/KernelDescription.h"
#include "passes/MmaLayout.h"
#include "passes/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/ViewLikeInterfaceUtils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
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

/// Marks the op that combines a cooperative reduction's partials (one per
/// thread and row), which combineInTree replaces.
constexpr StringLiteral kTreeAttr = "tessel.tree";

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

/// Ops that need no tiling: constants and new tensors.
bool isTrivial(Operation *op) {
  return isa<arith::ConstantOp, tensor::EmptyOp, bufferization::AllocTensorOp,
             func::ReturnOp>(op);
}

/// Whether `v` is a new tensor (empty or allocated), seen through reshapes.
bool viewsNewTensor(Value v) {
  while (isa_and_present<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
      v.getDefiningOp()))
    v = v.getDefiningOp()->getOperand(0);
  return isa_and_present<tensor::EmptyOp, bufferization::AllocTensorOp>(
      v.getDefiningOp());
}

/// A reshape that only views a kernel input, views an empty destination (the
/// buffer of a value returned through a reshape), or only views a value the
/// kernel returns, moves no data and needs no tile.
bool isBoundaryReshape(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return false;
  Value src = op->getOperand(0);
  if (isa<BlockArgument>(src) || viewsNewTensor(src))
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

/// The schedule used when a kernel carries none (tessel-select-schedules
/// normally attaches the cost model's choice), by what the kernel computes:
/// - a reduction read with a broadcast (a softmax's, a norm's): a block per
///   row of the root's innermost loop, whose 4 warps share its reductions;
/// - else one matmul or batch_matmul (one reduction loop, no convolution):
///   32 x 32 outputs per block in K steps of 16, 128 threads of 2 x 4;
/// - else (elementwise ops, reductions, convolutions): 16 x 64 tiles of the
///   two innermost parallel loops, 4 warps.
ScheduleAttr defaultSchedule(const KernelOps &k, const Target &gpu) {
  MLIRContext *ctx = k.roots.front()->getContext();
  auto schedule = [&](ArrayRef<int64_t> block, ArrayRef<int64_t> thread,
                      int64_t warps) {
    return ScheduleAttr::get(ctx, block, {}, thread, warps, /*stages=*/1,
                             /*splitK=*/1, /*vector=*/1,
                             InstructionClass::Simt);
  };
  auto root = cast<linalg::LinalgOp>(k.roots.front());
  SmallVector<int64_t> parallel;
  for (auto [size, it] : llvm::zip_equal(root.getStaticLoopRanges(),
                                         root.getIteratorTypesArray()))
    if (it == utils::IteratorType::parallel)
      parallel.push_back(size);
  SmallVector<Operation *> producers = producersOf(root, k);
  if (llvm::any_of(producers, [](Operation *op) {
        auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        return linalgOp && isCooperativeReduction(linalgOp);
      }))
    return schedule({1, parallel.back()}, {}, 4);
  int contractions = 0;
  bool convolution = false;
  for (Operation *op : k.tileable) {
    auto linalgOp = cast<linalg::LinalgOp>(op);
    if (linalg::isaContractionOpInterface(linalgOp))
      contractions += linalgOp.getNumReductionLoops() == 1 ? 1 : 2;
    convolution |= linalg::isaConvolutionOpInterface(linalgOp);
  }
  int64_t stepThreads = 128;
  if (contractions == 1 && !convolution && parallel.size() >= 2 &&
      stepThreads % gpu.warpSize() == 0) {
    SmallVector<int64_t> block(parallel.size() - 2, 1), thread = block;
    llvm::append_range(block, ArrayRef<int64_t>{32, 32, 16});
    llvm::append_range(thread, ArrayRef<int64_t>{2, 4, 16});
    return schedule(block, thread, stepThreads / gpu.warpSize());
  }
  return schedule({16, 64}, {}, 4);
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

/// Writes the transform script that tiles `root` and fuses `producers`.
void emitRootScript(
    llvm::raw_ostream &os, int rootId, ArrayRef<int> producerIds,
    ArrayRef<int64_t> blockSizes, ArrayRef<int64_t> numThreads,
    const llvm::DenseMap<int, std::pair<unsigned, unsigned>> &cooperative,
    int64_t threads, bool threadLevel) {
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
    // Thread t reduces the t-th contiguous chunk of the row, which
    // distributeCyclically then turns into every T-th element from t.
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
    os << llvm::formatv("    transform.annotate %{0}_merge \"{1}\" : "
                        "!transform.any_op\n",
                        p, kTreeAttr);
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
  // (innermost), y, z. (With a K step, C++ does it: tileContractionK.)
  if (!threadLevel)
    return;
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
    llvm::SmallBitVector used = loopsRead(read, consumer.getNumLoops());
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
    for (OpOperand &use : next->getOpOperands()) {
      auto slice = use.get().getDefiningOp<tensor::ExtractSliceOp>();
      if (!slice)
        continue;
      // A slice of a slice (a thread's part of one K step's tile) becomes
      // one slice of the producer, which can then be fused.
      if (auto outer =
              slice.getSource().getDefiningOp<tensor::ExtractSliceOp>();
          outer && !outer.getDroppedDims().any() &&
          isa_and_present<TilingInterface>(outer.getSource().getDefiningOp())) {
        SmallVector<OpFoldResult> offsets, sizes, strides;
        rewriter.setInsertionPoint(slice);
        if (succeeded(affine::mergeOffsetsSizesAndStrides(
                rewriter, slice.getLoc(), outer, slice, outer.getDroppedDims(),
                offsets, sizes, strides))) {
          // A dim of one element has no stride to speak of (a cyclic
          // reduction's element of a strided row): unit, so that the
          // producer can be tiled for it.
          for (auto [size, stride] : llvm::zip(sizes, strides))
            if (isConstantIntValue(size, 1))
              stride = rewriter.getIndexAttr(1);
          auto merged = tensor::ExtractSliceOp::create(
              rewriter, slice.getLoc(), slice.getType(), outer.getSource(),
              offsets, sizes, strides);
          rewriter.modifyOpInPlace(next, [&] { use.set(merged); });
          slice = merged;
        }
      }
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
LogicalResult
tileElements(RewriterBase &rewriter, TilingInterface root,
             ArrayRef<int64_t> rootTiles,
             SmallVectorImpl<LoopLikeOpInterface> *rootLoops = nullptr) {
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
    if (rootLoops && op == root)
      rootLoops->assign(tiled->loops.begin(), tiled->loops.end());
    for (OpResult result : op->getResults())
      if (Value replacement = tiled->replacements.lookup(result))
        rewriter.replaceAllUsesWith(result, replacement);
  }
  return success();
}

/// What tileElements splits an op of the kernel (by its tile id) into, and
/// the vector width of its innermost loop (1: scalar).
struct ElementTiles {
  int id;
  SmallVector<int64_t> tiles;
  int64_t vector = 1;
};

/// The schedule's vector width applies along the innermost loop of `root`
/// (its element loop there steps by the width), whose loops must all be
/// parallel, with the innermost loop's bound, its block tile and each
/// thread's share of it multiples of the width (vectorWidthFits): every
/// vector access is then whole and aligned.
LogicalResult checkVectorWidth(func::FuncOp func, Operation *root,
                               ArrayRef<int64_t> blockSizes,
                               ArrayRef<int64_t> numThreads, ScheduleAttr sched,
                               bool kStepped) {
  int64_t width = sched.getVector();
  auto refuse = [&]() {
    return func.emitOpError()
           << "schedule " << sched << " sets vector = " << width << ", but ";
  };
  if (kStepped)
    return refuse() << "the kernel's root is its K-stepped contraction, whose "
                       "result is copied out by scalar loops; give the "
                       "kernel vector = 1";
  auto linalgOp = cast<linalg::LinalgOp>(root);
  int64_t inner = linalgOp.getNumLoops() - 1;
  if (linalgOp.getNumReductionLoops() > 0 || !blockSizes[inner])
    return refuse() << "the kernel's root (" << root->getName()
                    << ") reduces; a vector width applies to a root whose "
                       "loops are all parallel (an elementwise op, a norm's "
                       "or softmax's output)";
  int64_t bound = linalgOp.getStaticLoopRanges()[inner];
  int64_t tile = blockSizes[inner], along = numThreads[inner];
  if (!vectorWidthFits(bound, tile, along, width))
    return refuse() << "along the innermost loop of " << root->getName() << " ("
                    << bound << " elements, a block tile of " << tile << ", "
                    << std::max<int64_t>(along, 1)
                    << " threads) a thread's share of a tile is not a whole "
                       "number of aligned vectors: the loop, the tile and "
                       "ceil(tile / threads) must be multiples of "
                    << width;
  return success();
}

/// Marks the linalg ops a vector width applies to.
constexpr StringLiteral kVectorAttr = "tessel.vector";

/// Vector width (the schedule's `vector`): the root's element loop along
/// its innermost loop, `loop`, steps `width` elements. The tiling bounds each
/// step by affine.min(width, extent - iv), which is `width` whenever every
/// thread's extent is a multiple of it, as checkVectorWidth guarantees:
/// the step's tiles become static, and its elementwise ops are marked for
/// vectorizeMarked.
void prepareVectorTiles(RewriterBase &rewriter, scf::ForOp loop,
                        int64_t width) {
  Value iv = loop.getInductionVar();
  SmallVector<affine::AffineMinOp> bounds;
  loop.getBody()->walk([&](affine::AffineMinOp min) {
    bool byWidth = llvm::any_of(min.getMap().getResults(), [&](AffineExpr e) {
      auto c = dyn_cast<AffineConstantExpr>(e);
      return c && c.getValue() == width;
    });
    if (byWidth && llvm::is_contained(min.getOperands(), iv))
      bounds.push_back(min);
  });
  for (affine::AffineMinOp min : bounds) {
    rewriter.setInsertionPoint(min);
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(min, width);
  }
  loop.getBody()->walk([&](linalg::LinalgOp op) {
    if (op.getNumParallelLoops() == op.getNumLoops())
      op->setAttr(kVectorAttr, rewriter.getUnitAttr());
  });
}

/// Rewrites the ops prepareVectorTiles marked (static by now) into vector
/// transfers and arithmetic; a value one of them writes and the next reads
/// stays in a vector register. Other ops of the step (a reduction read with
/// a broadcast, a contraction without a K step, an op reading through an
/// index map that is not a permutation) stay scalar loops. Returns whether
/// any op was marked (the caller cleans up after them).
FailureOr<bool> vectorizeMarked(func::FuncOp func) {
  SmallVector<linalg::LinalgOp> marked;
  func.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kVectorAttr))
      marked.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::LinalgOp op : marked) {
    op->removeAttr(kVectorAttr);
    if (!op.hasPureTensorSemantics() || op.hasDynamicShape())
      return op->emitOpError()
             << "internal error: a vector step's tile is not static";
    // An op linalg's vectorizer does not take (a grouped convolution's
    // reshaping copy, indexing an operand by more than a permutation of its
    // loops) stays a scalar loop; the cost model knows which
    // (isVectorizedInStep).
    if (!isVectorizedInStep(op))
      continue;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> vectorized =
        linalg::vectorize(rewriter, op);
    if (failed(vectorized))
      return op->emitOpError() << "could not be vectorized";
    rewriter.replaceOp(op, vectorized->replacements);
  }
  return !marked.empty();
}

/// A vector step's read of one value for all its lanes (a row's max, a
/// norm's statistic: a transfer_read whose map only broadcasts) becomes a
/// scalar tensor.extract and a vector.broadcast. The value may sit in a
/// strided view (a column of a reduction tree's buffer), which the vector
/// lowerings do not read with a transfer.
struct BroadcastReadToExtract
    : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<RankedTensorType>(read.getBase().getType());
    if (!source || read.getMask() ||
        !llvm::all_of(read.getPermutationMap().getResults(),
                      [](AffineExpr e) {
                        auto c = dyn_cast<AffineConstantExpr>(e);
                        return c && c.getValue() == 0;
                      }) ||
        !llvm::all_of(read.getInBoundsValues(), [](bool b) { return b; }))
      return rewriter.notifyMatchFailure(read, "not an in-bounds broadcast");
    Value scalar = tensor::ExtractOp::create(rewriter, read.getLoc(),
                                             read.getBase(), read.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     scalar);
    return success();
  }
};

/// Canonicalization and folding of tensor.empty, for cleanUp.
FrozenRewritePatternSet cleanUpPatterns(MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  // A vector step's unit dims (a row's one element) drop out of its vectors.
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  // A vectorized linalg.index (a causal mask's column) is a vector.step,
  // which the NVVM and ROCDL conversions leave alone: it becomes the
  // constant [0, 1, ..., width-1] here, for every target.
  vector::populateVectorStepLoweringPatterns(patterns);
  patterns.add<BroadcastReadToExtract>(ctx);
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

/// A contraction's step along its reduction loop (see kStepOf).
struct KStep {
  Operation *contraction;
  int64_t step;
};

/// The K step `sched` sets for `root`'s loop nest: the entry of `block` after
/// those of the root's parallel loops, when the root or one of its
/// `producers` is a contraction (matmul, batch_matmul) with one reduction
/// loop; the step applies to it. Entries beyond the parallel loops mean
/// nothing to a kernel without one and are ignored there.
FailureOr<std::optional<KStep>> kStepOf(func::FuncOp func, Operation *root,
                                        ArrayRef<Operation *> producers,
                                        ScheduleAttr sched) {
  auto rootOp = cast<linalg::LinalgOp>(root);
  ArrayRef<int64_t> block = sched.getBlock();
  unsigned parallel = rootOp.getNumParallelLoops();
  SmallVector<Operation *> contractions;
  bool convolution = false;
  for (Operation *op :
       llvm::concat<Operation *const>(ArrayRef<Operation *>(root), producers)) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      continue;
    if (linalg::isaContractionOpInterface(linalgOp))
      contractions.push_back(op);
    convolution |= linalg::isaConvolutionOpInterface(linalgOp);
  }
  if (block.size() <= parallel)
    return std::optional<KStep>();
  if (contractions.empty() && convolution)
    return func.emitOpError()
           << "schedule " << sched
           << " sets a K step for a convolution; the code generator emits "
              "K steps for matmul and batch_matmul only (drop the block's "
           << "last entry)";
  if (contractions.empty())
    return std::optional<KStep>();
  if (block.size() > parallel + 1)
    return func.emitOpError()
           << "schedule " << sched << " has " << block.size()
           << " block entries, but its root has " << parallel
           << " parallel loops: one entry each, then at most the K step";
  if (contractions.size() > 1)
    return func.emitOpError()
           << "schedule " << sched << " sets a K step, but the kernel holds "
           << contractions.size() << " contractions; a K step applies to one";
  auto contraction = cast<linalg::LinalgOp>(contractions.front());
  if (contraction.getNumReductionLoops() != 1)
    return func.emitOpError()
           << "schedule " << sched << " sets a K step for a contraction with "
           << contraction.getNumReductionLoops()
           << " reduction loops; it is emitted for one";
  return std::optional<KStep>(KStep{contractions.front(), block.back()});
}

/// A root whose contraction takes a K step: their tile ids, the step, and
/// the root's threads along each of its loops.
struct KStepRoot {
  int root, contraction;
  int64_t kStep;
  SmallVector<int64_t> numThreads;
  /// With `mma = mma_sync`: the warp tile of the contraction's M and N
  /// (each warp computes one with tensor cores); empty for SIMT.
  SmallVector<int64_t> warpTile;
  /// The schedule's software-pipeline depth.
  int64_t stages = 1;
};

/// The static upper bound of each dim of the tensor `v` (a tile): its size
/// where static, else the bound of the remainder tile's size.
FailureOr<SmallVector<int64_t>> staticBounds(Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> bounds;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      bounds.push_back(type.getDimSize(d));
      continue;
    }
    std::optional<int64_t> ub = rangeOfDim(v, d).hi;
    if (!ub || *ub < 0)
      return failure();
    bounds.push_back(*ub);
  }
  return bounds;
}

/// A buffer of the block's own shaped like `like` (a tile): allocated with
/// the tile's static bound, so that it can become shared memory, and viewed
/// with the tile's sizes (smaller in a remainder tile). `pad` more elements
/// per row of the innermost dim shift each row's banks (tensor-core steps
/// read columns of these buffers; see mma::kOperandPad).
FailureOr<Value> blockBuffer(RewriterBase &rewriter, Location loc, Value like,
                             int64_t pad = 0) {
  FailureOr<SmallVector<int64_t>> bounds = staticBounds(like);
  if (failed(bounds))
    return failure();
  auto type = cast<RankedTensorType>(like.getType());
  SmallVector<int64_t> allocated = *bounds;
  allocated.back() += pad;
  Value buffer = bufferization::AllocTensorOp::create(
      rewriter, loc, RankedTensorType::get(allocated, type.getElementType()),
      ValueRange{});
  if (type.hasStaticShape() && pad == 0)
    return buffer;
  SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, like);
  return tensor::ExtractSliceOp::create(rewriter, loc, type, buffer, offsets,
                                        sizes, strides)
      .getResult();
}

/// Tiles `op` over the block's threads, `numThreads` along each of its loops
/// (0: not distributed), mapped x, y, z from the innermost distributed loop,
/// or to linear thread ids (any shape of as many threads) when `linear`.
/// Returns the op computing one thread's tile.
FailureOr<TilingInterface> tileToThreads(RewriterBase &rewriter,
                                         TilingInterface op,
                                         ArrayRef<int64_t> numThreads,
                                         bool linear) {
  MLIRContext *ctx = op->getContext();
  int distributed = llvm::count_if(numThreads, [](int64_t n) { return n; });
  if (distributed > 3 && !linear)
    return failure();
  SmallVector<Attribute> mapping;
  for (int i = distributed - 1; i >= 0; --i) {
    auto id = static_cast<gpu::MappingId>(
        (linear ? static_cast<int>(gpu::MappingId::LinearDim0) : 0) + i);
    mapping.push_back(gpu::GPUThreadMappingAttr::get(ctx, id));
  }
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setNumThreads(getAsIndexOpFoldResult(ctx, numThreads))
      .setMapping(mapping);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return cast<TilingInterface>(tiled->tiledOps.back());
}

/// Threads for copying a tile of static bound `bounds` into shared memory:
/// the innermost (contiguous) dim over as many neighbouring lanes as it has
/// elements (a power of two, at most `threads`), the next dim over the rest.
/// With a vector width (`width` > 1, dividing the innermost bound), over as
/// many lanes as it has vectors, a power of two dividing their number, so
/// that each lane's share of a row is a whole number of vectors.
SmallVector<int64_t> copyLayout(ArrayRef<int64_t> bounds, int64_t threads,
                                int64_t width = 1) {
  SmallVector<int64_t> layout(bounds.size(), 0);
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

/// Single elements, for the element level: 1 along every loop.
SmallVector<int64_t> onesFor(TilingInterface op) {
  return SmallVector<int64_t>(op.getLoopIteratorTypes().size(), 1);
}

/// One step of a reduction tree over `n` partials along `dim` of `cur`
/// (R rows x n): the first m = floor(n / 2) become cur[i] (+) cur[i + s],
/// s = ceil(n / 2), written into `dst` (at least s along `dim`); when n is
/// odd, the middle partial, cur[m], is carried over as it is. Each op runs
/// on its own threads (a thread per pair, the rest over the rows), so
/// map-to-gpu puts a barrier after it. Returns `dst` updated.
FailureOr<Value> treeStep(RewriterBase &rewriter, linalg::LinalgOp merge,
                          Value cur, Value dst, unsigned dim, int64_t n,
                          int64_t threads) {
  Location loc = merge.getLoc();
  auto type = cast<RankedTensorType>(cur.getType());
  int64_t s = (n + 1) / 2, m = n - s;
  auto columns = [&](Value source, int64_t offset, int64_t size) {
    SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes,
        strides(type.getRank(), rewriter.getIndexAttr(1));
    for (int64_t d : type.getShape())
      sizes.push_back(rewriter.getIndexAttr(d));
    offsets[dim] = rewriter.getIndexAttr(offset);
    sizes[dim] = rewriter.getIndexAttr(size);
    return std::make_tuple(offsets, sizes, strides);
  };
  auto slice = [&](Value source, int64_t offset, int64_t size) -> Value {
    auto [offsets, sizes, strides] = columns(source, offset, size);
    return tensor::ExtractSliceOp::create(rewriter, loc, source, offsets, sizes,
                                          strides);
  };
  auto insert = [&](Value tile, Value into, int64_t offset) -> Value {
    auto [offsets, sizes, strides] = columns(
        into, offset, cast<RankedTensorType>(tile.getType()).getDimSize(dim));
    return tensor::InsertSliceOp::create(rewriter, loc, tile, into, offsets,
                                         sizes, strides);
  };
  // Threads: one per column along `dim`, the rest along the innermost other
  // dim (the rows).
  auto split = [&](TilingInterface op, int64_t width) {
    OpBuilder::InsertionGuard guard(rewriter);
    SmallVector<int64_t> numThreads(type.getRank(), 0);
    numThreads[dim] = width;
    for (int64_t d = type.getRank() - 1; d >= 0; --d)
      if (d != int64_t(dim) && type.getDimSize(d) > 1) {
        numThreads[d] =
            std::min(type.getDimSize(d), std::max<int64_t>(1, threads / width));
        break;
      }
    return tileToThreads(rewriter, op, numThreads, /*linear=*/true);
  };

  int64_t rank = type.getRank();
  AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  Value lo = slice(cur, 0, m), hi = slice(cur, s, m);
  Value out = slice(dst, 0, m);
  Block &combiner = merge->getRegion(0).front();
  auto pairs = linalg::GenericOp::create(
      rewriter, loc, out.getType(), ValueRange{lo, hi}, ValueRange{out},
      SmallVector<AffineMap>(3, identity), parallel,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping map;
        map.map(combiner.getArgument(0), args[0]);
        map.map(combiner.getArgument(1), args[1]);
        for (Operation &op : combiner.without_terminator())
          b.clone(op, map);
        SmallVector<Value> results;
        for (Value v : combiner.getTerminator()->getOperands())
          results.push_back(map.lookupOrDefault(v));
        linalg::YieldOp::create(b, bodyLoc, results);
      });
  // (Each op is split over threads once its result is used: the split
  // replaces those uses.)
  dst = insert(pairs->getResult(0), dst, 0);
  if (failed(split(cast<TilingInterface>(pairs.getOperation()), m)))
    return failure();
  if (s > m) {
    auto middle = linalg::CopyOp::create(rewriter, loc, slice(cur, m, 1),
                                         slice(dst, m, 1));
    dst = insert(middle->getResult(0), dst, m);
    if (failed(split(cast<TilingInterface>(middle.getOperation()), 1)))
      return failure();
  }
  return dst;
}

/// tile_reduction_using_forall gives each of a cooperative reduction's T
/// threads a contiguous chunk of the row: thread t reduces elements
/// [t*c, t*c + c), so the lanes of a warp read c elements apart, a memory
/// sector each. This gives thread t elements t, t + T, t + 2T, ... instead
/// (a strided slice of the row for every operand the partial op reads
/// along it): the lanes read neighbouring elements, and each of a warp's
/// loads is coalesced. The reduction's combining function is associative
/// and commutative (it is the one the tree applies), so only the order of
/// the partial sums changes.
LogicalResult distributeCyclically(RewriterBase &rewriter,
                                   linalg::LinalgOp merge) {
  auto forall = merge.getDpsInputs().front().getDefiningOp<scf::ForallOp>();
  if (!forall || forall.getRank() != 1)
    return merge->emitOpError("internal error: a cooperative reduction's "
                              "partials do not come from a forall");
  std::optional<int64_t> threads =
      getConstantIntValue(forall.getMixedUpperBound().front());
  if (!threads)
    return forall->emitOpError("internal error: dynamic thread count");
  Value tid = forall.getInductionVar(0);
  SmallVector<linalg::LinalgOp> parts;
  forall.getBody()->walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 0)
      parts.push_back(op);
  });
  MLIRContext *ctx = rewriter.getContext();
  for (linalg::LinalgOp part : parts) {
    SmallVector<unsigned> reductions;
    part.getReductionDims(reductions);
    if (reductions.size() != 1)
      continue;
    for (OpOperand *in : part.getDpsInputOperands()) {
      auto slice = in->get().getDefiningOp<tensor::ExtractSliceOp>();
      AffineMap map = part.getMatchingIndexingMap(in);
      std::optional<unsigned> along;
      for (auto [j, e] : llvm::enumerate(map.getResults()))
        if (auto d = dyn_cast<AffineDimExpr>(e);
            d && d.getPosition() == reductions.front())
          along = j;
      if (!along)
        continue;
      if (!slice || slice.getDroppedDims().any() || !slice.hasUnitStride() ||
          slice.getSourceType().isDynamicDim(*along))
        return part->emitOpError("internal error: a cooperative reduction "
                                 "reads a row that is not a static slice");
      int64_t n = slice.getSourceType().getDimSize(*along);
      SmallVector<OpFoldResult> offsets = slice.getMixedOffsets(),
                                sizes = slice.getMixedSizes(),
                                strides = slice.getMixedStrides();
      rewriter.setInsertionPoint(slice);
      AffineExpr t = getAffineDimExpr(0, ctx);
      // ceil((n - t) / T) elements (t < T, so never negative): n / T for
      // every thread when T divides n.
      offsets[*along] = tid;
      sizes[*along] = n % *threads == 0
                          ? OpFoldResult(rewriter.getIndexAttr(n / *threads))
                          : affine::makeComposedFoldedAffineApply(
                                rewriter, slice.getLoc(),
                                (n - t + *threads - 1).floorDiv(*threads),
                                {OpFoldResult(tid)});
      strides[*along] = rewriter.getIndexAttr(*threads);
      auto cyclic = tensor::ExtractSliceOp::create(
          rewriter, slice.getLoc(), slice.getSource(), offsets, sizes, strides);
      rewriter.modifyOpInPlace(part, [&] { in->set(cyclic.getResult()); });
      if (slice->use_empty())
        rewriter.eraseOp(slice);
    }
  }
  return success();
}

/// A cooperative reduction's partials (R rows x T threads, in shared
/// memory) combined in a tree of ceil(log2 T) steps instead of by every
/// reader: step by step, half the remaining partials add the other half
/// into a second buffer (ping-pong, so that no step reads what it writes),
/// and the readers read each row's one result. `merge` (the op that
/// combined all T for each reader, tile_reduction_using_forall's) is
/// replaced by that result.
LogicalResult combineInTree(RewriterBase &rewriter, linalg::LinalgOp merge,
                            int64_t threads) {
  SmallVector<unsigned> dims;
  merge.getReductionDims(dims);
  if (dims.size() != 1 || merge.getNumDpsInputs() != 1 ||
      merge.getNumDpsInits() != 1 || merge->getNumResults() != 1)
    return merge->emitOpError()
           << "internal error: a cooperative reduction's combine is not a "
              "single-input reduction over one dim";
  unsigned dim = dims.front();
  Value partials = merge.getDpsInputOperand(0)->get();
  auto type = cast<RankedTensorType>(partials.getType());
  int64_t n = type.getDimSize(dim);
  if (ShapedType::isDynamic(n) || !type.hasStaticShape())
    return merge->emitOpError()
           << "internal error: a cooperative reduction's partials are not "
              "static";
  rewriter.setInsertionPoint(merge);
  Location loc = merge.getLoc();
  SmallVector<int64_t> half(type.getShape());
  half[dim] = (n + 1) / 2;
  Value cur = partials;
  Value other =
      tensor::EmptyOp::create(rewriter, loc, half, type.getElementType());
  for (; n > 1; n = (n + 1) / 2) {
    FailureOr<Value> next =
        treeStep(rewriter, merge, cur, other, dim, n, threads);
    if (failed(next))
      return merge->emitOpError()
             << "internal error: a reduction tree step could not be split "
                "over threads";
    other = cur;
    cur = *next;
  }
  // Each row's result, in column 0.
  auto resultType = cast<RankedTensorType>(merge->getResult(0).getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes,
      strides(type.getRank(), rewriter.getIndexAttr(1));
  for (int64_t d : type.getShape())
    sizes.push_back(rewriter.getIndexAttr(d));
  sizes[dim] = rewriter.getIndexAttr(1);
  Value result = tensor::ExtractSliceOp::create(rewriter, loc, resultType, cur,
                                                offsets, sizes, strides);
  rewriter.replaceOp(merge, result);
  return success();
}

/// One thread's part of a K step, `step` (its tile of the accumulator, in
/// shared memory, over the step): the tile is copied into a buffer of the
/// thread's own (registers, once its loops are unrolled), the step runs
/// with the reduction loop outermost, each iteration an outer product of a
/// column of A and a row of B (each operand element read once per k), and
/// the tile is copied back:
///
///   acc = copy(tile)                      element loops
///   scf.for k: scf.for i: scf.for j:      acc[i, j] += a[i, k] * b[k, j]
///   tile = copy(acc)                      element loops
LogicalResult accumulateInRegisters(RewriterBase &rewriter,
                                    linalg::LinalgOp step) {
  Location loc = step.getLoc();
  OpOperand *init = step.getDpsInitOperand(0);
  Value tile = init->get();
  rewriter.setInsertionPoint(step);
  FailureOr<Value> own = blockBuffer(rewriter, loc, tile);
  if (failed(own))
    return failure();
  auto load = linalg::CopyOp::create(rewriter, loc, tile, *own);
  rewriter.modifyOpInPlace(step, [&] { init->set(load.getResult(0)); });
  rewriter.setInsertionPointAfter(step);
  auto store = linalg::CopyOp::create(rewriter, loc, step->getResult(0), tile);
  rewriter.replaceAllUsesExcept(step->getResult(0), store.getResult(0), store);

  // The reduction loop outermost, then the parallel ones, one element each.
  SmallVector<int64_t> interchange;
  for (auto [i, it] : llvm::enumerate(step.getIteratorTypesArray()))
    if (it == utils::IteratorType::reduction)
      interchange.push_back(i);
  for (auto [i, it] : llvm::enumerate(step.getIteratorTypesArray()))
    if (it != utils::IteratorType::reduction)
      interchange.push_back(i);
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(
      rewriter.getContext(), SmallVector<int64_t>(step.getNumLoops(), 1)));
  options.setInterchange(interchange);
  rewriter.setInsertionPoint(step);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(step.getOperation()), options);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(step, tiled->replacements);
  for (linalg::CopyOp copy : {load, store})
    if (failed(
            tileElements(rewriter, cast<TilingInterface>(copy.getOperation()),
                         onesFor(cast<TilingInterface>(copy.getOperation())))))
      return failure();
  return success();
}

/// One K step of `step` (a matmul or batch_matmul on the step's block
/// buffers: A [.., M, K], B [.., K, N], the accumulator [.., M, N] in f32)
/// on tensor cores: the block's warps split M x N into `warpTile` pieces (a
/// forall over warps, linear warp ids); each warp loops over its 16 x 8
/// pieces of the accumulator, reading each as a vector, chaining one
/// 16x8x16 vector.contract (the shape of one mma.sync) per 16 of the K
/// step with A's 16 x 16 and B's 16 x 8 pieces, and writing it back. On
/// the CPU path this runs as vector code in loops; tessel-lower-mma unrolls
/// them, gives each lane its fragment of every vector and issues mma.sync.
LogicalResult computeWithMma(RewriterBase &rewriter, linalg::LinalgOp step,
                             ArrayRef<int64_t> warpTile) {
  Location loc = step.getLoc();
  auto fail = [&](const Twine &why) {
    return step->emitOpError()
           << "cannot run on tensor cores (mma_sync): " << why;
  };
  std::string refusal = mmaSyncRefusal(step);
  if (!refusal.empty())
    return fail(refusal);
  // The loops: batch dims (tile 1), then M, N and the reduction K.
  SmallVector<unsigned> reductions;
  step.getReductionDims(reductions);
  unsigned k = reductions.front();
  ArrayRef<AffineExpr> cDims = step.getIndexingMapsArray()[2].getResults();
  unsigned m = cast<AffineDimExpr>(cDims[cDims.size() - 2]).getPosition();
  unsigned n = cast<AffineDimExpr>(cDims.back()).getPosition();
  MLIRContext *ctx = step.getContext();
  SmallVector<int64_t> sizes = step.getStaticLoopRanges();
  if (llvm::any_of(sizes, ShapedType::isDynamic))
    return fail("its tiles are not static (the block tiles and the K step "
                "must divide M, N and K)");
  int64_t wm = warpTile[0], wn = warpTile[1];
  if (sizes[m] % wm || sizes[n] % wn || wm % mma::kM || wn % mma::kN ||
      sizes[k] % mma::kK)
    return fail("warp tiles of " + Twine(wm) + " x " + Twine(wn) +
                " must divide the block's " + Twine(sizes[m]) + " x " +
                Twine(sizes[n]) +
                " and be multiples of 16 x 8, and the K "
                "step (" +
                Twine(sizes[k]) + ") a multiple of 16");

  // A forall over the warps (normalized, as the GPU mapping wants), one
  // accumulator piece each.
  SmallVector<int64_t> warps(step.getNumLoops(), 0);
  warps[m] = sizes[m] / wm;
  warps[n] = sizes[n] / wn;
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setNumThreads(getAsIndexOpFoldResult(ctx, warps))
      .setMapping(
          {gpu::GPUWarpMappingAttr::get(ctx, gpu::MappingId::LinearDim1),
           gpu::GPUWarpMappingAttr::get(ctx, gpu::MappingId::LinearDim0)});
  rewriter.setInsertionPoint(step);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(step.getOperation()), options);
  if (failed(tiled))
    return fail("it could not be split over warps");
  rewriter.replaceOp(step, tiled->replacements);
  auto warp = cast<linalg::LinalgOp>(tiled->tiledOps.back());

  // The warp's pieces as matrices (batch dims of 1 dropped).
  rewriter.setInsertionPoint(warp);
  auto matrix = [&](Value v) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    if (type.getRank() == 2)
      return v;
    return tensor::createCanonicalRankReducingExtractSliceOp(
        rewriter, loc, v,
        RankedTensorType::get(type.getShape().take_back(2),
                              type.getElementType()));
  };
  Value aTile = matrix(warp.getDpsInputs()[0]),
        bTile = matrix(warp.getDpsInputs()[1]);
  Value cInit = warp.getDpsInits()[0], c = matrix(cInit);
  auto at = [&](int64_t i) {
    return arith::ConstantIndexOp::create(rewriter, loc, i);
  };
  auto read = [&](OpBuilder &b, Value from, Value row, Value col, int64_t rows,
                  int64_t cols) -> Value {
    Type element = getElementTypeOrSelf(from.getType());
    Value pad = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    return vector::TransferReadOp::create(
        b, loc, VectorType::get({rows, cols}, element), from,
        ValueRange{row, col}, pad, ArrayRef<bool>{true, true});
  };
  AffineExpr dm, dn, dk;
  bindDims(ctx, dm, dn, dk);
  using MapList = ArrayRef<ArrayRef<AffineExpr>>;
  auto contractMaps = rewriter.getAffineMapArrayAttr(
      AffineMap::inferFromExprList(MapList{{dm, dk}, {dk, dn}, {dm, dn}}, ctx));
  auto iterators = rewriter.getArrayAttr(
      {vector::IteratorTypeAttr::get(ctx, vector::IteratorType::parallel),
       vector::IteratorTypeAttr::get(ctx, vector::IteratorType::parallel),
       vector::IteratorTypeAttr::get(ctx, vector::IteratorType::reduction)});
  // Loops over the warp's 16 x 8 pieces, K's pieces unrolled inside: the
  // CPU path keeps them rolled; tessel-lower-mma unrolls them.
  int64_t pk = sizes[k] / mma::kK;
  auto pieceLoop = [&](OpBuilder &b, int64_t extent, int64_t step, Value init,
                       function_ref<Value(OpBuilder &, Value, Value)> body) {
    auto loop = scf::ForOp::create(
        b, loc, at(0), at(extent), at(step), ValueRange{init},
        [&](OpBuilder &nb, Location, Value iv, ValueRange args) {
          scf::YieldOp::create(nb, loc, body(nb, iv, args.front()));
        });
    return loop.getResult(0);
  };
  Value out = pieceLoop(
      rewriter, wm, mma::kM, c, [&](OpBuilder &b, Value row, Value tile) {
        return pieceLoop(
            b, wn, mma::kN, tile, [&](OpBuilder &nb, Value col, Value inner) {
              Value piece = read(nb, inner, row, col, mma::kM, mma::kN);
              for (int64_t kk = 0; kk < pk; ++kk) {
                Value kAt =
                    arith::ConstantIndexOp::create(nb, loc, kk * mma::kK);
                Value aPiece = read(nb, aTile, row, kAt, mma::kM, mma::kK);
                Value bPiece = read(nb, bTile, kAt, col, mma::kK, mma::kN);
                piece = vector::ContractionOp::create(nb, loc, aPiece, bPiece,
                                                      piece, contractMaps,
                                                      iterators)
                            .getResult();
              }
              return vector::TransferWriteOp::create(nb, loc, piece, inner,
                                                     ValueRange{row, col},
                                                     ArrayRef<bool>{true, true})
                  .getResult();
            });
      });
  if (out.getType() != cInit.getType())
    out = tensor::createCanonicalRankReducingInsertSliceOp(rewriter, loc, out,
                                                           cInit);
  rewriter.replaceOp(warp, out);
  return success();
}

/// One copy of a K step's operand tile into shared memory, and the static
/// bound of the tile's shape.
struct StepCopy {
  linalg::CopyOp copy;
  SmallVector<int64_t> bounds;
  /// Elements per access (copyVectorWidth).
  int64_t width = 1;
};

/// Software pipelining of a K step's copies (`stages` = S > 1): each
/// operand gets S shared-memory buffers (one allocation of S x the tile,
/// rows padded by `pad`, carried through `kLoop`), the loop is preceded by
/// the copies of steps 0 .. S-2, and step k copies step k + S - 1 into
/// buffer (k + S - 1) mod S before computing on buffer k mod S. The copies
/// past the last step are clamped to it (they rewrite a buffer no later
/// step reads): every iteration copies, so each takes one group of
/// asynchronous copies on the GPU (tessel-async-copies), whose wait leaves
/// the S - 1 younger groups in flight. On the CPU the copies run in order,
/// which checks the buffers' rotation. `kLoop` runs from `lb` to `ub` (at
/// least two steps of `st`). Returns the copies, the prologue's first.
FailureOr<SmallVector<StepCopy>>
pipelineCopies(RewriterBase &rewriter, scf::ForOp &kLoop, int64_t lb,
               int64_t ub, int64_t st, MutableArrayRef<StepCopy> copies,
               int64_t stages, int64_t pad) {
  Location loc = kLoop.getLoc();
  int64_t steps = (ub - lb + st - 1) / st;
  int64_t last = lb + (steps - 1) * st;
  Block *body = kLoop.getBody();
  MLIRContext *ctx = rewriter.getContext();

  // Buffer `slot` of a tile's buffers, viewed with the sizes of `tile`.
  struct SlotSlice {
    SmallVector<OpFoldResult> offsets, sizes, strides;
  };
  auto slotSlice = [&](Value tile, OpFoldResult slot) {
    int64_t rank = cast<RankedTensorType>(tile.getType()).getRank();
    SlotSlice v;
    v.offsets.assign(rank + 1, rewriter.getIndexAttr(0));
    v.offsets[0] = slot;
    v.sizes = {rewriter.getIndexAttr(1)};
    llvm::append_range(v.sizes, tensor::getMixedSizes(rewriter, loc, tile));
    v.strides.assign(rank + 1, rewriter.getIndexAttr(1));
    return v;
  };

  // Clones what `source` (an operand tile of the step at kLoop's induction
  // variable) is computed from in the loop body, for step `at`, and copies
  // it into buffer `slot` of `buffers`; returns the copy and the buffers
  // after it.
  auto copyStep = [&](Value source, Value at, OpFoldResult slot,
                      Value buffers) -> std::pair<linalg::CopyOp, Value> {
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.inclusive = true;
    options.omitUsesFromAbove = false;
    options.filter = [&](Operation *op) { return op->getBlock() == body; };
    (void)getBackwardSlice(source.getDefiningOp(), &slice, options);
    IRMapping map;
    map.map(kLoop.getInductionVar(), at);
    for (Operation *op : slice)
      rewriter.clone(*op, map);
    Value tile = map.lookupOrDefault(source);
    SlotSlice at0 = slotSlice(tile, slot);
    Value dest = tensor::ExtractSliceOp::create(
        rewriter, loc, cast<RankedTensorType>(tile.getType()), buffers,
        at0.offsets, at0.sizes, at0.strides);
    auto copy = linalg::CopyOp::create(rewriter, loc, tile, dest);
    Value updated =
        tensor::InsertSliceOp::create(rewriter, loc, copy.getResult(0), buffers,
                                      at0.offsets, at0.sizes, at0.strides);
    return {copy, updated};
  };

  // The buffers, and the prologue, step by step (each step's copies are
  // one stage of the pipeline: tessel-async-copies counts them so).
  SmallVector<StepCopy> out;
  SmallVector<Value> inits;
  rewriter.setInsertionPoint(kLoop);
  for (StepCopy &c : copies) {
    auto type = cast<RankedTensorType>(c.copy.getInputs()[0].getType());
    SmallVector<int64_t> shape = {stages};
    llvm::append_range(shape, c.bounds);
    shape.back() += pad;
    inits.push_back(bufferization::AllocTensorOp::create(
        rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
        ValueRange{}));
  }
  for (int64_t s = 0; s + 1 < stages; ++s) {
    Value at = arith::ConstantIndexOp::create(rewriter, loc,
                                              lb + std::min(s, steps - 1) * st);
    for (auto [c, buffers] : llvm::zip(copies, inits)) {
      std::pair<linalg::CopyOp, Value> copied = copyStep(
          c.copy.getInputs()[0], at, rewriter.getIndexAttr(s), buffers);
      out.push_back({copied.first, c.bounds, c.width});
      buffers = copied.second;
    }
  }

  // The loop carries them.
  FailureOr<LoopLikeOpInterface> grown =
      cast<LoopLikeOpInterface>(kLoop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
              [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
                return SmallVector<Value>(args.begin(), args.end());
              });
  if (failed(grown))
    return failure();
  kLoop = cast<scf::ForOp>(grown->getOperation());
  body = kLoop.getBody();
  Value iv = kLoop.getInductionVar();
  unsigned first = kLoop.getNumRegionIterArgs() - copies.size();
  auto yield = cast<scf::YieldOp>(body->getTerminator());

  // Step k: copy step min(k + S - 1, last) into buffer (k + S - 1) mod S,
  // then read buffer k mod S.
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  AffineExpr index = (d0 - lb).floorDiv(st);
  for (size_t i = 0; i < copies.size(); ++i) {
    StepCopy &c = copies[i];
    rewriter.setInsertionPoint(c.copy);
    Value ahead = affine::AffineMinOp::create(
        rewriter, loc,
        AffineMap::get(
            1, 0, {d0 + (stages - 1) * st, getAffineConstantExpr(last, ctx)},
            ctx),
        ValueRange{iv});
    Value aheadSlot = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, (index + stages - 1) % stages),
        ValueRange{iv});
    Value slot = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, index % stages), ValueRange{iv});
    Value carried = kLoop.getRegionIterArgs()[first + i];
    Value source = c.copy.getInputs()[0];
    std::pair<linalg::CopyOp, Value> prefetch =
        copyStep(source, ahead, aheadSlot, carried);
    Value updated = prefetch.second;
    out.push_back({prefetch.first, c.bounds, c.width});
    SlotSlice own = slotSlice(source, slot);
    Value current = tensor::ExtractSliceOp::create(
        rewriter, loc, cast<RankedTensorType>(source.getType()), updated,
        own.offsets, own.sizes, own.strides);
    rewriter.replaceAllUsesWith(c.copy.getResult(0), current);
    rewriter.modifyOpInPlace(yield,
                             [&] { yield->setOperand(first + i, updated); });
    // The step's own buffer is dead now; the clean-up would keep an unused
    // alloc_tensor (it would become shared memory), so it goes here.
    Value dest = c.copy.getOutputs()[0];
    rewriter.eraseOp(c.copy);
    while (Operation *def = dest.getDefiningOp()) {
      if (!def->use_empty() ||
          (!isPure(def) && !isa<bufferization::AllocTensorOp>(def)))
        break;
      Value next = def->getNumOperands() ? def->getOperand(0) : Value();
      rewriter.eraseOp(def);
      if (!next)
        break;
      dest = next;
    }
  }
  return out;
}

/// What `mma = mma_sync` needs beyond what the schedule attribute checks:
/// an NVIDIA GPU of sm_80 or newer (mma.sync.m16n8k16 with bf16), and a
/// warp tile over M, N and the whole K step.
LogicalResult checkMmaSync(func::FuncOp func, ScheduleAttr sched,
                           const Target &gpu) {
  if (!gpu.hasMmaSync())
    return func.emitOpError()
           << "schedule " << sched << " sets mma = mma_sync, which needs an "
           << "NVIDIA GPU of sm_80 or newer; " << gpu.name() << " is "
           << gpu.arch() << (gpu.hasMfma() ? " (MFMA is not emitted yet)" : "");
  ArrayRef<int64_t> warp = sched.getWarp(), block = sched.getBlock();
  if (warp.size() < 3 || warp.back() != block.back())
    return func.emitOpError()
           << "schedule " << sched << " sets mma = mma_sync without a warp "
           << "tile [.., M, N, K] whose K is the block's K step (each warp "
              "computes an M x N piece over the whole step)";
  return success();
}

/// The K-step strategy for the contraction `c` (at block level, one
/// reduction loop), Tessel's shared-memory tiling:
///
///   acc = fill (a block buffer: shared memory)        threads, x/y
///   scf.for k step kStep iter_args(acc):
///     a = copy A[tile, k..k+kStep] to a block buffer  threads, linear ids
///     b = copy B[k..k+kStep, tile] to a block buffer  threads, linear ids
///     acc = c(a, b, acc)                              threads, x/y; each
///                                                     thread its elements,
///                                                     each over the kStep
///   [c is the kernel's root: copy acc to the output   threads, x/y]
///
/// Every thread loop ends in a barrier once mapped (tessel-map-to-gpu), so
/// a step's copies are complete before any thread reads them and read
/// before the next step overwrites them. `cThreads` gives the threads along
/// each of c's loops (0 along the reduction). Producers of c's inputs (a
/// cast, a prologue) are fused into the copies.
LogicalResult tileContractionK(RewriterBase &rewriter, linalg::LinalgOp c,
                               int64_t kStep, ArrayRef<int64_t> cThreads,
                               int64_t threads, bool isRoot,
                               ArrayRef<int64_t> warpTile, int64_t stages) {
  Location loc = c.getLoc();
  // Diagnostics name c, or its K loop once c is tiled.
  Operation *anchor = c;
  auto fail = [&](const Twine &why) {
    return anchor->emitOpError()
           << "cannot take the schedule's K step: " << why;
  };
  // The accumulator's fill and the final copy run along the output's dims
  // with the threads of c's loops that index them.
  SmallVector<int64_t> outThreads;
  for (AffineExpr e : c.getIndexingMapsArray().back().getResults()) {
    unsigned d = cast<AffineDimExpr>(e).getPosition();
    outThreads.push_back(d < cThreads.size() ? cThreads[d] : 0);
  }
  Value init = c.getDpsInitOperand(0)->get();
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return fail("its accumulator does not start from a fill");
  // The accumulator: a block buffer, filled by the block's threads.
  rewriter.setInsertionPoint(c);
  bool tensorCores = !warpTile.empty();
  FailureOr<Value> acc =
      blockBuffer(rewriter, loc, init, tensorCores ? mma::kAccumulatorPad : 0);
  if (failed(acc))
    return fail("its tile has no static bound");
  auto accFill = linalg::FillOp::create(rewriter, loc, fill.getInputs(), *acc);
  Value dest = fill.getDpsInitOperand(0)->get();
  rewriter.modifyOpInPlace(
      c, [&] { c.getDpsInitOperand(0)->set(accFill.getResult(0)); });
  if (fill->use_empty())
    rewriter.eraseOp(fill);

  // The K loop.
  SmallVector<int64_t> kTiles;
  for (utils::IteratorType it : c.getIteratorTypesArray())
    kTiles.push_back(it == utils::IteratorType::reduction ? kStep : 0);
  scf::SCFTilingOptions kOptions;
  kOptions.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), kTiles));
  rewriter.setInsertionPoint(c);
  FailureOr<scf::SCFTilingResult> kTiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(c.getOperation()), kOptions);
  if (failed(kTiled))
    return fail("its reduction loop could not be tiled");
  Value result = kTiled->replacements.front();
  rewriter.replaceOp(c, kTiled->replacements);
  auto step = cast<linalg::LinalgOp>(kTiled->tiledOps.back());
  auto kLoop = cast<scf::ForOp>(kTiled->loops.front().getOperation());
  anchor = kLoop;

  // A kernel's root writes the accumulator to its output after the loop.
  linalg::CopyOp writeBack;
  if (isRoot) {
    rewriter.setInsertionPointAfter(kLoop);
    writeBack = linalg::CopyOp::create(rewriter, loc, result, dest);
    rewriter.replaceAllUsesExcept(result, writeBack.getResult(0), writeBack);
  }

  // Each step's operand tiles, copied to block buffers, with the buffers'
  // allocated (static bound) shapes.
  SmallVector<StepCopy> copies;
  for (OpOperand *in : step.getDpsInputOperands()) {
    rewriter.setInsertionPoint(step);
    FailureOr<SmallVector<int64_t>> bounds = staticBounds(in->get());
    FailureOr<Value> buffer = blockBuffer(rewriter, loc, in->get(),
                                          tensorCores ? mma::kOperandPad : 0);
    if (failed(bounds) || failed(buffer))
      return fail("an operand tile has no static bound");
    auto type = cast<RankedTensorType>(in->get().getType());
    // The whole operand the tile is cut from (its rows' stride).
    Value whole = in->get();
    while (auto slice = whole.getDefiningOp<tensor::ExtractSliceOp>())
      whole = slice.getSource();
    auto wholeType = cast<RankedTensorType>(whole.getType());
    int64_t bytes = type.getElementTypeBitWidth() / 8;
    int64_t width = copyVectorWidth(
        type.isDynamicDim(type.getRank() - 1) ? 0 : type.getShape().back(),
        wholeType.isDynamicDim(wholeType.getRank() - 1)
            ? 0
            : wholeType.getShape().back(),
        bytes);
    // Asynchronous copies (cp.async) move 4, 8 or 16 bytes each.
    if (stages > 1 && width * bytes < 4)
      return fail(llvm::formatv(
          "stages = {0} copies the operand tiles asynchronously, 4, 8 or 16 "
          "bytes a copy, but the rows of {1} (cut from {2}) are copied {3} "
          "bytes at a time: a row's length and the operand's row stride "
          "must be multiples of {4} elements",
          stages, in->get().getType(), whole.getType(), width * bytes,
          4 / bytes));
    auto copy = linalg::CopyOp::create(rewriter, loc, in->get(), *buffer);
    rewriter.modifyOpInPlace(step, [&] { in->set(copy.getResult(0)); });
    copies.push_back({copy, *bounds, width});
  }
  if (stages > 1) {
    std::optional<int64_t> lb = getConstantIntValue(kLoop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(kLoop.getUpperBound());
    if (!lb || !ub)
      return fail("its loop's bounds are not constant, so it cannot be "
                  "pipelined");
    if (*ub - *lb <= kStep)
      return fail(llvm::formatv(
          "stages = {0} pipelines the K loop's steps, but a step of {1} "
          "covers the whole reduction ({2}); drop stages or take a shorter "
          "step",
          stages, kStep, *ub - *lb));
    FailureOr<SmallVector<StepCopy>> pipelined =
        pipelineCopies(rewriter, kLoop, *lb, *ub, kStep, copies, stages,
                       tensorCores ? mma::kOperandPad : 0);
    if (failed(pipelined))
      return fail("its loop could not carry the pipeline's buffers");
    copies = std::move(*pipelined);
    anchor = kLoop;
  }
  for (StepCopy &c : copies) {
    FailureOr<TilingInterface> tile =
        tileToThreads(rewriter, cast<TilingInterface>(c.copy.getOperation()),
                      copyLayout(c.bounds, threads, c.width), /*linear=*/true);
    if (failed(tile))
      return fail("an operand tile's copy could not be split over threads");
    fuseIntoThreadLoop(rewriter, *tile);
    SmallVector<int64_t> elements = onesFor(*tile);
    elements.back() = c.width;
    SmallVector<LoopLikeOpInterface> loops;
    if (failed(tileElements(rewriter, *tile, elements, &loops)))
      return failure();
    if (c.width > 1 && !loops.empty())
      prepareVectorTiles(rewriter, cast<scf::ForOp>(loops.back()), c.width);
  }

  SmallVector<TilingInterface> outputOps = {
      cast<TilingInterface>(accFill.getOperation())};
  if (writeBack)
    outputOps.push_back(cast<TilingInterface>(writeBack.getOperation()));
  for (TilingInterface op : outputOps) {
    FailureOr<TilingInterface> tile =
        tileToThreads(rewriter, op, outThreads, /*linear=*/false);
    if (failed(tile))
      return fail("its accumulator could not be split over threads");
    if (failed(tileElements(rewriter, *tile, onesFor(*tile))))
      return failure();
  }

  if (tensorCores) {
    if (failed(computeWithMma(rewriter, step, warpTile)))
      return failure();
  } else {
    FailureOr<TilingInterface> stepTile =
        tileToThreads(rewriter, cast<TilingInterface>(step.getOperation()),
                      cThreads, /*linear=*/false);
    if (failed(stepTile))
      return fail("its tile could not be split over threads");
    if (failed(accumulateInRegisters(
            rewriter, cast<linalg::LinalgOp>(stepTile->getOperation()))))
      return fail("its thread tile could not be accumulated in registers");
  }
  // Done with: the element level must not split these again.
  kLoop->walk([](Operation *op) { op->removeAttr(kTileIdAttr); });
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

  FrozenRewritePatternSet patterns;

  /// Where a block-level op `op` (tile id `id`) sits: the ops with that id
  /// inside block loops and outside thread loops.
  static SmallVector<Operation *> blockLevelOps(func::FuncOp func, int id) {
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
  static LogicalResult tileKStepRoot(RewriterBase &rewriter, func::FuncOp func,
                                     const KStepRoot &r, int64_t threads) {
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
                                  r.root == r.contraction, r.warpTile,
                                  r.stages)))
        return failure();
    }
    if (r.root == r.contraction)
      return success();
    for (Operation *op : blockLevelOps(func, r.root))
      if (failed(tileToThreads(rewriter, cast<TilingInterface>(op),
                               r.numThreads, /*linear=*/false)))
        return op->emitOpError() << "could not be split over threads";
    return success();
  }

  LogicalResult tileKernel(func::FuncOp func, const Target &gpu) {
    FailureOr<KernelOps> k = analyzeKernel(func);
    if (failed(k))
      return failure();
    // A returned value that another returned value is computed from would
    // have to leave the other's loop nest too, which tiling does not do.
    for (Operation *root : k->roots)
      for (Operation *other : k->roots)
        if (other != root && llvm::is_contained(producersOf(other, *k), root))
          return root->emitOpError()
                 << "is returned by kernel @" << func.getSymName()
                 << " and also read by another value it returns; a kernel's "
                    "results must not feed each other (return only the "
                    "last, or let tessel-form-kernels split the kernel)";
    auto sched =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    if (!sched)
      sched = defaultSchedule(*k, gpu);
    // The knobs the code generator does not implement yet are refused rather
    // than ignored: a kernel never silently differs from its schedule.
    std::string unsupported;
    bool mma = sched.getMma() == InstructionClass::MmaSync;
    if (!sched.getWarp().empty() && !mma)
      unsupported = "a warp tile for SIMT instructions";
    else if (sched.getMma() != InstructionClass::Simt && !mma)
      unsupported = "mma = " + stringifyInstructionClass(sched.getMma()).str();
    if (sched.getSplitK() != 1)
      return func.emitOpError()
             << "schedule " << sched << " sets split_k = "
             << sched.getSplitK()
             << ", which one kernel does not run: tessel-split-reduction "
                "emits it as a partial and a sum kernel (run it before "
                "tessel-lower-to-linalg, as the pipelines do)";
    if (!unsupported.empty())
      return func.emitOpError()
             << "schedule " << sched << " sets " << unsupported
             << ", which the code generator does not emit yet (it "
                "implements block and thread tiles, K steps, vector widths "
                "and warps with SIMT instructions, and K steps on tensor "
                "cores with mma = mma_sync and a warp tile); drop it, or "
                "leave the schedule to tessel-select-schedules";
    if (mma && failed(checkMmaSync(func, sched, gpu)))
      return failure();
    if (sched.getStages() > 1 && !gpu.hasAsyncCopy())
      return func.emitOpError()
             << "schedule " << sched << " sets stages = " << sched.getStages()
             << ", which pipelines a K step's copies with asynchronous "
                "copies (cp.async, NVIDIA sm_80 or newer); "
             << gpu.name() << " is " << gpu.arch();
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
    SmallVector<ElementTiles> elementTiles;
    SmallVector<KStepRoot> kStepRoots;
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
      FailureOr<std::optional<KStep>> kStep =
          kStepOf(func, root, producerOps, sched);
      if (failed(kStep))
        return failure();
      if (sched.getStages() > 1 && !*kStep)
        return func.emitOpError()
               << "schedule " << sched << " sets stages = " << sched.getStages()
               << ", which pipelines the copies of a K step; the kernel's "
                  "contraction needs one (the block's last entry)";
      if (mma && !*kStep)
        return func.emitOpError()
               << "schedule " << sched
               << " sets mma = mma_sync, which runs a K step of the "
                  "kernel's one matmul or batch_matmul on tensor cores; "
                  "give its block a K step (one more entry)";
      if (*kStep) {
        SmallVector<int64_t> warpTile;
        if (mma) {
          ArrayRef<int64_t> warp = sched.getWarp();
          warpTile = {warp[warp.size() - 3], warp[warp.size() - 2]};
        }
        kStepRoots.push_back({idOf(root), idOf((*kStep)->contraction),
                              (*kStep)->step, *numThreads, warpTile,
                              sched.getStages()});
      }
      // Reductions read with a broadcast, over one loop or more (split
      // along the last): cooperative, when the block tiles divide the
      // root's loops (the partial results then have a static shape, as
      // shared memory needs); else per thread.
      llvm::DenseMap<int, std::pair<unsigned, unsigned>> cooperative;
      SmallVector<int64_t> bounds =
          cast<linalg::LinalgOp>(root).getStaticLoopRanges();
      bool tilesDivide = true;
      for (auto [size, bound] : llvm::zip(blockSizes, bounds))
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
        cooperative[idOf(p)] = {linalgOp.getNumLoops(), dim};
        // Its chunks are split into elements like the root's (once, if two
        // roots share it).
        if (llvm::none_of(elementTiles,
                          [&](const auto &e) { return e.id == idOf(p); }))
          elementTiles.push_back(
              {idOf(p), SmallVector<int64_t>(linalgOp.getNumLoops(), 1)});
      }
      emitRootScript(os, idOf(root), producers, blockSizes, *numThreads,
                     cooperative, threads, /*threadLevel=*/!*kStep);
      rootScripts.push_back(s);
      bool kStepped = *kStep && (*kStep)->contraction == root;
      int64_t vector = sched.getVector();
      if (vector > 1 && failed(checkVectorWidth(func, root, blockSizes,
                                                *numThreads, sched, kStepped)))
        return failure();
      // A root that is the K-stepped contraction is split to the end there.
      if (kStepped)
        continue;
      SmallVector<int64_t> ones;
      for (int64_t size : blockSizes)
        ones.push_back(size ? 1 : 0);
      // With a vector width, the innermost loop steps by it.
      if (vector > 1)
        ones.back() = vector;
      elementTiles.push_back({idOf(root), ones, vector});
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
      // A contraction fused once per consumer at block level (a softmax's
      // max, sum and output all read it) becomes one: it is computed once
      // per block into shared memory, which all of them read.
      if (!kStepRoots.empty()) {
        if (failed(applyPatternsGreedily(func, patterns)))
          result = failure();
        DominanceInfo dominance(func);
        eliminateCommonSubExpressions(rewriter, dominance, func);
      }
      for (const KStepRoot &r : kStepRoots)
        if (failed(tileKStepRoot(rewriter, func, r, threads)))
          result = failure();
      // Cooperative reductions: their partials are combined in a tree.
      SmallVector<linalg::LinalgOp> merges;
      func.walk([&](linalg::LinalgOp op) {
        if (op->hasAttr(kTreeAttr))
          merges.push_back(op);
      });
      for (linalg::LinalgOp merge : merges)
        if (succeeded(result) &&
            (failed(distributeCyclically(rewriter, merge)) ||
             failed(combineInTree(rewriter, merge, threads))))
          result = failure();
    }
    if (succeeded(result)) {
      IRRewriter rewriter(func.getContext());
      for (const ElementTiles &e : elementTiles) {
        SmallVector<TilingInterface> threadTiles;
        func.walk([&](TilingInterface op) {
          auto attr = op->getAttrOfType<IntegerAttr>(kTileIdAttr);
          if (attr && attr.getInt() == e.id && isInThreadForall(op))
            threadTiles.push_back(op);
        });
        for (TilingInterface op : threadTiles) {
          fuseIntoThreadLoop(rewriter, op);
          SmallVector<LoopLikeOpInterface> loops;
          if (failed(tileElements(rewriter, op, e.tiles, &loops))) {
            result = failure();
            continue;
          }
          // What a thread reads through a strided slice (a cyclic
          // reduction's row) could not be fused for the whole slice; it is
          // for each element.
          if (!loops.empty()) {
            SmallVector<TilingInterface> elements;
            loops.back()->walk([&](TilingInterface inner) {
              auto attr = inner->getAttrOfType<IntegerAttr>(kTileIdAttr);
              if (attr && attr.getInt() == e.id)
                elements.push_back(inner);
            });
            for (TilingInterface inner : elements)
              fuseIntoThreadLoop(rewriter, inner);
          }
          if (e.vector > 1 && !loops.empty())
            prepareVectorTiles(rewriter, cast<scf::ForOp>(loops.back()),
                               e.vector);
        }
      }
      if (succeeded(result))
        result = cleanUp(func, patterns);
      // The element loops' vector steps, and a K step's wide copies
      // (tileContractionK).
      if (succeeded(result)) {
        FailureOr<bool> vectorized = vectorizeMarked(func);
        if (failed(vectorized))
          result = failure();
        else if (*vectorized)
          result = cleanUp(func, patterns);
      }
    }
    func.walk([](Operation *op) { op->removeAttr(kTileIdAttr); });
    if (failed(result))
      return func.emitOpError() << "could not be tiled with schedule " << sched;
    return success();
  }
};

} // namespace
