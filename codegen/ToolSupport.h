//===- ToolSupport.h - What Tessel's MLIR-based tools share -----*- C++ -*-===//
//
// The dialect registry every tool uses, reading a model file, and choosing
// the GPU target of a module from the command line and the module itself.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_TOOLSUPPORT_H
#define TESSEL_CODEGEN_TOOLSUPPORT_H

#include "costmodel/Target.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::tessel {

/// Tessel, every upstream dialect and extension, and the GPU-to-LLVM-IR
/// translations (gpu-module-to-binary needs them).
void registerToolDialects(DialectRegistry &registry);

/// Parses the module in `path`; parse errors are reported through the
/// diagnostic handler on `sourceMgr`, and a file that cannot be opened sets
/// `error`. Null on failure.
OwningOpRef<ModuleOp> parseModuleFile(StringRef path, MLIRContext &context,
                                      llvm::SourceMgr &sourceMgr,
                                      std::string &error);

/// The target `module` is compiled for, which it then names in
/// `tessel.target`: `spec` when given (it must agree with a target the module
/// already names), else the module's, else `fallback` when given. Nullopt
/// with the reason in `error` otherwise.
std::optional<Target> chooseTarget(ModuleOp module, StringRef spec,
                                   StringRef fallback, std::string &error);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_TOOLSUPPORT_H
