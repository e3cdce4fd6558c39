//===- RasterBlocks.cpp - tessel-raster-blocks ----------------------------===//
//
// A schedule's `raster = G`: the block loop becomes one loop over linear
// block ids, split back into the tiles' indices so that consecutive ids (the
// blocks the GPU starts together) walk down G rows of tiles before moving to
// the next column. The cost model's waves (model::rasterBlock in
// costmodel/Terms.cpp) use the same arithmetic.
//
//===----------------------------------------------------------------------===//

#include "passes/BlockLoops.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELRASTERBLOCKS
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// Rewrites `blocks` (from 0 by 1 over static counts, bufferized) into one
/// loop over its blocks' linear ids, the last two loops walked in groups of
/// `group` rows.
LogicalResult rasterize(scf::ForallOp blocks, int64_t group) {
  BlockLoopBounds bounds(blocks);
  if (!bounds.isStatic())
    return blocks.emitOpError()
           << "must have static block counts for raster = " << group;
  if (!blocks.getOutputs().empty())
    return blocks.emitOpError()
           << "must be bufferized before tessel-raster-blocks";
  if (!bounds.fromZeroByOne())
    return blocks.emitOpError()
           << "must run from 0 by 1 for raster = " << group;
  ArrayRef<int64_t> ubs = *bounds.ubs;
  size_t rank = ubs.size();
  if (rank < 2)
    return blocks.emitOpError() << "has one loop of blocks: raster = " << group
                                << " groups rows of tiles of two loops";
  int64_t rows = ubs[rank - 2], cols = ubs[rank - 1];
  group = std::min(group, rows);
  if (group <= 1)
    return success();
  int64_t total = 1;
  for (int64_t u : ubs)
    total *= u;
  int64_t plane = rows * cols, span = group * cols;
  linearizeBlockLoop(
      blocks, total, [&](RewriterBase &rewriter, Location loc, Value id) {
        llvm::SmallDenseMap<int64_t, Value> constants;
        auto constant = [&](int64_t v) -> Value {
          Value &c = constants[v];
          if (!c)
            c = arith::ConstantIndexOp::create(rewriter, loc, v);
          return c;
        };
        SmallVector<Value> indices;
        Value local = id;
        if (rank > 2) {
          // Leading loops (a batch) vary slowest, a plane of tiles each.
          Value outer =
              arith::DivUIOp::create(rewriter, loc, id, constant(plane));
          local = arith::RemUIOp::create(rewriter, loc, id, constant(plane));
          auto outerIds = affine::AffineDelinearizeIndexOp::create(
              rewriter, loc, outer, ubs.drop_back(2));
          llvm::append_range(indices, outerIds.getResults());
        }
        // The group, its first row and its height (the last group may be
        // shorter), then the id within the group: row fastest.
        Value groupIndex =
            arith::DivUIOp::create(rewriter, loc, local, constant(span));
        Value first =
            arith::MulIOp::create(rewriter, loc, groupIndex, constant(group));
        Value height = constant(group);
        if (rows % group)
          height = arith::MinUIOp::create(
              rewriter, loc,
              arith::SubIOp::create(rewriter, loc, constant(rows), first),
              height);
        Value within =
            arith::RemUIOp::create(rewriter, loc, local, constant(span));
        indices.push_back(arith::AddIOp::create(
            rewriter, loc, first,
            arith::RemUIOp::create(rewriter, loc, within, height)));
        indices.push_back(
            arith::DivUIOp::create(rewriter, loc, within, height));
        return indices;
      });
  return success();
}

struct RasterBlocksPass
    : public tessel::impl::TesselRasterBlocksBase<RasterBlocksPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto schedule =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    if (!schedule || schedule.getRaster() == 1)
      return;
    SmallVector<scf::ForallOp> loops;
    for (auto forall : func.getBody().getOps<scf::ForallOp>())
      if (isBlockLoop(forall))
        loops.push_back(forall);
    if (loops.empty()) {
      func.emitOpError() << "has raster = " << schedule.getRaster()
                         << " but no scf.forall mapped to GPU blocks (run "
                            "tessel-tile-and-fuse first)";
      return signalPassFailure();
    }
    for (scf::ForallOp blocks : loops)
      if (failed(rasterize(blocks, schedule.getRaster())))
        return signalPassFailure();
  }
};

} // namespace
