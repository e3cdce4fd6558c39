//===- IndexRange.cpp - Static bounds of index values -------------------===//
//
// Interval arithmetic over the index computations tiling leaves (constants,
// affine.apply / min / max): enough to bound the sizes of remainder tiles.
//
//===----------------------------------------------------------------------===//

#include "passes/IndexRange.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tessel;

namespace {

using Range = IndexRange;

Range add(Range a, Range b) {
  auto sum = [](std::optional<int64_t> x, std::optional<int64_t> y) {
    return x && y ? std::optional<int64_t>(*x + *y) : std::nullopt;
  };
  return {sum(a.lo, b.lo), sum(a.hi, b.hi)};
}

Range scale(Range a, int64_t c) {
  auto mul = [&](std::optional<int64_t> x) {
    return x ? std::optional<int64_t>(*x * c) : std::nullopt;
  };
  return c >= 0 ? Range{mul(a.lo), mul(a.hi)} : Range{mul(a.hi), mul(a.lo)};
}

/// The range of an affine expression over operand ranges (interval
/// arithmetic; unbounded where it cannot tell).
Range rangeOf(AffineExpr e, ArrayRef<Range> dims, ArrayRef<Range> symbols) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return {c.getValue(), c.getValue()};
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return dims[d.getPosition()];
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return symbols[s.getPosition()];
  auto bin = cast<AffineBinaryOpExpr>(e);
  Range l = rangeOf(bin.getLHS(), dims, symbols);
  Range r = rangeOf(bin.getRHS(), dims, symbols);
  auto constant = [](Range x) -> std::optional<int64_t> {
    return x.lo && x.hi && *x.lo == *x.hi ? x.lo : std::nullopt;
  };
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return add(l, r);
  case AffineExprKind::Mul:
    if (std::optional<int64_t> c = constant(r))
      return scale(l, *c);
    if (std::optional<int64_t> c = constant(l))
      return scale(r, *c);
    return {};
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv: {
    std::optional<int64_t> c = constant(r);
    if (!c || *c <= 0)
      return {};
    bool ceil = e.getKind() == AffineExprKind::CeilDiv;
    auto div = [&](std::optional<int64_t> x) -> std::optional<int64_t> {
      if (!x)
        return std::nullopt;
      return ceil ? llvm::divideCeilSigned(*x, *c)
                  : llvm::divideFloorSigned(*x, *c);
    };
    return {div(l.lo), div(l.hi)};
  }
  case AffineExprKind::Mod:
    if (std::optional<int64_t> c = constant(r); c && *c > 0)
      return {0, *c - 1};
    return {};
  default:
    return {};
  }
}

/// The range of an index value: constants, and affine.min / max / apply of
/// values whose range is known (enough for the sizes of remainder tiles).
/// Upstream's ValueBoundsConstraintSet gives up on these sizes: tiling a
/// tile again makes semi-affine maps (d0 * (s0 ceildiv 32)), which it cannot
/// represent, while an interval per value still bounds them.
Range rangeOfValue(Value v, int depth);

/// The range of dim `dim` of the tensor `t`: static, or the size it was
/// given (an extract_slice's, a tensor.empty's or alloc_tensor's), through
/// ops that write into their init and loops that carry it.
Range rangeOfDimAt(Value t, int64_t dim, int depth) {
  for (; depth <= 16; ++depth) {
    auto type = dyn_cast<RankedTensorType>(t.getType());
    if (!type || dim < 0 || dim >= type.getRank())
      return {};
    if (!type.isDynamicDim(dim))
      return {type.getDimSize(dim), type.getDimSize(dim)};
    if (auto arg = dyn_cast<BlockArgument>(t)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (auto forall = dyn_cast<scf::ForallOp>(owner)) {
        OpOperand *init = forall.getTiedOpOperand(arg);
        if (!init)
          return {};
        t = init->get();
      } else if (auto loop = dyn_cast<scf::ForOp>(owner)) {
        OpOperand *init = loop.getTiedLoopInit(arg);
        if (!init)
          return {};
        t = init->get();
      } else {
        return {};
      }
      continue;
    }
    Operation *def = t.getDefiningOp();
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(def)) {
      llvm::SmallBitVector dropped = slice.getDroppedDims();
      int64_t sourceDim = -1;
      for (int64_t seen = -1; seen < dim;)
        if (!dropped.test(++sourceDim))
          ++seen;
      return rangeOfValue(slice.getDynamicSize(sourceDim), depth + 1);
    }
    if (auto empty = dyn_cast<tensor::EmptyOp>(def))
      return rangeOfValue(empty.getDynamicSize(dim), depth + 1);
    if (auto loop = dyn_cast<LoopLikeOpInterface>(def)) {
      unsigned n = cast<OpResult>(t).getResultNumber();
      auto args = loop.getRegionIterArgs();
      OpOperand *init =
          n < args.size() ? loop.getTiedLoopInit(args[n]) : nullptr;
      if (!init)
        return {};
      t = init->get();
      continue;
    }
    auto dps = dyn_cast_if_present<DestinationStyleOpInterface>(def);
    if (!dps)
      return {};
    t = dps.getTiedOpOperand(cast<OpResult>(t))->get();
  }
  return {};
}

Range rangeOfValue(Value v, int depth) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return {*c, *c};
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return {};
  if (auto dim = dyn_cast<tensor::DimOp>(def)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    return index ? rangeOfDimAt(dim.getSource(), *index, depth + 1) : Range();
  }
  if (auto dim = dyn_cast<memref::DimOp>(def)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    auto type = cast<MemRefType>(dim.getSource().getType());
    if (!index || *index < 0 || *index >= type.getRank())
      return {};
    if (!type.isDynamicDim(*index))
      return {type.getDimSize(*index), type.getDimSize(*index)};
    // A view that sets its sizes (reinterpret_cast; a subview that keeps
    // every dim): the size it was given.
    auto view = dim.getSource().getDefiningOp<OffsetSizeAndStrideOpInterface>();
    if (!view || view.getMixedSizes().size() != size_t(type.getRank()))
      return {};
    OpFoldResult size = view.getMixedSizes()[*index];
    if (auto value = dyn_cast<Value>(size))
      return rangeOfValue(value, depth + 1);
    return {getConstantIntValue(size), getConstantIntValue(size)};
  }
  auto operandRanges = [&](AffineMap map, ValueRange operands,
                           SmallVector<Range> &dims,
                           SmallVector<Range> &symbols) {
    for (auto [i, operand] : llvm::enumerate(operands))
      (i < map.getNumDims() ? dims : symbols)
          .push_back(rangeOfValue(operand, depth + 1));
  };
  auto resultRanges = [&](AffineMap map, ValueRange operands) {
    SmallVector<Range> dims, symbols, results;
    operandRanges(map, operands, dims, symbols);
    for (AffineExpr e : map.getResults())
      results.push_back(rangeOf(e, dims, symbols));
    return results;
  };
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def))
    return resultRanges(apply.getAffineMap(), apply.getMapOperands())[0];
  bool isMin = isa<affine::AffineMinOp>(def);
  if (!isMin && !isa<affine::AffineMaxOp>(def))
    return {};
  AffineMap map = isMin ? cast<affine::AffineMinOp>(def).getAffineMap()
                        : cast<affine::AffineMaxOp>(def).getAffineMap();
  SmallVector<Range> results = resultRanges(map, def->getOperands());
  // min: at most any result's upper end, at least the least lower end (all
  // known); max the mirror image.
  Range r;
  bool allLo = true, allHi = true;
  for (const Range &x : results) {
    allLo &= bool(x.lo);
    allHi &= bool(x.hi);
  }
  for (const Range &x : results) {
    if (isMin) {
      if (x.hi)
        r.hi = r.hi ? std::min(*r.hi, *x.hi) : *x.hi;
      if (allLo)
        r.lo = r.lo ? std::min(*r.lo, *x.lo) : *x.lo;
    } else {
      if (x.lo)
        r.lo = r.lo ? std::max(*r.lo, *x.lo) : *x.lo;
      if (allHi)
        r.hi = r.hi ? std::max(*r.hi, *x.hi) : *x.hi;
    }
  }
  return r;
}

} // namespace

IndexRange mlir::tessel::rangeOf(Value v) { return rangeOfValue(v, 0); }

IndexRange mlir::tessel::rangeOfDim(Value tensor, int64_t dim) {
  return rangeOfDimAt(tensor, dim, 0);
}

std::pair<Value, int64_t> mlir::tessel::splitConstantOffset(Value v) {
  int64_t constant = 0;
  while (true) {
    if (std::optional<int64_t> c = getConstantIntValue(v))
      return {Value(), constant + *c};
    auto add = v.getDefiningOp<arith::AddIOp>();
    if (!add)
      return {v, constant};
    if (std::optional<int64_t> c = getConstantIntValue(add.getRhs())) {
      constant += *c;
      v = add.getLhs();
    } else if (std::optional<int64_t> c = getConstantIntValue(add.getLhs())) {
      constant += *c;
      v = add.getRhs();
    } else {
      return {v, constant};
    }
  }
}
