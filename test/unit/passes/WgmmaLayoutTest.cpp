//===- WgmmaLayoutTest.cpp - wgmma's operand and accumulator layouts -----===//
//
// What tessel-lower-wgmma relies on (passes/WgmmaLayout.h): wgmma reads,
// through NVGPU's descriptors, exactly the bytes TMA wrote for each element
// of A and B, in every 16-wide K slice; and the accumulator store puts
// every element of the block's 64 G x N accumulator in its place, once.
//
//===----------------------------------------------------------------------===//

#include "passes/WgmmaLayout.h"

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
  for (int64_t groups : {1, 2, 4})
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
  for (int64_t groups : {1, 2, 4})
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

} // namespace
