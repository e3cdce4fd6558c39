//===- tessel-opt.cpp - Tessel's mlir-opt
//----------------------------------===//
//
// The modular optimizer driver with the Tessel dialect and passes registered
// next to all upstream dialects, passes and extensions, and the GPU-to-LLVM-IR
// translations that gpu-module-to-binary needs. Every Tessel stage can be run
// alone through it on a lit input.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tessel/TesselDialect.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tessel::TesselDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::registerAllPasses();
  mlir::tessel::registerTesselPasses();
  mlir::tessel::registerTesselPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tessel optimizer driver\n", registry));
}
