//===- ThreadFusion.cpp - Thread and element levels of tiling -------------===//
//
// See ThreadFusion.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/ThreadFusion.h"

#include "passes/IndexRange.h"
#include "passes/KernelDescription.h"
#include "passes/tiling/KernelOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/ViewLikeInterfaceUtils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

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

} // namespace

void tiling::fuseIntoThreadLoop(RewriterBase &rewriter, Operation *op) {
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
          outer &&
          isa_and_present<TilingInterface>(outer.getSource().getDefiningOp()))
        if (tensor::ExtractSliceOp merged =
                mergeWithOuterSlice(rewriter, slice)) {
          rewriter.modifyOpInPlace(next, [&] { use.set(merged); });
          slice = merged;
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

tensor::ExtractSliceOp
tiling::mergeWithOuterSlice(RewriterBase &rewriter,
                            tensor::ExtractSliceOp slice) {
  auto outer = slice.getSource().getDefiningOp<tensor::ExtractSliceOp>();
  if (!outer || outer.getDroppedDims().any())
    return nullptr;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  rewriter.setInsertionPoint(slice);
  if (failed(affine::mergeOffsetsSizesAndStrides(
          rewriter, slice.getLoc(), outer, slice, outer.getDroppedDims(),
          offsets, sizes, strides)))
    return nullptr;
  // A dim of one element has no stride to speak of (a cyclic reduction's
  // element of a strided row): unit, so that the producer can be tiled for
  // it.
  for (auto [size, stride] : llvm::zip(sizes, strides))
    if (isConstantIntValue(size, 1))
      stride = rewriter.getIndexAttr(1);
  return tensor::ExtractSliceOp::create(rewriter, slice.getLoc(),
                                        slice.getType(), outer.getSource(),
                                        offsets, sizes, strides);
}

LogicalResult
tiling::tileElements(RewriterBase &rewriter, TilingInterface root,
                     ArrayRef<int64_t> rootTiles,
                     SmallVectorImpl<LoopLikeOpInterface> *rootLoops) {
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

FailureOr<TilingInterface> tiling::tileToThreads(RewriterBase &rewriter,
                                                 TilingInterface op,
                                                 ArrayRef<int64_t> numThreads,
                                                 bool linear, int64_t vector) {
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
  // SCF tiling's own share, ceil(n / threads), is not a multiple of the
  // width in a partial tile (4 elements over 8 threads: 1 each), and the
  // vector steps would run past it.
  if (vector > 1) {
    SmallVector<int64_t> threads(numThreads);
    options.setTileSizeComputationFunction(
        [threads, vector](OpBuilder &b, Operation *op) {
          SmallVector<Range> domain =
              cast<TilingInterface>(op).getIterationDomain(b);
          AffineExpr n = b.getAffineSymbolExpr(0);
          SmallVector<OpFoldResult> sizes;
          for (size_t i = 0; i < threads.size() && i < domain.size(); ++i) {
            if (!threads[i]) {
              sizes.push_back(b.getIndexAttr(0));
              continue;
            }
            AffineExpr share = n.ceilDiv(threads[i]);
            if (i + 1 == domain.size())
              share = share.ceilDiv(vector) * vector;
            sizes.push_back(affine::makeComposedFoldedAffineApply(
                b, op->getLoc(), AffineMap::get(0, 1, share), domain[i].size));
          }
          return sizes;
        });
  }
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return cast<TilingInterface>(tiled->tiledOps.back());
}

void tiling::privatizeThreadAccumulators(RewriterBase &rewriter,
                                         Operation *root) {
  SmallVector<std::pair<OpOperand *, linalg::FillOp>> shared;
  root->walk([&](scf::ForallOp forall) {
    if (!isThreadForall(forall))
      return;
    for (OpOperand &init : forall.getOutputsMutable()) {
      auto fill = init.get().getDefiningOp<linalg::FillOp>();
      if (!fill || !fill->hasOneUse() || isInThreadForall(fill))
        continue;
      BlockArgument arg = forall.getTiedBlockArgument(&init);
      bool ownSlices = llvm::all_of(arg.getUses(), [&](OpOperand &use) {
        if (auto slice = dyn_cast<tensor::ExtractSliceOp>(use.getOwner()))
          return slice.getSourceType().getRank() ==
                     slice.getResultType().getRank() &&
                 slice.getResultType().getNumDynamicDims() ==
                     slice.getSizes().size();
        auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(use.getOwner());
        return insert && use.get() == insert.getDest();
      });
      if (ownSlices)
        shared.push_back({&init, fill});
    }
  });
  for (auto &[sharedInit, sharedFill] : shared) {
    OpOperand *init = sharedInit;
    linalg::FillOp fill = sharedFill;
    auto forall = cast<scf::ForallOp>(init->getOwner());
    BlockArgument arg = forall.getTiedBlockArgument(init);
    SmallVector<tensor::ExtractSliceOp> slices;
    for (Operation *user : arg.getUsers())
      if (auto slice = dyn_cast<tensor::ExtractSliceOp>(user))
        slices.push_back(slice);
    for (tensor::ExtractSliceOp slice : slices) {
      rewriter.setInsertionPoint(slice);
      Value empty = tensor::EmptyOp::create(
          rewriter, slice.getLoc(), slice.getResultType(), slice.getSizes());
      auto own = linalg::FillOp::create(rewriter, slice.getLoc(),
                                        fill.getInputs(), empty);
      rewriter.replaceOp(slice, own.getResult(0));
    }
    rewriter.modifyOpInPlace(
        forall, [&] { init->set(fill.getDpsInitOperand(0)->get()); });
    rewriter.eraseOp(fill);
  }
}

SmallVector<int64_t> tiling::onesFor(TilingInterface op) {
  return SmallVector<int64_t>(op.getLoopIteratorTypes().size(), 1);
}

FailureOr<SmallVector<int64_t>> tiling::staticBounds(Value v) {
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

Value tiling::boundedTensor(RewriterBase &rewriter, Location loc,
                            RankedTensorType type, ArrayRef<int64_t> bounds,
                            ArrayRef<OpFoldResult> sizes, int64_t pad) {
  SmallVector<int64_t> allocated(bounds);
  allocated.back() += pad;
  Value buffer = bufferization::AllocTensorOp::create(
      rewriter, loc, RankedTensorType::get(allocated, type.getElementType()),
      ValueRange{});
  if (type.hasStaticShape() && pad == 0)
    return buffer;
  SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(rewriter, loc, type, buffer, offsets,
                                        sizes, strides)
      .getResult();
}

void tiling::boundThreadBuffers(RewriterBase &rewriter, Operation *root) {
  SmallVector<tensor::EmptyOp> empties;
  root->walk([&](tensor::EmptyOp empty) {
    if (!empty.getType().hasStaticShape() && isInThreadForall(empty))
      empties.push_back(empty);
  });
  for (tensor::EmptyOp empty : empties) {
    FailureOr<SmallVector<int64_t>> bounds = staticBounds(empty.getResult());
    if (failed(bounds))
      continue;
    // One buffer per use (each use of an empty starts from nothing): a
    // shared one would make bufferization copy it into a compact buffer.
    for (OpOperand &use : llvm::make_early_inc_range(empty->getUses())) {
      rewriter.setInsertionPoint(empty);
      Value slice = boundedTensor(rewriter, empty.getLoc(), empty.getType(),
                                  *bounds, empty.getMixedSizes());
      rewriter.modifyOpInPlace(use.getOwner(), [&] { use.set(slice); });
    }
    rewriter.eraseOp(empty);
  }
}
