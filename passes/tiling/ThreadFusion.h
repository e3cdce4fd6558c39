//===- ThreadFusion.h - Thread and element levels of tiling -----*- C++ -*-===//
//
// After the block level (the transform script), each thread's share of an
// op: its producers fused into the thread loop (fuseIntoThreadLoop), its
// elements as scf.for loops with producers fused down to single elements
// (tileElements), and ops split over a block's threads directly from C++
// (tileToThreads).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_THREADFUSION_H
#define TESSEL_PASSES_TILING_THREADFUSION_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace mlir::tessel::tiling {

/// Thread level: every value `op` (inside a thread loop) reads as a slice of
/// a block-level op's result is computed by that thread, for its slice only
/// (the tiled producer replaces the slice), and so on for what those read,
/// up to the kernel's inputs.
void fuseIntoThreadLoop(RewriterBase &rewriter, Operation *op);

/// Element level, after the block and thread levels: each thread's tile of
/// `root` becomes scf.for loops over its elements, one at a time, with its
/// producers fused in so that intermediates are single elements, except
/// reductions read with a broadcast (see recomputesSharedWork): those are
/// computed once per thread, each itself split into element loops (its
/// reduction loops too, accumulating) with its own producers fused.
LogicalResult
tileElements(RewriterBase &rewriter, TilingInterface root,
             ArrayRef<int64_t> rootTiles,
             SmallVectorImpl<LoopLikeOpInterface> *rootLoops = nullptr);

/// Tiles `op` over the block's threads, `numThreads` along each of its loops
/// (0: not distributed), mapped x, y, z from the innermost distributed loop,
/// or to linear thread ids (any shape of as many threads) when `linear`.
/// Thread t along a loop of n elements takes ceil(n / threads) of them from
/// t times that; with a `vector` width, that share of the innermost loop is
/// rounded up to whole vectors, so that in a partial block tile (fewer
/// elements than the schedule's tile) every thread's share still starts at
/// a multiple of the width and holds whole vectors (the threads past the
/// tile's end get none). Returns the op computing one thread's tile.
FailureOr<TilingInterface> tileToThreads(RewriterBase &rewriter,
                                         TilingInterface op,
                                         ArrayRef<int64_t> numThreads,
                                         bool linear, int64_t vector = 1);

/// Where `slice` reads a slice that drops no dims, the same elements as one
/// slice of that slice's source, created before `slice` (a dim of one
/// element gets a unit stride, so that a producer can be tiled for it);
/// nullptr where there is no such slice or the two do not compose.
tensor::ExtractSliceOp mergeWithOuterSlice(RewriterBase &rewriter,
                                           tensor::ExtractSliceOp slice);

/// The static upper bound of each dim of the tensor `v` (a tile): its size
/// where static, else the bound of the remainder tile's size (rangeOfDim).
FailureOr<SmallVector<int64_t>> staticBounds(Value v);

/// A tensor of `type`'s element type allocated with the static shape
/// `bounds` (the innermost dim `pad` elements wider: see mma::kOperandPad),
/// viewed at `sizes` from its origin; the allocation itself where that is
/// already `type`. Its strides are the bound's, constants even where
/// `sizes` are not.
Value boundedTensor(RewriterBase &rewriter, Location loc, RankedTensorType type,
                    ArrayRef<int64_t> bounds, ArrayRef<OpFoldResult> sizes,
                    int64_t pad = 0);

/// Every tensor.empty of a dynamic shape inside a thread loop (a remainder
/// tile's per-thread scratch, such as a row's statistics) becomes a slice
/// of a buffer of its static bound. Its elements then sit at constant
/// strides (the bound's), so that a thread's accesses at constant indices
/// are at constant addresses and the buffer can live in registers; a
/// compact dynamic layout would make every stride a runtime value. Each
/// use gets a buffer of its own. An empty whose sizes have no static bound is
/// left as it is.
void boundThreadBuffers(RewriterBase &rewriter, Operation *root);

/// A thread loop whose shared output starts from a block-level fill (the
/// accumulator of a reduction that is the kernel's result, such as a
/// matmul without a K step) would have every thread fill the whole block
/// tile, racing with the results of the others, and then accumulate in
/// global memory. Instead each thread fills a tile of its own (a private
/// buffer, registers once bufferized), accumulates there, and writes its
/// slice once; the shared output starts from the fill's destination, which
/// the threads' slices cover. Where the shared output has any use but a
/// thread's slice of it and the slices written back, it is left as it is.
void privatizeThreadAccumulators(RewriterBase &rewriter, Operation *root);

/// Single elements, for the element level: 1 along every loop.
SmallVector<int64_t> onesFor(TilingInterface op);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_THREADFUSION_H
