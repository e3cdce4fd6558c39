//===- SetTarget.cpp - tessel-set-target
//-----------------------------------===//
//
// Attaches `#tessel.target` to the module. This is the one place the target a
// user names on the command line enters the IR; everything downstream reads
// the attribute.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELSETTARGET
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

struct SetTargetPass : public tessel::impl::TesselSetTargetBase<SetTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (target.empty()) {
      module.emitError() << "tessel-set-target needs a target: "
                            "--tessel-set-target=target=NAME (or a .json file)";
      return signalPassFailure();
    }
    std::string error;
    TargetAttr attr = TargetAttr::fromSpec(&getContext(), target, error);
    if (!attr) {
      module.emitError() << error;
      return signalPassFailure();
    }

    StringRef key = TesselDialect::kTargetAttrName;
    if (auto existing = module->getAttrOfType<TargetAttr>(key);
        existing && existing != attr && !replaceExisting) {
      module.emitError() << "module already targets " << existing
                         << "; pass override=true to replace it with " << attr;
      return signalPassFailure();
    }
    module->setAttr(key, attr);
  }
};

} // namespace
