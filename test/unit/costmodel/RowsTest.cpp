//===- RowsTest.cpp - The row kernel's layout and terms -------------------===//
//
// Properties of predictRowKernel and of the block layout it shares with the
// code generator (passes/tiling/RowKernel.cpp): which rows stay in
// registers, the partials' bank-free stride, what is refused, legal
// schedules on every target at or above the roofline, resident rows faster
// than streamed ones, and issue 18's bar: softmax [4096, 4096] and
// layer_norm [8192, 1024] in bf16 chosen at >= 85 % of the achievable DRAM
// bandwidth on h100; reductions (sum, max, mean) read once, in batches of
// loads, and write a value a row.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"

#include <gtest/gtest.h>

using namespace mlir::tessel;

namespace {

KernelDesc rowKernel(RowOpKind op, int64_t rows, int64_t length,
                     ElementType type, bool params = false) {
  KernelDesc k;
  k.name = "row";
  RowShape r;
  r.op = op;
  r.rows = rows;
  r.length = length;
  r.type = type;
  r.scale = r.bias = params && op != RowOpKind::Softmax;
  k.row = r;
  k.flops = 4.0 * double(rows) * double(length);
  return k;
}

/// The prediction of the fastest schedule the enumeration offers (none
/// when it offers none).
std::optional<Prediction> chosen(const KernelDesc &k, const Target &t) {
  std::optional<Prediction> best;
  for (auto &[s, p] : enumeratePredicted(k, t))
    if (!best || p.timeUs < best->timeUs)
      best = p;
  return best;
}

Schedule rowSchedule(int64_t rows, int64_t warps, int64_t vector) {
  Schedule s;
  s.block = {rows};
  s.warps = warps;
  s.vector = vector;
  return s;
}

TEST(RowKernelLayout, ResidentWhenTheRowFitsTheThreadsRegisters) {
  RowShape r;
  r.length = 4096;
  r.type = ElementType::BF16;
  // 512 vectors of 8 over 256 threads: 2 each, 16 elements.
  RowKernelLayout l = RowKernelLayout::of(r, 1, 256, 8);
  EXPECT_EQ(l.threadsPerRow, 256);
  EXPECT_EQ(l.slots, 2);
  EXPECT_TRUE(l.resident);
  // Over 32 threads: 16 vectors, 128 elements: streamed.
  l = RowKernelLayout::of(r, 2, 64, 8);
  EXPECT_EQ(l.threadsPerRow, 32);
  EXPECT_EQ(l.slots, 16);
  EXPECT_FALSE(l.resident);
  // A row its threads' vectors do not cover evenly: 1000 / 4 = 250 vectors
  // over 64 threads, 4 slots (the last one for 58 of them).
  r.length = 1000;
  l = RowKernelLayout::of(r, 2, 128, 4);
  EXPECT_EQ(l.slots, 4);
  EXPECT_TRUE(l.resident);
}

TEST(RowKernelLayout, GroupsOfPartialsAnOddStrideApart) {
  RowShape r;
  r.length = 4096;
  r.op = RowOpKind::LayerNorm;
  // 256 threads a row: 8 groups of 32, their partials 9 words apart (a
  // column of them in 9 distinct banks).
  RowKernelLayout l = RowKernelLayout::of(r, 1, 256, 4);
  EXPECT_EQ(l.groups, 8);
  EXPECT_EQ(l.partialStride, 9);
  EXPECT_EQ(l.partialWords(), 32 * 9);
  // Two reductions, each its partials and the groups' results.
  EXPECT_EQ(l.sharedBytes, 4 * 2 * (32 * 9 + 8));
  // A warp or less a row: its partials side by side, one level.
  l = RowKernelLayout::of(r, 4, 128, 4);
  EXPECT_EQ(l.groups, 1);
  EXPECT_EQ(l.partialWords(), 32);
  EXPECT_EQ(l.sharedBytes, 4 * 4 * 2 * 32);
  // 48 threads: two groups (the second of 16), stride 3.
  l = RowKernelLayout::of(r, 2, 96, 4);
  EXPECT_EQ(l.groups, 2);
  EXPECT_EQ(l.partialStride, 3);
}

TEST(RowKernel, RefusesWhatItDoesNotEmit) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc k = rowKernel(RowOpKind::Softmax, 64, 1000, ElementType::F32);
  // Three rows do not share 64 threads evenly.
  EXPECT_FALSE(predict(k, rowSchedule(3, 2, 1), t).legal);
  // Vectors of 8 f32 are 32 bytes; 1000 is no multiple of 16.
  EXPECT_FALSE(predict(k, rowSchedule(1, 2, 8), t).legal);
  k.row->length = 1008;
  EXPECT_FALSE(predict(k, rowSchedule(1, 2, 16), t).legal);
  // A cooperative kernel's block ([rows, row]) is not a row kernel's.
  Schedule twoDims = rowSchedule(1, 2, 4);
  twoDims.block = {1, 1008};
  EXPECT_FALSE(predict(k, twoDims, t).legal);
  EXPECT_TRUE(predict(k, rowSchedule(2, 2, 4), t).legal);
}

TEST(RowKernel, EveryTargetHasLegalSchedulesAboveTheRoofline) {
  for (RowOpKind op :
       {RowOpKind::Softmax, RowOpKind::LayerNorm, RowOpKind::RmsNorm,
        RowOpKind::Sum, RowOpKind::Max, RowOpKind::Mean})
    for (const std::string &name : knownTargetNames()) {
      Target t = *lookupKnownTarget(name);
      KernelDesc k = rowKernel(op, 2048, 4096, ElementType::BF16, true);
      std::vector<std::pair<Schedule, Prediction>> offered =
          enumeratePredicted(k, t);
      ASSERT_FALSE(offered.empty()) << name;
      for (const auto &[s, p] : offered) {
        EXPECT_TRUE(p.legal);
        EXPECT_EQ(s.block.size(), 1u);
        EXPECT_LE(double(p.sharedBytes), t.blockSharedMemoryLimit());
        EXPECT_GE(p.timeUs, p.achievableUs) << name;
        EXPECT_GE(p.timeUs, p.dramUs) << name;
      }
    }
}

TEST(RowKernel, ResidentRowsAreReadOnce) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc k = rowKernel(RowOpKind::Softmax, 4096, 4096, ElementType::F32);
  // The same rows a block, 32 threads a row (streamed: three passes) and
  // 256 (resident).
  Prediction streamed = predict(k, rowSchedule(1, 1, 4), t);
  Prediction resident = predict(k, rowSchedule(1, 8, 4), t);
  ASSERT_TRUE(streamed.legal && resident.legal);
  // 32 blocks an SM keep 69 MB of rows live, more than h100's 50 MB L2:
  // some of the streamed rows' rereads come from DRAM again.
  EXPECT_LT(resident.dramBytes, streamed.dramBytes);
  EXPECT_LT(resident.l2Bytes, streamed.l2Bytes);
  EXPECT_LT(resident.timeUs, streamed.timeUs);
}

TEST(RowKernel, MemoryBoundRowsAreNeverFasterWithLessBandwidth) {
  for (RowOpKind op :
       {RowOpKind::Softmax, RowOpKind::LayerNorm, RowOpKind::RmsNorm,
        RowOpKind::Sum, RowOpKind::Max, RowOpKind::Mean}) {
    KernelDesc k = rowKernel(op, 8192, 4096, ElementType::BF16, true);
    std::optional<Prediction> h100 = chosen(k, *lookupKnownTarget("h100"));
    std::optional<Prediction> a100 = chosen(k, *lookupKnownTarget("a100"));
    ASSERT_TRUE(h100 && a100);
    EXPECT_EQ(h100->bound, Bound::Dram);
    EXPECT_LT(h100->timeUs, a100->timeUs);
  }
}

// A residual add before the op reads a second row for each row written:
// at least one more row of DRAM traffic, never faster than the op alone
// (chosen, it still streams at the copy bandwidth: below).
TEST(RowKernel, AResidualIsOneMoreRowRead) {
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    for (RowOpKind op : {RowOpKind::Softmax, RowOpKind::LayerNorm,
                         RowOpKind::RmsNorm, RowOpKind::Sum}) {
      KernelDesc plain = rowKernel(op, 8192, 1024, ElementType::BF16, true);
      KernelDesc residual = plain;
      residual.row->residual = true;
      double rowBytes = 8192.0 * 1024 * 2;
      for (auto &[s, p] : enumeratePredicted(residual, t)) {
        Prediction alone = predict(plain, s, t);
        ASSERT_TRUE(alone.legal) << name;
        // (A streamed row's rereads that miss L2 come from both again.)
        EXPECT_GE(p.dramBytes - alone.dramBytes, rowBytes * (1 - 1e-12))
            << name;
        EXPECT_GE(p.timeUs, alone.timeUs) << name;
        EXPECT_GE(p.timeUs, p.achievableUs) << name;
      }
    }
  }
}

// Issue 18: the chosen schedules of softmax [4096, 4096] and layer_norm
// [8192, 1024] in bf16 reach >= 85 % of the achievable DRAM time (the
// target's measured copy bandwidth for their bytes); so does the layer_norm
// after a residual add (BERT-large's add and LayerNorm).
TEST(RowKernel, ChosenRowKernelsStreamAtTheCopyBandwidth) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc residual =
      rowKernel(RowOpKind::LayerNorm, 8192, 1024, ElementType::BF16, true);
  residual.row->residual = true;
  for (const KernelDesc &k :
       {rowKernel(RowOpKind::Softmax, 4096, 4096, ElementType::BF16),
        rowKernel(RowOpKind::LayerNorm, 8192, 1024, ElementType::BF16, true),
        residual}) {
    std::optional<Prediction> best = chosen(k, t);
    ASSERT_TRUE(best);
    EXPECT_GE(best->achievableUs / best->timeUs, 0.85);
  }
}

// A reduction keeps nothing: a thread loads up to 32 elements at once (a
// batch) and goes on to the next; one batch is the whole row (resident).
TEST(RowKernelLayout, AReductionLoadsItsRowInBatches) {
  RowShape r;
  r.op = RowOpKind::Sum;
  r.length = 8192;
  // 2048 vectors of 4 over 32 threads: 64 slots, 8 batches of 8.
  RowKernelLayout l = RowKernelLayout::of(r, 1, 32, 4);
  EXPECT_EQ(l.slots, 64);
  EXPECT_EQ(l.batch, 8);
  EXPECT_EQ(l.batches, 8);
  EXPECT_FALSE(l.resident);
  // Over 256 threads: 8 slots, one batch.
  l = RowKernelLayout::of(r, 1, 256, 4);
  EXPECT_EQ(l.batches, 1);
  EXPECT_TRUE(l.resident);
  // One reduction's partials.
  EXPECT_EQ(l.sharedBytes, 4 * (32 * 9 + 8));
  // A ragged count: 157 slots, 19 batches of 8 and one of 5.
  r.length = 20000;
  l = RowKernelLayout::of(r, 1, 32, 4);
  EXPECT_EQ(l.slots, 157);
  EXPECT_EQ(l.batches, 20);
}

// It reads each row once, whatever its batches, and writes one value a
// row; each batch waits a DRAM round trip.
TEST(RowKernel, AReductionReadsItsRowOnceAndWritesAValue) {
  Target t = *lookupKnownTarget("h100");
  for (RowOpKind op : {RowOpKind::Sum, RowOpKind::Max, RowOpKind::Mean}) {
    KernelDesc k = rowKernel(op, 8192, 8192, ElementType::F32);
    double expected = 8192.0 * 8192 * 4 + 8192.0 * 4;
    Prediction batched = predict(k, rowSchedule(1, 1, 4), t);
    Prediction resident = predict(k, rowSchedule(1, 8, 4), t);
    ASSERT_TRUE(batched.legal && resident.legal);
    EXPECT_DOUBLE_EQ(batched.dramBytes, expected);
    EXPECT_DOUBLE_EQ(resident.dramBytes, expected);
    EXPECT_DOUBLE_EQ(batched.l2Bytes, expected);
    // A row alone (one block): 8 round trips against one.
    KernelDesc one = rowKernel(op, 1, 8192, ElementType::F32);
    EXPECT_GT(predict(one, rowSchedule(1, 1, 4), t).latencyUs,
              predict(one, rowSchedule(1, 8, 4), t).latencyUs);
    // Every softmax pass reads or writes the row; a sum's only reads it.
    KernelDesc softmax =
        rowKernel(RowOpKind::Softmax, 8192, 8192, ElementType::F32);
    EXPECT_LT(resident.dramBytes,
              predict(softmax, rowSchedule(1, 8, 4), t).dramBytes);
  }
}

// A warp's lanes over several rows take a cache line for each row's short
// run where a warp along one row takes its bytes / 128: 2 threads a row
// (16 rows a warp, 32 bytes each) take four times the wavefronts of 32.
TEST(RowKernel, LanesOverManyRowsTakeALineEach) {
  Target t = *lookupKnownTarget("h100");
  KernelDesc k = rowKernel(RowOpKind::Sum, 8192, 8192, ElementType::F32);
  Prediction spread = predict(k, rowSchedule(16, 1, 4), t);
  Prediction along = predict(k, rowSchedule(1, 1, 4), t);
  ASSERT_TRUE(spread.legal && along.legal);
  EXPECT_GT(spread.loadsUs, 3 * along.loadsUs);
}

// The tier-1 suite's row sum (8192 x 8192 f32; 462 us measured on an H200
// as a cooperative kernel, bench/data/h200/suite-rank0-2026-11-28a.json)
// chosen as a row kernel at >= 85 % of the copy bandwidth on every NVIDIA
// target, its warps' accesses along whole 128-byte lines (8 or more
// threads a row of 16-byte vectors).
TEST(RowKernel, ChosenRowSumStreamsAtTheCopyBandwidth) {
  for (const char *name : {"h100", "a100"}) {
    Target t = *lookupKnownTarget(name);
    KernelDesc k = rowKernel(RowOpKind::Sum, 8192, 8192, ElementType::F32);
    k.flops = 8192.0 * 8192;
    std::optional<std::pair<Schedule, Prediction>> best;
    for (auto &[s, p] : enumeratePredicted(k, t))
      if (!best || p.timeUs < best->second.timeUs)
        best.emplace(s, p);
    ASSERT_TRUE(best) << name;
    EXPECT_GE(best->second.achievableUs / best->second.timeUs, 0.85) << name;
    EXPECT_EQ(best->second.bound, Bound::Dram) << name;
  }
}

// A column reduction (over leading or middle dims): a block's threads run
// along its columns, groups of them split the reduced rows.
TEST(ColumnKernelLayout, ThreadsAlongColumnsGroupsAlongRows) {
  RowShape r;
  r.op = RowOpKind::Sum;
  r.rows = 1;
  r.length = 8192;
  r.columns = 8192;
  // 32 columns of vectors of 4 over 64 threads: 8 along them, 8 groups of
  // 1024 rows each, in 32 batches of 8.
  ColumnKernelLayout l = ColumnKernelLayout::of(r, 32, 64, 4);
  EXPECT_EQ(l.columnThreads, 8);
  EXPECT_EQ(l.groups, 8);
  EXPECT_EQ(l.slots, 1024);
  EXPECT_EQ(l.batch, 8);
  EXPECT_EQ(l.batches, 128);
  EXPECT_EQ(l.sharedBytes, 4 * 8 * 32);
  // One group: no partials in shared memory.
  EXPECT_EQ(ColumnKernelLayout::of(r, 256, 64, 4).sharedBytes, 0);
  // Refused: threads that make no whole groups, vectors that do not
  // divide the columns or the block's columns.
  EXPECT_FALSE(ColumnKernelLayout::refusal(r, 32, 12, 4).empty());
  r.columns = 18;
  EXPECT_FALSE(ColumnKernelLayout::refusal(r, 16, 64, 4).empty());
  EXPECT_FALSE(ColumnKernelLayout::refusal(r, 6, 64, 4).empty());
  EXPECT_TRUE(ColumnKernelLayout::refusal(r, 16, 64, 2).empty());
}

KernelDesc columnKernel(RowOpKind op, int64_t rows, int64_t length,
                        int64_t columns, ElementType type) {
  KernelDesc k = rowKernel(op, rows, length, type);
  k.row->columns = columns;
  k.flops = double(rows) * double(length) * double(columns);
  return k;
}

// It reads its input once and writes the outputs once, is never predicted
// faster than the roofline, and a column sum of 8192 x 8192 f32 (predicted
// at 1431.6 us on h100 as the cooperative kernel of one thread a column) is
// chosen at >= 85 % of the copy bandwidth on h100 and a100; BatchNorm-style
// statistics over N, H and W of NHWC (256 columns) still fill the GPU with
// narrow column tiles.
TEST(RowKernel, ColumnReductionsStreamAtTheCopyBandwidth) {
  for (const char *name : {"h100", "a100"}) {
    Target t = *lookupKnownTarget(name);
    KernelDesc k =
        columnKernel(RowOpKind::Sum, 1, 8192, 8192, ElementType::F32);
    std::optional<Prediction> best = chosen(k, t);
    ASSERT_TRUE(best) << name;
    EXPECT_DOUBLE_EQ(best->dramBytes, 8192.0 * 8192 * 4 + 8192.0 * 4);
    EXPECT_GE(best->achievableUs / best->timeUs, 0.85) << name;
    for (auto &[s, p] : enumeratePredicted(k, t))
      EXPECT_GE(p.timeUs, p.achievableUs) << name;
    KernelDesc stats =
        columnKernel(RowOpKind::Mean, 1, 32 * 56 * 56, 256, ElementType::BF16);
    std::optional<Prediction> statsBest = chosen(stats, t);
    ASSERT_TRUE(statsBest) << name;
    EXPECT_GE(statsBest->blocks, 64) << name;
    EXPECT_LE(statsBest->timeUs, 4 * statsBest->achievableUs) << name;
  }
}

} // namespace
