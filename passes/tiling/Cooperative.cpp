//===- Cooperative.cpp - Reductions shared by a block's threads -----------===//
//
// See Cooperative.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/Cooperative.h"

#include "passes/tiling/ThreadFusion.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

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

} // namespace

LogicalResult tiling::distributeCyclically(RewriterBase &rewriter,
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

LogicalResult tiling::combineInTree(RewriterBase &rewriter,
                                    linalg::LinalgOp merge, int64_t threads) {
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
