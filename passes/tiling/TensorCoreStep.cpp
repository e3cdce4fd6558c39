//===- TensorCoreStep.cpp - A K step on tensor cores (mma.sync) -----------===//
//
// See TensorCoreStep.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/TensorCoreStep.h"

#include "passes/BlockLoops.h"
#include "passes/KernelDescription.h"
#include "passes/MfmaLayout.h"
#include "passes/MmaLayout.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// The warp tile a `mma = NAME` K step needs: [.., M, N, K] with K the
/// block's K step (each warp, or wavefront, computes an M x N piece over
/// the whole step).
LogicalResult checkWarpTile(func::FuncOp func, ScheduleAttr sched,
                            StringRef name, StringRef warp) {
  ArrayRef<int64_t> tile = sched.getWarp(), block = sched.getBlock();
  if (tile.size() < 3 || tile.back() != block.back())
    return func.emitOpError()
           << "schedule " << sched << " sets mma = " << name
           << " without a warp tile [.., M, N, K] whose K is the block's K "
              "step (each "
           << warp << " computes an M x N piece over the whole step)";
  return success();
}

} // namespace

LogicalResult tiling::checkMmaSync(func::FuncOp func, ScheduleAttr sched,
                                   const Target &gpu) {
  if (!gpu.hasMmaSync())
    return func.emitOpError()
           << "schedule " << sched << " sets mma = mma_sync, which needs an "
           << "NVIDIA GPU of sm_80 or newer; " << gpu.name() << " is "
           << gpu.arch() << (gpu.hasMfma() ? " (use mma = mfma)" : "");
  return checkWarpTile(func, sched, "mma_sync", "warp");
}

LogicalResult tiling::checkMfma(func::FuncOp func, ScheduleAttr sched,
                                const Target &gpu) {
  if (!gpu.hasMfma())
    return func.emitOpError()
           << "schedule " << sched << " sets mma = mfma, which needs an AMD "
           << "GPU with bf16 matrix cores (gfx90a, gfx94x); " << gpu.name()
           << " is " << gpu.arch()
           << (gpu.hasMmaSync() ? " (use mma = mma_sync)" : "");
  return checkWarpTile(func, sched, "mfma", "wavefront");
}

MatrixPiece tiling::matrixPieceFor(InstructionClass mma,
                                   ArrayRef<int64_t> warpTile) {
  if (mma == InstructionClass::Mfma) {
    MfmaShape s = MfmaShape::forWarpTile(warpTile[0], warpTile[1]);
    return {s.m, s.n, s.k, MfmaShape::kWaveSize, "mfma"};
  }
  return {mma::kM, mma::kN, mma::kK, mma::kWarpSize,
          mma == InstructionClass::Wgmma ? "wgmma" : "mma_sync"};
}

LogicalResult tiling::checkWgmma(func::FuncOp func, ScheduleAttr sched,
                                 const Target &gpu) {
  using W = WgmmaShape;
  if (!gpu.hasWgmma())
    return func.emitOpError()
           << "schedule " << sched << " sets mma = wgmma, which needs an "
           << "NVIDIA GPU with warpgroup MMA (sm_90a); " << gpu.name() << " is "
           << gpu.arch();
  ArrayRef<int64_t> block = sched.getBlock();
  ArrayRef<int64_t> warp = sched.getWarp();
  if (!warp.empty()) {
    // Threads' copies, the warps' pieces issued as their warpgroups'
    // wgmma: each warp 16 rows of the block's N over the K step.
    if (failed(checkWarpTile(func, sched, "wgmma", "warp")))
      return failure();
    int64_t rank = int64_t(block.size());
    if ((rank != 3 && !(rank == 4 && block[0] == 1 && warp[0] == 1)) ||
        warp[rank - 3] != mma::kM || warp[rank - 2] != block[rank - 2])
      return func.emitOpError()
             << "schedule " << sched << " sets mma = wgmma with a warp tile; "
             << "each warp computes " << mma::kM << " rows of the block's "
             << "whole N (its share of its warpgroup's " << W::kM
             << "): warp = [" << (rank == 4 ? "1, " : "") << mma::kM << ", "
             << block[rank - 2] << ", " << block.back() << "]";
    int64_t warps = sched.getWarps();
    if (warps % W::kWarpsPerGroup ||
        warps / W::kWarpsPerGroup > W::kMaxGroups ||
        block[rank - 3] != mma::kM * warps)
      return func.emitOpError()
             << "schedule " << sched << " sets mma = wgmma with " << warps
             << " warps of " << mma::kM << " rows and a block of "
             << block[rank - 3] << " rows; its warpgroups of "
             << W::kWarpsPerGroup << " warps compute " << W::kM
             << " rows each, so warps must be 4, 8, 12 or 16 and M " << mma::kM
             << " per warp";
    if (block[rank - 2] % mma::kN || block[rank - 2] > W::kMaxN ||
        block.back() % mma::kK)
      return func.emitOpError()
             << "schedule " << sched << " sets mma = wgmma with a block N of "
             << block[rank - 2] << " and a K step of " << block.back()
             << "; one wgmma takes N a multiple of " << mma::kN << " up to "
             << W::kMaxN << " and K in steps of " << mma::kK;
    return success();
  }
  int64_t warps = sched.getWarps(), groups = warps / W::kWarpsPerGroup;
  if (block.size() != 3 && !(block.size() == 4 && block[0] == 1))
    return func.emitOpError()
           << "schedule " << sched << " sets mma = wgmma, which steps a "
           << "matmul, block = [M, N, K step], or a batch_matmul one batch "
           << "element a block, block = [1, M, N, K step]";
  // [M, N, K step] of a batch_matmul's [1, M, N, K step].
  block = block.take_back(3);
  if (warps % W::kWarpsPerGroup || groups < 1 || groups > W::kMaxGroups ||
      block[0] != W::kM * groups)
    return func.emitOpError()
           << "schedule " << sched << " sets mma = wgmma with " << warps
           << " warps and a block of " << block[0] << " rows; each "
           << "warpgroup of " << W::kWarpsPerGroup << " warps computes "
           << W::kM << " rows, so warps must be 4, 8, 12 or 16 and M " << W::kM
           << " per warpgroup";
  if (sched.getStages() < 2)
    return func.emitOpError()
           << "schedule " << sched
           << " sets mma = wgmma with stages = " << sched.getStages()
           << "; its TMA pipeline refills a stage while "
           << "the next one is computed: give it 2 or more";
  if (block[1] % W::kNChunk || block[1] > W::kMaxN)
    return func.emitOpError()
           << "schedule " << sched << " sets mma = wgmma with a block N of "
           << block[1] << "; TMA loads B in " << W::kNChunk
           << "-column boxes and one wgmma takes at most " << W::kMaxN
           << ": N must be a multiple of " << W::kNChunk << " up to "
           << W::kMaxN;
  return success();
}

namespace {

/// The values of a one-input affine map at `x`, where all fold to
/// constants.
std::optional<SmallVector<int64_t>> evaluate(AffineMap map, int64_t x) {
  SmallVector<int64_t> values;
  for (AffineExpr e : map.getResults()) {
    auto folded = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(
        e.replaceDims(getAffineConstantExpr(x, map.getContext())), 1, 0));
    if (!folded)
      return std::nullopt;
    values.push_back(folded.getValue());
  }
  return values;
}

/// The stride T of a block loop's offset op `iv * T`; nullopt for another
/// op.
std::optional<int64_t> blockOffsetStride(Operation *op) {
  auto apply = dyn_cast<affine::AffineApplyOp>(op);
  if (!apply || apply.getMap().getNumInputs() != 1)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> at0 = evaluate(apply.getMap(), 0),
                                      at1 = evaluate(apply.getMap(), 1),
                                      at2 = evaluate(apply.getMap(), 2);
  if (!at0 || !at1 || !at2 || (*at0)[0] != 0 || (*at2)[0] != 2 * (*at1)[0])
    return std::nullopt;
  return (*at1)[0];
}

/// The tile size T and loop size M of a remainder tile's size op, `min(M -
/// offset, T)` of a block's offset `offset` (iv * T): nullopt for another
/// op.
std::optional<std::pair<int64_t, int64_t>> remainderTile(Operation *op,
                                                         int64_t stride) {
  auto min = dyn_cast<affine::AffineMinOp>(op);
  if (!min || min.getMap().getNumResults() != 2 ||
      min.getMap().getNumInputs() != 1)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> first = evaluate(min.getMap(), 0),
                                      second = evaluate(min.getMap(), stride);
  if (!first || !second)
    return std::nullopt;
  // One result is the constant T, the other M - offset.
  for (int c = 0; c < 2; ++c) {
    int64_t tile = (*first)[c], size = (*first)[1 - c];
    if (tile == stride && (*second)[c] == tile &&
        (*second)[1 - c] == size - tile)
      return std::pair{tile, size};
  }
  return std::nullopt;
}

/// shiftPartialBlocks for one induction variable of a block loop: its
/// offset ops (iv * T) become min(iv * T, M - T), and the remainder sizes
/// computed from them (min(M - offset, T)) become T.
LogicalResult shiftBlocksAlong(RewriterBase &rewriter, scf::ForallOp forall,
                               Value iv) {
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<Operation *> offsets(iv.getUsers().begin(), iv.getUsers().end());
  // The loop's tile T and size M, from the remainder sizes of its offsets.
  SmallVector<Operation *> sizes;
  std::optional<std::pair<int64_t, int64_t>> remainder;
  for (Operation *offset : offsets) {
    std::optional<int64_t> stride = blockOffsetStride(offset);
    if (!stride)
      continue; // checked below, where a tile is to be shifted
    for (Operation *user : offset->getUsers())
      if (std::optional<std::pair<int64_t, int64_t>> r =
              remainderTile(user, *stride)) {
        if (remainder && *remainder != *r)
          return forall.emitOpError()
                 << "internal error: a block loop's tiles disagree";
        remainder = r;
        sizes.push_back(user);
      }
  }
  if (!remainder)
    return success(); // the tiles divide the loop
  auto [tile, size] = *remainder;
  for (Operation *user : sizes) {
    rewriter.setInsertionPoint(user);
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(user, tile);
  }
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  AffineMap shifted = AffineMap::get(
      1, 0, {d0 * tile, getAffineConstantExpr(size - tile, ctx)}, ctx);
  for (Operation *offset : offsets) {
    if (blockOffsetStride(offset) != tile)
      return forall.emitOpError()
             << "internal error: the last tile of a block loop of " << size
             << " in tiles of " << tile
             << " cannot be shifted: its induction variable has another use: "
             << *offset;
    rewriter.setInsertionPoint(offset);
    rewriter.replaceOpWithNewOp<affine::AffineMinOp>(offset, shifted,
                                                     ValueRange{iv});
  }
  return success();
}

} // namespace

LogicalResult tiling::shiftPartialBlocks(func::FuncOp func) {
  SmallVector<scf::ForallOp> blocks;
  func.walk([&](scf::ForallOp forall) {
    if (isBlockLoop(forall))
      blocks.push_back(forall);
  });
  IRRewriter rewriter(func.getContext());
  for (scf::ForallOp forall : blocks)
    for (Value iv : forall.getInductionVars())
      if (failed(shiftBlocksAlong(rewriter, forall, iv)))
        return failure();
  return success();
}

LogicalResult tiling::computeWithMma(RewriterBase &rewriter,
                                     linalg::LinalgOp step,
                                     ArrayRef<int64_t> warpTile,
                                     const MatrixPiece &piece, int64_t threads,
                                     bool warpgroup) {
  Location loc = step.getLoc();
  auto fail = [&](const Twine &why) {
    return step->emitOpError()
           << "cannot run on tensor cores (" << piece.name << "): " << why;
  };
  std::string refusal = mmaSyncRefusal(step);
  if (!refusal.empty())
    return fail(refusal);
  // The loops: batch dims (tile 1), then M, N and the reduction K.
  SmallVector<unsigned> reductions;
  step.getReductionDims(reductions);
  unsigned k = reductions.front();
  ArrayRef<AffineExpr> cDims = step.getIndexingMapsArray()[2].getResults();
  unsigned m = cast<AffineDimExpr>(cDims[cDims.size() - 2]).getPosition();
  unsigned n = cast<AffineDimExpr>(cDims.back()).getPosition();
  MLIRContext *ctx = step.getContext();
  SmallVector<int64_t> sizes = step.getStaticLoopRanges();
  if (llvm::any_of(sizes, ShapedType::isDynamic))
    return fail("its tiles are not static (the K step must divide K; block "
                "tiles that do not divide M or N are shifted, not cut)");
  int64_t wm = warpTile[0], wn = warpTile[1];
  if (sizes[m] % wm || sizes[n] % wn || wm % piece.m || wn % piece.n ||
      sizes[k] % piece.k)
    return fail("warp tiles of " + Twine(wm) + " x " + Twine(wn) +
                " must divide the block's " + Twine(sizes[m]) + " x " +
                Twine(sizes[n]) + " and be multiples of " + Twine(piece.m) +
                " x " + Twine(piece.n) + ", and the K step (" +
                Twine(sizes[k]) + ") a multiple of " + Twine(piece.k));

  // A forall over the warps (normalized, as the GPU mapping wants), one
  // accumulator piece each.
  SmallVector<int64_t> warps(step.getNumLoops(), 0);
  warps[m] = sizes[m] / wm;
  warps[n] = sizes[n] / wn;
  if (warps[m] * warps[n] * piece.warpSize > threads)
    return fail(Twine(sizes[m]) + " x " + Twine(sizes[n]) +
                " outputs in warp tiles of " + Twine(wm) + " x " + Twine(wn) +
                " need " + Twine(warps[m] * warps[n]) + " warps, more than " +
                "the block's " + Twine(threads / piece.warpSize) +
                " (a consumer reducing over rows wider than the block tile "
                "computes them again: give the block whole rows)");
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setNumThreads(getAsIndexOpFoldResult(ctx, warps))
      .setMapping(
          {gpu::GPUWarpMappingAttr::get(ctx, gpu::MappingId::LinearDim1),
           gpu::GPUWarpMappingAttr::get(ctx, gpu::MappingId::LinearDim0)});
  rewriter.setInsertionPoint(step);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(step.getOperation()), options);
  if (failed(tiled))
    return fail("it could not be split over warps");
  rewriter.replaceOp(step, tiled->replacements);
  auto warp = cast<linalg::LinalgOp>(tiled->tiledOps.back());

  // The warp's pieces as matrices (batch dims of 1 dropped).
  rewriter.setInsertionPoint(warp);
  auto matrix = [&](Value v) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    if (type.getRank() == 2)
      return v;
    return tensor::createCanonicalRankReducingExtractSliceOp(
        rewriter, loc, v,
        RankedTensorType::get(type.getShape().take_back(2),
                              type.getElementType()));
  };
  Value aTile = matrix(warp.getDpsInputs()[0]),
        bTile = matrix(warp.getDpsInputs()[1]);
  Value cInit = warp.getDpsInits()[0], c = matrix(cInit);
  auto at = [&](int64_t i) {
    return arith::ConstantIndexOp::create(rewriter, loc, i);
  };
  auto read = [&](OpBuilder &b, Value from, Value row, Value col, int64_t rows,
                  int64_t cols) {
    return readMmaPiece(b, loc, from, row, col, rows, cols);
  };
  // B held as [N, K] (readTransposedInPlace): its K x N piece at (k, n) is
  // the tile's N x K piece at (n, k), read transposed.
  bool bTransposed = isBTransposed(warp);
  auto readB = [&](OpBuilder &b, Value kAt, Value col) {
    return bTransposed ? readMmaPieceTransposed(b, loc, bTile, col, kAt,
                                                piece.k, piece.n)
                       : read(b, bTile, kAt, col, piece.k, piece.n);
  };
  int64_t pk = sizes[k] / piece.k;
  Value out;
  if (warpgroup) {
    // wgmma's order (a strip of 16 rows: the warp's share of its
    // warpgroup's 64), unrolled: tessel-lower-mma chains a K piece's
    // contractions, which share A, into one instruction.
    if (wm != piece.m)
      return fail("a warpgroup's warp computes " + Twine(piece.m) +
                  " rows, not " + Twine(wm));
    warp->getParentOp()->setAttr(
        TesselDialect::kWarpgroupMmaAttrName,
        rewriter.getStringAttr(TesselDialect::kWarpgroupKStep));
    // A read from the block's tile at the warp's rows: the instruction's
    // descriptor addresses its warpgroup's 64 rows from there
    // (tessel-lower-mma), the same in its four warps. A is [.., M, K]
    // (mmaSyncRefusal), so its slice's offset along M is at M's loop
    // position.
    Value aRow = at(0);
    if (auto slice =
            warp.getDpsInputs()[0].getDefiningOp<tensor::ExtractSliceOp>()) {
      aTile = matrix(slice.getSource());
      aRow = getValueOrCreateConstantIndexOp(rewriter, loc,
                                             slice.getMixedOffsets()[m]);
    }
    Value row = at(0);
    SmallVector<Value> accs;
    for (int64_t col = 0; col < wn; col += piece.n)
      accs.push_back(read(rewriter, c, row, at(col), piece.m, piece.n));
    for (int64_t kk = 0; kk < pk; ++kk) {
      Value kAt = at(kk * piece.k);
      Value aPiece = read(rewriter, aTile, aRow, kAt, piece.m, piece.k);
      for (size_t j = 0; j < accs.size(); ++j)
        accs[j] =
            mmaPiece(rewriter, loc, aPiece,
                     readB(rewriter, kAt, at(int64_t(j) * piece.n)), accs[j]);
    }
    out = c;
    for (auto [j, acc] : llvm::enumerate(accs))
      out = vector::TransferWriteOp::create(
                rewriter, loc, acc, out,
                ValueRange{row, at(int64_t(j) * piece.n)},
                ArrayRef<bool>{true, true})
                .getResult();
  } else {
    // Loops over the warp's accumulator pieces, K's pieces unrolled inside:
    // the CPU path keeps them rolled; tessel-lower-mma unrolls them.
    auto pieceLoop = [&](OpBuilder &b, int64_t extent, int64_t step, Value init,
                         function_ref<Value(OpBuilder &, Value, Value)> body) {
      auto loop = scf::ForOp::create(
          b, loc, at(0), at(extent), at(step), ValueRange{init},
          [&](OpBuilder &nb, Location, Value iv, ValueRange args) {
            scf::YieldOp::create(nb, loc, body(nb, iv, args.front()));
          });
      return loop.getResult(0);
    };
    out = pieceLoop(
        rewriter, wm, piece.m, c, [&](OpBuilder &b, Value row, Value tile) {
          return pieceLoop(
              b, wn, piece.n, tile, [&](OpBuilder &nb, Value col, Value inner) {
                Value acc = read(nb, inner, row, col, piece.m, piece.n);
                for (int64_t kk = 0; kk < pk; ++kk) {
                  Value kAt =
                      arith::ConstantIndexOp::create(nb, loc, kk * piece.k);
                  Value aPiece = read(nb, aTile, row, kAt, piece.m, piece.k);
                  Value bPiece = readB(nb, kAt, col);
                  acc = mmaPiece(nb, loc, aPiece, bPiece, acc);
                }
                return vector::TransferWriteOp::create(
                           nb, loc, acc, inner, ValueRange{row, col},
                           ArrayRef<bool>{true, true})
                    .getResult();
              });
        });
  }
  if (out.getType() != cInit.getType())
    out = tensor::createCanonicalRankReducingInsertSliceOp(rewriter, loc, out,
                                                           cInit);
  rewriter.replaceOp(warp, out);
  return success();
}

/// A `rows` x `cols` piece of the 2-D `buffer` at (row, col), read through
/// `map` (the identity, or the transpose).
static Value readPiece(OpBuilder &b, Location loc, Value buffer, Value row,
                       Value col, int64_t rows, int64_t cols, AffineMap map) {
  Type element = getElementTypeOrSelf(buffer.getType());
  Value pad = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  return vector::TransferReadOp::create(
      b, loc, VectorType::get({rows, cols}, element), buffer,
      ValueRange{row, col}, pad, map, ArrayRef<bool>{true, true});
}

Value tiling::readMmaPiece(OpBuilder &b, Location loc, Value buffer, Value row,
                           Value col, int64_t rows, int64_t cols) {
  return readPiece(b, loc, buffer, row, col, rows, cols,
                   b.getMultiDimIdentityMap(2));
}

Value tiling::readMmaPieceTransposed(OpBuilder &b, Location loc, Value buffer,
                                     Value row, Value col, int64_t rows,
                                     int64_t cols) {
  MLIRContext *ctx = b.getContext();
  return readPiece(
      b, loc, buffer, row, col, rows, cols,
      AffineMap::get(2, 0, {getAffineDimExpr(1, ctx), getAffineDimExpr(0, ctx)},
                     ctx));
}

Value tiling::mmaPiece(OpBuilder &b, Location loc, Value a, Value bPiece,
                       Value acc) {
  MLIRContext *ctx = b.getContext();
  AffineExpr dm, dn, dk;
  bindDims(ctx, dm, dn, dk);
  using MapList = ArrayRef<ArrayRef<AffineExpr>>;
  auto maps = b.getAffineMapArrayAttr(
      AffineMap::inferFromExprList(MapList{{dm, dk}, {dk, dn}, {dm, dn}}, ctx));
  auto iterators = b.getArrayAttr(
      {vector::IteratorTypeAttr::get(ctx, vector::IteratorType::parallel),
       vector::IteratorTypeAttr::get(ctx, vector::IteratorType::parallel),
       vector::IteratorTypeAttr::get(ctx, vector::IteratorType::reduction)});
  return vector::ContractionOp::create(b, loc, a, bPiece, acc, maps, iterators)
      .getResult();
}
