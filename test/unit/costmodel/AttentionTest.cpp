//===- AttentionTest.cpp - The fused attention kernel's layout and terms --===//
//
// Properties of predictFusedAttention and of the block layout it shares
// with the code generator: causal key tiles skipped, micro-tiles that give
// every thread work, shared memory as the emitted buffers take it, legal
// schedules on every target, no prediction below the roofline, a causal
// attention predicted faster than the same one unmasked, and a sliding
// window's keys skipped.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "test/unit/costmodel/Kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

using namespace mlir::tessel;

namespace {

KernelDesc attention(int64_t heads, int64_t kvHeads, int64_t sq, int64_t skv,
                     int64_t d, bool causal, ElementType type) {
  KernelDesc k;
  k.name = "attention";
  AttentionShape a;
  a.heads = heads;
  a.kvHeads = kvHeads;
  a.sq = sq;
  a.skv = skv;
  a.d = a.dv = d;
  a.causal = causal;
  a.type = type;
  k.attention = a;
  k.contraction = true;
  k.flops = 2 * a.unmaskedPairs() * double(2 * d);
  return k;
}

/// The register-resident form `form` on [64, 32] tiles with two 16-row
/// strips a warp (two warps) and with one (four warps).
std::pair<Schedule, Schedule> twoStripsAndOne(const Schedule &form) {
  Schedule two = form;
  two.block = {64, 32};
  two.warp = {32, 32};
  two.warps = 2;
  Schedule one = two;
  one.warp = {16, 32};
  one.warps = 4;
  return {two, one};
}

TEST(AttentionShape, CausalTilesStopAtTheLastQuery) {
  AttentionShape a;
  a.sq = 100;
  a.skv = 100;
  EXPECT_EQ(a.keyTiles(0, 32, 32), 4);
  a.causal = true;
  // Queries 0..31 reach keys 0..31: one tile; queries 96..99 all four.
  EXPECT_EQ(a.keyTiles(0, 32, 32), 1);
  EXPECT_EQ(a.keyTiles(32, 32, 32), 2);
  EXPECT_EQ(a.keyTiles(96, 32, 32), 4);
  // More keys than queries (a KV cache): the last query sees them all.
  a.skv = 4096;
  a.sq = 1;
  EXPECT_EQ(a.keyTiles(0, 16, 128), 32);
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 4096);
}

TEST(AttentionShape, SlicesOfTheKeys) {
  AttentionShape a;
  a.sq = 1;
  a.skv = 100;
  a.splits = 3; // slices of 34, 34 and 32 keys
  EXPECT_EQ(a.sliceLength(), 34);
  EXPECT_EQ(a.keyTiles(0, 16, 16, 0), 3);
  EXPECT_EQ(a.keyTiles(0, 16, 16, 2), 2);
  // Causal, as many queries as keys: queries 0..15 see keys 0..15, none of
  // the second slice's; queries 32..47 see its first 14 keys.
  a.sq = 100;
  a.causal = true;
  EXPECT_EQ(a.keyTiles(0, 16, 16, 1), 0);
  EXPECT_EQ(a.keyTiles(32, 16, 16, 1), 1);
  EXPECT_EQ(a.keyTiles(96, 16, 16, 2), 2);
}

TEST(AttentionShape, LeadingTilesNoRowMasks) {
  AttentionShape a;
  a.sq = 100;
  a.skv = 100;
  // Without a mask's cause but the end: the whole tiles before key 100.
  EXPECT_EQ(a.unmaskedKeyTiles(0, 32), 3);
  a.causal = true;
  // Rows 64..95: the first sees keys 0..64, so tiles 0 and 1 are whole for
  // every row; rows 0..31: row 0 sees key 0 alone, so none is.
  EXPECT_EQ(a.unmaskedKeyTiles(64, 32), 2);
  EXPECT_EQ(a.unmaskedKeyTiles(0, 32), 0);
  // Grouped queries (4 heads a key/value head): row 64 is query 16.
  a.heads = 8;
  a.kvHeads = 2;
  EXPECT_EQ(a.unmaskedKeyTiles(64, 16), 1);
  // A slice (keys 50..99): row 64 sees 15 of its keys (50..64), row 96
  // 47 (50..96): two whole tiles of 16.
  a.heads = a.kvHeads = 1;
  a.splits = 2;
  EXPECT_EQ(a.unmaskedKeyTiles(64, 16, 1), 0);
  EXPECT_EQ(a.unmaskedKeyTiles(96, 16, 1), 2);
}

TEST(AttentionShape, QueryTilesTakeTheGroupsRows) {
  AttentionShape a;
  a.heads = 8;
  a.kvHeads = 2; // 4 query heads per KV head: row R is query R / 4
  a.sq = a.skv = 100;
  EXPECT_EQ(a.group(), 4);
  EXPECT_EQ(a.queryRows(), 400);
  a.causal = true;
  // Rows 0..15 are queries 0..3 (keys 0..3); rows 64..79 queries 16..19.
  EXPECT_EQ(a.keyTiles(0, 16, 16), 1);
  EXPECT_EQ(a.keyTiles(64, 16, 16), 2);
  // The last tile's padding rows past 400 do not count.
  EXPECT_EQ(a.keyTiles(384, 32, 16), 7);
}

TEST(AttentionShape, CausalPairsAreTheLowerTriangle) {
  AttentionShape a;
  a.sq = a.skv = 8;
  a.causal = true;
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 36); // 1 + 2 + ... + 8
}

TEST(AttentionShape, AWindowSkipsTheKeysBeforeIt) {
  AttentionShape a;
  a.sq = a.skv = 100;
  a.causal = true;
  a.window = 50;
  // Rows 60..69: row 60's window starts at key 11, in tile 10..19, where
  // the block starts; row 69's at key 20. Tile 10..19 is masked for rows
  // 61..69, tiles 20..59 for none, tile 60..69 by the causal mask.
  EXPECT_EQ(a.firstKey(60, 10), 10);
  EXPECT_EQ(a.keyTiles(60, 10, 10), 6);
  EXPECT_EQ(a.leadingMaskedKeyTiles(60, 10, 10), 1);
  EXPECT_EQ(a.unmaskedKeyTiles(60, 10), 5);
  // Early rows' windows start before key 0: none is skipped or masked.
  EXPECT_EQ(a.firstKey(0, 10), 0);
  EXPECT_EQ(a.leadingMaskedKeyTiles(0, 10, 10), 0);
  // A window of one key: each row sees its own alone.
  a.window = 1;
  EXPECT_EQ(a.firstKey(60, 10), 60);
  EXPECT_EQ(a.keyTiles(60, 10, 10), 1);
  EXPECT_EQ(a.leadingMaskedKeyTiles(60, 10, 10), 1);
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 100);
}

TEST(AttentionShape, AWindowOverSlicesAndGroups) {
  // A decode step (4 query heads a KV head) whose window holds the last 300
  // of 1000 keys: the slices cut those 300 alone, 60 keys each from key
  // 700, every one of them visible to the query.
  AttentionShape a;
  a.heads = 8;
  a.kvHeads = 2;
  a.sq = 1;
  a.skv = 1000;
  a.causal = true;
  a.window = 300;
  a.splits = 5;
  EXPECT_EQ(a.keysRead(), 300);
  EXPECT_EQ(a.slicedFrom(), 700);
  EXPECT_EQ(a.sliceLength(), 60);
  for (int64_t split = 0; split < 5; ++split) {
    EXPECT_EQ(a.firstKey(0, 16, split), 700 + 60 * split) << split;
    EXPECT_EQ(a.keyTiles(0, 16, 16, split), 4) << split;
    EXPECT_EQ(a.leadingMaskedKeyTiles(0, 16, 16, split), 0) << split;
  }
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 8 * 300);
  // A prefill of 100 queries at the end of those keys reads 399 of them:
  // query 0's window starts at key 601.
  a.sq = 100;
  a.splits = 3;
  EXPECT_EQ(a.keysRead(), 399);
  EXPECT_EQ(a.sliceLength(), 133);
  // Rows 0..15 (queries 0..3): in slice 0 (keys 601..733) from the
  // slice's first key (query 0's window starts in the tile at 592); in
  // slice 2 (keys 867..999) up to query 3's last key, 903: 37 keys.
  EXPECT_EQ(a.firstKey(0, 16, 0), 601);
  EXPECT_EQ(a.keyTiles(0, 16, 16, 2), 3);
}

TEST(AttentionShape, WindowPairs) {
  // Queries 0..7 see 1, 2, 3, 3, ... keys with a window of 3.
  AttentionShape a;
  a.sq = a.skv = 8;
  a.causal = true;
  a.window = 3;
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 1 + 2 + 3 * 6);
  // A window as long as the keys changes nothing.
  a.window = 8;
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 36);
  // Two queries at the end of 8 keys: 3 keys each.
  a.sq = 2;
  a.window = 3;
  EXPECT_DOUBLE_EQ(a.unmaskedPairs(), 6);
}

TEST(FusedAttentionLayout, MicroTilesGiveEveryThreadWork) {
  for (int64_t threads : {32, 64, 128, 256})
    for (int64_t rows : {16, 32, 64, 128})
      for (int64_t cols : {16, 24, 64, 80, 128}) {
        auto [r, c] = attentionMicroTile(rows, cols, threads);
        EXPECT_EQ(rows % r, 0);
        EXPECT_EQ(cols % c, 0);
        if (rows * cols >= threads)
          EXPECT_GE((rows / r) * (cols / c), threads)
              << rows << "x" << cols << " over " << threads;
      }
  EXPECT_EQ(attentionMicroTile(64, 64, 64),
            (std::pair<int64_t, int64_t>(8, 8)));
  EXPECT_EQ(attentionMicroTile(16, 16, 256),
            (std::pair<int64_t, int64_t>(1, 1)));
}

TEST(FusedAttentionLayout, CopyBatchesDivideTheRounds) {
  // A thread's copy of a tile in batches of loads issued together: the
  // largest divisor of its rounds up to kCopyLoadsInFlight.
  EXPECT_EQ(FusedAttentionLayout::copyBatch(1), 1);
  EXPECT_EQ(FusedAttentionLayout::copyBatch(4), 4);
  EXPECT_EQ(FusedAttentionLayout::copyBatch(16), 8);
  EXPECT_EQ(FusedAttentionLayout::copyBatch(12), 6);
  EXPECT_EQ(FusedAttentionLayout::copyBatch(9), 3);
  EXPECT_EQ(FusedAttentionLayout::copyBatch(11), 1);
  for (int64_t rounds = 1; rounds <= 64; ++rounds) {
    int64_t batch = FusedAttentionLayout::copyBatch(rounds);
    EXPECT_EQ(rounds % batch, 0);
    EXPECT_LE(batch, FusedAttentionLayout::kCopyLoadsInFlight);
  }
}

TEST(FusedAttentionLayout, SharedMemoryAndPadding) {
  AttentionShape a;
  a.d = a.dv = 64;
  a.type = ElementType::BF16;
  FusedAttentionLayout l = FusedAttentionLayout::of(a, 64, 64, 128);
  // 64 bf16 = 32 words: two more halves make the stride 33 words.
  EXPECT_EQ(l.rowPad, 2);
  EXPECT_EQ(l.groups, 64 / l.sCols);
  int64_t expected = 2 * (128 * 66 + 64 * 64) +
                     4 * (64 * 65 + 64 * 64 + 2 * 64 * (l.groups + 1) + 3 * 64);
  EXPECT_EQ(l.sharedBytes, expected);
  a.d = 80; // 40 words: also padded
  EXPECT_EQ(FusedAttentionLayout::of(a, 64, 64, 128).rowPad, 2);
  a.d = 96;
  a.type = ElementType::F32; // 96 words: one more
  EXPECT_EQ(FusedAttentionLayout::of(a, 64, 64, 128).rowPad, 1);
  a.d = 6;
  a.type = ElementType::F16; // 3 words, odd already
  EXPECT_EQ(FusedAttentionLayout::of(a, 64, 64, 128).rowPad, 0);
}

TEST(FusedAttention, EveryTargetHasALegalScheduleAboveTheRoofline) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    std::vector<std::pair<Schedule, Prediction>> offered =
        enumeratePredicted(k, t);
    ASSERT_FALSE(offered.empty()) << name;
    for (const auto &[s, p] : offered) {
      EXPECT_TRUE(p.legal);
      EXPECT_EQ(s.block.size(), 2u);
      EXPECT_LE(double(p.sharedBytes), t.blockSharedMemoryLimit());
      EXPECT_GE(p.timeUs, p.achievableUs) << name;
      EXPECT_GE(p.timeUs, p.dramUs);
    }
  }
}

TEST(FusedAttention, CausalSkipsAboutHalfTheWork) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc full = attention(32, 8, 2048, 2048, 128, false, ElementType::BF16);
  KernelDesc causal =
      attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Schedule s;
  s.block = {64, 64};
  s.warps = 4;
  Prediction pf = predict(full, s, t), pc = predict(causal, s, t);
  ASSERT_TRUE(pf.legal && pc.legal);
  EXPECT_LT(pc.timeUs, 0.6 * pf.timeUs);
  EXPECT_GT(pc.timeUs, 0.4 * pf.timeUs);
  EXPECT_NEAR(pc.flops / pf.flops, 0.5, 0.01);
}

TEST(FusedAttention, RefusesWhatItDoesNotEmit) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc k = attention(8, 8, 512, 512, 64, false, ElementType::F16);
  Schedule s;
  s.block = {64, 64};
  s.warps = 4;
  s.stages = 2;
  EXPECT_FALSE(predict(k, s, t).legal);
  s.stages = 1;
  s.compute = ComputeClass::Wgmma;
  EXPECT_FALSE(predict(k, s, t).legal);
  s.compute = ComputeClass::Simt;
  s.block = {64, 64, 16};
  EXPECT_FALSE(predict(k, s, t).legal);
  // d = 256 in f32 with 128 x 128 tiles: far past any block's shared memory.
  KernelDesc wide = attention(1, 1, 512, 512, 256, false, ElementType::F32);
  s.block = {128, 128};
  Prediction p = predict(wide, s, t);
  EXPECT_FALSE(p.legal);
  EXPECT_NE(p.illegalReason.find("shared memory"), std::string::npos);
}

TEST(FusedAttentionLayout, TensorCoreStripsAndSplits) {
  AttentionShape a;
  a.d = 64;
  a.dv = 80;
  a.type = ElementType::BF16;
  EXPECT_EQ(FusedAttentionLayout::mmaRefusal(a, 32, 32, 4), "");
  // Two strips of four warps: each split two ways, S's 4 pieces of 8 keys
  // and O's 10 pieces of 8 value columns.
  FusedAttentionLayout l =
      FusedAttentionLayout::of(a, 32, 32, 128, ComputeClass::MmaSync);
  EXPECT_EQ(l.strips, 2);
  EXPECT_EQ(l.sSplits, 2);
  EXPECT_EQ(l.oSplits, 2);
  EXPECT_EQ(l.kRow, 32 + kMmaOperandPad); // k transposed: [d, bkv + pad]
  EXPECT_EQ(l.sRow, 32 + kMmaAccumulatorPad);
  int64_t expected =
      2 * (32 * (64 + 8) + 64 * (32 + 8) + 32 * (80 + 8) + 32 * (32 + 8)) +
      4 * (32 * (32 + 8) + 32 * (80 + 8) + 2 * 32 * (l.groups + 1) + 3 * 32);
  EXPECT_EQ(l.sharedBytes, expected);
  // One strip, eight warps: 10 pieces split the most ways that divide them.
  l = FusedAttentionLayout::of(a, 16, 128, 256, ComputeClass::MmaSync);
  EXPECT_EQ(l.sSplits, 8);
  EXPECT_EQ(l.oSplits, 5);
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 64, 32, 2), "");
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 24, 32, 4), "");
  a.type = ElementType::F32;
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 32, 32, 4), "");
}

// On MFMA a 64-lane wavefront takes a 16-row strip in 16x16x16 pieces: the
// value columns come in pieces of 16, so a head dim of 80 splits five ways
// at most, and one of 72 is refused where mma.sync takes it.
TEST(FusedAttentionLayout, MfmaStripsAndSplits) {
  AttentionShape a;
  a.d = 64;
  a.dv = 80;
  a.type = ElementType::F16;
  EXPECT_EQ(FusedAttentionLayout::pieceOf(ComputeClass::Mfma),
            (std::array<int64_t, 3>{16, 16, 16}));
  EXPECT_EQ(FusedAttentionLayout::mmaRefusal(a, 32, 32, 4, ComputeClass::Mfma),
            "");
  FusedAttentionLayout l =
      FusedAttentionLayout::of(a, 32, 32, 4 * 64, ComputeClass::Mfma, 64);
  EXPECT_TRUE(l.mma);
  EXPECT_EQ(l.pieceN, 16);
  EXPECT_EQ(l.strips, 2);
  EXPECT_EQ(l.sSplits, 2); // 2 pieces of 16 keys
  EXPECT_EQ(l.oSplits, 1); // 5 pieces of 16 columns: 2 does not divide them
  l = FusedAttentionLayout::of(a, 16, 128, 8 * 64, ComputeClass::Mfma, 64);
  EXPECT_EQ(l.sSplits, 8);
  EXPECT_EQ(l.oSplits, 5);
  a.dv = 72;
  EXPECT_EQ(
      FusedAttentionLayout::mmaRefusal(a, 32, 32, 4, ComputeClass::MmaSync),
      "");
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 32, 32, 4, ComputeClass::Mfma),
            "");
  a.dv = 64;
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 64, 32, 2, ComputeClass::Mfma),
            "");
}

// On MFMA (AMD: no asynchronous copy) the shared-memory form takes two
// stages: the next key tile waits in registers across a step
// (tessel-register-staged-copies). Its block holds two slots of K and V
// and each thread the registers of its share of a tile pair; a latency-
// bound prefill is predicted faster with it, as the enumeration offers
// it; one stage more, or stages on another form without warp tiles, is
// refused.
TEST(FusedAttention, MfmaStagesTheNextTileInRegisters) {
  AttentionShape a;
  a.d = a.dv = 128;
  a.sq = a.skv = 2048;
  a.type = ElementType::BF16;
  EXPECT_EQ(
      FusedAttentionLayout::mmaRefusal(a, 32, 32, 8, ComputeClass::Mfma, 0, 2),
      "");
  EXPECT_NE(
      FusedAttentionLayout::mmaRefusal(a, 32, 32, 8, ComputeClass::Mfma, 0, 3),
      "");
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 32, 32, 8,
                                             ComputeClass::MmaSync, 0, 2),
            "");
  // One key tile, known when compiling: nothing to stage.
  AttentionShape one = a;
  one.skv = 30;
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(one, 32, 32, 8, ComputeClass::Mfma,
                                             0, 2),
            "");
  FusedAttentionLayout single =
      FusedAttentionLayout::of(a, 32, 32, 8 * 64, ComputeClass::Mfma, 64);
  FusedAttentionLayout two =
      FusedAttentionLayout::of(a, 32, 32, 8 * 64, ComputeClass::Mfma, 64, 0, 2);
  // One more K tile and V tile of 32 padded rows of bf16.
  EXPECT_EQ(two.sharedBytes - single.sharedBytes,
            2 * 32 * (single.kRow + single.vRow));

  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Target mi300x = *lookupKnownTarget("mi300x");
  // (32 x 32 tiles of head dim 128 take 59 KB of LDS in one stage: two do
  // not fit a CDNA block's 64 KiB.)
  Schedule s;
  s.block = {32, 32};
  s.warps = 8;
  s.compute = ComputeClass::Mfma;
  Schedule tooLarge = s;
  tooLarge.stages = 2;
  EXPECT_FALSE(predict(k, tooLarge, mi300x).legal);
  s.block = {32, 16};
  Schedule staged = s;
  staged.stages = 2;
  Prediction p1 = predict(k, s, mi300x), p2 = predict(k, staged, mi300x);
  ASSERT_TRUE(p1.legal && p2.legal) << p2.illegalReason;
  EXPECT_EQ(p1.bound, Bound::Latency);
  EXPECT_LT(p2.latencyUs, p1.latencyUs);
  EXPECT_LT(p2.timeUs, p1.timeUs);
  // 16 keys x 128 columns of K and of V in 16-byte vectors over 512
  // threads: one round, one vector (4 registers) of each a thread (past
  // the tile's 256 vectors a thread copies the last one again).
  EXPECT_EQ(p2.registers - p1.registers, 8);
  std::vector<Schedule> offers = enumerateSchedules(k, mi300x);
  EXPECT_TRUE(std::any_of(offers.begin(), offers.end(), [](const Schedule &o) {
    return o.compute == ComputeClass::Mfma && o.stages == 2;
  }));
  EXPECT_FALSE(std::any_of(offers.begin(), offers.end(), [](const Schedule &o) {
    return o.stages > 2 || (o.compute == ComputeClass::Simt && o.stages > 1);
  }));
  // Not on NVIDIA, whose shared-memory forms take one stage.
  Schedule nv = staged;
  nv.compute = ComputeClass::MmaSync;
  EXPECT_FALSE(predict(k, nv, *lookupKnownTarget("a100")).legal);
}

TEST(FusedAttention, TensorCoresWhereTheyExist) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Schedule simt;
  simt.block = {64, 64};
  simt.warps = 4;
  Schedule mma = simt;
  mma.compute = ComputeClass::MmaSync;
  Target h100 = *lookupKnownTarget("h100");
  Prediction ps = predict(k, simt, h100), pm = predict(k, mma, h100);
  ASSERT_TRUE(ps.legal && pm.legal) << pm.illegalReason;
  EXPECT_LT(pm.timeUs, ps.timeUs);
  EXPECT_GE(pm.timeUs, pm.achievableUs);
  // mma.sync's fraction of the peak is an estimate: uncalibrated.
  EXPECT_TRUE(pm.uncalibrated);
  Target mi300x = *lookupKnownTarget("mi300x");
  Prediction amd = predict(k, mma, mi300x);
  EXPECT_FALSE(amd.legal);
  KernelDesc f32 = attention(8, 8, 512, 512, 64, false, ElementType::F32);
  EXPECT_FALSE(predict(f32, mma, h100).legal);
  // On AMD the same products run on MFMA, faster than on SIMT lanes, and
  // not on NVIDIA (32 x 32 tiles: a CDNA block has 64 KiB of LDS).
  Schedule amdSimt = simt;
  amdSimt.block = {32, 32};
  Schedule mfma = amdSimt;
  mfma.compute = ComputeClass::Mfma;
  Prediction as = predict(k, amdSimt, mi300x), am = predict(k, mfma, mi300x);
  ASSERT_TRUE(as.legal && am.legal) << am.illegalReason;
  EXPECT_LT(am.timeUs, as.timeUs);
  EXPECT_GE(am.timeUs, am.achievableUs);
  EXPECT_FALSE(predict(k, mfma, h100).legal);
  EXPECT_FALSE(predict(f32, mfma, mi300x).legal);
  // The enumeration offers MFMA there, and the best offer takes it.
  std::vector<Schedule> offers = enumerateSchedules(k, mi300x);
  EXPECT_TRUE(std::any_of(offers.begin(), offers.end(), [](const Schedule &o) {
    return o.compute == ComputeClass::Mfma;
  }));
  EXPECT_FALSE(std::any_of(offers.begin(), offers.end(), [](const Schedule &o) {
    return o.compute == ComputeClass::MmaSync;
  }));
}

// The register-resident form (warp = [rows, key tile], mma.sync): no S,
// P or partial statistics in shared memory, so its block needs less of
// it; its registers grow with the warp's strips and the key tile, and a
// warp tile too large for the registers is refused; it is offered on
// NVIDIA alone and, for a long causal prefill, predicted faster than the
// shared-memory form and chosen.
TEST(FusedAttention, AWindowCostsItsKeys) {
  // Mistral-7B's sliding window of 4096 keys over an 8192-token prefill:
  // about 3/4 of the causal work (the first 4096 queries see what they see
  // causally, the rest 4096 keys each), and the prediction follows.
  Target t = *lookupKnownTarget("h100");
  KernelDesc causal =
      attention(32, 8, 8192, 8192, 128, true, ElementType::BF16);
  KernelDesc windowed = causal;
  windowed.attention->window = 4096;
  windowed.flops = 2 * windowed.attention->unmaskedPairs() * double(2 * 128);
  Schedule s;
  s.block = {128, 64};
  s.warp = {16, 64};
  s.warps = 8;
  s.stages = 2;
  s.compute = ComputeClass::Wgmma;
  Prediction pc = predict(causal, s, t), pw = predict(windowed, s, t);
  ASSERT_TRUE(pc.legal && pw.legal) << pw.illegalReason;
  EXPECT_NEAR(pw.flops / pc.flops, 0.75, 0.01);
  EXPECT_LT(pw.timeUs, 0.85 * pc.timeUs);
  EXPECT_GT(pw.timeUs, 0.6 * pc.timeUs);
  // The window's registers (its rotated steps and second compare).
  EXPECT_GT(pw.registers, pc.registers);
  // Its K and V bytes are those some query reads: a decode step against
  // 16384 keys with a window of 4096 moves what one against 4096 does.
  KernelDesc decode = attention(32, 8, 1, 16384, 128, true, ElementType::BF16);
  decode.attention->window = 4096;
  decode.flops = 2 * decode.attention->unmaskedPairs() * double(2 * 128);
  KernelDesc short4096 =
      attention(32, 8, 1, 4096, 128, true, ElementType::BF16);
  Schedule d;
  d.block = {16, 128};
  d.warps = 4;
  Prediction pd = predict(decode, d, t), ps = predict(short4096, d, t);
  ASSERT_TRUE(pd.legal && ps.legal);
  EXPECT_DOUBLE_EQ(pd.dramBytes, ps.dramBytes);
}

TEST(FusedAttention, RegisterResidentForm) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Target h100 = *lookupKnownTarget("h100");
  Schedule shared;
  shared.block = {64, 64};
  shared.warps = 4;
  shared.compute = ComputeClass::MmaSync;
  Schedule registers = shared;
  registers.warp = {16, 64};
  Prediction ps = predict(k, shared, h100), pr = predict(k, registers, h100);
  ASSERT_TRUE(ps.legal && pr.legal) << pr.illegalReason;
  EXPECT_LT(pr.sharedBytes, ps.sharedBytes);
  EXPECT_LT(pr.timeUs, ps.timeUs);
  EXPECT_GE(pr.timeUs, pr.achievableUs);
  FusedAttentionLayout l = FusedAttentionLayout::of(
      *k.attention, 64, 64, 128, ComputeClass::MmaSync, 32, 16);
  EXPECT_TRUE(l.registers);
  // q, k (as it is: its B fragments are read transposed) and v in bf16;
  // O and the rows' sums in f32 (the maxima, which no code after the loops
  // reads, are not kept there).
  EXPECT_FALSE(l.kTransposed);
  EXPECT_EQ(l.sharedBytes,
            2 * 64 * (l.qRow + l.kRow + l.vRow) + 4 * 64 * (l.oRow + 8));
  // Stored only after the key loops, those take the tiles' bytes where
  // tessel-dynamic-shared-memory overlays them: here where an SM then holds
  // more blocks.
  EXPECT_EQ(l.overlaidBytes, std::max(2 * 64 * (l.qRow + l.kRow + l.vRow),
                                      4 * 64 * (l.oRow + 8)));
  EXPECT_EQ(pr.sharedBytes, l.overlaidBytes);
  // One step (the keys fit one tile) is no loop: nothing is overlaid.
  KernelDesc oneTile = attention(1, 1, 64, 64, 64, false, ElementType::BF16);
  EXPECT_EQ(FusedAttentionLayout::of(*oneTile.attention, 64, 64, 128,
                                     ComputeClass::MmaSync, 32, 16)
                .overlaidBytes,
            0);
  // Two strips a warp hold twice the accumulators: of head dim 64 they
  // fit, of head dim 128 they do not (ptxas spills them).
  KernelDesc k64 = attention(32, 8, 2048, 2048, 64, true, ElementType::BF16);
  auto [two, one] = twoStripsAndOne(registers);
  Prediction p2 = predict(k64, two, h100), p1 = predict(k64, one, h100);
  ASSERT_TRUE(p2.legal && p1.legal) << p2.illegalReason;
  EXPECT_GT(p2.registers, p1.registers);
  EXPECT_FALSE(predict(k, two, h100).legal);
  // Not on MFMA or SIMT lanes, nor with rows that are not whole strips.
  Schedule simt = registers;
  simt.compute = ComputeClass::Simt;
  EXPECT_FALSE(predict(k, simt, h100).legal);
  EXPECT_FALSE(predict(k, registers, *lookupKnownTarget("mi300x")).legal);
  Schedule ragged = registers;
  ragged.warp = {8, 64};
  ragged.warps = 8;
  EXPECT_FALSE(predict(k, ragged, h100).legal);
  // Offered on NVIDIA and chosen for this prefill (on AMD, on MFMA alone:
  // RegisterFormOnMfma).
  auto registerForm = [](const Schedule &o) { return !o.warp.empty(); };
  std::vector<Schedule> offers = enumerateSchedules(k, h100);
  EXPECT_TRUE(std::any_of(offers.begin(), offers.end(), registerForm));
  for (const char *name : {"h100", "a100"}) {
    std::optional<std::pair<Schedule, Prediction>> best;
    for (auto &offer : enumeratePredicted(k, *lookupKnownTarget(name)))
      if (!best || offer.second.timeUs < best->second.timeUs)
        best = offer;
    ASSERT_TRUE(best) << name;
    EXPECT_TRUE(registerForm(best->first)) << name;
  }
}

// The register-resident form on MFMA (warp = [rows, key tile], mma =
// mfma): 16x16x16 pieces held by rows (passes/MfmaLayout.h), the whole key
// tile a warp, one stage or two (the next key tile staged in registers:
// AMD has no asynchronous copy). Its registers follow kMfmaForm* (fitted
// on LLVM's counts) and the staged tiles' share; a long causal prefill is
// predicted faster than on the shared-memory form, faster still staged,
// and chosen on mi300x; the enumeration offers no other stages or key
// splits.
TEST(FusedAttention, RegisterFormOnMfma) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  const AttentionShape &a = *k.attention;
  EXPECT_EQ(
      FusedAttentionLayout::mmaRefusal(a, 64, 64, 4, ComputeClass::Mfma, 16, 1),
      "");
  EXPECT_EQ(
      FusedAttentionLayout::mmaRefusal(a, 64, 64, 4, ComputeClass::Mfma, 16, 2),
      "");
  EXPECT_NE(
      FusedAttentionLayout::mmaRefusal(a, 64, 64, 4, ComputeClass::Mfma, 16, 3),
      "");
  EXPECT_NE(FusedAttentionLayout::mmaRefusal(a, 64, 64, 8, ComputeClass::Mfma,
                                             16, 1, 32),
            "");
  EXPECT_NE(
      FusedAttentionLayout::mmaRefusal(a, 64, 64, 4, ComputeClass::Simt, 16, 1),
      "");
  FusedAttentionLayout l =
      FusedAttentionLayout::of(a, 64, 64, 4 * 64, ComputeClass::Mfma, 64, 16);
  EXPECT_TRUE(l.registers);
  EXPECT_FALSE(l.overlapped);
  EXPECT_FALSE(l.kTransposed);
  EXPECT_EQ(l.pieceM, 16);
  EXPECT_EQ(l.pieceN, 16);

  Target mi300x = *lookupKnownTarget("mi300x");
  Schedule shared;
  shared.block = {32, 32};
  shared.warps = 8;
  shared.compute = ComputeClass::Mfma;
  Schedule registers;
  registers.block = {64, 64};
  registers.warp = {16, 64};
  registers.warps = 4;
  registers.compute = ComputeClass::Mfma;
  Prediction ps = predict(k, shared, mi300x),
             pr = predict(k, registers, mi300x);
  ASSERT_TRUE(ps.legal && pr.legal) << pr.illegalReason;
  EXPECT_LT(pr.timeUs, ps.timeUs);
  EXPECT_GE(pr.timeUs, pr.achievableUs);
  // A lane's share of a strip: dv / 4 of O, d / 8 registers of q, 64 / 4
  // keys of S, and the causal mask's.
  EXPECT_EQ(pr.registers, int64_t(std::ceil(59.436 + 1.089 * (32 + 16) +
                                            2.577 * 16 + 29.261 + 3.055 * 16)));
  // Two strips a wavefront hold more; without the mask, fewer.
  auto [two, one] = twoStripsAndOne(registers);
  Prediction p2 = predict(k, two, mi300x), p1 = predict(k, one, mi300x);
  ASSERT_TRUE(p2.legal && p1.legal) << p2.illegalReason;
  EXPECT_GT(p2.registers, p1.registers);
  KernelDesc open = attention(32, 8, 2048, 2048, 128, false, ElementType::BF16);
  EXPECT_LT(predict(open, registers, mi300x).registers, pr.registers);
  // Staged, the next tile's loads wait a step in registers: on [64, 32]
  // (two slots of [64, 64] tiles do not fit 64 KiB) 32 x 128 of K and of V
  // in 16-byte vectors over 256 threads, two of each a thread, 16
  // registers. There the second slot costs a block a CU: unstaged, the
  // key and value tiles take q's bytes (17408 in all) and the VGPRs let
  // two blocks run; staged, 34816 bytes, one. At the same blocks a CU
  // ([128, 16], eight wavefronts: q's 34816 bytes bind either way; 16 x
  // 128 of K and of V over 512 threads, 8 registers), staging is faster.
  // The register form on `block` rows and keys, `warps` wavefronts of 16
  // rows each, with one stage and with two.
  auto unstagedAndStaged = [&](std::vector<int64_t> block, int64_t warps) {
    Schedule one = registers;
    one.block = block;
    one.warp = {16, block[1]};
    one.warps = warps;
    Schedule two = one;
    two.stages = 2;
    return std::pair{one, two};
  };
  auto [unstaged, staged] = unstagedAndStaged({64, 32}, 4);
  Prediction pu = predict(k, unstaged, mi300x),
             pst = predict(k, staged, mi300x);
  ASSERT_TRUE(pu.legal && pst.legal) << pst.illegalReason;
  EXPECT_EQ(pst.registers - pu.registers, 16);
  EXPECT_EQ(pu.blocksPerSM, 2);
  EXPECT_EQ(pst.blocksPerSM, 1);
  EXPECT_LT(pu.timeUs, pst.timeUs);
  auto [tall, tallStaged] = unstagedAndStaged({128, 16}, 8);
  Prediction ptu = predict(k, tall, mi300x),
             pts = predict(k, tallStaged, mi300x);
  ASSERT_TRUE(ptu.legal && pts.legal) << pts.illegalReason;
  EXPECT_EQ(pts.registers - ptu.registers, 8);
  EXPECT_EQ(pts.blocksPerSM, ptu.blocksPerSM);
  EXPECT_LT(pts.timeUs, ptu.timeUs);
  Schedule tooLarge = registers;
  tooLarge.stages = 2;
  EXPECT_FALSE(predict(k, tooLarge, mi300x).legal);
  Schedule three = staged;
  three.stages = 3;
  EXPECT_FALSE(predict(k, three, mi300x).legal);
  // Not with a key split.
  Schedule split = registers;
  split.warp = {16, 32};
  split.warps = 8;
  EXPECT_FALSE(predict(k, split, mi300x).legal);
  // Offered on MFMA alone, one or two stages and the whole key tile, and
  // chosen.
  std::vector<Schedule> offers = enumerateSchedules(k, mi300x);
  auto registerForm = [](const Schedule &o) { return !o.warp.empty(); };
  EXPECT_TRUE(std::any_of(offers.begin(), offers.end(), registerForm));
  for (const Schedule &o : offers)
    if (registerForm(o)) {
      EXPECT_EQ(o.compute, ComputeClass::Mfma);
      EXPECT_LE(o.stages, 2);
      EXPECT_EQ(o.warp[1], o.block[1]);
    }
  std::optional<std::pair<Schedule, Prediction>> best;
  for (auto &offer : enumeratePredicted(k, mi300x))
    if (!best || offer.second.timeUs < best->second.timeUs)
      best = offer;
  ASSERT_TRUE(best);
  EXPECT_TRUE(registerForm(best->first));
}

// On MFMA the register-resident form's epilogue divides O by the rows'
// sums in the lanes and writes it rounded to the input type (roundedRow):
// O and the statistics stay in registers, so once the buffers used after
// the key loops overlay the tiles the block's LDS is the larger of the
// tiles and the rounded O, half an f32 O's bytes. A 128-row query tile
// then fits CDNA's 64 KiB. Splits (of the keys among blocks or warps) merge O
// in f32 and keep the f32 epilogue; so does NVIDIA.
TEST(FusedAttentionLayout, MfmaKeyTilesTakeQueryBytes) {
  // On MFMA the register-resident form reads q's fragments once, before
  // the key loops, behind a barrier (tessel-hoist-accumulators): the key
  // and value tiles then overlay q's tile, and a 64-row tile of the
  // Mistral prefill takes 17408 bytes, not 34816 (what
  // tessel-dynamic-shared-memory places for the kernel: GQA-LDS in
  // cpu-check-fused-attention-mfma-registers.mlir). mma.sync reloads q
  // every step: its tiles stay side by side.
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  const AttentionShape &a = *k.attention;
  FusedAttentionLayout mfma = FusedAttentionLayout::of(
      a, 64, 32, 4 * 64, ComputeClass::Mfma, 64, 16, 1);
  int64_t q = 2 * 64 * mfma.qRow;
  int64_t kv = 2 * (32 * mfma.kRow + 32 * mfma.vRow);
  int64_t rounded = 2 * 64 * mfma.roundedRow;
  EXPECT_EQ(mfma.overlaidBytes, std::max({q, kv, rounded}));
  EXPECT_EQ(mfma.overlaidBytes, 17408);
  FusedAttentionLayout mma = FusedAttentionLayout::of(
      a, 64, 32, 4 * 32, ComputeClass::MmaSync, 32, 16, 1);
  EXPECT_GE(mma.overlaidBytes,
            2 * (64 * mma.qRow + 32 * mma.kRow + 32 * mma.vRow));

  // On mi300x the LDS then holds three such blocks a CU, the VGPRs two.
  Target mi300x = *lookupKnownTarget("mi300x");
  Schedule s;
  s.block = {64, 32};
  s.warp = {16, 32};
  s.warps = 4;
  s.compute = ComputeClass::Mfma;
  Prediction p = predict(k, s, mi300x);
  ASSERT_TRUE(p.legal) << p.illegalReason;
  EXPECT_EQ(p.sharedBytes, 17408);
  EXPECT_EQ(p.blocksPerSM, 2);
}

TEST(FusedAttentionLayout, MfmaRoundsOInTheLanes) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  const AttentionShape &a = *k.attention;
  FusedAttentionLayout l = FusedAttentionLayout::of(
      a, 128, 16, 8 * 64, ComputeClass::Mfma, 64, 16, 2);
  EXPECT_EQ(l.roundedRow, 128 + 8);
  int64_t tiles = 2 * (128 * l.qRow + 2 * 16 * l.kRow + 2 * 16 * l.vRow);
  int64_t rounded = 2 * 128 * l.roundedRow;
  EXPECT_EQ(l.sharedBytes, tiles + rounded + 4 * 128 * (l.oRow + l.pieceN));
  // q's fragments are read before the key and value tiles are first
  // written: those take q's bytes (tessel-hoist-accumulators).
  int64_t q = 2 * 128 * l.qRow;
  EXPECT_EQ(l.overlaidBytes, std::max({q, tiles - q, rounded}));
  // O's f32 buffer, never in LDS once carried, is unpadded: 128 x 128
  // fits 64 KiB on its own (as tessel-map-to-gpu checks).
  EXPECT_EQ(l.oRow, 128);

  Target mi300x = *lookupKnownTarget("mi300x");
  Schedule tall;
  tall.block = {128, 16};
  tall.warp = {16, 16};
  tall.warps = 8;
  tall.stages = 2;
  tall.compute = ComputeClass::Mfma;
  Prediction p = predict(k, tall, mi300x);
  ASSERT_TRUE(p.legal) << p.illegalReason;
  EXPECT_EQ(p.sharedBytes, l.overlaidBytes);
  // 256 rows of head dim 80: the tiles (56320 bytes) and the rounded O
  // fit, O's f32 buffer (81920) does not.
  KernelDesc dim80 = attention(8, 8, 512, 512, 80, true, ElementType::BF16);
  Schedule taller = tall;
  taller.block = {256, 16};
  taller.warps = 16;
  Prediction p80 = predict(dim80, taller, mi300x);
  EXPECT_FALSE(p80.legal);
  EXPECT_NE(p80.illegalReason.find("O's f32 tile (81920 bytes)"),
            std::string::npos)
      << p80.illegalReason;

  // Split among the warps, or a slice of the keys: O stays f32.
  EXPECT_EQ(FusedAttentionLayout::of(a, 64, 64, 8 * 64, ComputeClass::Mfma, 64,
                                     16, 1, 32)
                .roundedRow,
            0);
  KernelDesc decode = attention(32, 8, 1, 4096, 128, false, ElementType::BF16);
  AttentionShape slices = *decode.attention;
  slices.splits = 4;
  EXPECT_EQ(FusedAttentionLayout::of(slices, 16, 64, 4 * 64, ComputeClass::Mfma,
                                     64, 16)
                .roundedRow,
            0);
  EXPECT_EQ(
      FusedAttentionLayout::of(a, 64, 64, 4 * 32, ComputeClass::MmaSync, 32, 16)
          .roundedRow,
      0);
}

// The register-resident form with the key tile split among the warps
// (warp = [rows, keys], FlashDecoding's split within a block): legal on
// mma.sync where a warp's keys divide the tile in whole 16-key depths and
// the warps cover the query tile times the splits; each split keeps an O
// and statistics of its own in shared memory after the loops (maxima
// too: the merge weighs by them); a warp's S, and its registers, are of
// its keys.
TEST(FusedAttentionLayout, KeySplitsAmongTheWarps) {
  AttentionShape a;
  a.d = a.dv = 128;
  a.type = ElementType::BF16;
  auto refusal = [&](int64_t bq, int64_t bkv, int64_t warps,
                     ComputeClass compute, int64_t warpKeys) {
    return FusedAttentionLayout::mmaRefusal(a, bq, bkv, warps, compute, 16, 1,
                                            warpKeys);
  };
  EXPECT_EQ(refusal(16, 128, 4, ComputeClass::MmaSync, 32), "");
  EXPECT_EQ(refusal(32, 128, 8, ComputeClass::MmaSync, 32), "");
  // Keys that do not divide the tile, or not in whole 16-key depths.
  EXPECT_NE(refusal(16, 128, 3, ComputeClass::MmaSync, 48), "");
  EXPECT_NE(refusal(16, 128, 16, ComputeClass::MmaSync, 8), "");
  // Warps that do not cover the tile times the splits.
  EXPECT_NE(refusal(16, 128, 2, ComputeClass::MmaSync, 32), "");
  EXPECT_NE(refusal(32, 128, 4, ComputeClass::MmaSync, 32), "");
  // Only on mma.sync.
  EXPECT_NE(refusal(64, 128, 8, ComputeClass::Wgmma, 64), "");

  FusedAttentionLayout whole = FusedAttentionLayout::of(
      a, 16, 128, 32, ComputeClass::MmaSync, 32, 16, 2);
  FusedAttentionLayout split = FusedAttentionLayout::of(
      a, 16, 128, 128, ComputeClass::MmaSync, 32, 16, 2, 32);
  EXPECT_EQ(whole.keySplits(), 1);
  EXPECT_EQ(whole.keysPerWarp(), 128);
  EXPECT_EQ(split.keySplits(), 4);
  EXPECT_EQ(split.keysPerWarp(), 32);
  // The tiles alike; O, the sums and the maxima four times, and the
  // merge's weights (a split's for each row).
  int64_t tiles =
      2 * (16 * split.qRow + 2 * 128 * split.kRow + 2 * 128 * split.vRow);
  EXPECT_EQ(split.sharedBytes,
            tiles + 4 * 4 * 16 * (split.oRow + 2 * 8) + 4 * 4 * 16);
  EXPECT_EQ(whole.sharedBytes, tiles + 4 * 16 * (whole.oRow + 8));
  // A key tile as wide as the warp's keys is no split.
  EXPECT_EQ(FusedAttentionLayout::of(a, 16, 128, 32, ComputeClass::MmaSync, 32,
                                     16, 2, 128)
                .keySplits(),
            1);
}

// A decode step (one query, four heads a KV head: 4 of a 16-row tile's
// rows) on one warp steps every key of a tile alone; split among four or
// eight warps, each steps a part: a shorter chain, fewer registers a
// thread (S of 32 keys, not 128), and faster on every NVIDIA target. The
// merge is priced: the same split over a single tile of keys costs more
// than no split where the warps have nothing to share.
TEST(FusedAttention, KeySplitsShortenADecodeStep) {
  KernelDesc decode = attention(32, 8, 1, 4096, 128, true, ElementType::BF16);
  Schedule one;
  one.block = {16, 128};
  one.warp = {16, 128};
  one.warps = 1;
  one.stages = 2;
  one.compute = ComputeClass::MmaSync;
  Schedule four = one;
  four.warp = {16, 32};
  four.warps = 4;
  for (const char *name : {"h100", "h200", "a100"}) {
    Target t = *lookupKnownTarget(name);
    Prediction p1 = predict(decode, one, t), p4 = predict(decode, four, t);
    ASSERT_TRUE(p1.legal && p4.legal) << name << ": " << p4.illegalReason;
    EXPECT_LT(p4.latencyUs, p1.latencyUs) << name;
    EXPECT_LT(p4.timeUs, p1.timeUs) << name;
    EXPECT_LT(p4.registers, p1.registers) << name;
    EXPECT_GE(p4.timeUs, p4.achievableUs) << name;
    EXPECT_EQ(p4.blocks, p1.blocks) << name;
    // Offered, and on AMD (no mma.sync) never.
    std::vector<Schedule> offers = enumerateSchedules(decode, t);
    EXPECT_TRUE(std::any_of(offers.begin(), offers.end(), [&](auto &o) {
      return o.warp == four.warp && o.warps == 4;
    })) << name;
  }
  Target h100 = *lookupKnownTarget("h100");
  std::vector<Schedule> amd =
      enumerateSchedules(decode, *lookupKnownTarget("mi300x"));
  EXPECT_FALSE(std::any_of(amd.begin(), amd.end(), [](const Schedule &o) {
    return !o.warp.empty() && o.warp[1] < o.block[1];
  }));
  // Not on wgmma.
  Schedule wgmma = four;
  wgmma.compute = ComputeClass::Wgmma;
  EXPECT_FALSE(predict(decode, wgmma, h100).legal);
  // Splits are not free: each repeats a strip's statistics and O's
  // rescale, and the block merges them after the loop, so eight splits of
  // a tile issue more than two.
  KernelDesc tiny = attention(4, 1, 1, 128, 128, false, ElementType::BF16);
  Schedule eight = one;
  eight.stages = 1;
  eight.warp = {16, 16};
  eight.warps = 8;
  Schedule two = eight;
  two.warp = {16, 64};
  two.warps = 2;
  Prediction pe = predict(tiny, eight, h100), p2 = predict(tiny, two, h100);
  ASSERT_TRUE(pe.legal && p2.legal) << pe.illegalReason;
  EXPECT_GT(pe.computeUs, p2.computeUs);
}

// The register-resident form on wgmma (sm_90a): one 16-row strip a warp,
// whole warpgroups; unpadded K and V tiles (no fragments read); the
// products at the wgmma fraction (less compute than on mma.sync), S's
// chain waited out (wgmma_wait_cycles) and, overlapped, P v's behind the
// softmax: one more V slot and the pending P in shared memory, and the
// long causal prefill predicted faster on wgmma than on mma.sync (the
// form measured on an H200 before the overlap, which waited for every
// chain, ran slower: bench/data/h200/variants-2026-11-28c.json), so that
// h100 chooses wgmma for it; never above the achievable time; refused on
// a100 (sm_80), with two strips a warp, or with warps that are not whole
// warpgroups.
TEST(FusedAttention, RegisterFormOnWgmma) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Target h100 = *lookupKnownTarget("h100");
  Schedule sync;
  sync.block = {64, 64};
  sync.warp = {16, 64};
  sync.warps = 4;
  sync.stages = 2;
  sync.compute = ComputeClass::MmaSync;
  Schedule wg = sync;
  wg.compute = ComputeClass::Wgmma;
  Prediction ps = predict(k, sync, h100), pw = predict(k, wg, h100);
  ASSERT_TRUE(ps.legal && pw.legal) << pw.illegalReason;
  EXPECT_LT(pw.timeUs, ps.timeUs);
  EXPECT_LT(pw.computeUs, ps.computeUs);
  EXPECT_GE(pw.timeUs, pw.achievableUs);
  // Without the wait (a target that lacks the figure) the chain's tensor
  // time alone is priced, and the prediction says it is uncalibrated.
  Prediction unwaited = predict(
      k, wg,
      mlir::tessel::testing::without(h100, {TargetField::WgmmaWaitCycles}));
  EXPECT_LT(unwaited.latencyUs, pw.latencyUs);
  EXPECT_LE(unwaited.timeUs, pw.timeUs);
  EXPECT_TRUE(unwaited.uncalibrated);
  FusedAttentionLayout l = FusedAttentionLayout::of(
      *k.attention, 64, 64, 128, ComputeClass::Wgmma, 32, 16, 2);
  EXPECT_EQ(l.kRow, 128);
  EXPECT_EQ(l.vRow, 128);
  EXPECT_TRUE(l.overlapped);
  EXPECT_EQ(l.vSlots(), 3);
  // q, 2 K and 3 V tiles of 64 x 128 bf16; O [64, 136] and the rows' sums
  // [64, 8] in f32 (the pending P and the maxima, carried in registers to
  // the end, are read by nothing after it); those take the tiles' bytes.
  // The K and V tiles are swizzled (whole 64-column boxes): 1008 bytes
  // more, to align them in dynamic shared memory.
  EXPECT_EQ(l.sharedBytes, 2 * (64 * 128 * 6) + 4 * 64 * (136 + 8) + 1008);
  EXPECT_EQ(l.overlaidBytes, 2 * (64 * 128 * 6) + 1008);
  EXPECT_EQ(pw.sharedBytes, l.overlaidBytes);
  FusedAttentionLayout onSync = FusedAttentionLayout::of(
      *k.attention, 64, 64, 128, ComputeClass::MmaSync, 32, 16, 2);
  EXPECT_FALSE(onSync.overlapped);
  EXPECT_EQ(onSync.vSlots(), 2);
  EXPECT_FALSE(predict(k, wg, *lookupKnownTarget("a100")).legal);
  Schedule twoStrips = wg;
  twoStrips.warp = {32, 64};
  twoStrips.warps = 2;
  EXPECT_FALSE(predict(k, twoStrips, h100).legal);
  Schedule partGroup = wg;
  partGroup.block = {32, 64};
  partGroup.warps = 2;
  EXPECT_FALSE(predict(k, partGroup, h100).legal);
  std::optional<std::pair<Schedule, Prediction>> best;
  for (auto &offer : enumeratePredicted(k, h100))
    if (!best || offer.second.timeUs < best->second.timeUs)
      best = offer;
  ASSERT_TRUE(best);
  EXPECT_EQ(best->first.compute, ComputeClass::Wgmma);
  for (const Schedule &offer :
       enumerateSchedules(k, *lookupKnownTarget("a100")))
    EXPECT_NE(offer.compute, ComputeClass::Wgmma);
}

// Pipelined on wgmma, two warpgroups run apart (tessel-warpgroup-pipeline:
// mbarriers instead of the step's block barriers, turns on the tensor
// cores): a step's chain is one warpgroup's own products and softmax, the
// two warpgroups' products together bound the step's compute. The
// Mistral-7B prefill on [128, 64], 8 warps, 2 stages: faster than the
// same tiles in one stage (block barriers), whose chain takes the block's
// products; its chain shorter than the compute of the two warpgroups
// would allow for one; never above the achievable time. (The [128, 128]
// tile the model chooses for the prefill: WgmmaRegistersNearTheLimit, and
// test/tools/tessel-compile-attention-anchors.test for its time.)
TEST(FusedAttention, WarpgroupsRunApartWhenPipelined) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Target h100 = *lookupKnownTarget("h100");
  Schedule apart;
  apart.block = {128, 64};
  apart.warp = {16, 64};
  apart.warps = 8;
  apart.stages = 2;
  apart.compute = ComputeClass::Wgmma;
  Schedule together = apart;
  together.stages = 1;
  Prediction pa = predict(k, apart, h100), pt = predict(k, together, h100);
  ASSERT_TRUE(pa.legal && pt.legal) << pa.illegalReason << pt.illegalReason;
  EXPECT_LT(pa.latencyUs, pt.latencyUs);
  EXPECT_LT(pa.timeUs, pt.timeUs);
  EXPECT_GE(pa.timeUs, pa.achievableUs);
  // One warpgroup (64 rows, 4 warps) has no other to take turns with: its
  // step's chain is the block's, as long as the two warpgroups' block's
  // for half the rows; only more resident blocks (its registers and
  // shared memory are half the other's) overlap the chains.
  Schedule one = apart;
  one.block = {64, 64};
  one.warps = 4;
  Prediction po = predict(k, one, h100);
  ASSERT_TRUE(po.legal) << po.illegalReason;
  EXPECT_GT(po.blocksPerSM, pa.blocksPerSM);
  EXPECT_GT(po.latencyUs * double(po.blocksPerSM),
            pa.latencyUs * double(pa.blocksPerSM));
}

// The wgmma form's registers near the limit (ptxas -v, sm_90a, CUDA 13,
// the tiles loaded by TMA): two warpgroups of dv = 128 on 128-key tiles
// fit since P waits a step rounded to bf16 (the Mistral prefill's [128,
// 128], 8 warps: 205 registers, causal 242, no spill): the causal mask's
// registers are squeezed to the limit, not past it. dv = 256 on [128,
// 64], 8 warps: with two stages it fits (241, causal 253); with one the
// threads copy the tiles and ptxas spills (255 and 12 bytes), which the
// estimate (254) misses by a register or two: it is offered, at the
// limit's occupancy, and slower than the two stages.
TEST(FusedAttention, WgmmaRegistersNearTheLimit) {
  KernelDesc k = attention(32, 8, 2048, 2048, 128, true, ElementType::BF16);
  Target h100 = *lookupKnownTarget("h100");
  double limit = h100.get(TargetField::MaxRegistersPerThread);
  Schedule two;
  two.block = {128, 128};
  two.warp = {16, 128};
  two.warps = 8;
  two.stages = 2;
  two.compute = ComputeClass::Wgmma;
  Prediction p = predict(k, two, h100);
  ASSERT_TRUE(p.legal) << p.illegalReason;
  EXPECT_EQ(double(p.registers), limit);
  KernelDesc unmasked =
      attention(32, 8, 2048, 2048, 128, false, ElementType::BF16);
  Prediction pu = predict(unmasked, two, h100);
  ASSERT_TRUE(pu.legal) << pu.illegalReason;
  EXPECT_NEAR(double(pu.registers), 205.0, 0.1 * 205.0);
  EXPECT_LT(pu.registers, p.registers);
  Schedule shorter = two;
  shorter.block = {128, 64};
  shorter.warp = {16, 64};
  Prediction ps = predict(k, shorter, h100);
  ASSERT_TRUE(ps.legal) << ps.illegalReason;
  EXPECT_NEAR(double(ps.registers), 164.0, 0.1 * 164.0);
  // Head dim 64: the same two warpgroups on 128 keys (ptxas: 208).
  KernelDesc gpt2 = attention(12, 12, 1024, 1024, 64, true, ElementType::BF16);
  Prediction pg = predict(gpt2, two, h100);
  ASSERT_TRUE(pg.legal) << pg.illegalReason;
  EXPECT_NEAR(double(pg.registers), 208.0, 0.1 * 208.0);
  KernelDesc wide = attention(8, 8, 1024, 1024, 256, false, ElementType::BF16);
  Schedule wideTile = shorter;
  Prediction pw = predict(wide, wideTile, h100);
  ASSERT_TRUE(pw.legal) << pw.illegalReason;
  EXPECT_NEAR(double(pw.registers), 241.0, 0.1 * 241.0);
  wideTile.stages = 1;
  Prediction pw1 = predict(wide, wideTile, h100);
  ASSERT_TRUE(pw1.legal) << pw1.illegalReason;
  EXPECT_GE(double(pw1.registers), 0.98 * limit);
  EXPECT_GT(pw1.registers, pw.registers);
  EXPECT_GT(pw1.timeUs, pw.timeUs);
}

// Masking costs a step 4 instructions a key of a lane: a causal prefill's
// tiles below the diagonal step without it. One key tile, known when
// compiling (no causal mask, no slices), is no loop to pipeline: stages
// are priced as one and not offered.
TEST(FusedAttention, UnmaskedStepsAndSingleStepStages) {
  Target h100 = *lookupKnownTarget("h100");
  Schedule s;
  s.block = {64, 64};
  s.warp = {16, 64};
  s.warps = 4;
  s.compute = ComputeClass::MmaSync;
  // Non-causal: 2048 keys in whole tiles of 64 mask nothing; 2047 need the
  // length mask in every step.
  KernelDesc whole = attention(8, 8, 2048, 2048, 128, false, ElementType::BF16);
  KernelDesc ragged =
      attention(8, 8, 2048, 2047, 128, false, ElementType::BF16);
  EXPECT_LT(predict(whole, s, h100).computeUs,
            predict(ragged, s, h100).computeUs);
  KernelDesc one = attention(8, 8, 128, 50, 64, false, ElementType::BF16);
  Schedule single = s;
  single.block = {64, 64};
  Schedule staged = single;
  staged.stages = 2;
  Prediction p1 = predict(one, single, h100), p2 = predict(one, staged, h100);
  ASSERT_TRUE(p1.legal && p2.legal);
  EXPECT_GE(p2.latencyUs, p1.latencyUs);
  for (const Schedule &offered : enumerateSchedules(one, h100))
    if (offered.block[1] >= 50)
      EXPECT_EQ(offered.stages, 1);
  // Causal, one query tile (2 heads a KV head, 24 queries: 48 rows): the
  // bounds are constants too, and each loop (unmasked, masked) folds where
  // it steps once: 40 and 100 keys leave none, 300 keys a loop of 4 steps.
  // Several query tiles keep the loops.
  auto causal = [](int64_t skv, int64_t sq) {
    return *attention(4, 2, sq, skv, 32, true, ElementType::BF16).attention;
  };
  EXPECT_TRUE(causal(40, 24).singleStep(64, 64));
  EXPECT_TRUE(causal(100, 24).singleStep(64, 64));
  EXPECT_FALSE(causal(300, 24).singleStep(64, 64));
  EXPECT_FALSE(causal(40, 24).singleStep(16, 64));
  KernelDesc folded = attention(4, 2, 24, 40, 32, true, ElementType::BF16);
  for (const Schedule &offered : enumerateSchedules(folded, h100))
    if (offered.block[0] >= 48 && offered.block[1] >= 64)
      EXPECT_EQ(offered.stages, 1);
}

TEST(FusedAttention, SplitKVSpreadsTheKeysOverBlocks) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc whole = attention(32, 8, 1, 4096, 128, true, ElementType::BF16);
  KernelDesc partial = whole;
  partial.attention->splits = 8;
  Schedule s;
  s.block = {16, 128};
  s.warps = 2;
  Prediction pw = predict(whole, s, t), pp = predict(partial, s, t);
  ASSERT_TRUE(pw.legal && pp.legal);
  EXPECT_EQ(pp.blocks, 8 * pw.blocks);
  // The same keys, flops and cache read; f32 partials and lse out.
  EXPECT_DOUBLE_EQ(pp.flops, pw.flops);
  EXPECT_DOUBLE_EQ(pp.dramBytes - pw.dramBytes,
                   8.0 * 32 * (128 + 1) * 4 - 32.0 * 128 * 2);
  // 32 blocks on 132 SMs stream the cache far slower than 256.
  EXPECT_LT(pp.timeUs, 0.5 * pw.timeUs);
}

// The first query tile to reach a key tile reads it from DRAM, the others
// from L2: a decode step (one tile a head) waits on DRAM for every copy, a
// prefill (many tiles a head) mostly on L2. Slower DRAM stretches the
// decode's chain, not the prefill's.
TEST(FusedAttention, ADecodeStepCopiesFromDram) {
  Target t = *lookupKnownTarget("h100");
  Target slow = t;
  slow.set(TargetField::DramLatencyCycles,
           2 * t.get(TargetField::DramLatencyCycles), "twice the H100's");
  Schedule s;
  s.block = {16, 128};
  s.warps = 4;
  KernelDesc decode = attention(32, 8, 1, 4096, 128, true, ElementType::BF16);
  KernelDesc prefill =
      attention(8, 8, 2048, 2048, 128, true, ElementType::BF16);
  auto growth = [&](const KernelDesc &k) {
    Prediction fast = predict(k, s, t), late = predict(k, s, slow);
    EXPECT_TRUE(fast.legal && late.legal);
    return late.latencyUs / fast.latencyUs;
  };
  double decodeGrowth = growth(decode), prefillGrowth = growth(prefill);
  // (The copies' waits are a part of a step's chain: a few percent.)
  EXPECT_GT(decodeGrowth, 1.04);
  EXPECT_LT(prefillGrowth, 1.01);
}

// A decode step's query tile holds the rows of all the heads that share a
// key/value head: 32 query heads over 8 KV heads read the cache as 8 would.
TEST(FusedAttention, GroupedHeadsShareADecodeTile) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc gqa = attention(32, 8, 1, 4096, 128, false, ElementType::BF16);
  KernelDesc eight = attention(8, 8, 1, 4096, 128, false, ElementType::BF16);
  Schedule s;
  s.block = {16, 128};
  s.warps = 2;
  Prediction pg = predict(gqa, s, t), p8 = predict(eight, s, t);
  ASSERT_TRUE(pg.legal && p8.legal);
  EXPECT_EQ(pg.blocks, 8);
  EXPECT_EQ(pg.blocks, p8.blocks);
  // Beyond q and the output (once each), the same K and V tiles.
  double qo32 = 32.0 * 256 * 2, qo8 = 8.0 * 256 * 2;
  EXPECT_DOUBLE_EQ(pg.l2Bytes - qo32, p8.l2Bytes - qo8);
}

KernelDesc combine(int64_t splits, int64_t rows, int64_t dv) {
  KernelDesc k;
  k.name = "combine";
  AttentionCombineShape c;
  c.splits = splits;
  c.rows = rows;
  c.dv = dv;
  c.type = ElementType::BF16;
  k.attentionCombine = c;
  return k;
}

// A split that combines its slices in the kernel (tessel.attention_split)
// costs the partial's work plus the last block's tail (the tile's query
// rows only), and saves the combine kernel's launch: on every target
// between the partial alone and the partial plus the combine kernel.
TEST(FusedAttention, SplitKVCombinesWithoutASecondLaunch) {
  for (const std::string &name : knownTargetNames()) {
    SCOPED_TRACE(name);
    Target t = *lookupKnownTarget(name);
    KernelDesc partial =
        attention(32, 8, 1, 4096, 128, true, ElementType::BF16);
    partial.attention->splits = 8;
    KernelDesc split = partial;
    split.attention->combined = true;
    // 64 lanes a warp on AMD: the same threads; key tiles that fit AMD's
    // 64 KiB of LDS.
    Schedule s;
    s.block = {16, 64};
    s.warps = 64 / t.warpSize();
    Schedule c;
    c.block = {8};
    c.warps = 1;
    Prediction pp = predict(partial, s, t), ps = predict(split, s, t),
               pc = predict(combine(8, 32, 128), c, t);
    ASSERT_TRUE(pp.legal && ps.legal && pc.legal)
        << pp.illegalReason << ps.illegalReason << pc.illegalReason;
    EXPECT_EQ(ps.blocks, pp.blocks);
    EXPECT_GT(ps.timeUs, pp.timeUs);
    EXPECT_LT(ps.timeUs, pp.timeUs + pc.timeUs);
    // The attention out beside the partials; the partials read back at L2.
    EXPECT_DOUBLE_EQ(ps.dramBytes - pp.dramBytes, 32.0 * 128 * 2);
    EXPECT_DOUBLE_EQ(ps.l2Bytes - pp.l2Bytes,
                     32.0 * 128 * 2 + 8.0 * 32 * (128 + 1) * 4);
    EXPECT_GT(ps.sharedBytes, pp.sharedBytes);
  }
}

TEST(AttentionCombine, PricedByItsBytesOnEveryTarget) {
  KernelDesc k = combine(8, 32, 128);
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    std::vector<std::pair<Schedule, Prediction>> offered =
        enumeratePredicted(k, t);
    ASSERT_FALSE(offered.empty()) << name;
    for (const auto &[s, p] : offered) {
      EXPECT_EQ(s.block.size(), 1u);
      EXPECT_DOUBLE_EQ(p.dramBytes, 32.0 * 8 * 129 * 4 + 32.0 * 128 * 2);
      EXPECT_EQ(p.blocks, (32 + s.block[0] - 1) / s.block[0]);
      EXPECT_GE(p.timeUs, p.achievableUs) << name;
      EXPECT_GE(p.timeUs, p.launchUs);
    }
  }
}

TEST(AttentionCombine, RefusesWhatItDoesNotEmit) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc k = combine(4, 64, 64);
  Schedule s;
  s.block = {4, 64};
  s.warps = 2;
  EXPECT_FALSE(predict(k, s, t).legal);
  s.block = {4};
  EXPECT_TRUE(predict(k, s, t).legal);
  s.compute = ComputeClass::MmaSync;
  EXPECT_FALSE(predict(k, s, t).legal);
}

} // namespace
