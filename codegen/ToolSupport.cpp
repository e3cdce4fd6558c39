//===- ToolSupport.cpp - What Tessel's MLIR-based tools share
//--------------===//
//
// See ToolSupport.h.
//
//===----------------------------------------------------------------------===//

#include "codegen/ToolSupport.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

using namespace mlir;
using namespace mlir::tessel;

static DialectRegistry toolRegistry() {
  DialectRegistry registry;
  registry.insert<TesselDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  return registry;
}

ToolContext::ToolContext()
    : registry(toolRegistry()), mlirContext(registry),
      handler(sourceMgr, &mlirContext) {
  mlirContext.loadAllAvailableDialects();
  // A diagnostic points at the model's source line; a dump of the lowered
  // op it was raised on (often a whole kernel) would bury it.
  mlirContext.printOpOnDiagnostic(false);
}

OwningOpRef<ModuleOp> ToolContext::parse(StringRef path, std::string &error) {
  auto file = openInputFile(path, &error);
  if (!file)
    return {};
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, &mlirContext);
  if (!module)
    error = "cannot parse " + path.str();
  return module;
}

std::optional<Target> mlir::tessel::chooseTarget(ModuleOp module,
                                                 StringRef spec,
                                                 StringRef fallback,
                                                 std::string &error) {
  auto named =
      module->getAttrOfType<TargetAttr>(TesselDialect::kTargetAttrName);
  if (spec.empty() && named)
    return named.resolve(error);
  if (spec.empty())
    spec = fallback;
  if (spec.empty()) {
    error = "no target: pass --target=NAME or set tessel.target on the module";
    return std::nullopt;
  }
  TargetAttr attr = TargetAttr::fromSpec(module.getContext(), spec, error);
  if (!attr)
    return std::nullopt;
  if (named && named.getName() != attr.getName()) {
    error = "the module targets '" + named.getName().str() +
            "' but --target names '" + attr.getName().str() + "'";
    return std::nullopt;
  }
  module->setAttr(TesselDialect::kTargetAttrName, attr);
  return attr.resolve(error);
}
