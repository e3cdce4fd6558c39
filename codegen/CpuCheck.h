//===- CpuCheck.h - Check a model's kernels on the CPU path -----*- C++ -*-===//
//
// What `tessel-run --cpu --check` does, as a library (the tool prints it;
// the fuzzer uses it as its oracle): every tessel.kernel alone, every public
// function end to end against its ops as written, and every kernel again on
// the values the reference computes for it inside each function, each run
// through the CPU functional path and compared with the independent
// reference's per-element bounds (runtime/Reference.h).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_CPUCHECK_H
#define TESSEL_CODEGEN_CPUCHECK_H

#include "codegen/CpuRunner.h"
#include "passes/Passes.h"
#include "runtime/Reference.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::tessel {

/// One thing to run: a kernel (called through its outlined function) or a
/// public function, with its reference graph and its inputs.
struct CheckUnit {
  std::string kind; // "kernel" or "func"
  ref::Graph graph;
  std::vector<ref::TensorType> resultTypes;
  /// The function whose values feed the kernel ("" when it runs alone).
  std::string context;
  std::vector<ref::Tensor> inputs;
};

/// Forms the kernels of `module` in place (tessel-form-kernels, schedules,
/// split-K, as tessel-compile does; the module must have its target) and
/// returns what to run: the kernels alone, then the public functions (each
/// checked against its ops as written, before forming), then each kernel on
/// its functions' values. Unit i of the first two groups draws its inputs
/// with seed + i (ref::randomInputs). Emits diagnostics and fails where a
/// kernel cannot be formed or a graph built. `parts` is
/// tessel-form-kernels' option of that name. With `functionsOnly` the
/// kernels are still formed but only the functions are returned, with no
/// inputs drawn: a run on its own data (tessel-run --inputs) needs neither
/// the kernels' random inputs nor the reference evaluation that feeds each
/// kernel its function's values, which for a whole model costs gigabytes.
FailureOr<std::vector<CheckUnit>>
prepareCpuCheck(ModuleOp module, uint64_t seed,
                PartsPolicy parts = PartsPolicy::Model,
                bool functionsOnly = false);

/// What running one unit found, per output.
struct OutputCheck {
  ref::TensorType type;
  ref::Comparison comparison; // empty without a reference
  double sum = 0;             // of the values (what runs without a check)
  double firstGot = 0, firstExpected = 0, firstBound = 0;
};

/// Runs `unit` and, with `compare`, checks it against its reference with
/// bounds scaled by `boundScale`. Fails with the reason in `error` when it
/// cannot run.
FailureOr<std::vector<OutputCheck>>
runCheckUnit(CpuRunner &runner, const CheckUnit &unit, bool compare,
             double boundScale, std::string &error);

/// Deliberate miscompiles (tessel-run --inject-fault): applied to the
/// kernels' ops after their references were taken, the check must fail.
enum class Fault { None, Scale, Mask, Index };
void injectMiscompile(ModuleOp module, Fault fault);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_CPUCHECK_H
