//===- TargetTest.cpp - Unit tests for the GPU target table
//----------------===//
//
// The built-in table is complete, cited and self-consistent; JSON target files
// round-trip and every malformed file is rejected with a message naming the
// problem.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Target.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir::tessel;

namespace {

TEST(KnownTargets, TableHoldsTheDesignedGPUs) {
  std::vector<std::string> names = knownTargetNames();
  for (const char *expected : {"h100", "h200", "a100", "mi300x", "mi250x"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end())
        << expected;
}

TEST(KnownTargets, EveryTargetIsValidAndEveryNumberCited) {
  for (const std::string &name : knownTargetNames()) {
    std::optional<Target> t = lookupKnownTarget(name);
    ASSERT_TRUE(t) << name;
    EXPECT_EQ(t->validate(), "") << name;
    for (const TargetFieldInfo &info : targetFields()) {
      const std::optional<CitedValue> &v = t->lookup(info.field);
      if (info.required)
        EXPECT_TRUE(v) << name << " lacks " << info.key;
      if (v)
        EXPECT_FALSE(v->source.empty()) << name << "." << info.key;
    }
  }
}

TEST(KnownTargets, ArchitecturesMatchVendors) {
  EXPECT_EQ(lookupKnownTarget("h100")->arch(), "sm_90a");
  EXPECT_EQ(lookupKnownTarget("a100")->arch(), "sm_80");
  EXPECT_EQ(lookupKnownTarget("mi300x")->arch(), "gfx942");
  EXPECT_EQ(lookupKnownTarget("mi250x")->arch(), "gfx90a");
  EXPECT_EQ(lookupKnownTarget("mi300x")->warpSize(), 64u);
  EXPECT_EQ(lookupKnownTarget("h200")->warpSize(), 32u);
}

// The Hopper bf16 peak is 4096 FLOP per clock per SM at the tensor clock
// (FACTS.md); the table's SM count, clock and peak must agree with that.
TEST(KnownTargets, HopperPeakMatchesPerSMRate) {
  for (const char *name : {"h100", "h200"}) {
    Target t = *lookupKnownTarget(name);
    double derived = t.get(TargetField::SMCount) * 4096 *
                     t.get(TargetField::TensorClockGHz) * 1e9 / 1e12;
    EXPECT_NEAR(derived / t.get(TargetField::PeakBF16TensorTFlops), 1.0, 0.002)
        << name;
  }
}

TEST(KnownTargets, RidgePointsMatchPublishedFigures) {
  EXPECT_NEAR(lookupKnownTarget("h100")->ridgePointBF16(), 295, 1);
  EXPECT_NEAR(lookupKnownTarget("a100")->ridgePointBF16(), 153, 1);
  EXPECT_NEAR(lookupKnownTarget("mi300x")->ridgePointBF16(), 247, 1);
}

TEST(KnownTargets, SmVersionsParseFromTheArch) {
  EXPECT_EQ(smVersionOf("sm_90a"), 90u);
  EXPECT_EQ(smVersionOf("sm_80"), 80u);
  EXPECT_EQ(smVersionOf(lookupKnownTarget("a100")->arch()), 80u);
  EXPECT_FALSE(smVersionOf("gfx942").has_value());
  EXPECT_FALSE(smVersionOf("sm_").has_value());
  EXPECT_FALSE(smVersionOf("sm_x90").has_value());
}

TEST(KnownTargets, FP8IsAbsentWhereTheChipHasNone) {
  EXPECT_FALSE(
      lookupKnownTarget("a100")->has(TargetField::PeakFP8TensorTFlops));
  EXPECT_TRUE(lookupKnownTarget("h100")->has(TargetField::PeakFP8TensorTFlops));
}

TEST(KnownTargets, UnknownNameListsKnownOnes) {
  EXPECT_FALSE(lookupKnownTarget("H100"));
  std::string error;
  EXPECT_FALSE(resolveTarget("v100", error));
  EXPECT_NE(error.find("unknown target 'v100'"), std::string::npos);
  for (const std::string &name : knownTargetNames())
    EXPECT_NE(error.find(name), std::string::npos) << error;
}

TEST(TargetJson, EveryKnownTargetRoundTrips) {
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    std::string error;
    std::optional<Target> back = parseTargetJson(targetToJson(t), "rt", error);
    ASSERT_TRUE(back) << name << ": " << error;
    EXPECT_EQ(back->name(), t.name());
    EXPECT_EQ(back->arch(), t.arch());
    EXPECT_EQ(back->vendor(), t.vendor());
    for (const TargetFieldInfo &info : targetFields()) {
      ASSERT_EQ(back->has(info.field), t.has(info.field)) << info.key;
      if (!t.has(info.field))
        continue;
      EXPECT_DOUBLE_EQ(back->get(info.field), t.get(info.field)) << info.key;
      EXPECT_EQ(back->lookup(info.field)->source, t.lookup(info.field)->source);
    }
  }
}

TEST(TargetJson, LoadsAUserFile) {
  std::string error;
  std::optional<Target> t =
      loadTargetFile(TESSEL_TEST_INPUTS "/toy_gpu.json", error);
  ASSERT_TRUE(t) << error;
  EXPECT_EQ(t->name(), "toy_gpu");
  EXPECT_EQ(t->smCount(), 16u);
  EXPECT_EQ(t->lookup(TargetField::SMCount)->source, "test fixture");
  // A plain number is cited as coming from the file.
  EXPECT_NE(t->lookup(TargetField::WarpSize)->source.find("toy_gpu.json"),
            std::string::npos);
  // resolveTarget treats a .json spec as a file.
  EXPECT_TRUE(resolveTarget(TESSEL_TEST_INPUTS "/toy_gpu.json", error));
}

TEST(TargetJson, MissingFileIsAnError) {
  std::string error;
  EXPECT_FALSE(loadTargetFile("/nonexistent/gpu.json", error));
  EXPECT_NE(error.find("target file: cannot read"), std::string::npos);
}

/// A valid description whose `fields` is edited by each malformed case.
std::string baseJson(const std::string &edit) {
  Target t = *lookupKnownTarget("h100");
  std::string json = targetToJson(t);
  // Apply "from=>to" substitution.
  size_t sep = edit.find("=>");
  std::string from = edit.substr(0, sep), to = edit.substr(sep + 2);
  size_t at = json.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return json.replace(at, from.size(), to);
}

struct BadCase {
  const char *name;     // test name suffix
  const char *edit;     // "from=>to" applied to H100's JSON
  const char *expected; // substring of the error
};

class TargetJsonErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(TargetJsonErrors, RejectsWithPreciseMessage) {
  std::string error;
  EXPECT_FALSE(parseTargetJson(baseJson(GetParam().edit), "bad.json", error));
  EXPECT_NE(error.find(GetParam().expected), std::string::npos) << error;
  EXPECT_EQ(error.rfind("bad.json: ", 0), 0u) << error;
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, TargetJsonErrors,
    ::testing::Values(
        BadCase{"UnknownField", "\"sm_count\"=>\"sm_cnt\"",
                "unknown field 'sm_cnt'"},
        BadCase{"UnknownVendor",
                "\"vendor\": \"nvidia\"=>\"vendor\": \"intel\"",
                "vendor 'intel' is not 'nvidia' or 'amd'"},
        BadCase{"ArchOfOtherVendor",
                "\"arch\": \"sm_90a\"=>\"arch\": \"gfx942\"",
                "not a nvidia architecture"},
        BadCase{"NegativeValue", "\"value\": 132=>\"value\": -132",
                "must be a positive number"},
        BadCase{"FractionalCount", "\"value\": 132=>\"value\": 132.5",
                "must be a whole number"},
        BadCase{"NonNumericValue", "\"value\": 132=>\"value\": \"many\"",
                "field 'sm_count' needs a numeric 'value'"},
        BadCase{"OddWarpSize", "\"value\": 32,=>\"value\": 48,",
                "'warp_size' must be 32 or 64"},
        BadCase{"UnknownTopKey", "\"name\"=>\"nom\"", "unknown key 'nom'"},
        BadCase{"FieldsNotObject", "\"fields\": {=>\"fields\": [],\"x\": {",
                "unknown key 'x'"},
        BadCase{"UnknownEntryKey",
                "\"source\": \"OpenXLA=>\"origin\": \"OpenXLA",
                "has unknown key 'origin'"},
        BadCase{"ThreadsNotWarpMultiple",
                "\"max_threads_per_block\": {\n      \"value\": 1024=>"
                "\"max_threads_per_block\": {\n      \"value\": 1000",
                "not a multiple of 'warp_size'"},
        BadCase{"BlockSharedMemAboveSM", "\"value\": 232448=>\"value\": 300000",
                "more shared memory per block"},
        BadCase{"NotJson", "{=>[", "invalid JSON"}),
    [](const ::testing::TestParamInfo<BadCase> &info) {
      return std::string(info.param.name);
    });

TEST(TargetJson, MissingRequiredFieldIsNamed) {
  Target partial("partial", Vendor::NVIDIA, "sm_90", "only an SM count");
  partial.set(TargetField::SMCount, 10, "test");
  std::string error;
  EXPECT_FALSE(parseTargetJson(targetToJson(partial), "bad.json", error));
  EXPECT_NE(error.find("field 'warp_size' is missing"), std::string::npos)
      << error;
}

TEST(TargetJson, TruncatedInputIsAnError) {
  std::string json = targetToJson(*lookupKnownTarget("mi300x"));
  for (size_t len : {size_t(0), size_t(1), json.size() / 2, json.size() - 3}) {
    std::string error;
    EXPECT_FALSE(parseTargetJson(json.substr(0, len), "cut.json", error))
        << len;
    EXPECT_FALSE(error.empty());
  }
}

TEST(Target, CapabilitiesFollowTheArchitecture) {
  // name: mma.sync, wgmma, MFMA, cp.async
  struct Expected {
    const char *name;
    bool mmaSync, wgmma, mfma, asyncCopy;
  };
  for (Expected e : {Expected{"h100", true, true, false, true},
                     Expected{"h200", true, true, false, true},
                     Expected{"a100", true, false, false, true},
                     Expected{"mi300x", false, false, true, false},
                     Expected{"mi250x", false, false, true, false}}) {
    Target t = *lookupKnownTarget(e.name);
    EXPECT_EQ(t.hasMmaSync(), e.mmaSync) << e.name;
    EXPECT_EQ(t.hasWgmma(), e.wgmma) << e.name;
    EXPECT_EQ(t.hasMfma(), e.mfma) << e.name;
    EXPECT_EQ(t.hasAsyncCopy(), e.asyncCopy) << e.name;
  }
  // wgmma needs the architecture-specific sm_90a; an sm_75 has no mma.sync
  // of bf16; RDNA has no MFMA.
  EXPECT_FALSE(Target("x", Vendor::NVIDIA, "sm_90", "").hasWgmma());
  EXPECT_FALSE(Target("x", Vendor::NVIDIA, "sm_75", "").hasMmaSync());
  EXPECT_FALSE(Target("x", Vendor::AMD, "gfx1100", "").hasMfma());
  // CDNA1 has MFMA but not the bf16 shapes Tessel issues.
  EXPECT_FALSE(Target("x", Vendor::AMD, "gfx908", "").hasMfma());
}

} // namespace
