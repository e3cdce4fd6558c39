//===- MmaLdmatrix.cpp - tessel-mma-ldmatrix ------------------------------===//
//
// tessel-lower-mma gives each lane its fragments of A and B with plain
// loads: four 32-bit loads for a piece of A, four 16-bit loads for a piece
// of B (whose pairs run down a column). Once tessel-map-to-gpu has put the
// operand tiles in shared memory, one ldmatrix loads a whole piece for the
// warp: .x4 for A, .x2.trans for B (passes/MmaLayout.h says where each lane
// points; MmaLayoutTest checks that the registers are the fragments).
//
//===----------------------------------------------------------------------===//

#include "passes/IndexRange.h"
#include "passes/MmaLayout.h"
#include "passes/Passes.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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

/// Where a piece of A or B starts in its buffer.
struct Piece {
  Value base;
  int64_t row0, col0;
};

/// A's four registers when they are lower-mma's loads of one 16 x 16 piece:
/// pairs at rows g (+8), columns 2t (+8) of one shared-memory buffer.
std::optional<Piece> matchA(ValueRange regs) {
  std::optional<Piece> piece;
  for (auto [i, reg] : llvm::enumerate(regs)) {
    Value pair = pairOfRegister(reg);
    auto load = pair ? pair.getDefiningOp<vector::LoadOp>() : nullptr;
    if (!load || load.getVectorType().getNumElements() != 2 ||
        !inSharedMemory(load.getBase()))
      return std::nullopt;
    auto [rowRoot, row] = splitConstantOffset(load.getIndices()[0]);
    auto [colRoot, col] = splitConstantOffset(load.getIndices()[1]);
    if (!isGroupOfLane(rowRoot) || !isTwiceThreadInGroup(colRoot))
      return std::nullopt;
    const mma::PairPosition &p = mma::kA[i];
    if (!piece)
      piece = Piece{load.getBase(), row - p.row0, col - p.col0};
    if (load.getBase() != piece->base || row != piece->row0 + p.row0 ||
        col != piece->col0 + p.col0)
      return std::nullopt;
  }
  return piece;
}

/// B's two registers when they are lower-mma's loads of one 16 x 8 piece:
/// elements at rows 2t, 2t + 1 (+8), column g.
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
      auto [rowRoot, row] = splitConstantOffset(load.getIndices()[0]);
      auto [colRoot, col] = splitConstantOffset(load.getIndices()[1]);
      if (!isTwiceThreadInGroup(rowRoot) || !isGroupOfLane(colRoot))
        return std::nullopt;
      if (!piece)
        piece =
            Piece{load.getMemRef(), row - p.row0 - int64_t(e), col - p.col0};
      if (load.getMemRef() != piece->base ||
          row != piece->row0 + p.row0 + int64_t(e) ||
          col != piece->col0 + p.col0)
        return std::nullopt;
    }
  }
  return piece;
}

/// One ldmatrix of `tiles` 8 x 8 matrices at the piece, lane l pointing at
/// its row l % 16, column colsPer * (l / 16): ldmatrixRowOfA's (colsPer 8:
/// A, or two pieces of B) or ldmatrixRowOfB's (colsPer 0) in
/// passes/MmaLayout.h. The registers, in the mma operand's type.
SmallVector<Value> loadPiece(OpBuilder &b, Location loc, const Piece &piece,
                             int64_t tiles, bool transpose, int64_t colsPer,
                             Type registerType) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto plus = [&](Value v, int64_t c) -> Value {
    return c ? arith::AddIOp::create(b, loc, v, index(c)).getResult() : v;
  };
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
  Value row = plus(arith::RemUIOp::create(b, loc, lane, index(16)), piece.row0);
  Value col =
      colsPer
          ? plus(arith::MulIOp::create(
                     b, loc, arith::DivUIOp::create(b, loc, lane, index(16)),
                     index(colsPer)),
                 piece.col0)
          : index(piece.col0);
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
    SmallVector<LoadedPiece> as, bs;
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
      };
      collect(mma.getOperandA(), /*isA=*/true);
      collect(mma.getOperandB(), /*isA=*/false);
    });
    // New registers for old ones.
    DenseMap<Value, Value> replacement;
    SetVector<Operation *> replaced;
    auto load = [&](ArrayRef<const LoadedPiece *> pieces, int64_t tiles,
                    bool transpose, int64_t colsPer) {
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
                    colsPer, old.front().getType());
      for (auto [from, to] : llvm::zip_equal(old, fresh)) {
        replacement[from] = to;
        replaced.insert(from.getDefiningOp());
      }
    };
    // A: one .x4 a piece.
    for (const LoadedPiece &a : as)
      load({&a}, 4, /*transpose=*/false, 8);
    // B: two pieces side by side along N (columns n and n + 8, same rows
    // and buffer) in one .x4.trans, each other piece in a .x2.trans.
    DenseSet<const LoadedPiece *> paired;
    for (const LoadedPiece &b : bs) {
      if (paired.contains(&b))
        continue;
      const LoadedPiece *partner = nullptr;
      for (const LoadedPiece &other : bs)
        if (!paired.contains(&other) && other.at.base == b.at.base &&
            other.at.row0 == b.at.row0 && other.at.col0 == b.at.col0 + 8 &&
            earliestDef(other.regs)->getBlock() ==
                earliestDef(b.regs)->getBlock()) {
          partner = &other;
          break;
        }
      paired.insert(&b);
      if (partner) {
        paired.insert(partner);
        load({&b, partner}, 4, /*transpose=*/true, 8);
      } else {
        load({&b}, 2, /*transpose=*/true, 0);
      }
    }
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
