//===- ManifestTest.cpp - manifest.json, written and read -----------------===//
//
// The reference graphs' JSON round trip and its refusals, the manifest as
// tessel-compile writes it read back field by field, and the messages a
// malformed manifest gets.
//
//===----------------------------------------------------------------------===//

#include "runtime/Manifest.h"
#include "runtime/CudaDriver.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace mlir::tessel;

namespace {

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
  std::optional<ref::Graph> back =
      runtime::graphFromJsonText(runtime::graphToJsonText(g), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(runtime::graphToJsonText(*back), runtime::graphToJsonText(g));
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
  EXPECT_FALSE(runtime::graphFromJsonText(runtime::graphToJsonText(g), error));
  EXPECT_NE(error.find("uses value 7"), std::string::npos) << error;
  g = sampleGraph();
  g.outputs = {9};
  EXPECT_FALSE(runtime::graphFromJsonText(runtime::graphToJsonText(g), error));
  EXPECT_NE(error.find("undefined value 9"), std::string::npos) << error;
}

TEST(ManifestTest, RejectsAttributesOfTheWrongKind) {
  std::string error;
  // The graph as written, with one op's attributes edited in its text.
  auto edited = [&](const std::string &from, const std::string &to) {
    std::string text = runtime::graphToJsonText(sampleGraph());
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from << " in " << text;
    text.replace(at, from.size(), to);
    return text;
  };
  EXPECT_FALSE(runtime::graphFromJsonText(
      edited("\"epsilon\":1e-06", "\"epsilon\":\"small\""), error));
  EXPECT_NE(error.find("float 'epsilon' is not a number"), std::string::npos)
      << error;
  EXPECT_FALSE(runtime::graphFromJsonText(
      edited("\"approximation\":\"tanh\"", "\"approximation\":3"), error));
  EXPECT_NE(error.find("string 'approximation' is not a string"),
            std::string::npos)
      << error;
  EXPECT_FALSE(runtime::graphFromJsonText(
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

  // Clusters must tile the grid: [2, 1, 1] does not split into [1, 2, 1].
  bad = kManifest;
  bad.replace(bad.find("\"grid\": [2, 1, 1]"), 17,
              "\"grid\": [2, 1, 1], \"cluster\": [1, 2, 1]");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("grid dim 1 (1) is not a multiple of the cluster's (2)"),
            std::string::npos)
      << error;
  bad = kManifest;
  bad.replace(bad.find("\"grid\": [2, 1, 1]"), 17,
              "\"grid\": [2, 1, 1], \"cluster\": [2, 1]");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("'cluster' needs 3 positive sizes"), std::string::npos)
      << error;

  bad = kManifest;
  bad.replace(bad.find("\"format_version\": 1"), 19, "\"format_version\": 2");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("format_version 2"), std::string::npos) << error;

  // Text that is not JSON: the parser's message, with where.
  write("{\"format_version\": 1,\n  ]");
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("line 2, column 3"), std::string::npos) << error;
  write("");
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("manifest.json: "), std::string::npos) << error;
  // A value of the wrong kind names its key.
  bad = kManifest;
  bad.replace(bad.find("\"launch_index\": 1"), 17, "\"launch_index\": \"1\"");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("'launch_index' is not an integer"), std::string::npos)
      << error;
}

// What writeManifest writes (tessel-compile's manifest.json) reads back as
// it was, every field and the reference graph included.
/// An empty manifest of m.mlir for a target.
runtime::Manifest manifestFor(const char *target, const char *vendor,
                              const char *arch) {
  runtime::Manifest m;
  m.source = "m.mlir";
  m.targetName = target;
  m.vendor = vendor;
  m.arch = arch;
  return m;
}

TEST_F(ManifestDirTest, WrittenManifestsReadBack) {
  runtime::Manifest m = manifestFor("mi300x", "amd", "gfx942");
  runtime::GpuKernel k;
  k.name = "mm_kernel";
  k.entry = "mm_kernel";
  k.tesselKernel = "mm";
  k.launchIndex = 0;
  k.binary = "mm_kernel.hsaco";
  k.grid = {3, 5, 1};
  k.block = {64, 2, 1};
  k.sharedMemoryBytes = 8192;
  k.dynamicSharedMemoryBytes = 149760;
  k.registers = 96;
  k.scalarRegisters = 40;
  k.scratchBytes = 0;
  k.schedule = "#tessel.schedule<block = [32, 32, 16], warps = 2>";
  k.predictedUs = 12.25;
  k.predictedBound = "l2";
  k.params = {{false, 0, {ref::DType::BF16, {130, 70}}, std::nullopt},
              {true, 0, {ref::DType::F32, {130, 90}}, std::nullopt}};
  // A wgmma kernel's operand is passed as a TMA tensor map over it.
  runtime::Param map{false, 1, {ref::DType::BF16, {70, 90}}, std::nullopt};
  map.tensorMap = runtime::TensorMap{{64, 64}, 128, 256, true};
  k.params.push_back(map);
  m.kernels = {k};
  m.tesselKernels = {{"mm", {}, sampleGraph()}};
  write(runtime::writeManifest(m));
  std::string error;
  std::optional<runtime::Manifest> back =
      runtime::readManifest(dir.string(), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->source, "m.mlir");
  EXPECT_EQ(back->vendor, "amd");
  EXPECT_EQ(back->arch, "gfx942");
  ASSERT_EQ(back->kernels.size(), 1u);
  const runtime::GpuKernel &r = back->kernels[0];
  EXPECT_EQ(r.binary, "mm_kernel.hsaco");
  EXPECT_EQ(r.ptx, "");
  EXPECT_EQ(r.grid, k.grid);
  EXPECT_EQ(r.block, k.block);
  EXPECT_EQ(r.sharedMemoryBytes, 8192);
  EXPECT_EQ(r.dynamicSharedMemoryBytes, 149760);
  EXPECT_EQ(*r.registers, 96);
  EXPECT_EQ(*r.scalarRegisters, 40);
  EXPECT_EQ(*r.scratchBytes, 0);
  EXPECT_EQ(r.schedule, k.schedule);
  EXPECT_EQ(*r.predictedUs, 12.25);
  EXPECT_EQ(r.predictedBound, "l2");
  ASSERT_EQ(r.params.size(), 3u);
  EXPECT_TRUE(r.params[1].isOutput);
  EXPECT_FALSE(r.params[0].tensorMap);
  ASSERT_TRUE(r.params[2].tensorMap);
  EXPECT_EQ(r.params[2].tensorMap->box, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(r.params[2].tensorMap->swizzleBytes, 128);
  EXPECT_EQ(r.params[2].tensorMap->l2PromotionBytes, 256);
  EXPECT_TRUE(r.params[2].tensorMap->oobZero);
  EXPECT_EQ(r.params[0].type.shape, (std::vector<int64_t>{130, 70}));
  EXPECT_EQ(r.params[1].type.dtype, ref::DType::F32);
  ASSERT_EQ(back->tesselKernels.size(), 1u);
  ASSERT_TRUE(back->tesselKernels[0].reference);
  EXPECT_EQ(runtime::graphToJsonText(*back->tesselKernels[0].reference),
            runtime::graphToJsonText(sampleGraph()));
}

// A kernel launched in clusters (sm_90a, `cluster = 2`) keeps its cluster
// size; one without writes no `cluster` and reads back as 1, 1, 1.
TEST_F(ManifestDirTest, ClusterSizesReadBack) {
  runtime::Manifest m = manifestFor("h100", "nvidia", "sm_90a");
  runtime::GpuKernel k;
  k.name = k.entry = "mm_kernel";
  k.tesselKernel = "mm";
  k.ptx = "mm_kernel.ptx";
  k.grid = {32, 4, 1};
  k.block = {256, 1, 1};
  k.cluster = {1, 2, 1};
  k.params = {{true, 0, {ref::DType::BF16, {512, 4096}}, std::nullopt}};
  runtime::GpuKernel plain = k;
  plain.name = plain.entry = "plain_kernel";
  plain.launchIndex = 1;
  plain.cluster = {1, 1, 1};
  m.kernels = {k, plain};
  std::string text = runtime::writeManifest(m);
  EXPECT_EQ(text.find("\"cluster\""), text.rfind("\"cluster\"")) << text;
  write(text);
  std::string error;
  std::optional<runtime::Manifest> back =
      runtime::readManifest(dir.string(), error);
  ASSERT_TRUE(back) << error;
  ASSERT_EQ(back->kernels.size(), 2u);
  EXPECT_EQ(back->kernels[0].cluster, (std::array<unsigned, 3>{1, 2, 1}));
  EXPECT_EQ(back->kernels[1].cluster, (std::array<unsigned, 3>{1, 1, 1}));
}

// A function's plan (its kernel calls over buffers, reshapes as views, its
// reference) is written and read back; its argument types come out in the
// arguments' order.
TEST_F(ManifestDirTest, FunctionPlansReadBack) {
  using Kind = runtime::FunctionValue::Kind;
  runtime::Manifest m = manifestFor("h100", "nvidia", "sm_90a");
  runtime::GpuKernel k;
  k.name = k.entry = "f_k0_mm_kernel";
  k.tesselKernel = "f_k0_mm";
  k.ptx = "f_k0_mm_kernel.ptx";
  k.params = {{false, 0, {ref::DType::F32, {4, 8}}, std::nullopt},
              {true, 0, {ref::DType::F32, {4, 3}}, std::nullopt}};
  m.kernels = {k};
  m.tesselKernels = {{"f_k0_mm", {}, std::nullopt}};
  runtime::FunctionPlan f;
  f.name = "f";
  f.values = {{Kind::Argument, 1, {ref::DType::F32, {8, 3}}},
              {Kind::Argument, 0, {ref::DType::F32, {4, 8}}},
              {Kind::Produced, 0, {ref::DType::F32, {4, 3}}},
              {Kind::View, 2, {ref::DType::F32, {12}}}};
  f.steps = {{"f_k0_mm", {1, 0}, {2}}};
  f.results = {3};
  f.reference = sampleGraph();
  m.functions = {f};
  write(runtime::writeManifest(m));
  std::string error;
  std::optional<runtime::Manifest> back =
      runtime::readManifest(dir.string(), error);
  ASSERT_TRUE(back) << error;
  ASSERT_EQ(back->functions.size(), 1u);
  const runtime::FunctionPlan &r = back->functions[0];
  EXPECT_EQ(r.name, "f");
  ASSERT_EQ(r.values.size(), 4u);
  EXPECT_EQ(r.values[0].kind, Kind::Argument);
  EXPECT_EQ(r.values[0].index, 1);
  EXPECT_EQ(r.values[2].kind, Kind::Produced);
  EXPECT_EQ(r.values[3].kind, Kind::View);
  EXPECT_EQ(r.values[3].index, 2);
  EXPECT_EQ(r.values[3].type.shape, (std::vector<int64_t>{12}));
  ASSERT_EQ(r.steps.size(), 1u);
  EXPECT_EQ(r.steps[0].tesselKernel, "f_k0_mm");
  EXPECT_EQ(r.steps[0].inputs, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(r.steps[0].outputs, (std::vector<int64_t>{2}));
  EXPECT_EQ(r.results, (std::vector<int64_t>{3}));
  ASSERT_TRUE(r.reference);
  EXPECT_EQ(runtime::graphToJsonText(*r.reference),
            runtime::graphToJsonText(sampleGraph()));
  std::vector<ref::TensorType> args = r.argumentTypes();
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[0].shape, (std::vector<int64_t>{4, 8}));
  EXPECT_EQ(args[1].shape, (std::vector<int64_t>{8, 3}));
}

// A plan that names a kernel the manifest lacks, views a value of another
// size, or writes an argument is refused where it is read.
TEST_F(ManifestDirTest, RejectsPlansThatDoNotAddUp) {
  std::string base = kManifest;
  base.pop_back(); // the closing brace
  auto withFunction = [&](const std::string &function) {
    return base + R"(, "functions": [)" + function + "]}";
  };
  const std::pair<const char *, const char *> cases[] = {
      {R"({"name": "f", "values": [{"kind": "argument", "index": 0,
          "dtype": "bf16", "shape": [4, 8]}], "steps": [{"tessel_kernel":
          "absent", "inputs": [0], "outputs": []}], "results": [0]})",
       "tessel.kernel 'absent' has no GPU kernel in the manifest"},
      {R"({"name": "f", "values": [{"kind": "argument", "index": 0,
          "dtype": "bf16", "shape": [4, 8]}, {"kind": "view", "index": 0,
          "dtype": "bf16", "shape": [5]}], "steps": [], "results": [1]})",
       "views value 0, which is not an earlier value of as many elements"},
      {R"({"name": "f", "values": [{"kind": "argument", "index": 0,
          "dtype": "bf16", "shape": [4, 8]}], "steps": [{"tessel_kernel":
          "k", "inputs": [0], "outputs": [0]}], "results": [0]})",
       "writes value 0, which is not a kernel's result"},
      {R"({"name": "f", "values": [], "steps": [], "results": [3]})",
       "returns value 3, which does not exist"}};
  for (const auto &[function, message] : cases) {
    write(withFunction(function));
    std::string error;
    EXPECT_FALSE(runtime::readManifest(dir.string(), error)) << function;
    EXPECT_NE(error.find(message), std::string::npos) << error;
  }
}

// A tensor map whose box is not one size per dim of the buffer, or beyond
// what TMA loads, is refused where the manifest is read.
TEST_F(ManifestDirTest, RejectsTensorMapsTmaCannotLoad) {
  std::string good = kManifest;
  good.replace(good.find("\"dtype\": \"bf16\"}"), 16,
               "\"dtype\": \"bf16\", \"tensor_map\": {\"box\": [4, 8], "
               "\"swizzle_bytes\": 0, \"l2_promotion_bytes\": 0, \"oob\": "
               "\"zero\"}}");
  write(good);
  std::string error;
  std::optional<runtime::Manifest> m =
      runtime::readManifest(dir.string(), error);
  ASSERT_TRUE(m) << error;
  ASSERT_TRUE(m->tesselKernels[0].launches[0]->params[0].tensorMap);
  const std::string box = "\"box\": [4, 8]";
  std::string bad = good;
  bad.replace(bad.find(box), box.size(), "\"box\": [4]");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("one size per dim"), std::string::npos) << error;
  bad = good;
  bad.replace(bad.find(box), box.size(), "\"box\": [4, 512]");
  write(bad);
  EXPECT_FALSE(runtime::readManifest(dir.string(), error));
  EXPECT_NE(error.find("[1, 256]"), std::string::npos) << error;
}

// cuTensorMapEncodeTiled's arguments for an A operand of 4095 x 4096 bf16
// in 128 x 64 boxes with the 128-byte swizzle (what tessel-lower-wgmma
// asks for): dims and boxes innermost first, the row stride in bytes.
TEST(TensorMapEncoding, InnermostFirstWithByteStrides) {
  std::string error;
  std::optional<runtime::TensorMapEncoding> e = runtime::tensorMapEncoding(
      {4095, 4096}, "bf16", {128, 64}, 128, 256, true, error);
  ASSERT_TRUE(e) << error;
  EXPECT_EQ(e->dataType, 9); // CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
  EXPECT_EQ(e->rank, 2u);
  EXPECT_EQ(e->globalDim[0], 4096u);
  EXPECT_EQ(e->globalDim[1], 4095u);
  EXPECT_EQ(e->globalStrides[0], 8192u);
  EXPECT_EQ(e->boxDim[0], 64u);
  EXPECT_EQ(e->boxDim[1], 128u);
  EXPECT_EQ(e->elementStrides[0], 1u);
  EXPECT_EQ(e->swizzle, 3);     // CU_TENSOR_MAP_SWIZZLE_128B
  EXPECT_EQ(e->l2Promotion, 3); // CU_TENSOR_MAP_L2_PROMOTION_L2_256B
  EXPECT_EQ(e->oobFill, 0);     // zeros
  // What CUDA refuses is refused here, with the reason.
  EXPECT_FALSE(runtime::tensorMapEncoding({64, 100}, "bf16", {64, 64}, 128, 256,
                                          true, error));
  EXPECT_NE(error.find("multiples of 16 bytes"), std::string::npos) << error;
  EXPECT_FALSE(runtime::tensorMapEncoding({64, 128}, "bf16", {64, 128}, 128,
                                          256, true, error));
  EXPECT_NE(error.find("at most the swizzle"), std::string::npos) << error;
  EXPECT_FALSE(runtime::tensorMapEncoding({64, 128}, "bf16", {64, 64}, 48, 256,
                                          true, error));
}

} // namespace
