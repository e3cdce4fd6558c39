//===- LowerToLinalg.cpp - tessel-lower-to-linalg
//--------------------------===//
//
// Lowers every Tessel op to linalg on tensors (linalg.generic with arith and
// math bodies, linalg.fill, linalg.transpose) plus tensor reshapes and pads,
// and outlines each `tessel.kernel` into a private func.func marked
// `tessel.kernel` that carries the kernel's `tessel.schedule`.
//
// Numerics follow what GPU kernels do: arithmetic happens in f32 whatever the
// storage type (f16/bf16 operands are extended on load and the result is
// truncated once, at the end), contractions accumulate in f32, and every
// multiply and add carries fastmath<contract> so that LLVM may form FMAs.
// Reductions, softmax and norms use f32 accumulators and two passes (max then
// sum for softmax, mean then centred variance for layer_norm).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/SplitReduction.h"
#include "passes/tiling/FusedAttention.h"
#include "passes/tiling/RowKernel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <numeric>

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELLOWERTOLINALG
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

using utils::IteratorType;
/// Builds a scalar f32 result from f32 scalar arguments inside a generic body.
using ScalarFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

constexpr arith::FastMathFlags kContract = arith::FastMathFlags::contract;

enum class Combiner { Sum, Max };

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

//===----------------------------------------------------------------------===//
// Scalar helpers (inside generic bodies)
//===----------------------------------------------------------------------===//

Value f32Const(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

/// Extends an f16/bf16 scalar to f32; f32 passes through.
Value toF32(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isF32())
    return v;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
}

/// Truncates an f32 scalar to `type`; f32 passes through.
Value fromF32(OpBuilder &b, Location loc, Value v, Type type) {
  if (type.isF32())
    return v;
  return arith::TruncFOp::create(b, loc, type, v);
}

Value add(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AddFOp::create(b, loc, x, y, kContract);
}
Value sub(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::SubFOp::create(b, loc, x, y, kContract);
}
Value mul(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::MulFOp::create(b, loc, x, y, kContract);
}
Value div(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::DivFOp::create(b, loc, x, y, kContract);
}

/// 1 / (1 + exp(-x)).
Value sigmoid(OpBuilder &b, Location loc, Value x) {
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return div(b, loc, f32Const(b, loc, 1.0),
             add(b, loc, f32Const(b, loc, 1.0), e));
}

Value gelu(OpBuilder &b, Location loc, Value x, GeluApproximation form) {
  Value half = mul(b, loc, x, f32Const(b, loc, 0.5));
  Value inner;
  if (form == GeluApproximation::Erf) {
    inner = math::ErfOp::create(b, loc,
                                mul(b, loc, x, f32Const(b, loc, M_SQRT1_2)));
  } else {
    // sqrt(2 / pi) * (x + 0.044715 x^3)
    Value x3 = mul(b, loc, mul(b, loc, x, x), x);
    Value poly = add(b, loc, x, mul(b, loc, x3, f32Const(b, loc, 0.044715)));
    inner = math::TanhOp::create(
        b, loc, mul(b, loc, poly, f32Const(b, loc, std::sqrt(2.0 / M_PI))));
  }
  return mul(b, loc, half, add(b, loc, f32Const(b, loc, 1.0), inner));
}

Value combine(OpBuilder &b, Location loc, Combiner kind, Value acc, Value v) {
  if (kind == Combiner::Sum)
    return add(b, loc, acc, v);
  return arith::MaximumFOp::create(b, loc, acc, v);
}

double identityOf(Combiner kind) {
  return kind == Combiner::Sum ? 0.0 : -INFINITY;
}

//===----------------------------------------------------------------------===//
// Tensor helpers
//===----------------------------------------------------------------------===//

Value filledTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   double value) {
  Value empty = tensor::EmptyOp::create(b, loc, shape, b.getF32Type());
  return linalg::FillOp::create(b, loc, ValueRange{f32Const(b, loc, value)},
                                ValueRange{empty})
      .getResult(0);
}

/// (d0, ..., dn-1) -> (di for each i with keep[i]).
AffineMap projectionMap(MLIRContext *ctx, ArrayRef<bool> keep) {
  SmallVector<AffineExpr> exprs;
  for (auto [i, k] : llvm::enumerate(keep))
    if (k)
      exprs.push_back(getAffineDimExpr(i, ctx));
  return AffineMap::get(keep.size(), 0, exprs, ctx);
}

/// The map of an operand broadcast numpy-style into `resultShape`: trailing
/// dims aligned, size-1 dims read at index 0.
AffineMap broadcastMap(MLIRContext *ctx, ArrayRef<int64_t> operandShape,
                       ArrayRef<int64_t> resultShape) {
  size_t offset = resultShape.size() - operandShape.size();
  SmallVector<AffineExpr> exprs;
  for (auto [i, size] : llvm::enumerate(operandShape))
    exprs.push_back(size == 1 && resultShape[offset + i] != 1
                        ? getAffineConstantExpr(0, ctx)
                        : getAffineDimExpr(offset + i, ctx));
  return AffineMap::get(resultShape.size(), 0, exprs, ctx);
}

/// An all-parallel generic over `resultType`'s shape. Inputs are read through
/// `inputMaps`, extended to f32 and passed to `fn`, whose f32 result is
/// stored in `resultType`'s element type.
Value buildParallel(OpBuilder &b, Location loc, ValueRange inputs,
                    ArrayRef<AffineMap> inputMaps, RankedTensorType resultType,
                    ScalarFn fn) {
  // A scalar (rank-0) result is computed as one element of a rank-1 tensor
  // and reshaped: a loop nest with no loop cannot be tiled onto a GPU.
  if (resultType.getRank() == 0) {
    SmallVector<AffineMap> maps1;
    for (AffineMap m : inputMaps)
      maps1.push_back(AffineMap::get(1, 0, m.getResults(), b.getContext()));
    auto one = RankedTensorType::get({1}, resultType.getElementType());
    Value v = buildParallel(b, loc, inputs, maps1, one, fn);
    return tensor::CollapseShapeOp::create(b, loc, resultType, v,
                                           SmallVector<ReassociationIndices>{});
  }
  int64_t rank = resultType.getRank();
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value init = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                       resultType.getElementType());
  SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> f32Args;
        for (Value arg : args.drop_back())
          f32Args.push_back(toF32(nb, nloc, arg));
        Value result = fn(nb, nloc, f32Args);
        linalg::YieldOp::create(
            nb, nloc, fromF32(nb, nloc, result, resultType.getElementType()));
      });
  return generic.getResult(0);
}

/// A loop nest over `resultType` with no input operand: `fn` builds each
/// element, in the result's element type, from the loops' indices
/// (linalg.index), reading what it needs itself (tensor.extract: a gather).
using IndexedFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;
Value buildIndexed(OpBuilder &b, Location loc, RankedTensorType resultType,
                   IndexedFn fn) {
  int64_t rank = resultType.getRank();
  Value init = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                       resultType.getElementType());
  SmallVector<IteratorType> iterators(rank, IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{}, ValueRange{init},
             SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)}, iterators,
             [&](OpBuilder &nb, Location nloc, ValueRange) {
               SmallVector<Value> at;
               for (int64_t d = 0; d < rank; ++d)
                 at.push_back(linalg::IndexOp::create(nb, nloc, d));
               linalg::YieldOp::create(nb, nloc, fn(nb, nloc, at));
             })
      .getResult(0);
}

/// A reduction over the dims of `reduced` (the iteration space is the shape of
/// inputs[0]): `fn` maps the f32 inputs to the value combined into an f32
/// accumulator of the kept dims, which is returned.
Value buildReduce(OpBuilder &b, Location loc, ValueRange inputs,
                  ArrayRef<AffineMap> inputMaps, ArrayRef<bool> reduced,
                  Combiner kind, ScalarFn fn) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> shape = tensorType(inputs[0]).getShape();
  SmallVector<bool> keep;
  SmallVector<int64_t> keptShape;
  SmallVector<IteratorType> iterators;
  for (auto [size, r] : llvm::zip_equal(shape, reduced)) {
    keep.push_back(!r);
    if (!r)
      keptShape.push_back(size);
    iterators.push_back(r ? IteratorType::reduction : IteratorType::parallel);
  }
  Value init = filledTensor(b, loc, keptShape, identityOf(kind));
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(projectionMap(ctx, keep));
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> f32Args;
        for (Value arg : args.drop_back())
          f32Args.push_back(toF32(nb, nloc, arg));
        Value v = fn(nb, nloc, f32Args);
        linalg::YieldOp::create(nb, nloc,
                                combine(nb, nloc, kind, args.back(), v));
      });
  return generic.getResult(0);
}

/// A multiply-accumulate contraction into a zero-filled f32 tensor of
/// `accShape`: out += lhs * rhs over the reduction iterators.
Value buildContraction(OpBuilder &b, Location loc, Value lhs, Value rhs,
                       ArrayRef<AffineMap> maps,
                       ArrayRef<IteratorType> iterators,
                       ArrayRef<int64_t> accShape) {
  Value init = filledTensor(b, loc, accShape, 0.0);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{lhs, rhs}, ValueRange{init},
      maps, iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value prod =
            mul(nb, nloc, toF32(nb, nloc, args[0]), toF32(nb, nloc, args[1]));
        linalg::YieldOp::create(nb, nloc, add(nb, nloc, args[2], prod));
      });
  return generic.getResult(0);
}

/// Stores an f32 tensor in `resultType` (a truncation where it is not f32).
Value convertTo(OpBuilder &b, Location loc, Value f32Tensor,
                RankedTensorType resultType) {
  if (tensorType(f32Tensor) == resultType)
    return f32Tensor;
  AffineMap id = b.getMultiDimIdentityMap(resultType.getRank());
  return buildParallel(
      b, loc, f32Tensor, id, resultType,
      [](OpBuilder &, Location, ValueRange a) { return a[0]; });
}

/// Reinterprets `value` with `type`'s shape (row-major): collapse to 1-D,
/// expand to the target. No data moves.
Value reshape(OpBuilder &b, Location loc, Value value, RankedTensorType type) {
  RankedTensorType from = tensorType(value);
  if (from == type)
    return value;
  // One view where dimensions only merge or only split (a matrix viewed as
  // [M, S, K / S]): a kernel input viewed so stays a view of the input.
  if (from.getRank() > type.getRank() && type.getRank() > 0) {
    if (auto groups = getReassociationIndicesForReshape(from, type))
      return tensor::CollapseShapeOp::create(b, loc, type, value, *groups);
  } else if (from.getRank() < type.getRank() && from.getRank() > 0) {
    if (auto groups = getReassociationIndicesForReshape(type, from))
      return tensor::ExpandShapeOp::create(b, loc, type, value, *groups);
  }
  auto allDims = [](int64_t rank) {
    ReassociationIndices group;
    for (int64_t i = 0; i < rank; ++i)
      group.push_back(i);
    return SmallVector<ReassociationIndices>{group};
  };
  Value flat = value;
  if (from.getRank() != 1) {
    auto flatType =
        RankedTensorType::get({from.getNumElements()}, from.getElementType());
    flat = tensor::CollapseShapeOp::create(
        b, loc, flatType, value,
        from.getRank() == 0 ? SmallVector<ReassociationIndices>{}
                            : allDims(from.getRank()));
  }
  if (type.getRank() == 1)
    return flat;
  if (type.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, type, flat,
                                           SmallVector<ReassociationIndices>{});
  return tensor::ExpandShapeOp::create(b, loc, type, flat,
                                       allDims(type.getRank()));
}

//===----------------------------------------------------------------------===//
// Op lowerings
//===----------------------------------------------------------------------===//

/// Matmul and batch_matmul: iteration (batch..., m, n, k).
Value lowerContraction(OpBuilder &b, Location loc, Value lhs, Value rhs,
                       bool transposeLhs, bool transposeRhs,
                       RankedTensorType resultType) {
  MLIRContext *ctx = b.getContext();
  int64_t batch = resultType.getRank() - 2;
  int64_t nDims = batch + 3;
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  SmallVector<AffineExpr> lhsExprs, rhsExprs, outExprs;
  for (int64_t i = 0; i < batch; ++i) {
    lhsExprs.push_back(d(i));
    rhsExprs.push_back(d(i));
    outExprs.push_back(d(i));
  }
  AffineExpr m = d(batch), n = d(batch + 1), k = d(batch + 2);
  // A transposed operand is a linalg.transpose feeding a row-major
  // contraction: a K step fuses it into its copy to shared memory, so the
  // warp-level code (mma.sync included) always sees A [M, K] and B [K, N].
  auto swapInner = [&](Value v) -> Value {
    RankedTensorType type = tensorType(v);
    SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, batch));
    perm.append({batch + 1, batch});
    SmallVector<int64_t> shape(type.getShape());
    std::swap(shape[batch], shape[batch + 1]);
    Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
    return linalg::TransposeOp::create(b, loc, v, init, perm).getResult()[0];
  };
  // A batch of 1 against a larger one is broadcast by a producer that reads
  // it for every batch: fused into the consumer's tiles, it is never
  // materialized, and the contraction keeps plain batch maps (tensor cores
  // included).
  auto broadcastBatch = [&](Value v) -> Value {
    RankedTensorType type = tensorType(v);
    SmallVector<int64_t> shape(type.getShape());
    for (int64_t i = 0; i < batch; ++i)
      shape[i] = resultType.getDimSize(i);
    if (ArrayRef<int64_t>(shape) == type.getShape())
      return v;
    auto wide = RankedTensorType::get(shape, type.getElementType());
    return buildParallel(
        b, loc, ValueRange{v}, {broadcastMap(ctx, type.getShape(), shape)},
        wide, [](OpBuilder &, Location, ValueRange a) { return a[0]; });
  };
  lhs = broadcastBatch(lhs);
  rhs = broadcastBatch(rhs);
  if (transposeLhs)
    lhs = swapInner(lhs);
  if (transposeRhs)
    rhs = swapInner(rhs);
  lhsExprs.append({m, k});
  rhsExprs.append({k, n});
  outExprs.append({m, n});
  SmallVector<AffineMap> maps = {AffineMap::get(nDims, 0, lhsExprs, ctx),
                                 AffineMap::get(nDims, 0, rhsExprs, ctx),
                                 AffineMap::get(nDims, 0, outExprs, ctx)};
  SmallVector<IteratorType> iterators(nDims - 1, IteratorType::parallel);
  iterators.push_back(IteratorType::reduction);
  Value acc = buildContraction(b, loc, lhs, rhs, maps, iterators,
                               resultType.getShape());
  return convertTo(b, loc, acc, resultType);
}

/// The input row (or column) a window position reads, before clamping:
/// index(outDim) * stride + index(windowDim) * dilation - pad, in the body
/// of a generic over output and window positions.
Value windowIndex(OpBuilder &b, Location loc, int64_t outDim, int64_t windowDim,
                  int64_t stride, int64_t dilation, int64_t pad) {
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value out = arith::MulIOp::create(
      b, loc, linalg::IndexOp::create(b, loc, outDim), cst(stride));
  Value window = arith::MulIOp::create(
      b, loc, linalg::IndexOp::create(b, loc, windowDim), cst(dilation));
  return arith::SubIOp::create(
      b, loc, arith::AddIOp::create(b, loc, out, window), cst(pad));
}

/// input[n, ih, iw, c] of an NHWC tensor extended to f32, or `fill` where
/// (ih, iw) lies outside it (a convolution's zero padding, a max pool's
/// -inf): read at the clamped index, so that every read stays in bounds.
Value readPadded(OpBuilder &b, Location loc, Value input, Value n, Value ih,
                 Value iw, Value c, double fill = 0.0) {
  RankedTensorType type = tensorType(input);
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // Signed compares: a row or column before the first is negative.
  auto inRange = [&](Value v, int64_t size) {
    Value ge =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v, cst(0));
    Value lt =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v, cst(size));
    return arith::AndIOp::create(b, loc, ge, lt).getResult();
  };
  Value inside = arith::AndIOp::create(b, loc, inRange(ih, type.getDimSize(1)),
                                       inRange(iw, type.getDimSize(2)));
  auto clamp = [&](Value v, int64_t size) {
    Value lo = arith::MaxSIOp::create(b, loc, v, cst(0));
    return arith::MinSIOp::create(b, loc, lo, cst(size - 1)).getResult();
  };
  Value x =
      tensor::ExtractOp::create(b, loc, input,
                                ValueRange{n, clamp(ih, type.getDimSize(1)),
                                           clamp(iw, type.getDimSize(2)), c});
  return arith::SelectOp::create(b, loc, inside, toF32(b, loc, x),
                                 f32Const(b, loc, fill));
}

/// What both lowerings of conv2d read off the op.
struct Conv2DParts {
  explicit Conv2DParts(Conv2DOp op)
      : input(op.getInput()), filter(op.getFilter()), inType(tensorType(input)),
        fType(tensorType(filter)), resultType(tensorType(op.getResult())),
        pad(op.getPadding()), strides(op.getStrides()), dil(op.getDilations()),
        groups(op.getGroupsAttr().getInt()), cg(inType.getDimSize(3) / groups),
        fg(fType.getDimSize(3) / groups) {}

  /// The f32 product of the input, gathered at channel `group` * C/G + the
  /// loop `cDim` (zero in the padding), with the filter element `weight`,
  /// added to `acc`: the body of a padded or grouped convolution whose
  /// loops are (n, oh, ow, ..., kh = `khDim`, kw = `khDim` + 1, ...).
  Value gatherAndAccumulate(OpBuilder &b, Location loc, Value group,
                            int64_t khDim, int64_t cDim, Value weight,
                            Value acc) const {
    Value ih = windowIndex(b, loc, 1, khDim, strides[0], dil[0], pad[0]);
    Value iw = windowIndex(b, loc, 2, khDim + 1, strides[1], dil[1], pad[2]);
    Value chan = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, group,
                              arith::ConstantIndexOp::create(b, loc, cg)),
        linalg::IndexOp::create(b, loc, cDim));
    Value n = linalg::IndexOp::create(b, loc, 0);
    Value xf = readPadded(b, loc, input, n, ih, iw, chan);
    return add(b, loc, acc, mul(b, loc, xf, toF32(b, loc, weight)));
  }

  Value input, filter;
  RankedTensorType inType, fType, resultType;
  ArrayRef<int64_t> pad, strides, dil;
  int64_t groups, cg, fg;
};

/// A convolution of several groups, contracting over (kh, kw, c) with
/// iteration (n, oh, ow, f, kh, kw, c) into an f32 [N, OH, OW, F]
/// accumulator: the filter [KH, KW, C/G, F] is read through a projected
/// permutation and the body gathers the input (tensor.extract at a clamped
/// index, zero outside) at channel (f floordiv F/G) * C/G + c, computed from
/// the loops' indices. No indexing map divides a loop: tiling, which slices
/// an operand read through `f floordiv F/G` or `f mod F/G` as if the map
/// were linear, got a tile that starts inside one group and ends in the next
/// wrong (48 channels in 4 groups on tiles of 16: 12261 of 49152 outputs).
Value lowerGroupedConv2D(OpBuilder &b, Location loc, const Conv2DParts &cv) {
  MLIRContext *ctx = b.getContext();
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  AffineMap filterMap = AffineMap::get(7, 0, {d(4), d(5), d(6), d(3)}, ctx);
  AffineMap outMap = AffineMap::get(7, 0, {d(0), d(1), d(2), d(3)}, ctx);
  SmallVector<IteratorType> iterators(4, IteratorType::parallel);
  iterators.append(3, IteratorType::reduction);
  Value init = filledTensor(b, loc, cv.resultType.getShape(), 0.0);
  Value acc = linalg::GenericOp::create(
                  b, loc, TypeRange{init.getType()}, ValueRange{cv.filter},
                  ValueRange{init}, SmallVector<AffineMap>{filterMap, outMap},
                  iterators,
                  [&](OpBuilder &nb, Location nloc, ValueRange args) {
                    Value group = arith::DivUIOp::create(
                        nb, nloc, linalg::IndexOp::create(nb, nloc, 3),
                        arith::ConstantIndexOp::create(nb, nloc, cv.fg));
                    linalg::YieldOp::create(
                        nb, nloc,
                        cv.gatherAndAccumulate(nb, nloc, group, /*khDim=*/4,
                                               /*cDim=*/6, args[0], args[1]));
                  })
                  .getResult(0);
  return convertTo(b, loc, acc, cv.resultType);
}

/// conv2d, contracting over (kh, kw, c) with iteration
/// (n, oh, ow, g, f, kh, kw, c) into an f32 [N, OH, OW, G, F/G] accumulator,
/// G = 1 (lowerGroupedConv2D takes several groups). Without padding the
/// input is read through an affine map of a [N, H, W, G, C/G] view. With
/// padding the body gathers the input itself (tensor.extract at a clamped
/// index, zero outside), so no padded copy of the input is ever made and
/// every op of the convolution stays a loop nest that tile-and-fuse can
/// tile.
Value lowerConv2D(OpBuilder &b, Location loc, Conv2DOp op) {
  Conv2DParts cv(op);
  if (cv.groups > 1)
    return lowerGroupedConv2D(b, loc, cv);
  MLIRContext *ctx = b.getContext();
  int64_t groups = cv.groups, fg = cv.fg;
  auto view = [&](Value v, RankedTensorType t, int64_t per) {
    auto grouped = RankedTensorType::get(
        {t.getDimSize(0), t.getDimSize(1), t.getDimSize(2), groups, per},
        t.getElementType());
    return tensor::ExpandShapeOp::create(
        b, loc, grouped, v,
        SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4}});
  };
  Value f5 = view(cv.filter, cv.fType, fg);

  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  AffineExpr n = d(0), oh = d(1), ow = d(2), g = d(3), fo = d(4), kh = d(5),
             kw = d(6), ci = d(7);
  AffineMap filterMap = AffineMap::get(8, 0, {kh, kw, ci, g, fo}, ctx);
  AffineMap outMap = AffineMap::get(8, 0, {n, oh, ow, g, fo}, ctx);
  SmallVector<IteratorType> iterators(5, IteratorType::parallel);
  iterators.append(3, IteratorType::reduction);
  SmallVector<int64_t> accShape = {cv.resultType.getDimSize(0),
                                   cv.resultType.getDimSize(1),
                                   cv.resultType.getDimSize(2), groups, fg};

  Value acc;
  if (llvm::all_of(cv.pad, [](int64_t p) { return p == 0; })) {
    AffineMap inMap =
        AffineMap::get(8, 0,
                       {n, oh * cv.strides[0] + kh * cv.dil[0],
                        ow * cv.strides[1] + kw * cv.dil[1], g, ci},
                       ctx);
    acc = buildContraction(b, loc, view(cv.input, cv.inType, cv.cg), f5,
                           {inMap, filterMap, outMap}, iterators, accShape);
  } else {
    Value init = filledTensor(b, loc, accShape, 0.0);
    acc =
        linalg::GenericOp::create(
            b, loc, TypeRange{init.getType()}, ValueRange{f5}, ValueRange{init},
            SmallVector<AffineMap>{filterMap, outMap}, iterators,
            [&](OpBuilder &nb, Location nloc, ValueRange args) {
              linalg::YieldOp::create(
                  nb, nloc,
                  cv.gatherAndAccumulate(
                      nb, nloc, linalg::IndexOp::create(nb, nloc, 3),
                      /*khDim=*/5, /*cDim=*/7, args[0], args[1]));
            })
            .getResult(0);
  }
  // Store [N, OH, OW, 1, F] as [N, OH, OW, F] by reading
  // acc[n, oh, ow, f floordiv F, f mod F] (0 and f: no tile of F crosses
  // F): every tensor stays a loop-nest output, so the whole convolution
  // tiles and fuses.
  AffineExpr fr = d(3);
  AffineMap readGrouped =
      AffineMap::get(4, 0, {d(0), d(1), d(2), fr.floorDiv(fg), fr % fg}, ctx);
  return buildParallel(
      b, loc, acc, readGrouped, cv.resultType,
      [](OpBuilder &, Location, ValueRange a) { return a[0]; });
}

Value lowerUnary(OpBuilder &b, Location loc, Operation *op) {
  Value input = op->getOperand(0);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  AffineMap id = b.getMultiDimIdentityMap(resultType.getRank());
  return buildParallel(
      b, loc, input, id, resultType,
      [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
        Value x = a[0];
        return TypeSwitch<Operation *, Value>(op)
            .Case([&](NegOp) { return arith::NegFOp::create(nb, nloc, x); })
            .Case([&](ExpOp) { return math::ExpOp::create(nb, nloc, x); })
            .Case([&](TanhOp) { return math::TanhOp::create(nb, nloc, x); })
            .Case([&](SigmoidOp) { return sigmoid(nb, nloc, x); })
            .Case([&](ReluOp) {
              return arith::MaximumFOp::create(nb, nloc, x,
                                               f32Const(nb, nloc, 0.0));
            })
            .Case(
                [&](SiluOp) { return mul(nb, nloc, x, sigmoid(nb, nloc, x)); })
            .Case([&](RsqrtOp) { return math::RsqrtOp::create(nb, nloc, x); })
            .Case([&](ClampOp c) {
              if (std::optional<APFloat> lo = c.getMin())
                x = arith::MaximumFOp::create(
                    nb, nloc, x, f32Const(nb, nloc, lo->convertToDouble()));
              if (std::optional<APFloat> hi = c.getMax())
                x = arith::MinimumFOp::create(
                    nb, nloc, x, f32Const(nb, nloc, hi->convertToDouble()));
              return x;
            })
            .Case([&](GeluOp g) {
              return gelu(nb, nloc, x, g.getApproximation());
            })
            .Case([&](CastOp) { return x; });
      });
}

Value lowerBinary(OpBuilder &b, Location loc, Operation *op) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps = {
      broadcastMap(ctx, tensorType(lhs).getShape(), resultType.getShape()),
      broadcastMap(ctx, tensorType(rhs).getShape(), resultType.getShape())};
  return buildParallel(
      b, loc, ValueRange{lhs, rhs}, maps, resultType,
      [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
        return TypeSwitch<Operation *, Value>(op)
            .Case([&](AddOp) { return add(nb, nloc, a[0], a[1]); })
            .Case([&](SubOp) { return sub(nb, nloc, a[0], a[1]); })
            .Case([&](MulOp) { return mul(nb, nloc, a[0], a[1]); })
            .Case([&](DivOp) { return div(nb, nloc, a[0], a[1]); })
            .Case([&](MaxOp) {
              return arith::MaximumFOp::create(nb, nloc, a[0], a[1]);
            })
            .Case([&](MinOp) {
              return arith::MinimumFOp::create(nb, nloc, a[0], a[1]);
            });
      });
}

Value lowerReduce(OpBuilder &b, Location loc, ReduceOp op) {
  MLIRContext *ctx = b.getContext();
  RankedTensorType inType = tensorType(op.getInput());
  RankedTensorType resultType = tensorType(op.getResult());
  SmallVector<bool> reduced(inType.getRank(), false);
  int64_t count = 1;
  for (int64_t dim : op.getDims()) {
    reduced[dim] = true;
    count *= inType.getDimSize(dim);
  }
  Combiner kind =
      op.getKind() == ReduceKind::Max ? Combiner::Max : Combiner::Sum;
  Value acc = buildReduce(
      b, loc, op.getInput(), b.getMultiDimIdentityMap(inType.getRank()),
      reduced, kind, [](OpBuilder &, Location, ValueRange a) { return a[0]; });

  // The final generic writes the result shape directly: with keep_dims it
  // iterates over the unit dims too and reads the accumulator without them.
  AffineMap accMap = b.getMultiDimIdentityMap(resultType.getRank());
  if (op.getKeepDims()) {
    SmallVector<bool> keep;
    for (bool r : reduced)
      keep.push_back(!r);
    accMap = projectionMap(ctx, keep);
  }
  bool mean = op.getKind() == ReduceKind::Mean;
  return buildParallel(b, loc, acc, accMap, resultType,
                       [&](OpBuilder &nb, Location nloc, ValueRange a) {
                         return mean ? div(nb, nloc, a[0],
                                           f32Const(nb, nloc, double(count)))
                                     : a[0];
                       });
}

/// `scale * x` in f32, with the causal mask where `causal`: the element at
/// position j along `dim` and i along `dim - 1` becomes -inf where
/// j > i + size(dim) - size(dim - 1), and with a `window` W also where
/// j + W <= i + size(dim) - size(dim - 1).
Value scaleAndMask(OpBuilder &b, Location loc, Value x, int64_t dim,
                   std::optional<double> scale, bool causal,
                   std::optional<int64_t> window) {
  RankedTensorType type = tensorType(x);
  int64_t rank = type.getRank();
  auto f32Type = RankedTensorType::get(type.getShape(), b.getF32Type());
  int64_t offset =
      causal ? type.getDimSize(dim) - type.getDimSize(dim - 1) : int64_t(0);
  return buildParallel(
      b, loc, x, b.getMultiDimIdentityMap(rank), f32Type,
      [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
        Value v = a[0];
        if (scale)
          v = mul(nb, nloc, v, f32Const(nb, nloc, *scale));
        if (!causal)
          return v;
        Value i = linalg::IndexOp::create(nb, nloc, dim - 1);
        Value j = linalg::IndexOp::create(nb, nloc, dim);
        Value limit = arith::AddIOp::create(
            nb, nloc, i, arith::ConstantIndexOp::create(nb, nloc, offset));
        Value masked = arith::CmpIOp::create(
            nb, nloc, arith::CmpIPredicate::ugt, j, limit);
        if (window) {
          Value start = arith::AddIOp::create(
              nb, nloc, j, arith::ConstantIndexOp::create(nb, nloc, *window));
          masked = arith::OrIOp::create(
              nb, nloc, masked,
              arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ule, start,
                                    limit));
        }
        return arith::SelectOp::create(nb, nloc, masked,
                                       f32Const(nb, nloc, -INFINITY), v);
      });
}

/// Softmax of an f32 or narrower tensor along `dim`, stored as `resultType`.
Value softmax(OpBuilder &b, Location loc, Value x, int64_t dim,
              RankedTensorType resultType) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = resultType.getRank();
  SmallVector<bool> reduced(rank, false), keep(rank, true);
  reduced[dim] = true;
  keep[dim] = false;
  AffineMap id = b.getMultiDimIdentityMap(rank);
  AffineMap row = projectionMap(ctx, keep);
  Value max =
      buildReduce(b, loc, x, id, reduced, Combiner::Max,
                  [](OpBuilder &, Location, ValueRange a) { return a[0]; });
  Value sum = buildReduce(
      b, loc, ValueRange{x, max}, {id, row}, reduced, Combiner::Sum,
      [](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
        return math::ExpOp::create(nb, nloc, sub(nb, nloc, a[0], a[1]));
      });
  return buildParallel(
      b, loc, ValueRange{x, max, sum}, {id, row, row}, resultType,
      [](OpBuilder &nb, Location nloc, ValueRange a) {
        Value e = math::ExpOp::create(nb, nloc, sub(nb, nloc, a[0], a[1]));
        return div(nb, nloc, e, a[2]);
      });
}

/// layer_norm and rms_norm over the trailing `normalized_rank` dims.
template <typename NormOp>
Value lowerNorm(OpBuilder &b, Location loc, NormOp op, bool centred) {
  MLIRContext *ctx = b.getContext();
  Value x = op.getInput();
  RankedTensorType type = tensorType(x);
  int64_t rank = type.getRank(), normRank = op.getNormalizedRankAttr().getInt();
  int64_t outer = rank - normRank;
  double count = 1;
  SmallVector<bool> reduced(rank, false), keepOuter(rank, false),
      keepInner(rank, false);
  for (int64_t i = 0; i < rank; ++i) {
    bool inner = i >= outer;
    reduced[i] = keepInner[i] = inner;
    keepOuter[i] = !inner;
    if (inner)
      count *= type.getDimSize(i);
  }
  AffineMap id = b.getMultiDimIdentityMap(rank);
  AffineMap rowMap = projectionMap(ctx, keepOuter);
  AffineMap paramMap = projectionMap(ctx, keepInner);
  auto identity = [](OpBuilder &, Location, ValueRange a) { return a[0]; };

  // Pass 1: the mean (layer_norm only). Pass 2: the (centred) mean square.
  Value sum;
  if (centred)
    sum = buildReduce(b, loc, x, id, reduced, Combiner::Sum, identity);
  SmallVector<Value> pass2Inputs = {x};
  SmallVector<AffineMap> pass2Maps = {id};
  if (centred) {
    pass2Inputs.push_back(sum);
    pass2Maps.push_back(rowMap);
  }
  Value sumSq = buildReduce(
      b, loc, pass2Inputs, pass2Maps, reduced, Combiner::Sum,
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        Value v = a[0];
        if (centred)
          v = sub(nb, nloc, v, div(nb, nloc, a[1], f32Const(nb, nloc, count)));
        return mul(nb, nloc, v, v);
      });

  SmallVector<Value> inputs = {x, sumSq};
  SmallVector<AffineMap> maps = {id, rowMap};
  if (centred) {
    inputs.push_back(sum);
    maps.push_back(rowMap);
  }
  int64_t scaleIdx = -1, biasIdx = -1;
  if (Value scale = op.getScale()) {
    scaleIdx = inputs.size();
    inputs.push_back(scale);
    maps.push_back(paramMap);
  }
  if (Value bias = op.getBias()) {
    biasIdx = inputs.size();
    inputs.push_back(bias);
    maps.push_back(paramMap);
  }
  double epsilon = op.getEpsilon().convertToDouble();
  return buildParallel(
      b, loc, inputs, maps, type,
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        Value n = f32Const(nb, nloc, count);
        Value v = a[0];
        if (centred)
          v = sub(nb, nloc, v, div(nb, nloc, a[2], n));
        Value var =
            add(nb, nloc, div(nb, nloc, a[1], n), f32Const(nb, nloc, epsilon));
        Value y = mul(nb, nloc, v, math::RsqrtOp::create(nb, nloc, var));
        if (scaleIdx >= 0)
          y = mul(nb, nloc, y, a[scaleIdx]);
        if (biasIdx >= 0)
          y = add(nb, nloc, y, a[biasIdx]);
        return y;
      });
}

/// Unfused attention: S = q k^T (f32), T = scale * S with the causal mask
/// (and its window), P = softmax(T) along keys (f32), O = P v, stored in the
/// result type.
Value lowerAttention(OpBuilder &b, Location loc, AttentionOp op) {
  MLIRContext *ctx = b.getContext();
  RankedTensorType qType = tensorType(op.getQuery()),
                   kType = tensorType(op.getKey()),
                   resultType = tensorType(op.getResult());
  int64_t batch = qType.getDimSize(0), heads = qType.getDimSize(1),
          sq = qType.getDimSize(2), headDim = qType.getDimSize(3),
          skv = kType.getDimSize(2);
  int64_t group = heads / kType.getDimSize(1);
  double scale = op.getScale() ? op.getScale()->convertToDouble()
                               : 1.0 / std::sqrt(double(headDim));
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };

  // S[b, h, i, j] = sum_d q[b, h, i, d] * k[b, h / group, j, d]
  SmallVector<AffineMap> sMaps = {
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, ctx),
      AffineMap::get(5, 0, {d(0), d(1).floorDiv(group), d(3), d(4)}, ctx),
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(3)}, ctx)};
  SmallVector<IteratorType> sIters(4, IteratorType::parallel);
  sIters.push_back(IteratorType::reduction);
  Value s = buildContraction(b, loc, op.getQuery(), op.getKey(), sMaps, sIters,
                             {batch, heads, sq, skv});

  Value t = scaleAndMask(b, loc, s, 3, scale, op.getCausal(), op.getWindow());
  Value p = softmax(b, loc, t, 3, tensorType(t));

  // O[b, h, i, e] = sum_j P[b, h, i, j] * v[b, h / group, j, e]
  SmallVector<AffineMap> oMaps = {
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, ctx),
      AffineMap::get(5, 0, {d(0), d(1).floorDiv(group), d(4), d(3)}, ctx),
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(3)}, ctx)};
  Value o = buildContraction(b, loc, p, op.getValue(), oMaps, sIters,
                             resultType.getShape());
  return convertTo(b, loc, o, resultType);
}

/// im2col as a copy over [N, OH, OW, KH, KW, C]: through an affine map of
/// the input without padding, else gathered by readPadded (as conv2d does).
Value lowerIm2Col(OpBuilder &b, Location loc, Im2ColOp op) {
  MLIRContext *ctx = b.getContext();
  Value input = op.getInput();
  RankedTensorType resultType = tensorType(op.getResult());
  ArrayRef<int64_t> pad = op.getPadding(), strides = op.getStrides(),
                    dil = op.getDilations();
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  if (llvm::all_of(pad, [](int64_t p) { return p == 0; })) {
    AffineMap inMap = AffineMap::get(6, 0,
                                     {d(0), d(1) * strides[0] + d(3) * dil[0],
                                      d(2) * strides[1] + d(4) * dil[1], d(5)},
                                     ctx);
    return buildParallel(
        b, loc, input, inMap, resultType,
        [](OpBuilder &, Location, ValueRange a) { return a[0]; });
  }
  return buildIndexed(
      b, loc, resultType, [&](OpBuilder &nb, Location nloc, ValueRange at) {
        Value xf = readPadded(
            nb, nloc, input, at[0],
            windowIndex(nb, nloc, 1, 3, strides[0], dil[0], pad[0]),
            windowIndex(nb, nloc, 2, 4, strides[1], dil[1], pad[2]), at[5]);
        return fromF32(nb, nloc, xf, resultType.getElementType());
      });
}

Value lowerTranspose(OpBuilder &b, Location loc, TransposeOp op) {
  RankedTensorType type = tensorType(op.getResult());
  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  return linalg::TransposeOp::create(b, loc, op.getInput(), init,
                                     op.getPermutation())
      .getResult()[0];
}

/// A slice as a copy reading the input through offsets + strides * i.
/// The input is read through an affine map where SliceOp::readsThroughMap
/// allows (linalg takes a loop's range from a dim that an operand reads
/// whole), else gathered at those indices.
Value lowerSlice(OpBuilder &b, Location loc, SliceOp op) {
  RankedTensorType type = tensorType(op.getResult());
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> reads;
  for (auto [d, offset, stride] :
       llvm::enumerate(op.getOffsets(), op.getStrides()))
    reads.push_back(getAffineDimExpr(d, ctx) * stride + offset);
  if (op.readsThroughMap())
    return buildParallel(
        b, loc, op.getInput(), AffineMap::get(type.getRank(), 0, reads, ctx),
        type, [](OpBuilder &, Location, ValueRange a) { return a[0]; });
  return buildIndexed(
      b, loc, type, [&](OpBuilder &nb, Location nloc, ValueRange dims) {
        SmallVector<Value> at;
        for (AffineExpr read : reads)
          at.push_back(affine::AffineApplyOp::create(
              nb, nloc, AffineMap::get(type.getRank(), 0, read, ctx), dims));
        return tensor::ExtractOp::create(nb, nloc, op.getInput(), at)
            .getResult();
      });
}

/// A concat as one loop nest over the result: each element is read from
/// the input whose range along `dim` holds it (the others' reads, at a
/// clamped index, are selected away), so the whole op tiles and fuses.
///
/// Along the innermost dim, where the inputs' sizes there have a common
/// divisor g > 1, an input's index is `i + clamp(a - start, 0, size - g) - a`
/// with `a = (i floordiv g) * g`: the element at i - start where i lies in
/// the input, a clamped one elsewhere, as the plain clamp gives; but the
/// added term is the same for every lane of a vector step whose width
/// divides g, so each input's read stays one contiguous vector load
/// (vectorStepWidths) where the plain clamp is a gather lane by lane. A
/// rotary embedding's rotate_half is such a concat (two halves of 64).
Value lowerConcat(OpBuilder &b, Location loc, ConcatOp op) {
  int64_t dim = op.getDim();
  RankedTensorType type = tensorType(op.getResult());
  int64_t group = 0;
  if (dim == type.getRank() - 1)
    for (Value input : op.getInputs())
      group = std::gcd(group, tensorType(input).getDimSize(dim));
  MLIRContext *ctx = b.getContext();
  return buildIndexed(
      b, loc, type, [&](OpBuilder &nb, Location nloc, ValueRange at) {
        auto cst = [&](int64_t v) {
          return arith::ConstantIndexOp::create(nb, nloc, v).getResult();
        };
        Value along = at[dim], result;
        Value aligned;
        if (group > 1)
          aligned = affine::AffineApplyOp::create(
              nb, nloc,
              AffineMap::get(1, 0,
                             getAffineDimExpr(0, ctx).floorDiv(group) * group),
              along);
        int64_t start = 0;
        for (Value input : op.getInputs()) {
          int64_t size = tensorType(input).getDimSize(dim);
          SmallVector<Value> indices(at);
          if (aligned) {
            Value from = arith::MinSIOp::create(
                nb, nloc,
                arith::MaxSIOp::create(
                    nb, nloc,
                    arith::AddIOp::create(nb, nloc, aligned, cst(-start)),
                    cst(0)),
                cst(size - group));
            indices[dim] = arith::AddIOp::create(
                nb, nloc, along,
                arith::SubIOp::create(nb, nloc, from, aligned));
          } else {
            Value local = arith::SubIOp::create(nb, nloc, along, cst(start));
            indices[dim] = arith::MinSIOp::create(
                nb, nloc, arith::MaxSIOp::create(nb, nloc, local, cst(0)),
                cst(size - 1));
          }
          Value x = tensor::ExtractOp::create(nb, nloc, input, indices);
          result = !result
                       ? x
                       : arith::SelectOp::create(
                             nb, nloc,
                             arith::CmpIOp::create(nb, nloc,
                                                   arith::CmpIPredicate::sge,
                                                   along, cst(start)),
                             x, result);
          start += size;
        }
        return result;
      });
}

/// A pool over (n, oh, ow, c, kh, kw) into an f32 accumulator of the
/// result's shape, then the mean's division and the store in the result
/// type. An unused [KH, KW] operand gives linalg the window's loop ranges
/// (as upstream's pooling ops do); a padded input is gathered (padding
/// reads as -inf for max, 0 for mean), otherwise read through an affine
/// map.
Value lowerPool2D(OpBuilder &b, Location loc, Pool2DOp op) {
  MLIRContext *ctx = b.getContext();
  Value input = op.getInput();
  RankedTensorType resultType = tensorType(op.getResult());
  ArrayRef<int64_t> window = op.getWindow(), strides = op.getStrides(),
                    pad = op.getPadding();
  bool max = op.getKind() == ReduceKind::Max;
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  Value acc =
      filledTensor(b, loc, resultType.getShape(), max ? -INFINITY : 0.0);
  Value windowShape = tensor::EmptyOp::create(
      b, loc, ArrayRef<int64_t>{window[0], window[1]}, b.getF32Type());
  SmallVector<IteratorType> iterators(4, IteratorType::parallel);
  iterators.append(2, IteratorType::reduction);
  AffineMap windowMap = AffineMap::get(6, 0, {d(4), d(5)}, ctx);
  AffineMap accMap = AffineMap::get(6, 0, {d(0), d(1), d(2), d(3)}, ctx);
  bool padded = llvm::any_of(pad, [](int64_t p) { return p != 0; });
  SmallVector<Value> inputs = {windowShape};
  SmallVector<AffineMap> maps = {windowMap};
  if (!padded) {
    inputs.insert(inputs.begin(), input);
    maps.insert(maps.begin(), AffineMap::get(6, 0,
                                             {d(0), d(1) * strides[0] + d(4),
                                              d(2) * strides[1] + d(5), d(3)},
                                             ctx));
  }
  maps.push_back(accMap);
  Value pooled =
      linalg::GenericOp::create(
          b, loc, TypeRange{acc.getType()}, inputs, ValueRange{acc}, maps,
          iterators,
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value x =
                padded
                    ? readPadded(
                          nb, nloc, input, linalg::IndexOp::create(nb, nloc, 0),
                          windowIndex(nb, nloc, 1, 4, strides[0], 1, pad[0]),
                          windowIndex(nb, nloc, 2, 5, strides[1], 1, pad[2]),
                          linalg::IndexOp::create(nb, nloc, 3),
                          max ? -INFINITY : 0.0)
                    : toF32(nb, nloc, args[0]);
            linalg::YieldOp::create(nb, nloc,
                                    combine(nb, nloc,
                                            max ? Combiner::Max : Combiner::Sum,
                                            args.back(), x));
          })
          .getResult(0);
  double count = double(window[0] * window[1]);
  return buildParallel(
      b, loc, pooled, b.getMultiDimIdentityMap(4), resultType,
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        return max ? a[0] : div(nb, nloc, a[0], f32Const(nb, nloc, count));
      });
}

/// Lowers one Tessel compute op; returns its replacement value.
Value lowerOp(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  if (op->hasTrait<tessel::OpTrait::UnaryElementwise>())
    return lowerUnary(b, loc, op);
  if (op->hasTrait<tessel::OpTrait::BroadcastingElementwise>())
    return lowerBinary(b, loc, op);
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](MatmulOp m) {
        return lowerContraction(b, loc, m.getLhs(), m.getRhs(),
                                m.getTransposeLhs(), m.getTransposeRhs(),
                                tensorType(m.getResult()));
      })
      .Case([&](BatchMatmulOp m) {
        return lowerContraction(b, loc, m.getLhs(), m.getRhs(),
                                m.getTransposeLhs(), m.getTransposeRhs(),
                                tensorType(m.getResult()));
      })
      .Case([&](Conv2DOp c) { return lowerConv2D(b, loc, c); })
      .Case([&](Im2ColOp c) { return lowerIm2Col(b, loc, c); })
      .Case([&](SliceOp s) { return lowerSlice(b, loc, s); })
      .Case([&](ConcatOp c) { return lowerConcat(b, loc, c); })
      .Case([&](Pool2DOp p) { return lowerPool2D(b, loc, p); })
      .Case([&](ConstantOp c) {
        double value = c.getSplatValue();
        return buildParallel(b, loc, ValueRange{}, {}, tensorType(c),
                             [&](OpBuilder &nb, Location nloc, ValueRange) {
                               return f32Const(nb, nloc, value);
                             });
      })
      .Case([&](ReduceOp r) { return lowerReduce(b, loc, r); })
      .Case([&](SoftmaxOp s) {
        int64_t dim = s.getDimAttr().getInt();
        std::optional<double> scale;
        if (s.getScale())
          scale = s.getScale()->convertToDouble();
        Value x = s.getInput();
        if (scale || s.getCausal())
          x = scaleAndMask(b, loc, x, dim, scale, s.getCausal(), s.getWindow());
        return softmax(b, loc, x, dim, tensorType(s.getResult()));
      })
      .Case(
          [&](LayerNormOp n) { return lowerNorm(b, loc, n, /*centred=*/true); })
      .Case(
          [&](RmsNormOp n) { return lowerNorm(b, loc, n, /*centred=*/false); })
      .Case([&](AttentionOp a) { return lowerAttention(b, loc, a); })
      .Case([&](TransposeOp t) { return lowerTranspose(b, loc, t); })
      .Case([&](ReshapeOp r) {
        return reshape(b, loc, r.getInput(), tensorType(r.getResult()));
      })
      .Default([](Operation *) { return Value(); });
}

//===----------------------------------------------------------------------===//
// Kernel outlining
//===----------------------------------------------------------------------===//

/// Moves `kernel`'s body into a new private function named after it and
/// replaces the kernel with a call.
LogicalResult outlineKernel(KernelOp kernel, SymbolTable &symbols,
                            IRRewriter &rewriter) {
  StringRef name = kernel.getSymName();
  if (Operation *existing = symbols.lookup(name)) {
    InFlightDiagnostic diag = kernel.emitOpError()
                              << "cannot be outlined: its name @" << name
                              << " is already taken in the module";
    diag.attachNote(existing->getLoc()) << "by this symbol";
    return diag;
  }
  rewriter.setInsertionPoint(kernel->getParentOfType<func::FuncOp>());
  auto funcType = rewriter.getFunctionType(kernel.getInputs().getTypes(),
                                           kernel.getResultTypes());
  auto func = func::FuncOp::create(rewriter, kernel.getLoc(), name, funcType);
  func.setPrivate();
  func->setAttr(TesselDialect::kKernelAttrName, rewriter.getUnitAttr());
  if (ScheduleAttr schedule = kernel.getScheduleAttr())
    func->setAttr(TesselDialect::kScheduleAttrName, schedule);
  rewriter.inlineRegionBefore(kernel.getBody(), func.getBody(), func.end());
  auto yield = cast<YieldOp>(func.getBody().front().getTerminator());
  rewriter.setInsertionPoint(yield);
  rewriter.replaceOpWithNewOp<func::ReturnOp>(yield, yield.getValues());
  symbols.insert(func);

  rewriter.setInsertionPoint(kernel);
  auto call =
      func::CallOp::create(rewriter, kernel.getLoc(), func, kernel.getInputs());
  rewriter.replaceOp(kernel, call.getResults());
  return success();
}

/// A kernel that returns a reshape of what it computes (a scalar computed as
/// one element of a rank-1 tensor, a hand-written tessel.reshape of a
/// result) writes into the buffer of the value it returns: the computing
/// op's empty destination becomes the inverse reshape of a new tensor of
/// the returned type. Bufferization then folds the two reshapes into the
/// returned buffer, which becomes the kernel's output parameter; otherwise
/// the op would write a temporary of its own, copied out after the loops,
/// which no GPU kernel can launch with.
void writeReturnedReshapesInPlace(func::FuncOp kernel, IRRewriter &rewriter) {
  auto ret = cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
  for (Value returned : ret.getOperands()) {
    SmallVector<Operation *> reshapes;
    Value v = returned;
    while (isa_and_present<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
        v.getDefiningOp())) {
      reshapes.push_back(v.getDefiningOp());
      v = v.getDefiningOp()->getOperand(0);
    }
    auto result = dyn_cast<OpResult>(v);
    if (reshapes.empty() || !result || !result.hasOneUse())
      continue;
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (!dps)
      continue;
    OpOperand *init = dps.getTiedOpOperand(result);
    auto empty = init->get().getDefiningOp<tensor::EmptyOp>();
    if (!empty || !empty->hasOneUse())
      continue;
    rewriter.setInsertionPoint(empty);
    // An alloc_tensor, which no folding turns back into an empty tensor of
    // the op's own shape.
    Value dest = bufferization::AllocTensorOp::create(
        rewriter, empty.getLoc(), cast<RankedTensorType>(returned.getType()),
        ValueRange());
    // The reshapes from the returned value back to the op's, inverted.
    for (Operation *reshape : reshapes) {
      auto from = cast<RankedTensorType>(reshape->getOperand(0).getType());
      if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape))
        dest = tensor::ExpandShapeOp::create(
            rewriter, reshape->getLoc(), from, dest,
            collapse.getReassociationIndices());
      else
        dest = tensor::CollapseShapeOp::create(
            rewriter, reshape->getLoc(), from, dest,
            cast<tensor::ExpandShapeOp>(reshape).getReassociationIndices());
    }
    rewriter.modifyOpInPlace(dps, [&] { init->set(dest); });
    rewriter.eraseOp(empty);
  }
}

/// Whether a gather in another loop nest may compute an element of
/// `producer` itself instead of reading it: an all-parallel loop nest whose
/// body does not read its destination (an elementwise op, a cast, a
/// transpose, a slice, a concat).
bool computesElementwise(linalg::LinalgOp producer) {
  if (producer->getNumResults() != 1 || producer.getNumDpsInits() != 1 ||
      producer.getNumLoops() != producer.getNumParallelLoops() ||
      !producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
           .isIdentity())
    return false;
  if (isa<linalg::TransposeOp>(producer))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(producer.getOperation());
  return generic && generic.getRegionOutputArgs().front().use_empty();
}

/// In a kernel, a gather (tensor.extract in a loop nest's body: a concat,
/// a slice) of a value the kernel computes elementwise computes that
/// element in place: the producer's body at the gathered indices, its
/// operands gathered in turn (through its indexing maps). A kernel that
/// joined a rotary embedding's slices, negation and concat so reads only
/// its inputs, and each loop nest of it still tiles and fuses alone. A
/// producer no longer read is erased.
void computeGatheredElements(func::FuncOp kernel, IRRewriter &rewriter) {
  MLIRContext *ctx = kernel.getContext();
  auto inlinable = [&](tensor::ExtractOp extract) -> linalg::LinalgOp {
    auto producer = extract.getTensor().getDefiningOp<linalg::LinalgOp>();
    if (!producer || !extract->getParentOfType<linalg::LinalgOp>() ||
        !computesElementwise(producer))
      return {};
    return producer;
  };
  SmallVector<tensor::ExtractOp> worklist;
  SmallVector<Operation *> inlined;
  kernel.walk([&](tensor::ExtractOp extract) {
    if (inlinable(extract))
      worklist.push_back(extract);
  });
  while (!worklist.empty()) {
    tensor::ExtractOp extract = worklist.pop_back_val();
    linalg::LinalgOp producer = inlinable(extract);
    if (!producer) // (it reads a kernel input)
      continue;
    if (auto transpose =
            dyn_cast<linalg::TransposeOp>(producer.getOperation())) {
      rewriter.setInsertionPoint(transpose);
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, transpose);
      if (failed(generic))
        continue;
      producer = *generic;
    }
    auto generic = cast<linalg::GenericOp>(producer.getOperation());
    Block &body = generic.getRegion().front();
    ValueRange at = extract.getIndices();
    IRMapping mapping;
    rewriter.setInsertionPoint(extract);
    Location loc = extract.getLoc();
    for (OpOperand *input : generic.getDpsInputOperands()) {
      Value arg = body.getArgument(input->getOperandNumber());
      if (!isa<RankedTensorType>(input->get().getType())) {
        mapping.map(arg, input->get());
        continue;
      }
      AffineMap map = generic.getMatchingIndexingMap(input);
      SmallVector<Value> indices;
      for (AffineExpr e : map.getResults())
        indices.push_back(affine::makeComposedAffineApply(
                              rewriter, loc,
                              AffineMap::get(map.getNumDims(), 0, e, ctx),
                              getAsOpFoldResult(at))
                              ->getResult(0));
      auto read =
          tensor::ExtractOp::create(rewriter, loc, input->get(), indices);
      mapping.map(arg, read.getResult());
      worklist.push_back(read);
    }
    for (Operation &op : body.without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(op)) {
        mapping.map(index.getResult(), at[index.getDim()]);
        continue;
      }
      Operation *clone = rewriter.clone(op, mapping);
      clone->walk(
          [&](tensor::ExtractOp nested) { worklist.push_back(nested); });
    }
    Value element = mapping.lookupOrDefault(
        cast<linalg::YieldOp>(body.getTerminator()).getOperand(0));
    rewriter.replaceOp(extract, element);
    if (!llvm::is_contained(inlined, generic.getOperation()))
      inlined.push_back(generic);
  }
  if (inlined.empty())
    return;
  // Index arithmetic the composed reads left unused (ops without regions
  // alone: erasing one never frees another op of the list).
  SmallVector<Operation *> bodyOps;
  kernel.walk([&](Operation *op) {
    if (op->getNumRegions() == 0 && op->getParentOfType<linalg::LinalgOp>())
      bodyOps.push_back(op);
  });
  for (Operation *op : llvm::reverse(bodyOps))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  // Erased only now: a producer's own gathers may be on the worklist.
  for (bool erased = true; erased;) {
    erased = false;
    for (Operation *&op : inlined)
      if (op && op->use_empty()) {
        rewriter.eraseOp(op);
        op = nullptr;
        erased = true;
      }
  }
}

struct LowerToLinalgPass
    : public tessel::impl::TesselLowerToLinalgBase<LowerToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    SymbolTable symbols(module);

    // A split whose sum runs in its partial kernel is tiled as its two
    // halves, which tessel-combine-split-k makes one loop nest again.
    SmallVector<KernelOp> combined;
    module.walk([&](KernelOp k) {
      if (isCombinedSplit(k))
        combined.push_back(k);
    });
    llvm::StringMap<DictionaryAttr> parts;
    for (KernelOp kernel : combined) {
      FailureOr<ExpandedSplit> halves = expandSplit(rewriter, kernel);
      if (failed(halves))
        return signalPassFailure();
      parts[halves->partial.getSymName()] = halves->partialPart;
      parts[halves->sum.getSymName()] = halves->sumPart;
    }

    SmallVector<KernelOp> kernels;
    module.walk([&](KernelOp k) { kernels.push_back(k); });
    for (KernelOp kernel : kernels) {
      if (!kernel->getParentOfType<func::FuncOp>()) {
        kernel.emitOpError() << "must be inside a func.func to be outlined";
        return signalPassFailure();
      }
      std::string name = kernel.getSymName().str();
      if (failed(outlineKernel(kernel, symbols, rewriter)))
        return signalPassFailure();
      if (auto it = parts.find(name); it != parts.end())
        symbols.lookup(name)->setAttr(TesselDialect::kSplitPartAttrName,
                                      it->second);
    }

    // A kernel that is one attention alone (or one half of a split-KV
    // attention; with the views it reads and writes through) stays so:
    // tessel-tile-and-fuse emits it as one fused kernel
    // (passes/tiling/FusedAttention.h); so does one that is a row op alone or
    // after a residual add (passes/tiling/RowKernel.h).
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (!isa<TesselDialect>(op->getDialect()))
        return;
      auto func = op->getParentOfType<func::FuncOp>();
      if (func && func->hasAttr(TesselDialect::kKernelAttrName)) {
        // (Its views too: the attention reads and writes through them.)
        if (Operation *fused = tiling::fusedAttentionKernelOp(func);
            fused && (fused == op || fused->getBlock() == op->getBlock()))
          return;
        if (Operation *row = tiling::rowKernelOp(func);
            row && (row == op || tiling::rowKernelPrologue(row) == op))
          return;
      }
      ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (isa<AttentionPartialOp, AttentionCombineOp, AttentionSplitOp>(op)) {
        op->emitOpError()
            << (isa<AttentionSplitOp>(op) ? "is a split-KV attention"
                                          : "is one half of a split-KV "
                                            "attention")
            << ", which runs only as a tessel.kernel of its own (as "
               "tessel-split-reduction makes it)";
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(op);
      Value replacement = lowerOp(rewriter, op);
      if (!replacement) {
        op->emitOpError() << "has no lowering to linalg";
        return signalPassFailure();
      }
      rewriter.replaceOp(op, replacement);
    }

    // Scalars inside kernels: a linalg.generic reading a rank-0 value that is
    // one element of a rank-1 tensor reads that element directly (a constant
    // index), so no reshape sits between two loop nests of a kernel.
    module.walk([&](tensor::CollapseShapeOp collapse) {
      if (collapse.getResultType().getRank() != 0 ||
          !collapse->getParentOfType<func::FuncOp>()->hasAttr(
              TesselDialect::kKernelAttrName))
        return;
      for (OpOperand &use : llvm::make_early_inc_range(collapse->getUses())) {
        auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
        if (!generic || !generic.isDpsInput(&use))
          continue;
        SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
        unsigned index = use.getOperandNumber();
        SmallVector<AffineExpr> zeros(collapse.getSrcType().getRank(),
                                      rewriter.getAffineConstantExpr(0));
        maps[index] = AffineMap::get(generic.getNumLoops(), 0, zeros,
                                     rewriter.getContext());
        rewriter.modifyOpInPlace(generic, [&] {
          use.set(collapse.getSrc());
          generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
        });
      }
      if (collapse->use_empty())
        rewriter.eraseOp(collapse);
    });
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(TesselDialect::kKernelAttrName)) {
        computeGatheredElements(func, rewriter);
        writeReturnedReshapesInPlace(func, rewriter);
      }
  }
};

} // namespace
