//===- KernelDescription.h - Kernels as the cost model sees them -*- C++
//-*-===//
//
// What tessel-select-schedules and the model fusion policy of
// tessel-form-kernels share: the description of a kernel (an outlined kernel
// function from tessel-lower-to-linalg) for the cost model, and the ranking
// of its schedules by predicted time.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_KERNELDESCRIPTION_H
#define TESSEL_PASSES_KERNELDESCRIPTION_H

#include "costmodel/Model.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/SmallBitVector.h"

#include <tuple>
#include <vector>

namespace mlir::tessel {

/// The element type the cost model prices for a shaped type's elements
/// (f16, bf16; f32 otherwise).
ElementType elementTypeOf(Type shaped);

/// The loops of an op (of `numLoops`) that an indexing map `map` of it
/// reads: every dim its results use (`d3 floordiv 64` and `d3 mod 64` read
/// d3). An op reads an operand with a broadcast along the loops it steps
/// through that are not among them; tessel-tile-and-fuse and describeKernel
/// both decide so with this function, so that the model sees the code.
llvm::SmallBitVector loopsRead(AffineMap map, unsigned numLoops);

/// For each loop of `root`, the least common multiple of the divisors P of
/// the `d floordiv P` and `d mod P` through which `root` or one of `ops`
/// (the kernel's other ops, reached from the root through the indices each
/// result is read at) reads that loop's index; 1 where none does. Tiling
/// slices an operand read so as if the map were linear, which holds only
/// for a tile that starts at a multiple of P or ends within the period it
/// starts in (tileKeepsPeriods): a grouped-query attention's key heads (h
/// floordiv group) on a tile of 3 heads over groups of 2 read the wrong
/// heads. tessel-tile-and-fuse refuses such tiles, and describeKernel gives
/// the periods to the cost model (Loop::period), which does too.
SmallVector<int64_t> rootLoopPeriods(linalg::LinalgOp root,
                                     ArrayRef<Operation *> ops);

/// Whether tessel-tile-and-fuse splits `op` over a block's threads when the
/// block tiles divide the root's loops (a cooperative reduction, whose
/// partials are combined in a tree): a reduction, over one loop or several
/// (a norm over two trailing dims, split along its innermost reduction
/// loop), that an op of the kernel reads with a broadcast along one of its
/// parallel loops (a softmax row's max, a norm's mean).
bool isCooperativeReduction(linalg::LinalgOp op);

/// Whether tessel-tile-and-fuse turns `op`, fused into a vector step (a
/// schedule's `vector`: a tile one element wide in every loop but the
/// innermost, `width` there, starting at a multiple of `width`), into vector
/// operations, and at which widths: none (std::nullopt: the op stays a
/// scalar loop inside the step: a reduction, a convolution's reshaping
/// copy, a strided gather); every width (0); or the widths that
/// divide the value returned. An op gathering from an n-D tensor
/// (tensor.extract: a slice, a concat) is vectorized where each of its
/// reads takes, for the lanes of a step, one element or `width` consecutive
/// ones: its leading indices the same for every lane, the last the same or
/// the lane's position plus a value the lanes share. A concat along its
/// innermost dim reads so where the width divides the inputs' sizes there
/// (tessel-lower-to-linalg's lowerConcat).
std::optional<int64_t> vectorStepWidths(linalg::LinalgOp op);

/// Whether `op`'s body reads a tensor at indices it computes
/// (tensor.extract: a slice's or concat's gather, an im2col).
bool gathersInBody(linalg::LinalgOp op);

/// Whether a vector step of `width` turns `op` into vector operations
/// (vectorStepWidths).
bool isVectorizedInStep(linalg::LinalgOp op, int64_t width);

/// Why the contraction `op` cannot run a K step on tensor cores with
/// mma.sync (tessel-tile-and-fuse's `mma = mma_sync`), or "" when it can:
/// a matmul or batch_matmul reading A [.., M, K] and B [.., K, N] (or B
/// [.., N, K]: isBTransposed), both f16 or both bf16, accumulating in f32.
std::string mmaSyncRefusal(linalg::LinalgOp op);

/// Whether `transpose` swaps its two innermost dims and keeps the others (a
/// `transpose_rhs` B [.., N, K] read as [.., K, N]): a tensor-core K step
/// reads such a B in place (tessel-tile-and-fuse, isBTransposed).
bool swapsInnermostDims(linalg::TransposeOp transpose);

/// A split-K partial's view of a 2-D operand (tessel-split-reduction): the
/// operand [R, C] with one dim cut into S slices (tensor.expand_shape: rows
/// cut, [S, R / S, C]; columns cut, [R, S, C / S]), its dims permuted
/// (linalg.transpose, or none) so that the slices lead: element (s, ...)
/// of slice s lies at s R / S or s C / S along the cut dim.
struct SplitView {
  Value source;      // the 2-D operand
  unsigned cut = 0;  // the source dim cut into slices (0: rows, 1: columns)
  int64_t slice = 0; // elements of the cut dim per slice
  /// The view's dims as dims of the expand_shape (the slices' first).
  SmallVector<int64_t, 3> permutation = {0, 1, 2};

  /// The expand_shape's dim of the slices ([S, R / S, C]: 0; [R, S, C / S]:
  /// 1), which is the cut dim's number.
  unsigned slicesDim() const { return cut; }
  /// The source dim an expand_shape dim other than the slices' lies along.
  unsigned sourceDim(int64_t expandDim) const {
    return cut == 0 ? unsigned(expandDim) - 1 : expandDim == 0 ? 0 : 1;
  }
};

/// The split-K view `v` is (a tensor.expand_shape of a 2-D tensor, its dims
/// permuted by a linalg.transpose or not, slices of the expand_shape
/// allowed between them), or nullopt.
std::optional<SplitView> splitViewOf(Value v);

/// Whether the contraction `op` (one reduction loop, two inputs) reads B
/// with K innermost: B held as [.., N, K] (the K step's operand tile of a
/// `transpose_rhs` B, read in place).
bool isBTransposed(linalg::LinalgOp op);

/// Whether the contraction `op` (one reduction loop, two inputs) reads A
/// with M innermost: A held as [.., K, M] (the K step's operand tile of a
/// `transpose_lhs` A, read in place on wgmma).
bool isATransposed(linalg::LinalgOp op);

/// Why the contraction `op` cannot run a K step on warpgroup MMA fed by TMA
/// (`mma = wgmma`), or "" when it can: what mma.sync needs, a matmul or a
/// batch_matmul (one batch dim),
/// A and B read as the kernel's own arguments (through block tiles only:
/// TMA copies global memory as it is, so no prologue but the transpose of
/// a `transpose_lhs` A or a `transpose_rhs` B, not both, which the step
/// reads in place), each row's bytes a multiple of 16 (TMA's global
/// strides).
std::string wgmmaRefusal(linalg::LinalgOp op);

/// Describes the outlined kernel function `func` (its root loop nest, its
/// operands, its work as tessel-tile-and-fuse executes it). Emits an error
/// and fails when it has no loop nest to describe.
FailureOr<KernelDesc> describeKernel(func::FuncOp func);

/// The cost model's question about kernels not yet lowered: lowers
/// `scratch` (a module of tessel.kernel ops, either a copy of the module
/// being compiled or one built to ask the question) to linalg in place,
/// then describes each kernel named in `names`, in that order (nullopt for
/// one that is missing or cannot be described). Fails when the lowering
/// does. tessel-form-kernels, tessel-split-reduction and
/// tessel-select-schedules ask the model through it.
FailureOr<std::vector<std::optional<KernelDesc>>>
lowerAndDescribe(ModuleOp scratch, ArrayRef<std::string> names);

/// A module holding `kernel` alone, in a public function `funcName` whose
/// arguments are the kernel's inputs and which returns its results, with
/// the target of the kernel's module: where a kernel is lowered, priced or
/// compiled on its own. The copy keeps the kernel's attributes.
OwningOpRef<ModuleOp> isolateKernel(KernelOp kernel, StringRef funcName);

/// A cost-model schedule as the `#tessel.schedule` codegen reads, and back.
ScheduleAttr toScheduleAttr(MLIRContext *ctx, const Schedule &schedule);
Schedule fromScheduleAttr(ScheduleAttr attr);

/// How predictions are ordered: predicted time, then the time without the
/// launch (launch-bound schedules), then the sum of the throughput terms
/// (the schedule that wastes least where it is not bound); smaller first.
std::tuple<double, double, double> rankKey(const Prediction &prediction);

/// The schedules codegen can emit for `kernel` on `target`, fastest first:
/// by predicted time, then the time without the launch, then the sum of
/// all terms, then enumeration order (deterministic). Schedules that tie on
/// the first two keys and differ only in `stages` rank together, least
/// latency first (the deeper pipeline, where it hides more). Empty when
/// none is legal.
std::vector<std::pair<Schedule, Prediction>>
rankSchedules(const KernelDesc &kernel, const Target &target);

/// The first of rankSchedules, without keeping the others (tessel-form-
/// kernels asks this of every candidate kernel). None when none is legal.
std::optional<std::pair<Schedule, Prediction>>
bestSchedule(const KernelDesc &kernel, const Target &target);

} // namespace mlir::tessel

#endif // TESSEL_PASSES_KERNELDESCRIPTION_H
