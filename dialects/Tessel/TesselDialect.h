//===- TesselDialect.h - The Tessel dialect, its attributes and ops -*- C++
//-*-===//
//
// The one header users of the dialect include: the dialect class, the enums,
// `#tessel.target` and `#tessel.schedule`, and every op, all generated from
// the .td files beside it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TESSEL_TESSELDIALECT_H
#define TESSEL_DIALECTS_TESSEL_TESSELDIALECT_H

#include "costmodel/Target.h"
#include "dialects/Tessel/TesselTraits.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/Tessel/TesselDialect.h.inc"
#include "dialects/Tessel/TesselEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Tessel/TesselAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/Tessel/TesselOps.h.inc"

namespace mlir::tessel {
/// Formats a shape or tile as "[a, b, c]" for diagnostics.
std::string formatShape(ArrayRef<int64_t> shape);

/// The GPU `module` names in `tessel.target`, resolved. Emits an error that
/// names `pass` (which needs it) and fails when there is none.
FailureOr<Target> getModuleTarget(ModuleOp module, StringRef pass);
} // namespace mlir::tessel

#endif // TESSEL_DIALECTS_TESSEL_TESSELDIALECT_H
