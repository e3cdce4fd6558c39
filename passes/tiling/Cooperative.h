//===- Cooperative.h - Reductions shared by a block's threads ---*- C++ -*-===//
//
// A cooperative reduction (a softmax row's max, a norm's mean) split over all
// of a block's threads by the block level's tile_reduction_using_forall:
// each thread then reduces every T-th element of the row
// (distributeCyclically), and the partials are combined in a tree of
// ceil(log2 T) steps in shared memory (combineInTree).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_COOPERATIVE_H
#define TESSEL_PASSES_TILING_COOPERATIVE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tessel::tiling {

/// Marks the op that combines a cooperative reduction's partials (one per
/// thread and row), which combineInTree replaces.
inline constexpr StringLiteral kTreeAttr = "tessel.tree";

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
                                   linalg::LinalgOp merge);

/// A cooperative reduction's partials (R rows x T threads, in shared
/// memory) combined in a tree of ceil(log2 T) steps instead of by every
/// reader: step by step, half the remaining partials add the other half
/// into a second buffer (ping-pong, so that no step reads what it writes),
/// and the readers read each row's one result. `merge` (the op that
/// combined all T for each reader, tile_reduction_using_forall's) is
/// replaced by that result.
LogicalResult combineInTree(RewriterBase &rewriter, linalg::LinalgOp merge,
                            int64_t threads);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_COOPERATIVE_H
