//===- RowKernel.cpp - One pass over each row: norms, reductions ----------===//
//
// See RowKernel.h. The loop nest, for a block of R rows, each of Tr threads
// (thread t: row t / Tr of the block, lane l = t % Tr, its vectors l, l +
// Tr, ... of the row; rows past the last read the last and write nothing;
// x is the input's vector, or the sum of the residual add's two):
//
//   softmax     x (scaled, masked) to registers; partial max   | combine
//               e = exp2(x log2e - max log2e) in place; partial sum | combine
//               y = e / sum
//   layer_norm  x to registers; partial sum                   | combine
//               partial sum of (x - mean)^2                    | combine
//               y = (x - mean) rsqrt(var + eps) [* g] [+ b]
//   rms_norm    x to registers; partial sum of x^2             | combine
//               y = x rsqrt(ms + eps) [* g]
//   reduce      partial sum or max of x, in batches of loads   | combine
//               the row's first thread: y = sum [/ length] or max
//
// Each "combine" is a barrier (the end of a thread loop), then, when more
// than 32 threads share a row, a loop in which a thread per 32 adds their
// partials and a second barrier; the next phase's threads read their row's
// results and compute the statistic each.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/RowKernel.h"

#include "passes/KernelDescription.h"
#include "passes/tiling/FusedAttention.h"
#include "passes/tiling/LoopNest.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// A reduction's combining function.
enum class Combine { Max, Sum };

/// The trailing dims that make one row: softmax's innermost, a norm's
/// normalized ones, a reduction's reduced ones.
int64_t rowRank(Operation *op) {
  if (isa<SoftmaxOp>(op))
    return 1;
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return int64_t(reduce.getDims().size());
  if (auto n = dyn_cast<LayerNormOp>(op))
    return n.getNormalizedRankAttr().getInt();
  return cast<RmsNormOp>(op).getNormalizedRankAttr().getInt();
}

/// `buffer` (contiguous, identity layout) viewed as `shape` (the same
/// number of elements): collapsed to one dim, then expanded.
Value viewAs(ImplicitLocOpBuilder &b, Value buffer, ArrayRef<int64_t> shape) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getShape() == shape)
    return buffer;
  Value flat = buffer;
  if (type.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t i = 0; i < type.getRank(); ++i)
      all.push_back(i);
    flat = type.getRank() == 0
               ? memref::ExpandShapeOp::create(
                     b, MemRefType::get({1}, type.getElementType()), buffer,
                     ArrayRef<ReassociationIndices>{})
                     .getResult()
               : memref::CollapseShapeOp::create(
                     b, buffer, ArrayRef<ReassociationIndices>{all})
                     .getResult();
  }
  if (shape.size() == 1)
    return flat;
  ReassociationIndices all;
  for (int64_t i = 0; i < int64_t(shape.size()); ++i)
    all.push_back(i);
  return memref::ExpandShapeOp::create(
      b, MemRefType::get(shape, type.getElementType()), flat,
      ArrayRef<ReassociationIndices>{all});
}

class RowEmitter : public LoopNestEmitter {
public:
  RowEmitter(Operation *op, const RowShape &r, const RowKernelLayout &l)
      : LoopNestEmitter(op, l.threads), op(op), r(r), l(l) {
    elem = cast<RankedTensorType>(op->getOperand(0).getType()).getElementType();
    vecType = VectorType::get({l.vector}, b.getF32Type());
  }

  void emit();

private:
  /// `buffer` ([.., row dims]) viewed as [rows, length], or as [length]
  /// with `rowsToo` false (a norm's parameters).
  Value asRows(Value buffer, bool rowsToo = true);

  /// Thread `t`'s place: its row in the block, lane, and the row of the
  /// kernel it reads (the last row for threads past it).
  struct Place {
    Value rowInBlock, lane, row, inRows;
  };
  Place placeOf(Value t);

  /// For each of the thread's vectors (column col), `body(slot, col,
  /// carried)` returns the next carried values; vectors past the row are
  /// skipped. Resident rows unroll the slots (constant indices into the
  /// thread's registers); streamed ones loop, a reduction's over batches
  /// of `batch` slots unrolled (their loads in flight together).
  SmallVector<Value>
  overSlots(Value lane, ValueRange init,
            function_ref<SmallVector<Value>(Value, Value, ValueRange)> body);

  /// The input's vector at (row, col) in f32: scaled and masked for a
  /// softmax.
  Value readInput(Value row, Value col);
  /// The thread's registers (its row of `regs`), and their vector `slot`.
  Value myRegisters(Value t);
  Value readSlot(Value mine, Value slot);
  void writeSlot(Value v, Value mine, Value slot);

  /// A reduction's partial `acc` of thread `p` to its place in `partials`
  /// (reduction `n`).
  void writePartial(int n, const Place &p, Value acc);
  /// With groups: a thread loop in which thread (row, group) combines the
  /// 32 partials of its group into groupResults.
  void combineGroups(int n, Combine kind);
  /// The row's statistic (the combined partials of reduction `n`).
  Value rowResult(int n, const Place &p, Combine kind);

  Value identity(Combine kind) {
    return f32(kind == Combine::Max ? -INFINITY : 0.0);
  }
  Value combine(Combine kind, Value x, Value y) {
    return kind == Combine::Max ? fmax(x, y) : fadd(x, y);
  }
  Value reduceVector(Combine kind, Value v) {
    return vector::ReductionOp::create(b,
                                       kind == Combine::Max
                                           ? vector::CombiningKind::MAXIMUMF
                                           : vector::CombiningKind::ADD,
                                       v);
  }
  Value splat(Value scalar) {
    return vector::BroadcastOp::create(b, vecType, scalar);
  }
  Value toF32Vector(Value v) {
    return elem.isF32() ? v : arith::ExtFOp::create(b, vecType, v).getResult();
  }
  /// Elementwise over the vector with a scalar function (exp2: the GPU
  /// lowerings take it on scalars).
  Value eachElement(Value v, function_ref<Value(Value, int64_t)> f);
  /// The row's output vector `y` (f32) written at (row, col).
  void writeOutput(Value y, const Place &p, Value col);

  /// A phase: a thread loop whose body is called with the thread's place
  /// and its registers (null for a streamed row).
  void rowPhase(function_ref<void(const Place &, Value)> body) {
    threads([&](Value t) {
      Place p = placeOf(t);
      body(p, regs ? myRegisters(t) : Value());
    });
  }
  /// The first phase: the row read once (kept in registers when
  /// resident) and reduced by `kind` over term(x), into reduction 0.
  void readRow(Combine kind, function_ref<Value(Value)> term);
  void softmax();
  void norm(bool centred);
  void reduction();

  Operation *op;
  const RowShape &r;
  const RowKernelLayout &l;
  VectorType vecType;
  Value x, out, gamma, beta; // out: [rows] for a reduction
  Value residual; // the second addend of a residual add, or null
  Value rowBase;  // the block's first row
  Value regs;     // [threads, slots * vector], per thread; null unless kept
  SmallVector<Value> partials, groupResults; // per reduction
};

Value RowEmitter::asRows(Value buffer, bool rowsToo) {
  auto type = cast<MemRefType>(buffer.getType());
  int64_t rank = type.getRank(), inner = rowRank(op);
  int64_t outer = rowsToo ? rank - inner : 0;
  ReassociationIndices rowsGroup, rowGroup;
  for (int64_t i = 0; i < rank; ++i)
    (i < outer ? rowsGroup : rowGroup).push_back(i);
  SmallVector<ReassociationIndices> groups;
  if (!rowsGroup.empty())
    groups.push_back(rowsGroup);
  groups.push_back(rowGroup);
  Value view = buffer;
  if (groups.size() != size_t(rank))
    view = memref::CollapseShapeOp::create(b, buffer, groups);
  if (rowsToo && rowsGroup.empty())
    view = memref::ExpandShapeOp::create(
        b, MemRefType::get({1, r.length}, type.getElementType()), view,
        ArrayRef<ReassociationIndices>{{0, 1}});
  return view;
}

RowEmitter::Place RowEmitter::placeOf(Value t) {
  Place p;
  p.rowInBlock = arith::DivUIOp::create(b, t, idx(l.threadsPerRow));
  p.lane = arith::RemUIOp::create(b, t, idx(l.threadsPerRow));
  Value row = add(rowBase, p.rowInBlock);
  if (r.rows % l.rowsPerBlock != 0) {
    p.inRows = lt(row, idx(r.rows));
    row = minIdx(row, idx(r.rows - 1));
  }
  p.row = row;
  return p;
}

SmallVector<Value> RowEmitter::overSlots(
    Value lane, ValueRange init,
    function_ref<SmallVector<Value>(Value, Value, ValueRange)> body) {
  int64_t span = l.threadsPerRow * l.vector;
  auto colOf = [&](Value slot) {
    return mul(add(lane, mul(slot, idx(l.threadsPerRow))), idx(l.vector));
  };
  // Only a slot whose vectors can pass the row's end needs a guard.
  auto guarded = [&](Value slot, Value col, ValueRange carried,
                     bool mayPass) -> SmallVector<Value> {
    if (!mayPass)
      return body(slot, col, carried);
    auto ifOp = scf::IfOp::create(b, carried.getTypes(), lt(col, idx(r.length)),
                                  /*else=*/true);
    OpBuilder::InsertionGuard guard(b);
    // (Without results the builder gives both blocks their yields.)
    if (carried.empty()) {
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      body(slot, col, carried);
      return {};
    }
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, body(slot, col, carried));
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, carried);
    return SmallVector<Value>(ifOp.getResults());
  };
  if (r.reduces() && !l.resident) {
    // Every batch but the last is whole and inside the row (only a
    // thread's last slot can pass its end); the last one's slots past
    // l.slots are past it for every thread.
    return batchedSlots(
        l.slots, l.batch, l.batches, init,
        [&](Value slot, ValueRange carried) {
          return body(slot, colOf(slot), carried);
        },
        [&](int64_t j, ValueRange carried) {
          Value slot = idx(j);
          return guarded(slot, colOf(slot), carried, (j + 1) * span > r.length);
        });
  }
  if (l.resident) {
    SmallVector<Value> carried(init);
    for (int64_t j = 0; j < l.slots; ++j) {
      Value slot = idx(j);
      carried = guarded(slot, colOf(slot), carried, (j + 1) * span > r.length);
    }
    return carried;
  }
  bool mayPass = r.length % span != 0;
  if (init.empty()) {
    loop(idx(0), idx(l.slots), idx(1),
         [&](Value slot) { guarded(slot, colOf(slot), {}, mayPass); });
    return {};
  }
  return accumulate(l.slots, init, [&](Value slot, ValueRange carried) {
    return guarded(slot, colOf(slot), carried, mayPass);
  });
}

Value RowEmitter::readInput(Value row, Value col) {
  auto read = [&](Value rows) {
    return vector::LoadOp::create(b, VectorType::get({l.vector}, elem), rows,
                                  ValueRange{row, col})
        .getResult();
  };
  // A residual's sum in the row's type, as the unfused add computes it.
  Value v = read(x);
  if (residual)
    v = arith::AddFOp::create(b, v, read(residual));
  v = toF32Vector(v);
  auto softmax = dyn_cast<SoftmaxOp>(op);
  if (!softmax)
    return v;
  if (std::optional<APFloat> scale = softmax.getScale())
    v = arith::MulFOp::create(b, v, splat(f32(scale->convertToDouble())));
  if (!softmax.getCausal())
    return v;
  // Element j of row i (its position along dim - 1, i = row % that size)
  // is -inf where j > i + length - size(dim - 1), and with a window W where
  // j + W <= i + length - size(dim - 1).
  auto type = cast<RankedTensorType>(softmax.getInput().getType());
  int64_t queries = type.getDimSize(type.getRank() - 2);
  Value limit = add(arith::RemUIOp::create(b, row, idx(queries)),
                    idx(r.length - queries));
  std::optional<int64_t> window = softmax.getWindow();
  Value minusInf = f32(-INFINITY);
  return eachElement(v, [&](Value e, int64_t i) -> Value {
    Value j = add(col, idx(i));
    Value masked =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, j, limit);
    if (window)
      masked = arith::OrIOp::create(
          b, masked,
          arith::CmpIOp::create(b, arith::CmpIPredicate::ule,
                                add(j, idx(*window)), limit));
    return arith::SelectOp::create(b, masked, minusInf, e);
  });
}

Value RowEmitter::eachElement(Value v, function_ref<Value(Value, int64_t)> f) {
  Value result = v;
  for (int64_t i = 0; i < l.vector; ++i) {
    Value e = vector::ExtractOp::create(b, v, ArrayRef<int64_t>{i});
    result = vector::InsertOp::create(b, f(e, i), result, ArrayRef<int64_t>{i});
  }
  return result;
}

Value RowEmitter::myRegisters(Value t) {
  int64_t n = l.slots * l.vector;
  auto type = memref::SubViewOp::inferRankReducedResultType(
      {n}, cast<MemRefType>(regs.getType()),
      ArrayRef<int64_t>{ShapedType::kDynamic, 0}, ArrayRef<int64_t>{1, n},
      ArrayRef<int64_t>{1, 1});
  return memref::SubViewOp::create(
      b, cast<MemRefType>(type), regs,
      ArrayRef<OpFoldResult>{t, b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(n)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
}

Value RowEmitter::readSlot(Value mine, Value slot) {
  return vector::LoadOp::create(b, vecType, mine,
                                ValueRange{mul(slot, idx(l.vector))});
}

void RowEmitter::writeSlot(Value v, Value mine, Value slot) {
  vector::StoreOp::create(b, v, mine, ValueRange{mul(slot, idx(l.vector))});
}

void RowEmitter::writePartial(int n, const Place &p, Value acc) {
  // Lane l at (l % 32) * stride + l / 32 with groups (a group's combiner
  // then reads a column, in distinct banks), at l otherwise.
  Value at = p.lane;
  if (l.groups > 1)
    at = add(
        mul(arith::RemUIOp::create(b, p.lane, idx(32)), idx(l.partialStride)),
        arith::DivUIOp::create(b, p.lane, idx(32)));
  store(acc, partials[n], {p.rowInBlock, at});
}

void RowEmitter::combineGroups(int n, Combine kind) {
  if (l.groups == 1)
    return;
  threads([&](Value t) {
    int64_t combiners = l.rowsPerBlock * l.groups;
    auto body = [&] {
      Value rowInBlock = arith::DivUIOp::create(b, t, idx(l.groups));
      Value g = arith::RemUIOp::create(b, t, idx(l.groups));
      Value acc = identity(kind);
      bool ragged = l.threadsPerRow % 32 != 0;
      for (int64_t i = 0; i < 32; ++i) {
        Value v =
            load(partials[n], {rowInBlock, add(idx(i * l.partialStride), g)});
        if (ragged) {
          Value valid = lt(add(mul(g, idx(32)), idx(i)), idx(l.threadsPerRow));
          v = arith::SelectOp::create(b, valid, v, identity(kind));
        }
        acc = combine(kind, acc, v);
      }
      store(acc, groupResults[n], {rowInBlock, g});
    };
    if (combiners < l.threads)
      when(lt(t, idx(combiners)), body);
    else
      body();
  });
}

Value RowEmitter::rowResult(int n, const Place &p, Combine kind) {
  Value buffer = l.groups > 1 ? groupResults[n] : partials[n];
  int64_t count = l.groups > 1 ? l.groups : l.threadsPerRow;
  Value acc = identity(kind);
  for (int64_t i = 0; i < count; ++i)
    acc = combine(kind, acc, load(buffer, {p.rowInBlock, idx(i)}));
  return acc;
}

void RowEmitter::writeOutput(Value y, const Place &p, Value col) {
  Value v =
      elem.isF32()
          ? y
          : arith::TruncFOp::create(b, VectorType::get({l.vector}, elem), y)
                .getResult();
  auto write = [&] {
    vector::StoreOp::create(b, v, out, ValueRange{p.row, col});
  };
  if (p.inRows)
    when(p.inRows, write);
  else
    write();
}

void RowEmitter::readRow(Combine kind, function_ref<Value(Value)> term) {
  rowPhase([&](const Place &p, Value mine) {
    Value acc = overSlots(
        p.lane, identity(kind), [&](Value slot, Value col, ValueRange carried) {
          Value v = readInput(p.row, col);
          if (mine)
            writeSlot(v, mine, slot);
          return SmallVector<Value>{
              combine(kind, carried[0], reduceVector(kind, term(v)))};
        })[0];
    writePartial(0, p, acc);
  });
  combineGroups(0, kind);
}

void RowEmitter::softmax() {
  // Phase 1: the row (scaled, masked) to registers; its maximum.
  readRow(Combine::Max, [](Value v) { return v; });
  // exp2(x log2(e) - max log2(e)), a multiply-add and ex2 per element.
  auto exponent = [&](Value v, Value base) {
    Value log2e = f32(M_LOG2E);
    return eachElement(
        v, [&](Value e, int64_t) { return exp2(fma(e, log2e, base)); });
  };
  auto negBase = [&](const Place &p) {
    return fmul(rowResult(0, p, Combine::Max), f32(-M_LOG2E));
  };
  // Phase 2: the exponents (kept in place); their sum.
  rowPhase([&](const Place &p, Value mine) {
    Value base = negBase(p);
    Value acc = overSlots(
        p.lane, identity(Combine::Sum),
        [&](Value slot, Value col, ValueRange carried) {
          Value v = mine ? readSlot(mine, slot) : readInput(p.row, col);
          Value e = exponent(v, base);
          if (mine)
            writeSlot(e, mine, slot);
          return SmallVector<Value>{
              combine(Combine::Sum, carried[0], reduceVector(Combine::Sum, e))};
        })[0];
    writePartial(1, p, acc);
  });
  combineGroups(1, Combine::Sum);
  // Phase 3: each exponent times the sum's inverse, out.
  rowPhase([&](const Place &p, Value mine) {
    Value base = mine ? Value() : negBase(p);
    Value inverse = splat(
        arith::DivFOp::create(b, f32(1.0), rowResult(1, p, Combine::Sum)));
    overSlots(p.lane, {}, [&](Value slot, Value col, ValueRange) {
      Value e =
          mine ? readSlot(mine, slot) : exponent(readInput(p.row, col), base);
      writeOutput(arith::MulFOp::create(b, e, inverse), p, col);
      return SmallVector<Value>{};
    });
  });
}

void RowEmitter::norm(bool centred) {
  double epsilon = centred
                       ? cast<LayerNormOp>(op).getEpsilon().convertToDouble()
                       : cast<RmsNormOp>(op).getEpsilon().convertToDouble();
  Value n = f32(double(r.length));
  // Phase 1: the row to registers; its sum (layer_norm) or sum of squares.
  readRow(Combine::Sum, [&](Value v) {
    return centred ? v : arith::MulFOp::create(b, v, v).getResult();
  });
  auto mean = [&](const Place &p) {
    return arith::DivFOp::create(b, rowResult(0, p, Combine::Sum), n)
        .getResult();
  };
  auto slotValue = [&](Value mine, const Place &p, Value slot, Value col) {
    return mine ? readSlot(mine, slot) : readInput(p.row, col);
  };
  // Phase 2 (layer_norm): the centred sum of squares.
  if (centred) {
    rowPhase([&](const Place &p, Value mine) {
      Value m = splat(mean(p));
      Value acc = overSlots(
          p.lane, identity(Combine::Sum),
          [&](Value slot, Value col, ValueRange carried) {
            Value d =
                arith::SubFOp::create(b, slotValue(mine, p, slot, col), m);
            return SmallVector<Value>{
                fadd(carried[0], reduceVector(Combine::Sum,
                                              arith::MulFOp::create(b, d, d)))};
          })[0];
      writePartial(1, p, acc);
    });
    combineGroups(1, Combine::Sum);
  }
  // Last phase: (x - mean) / sqrt(var + eps), times the scale, plus the
  // bias; rms_norm: x / sqrt(ms + eps) times the scale.
  rowPhase([&](const Place &p, Value mine) {
    Value m = centred ? splat(mean(p)) : Value();
    Value squares = rowResult(centred ? 1 : 0, p, Combine::Sum);
    Value var = fadd(arith::DivFOp::create(b, squares, n), f32(epsilon));
    Value rstd =
        splat(arith::DivFOp::create(b, f32(1.0), math::SqrtOp::create(b, var)));
    auto param = [&](Value buffer, Value col) {
      return toF32Vector(vector::LoadOp::create(
          b, VectorType::get({l.vector}, elem), buffer, ValueRange{col}));
    };
    overSlots(p.lane, {}, [&](Value slot, Value col, ValueRange) {
      Value v = slotValue(mine, p, slot, col);
      if (m)
        v = arith::SubFOp::create(b, v, m);
      Value y = arith::MulFOp::create(b, v, rstd);
      if (gamma)
        y = arith::MulFOp::create(b, y, param(gamma, col));
      if (beta)
        y = arith::AddFOp::create(b, y, param(beta, col));
      writeOutput(y, p, col);
      return SmallVector<Value>{};
    });
  });
}

void RowEmitter::reduction() {
  Combine kind = r.op == RowOpKind::Max ? Combine::Max : Combine::Sum;
  // Phase 1: the row read once, in batches of loads; its partials.
  readRow(kind, [](Value v) { return v; });
  // The row's first thread writes its value (f32 until this rounding).
  threads([&](Value t) {
    Place p = placeOf(t);
    Value first =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, p.lane, idx(0));
    if (p.inRows)
      first = arith::AndIOp::create(b, first, p.inRows);
    when(first, [&] {
      Value y = rowResult(0, p, kind);
      if (r.op == RowOpKind::Mean)
        y = arith::DivFOp::create(b, y, f32(double(r.length)));
      if (!elem.isF32())
        y = arith::TruncFOp::create(b, elem, y);
      store(y, out, {p.row});
    });
  });
}

void RowEmitter::emit() {
  AddOp prologue = rowKernelPrologue(op);
  Value input = bufferOf(prologue ? prologue.getLhs() : op->getOperand(0));
  Value result = bufferFor(op->getResult(0));
  // A reduction's rows are r.rows x r.length whatever its shape (trailing
  // unit dims after the reduced ones included).
  auto rowsOf = [&](Value buffer) {
    return r.reduces() ? viewAs(b, buffer, {r.rows, r.length}) : asRows(buffer);
  };
  x = rowsOf(input);
  out = r.reduces() ? viewAs(b, result, {r.rows}) : asRows(result);
  if (prologue)
    residual = rowsOf(bufferOf(prologue.getRhs()));
  Value scale, bias;
  if (auto n = dyn_cast<LayerNormOp>(op)) {
    scale = n.getScale();
    bias = n.getBias();
  } else if (auto n = dyn_cast<RmsNormOp>(op)) {
    scale = n.getScale();
    bias = n.getBias();
  }
  if (scale)
    gamma = asRows(bufferOf(scale), /*rowsToo=*/false);
  if (bias)
    beta = asRows(bufferOf(bias), /*rowsToo=*/false);

  int64_t blocks = (r.rows + l.rowsPerBlock - 1) / l.rowsPerBlock;
  blockLoop({blocks}, [&](ValueRange ids) {
    rowBase = mul(ids[0], idx(l.rowsPerBlock));
    Type f32Type = b.getF32Type();
    if (l.resident && !r.reduces()) {
      auto alloc = memref::AllocOp::create(
          b, MemRefType::get({l.threads, l.slots * l.vector}, f32Type));
      alloc->setAttr(TesselDialect::kPerThreadAttrName, b.getUnitAttr());
      regs = alloc;
    }
    for (int64_t i = 0; i < r.reductions(); ++i) {
      partials.push_back(shared({l.rowsPerBlock, l.partialWords()}, f32Type));
      if (l.groups > 1)
        groupResults.push_back(shared({l.rowsPerBlock, l.groups}, f32Type));
    }
    if (r.reduces())
      reduction();
    else if (r.op == RowOpKind::Softmax)
      softmax();
    else
      norm(r.op == RowOpKind::LayerNorm);
  });
  replaceWithBuffers(op, ValueRange{result});
  if (prologue)
    prologue->erase();
}

/// The column reduction: a tessel.reduce over leading or middle dims, its
/// input viewed as [rows, length, columns] and its result as [rows,
/// columns] (ColumnKernelLayout):
///
///   block (outer row p, columns c0 .. c0 + Cb):
///     thread (group g, column thread j): columns c = c0 + j v .. + v
///       (the last vector's columns for threads past them)
///     acc = sum or max over rows g, g + G, ... of x[p, row, c], f32,
///       `batch` rows' loads at once                  | partials[g][j v]
///     group 0: y = combined partials [/ length]; out[p, c] = y
class ColumnEmitter : public LoopNestEmitter {
public:
  ColumnEmitter(ReduceOp op, const RowShape &r, const ColumnKernelLayout &l)
      : LoopNestEmitter(op, l.threads), op(op), r(r), l(l) {
    elem = cast<RankedTensorType>(op.getInput().getType()).getElementType();
  }

  void emit() {
    Value input = bufferOf(op.getInput());
    Value result = bufferFor(op.getResult());
    Value x = viewAs(b, input, {r.rows, r.length, r.columns});
    Value out = viewAs(b, result, {r.rows, r.columns});
    bool maximum = r.op == RowOpKind::Max;
    auto f32Vector = VectorType::get({l.vector}, b.getF32Type());
    auto combine = [&](Value a, Value c) -> Value {
      return maximum ? arith::MaximumFOp::create(b, a, c).getResult()
                     : arith::AddFOp::create(b, a, c).getResult();
    };
    int64_t tiles = (r.columns + l.columnsPerBlock - 1) / l.columnsPerBlock;
    bool ragged = r.columns % l.columnsPerBlock != 0;
    blockLoop({r.rows * tiles}, [&](ValueRange ids) {
      Value identity = vector::BroadcastOp::create(
          b, f32Vector, f32(maximum ? -INFINITY : 0.0));
      Value p = arith::DivUIOp::create(b, ids[0], idx(tiles));
      Value c0 = mul(arith::RemUIOp::create(b, ids[0], idx(tiles)),
                     idx(l.columnsPerBlock));
      Value partials;
      if (l.groups > 1)
        partials = shared({l.groups, l.columnsPerBlock}, b.getF32Type());
      // Thread t: group t / Tc, column thread t % Tc; its columns (the
      // last vector's where they would pass the end: read, not written).
      struct Place {
        Value j, col, inside;
      };
      auto place = [&](Value t) {
        Place q;
        q.j = arith::RemUIOp::create(b, t, idx(l.columnThreads));
        q.col = add(c0, mul(q.j, idx(l.vector)));
        if (ragged) {
          q.inside = lt(q.col, idx(r.columns));
          q.col = minIdx(q.col, idx(r.columns - l.vector));
        }
        return q;
      };
      auto finish = [&](Value acc, const Place &q) {
        if (r.op == RowOpKind::Mean)
          acc = arith::DivFOp::create(
              b, acc,
              vector::BroadcastOp::create(b, f32Vector, f32(double(r.length))));
        Value y = acc;
        if (!elem.isF32())
          y = arith::TruncFOp::create(b, VectorType::get({l.vector}, elem),
                                      acc);
        auto write = [&] {
          vector::StoreOp::create(b, y, out, ValueRange{p, q.col});
        };
        if (ragged)
          when(q.inside, write);
        else
          write();
      };
      threads([&](Value t) {
        Place q = place(t);
        Value g = arith::DivUIOp::create(b, t, idx(l.columnThreads));
        auto slot = [&](Value i, Value acc) {
          Value row = add(g, mul(i, idx(l.groups)));
          Value v = vector::LoadOp::create(b, VectorType::get({l.vector}, elem),
                                           x, ValueRange{p, row, q.col});
          if (!elem.isF32())
            v = arith::ExtFOp::create(b, f32Vector, v);
          return combine(acc, v);
        };
        // Whole batches in a loop (every slot before a thread's last is
        // inside the reduced length), then the last batch unrolled, its
        // last slot guarded where the groups do not divide the length.
        Value a = batchedSlots(
                      l.slots, l.batch, l.batches, {identity},
                      [&](Value i, ValueRange c) {
                        return SmallVector<Value>{slot(i, c[0])};
                      },
                      [&](int64_t k, ValueRange c) -> SmallVector<Value> {
                        if (k + 1 < l.slots || r.length % l.groups == 0)
                          return {slot(idx(k), c[0])};
                        Value row = add(g, idx(k * l.groups));
                        auto ifOp = scf::IfOp::create(b, TypeRange{f32Vector},
                                                      lt(row, idx(r.length)),
                                                      /*withElseRegion=*/true);
                        OpBuilder::InsertionGuard guard(b);
                        b.setInsertionPointToStart(ifOp.thenBlock());
                        scf::YieldOp::create(b, slot(idx(k), c[0]));
                        b.setInsertionPointToStart(ifOp.elseBlock());
                        scf::YieldOp::create(b, c[0]);
                        return {ifOp.getResult(0)};
                      })
                      .front();
        if (l.groups == 1) {
          finish(a, q);
          return;
        }
        vector::StoreOp::create(b, a, partials,
                                ValueRange{g, mul(q.j, idx(l.vector))});
      });
      if (l.groups == 1)
        return;
      // The first group combines the groups' partials of its columns.
      threads([&](Value t) {
        when(lt(t, idx(l.columnThreads)), [&] {
          Place q = place(t);
          Value acc = vector::BroadcastOp::create(
              b, f32Vector, f32(maximum ? -INFINITY : 0.0));
          for (int64_t g = 0; g < l.groups; ++g)
            acc =
                combine(acc, vector::LoadOp::create(
                                 b, f32Vector, partials,
                                 ValueRange{idx(g), mul(q.j, idx(l.vector))}));
          finish(acc, q);
        });
      });
    });
    replaceWithBuffers(op, ValueRange{result});
  }

private:
  ReduceOp op;
  const RowShape &r;
  const ColumnKernelLayout &l;
};

} // namespace

Operation *tiling::rowKernelOp(func::FuncOp kernel) {
  if (kernel.getBody().empty() || !llvm::hasSingleElement(kernel.getBody()))
    return nullptr;
  // A written schedule of the cooperative kernels' form (block = [rows,
  // row]) asks for those (tessel-tile-and-fuse's linalg path).
  if (auto schedule =
          kernel->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
      schedule && schedule.getBlock().size() != 1)
    return nullptr;
  Block &body = kernel.getBody().front();
  Operation *op = soleOpOf(body);
  // Or a residual add, then the row op on the sum (and on arguments).
  if (!op && body.getOperations().size() == 3) {
    Operation *last = body.getTerminator()->getPrevNode();
    auto isArgument = [&](Value operand) {
      auto arg = dyn_cast<BlockArgument>(operand);
      return arg && arg.getOwner() == &body;
    };
    if (rowKernelPrologue(last) &&
        llvm::all_of(last->getOperands().drop_front(), isArgument) &&
        body.getTerminator()->getOperands() == last->getResults())
      op = last;
  }
  if (auto softmax = dyn_cast_or_null<SoftmaxOp>(op)) {
    auto type = cast<RankedTensorType>(softmax.getInput().getType());
    return softmax.getDimAttr().getInt() == type.getRank() - 1 ? op : nullptr;
  }
  // A reduction over a run of consecutive dims: the trailing ones (a row
  // reduction, maybe of a residual add) or leading or middle ones (a column
  // reduction, the kept trailing dims its columns; of the kernel's
  // argument alone). Others stay on the cooperative kernels.
  if (auto reduce = dyn_cast_or_null<ReduceOp>(op)) {
    ArrayRef<int64_t> dims = reduce.getDims();
    int64_t rank =
        cast<RankedTensorType>(reduce.getInput().getType()).getRank();
    bool consecutive = dims.back() - dims.front() + 1 == int64_t(dims.size());
    bool columns = dims.back() != rank - 1;
    return consecutive && !(columns && rowKernelPrologue(reduce)) ? op
                                                                  : nullptr;
  }
  return isa_and_nonnull<LayerNormOp, RmsNormOp>(op) ? op : nullptr;
}

AddOp tiling::rowKernelPrologue(Operation *rowOp) {
  if (rowOp->getNumOperands() == 0)
    return {};
  Value input = rowOp->getOperand(0);
  auto add = input.getDefiningOp<AddOp>();
  if (!add || !add->hasOneUse())
    return {};
  for (Value operand : add->getOperands()) {
    auto arg = dyn_cast<BlockArgument>(operand);
    if (!arg || arg.getOwner() != rowOp->getBlock() ||
        operand.getType() != input.getType())
      return {};
  }
  return add;
}

RowShape tiling::rowShape(Operation *op) {
  RowShape s;
  s.residual = bool(rowKernelPrologue(op));
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  int64_t rank = type.getRank();
  // [rows, length, columns]: the dims before, within and after the run of
  // the row's dims (a reduction's reduced ones; the others' trailing ones).
  int64_t first = rank - rowRank(op), last = rank - 1;
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    first = reduce.getDims().front();
    last = reduce.getDims().back();
  }
  s.rows = s.length = s.columns = 1;
  for (int64_t i = 0; i < rank; ++i)
    (i < first  ? s.rows
     : i > last ? s.columns
                : s.length) *= type.getDimSize(i);
  s.type = elementTypeOf(type);
  if (auto softmax = dyn_cast<SoftmaxOp>(op)) {
    s.op = RowOpKind::Softmax;
    s.causal = softmax.getCausal();
  } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
    switch (reduce.getKind()) {
    case ReduceKind::Sum:
      s.op = RowOpKind::Sum;
      break;
    case ReduceKind::Max:
      s.op = RowOpKind::Max;
      break;
    case ReduceKind::Mean:
      s.op = RowOpKind::Mean;
      break;
    }
  } else if (auto n = dyn_cast<LayerNormOp>(op)) {
    s.op = RowOpKind::LayerNorm;
    s.scale = bool(n.getScale());
    s.bias = bool(n.getBias());
  } else {
    auto m = cast<RmsNormOp>(op);
    s.op = RowOpKind::RmsNorm;
    s.scale = bool(m.getScale());
    s.bias = bool(m.getBias());
  }
  return s;
}

LogicalResult tiling::emitRowKernel(Operation *op, ScheduleAttr schedule,
                                    const Target &target) {
  ArrayRef<int64_t> block = schedule.getBlock();
  if (block.size() != 1 || schedule.getMma() != InstructionClass::Simt ||
      schedule.getStages() != 1 || schedule.getSplitK() != 1 ||
      !schedule.getWarp().empty() || !schedule.getThread().empty())
    return op->emitOpError()
           << "runs as one row kernel, whose schedule is block = [rows], "
              "warps and vector on SIMT lanes (one stage, no split-K, warp "
              "or thread tiles); got "
           << schedule;
  FailureOr<int64_t> blockSize = blockThreads(op, schedule, target);
  if (failed(blockSize))
    return failure();
  int64_t threads = *blockSize;
  RowShape shape = rowShape(op);
  if (shape.columns > 1) {
    std::string why = ColumnKernelLayout::refusal(shape, block[0], threads,
                                                  schedule.getVector());
    if (!why.empty())
      return op->emitOpError() << "cannot run with " << schedule << ": " << why;
    ColumnKernelLayout layout =
        ColumnKernelLayout::of(shape, block[0], threads, schedule.getVector());
    if (double(layout.sharedBytes) > target.blockSharedMemoryLimit())
      return op->emitOpError()
             << "needs " << layout.sharedBytes
             << " bytes of shared memory per block for its partials, more "
                "than "
             << target.name() << " gives a block";
    ColumnEmitter(cast<ReduceOp>(op), shape, layout).emit();
    return success();
  }
  std::string why =
      RowKernelLayout::refusal(shape, block[0], threads, schedule.getVector());
  if (!why.empty())
    return op->emitOpError() << "cannot run with " << schedule << ": " << why;
  RowKernelLayout layout =
      RowKernelLayout::of(shape, block[0], threads, schedule.getVector());
  if (double(layout.sharedBytes) > target.blockSharedMemoryLimit())
    return op->emitOpError()
           << "needs " << layout.sharedBytes
           << " bytes of shared memory per block for its partials, more than "
           << target.name() << " gives a block";
  RowEmitter(op, shape, layout).emit();
  return success();
}
