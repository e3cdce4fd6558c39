//===- TesselContext.h - an MLIRContext for the passes' unit tests --------===//
//
// The MLIR-linked unit tests of the passes parse Tessel modules and run
// passes on them: every upstream dialect and extension, and Tessel's.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TEST_UNIT_PASSES_TESSELCONTEXT_H
#define TESSEL_TEST_UNIT_PASSES_TESSELCONTEXT_H

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

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

} // namespace mlir::tessel::unit

#endif // TESSEL_TEST_UNIT_PASSES_TESSELCONTEXT_H
