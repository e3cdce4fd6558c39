//===- Pipelining.h - Software pipelining of a K step's copies --*- C++ -*-===//
//
// A schedule's `stages`: S shared-memory buffers per operand tile of a K
// step, the copies of S - 1 steps in flight (tessel-async-copies makes them
// cp.async on NVIDIA).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_PIPELINING_H
#define TESSEL_PASSES_TILING_PIPELINING_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tessel::tiling {

/// One copy of a K step's operand tile into shared memory, and the static
/// bound of the tile's shape.
struct StepCopy {
  linalg::CopyOp copy;
  SmallVector<int64_t> bounds;
  /// Elements per access (copyVectorWidth).
  int64_t width = 1;
  /// The tile is a transpose's (a SIMT step's `transpose_rhs` B, stored
  /// [.., N, K], or `transpose_lhs` A, stored [.., K, M]): it lies
  /// contiguous along its second-innermost dim, which the copy's threads
  /// run along (splitCopies). Set for unpipelined steps only.
  bool transposed = false;
};

/// What `root` is computed from in `kLoop`'s step: the operations of the
/// loop's body in its backward slice, `root` included, in program order.
FailureOr<SetVector<Operation *>> stepSlice(scf::ForOp kLoop, Operation *root);

/// Clones `slice` (a stepSlice) at the rewriter's insertion point for
/// another step: the step's induction variable `iv` becomes `at`. Returns
/// the mapping of the step's values to their clones.
IRMapping cloneForStep(RewriterBase &rewriter,
                       const SetVector<Operation *> &slice, Value iv, Value at);

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
               int64_t stages, int64_t pad);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_PIPELINING_H
