//===- Pipelining.cpp - Software pipelining of a K step's copies ----------===//
//
// See Pipelining.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/Pipelining.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

FailureOr<SetVector<Operation *>> tiling::stepSlice(scf::ForOp kLoop,
                                                    Operation *root) {
  Block *body = kLoop.getBody();
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  options.filter = [&](Operation *op) { return op->getBlock() == body; };
  if (!root || failed(getBackwardSlice(root, &slice, options)))
    return failure();
  return slice;
}

IRMapping tiling::cloneForStep(RewriterBase &rewriter,
                               const SetVector<Operation *> &slice, Value iv,
                               Value at) {
  IRMapping map;
  map.map(iv, at);
  for (Operation *op : slice)
    rewriter.clone(*op, map);
  return map;
}

FailureOr<SmallVector<StepCopy>>
tiling::pipelineCopies(RewriterBase &rewriter, scf::ForOp &kLoop, int64_t lb,
                       int64_t ub, int64_t st, MutableArrayRef<StepCopy> copies,
                       int64_t stages, int64_t pad) {
  Location loc = kLoop.getLoc();
  int64_t steps = (ub - lb + st - 1) / st;
  int64_t last = lb + (steps - 1) * st;
  Block *body = kLoop.getBody();
  MLIRContext *ctx = rewriter.getContext();

  // Buffer `slot` of a tile's buffers, viewed with the sizes of `tile`.
  struct SlotSlice {
    SmallVector<OpFoldResult> offsets, sizes, strides;
  };
  auto slotSlice = [&](Value tile, OpFoldResult slot) {
    int64_t rank = cast<RankedTensorType>(tile.getType()).getRank();
    SlotSlice v;
    v.offsets.assign(rank + 1, rewriter.getIndexAttr(0));
    v.offsets[0] = slot;
    v.sizes = {rewriter.getIndexAttr(1)};
    llvm::append_range(v.sizes, tensor::getMixedSizes(rewriter, loc, tile));
    v.strides.assign(rank + 1, rewriter.getIndexAttr(1));
    return v;
  };

  // Clones what `source` (an operand tile of the step at kLoop's induction
  // variable) is computed from in the loop body, for step `at`, and copies
  // it into buffer `slot` of `buffers`; returns the copy and the buffers
  // after it.
  auto copyStep =
      [&](Value source, Value at, OpFoldResult slot,
          Value buffers) -> FailureOr<std::pair<linalg::CopyOp, Value>> {
    FailureOr<SetVector<Operation *>> slice =
        stepSlice(kLoop, source.getDefiningOp());
    if (failed(slice))
      return failure();
    IRMapping map = cloneForStep(rewriter, *slice, kLoop.getInductionVar(), at);
    Value tile = map.lookupOrDefault(source);
    SlotSlice at0 = slotSlice(tile, slot);
    Value dest = tensor::ExtractSliceOp::create(
        rewriter, loc, cast<RankedTensorType>(tile.getType()), buffers,
        at0.offsets, at0.sizes, at0.strides);
    auto copy = linalg::CopyOp::create(rewriter, loc, tile, dest);
    Value updated =
        tensor::InsertSliceOp::create(rewriter, loc, copy.getResult(0), buffers,
                                      at0.offsets, at0.sizes, at0.strides);
    return std::make_pair(copy, updated);
  };

  // The buffers, and the prologue, step by step (each step's copies are
  // one stage of the pipeline: tessel-async-copies counts them so).
  SmallVector<StepCopy> out;
  SmallVector<Value> inits;
  rewriter.setInsertionPoint(kLoop);
  for (StepCopy &c : copies) {
    auto type = cast<RankedTensorType>(c.copy.getInputs()[0].getType());
    SmallVector<int64_t> shape = {stages};
    llvm::append_range(shape, c.bounds);
    shape.back() += pad;
    inits.push_back(bufferization::AllocTensorOp::create(
        rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
        ValueRange{}));
  }
  for (int64_t s = 0; s + 1 < stages; ++s) {
    Value at = arith::ConstantIndexOp::create(rewriter, loc,
                                              lb + std::min(s, steps - 1) * st);
    for (auto [c, buffers] : llvm::zip(copies, inits)) {
      FailureOr<std::pair<linalg::CopyOp, Value>> copied = copyStep(
          c.copy.getInputs()[0], at, rewriter.getIndexAttr(s), buffers);
      if (failed(copied))
        return failure();
      out.push_back({copied->first, c.bounds, c.width});
      buffers = copied->second;
    }
  }

  // The loop carries them.
  FailureOr<LoopLikeOpInterface> grown =
      cast<LoopLikeOpInterface>(kLoop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
              [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
                return SmallVector<Value>(args.begin(), args.end());
              });
  if (failed(grown))
    return failure();
  kLoop = cast<scf::ForOp>(grown->getOperation());
  body = kLoop.getBody();
  Value iv = kLoop.getInductionVar();
  unsigned first = kLoop.getNumRegionIterArgs() - copies.size();
  auto yield = cast<scf::YieldOp>(body->getTerminator());

  // Step k: copy step min(k + S - 1, last) into buffer (k + S - 1) mod S,
  // then read buffer k mod S.
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  AffineExpr index = (d0 - lb).floorDiv(st);
  for (size_t i = 0; i < copies.size(); ++i) {
    StepCopy &c = copies[i];
    rewriter.setInsertionPoint(c.copy);
    Value ahead = affine::AffineMinOp::create(
        rewriter, loc,
        AffineMap::get(
            1, 0, {d0 + (stages - 1) * st, getAffineConstantExpr(last, ctx)},
            ctx),
        ValueRange{iv});
    Value aheadSlot = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, (index + stages - 1) % stages),
        ValueRange{iv});
    Value slot = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, index % stages), ValueRange{iv});
    Value carried = kLoop.getRegionIterArgs()[first + i];
    Value source = c.copy.getInputs()[0];
    FailureOr<std::pair<linalg::CopyOp, Value>> prefetch =
        copyStep(source, ahead, aheadSlot, carried);
    if (failed(prefetch))
      return failure();
    Value updated = prefetch->second;
    out.push_back({prefetch->first, c.bounds, c.width});
    SlotSlice own = slotSlice(source, slot);
    Value current = tensor::ExtractSliceOp::create(
        rewriter, loc, cast<RankedTensorType>(source.getType()), updated,
        own.offsets, own.sizes, own.strides);
    rewriter.replaceAllUsesWith(c.copy.getResult(0), current);
    rewriter.modifyOpInPlace(yield,
                             [&] { yield->setOperand(first + i, updated); });
    // The step's own buffer is dead now; the clean-up would keep an unused
    // alloc_tensor (it would become shared memory), so it goes here.
    Value dest = c.copy.getOutputs()[0];
    rewriter.eraseOp(c.copy);
    while (Operation *def = dest.getDefiningOp()) {
      if (!def->use_empty() ||
          (!isPure(def) && !isa<bufferization::AllocTensorOp>(def)))
        break;
      Value next = def->getNumOperands() ? def->getOperand(0) : Value();
      rewriter.eraseOp(def);
      if (!next)
        break;
      dest = next;
    }
  }
  return out;
}
