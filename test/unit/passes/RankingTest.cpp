//===- RankingTest.cpp - how schedules are ordered ------------------------===//
//
// rankSchedules orders the enumeration by predicted time, then the time
// without the launch, then whether the prediction is uncalibrated (a figure
// the target table lacks stood in: of two tied, the one predicted from
// measured or cited figures alone first), then the sum of the throughput
// terms; schedules that
// tie on the first two and differ only in `stages` rank together, least
// latency first. bestSchedule streams the enumeration and must pick the
// same schedule as the ranking's first (tessel-form-kernels and split-K use
// one, tessel-select-schedules the other).
//
//===----------------------------------------------------------------------===//

#include "passes/KernelDescription.h"
#include "test/unit/costmodel/Kernels.h"

#include "TesselContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// A module holding one kernel @k whose body is `op` (one line naming %p
/// and, for two operands, %q) on tensors `a`, `b` -> `c`.
std::string kernelModule(const std::string &a, const std::string &b,
                         const std::string &c, const std::string &op) {
  return "module {\nfunc.func @f(%x: " + a + ", %w: " + b + ") -> " + c +
         " {\n  %r = tessel.kernel @k(%x, %w) : (" + a + ", " + b + ") -> " +
         c + " {\n  ^bb0(%p: " + a + ", %q: " + b + "):\n    %0 = " + op +
         "\n    tessel.yield %0 : " + c + "\n  }\n  return %r : " + c +
         "\n}\n}\n";
}

std::string tensor(std::initializer_list<int64_t> shape, const char *type) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + type + ">";
}

/// The contractions the ranking is checked on: square and skinny bf16
/// matmuls, a ViT-sized one the tiles do not divide, and the split-K
/// partial of LLaMA-7B's M = 128, K = 11008 projection (4 slices of 2752,
/// f32 out), whose depths tie on the A100.
std::vector<std::string> contractions() {
  std::vector<std::string> modules;
  for (auto [m, k, n] :
       {std::tuple<int64_t, int64_t, int64_t>{4096, 4096, 4096},
        {128, 4096, 4096},
        {197, 768, 768}}) {
    std::string a = tensor({m, k}, "bf16"), b = tensor({k, n}, "bf16"),
                c = tensor({m, n}, "bf16");
    modules.push_back(kernelModule(
        a, b, c, "tessel.matmul %p, %q : " + a + ", " + b + " -> " + c));
  }
  std::string a = tensor({4, 128, 2752}, "bf16"),
              b = tensor({4, 2752, 4096}, "bf16"),
              c = tensor({4, 128, 4096}, "f32");
  modules.push_back(kernelModule(
      a, b, c, "tessel.batch_matmul %p, %q : " + a + ", " + b + " -> " + c));
  return modules;
}

bool sameButStages(const Schedule &a, const Schedule &b) {
  return a.block == b.block && a.warp == b.warp && a.thread == b.thread &&
         a.warps == b.warps && a.splitK == b.splitK && a.vector == b.vector &&
         a.compute == b.compute && a.raster == b.raster;
}

class RankingTest : public ::testing::Test {
protected:
  RankingTest() { unit::loadAllDialects(context); }

  /// The kernel @k of `source`, lowered and described.
  KernelDesc describe(const std::string &source) {
    FailureOr<KernelDesc> desc = unit::describeLowered(context, source, "k");
    EXPECT_TRUE(succeeded(desc));
    return succeeded(desc) ? *desc : KernelDesc{};
  }

  MLIRContext context;
};

TEST_F(RankingTest, BestScheduleIsTheRankingsFirst) {
  for (const char *name : {"h100", "a100", "mi300x"}) {
    Target target = *lookupKnownTarget(name);
    for (const std::string &source : contractions()) {
      KernelDesc desc = describe(source);
      auto ranked = rankSchedules(desc, target);
      auto best = bestSchedule(desc, target);
      ASSERT_FALSE(ranked.empty()) << name << "\n" << source;
      ASSERT_TRUE(best.has_value());
      const Schedule &first = ranked.front().first;
      EXPECT_TRUE(sameButStages(best->first, first) &&
                  best->first.stages == first.stages)
          << name << "\n"
          << source;
      EXPECT_EQ(best->second.timeUs, ranked.front().second.timeUs);
    }
  }
}

TEST_F(RankingTest, TiedDepthsRankByLatency) {
  for (const char *name : {"h100", "a100", "mi300x"}) {
    Target target = *lookupKnownTarget(name);
    for (const std::string &source : contractions()) {
      auto ranked = rankSchedules(describe(source), target);
      for (size_t i = 0; i < ranked.size(); ++i) {
        const auto &[si, pi] = ranked[i];
        // The time never goes backwards...
        if (i + 1 < ranked.size())
          EXPECT_LE(pi.timeUs, ranked[i + 1].second.timeUs);
        // ...and of two depths of one schedule tied in time, the one with
        // less latency comes first.
        for (size_t j = i + 1;
             j < ranked.size() && ranked[j].second.timeUs == pi.timeUs; ++j) {
          const auto &[sj, pj] = ranked[j];
          if (pi.timeUs - pi.launchUs == pj.timeUs - pj.launchUs &&
              sameButStages(si, sj))
            EXPECT_LE(pi.latencyUs, pj.latencyUs)
                << name << ": stages " << si.stages << " before " << sj.stages
                << "\n"
                << source;
        }
      }
    }
  }
}

TEST_F(RankingTest, TiedInTimeTheCalibratedPredictionComesFirst) {
  // On every target, no uncalibrated schedule ranks before a calibrated
  // one of the same time and time without the launch.
  for (const char *name : {"h100", "a100", "mi300x"}) {
    Target target = *lookupKnownTarget(name);
    for (const std::string &source : contractions()) {
      auto ranked = rankSchedules(describe(source), target);
      for (size_t i = 0; i + 1 < ranked.size(); ++i) {
        const Prediction &a = ranked[i].second, &b = ranked[i + 1].second;
        if (a.timeUs == b.timeUs &&
            a.timeUs - a.launchUs == b.timeUs - b.launchUs)
          EXPECT_LE(a.uncalibrated, b.uncalibrated) << name << "\n" << source;
      }
    }
  }
  // ResNet-50's 3 x 3 conv2 as its im2col matmul (3136 x 576 x 64, bf16)
  // on the H100 is DRAM-bound on wgmma's 64 x 64 tiles and on mma.sync's
  // 64 x 32 alike; mma.sync's prediction takes the cited estimate of its
  // peak fraction (uncalibrated) and its smaller tiles' sum of terms is
  // less: the wgmma one, which the H200 measured at 6.1-7.5 us against
  // mma.sync's 8.1-9.6 (bench/data/h200 runs 27e and 28a), comes first.
  // (The H100's mma.sync step figures make mma.sync slower there outright;
  // in none of the ResNet-sized GEMMs tried with them, 3136 to 100352
  // rows, does a tied mma.sync schedule have the smaller sum: the target
  // here lacks them, so that the tie, and the rule, stay.)
  Target tied = mlir::tessel::testing::without(
      *lookupKnownTarget("h100"),
      {TargetField::MmaSyncStepCycles, TargetField::MmaSyncCopyQueueCycles});
  std::string a = tensor({3136, 576}, "bf16"), b = tensor({576, 64}, "bf16"),
              c = tensor({3136, 64}, "bf16");
  auto ranked = rankSchedules(
      describe(kernelModule(
          a, b, c, "tessel.matmul %p, %q : " + a + ", " + b + " -> " + c)),
      tied);
  ASSERT_FALSE(ranked.empty());
  EXPECT_EQ(ranked.front().first.compute, ComputeClass::Wgmma);
  EXPECT_FALSE(ranked.front().second.uncalibrated);
  // Some tied mma.sync schedule has the smaller sum of terms: without the
  // rule it would come first.
  bool smallerSum = false;
  for (const auto &[s, p] : ranked)
    if (p.timeUs == ranked.front().second.timeUs &&
        s.compute == ComputeClass::MmaSync) {
      EXPECT_TRUE(p.uncalibrated);
      smallerSum |=
          std::get<2>(rankKey(p)) < std::get<2>(rankKey(ranked.front().second));
    }
  EXPECT_TRUE(smallerSum) << "no tied mma.sync schedule has a smaller sum of "
                             "terms: this test no longer checks the rule";
}

TEST_F(RankingTest, TiedSplitPartialTakesTheDeeperPipeline) {
  // On the A100 the partial is bound by the SM's link to L2, and 2, 3 and
  // 4 stages tie in time; 2 stages' sum of terms is a little smaller, its
  // latency much larger.
  KernelDesc desc = describe(contractions().back());
  Target a100 = *lookupKnownTarget("a100");
  auto ranked = rankSchedules(desc, a100);
  ASSERT_FALSE(ranked.empty());
  const auto &[best, prediction] = ranked.front();
  EXPECT_EQ(best.compute, ComputeClass::MmaSync);
  EXPECT_GE(best.stages, 3);
  bool tiedShallower = false;
  for (const auto &[s, p] : ranked)
    if (sameButStages(s, best) && s.stages < best.stages &&
        p.timeUs == prediction.timeUs) {
      tiedShallower = true;
      EXPECT_GT(p.latencyUs, prediction.latencyUs);
      EXPECT_LT(std::get<2>(rankKey(p)), std::get<2>(rankKey(prediction)));
    }
  EXPECT_TRUE(tiedShallower)
      << "the depths no longer tie: this test no longer checks the rule";
}

} // namespace
