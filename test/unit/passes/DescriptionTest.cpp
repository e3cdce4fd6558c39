//===- DescriptionTest.cpp - what describeKernel says a kernel reads -----===//
//
// The cost model prices a kernel's loads from describeKernel's Loads: the
// root loops each element moves with and the loop along its memory. A
// convolution's input is read at a sum of loops (oh + kh, ow + kw) or, when
// padded, gathered at indices computed in the body; its group dim (one
// group: a loop of one iteration, which the root's collapsed output traces
// to the channel loop) moves nothing.
//
//===----------------------------------------------------------------------===//

#include "passes/KernelDescription.h"

#include "TesselContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// A module holding one kernel @k, a convolution of `x` by `w` into `y`
/// with `padding` on every side and `stride`.
std::string convModule(const std::string &x, const std::string &w,
                       const std::string &y, int padding, int stride) {
  std::string p = std::to_string(padding), s = std::to_string(stride);
  return "module {\nfunc.func @f(%x: " + x + ", %w: " + w + ") -> " + y +
         " {\n  %r = tessel.kernel @k(%x, %w) : (" + x + ", " + w + ") -> " +
         y + " {\n  ^bb0(%p: " + x + ", %q: " + w +
         "):\n    %0 = tessel.conv2d %p, %q strides = [" + s + ", " + s +
         "] padding = [" + p + ", " + p + ", " + p + ", " + p +
         "] dilations = [1, 1] groups = 1 : " + x + ", " + w + " -> " + y +
         "\n    tessel.yield %0 : " + y + "\n  }\n  return %r : " + y +
         "\n}\n}\n";
}

class DescriptionTest : public ::testing::Test {
protected:
  DescriptionTest() { unit::loadAllDialects(context); }

  /// The kernel @k of `source`, lowered and described.
  KernelDesc describe(const std::string &source) {
    FailureOr<KernelDesc> desc = unit::describeLowered(context, source, "k");
    EXPECT_TRUE(succeeded(desc));
    return succeeded(desc) ? *desc : KernelDesc{};
  }

  /// The convolution's input and filter loads (the input's contiguous dim
  /// is its channel, a loop of the op's own; the filter's the output
  /// channel).
  static std::pair<Load, Load> inputAndFilter(const KernelDesc &d) {
    std::optional<Load> input, filter;
    for (const Work &w : d.work)
      for (const Load &l : w.loads)
        (l.contiguous < 0 ? input : filter) = l;
    EXPECT_TRUE(input && filter);
    return {input.value_or(Load{}), filter.value_or(Load{})};
  }

  /// The root's loops of more than one iteration among `loops`, by size.
  static std::vector<int64_t> sizes(const KernelDesc &d,
                                    const std::vector<int> &loops) {
    std::vector<int64_t> out;
    for (int l : loops)
      if (d.loops[l].size > 1)
        out.push_back(d.loops[l].size);
    return out;
  }

  MLIRContext context;
};

// A 1x1 convolution, 56 x 56 pixels of 256 channels to 48: each input
// element moves with the output's row and column (56, 56), not its channel
// (48); it lies along the input channel, the op's own loop. The filter's
// moves with the output channel and lies along it.
TEST_F(DescriptionTest, ConvolutionInputMovesWithItsPixels) {
  KernelDesc d = describe(convModule("tensor<1x56x56x256xbf16>",
                                     "tensor<1x1x256x48xbf16>",
                                     "tensor<1x56x56x48xbf16>", 0, 1));
  auto [input, filter] = inputAndFilter(d);
  EXPECT_EQ(sizes(d, input.loops), (std::vector<int64_t>{56, 56}));
  EXPECT_TRUE(input.contiguousAlongOwnLoop);
  EXPECT_FALSE(input.gather);
  EXPECT_EQ(input.count, 256);
  EXPECT_EQ(sizes(d, filter.loops), (std::vector<int64_t>{48}));
  EXPECT_EQ(d.loops[filter.contiguous].size, 48);
  EXPECT_FALSE(filter.contiguousAlongOwnLoop);
}

// Padded 3x3, stride 2: the input is gathered (its padding is tested in the
// body); its indices still move with the output's pixels (28, 28) and lie
// along the input channel.
TEST_F(DescriptionTest, GatheredInputMovesWithItsPixels) {
  KernelDesc d = describe(convModule("tensor<1x56x56x64xbf16>",
                                     "tensor<3x3x64x32xbf16>",
                                     "tensor<1x28x28x32xbf16>", 1, 2));
  auto [input, filter] = inputAndFilter(d);
  EXPECT_TRUE(input.gather);
  EXPECT_EQ(sizes(d, input.loops), (std::vector<int64_t>{28, 28}));
  EXPECT_TRUE(input.contiguousAlongOwnLoop);
  EXPECT_EQ(sizes(d, filter.loops), (std::vector<int64_t>{32}));
}

// The math functions a body calls, by kind (what the model prices each by
// the code emitted for it): GELU's erf, SiLU's exp (x / (1 + exp(-x))),
// tanh's tanh.
TEST_F(DescriptionTest, MathFunctionsAreCountedByKind) {
  std::string t = "tensor<64x64xf32>";
  KernelDesc d = describe(
      "module {\nfunc.func @f(%x: " + t + ") -> " + t +
      " {\n  %r = tessel.kernel @k(%x) : (" + t + ") -> " + t +
      " {\n  ^bb0(%p: " + t + "):\n    %0 = tessel.gelu erf %p : " + t +
      "\n    %1 = tessel.silu %0 : " + t + "\n    %2 = tessel.tanh %1 : " + t +
      "\n    tessel.yield %2 : " + t + "\n  }\n  return %r : " + t +
      "\n}\n}\n");
  std::array<double, kMathFunctions> calls{};
  for (const Work &w : d.work)
    for (size_t f = 0; f < kMathFunctions; ++f)
      calls[f] += w.mathCallsPerInstance[f];
  EXPECT_EQ(calls[size_t(MathFunction::Erf)], 1);
  EXPECT_EQ(calls[size_t(MathFunction::Exp)], 1);
  EXPECT_EQ(calls[size_t(MathFunction::Tanh)], 1);
  EXPECT_EQ(calls[size_t(MathFunction::Rsqrt)], 0);
  EXPECT_EQ(calls[size_t(MathFunction::Other)], 0);
}

// Whether a vector step runs a gather as vector code, and at which widths
// (vectorStepWidths): the kernel @k of one op `body` reading %p and %q.
class GatherStepTest : public DescriptionTest {
protected:
  /// The work of the op computing @k's result, as describeKernel says.
  Work gatherWork(const std::string &x, const std::string &y,
                  const std::string &out, const std::string &body) {
    KernelDesc d =
        describe("module {\nfunc.func @f(%x: " + x + ", %y: " + y + ") -> " +
                 out + " {\n  %r = tessel.kernel @k(%x, %y) : (" + x + ", " +
                 y + ") -> " + out + " {\n  ^bb0(%p: " + x + ", %q: " + y +
                 "):\n    %0 = " + body + "\n    tessel.yield %0 : " + out +
                 "\n  }\n  return %r : " + out + "\n}\n}\n");
    EXPECT_EQ(d.work.size(), 1u);
    return d.work.empty() ? Work{} : d.work.front();
  }
};

// A concat along its innermost dim of inputs of 64 and 192: a step of a
// width dividing 64 reads each input contiguously (tessel-lower-to-linalg
// computes its index from the step's aligned position); wider ones do not.
TEST_F(GatherStepTest, InnermostConcatVectorizesAtWidthsDividingItsSizes) {
  Work w = gatherWork("tensor<4x32x64xbf16>", "tensor<4x32x192xbf16>",
                      "tensor<4x32x256xbf16>",
                      "tessel.concat %p, %q dim = 2 : tensor<4x32x64xbf16>, "
                      "tensor<4x32x192xbf16> -> tensor<4x32x256xbf16>");
  EXPECT_TRUE(w.vectorized);
  EXPECT_EQ(w.vectorWidths, 64);
  for (int64_t width : {2, 4, 8, 64})
    EXPECT_TRUE(w.vectorizesAt(width)) << width;
  EXPECT_FALSE(w.vectorizesAt(128));
}

// Sizes without a common divisor (7 and 2): the clamped reads are
// gathers lane by lane, so the op stays a scalar loop in a step.
TEST_F(GatherStepTest, InnermostConcatOfOddSizesStaysScalar) {
  Work w =
      gatherWork("tensor<3x5x7xf32>", "tensor<3x5x2xf32>", "tensor<3x5x9xf32>",
                 "tessel.concat %p, %q dim = 2 : tensor<3x5x7xf32>, "
                 "tensor<3x5x2xf32> -> tensor<3x5x9xf32>");
  EXPECT_FALSE(w.vectorized);
  EXPECT_FALSE(w.vectorizesAt(2));
}

// Along a leading dim every lane of a step reads the same input, at
// consecutive elements of rows of 8: widths dividing 8, whatever the
// sizes along the concat's dim.
TEST_F(GatherStepTest, LeadingConcatVectorizesAtWidthsDividingItsRows) {
  Work w =
      gatherWork("tensor<3x5x8xf32>", "tensor<4x5x8xf32>", "tensor<7x5x8xf32>",
                 "tessel.concat %p, %q dim = 0 : tensor<3x5x8xf32>, "
                 "tensor<4x5x8xf32> -> tensor<7x5x8xf32>");
  EXPECT_TRUE(w.vectorized);
  EXPECT_EQ(w.vectorWidths, 8);
}

// A slice gathered (one of its dims starts at 0 and ends early, which
// linalg cannot read through a map) of stride 1 reads consecutive
// elements: a vector load where its first element is aligned to the width
// (rows of 128 from column 0: widths dividing 128; from column 4: dividing
// 4; from column 3: none). One of stride 2 along its innermost dim reads
// every other element: scalar.
TEST_F(GatherStepTest, SlicesVectorizeAtStrideOneWhereAligned) {
  auto slice = [&](const std::string &offsets, const std::string &strides,
                   const std::string &out) {
    return gatherWork("tensor<4x6x128xf32>", "tensor<1xf32>", out,
                      "tessel.slice %p offsets = " + offsets + " strides = " +
                          strides + " : tensor<4x6x128xf32> -> " + out);
  };
  Work dense = slice("[0, 1, 0]", "[1, 2, 1]", "tensor<4x3x64xf32>");
  EXPECT_TRUE(dense.vectorized);
  EXPECT_EQ(dense.vectorWidths, 128);
  Work four = slice("[0, 0, 4]", "[1, 1, 1]", "tensor<4x3x64xf32>");
  EXPECT_EQ(four.vectorWidths, 4);
  Work odd = slice("[0, 0, 3]", "[1, 1, 1]", "tensor<4x3x64xf32>");
  EXPECT_FALSE(odd.vectorized);
  Work strided = slice("[0, 0, 1]", "[1, 1, 2]", "tensor<4x6x64xf32>");
  EXPECT_FALSE(strided.vectorized);
}

} // namespace
