//===- ExpandMath.cpp - tessel-expand-math
//---------------------------------===//
//
// Replaces the math functions Tessel's kernels use (exp, tanh, erf, rsqrt)
// with plain floating-point arithmetic: upstream's polynomial approximations
// (and the floor they use, through integer conversion), and rsqrt as a
// division by a square root; exp2 and log2, which every GPU has an
// instruction for (v_exp_f32, v_log_f32, ex2, lg2), become intrinsics:
// exp2 the instruction alone (subnormal results flushed), log2 LLVM's.
// Kernels then call no device library. The ROCDL path needs this because the
// device libraries Debian packages (rocm-device-libs 5.2) predate gfx942; the
// NVIDIA path links libdevice instead, and runs this pass (option `nvvm`) only
// for exp2, which it makes ex2.approx.ftz: one instruction instead of four.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELEXPANDMATH
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;

namespace {

/// `value` as a constant of `type`: a float, or a vector of them (a vector
/// step's math, see tessel-tile-and-fuse's `vector`).
Value floatConstant(PatternRewriter &rewriter, Location loc, Type type,
                    double value) {
  TypedAttr scalar = rewriter.getFloatAttr(getElementTypeOrSelf(type), value);
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(rewriter, loc,
                                     DenseElementsAttr::get(vector, scalar));
  return arith::ConstantOp::create(rewriter, loc, scalar);
}

/// rsqrt(x) = 1 / sqrt(x); sqrt has an instruction on every GPU.
struct ExpandRsqrt : public OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value one = floatConstant(rewriter, loc, op.getType(), 1.0);
    Value root = math::SqrtOp::create(rewriter, loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, one, root);
    return success();
  }
};

/// log2(x) as llvm.log2.f32, which the AMDGPU backend selects as v_log_f32
/// (a base-2 function, with its denormal range handled) instead of a call
/// into the device library.
template <typename MathOp>
struct Base2ToIntrinsic : public OpRewritePattern<MathOp> {
  Base2ToIntrinsic(MLIRContext *ctx, StringRef intrinsic)
      : OpRewritePattern<MathOp>(ctx), intrinsic(intrinsic) {}
  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return rewriter.notifyMatchFailure(op, "only f32 is mapped");
    // As a call of the intrinsic by name: the ROCDL conversion turns the
    // llvm.intr.exp2 and log2 ops into device-library calls.
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, op.getType(), rewriter.getStringAttr(intrinsic), op.getOperand());
    return success();
  }
  StringRef intrinsic;
};

/// exp2(x) of f32 as the GPU's base-2 exponential instruction alone, which
/// flushes subnormal results to zero: `intrinsic` is
/// llvm.nvvm.ex2.approx.ftz.f32 (one MUFU.EX2) or llvm.amdgcn.exp2.f32 (one
/// v_exp_f32). llvm.exp2.f32 is the same instruction wrapped in a fix-up of
/// the subnormal range: four instructions on sm_90a (ptxas, CUDA 13), six
/// on gfx942 (LLVM 22). A result below 2^-126 becomes 0 instead of a
/// subnormal, which changes no softmax (each row's sum holds a term of 1).
/// A 1-D vector's lanes one by one: the intrinsics take scalars.
struct Exp2ToFlushingIntrinsic : public OpRewritePattern<math::Exp2Op> {
  Exp2ToFlushingIntrinsic(MLIRContext *ctx, StringRef intrinsic)
      : OpRewritePattern<math::Exp2Op>(ctx), intrinsic(intrinsic) {}
  LogicalResult matchAndRewrite(math::Exp2Op op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    auto vector = dyn_cast<VectorType>(type);
    if (!getElementTypeOrSelf(type).isF32() ||
        (vector && (vector.getRank() != 1 || vector.isScalable())))
      return rewriter.notifyMatchFailure(op, "only f32 and 1-D vectors of it");
    Location loc = op.getLoc();
    auto exp2 = [&](Value x) {
      return LLVM::CallIntrinsicOp::create(rewriter, loc, rewriter.getF32Type(),
                                           rewriter.getStringAttr(intrinsic), x)
          ->getResult(0);
    };
    if (!vector) {
      rewriter.replaceOp(op, exp2(op.getOperand()));
      return success();
    }
    SmallVector<Value> lanes;
    for (int64_t i = 0; i < vector.getNumElements(); ++i)
      lanes.push_back(
          exp2(vector::ExtractOp::create(rewriter, loc, op.getOperand(), i)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vector, lanes);
    return success();
  }
  StringRef intrinsic;
};

/// floor(x) for f32 without a library: values of magnitude 2^23 or more are
/// integers already (and NaN passes through); below that, truncate through
/// i32 and step down where truncation rounded up (negative non-integers).
struct ExpandFloor : public OpRewritePattern<math::FloorOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::FloorOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "only f32 is expanded");
    Location loc = op.getLoc();
    Value x = op.getOperand();
    auto f32 = [&](double v) { return floatConstant(rewriter, loc, type, v); };
    Type i32 = rewriter.getI32Type();
    if (auto vector = dyn_cast<VectorType>(type))
      i32 = vector.clone(i32);
    Value small = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT,
        math::AbsFOp::create(rewriter, loc, x), f32(8388608.0)); // 2^23
    Value truncated =
        arith::SIToFPOp::create(rewriter, loc, x.getType(),
                                arith::FPToSIOp::create(rewriter, loc, i32, x));
    Value roundedUp = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGT, truncated, x);
    Value down = arith::SubFOp::create(rewriter, loc, truncated, f32(1.0));
    Value floor =
        arith::SelectOp::create(rewriter, loc, roundedUp, down, truncated);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, small, floor, x);
    return success();
  }
};

struct ExpandMathPass
    : public tessel::impl::TesselExpandMathBase<ExpandMathPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (nvvm) {
      patterns.add<Exp2ToFlushingIntrinsic>(&getContext(),
                                            "llvm.nvvm.ex2.approx.ftz.f32");
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        signalPassFailure();
      return;
    }
    patterns.add<ExpandRsqrt, ExpandFloor>(&getContext());
    patterns.add<Exp2ToFlushingIntrinsic>(&getContext(),
                                          "llvm.amdgcn.exp2.f32");
    patterns.add<Base2ToIntrinsic<math::Log2Op>>(&getContext(),
                                                 "llvm.log2.f32");
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      return llvm::is_contained({"math.exp", "math.tanh", "math.erf"}, name);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
