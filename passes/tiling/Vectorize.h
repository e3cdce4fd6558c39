//===- Vectorize.h - Vector steps and the clean-up after tiling -*- C++ -*-===//
//
// A schedule's vector width: checked against the root's innermost loop
// (checkVectorWidth), the element loop's steps made static and their ops
// marked (prepareVectorTiles), then rewritten into vector code
// (vectorizeMarked). The clean-up every tiling step ends with lives here too,
// since its patterns finish the vector steps (broadcast reads, vector.step).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_VECTORIZE_H
#define TESSEL_PASSES_TILING_VECTORIZE_H

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace mlir::tessel::tiling {

/// The schedule's vector width applies along the innermost loop of `root`
/// (its element loop there steps by the width), whose loops must all be
/// parallel, with the innermost loop's bound, its block tile and each
/// thread's share of it multiples of the width (vectorWidthFits): every
/// vector access is then whole and aligned.
LogicalResult checkVectorWidth(func::FuncOp func, Operation *root,
                               ArrayRef<int64_t> blockSizes,
                               ArrayRef<int64_t> numThreads, ScheduleAttr sched,
                               bool kStepped);

/// Vector width (the schedule's `vector`): the root's element loop along
/// its innermost loop, `loop`, steps `width` elements. The tiling bounds each
/// step by affine.min(width, extent - iv), which is `width` whenever every
/// thread's extent is a multiple of it, as checkVectorWidth guarantees:
/// the step's tiles become static, and its elementwise ops are marked for
/// vectorizeMarked.
void prepareVectorTiles(RewriterBase &rewriter, scf::ForOp loop, int64_t width);

/// Rewrites the ops prepareVectorTiles marked (static by now) into vector
/// transfers and arithmetic; a value one of them writes and the next reads
/// stays in a vector register. Other ops of the step (a reduction read with
/// a broadcast, a contraction without a K step, an op reading through an
/// index map that is not a permutation) stay scalar loops. Returns whether
/// any op was marked (the caller cleans up after them).
FailureOr<bool> vectorizeMarked(func::FuncOp func);

/// Canonicalization and folding of tensor.empty, for cleanUp.
FrozenRewritePatternSet cleanUpPatterns(MLIRContext *ctx);

/// `patterns` (cleanUpPatterns) and CSE, after tiling.
LogicalResult cleanUp(func::FuncOp func,
                      const FrozenRewritePatternSet &patterns);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_VECTORIZE_H
