//===- ManifestTest.cpp - The runtime's JSON and manifest reader ----------===//

#include "runtime/Manifest.h"
#include "runtime/Json.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace mlir::tessel;
using json::Value;

namespace {

TEST(JsonTest, ParsesEveryKindAndWritesItBack) {
  std::string error;
  std::optional<Value> v = json::parse(
      R"({"a": [1, -2.5e3, true, false, null], "s": "x\"\\\u00e9\n",
          "o": {}})",
      error);
  ASSERT_TRUE(v) << error;
  const Value::Array &a = *v->get("a")->array();
  ASSERT_EQ(a.size(), 5u);
  EXPECT_EQ(*a[0].integer(), 1);
  EXPECT_EQ(*a[1].number(), -2500.0);
  EXPECT_EQ(*a[1].integer(), -2500); // a whole number reads as an integer
  EXPECT_TRUE(*a[2].boolean());
  EXPECT_FALSE(*a[3].boolean());
  EXPECT_TRUE(a[4].isNull());
  EXPECT_FALSE(json::Value(2.5).integer());
  EXPECT_EQ(*v->get("s")->string(), "x\"\\\xc3\xa9\n");
  EXPECT_TRUE(v->get("o")->object()->empty());
  // What is written parses back to the same document.
  for (int indent : {0, 2}) {
    std::optional<Value> again = json::parse(json::write(*v, indent), error);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(json::write(*again, 0), json::write(*v, 0));
  }
}

TEST(JsonTest, ReportsWhereTheTextIsWrong) {
  std::string error;
  EXPECT_FALSE(json::parse("{\"a\": [1, 2,\n  ]}", error));
  EXPECT_NE(error.find("JSON 2:3"), std::string::npos) << error;
  EXPECT_FALSE(json::parse("[1] 2", error));
  EXPECT_NE(error.find("after the value"), std::string::npos) << error;
  EXPECT_FALSE(json::parse("\"open", error));
  EXPECT_NE(error.find("unterminated"), std::string::npos) << error;
  EXPECT_FALSE(json::parse("", error));
}

ref::Graph sampleGraph() {
  ref::Graph g;
  g.name = "mm_gelu";
  g.inputs = {{ref::DType::BF16, {4, 8}}, {ref::DType::BF16, {8, 3}}};
  ref::Op mm;
  mm.kind = "matmul";
  mm.operands = {0, 1};
  mm.result = {ref::DType::BF16, {4, 3}};
  mm.ints["transpose_rhs"] = {0};
  ref::Op gelu;
  gelu.kind = "gelu";
  gelu.operands = {2};
  gelu.result = {ref::DType::BF16, {4, 3}};
  gelu.strings["approximation"] = "tanh";
  ref::Op norm;
  norm.kind = "rms_norm";
  norm.operands = {3, -1};
  norm.result = {ref::DType::F32, {4, 3}};
  norm.ints["normalized_rank"] = {1};
  norm.floats["epsilon"] = 1e-6;
  g.ops = {mm, gelu, norm};
  g.outputs = {4, 2};
  return g;
}

TEST(ManifestTest, ReferenceGraphsRoundTrip) {
  ref::Graph g = sampleGraph();
  std::string error;
  std::optional<Value> text =
      json::parse(json::write(runtime::graphToJson(g)), error);
  ASSERT_TRUE(text) << error;
  std::optional<ref::Graph> back = runtime::graphFromJson(*text, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(json::write(runtime::graphToJson(*back)),
            json::write(runtime::graphToJson(g)));
  EXPECT_EQ(back->ops[2].floats.at("epsilon"), 1e-6);
  EXPECT_EQ(back->ops[2].operands[1], -1);
  EXPECT_EQ(back->ops[1].strings.at("approximation"), "tanh");
  EXPECT_EQ(back->outputs, (std::vector<int>{4, 2}));
  // The graph it describes evaluates.
  std::vector<ref::Tensor> inputs = {ref::randomTensor(g.inputs[0], 1),
                                     ref::randomTensor(g.inputs[1], 2)};
  EXPECT_TRUE(ref::evaluate(*back, inputs, error)) << error;
}

TEST(ManifestTest, RejectsGraphsThatUseUndefinedValues) {
  ref::Graph g = sampleGraph();
  g.ops[0].operands = {0, 7};
  std::string error;
  EXPECT_FALSE(runtime::graphFromJson(runtime::graphToJson(g), error));
  EXPECT_NE(error.find("uses value 7"), std::string::npos) << error;
  g = sampleGraph();
  g.outputs = {9};
  EXPECT_FALSE(runtime::graphFromJson(runtime::graphToJson(g), error));
  EXPECT_NE(error.find("undefined value 9"), std::string::npos) << error;
}

TEST(ManifestTest, RejectsAttributesOfTheWrongKind) {
  std::string error;
  // The graph as written, with one op's attributes edited in its text.
  auto edited = [&](const std::string &from, const std::string &to) {
    std::string text = json::write(runtime::graphToJson(sampleGraph()), 0);
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from << " in " << text;
    text.replace(at, from.size(), to);
    std::string parseError;
    std::optional<Value> v = json::parse(text, parseError);
    EXPECT_TRUE(v) << parseError;
    return *v;
  };
  EXPECT_FALSE(runtime::graphFromJson(
      edited("\"epsilon\":1e-06", "\"epsilon\":\"small\""), error));
  EXPECT_NE(error.find("float 'epsilon' is not a number"), std::string::npos)
      << error;
  EXPECT_FALSE(runtime::graphFromJson(
      edited("\"approximation\":\"tanh\"", "\"approximation\":3"), error));
  EXPECT_NE(error.find("string 'approximation' is not a string"),
            std::string::npos)
      << error;
  EXPECT_FALSE(runtime::graphFromJson(
      edited("\"floats\":{\"epsilon\":1e-06}", "\"floats\":[]"), error));
  EXPECT_NE(error.find("'floats' is not an object"), std::string::npos)
      << error;
}

class ManifestDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("tessel-manifest-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  void write(const std::string &text) {
    std::ofstream(dir / "manifest.json") << text;
  }
  std::filesystem::path dir;
};

const char *kManifest = R"({
  "format_version": 1, "source": "m.mlir",
  "target": {"name": "h100", "vendor": "nvidia", "arch": "sm_90a"},
  "kernels": [
    {"name": "k_b", "entry": "k_b", "tessel_kernel": "k", "launch_index": 1,
     "ptx": "k_b.ptx", "grid": [2, 1, 1], "block": [32, 1, 1],
     "shared_memory_bytes": 0, "schedule": "s",
     "params": [{"role": "output", "position": 1, "shape": [4],
                 "dtype": "f32"}]},
    {"name": "k_a", "entry": "k_a", "tessel_kernel": "k", "launch_index": 0,
     "binary": "k_a.cubin", "ptx": "k_a.ptx", "grid": [1, 1, 1],
     "block": [64, 2, 1], "shared_memory_bytes": 512, "registers": 30,
     "schedule": "s", "predicted": {"time_us": 3.5, "bound": "dram"},
     "params": [{"role": "input", "position": 0, "shape": [4, 8],
                 "dtype": "bf16"},
                {"role": "output", "position": 0, "shape": [4],
                 "dtype": "f16"}]}
  ],
  "reference_graphs": {"k": {"name": "k", "inputs": [{"dtype": "bf16",
     "shape": [4, 8]}], "ops": [], "outputs": [0]}}
})";

TEST_F(ManifestDirTest, ReadsKernelsAndGroupsTheirLaunches) {
  write(kManifest);
  std::string error;
  std::optional<runtime::Manifest> m =
      runtime::readManifest(dir.string(), error);
  ASSERT_TRUE(m) << error;
  EXPECT_EQ(m->arch, "sm_90a");
  ASSERT_EQ(m->kernels.size(), 2u);
  ASSERT_EQ(m->tesselKernels.size(), 1u);
  const runtime::TesselKernel &k = m->tesselKernels[0];
  ASSERT_EQ(k.launches.size(), 2u);
  EXPECT_EQ(k.launches[0]->name, "k_a"); // launch order, not file order
  EXPECT_EQ(k.launches[0]->block[1], 2u);
  EXPECT_EQ(*k.launches[0]->registers, 30);
  EXPECT_EQ(*k.launches[0]->predictedUs, 3.5);
  EXPECT_EQ(k.launches[0]->params[0].type.dtype, ref::DType::BF16);
  EXPECT_TRUE(k.launches[1]->params[0].isOutput);
  EXPECT_EQ(k.launches[1]->binary, "");
  ASSERT_TRUE(k.reference);
  EXPECT_EQ(k.reference->inputs[0].shape, (std::vector<int64_t>{4, 8}));
}

TEST_F(ManifestDirTest, SaysWhatIsWrong) {
  std::string error;
  EXPECT_FALSE(runtime::readManifest((dir / "absent").string(), error));
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;

  std::string bad = kManifest;
  bad.replace(bad.find("\"bf16\""), 6, "\"f64\"");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("unknown dtype 'f64'"), std::string::npos) << error;

  bad = kManifest;
  bad.replace(bad.find("\"grid\": [2, 1, 1]"), 17, "\"grid\": [2, 0, 1]");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("3 positive sizes"), std::string::npos) << error;

  bad = kManifest;
  bad.replace(bad.find("\"format_version\": 1"), 19, "\"format_version\": 2");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("format_version 2"), std::string::npos) << error;

  write("{\"format_version\": 1,");
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("JSON 1:"), std::string::npos) << error;
}

} // namespace
