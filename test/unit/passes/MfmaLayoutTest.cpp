//===- MfmaLayoutTest.cpp - The MFMA fragment layouts ---------------------===//
//
// tessel-lower-mma loads and stores each lane's MFMA fragments where
// passes/MfmaLayout.h says; here each of the two shapes Tessel issues is
// checked to cover every element of its pieces exactly once across the
// wavefront, and against the CDNA3 ISA's layout for single lanes.
//
//===----------------------------------------------------------------------===//

#include "passes/MfmaLayout.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

using namespace mlir::tessel;
using namespace mlir::tessel::mfma;

namespace {

using Position = std::array<int64_t, 2>;

/// How many times each element of a rows x cols piece is held, `values`
/// per lane placed by `at`.
std::vector<int> coverage(int64_t rows, int64_t cols, int64_t values,
                          const std::function<Position(int64_t, int64_t)> &at) {
  std::vector<int> held(rows * cols, 0);
  for (int64_t lane = 0; lane < kWaveSize; ++lane)
    for (int64_t v = 0; v < values; ++v) {
      auto [r, c] = at(lane, v);
      EXPECT_TRUE(r >= 0 && r < rows && c >= 0 && c < cols)
          << "lane " << lane << " value " << v << " reaches (" << r << ", " << c
          << ")";
      if (r >= 0 && r < rows && c >= 0 && c < cols)
        ++held[r * cols + c];
    }
  return held;
}

TEST(MfmaLayout, EveryElementIsHeldByExactlyOneLane) {
  for (const MfmaShape &s : kMfmaShapes) {
    SCOPED_TRACE(std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                 std::to_string(s.k));
    for (int n : coverage(s.m, s.k, kRun, [&](int64_t l, int64_t e) {
           return positionInA(s, l, e);
         }))
      EXPECT_EQ(n, 1);
    for (int n : coverage(s.k, s.n, kRun, [&](int64_t l, int64_t e) {
           return positionInB(s, l, e);
         }))
      EXPECT_EQ(n, 1);
    for (int n :
         coverage(s.m, s.n, s.accumulators(),
                  [&](int64_t l, int64_t v) { return positionInC(s, l, v); }))
      EXPECT_EQ(n, 1);
  }
}

TEST(MfmaLayout, MatchesTheCdna3Layout) {
  // 16x16x16, lane 37 (group 2, position 5): A row 5, K 8..11; B K 8..11
  // of column 5; D rows 8..11 of column 5.
  MfmaShape small{16, 16, 16};
  for (int64_t e = 0; e < 4; ++e) {
    EXPECT_EQ(positionInA(small, 37, e), (Position{5, 8 + e}));
    EXPECT_EQ(positionInB(small, 37, e), (Position{8 + e, 5}));
    EXPECT_EQ(positionInC(small, 37, e), (Position{8 + e, 5}));
  }
  // 32x32x8, lane 40 (group 1, position 8): A row 8, K 4..7; B K 4..7 of
  // column 8; D's 16 values at rows 4-7, 12-15, 20-23, 28-31 of column 8.
  MfmaShape large{32, 32, 8};
  EXPECT_EQ(large.accumulators(), 16);
  for (int64_t e = 0; e < 4; ++e) {
    EXPECT_EQ(positionInA(large, 40, e), (Position{8, 4 + e}));
    EXPECT_EQ(positionInB(large, 40, e), (Position{4 + e, 8}));
  }
  const int64_t rows[16] = {4,  5,  6,  7,  12, 13, 14, 15,
                            20, 21, 22, 23, 28, 29, 30, 31};
  for (int64_t v = 0; v < 16; ++v)
    EXPECT_EQ(positionInC(large, 40, v), (Position{rows[v], 8})) << v;
}

// B held as [N, K] and read transposed: each lane's element e sits at the
// transpose of where B's layout puts it.
TEST(MfmaLayout, TransposedBHoldsTheSameElements) {
  for (const MfmaShape &s : kMfmaShapes)
    for (int64_t lane = 0; lane < kWaveSize; ++lane)
      for (int64_t e = 0; e < kRun; ++e) {
        Position b = positionInB(s, lane, e);
        EXPECT_EQ(positionInBTransposed(s, lane, e), (Position{b[1], b[0]}))
            << "lane " << lane << " element " << e;
      }
}

/// One MFMA as the instruction computes it from the lanes' fragments (the
/// ISA's layout): D = A B + C, each lane's A and B elements e at
/// positionInA/positionInB, its accumulator value v at positionInC. The
/// lanes' fragments are given by `a(lane, e)`, `b(lane, e)`; returns each
/// lane's values of D.
std::vector<std::vector<double>>
issue(const MfmaShape &s, const std::function<double(int64_t, int64_t)> &a,
      const std::function<double(int64_t, int64_t)> &b) {
  std::vector<double> am(s.m * s.k), bm(s.k * s.n);
  for (int64_t lane = 0; lane < kWaveSize; ++lane)
    for (int64_t e = 0; e < kRun; ++e) {
      auto [ar, ac] = positionInA(s, lane, e);
      am[ar * s.k + ac] = a(lane, e);
      auto [br, bc] = positionInB(s, lane, e);
      bm[br * s.n + bc] = b(lane, e);
    }
  std::vector<std::vector<double>> d(kWaveSize);
  for (int64_t lane = 0; lane < kWaveSize; ++lane)
    for (int64_t v = 0; v < s.accumulators(); ++v) {
      auto [r, c] = positionInC(s, lane, v);
      double x = 0;
      for (int64_t k = 0; k < s.k; ++k)
        x += am[r * s.k + k] * bm[k * s.n + c];
      d[lane].push_back(x);
    }
  return d;
}

// The register-resident fused attention issues its MFMAs with swapped
// operands (the instruction's A from B's fragments, its B from A's): each
// lane then holds C = A B by rows (positionInCByRows), and on 16x16x16 a
// piece so held is, element for element, the A fragment of the next
// product (P of S = q k^T as the A of P v).
TEST(MfmaLayout, SwappedOperandsHoldTheProductByRows) {
  for (const MfmaShape &s : kMfmaShapes) {
    SCOPED_TRACE(std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                 std::to_string(s.k));
    // A [m, k] and B [k, n] of small distinct integers (exact in double).
    auto aAt = [&](int64_t r, int64_t c) {
      return double((r * 7 + c * 3) % 11);
    };
    auto bAt = [&](int64_t r, int64_t c) {
      return double((r * 5 + c * 2) % 13);
    };
    std::vector<std::vector<double>> d = issue(
        s,
        [&](int64_t lane, int64_t e) {
          auto [r, c] = positionInB(s, lane, e);
          return bAt(r, c);
        },
        [&](int64_t lane, int64_t e) {
          auto [r, c] = positionInA(s, lane, e);
          return aAt(r, c);
        });
    for (int64_t lane = 0; lane < kWaveSize; ++lane)
      for (int64_t v = 0; v < s.accumulators(); ++v) {
        auto [r, c] = positionInCByRows(s, lane, v);
        double want = 0;
        for (int64_t k = 0; k < s.k; ++k)
          want += aAt(r, k) * bAt(k, c);
        EXPECT_EQ(d[lane][v], want) << "lane " << lane << " value " << v;
      }
  }
  MfmaShape small = kMfmaShapes[0];
  ASSERT_EQ(small.k, small.n);
  for (int64_t lane = 0; lane < kWaveSize; ++lane)
    for (int64_t e = 0; e < kRun; ++e)
      EXPECT_EQ(positionInCByRows(small, lane, e), positionInA(small, lane, e));
}

TEST(MfmaLayout, ShapeFollowsTheWarpTile) {
  EXPECT_EQ(MfmaShape::forWarpTile(32, 64).m, 32);
  EXPECT_EQ(MfmaShape::forWarpTile(64, 32).k, 8);
  EXPECT_EQ(MfmaShape::forWarpTile(16, 64).m, 16);
  EXPECT_EQ(MfmaShape::forWarpTile(48, 32).k, 16);
}

} // namespace
