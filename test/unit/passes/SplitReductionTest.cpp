//===- SplitReductionTest.cpp - split-K priced as its two kernels ---------===//
//
// tessel-select-schedules prices split_k = S as the partial kernel plus the
// sum kernel tessel-split-reduction makes (priceSplit). Hand-checked
// directions on the H100: a skinny matmul (few output tiles, a long K)
// leaves most SMs idle unsplit, and splitting it is predicted faster despite
// the second launch and the f32 partials; a large square matmul already
// fills the GPU, and splitting it is predicted slower. Both splits move
// more DRAM bytes than the matmul alone (the partials, written and read).
//
//===----------------------------------------------------------------------===//

#include "passes/SplitReduction.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"

#include "dialects/Tessel/TesselDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// A module holding one kernel: a bf16 matmul M x K x N.
std::string matmulModule(int64_t m, int64_t k, int64_t n) {
  auto t = [](int64_t a, int64_t b) {
    return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "xbf16>";
  };
  std::string a = t(m, k), b = t(k, n), c = t(m, n);
  return "module attributes {tessel.target = #tessel.target<\"h100\">} {\n"
         "func.func @f(%x: " +
         a + ", %w: " + b + ") -> " + c +
         " {\n"
         "  %r = tessel.kernel @mm(%x, %w) : (" +
         a + ", " + b + ") -> " + c + " {\n  ^bb0(%p: " + a + ", %q: " + b +
         "):\n"
         "    %0 = tessel.matmul %p, %q : " +
         a + ", " + b + " -> " + c +
         "\n"
         "    tessel.yield %0 : " +
         c + "\n  }\n  return %r : " + c + "\n}\n}\n";
}

class SplitReductionTest : public ::testing::Test {
protected:
  SplitReductionTest() {
    DialectRegistry registry;
    registry.insert<TesselDialect>();
    registerAllDialects(registry);
    registerAllExtensions(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The best unsplit prediction and the best split one (over
  /// splitCandidates) of the matmul.
  std::pair<Prediction, std::optional<SplitPrice>> prices(int64_t m, int64_t k,
                                                          int64_t n) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(matmulModule(m, k, n), &context);
    EXPECT_TRUE(module);
    KernelOp kernel;
    module->walk([&](KernelOp op) { kernel = op; });
    Target h100 = *lookupKnownTarget("h100");

    OwningOpRef<ModuleOp> lowered = module->clone();
    PassManager pm(&context);
    pm.addPass(createTesselLowerToLinalg());
    EXPECT_TRUE(succeeded(pm.run(*lowered)));
    FailureOr<KernelDesc> desc =
        describeKernel(lowered->lookupSymbol<func::FuncOp>("mm"));
    EXPECT_TRUE(succeeded(desc));
    Prediction unsplit = bestSchedule(*desc, h100)->second;

    std::optional<SplitPrice> best;
    for (int64_t s : splitCandidates(k))
      if (std::optional<SplitPrice> p = priceSplit(kernel, s, h100))
        if (!best || p->combined().timeUs < best->combined().timeUs)
          best = p;
    return {unsplit, best};
  }

  MLIRContext context;
};

TEST_F(SplitReductionTest, SkinnyMatmulIsFasterSplit) {
  auto [unsplit, split] = prices(64, 8192, 128);
  ASSERT_TRUE(split.has_value());
  Prediction both = split->combined();
  EXPECT_LT(both.timeUs, unsplit.timeUs);
  EXPECT_GT(split->partialPrediction.blocks, unsplit.blocks);
  EXPECT_GT(both.dramBytes, unsplit.dramBytes);
  // The two kernels' times and terms add up; each pays its launch.
  EXPECT_DOUBLE_EQ(both.timeUs, split->partialPrediction.timeUs +
                                    split->sumPrediction.timeUs);
  EXPECT_DOUBLE_EQ(both.launchUs, split->partialPrediction.launchUs +
                                      split->sumPrediction.launchUs);
}

TEST_F(SplitReductionTest, LargeSquareMatmulIsSlowerSplit) {
  auto [unsplit, split] = prices(4096, 4096, 4096);
  ASSERT_TRUE(split.has_value());
  EXPECT_GT(split->combined().timeUs, unsplit.timeUs);
  EXPECT_GT(split->combined().dramBytes, unsplit.dramBytes);
}

TEST_F(SplitReductionTest, CandidatesDivideKIntoSlicesOfAtLeast64) {
  EXPECT_EQ(splitCandidates(768), (SmallVector<int64_t>{2, 3, 4, 6, 8, 12}));
  EXPECT_EQ(splitCandidates(100), SmallVector<int64_t>{});
  EXPECT_EQ(splitCandidates(4096), (SmallVector<int64_t>{2, 4, 8, 16}));
}

} // namespace
