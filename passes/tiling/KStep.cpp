//===- KStep.cpp - A contraction stepping through K in shared memory ------===//
//
// See KStep.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/KStep.h"

#include "costmodel/Model.h"
#include "passes/IndexRange.h"
#include "passes/KernelDescription.h"
#include "passes/MmaLayout.h"
#include "passes/tiling/KernelOps.h"
#include "passes/tiling/Pipelining.h"
#include "passes/tiling/TensorCoreStep.h"
#include "passes/tiling/ThreadFusion.h"
#include "passes/tiling/Vectorize.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// A buffer of the block's own shaped like `like` (a tile): allocated with
/// the tile's static bound `bounds`, so that it can become shared memory,
/// and viewed with the tile's sizes (smaller in a remainder tile). `pad`
/// more elements per row of the innermost dim shift each row's banks
/// (tensor-core steps read columns of these buffers; see mma::kOperandPad).
Value boundBuffer(RewriterBase &rewriter, Location loc, Value like,
                  ArrayRef<int64_t> bounds, int64_t pad) {
  return boundedTensor(rewriter, loc, cast<RankedTensorType>(like.getType()),
                       bounds, tensor::getMixedSizes(rewriter, loc, like), pad);
}

/// boundBuffer with the tile's static bound (staticBounds); failure where
/// it has none.
FailureOr<Value> blockBuffer(RewriterBase &rewriter, Location loc, Value like,
                             int64_t pad = 0) {
  FailureOr<SmallVector<int64_t>> bounds = staticBounds(like);
  if (failed(bounds))
    return failure();
  return boundBuffer(rewriter, loc, like, *bounds, pad);
}

/// Threads for copying a tile of static bound `bounds` into shared memory
/// (copyThreadLayout, which the cost model prices the copies by).
SmallVector<int64_t> copyLayout(ArrayRef<int64_t> bounds, int64_t threads,
                                int64_t width = 1) {
  std::vector<int64_t> layout = copyThreadLayout(
      std::vector<int64_t>(bounds.begin(), bounds.end()), threads, width);
  return SmallVector<int64_t>(layout.begin(), layout.end());
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

/// A SIMT step's columns in chunks (kSimtChunkBytes): where `step`'s
/// output's innermost loop n (N) has a static extent S in every operand
/// that it indexes, always as the operand's innermost dim, and the
/// `threads` along it (T) leave each thread e = S / T columns, a multiple
/// of the chunk's v elements (16 bytes of B) and at least two chunks, the
/// step becomes a linalg.generic over n split into [S / (T * v), T, v]
/// (the operands' innermost dims expanded alike), the threads along the
/// middle one; the result is collapsed back. Tiled to threads, thread t
/// then holds the columns c * T * v + t * v .. + v of each chunk c, and a
/// quarter-warp's vector loads of a row of B read consecutive bytes.
/// Returns the op to tile (`step` where the split does not apply) and sets
/// `threads` to its loops' thread counts.
linalg::LinalgOp interleaveColumns(RewriterBase &rewriter,
                                   linalg::LinalgOp step,
                                   SmallVectorImpl<int64_t> &threads) {
  SmallVector<AffineMap> maps = step.getIndexingMapsArray();
  AffineMap outMap = maps.back();
  if (step.getNumDpsInits() != 1 || !outMap.isProjectedPermutation() ||
      outMap.getNumResults() == 0)
    return step;
  unsigned n = cast<AffineDimExpr>(outMap.getResults().back()).getPosition();
  if (n >= threads.size() || threads[n] <= 0)
    return step;
  // Every operand indexing n: n innermost and static, the same size.
  int64_t size = ShapedType::kDynamic, bytes = 0;
  for (OpOperand &operand : step->getOpOperands()) {
    AffineMap map = maps[operand.getOperandNumber()];
    if (!map.isProjectedPermutation())
      return step;
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      return step;
    for (auto [i, e] : llvm::enumerate(map.getResults())) {
      if (cast<AffineDimExpr>(e).getPosition() != n)
        continue;
      int64_t dimSize = type.getDimSize(i);
      if (i + 1 != map.getNumResults() || ShapedType::isDynamic(dimSize) ||
          (!ShapedType::isDynamic(size) && dimSize != size))
        return step;
      size = dimSize;
      if (step.isDpsInput(&operand))
        bytes = std::max<int64_t>(
            bytes, type.getElementType().getIntOrFloatBitWidth() / 8);
    }
  }
  if (ShapedType::isDynamic(size) || bytes == 0 || bytes > kSimtChunkBytes)
    return step;
  int64_t t = threads[n], v = kSimtChunkBytes / bytes;
  if (size % t != 0 || (size / t) % v != 0 || size / t < 2 * v)
    return step;
  int64_t chunks = size / (t * v);

  // Loop d becomes d (d < n), n .. n + 2 (d = n), d + 2 (d > n).
  MLIRContext *ctx = rewriter.getContext();
  unsigned loops = step.getNumLoops();
  auto dims = [&](unsigned d) {
    SmallVector<AffineExpr> out;
    if (d != n)
      out.push_back(getAffineDimExpr(d < n ? d : d + 2, ctx));
    else
      for (unsigned k = 0; k < 3; ++k)
        out.push_back(getAffineDimExpr(n + k, ctx));
    return out;
  };
  // An operand of `rank` dims with its innermost one split in three.
  auto splitLast = [](int64_t rank) {
    SmallVector<ReassociationIndices> groups;
    for (int64_t i = 0; i + 1 < rank; ++i)
      groups.push_back({i});
    groups.push_back({rank - 1, rank, rank + 1});
    return groups;
  };
  Location loc = step.getLoc();
  rewriter.setInsertionPoint(step);
  SmallVector<AffineMap> newMaps;
  SmallVector<Value> operands;
  for (OpOperand &operand : step->getOpOperands()) {
    AffineMap map = maps[operand.getOperandNumber()];
    SmallVector<AffineExpr> results;
    bool split = false;
    for (AffineExpr e : map.getResults()) {
      unsigned d = cast<AffineDimExpr>(e).getPosition();
      split |= d == n;
      llvm::append_range(results, dims(d));
    }
    newMaps.push_back(AffineMap::get(loops + 2, 0, results, ctx));
    Value value = operand.get();
    if (split) {
      auto type = cast<RankedTensorType>(value.getType());
      SmallVector<int64_t> shape(type.getShape().drop_back());
      shape.append({chunks, t, v});
      value = tensor::ExpandShapeOp::create(rewriter, loc, type.clone(shape),
                                            value, splitLast(type.getRank()));
    }
    operands.push_back(value);
  }
  SmallVector<utils::IteratorType> iterators = step.getIteratorTypesArray();
  iterators.insert(iterators.begin() + n + 1, 2, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{operands.back().getType()},
      ValueRange(operands).drop_back(), ValueRange{operands.back()}, newMaps,
      iterators);
  rewriter.cloneRegionBefore(step->getRegion(0), generic.getRegion(),
                             generic.getRegion().end());
  auto resultType = cast<RankedTensorType>(step->getResult(0).getType());
  Value collapsed = tensor::CollapseShapeOp::create(
      rewriter, loc, resultType, generic.getResult(0),
      splitLast(resultType.getRank()));
  rewriter.replaceOp(step, collapsed);
  threads.insert(threads.begin() + n, 0);
  threads.insert(threads.begin() + n + 2, 0);
  return cast<linalg::LinalgOp>(generic.getOperation());
}

/// The accumulator of `c` (its fill's init) replaced by a block buffer,
/// filled by the block's threads; returns that fill (nullptr, with an
/// error, when the accumulator does not start from a fill or has no static
/// bound) and sets `dest` to the original output.
linalg::FillOp accumulatorInBlockBuffer(RewriterBase &rewriter,
                                        linalg::LinalgOp c, int64_t pad,
                                        Value &dest,
                                        function_ref<void(StringRef)> fail) {
  Value init = c.getDpsInitOperand(0)->get();
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill) {
    fail("its accumulator does not start from a fill");
    return nullptr;
  }
  rewriter.setInsertionPoint(c);
  FailureOr<Value> acc = blockBuffer(rewriter, c.getLoc(), init, pad);
  if (failed(acc)) {
    fail("its tile has no static bound");
    return nullptr;
  }
  auto accFill =
      linalg::FillOp::create(rewriter, c.getLoc(), fill.getInputs(), *acc);
  dest = fill.getDpsInitOperand(0)->get();
  rewriter.modifyOpInPlace(
      c, [&] { c.getDpsInitOperand(0)->set(accFill.getResult(0)); });
  if (fill->use_empty())
    rewriter.eraseOp(fill);
  return accFill;
}

/// Where the step's operand `index` is a slice of a linalg.transpose that
/// swaps its two innermost dims (a `transpose_rhs` B stored [.., N, K], an
/// nn.Linear weight or attention's keys; a `transpose_lhs` A stored [.., K,
/// M]), the step reads the transpose's source instead, through an indexing
/// map that swaps the same dims: the tensor-core step then copies the tile
/// as it lies in memory (whole vectors, asynchronous with stages) and reads
/// its pieces transposed (for B, ldmatrix without .trans on NVIDIA; on
/// wgmma, either operand through its descriptor's layout), instead of
/// gathering it one element at a time. A no-op for any other step.
void readTransposedInPlace(RewriterBase &rewriter, linalg::LinalgOp step,
                           unsigned index) {
  auto generic = dyn_cast<linalg::GenericOp>(step.getOperation());
  if (!generic || generic.getNumDpsInputs() != 2)
    return;
  OpOperand &operand = generic->getOpOperand(index);
  auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
  Value whole = slice ? slice.getSource() : operand.get();
  auto transpose = whole.getDefiningOp<linalg::TransposeOp>();
  if (!transpose || !swapsInnermostDims(transpose))
    return;
  int64_t rank = transpose.getPermutation().size();
  if (slice && slice.getSourceType().getRank() != slice.getType().getRank())
    return;
  AffineMap map = generic.getIndexingMapsArray()[index];
  if (map.getNumResults() != rank)
    return;

  Value source = transpose.getInput();
  if (slice) {
    auto swapped = [&](SmallVector<OpFoldResult> v) {
      std::swap(v[rank - 2], v[rank - 1]);
      return v;
    };
    rewriter.setInsertionPoint(generic);
    source = tensor::ExtractSliceOp::create(
        rewriter, slice.getLoc(), source, swapped(slice.getMixedOffsets()),
        swapped(slice.getMixedSizes()), swapped(slice.getMixedStrides()));
  }
  SmallVector<AffineExpr> results(map.getResults());
  std::swap(results[rank - 2], results[rank - 1]);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  maps[index] = AffineMap::get(map.getNumDims(), 0, results, step.getContext());
  rewriter.modifyOpInPlace(generic, [&] {
    operand.set(source);
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  if (slice && slice->use_empty())
    rewriter.eraseOp(slice);
}

/// Where the block's contraction `c` (a split-K partial's batch_matmul, one
/// batch element a block) reads an operand through a split-K view of a 2-D
/// tensor (splitViewOf: A [M, K] as [S, M, K / S], B [K, N] as [S, K / S,
/// N]), it reads the tensor itself instead: the block's tile of it at its
/// slice's offset along K, through an indexing map without the batch dim
/// (one element in the block). TMA then loads the K steps' tiles from the
/// kernel's argument as it lies in memory (wgmma, tessel-lower-wgmma), the
/// slice's offset added to each step's coordinate. A no-op for any other
/// operand.
void readSplitViewsInPlace(RewriterBase &rewriter, linalg::LinalgOp c) {
  auto generic = dyn_cast<linalg::GenericOp>(c.getOperation());
  if (!generic || generic.getNumDpsInputs() != 2)
    return;
  SmallVector<int64_t> ranges = c.getStaticLoopRanges();
  for (unsigned index : {0u, 1u}) {
    OpOperand &operand = generic->getOpOperand(index);
    std::optional<SplitView> split = splitViewOf(operand.get());
    auto transpose = operand.get().getDefiningOp<linalg::TransposeOp>();
    auto slice = (transpose ? transpose.getInput() : operand.get())
                     .getDefiningOp<tensor::ExtractSliceOp>();
    AffineMap map = generic.getIndexingMapsArray()[index];
    if (!split || !slice ||
        !slice.getSource().getDefiningOp<tensor::ExpandShapeOp>() ||
        slice.getType().getRank() != 3 || map.getNumResults() != 3)
      continue;
    unsigned slicesDim = split->slicesDim();
    auto batch = dyn_cast<AffineDimExpr>(map.getResult(0));
    if (!batch || ranges[batch.getPosition()] != 1 ||
        slice.getStaticSizes()[slicesDim] != 1 ||
        !llvm::all_of(slice.getStaticStrides(),
                      [](int64_t s) { return s == 1; }))
      continue;
    SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
    Location loc = slice.getLoc();
    rewriter.setInsertionPoint(generic);
    AffineExpr s0, s1;
    bindSymbols(rewriter.getContext(), s0, s1);
    // The tile of the source: along the cut dim, element i of slice s is
    // the source's s * slice + i. The operand's indexing map reads view
    // dim v (the expand_shape's permutation[v]) along the source dim that
    // dim lies on, the batch (the slices) dropped.
    SmallVector<OpFoldResult> tileOffsets(2), tileSizes(2);
    SmallVector<AffineExpr> results(2);
    for (int64_t v : {1, 2}) {
      int64_t e = split->permutation[v];
      unsigned d = split->sourceDim(e);
      tileOffsets[d] = offsets[e];
      if (d == split->cut)
        tileOffsets[d] = affine::makeComposedFoldedAffineApply(
            rewriter, loc, s0 * split->slice + s1,
            {offsets[slicesDim], offsets[e]});
      tileSizes[d] = sizes[e];
      results[d] = map.getResult(v);
    }
    Value tile = tensor::ExtractSliceOp::create(
        rewriter, loc, split->source, tileOffsets, tileSizes,
        SmallVector<OpFoldResult>(2, rewriter.getIndexAttr(1)));
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    maps[index] =
        AffineMap::get(map.getNumDims(), 0, results, rewriter.getContext());
    rewriter.modifyOpInPlace(generic, [&] {
      operand.set(tile);
      generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    });
    if (transpose && transpose->use_empty())
      rewriter.eraseOp(transpose);
    if (slice->use_empty())
      rewriter.eraseOp(slice);
  }
}

/// Whether the tile `v` is cut from a linalg.transpose that moves its
/// input's innermost dim to its second-innermost (a `transpose_rhs` B, [N,
/// K] -> [K, N]; in a split-K partial, [N, S, K / S] -> [S, K / S, N]; a
/// `transpose_lhs` A, [K, M] -> [M, K], in a split-K partial [S, K / S, M]
/// -> [S, M, K / S]): in memory the tile's elements are consecutive along
/// that dim.
bool isTransposedTile(Value v) {
  while (auto slice = v.getDefiningOp<tensor::ExtractSliceOp>()) {
    if (slice.getSourceType().getRank() != slice.getType().getRank())
      return false;
    v = slice.getSource();
  }
  auto transpose = v.getDefiningOp<linalg::TransposeOp>();
  if (!transpose)
    return false;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  auto rank = int64_t(perm.size());
  return rank >= 2 && perm[rank - 2] == rank - 1;
}

/// Each of the step's operand tiles copied into a block buffer (a
/// tensor-core step's rows `pad` elements longer: mma::kOperandPad for
/// mma.sync and MFMA; none for wgmma, whose buffers tessel-lower-wgmma
/// replaces or tessel-lower-mma lays out as its descriptors read them),
/// with its static bound and copy width; the step reads the buffers. With
/// stages, each copy must move 4, 8 or 16 bytes.
///
/// A SIMT step's operand tile stored transposed (isTransposedTile: a
/// `transpose_rhs` B, a weight stored [.., N, K]; a `transpose_lhs` A,
/// stored [.., K, M]) is copied along the dim it is stored along (K for B,
/// M for A; StepCopy::transposed, splitCopies), one element a thread per
/// load: a warp's load then reads consecutive elements of one stored row
/// (one or two cache lines) where threads laid out over the buffer's own
/// innermost dim would each reach a row of their own.
///
/// An unpipelined SIMT step's buffer of A (when it has more than one row)
/// and of a transposed B has rows kSimtRowPad elements longer. The step's
/// threads read, per k, one element of each of their rows of A: a warp
/// spanning several rows of threads reads rows a thread tile apart, which
/// in rows of a multiple of 32 floats share one bank, and in padded rows
/// fall in distinct ones. A row-major A keeps its vector loads from global
/// memory; its stores into the padded rows are then element-aligned only.
/// A transposed tile's copy writes along the buffer's second-innermost dim,
/// which the pad spreads over consecutive banks. Pipelined steps keep the
/// buffer's layout (their copies are cp.async of 4 to 16 bytes, whose
/// destinations must be aligned to their size).
FailureOr<SmallVector<StepCopy>>
copyOperandTiles(RewriterBase &rewriter, linalg::LinalgOp step, int64_t stages,
                 bool tensorCores, int64_t pad,
                 function_ref<void(StringRef)> fail) {
  Location loc = step.getLoc();
  if (tensorCores)
    readTransposedInPlace(rewriter, step, 1);
  SmallVector<StepCopy> copies;
  for (OpOperand *in : step.getDpsInputOperands()) {
    rewriter.setInsertionPoint(step);
    bool unpipelinedSimt = !tensorCores && stages == 1;
    bool transposed = unpipelinedSimt && in->getOperandNumber() < 2 &&
                      isTransposedTile(in->get());
    FailureOr<SmallVector<int64_t>> bounds = staticBounds(in->get());
    if (failed(bounds)) {
      fail("an operand tile has no static bound");
      return failure();
    }
    int64_t rows = 1;
    for (int64_t b : ArrayRef<int64_t>(*bounds).drop_back())
      rows *= b;
    bool padRows = transposed ||
                   (unpipelinedSimt && in->getOperandNumber() == 0 && rows > 1);
    Value buffer = boundBuffer(rewriter, loc, in->get(), *bounds,
                               tensorCores ? pad
                               : padRows   ? kSimtRowPad
                                           : 0);
    auto type = cast<RankedTensorType>(in->get().getType());
    // The whole operand the tile is cut from (its rows' stride).
    Value whole = in->get();
    while (auto slice = whole.getDefiningOp<tensor::ExtractSliceOp>())
      whole = slice.getSource();
    auto wholeType = cast<RankedTensorType>(whole.getType());
    int64_t bytes = type.getElementTypeBitWidth() / 8;
    int64_t width =
        transposed
            ? 1
            : copyVectorWidth(type.isDynamicDim(type.getRank() - 1)
                                  ? 0
                                  : type.getShape().back(),
                              wholeType.isDynamicDim(wholeType.getRank() - 1)
                                  ? 0
                                  : wholeType.getShape().back(),
                              bytes);
    // Asynchronous copies (cp.async) move 4, 8 or 16 bytes each.
    if (stages > 1 && width * bytes < 4) {
      fail(llvm::formatv(
               "stages = {0} copies the operand tiles asynchronously, 4, 8 "
               "or 16 bytes a copy, but the rows of {1} (cut from {2}) are "
               "copied {3} bytes at a time: a row's length and the "
               "operand's row stride must be multiples of {4} elements",
               stages, in->get().getType(), whole.getType(), width * bytes,
               4 / bytes)
               .str());
      return failure();
    }
    auto copy = linalg::CopyOp::create(rewriter, loc, in->get(), buffer);
    rewriter.modifyOpInPlace(step, [&] { in->set(copy.getResult(0)); });
    copies.push_back({copy, *bounds, width, transposed});
  }
  return copies;
}

/// The K loop's copies pipelined over `stages` buffers (pipelineCopies),
/// after checking that its bounds are constant and that it has more than
/// one step.
FailureOr<SmallVector<StepCopy>>
pipelineKLoop(RewriterBase &rewriter, scf::ForOp &kLoop, int64_t kStep,
              MutableArrayRef<StepCopy> copies, int64_t stages, int64_t pad,
              function_ref<void(StringRef)> fail) {
  std::optional<int64_t> lb = getConstantIntValue(kLoop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(kLoop.getUpperBound());
  if (!lb || !ub) {
    fail("its loop's bounds are not constant, so it cannot be pipelined");
    return failure();
  }
  if (*ub - *lb <= kStep) {
    fail(llvm::formatv("stages = {0} pipelines the K loop's steps, but a "
                       "step of {1} covers the whole reduction ({2}); drop "
                       "stages or take a shorter step",
                       stages, kStep, *ub - *lb)
             .str());
    return failure();
  }
  FailureOr<SmallVector<StepCopy>> pipelined =
      pipelineCopies(rewriter, kLoop, *lb, *ub, kStep, copies, stages, pad);
  if (failed(pipelined))
    fail("its loop could not carry the pipeline's buffers, or a tile's "
         "address could not be traced in the step");
  return pipelined;
}

/// Where `in` reads a slice of a slice, it reads one slice of the outer
/// slice's source instead (mergeWithOuterSlice); the two erased once
/// unused.
void readThroughOuterSlice(RewriterBase &rewriter, OpOperand &in) {
  auto slice = in.get().getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice)
    return;
  auto outer = slice.getSource().getDefiningOp<tensor::ExtractSliceOp>();
  tensor::ExtractSliceOp merged = mergeWithOuterSlice(rewriter, slice);
  if (!merged)
    return;
  rewriter.modifyOpInPlace(in.getOwner(), [&] { in.set(merged); });
  if (slice->use_empty())
    rewriter.eraseOp(slice);
  if (outer->use_empty())
    rewriter.eraseOp(outer);
}

/// `copy` as a linalg.generic whose two innermost loops run along the
/// tile's two innermost dims swapped (both indexing maps that permutation),
/// so that tiling it lays threads out along the tile's second-innermost
/// dim first.
linalg::GenericOp copyAlongRows(RewriterBase &rewriter, linalg::CopyOp copy) {
  int64_t rank =
      cast<RankedTensorType>(copy.getInputs()[0].getType()).getRank();
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, rank));
  std::swap(order[rank - 2], order[rank - 1]);
  AffineMap map = AffineMap::getPermutationMap(order, rewriter.getContext());
  rewriter.setInsertionPoint(copy);
  auto generic = linalg::GenericOp::create(
      rewriter, copy.getLoc(), copy.getResultTypes(), copy.getInputs(),
      copy.getOutputs(), ArrayRef<AffineMap>{map, map},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc, args[0]);
      });
  rewriter.replaceOp(copy, generic.getResults());
  return generic;
}

/// Each copy over the block's threads (linear ids, copyLayout), its
/// producers fused in, its elements `width` at a time; a transposed tile's
/// (StepCopy::transposed) with its threads along the tile's
/// second-innermost dim, one element each.
LogicalResult splitCopies(RewriterBase &rewriter,
                          MutableArrayRef<StepCopy> copies, int64_t threads,
                          function_ref<void(StringRef)> fail) {
  for (StepCopy &c : copies) {
    Operation *copy = c.copy;
    SmallVector<int64_t> bounds = c.bounds;
    if (c.transposed && bounds.size() >= 2) {
      copy = copyAlongRows(rewriter, c.copy);
      std::swap(bounds[bounds.size() - 2], bounds.back());
    }
    FailureOr<TilingInterface> tile =
        tileToThreads(rewriter, cast<TilingInterface>(copy),
                      copyLayout(bounds, threads, c.width), /*linear=*/true);
    if (failed(tile)) {
      fail("an operand tile's copy could not be split over threads");
      return failure();
    }
    fuseIntoThreadLoop(rewriter, *tile);
    // The producers fused in are done with too (tileContractionK).
    if (auto threadLoop = (*tile)->getParentOfType<scf::ForallOp>())
      threadLoop->walk([](Operation *op) { op->removeAttr(kTileIdAttr); });
    SmallVector<int64_t> elements = onesFor(*tile);
    elements.back() = c.width;
    SmallVector<LoopLikeOpInterface> loops;
    if (failed(tileElements(rewriter, *tile, elements, &loops)))
      return failure();
    if (c.width > 1 && !loops.empty())
      prepareVectorTiles(rewriter, cast<scf::ForOp>(loops.back()), c.width);
  }
  return success();
}

} // namespace

FailureOr<std::optional<KStep>> tiling::kStepOf(func::FuncOp func,
                                                Operation *root,
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
  // A SIMT step longer than K is one step of all of K (as the cost model
  // counts its tiles): its buffers hold K, not the schedule's step. A
  // tensor-core step keeps its shape (a wgmma step is 128 bytes of K
  // whatever K is, read past K as zeros) up to K rounded up to 64.
  int64_t step = block.back();
  bool simt = sched.getMma() == InstructionClass::Simt;
  for (auto [size, type] : llvm::zip(contraction.getStaticLoopRanges(),
                                     contraction.getIteratorTypesArray()))
    if (type == utils::IteratorType::reduction && !ShapedType::isDynamic(size))
      step = std::min<int64_t>(step, simt ? size : llvm::alignTo(size, 64));
  return std::optional<KStep>(KStep{contractions.front(), step});
}

LogicalResult tiling::tileContractionK(RewriterBase &rewriter,
                                       linalg::LinalgOp c, int64_t kStep,
                                       ArrayRef<int64_t> cThreads,
                                       int64_t threads, bool isRoot,
                                       InstructionClass mma,
                                       ArrayRef<int64_t> warpTile,
                                       int64_t stages, int64_t vector) {
  Location loc = c.getLoc();
  // Diagnostics name c, or its K loop once c is tiled.
  Operation *anchor = c;
  auto fail = [&](StringRef why) {
    anchor->emitOpError() << "cannot take the schedule's K step: " << why;
  };
  // The accumulator's fill and the final copy run along the output's dims
  // with the threads of c's loops that index them.
  SmallVector<int64_t> outThreads;
  for (AffineExpr e : c.getIndexingMapsArray().back().getResults()) {
    unsigned d = cast<AffineDimExpr>(e).getPosition();
    outThreads.push_back(d < cThreads.size() ? cThreads[d] : 0);
  }
  // wgmma with a warp tile (16 rows a warp, the block's N): the block's
  // threads copy the operand tiles, as for mma.sync, and the warps' pieces
  // are issued as their warpgroups' wgmma (tessel-lower-mma), which reads
  // the tiles through descriptors; where a prologue feeds an operand, TMA,
  // which loads global memory as it is, cannot. Without one, TMA loads the
  // tiles (tessel-lower-wgmma).
  bool wgmma = mma == InstructionClass::Wgmma && warpTile.empty();
  bool warpgroup = mma == InstructionClass::Wgmma && !warpTile.empty();
  if (wgmma) {
    readSplitViewsInPlace(rewriter, c);
    std::string refusal = wgmmaRefusal(c);
    if (!refusal.empty()) {
      fail("mma = wgmma: " + refusal);
      return failure();
    }
  }
  bool tensorCores = !warpTile.empty() || wgmma;
  // A tensor-core accumulator's rows are padded against bank conflicts
  // (costmodel/Model.h's accumulatorPad, which the model counts too).
  int64_t pad = !tensorCores ? 0
                : mma == InstructionClass::Mfma
                    ? accumulatorPad(ComputeClass::Mfma)
                    : mma::kAccumulatorPad;
  Value dest;
  linalg::FillOp accFill =
      accumulatorInBlockBuffer(rewriter, c, pad, dest, fail);
  if (!accFill)
    return failure();

  // The K loop. An unpipelined SIMT step over a static K that it does not
  // divide, in two or more whole steps, runs the whole steps in the loop
  // and the rest of K in one step after it (simtRestAfterKLoop; c split at
  // the last whole step, linalg::splitOp): the steps in the loop then have
  // static tiles, as where the step divides K, and their k loops a static
  // trip count that the backend unrolls. Cut in the loop, every step's
  // tiles and k loop ran to min(K - k, step), and the k loop stayed
  // rolled. (Tensor-core steps read past K as zeros; pipelined ones rotate
  // their buffers through the loop.)
  SmallVector<std::pair<linalg::LinalgOp, int64_t>> parts = {{c, kStep}};
  if (!tensorCores) {
    SmallVector<utils::IteratorType> iterators = c.getIteratorTypesArray();
    auto kDim = unsigned(llvm::find(iterators, utils::IteratorType::reduction) -
                         iterators.begin());
    int64_t k = c.getStaticLoopRanges()[kDim];
    if (!ShapedType::isDynamic(k) && simtRestAfterKLoop(k, kStep, stages)) {
      rewriter.setInsertionPoint(c);
      auto [whole, rest] =
          linalg::splitOp(rewriter, cast<TilingInterface>(c.getOperation()),
                          kDim, rewriter.getIndexAttr(k - k % kStep));
      if (!whole || !rest) {
        fail("its reduction loop could not be split at its last whole step");
        return failure();
      }
      parts = {{cast<linalg::LinalgOp>(whole.getOperation()), kStep},
               {cast<linalg::LinalgOp>(rest.getOperation()), k % kStep}};
    }
  }
  // Each part's loop and its step.
  SmallVector<std::pair<scf::ForOp, linalg::LinalgOp>> steps;
  Value result;
  for (auto [part, tile] : parts) {
    SmallVector<int64_t> kTiles;
    for (utils::IteratorType it : part.getIteratorTypesArray())
      kTiles.push_back(it == utils::IteratorType::reduction ? tile : 0);
    scf::SCFTilingOptions kOptions;
    kOptions.setTileSizes(
        getAsIndexOpFoldResult(rewriter.getContext(), kTiles));
    rewriter.setInsertionPoint(part);
    FailureOr<scf::SCFTilingResult> kTiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(part.getOperation()), kOptions);
    if (failed(kTiled)) {
      fail("its reduction loop could not be tiled");
      return failure();
    }
    result = kTiled->replacements.front();
    rewriter.replaceOp(part, kTiled->replacements);
    auto step = cast<linalg::LinalgOp>(kTiled->tiledOps.back());
    step->removeAttr(kTileIdAttr);
    // A split part's step reads slices of the part's slices: one slice of
    // what c read instead, so that a producer (a `transpose_lhs` A's
    // transpose) still fuses into the step's copy.
    if (parts.size() > 1)
      for (OpOperand &in : step->getOpOperands())
        readThroughOuterSlice(rewriter, in);
    // No loop where the tile is the whole part (the rest of K).
    steps.push_back(
        {kTiled->loops.empty()
             ? scf::ForOp()
             : cast<scf::ForOp>(kTiled->loops.front().getOperation()),
         step});
  }
  if (steps.front().first)
    anchor = steps.front().first;

  // A kernel's root writes the accumulator to its output after the loop.
  linalg::CopyOp writeBack;
  if (isRoot) {
    rewriter.setInsertionPointAfter(steps.back().first
                                        ? steps.back().first.getOperation()
                                        : steps.back().second.getOperation());
    writeBack = linalg::CopyOp::create(rewriter, loc, result, dest);
    rewriter.replaceAllUsesExcept(result, writeBack.getResult(0), writeBack);
  }

  for (auto &[kLoop, step] : steps) {
    // wgmma: the buffers unpadded (tessel-lower-wgmma replaces them with
    // swizzled ones), the copies and the step whole at block level; a
    // `transpose_lhs` A or `transpose_rhs` B read in place, which TMA loads
    // as [K, M] or [N, K] tiles and wgmma reads MN-major or K-major.
    if (wgmma) {
      readTransposedInPlace(rewriter, step, 0);
      readTransposedInPlace(rewriter, step, 1);
    }
    // (wgmma reads its tiles through descriptors, whose layouts have no
    // pad; mma.sync's and MFMA's lanes read rows apart, padded.)
    int64_t operandPad = wgmma || warpgroup ? 0 : mma::kOperandPad;
    FailureOr<SmallVector<StepCopy>> copies = copyOperandTiles(
        rewriter, step, wgmma ? 1 : stages, tensorCores, operandPad, fail);
    if (failed(copies))
      return failure();
    if (wgmma) {
      for (StepCopy &copy : *copies)
        copy.copy->setAttr(TesselDialect::kTmaCopyAttrName,
                           rewriter.getUnitAttr());
      step->setAttr(TesselDialect::kWgmmaStepAttrName, rewriter.getUnitAttr());
    } else if (stages > 1) {
      copies = pipelineKLoop(rewriter, kLoop, kStep, *copies, stages,
                             tensorCores ? operandPad : 0, fail);
      if (failed(copies))
        return failure();
      anchor = kLoop;
    }
    if (!wgmma && failed(splitCopies(rewriter, *copies, threads, fail)))
      return failure();
  }

  SmallVector<TilingInterface> outputOps = {
      cast<TilingInterface>(accFill.getOperation())};
  if (writeBack)
    outputOps.push_back(cast<TilingInterface>(writeBack.getOperation()));
  for (TilingInterface op : outputOps) {
    FailureOr<TilingInterface> tile =
        tileToThreads(rewriter, op, outThreads, /*linear=*/false);
    if (failed(tile)) {
      fail("its accumulator could not be split over threads");
      return failure();
    }
    // The copy to the output, `vector` elements of a row at a time.
    bool wide = vector > 1 && op == outputOps.back() && writeBack;
    SmallVector<int64_t> elementTiles = onesFor(*tile);
    if (wide)
      elementTiles.back() = vector;
    SmallVector<LoopLikeOpInterface> loops;
    if (failed(tileElements(rewriter, *tile, elementTiles, &loops)))
      return failure();
    if (wide && !loops.empty())
      prepareVectorTiles(rewriter, cast<scf::ForOp>(loops.back()), vector);
  }

  for (auto &[kLoop, step] : steps) {
    if (wgmma) {
      // Stays whole: tessel-lower-wgmma issues it on the warpgroups.
    } else if (tensorCores) {
      if (failed(computeWithMma(rewriter, step, warpTile,
                                matrixPieceFor(mma, warpTile), threads,
                                warpgroup)))
        return failure();
    } else {
      SmallVector<int64_t> stepThreads(cThreads);
      linalg::LinalgOp columns = interleaveColumns(rewriter, step, stepThreads);
      FailureOr<TilingInterface> stepTile =
          tileToThreads(rewriter, cast<TilingInterface>(columns.getOperation()),
                        stepThreads, /*linear=*/false);
      if (failed(stepTile)) {
        fail("its tile could not be split over threads");
        return failure();
      }
      if (failed(accumulateInRegisters(
              rewriter, cast<linalg::LinalgOp>(stepTile->getOperation())))) {
        fail("its thread tile could not be accumulated in registers");
        return failure();
      }
    }
  }
  // Done with: the element level must not split these again (a part
  // without a loop: its step lost its id before it was split, its copies'
  // fused producers in splitCopies).
  for (auto &[kLoop, step] : steps)
    if (kLoop)
      kLoop->walk([](Operation *op) { op->removeAttr(kTileIdAttr); });
  return success();
}
