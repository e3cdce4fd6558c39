//===- SplitReduction.h - Split-K as two kernels ----------------*- C++ -*-===//
//
// A schedule with `split_k = S > 1` shares one matmul's reduction among S
// blocks per output tile. Tessel emits it as two kernels, each tiled and
// checked like any other: the partial kernel computes S partial products
// over consecutive K / S slices of the reduction into an f32 workspace
// [S, M, N] (a batch_matmul over views of the operands), and the sum kernel
// adds the S partials and runs the original kernel's epilogue. The
// workspace is an ordinary tensor between them: the host allocates it like
// any value that passes between kernels.
//
// A kernel that is one tessel.attention splits its keys the same way
// (split-KV, flash-decoding), as one kernel (tessel.attention_split): blocks
// of their own attend to each slice of the keys, writing each query's
// output over the slice and its log-sum-exp to a workspace, and the last
// block of each query tile to finish weighs the slices' outputs into the
// attention. A decoded token's attention over a long KV cache then fills
// the GPU instead of one block per head, without a second launch.
//
// tessel-select-schedules prices a split as exactly the kernels it becomes
// (the partial's schedule, plus the sum kernel's best), and tessel-split-
// reduction rewrites the kernels it chose to split.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_SPLITREDUCTION_H
#define TESSEL_PASSES_SPLITREDUCTION_H

#include "costmodel/Model.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir::tessel {

/// Why `kernel` cannot run its reduction as `splits` partial sums, or ""
/// when it can: the kernel holds one tessel.matmul (and no other
/// contraction), `splits` >= 2 divides its K, and each of the matmul's
/// operands is a kernel input or elementwise ops of one (a cast) that feed
/// only the matmul (they move to the partial kernel); or the kernel is one
/// tessel.attention on its inputs and `splits` >= 2 cuts its keys into
/// that many non-empty slices.
std::string splitReductionRefusal(KernelOp kernel, int64_t splits);

/// The partial kernel's schedule for the split schedule `split` of
/// `kernel`: for a matmul, a leading tile of 1 along the split (the
/// partial's batch loop) on every tile list, and split_k = 1; for an
/// attention, the same tiles with split_k = 1 (the partial's blocks cover
/// the slices). And back: the kernel's schedule, with `split_k = splits`,
/// for a partial's schedule.
ScheduleAttr partialScheduleOf(KernelOp kernel, ScheduleAttr split);
ScheduleAttr splitScheduleOf(KernelOp kernel, ScheduleAttr partial,
                             int64_t splits);

/// Replaces `kernel` by its partial kernel and its sum kernel (named after
/// it with `_partial` and `_sum`, made unique in the module) and returns
/// them; an attention by its one split kernel (`_split`; no sum kernel:
/// null). The partial kernel takes partialScheduleOf(the kernel's schedule)
/// when the kernel has one; the sum kernel takes none. Fails with an error
/// on the kernel when splitReductionRefusal says why.
FailureOr<std::pair<KernelOp, KernelOp>>
splitReduction(RewriterBase &rewriter, KernelOp kernel, int64_t splits);

/// Why the sum of a split of `kernel` (a matmul's) cannot run in its
/// partial kernel, or "" when it can: every op after the matmul is
/// elementwise (a cast, an activation, a bias or residual added) and
/// computes an [M, N] tensor, so that the sum kernel's tiles of M x N are
/// the partial's.
std::string sumInKernelRefusal(KernelOp kernel);

/// The sum's schedule when it runs in the partial kernel of `partial`'s
/// schedule (a leading batch tile of 1, then M, N and the K step): the
/// partial's block tile of M and N and its warps, on SIMT lanes. Null when
/// the partial's blocks do not tile both M and N (a block = [1, rows]
/// schedule): its sum has no tiles of M x N to run on.
ScheduleAttr sumInKernelSchedule(ScheduleAttr partial);

/// Why a sum whose block tile is `sumBlock` cannot run in the partial
/// kernel of `partial`'s schedule, or "" when it can: it runs on the
/// partial's tiles of M and N (sumInKernelSchedule's block).
std::string sumOnTilesRefusal(ScheduleAttr partial, ArrayRef<int64_t> sumBlock);

/// Makes the partial and sum kernels of a split one kernel
/// named `<name>_split` (made unique): the partial's ops, then the sum's
/// on the partial products, returning the sum's results, the partial
/// products and the arrival counts ([M tiles, N tiles] f32, zeros: the
/// last block of each tile resets its count), with the partial's schedule
/// and the sum's as `tessel.sum_in_kernel`. tessel-lower-to-linalg tiles
/// its two halves apart again (expandSplit) and tessel-combine-split-k
/// makes them one loop nest: each block of the partial counts its arrival
/// at its output tile, and the last one runs the sum's block on it.
KernelOp combineSplit(RewriterBase &rewriter, KernelOp partial, KernelOp sum,
                      ScheduleAttr sumSchedule, StringRef name);

/// The partial and sum kernels of a kernel made by combineSplit, in its
/// place (named after it with `_partial` and `_sum`, made unique), and for
/// each the `tessel.split_part` dictionary its outlined function takes.
struct ExpandedSplit {
  KernelOp partial, sum;
  DictionaryAttr partialPart, sumPart;
};
FailureOr<ExpandedSplit> expandSplit(RewriterBase &rewriter, KernelOp kernel);

/// Whether `kernel` is one that combineSplit made (its sum runs in it).
bool isCombinedSplit(KernelOp kernel);

/// The prediction of a split of `kernel` in `splits`: its partial kernel
/// (an attention's split kernel) with `partial` (its best schedule when
/// null) and its sum kernel with its best (none for an attention: a
/// prediction of nothing), each predicted alone on `target`. None when the
/// kernel cannot be split or one of the two has no legal schedule.
struct SplitPrice {
  Schedule partial;
  Prediction partialPrediction, sumPrediction;
  /// Set when the sum is predicted faster run in the partial kernel (see
  /// combineSplit) than as a kernel of its own: its schedule there
  /// (sumInKernelSchedule). sumPrediction is then the sum's prediction on
  /// it as the last blocks' tail: without a launch of its own, with the
  /// arrival's round trips to L2 added to its latency.
  std::optional<Schedule> sumInKernel;
  /// The two kernels (or the one) as one prediction: times and terms add
  /// up; occupancy, waves and blocks are the partial's (the kernel the
  /// split is for), the bound the slower part's.
  Prediction combined() const;
};
/// With `sumInKernel` (a schedule written by hand as the kernel's
/// `tessel.sum_in_kernel`), the sum is priced in the partial kernel on it,
/// faster or not; with `sumApart` (`tessel.sum_in_kernel = false`), as a
/// kernel of its own only.
std::optional<SplitPrice> priceSplit(KernelOp kernel, int64_t splits,
                                     const Target &target,
                                     const Schedule *partial = nullptr,
                                     const Schedule *sumInKernel = nullptr,
                                     bool sumApart = false);

/// The splits tessel-select-schedules tries for a kernel whose matmul
/// reduces over `k`: 2, 3, 4, 6, 8, 12, 16 where they divide `k` into
/// slices of at least 64.
SmallVector<int64_t> splitCandidates(int64_t k);

/// The fewest keys tessel-select-schedules gives a slice of a split-KV
/// attention: a slice shorter than the largest key tile wastes the tile.
constexpr int64_t kMinAttentionSlice = 128;

/// The splits tessel-select-schedules tries for `kernel`: for one matmul,
/// splitCandidates(its K); for one attention (split-KV), 2, 4, 8, 16, 32
/// where each slice holds at least kMinAttentionSlice keys; none otherwise.
SmallVector<int64_t> splitCandidates(KernelOp kernel);

} // namespace mlir::tessel

#endif // TESSEL_PASSES_SPLITREDUCTION_H
