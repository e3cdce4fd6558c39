//===- FusedAttention.cpp - One kernel for a whole attention --------------===//
//
// See FusedAttention.h. The loop nest, for a block (b, key/value head,
// query tile qt of its group x Sq rows[, key slice]):
//
//   copy the q tile to shared memory (rows past the queries as zeros); O = 0,
//   m = -inf, l = 0 per row
//   for each key tile kt the tile's queries reach (causal: no further;
//   with a window: from the tile where the first query's window starts):
//     copy the k and v tiles to shared memory (keys past Skv as zeros)
//     S = (q k^T) * scale * log2(e), masked to -inf; each thread's
//         micro-tile's row maxima to Pm
//     per row: m' = max(m, Pm); alpha = exp2(m - m'); l = (l + sum Ps) *
//         alpha (the previous tile's sums, see below); m = m'
//     P = exp2(S - m) in place, by segments; each segment's sum to Ps
//     O = O * alpha + P v
//   l += sum Ps; out = O / l, rows past Sq dropped
//
// Keeping the previous tile's segment sums until the next statistics
// phase adds them one rescale late, which is the same sum: after tile k,
// l + sum Ps = sum over tiles i <= k of (their sums) * exp2(m_i - m_k).
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/FusedAttention.h"

#include "passes/KernelDescription.h"
#include "passes/tiling/LoopNest.h"
#include "passes/tiling/TensorCoreStep.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

Operation *tiling::soleOpOf(Block &body) {
  if (body.getOperations().size() != 2)
    return nullptr;
  Operation *op = &body.front();
  if (body.back().getOperands() != op->getResults())
    return nullptr;
  for (Value operand : op->getOperands())
    if (!isa<BlockArgument>(operand) ||
        cast<BlockArgument>(operand).getOwner() != &body)
      return nullptr;
  return op;
}

bool tiling::swapsHeadsAndTokens(TransposeOp t) {
  return t && t.getPermutation() == ArrayRef<int64_t>{0, 2, 1, 3};
}

AttentionViews tiling::attentionViews(Operation *attention) {
  AttentionViews views;
  if (!isa<AttentionOp, AttentionPartialOp, AttentionSplitOp>(attention))
    return views;
  for (int i = 0; i < 3; ++i) {
    auto t = attention->getOperand(i).getDefiningOp<TransposeOp>();
    if (swapsHeadsAndTokens(t) && t->hasOneUse())
      views.operands[i] = t;
  }
  Value result = attention->getResult(0);
  if (isa<AttentionOp, AttentionSplitOp>(attention) && result.hasOneUse())
    if (auto t = dyn_cast<TransposeOp>(*result.getUsers().begin());
        swapsHeadsAndTokens(t))
      views.result = t;
  return views;
}

Operation *tiling::fusedAttentionIn(Block &body) {
  // The one attention; every other op one of its views.
  Operation *attention = nullptr;
  for (Operation &op : body.without_terminator()) {
    if (!isa<AttentionOp, AttentionPartialOp, AttentionSplitOp,
             AttentionCombineOp>(op))
      continue;
    if (attention)
      return nullptr;
    attention = &op;
  }
  if (!attention)
    return nullptr;
  if (isa<AttentionCombineOp>(attention))
    return soleOpOf(body) == attention ? attention : nullptr;
  AttentionViews views = attentionViews(attention);
  size_t ops = 1 + (views.result ? 1 : 0);
  auto isArgument = [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == &body;
  };
  for (auto [i, view] : llvm::enumerate(views.operands)) {
    Value read = view ? view.getInput() : attention->getOperand(i);
    if (!isArgument(read))
      return nullptr;
    ops += view ? 1 : 0;
  }
  if (std::distance(body.without_terminator().begin(),
                    body.without_terminator().end()) != int64_t(ops))
    return nullptr;
  SmallVector<Value> returned(attention->getResults());
  if (views.result)
    returned[0] = views.result.getResult();
  if (body.getTerminator()->getOperands() != ValueRange(returned))
    return nullptr;
  return attention;
}

Operation *tiling::fusedAttentionKernelOp(func::FuncOp kernel) {
  if (kernel.getBody().empty() || !llvm::hasSingleElement(kernel.getBody()))
    return nullptr;
  return fusedAttentionIn(kernel.getBody().front());
}

AttentionOp tiling::fusedAttentionOf(func::FuncOp kernel) {
  return dyn_cast_or_null<AttentionOp>(fusedAttentionKernelOp(kernel));
}

static AttentionShape attentionShapeOf(Value query, Value key, Value value,
                                       bool causal,
                                       std::optional<int64_t> window) {
  auto q = cast<RankedTensorType>(query.getType());
  auto k = cast<RankedTensorType>(key.getType());
  auto v = cast<RankedTensorType>(value.getType());
  AttentionShape a;
  a.batch = q.getDimSize(0);
  a.heads = q.getDimSize(1);
  a.sq = q.getDimSize(2);
  a.d = q.getDimSize(3);
  a.kvHeads = k.getDimSize(1);
  a.skv = k.getDimSize(2);
  a.dv = v.getDimSize(3);
  a.causal = causal;
  a.window = window.value_or(0);
  a.type = elementTypeOf(q);
  return a;
}

AttentionShape tiling::attentionShape(AttentionOp op) {
  return attentionShapeOf(op.getQuery(), op.getKey(), op.getValue(),
                          op.getCausal(), op.getWindow());
}

AttentionShape tiling::attentionShape(AttentionPartialOp op) {
  AttentionShape a = attentionShapeOf(op.getQuery(), op.getKey(), op.getValue(),
                                      op.getCausal(), op.getWindow());
  a.splits = op.getSplits();
  return a;
}

AttentionShape tiling::attentionShape(AttentionSplitOp op) {
  AttentionShape a = attentionShapeOf(op.getQuery(), op.getKey(), op.getValue(),
                                      op.getCausal(), op.getWindow());
  a.splits = op.getSplits();
  a.combined = true;
  return a;
}

AttentionCombineShape tiling::attentionCombineShape(AttentionCombineOp op) {
  auto partial = cast<RankedTensorType>(op.getPartial().getType());
  auto result = cast<RankedTensorType>(op.getResult().getType());
  AttentionCombineShape c;
  c.splits = partial.getDimSize(0);
  c.dv = partial.getDimSize(4);
  c.rows = result.getNumElements() / c.dv;
  c.type = elementTypeOf(result);
  return c;
}

namespace {

/// The combine of a split-KV attention's slices, which the combine kernel
/// and a split kernel's last blocks share: two thread loops over `rows`
/// rows of `splits` slices of `dv` values, reading `partials` [S, B, H, Sq,
/// Dv] and `lse` [S, B, H, Sq] and writing `result` [B, H, Sq, Dv].
/// `forRow(r, body)` calls `body` with row r's indices (batch, head, query)
/// where r is a row. With `enabled`, each loop runs only where it holds (a
/// block-uniform condition).
class SliceCombiner : public LoopNestEmitter {
protected:
  using LoopNestEmitter::LoopNestEmitter;
  using RowBody = function_ref<void(ValueRange)>;

  void combineSlices(int64_t rows, int64_t splits, int64_t dv, Value partials,
                     Value lse, Value result,
                     function_ref<void(Value, RowBody)> forRow,
                     function_ref<Value()> enabled = nullptr) {
    // A slice's value at row `at` (and column `c`).
    auto at = [](Value sl, ValueRange row, Value c = Value()) {
      SmallVector<Value> indices = {sl};
      llvm::append_range(indices, row);
      if (c)
        indices.push_back(c);
      return indices;
    };
    Type f32Type = b.getF32Type();
    Value weights = shared({rows, splits}, f32Type);
    Value inverse = shared({rows}, f32Type);
    auto phase = [&](function_ref<void(Value)> body) {
      threads([&](Value t) {
        if (enabled)
          when(enabled(), [&] { body(t); });
        else
          body(t);
      });
    };
    // A thread per row: the slices' weights exp(lse - max) and the inverse
    // of their sum (a row attends to a key of some slice: one lse is
    // finite).
    phase([&](Value t) {
      share(t, rows, [&](Value r) {
        forRow(r, [&](ValueRange row) {
          Value max = accumulate(
              splits, {f32(-INFINITY)}, [&](Value sl, ValueRange acc) {
                return SmallVector<Value>{fmax(acc[0], load(lse, at(sl, row)))};
              })[0];
          Value total =
              accumulate(splits, {f32(0)}, [&](Value sl, ValueRange acc) {
                Value w =
                    exp2(fmul(fsub(load(lse, at(sl, row)), max), f32(M_LOG2E)));
                store(w, weights, {r, sl});
                return SmallVector<Value>{fadd(acc[0], w)};
              })[0];
          store(arith::DivFOp::create(b, f32(1), total), inverse, r);
        });
      });
    });
    // Then a thread per value: the weighted sum of the slices' partials.
    phase([&](Value t) {
      share(t, rows * dv, [&](Value e) {
        Value r = arith::DivUIOp::create(b, e, idx(dv));
        Value c = arith::RemUIOp::create(b, e, idx(dv));
        forRow(r, [&](ValueRange row) {
          Value x = accumulate(splits, {f32(0)}, [&](Value sl, ValueRange acc) {
            Value p = load(partials, at(sl, row, c));
            return SmallVector<Value>{fma(load(weights, {r, sl}), p, acc[0])};
          })[0];
          SmallVector<Value> out(row);
          out.push_back(c);
          store(fromF32(fmul(x, load(inverse, r))), result, out);
        });
      });
    });
  }
};

/// Builds the fused kernel's loop nest; one member per phase.
class AttentionEmitter : public SliceCombiner {
public:
  /// `op` is a tessel.attention, tessel.attention_partial or
  /// tessel.attention_split (its operands q, k, v); `onHost`: a split's
  /// arrival counts are zeroed before its blocks run and no fences are
  /// emitted; else `fenceScope` is the target's LLVM sync scope of the
  /// whole device.
  AttentionEmitter(Operation *op, const AttentionShape &a,
                   const FusedAttentionLayout &l,
                   std::optional<APFloat> givenScale, bool onHost,
                   StringRef fenceScope)
      : SliceCombiner(op, l.threads), op(op), a(a), l(l), onHost(onHost),
        fenceScope(fenceScope) {
    elem = cast<RankedTensorType>(op->getOperand(0).getType()).getElementType();
    double scale = givenScale ? givenScale->convertToDouble()
                              : 1.0 / std::sqrt(double(a.d));
    scaleLog2e = scale * M_LOG2E;
    combined = isa<AttentionSplitOp>(op);
    partial = combined || isa<AttentionPartialOp>(op);
    group = a.heads / a.kvHeads;
    queryRows = group * a.sq;
    // A row of a causal partial may see no key of its slice, a row with a
    // window none of the block's first tiles, and where the warps split
    // the key tile, a warp none of its part of the first (the diagonal's,
    // or past the keys): its maximum stays -inf, which the exponents must
    // not subtract from itself.
    guardEmptyRows = (partial && a.causal) || a.window > 0 || l.keySplits() > 1;
  }

  void emit();

private:
  /// Copies `rows` rows of `width` elements into `dst` [rows, >= width]
  /// (`transpose`: [width, >= rows]), up to 16 bytes of a row at a time
  /// (copyVectorWidth): row r from `src` at `source(r)` (the indices before
  /// its elements), zeros where `valid(r)` is false.
  void copyRows(Value t, int64_t rows, int64_t width, Value src,
                function_ref<SmallVector<Value>(Value)> source,
                function_ref<Value(Value)> valid, Value dst,
                bool transpose = false);
  /// Copies rows [first, first + rows) of `src`'s [.., n, width] slice at
  /// (b, head) into `dst` [rows, >= width] (`transpose`: [width, >= rows]),
  /// zero past `n`.
  void copyTile(Value t, Value src, Value head, Value first, int64_t rows,
                int64_t n, int64_t width, Value dst, bool transpose = false);

  /// A phase on tensor cores: a warp scf.forall over `items` (at most the
  /// block's warps), `body` called with the item.
  void warps(int64_t items, function_ref<void(Value)> body);
  /// `rows` x `cols` of `buffer` at (row, col), or written there.
  Value readPiece(Value buffer, Value row, Value col, int64_t rows,
                  int64_t cols);
  void writePiece(Value piece, Value buffer, Value row, Value col);
  /// The accumulator pieces of C = init + A [16 x k] B [k x 8 per piece]
  /// on 16x8x16 pieces, C's piece n at (row0, cols[n]) (as `product`
  /// computes them).
  SmallVector<Value> productPieces(Value a, Value bMatrix, Value row0,
                                   ArrayRef<Value> cols, int64_t k,
                                   ValueRange init, bool bTransposed);
  /// C [16 x n * 8 pieces at (row0, col0)] (+)= A [16 x k] B [k x n * 8]
  /// on 16x8x16 pieces: A read from `a` at row0 (its k along columns), B
  /// from `bMatrix` (its k along rows), C written to `c` (and, with
  /// `accumulate`, read from it first; else it starts at zero); with
  /// `bTransposed`, `bMatrix` holds B as [columns, k] (the key tile on MFMA).
  void product(Value a, Value bMatrix, Value c, Value row0, Value col0,
               int64_t k, int64_t pieces, bool accumulates,
               bool bTransposed = false);
  /// The block's product into `c` [bq, columns] over k, as a warp loop:
  /// warp w takes 16-row strip w / splits and 1 / splits of the columns.
  void stripProducts(Value a, Value bMatrix, Value c, int64_t k,
                     int64_t columns, int64_t splits, bool accumulates,
                     bool bTransposed = false);

  /// A thread's micro-tile `tile` of a SIMT product: rows rg * r + i and
  /// columns cg + j * colGroups (rg, cg = tile / colGroups, tile %
  /// colGroups), and for each the sum over k of lhs(row, k) * rhs(col, k)
  /// (row-major, accumulated in f32 registers).
  struct MicroTile {
    Value colGroup; // cg
    SmallVector<Value> rows, cols, acc;
  };
  MicroTile microProduct(Value tile, int64_t r, int64_t c, int64_t colGroups,
                         int64_t k, function_ref<Value(Value, Value)> lhs,
                         function_ref<Value(Value, Value)> rhs);

  /// Query tile row `r`'s query (its index along Sq) and head: the tile
  /// holds rows q0 .. q0 + bq - 1 of the KV head's group x Sq query rows,
  /// row R being query R / group of the group's head R % group.
  Value queryOf(Value r);
  Value headOf(Value r);
  /// Whether row `r` is one of the KV head's query rows.
  Value isQueryRow(Value r);
  /// Copies the query tile to qs (rows past the queries as zeros).
  void copyQueries(Value t);

  void prologue();
  void keyStep(Value kt);
  void simtStep(Value k0);
  /// Key step `kt` of the shared-memory form on tensor cores: the K and V
  /// copy (with stages, of the tile stages - 1 steps ahead into its slot,
  /// as registerStep's), S, the statistics, P, O's update.
  void mmaStep(Value kt);
  /// The first key of key tile `kt` of the block's keys.
  Value tileStart(Value kt);
  /// The first key of the tile the register-resident form's step `step`
  /// takes: tile `step`, or with a window the steps rotated to start at
  /// tile `rotation` (wrapping past `rotatedSteps`).
  Value stepStart(Value step);
  /// Slot `slot` of stage buffers [stages, rows, cols], as [rows, cols].
  Value stageOf(Value buffers, Value slot);
  /// What a register-resident key step masks: nothing, or the keys past
  /// the end and, with `causal`, those after a row's last, and with
  /// `window` (causal only) also those before its window.
  struct StepMask {
    bool any = false, causal = false, window = false;
  };
  /// The K and V tiles key step `kt` (from key `k0`) reads and those its
  /// copy fills, from the key `copyStart` on (the step's own tiles without
  /// stages).
  struct StepTiles {
    Value kTile, vTile, kDst, vDst, copyStart;
  };
  StepTiles stepTiles(Value kt, Value k0);
  /// The register-resident form's key step `step` (stepStart's tile): the
  /// K and V copy (with stages, of the tile stages - 1 steps ahead, into
  /// its slot), then one warp phase in which each warp steps its strips
  /// (registerStrip), which mask as `mask` says.
  void registerStep(Value step, StepMask mask);
  /// The leading key tiles before the first that the end masks a key of
  /// (every key before the end, and causal, before the block's first
  /// query's last); those after leadingMaskedTileCount's no row of the
  /// block masks a key of: the register-resident form steps them without
  /// a mask.
  Value unmaskedTileCount();
  /// With a window, the leading key tiles the window masks a key of for
  /// some row (before the block's last query's window starts).
  Value leadingMaskedTileCount();
  /// With a window, the block's first key: the start of the key tile
  /// (counted from 0) in which its first query's window starts, or the
  /// slice's first key if later (AttentionShape::firstKey).
  Value windowStart();
  /// With stages, before the key loop: the first stages - 1 tiles' copies.
  void pipelinePrologue();
  /// One 16-row strip at query tile row `row0` against the keys from
  /// `keys` of the key tile at `k0` (in `kTile` and `vTile`; all of it, or
  /// a warp's part where the warps split it), as whole warp-level vectors
  /// (pieces [16, 8], rows [16], columns [8]) that tessel-lower-mma spreads
  /// over the warp's lanes: S, its mask, the rows' statistics, P and O's
  /// update never leave the warp. The strip's O and statistics are rows
  /// `acc0` .. acc0 + 15 of their buffers (row0 but for a key split's).
  void registerStrip(Value row0, Value acc0, Value keys, Value k0, Value kTile,
                     Value vTile, StepMask mask);
  /// `acc` + P v for a strip: `probs` its P pieces in f32 (rounded to the
  /// input type for the product) or, the overlapped form's pending P,
  /// already rounded; v from `vTile`'s rows from `keys`.
  SmallVector<Value> addProduct(ArrayRef<Value> acc, ArrayRef<Value> probs,
                                Value vTile, Value keys);
  /// With the key tile split among the warps, after the key loops: each
  /// query tile row's O and statistics merged from its splits' into the
  /// first split's rows (what the epilogues read).
  void mergeKeySplits();
  /// Overlapped, after the key loop: the last tile's P v into O (the
  /// block steps through `count` tiles).
  void lastProduct(Value count);
  /// Row `r`'s running maximum and sum.
  Value rowMaxOf(Value r);
  Value rowSumOf(Value r);
  /// By segments (a row's sCols keys g, g + groups, ...): `body(r, g,
  /// column)` for each key of the segment.
  void segments(Value t, function_ref<void(Value, Value)> begin,
                function_ref<void(Value, Value, Value)> key,
                function_ref<void(Value, Value)> end);
  void rowStatistics();
  /// `max` where exponents subtract it: 0 for a row that has seen no key
  /// yet (-inf) where that can happen, so that its exp2 terms are 0.
  Value exponentBase(Value max);
  /// The last tile's segment sums added to each row's.
  void finalSums();
  /// The number of key tiles the block steps through.
  Value keyTileCount();
  void epilogue();
  void partialEpilogue();
  /// A split's tail: the block counts its arrival at its query tile's
  /// count; the last of the tile's slices to arrive resets the count and
  /// weighs the slices' partials into the attention.
  void arriveAndCombine();
  /// `x` (a score, scaled), or -inf where query tile row `r` does not
  /// attend to `key` (past the keys, or causal and after its last, or
  /// before its window).
  Value maskedScore(Value x, Value r, Value key);

  Operation *op;
  const AttentionShape &a;
  const FusedAttentionLayout &l;
  double scaleLog2e = 1;
  bool partial = false, combined = false, guardEmptyRows = false;
  bool onHost = false;
  StringRef fenceScope;

  // The kernel's buffers (a partial's: out [splits, B, H, Sq, Dv] and lse
  // [splits, B, H, Sq]; a split's also the attention and the arrival
  // counts [B, H, Sq]), and the block's indices and shared buffers; the
  // block's keys are [kBegin, kEnd), of which it steps through those from
  // kStart (none: from 0) in tiles.
  Value q, k, v, out, lse, attention, arrivals;
  Value batch, kvHead, q0, split, kBegin, kEnd, kStart;
  /// With a window, the register-resident form's steps: `rotatedSteps` of
  /// them, from tile `rotation` (stepStart).
  Value rotation, rotatedSteps;
  /// Query heads per KV head, and a KV head's query rows (group x Sq).
  int64_t group = 1, queryRows = 1;
  Value qs, ks, vs, s, o, probs, pm, ps, m, sum, alpha;
  /// The register-resident form's statistics, each [bq, pieceN]: a row's
  /// maximum and its sum, repeated across a piece's columns. Two buffers,
  /// each filled with one constant (-inf, 0), so that
  /// tessel-hoist-accumulators starts the registers that carry them from
  /// that constant.
  Value rowMaxima, rowSums;
  /// Overlapped: each strip's P waiting for the next step's product [bq,
  /// bkv].
  Value pending;
};

void AttentionEmitter::copyRows(Value t, int64_t rows, int64_t width, Value src,
                                function_ref<SmallVector<Value>(Value)> source,
                                function_ref<Value(Value)> valid, Value dst,
                                bool transpose) {
  int64_t vw = copyVectorWidth(width, width, elem.getIntOrFloatBitWidth() / 8);
  int64_t perRow = width / vw, items = rows * perRow;
  // On wgmma every copied tile is an operand that tessel-lower-mma lays out
  // as 8 x 8 core matrices (wgmma::coreMatrixOffset), or a key or value
  // tile of whole 64-column boxes as TMA writes it (swizzledTileOffset,
  // which tessel-warpgroup-pipeline may then load by TMA); the emitter
  // requires whole 16-byte rows of 16-bit elements and tiles of whole
  // 8-row groups, and copies them in core-matrix order either way (a warp's
  // 16-byte writes land in distinct banks in both layouts).
  bool coreMatrices = l.compute == ComputeClass::Wgmma && !transpose &&
                      vw * elem.getIntOrFloatBitWidth() == 128 && rows % 8 == 0;
  // Thread t copies items t, t + T, ... in rounds; a batch of rounds
  // issues all its loads before its stores, so that they wait on L2
  // together rather than one after another. Past the last item a thread
  // copies the last one again (the same value to the same place).
  int64_t rounds = (items + threadCount - 1) / threadCount;
  int64_t batch = FusedAttentionLayout::copyBatch(rounds);
  Type type = vw == 1 ? elem : Type(VectorType::get({vw}, elem));
  Value zero = arith::ConstantOp::create(
      b, vw == 1 ? TypedAttr(b.getZeroAttr(elem))
                 : TypedAttr(DenseElementsAttr::get(cast<VectorType>(type),
                                                    b.getZeroAttr(elem))));
  // Item e's row and column. On wgmma, the e-th 16-byte row of the tile
  // laid out as core matrices (8 rows of one 16-byte column each, column by
  // column within each 8-row group): consecutive threads write consecutive
  // 16 bytes there, where row order would put 8 threads' writes 128 bytes
  // apart, in the same four banks.
  int64_t span = coreMatrices ? 8 * perRow : perRow;
  auto place = [&](Value e) -> std::pair<Value, Value> {
    if (coreMatrices) {
      Value group = arith::DivUIOp::create(b, e, idx(span));
      Value within = arith::RemUIOp::create(b, e, idx(span));
      return {
          add(mul(group, idx(8)), arith::RemUIOp::create(b, within, idx(8))),
          mul(arith::DivUIOp::create(b, within, idx(8)), idx(vw))};
    }
    return {arith::DivUIOp::create(b, e, idx(perRow)),
            mul(arith::RemUIOp::create(b, e, idx(perRow)), idx(vw))};
  };
  // Where the threads cover whole rows (whole 8-row groups) a round and
  // every round is whole, a thread's items share its first item's column
  // and step its row by a constant: placed once, so that the rounds'
  // addresses are one register and offsets (each item placed apart, the
  // addresses of a step's copies were registers of their own, live across
  // the key loop).
  bool strided = threadCount % span == 0 && items % threadCount == 0;
  int64_t rowsPerRound =
      strided ? threadCount / span * (coreMatrices ? 8 : 1) : 0;
  std::pair<Value, Value> first0;
  if (strided)
    first0 = place(t);
  loop(idx(0), idx(rounds), idx(batch), [&](Value first) {
    SmallVector<std::array<Value, 3>> loaded; // value, row, column
    for (int64_t j = 0; j < batch; ++j) {
      Value r, c;
      if (strided) {
        r = add(first0.first, mul(add(first, idx(j)), idx(rowsPerRound)));
        c = first0.second;
      } else {
        Value e = add(t, mul(add(first, idx(j)), idx(threadCount)));
        if (items % threadCount != 0)
          e = minIdx(e, idx(items - 1));
        std::tie(r, c) = place(e);
      }
      SmallVector<Value> at = source(r);
      at.push_back(c);
      Value value = vw == 1 ? load(src, at)
                            : Value(vector::LoadOp::create(
                                  b, cast<VectorType>(type), src, at));
      loaded.push_back(
          {arith::SelectOp::create(b, valid(r), value, zero), r, c});
    }
    for (auto [value, r, c] : loaded) {
      if (vw == 1) {
        store(value, dst, transpose ? ValueRange{c, r} : ValueRange{r, c});
      } else if (!transpose) {
        vector::StoreOp::create(b, value, dst, ValueRange{r, c});
      } else {
        for (int64_t j = 0; j < vw; ++j)
          store(vector::ExtractOp::create(b, value, j), dst,
                {add(c, idx(j)), r});
      }
    }
  });
}

void AttentionEmitter::copyTile(Value t, Value src, Value srcHead, Value first,
                                int64_t rows, int64_t n, int64_t width,
                                Value dst, bool transpose) {
  // Read a valid row always (the last), and keep zero past n.
  copyRows(
      t, rows, width, src,
      [&](Value r) -> SmallVector<Value> {
        return {batch, srcHead, minIdx(add(first, r), idx(n - 1))};
      },
      [&](Value r) { return lt(add(first, r), idx(n)); }, dst, transpose);
}

void AttentionEmitter::warps(int64_t items, function_ref<void(Value)> body) {
  auto mapping = b.getArrayAttr({gpu::GPUWarpMappingAttr::get(
      b.getContext(), gpu::MappingId::LinearDim0)});
  auto forall = scf::ForallOp::create(
      b, ArrayRef<OpFoldResult>{b.getIndexAttr(items)}, ValueRange(), mapping);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(forall.getBody());
  body(forall.getInductionVar(0));
}

Value AttentionEmitter::readPiece(Value buffer, Value row, Value col,
                                  int64_t rows, int64_t cols) {
  return readMmaPiece(b, b.getLoc(), buffer, row, col, rows, cols);
}

void AttentionEmitter::writePiece(Value piece, Value buffer, Value row,
                                  Value col) {
  vector::TransferWriteOp::create(b, piece, buffer, ValueRange{row, col},
                                  ArrayRef<bool>{true, true});
}

void AttentionEmitter::product(Value a, Value bMatrix, Value c, Value row0,
                               Value col0, int64_t k, int64_t pieces,
                               bool accumulates, bool bTransposed) {
  int64_t pm = l.pieceM, pn = l.pieceN;
  auto pieceType = VectorType::get({pm, pn}, b.getF32Type());
  Value zero = arith::ConstantOp::create(
      b, DenseElementsAttr::get(pieceType, b.getF32FloatAttr(0)));
  SmallVector<Value> cols, init;
  for (int64_t n = 0; n < pieces; ++n) {
    cols.push_back(add(col0, idx(n * pn)));
    init.push_back(accumulates ? readPiece(c, row0, cols.back(), pm, pn)
                               : zero);
  }
  SmallVector<Value> acc =
      productPieces(a, bMatrix, row0, cols, k, init, bTransposed);
  for (int64_t n = 0; n < pieces; ++n)
    writePiece(acc[n], c, row0, cols[n]);
}

SmallVector<Value> AttentionEmitter::productPieces(Value a, Value bMatrix,
                                                   Value row0,
                                                   ArrayRef<Value> cols,
                                                   int64_t k, ValueRange init,
                                                   bool bTransposed) {
  int64_t pm = l.pieceM, pn = l.pieceN, pk = l.pieceK;
  int64_t pieces = init.size();
  // The pk-deep steps, rolled for the CPU path (tessel-lower-mma unrolls
  // them): A once per step, each piece of B and C in turn.
  return accumulate(k / pk, init, [&](Value step, ValueRange acc) {
    Value kk = mul(step, idx(pk));
    Value aPiece = readPiece(a, row0, kk, pm, pk);
    SmallVector<Value> next(acc);
    for (int64_t n = 0; n < pieces; ++n) {
      Value bPiece = bTransposed
                         ? readMmaPieceTransposed(b, b.getLoc(), bMatrix,
                                                  cols[n], kk, pk, pn)
                         : readPiece(bMatrix, kk, cols[n], pk, pn);
      next[n] = mmaPiece(b, b.getLoc(), aPiece, bPiece, next[n]);
    }
    return next;
  });
}

AttentionEmitter::MicroTile
AttentionEmitter::microProduct(Value tile, int64_t r, int64_t c,
                               int64_t colGroups, int64_t k,
                               function_ref<Value(Value, Value)> lhs,
                               function_ref<Value(Value, Value)> rhs) {
  MicroTile mt;
  Value rg = arith::DivUIOp::create(b, tile, idx(colGroups));
  Value cg = arith::RemUIOp::create(b, tile, idx(colGroups));
  mt.colGroup = cg;
  for (int64_t i = 0; i < r; ++i)
    mt.rows.push_back(add(mul(rg, idx(r)), idx(i)));
  for (int64_t j = 0; j < c; ++j)
    mt.cols.push_back(add(cg, idx(j * colGroups)));
  SmallVector<Value> zeros(r * c, f32(0));
  mt.acc = accumulate(k, zeros, [&](Value kk, ValueRange acc) {
    SmallVector<Value> lv, rv, next;
    for (Value row : mt.rows)
      lv.push_back(lhs(row, kk));
    for (Value col : mt.cols)
      rv.push_back(rhs(col, kk));
    for (int64_t i = 0; i < r; ++i)
      for (int64_t j = 0; j < c; ++j)
        next.push_back(fma(lv[i], rv[j], acc[i * c + j]));
    return next;
  });
  return mt;
}

Value AttentionEmitter::queryOf(Value r) {
  Value row = add(q0, r);
  return group == 1 ? row : arith::DivUIOp::create(b, row, idx(group));
}

Value AttentionEmitter::headOf(Value r) {
  if (group == 1)
    return kvHead;
  return add(mul(kvHead, idx(group)),
             arith::RemUIOp::create(b, add(q0, r), idx(group)));
}

Value AttentionEmitter::isQueryRow(Value r) {
  return lt(add(q0, r), idx(queryRows));
}

void AttentionEmitter::copyQueries(Value t) {
  // Read a valid row always (the last), and keep zero past the queries.
  copyRows(
      t, l.bq, a.d, q,
      [&](Value r) -> SmallVector<Value> {
        Value last =
            minIdx(r, arith::SubIOp::create(b, idx(queryRows - 1), q0));
        return {batch, headOf(last), queryOf(last)};
      },
      [&](Value r) { return isQueryRow(r); }, qs);
}

void AttentionEmitter::prologue() {
  threads([&](Value t) {
    copyQueries(t);
    Value dv = idx(a.dv);
    share(t, l.keySplits() * l.bq * a.dv, [&](Value e) {
      store(
          f32(0), o,
          {arith::DivUIOp::create(b, e, dv), arith::RemUIOp::create(b, e, dv)});
    });
    if (l.overlapped) {
      // Step 0's P V product is of a zero P and the zero tile in V's last
      // slot (a copy of rows past the keys: zeros, laid out as the copies
      // of V lay it out).
      Value bkv = idx(l.bkv);
      share(t, l.bq * l.bkv, [&](Value e) {
        store(fromF32(f32(0)), pending,
              {arith::DivUIOp::create(b, e, bkv),
               arith::RemUIOp::create(b, e, bkv)});
      });
      copyTile(t, v, kvHead, idx(a.skv), l.bkv, a.skv, a.dv,
               stageOf(vs, idx(l.vSlots() - 1)));
    }
    // (The register-resident form's statistics, a fill each: what no
    // later code reads, tessel-hoist-accumulators drops whole.)
    if (l.registers) {
      auto fill = [&](Value buffer, double value) {
        share(t, l.keySplits() * l.bq, [&](Value r) {
          loop(idx(0), idx(l.pieceN), idx(1), [&](Value c) {
            store(f32(value), buffer, {r, c});
          });
        });
      };
      fill(rowMaxima, -INFINITY);
      fill(rowSums, 0);
      return;
    }
    share(t, l.bq, [&](Value r) {
      store(f32(-INFINITY), m, r);
      store(f32(0), sum, r);
      loop(idx(0), idx(l.groups), idx(1), [&](Value g) {
        store(f32(0), ps, {r, g});
      });
    });
  });
}

void AttentionEmitter::stripProducts(Value a, Value bMatrix, Value c, int64_t k,
                                     int64_t columns, int64_t splits,
                                     bool accumulates, bool bTransposed) {
  int64_t pieces = columns / l.pieceN / splits;
  warps(l.strips * splits, [&](Value item) {
    Value strip = arith::DivUIOp::create(b, item, idx(splits));
    Value split = arith::RemUIOp::create(b, item, idx(splits));
    product(a, bMatrix, c, mul(strip, idx(l.pieceM)),
            mul(split, idx(pieces * l.pieceN)), k, pieces, accumulates,
            bTransposed);
  });
}

Value AttentionEmitter::tileStart(Value kt) {
  Value k0 = mul(kt, idx(l.bkv));
  return kStart ? add(kStart, k0) : k0;
}

Value AttentionEmitter::stepStart(Value step) {
  if (!rotation)
    return tileStart(step);
  Value tile = add(step, rotation);
  Value wrapped =
      arith::CmpIOp::create(b, arith::CmpIPredicate::sge, tile, rotatedSteps);
  return tileStart(arith::SelectOp::create(
      b, wrapped, arith::SubIOp::create(b, tile, rotatedSteps), tile));
}

void AttentionEmitter::keyStep(Value kt) {
  if (l.mma)
    mmaStep(kt);
  else
    simtStep(tileStart(kt));
}

void AttentionEmitter::segments(Value t, function_ref<void(Value, Value)> begin,
                                function_ref<void(Value, Value, Value)> key,
                                function_ref<void(Value, Value)> end) {
  share(t, l.bq * l.groups, [&](Value segment) {
    Value r = arith::DivUIOp::create(b, segment, idx(l.groups));
    Value g = arith::RemUIOp::create(b, segment, idx(l.groups));
    begin(r, g);
    for (int64_t j = 0; j < l.sCols; ++j)
      key(r, g, add(g, idx(j * l.groups)));
    end(r, g);
  });
}

void AttentionEmitter::mmaStep(Value kt) {
  Value k0 = tileStart(kt);
  // K (transposed for mma.sync: B of q k^T is [d, keys]) and V; with
  // stages (MFMA: two, tessel-register-staged-copies keeps the next
  // tile's loads in registers across the step) those of the step one
  // ahead into the other slot, while the step reads its own (stepTiles).
  StepTiles tiles = stepTiles(kt, k0);
  threads([&](Value t) {
    copyTile(t, k, kvHead, tiles.copyStart, l.bkv, a.skv, a.d, tiles.kDst,
             l.kTransposed);
    copyTile(t, v, kvHead, tiles.copyStart, l.bkv, a.skv, a.dv, tiles.vDst);
  });
  // S = q k^T: warp w takes strip w / sSplits and its share of the keys.
  stripProducts(qs, tiles.kTile, s, a.d, l.bkv, l.sSplits,
                /*accumulates=*/false, /*bTransposed=*/!l.kTransposed);
  // Scale and mask by segments, each segment's maximum to Pm.
  Value minusInf = f32(-INFINITY);
  threads([&](Value t) {
    Value rowMax;
    segments(
        t, [&](Value, Value) { rowMax = minusInf; },
        [&](Value r, Value, Value c) {
          Value x = maskedScore(fmul(load(s, {r, c}), f32(scaleLog2e)), r,
                                add(k0, c));
          store(x, s, {r, c});
          rowMax = fmax(rowMax, x);
        },
        [&](Value r, Value g) {
          store(rowMax, pm, {r, g});
        });
  });
  rowStatistics();
  // P = exp2(S - m) rounded once to the input type (FlashAttention's P;
  // the reference's bounds count the rounding); each segment's sum, of
  // the f32 values, to Ps; O rescaled.
  threads([&](Value t) {
    Value max, total;
    segments(
        t,
        [&](Value r, Value) {
          max = exponentBase(load(m, r));
          total = f32(0);
        },
        [&](Value r, Value, Value c) {
          Value x = exp2(fsub(load(s, {r, c}), max));
          store(fromF32(x), probs, {r, c});
          total = fadd(total, x);
        },
        [&](Value r, Value g) {
          store(total, ps, {r, g});
        });
    Value dv = idx(a.dv);
    share(t, l.bq * a.dv, [&](Value e) {
      Value r = arith::DivUIOp::create(b, e, dv);
      Value c = arith::RemUIOp::create(b, e, dv);
      store(fmul(load(o, {r, c}), load(alpha, r)), o, {r, c});
    });
  });
  // O += P v: warp w takes strip w / oSplits and its share of the columns.
  stripProducts(probs, tiles.vTile, o, l.bkv, a.dv, l.oSplits,
                /*accumulates=*/true);
}

Value AttentionEmitter::stageOf(Value buffers, Value slot) {
  auto type = cast<MemRefType>(buffers.getType());
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<OpFoldResult> offsets = {slot, b.getIndexAttr(0),
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {
      b.getIndexAttr(1), b.getIndexAttr(shape[1]), b.getIndexAttr(shape[2])};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  MemRefType view = memref::SubViewOp::inferRankReducedResultType(
      {shape[1], shape[2]}, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, view, buffers, offsets, sizes, strides);
}

void AttentionEmitter::pipelinePrologue() {
  SmallVector<std::pair<Value, Value>> slots;
  for (int64_t s = 0; s + 1 < l.stages; ++s)
    slots.push_back({stageOf(ks, idx(s)), stageOf(vs, idx(s))});
  threads([&](Value t) {
    for (auto [s, slot] : llvm::enumerate(slots)) {
      Value k0 = stepStart(idx(s));
      copyTile(t, k, kvHead, k0, l.bkv, a.skv, a.d, slot.first);
      copyTile(t, v, kvHead, k0, l.bkv, a.skv, a.dv, slot.second);
    }
  });
}

AttentionEmitter::StepTiles AttentionEmitter::stepTiles(Value kt, Value k0) {
  // Without stages, the step's own tiles; with them, those of the step
  // stages - 1 ahead into its slot (past the block's last step a harmless
  // copy: rows past the keys are zeros, a slice's next keys are masked,
  // with a window's rotated steps a tile already stepped), while the step
  // reads its own slot.
  Value kTile = ks, vTile = vs, kDst = ks, vDst = vs, copyStart = k0;
  if (l.stages > 1) {
    Value ahead = add(kt, idx(l.stages - 1));
    kDst = stageOf(ks, arith::RemUIOp::create(b, ahead, idx(l.stages)));
    copyStart = stepStart(ahead);
    kTile = stageOf(ks, arith::RemUIOp::create(b, kt, idx(l.stages)));
  }
  // V's slots: tile i in slot i % vSlots. Overlapped, the step reads the
  // previous tile's (slot vSlots - 1 before the first: zeros), and the
  // copy's slot is neither that nor the step's own.
  if (l.vSlots() > 1) {
    int64_t slots = l.vSlots();
    vDst = stageOf(
        vs, arith::RemUIOp::create(b, add(kt, idx(l.stages - 1)), idx(slots)));
    vTile = stageOf(
        vs, arith::RemUIOp::create(
                b, l.overlapped ? add(kt, idx(slots - 1)) : kt, idx(slots)));
  }
  return {kTile, vTile, kDst, vDst, copyStart};
}

void AttentionEmitter::registerStep(Value kt, StepMask mask) {
  Value k0 = stepStart(kt);
  StepTiles tiles = stepTiles(kt, k0);
  Value kTile = tiles.kTile, vTile = tiles.vTile;
  threads([&](Value t) {
    copyTile(t, k, kvHead, tiles.copyStart, l.bkv, a.skv, a.d, tiles.kDst);
    copyTile(t, v, kvHead, tiles.copyStart, l.bkv, a.skv, a.dv, tiles.vDst);
  });
  int64_t strips = l.warpRows / l.pieceM;
  // The warp's rows, strip i at first + 16 i (a constant apart once
  // tessel-lower-mma unrolls the loop, so that the strips' accumulators are
  // provably apart). With the key tile split, warp w takes the rows of
  // warp w % stripWarps and split w / stripWarps of the keys; its O and
  // statistics are rows w * warpRows of theirs either way.
  int64_t stripWarps = l.bq / l.warpRows, splits = l.keySplits();
  warps(stripWarps * splits, [&](Value w) {
    // On wgmma, tessel-lower-mma issues the strip's products as its
    // warpgroup's (the 4 warps' strips are the instructions' 64 rows).
    if (l.compute == ComputeClass::Wgmma)
      w.getParentBlock()->getParentOp()->setAttr(
          TesselDialect::kWarpgroupMmaAttrName, b.getUnitAttr());
    Value acc0 = mul(w, idx(l.warpRows)), first = acc0, keys = idx(0);
    if (splits > 1) {
      first =
          mul(arith::RemUIOp::create(b, w, idx(stripWarps)), idx(l.warpRows));
      keys = mul(arith::DivUIOp::create(b, w, idx(stripWarps)),
                 idx(l.keysPerWarp()));
    }
    if (strips == 1) {
      registerStrip(first, acc0, keys, k0, kTile, vTile, mask);
      return;
    }
    loop(idx(0), idx(strips), idx(1), [&](Value i) {
      Value offset = mul(i, idx(l.pieceM));
      registerStrip(add(first, offset), add(acc0, offset), keys, k0, kTile,
                    vTile, mask);
    });
  });
}

void AttentionEmitter::registerStrip(Value row0, Value acc0, Value keys,
                                     Value k0, Value kTile, Value vTile,
                                     StepMask mask) {
  int64_t pm = l.pieceM, pn = l.pieceN;
  Type f32Type = b.getF32Type(), indexType = b.getIndexType();
  auto pieceType = VectorType::get({pm, pn}, f32Type);
  auto rowType = VectorType::get({pm}, f32Type);
  auto rowIndices = VectorType::get({pm}, indexType);
  auto colIndices = VectorType::get({pn}, indexType);
  auto pieceIndices = VectorType::get({pm, pn}, indexType);
  auto splat = [&](VectorType type, Value scalar) -> Value {
    return vector::BroadcastOp::create(b, type, scalar);
  };
  auto constant = [&](VectorType type, double x) -> Value {
    return arith::ConstantOp::create(
        b, DenseElementsAttr::get(type, b.getF32FloatAttr(float(x))));
  };
  // A row vector's value across each row of a piece.
  auto acrossRow = [&](Value row) -> Value {
    Type element = cast<VectorType>(row.getType()).getElementType();
    Value column =
        vector::ShapeCastOp::create(b, VectorType::get({pm, 1}, element), row);
    return vector::BroadcastOp::create(b, VectorType::get({pm, pn}, element),
                                       column);
  };
  auto rowReduce = [&](vector::CombiningKind kind, Value piece, double init) {
    return vector::MultiDimReductionOp::create(
               b, piece, constant(rowType, init), ArrayRef<bool>{false, true},
               kind)
        .getResult();
  };

  // S = q k^T, a piece per 8 of the warp's keys (B read transposed from
  // the [bkv, d] K tile).
  int64_t sPieces = l.keysPerWarp() / pn;
  SmallVector<Value> zeros(sPieces, constant(pieceType, 0));
  SmallVector<Value> keyColumns;
  for (int64_t j = 0; j < sPieces; ++j)
    keyColumns.push_back(add(keys, idx(j * pn)));
  SmallVector<Value> scores = productPieces(qs, kTile, row0, keyColumns, a.d,
                                            zeros, /*bTransposed=*/true);
  // Overlapped, the previous step's P V product is issued next, its wait
  // (tessel-lower-mma: where O's rescale first uses it) after the
  // softmax below.
  int64_t oPieces = a.dv / pn;
  SmallVector<Value> acc;
  auto readO = [&] {
    for (int64_t n = 0; n < oPieces; ++n)
      acc.push_back(readPiece(o, acc0, idx(n * pn), pm, pn));
  };
  if (l.overlapped) {
    readO();
    SmallVector<Value> previous;
    for (int64_t j = 0; j < sPieces; ++j)
      previous.push_back(readPiece(pending, acc0, idx(j * pn), pm, pn));
    acc = addProduct(acc, previous, vTile, keys);
  }

  // Scaled and, as `mask` says, -inf past the block's keys, after each
  // row's query's last key (rows interleave the group's heads), and at or
  // before that key minus the window.
  // With a positive scale (log2(e) folded in), the scores stay raw: the
  // rows' maxima are of them, scaled once a row, and each key's scale goes
  // into exp2's argument, s c - m, one FMA (FlashAttention's softmax).
  bool folded = scaleLog2e > 0;
  Value scale = constant(pieceType, scaleLog2e);
  Value minusInf = constant(pieceType, -INFINITY);
  SmallVector<Value> x;
  for (Value score : scores)
    x.push_back(folded ? score : fmul(score, scale));
  if (mask.any) {
    Value limit;
    if (mask.causal) {
      Value rows = add(splat(rowIndices, add(q0, row0)),
                       vector::StepOp::create(b, rowIndices));
      Value queries = group == 1 ? rows
                                 : Value(arith::DivUIOp::create(
                                       b, rows, splat(rowIndices, idx(group))));
      limit = acrossRow(add(queries, splat(rowIndices, idx(a.skv - a.sq))));
    }
    Value end = splat(pieceIndices, kEnd);
    for (int64_t j = 0; j < sPieces; ++j) {
      Value pieceKeys = vector::BroadcastOp::create(
          b, pieceIndices,
          add(splat(colIndices, add(k0, keyColumns[j])),
              vector::StepOp::create(b, colIndices)));
      Value hidden =
          arith::CmpIOp::create(b, arith::CmpIPredicate::sge, pieceKeys, end);
      // With a window, one compare for both sides: limit - key, unsigned,
      // is at least the window after the row's last key (negative) and
      // before its window.
      if (limit && mask.window)
        hidden = arith::OrIOp::create(
            b, hidden,
            arith::CmpIOp::create(b, arith::CmpIPredicate::uge,
                                  arith::SubIOp::create(b, limit, pieceKeys),
                                  splat(pieceIndices, idx(a.window))));
      else if (limit)
        hidden = arith::OrIOp::create(
            b, hidden,
            arith::CmpIOp::create(b, arith::CmpIPredicate::sgt, pieceKeys,
                                  limit));
      x[j] = arith::SelectOp::create(b, hidden, minusInf, x[j]);
    }
  }
  Value maxima;
  for (Value xj : x)
    maxima = maxima ? fmax(maxima, xj) : xj;

  // The rows' statistics (as pieces: a row's value in each of its columns).
  Value oldMax = readPiece(rowMaxima, acc0, idx(0), pm, pn);
  Value oldSum = readPiece(rowSums, acc0, idx(0), pm, pn);
  Value rowMax = rowReduce(vector::CombiningKind::MAXIMUMF, maxima, -INFINITY);
  if (folded)
    rowMax = fmul(rowMax, constant(rowType, scaleLog2e));
  Value max = fmax(oldMax, acrossRow(rowMax));
  Value base = max;
  if (guardEmptyRows)
    base = arith::SelectOp::create(
        b, arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, max, minusInf),
        constant(pieceType, 0), max);
  Value factor = exp2(fsub(oldMax, base));
  SmallVector<Value> probs;
  Value total;
  Value negBase = folded ? Value(arith::NegFOp::create(b, base)) : Value();
  for (Value xj : x) {
    probs.push_back(exp2(folded
                             ? Value(math::FmaOp::create(b, xj, scale, negBase))
                             : fsub(xj, base)));
    total = total ? fadd(total, probs.back()) : probs.back();
  }
  Value sumNow =
      fadd(fmul(oldSum, factor),
           acrossRow(rowReduce(vector::CombiningKind::ADD, total, 0)));
  writePiece(max, rowMaxima, acc0, idx(0));
  writePiece(sumNow, rowSums, acc0, idx(0));

  // O = O * factor + P v; overlapped, O = (O + P' v') * factor with the
  // previous step's P' and v' (O is already at the previous maximum's
  // scale), and P waits for the next step.
  if (!l.overlapped)
    readO();
  for (Value &x : acc)
    x = fmul(x, factor);
  if (l.overlapped) {
    auto halfType = VectorType::get({pm, pn}, elem);
    for (int64_t j = 0; j < sPieces; ++j)
      writePiece(arith::TruncFOp::create(b, halfType, probs[j]), pending, acc0,
                 idx(j * pn));
  } else {
    acc = addProduct(acc, probs, vTile, keys);
  }
  for (int64_t n = 0; n < oPieces; ++n)
    writePiece(acc[n], o, acc0, idx(n * pn));
}

SmallVector<Value> AttentionEmitter::addProduct(ArrayRef<Value> acc,
                                                ArrayRef<Value> probs,
                                                Value vTile, Value keys) {
  // P rounded once to the input type as FlashAttention rounds it (the
  // reference's bounds count that rounding), each 16 x 16 A piece two of
  // P's pieces side by side.
  int64_t pm = l.pieceM, pn = l.pieceN, pk = l.pieceK;
  SmallVector<Value> result(acc);
  auto halfType = VectorType::get({pm, pn}, elem);
  auto aType = VectorType::get({pm, pk}, elem);
  // On MFMA a piece is as wide as A is deep: P's piece is A (no zeros to
  // insert it into).
  Value zeroA;
  if (pk != pn)
    zeroA = arith::ConstantOp::create(
        b, DenseElementsAttr::get(aType, b.getZeroAttr(elem)));
  for (int64_t step = 0; step < l.keysPerWarp() / pk; ++step) {
    Value pA = zeroA;
    for (int64_t h = 0; h < pk / pn; ++h) {
      Value p = probs[step * (pk / pn) + h];
      if (p.getType() != halfType)
        p = arith::TruncFOp::create(b, halfType, p);
      if (!pA) {
        pA = p;
        continue;
      }
      SmallVector<int64_t> at = {0, h * pn}, strides = {1, 1};
      pA = vector::InsertStridedSliceOp::create(b, p, pA, at, strides);
    }
    for (int64_t n = 0; n < int64_t(result.size()); ++n) {
      Value vPiece =
          readPiece(vTile, add(keys, idx(step * pk)), idx(n * pn), pk, pn);
      result[n] = mmaPiece(b, b.getLoc(), pA, vPiece, result[n]);
    }
  }
  return result;
}

void AttentionEmitter::lastProduct(Value count) {
  // The last tile's P v: its V in slot (count - 1) % vSlots (with no
  // tile, the zeros in the last slot: P is zero too).
  int64_t slots = l.vSlots();
  Value vTile = stageOf(
      vs, arith::RemUIOp::create(b, add(count, idx(slots - 1)), idx(slots)));
  int64_t pm = l.pieceM, pn = l.pieceN;
  int64_t strips = l.warpRows / pm;
  warps(l.bq / l.warpRows, [&](Value w) {
    w.getParentBlock()->getParentOp()->setAttr(
        TesselDialect::kWarpgroupMmaAttrName, b.getUnitAttr());
    Value first = mul(w, idx(l.warpRows));
    auto strip = [&](Value row0) {
      SmallVector<Value> acc, probs;
      for (int64_t n = 0; n < a.dv / pn; ++n)
        acc.push_back(readPiece(o, row0, idx(n * pn), pm, pn));
      for (int64_t j = 0; j < l.bkv / pn; ++j)
        probs.push_back(readPiece(pending, row0, idx(j * pn), pm, pn));
      acc = addProduct(acc, probs, vTile, idx(0));
      for (int64_t n = 0; n < a.dv / pn; ++n)
        writePiece(acc[n], o, row0, idx(n * pn));
    };
    if (strips == 1) {
      strip(first);
      return;
    }
    loop(idx(0), idx(strips), idx(1),
         [&](Value i) { strip(add(first, mul(i, idx(pm)))); });
  });
}

void AttentionEmitter::mergeKeySplits() {
  int64_t splits = l.keySplits();
  if (splits == 1)
    return;
  // As the slices of a split-KV attention are combined (SliceCombiner): a
  // thread per row weighs its splits, 2^(m_p - m) with m the largest of
  // their maxima m_p (log2 units; a split that saw no key of the row, m_p
  // = -inf, its O and sum 0, weighs 0; a row no split saw, m = -inf, keeps
  // its zeros), and leaves the row's merged sum and maximum in the first
  // split's rows (what the epilogues read); then a thread per value of O
  // sums the splits' weighted values into the first split's row.
  Value weights = shared({splits, l.bq}, b.getF32Type());
  threads([&](Value t) {
    share(t, l.bq, [&](Value r) {
      SmallVector<Value> maxima;
      Value max = f32(-INFINITY);
      for (int64_t p = 0; p < splits; ++p) {
        maxima.push_back(load(rowMaxima, {add(idx(p * l.bq), r), idx(0)}));
        max = fmax(max, maxima.back());
      }
      // (guardEmptyRows holds wherever the warps split the key tile.)
      Value base = exponentBase(max);
      Value total = f32(0);
      for (int64_t p = 0; p < splits; ++p) {
        Value weight = exp2(fsub(maxima[p], base));
        store(weight, weights, {idx(p), r});
        total =
            fadd(total,
                 fmul(weight, load(rowSums, {add(idx(p * l.bq), r), idx(0)})));
      }
      store(total, rowSums, {r, idx(0)});
      store(max, rowMaxima, {r, idx(0)});
    });
  });
  threads([&](Value t) {
    Value dv = idx(a.dv);
    share(t, l.bq * a.dv, [&](Value e) {
      Value r = arith::DivUIOp::create(b, e, dv);
      Value c = arith::RemUIOp::create(b, e, dv);
      Value merged = f32(0);
      for (int64_t p = 0; p < splits; ++p)
        merged = fadd(merged, fmul(load(weights, {idx(p), r}),
                                   load(o, {add(idx(p * l.bq), r), c})));
      store(merged, o, {r, c});
    });
  });
}

Value AttentionEmitter::rowMaxOf(Value r) {
  return l.registers ? load(rowMaxima, {r, idx(0)}) : load(m, r);
}

Value AttentionEmitter::rowSumOf(Value r) {
  return l.registers ? load(rowSums, {r, idx(0)}) : load(sum, r);
}

void AttentionEmitter::simtStep(Value k0) {
  threads([&](Value t) {
    copyTile(t, k, kvHead, k0, l.bkv, a.skv, a.d, ks);
    copyTile(t, v, kvHead, k0, l.bkv, a.skv, a.dv, vs);
  });

  // S in micro-tiles: rows rg * sRows + i, keys g + j * groups.
  int64_t sr = l.sRows, sc = l.sCols, groups = l.groups;
  threads([&](Value t) {
    share(t, l.sTiles(), [&](Value tile) {
      MicroTile mt = microProduct(
          tile, sr, sc, groups, a.d,
          [&](Value r, Value d) {
            return toF32(load(qs, {r, d}));
          },
          [&](Value c, Value d) {
            return toF32(load(ks, {c, d}));
          });
      SmallVector<Value> &rows = mt.rows, &cols = mt.cols, &acc = mt.acc;
      Value minusInf = f32(-INFINITY);
      for (int64_t i = 0; i < sr; ++i) {
        Value rowMax = minusInf;
        for (int64_t j = 0; j < sc; ++j) {
          Value x = maskedScore(fmul(acc[i * sc + j], f32(scaleLog2e)), rows[i],
                                add(k0, cols[j]));
          store(x, s, {rows[i], cols[j]});
          rowMax = fmax(rowMax, x);
        }
        store(rowMax, pm, {rows[i], mt.colGroup});
      }
    });
  });

  rowStatistics();

  // P = exp2(S - m), a segment (a micro-tile's keys in one row) each.
  threads([&](Value t) {
    share(t, l.bq * groups, [&](Value segment) {
      Value r = arith::DivUIOp::create(b, segment, idx(groups));
      Value g = arith::RemUIOp::create(b, segment, idx(groups));
      Value max = exponentBase(load(m, r));
      Value total = f32(0);
      for (int64_t j = 0; j < sc; ++j) {
        Value c = add(g, idx(j * groups));
        Value p = exp2(fsub(load(s, {r, c}), max));
        store(p, s, {r, c});
        total = fadd(total, p);
      }
      store(total, ps, {r, g});
    });
  });

  // O = O * alpha + P v in micro-tiles: rows rg * oRows + i, value
  // columns cg + j * (dv / oCols).
  int64_t orr = l.oRows, oc = l.oCols, colGroups = a.dv / l.oCols;
  threads([&](Value t) {
    share(t, l.oTiles(a.dv), [&](Value tile) {
      MicroTile mt = microProduct(
          tile, orr, oc, colGroups, l.bkv,
          [&](Value r, Value key) {
            return load(s, {r, key});
          },
          [&](Value c, Value key) {
            return toF32(load(vs, {key, c}));
          });
      SmallVector<Value> &rows = mt.rows, &cols = mt.cols, &acc = mt.acc;
      for (int64_t i = 0; i < orr; ++i) {
        Value factor = load(alpha, rows[i]);
        for (int64_t j = 0; j < oc; ++j)
          store(fma(load(o, {rows[i], cols[j]}), factor, acc[i * oc + j]), o,
                {rows[i], cols[j]});
      }
    });
  });
}

/// Each row's statistics: the new maximum, the rescale factor, and the sum
/// so far (with the previous tile's segment sums).
void AttentionEmitter::rowStatistics() {
  threads([&](Value t) {
    share(t, l.bq, [&](Value r) {
      Value old = load(m, r);
      SmallVector<Value> folded = accumulate(
          l.groups, {old, load(sum, r)}, [&](Value g, ValueRange acc) {
            return SmallVector<Value>{fmax(acc[0], load(pm, {r, g})),
                                      fadd(acc[1], load(ps, {r, g}))};
          });
      Value factor = exp2(fsub(old, exponentBase(folded[0])));
      store(folded[0], m, r);
      store(fmul(folded[1], factor), sum, r);
      store(factor, alpha, r);
    });
  });
}

Value AttentionEmitter::exponentBase(Value max) {
  if (!guardEmptyRows)
    return max;
  Value none =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, max, f32(-INFINITY));
  return arith::SelectOp::create(b, none, f32(0), max);
}

Value AttentionEmitter::maskedScore(Value x, Value r, Value key) {
  Value masked = arith::CmpIOp::create(b, arith::CmpIPredicate::sge, key, kEnd);
  if (a.causal) {
    Value limit = add(queryOf(r), idx(a.skv - a.sq));
    masked = arith::OrIOp::create(
        b, masked,
        arith::CmpIOp::create(b, arith::CmpIPredicate::sgt, key, limit));
    if (a.window > 0)
      masked = arith::OrIOp::create(
          b, masked,
          arith::CmpIOp::create(b, arith::CmpIPredicate::sle,
                                add(key, idx(a.window)), limit));
  }
  return arith::SelectOp::create(b, masked, f32(-INFINITY), x);
}

void AttentionEmitter::finalSums() {
  if (l.registers)
    return;
  threads([&](Value t) {
    share(t, l.bq, [&](Value r) {
      SmallVector<Value> total =
          accumulate(l.groups, {load(sum, r)}, [&](Value g, ValueRange acc) {
            return SmallVector<Value>{fadd(acc[0], load(ps, {r, g}))};
          });
      store(total[0], sum, r);
    });
  });
}

void AttentionEmitter::epilogue() {
  finalSums();
  int64_t width = copyVectorWidth(a.dv, a.dv, elem.getIntOrFloatBitWidth() / 8);
  int64_t runs = a.dv / width;
  auto vectorOf = [&](Type type) -> Type {
    return width == 1 ? type : VectorType::get({width}, type);
  };
  auto loadRun = [&](Value from, Type type, Value r, Value c) -> Value {
    if (width == 1)
      return load(from, {r, c});
    return vector::LoadOp::create(b, cast<VectorType>(vectorOf(type)), from,
                                  ValueRange{r, c});
  };
  // A thread per run of `width` values of a query row (up to 16 bytes of
  // the output, where dv allows), one vector store: `runOf(r, c)` gives
  // row r's values c .. c + width - 1 in the input type.
  auto copyOut = [&](function_ref<Value(Value, Value)> runOf) {
    threads([&](Value t) {
      share(t, l.bq * runs, [&](Value e) {
        Value r = arith::DivUIOp::create(b, e, idx(runs));
        Value c = mul(arith::RemUIOp::create(b, e, idx(runs)), idx(width));
        when(isQueryRow(r), [&] {
          SmallVector<Value> at = {batch, headOf(r), queryOf(r), c};
          Value x = runOf(r, c);
          if (width == 1)
            store(x, out, at);
          else
            vector::StoreOp::create(b, x, out, at);
        });
      });
    });
  };
  if (!l.roundedRow) {
    // One reciprocal of the row's sum, then a product per value.
    copyOut([&](Value r, Value c) {
      Value inverse = arith::DivFOp::create(b, f32(1), rowSumOf(r));
      Value x = loadRun(o, b.getF32Type(), r, c);
      if (width > 1)
        inverse = vector::BroadcastOp::create(b, x.getType(), inverse);
      x = fmul(x, inverse);
      if (elem.isF32())
        return x;
      return arith::TruncFOp::create(b, vectorOf(elem), x).getResult();
    });
    return;
  }
  // Each warp's strips where the key loops left them, in its lanes
  // (tessel-lower-mma spreads this phase as it spread the steps, and
  // tessel-hoist-accumulators finds O and the sums in registers): O times
  // the reciprocal of each row's sum, rounded to the input type, into
  // `rounded`; then the threads copy it out.
  Value rounded = shared({l.bq, l.roundedRow}, elem);
  int64_t pm = l.pieceM, pn = l.pieceN;
  auto pieceType = VectorType::get({pm, pn}, b.getF32Type());
  auto roundedType = VectorType::get({pm, pn}, elem);
  warps(l.bq / l.warpRows, [&](Value w) {
    Value first = mul(w, idx(l.warpRows));
    Value one = arith::ConstantOp::create(
        b, DenseElementsAttr::get(pieceType, b.getF32FloatAttr(1)));
    for (int64_t strip = 0; strip < l.warpRows / pm; ++strip) {
      Value row0 = strip ? add(first, idx(strip * pm)) : first;
      Value inverse = arith::DivFOp::create(
          b, one, readPiece(rowSums, row0, idx(0), pm, pn));
      for (int64_t n = 0; n < a.dv / pn; ++n) {
        Value x = fmul(readPiece(o, row0, idx(n * pn), pm, pn), inverse);
        writePiece(arith::TruncFOp::create(b, roundedType, x), rounded, row0,
                   idx(n * pn));
      }
    }
  });
  copyOut([&](Value r, Value c) { return loadRun(rounded, elem, r, c); });
}

void AttentionEmitter::partialEpilogue() {
  finalSums();
  // Over the slice: O / l and ln(sum of exp) = (m + log2 l) ln 2 (m is in
  // log2 units); a row that saw none of the slice's keys (l = 0) gets 0
  // and -inf.
  threads([&](Value t) {
    Value dv = idx(a.dv);
    auto inside = [&](Value r) {
      auto ifOp = scf::IfOp::create(b, isQueryRow(r));
      b.setInsertionPointToStart(ifOp.thenBlock());
    };
    share(t, l.bq * a.dv, [&](Value e) {
      Value r = arith::DivUIOp::create(b, e, dv);
      Value c = arith::RemUIOp::create(b, e, dv);
      OpBuilder::InsertionGuard guard(b);
      inside(r);
      Value total = rowSumOf(r);
      Value seen =
          arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, total, f32(0));
      Value x = arith::DivFOp::create(b, load(o, {r, c}), total);
      store(arith::SelectOp::create(b, seen, x, f32(0)), out,
            {split, batch, headOf(r), queryOf(r), c});
    });
    share(t, l.bq, [&](Value r) {
      OpBuilder::InsertionGuard guard(b);
      inside(r);
      Value total = rowSumOf(r);
      Value seen =
          arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, total, f32(0));
      Value log2Sum = fadd(rowMaxOf(r), math::Log2Op::create(b, total));
      store(arith::SelectOp::create(b, seen, fmul(log2Sum, f32(M_LN2)),
                                    f32(-INFINITY)),
            lse, {split, batch, headOf(r), queryOf(r)});
    });
  });
}

void AttentionEmitter::emit() {
  // An operand read through a view that swaps heads and tokens is its
  // input's buffer [B, S, H, D], seen as [B, H, S, D] inside the blocks (a
  // strided view: each row of D elements stays contiguous); a result
  // written through one likewise.
  AttentionViews views = attentionViews(op);
  SmallVector<Value> buffers;
  for (auto [i, view] : llvm::enumerate(views.operands))
    buffers.push_back(bufferOf(view ? view.getInput() : op->getOperand(i)));
  Value written = bufferFor(views.result ? Value(views.result.getResult())
                                         : op->getResult(0));
  if (combined) {
    attention = written;
    out = bufferFor(op->getResult(1));
    lse = bufferFor(op->getResult(2));
    arrivals = bufferFor(op->getResult(3));
    if (onHost)
      linalg::FillOp::create(b, ValueRange{f32(0)}, ValueRange{arrivals});
  } else {
    out = written;
    if (partial)
      lse = bufferFor(op->getResult(1));
  }
  auto seen = [&](Value buffer, bool swapped) -> Value {
    if (!swapped)
      return buffer;
    return memref::TransposeOp::create(
        b, buffer,
        AffineMapAttr::get(AffineMap::getPermutationMap(
            ArrayRef<unsigned>{0, 2, 1, 3}, b.getContext())));
  };

  int64_t qTiles = (queryRows + l.bq - 1) / l.bq;
  // Blocks over (batch, KV head, query tile[, slice]), the last varying
  // fastest: the tiles of one KV head, which read the same keys, run
  // together. A tile holds the query rows of all the heads that share the
  // KV head (grouped-query attention): a decode step's heads share one
  // tile and read each K and V tile once.
  //
  // Causal, a tile's work grows with its index (its rows attend to the
  // keys up to their own): the blocks go longest first, the query tile
  // varying slowest and counted down, so that the last blocks the GPU
  // starts are the shortest and the SMs finish together (FlashAttention-3's
  // scheduler does the same). The heads' K and V are then read side by
  // side rather than one head at a time.
  bool longestFirst = a.causal && !partial && qTiles > 1;
  SmallVector<int64_t> grid = {a.batch, a.kvHeads, qTiles};
  if (longestFirst)
    grid = {qTiles, a.batch, a.kvHeads};
  if (partial)
    grid.push_back(a.splits);
  blockLoop(grid, [&](ValueRange ids) {
    q = seen(buffers[0], bool(views.operands[0]));
    k = seen(buffers[1], bool(views.operands[1]));
    v = seen(buffers[2], bool(views.operands[2]));
    (combined ? attention : out) = seen(written, bool(views.result));
    Value tile = ids[2];
    batch = ids[0];
    kvHead = ids[1];
    if (longestFirst) {
      tile = arith::SubIOp::create(b, idx(qTiles - 1), ids[0]);
      batch = ids[1];
      kvHead = ids[2];
    }
    q0 = mul(tile, idx(l.bq));
    if (partial) {
      split = ids[3];
      // The slices cut the keys some query attends to (with a window, those
      // from slicedFrom()).
      kBegin = mul(split, idx(a.sliceLength()));
      if (a.slicedFrom() > 0)
        kBegin = add(idx(a.slicedFrom()), kBegin);
      kEnd = minIdx(add(kBegin, idx(a.sliceLength())), idx(a.skv));
      kStart = kBegin;
    } else {
      kEnd = idx(a.skv);
      kStart = Value();
    }
    if (a.window > 0)
      kStart = windowStart();

    Type f32Type = b.getF32Type();
    qs = shared({l.bq, l.qRow}, elem);
    if (l.stages > 1)
      ks = shared({l.stages, l.bkv, l.kRow}, elem);
    else
      ks = shared({l.kTransposed ? a.d : l.bkv, l.kRow}, elem);
    if (l.vSlots() > 1)
      vs = shared({l.vSlots(), l.bkv, l.vRow}, elem);
    else
      vs = shared({l.bkv, l.vRow}, elem);
    // (The register-resident form's O and statistics: a query tile's rows
    // for each split of the key tile among the warps.)
    int64_t accRows = l.keySplits() * l.bq;
    o = shared({accRows, l.oRow}, f32Type);
    if (l.registers) {
      rowMaxima = shared({accRows, l.pieceN}, f32Type);
      rowSums = shared({accRows, l.pieceN}, f32Type);
      // P as the product takes it: rounded to the input type once, half
      // the registers of f32 while it waits a step.
      if (l.overlapped)
        pending = shared({l.bq, l.bkv}, elem);
    } else {
      s = shared({l.bq, l.sRow}, f32Type);
      if (l.mma) {
        probs = shared({l.bq, l.pRow}, elem);
      }
      pm = shared({l.bq, l.groups + 1}, f32Type);
      ps = shared({l.bq, l.groups + 1}, f32Type);
      m = shared({l.bq}, f32Type);
      sum = shared({l.bq}, f32Type);
      alpha = shared({l.bq}, f32Type);
    }

    prologue();
    // With a window, the register-resident form steps the tiles no row
    // masks a key of first, then those the end masks and last those the
    // window's start does (any order gives the same online softmax): one
    // unmasked loop and one masked, as causal alone, rather than three,
    // whose bounds and limits take registers the widest tiles lack.
    Value lead, full;
    if (l.registers && a.window > 0) {
      rotatedSteps = keyTileCount();
      lead = minIdx(leadingMaskedTileCount(), rotatedSteps);
      full = arith::MaxSIOp::create(b, lead,
                                    minIdx(unmaskedTileCount(), rotatedSteps));
      rotation = lead;
    }
    if (l.stages > 1)
      pipelinePrologue();
    if (l.registers) {
      // The register-resident form's O and statistics stay in registers
      // across the steps (tessel-hoist-accumulators). The leading tiles no
      // key of which is masked step without the mask: two loops. Without
      // a causal mask or slices their counts are known here: one loop,
      // masked unless the tile divides the keys (two loops of constant
      // bounds would fold away where they step once, and with them the
      // pipeline tessel-async-copies builds).
      Value count = rotatedSteps ? rotatedSteps : keyTileCount();
      SmallVector<std::tuple<Value, Value, StepMask>> loops;
      StepMask none, end{true, a.causal, false};
      if (!a.causal && !partial) {
        loops.push_back({idx(0), count, a.skv % l.bkv != 0 ? end : none});
      } else if (a.window > 0) {
        // Steps 0 .. full - lead - 1 take tiles lead .. full - 1, the rest
        // tiles full .. count - 1 and 0 .. lead - 1 (stepStart).
        Value unmasked = arith::SubIOp::create(b, full, lead);
        loops.push_back({idx(0), unmasked, none});
        loops.push_back({unmasked, count, StepMask{true, true, true}});
      } else {
        Value full = minIdx(unmaskedTileCount(), count);
        loops.push_back({idx(0), full, none});
        loops.push_back({full, count, end});
      }
      for (auto [from, to, mask] : loops) {
        auto steps = scf::ForOp::create(b, from, to, idx(1));
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(steps.getBody());
        registerStep(steps.getInductionVar(), mask);
      }
      if (l.overlapped)
        lastProduct(count);
      mergeKeySplits();
    } else {
      // The other forms' O is read by every thread between steps.
      auto steps = scf::ForOp::create(b, idx(0), keyTileCount(), idx(1));
      if (l.mma)
        steps->setAttr(TesselDialect::kSharedAccumulatorsAttrName,
                       b.getUnitAttr());
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(steps.getBody());
      keyStep(steps.getInductionVar());
    }
    if (partial)
      partialEpilogue();
    else
      epilogue();
    if (combined)
      arriveAndCombine();
  });
  // (The result's view first: the attention's result then has no use.)
  if (views.result)
    replaceWithBuffers(views.result, {written});
  if (combined)
    replaceWithBuffers(op, {written, out, lse, arrivals});
  else
    replaceWithBuffers(op,
                       partial ? ValueRange{out, lse} : ValueRange{written});
  for (TransposeOp view : views.operands)
    if (view)
      view->erase();
}

void AttentionEmitter::arriveAndCombine() {
  Type f32Type = b.getF32Type();
  int64_t splits = a.splits;
  Value arrived = shared({1}, f32Type);
  // The tile counts at its first row's query. Every thread's partials and
  // log-sum-exps are stored before the barrier that ends the epilogue;
  // thread 0's device-scope fences around the count's atomic add publish
  // them (a fence is cumulative over what the barrier ordered before it)
  // and, in the last block, order the other slices' after it, which the
  // block's threads read after the barrier that ends this phase (the
  // pattern of CUDA's threadfence reduction; NVPTX emits the atomic itself
  // without ordering).
  threads([&](Value t) {
    when(arith::CmpIOp::create(b, arith::CmpIPredicate::eq, t, idx(0)), [&] {
      SmallVector<Value> at = {batch, headOf(idx(0)), queryOf(idx(0))};
      auto fence = [&] {
        if (!onHost)
          LLVM::FenceOp::create(b, LLVM::AtomicOrdering::acq_rel, fenceScope);
      };
      fence();
      Value before = memref::AtomicRMWOp::create(b, arith::AtomicRMWKind::addf,
                                                 f32(1), arrivals, at);
      fence();
      Value last = arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, before,
                                         f32(double(splits - 1)));
      // The last arrival resets the count for the next launch.
      when(last, [&] { store(f32(0), arrivals, at); });
      store(before, arrived, idx(0));
    });
  });
  // The last block weighs the tile's query rows.
  combineSlices(
      l.bq, splits, a.dv, out, lse, attention,
      [&](Value r, RowBody body) {
        when(isQueryRow(r), [&] { body({batch, headOf(r), queryOf(r)}); });
      },
      [&]() -> Value {
        return arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ,
                                     load(arrived, idx(0)),
                                     f32(double(splits - 1)));
      });
}

Value AttentionEmitter::unmaskedTileCount() {
  // AttentionShape::unmaskedKeyTiles: the tiles from kStart before the end,
  // and causal, before the first row's query's last key + 1.
  auto fromStart = [&](Value end) -> Value {
    if (!kStart)
      return end;
    return arith::MaxSIOp::create(b, arith::SubIOp::create(b, end, kStart),
                                  idx(0));
  };
  Value keys = idx(a.skv);
  if (a.window > 0)
    keys = fromStart(kEnd);
  else if (partial)
    keys = arith::SubIOp::create(b, kEnd, kStart);
  Value full = arith::DivUIOp::create(b, keys, idx(l.bkv));
  if (!a.causal)
    return full;
  Value firstQuery =
      group == 1 ? q0 : Value(arith::DivUIOp::create(b, q0, idx(group)));
  Value visible = fromStart(add(firstQuery, idx(a.skv - a.sq + 1)));
  return minIdx(full, arith::DivUIOp::create(b, visible, idx(l.bkv)));
}

Value AttentionEmitter::leadingMaskedTileCount() {
  // AttentionShape::leadingMaskedKeyTiles: the keys from kStart before the
  // last row's query's window starts, in tiles.
  Value lastRow = minIdx(add(q0, idx(l.bq - 1)), idx(queryRows - 1));
  Value lastQuery = group == 1
                        ? lastRow
                        : Value(arith::DivUIOp::create(b, lastRow, idx(group)));
  Value before = arith::MaxSIOp::create(
      b,
      arith::SubIOp::create(b, add(lastQuery, idx(a.skv - a.sq + 1 - a.window)),
                            kStart),
      idx(0));
  return arith::DivUIOp::create(b, add(before, idx(l.bkv - 1)), idx(l.bkv));
}

Value AttentionEmitter::windowStart() {
  // The first row's query's window starts at that query + skv - sq + 1 -
  // window (before key 0 when negative); the block starts at its tile's
  // first key, or at the slice's if later.
  Value firstQuery =
      group == 1 ? q0 : Value(arith::DivUIOp::create(b, q0, idx(group)));
  Value start = arith::MaxSIOp::create(
      b, add(firstQuery, idx(a.skv - a.sq + 1 - a.window)), idx(0));
  Value tileFirst =
      mul(arith::DivUIOp::create(b, start, idx(l.bkv)), idx(l.bkv));
  return partial ? Value(arith::MaxSIOp::create(b, tileFirst, kBegin))
                 : tileFirst;
}

Value AttentionEmitter::keyTileCount() {
  // AttentionShape::keyTiles. The tile's last query: that of its last row.
  auto lastQuery = [&] {
    Value lastRow = minIdx(add(q0, idx(l.bq - 1)), idx(queryRows - 1));
    return group == 1 ? lastRow
                      : arith::DivUIOp::create(b, lastRow, idx(group));
  };
  if (kStart) {
    // The slice's keys from kStart up to the tile's last query's last (none
    // when that is before them).
    Value end = kEnd;
    if (a.causal)
      end = minIdx(end, add(lastQuery(), idx(a.skv - a.sq + 1)));
    Value keys = arith::MaxSIOp::create(
        b, arith::SubIOp::create(b, end, kStart), idx(0));
    return arith::DivUIOp::create(b, add(keys, idx(l.bkv - 1)), idx(l.bkv));
  }
  Value tiles = idx((a.skv + l.bkv - 1) / l.bkv);
  if (!a.causal)
    return tiles;
  Value last = add(lastQuery(), idx(a.skv - a.sq));
  return minIdx(tiles,
                add(arith::DivUIOp::create(b, last, idx(l.bkv)), idx(1)));
}

/// The combine of a split-KV attention: a block per `rows` query rows (of
/// batch x heads x sq), the slices weighed as SliceCombiner does.
class CombineEmitter : public SliceCombiner {
public:
  CombineEmitter(AttentionCombineOp op, int64_t rows, int64_t threads)
      : SliceCombiner(op, threads), op(op), rows(rows) {
    elem = op.getType().getElementType();
  }

  void emit() {
    auto partialType = cast<RankedTensorType>(op.getPartial().getType());
    ArrayRef<int64_t> shape = partialType.getShape();
    int64_t splits = shape[0], heads = shape[2], sq = shape[3], dv = shape[4];
    int64_t total = shape[1] * heads * sq;
    Value partials = bufferOf(op.getPartial());
    Value lse = bufferOf(op.getLse());
    Value out = bufferFor(op.getResult());
    blockLoop({(total + rows - 1) / rows}, [&](ValueRange ids) {
      Value r0 = mul(ids[0], idx(rows));
      // Row g of the block's rows as (batch, head, query), when it is one.
      combineSlices(
          rows, splits, dv, partials, lse, out, [&](Value r, RowBody body) {
            Value g = add(r0, r);
            when(lt(g, idx(total)), [&] {
              Value query = arith::RemUIOp::create(b, g, idx(sq));
              Value bh = arith::DivUIOp::create(b, g, idx(sq));
              body({arith::DivUIOp::create(b, bh, idx(heads)),
                    arith::RemUIOp::create(b, bh, idx(heads)), query});
            });
          });
    });
    replaceWithBuffers(op, {out});
  }

private:
  AttentionCombineOp op;
  int64_t rows;
};

} // namespace

static LogicalResult emitCombine(AttentionCombineOp op, ScheduleAttr schedule,
                                 const Target &target) {
  ArrayRef<int64_t> block = schedule.getBlock();
  if (block.size() != 1 || block[0] < 1 ||
      schedule.getMma() != InstructionClass::Simt ||
      schedule.getStages() != 1 || schedule.getSplitK() != 1 ||
      schedule.getVector() != 1 || !schedule.getWarp().empty() ||
      !schedule.getThread().empty())
    return op.emitOpError()
           << "runs as one kernel whose schedule is block = [rows] and "
              "warps on SIMT lanes; got "
           << schedule;
  FailureOr<int64_t> blockSize = blockThreads(op, schedule, target);
  if (failed(blockSize))
    return failure();
  int64_t threads = *blockSize;
  CombineEmitter(op, block[0], threads).emit();
  return success();
}

static LogicalResult emitAttention(Operation *op, const AttentionShape &shape,
                                   std::optional<APFloat> scale,
                                   ScheduleAttr schedule, const Target &target,
                                   bool onHost) {
  ArrayRef<int64_t> block = schedule.getBlock();
  ArrayRef<int64_t> warp = schedule.getWarp();
  bool mmaSync = schedule.getMma() == InstructionClass::MmaSync;
  bool mfma = schedule.getMma() == InstructionClass::Mfma;
  bool wgmma = schedule.getMma() == InstructionClass::Wgmma;
  if (block.size() != 2 || block[0] < 1 || block[1] < 1 ||
      (schedule.getMma() != InstructionClass::Simt && !mmaSync && !mfma &&
       !wgmma) ||
      (schedule.getStages() != 1 && warp.empty() && !mfma) ||
      schedule.getSplitK() != 1 || schedule.getVector() != 1 ||
      !schedule.getThread().empty() ||
      (!warp.empty() &&
       (!(mmaSync || wgmma || mfma) || warp[1] < 1 || block[1] % warp[1])) ||
      (wgmma && warp.empty()))
    return op->emitOpError()
           << "runs as one fused attention kernel, whose schedule is block = "
              "[query tile, key tile] and warps on SIMT lanes, mma.sync or "
              "MFMA (on MFMA stages = 2 stages the next key tile in "
              "registers), or on mma.sync, wgmma or MFMA with warp = [rows, "
              "key tile or a part of it] (each warp's rows in registers; "
              "stages pipeline its copies); no split-K, vector or thread "
              "tiles; got "
           << schedule;
  int64_t warpRows = warp.empty() ? 0 : warp[0];
  int64_t warpKeys = warp.empty() ? 0 : warp[1];
  FailureOr<int64_t> blockSize = blockThreads(op, schedule, target);
  if (failed(blockSize))
    return failure();
  int64_t threads = *blockSize;
  ComputeClass compute = mmaSync ? ComputeClass::MmaSync
                         : mfma  ? ComputeClass::Mfma
                         : wgmma ? ComputeClass::Wgmma
                                 : ComputeClass::Simt;
  if (wgmma && !target.hasWgmma())
    return op->emitOpError()
           << "cannot run on wgmma on " << target.name() << " ("
           << target.arch() << "): it needs an NVIDIA GPU of sm_90a"
           << (target.hasMmaSync() ? " (mma = mma_sync runs it on this GPU's "
                                     "tensor cores)"
                                   : "");
  if (compute != ComputeClass::Simt) {
    const char *name = mfma ? "MFMA" : wgmma ? "wgmma" : "mma.sync";
    // Each vendor's class, and where the target has the other's, a pointer
    // to it.
    if (!(mfma ? target.hasMfma() : target.hasMmaSync()))
      return op->emitOpError()
             << "cannot run on " << name << " on " << target.name() << " ("
             << target.arch() << "): it needs "
             << (mfma ? "an AMD GPU of gfx90a or gfx94x"
                      : "an NVIDIA GPU of sm_80 or newer")
             << (!(mfma ? target.hasMmaSync() : target.hasMfma()) ? ""
                 : mfma ? " (mma = mma_sync runs it on this GPU's tensor cores)"
                        : " (mma = mfma runs it on this GPU's matrix cores)");
    std::string why = FusedAttentionLayout::mmaRefusal(
        shape, block[0], block[1], schedule.getWarps(), compute, warpRows,
        schedule.getStages(), warpKeys);
    if (!why.empty())
      return op->emitOpError()
             << "cannot run on " << name << " with " << schedule << ": " << why;
  }
  FusedAttentionLayout layout = FusedAttentionLayout::of(
      shape, block[0], block[1], threads, compute, target.warpSize(), warpRows,
      schedule.getStages(), warpKeys);
  if (double(layout.blockBytes(target)) > target.blockSharedMemoryLimit())
    return op->emitOpError()
           << "needs " << layout.blockBytes(target)
           << " bytes of shared memory per block for query and key tiles of "
           << block[0] << " and " << block[1] << ", more than " << target.name()
           << " gives a block (" << int64_t(target.blockSharedMemoryLimit())
           << ")";
  // The sync scope of the whole device: LLVM's NVPTX and AMDGPU names.
  StringRef fenceScope = target.vendor() == Vendor::AMD ? "agent" : "device";
  AttentionEmitter(op, shape, layout, scale, onHost, fenceScope).emit();
  return success();
}

LogicalResult tiling::emitFusedAttention(Operation *op, ScheduleAttr schedule,
                                         const Target &target, bool onHost) {
  if (auto combine = dyn_cast<AttentionCombineOp>(op))
    return emitCombine(combine, schedule, target);
  std::optional<APFloat> scale;
  AttentionShape shape;
  if (auto attention = dyn_cast<AttentionOp>(op)) {
    scale = attention.getScale();
    shape = attentionShape(attention);
  } else if (auto split = dyn_cast<AttentionSplitOp>(op)) {
    scale = split.getScale();
    shape = attentionShape(split);
  } else {
    auto partial = cast<AttentionPartialOp>(op);
    scale = partial.getScale();
    shape = attentionShape(partial);
  }
  return emitAttention(op, shape, scale, schedule, target, onHost);
}
