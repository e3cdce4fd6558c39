//===- TesselDialect.cpp - Tessel dialect registration
//---------------------===//
//
// Registers the ops and attributes and checks the dialect's discardable
// attributes (`tessel.target` on any op) wherever they appear.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tessel/TesselDialect.h"

using namespace mlir;
using namespace mlir::tessel;

#include "dialects/Tessel/TesselDialect.cpp.inc"

void TesselDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/Tessel/TesselOps.cpp.inc"
      >();
  registerAttributes();
}

LogicalResult TesselDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == kTargetAttrName) {
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError()
             << "'" << kTargetAttrName << "' must be a #tessel.target, got "
             << attr.getValue();
    return success();
  }
  return op->emitError() << "unknown Tessel attribute '"
                         << attr.getName().getValue()
                         << "' (the dialect defines '" << kTargetAttrName
                         << "')";
}
