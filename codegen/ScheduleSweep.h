//===- ScheduleSweep.h - Compile every schedule offered ---------*- C++ -*-===//
//
// What the cost model may choose, codegen must emit: for each kernel of a
// module (formed as tessel-compile forms them), every schedule the
// enumeration offers on a target (rankSchedules, split-K included) is
// compiled alone through the whole GPU pipeline, to PTX or HSACO. A failure
// is reported with the kernel and schedule it came from. `tessel-compile
// --every-schedule` runs it; the lit suite runs it on representative
// kernels of each kind for every built-in target.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_SCHEDULESWEEP_H
#define TESSEL_CODEGEN_SCHEDULESWEEP_H

#include "costmodel/Target.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace mlir::tessel {

/// The structure of `schedule` for a kernel whose first result has `shape`,
/// without its sizes: each block entry (aligned with the innermost result
/// dims) as 1, whole (covering its dim), dividing or partial (leaving a
/// partial last tile); entries past the result's rank (a K step) as k; the
/// thread and warp tiles relative to the block; one warp or several,
/// pipelined or not, split or not, in linear or grouped block order
/// (raster); the vector width and the instruction
/// class as they are. Two schedules of one kind take the same paths through
/// tiling and lowering, with other sizes.
std::string scheduleKind(ScheduleAttr schedule, ArrayRef<int64_t> shape);

/// One kernel's sweep.
struct KernelSweep {
  std::string kernel;
  size_t offered = 0;  // schedules the enumeration offers (split-K included)
  size_t compiled = 0; // of those, compiled (all, or one of each kind)
  size_t kinds = 0;    // distinct kinds among the offered
  std::vector<std::string> failures; // the schedules that did not compile
};

/// Compiles each kernel of `module` (after tessel-form-kernels) once for
/// every schedule the cost model offers for it on `target`, or, with
/// `oneOfEachKind`, for the best-ranked schedule of each scheduleKind.
/// Kernels with a hand-written schedule are left out. Errors of a schedule
/// that fails are emitted as diagnostics (naming kernel and schedule) and
/// listed; fails only when the module cannot be formed or described.
/// `done`, where given, is called with each kernel's sweep as soon as it
/// ends (a sweep of every schedule takes minutes a kernel).
FailureOr<std::vector<KernelSweep>> compileEverySchedule(
    ModuleOp module, const Target &target, bool oneOfEachKind,
    llvm::function_ref<void(const KernelSweep &)> done = nullptr);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_SCHEDULESWEEP_H
