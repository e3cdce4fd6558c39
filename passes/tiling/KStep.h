//===- KStep.h - A contraction stepping through K in shared memory -*- C++
//-*-===//
//
// A schedule's K step (one `block` entry after the root's parallel loops):
// the kernel's matmul or batch_matmul steps through its reduction, each
// step's operand tiles copied into shared memory (pipelined with stages),
// the accumulator in shared memory, each thread's part of it in registers
// through a step, or the step on tensor cores (TensorCoreStep.h).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_KSTEP_H
#define TESSEL_PASSES_TILING_KSTEP_H

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tessel::tiling {

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
                                        ScheduleAttr sched);

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
///
/// An unpipelined SIMT step that does not divide K, over two or more whole
/// steps (costmodel's simtRestAfterKLoop), takes the loop over the whole
/// steps only and the rest of K as one more step, with its own copies,
/// after it: the loop's tiles then have static sizes.
///
/// With `mma = wgmma` the copies and the step stay whole at block level,
/// marked for tessel-lower-wgmma (TesselDialect::kTmaCopyAttrName,
/// kWgmmaStepAttrName): the CPU path runs them as loops; on sm_90a each
/// copy becomes a TMA load into a pipeline of `stages` swizzled buffers and
/// the step warpgroup MMAs with the accumulator in registers.
///
/// On SIMT lanes, a thread holding more than 16 bytes of a row of B holds
/// its columns in 16-byte chunks, the threads along N side by side in each
/// (kSimtChunkBytes), where the step's tile along N is static.
///
/// A tensor-core root's copy to the output takes `vector` consecutive
/// elements of its innermost dim at a time (1: one), prepared for
/// vectorizeMarked: 16-byte shared loads and global stores where the
/// schedule's thread tile gives each thread whole vectors of a row.
LogicalResult tileContractionK(RewriterBase &rewriter, linalg::LinalgOp c,
                               int64_t kStep, ArrayRef<int64_t> cThreads,
                               int64_t threads, bool isRoot,
                               InstructionClass mma, ArrayRef<int64_t> warpTile,
                               int64_t stages, int64_t vector = 1);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_KSTEP_H
