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

#include "TesselContext.h"

#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// A module holding one kernel: a matmul M x K x N of `type` (bf16 unless
/// said).
std::string matmulModule(int64_t m, int64_t k, int64_t n,
                         StringRef type = "bf16") {
  auto t = [&](int64_t a, int64_t b) {
    return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "x" +
           type.str() + ">";
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

/// A module holding one kernel: a causal bf16 attention of `heads` query
/// heads (8 key/value heads), `sq` queries and `skv` keys, head dim 128.
std::string attentionModule(int64_t heads, int64_t sq, int64_t skv) {
  auto t = [](int64_t h, int64_t s) {
    return "tensor<1x" + std::to_string(h) + "x" + std::to_string(s) +
           "x128xbf16>";
  };
  std::string q = t(heads, sq), kv = t(8, skv);
  std::string in = q + ", " + kv + ", " + kv;
  return "module attributes {tessel.target = #tessel.target<\"h100\">} {\n"
         "func.func @f(%q: " +
         q + ", %k: " + kv + ", %v: " + kv + ") -> " + q +
         " {\n  %r = tessel.kernel @att(%q, %k, %v) : (" + in + ") -> " + q +
         " {\n  ^bb0(%a: " + q + ", %b: " + kv + ", %c: " + kv +
         "):\n    %0 = tessel.attention %a, %b, %c causal : " + in + " -> " +
         q + "\n    tessel.yield %0 : " + q + "\n  }\n  return %r : " + q +
         "\n}\n}\n";
}

class SplitReductionTest : public ::testing::Test {
protected:
  SplitReductionTest() { unit::loadAllDialects(context); }

  /// The best unsplit prediction and the best split one (over
  /// splitCandidates) of the matmul.
  std::pair<Prediction, std::optional<SplitPrice>> prices(int64_t m, int64_t k,
                                                          int64_t n) {
    return pricesOf(matmulModule(m, k, n), "mm");
  }

  /// The same for the one kernel, named `name`, of `source`.
  std::pair<Prediction, std::optional<SplitPrice>>
  pricesOf(const std::string &source, StringRef name) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    KernelOp kernel;
    module->walk([&](KernelOp op) { kernel = op; });
    Target h100 = *lookupKnownTarget("h100");

    FailureOr<KernelDesc> desc = unit::describeLowered(*module, name);
    EXPECT_TRUE(succeeded(desc));
    Prediction unsplit = bestSchedule(*desc, h100)->second;

    std::optional<SplitPrice> best;
    for (int64_t s : splitCandidates(kernel))
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
  // The two parts' times and terms add up; the sum pays a launch where it
  // is a kernel of its own.
  EXPECT_DOUBLE_EQ(both.timeUs, split->partialPrediction.timeUs +
                                    split->sumPrediction.timeUs);
  EXPECT_DOUBLE_EQ(both.launchUs, split->partialPrediction.launchUs +
                                      split->sumPrediction.launchUs);
  EXPECT_EQ(split->sumPrediction.launchUs == 0, split->sumInKernel.has_value());
}

// The sum run in the partial kernel's last blocks (tessel-combine-split-k)
// is priced as their tail: no launch, the arrival's three round trips to L2
// first; the model takes it only where it beats a sum kernel of its own.
// A LLaMA-7B decode GEMV (1 x 4096 x 4096: 16 tiles of 256 columns, two
// elements a thread) takes it; the skinny 64 x 8192 x 128 one's sum on its
// partial's tiles leaves each last block several elements a thread, which
// a sum kernel spreads over more blocks.
TEST_F(SplitReductionTest, SumRunsInThePartialKernelWhereThatIsFaster) {
  Target h100 = *lookupKnownTarget("h100");
  int chosen = 0, declined = 0;
  for (auto [m, k, n] : {std::tuple<int64_t, int64_t, int64_t>{1, 4096, 4096},
                         {64, 8192, 128},
                         {128, 4096, 4096}}) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(matmulModule(m, k, n), &context);
    ASSERT_TRUE(module);
    KernelOp kernel;
    module->walk([&](KernelOp op) { kernel = op; });
    ASSERT_EQ(sumInKernelRefusal(kernel), "");
    for (int64_t s : splitCandidates(kernel)) {
      std::optional<SplitPrice> free = priceSplit(kernel, s, h100);
      ASSERT_TRUE(free.has_value());
      ScheduleAttr onTiles =
          sumInKernelSchedule(toScheduleAttr(&context, free->partial));
      if (!onTiles)
        continue;
      Schedule inKernel = fromScheduleAttr(onTiles);
      std::optional<SplitPrice> forced =
          priceSplit(kernel, s, h100, &free->partial, &inKernel);
      if (!forced)
        continue;
      EXPECT_EQ(forced->sumPrediction.launchUs, 0);
      EXPECT_GE(forced->sumPrediction.latencyUs,
                3 * h100.get(TargetField::L2LatencyCycles) /
                    (h100.get(TargetField::SimtClockGHz) * 1e3));
      EXPECT_DOUBLE_EQ(forced->combined().launchUs,
                       free->partialPrediction.launchUs);
      // The model's choice is never slower than either form.
      EXPECT_LE(free->combined().timeUs, forced->combined().timeUs + 1e-9);
      (free->sumInKernel ? chosen : declined) += 1;
    }
  }
  EXPECT_GT(chosen, 0);
  EXPECT_GT(declined, 0);
}

// The tail against the H200's measurements (bench/data/h200/
// run-2026-12-04a.log, variants-split-k: bench/workloads/
// split-k-variants.mlir): each split GEMM with its sum in the partial
// kernel, less its partial kernel alone, the same run. The arrival
// (split_arrival_cycles) was fitted on these four, so this is no held-out
// check; what it holds is the shape: one element a thread costs the
// arrival and a round trip to L2, sixteen (the skinny GEMM's 32 x 32 tile
// on two warps, eight partials each) sixteen times the loads' rounds.
// Priced as L2's data (the partials the kernel's blocks have just
// written), not DRAM's: DRAM's latency made the skinny tail 11.3 us.
TEST_F(SplitReductionTest, TailMatchesTheH200Measurements) {
  auto matmul = [](const char *a, const char *b, const char *c,
                   const char *transpose) {
    return std::string("module attributes {tessel.target = "
                       "#tessel.target<\"h200\">} {\nfunc.func @f(%x: ") +
           a + ", %w: " + b + ") -> " + c +
           " {\n  %r = tessel.kernel @mm(%x, %w) : (" + a + ", " + b + ") -> " +
           c + " {\n  ^bb0(%p: " + a + ", %q: " + b +
           "):\n    %0 = tessel.matmul %p, %q" + transpose + " : " + a + ", " +
           b + " -> " + c + "\n    tessel.yield %0 : " + c +
           "\n  }\n  return %r : " + c + "\n}\n}\n";
  };
  auto simt = [](std::vector<int64_t> block, int64_t warps, int64_t stages) {
    Schedule s;
    s.block = std::move(block);
    s.warps = warps;
    s.stages = stages;
    return s;
  };
  Schedule skinny = simt({1, 32, 32, 64}, 2, 4);
  skinny.warp = {1, 16, 32, 64};
  skinny.thread = {1, 4, 4, 64};
  skinny.vector = 4;
  skinny.compute = ComputeClass::MmaSync;
  // One measured GEMM each: its module, its split, the partial and sum
  // schedules timed, and the in-kernel tail measured (the split with the
  // sum in the partial kernel less the partial kernel alone).
  struct Case {
    const char *name;
    std::string source;
    int64_t split;
    Schedule partial, sum;
    double measuredTailUs;
  };
  std::vector<Case> cases = {
      {"gemv_bf16",
       matmul("tensor<1x4096xbf16>", "tensor<4096x4096xbf16>",
              "tensor<1x4096xbf16>", ""),
       8, simt({1, 1, 256, 64}, 4, 2), simt({1, 256}, 4, 1), 12.84 - 11.56},
      {"gemv_f32",
       matmul("tensor<1x4096xf32>", "tensor<4096x4096xf32>",
              "tensor<1x4096xf32>", " transpose_rhs"),
       8, simt({1, 1, 64, 64}, 8, 1), simt({1, 64}, 8, 1), 56.66 - 55.34},
      {"kproj_f32",
       matmul("tensor<32x256xf32>", "tensor<64x256xf32>", "tensor<32x64xf32>",
              " transpose_rhs"),
       4, simt({1, 2, 8, 64}, 4, 1), simt({2, 8}, 4, 1), 5.93 - 4.66},
      {"skinny_bf16",
       matmul("tensor<64x8192xbf16>", "tensor<8192x128xbf16>",
              "tensor<64x128xbf16>", ""),
       8, skinny, simt({32, 32}, 2, 1), 12.64 - 7.27},
  };
  Target h200 = *lookupKnownTarget("h200");
  for (const Case &c : cases) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(c.source, &context);
    ASSERT_TRUE(module) << c.name;
    KernelOp kernel;
    module->walk([&](KernelOp op) { kernel = op; });
    std::optional<SplitPrice> inKernel =
        priceSplit(kernel, c.split, h200, &c.partial, &c.sum);
    ASSERT_TRUE(inKernel.has_value()) << c.name;
    double tailUs = inKernel->sumPrediction.timeUs;
    EXPECT_NEAR(tailUs / c.measuredTailUs, 1.0, 0.3)
        << c.name << ": tail predicted " << tailUs << " us, measured "
        << c.measuredTailUs;
  }
}

// The sum of an f32 matmul with no epilogue is one reduction over the
// splits: alone a column reduction (a row kernel, block = [columns]), on
// the partial's tiles of M x N the linalg path's nest. It is priced there
// too: the LLaMA-7B decode GEMV in f32 takes it, and so does a small
// LLaMA block's K projection (32 x 256 x 64), whose best partial alone
// tiles only M (block = [1, rows]): the in-kernel sum runs on the best
// partial that tiles both, which beats the other by the sum's launch.
TEST_F(SplitReductionTest, SumOfAMatmulAloneRunsOnThePartialTilesToo) {
  Target h100 = *lookupKnownTarget("h100");
  for (auto [m, k, n] :
       {std::tuple<int64_t, int64_t, int64_t>{1, 4096, 4096}, {32, 256, 64}}) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(matmulModule(m, k, n, "f32"), &context);
    ASSERT_TRUE(module);
    KernelOp kernel;
    module->walk([&](KernelOp op) { kernel = op; });
    ASSERT_EQ(sumInKernelRefusal(kernel), "");
    int chosen = 0;
    for (int64_t s : splitCandidates(kernel)) {
      std::optional<SplitPrice> free = priceSplit(kernel, s, h100);
      ASSERT_TRUE(free.has_value());
      ScheduleAttr onTiles =
          sumInKernelSchedule(toScheduleAttr(&context, free->partial));
      if (free->sumInKernel) {
        ASSERT_TRUE(onTiles);
        EXPECT_EQ(free->sumInKernel->block, fromScheduleAttr(onTiles).block);
        ++chosen;
      }
      if (!onTiles)
        continue;
      Schedule inKernel = fromScheduleAttr(onTiles);
      std::optional<SplitPrice> forced =
          priceSplit(kernel, s, h100, &free->partial, &inKernel);
      ASSERT_TRUE(forced.has_value()) << "split_k = " << s;
      EXPECT_EQ(forced->sumPrediction.launchUs, 0);
      EXPECT_LE(free->combined().timeUs, forced->combined().timeUs + 1e-9);
      // Not on tiles other than the partial's.
      Schedule elsewhere = inKernel;
      elsewhere.block[1] *= 2;
      EXPECT_FALSE(priceSplit(kernel, s, h100, &free->partial, &elsewhere));
    }
    EXPECT_GT(chosen, 0) << m << " x " << k << " x " << n;
  }
}

// An epilogue that is not elementwise on the matmul's shape (a reduction
// over N) cannot run on the partial's tiles.
TEST_F(SplitReductionTest, SumInKernelNeedsAnElementwiseEpilogue) {
  const char *source = R"mlir(
module attributes {tessel.target = #tessel.target<"h100">} {
func.func @f(%x: tensor<32x512xbf16>, %w: tensor<512x64xbf16>) -> tensor<32xbf16> {
  %r = tessel.kernel @mm(%x, %w) : (tensor<32x512xbf16>, tensor<512x64xbf16>) -> tensor<32xbf16> {
  ^bb0(%p: tensor<32x512xbf16>, %q: tensor<512x64xbf16>):
    %0 = tessel.matmul %p, %q : tensor<32x512xbf16>, tensor<512x64xbf16> -> tensor<32x64xbf16>
    %1 = tessel.reduce sum %0 dims = [1] : tensor<32x64xbf16> -> tensor<32xbf16>
    tessel.yield %1 : tensor<32xbf16>
  }
  return %r : tensor<32xbf16>
}
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  KernelOp kernel;
  module->walk([&](KernelOp op) { kernel = op; });
  EXPECT_NE(sumInKernelRefusal(kernel).find("tessel.reduce"),
            std::string::npos);
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

// A decode step: one query per head against a 4096-token cache is 32
// blocks unsplit; split-KV spreads the keys over blocks and adds a combine.
TEST_F(SplitReductionTest, DecodeAttentionIsFasterSplit) {
  auto [unsplit, split] = pricesOf(attentionModule(32, 1, 4096), "att");
  ASSERT_TRUE(split.has_value());
  Prediction both = split->combined();
  EXPECT_LT(both.timeUs, 0.5 * unsplit.timeUs);
  EXPECT_GT(split->partialPrediction.blocks, unsplit.blocks);
  EXPECT_DOUBLE_EQ(both.timeUs, split->partialPrediction.timeUs +
                                    split->sumPrediction.timeUs);
}

// A long prefill fills the GPU with query tiles: splitting only adds work.
TEST_F(SplitReductionTest, PrefillAttentionIsSlowerSplit) {
  auto [unsplit, split] = pricesOf(attentionModule(32, 2048, 2048), "att");
  ASSERT_TRUE(split.has_value());
  EXPECT_GT(split->combined().timeUs, unsplit.timeUs);
}

TEST_F(SplitReductionTest, AttentionCandidatesKeepSlicesOfAtLeast128Keys) {
  auto candidates = [&](int64_t skv) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(attentionModule(8, 1, skv), &context);
    KernelOp kernel;
    module->walk([&](KernelOp op) { kernel = op; });
    return splitCandidates(kernel);
  };
  EXPECT_EQ(candidates(4096), (SmallVector<int64_t>{2, 4, 8, 16, 32}));
  EXPECT_EQ(candidates(1000), (SmallVector<int64_t>{2, 4}));
  EXPECT_EQ(candidates(200), SmallVector<int64_t>{});
}

} // namespace
