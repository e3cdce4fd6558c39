//===- LowerMma.cpp - tessel-lower-mma ------------------------------------===//
//
// The GPU half of a tensor-core K step: the warp-level vector.contract
// pieces that tessel-tile-and-fuse writes for `mma = mma_sync` (16x8x16) and
// `mma = mfma` (16x16x16, 32x32x8) become one matrix instruction each,
// every vector they read or write becoming the fragment each lane holds:
// nvvm.mma.sync laid out as passes/MmaLayout.h says (bf16 registers are
// passed as i32, f16 ones as vector<2xf16>), amdgpu.mfma as
// passes/MfmaLayout.h says (a B piece read transposed from a buffer that
// holds B as [N, K] loads each lane's fragment as one vector on MFMA, each
// register's pair as one 32-bit load on mma.sync). On mma.sync the warp's
// other vector code between its pieces is spread over the lanes too
// (WarpBlock: the register-resident fused attention's step), as on MFMA
// where the lanes hold the accumulators by rows; so is a warp's block
// without pieces that reads what such a block wrote (the attention's
// epilogue on MFMA), laid out as that block's pieces are.
//
//===----------------------------------------------------------------------===//

#include "passes/MfmaLayout.h"
#include "passes/MmaLayout.h"
#include "passes/Passes.h"
#include "passes/WgmmaLayout.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/Utils/VectorUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"

#include <map>
#include <memory>
#include <vector>

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELLOWERMMA
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

using mma::kK;
using mma::kM;
using mma::kN;

/// The matrix instruction a piece is one of.
enum class PieceKind { None, MmaSync, Mfma };

/// The instruction `contract` is one of: A M x K and B K x N of f16 or
/// bf16, the accumulator M x N of f32, as (m, k) x (k, n) -> (m, n), with
/// mma.sync's 16x8x16 or one of MFMA's 16x16x16 and 32x32x8.
PieceKind pieceKind(vector::ContractionOp contract) {
  auto a = contract.getLhsType(), b = contract.getRhsType();
  auto c = dyn_cast<VectorType>(contract.getAccType());
  if (!c || a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return PieceKind::None;
  Type in = a.getElementType();
  if (in != b.getElementType() || !(in.isF16() || in.isBF16()) ||
      !c.getElementType().isF32() ||
      contract.getKind() != vector::CombiningKind::ADD)
    return PieceKind::None;
  MLIRContext *ctx = contract.getContext();
  AffineExpr dm, dn, dk;
  bindDims(ctx, dm, dn, dk);
  using MapList = ArrayRef<ArrayRef<AffineExpr>>;
  if (contract.getIndexingMapsArray() !=
      AffineMap::inferFromExprList(MapList{{dm, dk}, {dk, dn}, {dm, dn}}, ctx))
    return PieceKind::None;
  int64_t m = a.getDimSize(0), k = a.getDimSize(1), n = b.getDimSize(1);
  if (b.getDimSize(0) != k || c.getShape() != ArrayRef<int64_t>{m, n})
    return PieceKind::None;
  if (m == kM && n == kN && k == kK)
    return PieceKind::MmaSync;
  for (const MfmaShape &s : kMfmaShapes)
    if (m == s.m && n == s.n && k == s.k)
      return PieceKind::Mfma;
  return PieceKind::None;
}

bool isMatrixPiece(vector::ContractionOp contract) {
  return pieceKind(contract) != PieceKind::None;
}

/// A read or write of a whole piece (in bounds, unmasked, two vector dims)
/// on a memref with unit stride along its last dim.
template <typename TransferOp> bool isWholePiece(TransferOp op) {
  auto memref = dyn_cast<MemRefType>(op.getBase().getType());
  if (!memref || op.getMask() || op.getPermutationMap().getNumResults() != 2 ||
      op.hasOutOfBoundsDim())
    return false;
  auto [strides, offset] = memref.getStridesAndOffset();
  return strides.back() == 1;
}

/// A read or write of a whole piece from a row-major memref (its last two
/// dims, in bounds, unit stride along the last).
template <typename TransferOp> bool isPlainTransfer(TransferOp op) {
  return isWholePiece(op) && op.getPermutationMap().isMinorIdentity();
}

/// The plain read (isPlainTransfer) `v` is, or null.
vector::TransferReadOp plainReadOf(Value v) {
  auto read = v.getDefiningOp<vector::TransferReadOp>();
  return read && isPlainTransfer(read) ? read : nullptr;
}

/// A read of a whole piece transposed from a row-major memref: the piece's
/// element (i, j) is the memref's (row + j, col + i) (a permutation map
/// swapping its last two dims).
bool isTransposedTransfer(vector::TransferReadOp op) {
  AffineMap map = op.getPermutationMap();
  unsigned rank = map.getNumDims();
  return isWholePiece(op) && rank >= 2 &&
         map.getResult(0) == getAffineDimExpr(rank - 1, op.getContext()) &&
         map.getResult(1) == getAffineDimExpr(rank - 2, op.getContext());
}

/// One warp's fragments of the pieces of a block, for one instruction: what
/// each lane loads of A, B and the accumulator, the instruction itself and
/// the accumulator's stores. A fragment is a list of values (registers).
class Fragments {
public:
  Fragments(OpBuilder &b, Location loc) : b(b), loc(loc) {}
  virtual ~Fragments() = default;

  /// The lane's coordinates, computed once where the block's pieces start.
  virtual void setLane() = 0;
  virtual SmallVector<Value> loadA(vector::TransferReadOp read) = 0;
  virtual SmallVector<Value> loadB(vector::TransferReadOp read) = 0;
  /// B read transposed (isTransposedTransfer); failure where the
  /// instruction's fragments do not take it.
  virtual FailureOr<SmallVector<Value>>
  loadTransposedB(vector::TransferReadOp read) {
    return failure();
  }
  virtual SmallVector<Value> loadC(vector::TransferReadOp read) = 0;
  /// The accumulator of a piece that starts at zero.
  virtual SmallVector<Value> zeroC() = 0;
  /// Stores a result's fragment where `write` puts the piece.
  virtual void storeC(vector::TransferWriteOp write,
                      ArrayRef<Value> values) = 0;
  /// One instruction: A's, B's and C's fragments; D's.
  virtual SmallVector<Value> mma(vector::ContractionOp contract,
                                 ArrayRef<Value> a, ArrayRef<Value> bRegs,
                                 ArrayRef<Value> c) = 0;

protected:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// base + perG * g + perT * t + offset.
  Value offsetBy(Value base, int64_t perG, Value g, int64_t perT, Value t,
                 int64_t offset) {
    Value v = base;
    for (auto [scale, lanePart] : {std::pair{perG, g}, std::pair{perT, t}})
      if (scale)
        v = arith::AddIOp::create(
            b, loc, v,
            scale == 1 ? lanePart
                       : arith::MulIOp::create(b, loc, lanePart, index(scale))
                             .getResult());
    if (offset)
      v = arith::AddIOp::create(b, loc, v, index(offset));
    return v;
  }

  OpBuilder &b;
  Location loc;
};

/// mma.sync.m16n8k16's fragments (passes/MmaLayout.h).
class MmaSyncFragments : public Fragments {
public:
  using Fragments::Fragments;

  /// The lane's (row, column) base: g = lane / 4 and t = lane % 4.
  void setLane() override {
    Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
    g = arith::DivUIOp::create(b, loc, lane, index(4));
    t = arith::RemUIOp::create(b, loc, lane, index(4));
  }

  /// A's four registers, read by `read`.
  SmallVector<Value> loadA(vector::TransferReadOp read) override {
    SmallVector<Value> regs;
    for (const mma::PairPosition &p : mma::kA)
      regs.push_back(toRegister(loadPair(read, p)));
    return regs;
  }

  /// B's two registers: two elements of K each, down a column.
  SmallVector<Value> loadB(vector::TransferReadOp read) override {
    SmallVector<Value> regs;
    Type element = read.getVectorType().getElementType();
    for (const mma::PairPosition &p : mma::kB) {
      SmallVector<Value> pair;
      for (int64_t e = 0; e < 2; ++e)
        pair.push_back(memref::LoadOp::create(
            b, loc, read.getBase(), indicesOf(read.getIndices(), p, e, 0)));
      regs.push_back(toRegister(vector::FromElementsOp::create(
          b, loc, VectorType::get({2}, element), pair)));
    }
    return regs;
  }

  /// B held as [N, K] (read transposed): each register's pair, two
  /// consecutive elements of K in column g, is consecutive in row g of the
  /// buffer: one 32-bit load (the fused attention's key tile, [keys, d]).
  FailureOr<SmallVector<Value>>
  loadTransposedB(vector::TransferReadOp read) override {
    SmallVector<Value> regs;
    auto type = VectorType::get({2}, read.getVectorType().getElementType());
    for (const mma::PairPosition &p : mma::kB) {
      // The piece's (row, col) = (k, n) is the buffer's (n, k).
      mma::PairPosition swapped = {p.colPerG, p.colPerT, p.col0,
                                   p.rowPerG, p.rowPerT, p.row0};
      regs.push_back(toRegister(
          vector::LoadOp::create(b, loc, type, read.getBase(),
                                 indicesOf(read.getIndices(), swapped, 0, 0))));
    }
    return regs;
  }

  /// The accumulator's four values (f32, or 16-bit: storeC).
  SmallVector<Value> loadC(vector::TransferReadOp read) override {
    SmallVector<Value> values;
    for (const mma::PairPosition &p : mma::kC) {
      Value pair = loadPair(read, p);
      for (int64_t e = 0; e < 2; ++e)
        values.push_back(vector::ExtractOp::create(b, loc, pair, e));
    }
    return values;
  }

  /// The accumulator's four f32 values of a piece that starts at zero.
  SmallVector<Value> zeroC() override {
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
    return SmallVector<Value>(4, zero);
  }

  /// Stores the four values of a result where `write` puts the piece (f32,
  /// or rounded to 16 bits: the overlapped attention's P, a 32-bit
  /// register a pair).
  void storeC(vector::TransferWriteOp write, ArrayRef<Value> values) override {
    auto pairType = VectorType::get({2}, values.front().getType());
    for (auto [i, p] : llvm::enumerate(mma::kC)) {
      Value pair = vector::FromElementsOp::create(
          b, loc, pairType, ValueRange{values[2 * i], values[2 * i + 1]});
      vector::StoreOp::create(b, loc, pair, write.getBase(),
                              indicesOf(write.getIndices(), p, 0, 0));
    }
  }

  /// The lane's g = lane / 4 and t = lane % 4 (setLane).
  Value laneGroup() const { return g; }
  Value laneInGroup() const { return t; }

  /// A's four registers from its two 16 x 8 halves (columns 0-7 and 8-15),
  /// each given as the four values an accumulator's fragment holds: A's
  /// layout is two accumulator fragments side by side (kA, kC).
  SmallVector<Value> aFromHalves(ArrayRef<Value> left, ArrayRef<Value> right) {
    SmallVector<Value> regs;
    for (ArrayRef<Value> half : {left, right})
      for (int64_t pair = 0; pair < 2; ++pair) {
        Value x = half[2 * pair], y = half[2 * pair + 1];
        regs.push_back(toRegister(vector::FromElementsOp::create(
            b, loc, VectorType::get({2}, x.getType()), ValueRange{x, y})));
      }
    return regs;
  }

  /// One mma.sync: A's and B's registers, C's values; D's four values.
  SmallVector<Value> mma(vector::ContractionOp contract, ArrayRef<Value> a,
                         ArrayRef<Value> bRegs, ArrayRef<Value> c) override {
    Type input = contract.getLhsType().getElementType();
    Type f32 = b.getF32Type();
    auto result =
        LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
    NVVM::MMATypes type =
        input.isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    auto op = NVVM::MmaOp::create(
        b, loc, result, a, bRegs, c, ArrayRef<int64_t>{kM, kN, kK},
        std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    SmallVector<Value> d;
    for (int64_t i = 0; i < 4; ++i)
      d.push_back(LLVM::ExtractValueOp::create(b, loc, op, i));
    return d;
  }

private:
  /// The indices of a transfer (its piece in the last two dims) moved to
  /// the element of `p` for this lane, `rowStep` rows and `colStep` columns
  /// further.
  SmallVector<Value> indicesOf(ValueRange indices, const mma::PairPosition &p,
                               int64_t rowStep, int64_t colStep) {
    SmallVector<Value> at(indices.begin(), indices.end());
    Value &row = at[at.size() - 2], &col = at.back();
    row = offsetBy(row, p.rowPerG, g, p.rowPerT, t, p.row0 + rowStep);
    col = offsetBy(col, p.colPerG, g, p.colPerT, t, p.col0 + colStep);
    return at;
  }

  /// The two consecutive elements of a row that pair `p` holds.
  Value loadPair(vector::TransferReadOp read, const mma::PairPosition &p) {
    auto type = VectorType::get({2}, read.getVectorType().getElementType());
    return vector::LoadOp::create(b, loc, type, read.getBase(),
                                  indicesOf(read.getIndices(), p, 0, 0));
  }

  /// A register of two 16-bit elements as mma.sync takes it: bf16 as i32.
  Value toRegister(Value pair) {
    auto type = cast<VectorType>(pair.getType());
    if (!type.getElementType().isBF16())
      return pair;
    Value word = vector::BitCastOp::create(
        b, loc, VectorType::get({1}, b.getI32Type()), pair);
    return vector::ExtractOp::create(b, loc, word, 0);
  }

  Value g, t;
};

/// MFMA's fragments (passes/MfmaLayout.h), for one of its shapes: A as one
/// vector of four consecutive elements of a row, B as four elements down a
/// column, the accumulator as one vector of runs of four rows of a column.
/// `byRows` (a warp's step whose other vector code is spread over its
/// lanes: the register-resident fused attention): each instruction swaps
/// its operands and so holds the accumulator by rows (placeCByRows), as
/// scalars, one per value, as the lanes' other values are.
class MfmaFragments : public Fragments {
public:
  MfmaFragments(OpBuilder &b, Location loc, MfmaShape shape, bool byRows)
      : Fragments(b, loc), shape(shape), byRows(byRows) {}

  /// The lane's group g = lane / M and position p = lane % M.
  void setLane() override {
    Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
    g = arith::DivUIOp::create(b, loc, lane, index(shape.m));
    p = arith::RemUIOp::create(b, loc, lane, index(shape.m));
  }

  /// A's four elements of row p from K = 4 g: one load.
  SmallVector<Value> loadA(vector::TransferReadOp read) override {
    auto type =
        VectorType::get({mfma::kRun}, read.getVectorType().getElementType());
    return {vector::LoadOp::create(b, loc, type, read.getBase(),
                                   moved(read.getIndices(), mfma::placeA(0)))};
  }

  /// B's four elements of column p from K = 4 g, a row apart each.
  SmallVector<Value> loadB(vector::TransferReadOp read) override {
    SmallVector<Value> elements;
    for (int64_t e = 0; e < mfma::kRun; ++e)
      elements.push_back(memref::LoadOp::create(
          b, loc, read.getBase(), moved(read.getIndices(), mfma::placeB(e))));
    return {vector::FromElementsOp::create(
        b, loc,
        VectorType::get({mfma::kRun}, read.getVectorType().getElementType()),
        elements)};
  }

  /// B held as [N, K]: column p's four elements from K = 4 g are
  /// consecutive in row p, one load as A's are.
  FailureOr<SmallVector<Value>>
  loadTransposedB(vector::TransferReadOp read) override {
    auto type =
        VectorType::get({mfma::kRun}, read.getVectorType().getElementType());
    return SmallVector<Value>{vector::LoadOp::create(
        b, loc, type, read.getBase(),
        moved(read.getIndices(), mfma::placeBTransposed(0)))};
  }

  SmallVector<Value> loadC(vector::TransferReadOp read) override {
    SmallVector<Value> values;
    for (int64_t v = 0; v < shape.accumulators(); ++v)
      values.push_back(memref::LoadOp::create(b, loc, read.getBase(),
                                              accumulatorAt(read, v)));
    if (byRows)
      return values;
    return {vector::FromElementsOp::create(b, loc, accumulatorType(), values)};
  }

  SmallVector<Value> zeroC() override {
    if (byRows)
      return SmallVector<Value>(
          shape.accumulators(),
          arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0)));
    auto zeros = cast<TypedAttr>(
        DenseElementsAttr::get(accumulatorType(), b.getF32FloatAttr(0)));
    return {arith::ConstantOp::create(b, loc, zeros)};
  }

  void storeC(vector::TransferWriteOp write, ArrayRef<Value> values) override {
    for (int64_t v = 0; v < shape.accumulators(); ++v)
      memref::StoreOp::create(
          b, loc,
          byRows ? values[v]
                 : vector::ExtractOp::create(b, loc, values.front(), v)
                       .getResult(),
          write.getBase(), accumulatorAt(write, v));
  }

  /// By rows, A's fragment from a piece the lanes computed (as wide as A
  /// is deep, 16x16x16): the lane's values of it, by rows, are A's
  /// elements (MfmaLayout.h).
  FailureOr<Value> aFromPiece(ArrayRef<Value> piece) {
    if (!byRows || shape.n != shape.k ||
        int64_t(piece.size()) != shape.accumulators())
      return failure();
    return vector::FromElementsOp::create(
               b, loc, VectorType::get({mfma::kRun}, piece.front().getType()),
               piece)
        .getResult();
  }

  SmallVector<Value> mma(vector::ContractionOp, ArrayRef<Value> a,
                         ArrayRef<Value> bRegs, ArrayRef<Value> c) override {
    if (!byRows)
      return {amdgpu::MFMAOp::create(b, loc, accumulatorType(), shape.m,
                                     shape.n, shape.k, /*blocks=*/1, a.front(),
                                     bRegs.front(), c.front())
                  .getResult()};
    // D^T = B^T A^T: B's fragments as the instruction's A, A's as its B.
    Value acc = vector::FromElementsOp::create(b, loc, accumulatorType(), c);
    Value d = amdgpu::MFMAOp::create(b, loc, accumulatorType(), shape.m,
                                     shape.n, shape.k, /*blocks=*/1,
                                     bRegs.front(), a.front(), acc)
                  .getResult();
    SmallVector<Value> values;
    for (int64_t v = 0; v < shape.accumulators(); ++v)
      values.push_back(vector::ExtractOp::create(b, loc, d, v));
    return values;
  }

  /// The lane's group g = lane / M and position p = lane % M (setLane).
  Value laneGroup() const { return g; }
  Value lanePosition() const { return p; }

private:
  VectorType accumulatorType() {
    return VectorType::get({shape.accumulators()}, b.getF32Type());
  }

  /// The indices of a transfer (its piece in the last two dims) moved to
  /// where `place` puts the lane's element.
  SmallVector<Value> moved(ValueRange indices, const mfma::Placement &place) {
    SmallVector<Value> out(indices.begin(), indices.end());
    Value &row = out[out.size() - 2], &col = out.back();
    row = offsetBy(row, place.rowPerG, g, place.rowPerP, p, place.row0);
    col = offsetBy(col, place.colPerG, g, place.colPerP, p, place.col0);
    return out;
  }

  /// Where accumulator value v of the lane sits in the piece `transfer`
  /// reads or writes.
  template <typename TransferOp>
  SmallVector<Value> accumulatorAt(TransferOp transfer, int64_t v) {
    return moved(transfer.getIndices(), byRows ? mfma::placeCByRows(shape, v)
                                               : mfma::placeC(shape, v));
  }

  MfmaShape shape;
  bool byRows = false;
  Value g, p;
};

/// How a warp's block of pieces holds them: the instruction, on MFMA its
/// shape and whether the accumulators are held by rows (MfmaFragments'),
/// and whether the warps issue them as a warpgroup's (wgmma).
struct PieceLayout {
  PieceKind kind = PieceKind::None;
  MfmaShape mfmaShape{0, 0, 0};
  bool byRows = false;
  bool warpgroup = false;
  /// On wgmma, a K step's (TesselDialect::kWarpgroupKStep): A's tile takes
  /// the 128-byte swizzle where its rows are whole 64-column boxes.
  bool swizzledA = false;
  Location loc;

  /// The layout of a block's pieces: by its first, on MFMA by rows where
  /// any piece takes an A the lanes compute (P), whose piece is the next A
  /// as it is.
  static PieceLayout of(ArrayRef<vector::ContractionOp> contracts) {
    vector::ContractionOp first = contracts.front();
    PieceLayout layout{pieceKind(first), {0, 0, 0}, false, false, false,
                       first.getLoc()};
    for (Operation *op = first->getParentOp(); op; op = op->getParentOp())
      if (Attribute mark = op->getAttr(TesselDialect::kWarpgroupMmaAttrName)) {
        layout.warpgroup = true;
        auto kind = dyn_cast<StringAttr>(mark);
        layout.swizzledA = kind && kind == TesselDialect::kWarpgroupKStep;
        break;
      }
    if (layout.kind == PieceKind::Mfma) {
      VectorType a = first.getLhsType();
      layout.mfmaShape = {a.getDimSize(0), first.getRhsType().getDimSize(1),
                          a.getDimSize(1)};
      layout.byRows =
          llvm::any_of(contracts, [](vector::ContractionOp contract) {
            return !plainReadOf(contract.getLhs());
          });
    }
    return layout;
  }
};

/// The fragments of pieces held as `layout` says (on MFMA by rows where
/// `byRows` says: MfmaFragments'), the lane's coordinates at its `loc`.
std::unique_ptr<Fragments> fragmentsFor(OpBuilder &b,
                                        const PieceLayout &layout) {
  if (layout.kind == PieceKind::MmaSync)
    return std::make_unique<MmaSyncFragments>(b, layout.loc);
  return std::make_unique<MfmaFragments>(b, layout.loc, layout.mfmaShape,
                                         layout.byRows);
}

/// How a tile wgmma reads through descriptors is laid out: rows of `width`
/// 16-bit elements, as 8 x 8 core matrices (wgmma::coreMatrixOffset) or,
/// `swizzled`, as TMA writes [rows, 64] boxes with the 128-byte swizzle
/// (wgmma::swizzledTileOffset).
struct OperandTile {
  int64_t width = 0;
  bool swizzled = false;
};

/// The buffer a memref views (through subviews and casts).
Value rootBuffer(Value memref) {
  return memref::skipViewLikeOps(cast<MemrefValue>(memref));
}

/// A warp-level vector as each lane holds it: `Uniform` one value every
/// lane holds (a splat); `Piece` an accumulator piece's values; `Row` a
/// vector of a piece's rows ([M] or [M, 1]), the values of the lane's rows
/// (the same in every lane that holds them); `Col` a vector of a piece's
/// columns ([N]), the lane's columns' values. On mma.sync (16 x 8 pieces,
/// kC): four piece values, rows g, g, g + 8, g + 8 and columns 2t, 2t + 1,
/// 2t, 2t + 1; two row values (g, g + 8), two column values (2t, 2t + 1).
/// On MFMA by rows (M x M pieces, placeCByRows): M * M / 64 piece values,
/// all of row p; one row value; the columns' values as the piece's.
struct LaneValues {
  enum Kind { Uniform, Piece, Row, Col };
  Kind kind = Uniform;
  SmallVector<Value> values;

  /// The lane's value `i` when used as `as` (a uniform value is every one).
  Value at(int64_t i) const { return kind == Uniform ? values[0] : values[i]; }
};

/// The lowering of one warp's block of pieces, or of a warp's block
/// without pieces that reads what such a block accumulated (`contracts`
/// empty, its vectors spread over the lanes as `layout` holds them).
class WarpBlock {
public:
  /// `operandTiles` collects, on wgmma, the tiles the pieces' operands are
  /// read from (their buffers, by their layouts).
  WarpBlock(Block *block, MutableArrayRef<vector::ContractionOp> contracts,
            const PieceLayout &layout,
            llvm::MapVector<Value, OperandTile> &operandTiles)
      : block(block), contracts(contracts), b(block->getParentOp()),
        layout(layout), operandTiles(operandTiles) {}

  LogicalResult lower() {
    for (vector::ContractionOp contract : contracts)
      if (pieceKind(contract) != layout.kind)
        return fail(contract, "a warp's pieces mix instructions");
    if (layout.warpgroup) {
      if (contracts.empty())
        return block->getParentOp()->emitOpError()
               << "reads what a warpgroup's wgmma accumulated: its vectors "
                  "cannot be spread over the lanes as wgmma holds them";
      if (layout.kind != PieceKind::MmaSync)
        return fail(contracts.front(), "wgmma takes 16x8x16 pieces");
      if (failed(formChains()))
        return failure();
    }
    // The lane's coordinates first: every value below may use them.
    b.setInsertionPointToStart(block);
    fragments = fragmentsFor(b, layout);
    fragments->setLane();
    // Fragments of A and B by where they are read (buffer and indices):
    // the step writes only its accumulators and the values it keeps in
    // buffers, so a piece read twice is loaded once (checked below).
    for (auto write : block->getOps<vector::TransferWriteOp>())
      written.insert(rootBuffer(write.getBase()));
    // In program order: the pieces, and the writes of warp-level values.
    SmallVector<Operation *> ops;
    for (Operation &op : *block)
      if (isa<vector::ContractionOp, vector::TransferWriteOp>(op))
        ops.push_back(&op);
    for (Operation *op : ops) {
      if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
        if (layout.warpgroup) {
          if (auto end = chainEnds.find(op);
              end != chainEnds.end() && failed(lowerChain(end->second)))
            return failure();
          continue;
        }
        if (isMatrixPiece(contract) && failed(lowerContract(contract)))
          return failure();
        continue;
      }
      auto write = cast<vector::TransferWriteOp>(op);
      FailureOr<LaneValues> value =
          lanes(write.getVector(), write, LaneValues::Piece);
      if (failed(value))
        return failure();
      if (!isPlainTransfer(write) || (value->kind != LaneValues::Piece &&
                                      value->kind != LaneValues::Uniform))
        return fail(write, "writes a warp-level vector other than a whole "
                           "accumulator piece to a row-major buffer");
      b.setInsertionPoint(write);
      fragments->storeC(write, pieceOf(*value));
      deadWrites.push_back(write);
    }
    // The writes, then what they and the pieces consumed, last first (each
    // used only by later ones), then the reads nothing else uses.
    for (Operation *write : deadWrites)
      write->erase();
    for (Operation *op : llvm::reverse(lowered)) {
      if (!op->use_empty()) {
        if (matchPattern(op, m_Constant()))
          continue;
        return fail(op, "its result has uses the warp's lanes do not hold");
      }
      op->erase();
    }
    for (Operation *read : deadReads)
      if (read->use_empty())
        read->erase();
    return success();
  }

private:
  LogicalResult fail(Operation *op, const Twine &why) {
    return op->emitOpError()
           << "cannot become "
           << (layout.warpgroup                    ? "wgmma"
               : layout.kind == PieceKind::MmaSync ? "mma.sync"
                                                   : "MFMA")
           << ": " << why;
  }

  /// A piece's values of `x` (a piece, or a splat in each of them).
  SmallVector<Value> pieceOf(const LaneValues &x) const {
    return x.kind == LaneValues::Uniform
               ? SmallVector<Value>(laneCount(LaneValues::Piece), x.values[0])
               : x.values;
  }

  /// A piece's rows and columns (mma.sync: 16 x 8; MFMA: M x M).
  int64_t pieceRows() const { return layout.byRows ? layout.mfmaShape.m : kM; }
  int64_t pieceCols() const { return layout.byRows ? layout.mfmaShape.n : kN; }

  /// The number of values a lane holds of a vector of `kind`.
  int64_t laneCount(LaneValues::Kind k) const {
    switch (k) {
    case LaneValues::Uniform:
      return 1;
    case LaneValues::Piece:
    case LaneValues::Col:
      return layout.byRows ? layout.mfmaShape.accumulators()
                           : (k == LaneValues::Piece ? 4 : 2);
    case LaneValues::Row:
      return layout.byRows ? 1 : 2;
    }
    llvm_unreachable("a lane value kind");
  }

  /// The lane's row and column value of its piece value `i`.
  int64_t rowOfPieceValue(int64_t i) const { return layout.byRows ? 0 : i / 2; }
  int64_t colOfPieceValue(int64_t i) const { return layout.byRows ? i : i % 2; }

  /// A or B's fragments loaded where `read` reads them (once per place).
  FailureOr<SmallVector<Value>> operand(vector::ContractionOp contract,
                                        vector::TransferReadOp read, bool isA,
                                        bool bTransposed) {
    if (written.contains(rootBuffer(read.getBase())))
      return fail(contract, "its A or B piece is read from a buffer the "
                            "warp writes");
    std::vector<void *> key = {read.getBase().getAsOpaquePointer()};
    for (Value index : read.getIndices())
      key.push_back(index.getAsOpaquePointer());
    key.push_back(
        const_cast<void *>(read.getPermutationMap().getAsOpaquePointer()));
    auto [it, inserted] = loaded.try_emplace(key);
    if (inserted && !isA && bTransposed) {
      FailureOr<SmallVector<Value>> regs = fragments->loadTransposedB(read);
      if (failed(regs))
        return fail(contract, "its B piece is read transposed, which this "
                              "instruction's fragments do not take");
      it->second = *regs;
    } else if (inserted) {
      it->second = isA ? fragments->loadA(read) : fragments->loadB(read);
    }
    deadReads.insert(read);
    return it->second;
  }

  /// A computed in the lanes: on mma.sync two 16 x 8 halves of the input
  /// type put side by side (vector.insert_strided_slice at columns 0 and
  /// 8); on MFMA by rows, one piece of the input type.
  FailureOr<SmallVector<Value>> laneA(vector::ContractionOp contract) {
    if (auto known = computedA.find(contract.getLhs());
        known != computedA.end())
      return known->second;
    if (layout.byRows) {
      FailureOr<LaneValues> piece =
          lanes(contract.getLhs(), contract, LaneValues::Piece);
      if (failed(piece))
        return failure();
      if (piece->kind != LaneValues::Piece)
        return fail(contract, "its A piece is not a piece the lanes hold");
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(contract);
      FailureOr<Value> a =
          static_cast<MfmaFragments &>(*fragments).aFromPiece(piece->values);
      if (failed(a))
        return fail(contract, "its A piece, computed in the lanes, is not as "
                              "wide as A is deep (16x16x16)");
      return computedA[contract.getLhs()] = SmallVector<Value>{*a};
    }
    auto right =
        contract.getLhs().getDefiningOp<vector::InsertStridedSliceOp>();
    auto left =
        right ? right.getDest().getDefiningOp<vector::InsertStridedSliceOp>()
              : nullptr;
    auto at = [](vector::InsertStridedSliceOp op, int64_t col) {
      SmallVector<int64_t> offsets = llvm::to_vector(
          llvm::map_range(op.getOffsets().getAsRange<IntegerAttr>(),
                          [](IntegerAttr a) { return a.getInt(); }));
      return offsets == SmallVector<int64_t>{0, col} &&
             op.getSourceVectorType().getShape() == ArrayRef<int64_t>{kM, kN};
    };
    if (layout.kind != PieceKind::MmaSync || !left || !at(left, 0) ||
        !at(right, kN))
      return fail(contract, "its A piece is neither read whole from a "
                            "row-major buffer nor, on mma.sync, two 16 x 8 "
                            "halves side by side");
    FailureOr<LaneValues> lo = lanes(left.getValueToStore(), contract,
                                     LaneValues::Piece),
                          hi = lanes(right.getValueToStore(), contract,
                                     LaneValues::Piece);
    if (failed(lo) || failed(hi))
      return failure();
    if (lo->kind != LaneValues::Piece || hi->kind != LaneValues::Piece)
      return fail(contract, "its A halves are not accumulator-shaped pieces");
    lowered.insert(left);
    lowered.insert(right);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(right);
    return computedA[contract.getLhs()] =
               static_cast<MmaSyncFragments &>(*fragments)
                   .aFromHalves(lo->values, hi->values);
  }

  LogicalResult lowerContract(vector::ContractionOp contract) {
    vector::TransferReadOp a = plainReadOf(contract.getLhs()),
                           bRead = plainReadOf(contract.getRhs());
    bool bTransposed = false;
    if (!bRead) {
      bRead = contract.getRhs().getDefiningOp<vector::TransferReadOp>();
      bTransposed = bRead && isTransposedTransfer(bRead);
      if (!bRead || !bTransposed)
        return fail(contract, "its B piece is not read whole from a "
                              "row-major buffer (or transposed)");
    }
    b.setInsertionPoint(contract);
    FailureOr<SmallVector<Value>> aRegs =
        a ? operand(contract, a, true, false) : laneA(contract);
    if (failed(aRegs))
      return failure();
    b.setInsertionPoint(contract);
    FailureOr<SmallVector<Value>> bRegs =
        operand(contract, bRead, false, bTransposed);
    if (failed(bRegs))
      return failure();
    FailureOr<SmallVector<Value>> c = accumulatorOf(contract);
    if (failed(c))
      return failure();
    b.setInsertionPoint(contract);
    values[{contract.getResult(), -1}] = {
        LaneValues::Piece, fragments->mma(contract, *aRegs, *bRegs, *c)};
    lowered.insert(contract);
    return success();
  }

  /// The lane's four values of `contract`'s accumulator, computed before
  /// the contraction.
  FailureOr<SmallVector<Value>> accumulatorOf(vector::ContractionOp contract) {
    Value acc = contract.getAcc();
    if (auto known = values.find({acc, -1}); known != values.end())
      return pieceOf(known->second);
    b.setInsertionPoint(contract);
    if (vector::TransferReadOp read = plainReadOf(acc)) {
      deadReads.insert(read);
      return fragments->loadC(read);
    }
    if (matchPattern(acc, m_AnyZeroFloat()))
      return fragments->zeroC();
    FailureOr<LaneValues> computed = lanes(acc, contract, LaneValues::Piece);
    if (failed(computed))
      return failure();
    if (computed->kind != LaneValues::Piece &&
        computed->kind != LaneValues::Uniform)
      return fail(contract, "its accumulator is not a piece");
    return pieceOf(*computed);
  }

  /// On wgmma: a run of the warp's pieces that share A and read B's
  /// consecutive 8-column pieces from one tile, one wgmma.m64nNk16 of the
  /// warpgroup (N = 8 x pieces): `base` the tile, (row0, col0) where B's
  /// element (0, 0) is in it; `transposed` when the tile holds B as [N, K]
  /// (the key tile: K-major) rather than [K, N] (the value tile:
  /// MN-major).
  struct WgmmaRun {
    SmallVector<vector::ContractionOp> pieces;
    Value base;
    bool transposed = false;
    int64_t row0 = 0, col0 = 0;
    /// A read whole from a tile (the query tile): wgmma reads it there too,
    /// K-major, the warpgroup's 64 rows from the one of `aRow`'s group of
    /// 64 (the warp's strip), columns from `aCol`. Null: A from registers.
    Operation *aRead = nullptr;
    Value aTile, aRow;
    int64_t aCol = 0;
  };

  /// Whether `read` reads a piece of a tile wgmma can read through a
  /// descriptor (two-dimensional, unpadded, 16-bit elements, dims multiples
  /// of 8), at a constant column `col` (a multiple of 8) when given.
  static bool isOperandTile(vector::TransferReadOp read,
                            std::optional<int64_t> col) {
    auto type = cast<MemRefType>(read.getBase().getType());
    return col && *col % 8 == 0 && type.getRank() == 2 &&
           type.hasStaticShape() && type.getElementType().isIntOrFloat() &&
           type.getElementTypeBitWidth() == 16 &&
           type.getStridesAndOffset().first ==
               ArrayRef<int64_t>{type.getDimSize(1), 1} &&
           type.getDimSize(0) % 8 == 0 && type.getDimSize(1) % 8 == 0;
  }

  /// Splits the pieces into runs and the runs into chains, each run of a
  /// chain accumulating into its predecessor's results (the 16-deep steps
  /// of one product); chainEnds maps each chain's last piece to it.
  LogicalResult formChains() {
    SmallVector<WgmmaRun> runs;
    for (vector::ContractionOp contract : contracts) {
      if (runs.empty() ||
          runs.back().pieces.front().getLhs() != contract.getLhs())
        runs.emplace_back();
      runs.back().pieces.push_back(contract);
    }
    for (WgmmaRun &run : runs) {
      if (int64_t(run.pieces.size()) * kN > wgmma::W::kMaxN)
        return fail(run.pieces.front(),
                    "its wgmma would be wider than N = 256");
      if (vector::TransferReadOp a = plainReadOf(run.pieces.front().getLhs())) {
        std::optional<int64_t> col = getConstantIntValue(a.getIndices().back());
        if (isOperandTile(a, col) &&
            !written.contains(rootBuffer(a.getBase()))) {
          run.aRead = a;
          run.aTile = a.getBase();
          run.aRow = a.getIndices()[a.getIndices().size() - 2];
          run.aCol = *col;
        }
      }
      for (auto [j, piece] : llvm::enumerate(run.pieces)) {
        auto read = piece.getRhs().getDefiningOp<vector::TransferReadOp>();
        bool transposed = read && !isPlainTransfer(read);
        if (!read || (transposed && !isTransposedTransfer(read)))
          return fail(piece, "its B piece is not read whole from a tile, "
                             "which wgmma reads through a descriptor");
        ValueRange indices = read.getIndices();
        std::optional<int64_t> row =
            getConstantIntValue(indices[indices.size() - 2]);
        std::optional<int64_t> col = getConstantIntValue(indices.back());
        if (!row || !isOperandTile(read, col))
          return fail(piece, "its B piece is not at a constant place of a "
                             "two-dimensional, unpadded tile of 16-bit "
                             "elements whose dims are multiples of 8");
        // B's (k, n) is the tile's (n, k) when transposed.
        int64_t n = transposed ? *row : *col, k = transposed ? *col : *row;
        if (j == 0) {
          run.base = read.getBase();
          run.transposed = transposed;
          run.row0 = *row;
          run.col0 = *col;
        }
        int64_t n0 = transposed ? run.row0 : run.col0;
        int64_t k0 = transposed ? run.col0 : run.row0;
        if (read.getBase() != run.base || transposed != run.transposed ||
            k != k0 || n != n0 + int64_t(j) * kN || n0 % 8 || k0 % 8)
          return fail(piece, "its B piece is not the next 8 columns of its "
                             "run's B in the same tile");
      }
    }
    // A run continues its predecessor's chain when it accumulates into its
    // results and nothing else uses them (a chain's inner results are
    // never waited for); otherwise it starts a chain of its own.
    for (auto [r, run] : llvm::enumerate(runs)) {
      bool continues = r > 0 && runs[r - 1].pieces.size() == run.pieces.size();
      for (size_t j = 0; continues && j < run.pieces.size(); ++j) {
        vector::ContractionOp prev = runs[r - 1].pieces[j];
        continues = run.pieces[j].getAcc() == prev.getResult() &&
                    prev.getResult().hasOneUse();
      }
      if (!continues)
        chains.emplace_back();
      chains.back().push_back(run);
    }
    for (auto [i, chain] : llvm::enumerate(chains))
      chainEnds[chain.back().pieces.back()] = i;
    return success();
  }

  /// An i32 register of a fragment's 16-bit pair (bf16 ones are i32
  /// already).
  Value asWord(Value reg) {
    if (reg.getType().isInteger(32))
      return reg;
    Value word = vector::BitCastOp::create(
        b, reg.getLoc(), VectorType::get({1}, b.getI32Type()), reg);
    return vector::ExtractOp::create(b, reg.getLoc(), word, 0);
  }

  /// Inline PTX with `results` results, tied in order to the first
  /// `results` of `operands` (`+` operands, constraint `tied`), then the
  /// rest with their own constraints; the results, by index.
  SmallVector<Value> inlinePtx(StringRef text, ArrayRef<Value> tiedOperands,
                               ArrayRef<std::pair<Value, StringRef>> inputs,
                               WgmmaAsm kind) {
    Location loc = contracts.front().getLoc();
    SmallVector<Type> types;
    SmallVector<std::string> constraints;
    SmallVector<Value> operands;
    for (Value v : tiedOperands) {
      types.push_back(v.getType());
      constraints.push_back(v.getType().isF32() ? "=f" : "=r");
    }
    for (auto [v, constraint] : inputs) {
      operands.push_back(v);
      constraints.push_back(constraint.str());
    }
    for (auto [i, v] : llvm::enumerate(tiedOperands)) {
      operands.push_back(v);
      constraints.push_back(std::to_string(i));
    }
    Type result =
        types.empty()
            ? Type()
            : Type(LLVM::LLVMStructType::getLiteral(b.getContext(), types));
    auto op = LLVM::InlineAsmOp::create(
        b, loc, result, operands, text, llvm::join(constraints, ","),
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
        ArrayAttr());
    tagWgmmaAsm(op, kind);
    SmallVector<Value> out;
    for (int64_t i = 0; i < int64_t(types.size()); ++i)
      out.push_back(LLVM::ExtractValueOp::create(b, loc, op.getRes(), i));
    return out;
  }

  /// Whether B's tile `tile` ([rows, width]) is laid out as TMA writes it
  /// (wgmma::swizzledTileOffset): its rows whole 64-column boxes, 8-row
  /// groups of them. Other tiles are core matrices.
  static bool swizzles(Value tile) {
    auto type = cast<MemRefType>(tile.getType());
    return type.getDimSize(1) % wgmma::W::kNChunk == 0 &&
           type.getDimSize(0) % 8 == 0;
  }

  /// Whether A's tile `tile` takes the 128-byte swizzle (a K step's, as
  /// `swizzles` says of B's); other A tiles are core matrices.
  bool swizzlesA(Value tile) const {
    return layout.swizzledA && swizzles(tile);
  }

  /// The wgmma descriptor of `run`'s B: its tile laid out with the 128-byte
  /// swizzle where it swizzles (the key tile read K-major from the
  /// instruction's first key and K slice, the value tile MN-major from the
  /// slice's first key), else as core matrices (wgmma::coreMatrixOffset),
  /// no swizzle; as the tile's copies write it (placeTile). Null, with an
  /// error, for an MN-major run that does not start on a box.
  Value descriptorOf(const WgmmaRun &run) {
    auto type = cast<MemRefType>(run.base.getType());
    int64_t rows = type.getDimSize(0), width = type.getDimSize(1);
    if (swizzles(run.base)) {
      if (!run.transposed && run.col0 % wgmma::W::kNChunk) {
        (void)fail(run.pieces.front(),
                   "its B columns start inside a 64-column box "
                   "of its swizzled tile");
        return Value();
      }
      return descriptorAt(run.base, Value(),
                          wgmma::swizzledTileStart(run.row0, run.col0, rows) /
                              2,
                          wgmma::swizzledOffsets(rows), /*swizzled=*/true);
    }
    return descriptorAt(run.base, Value(),
                        wgmma::coreMatrixOffset(run.row0, run.col0, width),
                        run.transposed ? wgmma::kMajorOffsets(width)
                                       : wgmma::mnMajorOffsets(width));
  }

  /// The descriptor of `run`'s A read from its tile (K-major): the
  /// warpgroup's 64 rows, those of the 64 that hold the warp's strip.
  Value descriptorOfA(const WgmmaRun &run) {
    Location loc = run.aRow.getLoc();
    auto type = cast<MemRefType>(run.aTile.getType());
    int64_t width = type.getDimSize(1);
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    Value group = arith::DivUIOp::create(b, loc, run.aRow, index(wgmma::W::kM));
    if (swizzlesA(run.aTile)) {
      // swizzledTileStart(64 (row / 64), col) in elements: rows of 64.
      int64_t rows = type.getDimSize(0);
      Value offset = arith::MulIOp::create(
          b, loc, group, index(wgmma::W::kM * wgmma::W::kNChunk));
      return descriptorAt(run.aTile, offset,
                          wgmma::swizzledTileStart(0, run.aCol, rows) / 2,
                          wgmma::swizzledOffsets(rows), /*swizzled=*/true);
    }
    // coreMatrixOffset(64 (row / 64), col): row a multiple of 8.
    Value offset =
        arith::MulIOp::create(b, loc, group, index(wgmma::W::kM * width));
    return descriptorAt(run.aTile, offset,
                        wgmma::coreMatrixOffset(0, run.aCol, width),
                        wgmma::kMajorOffsets(width));
  }

  /// A descriptor of `tile` (laid out as core matrices, without swizzle, or
  /// `swizzled`, with the 128-byte swizzle: its address marked for the
  /// 1024-byte alignment that needs) from element `elementOffset` (if any)
  /// + `constantOffset` of its layout, with `offsets`. The constant is added to
  /// the descriptor of the rest, in its start address field: the chain's
  /// descriptors of one tile are then one register and immediates (an address
  /// computed whole for each went through the field's mask and shift, which hid
  /// that they differ by constants: registers of their own, live across
  /// the key loop). The field holds the shared-memory address >> 4, 14
  /// bits, which no address below 256 KiB carries out of.
  Value descriptorAt(Value tile, Value elementOffset, int64_t constantOffset,
                     wgmma::DescriptorOffsets offsets, bool swizzled = false) {
    Location loc = tile.getLoc();
    int64_t bytes = 2;
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    // The tile's first element: its buffer's address, and the offsets of
    // the subviews between (a stage of the tiles).
    Value view = tile, offset = elementOffset ? elementOffset : index(0);
    while (auto sub = view.getDefiningOp<memref::SubViewOp>()) {
      auto [strides, unused] = sub.getSourceType().getStridesAndOffset();
      for (auto [o, stride] : llvm::zip(sub.getMixedOffsets(), strides))
        offset = arith::AddIOp::create(
            b, loc, offset,
            arith::MulIOp::create(b, loc,
                                  getValueOrCreateConstantIndexOp(b, loc, o),
                                  index(stride)));
      view = sub.getSource();
    }
    auto pointerOp =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, view);
    if (swizzled)
      pointerOp->setAttr(TesselDialect::kSwizzledTileAttrName, b.getUnitAttr());
    Value pointer = pointerOp;
    Value address = arith::AddIOp::create(
        b, loc, pointer, arith::MulIOp::create(b, loc, offset, index(bytes)));
    Type i64 = b.getI64Type();
    auto constant = [&](int64_t v) {
      return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
    };
    Value start = arith::IndexCastUIOp::create(b, loc, i64, address);
    // [0, 14): the address >> 4 (of the 18-bit shared window); [16, 30):
    // the leading byte offset >> 4; [32, 46): the stride byte offset >> 4;
    // [62, 64): the swizzle, 0 for none, 1 for 128 bytes.
    start = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, start, constant(0x3FFFF)),
        constant(4));
    int64_t fields = ((offsets.leading >> 4) << 16) |
                     (int64_t(offsets.stride >> 4) << 32) |
                     (int64_t(swizzled) << 62);
    assert(constantOffset * bytes % 16 == 0 &&
           "core matrices start at 16-byte boundaries");
    Value descriptor = arith::OrIOp::create(b, loc, start, constant(fields));
    if (constantOffset == 0)
      return descriptor;
    return arith::AddIOp::create(b, loc, descriptor,
                                 constant(constantOffset * bytes >> 4));
  }

  /// Lowers chain `i` where its last piece is: the A fragments and the
  /// first step's accumulators where they are computed, then the
  /// warpgroup's instructions (fenced so that they see the registers and
  /// the tiles' copies) and their commit, the wait for them where the
  /// results are first used (waitPointOf), and the last step's results as
  /// its pieces' values.
  LogicalResult lowerChain(size_t i) {
    ArrayRef<WgmmaRun> chain = chains[i];
    SmallVector<SmallVector<Value>> aRegs;
    for (const WgmmaRun &run : chain) {
      vector::ContractionOp first = run.pieces.front();
      if (run.aRead) {
        // Read by wgmma where it is (no registers).
        aRegs.emplace_back();
        deadReads.insert(run.aRead);
        addOperandTile(run.aTile, swizzlesA(run.aTile));
        continue;
      }
      b.setInsertionPoint(first);
      FailureOr<SmallVector<Value>> a =
          plainReadOf(first.getLhs())
              ? operand(first, plainReadOf(first.getLhs()), true, false)
              : laneA(first);
      if (failed(a))
        return failure();
      aRegs.push_back(*a);
    }
    // A chain that starts from zeros (S) does not read its accumulators:
    // its first instruction's scale-d is 0 and their registers hold
    // nothing yet (no zero register shared with another chain's, which
    // ptxas would have to wait for).
    bool fromZero = llvm::all_of(chain.front().pieces, [](auto piece) {
      return matchPattern(piece.getAcc(), m_AnyZeroFloat());
    });
    SmallVector<Value> acc;
    for (vector::ContractionOp piece : chain.front().pieces) {
      if (fromZero) {
        b.setInsertionPoint(piece);
        for (int64_t i = 0; i < 4; ++i)
          acc.push_back(
              LLVM::PoisonOp::create(b, piece.getLoc(), b.getF32Type()));
        continue;
      }
      FailureOr<SmallVector<Value>> c = accumulatorOf(piece);
      if (failed(c))
        return failure();
      llvm::append_range(acc, *c);
    }
    vector::ContractionOp last = chain.back().pieces.back();
    b.setInsertionPoint(last);
    // The tiles were written by the block's threads (generic proxy) before
    // the barrier that precedes this phase; wgmma reads them through the
    // async proxy. Registers: wgmma.fence after their last writes, which
    // the fence's ties keep before it.
    SmallVector<Value> fenced(acc);
    SmallVector<Value> words;
    for (ArrayRef<Value> regs : aRegs)
      for (Value reg : regs)
        words.push_back(asWord(reg));
    llvm::append_range(fenced, words);
    fenced = inlinePtx("fence.proxy.async.shared::cta;\n\t"
                       "wgmma.fence.sync.aligned;",
                       fenced, {}, WgmmaAsm::Fence);
    acc.assign(fenced.begin(), fenced.begin() + acc.size());
    Type input = last.getLhsType().getElementType();
    std::string types = input.isBF16() ? "f32.bf16.bf16" : "f32.f16.f16";
    size_t word = acc.size();
    for (auto [r, run] : llvm::enumerate(chain)) {
      int64_t n = int64_t(run.pieces.size()) * kN, count = n / 2;
      auto operand = [&](int64_t i) { return "$" + std::to_string(count + i); };
      // d: count f32; a: four 32-bit registers or (from its tile) a
      // descriptor; b: a descriptor; then scale-d = 1 (accumulate; 0 for a
      // chain's first from zeros), scale-a = scale-b = 1, A's transpose (0:
      // K-major) when from its tile, and B's (1: MN-major).
      std::string ds, text;
      for (int64_t d = 0; d < count; ++d)
        ds += (d ? ", $" : "$") + std::to_string(d);
      SmallVector<std::pair<Value, StringRef>> inputs;
      std::string a;
      if (run.aRead) {
        inputs.push_back({descriptorOfA(run), "l"});
        a = operand(0);
      } else {
        for (int64_t w = 0; w < 4; ++w)
          inputs.push_back({fenced[word++], "r"});
        a = "{" + operand(0) + ", " + operand(1) + ", " + operand(2) + ", " +
            operand(3) + "}";
      }
      Value bDescriptor = descriptorOf(run);
      if (!bDescriptor)
        return failure();
      inputs.push_back({bDescriptor, "l"});
      text = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) + "k16." +
             types + " {" + ds + "}, " + a + ", " +
             operand(int64_t(inputs.size()) - 1) + ", " +
             (fromZero && r == 0 ? "0" : "1") + ", 1, 1, " +
             (run.aRead ? "0, " : "") + (run.transposed ? "0" : "1") + ";";
      acc = inlinePtx(text, acc, inputs, WgmmaAsm::Mma);
    }
    acc = inlinePtx("wgmma.commit_group.sync.aligned;", acc, {},
                    WgmmaAsm::Commit);
    // The wait: where the block first uses the chain's results, so that
    // the lanes' work in between (the softmax of an attention's step runs
    // while its P V product is in flight) overlaps the chain. The groups
    // complete in order: the chains committed after this one and before
    // that point may stay pending.
    auto [point, younger] = waitPointOf(i);
    b.setInsertionPoint(point);
    acc = inlinePtx("wgmma.wait_group.sync.aligned " + std::to_string(younger) +
                        ";",
                    acc, {}, WgmmaAsm::Wait);
    for (auto [j, piece] : llvm::enumerate(chains[i].back().pieces))
      values[{piece.getResult(), -1}] = {
          LaneValues::Piece, SmallVector<Value>(ArrayRef(acc).slice(4 * j, 4))};
    for (const WgmmaRun &run : chain) {
      for (vector::ContractionOp piece : run.pieces) {
        lowered.insert(piece);
        deadReads.insert(piece.getRhs().getDefiningOp());
      }
      addOperandTile(run.base, swizzles(run.base));
    }
    return success();
  }

  /// Where chain `i`'s wait goes: before the block's first op that uses
  /// (or holds a use of) its results, else right after its last piece; and
  /// how many chains end (are committed) between its last piece and there.
  std::pair<Operation *, int64_t> waitPointOf(size_t i) {
    Operation *end = chains[i].back().pieces.back();
    Block *block = end->getBlock();
    Operation *point = end->getNextNode();
    bool used = false;
    for (vector::ContractionOp piece : chains[i].back().pieces)
      for (Operation *user : piece.getResult().getUsers()) {
        Operation *at = block->findAncestorOpInBlock(*user);
        if (at && (!used || at->isBeforeInBlock(point))) {
          point = at;
          used = true;
        }
      }
    int64_t younger = 0;
    for (auto [j, chain] : llvm::enumerate(chains)) {
      Operation *other = chain.back().pieces.back();
      if (j != i && other->getBlock() == block && end->isBeforeInBlock(other) &&
          other->isBeforeInBlock(point))
        ++younger;
    }
    return {point, younger};
  }

  /// Records `tile` (a two-dimensional view) as one wgmma reads through
  /// descriptors: its buffer, by its layout (`swizzled`: B's, where
  /// swizzles says).
  void addOperandTile(Value tile, bool swizzled) {
    operandTiles.insert(
        {rootBuffer(tile),
         {cast<MemRefType>(tile.getType()).getDimSize(1), swizzled}});
  }

  /// `v` as the lanes hold it, computed where `v` is (an error on `user`
  /// when it is not a warp-level vector this lowering spreads). `as`: what
  /// its user takes it as, which tells a piece's rows from its columns
  /// where both are [M] (MFMA's square pieces).
  FailureOr<LaneValues> lanes(Value v, Operation *user,
                              std::optional<LaneValues::Kind> as) {
    // A [M] vector of MFMA's square pieces may be taken as rows by some
    // users and as columns by others (one vector.step, once CSE has merged
    // the rows' and the columns'): the lanes hold it once as each.
    auto vectorType = dyn_cast<VectorType>(v.getType());
    bool either = vectorType && vectorType.getRank() == 1 &&
                  pieceRows() == pieceCols() &&
                  vectorType.getDimSize(0) == pieceRows();
    if (either && as != LaneValues::Row && as != LaneValues::Col)
      return fail(user, "uses a warp-level vector that could be a piece's "
                        "rows or its columns, and does not say which");
    std::pair<Value, int> key = {v, either ? int(*as) : -1};
    if (auto known = values.find(key); known != values.end())
      return known->second;
    if (!vectorType)
      return LaneValues{LaneValues::Uniform, {v}};
    Operation *def = v.getDefiningOp();
    if ((layout.kind != PieceKind::MmaSync && !layout.byRows) || !def)
      return fail(user, "uses a warp-level vector that is neither read from "
                        "a buffer, zero, nor another piece's result");
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(def);
    FailureOr<LaneValues> result = spread(def, user, as);
    if (failed(result))
      return failure();
    values[key] = *result;
    if (!isa<vector::TransferReadOp>(def)) // a read is a dead read
      lowered.insert(def);
    return result;
  }

  /// What a vector of `type` is: a piece, its rows or its columns (`as`
  /// where the shape alone does not say); none where it is neither.
  std::optional<LaneValues::Kind>
  shapeKind(VectorType type, std::optional<LaneValues::Kind> as) const {
    ArrayRef<int64_t> shape = type.getShape();
    int64_t rows = pieceRows(), cols = pieceCols();
    if (shape == ArrayRef<int64_t>{rows, cols})
      return LaneValues::Piece;
    if (shape == ArrayRef<int64_t>{rows, 1})
      return LaneValues::Row;
    if (shape.size() != 1 || (shape[0] != rows && shape[0] != cols))
      return std::nullopt;
    if (rows == cols) {
      if (as == LaneValues::Row || as == LaneValues::Col)
        return as;
      return std::nullopt;
    }
    return shape[0] == rows ? LaneValues::Row : LaneValues::Col;
  }

  FailureOr<LaneValues> spread(Operation *def, Operation *user,
                               std::optional<LaneValues::Kind> as) {
    Location loc = def->getLoc();
    auto type = cast<VectorType>(def->getResult(0).getType());
    std::optional<LaneValues::Kind> shapeIs = shapeKind(type, as);
    bool isPiece = shapeIs == LaneValues::Piece;
    bool isRow = shapeIs == LaneValues::Row;
    bool isCol = shapeIs == LaneValues::Col;
    std::string pieceShape =
        std::to_string(pieceRows()) + " x " + std::to_string(pieceCols());
    auto unsupported = [&](const Twine &why) {
      return fail(user, "its operands come from " +
                            def->getName().getStringRef() + ", " + why);
    };
    if (!shapeIs)
      return unsupported("a vector of neither a piece's shape (" + pieceShape +
                         "), its rows' nor its columns'");
    auto index = [&](int64_t x) -> Value {
      return arith::ConstantIndexOp::create(b, loc, x);
    };
    // start + step * x for each x of the lane's positions.
    auto positions = [&](Value start, Value step,
                         ArrayRef<std::pair<Value, int64_t>> at) {
      SmallVector<Value> out;
      for (auto [lanePart, offset] : at) {
        Value x = lanePart ? lanePart : index(0);
        if (offset)
          x = arith::AddIOp::create(b, loc, x, index(offset));
        out.push_back(arith::AddIOp::create(
            b, loc, start, arith::MulIOp::create(b, loc, x, step)));
      }
      return out;
    };
    // The lane's rows' and columns' positions: mma.sync's g, g + 8 and 2t,
    // 2t + 1; by rows, MFMA's p and the columns of placeCByRows.
    auto rowsOf = [&](Value start, Value step) {
      if (layout.byRows)
        return positions(
            start, step,
            {{static_cast<MfmaFragments &>(*fragments).lanePosition(), 0}});
      Value g = static_cast<MmaSyncFragments &>(*fragments).laneGroup();
      return positions(start, step, {{g, 0}, {g, 8}});
    };
    auto colsOf = [&](Value start, Value step) {
      if (layout.byRows) {
        auto &mfmaFragments = static_cast<MfmaFragments &>(*fragments);
        Value group = arith::MulIOp::create(b, loc, mfmaFragments.laneGroup(),
                                            index(mfma::kRun));
        SmallVector<std::pair<Value, int64_t>> at;
        for (int64_t v = 0; v < layout.mfmaShape.accumulators(); ++v)
          at.push_back({group, mfma::placeCByRows(layout.mfmaShape, v).col0});
        return positions(start, step, at);
      }
      Value t = arith::MulIOp::create(
          b, loc, static_cast<MmaSyncFragments &>(*fragments).laneInGroup(),
          index(2));
      return positions(start, step, {{t, 0}, {t, 1}});
    };

    if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (dense && dense.isSplat())
        return LaneValues{
            LaneValues::Uniform,
            {arith::ConstantOp::create(
                 b, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()))
                 .getResult()}};
      // An index progression start + i * step (a folded vector.step).
      if (dense && type.getElementType().isIndex() && (isRow || isCol) &&
          type.getRank() == 1) {
        SmallVector<APInt> xs = llvm::to_vector(dense.getValues<APInt>());
        int64_t start = xs[0].getSExtValue(),
                step = xs[1].getSExtValue() - start;
        for (auto [i, x] : llvm::enumerate(xs))
          if (x.getSExtValue() != start + int64_t(i) * step)
            return unsupported("a constant that is not a progression");
        if (isRow)
          return LaneValues{LaneValues::Row, rowsOf(index(start), index(step))};
        return LaneValues{LaneValues::Col, colsOf(index(start), index(step))};
      }
      return unsupported("a constant that is not a splat");
    }
    if (auto step = dyn_cast<vector::StepOp>(def)) {
      if (isRow)
        return LaneValues{LaneValues::Row, rowsOf(index(0), index(1))};
      if (isCol)
        return LaneValues{LaneValues::Col, colsOf(index(0), index(1))};
      return unsupported("a step of a piece's shape");
    }
    if (auto read = dyn_cast<vector::TransferReadOp>(def)) {
      Type element = type.getElementType();
      if (!isPiece || !isPlainTransfer(read) ||
          !(element.isF32() || element.isBF16() || element.isF16()))
        return unsupported("a read other than of a whole f32, bf16 or f16 "
                           "piece");
      deadReads.insert(read);
      return LaneValues{LaneValues::Piece, fragments->loadC(read)};
    }
    if (auto cast = dyn_cast<vector::ShapeCastOp>(def)) {
      FailureOr<LaneValues> source =
          lanes(cast.getSource(), user, LaneValues::Row);
      if (failed(source))
        return failure();
      if (!isRow || source->kind != LaneValues::Row)
        return unsupported("a shape cast other than of rows to [" +
                           std::to_string(pieceRows()) + ", 1]");
      return source;
    }
    if (auto broadcast = dyn_cast<vector::BroadcastOp>(def)) {
      // A [rows, 1] source spreads across each row, a one-dimensional one
      // (columns) down each column.
      auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
      std::optional<LaneValues::Kind> sourceAs;
      if (sourceType)
        sourceAs =
            sourceType.getRank() == 1 ? LaneValues::Col : LaneValues::Row;
      FailureOr<LaneValues> source =
          lanes(broadcast.getSource(), user, sourceAs);
      if (failed(source))
        return failure();
      if (source->kind == LaneValues::Uniform)
        return source;
      if (!isPiece)
        return unsupported("a broadcast of rows or columns to other than a "
                           "piece");
      SmallVector<Value> piece;
      for (int64_t i = 0; i < laneCount(LaneValues::Piece); ++i)
        piece.push_back(source->kind == LaneValues::Row
                            ? source->at(rowOfPieceValue(i))
                            : source->at(colOfPieceValue(i)));
      return LaneValues{LaneValues::Piece, piece};
    }
    if (auto reduction = dyn_cast<vector::MultiDimReductionOp>(def)) {
      if (!isRow || reduction.getReductionDims() != ArrayRef<int64_t>{1})
        return unsupported("a reduction other than of a piece's rows");
      FailureOr<LaneValues> source =
          lanes(reduction.getSource(), user, LaneValues::Piece);
      FailureOr<LaneValues> acc =
          lanes(reduction.getAcc(), user, LaneValues::Row);
      if (failed(source) || failed(acc))
        return failure();
      if (source->kind != LaneValues::Piece)
        return unsupported("a reduction other than of a piece's rows");
      // The lane's values of each row, then the other lanes that hold the
      // row (mma.sync: the group's four, lanes 4g .. 4g + 3, xor 1 and 2;
      // MFMA by rows: the M x M / 64 lanes of position p, xor M, 2M, ..),
      // then the initial value.
      vector::CombiningKind combining = reduction.getKind();
      SmallVector<int32_t> offsets = {1, 2};
      int64_t width = mma::kWarpSize;
      if (layout.byRows) {
        width = mfma::kWaveSize;
        offsets.clear();
        for (int64_t o = layout.mfmaShape.m; o < width; o *= 2)
          offsets.push_back(int32_t(o));
      }
      SmallVector<Value> rows;
      for (int64_t r = 0; r < laneCount(LaneValues::Row); ++r) {
        Value x;
        for (int64_t i = 0; i < laneCount(LaneValues::Piece); ++i)
          if (rowOfPieceValue(i) == r)
            x = x ? vector::makeArithReduction(b, loc, combining, x,
                                               source->at(i))
                  : source->at(i);
        for (int32_t offset : offsets) {
          Value other = gpu::ShuffleOp::create(b, loc, x, offset, width,
                                               gpu::ShuffleMode::XOR)
                            .getShuffleResult();
          x = vector::makeArithReduction(b, loc, combining, x, other);
        }
        rows.push_back(
            vector::makeArithReduction(b, loc, combining, x, acc->at(r)));
      }
      return LaneValues{LaneValues::Row, rows};
    }
    if (mlir::OpTrait::hasElementwiseMappableTraits(def) &&
        def->getNumResults() == 1 && def->getNumRegions() == 0) {
      SmallVector<LaneValues> operands;
      LaneValues::Kind common = LaneValues::Uniform;
      for (Value operand : def->getOperands()) {
        FailureOr<LaneValues> x = lanes(operand, user, *shapeIs);
        if (failed(x))
          return failure();
        if (x->kind != LaneValues::Uniform) {
          if (common != LaneValues::Uniform && common != x->kind)
            return unsupported("operands of different shapes");
          common = x->kind;
        }
        operands.push_back(*x);
      }
      LaneValues result{common, {}};
      Type element = type.getElementType();
      for (int64_t i = 0; i < laneCount(common); ++i) {
        SmallVector<Value> scalars;
        for (const LaneValues &x : operands)
          scalars.push_back(x.at(i));
        OperationState state(loc, def->getName(), scalars, TypeRange{element},
                             def->getAttrs());
        result.values.push_back(b.create(state)->getResult(0));
      }
      return result;
    }
    return unsupported("which the warp's lanes cannot compute");
  }

  Block *block;
  MutableArrayRef<vector::ContractionOp> contracts;
  OpBuilder b;
  /// The pieces' instruction and how they hold their values; its `loc`
  /// is where the lane's coordinates are computed from.
  const PieceLayout layout;
  llvm::MapVector<Value, OperandTile> &operandTiles;
  /// On wgmma (layout.warpgroup): the chains of runs (formChains), by the
  /// index of each one's last piece.
  SmallVector<SmallVector<WgmmaRun>> chains;
  DenseMap<Operation *, size_t> chainEnds;
  std::unique_ptr<Fragments> fragments;
  std::map<std::vector<void *>, SmallVector<Value>> loaded;
  DenseSet<Value> written;
  /// The lanes' values of the block's warp-level vectors, by the vector
  /// and (one of [M] on MFMA's square pieces) the kind its users take it
  /// as (-1: any).
  DenseMap<std::pair<Value, int>, LaneValues> values;
  /// A pieces computed in the lanes (laneA), by the piece.
  DenseMap<Value, SmallVector<Value>> computedA;
  /// What the lowering replaces, erased at the end: the ops computed on the
  /// lanes (operands before users), the writes, the reads. Kept apart so
  /// that nothing is looked at once it is erased.
  SetVector<Operation *> lowered;
  SetVector<Operation *> deadReads;
  SmallVector<Operation *> deadWrites;
};

struct LowerMmaPass : public tessel::impl::TesselLowerMmaBase<LowerMmaPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    // tessel-tile-and-fuse loops over a warp's pieces (rolled, for the CPU
    // path): unroll them, innermost first, and fold their indices, so that
    // every piece has constant offsets and the same piece of A or B read
    // for several accumulator pieces is loaded once.
    SmallVector<scf::ForOp> loops;
    root->walk([&](scf::ForOp loop) {
      auto warp = loop->getParentOfType<scf::ForallOp>();
      std::optional<ArrayAttr> mapping =
          warp ? warp.getMapping() : std::nullopt;
      if (!mapping || mapping->empty() ||
          !isa<gpu::GPUWarpMappingAttr>((*mapping)[0]))
        return;
      bool holdsPieces = false;
      loop.getBody()->walk([&](vector::ContractionOp contract) {
        holdsPieces |= isMatrixPiece(contract);
      });
      if (holdsPieces)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) // post-order: innermost first
      if (failed(loopUnrollFull(loop))) {
        loop.emitOpError() << "over a warp's mma pieces could not be "
                              "unrolled (its bounds must be constant)";
        return signalPassFailure();
      }
    if (!loops.empty()) {
      RewritePatternSet patterns(&getContext());
      scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
      arith::AddIOp::getCanonicalizationPatterns(patterns, &getContext());
      arith::MulIOp::getCanonicalizationPatterns(patterns, &getContext());
      affine::AffineApplyOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
      if (failed(applyPatternsGreedily(root, std::move(patterns))))
        return signalPassFailure();
      IRRewriter rewriter(&getContext());
      DominanceInfo dominance(root);
      eliminateCommonSubExpressions(rewriter, dominance, root);
    }
    // The pieces, by the block that holds them (one warp's step).
    llvm::MapVector<Block *, SmallVector<vector::ContractionOp>> pieces;
    root->walk([&](vector::ContractionOp contract) {
      if (isMatrixPiece(contract))
        pieces[contract->getBlock()].push_back(contract);
    });
    // Each block's layout, and the buffers its pieces' steps write.
    DenseMap<Block *, PieceLayout> layouts;
    DenseMap<Value, Block *> writers;
    for (auto &[block, contracts] : pieces) {
      layouts.try_emplace(block, PieceLayout::of(contracts));
      for (auto write : block->getOps<vector::TransferWriteOp>())
        writers.try_emplace(rootBuffer(write.getBase()), block);
    }
    // A warp's block without pieces that reads what a block of pieces
    // writes (the register-resident attention's O over its rows' sums,
    // after the key loops): its vectors are spread over the lanes as that
    // block holds them, so that each lane reads the elements it wrote
    // (which tessel-hoist-accumulators then finds in its registers).
    SmallVector<std::pair<Block *, Block *>> readers; // block, its writer's
    root->walk([&](scf::ForallOp forall) {
      std::optional<ArrayAttr> mapping = forall.getMapping();
      Block *block = forall.getBody();
      if (!mapping || mapping->empty() ||
          !isa<gpu::GPUWarpMappingAttr>((*mapping)[0]) ||
          pieces.contains(block))
        return;
      for (auto read : block->getOps<vector::TransferReadOp>())
        if (read.getVectorType().getRank() == 2)
          if (Block *writer = writers.lookup(rootBuffer(read.getBase()))) {
            readers.push_back({block, writer});
            return;
          }
    });
    llvm::MapVector<Value, OperandTile> operandTiles;
    for (auto [block, writer] : readers)
      if (failed(
              WarpBlock(block, {}, layouts.at(writer), operandTiles).lower()))
        return signalPassFailure();
    for (auto &[block, contracts] : pieces)
      if (failed(WarpBlock(block, contracts, layouts.at(block), operandTiles)
                     .lower()))
        return signalPassFailure();
    for (auto [tile, layout] : operandTiles)
      if (failed(placeTile(tile, layout)))
        return signalPassFailure();
  }

  /// The vector.transfer_writes into `buffer` through subviews (a K step's
  /// copies, each thread's row vectors: tessel-tile-and-fuse) as
  /// vector.stores into `buffer` itself, at the subviews' offsets plus the
  /// write's indices, so that placeTile can move them. A write that is not
  /// a whole in-bounds vector along the innermost dim stays, for placeTile
  /// to refuse.
  static void storeIntoBuffer(Value buffer) {
    SmallVector<vector::TransferWriteOp> writes;
    SmallVector<Value> views = {buffer};
    for (size_t i = 0; i < views.size(); ++i)
      for (Operation *user : views[i].getUsers()) {
        if (auto sub = dyn_cast<memref::SubViewOp>(user);
            sub && sub.getSource() == views[i])
          views.push_back(sub);
        else if (auto write = dyn_cast<vector::TransferWriteOp>(user);
                 write && write.getBase() == views[i])
          writes.push_back(write);
      }
    for (vector::TransferWriteOp write : writes) {
      if (write.getVectorType().getRank() != 1 || write.getMask() ||
          !write.getPermutationMap().isMinorIdentity() ||
          llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }))
        continue;
      OpBuilder b(write);
      Location loc = write.getLoc();
      SmallVector<Value> indices(write.getIndices());
      Value view = write.getBase();
      bool unitStrides = true;
      while (auto sub = view.getDefiningOp<memref::SubViewOp>()) {
        unitStrides &= llvm::all_of(sub.getStaticStrides(),
                                    [](int64_t s) { return s == 1; });
        llvm::SmallBitVector dropped = sub.getDroppedDims();
        SmallVector<Value> outer;
        size_t next = 0;
        for (auto [d, offset] : llvm::enumerate(sub.getMixedOffsets())) {
          Value at = getValueOrCreateConstantIndexOp(b, loc, offset);
          if (!dropped[d]) {
            std::optional<int64_t> zero = getConstantIntValue(offset);
            at = zero && *zero == 0
                     ? indices[next]
                     : arith::AddIOp::create(b, loc, at, indices[next])
                           .getResult();
            ++next;
          }
          outer.push_back(at);
        }
        indices = outer;
        view = sub.getSource();
      }
      if (!unitStrides || view != buffer)
        continue;
      vector::StoreOp::create(b, loc, write.getVector(), buffer, indices);
      write->erase();
    }
  }

  /// A wgmma operand tile `buffer` (rows of `layout.width` elements, or
  /// stages of such tiles) as `layout` says: each write's (row, column)
  /// moves to where that layout puts it, in the same tile. wgmma reads the
  /// tile through descriptors alone: any other read of it is an error.
  static LogicalResult placeTile(Value buffer, OperandTile layout) {
    int64_t width = layout.width;
    storeIntoBuffer(buffer);
    SmallVector<Value> views = {buffer};
    SmallVector<Operation *> writes;
    for (size_t i = 0; i < views.size(); ++i)
      for (Operation *user : views[i].getUsers()) {
        if (auto view = dyn_cast<ViewLikeOpInterface>(user);
            (view && view.getViewSource() == views[i]) ||
            isa<memref::CastOp>(user)) {
          views.push_back(user->getResult(0));
          continue;
        }
        if (isa<memref::StoreOp, vector::StoreOp>(user)) {
          writes.push_back(user);
          continue;
        }
        if (isa<memref::ExtractAlignedPointerAsIndexOp, memref::DeallocOp>(
                user))
          continue;
        return user->emitOpError()
               << "uses a tile that wgmma reads through descriptors (laid "
                  "out as "
               << (layout.swizzled ? "TMA writes it" : "core matrices")
               << "), which only stores may write";
      }
    for (Operation *write : writes) {
      OpBuilder b(write);
      Location loc = write->getLoc();
      bool vectorStore = isa<vector::StoreOp>(write);
      MutableOperandRange indices =
          vectorStore ? cast<vector::StoreOp>(write).getIndicesMutable()
                      : cast<memref::StoreOp>(write).getIndicesMutable();
      auto type = cast<MemRefType>(write->getOperand(1).getType());
      int64_t lanes = 1;
      if (vectorStore)
        lanes = cast<vector::StoreOp>(write).getVectorType().getNumElements();
      if (type.getRank() < 2 || type.getShape().back() != width ||
          type.getShape()[type.getRank() - 2] % 8 || 8 % lanes)
        return write->emitOpError()
               << "writes a wgmma operand tile other than a row's whole "
                  "vectors of up to 8 elements";
      int64_t rows = type.getShape()[type.getRank() - 2];
      auto index = [&](int64_t v) {
        return arith::ConstantIndexOp::create(b, loc, v).getResult();
      };
      unsigned n = indices.size();
      Value row = indices[n - 2].get(), col = indices[n - 1].get();
      // The offset of c rows on, c a multiple of 8, in elements: c rows of
      // the core matrices' width, or of the swizzled boxes' 64 (the swizzle
      // follows the row mod 8).
      int64_t rowElements = layout.swizzled ? wgmma::W::kNChunk : width;
      // A row of x + c, c a multiple of 8 (a thread's later copies of a
      // tile, tessel-tile-and-fuse's copyRows): x's place c rows on, so
      // that the copies share x's address and differ by an offset, where
      // that offset is whole rows of the tile.
      int64_t rowsOn = 0;
      if (auto sum = row.getDefiningOp<arith::AddIOp>())
        for (int64_t i : {0, 1})
          if (std::optional<int64_t> c =
                  getConstantIntValue(sum->getOperand(i));
              c && *c >= 0 && *c % 8 == 0 && *c * rowElements % width == 0) {
            row = sum->getOperand(1 - i);
            rowsOn = *c * rowElements / width;
            break;
          }
      auto div = [&](Value x, int64_t d) {
        return arith::DivUIOp::create(b, loc, x, index(d)).getResult();
      };
      auto rem = [&](Value x, int64_t d) {
        return arith::RemUIOp::create(b, loc, x, index(d)).getResult();
      };
      auto mulAdd = [&](Value x, int64_t m, Value y) {
        return arith::AddIOp::create(
                   b, loc, arith::MulIOp::create(b, loc, x, index(m)), y)
            .getResult();
      };
      Value offset;
      if (layout.swizzled) {
        // wgmma::swizzledTileOffset in elements: (c / 64) rows 64 + r 64 +
        // ((c mod 64) / 8 xor r mod 8) 8 + c mod 8.
        Value chunk =
            arith::XOrIOp::create(b, loc, div(rem(col, 64), 8), rem(row, 8));
        offset = mulAdd(div(col, 64), rows * 64,
                        mulAdd(row, 64, mulAdd(chunk, 8, rem(col, 8))));
      } else {
        // (r / 8) 8 width + (c / 8) 64 + (r % 8) 8 + c % 8.
        offset = mulAdd(
            div(row, 8), 8 * width,
            mulAdd(div(col, 8), 64, mulAdd(rem(row, 8), 8, rem(col, 8))));
      }
      indices[n - 2].set(
          arith::AddIOp::create(b, loc, div(offset, width), index(rowsOn)));
      indices[n - 1].set(rem(offset, width));
    }
    return success();
  }
};

} // namespace

void mlir::tessel::tagWgmmaAsm(Operation *op, WgmmaAsm kind) {
  static_assert(std::size(TesselDialect::kWgmmaAsmKinds) ==
                    size_t(WgmmaAsm::Wait),
                "a name for each WgmmaAsm past None");
  assert(kind != WgmmaAsm::None && "tag with what the PTX does");
  op->setAttr(TesselDialect::kWgmmaAsmAttrName,
              StringAttr::get(op->getContext(),
                              TesselDialect::kWgmmaAsmKinds[int(kind) - 1]));
}

WgmmaAsm mlir::tessel::wgmmaAsmKind(Operation *op) {
  auto name = op->getAttrOfType<StringAttr>(TesselDialect::kWgmmaAsmAttrName);
  if (!name || !isa<LLVM::InlineAsmOp>(op))
    return WgmmaAsm::None;
  for (auto [i, kind] : llvm::enumerate(TesselDialect::kWgmmaAsmKinds))
    if (name.getValue() == kind)
      return WgmmaAsm(i + 1);
  return WgmmaAsm::None;
}
