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

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <vector>

namespace mlir::tessel {

/// Describes the outlined kernel function `func` (its root loop nest, its
/// operands, its work as tessel-tile-and-fuse executes it). Emits an error
/// and fails when it has no loop nest to describe.
FailureOr<KernelDesc> describeKernel(func::FuncOp func);

/// The schedules codegen can emit for `kernel` on `target`, fastest first:
/// by predicted time, then the time without the launch, then the sum of
/// all terms, then enumeration order (deterministic). Empty when none is
/// legal.
std::vector<std::pair<Schedule, Prediction>>
rankSchedules(const KernelDesc &kernel, const Target &target);

} // namespace mlir::tessel

#endif // TESSEL_PASSES_KERNELDESCRIPTION_H
