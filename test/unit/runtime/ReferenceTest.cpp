//===- ReferenceTest.cpp - Unit tests for the reference interpreter
//--------===//
//
// The reference judges every compiled kernel, so it is itself checked here
// against values worked out by hand: rounding to each storage type, and each
// op family on inputs small enough to compute on paper.
//
//===----------------------------------------------------------------------===//

#include "runtime/Reference.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir::tessel::ref;

namespace {

TensorType f32(std::vector<int64_t> shape) { return {DType::F32, shape}; }

Tensor tensor(std::vector<int64_t> shape, std::vector<double> data) {
  return {f32(shape), data, {}};
}

/// Evaluates a one-op graph on `inputs` and returns its result.
std::vector<double> run1(Op op, std::vector<Tensor> inputs) {
  Graph g;
  g.name = op.kind;
  for (size_t i = 0; i < inputs.size(); ++i) {
    g.inputs.push_back(inputs[i].type);
    if (op.operands.size() < inputs.size())
      op.operands.push_back(int(i));
  }
  g.ops.push_back(op);
  g.outputs = {int(inputs.size())};
  std::string error;
  auto out = evaluate(g, inputs, error);
  EXPECT_TRUE(out) << error;
  return out ? (*out)[0].data : std::vector<double>{};
}

Op op(const char *kind, TensorType result) {
  Op o;
  o.kind = kind;
  o.result = result;
  return o;
}

TEST(Rounding, BF16TiesToEvenAndRange) {
  EXPECT_EQ(roundTo(DType::BF16, 1.0 + std::ldexp(1, -8)), 1.0); // tie, even
  EXPECT_EQ(roundTo(DType::BF16, 1.0 + 3 * std::ldexp(1, -8)),
            1.0 + std::ldexp(1, -6)); // tie, rounds up to even
  EXPECT_EQ(roundTo(DType::BF16, 1.0 + std::ldexp(1, -7)),
            1.0 + std::ldexp(1, -7)); // representable
  EXPECT_TRUE(std::isinf(roundTo(DType::BF16, 3.5e38)));
}

TEST(Rounding, F16RangeAndSubnormals) {
  EXPECT_EQ(roundTo(DType::F16, 65504.0), 65504.0);
  EXPECT_TRUE(std::isinf(roundTo(DType::F16, 65520.0)));
  EXPECT_EQ(roundTo(DType::F16, std::ldexp(1, -24)), std::ldexp(1, -24));
  EXPECT_EQ(roundTo(DType::F16, std::ldexp(1, -25)), 0.0); // tie to even 0
  EXPECT_EQ(roundTo(DType::F16, 1.0 + std::ldexp(1, -11)), 1.0);
  EXPECT_EQ(roundTo(DType::F16, 0.1), 0.0999755859375);
}

TEST(Reference, MatmulAndTransposes) {
  Tensor a = tensor({2, 2}, {1, 2, 3, 4}), b = tensor({2, 2}, {5, 6, 7, 8});
  EXPECT_EQ(run1(op("matmul", f32({2, 2})), {a, b}),
            (std::vector<double>{19, 22, 43, 50}));
  Op t = op("matmul", f32({2, 2}));
  t.ints["transpose_lhs"] = {1};
  t.ints["transpose_rhs"] = {1};
  // a^T b^T = (b a)^T: b a = [[23, 34], [31, 46]].
  EXPECT_EQ(run1(t, {a, b}), (std::vector<double>{23, 31, 34, 46}));
}

// A batch of 1 is read for every batch of the other operand.
TEST(Reference, BatchMatmulBroadcastsABatchOfOne) {
  // lhs [2, 1, 2]: batch 0 is [1 2], batch 1 is [3 4]; rhs [1, 2, 2] shared.
  Tensor lhs = tensor({2, 1, 2}, {1, 2, 3, 4});
  Tensor rhs = tensor({1, 2, 2}, {1, 10, 100, 1000});
  EXPECT_EQ(run1(op("batch_matmul", f32({2, 1, 2})), {lhs, rhs}),
            (std::vector<double>{201, 2010, 403, 4030}));
  // The other way round: lhs shared, rhs per batch.
  Tensor one = tensor({1, 1, 2}, {1, 2});
  Tensor two = tensor({2, 2, 1}, {1, 10, 100, 1000});
  EXPECT_EQ(run1(op("batch_matmul", f32({2, 1, 1})), {one, two}),
            (std::vector<double>{21, 2100}));
}

TEST(Reference, Conv2DWithPaddingStrideAndGroups) {
  // One 3x3 channel, 2x2 filter of ones, padding 1 on top and left, stride 2:
  // windows start at (-1,-1), (-1,1), (1,-1), (1,1).
  Tensor x = tensor({1, 3, 3, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  Tensor w = tensor({2, 2, 1, 1}, {1, 1, 1, 1});
  Op c = op("conv2d", f32({1, 2, 2, 1}));
  c.ints = {{"strides", {2, 2}},
            {"padding", {1, 0, 1, 0}},
            {"dilations", {1, 1}},
            {"groups", {1}}};
  EXPECT_EQ(run1(c, {x, w}), (std::vector<double>{1, 5, 11, 28}));

  // Two groups of one channel each: each output channel sees only its own.
  Tensor x2 = tensor({1, 1, 1, 2}, {3, 5});
  Tensor w2 = tensor({1, 1, 1, 2}, {10, 100});
  Op g = op("conv2d", f32({1, 1, 1, 2}));
  g.ints = {{"strides", {1, 1}},
            {"padding", {0, 0, 0, 0}},
            {"dilations", {1, 1}},
            {"groups", {2}}};
  EXPECT_EQ(run1(g, {x2, w2}), (std::vector<double>{30, 500}));
}

TEST(Reference, BinaryBroadcasting) {
  Tensor col = tensor({2, 1}, {10, 20}), row = tensor({3}, {1, 2, 3});
  EXPECT_EQ(run1(op("add", f32({2, 3})), {col, row}),
            (std::vector<double>{11, 12, 13, 21, 22, 23}));
  EXPECT_EQ(run1(op("max", f32({2, 3})), {col, row}),
            (std::vector<double>{10, 10, 10, 20, 20, 20}));
}

TEST(Reference, UnaryForms) {
  Tensor x = tensor({3}, {-1, 0, 2});
  EXPECT_EQ(run1(op("relu", f32({3})), {x}), (std::vector<double>{0, 0, 2}));
  Op gelu = op("gelu", f32({3}));
  gelu.strings["approximation"] = "erf";
  std::vector<double> g = run1(gelu, {x});
  EXPECT_NEAR(g[2], 1.9544997361, 1e-6); // 2 * Phi(2)
  EXPECT_NEAR(g[0], -0.1586552539, 1e-6);
  gelu.strings["approximation"] = "tanh";
  EXPECT_NEAR(run1(gelu, {x})[2], 1.9545976, 1e-6);
}

TEST(Reference, SliceAndConcat) {
  // x = [[0 1 2 3] [4 5 6 7] [8 9 10 11]]; x[0:3:2, 1:4:2] = [[1 3] [9 11]].
  Tensor x = tensor({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  Op slice = op("slice", f32({2, 2}));
  slice.ints["offsets"] = {0, 1};
  slice.ints["strides"] = {2, 2};
  EXPECT_EQ(run1(slice, {x}), (std::vector<double>{1, 3, 9, 11}));
  Tensor a = tensor({2, 1}, {-1, -2}), b = tensor({2, 2}, {5, 6, 7, 8});
  Op concat = op("concat", f32({2, 3}));
  concat.ints["dim"] = {1};
  EXPECT_EQ(run1(concat, {a, b}), (std::vector<double>{-1, 5, 6, -2, 7, 8}));
  Op rows = op("concat", f32({4, 2}));
  rows.ints["dim"] = {0};
  EXPECT_EQ(run1(rows, {b, b}), (std::vector<double>{5, 6, 7, 8, 5, 6, 7, 8}));
}

TEST(Reference, Pool2D) {
  // One 3x3 channel: [[-1 -2 -3] [-4 -5 -6] [-7 -8 -9]] (all negative, so
  // zero padding would win a max), 2x2 windows, stride 2, padding 1.
  Tensor x = tensor({1, 3, 3, 1}, {-1, -2, -3, -4, -5, -6, -7, -8, -9});
  Op pool = op("pool2d", f32({1, 2, 2, 1}));
  pool.strings["kind"] = "max";
  pool.ints["window"] = {2, 2};
  pool.ints["strides"] = {2, 2};
  pool.ints["padding"] = {1, 1, 1, 1};
  EXPECT_EQ(run1(pool, {x}), (std::vector<double>{-1, -2, -4, -5}));
  // Mean: the padding counts as zeros over the whole window.
  pool.strings["kind"] = "mean";
  EXPECT_EQ(run1(pool, {x}),
            (std::vector<double>{-0.25, -1.25, -2.75, -7.0}));
}

TEST(Reference, SplatConstant) {
  // The kernels compute a constant in f32: 0.1 is read as 0.1f.
  Op c = op("constant", f32({2, 2}));
  c.floats["value"] = 0.1;
  EXPECT_EQ(run1(c, {}), (std::vector<double>(4, double(0.1f))));
}

TEST(Reference, Clamp) {
  Tensor x = tensor({4}, {-1, 0.5, 2, 7});
  Op relu6 = op("clamp", f32({4}));
  relu6.floats["min"] = 0;
  relu6.floats["max"] = 6;
  EXPECT_EQ(run1(relu6, {x}), (std::vector<double>{0, 0.5, 2, 6}));
  // One bound, given as f32 (0.1 rounds to 0.100000001490116...).
  Op floor = op("clamp", f32({4}));
  floor.floats["min"] = 0.1;
  EXPECT_EQ(run1(floor, {x}), (std::vector<double>{double(0.1f), 0.5, 2, 7}));
}

TEST(Reference, ReduceKinds) {
  Tensor x = tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  Op mean = op("reduce", f32({2, 1}));
  mean.ints["dims"] = {1};
  mean.strings["kind"] = "mean";
  EXPECT_EQ(run1(mean, {x}), (std::vector<double>{2, 5}));
  Op mx = op("reduce", f32({3}));
  mx.ints["dims"] = {0};
  mx.strings["kind"] = "max";
  EXPECT_EQ(run1(mx, {x}), (std::vector<double>{4, 5, 6}));
}

TEST(Reference, SoftmaxAndNorms) {
  Op s = op("softmax", f32({2}));
  s.ints["dim"] = {0};
  std::vector<double> p = run1(s, {tensor({2}, {0, std::log(2.0)})});
  EXPECT_NEAR(p[0], 1.0 / 3, 1e-7);
  EXPECT_NEAR(p[1], 2.0 / 3, 1e-7);

  // [1, 2, 3]: mean 2, variance 2/3.
  Op ln = op("layer_norm", f32({3}));
  ln.ints["normalized_rank"] = {1};
  ln.floats["epsilon"] = 0;
  ln.operands = {0, -1, -1};
  std::vector<double> y = run1(ln, {tensor({3}, {1, 2, 3})});
  EXPECT_NEAR(y[0], -std::sqrt(1.5), 1e-6);
  EXPECT_NEAR(y[1], 0, 1e-7);

  // rms of [3, 4] is sqrt(12.5); scale [1, 2].
  Op rms = op("rms_norm", f32({2}));
  rms.ints["normalized_rank"] = {1};
  rms.floats["epsilon"] = 0;
  rms.operands = {0, 1, -1};
  std::vector<double> r = run1(rms, {tensor({2}, {3, 4}), tensor({2}, {1, 2})});
  EXPECT_NEAR(r[0], 3 / std::sqrt(12.5), 1e-6);
  EXPECT_NEAR(r[1], 8 / std::sqrt(12.5), 1e-6);
}

TEST(Reference, Im2ColPadsWithZeros) {
  // [[1, 2], [3, 4]], 2 x 2 windows, one row and column of padding before:
  // the four windows, row-major, each (kh, kw) row-major.
  Op p = op("im2col", f32({1, 2, 2, 2, 2, 1}));
  p.ints["window"] = {2, 2};
  p.ints["strides"] = {1, 1};
  p.ints["padding"] = {1, 0, 1, 0};
  p.ints["dilations"] = {1, 1};
  EXPECT_EQ(
      run1(p, {tensor({1, 2, 2, 1}, {1, 2, 3, 4})}),
      (std::vector<double>{0, 0, 0, 1, 0, 0, 1, 2, 0, 1, 0, 3, 1, 2, 3, 4}));
}

TEST(Reference, ScaledCausalSoftmax) {
  // Rows of 3 over 2 query positions: row i keeps j <= i + 1. Scale 2 turns
  // [0, ln 2 / 2, 5] into [0, ln 2, 10], whose masked element is dropped.
  Op s = op("softmax", f32({2, 3}));
  s.ints["dim"] = {1};
  s.ints["causal"] = {1};
  s.floats["scale"] = 2;
  double half = std::log(2.0) / 2;
  std::vector<double> p = run1(s, {tensor({2, 3}, {0, half, 5, 0, half, 0})});
  EXPECT_NEAR(p[0], 1.0 / 3, 1e-7);
  EXPECT_NEAR(p[1], 2.0 / 3, 1e-7);
  EXPECT_EQ(p[2], 0);
  EXPECT_NEAR(p[3], 1.0 / 4, 1e-7);
  EXPECT_NEAR(p[4], 2.0 / 4, 1e-7);
  EXPECT_NEAR(p[5], 1.0 / 4, 1e-7);
}

TEST(Reference, CausalGroupedAttention) {
  // Two query heads share one key/value head; zero queries give uniform
  // weights over the visible keys. Causal, Sq = Skv = 2: row 0 sees key 0.
  Tensor q = tensor({1, 2, 2, 1}, {0, 0, 0, 0});
  Tensor k = tensor({1, 1, 2, 1}, {0, 0});
  Tensor v = tensor({1, 1, 2, 1}, {2, 4});
  Op a = op("attention", f32({1, 2, 2, 1}));
  a.ints["causal"] = {1};
  EXPECT_EQ(run1(a, {q, k, v}), (std::vector<double>{2, 3, 2, 3}));
  a.ints["causal"] = {0};
  EXPECT_EQ(run1(a, {q, k, v}), (std::vector<double>{3, 3, 3, 3}));
}

TEST(Reference, SlidingWindowAttention) {
  // Causal with a window of 2, Sq = Skv = 3, zero queries: row 0 sees key
  // 0, row 1 keys 0 and 1, row 2 keys 1 and 2 (key 0 left the window).
  Tensor q = tensor({1, 1, 3, 1}, {0, 0, 0});
  Tensor v = tensor({1, 1, 3, 1}, {2, 4, 8});
  Op a = op("attention", f32({1, 1, 3, 1}));
  a.ints["causal"] = {1};
  a.ints["window"] = {2};
  EXPECT_EQ(run1(a, {q, q, v}), (std::vector<double>{2, 3, 6}));
  // The softmax's window: rows of 4 over 2 positions keep j in (i + 2 - 2,
  // i + 2]: row 0 elements 1 and 2, row 1 elements 2 and 3.
  Op s = op("softmax", f32({2, 4}));
  s.ints["dim"] = {1};
  s.ints["causal"] = {1};
  s.ints["window"] = {2};
  EXPECT_EQ(run1(s, {tensor({2, 4}, {0, 0, 0, 0, 0, 0, 0, 0})}),
            (std::vector<double>{0, 0.5, 0.5, 0, 0, 0, 0.5, 0.5}));
}

TEST(Reference, ResultsAreRoundedToTheirType) {
  Op add = op("add", {DType::BF16, {1}});
  std::vector<double> r =
      run1(add, {tensor({1}, {1}), tensor({1}, {std::ldexp(1, -9)})});
  EXPECT_EQ(r[0], 1.0);
}

TEST(Reference, UnknownOpIsAnError) {
  Graph g;
  g.inputs = {f32({1})};
  g.ops = {op("fft", f32({1}))};
  g.ops[0].operands = {0};
  g.outputs = {1};
  std::string error;
  EXPECT_FALSE(evaluate(g, {tensor({1}, {1})}, error));
  EXPECT_NE(error.find("'fft': unknown op"), std::string::npos) << error;
}

TEST(Storage, BitsAsKernelsStoreThem) {
  // Known encodings: 1.0 and -2.5 in f16 (0x3C00, 0xC100) and bf16 (0x3F80,
  // 0xC020); the smallest f16 subnormal 2^-24 is 0x0001; f16 overflow is
  // an infinity.
  auto bits16 = [](DType d, double v) {
    std::vector<unsigned char> b = toStorage(Tensor{{d, {1}}, {v}, {}});
    EXPECT_EQ(b.size(), 2u);
    return uint16_t(b[0] | (b[1] << 8));
  };
  EXPECT_EQ(bits16(DType::F16, 1.0), 0x3C00);
  EXPECT_EQ(bits16(DType::F16, -2.5), 0xC100);
  EXPECT_EQ(bits16(DType::F16, std::ldexp(1.0, -24)), 0x0001);
  EXPECT_EQ(bits16(DType::F16, INFINITY), 0x7C00);
  EXPECT_EQ(bits16(DType::BF16, 1.0), 0x3F80);
  EXPECT_EQ(bits16(DType::BF16, -2.5), 0xC020);
  // Every storage type round-trips the values its rounding produces.
  for (DType d : {DType::F32, DType::F16, DType::BF16}) {
    Tensor t = randomTensor({d, {4, 33}}, 7, -70000, 70000);
    t.data[0] = roundTo(d, 1e-6); // subnormal in f16
    t.data[1] = -0.0;
    t.data[2] = NAN;
    std::vector<unsigned char> bytes = toStorage(t);
    EXPECT_EQ(bytes.size(), size_t(132) * storageBytes(d));
    Tensor back = fromStorage(t.type, bytes.data());
    for (size_t i = 3; i < t.data.size(); ++i)
      ASSERT_EQ(back.data[i], t.data[i]) << dtypeName(d) << " " << i;
    EXPECT_EQ(back.data[0], t.data[0]) << dtypeName(d);
    EXPECT_TRUE(std::signbit(back.data[1])) << dtypeName(d);
    EXPECT_TRUE(std::isnan(back.data[2])) << dtypeName(d);
  }
}

TEST(Compare, BoundsNaNAndScale) {
  Tensor e = tensor({4}, {100, 1e-3, NAN, 5});
  e.bound = {0.02, 1e-6, 0, 0};
  Tensor a = tensor({4}, {100.01, 1e-3 + 5e-7, NAN, 5});
  Comparison c = compare(a, e);
  EXPECT_TRUE(c.ok());
  EXPECT_NEAR(c.worstRatio, 0.5, 1e-6);
  // An exact element (bound 0) must match exactly; a NaN only a NaN.
  Tensor bad = tensor({4}, {100.03, 1e-3, 0, 5.0000001});
  c = compare(bad, e);
  EXPECT_EQ(c.mismatches, 3);
  EXPECT_EQ(c.firstMismatch, 0);
  // The bounds scale: twice as wide, the first passes.
  c = compare(bad, e, 2.0);
  EXPECT_EQ(c.mismatches, 2);
  // An infinite bound checks nothing, so it fails.
  e.bound[0] = INFINITY;
  EXPECT_FALSE(compare(a, e).ok());
}

/// The bound of a one-op graph's single output element.
double boundOf(Op o, std::vector<Tensor> inputs) {
  Graph g;
  g.name = o.kind;
  for (size_t i = 0; i < inputs.size(); ++i) {
    g.inputs.push_back(inputs[i].type);
    o.operands.push_back(int(i));
  }
  g.ops.push_back(o);
  g.outputs = {int(inputs.size())};
  std::string error;
  auto out = evaluate(g, inputs, error);
  EXPECT_TRUE(out) << error;
  return out ? (*out)[0].bound.at(0) : -1;
}

TEST(Bounds, DataMovementIsExact) {
  // A transpose and a reshape of exact inputs round nothing: bound 0, so a
  // wrong element fails.
  Tensor x = tensor({2, 2}, {1, 2, 3, 4});
  Op t = op("transpose", f32({2, 2}));
  t.ints["permutation"] = {1, 0};
  EXPECT_EQ(boundOf(t, {x}), 0.0);
  EXPECT_EQ(boundOf(op("reshape", f32({4})), {x}), 0.0);
  Op r = op("relu", f32({2, 2}));
  EXPECT_EQ(boundOf(r, {x}), 0.0);
}

TEST(Bounds, SumsGrowWithTheSquareRootOfTheirLength) {
  // A dot product of n ones: n - 1 roundings of scale u n, in quadrature:
  // lambda sqrt(n - 1) u n, plus the reference's own f32 rounding u n.
  auto dot = [](int64_t n) {
    Op mm = op("matmul", f32({1, 1}));
    return boundOf(mm, {tensor({1, n}, std::vector<double>(n, 1.0)),
                        tensor({n, 1}, std::vector<double>(n, 1.0))});
  };
  double u = std::ldexp(1.0, -24);
  for (int64_t n : {16, 256, 4096}) {
    double products = double(n) * u * u; // the products' roundings
    double expected = 7 * std::sqrt(double(n - 1) * u * u * n * n + products) +
                      u * n + std::ldexp(1.0, -126);
    EXPECT_NEAR(dot(n), expected, 1e-6 * expected) << n;
  }
  // 16 times longer: about 64 times the bound (sqrt(16) x 16 in magnitude).
  EXPECT_NEAR(dot(4096) / dot(256), 64.0, 1.0);
}

TEST(Bounds, NarrowStoresAllowAWholeUlp) {
  // One bf16 multiply of exact inputs: the kernel's and the reference's
  // roundings to bf16 may differ by one ulp, 2 u_bf16 |v| = 2^-7 |v|.
  Tensor a{{DType::BF16, {1}}, {1.5}, {}}, b{{DType::BF16, {1}}, {1.25}, {}};
  Op mul = op("mul", {DType::BF16, {1}});
  double v = 1.5 * 1.25;
  double bound = boundOf(mul, {a, b});
  EXPECT_GE(bound, std::ldexp(v, -7));
  EXPECT_LT(bound, std::ldexp(v, -7) * 1.01);
}

TEST(Bounds, ErrorsOfInputsAreCarriedThroughFunctions) {
  // exp of a value known to +-b: its bound grows with exp's slope.
  Tensor x = tensor({1}, {2.0});
  x.bound = {1e-3};
  double bound = boundOf(op("exp", f32({1})), {x});
  EXPECT_GT(bound, std::exp(2.0) * 1e-3 * 0.99);
  EXPECT_LT(bound, std::exp(2.0) * 1e-3 * 1.1);
}

TEST(Bounds, AnAddedMaskOfMinusInfinityRoundsNothing) {
  // softmax(x + mask) with a -inf in the mask (an attention mask written
  // as an add, as PyTorch models build it): the masked score is an exact
  // -inf and its exp an exact 0, so every result keeps a finite bound
  // (before, the stored -inf carried an infinite rounding scale into the
  // row's sum, and no element of the row could be checked).
  Graph g;
  g.name = "masked_softmax";
  g.inputs = {f32({1, 3}), f32({1, 3})};
  Op add = op("add", f32({1, 3}));
  add.operands = {0, 1};
  Op softmax = op("softmax", f32({1, 3}));
  softmax.operands = {2};
  softmax.ints["dim"] = {1};
  g.ops = {add, softmax};
  g.outputs = {3};
  std::string error;
  auto out = evaluate(
      g,
      {tensor({1, 3}, {0.5, 1.0, 2.0}), tensor({1, 3}, {0.0, 0.0, -INFINITY})},
      error);
  ASSERT_TRUE(out) << error;
  const Tensor &p = (*out)[0];
  EXPECT_EQ(p.data[2], 0.0);
  EXPECT_NEAR(p.data[0] + p.data[1], 1.0, 1e-6);
  for (double b : p.bound) {
    EXPECT_TRUE(std::isfinite(b));
    EXPECT_LT(b, 1e-5);
  }
}

TEST(Bounds, AttentionRoundsPOnceToItsOperandsType) {
  // One query against two keys of equal score: P = (1/2, 1/2), o = 1. In
  // bf16, P's roundings are surely at most 2^-8 (1/2 + 1/2) |v| = 2^-8:
  // that bound, not 7 scales of their noise (7 2^-8 / sqrt 2), is taken,
  // with the result's own rounding (2 u |o|, a whole ulp either way).
  TensorType bf16 = {DType::BF16, {1, 1, 1, 1}};
  Tensor q = {bf16, {0}, {}};
  Tensor k = {{DType::BF16, {1, 1, 2, 1}}, {0, 0}, {}};
  Tensor v = {{DType::BF16, {1, 1, 2, 1}}, {1, 1}, {}};
  double u = std::ldexp(1, -8);
  double bound = boundOf(op("attention", bf16), {q, k, v});
  EXPECT_GT(bound, 3 * u);
  EXPECT_LT(bound, 3.01 * u);
  // In f32, P is not rounded to a narrower type: f32 roundings alone.
  q.type.dtype = k.type.dtype = v.type.dtype = DType::F32;
  EXPECT_LT(boundOf(op("attention", f32({1, 1, 1, 1})), {q, k, v}), 1e-5);
}

TEST(Inputs, AttentionScoresSpreadAsATrainedModels) {
  // q and k fed to an attention directly (d = 16, scale 1/4): each of
  // variance c with 1/4 sqrt(16) c = 3, so uniform in +-sqrt(3 c) = 3; v
  // keeps 1. Keys computed by a projection x @ wk keep LeCun's weights:
  // only inputs that reach the attention through data movement spread.
  Graph g;
  g.inputs = {f32({1, 2, 8, 16}), f32({1, 2, 8, 16}), f32({1, 2, 8, 16}),
              f32({8, 64}), f32({64, 32})};
  Op a = op("attention", f32({1, 2, 8, 16}));
  a.operands = {0, 1, 2};
  Op mm = op("matmul", f32({8, 32}));
  mm.operands = {3, 4};
  Op reshape = op("reshape", f32({1, 8, 2, 16}));
  reshape.operands = {6};
  Op transpose = op("transpose", f32({1, 2, 8, 16}));
  transpose.operands = {7};
  Op a2 = op("attention", f32({1, 2, 8, 16}));
  a2.operands = {0, 8, 2};
  g.ops = {a, mm, reshape, transpose, a2};
  std::vector<double> scales = inputScales(g);
  ASSERT_EQ(scales.size(), size_t(5));
  EXPECT_NEAR(scales[0], 3.0, 1e-12);
  EXPECT_NEAR(scales[1], 3.0, 1e-12);
  EXPECT_EQ(scales[2], 1.0);
  EXPECT_EQ(scales[3], 1.0);
  EXPECT_NEAR(scales[4], std::sqrt(3.0 / 64), 1e-12);
  // An explicit scale of 1 needs c = 3 / 4.
  g.ops[0].floats["scale"] = 1.0;
  EXPECT_NEAR(inputScales(g)[0], std::sqrt(3.0 * 0.75), 1e-12);
}

TEST(Inputs, WeightsAreScaledByTheirFanIn) {
  // x @ w: w is a weight of fan-in 64 (through a cast), x is not; a
  // convolution's filter has fan-in KH x KW x C.
  Graph g;
  g.inputs = {f32({8, 64}),
              {DType::BF16, {64, 16}},
              f32({1, 5, 5, 4}),
              f32({3, 3, 4, 2})};
  Op cast = op("cast", f32({64, 16}));
  cast.operands = {1};
  Op mm = op("matmul", f32({8, 16}));
  mm.operands = {0, 4};
  Op conv = op("conv2d", f32({1, 3, 3, 2}));
  conv.operands = {2, 3};
  g.ops = {cast, mm, conv};
  std::vector<double> scales = inputScales(g);
  ASSERT_EQ(scales.size(), size_t(4));
  EXPECT_EQ(scales[0], 1.0);
  EXPECT_NEAR(scales[1], std::sqrt(3.0 / 64), 1e-12);
  EXPECT_EQ(scales[2], 1.0);
  EXPECT_NEAR(scales[3], std::sqrt(3.0 / 36), 1e-12);
  std::vector<Tensor> inputs = randomInputs(g, 1);
  for (double v : inputs[1].data)
    EXPECT_LE(std::fabs(v), scales[1] * 1.01);
}

} // namespace
