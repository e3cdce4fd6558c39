//===- TesselDialect.cpp - Tessel dialect registration
//---------------------===//
//
// Registers the ops and attributes and checks the dialect's discardable
// attributes (`tessel.target` on any op) wherever they appear.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

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
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  if (name == kTargetAttrName) {
    if (!isa<TargetAttr>(value))
      return op->emitError()
             << "'" << name << "' must be a #tessel.target, got " << value;
    return success();
  }
  if (name == kKernelAttrName || name == kScheduleAttrName) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitError()
             << "'" << name << "' belongs on a function (an outlined kernel)";
    if (name == kKernelAttrName && !isa<UnitAttr>(value))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    if (name == kScheduleAttrName && !isa<ScheduleAttr>(value))
      return op->emitError()
             << "'" << name << "' must be a #tessel.schedule, got " << value;
    return success();
  }
  if (name == kPredictionAttrName || name == kCandidatesAttrName) {
    if (!isa<KernelOp, FunctionOpInterface>(op))
      return op->emitError()
             << "'" << name << "' belongs on a tessel.kernel or a function";
    if (name == kPredictionAttrName && !isa<PredictionAttr>(value))
      return op->emitError()
             << "'" << name << "' must be a #tessel.prediction, got " << value;
    auto list = dyn_cast<ArrayAttr>(value);
    if (name == kCandidatesAttrName &&
        (!list || !llvm::all_of(list, llvm::IsaPred<ScheduleAttr>)))
      return op->emitError()
             << "'" << name << "' must be an array of #tessel.schedule";
    return success();
  }
  if (name == kUnpricedAttrName) {
    if (!isa<KernelOp, FunctionOpInterface>(op))
      return op->emitError()
             << "'" << name << "' belongs on a tessel.kernel or a function";
    if (!isa<StringAttr>(value))
      return op->emitError()
             << "'" << name << "' must be a string, got " << value;
    return success();
  }
  if (name == kTmaCopyAttrName || name == kWgmmaStepAttrName) {
    if (!isa<UnitAttr>(value) || op->getNumRegions() != 1)
      return op->emitError()
             << "'" << name << "' is a unit attribute of a linalg op";
    return success();
  }
  if (name == kWarpgroupMmaAttrName) {
    auto kind = dyn_cast<StringAttr>(value);
    if ((!isa<UnitAttr>(value) && (!kind || kind != kWarpgroupKStep)) ||
        !isa<LoopLikeOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' is a unit attribute of a loop, or the "
                                "string \""
                             << kWarpgroupKStep << "\" on a K step's";
    return success();
  }
  if (name == kSharedAccumulatorsAttrName) {
    if (!isa<UnitAttr>(value) || !isa<LoopLikeOpInterface>(op))
      return op->emitError()
             << "'" << name << "' is a unit attribute of a loop";
    return success();
  }
  if (name == kPerThreadAttrName) {
    // (By name: the dialect does not depend on memref's.)
    StringRef opName = op->getName().getStringRef();
    if (!isa<UnitAttr>(value) ||
        (opName != "memref.alloc" && opName != "memref.alloca"))
      return op->emitError() << "'" << name
                             << "' is a unit attribute of a memref.alloc "
                                "(or the memref.alloca it may become)";
    return success();
  }
  if (name == kSwizzledTileAttrName) {
    // (By name: the dialect does not depend on memref's.)
    if (!isa<UnitAttr>(value) || op->getName().getStringRef() !=
                                     "memref.extract_aligned_pointer_as_index")
      return op->emitError() << "'" << name
                             << "' is a unit attribute of a "
                                "memref.extract_aligned_pointer_as_index";
    return success();
  }
  if (name == kWgmmaAsmAttrName) {
    // (By name: the dialect does not depend on LLVM's.)
    auto kind = dyn_cast<StringAttr>(value);
    if (!kind || op->getName().getStringRef() != "llvm.inline_asm" ||
        !llvm::is_contained(kWgmmaAsmKinds, kind.getValue()))
      return op->emitError()
             << "'" << name
             << "' is a string attribute of an llvm.inline_asm: \"fence\", "
                "\"mma\", \"commit\" or \"wait\"";
    return success();
  }
  if (name == kSumInKernelAttrName) {
    auto apart = dyn_cast<BoolAttr>(value);
    if (!(isa<ScheduleAttr>(value) || (apart && !apart.getValue())) ||
        !isa<KernelOp>(op))
      return op->emitError() << "'" << name
                             << "' is a #tessel.schedule (the sum in the "
                                "partial kernel) or false (in a kernel of its "
                                "own) on a tessel.kernel";
    return success();
  }
  if (name == kSplitPartAttrName) {
    auto dict = dyn_cast<DictionaryAttr>(value);
    auto part = dict ? dict.getAs<StringAttr>("part") : StringAttr();
    if (!isa<FunctionOpInterface>(op) || !dict ||
        !dict.getAs<StringAttr>("kernel") || !dict.getAs<TypeAttr>("type") ||
        !part || (part.getValue() != "partial" && part.getValue() != "sum") ||
        !dict.getAs<DenseI64ArrayAttr>("args") ||
        !dict.getAs<IntegerAttr>("splits"))
      return op->emitError()
             << "'" << name
             << "' is a dictionary on a function: kernel (a string), type, "
                "part (\"partial\" or \"sum\"), args (an i64 array) and "
                "splits";
    return success();
  }
  return op->emitError() << "unknown Tessel attribute '" << name
                         << "' (the dialect defines '" << kTargetAttrName
                         << "', '" << kKernelAttrName << "', '"
                         << kScheduleAttrName << "', '" << kPredictionAttrName
                         << "', '" << kCandidatesAttrName << "', '"
                         << kUnpricedAttrName << "', '" << kTmaCopyAttrName
                         << "', '" << kWgmmaStepAttrName << "', '"
                         << kSharedAccumulatorsAttrName << "', '"
                         << kWarpgroupMmaAttrName << "', '"
                         << kPerThreadAttrName << "', '"
                         << kSwizzledTileAttrName << "', '" << kWgmmaAsmAttrName
                         << "', '" << kSumInKernelAttrName << "' and '"
                         << kSplitPartAttrName << "')";
}
