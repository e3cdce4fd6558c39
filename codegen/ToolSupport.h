//===- ToolSupport.h - What Tessel's MLIR-based tools share -----*- C++ -*-===//
//
// The dialect registry every tool uses, reading a model file, choosing the
// GPU target of a module from the command line and the module itself, and
// the command-line options the tools share.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_TOOLSUPPORT_H
#define TESSEL_CODEGEN_TOOLSUPPORT_H

#include "costmodel/Target.h"
#include "passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::tessel {

/// `--parts`, as tessel-compile and tessel-run take it: tessel-form-kernels'
/// option of that name.
constexpr const char *kPartsOptionDescription =
    "when an attention or a convolution runs as its parts "
    "(tessel-form-kernels' option of that name)";
inline llvm::cl::ValuesClass partsPolicyValues() {
  return llvm::cl::values(clEnumValN(PartsPolicy::Model, "model",
                                     "where the model predicts them faster"),
                          clEnumValN(PartsPolicy::Always, "always",
                                     "always, to compare them or check them"),
                          clEnumValN(PartsPolicy::Never, "never", "never"));
}

/// What a tool holds while it works on one model file: a context with
/// Tessel, every upstream dialect and extension, and the GPU-to-LLVM-IR
/// translations (gpu-module-to-binary needs them) loaded, and diagnostics
/// printed against the file.
class ToolContext {
public:
  ToolContext();
  MLIRContext &context() { return mlirContext; }

  /// Parses the module in `path`. Null on failure, with the reason in
  /// `error` (parse errors are also printed against the file).
  OwningOpRef<ModuleOp> parse(StringRef path, std::string &error);

private:
  DialectRegistry registry;
  MLIRContext mlirContext;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler;
};

/// The target `module` is compiled for, which it then names in
/// `tessel.target`: `spec` when given (it must agree with a target the module
/// already names), else the module's, else `fallback` when given. Nullopt
/// with the reason in `error` otherwise.
std::optional<Target> chooseTarget(ModuleOp module, StringRef spec,
                                   StringRef fallback, std::string &error);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_TOOLSUPPORT_H
