//===- MmaLdmatrix.cpp - tessel-mma-ldmatrix ------------------------------===//
//
// tessel-lower-mma gives each lane its fragments of A and B with plain
// loads: four 32-bit loads for a piece of A, four 16-bit loads for a piece
// of B (whose pairs run down a column), two 32-bit loads for a piece of B
// held as [N, K] (the fused attention's key tile). Once tessel-map-to-gpu
// has put the operand tiles in shared memory, one ldmatrix loads a whole
// piece for the warp: .x4 for A, .x2.trans for B, .x2 for B held as [N, K]
// (two pieces side by side along N in one .x4 or .x4.trans);
// passes/MmaLayout.h says where each lane points, and MmaLayoutTest checks
// that the registers are the fragments.
//
//===----------------------------------------------------------------------===//

#include "passes/IndexRange.h"
#include "passes/MmaLayout.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELMMALDMATRIX
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

bool isConstant(Value v, int64_t c) {
  std::optional<int64_t> k = getConstantIntValue(v);
  return k && *k == c;
}

/// `lane / 4` (g), as tessel-lower-mma computes it.
bool isGroupOfLane(Value v) {
  auto div = v.getDefiningOp<arith::DivUIOp>();
  return div && div.getLhs().getDefiningOp<gpu::LaneIdOp>() &&
         isConstant(div.getRhs(), 4);
}

/// `lane % 4` (t).
bool isThreadInGroup(Value v) {
  auto rem = v.getDefiningOp<arith::RemUIOp>();
  return rem && rem.getLhs().getDefiningOp<gpu::LaneIdOp>() &&
         isConstant(rem.getRhs(), 4);
}

/// `2 * (lane % 4)`.
bool isTwiceThreadInGroup(Value v) {
  auto mul = v.getDefiningOp<arith::MulIOp>();
  return mul &&
         ((isThreadInGroup(mul.getLhs()) && isConstant(mul.getRhs(), 2)) ||
          (isThreadInGroup(mul.getRhs()) && isConstant(mul.getLhs(), 2)));
}

/// Whether `v` is the same for every lane of a warp: a constant, a value
/// from outside the launch, the block's ids or sizes, the warp's index
/// (thread id x / 32k, as tessel-map-to-gpu computes it), or pure index
/// arithmetic on such values.
bool isWarpUniform(Value v, int depth = 0) {
  if (getConstantIntValue(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def) {
    // A block argument: the launch's block ids or its grid's or block's
    // sizes (not its thread ids), or an argument from outside the launch.
    Operation *owner = cast<BlockArgument>(v).getOwner()->getParentOp();
    if (auto launch = dyn_cast<gpu::LaunchOp>(owner)) {
      auto among = [&](gpu::KernelDim3 d) {
        return v == d.x || v == d.y || v == d.z;
      };
      return among(launch.getBlockIds()) || among(launch.getGridSize()) ||
             among(launch.getBlockSize());
    }
    return !owner->getParentOfType<gpu::LaunchOp>();
  }
  if (!def->getParentOfType<gpu::LaunchOp>())
    return true;
  if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(def))
    return true;
  if (depth > 8)
    return false;
  // thread id x / (32 k): the warp's index, where the block's warps are
  // runs of thread id x (a one-dimensional block, or one whose rows are
  // whole warps).
  auto isThreadX = [](Value x) {
    auto id = x.getDefiningOp<gpu::ThreadIdOp>();
    if (!id || id.getDimension() != gpu::Dimension::x)
      return false;
    auto launch = id->getParentOfType<gpu::LaunchOp>();
    if (!launch)
      return false;
    auto constantWhere = [](Value v, function_ref<bool(int64_t)> holds) {
      std::optional<int64_t> c = getConstantIntValue(v);
      return c && holds(*c);
    };
    gpu::KernelDim3 sizes = launch.getBlockSizeOperandValues();
    auto one = [](int64_t c) { return c == 1; };
    return constantWhere(sizes.x, [](int64_t c) { return c % 32 == 0; }) ||
           (constantWhere(sizes.y, one) && constantWhere(sizes.z, one));
  };
  if (auto divide = dyn_cast<arith::DivUIOp>(def)) {
    std::optional<int64_t> by = getConstantIntValue(divide.getRhs());
    if (isThreadX(divide.getLhs()) && by && *by % 32 == 0)
      return true;
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    AffineExpr e = apply.getAffineMap().getNumResults() == 1
                       ? apply.getAffineMap().getResult(0)
                       : AffineExpr();
    auto floorDiv = dyn_cast_or_null<AffineBinaryOpExpr>(e);
    if (floorDiv && floorDiv.getKind() == AffineExprKind::FloorDiv &&
        apply.getMapOperands().size() == 1 &&
        isThreadX(apply.getMapOperands()[0]))
      if (auto by = dyn_cast<AffineConstantExpr>(floorDiv.getRHS()))
        if (by.getValue() % 32 == 0 &&
            isa<AffineSymbolExpr, AffineDimExpr>(floorDiv.getLHS()))
          return true;
  }
  if (isa<arith::AddIOp, arith::MulIOp, arith::SubIOp, arith::DivUIOp,
          arith::RemUIOp, arith::MinUIOp, arith::MaxUIOp>(def))
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return isWarpUniform(operand, depth + 1);
    });
  return false;
}

/// An index as {a lane-dependent root, a warp-uniform term (or null)}: the
/// root alone, or the root plus a term every lane of the warp shares (a
/// warp's first row).
std::pair<Value, Value> splitUniformTerm(Value index) {
  if (auto add = index.getDefiningOp<arith::AddIOp>()) {
    if (isWarpUniform(add.getRhs()) && !isWarpUniform(add.getLhs()))
      return {add.getLhs(), add.getRhs()};
    if (isWarpUniform(add.getLhs()) && !isWarpUniform(add.getRhs()))
      return {add.getRhs(), add.getLhs()};
  }
  return {index, Value()};
}

bool inSharedMemory(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.getRank() == 2 &&
         nvgpu::NVGPUDialect::hasSharedMemoryAddressSpace(type) &&
         type.getStridesAndOffset().first.back() == 1;
}

/// A 32-bit mma operand register and the 16-bit pair it was built from:
/// bf16 pairs are bitcast to i32, f16 pairs are passed as they are.
Value pairOfRegister(Value reg) {
  if (isa<VectorType>(reg.getType()))
    return reg;
  auto extract = reg.getDefiningOp<vector::ExtractOp>();
  if (!extract || extract.getStaticPosition() != ArrayRef<int64_t>{0})
    return {};
  auto cast = extract.getSource().getDefiningOp<vector::BitCastOp>();
  return cast ? cast.getSource() : Value();
}

/// The register the mma operand takes from a pair ldmatrix returned (the
/// inverse of pairOfRegister).
Value registerOfPair(OpBuilder &b, Location loc, Value pair,
                     Type registerType) {
  if (isa<VectorType>(registerType))
    return pair;
  Value word = vector::BitCastOp::create(
      b, loc, VectorType::get({1}, registerType), pair);
  return vector::ExtractOp::create(b, loc, word, 0);
}

/// Where a piece of A or B starts in its buffer: at row0 (plus rowTerm, a
/// value every lane of the warp shares, where not null), col0.
struct Piece {
  Value base;
  int64_t row0, col0;
  Value rowTerm = nullptr;
};

/// Whether two warp-uniform terms are the same value: equal, or the same
/// pure op on the same operands (lower-mma recomputes a strip's first row
/// for each register).
bool sameTerm(Value x, Value y) {
  if (x == y)
    return true;
  if (!x || !y)
    return false;
  Operation *a = x.getDefiningOp(), *b = y.getDefiningOp();
  if (!a || !b || a->getName() != b->getName() || !isPure(a) ||
      a->getAttrDictionary() != b->getAttrDictionary() ||
      a->getNumOperands() != b->getNumOperands())
    return false;
  for (auto [u, v] : llvm::zip_equal(a->getOperands(), b->getOperands()))
    if (!sameTerm(u, v))
      return false;
  return true;
}

/// Registers that are lower-mma's 32-bit loads of pairs at row g, column 2t
/// of one shared-memory buffer, register i's `offsets[i]` ({row, col}) from
/// the piece's start; the rows may carry a warp-uniform term.
std::optional<Piece> matchRowPairs(ValueRange regs,
                                   ArrayRef<std::array<int64_t, 2>> offsets) {
  if (regs.size() != offsets.size())
    return std::nullopt;
  std::optional<Piece> piece;
  for (auto [reg, offset] : llvm::zip_equal(regs, offsets)) {
    Value pair = pairOfRegister(reg);
    auto load = pair ? pair.getDefiningOp<vector::LoadOp>() : nullptr;
    if (!load || load.getVectorType().getNumElements() != 2 ||
        !inSharedMemory(load.getBase()))
      return std::nullopt;
    auto [rowIndex, row] = splitConstantOffset(load.getIndices()[0]);
    auto [rowRoot, rowTerm] = splitUniformTerm(rowIndex);
    auto [colRoot, col] = splitConstantOffset(load.getIndices()[1]);
    if (!isGroupOfLane(rowRoot) || !isTwiceThreadInGroup(colRoot))
      return std::nullopt;
    auto [rowOffset, colOffset] = offset;
    if (!piece)
      piece = Piece{load.getBase(), row - rowOffset, col - colOffset, rowTerm};
    if (load.getBase() != piece->base || row != piece->row0 + rowOffset ||
        col != piece->col0 + colOffset || !sameTerm(rowTerm, piece->rowTerm))
      return std::nullopt;
  }
  return piece;
}

/// A's four registers when they are lower-mma's loads of one 16 x 16 piece:
/// pairs at rows g (+8), columns 2t (+8) of one shared-memory buffer.
std::optional<Piece> matchA(ValueRange regs) {
  SmallVector<std::array<int64_t, 2>> offsets;
  for (const mma::PairPosition &p : mma::kA)
    offsets.push_back({p.row0, p.col0});
  return matchRowPairs(regs, offsets);
}

/// B's two registers when they are lower-mma's loads of one 16 x 8 piece:
/// elements at rows 2t, 2t + 1 (+8), column g; the rows may carry a
/// warp-uniform term (the fused attention's V rows where the warps split
/// the key tile).
std::optional<Piece> matchB(ValueRange regs) {
  std::optional<Piece> piece;
  for (auto [i, reg] : llvm::enumerate(regs)) {
    Value pair = pairOfRegister(reg);
    auto elements =
        pair ? pair.getDefiningOp<vector::FromElementsOp>() : nullptr;
    if (!elements || elements.getElements().size() != 2)
      return std::nullopt;
    const mma::PairPosition &p = mma::kB[i];
    for (auto [e, element] : llvm::enumerate(elements.getElements())) {
      auto load = element.getDefiningOp<memref::LoadOp>();
      if (!load || !inSharedMemory(load.getMemRef()))
        return std::nullopt;
      auto [rowIndex, row] = splitConstantOffset(load.getIndices()[0]);
      auto [rowRoot, rowTerm] = splitUniformTerm(rowIndex);
      auto [colRoot, col] = splitConstantOffset(load.getIndices()[1]);
      if (!isTwiceThreadInGroup(rowRoot) || !isGroupOfLane(colRoot))
        return std::nullopt;
      if (!piece)
        piece = Piece{load.getMemRef(), row - p.row0 - int64_t(e), col - p.col0,
                      rowTerm};
      if (load.getMemRef() != piece->base ||
          row != piece->row0 + p.row0 + int64_t(e) ||
          col != piece->col0 + p.col0 || !sameTerm(rowTerm, piece->rowTerm))
        return std::nullopt;
    }
  }
  return piece;
}

/// B's two registers when they are lower-mma's loads of one 16 x 8 piece
/// held as [N, K] (read transposed): pairs at row g, columns 2t and 2t + 8
/// of the tile (kB's pair i at K 8 i of the piece). The piece's `row0` is
/// its first N, `col0` its first K.
std::optional<Piece> matchBTransposed(ValueRange regs) {
  SmallVector<std::array<int64_t, 2>> offsets;
  for (const mma::PairPosition &p : mma::kB)
    offsets.push_back({p.col0, p.row0});
  return matchRowPairs(regs, offsets);
}

/// Where an ldmatrix points its lanes (passes/MmaLayout.h): lane l at
/// ldmatrixRowOfA's {l % 16, 8 (l / 16)} (A, or two pieces of B side by
/// side), ldmatrixRowOfB's {l % 16, 0}, or ldmatrixRowOfBTransposed's
/// {8 (l / 16) + l % 8, 8 ((l / 8) % 2)}, from the piece's start.
enum class Lanes { A, B, BTransposed };

/// One ldmatrix of `tiles` 8 x 8 matrices at the piece, its lanes pointed
/// as `lanes` says. The registers, in the mma operand's type.
SmallVector<Value> loadPiece(OpBuilder &b, Location loc, const Piece &piece,
                             int64_t tiles, bool transpose, Lanes lanes,
                             Type registerType) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto plus = [&](Value v, int64_t c) -> Value {
    return c ? arith::AddIOp::create(b, loc, v, index(c)).getResult() : v;
  };
  auto rem = [&](Value v, int64_t c) -> Value {
    return arith::RemUIOp::create(b, loc, v, index(c));
  };
  auto div = [&](Value v, int64_t c) -> Value {
    return arith::DivUIOp::create(b, loc, v, index(c));
  };
  auto times = [&](Value v, int64_t c) -> Value {
    return arith::MulIOp::create(b, loc, v, index(c));
  };
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
  // The piece's first row, where a warp-uniform term places it.
  auto plusRow = [&](Value v) -> Value {
    v = plus(v, piece.row0);
    return piece.rowTerm
               ? arith::AddIOp::create(b, loc, v, piece.rowTerm).getResult()
               : v;
  };
  Value row, col;
  switch (lanes) {
  case Lanes::A:
    row = plusRow(rem(lane, 16));
    col = plus(times(div(lane, 16), 8), piece.col0);
    break;
  case Lanes::B:
    row = plusRow(rem(lane, 16));
    col = index(piece.col0);
    break;
  case Lanes::BTransposed:
    row = plusRow(
        arith::AddIOp::create(b, loc, times(div(lane, 16), 8), rem(lane, 8)));
    col = plus(times(rem(div(lane, 8), 2), 8), piece.col0);
    break;
  }
  auto element = cast<MemRefType>(piece.base.getType()).getElementType();
  auto type = VectorType::get({tiles, 2}, element);
  Value matrices = nvgpu::LdMatrixOp::create(
      b, loc, type, piece.base, ValueRange{row, col}, b.getBoolAttr(transpose),
      b.getI32IntegerAttr(tiles));
  SmallVector<Value> regs;
  for (int64_t i = 0; i < tiles; ++i)
    regs.push_back(registerOfPair(
        b, loc, vector::ExtractOp::create(b, loc, matrices, i), registerType));
  return regs;
}

/// A piece of A or B as lower-mma loaded it: where it starts, and the
/// registers the mma.sync ops take from it.
struct LoadedPiece {
  Piece at;
  SmallVector<Value> regs;
};

/// Where the earliest of `regs` is made, when all are made in one block.
Operation *earliestDef(ArrayRef<Value> regs) {
  Operation *first = nullptr;
  for (Value reg : regs) {
    Operation *def = reg.getDefiningOp();
    if (!def || (first && def->getBlock() != first->getBlock()))
      return nullptr;
    if (!first || def->isBeforeInBlock(first))
      first = def;
  }
  return first;
}

struct MmaLdmatrixPass
    : public tessel::impl::TesselMmaLdmatrixBase<MmaLdmatrixPass> {
  void runOnOperation() override {
    // The pieces the mma.sync ops of a launch read, each once (a piece of A
    // or B feeds several mma.sync), in program order.
    SmallVector<LoadedPiece> as, bs, bts;
    DenseSet<Value> seen;
    getOperation()->walk([&](NVVM::MmaOp mma) {
      if (!mma->getParentOfType<gpu::LaunchOp>())
        return;
      auto collect = [&](OperandRange operands, bool isA) {
        SmallVector<Value> regs = llvm::to_vector(operands);
        if (regs.empty() || !seen.insert(regs.front()).second ||
            !earliestDef(regs))
          return;
        if (std::optional<Piece> at = isA ? matchA(regs) : matchB(regs))
          (isA ? as : bs).push_back({*at, regs});
        else if (!isA)
          if (std::optional<Piece> at = matchBTransposed(regs))
            bts.push_back({*at, regs});
      };
      collect(mma.getOperandA(), /*isA=*/true);
      collect(mma.getOperandB(), /*isA=*/false);
    });
    // New registers for old ones.
    DenseMap<Value, Value> replacement;
    SetVector<Operation *> replaced;
    auto load = [&](ArrayRef<const LoadedPiece *> pieces, int64_t tiles,
                    bool transpose, Lanes lanes) {
      SmallVector<Value> old;
      for (const LoadedPiece *piece : pieces)
        old.append(piece->regs);
      Operation *first = earliestDef(old);
      if (!first)
        return;
      // In place of the earliest plain load: the buffer is complete there
      // (after the step's barrier).
      OpBuilder b(first);
      SmallVector<Value> fresh =
          loadPiece(b, first->getLoc(), pieces.front()->at, tiles, transpose,
                    lanes, old.front().getType());
      for (auto [from, to] : llvm::zip_equal(old, fresh)) {
        replacement[from] = to;
        replaced.insert(from.getDefiningOp());
      }
    };
    // A: one .x4 a piece.
    for (const LoadedPiece &a : as)
      load({&a}, 4, /*transpose=*/false, Lanes::A);
    // B: two pieces side by side along N (columns n and n + 8 of B, same K
    // rows and buffer: held as [N, K], rows n and n + 8 of the tile) in one
    // .x4, each other piece in a .x2.
    DenseSet<const LoadedPiece *> paired;
    auto pairUp = [&](ArrayRef<LoadedPiece> pieces, bool byRows) {
      for (const LoadedPiece &b : pieces) {
        if (paired.contains(&b))
          continue;
        const LoadedPiece *partner = nullptr;
        for (const LoadedPiece &other : pieces) {
          bool beside = byRows ? other.at.row0 == b.at.row0 + 8 &&
                                     other.at.col0 == b.at.col0
                               : other.at.row0 == b.at.row0 &&
                                     other.at.col0 == b.at.col0 + 8;
          if (!paired.contains(&other) && other.at.base == b.at.base &&
              beside && sameTerm(other.at.rowTerm, b.at.rowTerm) &&
              earliestDef(other.regs)->getBlock() ==
                  earliestDef(b.regs)->getBlock()) {
            partner = &other;
            break;
          }
        }
        paired.insert(&b);
        // Held as [K, N], .trans; as [N, K], plain.
        bool transpose = !byRows;
        if (partner) {
          paired.insert(partner);
          load({&b, partner}, 4, transpose,
               byRows ? Lanes::BTransposed : Lanes::A);
        } else {
          load({&b}, 2, transpose, byRows ? Lanes::BTransposed : Lanes::B);
        }
      }
    };
    pairUp(bs, /*byRows=*/false);
    pairUp(bts, /*byRows=*/true);
    getOperation()->walk([&](NVVM::MmaOp mma) {
      for (OpOperand &operand : mma->getOpOperands())
        if (Value to = replacement.lookup(operand.get()))
          operand.set(to);
    });
    // The plain loads and what packed them, now unused.
    SmallVector<Operation *> worklist(replaced.begin(), replaced.end());
    DenseSet<Operation *> erased;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (erased.contains(op) || !op->use_empty() ||
          (!isMemoryEffectFree(op) && !isa<vector::LoadOp, memref::LoadOp>(op)))
        continue;
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          worklist.push_back(def);
      erased.insert(op);
      op->erase();
    }
  }
};

} // namespace
