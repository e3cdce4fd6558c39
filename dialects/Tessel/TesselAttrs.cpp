//===- TesselAttrs.cpp - #tessel.target and #tessel.schedule
//---------------===//
//
// Resolution of target attributes against the cost model's table (or the
// description they carry), and the syntax and invariants of schedule
// attributes.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tessel;

#include "dialects/Tessel/TesselEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Tessel/TesselAttrs.cpp.inc"

void TesselDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/Tessel/TesselAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

/// Resolves a (name, description) pair; shared by the verifier and
/// `resolve`. Reads no file: a description is the attribute's own text.
static std::optional<Target> resolveTargetParams(StringRef name,
                                                 StringRef json,
                                                 std::string &error) {
  if (json.empty())
    return resolveTarget(name.str(), error);
  std::optional<Target> target =
      parseTargetJson(json.str(), "the description of '" + name.str() + "'",
                      error);
  if (target && target->name() != name) {
    error = "the target description describes '" + target->name() +
            "', not '" + name.str() + "'";
    return std::nullopt;
  }
  return target;
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef name, StringRef json) {
  std::string error;
  if (!resolveTargetParams(name, json, error))
    return emitError() << error;
  return success();
}

std::optional<Target> TargetAttr::resolve(std::string &error) const {
  return resolveTargetParams(getName(), getJson(), error);
}

FailureOr<Target> mlir::tessel::getModuleTarget(ModuleOp module,
                                                StringRef pass) {
  auto attr = module->getAttrOfType<TargetAttr>(TesselDialect::kTargetAttrName);
  if (!attr)
    return module.emitError()
           << pass << " needs the GPU target: set 'tessel.target' on the "
           << "module (tessel-set-target)";
  std::string error;
  std::optional<Target> target = attr.resolve(error);
  if (!target)
    return module.emitError() << error;
  return *target;
}

TargetAttr TargetAttr::fromSpec(MLIRContext *context, StringRef spec,
                                std::string &error) {
  std::optional<Target> target = resolveTarget(spec.str(), error);
  if (!target)
    return {};
  std::string json =
      spec.ends_with(".json") ? targetToJson(*target, /*compact=*/true) : "";
  return TargetAttr::get(context, target->name(), json);
}

//===----------------------------------------------------------------------===//
// ScheduleAttr
//===----------------------------------------------------------------------===//

namespace {
/// Defaults for the scalar knobs a schedule may leave out.
constexpr int64_t kDefaultWarps = 4;
constexpr int64_t kDefaultStages = 1;
constexpr int64_t kDefaultSplitK = 1;
constexpr int64_t kDefaultVector = 1;
} // namespace

static void printTile(AsmPrinter &printer, StringRef key,
                      ArrayRef<int64_t> tile) {
  printer << key << " = [";
  llvm::interleaveComma(tile, printer);
  printer << "]";
}

void ScheduleAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printTile(printer, "block", getBlock());
  if (!getWarp().empty())
    printTile(printer << ", ", "warp", getWarp());
  if (!getThread().empty())
    printTile(printer << ", ", "thread", getThread());
  printer << ", warps = " << getWarps() << ", stages = " << getStages()
          << ", split_k = " << getSplitK();
  if (getRaster() != 1)
    printer << ", raster = " << getRaster();
  if (getCluster() != 1)
    printer << ", cluster = " << getCluster();
  printer << ", vector = " << getVector()
          << ", mma = " << stringifyInstructionClass(getMma()) << ">";
}

Attribute ScheduleAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> block, warp, thread;
  int64_t warps = kDefaultWarps, stages = kDefaultStages,
          splitK = kDefaultSplitK, vector = kDefaultVector, raster = 1,
          cluster = 1;
  InstructionClass mma = InstructionClass::Simt;
  llvm::StringSet<> seen;

  auto parseTile = [&](SmallVectorImpl<int64_t> &tile) -> ParseResult {
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
      return parser.parseInteger(tile.emplace_back());
    });
  };
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(loc)
             << "schedule key '" << key << "' appears twice";
    if (key == "block")
      return parseTile(block);
    if (key == "warp")
      return parseTile(warp);
    if (key == "thread")
      return parseTile(thread);
    if (key == "warps")
      return parser.parseInteger(warps);
    if (key == "stages")
      return parser.parseInteger(stages);
    if (key == "split_k")
      return parser.parseInteger(splitK);
    if (key == "vector")
      return parser.parseInteger(vector);
    if (key == "raster")
      return parser.parseInteger(raster);
    if (key == "cluster")
      return parser.parseInteger(cluster);
    if (key == "mma") {
      StringRef name;
      SMLoc nameLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&name))
        return failure();
      std::optional<InstructionClass> cls = symbolizeInstructionClass(name);
      if (!cls)
        return parser.emitError(nameLoc)
               << "unknown instruction class '" << name
               << "' (expected simt, mma_sync, wgmma or mfma)";
      mma = *cls;
      return success();
    }
    return parser.emitError(loc)
           << "unknown schedule key '" << key
           << "' (expected block, warp, thread, warps, stages, split_k, "
              "raster, cluster, vector or mma)";
  };

  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseEntry))
    return {};
  if (!seen.contains("block")) {
    parser.emitError(loc) << "schedule needs a 'block' tile";
    return {};
  }
  return parser.getChecked<ScheduleAttr>(loc, parser.getContext(), block, warp,
                                         thread, warps, stages, splitK, vector,
                                         mma, raster, cluster);
}

/// The largest size of a schedule's tile.
constexpr int64_t kMaxTileSize = (int64_t(1) << 31) - 1;

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> block,
                                   ArrayRef<int64_t> warp,
                                   ArrayRef<int64_t> thread, int64_t warps,
                                   int64_t stages, int64_t splitK,
                                   int64_t vector, InstructionClass mma,
                                   int64_t raster, int64_t cluster) {
  if (block.empty())
    return emitError() << "schedule block tile is empty";
  for (auto [name, tile] : {std::pair{"block", block}, std::pair{"warp", warp},
                            std::pair{"thread", thread}})
    for (int64_t size : tile) {
      if (size <= 0)
        return emitError() << "schedule " << name << " tile "
                           << formatShape(tile)
                           << " has a size that is not positive";
      // A GPU grid spans at most 2^31 - 1 blocks along x, and no tile
      // needs more; bounding sizes keeps their products within 64 bits.
      if (size > kMaxTileSize)
        return emitError() << "schedule " << name << " tile "
                           << formatShape(tile) << " has a size above "
                           << kMaxTileSize << " (2^31 - 1)";
    }
  if (warps < 1 || warps > 32)
    return emitError() << "schedule warps = " << warps << " is outside [1, 32]";
  if (stages < 1 || stages > 16)
    return emitError() << "schedule stages = " << stages
                       << " is outside [1, 16]";
  if (splitK < 1)
    return emitError() << "schedule split_k = " << splitK
                       << " must be at least 1";
  // A group of more rows of tiles than a grid has is the grid's whole
  // column: any size up to the tile bound is well defined.
  if (raster < 1 || raster > kMaxTileSize)
    return emitError() << "schedule raster = " << raster
                       << " is outside [1, 2^31 - 1]";
  // Clusters pair blocks that share a TMA-loaded tile: warpgroup MMA's.
  if (cluster != 1 && cluster != 2)
    return emitError() << "schedule cluster = " << cluster << " is not 1 or 2";
  if (cluster != 1 && mma != InstructionClass::Wgmma)
    return emitError() << "schedule cluster = " << cluster
                       << " needs mma = wgmma (its B tiles are multicast by "
                          "TMA)";
  if (!llvm::is_contained({1, 2, 4, 8, 16}, vector))
    return emitError() << "schedule vector = " << vector
                       << " is not 1, 2, 4, 8 or 16";

  // Each finer tile has the block's rank and divides the tile above it.
  auto checkNested = [&](StringRef innerName, ArrayRef<int64_t> inner,
                         StringRef outerName,
                         ArrayRef<int64_t> outer) -> LogicalResult {
    if (inner.size() != outer.size())
      return emitError() << "schedule " << innerName << " tile "
                         << formatShape(inner) << " has rank " << inner.size()
                         << " but the " << outerName << " tile "
                         << formatShape(outer) << " has rank " << outer.size();
    for (auto [i, o] : llvm::zip_equal(inner, outer))
      if (o % i != 0)
        return emitError() << "schedule " << innerName << " tile "
                           << formatShape(inner) << " does not divide the "
                           << outerName << " tile " << formatShape(outer);
    return success();
  };
  if (!warp.empty()) {
    if (failed(checkNested("warp", warp, "block", block)))
      return failure();
    // Tiles are 64-bit, so the count of warp tiles can overflow.
    int64_t warpTiles = 1;
    bool overflow = false;
    for (auto [w, b] : llvm::zip_equal(warp, block))
      overflow |= __builtin_mul_overflow(warpTiles, b / w, &warpTiles);
    if (overflow || warpTiles != warps) {
      InFlightDiagnostic diag = emitError();
      diag << "schedule block tile " << formatShape(block) << " holds ";
      if (overflow)
        diag << "more than 2^63";
      else
        diag << warpTiles;
      return diag << " warp tiles of " << formatShape(warp)
                  << " but warps = " << warps;
    }
  }
  if (!thread.empty())
    return warp.empty() ? checkNested("thread", thread, "block", block)
                        : checkNested("thread", thread, "warp", warp);
  return success();
}
