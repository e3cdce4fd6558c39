//===- BlockLoops.h - One loop over a block loop's blocks -------*- C++ -*-===//
//
// tessel-map-to-gpu (a grid of more than three loops) and
// tessel-raster-blocks (blocks in groups of rows) both replace a kernel's
// block scf.forall by one loop over linear block ids (the grid's x) whose
// id is split back into the loops' indices; this is their shared part,
// with the test for a block loop that they and tessel-tile-and-fuse use,
// and the mapping of a block's thread loops by linear thread ids that
// tessel-map-to-gpu and tessel-combine-split-k use.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_BLOCKLOOPS_H
#define TESSEL_PASSES_BLOCKLOOPS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tessel {

/// Whether `forall` is a kernel's block loop (mapped to GPU blocks).
inline bool isBlockLoop(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && llvm::any_of(*mapping, [](Attribute a) {
           return isa<gpu::GPUBlockMappingAttr>(a);
         });
}

/// Maps every thread loop inside `root` by linear thread ids: x, y and z
/// become linear dims 0, 1 and 2 (the same order: linear dim 0 varies
/// fastest), so that the loops fit any block of as many threads.
inline void linearizeThreadLoops(Operation *root) {
  root->walk([](scf::ForallOp f) {
    std::optional<ArrayAttr> mappings = f.getMapping();
    if (!mappings || mappings->empty() ||
        !isa<gpu::GPUThreadMappingAttr>((*mappings)[0]))
      return;
    SmallVector<Attribute> linear;
    for (Attribute a : *mappings) {
      auto mapping = dyn_cast<gpu::GPUThreadMappingAttr>(a);
      if (!mapping || mapping.isLinearMapping()) {
        linear.push_back(a);
        continue;
      }
      auto id = static_cast<gpu::MappingId>(
          static_cast<int64_t>(gpu::MappingId::LinearDim0) +
          mapping.getMappingId());
      linear.push_back(gpu::GPUThreadMappingAttr::get(f.getContext(), id));
    }
    f.setMappingAttr(ArrayAttr::get(f.getContext(), linear));
  });
}

/// A block loop's bounds and steps, each set where all are constants.
struct BlockLoopBounds {
  explicit BlockLoopBounds(scf::ForallOp blocks)
      : lbs(getConstantIntValues(blocks.getMixedLowerBound())),
        ubs(getConstantIntValues(blocks.getMixedUpperBound())),
        steps(getConstantIntValues(blocks.getMixedStep())) {}
  bool isStatic() const { return lbs && ubs && steps; }
  /// From 0 by 1 (isStatic() must hold).
  bool fromZeroByOne() const {
    return llvm::all_of(*lbs, [](int64_t v) { return v == 0; }) &&
           llvm::all_of(*steps, [](int64_t v) { return v == 1; });
  }
  std::optional<SmallVector<int64_t>> lbs, ubs, steps;
};

/// Replaces `blocks` (bufferized, from 0 by 1) by one scf.forall over its
/// `total` blocks mapped to linear_dim_0, whose body is `blocks`'s with the
/// induction variables replaced by the indices `split` builds, at the start
/// of the new body, from the linear id. Returns the new loop.
inline scf::ForallOp linearizeBlockLoop(
    scf::ForallOp blocks, int64_t total,
    function_ref<SmallVector<Value>(RewriterBase &, Location, Value)> split) {
  MLIRContext *ctx = blocks.getContext();
  IRRewriter rewriter(ctx);
  rewriter.setInsertionPoint(blocks);
  ArrayAttr mapping = rewriter.getArrayAttr(
      {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::LinearDim0)});
  auto flat = scf::ForallOp::create(
      rewriter, blocks.getLoc(),
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(total)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)}, ValueRange{}, mapping);
  Block *body = flat.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.setInsertionPointToStart(body);
  SmallVector<Value> indices =
      split(rewriter, blocks.getLoc(), flat.getInductionVar(0));
  rewriter.mergeBlocks(blocks.getBody(), body, indices);
  rewriter.eraseOp(blocks);
  return flat;
}

} // namespace mlir::tessel

#endif // TESSEL_PASSES_BLOCKLOOPS_H
