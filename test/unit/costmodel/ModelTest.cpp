//===- ModelTest.cpp - Properties of the analytical time model
//-------------===//
//
// Properties that must hold on every built-in target: no prediction beats the
// physical roofline, time grows with the problem, illegal schedules are never
// offered, quantization and split-K move time the expected way; and a
// memory-bound kernel on the H100 lands between the roofline and 1.5x the
// measured copy bandwidth.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "test/unit/costmodel/Kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

using namespace mlir::tessel;
using namespace mlir::tessel::testing;

namespace {

/// True for the targets mma.sync runs on (NVIDIA, sm_80 or newer).
bool hasMmaSync(const Target &t) {
  return t.vendor() == Vendor::NVIDIA &&
         (t.arch() == "sm_80" || t.arch().rfind("sm_9", 0) == 0);
}

/// C[i] = A[i] + B[i].
KernelDesc add(int64_t n, ElementType type) {
  KernelDesc d;
  d.name = "add";
  d.loops = {{n, false}};
  d.operands = {{{0}, type, false}, {{0}, type, false}, {{0}, type, true}};
  d.flops = double(n);
  return d;
}

/// y[r, c] = exp(x[r, c]) as describeKernel states it: one load per
/// element, contiguous along the inner loop, and a root whose loops are all
/// parallel (a schedule may give it a vector width).
KernelDesc expRows(int64_t rows, int64_t n, ElementType type) {
  KernelDesc d;
  d.name = "exp";
  d.loops = {{rows, false}, {n, false}};
  d.operands = {{{0, 1}, type, false}, {{0, 1}, type, true}};
  d.flops = double(rows) * double(n);
  d.work = {opWork(1, 1, {{double(dtypeBytes(type)), 1.0, {0, 1}, 1}}, {0, 1},
                   Execution::PerElement)};
  d.work[0].vectorized = true;
  d.elementwiseRoot = true;
  return d;
}

std::vector<Target> allTargets() {
  std::vector<Target> ts;
  for (const std::string &n : knownTargetNames())
    ts.push_back(*lookupKnownTarget(n));
  return ts;
}

Schedule schedule(std::vector<int64_t> block, int64_t warps) {
  Schedule s;
  s.block = block;
  s.warps = warps;
  return s;
}

/// `d` with the transpose that gives its contraction an operand stored
/// transposed (`role`), following the root `loops`, as describeKernel adds
/// it.
KernelDesc withTranspose(KernelDesc d, std::vector<int> loops, KStepRole role) {
  Work transpose;
  transpose.loops = std::move(loops);
  transpose.kStepRole = role;
  d.work.push_back(transpose);
  return d;
}

TEST(Model, NeverBelowThePhysicalRoofline) {
  for (const Target &t : allTargets())
    for (KernelDesc d : {matmul(512, 384, 256, ElementType::BF16),
                         steppableMatmul(512, 384, 256, ElementType::BF16),
                         mmaMatmul(512, 384, 256, ElementType::BF16),
                         add(1 << 24, ElementType::F32),
                         expRows(4096, 4096, ElementType::BF16)}) {
      // Tensor-core schedules may run at the tensor peak.
      double peakFlops = std::max(t.get(TargetField::PeakF32SimtTFlops),
                                  t.get(TargetField::PeakBF16TensorTFlops)) *
                         1e12;
      double peakBw = t.get(TargetField::HbmBandwidthTBps) * 1e12;
      for (const Schedule &s : enumerateSchedules(d, t)) {
        Prediction p = predict(d, s, t);
        ASSERT_TRUE(p.legal) << p.illegalReason;
        // (A relative 1e-12: a prediction at the roofline itself, as an
        // uncalibrated target's DRAM term is, may differ in the last bit.)
        double time = p.timeUs * 1e-6 * (1 + 1e-12);
        EXPECT_GE(time, d.flops / peakFlops) << t.name();
        EXPECT_GE(time, p.dramBytes / peakBw) << t.name();
        EXPECT_LE(p.fractionOfPeak, 1.0) << t.name();
        // What the hardware allows is never slower than what is predicted.
        EXPECT_GT(p.achievableUs, 0) << t.name();
        EXPECT_LE(p.achievableUs, p.timeUs) << t.name();
      }
    }
}

/// A softmax-like row kernel: each output reads its row's statistic (a
/// reduction over the row, computed per thread) and does 3 flops.
KernelDesc rowKernel(int64_t rows, int64_t n) {
  KernelDesc d;
  d.loops = {{rows, false}, {n, false}};
  d.operands = {{{0, 1}, ElementType::F32, false},
                {{0, 1}, ElementType::F32, true}};
  Work statistic;
  statistic.flopsPerInstance = double(n);
  // Reads its row, element by element (a loop of its own, not contiguous
  // along any root loop).
  statistic.loads = {{4.0, double(n), {0}, -1}};
  statistic.loops = {0};
  // A cooperative reduction: split over the block's threads when the tiles
  // divide, its partials combined in a tree.
  statistic.execution = Execution::CooperativeReduction;
  Work element;
  element.flopsPerInstance = 3;
  element.loads = {{4.0, 1.0, {0, 1}, 1}};
  element.loops = {0, 1};
  d.work = {statistic, element};
  d.flops = double(rows) * double(n) * 4;
  return d;
}

TEST(Model, PerThreadWorkIsRepeatedByThreadsSharingARow) {
  // Row per thread (the thread tile spans the row) computes each row's
  // statistic once; 32 threads along a row compute it 32 times. (Rows a
  // thread tile does not divide: the per-thread strategy.)
  for (const Target &t : allTargets()) {
    int64_t warp = t.warpSize();
    int64_t rows = int64_t(t.smCount()) * warp * 16 + 1;
    KernelDesc d = rowKernel(rows, 4096);
    Schedule rowPerThread = schedule({warp, 4096}, 1);
    rowPerThread.thread = {1, 4096};
    Schedule rowPerWarp = schedule({2, 4096}, 1);
    Prediction once = predict(d, rowPerThread, t);
    Prediction repeated = predict(d, rowPerWarp, t);
    ASSERT_TRUE(once.legal && repeated.legal) << t.name();
    // Per row: 4096 + 3 * 4096 flops once, against warp * (4096 + 3 * 4096
    // / warp); times the rows on the busiest SM under each tiling.
    auto busiestRows = [&](int64_t tile) {
      double sms = double(t.smCount());
      return std::ceil(std::ceil(double(rows) / double(tile)) / sms) *
             double(tile);
    };
    double expected = double(warp) * (4096.0 + 3.0 * 4096 / double(warp)) /
                      (4096.0 + 3.0 * 4096) * busiestRows(2) /
                      busiestRows(warp);
    EXPECT_NEAR(repeated.computeUs / once.computeUs, expected, 0.05 * expected)
        << t.name();
    // A thread tile that does not make the block's threads is illegal.
    Schedule wrong = rowPerThread;
    wrong.thread = {2, 4096};
    EXPECT_FALSE(predict(d, wrong, t).legal) << t.name();
  }
}

TEST(Model, CooperativeReductionsSplitTheRowOverTheBlock) {
  // Two rows per block of one warp: when the block tiles divide the rows,
  // the block's threads share each row's statistic (each reduces 1/32 of
  // the row, then the partials are combined in a tree of 5 steps of one
  // operation per thread, and each thread reads its 2 rows' results);
  // otherwise every thread computes both rows' statistics whole.
  Target t = *lookupKnownTarget("h100");
  int64_t blocks = int64_t(t.smCount()) * 16 - 1;
  Schedule s = schedule({2, 4096}, 1);
  Prediction shared = predict(rowKernel(2 * blocks, 4096), s, t);
  Prediction alone = predict(rowKernel(2 * blocks + 1, 4096), s, t);
  // Per block: 32 x 2 x 4096 + 3 x 8192 flops alone; 2 x 4096 + 32 x (5 +
  // 2) + 3 x 8192 shared.
  double expected = (32.0 * 2 * 4096 + 3.0 * 8192) /
                    (2.0 * 4096 + 32.0 * (5 + 2) + 3.0 * 8192);
  EXPECT_NEAR(alone.computeUs / shared.computeUs, expected, 0.02 * expected);
}

TEST(Model, CooperativePartialsTakeSharedMemory) {
  // One f32 slot per thread per row of the tile for the partials, and half
  // as many for the tree that combines them, as tile-and-fuse allocates
  // them: 64 rows x (256 + 128) threads x 4 bytes = 96 KiB. Legal on NVIDIA
  // (Hopper: up to 227 KiB of static shared memory; the A100: 48 KiB
  // statically, up to 163 KiB as dynamic shared memory), not on AMD (64 KiB
  // of LDS), nor where tiles do not divide.
  Schedule s = schedule({64, 4096}, 8);
  for (const char *name : {"h100", "a100", "mi300x"}) {
    Target t = *lookupKnownTarget(name);
    int64_t threads = 8 * t.warpSize();
    Prediction p = predict(rowKernel(64 * 1000, 4096), s, t);
    int64_t bytes = 64 * (threads + threads / 2) * 4;
    double limit =
        t.get(t.vendor() == Vendor::AMD &&
                      t.has(TargetField::StaticSharedMemPerBlockBytes)
                  ? TargetField::StaticSharedMemPerBlockBytes
                  : TargetField::SharedMemPerBlockBytes);
    EXPECT_EQ(p.legal, double(bytes) <= limit) << name;
    if (p.legal) {
      EXPECT_EQ(p.sharedBytes, bytes) << name;
      EXPECT_LE(p.blocksPerSM,
                int64_t(t.get(TargetField::SharedMemPerSMBytes)) / bytes)
          << name;
    } else {
      EXPECT_NE(p.illegalReason.find("shared memory"), std::string::npos);
    }
    if (t.warpSize() == 32) {
      // Five warps (160 threads, not a power of two): the tree carries an
      // odd partial over twice (... 5 -> 3 -> 2 -> 1), each in a slot per
      // row of its own: 4 rows x (160 + 80 + 2) x 4 bytes, what ptxas shows
      // for such an rms_norm (.shared 2560 + 1280 + 16 + 16).
      Prediction odd = predict(rowKernel(64, 96), schedule({4, 96}, 5), t);
      ASSERT_TRUE(odd.legal) << name << ": " << odd.illegalReason;
      EXPECT_EQ(odd.sharedBytes, 3872) << name;
    }
    Prediction perThread = predict(rowKernel(64 * 1000 + 1, 4096), s, t);
    EXPECT_EQ(perThread.sharedBytes, 0) << name;
    // The model never offers a schedule whose partials do not fit.
    for (const Schedule &c : enumerateSchedules(rowKernel(8192, 4096), t)) {
      Prediction q = predict(rowKernel(8192, 4096), c, t);
      if (q.legal)
        EXPECT_LE(double(q.sharedBytes), limit) << name;
    }
  }
}

TEST(Model, KStepKeepsItsTilesInSharedMemory) {
  // A 64 x 64 tile with a K step of 32 in bf16: the f32 accumulator (16
  // KiB) and one step's 64 x 32 tiles of A and B (4 KiB each; A's 64 rows
  // an element longer, kSimtRowPad), as tileContractionK allocates them.
  // Its threads keep their parts of the accumulator in registers through
  // the K loop (simtAccumulatorInRegisters), so where that lets an SM hold
  // more blocks, the accumulator's buffer takes the tiles' bytes after the
  // loop (on each target here: 13 blocks of 16 KiB fit an H100's SM, 9 of
  // 24.1; the MI300X's generator places 16384 bytes of LDS, as
  // tessel-compile reports). With a remainder tile (M = 1000) the threads
  // copy their parts in and out every step, and the buffers stay apart.
  // 256 x 256 needs 256 KiB for its accumulator alone, more than any GPU
  // gives a block.
  KernelDesc k = steppableMatmul(1024, 1024, 1024, ElementType::BF16);
  KernelDesc ragged = steppableMatmul(1000, 1024, 1024, ElementType::BF16);
  for (const Target &t : allTargets()) {
    Prediction p = predict(k, schedule({64, 64, 32}, 4), t);
    ASSERT_TRUE(p.legal) << t.name() << ": " << p.illegalReason;
    EXPECT_EQ(p.sharedBytes, 64 * 64 * 4) << t.name();
    Prediction apart = predict(ragged, schedule({64, 64, 32}, 4), t);
    ASSERT_TRUE(apart.legal) << t.name() << ": " << apart.illegalReason;
    EXPECT_EQ(apart.sharedBytes,
              64 * 64 * 4 + 2 * 64 * 32 * 2 + 64 * kSimtRowPad * 2)
        << t.name();
    Prediction big = predict(k, schedule({256, 256, 64}, 4), t);
    EXPECT_FALSE(big.legal) << t.name();
    EXPECT_NE(big.illegalReason.find("shared memory"), std::string::npos);
  }
  // The last step of a K no step divides is partial: tiles of K's size.
  Target h100 = *lookupKnownTarget("h100");
  Prediction small = predict(steppableMatmul(64, 64, 24, ElementType::F32),
                             schedule({64, 64, 32}, 4), h100);
  EXPECT_EQ(small.sharedBytes,
            64 * 64 * 4 + 2 * 64 * 24 * 4 + 64 * kSimtRowPad * 4);
}

TEST(Model, KStepReadsSharedMemoryInsteadOfWaitingOnL2) {
  // Same tiles, with and without a K step: the step's rounds wait an L1 hit
  // each instead of an L2 hit, and one global round per step (the K loop's
  // latency term holds the steps' work too: what it adds to that work
  // falls below half the rounds' latency); a warp's shared-memory read is
  // one wavefront (an L1 clock), less than the load_request_cycles its
  // global read holds L1 without a K step, so the loads term falls too.
  Target h100 = *lookupKnownTarget("h100");
  KernelDesc k = steppableMatmul(512, 4096, 4096, ElementType::BF16);
  Prediction simt = predict(k, schedule({32, 64}, 8), h100);
  Prediction stepped = predict(k, schedule({32, 64, 32}, 8), h100);
  ASSERT_TRUE(simt.legal && stepped.legal);
  EXPECT_LT(stepped.latencyUs - std::max(stepped.computeUs, stepped.loadsUs),
            simt.latencyUs / 2);
  EXPECT_LT(stepped.loadsUs, simt.loadsUs);
  EXPECT_EQ(stepped.l2Bytes, simt.l2Bytes);
  EXPECT_GT(stepped.sharedBytes, 0);
  EXPECT_EQ(simt.sharedBytes, 0);
  // A longer step means fewer global rounds and barriers, more shared
  // memory.
  Prediction longer = predict(k, schedule({32, 64, 64}, 8), h100);
  EXPECT_LE(longer.latencyUs, stepped.latencyUs);
  EXPECT_GT(longer.sharedBytes, stepped.sharedBytes);
  // A kernel with no contraction a K step can tile ignores the entry, as
  // tile-and-fuse does.
  KernelDesc plain = matmul(512, 4096, 4096, ElementType::BF16);
  EXPECT_EQ(predict(plain, schedule({32, 64, 32}, 8), h100).timeUs,
            predict(plain, schedule({32, 64}, 8), h100).timeUs);
}

TEST(Model, KStepsAreOfferedOnlyForSteppableContractions) {
  for (const Target &t : allTargets()) {
    KernelDesc k = steppableMatmul(256, 256, 100, ElementType::F16);
    int stepped = 0;
    for (const Schedule &s : enumerateSchedules(k, t)) {
      Prediction p = predict(k, s, t);
      EXPECT_TRUE(p.legal) << t.name();
      if (s.block.size() == 3) {
        ++stepped;
        // Steps from 16 up to the first covering K = 100.
        EXPECT_GE(s.block[2], 16);
        EXPECT_LE(s.block[2], 128);
      }
    }
    EXPECT_GT(stepped, 0) << t.name();
    KernelDesc plain = matmul(256, 256, 100, ElementType::F16);
    for (const Schedule &s : enumerateSchedules(plain, t))
      EXPECT_EQ(s.block.size(), 2u) << t.name();
  }
}

TEST(Model, MmaSyncIsLegalOnlyWhereTileAndFuseEmitsIt) {
  KernelDesc k = mmaMatmul(1024, 1024, 1024, ElementType::BF16);
  Schedule s = mmaSchedule(64, 64, 32, 32, 32);
  for (const Target &t : allTargets()) {
    Prediction p = predict(k, s, t);
    EXPECT_EQ(p.legal, hasMmaSync(t)) << t.name() << ": " << p.illegalReason;
    if (!hasMmaSync(t))
      EXPECT_NE(p.illegalReason.find("sm_80"), std::string::npos)
          << p.illegalReason;
  }
  Target h100 = *lookupKnownTarget("h100");
  auto refusal = [&](const KernelDesc &d, const Schedule &sc) {
    Prediction p = predict(d, sc, h100);
    EXPECT_FALSE(p.legal);
    return p.illegalReason;
  };
  // A contraction describeKernel did not find mma-able (f32, transposed
  // operands) takes no tensor cores.
  EXPECT_NE(refusal(steppableMatmul(1024, 1024, 1024, ElementType::F32), s)
                .find("f16 or bf16"),
            std::string::npos);
  // M and N that the tiles do not divide are legal (the last block is
  // shifted back, whole) and cost what the whole tiles cost; K must be
  // divided by the step, and the tiles must fit M and N. A K step not a
  // multiple of 16, warp tiles that are not multiples of 16 x 8 or do not
  // make `warps`, a warp tile whose K is not the step's are refused.
  Prediction partial =
      predict(mmaMatmul(1000, 1000, 1024, ElementType::BF16), s, h100);
  Prediction whole =
      predict(mmaMatmul(1024, 1024, 1024, ElementType::BF16), s, h100);
  ASSERT_TRUE(partial.legal) << partial.illegalReason;
  EXPECT_EQ(partial.blocks, whole.blocks);
  EXPECT_EQ(partial.sharedBytes, whole.sharedBytes);
  EXPECT_DOUBLE_EQ(partial.computeUs, whole.computeUs);
  std::string divides = "dividing K";
  EXPECT_NE(
      refusal(mmaMatmul(1024, 1024, 1000, ElementType::BF16), s).find(divides),
      std::string::npos);
  EXPECT_NE(refusal(mmaMatmul(48, 1024, 1024, ElementType::BF16), s)
                .find("at most M"),
            std::string::npos);
  EXPECT_NE(refusal(k, mmaSchedule(64, 64, 24, 32, 32)).find(divides),
            std::string::npos);
  EXPECT_NE(refusal(k, mmaSchedule(48, 64, 32, 24, 32)).find(divides),
            std::string::npos);
  Schedule tooFew = s;
  tooFew.warps = 2;
  EXPECT_NE(refusal(k, tooFew).find(divides), std::string::npos);
  Schedule shallow = s;
  shallow.warp[2] = 16;
  EXPECT_NE(refusal(k, shallow).find("K is the K step"), std::string::npos);
  // A softmax over the rows reads the contraction again (ContractionCopy,
  // along M only): the block must hold whole rows, else tile-and-fuse
  // computes them in a second K step that needs more warps than the block.
  KernelDesc softmax = mmaMatmul(64, 128, 64, ElementType::BF16);
  Work rows = softmax.work[0];
  rows.kStepRole = KStepRole::ContractionCopy;
  rows.loops = {0};
  softmax.work.push_back(rows);
  EXPECT_NE(
      refusal(softmax, mmaSchedule(32, 64, 32, 32, 32)).find("cover the rows"),
      std::string::npos);
  Prediction wholeRows =
      predict(softmax, mmaSchedule(32, 128, 32, 32, 32), h100);
  EXPECT_TRUE(wholeRows.legal) << wholeRows.illegalReason;
}

// No tensor-core kernel is predicted faster than its instruction class's
// cited peak, nor than the best GEMM measured on its target: mma.sync at the
// dense peak times the smaller of mma_sync_peak_fraction and
// tensor_achievable_fraction (the A100's mma.sync fraction is 1.0, cuBLAS's
// 0.869), wgmma at tensor_achievable_fraction, on every target with them.
TEST(Model, TensorCoreKernelsStayBelowTheirClassPeak) {
  for (const Target &t : allTargets()) {
    if (!hasMmaSync(t))
      continue;
    double dense = t.get(TargetField::PeakBF16TensorTFlops) * 1e12;
    double achievable = t.has(TargetField::TensorAchievableFraction)
                            ? t.get(TargetField::TensorAchievableFraction)
                            : 1.0;
    double mmaSync =
        dense *
        std::min(achievable, t.has(TargetField::MmaSyncPeakFraction)
                                 ? t.get(TargetField::MmaSyncPeakFraction)
                                 : 1.0);
    for (int64_t size : {1024, 4096, 8192}) {
      KernelDesc d = mmaMatmul(size, size, size, ElementType::BF16);
      d.wgmmaable = true;
      int offered = 0;
      forEachPredicted(d, t, [&](const Schedule &s, const Prediction &p) {
        if (s.compute == ComputeClass::Simt)
          return;
        ++offered;
        double peak =
            s.compute == ComputeClass::Wgmma ? dense * achievable : mmaSync;
        EXPECT_LE(p.flops / (p.timeUs * 1e-6), peak * (1 + 1e-9))
            << t.name() << " " << size << " class " << int(s.compute);
      });
      EXPECT_GT(offered, 0) << t.name();
    }
  }
}

// A warp issues its mma.sync on one of the SM's four tensor units: a block
// of one warp alone on its SM leaves three idle. LLaMA-7B's projection at
// M = 128 (64 blocks of 64 x 64, one per SM) in one warp per block against
// four: the four-warp block is predicted faster (its tensor work four
// times so; ModelTerms.ComputeTimeUsesTheClassPeak checks the term). More
// warps per block are never slower where tensor issue binds.
TEST(Model, MoreWarpsKeepMoreTensorUnitsBusy) {
  for (const Target &t : allTargets()) {
    if (!hasMmaSync(t))
      continue;
    KernelDesc d = mmaMatmul(128, 4096, 4096, ElementType::BF16);
    Prediction one = predict(d, mmaSchedule(64, 64, 32, 64, 64), t);
    Prediction four = predict(d, mmaSchedule(64, 64, 32, 32, 32), t);
    ASSERT_TRUE(one.legal && four.legal) << t.name();
    EXPECT_LT(four.timeUs, one.timeUs) << t.name();
    EXPECT_LT(four.computeUs, one.computeUs) << t.name();
    for (int64_t m : {128, 1024, 4096}) {
      KernelDesc k = mmaMatmul(m, 4096, 4096, ElementType::BF16);
      for (auto [bm, bn] : {std::pair{64, 64}, std::pair{128, 64}}) {
        Prediction fewer = predict(k, mmaSchedule(bm, bn, 32, bm, 64), t);
        Prediction more = predict(k, mmaSchedule(bm, bn, 32, bm / 2, 32), t);
        if (!fewer.legal || !more.legal || fewer.bound != Bound::Compute)
          continue;
        EXPECT_LE(more.timeUs, fewer.timeUs) << t.name() << " " << m;
      }
    }
  }
}

TEST(Model, MmaSyncBuffersArePaddedInSharedMemory) {
  // The accumulator (f32) and the step's A and B tiles (16-bit), each row
  // padded as tessel-tile-and-fuse pads it (8 elements); the accumulator,
  // filled only after the K loop, takes the tiles' bytes where an SM then
  // holds more blocks (Target::overlaysSharedMemory): here 12 of 18432
  // bytes rather than 8 of 28160.
  Target h100 = *lookupKnownTarget("h100");
  KernelDesc k = mmaMatmul(1024, 1024, 1024, ElementType::BF16);
  Prediction p = predict(k, mmaSchedule(64, 64, 32, 32, 32), h100);
  ASSERT_TRUE(p.legal) << p.illegalReason;
  int64_t accumulator = 64 * (64 + kMmaAccumulatorPad) * 4,
          tiles =
              64 * (32 + kMmaOperandPad) * 2 + 32 * (64 + kMmaOperandPad) * 2;
  EXPECT_TRUE(h100.overlaysSharedMemory(
      double(accumulator + tiles), double(accumulator), p.threadsPerBlock));
  EXPECT_EQ(p.sharedBytes, std::max(accumulator, tiles));
  // The demo's 32 x 32 x 64 tiles: 14848 bytes, 9728 overlaid (what ptxas
  // reports).
  EXPECT_EQ(predict(k, mmaSchedule(32, 32, 64, 32, 16), h100).sharedBytes,
            9728);
  // 128 x 64 x 32 needs 51712 bytes: over sm_80's 48 KiB of static shared
  // memory, so it runs in dynamic shared memory there, where the
  // accumulator (36864 bytes, kept in registers through the K loop) takes
  // the step's tiles' bytes (tessel-dynamic-shared-memory); 256 x 128 x 32
  // then needs 139264 of the 163 KiB an A100 block may opt into, 256 x 256
  // x 32 its accumulator's 270336, more.
  Target a100 = *lookupKnownTarget("a100");
  Prediction dynamic = predict(k, mmaSchedule(128, 64, 32, 64, 32), a100);
  EXPECT_TRUE(dynamic.legal) << dynamic.illegalReason;
  EXPECT_EQ(dynamic.sharedBytes, 36864);
  Prediction big = predict(k, mmaSchedule(256, 128, 32, 64, 64), a100);
  EXPECT_TRUE(big.legal) << big.illegalReason;
  EXPECT_EQ(big.sharedBytes, 139264);
  Prediction bigger = predict(k, mmaSchedule(256, 256, 32, 64, 64), a100);
  EXPECT_FALSE(bigger.legal);
  EXPECT_NE(bigger.illegalReason.find("270336"), std::string::npos)
      << bigger.illegalReason;
}

TEST(Model, MmaSyncRegistersFollowTheWarpTile) {
  // kMmaRegisters (fitted on ptxas): a lane's accumulator fragments (4 per
  // 16 x 8 piece) for the whole K loop, the A pieces (4 registers each) and
  // B pieces (2) of two 16-wide slices of the step, and each stage's
  // addresses: a warp tile of 64 x 32 x 64 (4 x 4 x 4 pieces, one stage) is
  // 22 + 1.03 x 64 + 0.74 x 48 + 4 = 127; 32 x 16 x 64, 22 + 1.03 x 16 +
  // 0.74 x 24 + 4 = 60, and 72 with 4 stages (ptxas 13, sm_90a: 74 to 78
  // for tier 2's ResNet-50 and BERT kernels of that warp tile and depth).
  Target h100 = *lookupKnownTarget("h100");
  KernelDesc k = mmaMatmul(1024, 1024, 1024, ElementType::BF16);
  EXPECT_EQ(predict(k, mmaSchedule(64, 64, 64, 64, 32), h100).registers, 127);
  EXPECT_EQ(predict(k, mmaSchedule(32, 32, 64, 32, 16), h100).registers, 60);
}

TEST(Model, MmaSyncIsOfferedOnlyWhereItRunsAndBeatsSimtOnLargeGemms) {
  for (const Target &t : allTargets()) {
    KernelDesc k = mmaMatmul(4096, 4096, 4096, ElementType::BF16);
    double bestMma = 0, bestSimt = 0;
    int offered = 0;
    for (const Schedule &s : enumerateSchedules(k, t)) {
      Prediction p = predict(k, s, t);
      ASSERT_TRUE(p.legal) << t.name() << ": " << p.illegalReason;
      // (On sm_90a wgmma from the threads' copies is offered too.)
      if (s.compute != ComputeClass::MmaSync && s.compute != ComputeClass::Simt)
        continue;
      double &best = s.compute == ComputeClass::MmaSync ? bestMma : bestSimt;
      if (best == 0 || p.timeUs < best)
        best = p.timeUs;
      offered += s.compute == ComputeClass::MmaSync;
    }
    if (!hasMmaSync(t)) {
      EXPECT_EQ(offered, 0) << t.name();
      continue;
    }
    EXPECT_GT(offered, 0) << t.name();
    // Tensor cores: at least twice as fast as the best SIMT schedule on a
    // 4096^3 bf16 GEMM.
    EXPECT_LT(2 * bestMma, bestSimt) << t.name();
    // Not offered for a contraction that cannot take them.
    KernelDesc f32 = steppableMatmul(4096, 4096, 4096, ElementType::F32);
    for (const Schedule &s : enumerateSchedules(f32, t))
      EXPECT_NE(s.compute, ComputeClass::MmaSync) << t.name();
  }
}

TEST(Model, MmaSyncAccumulatorIsReadOncePerBlock) {
  // The warp's accumulator pieces stay in registers through the K loop
  // (tessel-hoist-accumulators): the loads term (shared-memory wavefronts)
  // grows with the K steps (A and B pieces, the copies) by the same amount
  // per step, and what remains at zero steps is the accumulator's one
  // load and store per block. Hand-checked: a 128 x 128 block of 4 warps of
  // 64 x 64 (4 x 8 pieces) on 1024 x 1024 outputs is 64 blocks, one per
  // SM; per warp 4 x 32 accesses of 8 bytes a lane, 2 wavefronts each with
  // the padded 136-float rows, 128 bytes a wavefront.
  Target h100 = *lookupKnownTarget("h100");
  auto loads = [&](int64_t kSize) {
    KernelDesc k = mmaMatmul(1024, 1024, kSize, ElementType::BF16);
    Prediction p = predict(k, mmaSchedule(128, 128, 16, 64, 64), h100);
    EXPECT_TRUE(p.legal) << p.illegalReason;
    return p.loadsUs;
  };
  double perStepsOf1024 = loads(2048) - loads(1024);
  EXPECT_NEAR(loads(4096) - loads(2048), 2 * perStepsOf1024,
              1e-9 * loads(4096));
  double accumulator = loads(1024) - perStepsOf1024;
  double clock = h100.get(TargetField::L1BytesPerClock) *
                 h100.get(TargetField::SimtClockGHz) * 1e9;
  EXPECT_NEAR(accumulator, 4 * (4.0 * 32 * 2 * 128) / clock * 1e6,
              1e-9 * loads(1024));
}

TEST(Model, ManySmallBlocksCostTheirNumber) {
  // An elementwise kernel in blocks of one warp, one element per thread:
  // the SM's per-block cost (block_cycles) binds, as measured on the H100
  // (add + relu over 64 Mi floats in 2 Mi blocks: 1264 us).
  Target t = *lookupKnownTarget("h100");
  KernelDesc d;
  d.loops = {{8192, false}, {8192, false}};
  d.operands = {{{0, 1}, ElementType::F32, false},
                {{0, 1}, ElementType::F32, false},
                {{0, 1}, ElementType::F32, true}};
  d.flops = 2.0 * 8192 * 8192;
  Prediction small = predict(d, schedule({1, 32}, 1), t);
  ASSERT_TRUE(small.legal);
  double blocks = 8192.0 * 8192 / 32;
  double expected = std::ceil(blocks / t.smCount()) *
                    t.get(TargetField::BlockCycles) /
                    (t.get(TargetField::SimtClockGHz) * 1e3);
  EXPECT_NEAR(small.blocksUs, expected, 1e-6 * expected);
  EXPECT_EQ(small.bound, Bound::Blocks);
  // Blocks of 256 threads: 8 times fewer blocks, DRAM-bound again.
  Prediction large = predict(d, schedule({1, 256}, 8), t);
  EXPECT_NEAR(large.blocksUs * 8, small.blocksUs, 0.01 * small.blocksUs);
  EXPECT_EQ(large.bound, Bound::Dram);
}

TEST(Model, DependentLoadsCostTheirLatency) {
  // A SIMT matmul: each thread's K loop makes K round trips to L2 (its
  // operands are reread by other blocks), kRoundsInFlight (4) overlapping;
  // doubling K doubles the latency term. Targets without the latencies
  // have no such term and say they are uncalibrated.
  Target t = *lookupKnownTarget("h100");
  Schedule s = schedule({64, 64}, 4);
  // As describeKernel states it: per output, 2K flops and two loads of K
  // elements each (a row of A, a column of B).
  auto simt = [](int64_t k) {
    KernelDesc d = matmul(128, 4096, k, ElementType::BF16);
    Work w;
    w.flopsPerInstance = 2.0 * double(k);
    w.loads = {{2.0, double(k), {0}, -1}, {2.0, double(k), {1}, 1}};
    w.loops = {0, 1};
    d.work = {w};
    return d;
  };
  Prediction k1 = predict(simt(1024), s, t);
  Prediction k2 = predict(simt(2048), s, t);
  ASSERT_TRUE(k1.legal && k2.legal);
  EXPECT_NEAR(k2.latencyUs / k1.latencyUs, 2.0, 0.01);
  // 64 x 64 outputs over 128 threads: 32 per thread, 1024 rounds each, one
  // turn (128 blocks fit on 132 SMs). Each link of the chain also takes
  // its share of the warp's L1 clocks, queued behind the block's 3 other
  // warps: at least the round trips, at most the round trips and the
  // loads term added.
  double expected = 32.0 * 1024 / 4 * t.get(TargetField::L2LatencyCycles) /
                    (t.get(TargetField::SimtClockGHz) * 1e3);
  EXPECT_GT(k1.latencyUs, expected);
  EXPECT_LT(k1.latencyUs, expected + k1.loadsUs);
  EXPECT_GT(k1.latencyUs, k1.loadsUs);
  EXPECT_EQ(k1.bound, Bound::Latency);
  // The MI300X's latencies are estimates (the H100's): used, and marked.
  Target mi300x = *lookupKnownTarget("mi300x");
  Prediction amd = predict(simt(1024), s, mi300x);
  EXPECT_GT(amd.latencyUs, 0);
  EXPECT_TRUE(amd.uncalibrated);
  Prediction none = predict(simt(1024), s,
                            without(mi300x, {TargetField::L2LatencyCycles,
                                             TargetField::DramLatencyCycles}));
  EXPECT_EQ(none.latencyUs, 0);
  EXPECT_TRUE(none.uncalibrated);
}

TEST(Model, LoadsCountTheSectorsAWarpTouches) {
  // On a target with 32-byte sectors and 128-byte lines, L1 returning a
  // line a clock: 32 lanes along a row read 128 contiguous bytes (4
  // sectors of one line, a clock); 32 lanes each on its own row touch 32
  // lines for the same 128 useful bytes (32 clocks); 32 lanes reading the
  // same row statistic element touch one line. (Without
  // load_request_cycles, the L1 clocks any request holds, which the end of
  // the test adds.)
  Target h100 = *lookupKnownTarget("h100");
  Target t = without(h100, {TargetField::LoadRequestCycles});
  KernelDesc d = rowKernel(int64_t(t.smCount()) * 32 * 16, 4096);
  d.work.resize(1); // only the elementwise part: 1 load per element
  d.work[0] =
      opWork(3, 0, {{4.0, 1.0, {0, 1}, 1}}, {0, 1}, Execution::PerElement);
  Schedule oneEach = schedule({1, 32}, 1); // lane i reads element i
  Schedule rowPerThread = schedule({32, 4096}, 1);
  rowPerThread.thread = {1, 4096};
  Prediction coalesced = predict(d, oneEach, t);
  Prediction strided = predict(d, rowPerThread, t);
  EXPECT_NEAR(strided.loadsUs / coalesced.loadsUs, 32.0, 0.01);
  // Threads take contiguous chunks: 32 lanes with 128 elements each along a
  // row read 128 elements apart, as strided as a thread per row.
  Schedule chunks = schedule({1, 4096}, 1);
  EXPECT_NEAR(predict(d, chunks, t).loadsUs / strided.loadsUs, 1.0, 0.01);
  // A row statistic read element by element, computed per thread (rows the
  // tiles do not divide): 32 lanes of one row read the same element (a
  // broadcast: one line for the warp), 32 lanes on 32 rows touch 32
  // lines for 32 rows. Per row, the same L1 traffic; the broadcast's cost
  // is in the 32 lanes computing the same value.
  int64_t rows = int64_t(t.smCount()) * 32 * 16 + 1;
  d = rowKernel(rows, 4096);
  d.work = {
      opWork(4096, 0, {{4.0, 4096.0, {0}, -1}}, {0}, Execution::PerThread)};
  Schedule alongRows = schedule({2, 4096}, 1);
  Prediction broadcast = predict(d, alongRows, t);
  Prediction distinctRows = predict(d, rowPerThread, t);
  auto busiestRows = [&](int64_t tile) {
    double sms = double(t.smCount());
    return std::ceil(std::ceil(double(rows) / double(tile)) / sms) *
           double(tile);
  };
  double rowsRatio = busiestRows(32) / busiestRows(2);
  EXPECT_NEAR(distinctRows.loadsUs / broadcast.loadsUs, rowsRatio, 0.01);
  EXPECT_NEAR(broadcast.computeUs / distinctRows.computeUs, 32.0 / rowsRatio,
              0.5);
  // Each request holds L1 load_request_cycles clocks (1.8 on the H100)
  // however few lines it touches: the broadcast's one line costs that many
  // clocks, the 32 rows' 32 lines their own.
  double line = h100.get(TargetField::L1BytesPerClock);
  double request = h100.get(TargetField::LoadRequestCycles) * line;
  ASSERT_GT(request, line);
  ASSERT_LT(request, line * 32);
  EXPECT_NEAR(predict(d, alongRows, h100).loadsUs / broadcast.loadsUs,
              request / line, 0.01);
  EXPECT_NEAR(predict(d, rowPerThread, h100).loadsUs / distinctRows.loadsUs,
              1.0, 0.01);
}

TEST(Model, VectorWidthsFitEveryThreadsShare) {
  // 1024 elements, one tile, 128 threads: 8 each, so widths 2, 4 and 8 fit
  // and 16 does not; a tile of 96 over 32 threads gives 3 each, which no
  // width above 1 divides; nor does a loop of 1000 elements 16.
  EXPECT_TRUE(vectorWidthFits(1024, 1024, 128, 8));
  EXPECT_FALSE(vectorWidthFits(1024, 1024, 128, 16));
  EXPECT_FALSE(vectorWidthFits(96 * 4, 96, 32, 2));
  EXPECT_FALSE(vectorWidthFits(1000, 1024, 64, 16));
  EXPECT_TRUE(vectorWidthFits(1000, 8, 0, 8)); // one thread along the loop
  EXPECT_FALSE(vectorWidthFits(1024, 1024, 128, 0));
}

TEST(Model, VectorWidthsTakeVectorLoads) {
  // Rows of 4096 f32, a block of 1 x 1024 over 128 threads of 8 contiguous
  // elements each (thread tile 1 x 8): scalar, a warp's load (and store) of
  // one element per lane touches 32 sectors (lanes 32 bytes apart) and the
  // thread takes 8 steps in turn, one waiting on memory and 7 on L1; with
  // vector = 8 each lane reads and writes its 32 bytes at once: the same 32
  // sectors, once, and one step instead of 8. Both wait on L1 mostly
  // (its queue of 64 warps an SM), so the latency term shrinks as much.
  Target t = *lookupKnownTarget("h100");
  KernelDesc d = expRows(int64_t(t.smCount()) * 64, 4096, ElementType::F32);
  Schedule scalar = schedule({1, 1024}, 4);
  scalar.thread = {1, 8};
  Schedule vector = scalar;
  vector.vector = 8;
  Prediction s = predict(d, scalar, t), v = predict(d, vector, t);
  ASSERT_TRUE(s.legal && v.legal) << s.illegalReason << v.illegalReason;
  EXPECT_NEAR(s.loadsUs / v.loadsUs, 8.0, 0.01);
  EXPECT_NEAR(s.latencyUs / v.latencyUs, 8.0, 0.01);
  EXPECT_EQ(s.computeUs, v.computeUs);
  EXPECT_EQ(s.dramBytes, v.dramBytes);
  EXPECT_LE(v.timeUs, s.timeUs);
  // An op the step leaves scalar (a reduction fused into it) reads and
  // stores as it did.
  KernelDesc scalarOp = d;
  scalarOp.work[0].vectorized = false;
  EXPECT_EQ(predict(scalarOp, vector, t).loadsUs, s.loadsUs);
  EXPECT_EQ(predict(scalarOp, vector, t).latencyUs, s.latencyUs);
  // An op vectorized only at widths dividing 4 (a concat of inputs of 4
  // and 12 along its innermost dim) stays scalar in a step of 8, and is a
  // vector op at 4.
  KernelDesc groups = d;
  groups.work[0].vectorWidths = 4;
  EXPECT_EQ(predict(groups, vector, t).loadsUs, s.loadsUs);
  Schedule four = scalar;
  four.vector = 4;
  EXPECT_EQ(predict(groups, four, t).loadsUs, predict(d, four, t).loadsUs);
  EXPECT_LT(predict(groups, four, t).loadsUs, s.loadsUs);
  // Illegal where the code generator refuses it: a root that reduces, and a
  // width that does not divide a thread's share (16 of 8).
  Schedule wide = scalar;
  wide.vector = 16;
  EXPECT_FALSE(predict(d, wide, t).legal);
  KernelDesc reduces = d;
  reduces.elementwiseRoot = false;
  Prediction r = predict(reduces, vector, t);
  EXPECT_FALSE(r.legal);
  EXPECT_NE(r.illegalReason.find("parallel"), std::string::npos)
      << r.illegalReason;
}

TEST(Model, VectorWidthsAreOfferedUpTo16Bytes) {
  // Widths of 2 up to 16 bytes of the narrowest operand (one 128-bit
  // access per lane): 2 and 4 in f32, 2 to 8 in bf16; none for a root that
  // reduces. Every one offered is legal and fits its thread's share.
  for (const Target &t : allTargets())
    for (auto [type, widest] :
         {std::pair{ElementType::F32, 4}, std::pair{ElementType::BF16, 8}}) {
      KernelDesc d = expRows(512, 4096, type);
      int64_t most = 1;
      for (const Schedule &s : enumerateSchedules(d, t)) {
        most = std::max(most, s.vector);
        Prediction p = predict(d, s, t);
        EXPECT_TRUE(p.legal) << t.name() << ": " << p.illegalReason;
      }
      EXPECT_EQ(most, widest) << t.name();
      d.elementwiseRoot = false;
      for (const Schedule &s : enumerateSchedules(d, t))
        EXPECT_EQ(s.vector, 1) << t.name();
    }
}

TEST(Model, RootContractionsCopyTheirAccumulatorInVectors) {
  // A tensor-core contraction that is its kernel's root (a split-K
  // partial, an f32-output matmul) copies its accumulator to the output up
  // to 16 bytes of the output a store: 4-wide for f32, 8-wide for bf16,
  // offered with a thread tile of [rows, v, K step] and legal; its SIMT
  // schedules, whose threads copy their own tiles out, take none. The
  // model does not price the copy: a vector epilogue ties with its scalar
  // twin, and the enumeration offers it first.
  for (const Target &t : allTargets())
    for (auto [type, widest] :
         {std::pair{ElementType::F32, 4}, std::pair{ElementType::BF16, 8}}) {
      KernelDesc d = mmaMatmul(512, 384, 256, ElementType::BF16);
      d.operands.back().type = type;
      int64_t most = 1;
      bool tensorCores = false;
      std::optional<Schedule> simt;
      for (const Schedule &s : enumerateSchedules(d, t)) {
        if (s.compute == ComputeClass::Simt) {
          EXPECT_EQ(s.vector, 1) << t.name();
          simt = s;
          continue;
        }
        tensorCores = true;
        most = std::max(most, s.vector);
        if (s.vector == 1)
          continue;
        Prediction p = predict(d, s, t);
        ASSERT_TRUE(p.legal) << t.name() << ": " << p.illegalReason;
        EXPECT_EQ(s.thread[s.thread.size() - 2], s.vector) << t.name();
        Schedule scalar = s;
        scalar.vector = 1;
        scalar.thread.clear();
        EXPECT_EQ(predict(d, scalar, t).timeUs, p.timeUs) << t.name();
      }
      if (tensorCores)
        EXPECT_EQ(most, widest) << t.name();
      ASSERT_TRUE(simt) << t.name();
      simt->vector = 2;
      EXPECT_FALSE(predict(d, *simt, t).legal) << t.name();
    }
}

TEST(Model, ShortInnerLoopsTakeAThirdBlockDim) {
  // A copy over [9408, 3, 64] (an im2col's rows, window columns, channels):
  // with only the two innermost loops tiled, a block holds at most 4 x 64
  // elements; the enumeration also offers blocks over three loops, the
  // short one whole, and on the H100 the best of those beats the best of
  // two loops (fewer, fuller blocks). Every one offered is legal.
  const Target t = *lookupKnownTarget("h100");
  KernelDesc d;
  d.name = "copy";
  d.loops = {{9408, false}, {3, false}, {64, false}};
  d.operands = {{{0, 1, 2}, ElementType::BF16, false},
                {{0, 1, 2}, ElementType::BF16, true}};
  d.work = {opWork(0, 0, {{2.0, 1.0, {0, 1, 2}, 2}}, {0, 1, 2},
                   Execution::PerElement)};
  d.work[0].vectorized = true;
  d.elementwiseRoot = true;
  double best2 = INFINITY, best3 = INFINITY;
  for (auto &[s, p] : enumeratePredicted(d, t)) {
    EXPECT_TRUE(p.legal) << p.illegalReason;
    if (s.block.size() == 3)
      EXPECT_EQ(s.block[1], 3);
    (s.block.size() == 3 ? best3 : best2) =
        std::min(s.block.size() == 3 ? best3 : best2, p.timeUs);
  }
  EXPECT_LT(best3, best2);
  // A matrix (two loops) gets no such blocks.
  for (const Schedule &s :
       enumerateSchedules(expRows(512, 3, ElementType::F32), t))
    EXPECT_LE(s.block.size(), 2u);
}

TEST(Model, MathFunctionsCostSpecialFunctionThroughput) {
  // A math function of one special-function instruction over 64M f32 on
  // the H100: 16 special-function results per clock per SM against 128 FMA
  // lanes, so a call costs 8 issue slots, 16 of the flops the peak counts
  // (an FMA's two a slot); with 64 calls per element (a deliberately heavy
  // body) compute binds, 16x the time of the same count of plain flops.
  Target t = *lookupKnownTarget("h100");
  KernelDesc d = add(1 << 26, ElementType::F32);
  d.operands.pop_back();
  d.operands.back().output = true;
  d.work = {opWork(64, 64, {{4.0, 1.0, {0}, 0}}, {0}, Execution::PerElement)};
  Schedule s = schedule({256}, 8);
  Prediction withExp = predict(d, s, t);
  d.work[0].mathCallsPerInstance = {};
  Prediction plain = predict(d, s, t);
  EXPECT_NEAR(withExp.computeUs / plain.computeUs, 16.0, 0.01);
  EXPECT_EQ(withExp.bound, Bound::Compute);
}

TEST(Model, MathFunctionsCostTheCodeEmittedForThem) {
  // One call an element over 64M f32, 64 calls an element so that compute
  // binds: erf issues libdevice's 26 instructions on NVIDIA (more than its
  // one special-function result's 8 slots on the H100), exp 12, rsqrt its
  // special-function slots; on AMD, tessel-expand-math's polynomials (erf
  // 37, exp 32 instructions). Each against as many plain flops (half a
  // slot each).
  KernelDesc d = add(1 << 26, ElementType::F32);
  d.operands.pop_back();
  d.operands.back().output = true;
  d.work = {opWork(64, 0, {{4.0, 1.0, {0}, 0}}, {0}, Execution::PerElement)};
  Schedule s = schedule({256}, 8);
  auto ratio = [&](const Target &t, MathFunction f) {
    Prediction plain = predict(d, s, t);
    KernelDesc calls = d;
    calls.work[0].mathCallsPerInstance[size_t(f)] = 64;
    Prediction math = predict(calls, s, t);
    EXPECT_EQ(math.bound, Bound::Compute) << t.name();
    return math.computeUs / plain.computeUs;
  };
  Target h100 = *lookupKnownTarget("h100");
  EXPECT_NEAR(ratio(h100, MathFunction::Erf), 52.0, 0.01);
  EXPECT_NEAR(ratio(h100, MathFunction::Exp), 24.0, 0.01);
  EXPECT_NEAR(ratio(h100, MathFunction::Rsqrt), 16.0, 0.01);
  Target mi300x = *lookupKnownTarget("mi300x");
  EXPECT_NEAR(ratio(mi300x, MathFunction::Erf), 74.0, 0.01);
  EXPECT_NEAR(ratio(mi300x, MathFunction::Exp), 64.0, 0.01);
  // On every target, erf costs more than exp, and exp more than a plain
  // flop.
  for (const Target &t : allTargets()) {
    EXPECT_GT(ratio(t, MathFunction::Erf), ratio(t, MathFunction::Exp))
        << t.name();
    EXPECT_GT(ratio(t, MathFunction::Exp), 1.0) << t.name();
  }
}

TEST(Model, ThreadLayoutMatchesTheCodeGenerator) {
  // Without a thread tile: x along the innermost loop (the tile rounded up
  // to a power of two, at most the threads), the rest along the next.
  EXPECT_EQ(*threadLayout({16, 64}, {16, 64}, {}, 128),
            (std::vector<int64_t>{2, 64}));
  EXPECT_EQ(*threadLayout({4, 5}, {4, 5}, {}, 32),
            (std::vector<int64_t>{4, 8}));
  EXPECT_EQ(*threadLayout({1, 100}, {100}, {}, 64),
            (std::vector<int64_t>{1, 64}));
  // Every thread of a block of 5 warps: 32 along x (a power of two that
  // divides 160), 5 along y.
  EXPECT_EQ(*threadLayout({4, 96}, {4, 96}, {}, 160),
            (std::vector<int64_t>{5, 32}));
  // With one: block / thread per loop, up to three innermost loops; the
  // block's first entries when it has more than there are loops.
  EXPECT_EQ(*threadLayout({32, 32}, {32, 32, 16}, {2, 4, 16}, 128),
            (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(*threadLayout({1, 2, 4, 32}, {1, 2, 4, 32}, {1, 1, 2, 4}, 32),
            (std::vector<int64_t>{0, 2, 2, 8}));
  EXPECT_FALSE(threadLayout({32, 32}, {32, 32}, {4, 4}, 32).has_value());
}

TEST(Model, ContractionsAreMeasuredAgainstTensorCores) {
  // A bf16 GEMM's achievable time is set by the tensor-core peak (scaled by
  // its achievable fraction), not the SIMT peak the kernel runs on.
  for (const Target &t : allTargets()) {
    KernelDesc d = matmul(4096, 4096, 4096, ElementType::BF16);
    Prediction simtBound = predict(d, schedule({32, 64}, 4), t);
    d.contraction = true;
    Prediction tensorBound = predict(d, schedule({32, 64}, 4), t);
    EXPECT_EQ(simtBound.timeUs, tensorBound.timeUs) << t.name();
    double tensorPeak = t.get(TargetField::PeakBF16TensorTFlops) * 1e12;
    double fraction = t.has(TargetField::TensorAchievableFraction)
                          ? t.get(TargetField::TensorAchievableFraction)
                          : 1.0;
    EXPECT_NEAR(tensorBound.achievableUs,
                d.flops / (tensorPeak * fraction) * 1e6,
                1e-6 * tensorBound.achievableUs)
        << t.name();
    EXPECT_LT(tensorBound.achievableUs, simtBound.achievableUs) << t.name();
  }
}

TEST(Model, TimeGrowsWithTheProblem) {
  for (const Target &t : allTargets()) {
    Schedule s = schedule({32, 64}, 4);
    double last = 0;
    for (int64_t m : {64, 128, 256, 512, 1024, 2048, 4096}) {
      double time = predict(matmul(m, 512, 512, ElementType::F16), s, t).timeUs;
      EXPECT_GE(time, last) << t.name() << " m=" << m;
      last = time;
    }
    // The same with a K step and a register tile, growing M and then K.
    // 256 threads of 4 x 4 outputs (8 warps of 32, 4 waves of 64).
    Schedule stepped = schedule({64, 64, 32}, 256 / t.warpSize());
    stepped.thread = {4, 4, 32};
    last = 0;
    for (int64_t m : {64, 128, 256, 512, 1024, 2048, 4096}) {
      Prediction p =
          predict(steppableMatmul(m, 512, 512, ElementType::F16), stepped, t);
      ASSERT_TRUE(p.legal) << t.name() << ": " << p.illegalReason;
      EXPECT_GE(p.timeUs, last) << t.name() << " m=" << m;
      last = p.timeUs;
    }
    last = 0;
    for (int64_t k : {16, 64, 256, 1024, 4096}) {
      double time =
          predict(steppableMatmul(1024, 1024, k, ElementType::F16), stepped, t)
              .timeUs;
      EXPECT_GE(time, last) << t.name() << " k=" << k;
      last = time;
    }
    last = 0;
    for (int64_t n : {1 << 10, 1 << 14, 1 << 18, 1 << 22, 1 << 26}) {
      double time =
          predict(add(n, ElementType::F32), schedule({256}, 4), t).timeUs;
      EXPECT_GE(time, last) << t.name() << " n=" << n;
      last = time;
    }
  }
}

TEST(Model, IllegalSchedulesAreNeverOffered) {
  for (const Target &t : allTargets()) {
    KernelDesc d = matmul(256, 256, 64, ElementType::F32);
    // 32 warps: 1024 threads on NVIDIA (legal), 2048 on AMD (not).
    Prediction big = predict(d, schedule({32, 32}, 32), t);
    EXPECT_EQ(big.legal,
              t.warpSize() * 32 <= t.get(TargetField::MaxThreadsPerBlock))
        << t.name();
    Schedule tensor = schedule({32, 32}, 4);
    tensor.compute = ComputeClass::Wgmma;
    EXPECT_FALSE(predict(d, tensor, t).legal) << "not emitted yet";
    // Nor is software pipelining without a K step to pipeline: a schedule
    // asking for it has no prediction rather than one of code that would
    // not be emitted.
    Schedule pipelined = schedule({32, 32}, 4);
    pipelined.stages = 3;
    Prediction staged = predict(d, pipelined, t);
    EXPECT_FALSE(staged.legal) << t.name();
    EXPECT_NE(staged.illegalReason.find("stages"), std::string::npos);
    for (const Schedule &s : enumerateSchedules(d, t)) {
      EXPECT_LE(s.warps * t.warpSize(), t.get(TargetField::MaxThreadsPerBlock));
      EXPECT_TRUE(predict(d, s, t).legal);
    }
    // Registers: one warp of 32 threads over a 64 x 64 tile holds 64 x 2
    // accumulators per thread (tx = 32, ty = 1), besides the base and a
    // one-warp block's f32 K step's more (kOneWarpKStepRegisters); a 16 x
    // 16 thread tile (256 + the base) is more than a CUDA thread has
    // (255), and illegal.
    KernelDesc k = steppableMatmul(1024, 1024, 1024, ElementType::F32);
    if (t.warpSize() == 32) {
      Prediction p = predict(k, schedule({64, 64, 16}, 1), t);
      ASSERT_TRUE(p.legal) << t.name() << ": " << p.illegalReason;
      EXPECT_EQ(p.registers, 32 + 14 + 16 + 128) << t.name();
      Schedule tiled = schedule({128, 64, 16}, 1);
      tiled.thread = {16, 16, 16};
      Prediction spill = predict(k, tiled, t);
      EXPECT_FALSE(spill.legal) << t.name();
      EXPECT_NE(spill.illegalReason.find("registers"), std::string::npos)
          << t.name() << ": " << spill.illegalReason;
    }
    for (const Schedule &s : enumerateSchedules(k, t)) {
      Prediction p = predict(k, s, t);
      EXPECT_TRUE(p.legal);
      EXPECT_LE(double(p.registers), t.get(TargetField::MaxRegistersPerThread));
      EXPECT_LE(
          double((p.registers + 7) / 8 * 8 * p.threadsPerBlock * p.blocksPerSM),
          t.get(TargetField::RegistersPerSM))
          << t.name();
    }
  }
}

// The property on every built-in target: a K loop whose copies' latency is
// exposed (few blocks, a barrier every step) is predicted at least 10 %
// faster with two stages, and no slower with more, within shared memory: on
// SIMT lanes (cp.async) and mma.sync on NVIDIA, on MFMA (the next steps staged
// in registers; 2 or 3) on AMD.
TEST(Model, StagesHideExposedLatencyOnEveryTarget) {
  for (const Target &t : allTargets()) {
    bool nvidia = t.vendor() == Vendor::NVIDIA;
    std::vector<std::pair<KernelDesc, Schedule>> loops;
    if (nvidia) {
      loops.push_back({steppableMatmul(32, 32, 8192, ElementType::F32),
                       schedule({32, 32, 32}, 4)});
      loops.push_back({mmaMatmul(16, 8, 8192, ElementType::BF16),
                       mmaSchedule(16, 8, 32, 16, 8)});
    } else {
      Schedule mfma = schedule({128, 128, 32}, 4);
      mfma.compute = ComputeClass::Mfma;
      mfma.warp = {64, 64, 32};
      loops.push_back({mmaMatmul(128, 128, 8192, ElementType::BF16), mfma});
    }
    for (auto &[kernel, s] : loops) {
      double before = 0;
      for (int64_t stages = 1; stages <= (nvidia ? 4 : 3); ++stages) {
        s.stages = stages;
        Prediction p = predict(kernel, s, t);
        ASSERT_TRUE(p.legal)
            << t.name() << " " << stages << ": " << p.illegalReason;
        // A second stage hides what the first exposes; once hidden, more
        // cost only their extra copies' issue (under 0.1 %).
        if (stages == 2)
          EXPECT_LT(p.timeUs, 0.9 * before) << t.name();
        else if (stages > 2)
          EXPECT_LE(p.timeUs, 1.001 * before) << t.name() << " " << stages;
        before = p.timeUs;
      }
    }
  }
}

TEST(Model, StagesHideTheCopiesLatency) {
  // One warp computing 16 x 8 outputs on tensor cores, stepping through
  // K = 8192 in steps of 32: 256 steps, each waiting for its copies' round
  // trip to memory (and a few shared-memory rounds), bound by latency. S
  // stages keep S steps' copies in flight (one round in S exposed), for
  // S - 1 more copies of each tile (the clamped tail) and S buffers of
  // each: 16 x (32 + 8) of A and 32 x (8 + 8) of B, bf16, per stage
  // besides the 16 x (8 + 8) f32 accumulator.
  Target h100 = *lookupKnownTarget("h100");
  KernelDesc k = mmaMatmul(16, 8, 8192, ElementType::BF16);
  Schedule s = mmaSchedule(16, 8, 32, 16, 8);
  std::vector<Prediction> byStages;
  for (int64_t stages : {1, 2, 3, 4}) {
    s.stages = stages;
    Prediction p = predict(k, s, h100);
    ASSERT_TRUE(p.legal) << stages << ": " << p.illegalReason;
    // The accumulator, filled after the K loop, takes the stages' bytes
    // where an SM then holds more blocks: from 3 stages on (32 blocks, the
    // most an SM holds, rather than 29).
    int64_t tiles = stages * (16 * 40 + 32 * 16) * 2;
    EXPECT_EQ(p.sharedBytes, stages >= 3 ? tiles : 16 * 16 * 4 + tiles);
    byStages.push_back(p);
  }
  EXPECT_EQ(byStages[0].bound, Bound::Latency);
  for (size_t i = 1; i < byStages.size(); ++i) {
    EXPECT_LT(byStages[i].latencyUs, byStages[i - 1].latencyUs) << i + 1;
    EXPECT_LT(byStages[i].timeUs, byStages[i - 1].timeUs) << i + 1;
  }
  // The global rounds are one term of the latency: two stages halve them,
  // so the latency falls, by less than half.
  EXPECT_GT(byStages[1].latencyUs, byStages[0].latencyUs / 2);

  // A SIMT step of one block is latency-bound as well (each of its 256
  // steps waits for its copies behind a barrier): stages help it too.
  KernelDesc simt = steppableMatmul(32, 32, 8192, ElementType::F32);
  Schedule one = schedule({32, 32, 32}, 4), two = one;
  two.stages = 2;
  Prediction p1 = predict(simt, one, h100), p2 = predict(simt, two, h100);
  ASSERT_TRUE(p1.legal && p2.legal);
  EXPECT_EQ(p1.bound, Bound::Latency);
  EXPECT_LT(p2.timeUs, p1.timeUs);
  // (Two stages of A and B; A's rows are padded with one stage only. The
  // accumulator, in registers through the loop, takes the stages' bytes
  // after it where an SM then holds more blocks: with two stages, 13
  // blocks of 16 KiB rather than 11 of 20; with one, the SM's warps bind
  // first, 16 blocks either way, and the buffers stay apart.)
  EXPECT_EQ(p1.sharedBytes, 3 * 32 * 32 * 4 + 32 * kSimtRowPad * 4);
  EXPECT_EQ(p2.sharedBytes, 2 * 2 * 32 * 32 * 4);
  // Where latency does not bind (enough blocks per SM: while one waits,
  // the others compute), stages gain nothing and their extra copies cost
  // a little.
  KernelDesc many = steppableMatmul(4096, 4096, 4096, ElementType::F32);
  Schedule tiled = schedule({64, 64, 16}, 4);
  tiled.thread = {4, 8, 16};
  Schedule tiled2 = tiled;
  tiled2.stages = 2;
  Prediction m1 = predict(many, tiled, h100), m2 = predict(many, tiled2, h100);
  ASSERT_TRUE(m1.legal && m2.legal) << m1.illegalReason << m2.illegalReason;
  EXPECT_NE(m1.bound, Bound::Latency);
  EXPECT_GE(m2.timeUs, m1.timeUs);

  // Where shared memory bounds the blocks an SM holds, stages cost
  // occupancy: 18 KiB of accumulator and 18 KiB of tiles per stage.
  KernelDesc big = mmaMatmul(4096, 4096, 4096, ElementType::BF16);
  Schedule wide = mmaSchedule(64, 64, 64, 32, 32);
  Prediction single = predict(big, wide, h100);
  wide.stages = 3;
  Prediction three = predict(big, wide, h100);
  ASSERT_TRUE(single.legal && three.legal);
  EXPECT_LT(three.blocksPerSM, single.blocksPerSM);

  // cp.async moves 4, 8 or 16 bytes: bf16 rows of a K no step divides are
  // copied one element (2 bytes) at a time, and cannot be pipelined; nor
  // can a GPU without cp.async (AMD; before sm_80).
  KernelDesc odd = steppableMatmul(64, 64, 8190, ElementType::BF16);
  Schedule staged = schedule({64, 64, 32}, 4);
  staged.stages = 2;
  Prediction refused = predict(odd, staged, h100);
  EXPECT_FALSE(refused.legal);
  EXPECT_NE(refused.illegalReason.find("4, 8 or 16 bytes"), std::string::npos)
      << refused.illegalReason;
  EXPECT_TRUE(
      predict(steppableMatmul(64, 64, 8192, ElementType::BF16), staged, h100)
          .legal);
  Prediction amd = predict(simt, two, *lookupKnownTarget("mi300x"));
  EXPECT_FALSE(amd.legal);
  EXPECT_NE(amd.illegalReason.find("cp.async"), std::string::npos);
}

TEST(Model, AStepsCopiesCrossTheSmLink) {
  // A step's copies land the latency after they are issued and then at
  // the SM's link to L2: on the A100, 4096^3 in [128, 256] blocks of 8
  // warps steps 16 of K at a time, 12 KiB a step (384 clocks at 32 bytes
  // a clock) against about 640 clocks of math. Two stages leave the
  // round trip (latency, then the bytes) longer than a step's math:
  // exposed; three hide it. Without the link the latency alone was
  // hidden at two, and the model chose two stages.
  Target a100 = *lookupKnownTarget("a100");
  KernelDesc k = mmaMatmul(4096, 4096, 4096, ElementType::BF16);
  Schedule s = mmaSchedule(128, 256, 16, 64, 64);
  std::vector<Prediction> byStages;
  for (int64_t stages : {2, 3, 4}) {
    s.stages = stages;
    Prediction p = predict(k, s, a100);
    ASSERT_TRUE(p.legal) << stages << ": " << p.illegalReason;
    byStages.push_back(p);
  }
  EXPECT_GT(byStages[0].latencyUs, byStages[1].latencyUs);
  EXPECT_LT(byStages[1].timeUs, byStages[0].timeUs);
  // Once hidden, a deeper pipeline gains nothing more (its extra copies
  // of the clamped tail cost a little).
  EXPECT_NEAR(byStages[2].latencyUs, byStages[1].latencyUs,
              1e-3 * byStages[1].latencyUs);

  s.stages = 2;
  Prediction unlinked =
      predict(k, s, without(a100, {TargetField::SmBytesPerClock}));
  ASSERT_TRUE(unlinked.legal) << unlinked.illegalReason;
  EXPECT_LT(unlinked.latencyUs, byStages[0].latencyUs);

  // The fastest schedule offered pipelines three stages or more (the
  // selection itself, ties and all: tessel-compile-gemm-anchors-a100.test).
  std::optional<Prediction> best;
  Schedule chosen;
  forEachPredicted(k, a100, [&](const Schedule &c, const Prediction &p) {
    if (!best || p.timeUs < best->timeUs) {
      best = p;
      chosen = c;
    }
  });
  ASSERT_TRUE(best);
  EXPECT_EQ(chosen.compute, ComputeClass::MmaSync);
  EXPECT_GE(chosen.stages, 3);
}

// An mma.sync K step costs, beyond its work, mma_sync_step_cycles once a
// step of the busiest SM's turn, however many blocks the turn holds: the
// H200 (bench/data/h200/variants-mma-stages-2026-12-04a.json) ran 4096^3
// on 128 x 256 x 16 tiles (one block an SM) in 554.3 us at 3 stages and
// on 128 x 128 x 32 (two blocks an SM, the same work a step) in 418.6,
// which the model without the figure predicted alike. Its round trips
// queue behind the other SMs' (mma_sync_copy_queue_cycles): two stages
// measured 13 % slower than three on 512 x 11008 x 4096 in 128 x 128 x 16
// tiles, where a lone load's round trip is shorter than a step.
TEST(Model, MmaSyncStepsPayTheirOwnCostOnceATurn) {
  Target h200 = *lookupKnownTarget("h200");
  Target bare = without(h200, {TargetField::MmaSyncStepCycles,
                               TargetField::MmaSyncCopyQueueCycles});
  KernelDesc k = mmaMatmul(4096, 4096, 4096, ElementType::BF16);
  Schedule wide = mmaSchedule(128, 256, 16, 64, 64);
  Schedule deep = mmaSchedule(128, 128, 32, 64, 64);
  wide.stages = deep.stages = 3;
  Prediction wideNow = predict(k, wide, h200), deepNow = predict(k, deep, h200);
  Prediction wideBare = predict(k, wide, bare), deepBare = predict(k, deep, bare);
  for (const Prediction *p : {&wideNow, &deepNow, &wideBare, &deepBare})
    ASSERT_TRUE(p->legal) << p->illegalReason;
  ASSERT_EQ(wideNow.blocksPerSM, 1);
  ASSERT_EQ(deepNow.blocksPerSM, 2);
  EXPECT_NEAR(wideBare.timeUs, deepBare.timeUs, 0.02 * deepBare.timeUs);
  EXPECT_LT(deepNow.timeUs * 1.1, wideNow.timeUs);

  // Each turn's step pays it once: four turns of 256 steps for the wide
  // tiles, four turns of two blocks of 128 steps for the deep ones.
  double clockHz = h200.get(TargetField::SimtClockGHz) * 1e9;
  double step = h200.get(TargetField::MmaSyncStepCycles);
  EXPECT_NEAR(wideNow.latencyUs - wideBare.latencyUs,
              4 * 256 * step / clockHz * 1e6, 0.01 * wideNow.latencyUs);
  EXPECT_NEAR(deepNow.latencyUs - deepBare.latencyUs,
              4 * 128 * step / clockHz * 1e6, 0.01 * deepNow.latencyUs);

  // Two stages lose to three once the round trip queues.
  KernelDesc llama = mmaMatmul(512, 11008, 4096, ElementType::BF16);
  Schedule s = mmaSchedule(128, 128, 16, 64, 64);
  auto ratio = [&](const Target &t) {
    s.stages = 2;
    Prediction two = predict(llama, s, t);
    s.stages = 3;
    Prediction three = predict(llama, s, t);
    EXPECT_TRUE(two.legal && three.legal);
    return two.timeUs / three.timeUs;
  };
  EXPECT_GT(ratio(h200), 1.08);
  EXPECT_LT(ratio(without(h200, {TargetField::MmaSyncCopyQueueCycles})),
            1.03);

  // Neither figure on the A100 (KnownTargets.cpp says why), nor on AMD.
  for (const char *name : {"a100", "mi300x"}) {
    Target t = *lookupKnownTarget(name);
    EXPECT_FALSE(t.has(TargetField::MmaSyncStepCycles)) << name;
    EXPECT_FALSE(t.has(TargetField::MmaSyncCopyQueueCycles)) << name;
  }
}

// Issue 20, item 1: a K loop puts a barrier between each step's copies
// and its math, so with one stage the copies' round trip and the step's
// work add instead of overlapping; S stages overlap S steps' round trips.
// The 4096^3 bf16 GEMM in 128 x 256 tiles of 8 warps (one block per SM)
// was predicted as fast with one stage as with three, so the model chose
// the unpipelined one.
TEST(Model, LatencyAddsWhereBarriersExposeIt) {
  // (Without the mma.sync step's own cost, which adds to every step
  // however many stages: MmaSyncStepsPayTheirOwnCostOnceATurn.)
  Target h100 = without(*lookupKnownTarget("h100"),
                        {TargetField::MmaSyncStepCycles,
                         TargetField::MmaSyncCopyQueueCycles});
  KernelDesc big = mmaMatmul(4096, 4096, 4096, ElementType::BF16);
  Schedule wide = mmaSchedule(128, 256, 16, 64, 64);
  Prediction one = predict(big, wide, h100);
  wide.stages = 3;
  Prediction three = predict(big, wide, h100);
  ASSERT_TRUE(one.legal && three.legal)
      << one.illegalReason << three.illegalReason;
  EXPECT_EQ(one.blocksPerSM, 1);
  // One stage: each step waits about as long as it computes.
  EXPECT_EQ(one.bound, Bound::Latency);
  EXPECT_GT(one.timeUs, 1.5 * one.computeUs);
  // Three: the round trips hide behind the math.
  EXPECT_LT(three.timeUs, 1.02 * three.computeUs + three.launchUs);
  EXPECT_LT(three.timeUs, 0.7 * one.timeUs);
  // ... and the model chooses a pipelined schedule.
  Prediction fastest;
  fastest.timeUs = INFINITY;
  Schedule chosen;
  for (const auto &[s, p] : enumeratePredicted(big, h100))
    if (p.legal && p.timeUs < fastest.timeUs) {
      fastest = p;
      chosen = s;
    }
  EXPECT_GT(chosen.stages, 1);

  // On every target with cp.async, a latency-bound K loop (16 blocks of
  // 64 x 64 stepping through K = 8192) gets faster with each stage that
  // fits in shared memory while its steps still wait, and no slower after.
  KernelDesc few = mmaMatmul(256, 256, 8192, ElementType::BF16);
  for (const Target &t : allTargets()) {
    if (!t.hasAsyncCopy())
      continue;
    Schedule s = mmaSchedule(64, 64, 32, 32, 32);
    Prediction last = predict(few, s, t);
    ASSERT_TRUE(last.legal) << t.name() << ": " << last.illegalReason;
    EXPECT_EQ(last.bound, Bound::Latency) << t.name();
    for (int64_t stages : {2, 3, 4}) {
      s.stages = stages;
      Prediction p = predict(few, s, t);
      if (!p.legal)
        break; // out of shared memory
      if (last.bound == Bound::Latency)
        EXPECT_LT(p.timeUs, last.timeUs) << t.name() << " stages " << stages;
      else
        EXPECT_LE(p.timeUs, last.timeUs) << t.name() << " stages " << stages;
      last = p;
    }
  }
}

TEST(Model, CopiesMoveUpTo16BytesOfARow) {
  // copyVectorWidth: the widest power of two of at most 16 bytes dividing
  // both the tile's row (0: its length varies) and the operand's row
  // stride (so that every row starts aligned).
  EXPECT_EQ(copyVectorWidth(32, 4096, 2), 8);
  EXPECT_EQ(copyVectorWidth(32, 4096, 4), 4);
  EXPECT_EQ(copyVectorWidth(12, 4096, 2), 4);
  EXPECT_EQ(copyVectorWidth(32, 29, 4), 1);
  EXPECT_EQ(copyVectorWidth(0, 4096, 2), 1);
  EXPECT_EQ(copyVectorWidth(64, 4098, 2), 2);
}

TEST(Model, WaveQuantizationAndSplitK) {
  Target h100 = *lookupKnownTarget("h100");
  // The busiest SM runs ceil(blocks / 132) blocks on an H100: 132 blocks
  // take one block's time, 133 take two on some SM, and 264 still two.
  auto addTime = [&](int64_t blocks) {
    return predict(add(blocks * 256, ElementType::F32), schedule({256}, 4),
                   h100)
        .computeUs;
  };
  EXPECT_NEAR(addTime(133), 2 * addTime(132), 1e-9);
  EXPECT_NEAR(addTime(264), addTime(133), 1e-9);
  EXPECT_NEAR(
      predict(add(2112 * 256, ElementType::F32), schedule({256}, 4), h100)
          .waves,
      1.0, 1e-9); // 132 SMs x 16 blocks of 4 warps

  // Split-K runs as two kernels, each described and predicted on its own
  // (passes/SplitReduction.h; its direction is checked in
  // test/unit/passes/SplitReductionTest.cpp): one kernel never runs it.
  Schedule four = schedule({32, 32}, 4);
  four.splitK = 4;
  Prediction s4 = predict(matmul(32, 32, 8192, ElementType::F32), four, h100);
  EXPECT_FALSE(s4.legal);
  EXPECT_NE(s4.illegalReason.find("partial and a sum kernel"),
            std::string::npos);
}

// FACTS.md: device-to-device copy on an H100 about 3.0 TB/s. An elementwise
// kernel over 256 MiB inputs is memory-bound; its prediction must lie between
// the roofline and 1.5x the time at the measured bandwidth.
TEST(Model, MemoryBoundKernelMatchesMeasuredBandwidthOnH100) {
  Target h100 = *lookupKnownTarget("h100");
  KernelDesc d = add(64 << 20, ElementType::F32); // 3 x 256 MiB
  Prediction p = predict(d, schedule({256}, 4), h100);
  EXPECT_EQ(p.bound, Bound::Dram);
  double roofline = p.dramBytes / (3.35e12) * 1e6;
  double measured = p.dramBytes / (3.0e12) * 1e6;
  EXPECT_GE(p.timeUs, roofline);
  EXPECT_LE(p.timeUs, 1.5 * measured);
  EXPECT_FALSE(p.uncalibrated);
}

/// The fastest prediction over the schedules the enumeration offers.
Prediction best(const KernelDesc &k, const Target &t) {
  Prediction fastest;
  fastest.timeUs = INFINITY;
  for (const auto &[s, p] : enumeratePredicted(k, t))
    if (p.legal && p.timeUs < fastest.timeUs)
      fastest = p;
  return fastest;
}

// A kernel that streams its bytes from DRAM is never predicted faster on a
// GPU with less DRAM bandwidth: every target prices DRAM with an
// efficiency curve and latencies (measured, or estimated from the H100's
// and marked uncalibrated), never at the bare datasheet peak with no
// latency. Before, the Mistral decode step's GEMV-shaped batch matmuls
// were predicted faster on the A100 (2.0 TB/s) than on the H100 (3.35).
// Targets are compared within a vendor: Tessel emits different code for
// the two (wave64, no cp.async pipelining on AMD), so an MI300X GEMV that
// waits on its loads may rightly be slower than an H100's pipelined one.
TEST(Model, MemoryBoundKernelsAreNeverFasterWithLessBandwidth) {
  std::vector<KernelDesc> streaming = {
      expRows(8192, 8192, ElementType::F32),  // 2 x 256 MiB
      expRows(4096, 1024, ElementType::BF16), // 2 x 8 MiB
      expRows(1024, 1024, ElementType::F32),  // 2 x 4 MiB
      // Decode-step GEMVs: one row against a bf16 weight (88 MiB, 32 MiB)
      // and eight rows against an f32 one (64 MiB).
      steppableMatmul(1, 11008, 4096, ElementType::BF16),
      steppableMatmul(1, 4096, 4096, ElementType::BF16),
      steppableMatmul(8, 4096, 4096, ElementType::F32),
  };
  std::vector<Target> targets = allTargets();
  for (const KernelDesc &k : streaming) {
    std::vector<std::pair<double, Prediction>> byBandwidth;
    for (const Target &t : targets) {
      Prediction p = best(k, t);
      ASSERT_TRUE(p.legal) << k.name << " on " << t.name();
      byBandwidth.push_back({t.get(TargetField::HbmBandwidthTBps), p});
    }
    for (size_t i = 0; i < targets.size(); ++i)
      for (size_t j = 0; j < targets.size(); ++j)
        if (targets[i].vendor() == targets[j].vendor() &&
            byBandwidth[i].first < byBandwidth[j].first)
          EXPECT_GE(byBandwidth[i].second.timeUs, byBandwidth[j].second.timeUs)
              << k.name << " " << k.loops[0].size << ": " << targets[i].name()
              << " (" << byBandwidth[i].first << " TB/s) vs "
              << targets[j].name() << " (" << byBandwidth[j].first << " TB/s)";
  }
}

TEST(Model, UncalibratedTargetsSaySo) {
  Target mi250x = *lookupKnownTarget("mi250x");
  Prediction p =
      predict(add(1 << 20, ElementType::F32), schedule({256}, 4), mi250x);
  EXPECT_TRUE(p.uncalibrated);
}

// A SIMT K step gathers a transpose_rhs B ([N, K] in memory, an nn.Linear
// weight) into [K, N] in its copies; each copy is a scalar load, and a
// warp's load costs L1 a clock a line it touches. The H200 measured the
// LLaMA-7B decode GEMV in f32 split eight ways (bench/workloads/
// split-k-variants.mlir, run 2026-12-04a) at 55.3 us, 2.55x the 21.7
// predicted while the copy was priced as whole rows.
TEST(Model, SimtStepsCopyATransposedBAlongK) {
  Target h200 = *lookupKnownTarget("h200");
  KernelDesc rowMajor = steppableMatmul(1, 4096, 4096, ElementType::F32);
  KernelDesc linear =
      withTranspose(rowMajor, {1}, KStepRole::TransposedBPrologue);
  Schedule s = schedule({1, 64, 64}, 8);
  Prediction plain = predict(rowMajor, s, h200);
  Prediction linearP = predict(linear, s, h200);
  ASSERT_TRUE(plain.legal) << plain.illegalReason;
  ASSERT_TRUE(linearP.legal) << linearP.illegalReason;
  // B's 64 x 64 tile, stored [N, K], is copied along K: 64 threads along K
  // and 4 along N, 16 rows each, so a warp's scalar load reads 32
  // consecutive K of one row, one line, and the copy moves whole lines
  // through L1 as a row-major B's vector copy does. (Lanes laid out over
  // the buffer's [K, N], 16 along N, would each reach a row of W: 16 lines
  // a load, 62 us more on this kernel.)
  EXPECT_NEAR(linearP.loadsUs, plain.loadsUs, 1e-9);
  // Its buffer's 64 rows are a float longer (kSimtRowPad).
  EXPECT_EQ(linearP.sharedBytes - plain.sharedBytes, 64 * kSimtRowPad * 4);

  // A step shorter than a warp: 16 along K, 16 along N (4 rows each); a
  // warp's load reads 16 consecutive K (64 bytes, 2 sectors) of 2 rows, 2
  // lines, where a row-major B's vector copy reads 512 bytes over 4 lines.
  Schedule shortStep = schedule({1, 64, 16}, 8);
  Prediction plainShort = predict(rowMajor, shortStep, h200);
  Prediction linearShort = predict(linear, shortStep, h200);
  ASSERT_TRUE(plainShort.legal) << plainShort.illegalReason;
  ASSERT_TRUE(linearShort.legal) << linearShort.illegalReason;
  double clockHz = h200.get(TargetField::SimtClockGHz) * 1e9;
  double line = h200.get(TargetField::L1BytesPerClock);
  // Per step 8 warps x 4 loads x 2 lines of L1 clocks, against 16 x 64 x 4
  // bytes of whole rows; 256 steps; one block on the busiest SM.
  double extra = 256 * (8 * 4 * 2 * line - 16 * 64 * 4);
  EXPECT_NEAR(linearShort.loadsUs - plainShort.loadsUs,
              extra / (line * clockHz) * 1e6, 1e-3);

  // Every warp copies, those without outputs too: 64 outputs on 8 warps
  // or on 2 move the same bytes through L1. (With N a multiple of the
  // tile, the 2 warps' threads would keep their outputs in registers
  // through the K loop, simtAccumulatorInRegisters, and the 8 warps',
  // three of four rows of threads without a row, would not: N = 4000
  // leaves a remainder tile, so neither does.)
  KernelDesc ragged = steppableMatmul(1, 4000, 4096, ElementType::F32);
  Prediction eight = predict(ragged, s, h200);
  Prediction two = predict(ragged, schedule({1, 64, 64}, 2), h200);
  ASSERT_TRUE(eight.legal) << eight.illegalReason;
  ASSERT_TRUE(two.legal) << two.illegalReason;
  EXPECT_NEAR(eight.loadsUs, two.loadsUs, 1e-9);
}

// A SIMT K step copies a `transpose_lhs` A ([K, M] in memory, X of a weight
// gradient X^T dY) as it lies: along M, one element a thread, into [M, K]
// rows a float longer (tessel-tile-and-fuse's copyOperandTiles).
TEST(Model, SimtStepsCopyATransposedAAlongM) {
  Target h200 = *lookupKnownTarget("h200");
  KernelDesc rowMajor = steppableMatmul(4096, 1024, 4096, ElementType::F32);
  KernelDesc lhs = withTranspose(rowMajor, {0}, KStepRole::TransposedAPrologue);
  double clockHz = h200.get(TargetField::SimtClockGHz) * 1e9;
  double line = h200.get(TargetField::L1BytesPerClock);

  // A's 64 x 64 tile: 64 threads along M and 2 along K, so a warp's scalar
  // load reads 32 consecutive M of one K, one line: the copy moves whole
  // lines through L1 as a row-major A's vector copy does. Both buffers have
  // their 64 rows a float longer.
  Schedule s = schedule({64, 64, 64}, 4);
  Prediction plain = predict(rowMajor, s, h200);
  Prediction lhsP = predict(lhs, s, h200);
  ASSERT_TRUE(plain.legal) << plain.illegalReason;
  ASSERT_TRUE(lhsP.legal) << lhsP.illegalReason;
  EXPECT_NEAR(lhsP.loadsUs, plain.loadsUs, 1e-9);
  EXPECT_EQ(lhsP.sharedBytes, plain.sharedBytes);

  // A tile narrower than a warp: 16 along M, 4 along K (4 rows each), so a
  // warp's load reads 16 consecutive M (64 bytes, 2 sectors) of 2 rows, 2
  // lines, where a row-major A's vector copy reads whole rows.
  Schedule narrow = schedule({16, 64, 16}, 2);
  Prediction plainNarrow = predict(rowMajor, narrow, h200);
  Prediction lhsNarrow = predict(lhs, narrow, h200);
  ASSERT_TRUE(plainNarrow.legal) << plainNarrow.illegalReason;
  ASSERT_TRUE(lhsNarrow.legal) << lhsNarrow.illegalReason;
  // Per step 2 warps x 4 loads x 2 lines of L1 clocks, against 16 x 16 x 4
  // bytes of whole rows; 256 steps; 32 blocks on the busiest SM (4096
  // blocks on 132 SMs).
  double extra = 32.0 * 256 * (2 * 4 * 2 * line - 16 * 16 * 4);
  EXPECT_NEAR(lhsNarrow.loadsUs - plainNarrow.loadsUs,
              extra / (line * clockHz) * 1e6, 1e-3);

  // Both pads move the step's reads of A out of each other's banks: with 8
  // x 8 thread tiles a warp is 16 threads along N by 2 along M, whose A
  // rows lie 8 apart, 8 x 33 floats (banks 0 and 8): each of a thread's 8
  // loads of A a k takes one wavefront (two in unpadded rows,
  // ModelTerms.ASimtStepPaysItsBankConflicts). The copies cost L1 the same
  // (whole lines).
  Schedule tiles = schedule({64, 128, 32}, 4);
  tiles.thread = {8, 8, 32};
  Prediction plainTiles = predict(rowMajor, tiles, h200);
  Prediction lhsTiles = predict(lhs, tiles, h200);
  ASSERT_TRUE(plainTiles.legal) << plainTiles.illegalReason;
  ASSERT_TRUE(lhsTiles.legal) << lhsTiles.illegalReason;
  EXPECT_NEAR(plainTiles.loadsUs, lhsTiles.loadsUs, 1e-9);
}

// Tiling slices an operand read through `d floordiv P` or `d mod P` as if
// the read were linear, right only for a part that starts at a multiple of
// P or ends in the period it starts in (tileKeepsPeriods). A grouped-query
// attention's key heads (h floordiv 2) on tiles of 3 heads, or a thread's
// part of 6 in a tile of 16 over groups of 4, would read the wrong
// elements; the model refuses such schedules as tessel-tile-and-fuse does.
TEST(Model, TilesKeepTheGroupsAnOpReadsThroughFloordivOrMod) {
  // 8 heads over groups of 4: tiles of 1, 2, 4, 8 keep them; so do 5 and
  // 6, whose second tiles start inside a group and end in it.
  for (int64_t tile : {1, 2, 4, 5, 6, 8, 16})
    EXPECT_TRUE(tileKeepsPeriods(8, 4, tile, 1)) << tile;
  // 3: heads 3-5 cross from the first group into the second; 7: 7-13.
  EXPECT_FALSE(tileKeepsPeriods(8, 4, 3, 1));
  EXPECT_FALSE(tileKeepsPeriods(16, 4, 7, 1));
  // A tile of 16 over 3 threads: parts of 6, the second from 6 to 11.
  EXPECT_FALSE(tileKeepsPeriods(16, 4, 16, 3));
  EXPECT_TRUE(tileKeepsPeriods(16, 4, 16, 4));
  EXPECT_TRUE(tileKeepsPeriods(16, 4, 16, 8));
  // A period as long as the loop (a convolution's one group) never breaks.
  EXPECT_TRUE(tileKeepsPeriods(8, 8, 3, 2));
  // No period: anything goes.
  EXPECT_TRUE(tileKeepsPeriods(7, 1, 3, 2));

  // The model refuses the schedules that break them, with the reason.
  KernelDesc k = add(4096, ElementType::F32);
  k.loops[0].period = 4;
  const Target t = *lookupKnownTarget("h100");
  Schedule good = schedule({64}, 2), bad = schedule({6}, 1);
  Prediction ok = predict(k, good, t);
  EXPECT_TRUE(ok.legal) << ok.illegalReason;
  Prediction refused = predict(k, bad, t);
  EXPECT_FALSE(refused.legal);
  EXPECT_NE(refused.illegalReason.find("floordiv or mod"), std::string::npos)
      << refused.illegalReason;
  // The enumeration still finds legal schedules, each keeping them.
  int legal = 0;
  for (const Schedule &s : enumerateSchedules(k, t))
    legal += predict(k, s, t).legal;
  EXPECT_GT(legal, 0);
}

} // namespace
