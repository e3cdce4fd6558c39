//===- LowerMma.cpp - tessel-lower-mma
//-------------------------------------===//
//
// The NVIDIA half of a tensor-core K step: the warp-level 16x8x16
// vector.contract ops that tessel-tile-and-fuse writes for `mma = mma_sync`
// become one nvvm.mma.sync each, every vector they read or write becoming
// the fragment each lane holds, laid out as passes/MmaLayout.h says (bf16
// registers are passed as i32, f16 ones as vector<2xf16>).
//
//===----------------------------------------------------------------------===//

#include "passes/MmaLayout.h"
#include "passes/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"

#include <map>
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

/// Whether `contract` is one mma.sync's worth: A 16 x 16 and B 16 x 8 of
/// f16 or bf16, the accumulator 16 x 8 of f32, as (m, k) x (k, n) -> (m, n).
bool isMmaPiece(vector::ContractionOp contract) {
  auto a = contract.getLhsType(), b = contract.getRhsType();
  auto c = dyn_cast<VectorType>(contract.getAccType());
  if (!c || a.getShape() != ArrayRef<int64_t>{kM, kK} ||
      b.getShape() != ArrayRef<int64_t>{kK, kN} ||
      c.getShape() != ArrayRef<int64_t>{kM, kN})
    return false;
  Type in = a.getElementType();
  if (in != b.getElementType() || !(in.isF16() || in.isBF16()) ||
      !c.getElementType().isF32() ||
      contract.getKind() != vector::CombiningKind::ADD)
    return false;
  MLIRContext *ctx = contract.getContext();
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  using MapList = ArrayRef<ArrayRef<AffineExpr>>;
  return contract.getIndexingMapsArray() ==
         AffineMap::inferFromExprList(MapList{{m, k}, {k, n}, {m, n}}, ctx);
}

/// A read or write of a whole piece from a row-major memref (its last two
/// dims, in bounds, unit stride along the last).
template <typename TransferOp> bool isPlainTransfer(TransferOp op) {
  auto memref = dyn_cast<MemRefType>(op.getBase().getType());
  if (!memref || op.getMask() || !op.getPermutationMap().isMinorIdentity() ||
      op.getPermutationMap().getNumResults() != 2 || op.hasOutOfBoundsDim())
    return false;
  auto [strides, offset] = memref.getStridesAndOffset();
  return strides.back() == 1;
}

/// Builds one warp's fragments of the pieces in a block, each at most once.
class FragmentBuilder {
public:
  FragmentBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// The lane's (row, column) base: g = lane / 4 and t = lane % 4.
  void setLane() {
    Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
    g = arith::DivUIOp::create(b, loc, lane, index(4));
    t = arith::RemUIOp::create(b, loc, lane, index(4));
  }

  /// A's four registers, read by `read`.
  SmallVector<Value> loadA(vector::TransferReadOp read) {
    SmallVector<Value> regs;
    for (const mma::PairPosition &p : mma::kA)
      regs.push_back(toRegister(loadPair(read, p)));
    return regs;
  }

  /// B's two registers: two elements of K each, down a column.
  SmallVector<Value> loadB(vector::TransferReadOp read) {
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

  /// The accumulator's four f32 values.
  SmallVector<Value> loadC(vector::TransferReadOp read) {
    SmallVector<Value> values;
    for (const mma::PairPosition &p : mma::kC) {
      Value pair = loadPair(read, p);
      for (int64_t e = 0; e < 2; ++e)
        values.push_back(vector::ExtractOp::create(b, loc, pair, e));
    }
    return values;
  }

  /// The accumulator's four f32 values of a piece that starts at zero.
  SmallVector<Value> zeroC() {
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
    return SmallVector<Value>(4, zero);
  }

  /// Stores the four f32 values of a result where `write` puts the piece.
  void storeC(vector::TransferWriteOp write, ArrayRef<Value> values) {
    auto pairType = VectorType::get({2}, b.getF32Type());
    for (auto [i, p] : llvm::enumerate(mma::kC)) {
      Value pair = vector::FromElementsOp::create(
          b, loc, pairType, ValueRange{values[2 * i], values[2 * i + 1]});
      vector::StoreOp::create(b, loc, pair, write.getBase(),
                              indicesOf(write.getIndices(), p, 0, 0));
    }
  }

  /// One mma.sync: A's and B's registers, C's values; D's four values.
  SmallVector<Value> mma(Type input, ArrayRef<Value> a, ArrayRef<Value> bRegs,
                         ArrayRef<Value> c) {
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
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// base + perG * g + perT * t + offset.
  Value offsetBy(Value base, int64_t perG, int64_t perT, int64_t offset) {
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

  /// The indices of a transfer (its piece in the last two dims) moved to
  /// the element of `p` for this lane, `rowStep` rows and `colStep` columns
  /// further.
  SmallVector<Value> indicesOf(ValueRange indices, const mma::PairPosition &p,
                               int64_t rowStep, int64_t colStep) {
    SmallVector<Value> at(indices.begin(), indices.end());
    Value &row = at[at.size() - 2], &col = at.back();
    row = offsetBy(row, p.rowPerG, p.rowPerT, p.row0 + rowStep);
    col = offsetBy(col, p.colPerG, p.colPerT, p.col0 + colStep);
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

  OpBuilder &b;
  Location loc;
  Value g, t;
};

/// The buffer a memref views (through subviews and casts).
Value rootBuffer(Value memref) {
  return memref::skipViewLikeOps(cast<MemrefValue>(memref));
}

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
        holdsPieces |= isMmaPiece(contract);
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
      if (isMmaPiece(contract))
        pieces[contract->getBlock()].push_back(contract);
    });
    for (auto &[block, contracts] : pieces)
      if (failed(lowerBlock(contracts)))
        return signalPassFailure();
  }

  /// The contractions of one block, in program order: each operand a plain
  /// read or (the accumulator) zero or an earlier piece's result; each
  /// result read by a later piece or written out.
  static LogicalResult
  lowerBlock(MutableArrayRef<vector::ContractionOp> contracts) {
    auto fail = [](Operation *op, const Twine &why) {
      return op->emitOpError() << "cannot become mma.sync: " << why;
    };
    OpBuilder b(contracts.front());
    FragmentBuilder frags(b, contracts.front().getLoc());
    frags.setLane();
    // Fragments of A and B by where they are read (buffer and indices): the
    // step writes only its accumulator, so a piece read twice is loaded
    // once (checked below).
    std::map<std::vector<void *>, SmallVector<Value>> loaded;
    DenseSet<Value> written;
    for (vector::ContractionOp contract : contracts)
      for (Operation *user : contract->getUsers())
        if (auto write = dyn_cast<vector::TransferWriteOp>(user))
          written.insert(rootBuffer(write.getBase()));
    DenseMap<Value, SmallVector<Value>> results;
    // What the lowering replaces, erased at the end: the pieces, the writes
    // of their results, the reads of their operands. Kept apart so that
    // nothing is looked at once it is erased.
    DenseSet<Operation *> lowered;
    SetVector<Operation *> deadReads;
    SmallVector<Operation *> deadWrites;
    auto readOf = [&](Value v) -> vector::TransferReadOp {
      auto read = v.getDefiningOp<vector::TransferReadOp>();
      return read && isPlainTransfer(read) ? read : nullptr;
    };
    for (vector::ContractionOp contract : contracts) {
      b.setInsertionPoint(contract);
      vector::TransferReadOp a = readOf(contract.getLhs()),
                             bRead = readOf(contract.getRhs());
      if (!a || !bRead)
        return fail(contract, "its A or B piece is not read whole from a "
                              "row-major buffer");
      auto operand = [&](vector::TransferReadOp read,
                         bool isA) -> FailureOr<SmallVector<Value>> {
        if (written.contains(rootBuffer(read.getBase())))
          return fail(contract, "its A or B piece is read from a buffer the "
                                "pieces write");
        std::vector<void *> key = {read.getBase().getAsOpaquePointer()};
        for (Value index : read.getIndices())
          key.push_back(index.getAsOpaquePointer());
        auto [it, inserted] = loaded.try_emplace(key);
        if (inserted)
          it->second = isA ? frags.loadA(read) : frags.loadB(read);
        deadReads.insert(read);
        return it->second;
      };
      FailureOr<SmallVector<Value>> aRegs = operand(a, true),
                                    bRegs = operand(bRead, false);
      if (failed(aRegs) || failed(bRegs))
        return failure();
      SmallVector<Value> c;
      Value acc = contract.getAcc();
      if (auto known = results.find(acc); known != results.end()) {
        c = known->second;
      } else if (vector::TransferReadOp read = readOf(acc)) {
        c = frags.loadC(read);
        deadReads.insert(read);
      } else if (matchPattern(acc, m_AnyZeroFloat())) {
        c = frags.zeroC();
      } else {
        return fail(contract, "its accumulator is neither read from a "
                              "buffer, zero, nor another piece's result");
      }
      results[contract.getResult()] =
          frags.mma(contract.getLhsType().getElementType(), *aRegs, *bRegs, c);
      lowered.insert(contract);
    }
    // Results leave through writes of whole pieces.
    for (vector::ContractionOp contract : contracts)
      for (Operation *user : contract->getUsers()) {
        if (auto next = dyn_cast<vector::ContractionOp>(user);
            next && lowered.contains(next) &&
            next.getAcc() == contract.getResult())
          continue;
        auto write = dyn_cast<vector::TransferWriteOp>(user);
        if (!write || !isPlainTransfer(write) ||
            write.getVector() != contract.getResult())
          return fail(contract, "its result is used other than as an "
                                "accumulator or written whole to a buffer");
        b.setInsertionPoint(write);
        frags.storeC(write, results[contract.getResult()]);
        deadWrites.push_back(write);
      }
    // The writes, then the pieces (each used only by later ones), then the
    // reads nothing else uses.
    for (Operation *write : deadWrites)
      write->erase();
    for (vector::ContractionOp contract : llvm::reverse(contracts)) {
      if (!contract->use_empty())
        return fail(contract, "its result has other uses");
      contract->erase();
    }
    for (Operation *read : deadReads)
      if (read->use_empty())
        read->erase();
    return success();
  }
};

} // namespace
