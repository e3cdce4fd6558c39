//===- CpuRunner.h - Run Tessel functions on the host CPU -------*- C++ -*-===//
//
// The functional path: a module of Tessel ops is lowered with tessel-to-cpu
// (the same linalg the GPU path tiles) and JIT-compiled with the MLIR
// ExecutionEngine; functions are then called on reference tensors, whose
// values are encoded to and decoded from f32, f16 and bf16 buffers.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_CPURUNNER_H
#define TESSEL_CODEGEN_CPURUNNER_H

#include "runtime/Reference.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>

namespace mlir::tessel {

class CpuRunner {
public:
  /// Lowers a clone of `module` for the host and JIT-compiles it. Every
  /// function becomes callable by name. Emits diagnostics and fails when the
  /// lowering or the compilation fails.
  static FailureOr<std::unique_ptr<CpuRunner>> create(ModuleOp module);

  /// Calls `name` with `inputs`; it returns tensors of `resultTypes`. On
  /// failure returns nullopt with the reason in `error`.
  std::optional<std::vector<ref::Tensor>>
  run(StringRef name, ArrayRef<ref::Tensor> inputs,
      ArrayRef<ref::TensorType> resultTypes, std::string &error);

private:
  explicit CpuRunner(std::unique_ptr<ExecutionEngine> engine)
      : engine(std::move(engine)) {}
  std::unique_ptr<ExecutionEngine> engine;
};

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_CPURUNNER_H
