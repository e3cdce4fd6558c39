//===- Script.cpp - The block level of tiling, as a transform script ------===//
//
// See Script.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/Script.h"

#include "passes/tiling/Cooperative.h"
#include "passes/tiling/KernelOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/TransformOps/LinalgTransformOps.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// Builds one root's part of the script inside the entry point, whose
/// argument is `func`.
class RootScriptBuilder {
public:
  RootScriptBuilder(ImplicitLocOpBuilder &b, Value func, int64_t threads)
      : b(b), func(func), threads(threads),
        anyOp(transform::AnyOpType::get(b.getContext())) {}

  void build(const RootTiling &r) {
    auto blocks = transform::TileUsingForallOp::create(
        b, match(r.root), r.blockSizes, transform::TileSizesSpec(),
        blockMapping(r.blockSizes));
    Value loop = blocks.getForallOp();
    SmallVector<Value> fused;
    for (int id : r.producers) {
      auto fuse = transform::FuseIntoContainingOp::create(b, match(id), loop);
      fused.push_back(fuse.getFusedOp());
      loop = fuse.getNewContainingOp();
    }
    // Cooperative reductions, farthest producer first.
    for (size_t i = r.producers.size(); i-- > 0;) {
      auto it = r.cooperative.find(r.producers[i]);
      if (it != r.cooperative.end())
        splitOverThreads(fused[i], it->second.first, it->second.second);
    }
    // Thread level: `numThreads` along the loops it names, mapped x
    // (innermost), y, z. (With a K step, C++ does it: tileContractionK.)
    // The producers join the thread loop in C++ (fuseIntoThreadLoop):
    // which copies of a producer a thread reads is only known then. (With
    // a vector width, C++ does this level too: see RootTiling::vector.)
    if (r.threadLevel && r.vector <= 1)
      transform::TileUsingForallOp::create(b, blocks.getTiledOp(), r.numThreads,
                                           transform::NumThreadsSpec(),
                                           threadMapping(r.numThreads));
  }

private:
  /// The handle of the op with tile id `id`.
  Value match(int id) {
    DictionaryAttr attrs = b.getDictionaryAttr(
        b.getNamedAttr(kTileIdAttr, b.getI64IntegerAttr(id)));
    return transform::MatchOp::create(b, anyOp, func, /*ops=*/ArrayAttr(),
                                      /*interface=*/nullptr, attrs,
                                      /*filter_result_type=*/TypeAttr(),
                                      /*filter_operand_types=*/ArrayAttr());
  }

  /// Linear block ids over the tiled (non-zero) loops, the innermost 0.
  ArrayAttr blockMapping(ArrayRef<int64_t> sizes) {
    int64_t tiled = llvm::count_if(sizes, [](int64_t s) { return s; });
    SmallVector<Attribute> mapping;
    for (int64_t i = 0; i < tiled; ++i)
      mapping.push_back(gpu::GPUBlockMappingAttr::get(
          b.getContext(), static_cast<gpu::MappingId>(
                              static_cast<int64_t>(gpu::MappingId::LinearDim0) +
                              tiled - 1 - i)));
    return b.getArrayAttr(mapping);
  }

  /// Threads x (innermost distributed loop), y, z.
  ArrayAttr threadMapping(ArrayRef<int64_t> numThreads) {
    int distributed = llvm::count_if(numThreads, [](int64_t n) { return n; });
    SmallVector<Attribute> mapping;
    for (int i = distributed - 1; i >= 0; --i)
      mapping.push_back(gpu::GPUThreadMappingAttr::get(
          b.getContext(), static_cast<gpu::MappingId>(i)));
    return b.getArrayAttr(mapping);
  }

  /// A cooperative reduction: each reduction read with a broadcast is split
  /// over all the block's threads (each reduces a chunk of the row into its
  /// slot of a block-level partials tensor), and its combining op replaces
  /// it for the threads that read it. Thread t reduces the t-th contiguous
  /// chunk of the row, which distributeCyclically then turns into every
  /// T-th element from t.
  void splitOverThreads(Value reduction, unsigned numLoops,
                        unsigned reductionDim) {
    SmallVector<int64_t> split(numLoops, 0);
    split[reductionDim] = threads;
    auto tiled = transform::TileReductionUsingForallOp::create(
        b, /*fill_op=*/TypeRange{anyOp}, /*split_op=*/anyOp,
        /*combining_op=*/anyOp, /*forall_op=*/anyOp, reduction,
        /*reduction_dims=*/b.getI64ArrayAttr({}), split,
        /*tile_sizes=*/ArrayRef<int64_t>(),
        b.getArrayAttr({gpu::GPUThreadMappingAttr::get(
            b.getContext(), gpu::MappingId::LinearDim0)}));
    transform::AnnotateOp::create(b, tiled.getCombiningOp(), kTreeAttr,
                                  Value());
    // Each thread initializes its own slot (an op fused into several
    // consumers at block level was split once per copy: pair them up).
    auto each = transform::ForeachOp::create(
        b, TypeRange(), ValueRange{tiled.getFillOp()[0], tiled.getForallOp()},
        /*with_zip_shortest=*/false);
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&each.getBody(), {}, {anyOp, anyOp},
                                {b.getLoc(), b.getLoc()});
    transform::FuseIntoContainingOp::create(b, body->getArgument(0),
                                            body->getArgument(1));
    transform::YieldOp::create(b);
  }

  ImplicitLocOpBuilder &b;
  Value func;
  int64_t threads;
  Type anyOp;
};

} // namespace

OwningOpRef<ModuleOp> tiling::buildTilingScript(MLIRContext *ctx,
                                                ArrayRef<RootTiling> roots,
                                                int64_t threads) {
  Location loc = UnknownLoc::get(ctx);
  OwningOpRef<ModuleOp> script = ModuleOp::create(loc);
  (*script)->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                     UnitAttr::get(ctx));
  OpBuilder b = OpBuilder::atBlockEnd(script->getBody());
  auto entry = transform::NamedSequenceOp::create(
      b, loc, transform::TransformDialect::kTransformEntryPointSymbolName,
      transform::AnyOpType::get(ctx), TypeRange(),
      [&](OpBuilder &nb, Location nloc, BlockArgument func) {
        ImplicitLocOpBuilder ib(nloc, nb);
        RootScriptBuilder rootBuilder(ib, func, threads);
        for (const RootTiling &r : roots)
          rootBuilder.build(r);
        // No clean-up here: the element level finds the thread tiles by
        // their tile ids, which canonicalization may drop.
        transform::YieldOp::create(ib);
      });
  // The payload is only read through the argument (set here: the builder
  // drops the argument attributes it is given).
  entry.setArgAttr(0, transform::TransformDialect::kArgReadOnlyAttrName,
                   b.getUnitAttr());
  return script;
}

LogicalResult tiling::applyTilingScript(func::FuncOp func, ModuleOp script) {
  return transform::applyTransformNamedSequence(
      func,
      script.lookupSymbol(
          transform::TransformDialect::kTransformEntryPointSymbolName),
      script, transform::TransformOptions());
}
