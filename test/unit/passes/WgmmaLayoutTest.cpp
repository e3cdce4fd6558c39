//===- WgmmaLayoutTest.cpp - wgmma's operand and accumulator layouts -----===//
//
// What tessel-lower-wgmma relies on (passes/WgmmaLayout.h): wgmma reads,
// through NVGPU's descriptors, exactly the bytes TMA wrote for each element
// of A and B, in every 16-wide K slice; and the accumulator store puts
// every element of the block's 64 G x N accumulator in its place, once.
//
// And what tessel-lower-mma relies on for the fused attention on wgmma: the
// query, key and value tiles laid out as core matrices hold each element once,
// each row's 16-byte vectors whole; wgmma reads, through the descriptors
// tessel-lower-mma builds, B's element (k, n) of each 16-deep step where
// the copy put the tile's element; and a warp's share of the 64 x N
// accumulator is, 8 columns at a time, an mma.sync accumulator piece.
// Key and value tiles of whole 64-column boxes are laid out as TMA writes
// them instead, with the 128-byte swizzle: each element once, and the
// swizzled descriptors read them as the GEMM's read its operands.
//
//===----------------------------------------------------------------------===//

#include "passes/WgmmaLayout.h"
#include "passes/MmaLayout.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

using namespace mlir::tessel;
using namespace mlir::tessel::wgmma;

namespace {

// A: TMA writes a [64 G, 64] box of 16-bit elements with 128-byte rows;
// warpgroup g's descriptor at its rows, slice s at 32 s bytes, reads
// element (r, 16 s + k) of its 64 rows where TMA put row 64 g + r.
TEST(WgmmaLayout, AReadsWhatTmaWrote) {
  for (int64_t groups = 1; groups <= W::kMaxGroups; ++groups)
    for (int64_t g = 0; g < groups; ++g)
      for (int64_t s = 0; s < W::kKBytes / 2 / W::kK; ++s)
        for (int64_t r = 0; r < W::kM; ++r)
          for (int64_t k = 0; k < W::kK; ++k)
            ASSERT_EQ(readA(g, s, r, k),
                      tmaOffset(W::kM * g + r, (W::kK * s + k) * 2))
                << "group " << g << " slice " << s << " (" << r << ", " << k
                << ")";
}

// B: N / 64 boxes of [64, 64]; slice s starts 16 rows in; the leading byte
// offset steps over a box per 64 columns.
TEST(WgmmaLayout, BReadsWhatTmaWrote) {
  for (int64_t n = W::kNChunk; n <= W::kMaxN; n += W::kNChunk)
    for (int64_t s = 0; s < W::kKBytes / 2 / W::kK; ++s)
      for (int64_t k = 0; k < W::kK; ++k)
        for (int64_t c = 0; c < n; ++c)
          ASSERT_EQ(readB(s, k, c), tmaB(W::kK * s + k, c))
              << "N " << n << " slice " << s << " (" << k << ", " << c << ")";
}

// B K-major (a `transpose_rhs` B, [N, K] in memory): one [N, 64] box with
// B's column n in row n; slice s's descriptor starts 32 s bytes in and
// reads element (k, n) where TMA put row n, column 16 s + k. The box's
// rows (N of them, up to 256) are whole swizzle patterns.
TEST(WgmmaLayout, KMajorBReadsWhatTmaWrote) {
  for (int64_t n = W::kNChunk; n <= W::kMaxN; n += W::kNChunk) {
    ASSERT_EQ(n * kRowBytes % kPatternBytes, 0);
    for (int64_t s = 0; s < W::kKBytes / 2 / W::kK; ++s)
      for (int64_t k = 0; k < W::kK; ++k)
        for (int64_t c = 0; c < n; ++c)
          ASSERT_EQ(readBKMajor(s, k, c), tmaOffset(c, (W::kK * s + k) * 2))
              << "N " << n << " slice " << s << " (" << k << ", " << c << ")";
  }
}

// A MN-major (a `transpose_lhs` A, [K, M] in memory): one [64, 64] box per
// warpgroup, A's row m in column m; slice s's descriptor starts at the
// group's box, 16 s rows in, and reads element (m, k) where TMA put row
// 16 s + k, column m of box g.
TEST(WgmmaLayout, MNMajorAReadsWhatTmaWrote) {
  int64_t box = W::kKBytes / 2 * kRowBytes;
  for (int64_t g = 0; g < W::kMaxGroups; ++g)
    for (int64_t s = 0; s < W::kKBytes / 2 / W::kK; ++s)
      for (int64_t m = 0; m < W::kM; ++m)
        for (int64_t k = 0; k < W::kK; ++k)
          ASSERT_EQ(readAMNMajor(g, s, m, k),
                    g * box + tmaOffset(W::kK * s + k, m * 2))
              << "group " << g << " slice " << s << " (" << m << ", " << k
              << ")";
}

// TMA's swizzle is a permutation of each 1024-byte pattern (no two
// elements share a byte), which is why stage buffers start on 1024-byte
// boundaries (tessel-align-shared-memory) and B's boxes and stages are
// multiples of 1024 bytes apart.
TEST(WgmmaLayout, SwizzleIsAPermutationOfEachPattern) {
  std::set<int64_t> seen;
  for (int64_t r = 0; r < 8; ++r)
    for (int64_t b = 0; b < kRowBytes; b += 2)
      EXPECT_TRUE(seen.insert(tmaOffset(r, b)).second);
  EXPECT_EQ(*seen.rbegin(), kPatternBytes - 2);
  EXPECT_EQ((W::kM * W::kKBytes) % kPatternBytes, 0);         // A per group
  EXPECT_EQ((W::kKBytes / 2 * kRowBytes) % kPatternBytes, 0); // a B box
}

// The accumulator: every element of the block's 64 G x N written once,
// where PTX's fragment layout says the register holds it.
TEST(WgmmaLayout, AccumulatorStoreCoversTheBlockOnce) {
  for (int64_t groups = 1; groups <= W::kMaxGroups; ++groups)
    for (int64_t n = W::kNChunk; n <= W::kMaxN; n += W::kNChunk) {
      std::vector<int> count(W::kM * groups * n, 0);
      for (int64_t tid = 0; tid < groups * W::kWarpsPerGroup * 32; ++tid)
        for (int64_t reg = 0; reg < n / 2; ++reg) {
          auto [row, col] = storedAt(tid, reg);
          ASSERT_EQ(std::make_pair(row, col), accumulator(tid, reg))
              << "thread " << tid << " register " << reg;
          ASSERT_LT(row, W::kM * groups);
          ASSERT_LT(col, n);
          ++count[row * n + col];
        }
      for (int c : count)
        ASSERT_EQ(c, 1) << groups << " warpgroups, N " << n;
    }
}

// The core-matrix layout of a [rows, width] tile is a permutation of its
// elements that keeps each row's 16-byte vectors (8 elements) whole.
TEST(WgmmaLayout, CoreMatricesHoldEachElementOnce) {
  for (int64_t width : {16, 64, 80, 128, 256})
    for (int64_t rows : {16, 32, 64, 128}) {
      std::vector<int> count(rows * width, 0);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < width; ++c) {
          int64_t at = coreMatrixOffset(r, c, width);
          ASSERT_LT(at, rows * width);
          ++count[at];
          if (c % 8)
            ASSERT_EQ(at, coreMatrixOffset(r, c - 1, width) + 1);
        }
      for (int c : count)
        ASSERT_EQ(c, 1) << rows << " x " << width;
    }
}

// S = q k^T: B (k, n) is the key tile's (n, 16 s + k) (K-major); the
// descriptor of slice s starts where the tile's (key0, 16 s) is.
TEST(WgmmaLayout, KeyTileReadsWhatTheCopyWrote) {
  for (int64_t d : {64, 80, 128, 256})
    for (int64_t keys : {16, 64, 128})
      for (int64_t s = 0; s < d / W::kK; ++s) {
        int64_t start = coreMatrixOffset(0, W::kK * s, d) * 2;
        for (int64_t k = 0; k < W::kK; ++k)
          for (int64_t n = 0; n < keys; ++n)
            ASSERT_EQ(readKMajor(start, kMajorOffsets(d), k, n),
                      coreMatrixOffset(n, W::kK * s + k, d) * 2)
                << "d " << d << " slice " << s << " (" << k << ", " << n << ")";
      }
}

// S's A from the query tile (K-major): warpgroup g's rows 64 g + m; the
// descriptor of slice s starts where the tile's (64 g, 16 s) is.
TEST(WgmmaLayout, QueryTileReadsWhatTheCopyWrote) {
  for (int64_t d : {64, 128, 256})
    for (int64_t g = 0; g < W::kMaxGroups; ++g)
      for (int64_t s = 0; s < d / W::kK; ++s) {
        int64_t start = coreMatrixOffset(W::kM * g, W::kK * s, d) * 2;
        for (int64_t k = 0; k < W::kK; ++k)
          for (int64_t m = 0; m < W::kM; ++m)
            ASSERT_EQ(readKMajor(start, kMajorOffsets(d), k, m),
                      coreMatrixOffset(W::kM * g + m, W::kK * s + k, d) * 2)
                << "d " << d << " group " << g << " slice " << s << " (" << m
                << ", " << k << ")";
      }
}

// O += P v: B (k, n) is the value tile's (16 s + k, n) (MN-major).
TEST(WgmmaLayout, ValueTileReadsWhatTheCopyWrote) {
  for (int64_t dv : {64, 80, 128, 256})
    for (int64_t keys : {16, 64, 128})
      for (int64_t s = 0; s < keys / W::kK; ++s) {
        int64_t start = coreMatrixOffset(W::kK * s, 0, dv) * 2;
        for (int64_t k = 0; k < W::kK; ++k)
          for (int64_t n = 0; n < dv; ++n)
            ASSERT_EQ(readMNMajor(start, mnMajorOffsets(dv), k, n),
                      coreMatrixOffset(W::kK * s + k, n, dv) * 2)
                << "dv " << dv << " slice " << s << " (" << k << ", " << n
                << ")";
      }
}

// Key and value tiles of whole 64-column boxes, laid out as TMA writes
// them (swizzledTileOffset): each element once, each row's 16-byte vectors
// whole, and box j's row r where TMA puts a [rows, 64] box loaded at byte
// j x rows x 128 of the tile.
TEST(WgmmaLayout, SwizzledTilesHoldEachElementOnce) {
  for (int64_t width : {64, 128, 192, 256})
    for (int64_t rows : {8, 16, 64, 128}) {
      std::vector<int> count(rows * width, 0);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < width; ++c) {
          int64_t at = swizzledTileOffset(r, c, rows);
          ASSERT_EQ(at % 2, 0);
          ASSERT_LT(at / 2, rows * width);
          ++count[at / 2];
          if (c % 8)
            ASSERT_EQ(at, swizzledTileOffset(r, c - 1, rows) + 2);
          int64_t box = c / W::kNChunk;
          ASSERT_EQ(at, box * rows * kRowBytes +
                            tmaOffset(r, (c - box * W::kNChunk) * 2));
        }
      for (int c : count)
        ASSERT_EQ(c, 1) << rows << " x " << width;
    }
}

// The swizzled descriptors read as the GEMM's do (readBKMajor, readB, which
// wgmma ran correctly on an H200): a key tile of N rows in one box is a
// `transpose_rhs` B, a value tile's 64 rows of boxes a row-major B.
TEST(WgmmaLayout, SwizzledReadsAreTheGemmsReads) {
  for (int64_t n = 8; n <= W::kMaxN; n += 8)
    for (int64_t s = 0; s < W::kKBytes / 2 / W::kK; ++s)
      for (int64_t k = 0; k < W::kK; ++k)
        for (int64_t j = 0; j < n; ++j)
          ASSERT_EQ(readSwizzledKMajor(swizzledTileStart(0, W::kK * s, n),
                                       swizzledOffsets(n), k, j),
                    readBKMajor(s, k, j));
  int64_t rows = W::kKBytes / 2;
  for (int64_t s = 0; s < rows / W::kK; ++s)
    for (int64_t k = 0; k < W::kK; ++k)
      for (int64_t j = 0; j < W::kMaxN; ++j)
        ASSERT_EQ(readSwizzledMNMajor(swizzledTileStart(W::kK * s, 0, rows),
                                      swizzledOffsets(rows), k, j),
                  readB(s, k, j));
}

// S = q k^T on a swizzled key tile: the instruction whose keys start at n0
// reads, in slice s, the tile's (n0 + n, 16 s + k).
TEST(WgmmaLayout, SwizzledKeyTileReadsWhatWasWritten) {
  for (int64_t d : {64, 128, 256})
    for (int64_t keys : {16, 64, 128})
      for (int64_t n0 : {int64_t(0), keys / 2})
        for (int64_t s = 0; s < d / W::kK; ++s) {
          int64_t start = swizzledTileStart(n0, W::kK * s, keys);
          for (int64_t k = 0; k < W::kK; ++k)
            for (int64_t n = 0; n0 + n < keys; ++n)
              ASSERT_EQ(readSwizzledKMajor(start, swizzledOffsets(keys), k, n),
                        swizzledTileOffset(n0 + n, W::kK * s + k, keys))
                  << "d " << d << " keys " << keys << " n0 " << n0 << " slice "
                  << s << " (" << k << ", " << n << ")";
        }
}

// O += P v on a swizzled value tile: slice s reads the tile's (16 s + k, n)
// for every column n of dv (N up to 256: four boxes, a box's bytes apart).
TEST(WgmmaLayout, SwizzledValueTileReadsWhatWasWritten) {
  for (int64_t dv : {64, 128, 192, 256})
    for (int64_t keys : {16, 64, 128})
      for (int64_t s = 0; s < keys / W::kK; ++s) {
        int64_t start = swizzledTileStart(W::kK * s, 0, keys);
        for (int64_t k = 0; k < W::kK; ++k)
          for (int64_t n = 0; n < dv; ++n)
            ASSERT_EQ(readSwizzledMNMajor(start, swizzledOffsets(keys), k, n),
                      swizzledTileOffset(W::kK * s + k, n, keys))
                << "dv " << dv << " keys " << keys << " slice " << s << " ("
                << k << ", " << n << ")";
      }
}

// A warp's registers of the warpgroup's 64 x N accumulator: registers 4 j
// to 4 j + 3 are the mma.sync accumulator piece of its 16 rows and
// columns 8 j to 8 j + 7 (mma::kC), so the warp's pieces are its share.
TEST(WgmmaLayout, AWarpsAccumulatorIsItsMmaSyncPieces) {
  for (int64_t tid = 0; tid < W::kWarpsPerGroup * 32; ++tid)
    for (int64_t reg = 0; reg < W::kMaxN / 2; ++reg) {
      int64_t lane = tid % 32, j = reg / 4, e = reg % 4;
      const mma::PairPosition &p = mma::kC[e / 2];
      int64_t g = lane / 4, t = lane % 4;
      int64_t row = 16 * (tid / 32) + p.rowPerG * g + p.rowPerT * t + p.row0;
      int64_t col = 8 * j + p.colPerG * g + p.colPerT * t + p.col0 + e % 2;
      ASSERT_EQ(accumulator(tid, reg), std::make_pair(row, col))
          << "thread " << tid << " register " << reg;
    }
}

} // namespace
