//===- Vectorize.cpp - Vector steps and the clean-up after tiling ---------===//
//
// See Vectorize.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/Vectorize.h"

#include "costmodel/Model.h"
#include "passes/KernelDescription.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// Marks the linalg ops a vector width applies to.
constexpr StringLiteral kVectorAttr = "tessel.vector";

/// A vector step's read of one value for all its lanes (a row's max, a
/// norm's statistic: a transfer_read whose map only broadcasts) becomes a
/// scalar tensor.extract and a vector.broadcast. The value may sit in a
/// strided view (a column of a reduction tree's buffer), which the vector
/// lowerings do not read with a transfer.
struct BroadcastReadToExtract
    : public OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<RankedTensorType>(read.getBase().getType());
    if (!source || read.getMask() ||
        !llvm::all_of(read.getPermutationMap().getResults(),
                      [](AffineExpr e) {
                        auto c = dyn_cast<AffineConstantExpr>(e);
                        return c && c.getValue() == 0;
                      }) ||
        !llvm::all_of(read.getInBoundsValues(), [](bool b) { return b; }))
      return rewriter.notifyMatchFailure(read, "not an in-bounds broadcast");
    Value scalar = tensor::ExtractOp::create(rewriter, read.getLoc(),
                                             read.getBase(), read.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     scalar);
    return success();
  }
};

} // namespace

LogicalResult tiling::checkVectorWidth(func::FuncOp func, Operation *root,
                                       ArrayRef<int64_t> blockSizes,
                                       ArrayRef<int64_t> numThreads,
                                       ScheduleAttr sched, bool kStepped) {
  int64_t width = sched.getVector();
  auto refuse = [&]() {
    return func.emitOpError()
           << "schedule " << sched << " sets vector = " << width << ", but ";
  };
  // A tensor-core root copies its accumulator to the output in vectors
  // along the output's innermost dim (tileContractionK); a SIMT K step's
  // accumulator is each thread's own tile, copied out element by element.
  if (kStepped && sched.getMma() == InstructionClass::Simt)
    return refuse() << "the kernel's root is its SIMT K-stepped contraction, "
                       "whose result is copied out by scalar loops; give the "
                       "kernel vector = 1 (tensor-core schedules take a "
                       "vector width for that copy)";
  auto linalgOp = cast<linalg::LinalgOp>(root);
  // The loop the vectors run along: the innermost, or a contraction's
  // innermost parallel loop (its output's innermost dim, N).
  int64_t inner = linalgOp.getNumLoops() - 1;
  if (kStepped)
    while (inner > 0 && linalgOp.getIteratorTypesArray()[inner] !=
                            utils::IteratorType::parallel)
      --inner;
  if (!kStepped && (linalgOp.getNumReductionLoops() > 0 || !blockSizes[inner]))
    return refuse() << "the kernel's root (" << root->getName()
                    << ") reduces; a vector width applies to a root whose "
                       "loops are all parallel (an elementwise op, a norm's "
                       "or softmax's output)";
  int64_t bound = linalgOp.getStaticLoopRanges()[inner];
  int64_t tile = blockSizes[inner], along = numThreads[inner];
  if (!vectorWidthFits(bound, tile, along, width))
    return refuse() << "along the innermost loop of " << root->getName() << " ("
                    << bound << " elements, a block tile of " << tile << ", "
                    << std::max<int64_t>(along, 1)
                    << " threads) a thread's share of a tile is not a whole "
                       "number of aligned vectors: the loop, the tile and "
                       "ceil(tile / threads) must be multiples of "
                    << width;
  return success();
}

void tiling::prepareVectorTiles(RewriterBase &rewriter, scf::ForOp loop,
                                int64_t width) {
  Value iv = loop.getInductionVar();
  SmallVector<affine::AffineMinOp> bounds;
  loop.getBody()->walk([&](affine::AffineMinOp min) {
    bool byWidth = llvm::any_of(min.getMap().getResults(), [&](AffineExpr e) {
      auto c = dyn_cast<AffineConstantExpr>(e);
      return c && c.getValue() == width;
    });
    if (byWidth && llvm::is_contained(min.getOperands(), iv))
      bounds.push_back(min);
  });
  for (affine::AffineMinOp min : bounds) {
    rewriter.setInsertionPoint(min);
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(min, width);
  }
  loop.getBody()->walk([&](linalg::LinalgOp op) {
    if (op.getNumParallelLoops() == op.getNumLoops())
      op->setAttr(kVectorAttr, rewriter.getUnitAttr());
  });
}

FailureOr<bool> tiling::vectorizeMarked(func::FuncOp func) {
  SmallVector<linalg::LinalgOp> marked;
  func.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kVectorAttr))
      marked.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::LinalgOp op : marked) {
    op->removeAttr(kVectorAttr);
    if (!op.hasPureTensorSemantics() || op.hasDynamicShape())
      return op->emitOpError()
             << "internal error: a vector step's tile is not static";
    // An op linalg's vectorizer does not take (a grouped convolution's
    // reshaping copy, indexing an operand by more than a permutation of its
    // loops), or a gather whose reads at this width are not one element or
    // consecutive ones for all lanes, stays a scalar loop; the cost model
    // knows which (vectorStepWidths). The step's tile is one element in
    // every loop but the innermost.
    SmallVector<int64_t> tile = op.getStaticLoopRanges();
    int64_t width = tile.back();
    if (!isVectorizedInStep(op, width))
      continue;
    // Gathers (a slice's, a concat's, an im2col's reads) go to the
    // vectorizer only where vectorStepWidths has checked each read, as 1-D
    // reads of a step of one row.
    bool gathers = gathersInBody(op);
    if (gathers &&
        (width == 1 || llvm::any_of(ArrayRef(tile).drop_back(),
                                    [](int64_t size) { return size != 1; })))
      continue;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> vectorized = linalg::vectorize(
        rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
        /*vectorizeNDExtract=*/gathers);
    if (failed(vectorized))
      return op->emitOpError() << "could not be vectorized";
    rewriter.replaceOp(op, vectorized->replacements);
  }
  return !marked.empty();
}

FrozenRewritePatternSet tiling::cleanUpPatterns(MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  // A vector step's unit dims (a row's one element) drop out of its vectors.
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  // A vectorized linalg.index (a causal mask's column) is a vector.step,
  // which the NVVM and ROCDL conversions leave alone: it becomes the
  // constant [0, 1, ..., width-1] here, for every target.
  vector::populateVectorStepLoweringPatterns(patterns);
  patterns.add<BroadcastReadToExtract>(ctx);
  return FrozenRewritePatternSet(std::move(patterns));
}

LogicalResult tiling::cleanUp(func::FuncOp func,
                              const FrozenRewritePatternSet &patterns) {
  MLIRContext *ctx = func.getContext();
  if (failed(applyPatternsGreedily(func, patterns)))
    return failure();
  IRRewriter rewriter(ctx);
  DominanceInfo dominance(func);
  eliminateCommonSubExpressions(rewriter, dominance, func);
  return success();
}
