//===- MmaLayoutTest.cpp - The mma.sync fragment layout
//---------------------===//
//
// tessel-lower-mma loads and stores each lane's fragments where
// passes/MmaLayout.h says; here that layout is checked to cover every element
// of each piece exactly once across the warp, and against the PTX ISA's
// figures for mma.m16n8k16 (floating point types), element by element for
// one lane.
//
//===----------------------------------------------------------------------===//

#include "passes/MmaLayout.h"

#include <gtest/gtest.h>

#include <vector>

using namespace mlir::tessel::mma;

namespace {

/// How many times each element of a rows x cols piece is held by a lane.
template <size_t N>
std::vector<int> coverage(const std::array<PairPosition, N> &pairs,
                          int64_t rows, int64_t cols, bool alongRows) {
  std::vector<int> held(rows * cols, 0);
  for (int64_t lane = 0; lane < 32; ++lane)
    for (const PairPosition &p : pairs)
      for (int64_t e = 0; e < 2; ++e) {
        auto [r, c] = positionOf(p, lane, e, alongRows);
        EXPECT_TRUE(r >= 0 && r < rows && c >= 0 && c < cols)
            << "lane " << lane << " reaches (" << r << ", " << c << ")";
        if (r >= 0 && r < rows && c >= 0 && c < cols)
          ++held[r * cols + c];
      }
  return held;
}

TEST(MmaLayout, EveryElementIsHeldByExactlyOneLane) {
  for (int n : coverage(kA, kM, kK, false))
    EXPECT_EQ(n, 1);
  for (int n : coverage(kB, kK, kN, true))
    EXPECT_EQ(n, 1);
  for (int n : coverage(kC, kM, kN, false))
    EXPECT_EQ(n, 1);
}

TEST(MmaLayout, MatchesThePtxIsaFigures) {
  // Lane 5: groupID 1, threadID_in_group 1. A: a0..a7 at rows 1, 1, 9, 9,
  // 1, 1, 9, 9 and columns 2, 3, 2, 3, 10, 11, 10, 11. B: b0..b3 at rows
  // 2, 3, 10, 11 of column 1. C: c0..c3 at (1, 2), (1, 3), (9, 2), (9, 3).
  using Pos = std::array<int64_t, 2>;
  const Pos a[8] = {{1, 2},  {1, 3},  {9, 2},  {9, 3},
                    {1, 10}, {1, 11}, {9, 10}, {9, 11}};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(positionOf(kA[i / 2], 5, i % 2, false), a[i]) << "a" << i;
  const Pos b[4] = {{2, 1}, {3, 1}, {10, 1}, {11, 1}};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(positionOf(kB[i / 2], 5, i % 2, true), b[i]) << "b" << i;
  const Pos c[4] = {{1, 2}, {1, 3}, {9, 2}, {9, 3}};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(positionOf(kC[i / 2], 5, i % 2, false), c[i]) << "c" << i;
}

/// What lane `lane` receives from matrix `i` of an ldmatrix whose lanes
/// point at ldmatrixRow(l) (the PTX ISA's semantics, emulated): the piece
/// positions {row, col} of its register's two elements.
template <typename RowFn>
std::array<std::array<int64_t, 2>, 2>
ldmatrixReceives(RowFn ldmatrixRow, int64_t lane, int i, bool transposed) {
  int64_t g = lane / 4, t = lane % 4;
  std::array<std::array<int64_t, 2>, 2> got;
  for (int64_t e = 0; e < 2; ++e) {
    // Row r, column c of matrix i: column c of the row lane 8 i + r points at.
    int64_t r = transposed ? 2 * t + e : g, c = transposed ? g : 2 * t + e;
    auto [row, col] = ldmatrixRow(8 * i + r);
    got[e] = {row, col + c};
  }
  return got;
}

TEST(MmaLayout, LdmatrixDeliversTheMmaFragments) {
  // .x4 on A: register i of every lane holds kA[i]'s pair.
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i) {
      auto got = ldmatrixReceives(ldmatrixRowOfA, lane, i, false);
      for (int64_t e = 0; e < 2; ++e)
        EXPECT_EQ(got[e], positionOf(kA[i], lane, e, false))
            << "A lane " << lane << " register " << i << " element " << e;
    }
  // .x2.trans on B: register i holds kB[i]'s pair (down the column).
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 2; ++i) {
      auto got = ldmatrixReceives(ldmatrixRowOfB, lane, i, true);
      for (int64_t e = 0; e < 2; ++e)
        EXPECT_EQ(got[e], positionOf(kB[i], lane, e, true))
            << "B lane " << lane << " register " << i << " element " << e;
    }
  // .x4.trans on two pieces of B side by side (lanes pointed as for A):
  // registers 0 and 1 are the first piece's, 2 and 3 the second's, 8
  // columns further.
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i) {
      auto got = ldmatrixReceives(ldmatrixRowOfA, lane, i, true);
      for (int64_t e = 0; e < 2; ++e) {
        auto want = positionOf(kB[i % 2], lane, e, true);
        want[1] += 8 * (i / 2);
        EXPECT_EQ(got[e], want) << "paired B lane " << lane << " register " << i
                                << " element " << e;
      }
    }
  // B held as [N, K], without .trans: register i holds kB[i % 2]'s pair of
  // piece i / 2 (8 columns of B further), at {n, k} of the tile.
  for (int tiles : {2, 4})
    for (int64_t lane = 0; lane < 32; ++lane)
      for (int i = 0; i < tiles; ++i) {
        auto got = ldmatrixReceives(ldmatrixRowOfBTransposed, lane, i, false);
        for (int64_t e = 0; e < 2; ++e) {
          auto [k, n] = positionOf(kB[i % 2], lane, e, true);
          std::array<int64_t, 2> want = {n + 8 * (i / 2), k};
          EXPECT_EQ(got[e], want)
              << "B as [N, K], .x" << tiles << " lane " << lane << " register "
              << i << " element " << e;
        }
      }
}

// The register-resident attention (tessel-lower-mma's warp values): a row
// of an accumulator piece lives in one group of four lanes (lanes 4g ..
// 4g + 3, two values each), so its reductions combine the lane's two
// values, then across lanes xor 1 and xor 2, which stay in the group.
TEST(MmaLayout, AnAccumulatorRowIsHeldByOneGroupOfFourLanes) {
  for (int64_t row = 0; row < kM; ++row) {
    std::vector<int64_t> lanes;
    int held = 0;
    for (int64_t lane = 0; lane < 32; ++lane)
      for (const PairPosition &p : kC)
        for (int64_t e = 0; e < 2; ++e)
          if (positionOf(p, lane, e, false)[0] == row) {
            ++held;
            if (lanes.empty() || lanes.back() != lane)
              lanes.push_back(lane);
          }
    EXPECT_EQ(held, kN) << "row " << row;
    ASSERT_EQ(lanes.size(), 4u) << "row " << row;
    for (int64_t lane : lanes)
      for (int64_t offset : {1, 2, 3})
        EXPECT_EQ((lane ^ offset) / 4, lanes.front() / 4)
            << "row " << row << ": lane " << lane << " xor " << offset
            << " leaves the group";
  }
  // A lane's values (pair p, element e) are in rows g and g + 8 (its two
  // row values) and columns 2t and 2t + 1 (its two column values).
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t p = 0; p < 2; ++p)
      for (int64_t e = 0; e < 2; ++e) {
        auto [row, col] = positionOf(kC[p], lane, e, false);
        EXPECT_EQ(row, lane / 4 + 8 * p);
        EXPECT_EQ(col, 2 * (lane % 4) + e);
      }
}

// P enters the second product as A without leaving the registers: A's
// register r holds the pair that accumulator pair r % 2 of the 8-column
// half r / 2 holds.
TEST(MmaLayout, AIsTwoAccumulatorPiecesSideBySide) {
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t r = 0; r < 4; ++r)
      for (int64_t e = 0; e < 2; ++e) {
        auto want = positionOf(kC[r % 2], lane, e, false);
        want[1] += kN * (r / 2);
        EXPECT_EQ(positionOf(kA[r], lane, e, false), want)
            << "lane " << lane << " register " << r << " element " << e;
      }
}

} // namespace
