//===- ReportTest.cpp - Prediction table, JSON report and roofline --------===//
//
// The three forms of a prediction report say the same thing: every kernel
// with its time and binding limit, kernels without a prediction with the
// reason, and a roofline that plots exactly the kernels that do flops.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Report.h"

#include <algorithm>
#include <cstdio>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace mlir::tessel;

namespace {

std::vector<KernelReport> sampleReports(const Target &t) {
  KernelDesc gemm;
  gemm.loops = {{1024, false}, {1024, false}, {1024, true}};
  gemm.operands = {{{0, 2}, ElementType::BF16, false},
                   {{2, 1}, ElementType::BF16, false},
                   {{0, 1}, ElementType::BF16, true}};
  gemm.flops = 2.0 * 1024 * 1024 * 1024;
  gemm.contraction = true;
  KernelDesc copy;
  copy.loops = {{1 << 20, false}};
  copy.operands = {{{0}, ElementType::F32, false},
                   {{0}, ElementType::F32, true}};
  Schedule s;
  s.block = {32, 32};
  s.warps = 4;
  std::vector<KernelReport> r(3);
  r[0].name = "gemm";
  r[0].schedule = "#tessel.schedule<block = [32, 32], warps = 4, stages = 1, "
                  "split_k = 1, vector = 1, mma = simt>";
  r[0].prediction = predict(gemm, s, t);
  r[1].name = "copy";
  r[1].schedule = r[0].schedule;
  r[1].chosenByModel = false;
  r[1].prediction = predict(copy, s, t);
  r[2].name = "wgmma_kernel";
  r[2].schedule = "#tessel.schedule<block = [64, 64], warps = 4, mma = wgmma>";
  r[2].prediction.legal = false;
  r[2].note = "no prediction: the cost model does not model this schedule";
  return r;
}

TEST(Report, TableHasARowPerKernelAndATotal) {
  Target t = *lookupKnownTarget("h100");
  std::vector<KernelReport> r = sampleReports(t);
  std::string table = formatPredictionTable(t, r);
  EXPECT_NE(table.find("Predicted on h100 (sm_90a"), std::string::npos);
  EXPECT_NE(table.find("gemm"), std::string::npos);
  EXPECT_NE(table.find("block = [32, 32], warps = 4 (given)"),
            std::string::npos);
  EXPECT_NE(table.find("wgmma_kernel"), std::string::npos);
  EXPECT_NE(table.find(r[2].note), std::string::npos);
  char total[64];
  std::snprintf(total, sizeof(total), "%.2f",
                r[0].prediction.timeUs + r[1].prediction.timeUs);
  EXPECT_NE(table.find(std::string("total")), std::string::npos);
  EXPECT_NE(table.find(total), std::string::npos) << table;
}

TEST(Report, JsonCarriesEveryRequiredField) {
  Target t = *lookupKnownTarget("mi300x");
  std::vector<KernelReport> r = sampleReports(t);
  nlohmann::json doc = nlohmann::json::parse(predictionReportJson(t, r));
  EXPECT_EQ(doc["target"]["name"], "mi300x");
  EXPECT_EQ(doc["target"]["arch"], "gfx942");
  ASSERT_EQ(doc["kernels"].size(), 3u);
  const nlohmann::json &gemm = doc["kernels"][0];
  for (const char *key : {"name", "predicted_us", "bound", "flops", "bytes",
                          "schedule", "breakdown", "achievable_us"})
    EXPECT_TRUE(gemm.contains(key)) << key;
  EXPECT_DOUBLE_EQ(gemm["predicted_us"].get<double>(), r[0].prediction.timeUs);
  EXPECT_DOUBLE_EQ(gemm["flops"].get<double>(), 2.0 * 1024 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(gemm["bytes"].get<double>(), 3.0 * 1024 * 1024 * 2);
  EXPECT_EQ(gemm["bound"], boundName(r[0].prediction.bound));
  EXPECT_DOUBLE_EQ(gemm["breakdown"]["compute_us"].get<double>(),
                   r[0].prediction.computeUs);
  EXPECT_EQ(doc["kernels"][1]["schedule_source"], "given");
  EXPECT_TRUE(doc["kernels"][2]["predicted_us"].is_null());
  EXPECT_DOUBLE_EQ(doc["total_predicted_us"].get<double>(),
                   r[0].prediction.timeUs + r[1].prediction.timeUs);
}

// The total line's achievable time is the work's best formulation: per
// function, its kernels' flops at the achievable peak, or its arguments' and
// results' bytes at the achievable bandwidth, whichever is longer; the
// bytes its kernels pass between them do not count. Two kernels of one
// function, a gemm and a copy of its output: without the function, each
// counts its own unique bytes.
TEST(Report, AchievableIsTheWorksBestFormulation) {
  Target t = *lookupKnownTarget("h100");
  std::vector<KernelReport> r = sampleReports(t);
  r[0].function = r[1].function = "layer";
  const Prediction &gemm = r[0].prediction, &copy = r[1].prediction;
  EXPECT_GT(gemm.achievableComputeUs, 0);
  EXPECT_LE(gemm.achievableComputeUs, gemm.achievableUs);
  // Unlisted: the kernels' own achievable times add up.
  EXPECT_DOUBLE_EQ(bestFormulationUs(t, r, {}),
                   gemm.achievableUs + copy.achievableUs);
  // The function reads A and B and returns the copy: 3 x 2 MiB of bf16
  // moved, less than the kernels' own bytes; the gemm's flops bind.
  double io = 3.0 * 1024 * 1024 * 2;
  double best = bestFormulationUs(t, r, {{"layer", io}});
  EXPECT_DOUBLE_EQ(best,
                   std::max(gemm.achievableComputeUs + copy.achievableComputeUs,
                            io / (3.35e12 * 0.56) * 1e6));
  EXPECT_LT(best, gemm.achievableUs + copy.achievableUs);
  // Far more bytes than flops: the bytes bind, at the curve for their size.
  double huge = 1024.0 * 1024 * 1024;
  EXPECT_DOUBLE_EQ(bestFormulationUs(t, r, {{"layer", huge}}),
                   huge / (3.35e12 * 0.83) * 1e6);
  // The table and the JSON report say the same.
  std::string table = formatPredictionTable(t, r, {{"layer", io}});
  char figure[64];
  std::snprintf(figure, sizeof(figure), "could take %.2f us", best);
  EXPECT_NE(table.find(figure), std::string::npos) << table;
  nlohmann::json doc =
      nlohmann::json::parse(predictionReportJson(t, r, {{"layer", io}}));
  EXPECT_DOUBLE_EQ(doc["achievable_us"].get<double>(), best);
  ASSERT_EQ(doc["functions"].size(), 1u);
  EXPECT_EQ(doc["functions"][0]["name"], "layer");
  EXPECT_DOUBLE_EQ(doc["functions"][0]["io_bytes"].get<double>(), io);
  EXPECT_EQ(doc["kernels"][0]["function"], "layer");
  EXPECT_EQ(doc["kernels"][0]["registers"].get<int64_t>(), gemm.registers);
}

TEST(Report, RooflinePlotsKernelsWithFlops) {
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    std::string svg = rooflineSvg(t, sampleReports(t));
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
    // The gemm is a marker with a hollow one where its work could be (plus
    // eight legend swatches, one hollow); the copy, with no flops, is listed;
    // the kernel without a prediction is absent.
    auto count = [&](const std::string &what) {
      size_t n = 0;
      for (size_t at = svg.find(what); at != std::string::npos;
           at = svg.find(what, at + 1))
        ++n;
      return n;
    };
    EXPECT_EQ(count("<circle"), 2u + 8u) << name;
    EXPECT_EQ(count("r=\"4\" fill=\"none\""), 2u) << name;
    EXPECT_NE(svg.find("copy (no flops, not plotted)"), std::string::npos);
    EXPECT_EQ(svg.find("wgmma_kernel"), std::string::npos);
    EXPECT_EQ(svg.find("nan"), std::string::npos) << name;
    EXPECT_EQ(svg.find("inf"), std::string::npos) << name;
  }
}

} // namespace
