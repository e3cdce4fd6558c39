//===- FusionPolicy.h - Which ops share a kernel ----------------*- C++ -*-===//
//
// tessel-form-kernels asks a FusionPolicy before it puts an op in the kernel
// of its producer. The rule-based policy accepts every join of the
// documented rule (docs/UserGuide.md); the model policy predicts the fused
// kernel against the separate ones plus their launches, and whether an
// attention or a convolution runs faster as one kernel or as its parts.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_FUSIONPOLICY_H
#define TESSEL_PASSES_FUSIONPOLICY_H

#include "costmodel/Target.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"

#include <memory>

namespace mlir::tessel {

/// How an op relates to the kernel it might join.
enum class FusionKind {
  Epilogue, // an elementwise op after the kernel's last op
  Prologue, // a row-wise op or reduction after an elementwise-only kernel
  View,     // an attention reading a transpose (the group) in place
};

class FusionPolicy {
public:
  virtual ~FusionPolicy() = default;
  /// Whether `consumer` joins the kernel made of `group` (in program
  /// order), one of whose results it alone uses.
  virtual bool shouldFuse(ArrayRef<Operation *> group, Operation *consumer,
                          FusionKind kind) = 0;
  /// Whether the elementwise kernel made of `group` (in program order),
  /// whose last op reads the value `sibling`'s last op yields to it alone,
  /// also computes `sibling` (another elementwise kernel): one kernel
  /// instead of two, reading the inputs they share once.
  virtual bool shouldMerge(ArrayRef<Operation *> group,
                           ArrayRef<Operation *> sibling) = 0;
  /// Whether the kernel made of `contraction` (a matmul or batch_matmul, in
  /// program order) also computes `operand`, a kernel of elementwise ops
  /// whose last op yields a value the contraction alone reads: its K step's
  /// copies compute them on the way, and that value never goes through
  /// device memory. The rule keeps contractions starting a kernel: only the
  /// model policy takes such kernels in.
  virtual bool shouldTakeIn(ArrayRef<Operation *> contraction,
                            ArrayRef<Operation *> operand) {
    return false;
  }
  /// Whether `whole`, one op that runs as one kernel, should instead run as
  /// `kernels`: the ops it is made of, grouped as the kernels they would
  /// form. Only the model policy splits.
  virtual bool shouldSplit(Operation *whole,
                           ArrayRef<SmallVector<Operation *>> kernels) {
    return false;
  }
};

/// Fuses every legal epilogue and prologue (see tessel-form-kernels).
std::unique_ptr<FusionPolicy> createRuleFusionPolicy();
/// Fuses nothing: one kernel per op (for comparisons).
std::unique_ptr<FusionPolicy> createNoFusionPolicy();
/// Asks the cost model: fuses when the fused kernel, with its best
/// schedule on the module's target, is predicted no slower than the group
/// and the consumer as two kernels (launches included). Where a kernel
/// cannot be predicted, falls back to the rule. It splits an attention or
/// a convolution into its parts when they are predicted faster than the
/// one kernel (an attention's one kernel at its best, split-KV included),
/// and takes an operand's elementwise kernel into a contraction's when the
/// one kernel is predicted no slower than the two (split-K included); where
/// one of those cannot be predicted, the contraction's kernel stays apart.
/// With `explain`, each decision is a remark on the op with the predicted
/// times.
std::unique_ptr<FusionPolicy>
createModelFusionPolicy(ModuleOp module, const Target &target, bool explain);

} // namespace mlir::tessel

#endif // TESSEL_PASSES_FUSIONPOLICY_H
