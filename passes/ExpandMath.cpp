//===- ExpandMath.cpp - tessel-expand-math
//---------------------------------===//
//
// Replaces the math functions Tessel's kernels use (exp, tanh, erf, rsqrt)
// with plain floating-point arithmetic: upstream's polynomial approximations
// (and the floor they use, through integer conversion), and rsqrt as a
// division by a square root; exp2 and log2, which every GPU has an
// instruction for (v_exp_f32, v_log_f32, ex2, lg2), become LLVM's
// intrinsics. Kernels then call no device
// library. The ROCDL path needs this because the device libraries Debian
// packages (rocm-device-libs 5.2) predate gfx942; the NVIDIA path links
// libdevice instead.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
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

/// exp2(x) and log2(x) as llvm.exp2.f32 and llvm.log2.f32, which the
/// AMDGPU backend selects as v_exp_f32 and v_log_f32 (base-2 functions,
/// with their denormal ranges handled) instead of calls into the device
/// library.
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
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandRsqrt, ExpandFloor>(&getContext());
    patterns.add<Base2ToIntrinsic<math::Exp2Op>>(&getContext(),
                                                 "llvm.exp2.f32");
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
