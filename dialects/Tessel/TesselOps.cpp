//===- TesselOps.cpp - Tessel op verifiers, traits and folders
//-------------===//
//
// Every shape, type and attribute rule of the Tessel ops. Each diagnostic
// quotes the offending value and says what was expected; the invalid-input
// tests under test/dialects/Tessel/ hold one case per message.
//
//===----------------------------------------------------------------------===//

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::tessel;

std::string mlir::tessel::formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

static RankedTensorType tensorOf(Value value) {
  return cast<RankedTensorType>(value.getType());
}

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

/// Checks one tensor: non-zero dims and a byte size that fits in int64.
static LogicalResult verifyAddressable(Operation *op, Type type, StringRef role,
                                       unsigned index) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return success();
  int64_t bytes = llvm::divideCeil(tensor.getElementTypeBitWidth(), 8);
  for (auto [dim, size] : llvm::enumerate(tensor.getShape())) {
    if (size == 0)
      return op->emitOpError() << role << " #" << index << " of type " << type
                               << " has size 0 in dimension " << dim
                               << "; Tessel needs non-empty tensors";
    if (__builtin_mul_overflow(bytes, size, &bytes))
      return op->emitOpError()
             << role << " #" << index << " of type " << type
             << " is too large: its size in bytes does not fit in 64 bits";
  }
  return success();
}

LogicalResult
mlir::tessel::OpTrait::impl::verifyAddressableTensors(Operation *op) {
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(verifyAddressable(op, type, "operand", i)))
      return failure();
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(verifyAddressable(op, type, "result", i)))
      return failure();
  return success();
}

LogicalResult
mlir::tessel::OpTrait::impl::verifyBroadcastingElementwise(Operation *op) {
  RankedTensorType lhs = tensorOf(op->getOperand(0));
  RankedTensorType rhs = tensorOf(op->getOperand(1));
  RankedTensorType result = tensorOf(op->getResult(0));
  if (lhs.getElementType() != rhs.getElementType())
    return op->emitOpError()
           << "lhs element type " << lhs.getElementType()
           << " differs from rhs element type " << rhs.getElementType();
  if (result.getElementType() != lhs.getElementType())
    return op->emitOpError()
           << "result element type " << result.getElementType()
           << " differs from the operands' " << lhs.getElementType();

  // Align at the trailing dimension; a missing leading dimension is size 1.
  ArrayRef<int64_t> l = lhs.getShape(), r = rhs.getShape();
  size_t rank = std::max(l.size(), r.size());
  SmallVector<int64_t> expected(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t ld = i < l.size() ? l[l.size() - 1 - i] : 1;
    int64_t rd = i < r.size() ? r[r.size() - 1 - i] : 1;
    if (ld != rd && ld != 1 && rd != 1)
      return op->emitOpError()
             << "lhs dimension " << l.size() - 1 - i << " (size " << ld
             << ") and rhs dimension " << r.size() - 1 - i << " (size " << rd
             << ") do not broadcast: sizes must be equal or 1";
    expected[rank - 1 - i] = std::max(ld, rd);
  }
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return op->emitOpError()
           << "result shape " << formatShape(result.getShape())
           << " is not the broadcast shape " << formatShape(expected)
           << " of lhs " << formatShape(l) << " and rhs " << formatShape(r);
  return success();
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

static LogicalResult verifyRank(Operation *op, StringRef role,
                                RankedTensorType type, int64_t rank) {
  if (type.getRank() != rank)
    return op->emitOpError()
           << role << " must have rank " << rank << ", got " << type;
  return success();
}

static LogicalResult verifySameElementType(Operation *op, StringRef role,
                                           RankedTensorType type,
                                           StringRef refRole,
                                           RankedTensorType ref) {
  if (type.getElementType() != ref.getElementType())
    return op->emitOpError()
           << role << " element type " << type.getElementType()
           << " differs from " << refRole << " element type "
           << ref.getElementType();
  return success();
}

/// A contraction's result keeps the operands' element type, or widens f16 and
/// bf16 to f32.
static LogicalResult verifyAccumulatorType(Operation *op,
                                           RankedTensorType operand,
                                           RankedTensorType result) {
  Type in = operand.getElementType(), out = result.getElementType();
  if (out == in || (out.isF32() && (in.isF16() || in.isBF16())))
    return success();
  return op->emitOpError() << "result element type " << out
                           << " must be the operands' " << in
                           << (in.isF32() ? "" : " or f32");
}

static LogicalResult verifyResultShape(Operation *op, RankedTensorType result,
                                       ArrayRef<int64_t> expected) {
  if (result.getShape() != expected)
    return op->emitOpError()
           << "result shape " << formatShape(result.getShape())
           << " differs from the expected " << formatShape(expected);
  return success();
}

/// Matmul and batch_matmul: `batchRank` leading batch dimensions, then the
/// two matrix dimensions (swapped where the operand is transposed).
static LogicalResult verifyContraction(Operation *op, Value lhsValue,
                                       Value rhsValue, Value resultValue,
                                       bool transposeLhs, bool transposeRhs,
                                       int64_t batchRank) {
  RankedTensorType lhs = tensorOf(lhsValue), rhs = tensorOf(rhsValue),
                   result = tensorOf(resultValue);
  int64_t rank = batchRank + 2;
  if (failed(verifyRank(op, "lhs", lhs, rank)) ||
      failed(verifyRank(op, "rhs", rhs, rank)) ||
      failed(verifyRank(op, "result", result, rank)) ||
      failed(verifySameElementType(op, "rhs", rhs, "lhs", lhs)) ||
      failed(verifyAccumulatorType(op, lhs, result)))
    return failure();

  // Batch sizes are equal, or one of them is 1 (that operand is read for
  // every batch, as NumPy broadcasts).
  SmallVector<int64_t> expected;
  for (int64_t b = 0; b < batchRank; ++b) {
    int64_t l = lhs.getDimSize(b), r = rhs.getDimSize(b);
    if (l != r && l != 1 && r != 1)
      return op->emitOpError() << "lhs batch size " << l << " (dimension " << b
                               << ") differs from rhs batch size " << r
                               << " and neither is 1 (broadcast)";
    expected.push_back(std::max(l, r));
  }
  int64_t lhsKDim = batchRank + (transposeLhs ? 0 : 1);
  int64_t rhsKDim = batchRank + (transposeRhs ? 1 : 0);
  int64_t lhsK = lhs.getDimSize(lhsKDim), rhsK = rhs.getDimSize(rhsKDim);
  if (lhsK != rhsK)
    return op->emitOpError()
           << "lhs contraction size " << lhsK << " (dimension " << lhsKDim
           << ") differs from rhs contraction size " << rhsK << " (dimension "
           << rhsKDim << ")";
  expected.push_back(lhs.getDimSize(batchRank + (transposeLhs ? 1 : 0)));
  expected.push_back(rhs.getDimSize(batchRank + (transposeRhs ? 0 : 1)));
  return verifyResultShape(op, result, expected);
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::verify() {
  return verifyContraction(*this, getLhs(), getRhs(), getResult(),
                           getTransposeLhs(), getTransposeRhs(),
                           /*batchRank=*/0);
}

LogicalResult BatchMatmulOp::verify() {
  return verifyContraction(*this, getLhs(), getRhs(), getResult(),
                           getTransposeLhs(), getTransposeRhs(),
                           /*batchRank=*/1);
}

/// Checks that `values` has `size` entries, each at least `min`.
static LogicalResult verifyIntList(Operation *op, StringRef name,
                                   ArrayRef<int64_t> values, size_t size,
                                   int64_t min) {
  if (values.size() != size)
    return op->emitOpError() << name << " " << formatShape(values)
                             << " must have " << size << " entries";
  for (int64_t v : values)
    if (v < min)
      return op->emitOpError() << name << " " << formatShape(values)
                               << " has an entry below " << min;
  return success();
}

/// One spatial output size of a convolution, or a negative value when the
/// dilated window does not fit in the padded input.
static int64_t convOutputSize(int64_t in, int64_t padLo, int64_t padHi,
                              int64_t window, int64_t stride,
                              int64_t dilation) {
  // Sizes are at most 2^62 and pads are bounded by the same check, so the
  // sums below stay inside int64 except for absurd pads, guarded here.
  int64_t padded, span;
  if (__builtin_add_overflow(in, padLo, &padded) ||
      __builtin_add_overflow(padded, padHi, &padded) ||
      __builtin_mul_overflow(dilation, window - 1, &span))
    return -1;
  if (padded - span - 1 < 0)
    return -1;
  return (padded - span - 1) / stride + 1;
}

LogicalResult Conv2DOp::verify() {
  RankedTensorType input = tensorOf(getInput()), filter = tensorOf(getFilter()),
                   result = tensorOf(getResult());
  if (failed(verifyRank(*this, "input", input, 4)) ||
      failed(verifyRank(*this, "filter", filter, 4)) ||
      failed(verifyRank(*this, "result", result, 4)) ||
      failed(verifySameElementType(*this, "filter", filter, "input", input)) ||
      failed(verifyAccumulatorType(*this, input, result)) ||
      failed(verifyIntList(*this, "strides", getStrides(), 2, 1)) ||
      failed(verifyIntList(*this, "dilations", getDilations(), 2, 1)) ||
      failed(verifyIntList(*this, "padding", getPadding(), 4, 0)))
    return failure();
  int64_t groups = getGroupsAttr().getInt();
  if (groups < 1)
    return emitOpError() << "groups = " << groups << " must be at least 1";
  int64_t channels = input.getDimSize(3), filters = filter.getDimSize(3);
  if (channels % groups != 0)
    return emitOpError() << "input channels " << channels
                         << " are not divisible by groups = " << groups;
  if (filters % groups != 0)
    return emitOpError() << "filter count " << filters
                         << " is not divisible by groups = " << groups;
  if (filter.getDimSize(2) != channels / groups)
    return emitOpError() << "filter has " << filter.getDimSize(2)
                         << " input channels (dimension 2) but the input has "
                         << channels << " channels in " << groups
                         << " group(s), so " << channels / groups
                         << " per group";

  ArrayRef<int64_t> strides = getStrides(), dilations = getDilations(),
                    padding = getPadding();
  int64_t outH = convOutputSize(input.getDimSize(1), padding[0], padding[1],
                                filter.getDimSize(0), strides[0], dilations[0]);
  int64_t outW = convOutputSize(input.getDimSize(2), padding[2], padding[3],
                                filter.getDimSize(1), strides[1], dilations[1]);
  if (outH < 1 || outW < 1)
    return emitOpError() << "the dilated " << filter.getDimSize(0) << "x"
                         << filter.getDimSize(1)
                         << " filter window does not fit in the padded "
                         << input.getDimSize(1) << "x" << input.getDimSize(2)
                         << " input";
  return verifyResultShape(*this, result,
                           {input.getDimSize(0), outH, outW, filters});
}

LogicalResult Im2ColOp::verify() {
  RankedTensorType input = tensorOf(getInput()), result = tensorOf(getResult());
  if (failed(verifyRank(*this, "input", input, 4)) ||
      failed(verifyRank(*this, "result", result, 6)) ||
      failed(verifySameElementType(*this, "result", result, "input", input)) ||
      failed(verifyIntList(*this, "window", getWindow(), 2, 1)) ||
      failed(verifyIntList(*this, "strides", getStrides(), 2, 1)) ||
      failed(verifyIntList(*this, "dilations", getDilations(), 2, 1)) ||
      failed(verifyIntList(*this, "padding", getPadding(), 4, 0)))
    return failure();
  ArrayRef<int64_t> window = getWindow(), strides = getStrides(),
                    dilations = getDilations(), padding = getPadding();
  int64_t outH = convOutputSize(input.getDimSize(1), padding[0], padding[1],
                                window[0], strides[0], dilations[0]);
  int64_t outW = convOutputSize(input.getDimSize(2), padding[2], padding[3],
                                window[1], strides[1], dilations[1]);
  if (outH < 1 || outW < 1)
    return emitOpError() << "the dilated " << window[0] << "x" << window[1]
                         << " window does not fit in the padded "
                         << input.getDimSize(1) << "x" << input.getDimSize(2)
                         << " input";
  return verifyResultShape(*this, result,
                           {input.getDimSize(0), outH, outW, window[0],
                            window[1], input.getDimSize(3)});
}

LogicalResult Pool2DOp::verify() {
  RankedTensorType input = tensorOf(getInput()), result = tensorOf(getResult());
  if (getKind() == ReduceKind::Sum)
    return emitOpError() << "pools with max or mean, not sum";
  if (failed(verifyRank(*this, "input", input, 4)) ||
      failed(verifyRank(*this, "result", result, 4)) ||
      failed(verifySameElementType(*this, "result", result, "input", input)) ||
      failed(verifyIntList(*this, "window", getWindow(), 2, 1)) ||
      failed(verifyIntList(*this, "strides", getStrides(), 2, 1)) ||
      failed(verifyIntList(*this, "padding", getPadding(), 4, 0)))
    return failure();
  ArrayRef<int64_t> window = getWindow(), strides = getStrides(),
                    padding = getPadding();
  for (int64_t i = 0; i < 4; ++i)
    if (2 * padding[i] > window[i / 2])
      return emitOpError() << "padding " << formatShape(padding)
                           << " exceeds half of the " << window[0] << "x"
                           << window[1]
                           << " window: a window could hold no input element";
  int64_t outH = convOutputSize(input.getDimSize(1), padding[0], padding[1],
                                window[0], strides[0], 1);
  int64_t outW = convOutputSize(input.getDimSize(2), padding[2], padding[3],
                                window[1], strides[1], 1);
  if (outH < 1 || outW < 1)
    return emitOpError() << "the " << window[0] << "x" << window[1]
                         << " window does not fit in the padded "
                         << input.getDimSize(1) << "x" << input.getDimSize(2)
                         << " input";
  return verifyResultShape(
      *this, result, {input.getDimSize(0), outH, outW, input.getDimSize(3)});
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult ClampOp::verify() {
  std::optional<APFloat> lo = getMin(), hi = getMax();
  if (!lo && !hi)
    return emitOpError() << "needs a min, a max or both";
  // The kernels compare in f32: a bound must be a finite f32.
  for (auto [name, bound] : {std::pair{"min", lo}, std::pair{"max", hi}})
    if (bound && !(std::fabs(bound->convertToDouble()) <=
                   double(std::numeric_limits<float>::max())))
      return emitOpError() << name << " = " << bound->convertToDouble()
                           << " is not a finite f32: the kernels compare in "
                              "f32";
  if (lo && hi && lo->convertToDouble() > hi->convertToDouble())
    return emitOpError() << "min = " << lo->convertToDouble()
                         << " is greater than max = " << hi->convertToDouble();
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and row-wise ops
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  RankedTensorType input = tensorOf(getInput()), result = tensorOf(getResult());
  if (failed(verifySameElementType(*this, "result", result, "input", input)))
    return failure();
  ArrayRef<int64_t> dims = getDims();
  if (dims.empty())
    return emitOpError() << "needs at least one dimension to reduce";
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || dim >= input.getRank())
      return emitOpError() << "dimension " << dim << " is outside [0, "
                           << input.getRank() << ") for input " << input;
    if (i > 0 && dim <= dims[i - 1])
      return emitOpError() << "dims " << formatShape(dims)
                           << " must be distinct and ascending";
  }
  SmallVector<int64_t> expected;
  for (auto [dim, size] : llvm::enumerate(input.getShape())) {
    if (!llvm::is_contained(dims, int64_t(dim)))
      expected.push_back(size);
    else if (getKeepDims())
      expected.push_back(1);
  }
  return verifyResultShape(*this, result, expected);
}

/// Whether `v`, a scale or an epsilon, is a positive normal f32: the
/// kernels compute in f32, where a larger value is infinite and a smaller
/// one flushes to zero, and would no longer compute what the op says.
static bool isPositiveNormalF32(double v) {
  return v >= double(std::numeric_limits<float>::min()) &&
         v <= double(std::numeric_limits<float>::max());
}
static constexpr const char *kPositiveNormalF32 =
    " must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute "
    "in f32";

/// A sliding window (`window = W`): at least one element, and only over a
/// causal mask, whose last visible element it counts back from.
static LogicalResult verifyWindow(Operation *op, std::optional<int64_t> window,
                                  bool causal) {
  if (!window)
    return success();
  if (*window < 1)
    return op->emitOpError()
           << "window = " << *window << " must be at least 1 (each row keeps "
           << "its window's latest elements, its own included)";
  if (!causal)
    return op->emitOpError() << "window = " << *window
                             << " needs causal: the window ends at each "
                                "row's last visible element";
  return success();
}

LogicalResult SoftmaxOp::verify() {
  int64_t rank = tensorOf(getInput()).getRank(), dim = getDimAttr().getInt();
  if (dim < 0 || dim >= rank)
    return emitOpError() << "dim = " << dim << " is outside [0, " << rank
                         << ")";
  if (std::optional<APFloat> scale = getScale();
      scale && !isPositiveNormalF32(scale->convertToDouble()))
    return emitOpError() << "scale = " << scale->convertToDouble()
                         << kPositiveNormalF32;
  if (failed(verifyWindow(*this, getWindow(), getCausal())))
    return failure();
  if (!getCausal())
    return success();
  if (dim < 1)
    return emitOpError() << "causal needs dim >= 1: the mask compares the "
                            "position along dim with the one along dim - 1";
  ArrayRef<int64_t> shape = tensorOf(getInput()).getShape();
  if (shape[dim - 1] > shape[dim])
    return emitOpError() << "causal needs size(dim - 1) = " << shape[dim - 1]
                         << " to be at most size(dim) = " << shape[dim]
                         << " (otherwise the first rows keep no element)";
  return success();
}

/// layer_norm and rms_norm share operands, attributes and rules.
template <typename NormOp> static LogicalResult verifyNorm(NormOp op) {
  RankedTensorType input = tensorOf(op.getInput()),
                   result = tensorOf(op.getResult());
  if (result != input)
    return op.emitOpError() << "result type " << result
                            << " differs from the input type " << input;
  int64_t rank = input.getRank(),
          normRank = op.getNormalizedRankAttr().getInt();
  if (normRank < 1 || normRank > rank)
    return op.emitOpError() << "normalized_rank = " << normRank
                            << " is outside [1, " << rank << "]";
  ArrayRef<int64_t> normShape = input.getShape().take_back(normRank);
  for (auto [role, value] :
       {std::pair{"scale", op.getScale()}, std::pair{"bias", op.getBias()}}) {
    if (!value)
      continue;
    RankedTensorType type = tensorOf(value);
    if (failed(verifySameElementType(op, role, type, "input", input)))
      return failure();
    if (type.getShape() != normShape)
      return op.emitOpError()
             << role << " shape " << formatShape(type.getShape())
             << " differs from the normalized shape " << formatShape(normShape);
  }
  double epsilon = op.getEpsilon().convertToDouble();
  if (!isPositiveNormalF32(epsilon))
    return op.emitOpError() << "epsilon = " << epsilon << kPositiveNormalF32;
  return success();
}

LogicalResult LayerNormOp::verify() { return verifyNorm(*this); }
LogicalResult RmsNormOp::verify() { return verifyNorm(*this); }

//===----------------------------------------------------------------------===//
// Attention and data movement
//===----------------------------------------------------------------------===//

/// The operands of an attention (tessel.attention, tessel.attention_partial):
/// q [B, H, Sq, D], k [B, Hkv, Skv, D], v [B, Hkv, Skv, Dv], one element
/// type, H a multiple of Hkv, causal only with Sq <= Skv, a usable scale,
/// a window only with causal.
static LogicalResult verifyAttentionOperands(Operation *op, RankedTensorType q,
                                             RankedTensorType k,
                                             RankedTensorType v, bool causal,
                                             std::optional<int64_t> window,
                                             std::optional<APFloat> scale) {
  if (failed(verifyRank(op, "query", q, 4)) ||
      failed(verifyRank(op, "key", k, 4)) ||
      failed(verifyRank(op, "value", v, 4)) ||
      failed(verifySameElementType(op, "key", k, "query", q)) ||
      failed(verifySameElementType(op, "value", v, "query", q)))
    return failure();
  if (k.getDimSize(0) != q.getDimSize(0) || v.getDimSize(0) != q.getDimSize(0))
    return op->emitOpError()
           << "batch sizes differ: query " << q.getDimSize(0) << ", key "
           << k.getDimSize(0) << ", value " << v.getDimSize(0);
  if (k.getDimSize(1) != v.getDimSize(1))
    return op->emitOpError() << "key has " << k.getDimSize(1)
                             << " heads but value has " << v.getDimSize(1);
  if (q.getDimSize(1) % k.getDimSize(1) != 0)
    return op->emitOpError()
           << "query heads " << q.getDimSize(1)
           << " are not a multiple of key/value heads " << k.getDimSize(1);
  if (k.getDimSize(2) != v.getDimSize(2))
    return op->emitOpError()
           << "key sequence length " << k.getDimSize(2)
           << " differs from value sequence length " << v.getDimSize(2);
  if (q.getDimSize(3) != k.getDimSize(3))
    return op->emitOpError()
           << "query head dimension " << q.getDimSize(3)
           << " differs from key head dimension " << k.getDimSize(3);
  // Keys are aligned at the bottom right, so query i sees keys up to
  // i + Skv - Sq; with Sq > Skv the first rows would see no key at all.
  if (causal && q.getDimSize(2) > k.getDimSize(2))
    return op->emitOpError()
           << "causal attention needs the query length " << q.getDimSize(2)
           << " to be at most the key length " << k.getDimSize(2)
           << " (otherwise the first rows attend to nothing)";
  if (scale && !isPositiveNormalF32(scale->convertToDouble()))
    return op->emitOpError()
           << "scale = " << scale->convertToDouble() << kPositiveNormalF32;
  return verifyWindow(op, window, causal);
}

/// An attention's result (tessel.attention, tessel.attention_split): [B, H,
/// Sq, Dv] of the query's element type.
static LogicalResult verifyAttentionResult(Operation *op, RankedTensorType q,
                                           RankedTensorType v,
                                           RankedTensorType result) {
  if (failed(verifyRank(op, "result", result, 4)) ||
      failed(verifySameElementType(op, "result", result, "query", q)))
    return failure();
  return verifyResultShape(
      op, result,
      {q.getDimSize(0), q.getDimSize(1), q.getDimSize(2), v.getDimSize(3)});
}

LogicalResult AttentionOp::verify() {
  RankedTensorType q = tensorOf(getQuery()), k = tensorOf(getKey()),
                   v = tensorOf(getValue()), result = tensorOf(getResult());
  if (failed(verifyAttentionOperands(*this, q, k, v, getCausal(), getWindow(),
                                     getScale())))
    return failure();
  return verifyAttentionResult(*this, q, v, result);
}

/// The keys some query of an attention attends to: Skv, or with a window
/// the last min(Skv, Sq - 1 + window).
static int64_t keysReadOf(Value query, Value key,
                          std::optional<int64_t> window) {
  int64_t skv = tensorOf(key).getDimSize(2);
  if (!window)
    return skv;
  return std::min(skv, tensorOf(query).getDimSize(2) - 1 + *window);
}

int64_t AttentionOp::getKeysRead() {
  return keysReadOf(getQuery(), getKey(), getWindow());
}

/// Keys per slice of a split-KV attention: ceil(keys read / splits).
template <typename SlicedOp> static int64_t sliceLengthOf(SlicedOp op) {
  return (op.getKeysRead() + op.getSplits() - 1) / op.getSplits();
}

int64_t AttentionPartialOp::getKeysRead() {
  return keysReadOf(getQuery(), getKey(), getWindow());
}

int64_t AttentionPartialOp::getSliceLength() { return sliceLengthOf(*this); }

/// The slices of a split-KV attention (tessel.attention_partial,
/// tessel.attention_split): its operands, `splits` non-empty slices of the
/// keys, and the f32 partials [S, B, H, Sq, Dv] and log-sum-exps [S, B, H,
/// Sq] over them.
template <typename SlicedOp>
static LogicalResult verifyAttentionSlices(SlicedOp op) {
  RankedTensorType q = tensorOf(op.getQuery()), k = tensorOf(op.getKey()),
                   v = tensorOf(op.getValue()),
                   partial = tensorOf(op.getPartial()),
                   lse = tensorOf(op.getLse());
  if (failed(verifyAttentionOperands(op, q, k, v, op.getCausal(),
                                     op.getWindow(), op.getScale())))
    return failure();
  // Every slice holds a key: ceil(R / S) keys each of the R keys read, the
  // last what is left.
  int64_t splits = op.getSplits(), keys = op.getKeysRead();
  if (splits < 1 || (splits - 1) * op.getSliceLength() >= keys)
    return op.emitOpError() << "splits = " << splits << " must cut the " << keys
                            << " keys read into that many non-empty slices "
                            << "of ceil(" << keys << " / splits) keys";
  if (!partial.getElementType().isF32() || !lse.getElementType().isF32())
    return op.emitOpError()
           << "partial and lse must be f32, got " << partial.getElementType()
           << " and " << lse.getElementType();
  SmallVector<int64_t> rows = {splits, q.getDimSize(0), q.getDimSize(1),
                               q.getDimSize(2)};
  if (lse.getShape() != ArrayRef<int64_t>(rows))
    return op.emitOpError()
           << "lse shape " << formatShape(lse.getShape())
           << " differs from the expected " << formatShape(rows);
  rows.push_back(v.getDimSize(3));
  return verifyResultShape(op, partial, rows);
}

LogicalResult AttentionPartialOp::verify() {
  return verifyAttentionSlices(*this);
}

int64_t AttentionSplitOp::getKeysRead() {
  return keysReadOf(getQuery(), getKey(), getWindow());
}

int64_t AttentionSplitOp::getSliceLength() { return sliceLengthOf(*this); }

LogicalResult AttentionSplitOp::verify() {
  if (failed(verifyAttentionSlices(*this)))
    return failure();
  RankedTensorType q = tensorOf(getQuery()), v = tensorOf(getValue()),
                   result = tensorOf(getResult()),
                   arrivals = tensorOf(getArrivals());
  if (failed(verifyAttentionResult(*this, q, v, result)))
    return failure();
  if (!arrivals.getElementType().isF32())
    return emitOpError() << "arrivals must be f32, got "
                         << arrivals.getElementType();
  SmallVector<int64_t> rows = {q.getDimSize(0), q.getDimSize(1),
                               q.getDimSize(2)};
  if (arrivals.getShape() != ArrayRef<int64_t>(rows))
    return emitOpError() << "arrivals shape "
                         << formatShape(arrivals.getShape())
                         << " differs from the expected " << formatShape(rows);
  return success();
}

LogicalResult AttentionCombineOp::verify() {
  RankedTensorType partial = tensorOf(getPartial()), lse = tensorOf(getLse()),
                   result = tensorOf(getResult());
  if (failed(verifyRank(*this, "partial", partial, 5)) ||
      failed(verifyRank(*this, "lse", lse, 4)))
    return failure();
  if (!partial.getElementType().isF32() || !lse.getElementType().isF32())
    return emitOpError() << "partial and lse must be f32, got "
                         << partial.getElementType() << " and "
                         << lse.getElementType();
  if (lse.getShape() != partial.getShape().drop_back())
    return emitOpError() << "lse shape " << formatShape(lse.getShape())
                         << " must be the partial's "
                         << formatShape(partial.getShape())
                         << " without its last dim";
  return verifyResultShape(*this, result, partial.getShape().drop_front());
}

LogicalResult TransposeOp::verify() {
  RankedTensorType input = tensorOf(getInput()), result = tensorOf(getResult());
  if (failed(verifySameElementType(*this, "result", result, "input", input)))
    return failure();
  ArrayRef<int64_t> perm = getPermutation();
  if (int64_t(perm.size()) != input.getRank())
    return emitOpError() << "permutation " << formatShape(perm) << " has "
                         << perm.size() << " entries but the input has rank "
                         << input.getRank();
  SmallVector<bool> seen(perm.size(), false);
  SmallVector<int64_t> expected;
  for (int64_t p : perm) {
    if (p < 0 || p >= input.getRank() || seen[p])
      return emitOpError() << "permutation " << formatShape(perm)
                           << " is not a permutation of [0, " << input.getRank()
                           << ")";
    seen[p] = true;
    expected.push_back(input.getDimSize(p));
  }
  return verifyResultShape(*this, result, expected);
}

LogicalResult SliceOp::verify() {
  RankedTensorType input = tensorOf(getInput()), result = tensorOf(getResult());
  if (failed(verifySameElementType(*this, "result", result, "input", input)))
    return failure();
  ArrayRef<int64_t> offsets = getOffsets(), strides = getStrides();
  int64_t rank = input.getRank();
  if (int64_t(offsets.size()) != rank || int64_t(strides.size()) != rank ||
      result.getRank() != rank)
    return emitOpError() << "offsets " << formatShape(offsets) << ", strides "
                         << formatShape(strides) << " and result " << result
                         << " must each have the input's rank " << rank;
  for (int64_t d = 0; d < rank; ++d) {
    if (offsets[d] < 0 || strides[d] < 1)
      return emitOpError() << "dimension " << d << ": offset " << offsets[d]
                           << " must be at least 0 and stride " << strides[d]
                           << " at least 1";
    // Checked without overflow: offsets[d] + strides[d] * (n - 1) < size.
    int64_t n = result.getDimSize(d), size = input.getDimSize(d);
    if (offsets[d] >= size || (n - 1) > (size - 1 - offsets[d]) / strides[d])
      return emitOpError() << "dimension " << d << ": " << n
                           << " elements from offset " << offsets[d]
                           << " with stride " << strides[d]
                           << " reach past the input's size " << size;
  }
  return success();
}

LogicalResult ConcatOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  RankedTensorType result = tensorOf(getResult());
  int64_t rank = result.getRank(), dim = getDim();
  if (dim < 0 || dim >= rank)
    return emitOpError() << "dim = " << dim << " is outside [0, " << rank
                         << ")";
  int64_t total = 0;
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    RankedTensorType input = tensorOf(v);
    std::string name = "input #" + std::to_string(i);
    if (failed(verifySameElementType(*this, name, input, "result", result)))
      return failure();
    if (input.getRank() != rank)
      return emitOpError() << name << " " << input << " has rank "
                           << input.getRank() << " but the result has rank "
                           << rank;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim && input.getDimSize(d) != result.getDimSize(d))
        return emitOpError() << name << " " << input << " has size "
                             << input.getDimSize(d) << " in dimension " << d
                             << " but the result has " << result.getDimSize(d)
                             << " (only dim = " << dim << " may differ)";
    total += input.getDimSize(dim);
  }
  if (total != result.getDimSize(dim))
    return emitOpError() << "the inputs' sizes along dim = " << dim
                         << " add up to " << total << " but the result has "
                         << result.getDimSize(dim);
  return success();
}

LogicalResult ConstantOp::verify() {
  // Its type is the result's (AllTypesMatch).
  auto value = dyn_cast<DenseElementsAttr>(getValue());
  if (!value)
    return emitOpError() << "value must be a dense elements attribute";
  if (!value.isSplat())
    return emitOpError()
           << "holds distinct values; only a splat (one value in every "
              "element) is supported: pass the tensor as a function argument";
  return success();
}

double ConstantOp::getSplatValue() {
  return cast<DenseElementsAttr>(getValue())
      .getSplatValue<APFloat>()
      .convertToDouble();
}

bool SliceOp::readsThroughMap() {
  ArrayRef<int64_t> in = tensorOf(getInput()).getShape(),
                    out = tensorOf(getResult()).getShape();
  for (auto [d, offset, stride] : llvm::enumerate(getOffsets(), getStrides()))
    if (offset == 0 && stride == 1 && in[d] != out[d])
      return false;
  return true;
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType input = tensorOf(getInput()), result = tensorOf(getResult());
  if (failed(verifySameElementType(*this, "result", result, "input", input)))
    return failure();
  // Both sizes fit in int64 (AddressableTensors has checked them).
  if (input.getNumElements() != result.getNumElements())
    return emitOpError() << "result " << result << " holds "
                         << result.getNumElements() << " elements but input "
                         << input << " holds " << input.getNumElements();
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

LogicalResult KernelOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments but the kernel has "
                         << getInputs().size() << " inputs";
  for (auto [i, arg, input] : llvm::enumerate(body.getArguments(), getInputs()))
    if (arg.getType() != input.getType())
      return emitOpError() << "body argument #" << i << " has type "
                           << arg.getType() << " but input #" << i
                           << " has type " << input.getType();
  if (getResults().empty())
    return emitOpError() << "must produce at least one result";

  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError() << "body must end in 'tessel.yield'";
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError() << "yields " << yield.getValues().size()
                         << " value(s) of types "
                         << yield.getValues().getTypes()
                         << " but the kernel returns " << getResultTypes();

  bool hasCompute = false;
  for (Operation &op : body.without_terminator()) {
    if (isa<KernelOp>(op))
      return op.emitOpError() << "cannot be nested in another 'tessel.kernel'";
    if (!isa<TesselDialect>(op.getDialect()))
      return emitOpError() << "body holds '" << op.getName()
                           << "', but a kernel may hold only Tessel ops";
    hasCompute = true;
  }
  if (!hasCompute)
    return emitOpError() << "body holds no computation";
  return success();
}

#define GET_OP_CLASSES
#include "dialects/Tessel/TesselOps.cpp.inc"
