//===- FusionPolicy.h - Which ops share a kernel ----------------*- C++ -*-===//
//
// tessel-form-kernels asks a FusionPolicy before it puts an op in the kernel
// of its producer. The rule-based policy below is the documented rule of
// docs/UserGuide.md; the cost model answers the same question once it can
// predict a fused kernel against the separate ones plus their launches.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_FUSIONPOLICY_H
#define TESSEL_PASSES_FUSIONPOLICY_H

#include "mlir/IR/Operation.h"

#include <memory>

namespace mlir::tessel {

/// How an op relates to the kernel it might join.
enum class FusionKind {
  Epilogue, // an elementwise op after the kernel's last op
  Prologue, // a row-wise op or reduction after an elementwise-only kernel
};

class FusionPolicy {
public:
  virtual ~FusionPolicy() = default;
  /// Whether `consumer` joins the kernel that computes `producer`, whose
  /// result it alone uses.
  virtual bool shouldFuse(Operation *producer, Operation *consumer,
                          FusionKind kind) = 0;
};

/// Fuses every legal epilogue and prologue (see tessel-form-kernels).
std::unique_ptr<FusionPolicy> createRuleFusionPolicy();
/// Fuses nothing: one kernel per op (for comparisons).
std::unique_ptr<FusionPolicy> createNoFusionPolicy();

} // namespace mlir::tessel

#endif // TESSEL_PASSES_FUSIONPOLICY_H
