//===- KernelDescription.cpp - Kernels as the cost model sees them ------===//
//
// See KernelDescription.h. The description (costmodel::KernelDesc) is the
// root of the kernel's loop nest with each linalg op's loops traced to the
// root loops they follow, once per way the op is reached from the root (its
// contexts), so that each input's footprint per block, and the work and
// loads each thread executes as tessel-tile-and-fuse splits the kernel, can
// be counted. Also here: the ranking of a kernel's schedules, and the
// conversions between the model's schedules and #tessel.schedule.
//
//===----------------------------------------------------------------------===//

#include "passes/KernelDescription.h"
#include "passes/Passes.h"
#include "passes/tiling/FusedAttention.h"
#include "passes/tiling/RowKernel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tessel;

ElementType mlir::tessel::elementTypeOf(Type shaped) {
  Type e = cast<ShapedType>(shaped).getElementType();
  return e.isF16()    ? ElementType::F16
         : e.isBF16() ? ElementType::BF16
                      : ElementType::F32;
}

namespace {

/// The math functions (exp, tanh, erf...) a linalg body calls, by kind.
std::array<double, kMathFunctions> bodyMathCalls(linalg::LinalgOp op) {
  std::array<double, kMathFunctions> calls{};
  op->walk([&](Operation *inner) {
    if (!isa<math::MathDialect>(inner->getDialect()) ||
        isa<math::FmaOp, math::AbsFOp, math::FloorOp, math::CeilOp,
            math::CopySignOp>(inner))
      return;
    MathFunction f =
        TypeSwitch<Operation *, MathFunction>(inner)
            .Case([](math::ExpOp) { return MathFunction::Exp; })
            .Case([](math::TanhOp) { return MathFunction::Tanh; })
            .Case([](math::ErfOp) { return MathFunction::Erf; })
            .Case([](math::RsqrtOp) { return MathFunction::Rsqrt; })
            .Default([](Operation *) { return MathFunction::Other; });
    calls[size_t(f)] += 1;
  });
  return calls;
}

/// Arithmetic operations in a linalg body (what one iteration executes).
double bodyOps(linalg::LinalgOp op) {
  double n = 0;
  op->walk([&](Operation *inner) {
    if (isa<arith::ArithDialect, math::MathDialect>(inner->getDialect()) &&
        !isa<arith::ConstantOp, arith::ExtFOp, arith::TruncFOp,
             arith::IndexCastOp, arith::CmpIOp, arith::SelectOp>(inner) &&
        inner->getNumResults() == 1 &&
        isa<FloatType>(inner->getResult(0).getType()))
      n += 1;
  });
  return n;
}

/// The linalg op computing a kernel's result `v`, through reshapes that
/// only view it.
linalg::LinalgOp rootOf(Value v) {
  while (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
      v.getDefiningOp()))
    v = v.getDefiningOp()->getOperand(0);
  return dyn_cast_or_null<linalg::LinalgOp>(v.getDefiningOp());
}

/// The root of an outlined kernel's loop nest: the op computing its first
/// result.
linalg::LinalgOp rootOf(func::FuncOp func) {
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  return rootOf(ret.getOperand(0));
}

/// Whether `v` is a kernel input (a view of one through reshapes).
bool isKernelInput(Value v) {
  while (isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
      v.getDefiningOp()))
    v = v.getDefiningOp()->getOperand(0);
  return isa<BlockArgument>(v) && isa<TensorType>(v.getType());
}

/// Whether `e` (an indexing map's result) moves by one element when the
/// op's loop `dim` does: its coefficient in the sum is 1.
bool unitStride(AffineExpr e, unsigned dim) {
  std::function<int64_t(AffineExpr)> coefficient = [&](AffineExpr x) {
    if (auto d = dyn_cast<AffineDimExpr>(x))
      return int64_t(d.getPosition() == dim);
    auto bin = dyn_cast<AffineBinaryOpExpr>(x);
    if (!bin)
      return int64_t(0);
    if (bin.getKind() == AffineExprKind::Add)
      return coefficient(bin.getLHS()) + coefficient(bin.getRHS());
    if (bin.getKind() == AffineExprKind::Mul)
      if (auto k = dyn_cast<AffineConstantExpr>(bin.getRHS()))
        return k.getValue() * coefficient(bin.getLHS());
    // floordiv, mod, ceildiv: not a plain stride.
    return int64_t(0);
  };
  return coefficient(e) == 1;
}

/// The loops (linalg.index dims) an index computed in a linalg body
/// depends on.
SmallVector<unsigned> loopsOf(Value index) {
  SmallVector<unsigned> dims;
  SmallVector<Value> work = {index};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || !seen.insert(def).second)
      continue;
    if (auto idx = dyn_cast<linalg::IndexOp>(def)) {
      if (!llvm::is_contained(dims, unsigned(idx.getDim())))
        dims.push_back(idx.getDim());
      continue;
    }
    // An affine.apply depends on the operands its map reads, not on all.
    if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
      AffineMap map = apply.getAffineMap();
      for (auto [i, operand] : llvm::enumerate(apply.getMapOperands()))
        if (i < map.getNumDims() ? map.isFunctionOfDim(i)
                                 : map.isFunctionOfSymbol(i - map.getNumDims()))
          work.push_back(operand);
      continue;
    }
    for (Value operand : def->getOperands())
      work.push_back(operand);
  }
  return dims;
}

/// The one loop an index expression depends on, if exactly one.
std::optional<unsigned> singleDimOf(AffineExpr e) {
  std::optional<unsigned> dim;
  bool several = false;
  e.walk([&](AffineExpr sub) {
    if (auto d = dyn_cast<AffineDimExpr>(sub)) {
      if (dim && *dim != d.getPosition())
        several = true;
      dim = d.getPosition();
    }
  });
  return several ? std::nullopt : dim;
}

/// The root loops `op`'s loops follow where `use`, an operand of a
/// consumer whose loops follow the root loops `consumerMap`, reads `op`'s
/// result (-1: a loop the read does not trace). The consumer's index may be
/// a loop or a function of one loop (a split dim: `d floordiv 64` and
/// `d mod 64` both follow loop d).
SmallVector<int> rootLoopsThrough(linalg::LinalgOp op, OpOperand &use,
                                  ArrayRef<int> consumerMap) {
  auto consumer = cast<linalg::LinalgOp>(use.getOwner());
  AffineMap read = consumer.getMatchingIndexingMap(&use);
  AffineMap written =
      op.getIndexingMapMatchingResult(cast<OpResult>(use.get()));
  SmallVector<int> map(op.getNumLoops(), -1);
  for (unsigned j = 0; j < written.getNumResults(); ++j) {
    auto loop = dyn_cast<AffineDimExpr>(written.getResult(j));
    std::optional<unsigned> at = singleDimOf(read.getResult(j));
    if (loop && at)
      map[loop.getPosition()] = consumerMap[*at];
  }
  return map;
}

} // namespace

SmallVector<int64_t> mlir::tessel::rootLoopPeriods(linalg::LinalgOp root,
                                                   ArrayRef<Operation *> ops) {
  SmallVector<int64_t> periods(root.getNumLoops(), 1);
  // Each op's loops, as the root loops they follow (-1: none).
  DenseMap<Operation *, SmallVector<int>> follows;
  follows[root] = llvm::to_vector(llvm::seq<int>(0, root.getNumLoops()));
  auto note = [&](linalg::LinalgOp op, ArrayRef<int> map) {
    for (AffineMap m : op.getIndexingMapsArray())
      for (AffineExpr e : m.getResults())
        e.walk([&](AffineExpr sub) {
          auto bin = dyn_cast<AffineBinaryOpExpr>(sub);
          if (!bin || (bin.getKind() != AffineExprKind::FloorDiv &&
                       bin.getKind() != AffineExprKind::Mod))
            return;
          auto d = dyn_cast<AffineDimExpr>(bin.getLHS());
          auto by = dyn_cast<AffineConstantExpr>(bin.getRHS());
          if (!d || !by || by.getValue() <= 1 || map[d.getPosition()] < 0)
            return;
          int64_t &p = periods[map[d.getPosition()]];
          p = std::lcm(p, by.getValue());
        });
  };
  note(root, follows[root]);
  // Producers after their consumers: the ops in reverse program order.
  SmallVector<Operation *> order;
  for (Operation *o : ops)
    if (o != root.getOperation() && o->getBlock() == root->getBlock() &&
        isa<linalg::LinalgOp>(o))
      order.push_back(o);
  llvm::sort(order,
             [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
  for (Operation *o : order) {
    auto op = cast<linalg::LinalgOp>(o);
    SmallVector<int> map(op.getNumLoops(), -1);
    for (OpResult result : o->getResults())
      for (OpOperand &use : result.getUses()) {
        auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
        auto known = consumer ? follows.find(consumer) : follows.end();
        if (known == follows.end())
          continue;
        for (auto [mine, traced] :
             llvm::zip(map, rootLoopsThrough(op, use, known->second)))
          if (traced >= 0)
            mine = traced;
      }
    note(op, map);
    follows[o] = std::move(map);
  }
  return periods;
}

llvm::SmallBitVector mlir::tessel::loopsRead(AffineMap map, unsigned numLoops) {
  llvm::SmallBitVector read(numLoops);
  for (AffineExpr e : map.getResults())
    e.walk([&](AffineExpr sub) {
      if (auto d = dyn_cast<AffineDimExpr>(sub))
        read.set(d.getPosition());
    });
  return read;
}

bool mlir::tessel::isCooperativeReduction(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() < 1 || op->getNumResults() != 1)
    return false;
  for (OpOperand &use : op->getResult(0).getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (!consumer)
      continue;
    llvm::SmallBitVector read = loopsRead(consumer.getMatchingIndexingMap(&use),
                                          consumer.getNumLoops());
    for (auto [i, it] : llvm::enumerate(consumer.getIteratorTypesArray()))
      if (it == utils::IteratorType::parallel && !read.test(i))
        return true;
  }
  return false;
}

namespace {

/// How an index computed in a linalg body moves across the lanes of a
/// vector step along the op's innermost loop: `lane` times the lane's
/// position plus a value the lanes share, known to be a multiple of `align`
/// (0: zero); `known` false where it is no such thing.
struct LaneIndex {
  bool known = false;
  int64_t lane = 0;
  int64_t align = 1;
  static LaneIndex unknown() { return {}; }
  static LaneIndex shared(int64_t align = 1) { return {true, 0, align}; }
};

/// Classifies the indices of the gathers of an all-parallel op for a vector
/// step along its innermost loop. The step's tile lies at a multiple of its
/// width w, so `floor(x / c)` of an index x = lane + a multiple of w is the
/// same for every lane when w divides c: `widths` collects such c (each
/// width the result holds for divides it; 0: no condition).
class LaneAnalysis {
public:
  explicit LaneAnalysis(linalg::LinalgOp op)
      : op(op), inner(op.getNumLoops() - 1) {}

  LaneIndex of(Value v) {
    if (auto it = memo.find(v); it != memo.end())
      return it->second;
    LaneIndex result = compute(v);
    memo[v] = result;
    return result;
  }

  int64_t widths = 0;

private:
  LaneIndex compute(Value v) {
    if (std::optional<int64_t> c = getConstantIntValue(v))
      return LaneIndex::shared(std::abs(*c));
    Block *body = op.getBlock();
    if (auto arg = dyn_cast<BlockArgument>(v))
      return llvm::is_contained(body->getArguments(), arg)
                 ? LaneIndex::unknown()
                 : LaneIndex::shared();
    Operation *def = v.getDefiningOp();
    if (!op->isProperAncestor(def))
      return LaneIndex::shared();
    if (auto index = dyn_cast<linalg::IndexOp>(def))
      return index.getDim() == inner ? LaneIndex{true, 1, 0}
                                     : LaneIndex::shared();
    if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
      AffineMap map = apply.getAffineMap();
      SmallVector<LaneIndex> operands;
      for (Value operand : apply.getMapOperands())
        operands.push_back(of(operand));
      return ofExpr(map.getResult(0), map.getNumDims(), operands);
    }
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def)) {
      LaneIndex a = of(def->getOperand(0)), b = of(def->getOperand(1));
      if (!a.known || !b.known)
        return LaneIndex::unknown();
      if (isa<arith::AddIOp>(def))
        return {true, a.lane + b.lane, std::gcd(a.align, b.align)};
      if (isa<arith::SubIOp>(def))
        return {true, a.lane - b.lane, std::gcd(a.align, b.align)};
      return multiply(a, getConstantIntValue(def->getOperand(0)), b,
                      getConstantIntValue(def->getOperand(1)));
    }
    // Anything else computed from values the lanes share (a clamp of the
    // aligned position, an element read at shared indices) is shared; a
    // minimum, maximum or choice of multiples of k is one.
    if (def->getNumRegions() != 0 || !isMemoryEffectFree(def) ||
        !llvm::all_of(def->getOperands(), [&](Value operand) {
          LaneIndex x = of(operand);
          return x.known && x.lane == 0;
        }))
      return LaneIndex::unknown();
    ValueRange picked;
    if (isa<arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(
            def))
      picked = def->getOperands();
    else if (isa<arith::SelectOp>(def))
      picked = def->getOperands().drop_front();
    int64_t align = picked.empty() ? 1 : 0;
    for (Value operand : picked)
      align = std::gcd(align, of(operand).align);
    return LaneIndex::shared(align);
  }

  static LaneIndex multiply(LaneIndex a, std::optional<int64_t> ca, LaneIndex b,
                            std::optional<int64_t> cb) {
    if (cb)
      return {true, a.lane * *cb, a.align * std::abs(*cb)};
    if (ca)
      return {true, b.lane * *ca, b.align * std::abs(*ca)};
    if (a.lane == 0 && b.lane == 0)
      return LaneIndex::shared(a.align * b.align);
    return LaneIndex::unknown();
  }

  LaneIndex ofExpr(AffineExpr e, unsigned numDims,
                   ArrayRef<LaneIndex> operands) {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return operands[d.getPosition()];
    if (auto s = dyn_cast<AffineSymbolExpr>(e))
      return operands[numDims + s.getPosition()];
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      return LaneIndex::shared(std::abs(c.getValue()));
    auto bin = cast<AffineBinaryOpExpr>(e);
    LaneIndex a = ofExpr(bin.getLHS(), numDims, operands);
    LaneIndex b = ofExpr(bin.getRHS(), numDims, operands);
    if (!a.known || !b.known)
      return LaneIndex::unknown();
    auto constant = [](AffineExpr x) -> std::optional<int64_t> {
      if (auto c = dyn_cast<AffineConstantExpr>(x))
        return c.getValue();
      return std::nullopt;
    };
    std::optional<int64_t> divisor = constant(bin.getRHS());
    switch (bin.getKind()) {
    case AffineExprKind::Add:
      return {true, a.lane + b.lane, std::gcd(a.align, b.align)};
    case AffineExprKind::Mul:
      return multiply(a, constant(bin.getLHS()), b, divisor);
    case AffineExprKind::FloorDiv:
    case AffineExprKind::Mod: {
      if (a.lane == 0)
        return LaneIndex::shared();
      if (a.lane != 1 || !divisor || *divisor <= 0)
        return LaneIndex::unknown();
      // x = lane + base, base a multiple of gcd(w, a.align): the floor is
      // shared, and the remainder is lane + (base mod c), where w divides
      // c and a.align.
      widths = std::gcd(widths, std::gcd(*divisor, a.align));
      if (bin.getKind() == AffineExprKind::FloorDiv)
        return LaneIndex::shared();
      return {true, 1, std::gcd(a.align, *divisor)};
    }
    default: // ceildiv: not shared at a multiple of c
      return a.lane == 0 ? LaneIndex::shared() : LaneIndex::unknown();
    }
  }

  linalg::LinalgOp op;
  unsigned inner;
  DenseMap<Value, LaneIndex> memo;
};

/// Whether `index` depends on the op's linalg.index of `dim`.
bool dependsOnLoop(Value index, unsigned dim) {
  return llvm::is_contained(loopsOf(index), dim);
}

} // namespace

bool mlir::tessel::gathersInBody(linalg::LinalgOp op) {
  return op->walk([](tensor::ExtractOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

std::optional<int64_t> mlir::tessel::vectorStepWidths(linalg::LinalgOp op) {
  if (op.getNumParallelLoops() != op.getNumLoops() || op.getNumLoops() == 0)
    return std::nullopt;
  if (!gathersInBody(op))
    return succeeded(linalg::vectorizeOpPrecondition(op))
               ? std::optional<int64_t>(0)
               : std::nullopt;
  if (failed(linalg::vectorizeOpPrecondition(op, {}, {},
                                             /*vectorizeNDExtract=*/true)))
    return std::nullopt;
  // Each gather must read one element for all lanes or consecutive ones;
  // linalg's vectorizer then emits a broadcast or a contiguous
  // transfer_read (its own analysis decides which from the first lane's
  // index, so it is never given a gather this one has not checked, 1-D
  // ones included). A shared last index that depends on the lanes' loop (a
  // group's scale at i floordiv 64) is left scalar: the vectorizer could
  // take it for a contiguous read.
  //
  // A contiguous read is one vector load, which tessel-map-to-gpu aligns to
  // its size (alignVectorAccesses): its first element must lie at a
  // multiple of the width, so the width divides the shared part of the
  // last index and, where a leading index moves the read, the innermost
  // dim's size.
  LaneAnalysis lanes(op);
  unsigned inner = op.getNumLoops() - 1;
  WalkResult walk = op->walk([&](tensor::ExtractOp extract) {
    ArrayRef<int64_t> shape = extract.getTensor().getType().getShape();
    for (auto [i, index] : llvm::enumerate(extract.getIndices())) {
      LaneIndex x = lanes.of(index);
      bool last = i + 1 == shape.size();
      bool fits = x.known && (x.lane == 0 || (last && x.lane == 1));
      if (last && x.known && x.lane == 0 && dependsOnLoop(index, inner))
        fits = false;
      // (A leading index of a unit dim is 0, whatever computes it.)
      if (!fits && (last || shape[i] != 1))
        return WalkResult::interrupt();
      if (last && x.lane == 1) {
        lanes.widths = std::gcd(lanes.widths, x.align);
        if (llvm::any_of(shape.drop_back(),
                         [](int64_t size) { return size != 1; }))
          lanes.widths = std::gcd(lanes.widths, shape.back());
      }
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || lanes.widths == 1)
    return std::nullopt;
  return lanes.widths;
}

bool mlir::tessel::isVectorizedInStep(linalg::LinalgOp op, int64_t width) {
  std::optional<int64_t> widths = vectorStepWidths(op);
  return widths && (*widths == 0 || *widths % width == 0);
}

bool mlir::tessel::swapsInnermostDims(linalg::TransposeOp transpose) {
  ArrayRef<int64_t> perm = transpose.getPermutation();
  int64_t rank = int64_t(perm.size());
  if (rank < 2 || perm[rank - 2] != rank - 1 || perm[rank - 1] != rank - 2)
    return false;
  for (int64_t i = 0; i + 2 < rank; ++i)
    if (perm[i] != i)
      return false;
  return true;
}

std::optional<SplitView> mlir::tessel::splitViewOf(Value v) {
  SplitView view;
  auto transpose = v.getDefiningOp<linalg::TransposeOp>();
  if (transpose) {
    view.permutation.assign(transpose.getPermutation().begin(),
                            transpose.getPermutation().end());
    v = transpose.getInput();
  }
  while (auto slice = v.getDefiningOp<tensor::ExtractSliceOp>())
    v = slice.getSource();
  auto expand = v.getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand || expand.getSrcType().getRank() != 2 ||
      expand.getResultType().getRank() != 3 ||
      !expand.getResultType().hasStaticShape() || view.permutation.size() != 3)
    return std::nullopt;
  SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
  // Rows cut ([[0, 1], [2]]) or columns cut ([[0], [1, 2]]).
  view.source = expand.getSrc();
  view.cut = groups[0].size() == 2 ? 0 : 1;
  view.slice = expand.getResultType().getShape()[view.slicesDim() + 1];
  if (view.permutation[0] != view.slicesDim())
    return std::nullopt;
  return view;
}

/// Whether the contraction `op` (one reduction loop, two inputs) reads its
/// input `input` with K `fromInnermost` dims out from the innermost.
static bool readsKAt(linalg::LinalgOp op, unsigned input,
                     size_t fromInnermost) {
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  if (reductions.size() != 1 || op.getNumDpsInputs() != 2)
    return false;
  ArrayRef<AffineExpr> dims = op.getIndexingMapsArray()[input].getResults();
  return dims.size() > fromInnermost &&
         dims[dims.size() - 1 - fromInnermost] ==
             getAffineDimExpr(reductions.front(), op.getContext());
}

bool mlir::tessel::isBTransposed(linalg::LinalgOp op) {
  return readsKAt(op, 1, 0);
}

bool mlir::tessel::isATransposed(linalg::LinalgOp op) {
  return readsKAt(op, 0, 1);
}

std::string mlir::tessel::mmaSyncRefusal(linalg::LinalgOp op) {
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  if (reductions.size() != 1 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return "it is not a matmul or batch_matmul";
  unsigned k = reductions.front();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  ArrayRef<AffineExpr> cDims = maps[2].getResults();
  if (cDims.size() < 2 || !llvm::all_of(cDims, llvm::IsaPred<AffineDimExpr>))
    return "its output is not a matrix";
  auto dim = [](AffineExpr e) { return cast<AffineDimExpr>(e).getPosition(); };
  unsigned m = dim(cDims[cDims.size() - 2]), n = dim(cDims.back());
  MLIRContext *ctx = op.getContext();
  // An operand may leave out batch dims of one element (a split-K
  // partial's block reading its operands in place: readSplitViewsInPlace).
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  bool unitBatch = llvm::all_of(
      cDims.drop_back(2), [&](AffineExpr e) { return ranges[dim(e)] == 1; });
  auto expect = [&](AffineMap map, unsigned inner0, unsigned inner1) {
    SmallVector<AffineExpr> want(cDims.begin(), cDims.end() - 2);
    want.push_back(getAffineDimExpr(inner0, ctx));
    want.push_back(getAffineDimExpr(inner1, ctx));
    return map.getResults() == ArrayRef<AffineExpr>(want) ||
           (unitBatch &&
            map.getResults() == ArrayRef<AffineExpr>(want).take_back(2));
  };
  if (!expect(maps[0], m, k) ||
      !(expect(maps[1], k, n) || expect(maps[1], n, k)))
    return "its operands are not A [.., M, K] and B [.., K, N] (or [.., N, "
           "K]) read at the output's batch indices";
  Type a = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  Type b = getElementTypeOrSelf(op.getDpsInputs()[1].getType());
  Type c = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (a != b || !(a.isF16() || a.isBF16()) || !c.isF32())
    return "its inputs must both be f16 or both bf16, accumulated in f32";
  return "";
}

std::string mlir::tessel::wgmmaRefusal(linalg::LinalgOp op) {
  std::string refusal = mmaSyncRefusal(op);
  if (!refusal.empty())
    return refusal;
  if (op.getIndexingMapsArray()[2].getNumResults() > 3)
    return "it has more than one batch dim (wgmma steps take a matmul or a "
           "batch_matmul)";
  bool transposed[2] = {false, false};
  for (auto [i, in] : llvm::enumerate(op.getDpsInputs())) {
    Value whole = in;
    while (auto slice = whole.getDefiningOp<tensor::ExtractSliceOp>())
      whole = slice.getSource();
    // A `transpose_lhs` A or `transpose_rhs` B: the step reads the
    // transpose's source in place (A [K, M], MN-major; B [N, K], K-major),
    // which TMA loads as it is and wgmma reads with or without its
    // transpose bits.
    if (auto transpose = whole.getDefiningOp<linalg::TransposeOp>();
        transpose && swapsInnermostDims(transpose)) {
      transposed[i] = true;
      whole = transpose.getInput();
      while (auto slice = whole.getDefiningOp<tensor::ExtractSliceOp>())
        whole = slice.getSource();
    }
    // A split-K partial's view of an operand: the step reads the operand
    // itself, each block at its slice's offset along K (tessel-tile-and-
    // fuse's readSplitViewsInPlace), so a slice must hold whole K steps of
    // 128 bytes: TMA's box at a slice's last step would read the next
    // slice's elements, not zeros.
    if (std::optional<SplitView> split = splitViewOf(whole)) {
      // (A transposed, [K, M] cut along its rows, is not read in place.)
      if (i == 0 && split->cut == 0)
        return "it is a split-K partial of a transpose_lhs matmul, whose A "
               "slices are not read in place";
      auto type = cast<ShapedType>(whole.getType());
      if (split->slice * type.getElementTypeBitWidth() / 8 %
          WgmmaShape::kKBytes)
        return "it is a split-K partial whose K slices (" +
               std::to_string(split->slice) +
               " elements) are not whole wgmma K steps of 128 bytes";
      whole = split->source;
    }
    auto arg = dyn_cast<BlockArgument>(whole);
    if (!arg || !isa<func::FuncOp>(arg.getOwner()->getParentOp()))
      return "its operands are not the kernel's own arguments (TMA loads "
             "global memory as it is: a fused prologue or cast runs on "
             "mma_sync, or on wgmma with a warp tile, the threads copying)";
    auto type = cast<ShapedType>(whole.getType());
    if (!type.hasStaticShape() ||
        type.getShape().back() * type.getElementTypeBitWidth() / 8 % 16)
      return "its operands' rows are not a multiple of 16 bytes (TMA's "
             "global strides)";
  }
  if (transposed[0] && transposed[1])
    return "both its operands are transposed (NVGPU's warpgroup MMA takes an "
           "MN-major A only with an MN-major B)";
  return "";
}

namespace {

/// One way an op is reached from the kernel's root (as tessel-tile-and-fuse
/// splits the kernel): `map` takes each of the op's loops to the root loop
/// it follows (-1: it runs whole inside each instance). A reduction whose
/// consumer reads it with a broadcast along a loop that consumer steps
/// through element by element is computed per thread (`perThread`); other
/// producers are fused into their consumer, per element of the root or
/// inside a per-thread reduction. When the block tiles divide, a
/// cooperative reduction's contexts are one computation: its first is
/// `chunked` (each thread reduces every T-th element of the row, then a
/// tree combines the partials), its others, and what is fused into them,
/// are `copy`s of it.
struct OpContext {
  SmallVector<int> map;
  bool perThread = false;
  bool chunked = false;
  bool copy = false;
};

/// How the model's Work runs an op reached through `c`; `cooperative`: the
/// op is itself a cooperative reduction.
Execution executionOf(const OpContext &c, bool cooperative) {
  if (!c.perThread)
    return Execution::PerElement;
  if (!c.chunked)
    return Execution::PerThread;
  if (c.copy)
    return Execution::CooperativeCopy;
  return cooperative ? Execution::CooperativeReduction
                     : Execution::CooperativeShare;
}

/// A permutation that keeps the innermost dim (a split-K partial's A, [M, S,
/// K / S] read as [S, M, K / S]) computes nothing: fused into a K step's
/// copies it leaves them plain row copies, which cp.async can make
/// (tessel-async-copies).
bool isRowCopy(linalg::LinalgOp op) {
  auto transpose = dyn_cast<linalg::TransposeOp>(op.getOperation());
  if (!transpose)
    return false;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  return perm.back() == int64_t(perm.size()) - 1;
}

/// Builds the KernelDesc of one outlined kernel function: its root's loops,
/// each op's contexts (consumers first), the Work of each op in each
/// context, then the operands.
class KernelDescriber {
public:
  KernelDescriber(func::FuncOp func, linalg::LinalgOp root)
      : func(func), root(root), rootSizes(root.getStaticLoopRanges()) {}

  KernelDesc describe() {
    desc.name = func.getSymName().str();
    describeLoops();
    func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    classifyContraction();
    contexts[root].push_back(
        {llvm::to_vector(llvm::seq<int>(0, rootSizes.size())), false});
    for (linalg::LinalgOp op : llvm::reverse(ops)) {
      // A matmul or convolution anywhere in the kernel (under its epilogue)
      // makes its work tensor-core work.
      desc.contraction |= linalg::isaContractionOpInterface(op) ||
                          linalg::isaConvolutionOpInterface(op);
      addContexts(op);
      describeWork(op);
    }
    describeOperands();
    SmallVector<Operation *> all(ops.begin(), ops.end());
    for (auto [loop, period] :
         llvm::zip(desc.loops, rootLoopPeriods(root, all)))
      loop.period = period;
    return std::move(desc);
  }

private:
  bool isParallelRootLoop(int l) const {
    return l >= 0 && !desc.loops[l].reduction;
  }
  void describeLoops();
  void classifyContraction();
  bool reduces(linalg::LinalgOp op);
  void addContexts(linalg::LinalgOp op);
  Load readOf(linalg::LinalgOp op, OpOperand *in, const OpContext &c) const;
  struct Gather {
    double bytes = 4;
    SmallVector<SmallVector<unsigned>> indexLoops;
  };
  static SmallVector<Gather> gathersOf(linalg::LinalgOp op);
  Load gatherLoad(const Gather &gather, const OpContext &c) const;
  void describeWork(linalg::LinalgOp op);
  void describeOperands();

  func::FuncOp func;
  linalg::LinalgOp root;
  SmallVector<int64_t> rootSizes;
  KernelDesc desc;
  /// The kernel's linalg ops in program order.
  SmallVector<linalg::LinalgOp> ops;
  DenseMap<Operation *, SmallVector<OpContext>> contexts;
  /// Whether an op reduces or reads (transitively) an op that does.
  DenseMap<Operation *, bool> reducesMemo;
  /// The ops computing the K-steppable contraction's operands.
  llvm::SmallPtrSet<Operation *, 8> prologue;
  /// The transposes that give the contraction its A and its B
  /// (swapsInnermostDims).
  Operation *transposedA = nullptr, *transposedB = nullptr;
  static constexpr size_t kMaxContexts = 64;
};

void KernelDescriber::describeLoops() {
  for (auto [size, it] :
       llvm::zip_equal(rootSizes, root.getIteratorTypesArray()))
    desc.loops.push_back({size, it == utils::IteratorType::reduction});
  // A vector width applies to every root of the kernel (the op computing
  // each result): tessel-tile-and-fuse checks each against the schedule, so
  // the model offers one only where all of them are parallel over the loops
  // it describes.
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  desc.elementwiseRoot = llvm::all_of(ret.getOperands(), [&](Value v) {
    linalg::LinalgOp op = rootOf(v);
    return op && op.getNumReductionLoops() == 0 &&
           op.getStaticLoopRanges() == rootSizes;
  });
}

// As tessel-tile-and-fuse allows a K step: one matmul or batch_matmul with
// one reduction loop, no convolution; then its prologue.
void KernelDescriber::classifyContraction() {
  int contractionOps = 0;
  bool convolution = false;
  for (linalg::LinalgOp op : ops) {
    if (linalg::isaContractionOpInterface(op))
      contractionOps += op.getNumReductionLoops() == 1 ? 1 : 2;
    convolution |= linalg::isaConvolutionOpInterface(op);
  }
  desc.kSteppable = contractionOps == 1 && !convolution;
  if (!desc.kSteppable)
    return;
  for (linalg::LinalgOp op : ops) {
    if (!linalg::isaContractionOpInterface(op))
      continue;
    desc.mmaSyncable = mmaSyncRefusal(op).empty();
    desc.wgmmaable = wgmmaRefusal(op).empty();
    if (auto t = op.getDpsInputs()[0].getDefiningOp<linalg::TransposeOp>())
      if (swapsInnermostDims(t))
        transposedA = t;
    if (auto t = op.getDpsInputs()[1].getDefiningOp<linalg::TransposeOp>())
      if (swapsInnermostDims(t))
        transposedB = t;
    SmallVector<Value> work(op.getDpsInputs());
    while (!work.empty()) {
      auto def = work.pop_back_val().getDefiningOp<linalg::LinalgOp>();
      if (def && prologue.insert(def).second)
        llvm::append_range(work, def.getDpsInputs());
    }
  }
}

bool KernelDescriber::reduces(linalg::LinalgOp op) {
  auto [it, inserted] = reducesMemo.try_emplace(op, false);
  if (!inserted)
    return it->second;
  bool result = op.getNumReductionLoops() > 0;
  for (Value in : op->getOperands())
    if (auto def = in.getDefiningOp<linalg::LinalgOp>())
      result = result || reduces(def);
  return reducesMemo[op] = result;
}

// The op's contexts, one per context of each consumer that reads it (at most
// kMaxContexts).
void KernelDescriber::addContexts(linalg::LinalgOp op) {
  SmallVector<OpContext> &mine = contexts[op];
  bool cooperative = isCooperativeReduction(op);
  for (OpOperand &use :
       op == root ? MutableArrayRef<OpOperand>() : op->getResult(0).getUses()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
    auto known = consumer ? contexts.find(consumer) : contexts.end();
    if (known == contexts.end())
      continue;
    llvm::SmallBitVector readLoops = loopsRead(
        consumer.getMatchingIndexingMap(&use), consumer.getNumLoops());
    for (const OpContext &c : known->second) {
      if (mine.size() >= kMaxContexts)
        break;
      // The consumer's loops stepped one at a time: those that follow the
      // root's parallel loops per element; every loop of a per-thread
      // reduction.
      llvm::SmallBitVector stepped(consumer.getNumLoops());
      for (unsigned i = 0; i < consumer.getNumLoops(); ++i)
        stepped[i] = c.perThread || isParallelRootLoop(c.map[i]);
      bool broadcast = (stepped & ~readLoops).any();
      OpContext ctx;
      ctx.map = rootLoopsThrough(op, use, c.map);
      ctx.perThread = c.perThread || (reduces(op) && broadcast);
      ctx.chunked = c.chunked || cooperative;
      ctx.copy = c.copy || (cooperative && !mine.empty());
      mine.push_back(ctx);
    }
  }
}

// A read of `in` by one instance in context `c`: its element size, the root
// parallel loops indexing it, the root loop of its contiguous dim.
Load KernelDescriber::readOf(linalg::LinalgOp op, OpOperand *in,
                             const OpContext &c) const {
  Load load;
  load.bytes = double(dtypeBytes(elementTypeOf(in->get().getType())));
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (AffineExpr e : op.getMatchingIndexingMap(in).getResults()) {
    // The element moves with each of the op's loops in the index (both of
    // a convolution's oh + kh) but one of a single iteration (the group
    // dim of a convolution with one group, which the root's collapsed
    // output traces to its channel loop).
    int rootLoop = -1, ownLoops = 0;
    e.walk([&](AffineExpr sub) {
      auto d = dyn_cast<AffineDimExpr>(sub);
      if (!d || ranges[d.getPosition()] == 1)
        return;
      int l = c.map[d.getPosition()];
      if (!isParallelRootLoop(l)) {
        ++ownLoops;
        return;
      }
      if (!llvm::is_contained(load.loops, l))
        load.loops.push_back(l);
      // Along memory only a loop of stride 1 (ow + kw, not 2 * ow + kw).
      if (unitStride(e, d.getPosition()))
        rootLoop = l;
    });
    load.contiguous = rootLoop;
    load.contiguousAlongOwnLoop = rootLoop < 0 && ownLoops > 0;
  }
  return load;
}

// Kernel inputs gathered inside the body (a padded convolution's input) at
// indices computed from the op's loops: each one's element size and the
// loops each of its indices depends on.
SmallVector<KernelDescriber::Gather>
KernelDescriber::gathersOf(linalg::LinalgOp op) {
  SmallVector<Gather> gathers;
  op->walk([&](tensor::ExtractOp extract) {
    if (!isKernelInput(extract.getTensor()))
      return;
    Gather g;
    g.bytes =
        double(dtypeBytes(elementTypeOf(extract.getTensor().getType())));
    // An index moves with none of the op's loops of a single iteration.
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (Value index : extract.getIndices()) {
      SmallVector<unsigned> dims = loopsOf(index);
      llvm::erase_if(dims, [&](unsigned d) { return ranges[d] == 1; });
      g.indexLoops.push_back(std::move(dims));
    }
    gathers.push_back(std::move(g));
  });
  return gathers;
}

// A gather as one instance in context `c` reads it (count 1).
Load KernelDescriber::gatherLoad(const Gather &gather,
                                 const OpContext &c) const {
  Load load;
  load.bytes = gather.bytes;
  load.gather = true;
  for (const SmallVector<unsigned> &dims : gather.indexLoops) {
    int rootLoop = -1;
    for (unsigned dim : dims)
      if (isParallelRootLoop(c.map[dim])) {
        rootLoop = c.map[dim];
        if (!llvm::is_contained(load.loops, rootLoop))
          load.loops.push_back(rootLoop);
      }
    // The last index's, in the end: its root loop, or one of the op's own
    // (a convolution's input channel).
    load.contiguous = rootLoop;
    load.contiguousAlongOwnLoop = rootLoop < 0 && !dims.empty();
  }
  return load;
}

// The op's flops, and its Work in each of its contexts: loads of operands
// read straight from a kernel input, and gathers.
void KernelDescriber::describeWork(linalg::LinalgOp op) {
  double perIteration = bodyOps(op);
  std::array<double, kMathFunctions> mathCalls = bodyMathCalls(op);
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  double total = perIteration;
  for (int64_t size : sizes)
    total *= double(size);
  desc.flops += total;
  SmallVector<OpOperand *> inputLoads;
  for (OpOperand *in : op.getDpsInputOperands())
    if (isKernelInput(in->get()))
      inputLoads.push_back(in);
  SmallVector<Gather> gathers = gathersOf(op);
  bool cooperative = isCooperativeReduction(op);
  std::optional<int64_t> vectorWidths = vectorStepWidths(op);
  const SmallVector<OpContext> &mine = contexts[op];
  // A contraction a K step can tile (one reduction loop): the context whose
  // instances are single outputs (its parallel loops all root loops) is the
  // one computed under a K step; the others are copies.
  bool kSteppable = desc.kSteppable && linalg::isaContractionOpInterface(op);
  auto iterationsOf = [&](const OpContext &c) {
    double n = 1;
    for (auto [i, size] : llvm::enumerate(sizes))
      if (!isParallelRootLoop(c.map[i]))
        n *= double(size);
    return n;
  };
  size_t kStepContext = 0;
  for (auto [i, c] : llvm::enumerate(mine))
    if (iterationsOf(c) < iterationsOf(mine[kStepContext]))
      kStepContext = i;
  for (auto [contextIndex, c] : llvm::enumerate(mine)) {
    Work work;
    double iterationsPerInstance = iterationsOf(c);
    for (int l : c.map)
      if (isParallelRootLoop(l) && !llvm::is_contained(work.loops, l))
        work.loops.push_back(l);
    if (prologue.contains(op))
      work.kStepRole = isRowCopy(op)       ? KStepRole::RowCopyPrologue
                       : op == transposedB ? KStepRole::TransposedBPrologue
                       : op == transposedA ? KStepRole::TransposedAPrologue
                                           : KStepRole::Prologue;
    if (kSteppable) {
      work.kStepRole = contextIndex == kStepContext
                           ? KStepRole::Contraction
                           : KStepRole::ContractionCopy;
      work.reduction = int64_t(iterationsPerInstance);
      for (OpOperand *in : op.getDpsInputOperands())
        work.operandTiles.push_back(readOf(op, in, c));
    }
    work.flopsPerInstance = perIteration * iterationsPerInstance;
    for (auto [perInstance, calls] :
         llvm::zip_equal(work.mathCallsPerInstance, mathCalls))
      perInstance = calls * iterationsPerInstance;
    for (OpOperand *in : inputLoads) {
      Load load = readOf(op, in, c);
      load.count = iterationsPerInstance;
      work.loads.push_back(load);
    }
    for (const Gather &gather : gathers) {
      Load load = gatherLoad(gather, c);
      load.count = iterationsPerInstance;
      work.loads.push_back(load);
    }
    work.execution = executionOf(c, cooperative);
    work.vectorized = vectorWidths.has_value();
    work.vectorWidths = vectorWidths.value_or(0);
    desc.work.push_back(work);
  }
}

// Operands: each kernel input by its first linalg use (dims traced to root
// loops, others whole), and the root's output.
void KernelDescriber::describeOperands() {
  auto addLoop = [&](int64_t size) {
    desc.loops.push_back({size, true});
    return int(desc.loops.size() - 1);
  };
  // A view's non-unit dims.
  auto nonUnit = [](Value v) {
    SmallVector<int64_t> dims;
    for (int64_t d : cast<ShapedType>(v.getType()).getShape())
      if (d != 1)
        dims.push_back(d);
    return dims;
  };
  for (BlockArgument arg : func.getArguments()) {
    // Its uses, and those of its views (a matrix viewed as [M, S, K / S] by
    // a split-K partial kernel), in program order of the views. A view that
    // only adds or drops unit dims (a convolution's filter viewed with its
    // group of 1) is not followed: counting the filter moved the
    // convolutions' predictions away from the measured data (tessel-bench
    // accuracy, MAPE 73 % -> 156 %), so it waits for their recalibration.
    SmallVector<OpOperand *> uses;
    SmallVector<Value> views = {arg};
    for (size_t i = 0; i < views.size(); ++i)
      for (OpOperand &use : views[i].getUses()) {
        Operation *user = use.getOwner();
        if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user))
          uses.push_back(&use);
        else if (nonUnit(user->getResult(0)) != nonUnit(views[i]))
          views.push_back(user->getResult(0));
      }
    bool described = false;
    for (OpOperand *use : uses) {
      auto op = dyn_cast<linalg::LinalgOp>(use->getOwner());
      if (!op || !op.isDpsInput(use))
        continue;
      described = true;
      Operand operand;
      operand.type = elementTypeOf(arg.getType());
      AffineMap map = op.getMatchingIndexingMap(use);
      ArrayRef<int64_t> shape =
          cast<ShapedType>(use->get().getType()).getShape();
      for (auto [j, expr] : llvm::enumerate(map.getResults())) {
        auto d = dyn_cast<AffineDimExpr>(expr);
        // A unit dim follows no loop: a view's [1, 64] may trace both its
        // dims to the root's one loop of 64 (a collapsed group).
        int loop = d && !contexts[op].empty() && shape[j] != 1
                       ? contexts[op].front().map[d.getPosition()]
                       : -1;
        operand.loops.push_back(loop >= 0 ? loop : addLoop(shape[j]));
      }
      desc.operands.push_back(operand);
      break;
    }
    if (described)
      continue;
    // An input only gathered, each index following one loop (a slice's,
    // a concat's), by its first gather: a dim by the root loop its index
    // follows where no longer than it, else whole (a concat's input along
    // its dim). Not yet a padded convolution's input (indices of the output
    // and window loops both): counting it so took the padded 3x3
    // convolutions' Spearman rho on bench/data/h100/suite-2026-11-22.json
    // from 0.88 to 0.76 and the suite's MAPE from 15.8 % to 20.5 %; it waits
    // for their recalibration, as their filter does.
    for (OpOperand *use : uses) {
      auto extract = dyn_cast<tensor::ExtractOp>(use->getOwner());
      auto op = extract ? extract->getParentOfType<linalg::LinalgOp>()
                        : linalg::LinalgOp();
      if (!op || contexts[op].empty())
        continue;
      Operand operand;
      operand.type = elementTypeOf(arg.getType());
      ArrayRef<int64_t> shape = extract.getTensor().getType().getShape();
      SmallVector<SmallVector<unsigned>> dims;
      for (Value index : extract.getIndices())
        dims.push_back(loopsOf(index));
      if (llvm::any_of(dims, [](ArrayRef<unsigned> d) { return d.size() > 1; }))
        break;
      for (auto [j, follows] : llvm::enumerate(dims)) {
        int loop = follows.size() == 1 && shape[j] != 1
                       ? contexts[op].front().map[follows.front()]
                       : -1;
        if (loop >= 0 && desc.loops[loop].size > shape[j])
          loop = -1;
        operand.loops.push_back(loop >= 0 ? loop : addLoop(shape[j]));
      }
      desc.operands.push_back(operand);
      break;
    }
  }
  Operand out;
  out.output = true;
  out.type = elementTypeOf(root->getResult(0).getType());
  for (AffineExpr e : root.getIndexingMapsArray().back().getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      out.loops.push_back(d.getPosition());
  desc.operands.push_back(out);
}

} // namespace

/// A row kernel's floating-point work per element, as its unfused form
/// counts it: a residual's add; softmax's maximum, difference, sum and
/// division; layer_norm's sum, centring, square, sum, centring, scaling,
/// scale and bias; rms_norm's square, sum, scaling and scale; a
/// reduction's add or maximum.
static double rowFlops(const RowShape &r) {
  double perElement = (r.reduces()                    ? 1
                       : r.op == RowOpKind::Softmax   ? 4
                       : r.op == RowOpKind::LayerNorm ? 6 + r.scale + r.bias
                                                      : 3 + r.scale + r.bias) +
                      double(r.residual);
  return perElement * double(r.rows) * double(r.length) * double(r.columns);
}

FailureOr<KernelDesc> mlir::tessel::describeKernel(func::FuncOp func) {
  // The fused attention's kernels, priced with their own terms.
  if (Operation *fused = tiling::fusedAttentionKernelOp(func)) {
    KernelDesc desc;
    desc.name = func.getSymName().str();
    if (auto combine = dyn_cast<AttentionCombineOp>(fused)) {
      desc.attentionCombine = tiling::attentionCombineShape(combine);
      return desc;
    }
    if (auto attention = dyn_cast<AttentionOp>(fused))
      desc.attention = tiling::attentionShape(attention);
    else if (auto split = dyn_cast<AttentionSplitOp>(fused))
      desc.attention = tiling::attentionShape(split);
    else
      desc.attention = tiling::attentionShape(cast<AttentionPartialOp>(fused));
    desc.contraction = true;
    desc.flops = 2 * desc.attention->unmaskedPairs() *
                 double(desc.attention->d + desc.attention->dv);
    return desc;
  }
  // The row kernel's, likewise.
  if (Operation *row = tiling::rowKernelOp(func)) {
    KernelDesc desc;
    desc.name = func.getSymName().str();
    desc.row = tiling::rowShape(row);
    desc.flops = rowFlops(*desc.row);
    if (desc.row->op == RowOpKind::Softmax)
      desc.transcendentals = double(desc.row->rows) * double(desc.row->length);
    return desc;
  }
  linalg::LinalgOp root = rootOf(func);
  if (!root)
    return func.emitOpError() << "has no loop nest to describe";
  return KernelDescriber(func, root).describe();
}

FailureOr<std::vector<std::optional<KernelDesc>>>
mlir::tessel::lowerAndDescribe(ModuleOp scratch, ArrayRef<std::string> names) {
  PassManager pm(scratch.getContext());
  pm.addPass(createTesselLowerToLinalg());
  if (failed(pm.run(scratch)))
    return failure();
  std::vector<std::optional<KernelDesc>> descs;
  for (const std::string &name : names) {
    auto func = scratch.lookupSymbol<func::FuncOp>(name);
    FailureOr<KernelDesc> desc =
        func ? describeKernel(func) : FailureOr<KernelDesc>(failure());
    descs.push_back(succeeded(desc)
                        ? std::optional<KernelDesc>(std::move(*desc))
                        : std::nullopt);
  }
  return descs;
}

// Among DRAM-bound schedules the third key prefers the one whose loads are
// coalesced or vectorized; rankSchedules breaks the remaining ties by
// enumeration order.
std::tuple<double, double, double> mlir::tessel::rankKey(const Prediction &p) {
  return {p.timeUs, p.timeUs - p.launchUs,
          p.computeUs + p.loadsUs + p.dramUs + p.l2Us};
}

namespace {
/// Schedules that differ only in their pipeline depth and tie on the first
/// two keys form a family: they are the same kernel, and its time does not
/// depend on the depth (another term bounds it). The third key sums
/// throughput terms, which a deeper pipeline may raise by a little (more
/// of the last steps' copies are waited for) although it hides more of the
/// loads' latency: within a family the least latency comes first, and the
/// family takes the place of its best-ranked member. Every schedule gets a
/// key of its own, so that the order stays a strict weak ordering.
bool sameButStages(const Schedule &a, const Schedule &b) {
  return a.block == b.block && a.warp == b.warp && a.thread == b.thread &&
         a.warps == b.warps && a.splitK == b.splitK && a.vector == b.vector &&
         a.compute == b.compute && a.raster == b.raster &&
         a.cluster == b.cluster;
}

bool sameFamily(const std::pair<Schedule, Prediction> &a,
                const std::pair<Schedule, Prediction> &b) {
  auto [ta, wa, ra] = rankKey(a.second);
  auto [tb, wb, rb] = rankKey(b.second);
  return ta == tb && wa == wb && sameButStages(a.first, b.first);
}

/// (time, time without launch, whether the prediction stood a figure in
/// for one the target table lacks (`uncalibrated`: of two schedules tied
/// in time, the one predicted from measured or cited figures alone comes
/// first), the family's least third key, the family's first enumeration
/// index, latency, own enumeration index).
using FamilyKey =
    std::tuple<double, double, bool, double, size_t, double, size_t>;

std::vector<FamilyKey>
familyKeys(ArrayRef<std::pair<Schedule, Prediction>> offered) {
  std::vector<FamilyKey> keys;
  keys.reserve(offered.size());
  for (size_t i = 0; i < offered.size(); ++i) {
    auto [time, work, rest] = rankKey(offered[i].second);
    keys.emplace_back(time, work, offered[i].second.uncalibrated, rest, i,
                      offered[i].second.latencyUs, i);
  }
  // Group by (schedule without stages, time, time without launch): only
  // schedules with stages > 1 or their unpipelined twin can share a family,
  // and families are small, so sort indices by the grouping fields.
  std::vector<size_t> order(offered.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  // (References: the comparisons copy no tile vector.)
  auto groupKey = [&](size_t i) {
    const Schedule &s = offered[i].first;
    return std::forward_as_tuple(std::get<0>(keys[i]), std::get<1>(keys[i]),
                                 s.block, s.warp, s.thread, s.warps, s.splitK,
                                 s.vector, s.compute, s.raster, s.cluster);
  };
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    auto ga = groupKey(a), gb = groupKey(b);
    return ga != gb ? ga < gb : a < b;
  });
  for (size_t begin = 0; begin < order.size();) {
    size_t end = begin + 1;
    while (end < order.size() &&
           sameFamily(offered[order[begin]], offered[order[end]]))
      ++end;
    if (end - begin > 1) {
      bool uncalibrated = std::get<2>(keys[order[begin]]);
      double rest = std::get<3>(keys[order[begin]]);
      size_t first = order[begin]; // the group is sorted by index
      for (size_t k = begin; k < end; ++k) {
        uncalibrated = uncalibrated && std::get<2>(keys[order[k]]);
        rest = std::min(rest, std::get<3>(keys[order[k]]));
      }
      for (size_t k = begin; k < end; ++k) {
        std::get<2>(keys[order[k]]) = uncalibrated;
        std::get<3>(keys[order[k]]) = rest;
        std::get<4>(keys[order[k]]) = first;
      }
    }
    begin = end;
  }
  return keys;
}
} // namespace

std::vector<std::pair<Schedule, Prediction>>
mlir::tessel::rankSchedules(const KernelDesc &kernel, const Target &target) {
  std::vector<std::pair<Schedule, Prediction>> offered =
      enumeratePredicted(kernel, target);
  std::vector<FamilyKey> keys = familyKeys(offered);
  // By key (the last field is the enumeration index, so no two are equal);
  // std::sort, without the temporary buffer libstdc++'s stable_sort asks
  // for.
  std::vector<size_t> order(offered.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<std::pair<Schedule, Prediction>> ranked;
  ranked.reserve(offered.size());
  for (size_t i : order)
    ranked.push_back(std::move(offered[i]));
  return ranked;
}

std::optional<std::pair<Schedule, Prediction>>
mlir::tessel::bestSchedule(const KernelDesc &kernel, const Target &target) {
  // Only the schedules tied with the best so far on the first two keys
  // are kept: a family never spans two different times.
  std::vector<std::pair<Schedule, Prediction>> tied;
  forEachPredicted(kernel, target, [&](const Schedule &s, const Prediction &p) {
    if (!tied.empty()) {
      auto [t, w, r] = rankKey(tied.front().second);
      auto [tp, wp, rp] = rankKey(p);
      if (std::make_pair(tp, wp) > std::make_pair(t, w))
        return;
      if (std::make_pair(tp, wp) < std::make_pair(t, w))
        tied.clear();
    }
    tied.emplace_back(s, p);
  });
  if (tied.empty())
    return std::nullopt;
  std::vector<FamilyKey> keys = familyKeys(tied);
  size_t best = 0;
  for (size_t i = 1; i < tied.size(); ++i)
    if (keys[i] < keys[best])
      best = i;
  return std::move(tied[best]);
}

OwningOpRef<ModuleOp> mlir::tessel::isolateKernel(KernelOp kernel,
                                                  StringRef funcName) {
  Location loc = kernel.getLoc();
  OwningOpRef<ModuleOp> alone = ModuleOp::create(loc);
  if (auto module = kernel->getParentOfType<ModuleOp>())
    if (Attribute t = module->getAttr(TesselDialect::kTargetAttrName))
      (*alone)->setAttr(TesselDialect::kTargetAttrName, t);
  OpBuilder b(kernel.getContext());
  b.setInsertionPointToStart(alone->getBody());
  auto func =
      func::FuncOp::create(b, loc, funcName,
                           b.getFunctionType(kernel.getInputs().getTypes(),
                                             kernel.getResultTypes()));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping map;
  map.map(kernel.getInputs(), entry->getArguments());
  Operation *copy = b.clone(*kernel, map);
  func::ReturnOp::create(b, loc, copy->getResults());
  return alone;
}

ScheduleAttr mlir::tessel::toScheduleAttr(MLIRContext *ctx, const Schedule &s) {
  InstructionClass mma = InstructionClass::Simt;
  switch (s.compute) {
  case ComputeClass::Simt:
    break;
  case ComputeClass::MmaSync:
    mma = InstructionClass::MmaSync;
    break;
  case ComputeClass::Wgmma:
    mma = InstructionClass::Wgmma;
    break;
  case ComputeClass::Mfma:
    mma = InstructionClass::Mfma;
    break;
  }
  return ScheduleAttr::get(ctx, s.block, s.warp, s.thread, s.warps, s.stages,
                           s.splitK, s.vector, mma, s.raster, s.cluster);
}

Schedule mlir::tessel::fromScheduleAttr(ScheduleAttr attr) {
  Schedule s;
  s.block.assign(attr.getBlock().begin(), attr.getBlock().end());
  s.warp.assign(attr.getWarp().begin(), attr.getWarp().end());
  s.thread.assign(attr.getThread().begin(), attr.getThread().end());
  s.warps = attr.getWarps();
  s.stages = attr.getStages();
  s.splitK = attr.getSplitK();
  s.vector = attr.getVector();
  s.raster = attr.getRaster();
  s.cluster = attr.getCluster();
  switch (attr.getMma()) {
  case InstructionClass::Simt:
    s.compute = ComputeClass::Simt;
    break;
  case InstructionClass::MmaSync:
    s.compute = ComputeClass::MmaSync;
    break;
  case InstructionClass::Wgmma:
    s.compute = ComputeClass::Wgmma;
    break;
  case InstructionClass::Mfma:
    s.compute = ComputeClass::Mfma;
    break;
  }
  return s;
}
