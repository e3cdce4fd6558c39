//===- TesselContext.h - an MLIRContext for the passes' unit tests --------===//
//
// The MLIR-linked unit tests of the passes parse Tessel modules and run
// passes on them: every upstream dialect and extension, and Tessel's; and
// describe a kernel as the cost model sees it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TEST_UNIT_PASSES_TESSELCONTEXT_H
#define TESSEL_TEST_UNIT_PASSES_TESSELCONTEXT_H

#include "dialects/Tessel/TesselDialect.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tessel::unit {

/// Registers and loads every dialect the tests' modules and passes use.
inline void loadAllDialects(MLIRContext &context) {
  DialectRegistry registry;
  registry.insert<TesselDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}

/// The kernel function `name` of `module` as tessel-select-schedules
/// describes it: a copy of the module lowered to linalg
/// (tessel-lower-to-linalg), then describeKernel. Failure where the lowering
/// fails or there is no such function.
inline FailureOr<KernelDesc> describeLowered(ModuleOp module, StringRef name) {
  OwningOpRef<ModuleOp> lowered = module.clone();
  PassManager pm(module.getContext());
  pm.addPass(createTesselLowerToLinalg());
  if (failed(pm.run(*lowered)))
    return failure();
  auto func = lowered->lookupSymbol<func::FuncOp>(name);
  if (!func)
    return failure();
  return describeKernel(func);
}

/// The same for the module parsed from `source`; failure where it does not
/// parse either.
inline FailureOr<KernelDesc> describeLowered(MLIRContext &context,
                                             StringRef source, StringRef name) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return failure();
  return describeLowered(*module, name);
}

} // namespace mlir::tessel::unit

#endif // TESSEL_TEST_UNIT_PASSES_TESSELCONTEXT_H
