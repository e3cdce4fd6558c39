//===- ModelTermsTest.cpp - Each term of the cost model on its own --------===//
//
// One test per term of costmodel/ModelTerms.h, each against figures worked
// out by hand from the target table (h100 unless said otherwise), so that a
// change to one term shows in its own test rather than only in predict()'s
// totals (ModelTest.cpp).
//
//===----------------------------------------------------------------------===//

#include "costmodel/ModelTerms.h"
#include "test/unit/costmodel/Kernels.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir::tessel;
using namespace mlir::tessel::model;
using namespace mlir::tessel::testing;

namespace {

const Target &h100() {
  static const Target t = *lookupKnownTarget("h100");
  return t;
}

/// C[m, n] = A[m, k] B[k, n], a contraction a K step can tile, on tensor
/// cores when its inputs are 16-bit.
KernelDesc steppable(int64_t m, int64_t n, int64_t k, ElementType type) {
  return type == ElementType::F32 ? steppableMatmul(m, n, k, type)
                                  : mmaMatmul(m, n, k, type);
}

/// y[r, c] = x[r, c] - max_c x[r, c]: a cooperative row reduction and the
/// elementwise op that reads it.
KernelDesc rowKernel(int64_t rows, int64_t n) {
  KernelDesc d;
  d.name = "rows";
  d.loops = {{rows, false}, {n, false}};
  d.operands = {{{0, 1}, ElementType::F32, false},
                {{0, 1}, ElementType::F32, true}};
  d.flops = 2.0 * double(rows) * double(n);
  Work max = opWork(double(n), 0, {{4.0, double(n), {0}, -1, true}}, {0},
                    Execution::CooperativeReduction);
  Work out =
      opWork(1, 0, {{4.0, 1.0, {0, 1}, 1}}, {0, 1}, Execution::PerElement);
  out.vectorized = true;
  d.work = {max, out};
  d.elementwiseRoot = true;
  return d;
}

Schedule simt(std::vector<int64_t> block, int64_t warps,
              std::vector<int64_t> thread = {}) {
  Schedule s;
  s.block = std::move(block);
  s.warps = warps;
  s.thread = std::move(thread);
  return s;
}

Schedule mma(int64_t bm, int64_t bn, int64_t step, int64_t wm, int64_t wn,
             int64_t stages = 1) {
  Schedule s = mmaSchedule(bm, bn, step, wm, wn);
  s.stages = stages;
  return s;
}

/// Warpgroup MMA on a block of bm x bn with K steps of `step`.
Schedule wgmma(int64_t bm, int64_t bn, int64_t step, int64_t warps,
               int64_t stages) {
  Schedule s;
  s.block = {bm, bn, step};
  s.warps = warps;
  s.stages = stages;
  s.compute = ComputeClass::Wgmma;
  return s;
}

/// A context with its kernel, schedule and target, which it refers to.
struct Held {
  Held(KernelDesc kernel, Schedule schedule, Target target)
      : kernel(std::move(kernel)), schedule(std::move(schedule)),
        target(std::move(target)),
        context(this->kernel, this->schedule, this->target) {}
  operator const Context &() const { return context; }
  KernelDesc kernel;
  Schedule schedule;
  Target target;
  Context context;
};

// A phase's chain: one L1 round trip, then each of a lone warp's
// instructions issue_cycles_alone clocks after the last (measured on the
// H200; an estimate elsewhere, which marks the prediction uncalibrated).
TEST(ModelTerms, ALoneWarpIssuesEveryFewClocks) {
  for (const std::string &name : knownTargetNames()) {
    SCOPED_TRACE(name);
    Target t = *lookupKnownTarget(name);
    ASSERT_TRUE(t.has(TargetField::IssueCyclesAlone));
    bool uncalibrated = false;
    model::PhaseCycles c =
        model::phaseCycles(model::Phase{64, 10, 0, 0}, 64, t, uncalibrated);
    EXPECT_DOUBLE_EQ(c.chain, t.get(TargetField::L1LatencyCycles) +
                                  10 * t.get(TargetField::IssueCyclesAlone));
    // Two warps (one on AMD) share four schedulers: the chain, not the
    // issue slots, bounds the phase.
    EXPECT_GT(c.chain, c.issue);
    if (t.isEstimate(TargetField::IssueCyclesAlone))
      EXPECT_TRUE(uncalibrated);
  }
}

// Register arithmetic alone (a register-resident softmax) waits only on the
// warp's own dependences and pipes: no round trip, an instruction every
// lane_cycles_alone clocks (measured on the H200's register-resident
// attention, 2.19), never slower than the same work among shared-memory
// accesses.
TEST(ModelTerms, RegisterArithmeticIssuesFasterAlone) {
  for (const std::string &name : knownTargetNames()) {
    SCOPED_TRACE(name);
    Target t = *lookupKnownTarget(name);
    ASSERT_TRUE(t.has(TargetField::LaneCyclesAlone));
    bool uncalibrated = false;
    model::Phase lanes{64, 10, 0, 0, /*registersOnly=*/true};
    model::PhaseCycles c = model::phaseCycles(lanes, 64, t, uncalibrated);
    EXPECT_DOUBLE_EQ(c.chain, 10 * t.get(TargetField::LaneCyclesAlone));
    bool ignored = false;
    model::PhaseCycles mixed =
        model::phaseCycles(model::Phase{64, 10, 0, 0}, 64, t, ignored);
    EXPECT_LT(c.chain, mixed.chain);
    EXPECT_DOUBLE_EQ(c.issue, mixed.issue);
    if (t.isEstimate(TargetField::LaneCyclesAlone))
      EXPECT_TRUE(uncalibrated);
  }
  Target h200 = *lookupKnownTarget("h200");
  EXPECT_DOUBLE_EQ(h200.get(TargetField::LaneCyclesAlone), 2.19);
  EXPECT_FALSE(h200.isEstimate(TargetField::LaneCyclesAlone));
}

TEST(ModelTerms, ContextFollowsTheSchedule) {
  KernelDesc d = steppable(1000, 512, 256, ElementType::F32);
  Schedule s = simt({64, 128, 32}, 4);
  Held cInputs(d, s, h100());
  Context &c = cInputs.context;
  EXPECT_EQ(c.parallel, (std::vector<int>{0, 1}));
  EXPECT_EQ(c.tiles, (std::vector<int64_t>{64, 128}));
  EXPECT_EQ(c.kStep, 32);
  EXPECT_EQ(c.threadsPerBlock, 128);
  EXPECT_EQ(c.contractionReduction, 256);
  EXPECT_FALSE(c.tilesDivide); // 1000 % 64 != 0
  EXPECT_FALSE(c.mma);
  // Tiles larger than the loop are clamped to it.
  Schedule wide = simt({4096, 4096, 32}, 4);
  EXPECT_EQ(Held(d, wide, h100()).context.tiles,
            (std::vector<int64_t>{1000, 512}));
}

TEST(ModelTerms, ScheduleRefusalNamesTheField) {
  KernelDesc d = steppable(512, 512, 256, ElementType::F32);
  auto refusal = [&](Schedule s) {
    Held cInputs(d, s, h100());
    Context &c = cInputs.context;
    return scheduleRefusal(c).value_or("");
  };
  EXPECT_EQ(refusal(simt({64, 64, 32}, 4)), "");
  EXPECT_NE(refusal(simt({64, 64, 32}, 0)).find("warps"), std::string::npos);
  Schedule split = simt({64, 64, 32}, 4);
  split.splitK = 2;
  EXPECT_NE(refusal(split).find("split_k"), std::string::npos);
  Schedule noStages = simt({64, 64, 32}, 4);
  noStages.stages = 0;
  EXPECT_NE(refusal(noStages).find("stages"), std::string::npos);
  // 64 warps of 32 threads: 2048 > 1024.
  EXPECT_NE(refusal(simt({64, 64, 32}, 64)).find("max_threads_per_block"),
            std::string::npos);
  // MFMA is AMD's; the test's target is an NVIDIA one.
  Schedule mfma = simt({64, 64, 32}, 4);
  mfma.compute = ComputeClass::Mfma;
  mfma.warp = {32, 32, 32};
  EXPECT_EQ(refusal(mfma), "");
  Prediction p = predict(steppable(1024, 1024, 1024, ElementType::BF16), mfma,
                         *lookupKnownTarget("h100"));
  EXPECT_FALSE(p.legal);
  EXPECT_NE(p.illegalReason.find("MFMA needs an AMD GPU"), std::string::npos)
      << p.illegalReason;
}

// AMD has no cp.async: an MFMA K step pipelines by staging the next steps'
// tiles in registers (tessel-register-staged-copies), one or two steps
// ahead. Two and three stages are legal there, priced with their
// registers, and each hides more exposed latency; more stages, or stages
// on SIMT lanes, are not.
TEST(ModelTerms, MfmaStagesTheNextStepInRegisters) {
  const Target mi300x = *lookupKnownTarget("mi300x");
  KernelDesc d = steppable(8192, 8192, 8192, ElementType::BF16);
  Schedule one = simt({128, 128, 32}, 4);
  one.compute = ComputeClass::Mfma;
  one.warp = {64, 64, 32};
  Schedule two = one;
  two.stages = 2;
  Prediction p1 = predict(d, one, mi300x), p2 = predict(d, two, mi300x);
  ASSERT_TRUE(p1.legal && p2.legal) << p2.illegalReason;
  EXPECT_LT(p2.timeUs, p1.timeUs);
  // Each of the 256 threads holds its share of the next step's A and B
  // tiles: (128 + 128) x 32 x 2 bytes / 256 / 4 bytes = 16 VGPRs.
  EXPECT_EQ(p2.registers - p1.registers, 16);
  // Three stages hold two steps' tiles: 32 VGPRs.
  Schedule three = one;
  three.stages = 3;
  Prediction p3 = predict(d, three, mi300x);
  ASSERT_TRUE(p3.legal) << p3.illegalReason;
  EXPECT_LT(p3.timeUs, p2.timeUs);
  EXPECT_EQ(p3.registers - p1.registers, 32);
  Schedule four = one;
  four.stages = 4;
  Prediction p4 = predict(d, four, mi300x);
  EXPECT_FALSE(p4.legal);
  EXPECT_NE(p4.illegalReason.find("stages = 2 or 3"), std::string::npos)
      << p4.illegalReason;
  Schedule simtStaged = simt({128, 128, 32}, 4);
  simtStaged.stages = 2;
  Prediction ps = predict(steppable(1024, 1024, 1024, ElementType::F32),
                          simtStaged, mi300x);
  EXPECT_FALSE(ps.legal);
  EXPECT_NE(ps.illegalReason.find("asynchronous copies"), std::string::npos);
}

TEST(ModelTerms, WgmmaRefusalChecksTheWarpgroups) {
  KernelDesc d = steppable(1024, 1024, 1024, ElementType::BF16);
  d.wgmmaable = true;
  auto refusal = [&](const KernelDesc &k, const Schedule &s,
                     const Target &t) -> std::string {
    Held in(k, s, t);
    return mmaRefusal(in.context).value_or("");
  };
  // Two warpgroups of 64 x 128: as four warps' 16 x 128 in mma.sync pieces.
  Schedule good = wgmma(128, 128, 64, 8, 3);
  Held in(d, good, h100());
  EXPECT_FALSE(mmaRefusal(in.context));
  EXPECT_EQ(in.context.mmaTiles.pn, 16);
  EXPECT_EQ(in.context.mmaTiles.pk, 4);
  // 64 rows per warpgroup, N a multiple of 64 up to 256, K steps of 64,
  // two stages or more.
  EXPECT_NE(refusal(d, wgmma(128, 128, 64, 4, 3), h100()).find("64 rows"),
            std::string::npos);
  EXPECT_NE(refusal(d, wgmma(128, 96, 64, 8, 3), h100()).find("multiple of"),
            std::string::npos);
  EXPECT_NE(refusal(d, wgmma(128, 128, 32, 8, 3), h100()).find("K step of 64"),
            std::string::npos);
  EXPECT_NE(refusal(d, wgmma(128, 128, 64, 8, 1), h100()).find("2 stages"),
            std::string::npos);
  // Not before sm_90a, nor where the operands are not the kernel's own.
  EXPECT_NE(refusal(d, good, *lookupKnownTarget("a100")).find("sm_90a"),
            std::string::npos);
  KernelDesc prologue = steppable(1024, 1024, 1024, ElementType::BF16);
  EXPECT_NE(refusal(prologue, good, h100()).find("own arguments"),
            std::string::npos);
}

TEST(ModelTerms, WgmmaClustersShareBsTileThroughL2) {
  // ViT's M = 196 (two rows of 128-row tiles) against a 4096 x 4096
  // weight: L2-bound on h100; in clusters of 2 each block reads half of its
  // B tile out of L2 (the other half comes by the pair's multicast).
  KernelDesc d = steppable(196, 4096, 4096, ElementType::BF16);
  d.wgmmaable = true;
  Schedule alone = wgmma(128, 64, 64, 8, 6);
  Schedule paired = alone;
  paired.cluster = 2;
  Prediction one = predict(d, alone, h100());
  Prediction two = predict(d, paired, h100());
  ASSERT_TRUE(one.legal) << one.illegalReason;
  ASSERT_TRUE(two.legal) << two.illegalReason;
  // Per block: A 128 x 64 and B 64 x 64 a step (bf16), B's half saved.
  double perBlockStep = (128.0 * 64 + 64.0 * 64) * 2;
  double savedStep = 64.0 * 64 * 2 / 2;
  EXPECT_NEAR(two.l2Bytes / one.l2Bytes,
              (perBlockStep - savedStep) / perBlockStep, 0.02);
  EXPECT_EQ(one.bound, Bound::L2);
  EXPECT_LT(two.l2Us, one.l2Us);
  // DRAM is the same: L2 served both blocks the same bytes before.
  EXPECT_DOUBLE_EQ(two.dramBytes, one.dramBytes);

  // Clusters pair neighbouring rows of tiles of one column: an odd number
  // of rows (M = 257: 3 of 128), a raster group of an odd number of rows,
  // a batch_matmul, or another instruction class is refused.
  auto reason = [&](const KernelDesc &k, const Schedule &s) {
    Prediction p = predict(k, s, h100());
    EXPECT_FALSE(p.legal);
    return p.illegalReason;
  };
  KernelDesc odd = steppable(257, 4096, 4096, ElementType::BF16);
  odd.wgmmaable = true;
  EXPECT_NE(reason(odd, paired).find("even number of rows"), std::string::npos);
  KernelDesc tall = steppable(1024, 4096, 4096, ElementType::BF16);
  tall.wgmmaable = true;
  Schedule grouped = paired;
  grouped.raster = 3;
  EXPECT_NE(reason(tall, grouped).find("even number of rows"),
            std::string::npos);
  grouped.raster = 4;
  EXPECT_TRUE(predict(tall, grouped, h100()).legal);
  Schedule simt;
  simt.block = {64, 64, 16};
  simt.cluster = 2;
  EXPECT_NE(reason(tall, simt).find("mma = wgmma"), std::string::npos);

  // A cluster barrier a step adds cluster_barrier_cycles to every step
  // (measured on an H200: 1000 clocks; ViT's 196 rows in clusters of 2 ran
  // 58.5 us against 22.3 without, bench/data/h200/gemms-2026-12-04a.json):
  // here, one block an SM, the latency term grows by at least the
  // barriers of its 64 steps, and the cluster's saved L2 bytes do not pay
  // for them.
  const Target &t = h100();
  double barriersUs = 4096.0 / 64 * t.get(TargetField::ClusterBarrierCycles) /
                      (t.get(TargetField::SimtClockGHz) * 1e3);
  EXPECT_GE(two.latencyUs, one.latencyUs + barriersUs - 1e-9);
  EXPECT_GT(two.timeUs, one.timeUs);
  // A target without the figure prices the barrier at L2's latency and
  // says the prediction is uncalibrated.
  Prediction guessed =
      predict(d, paired, without(t, {TargetField::ClusterBarrierCycles}));
  ASSERT_TRUE(guessed.legal);
  EXPECT_TRUE(guessed.uncalibrated);
  EXPECT_LT(guessed.latencyUs, two.latencyUs);
}

TEST(ModelTerms, WgmmaSharedMemoryAndRegisters) {
  KernelDesc d = steppable(1024, 1024, 1024, ElementType::BF16);
  d.wgmmaable = true;
  Schedule s = wgmma(128, 128, 64, 8, 3);
  Held in(d, s, h100());
  ASSERT_FALSE(mmaRefusal(in.context));
  // Per stage A [128, 64] and B [64, 128] in bf16 as TMA writes them and
  // an 8-byte mbarrier; the f32 accumulator (rows padded by 8, 69632
  // bytes) overlays the stages after the loop: ptxas counts 99328 bytes
  // for this block (test/tools/tessel-compile-wgmma.test).
  EXPECT_EQ(sharedMemoryBytes(in.context), 3 * 2 * (128 + 128) * 64 + 3 * 8);
  Schedule two = s;
  two.stages = 2;
  Held twoIn(d, two, h100());
  ASSERT_FALSE(mmaRefusal(twoIn.context));
  EXPECT_EQ(sharedMemoryBytes(twoIn.context), 4 * 128 * 136 + 2 * 8);
  // Each thread's 64 x 128 / 128 accumulators and the pipeline's
  // addresses: ptxas -v takes 90.
  EXPECT_EQ(registersPerThread(in.context), 90);
}

// Three warpgroups (192 rows, 12 warps): legal, as one, two and four are;
// five are not (64 rows each, four at most). Per thread the same N / 2
// accumulators as with any number of warpgroups, which ptxas -v gives a
// 384-thread block (test/tools/tessel-compile-wgmma.test and the h100's
// tier-2 choices: 58, 90, 122, 154 for N = 64 to 256, none spilling);
// shared memory the stages of A [192, 64] and B [64, N], or the padded
// f32 accumulator where it is larger.
TEST(ModelTerms, WgmmaTakesThreeWarpgroups) {
  KernelDesc d = steppable(1024, 1024, 1024, ElementType::BF16);
  d.wgmmaable = true;
  for (int64_t n : {64, 128, 192, 256}) {
    Held in(d, wgmma(192, n, 64, 12, 3), h100());
    ASSERT_FALSE(mmaRefusal(in.context)) << "N " << n;
    EXPECT_EQ(registersPerThread(in.context), n / 2 + 26) << "N " << n;
    EXPECT_EQ(sharedMemoryBytes(in.context),
              std::max<int64_t>(4 * 192 * (n + 8), 3 * 2 * (192 + n) * 64) +
                  3 * 8)
        << "N " << n;
  }
  Prediction p = predict(d, wgmma(192, 192, 64, 12, 3), h100());
  ASSERT_TRUE(p.legal) << p.illegalReason;
  EXPECT_EQ(p.blocks, (1024 / 192 + 1) * (1024 / 192 + 1));
  Held five(d, wgmma(320, 128, 64, 20, 3), h100());
  ASSERT_TRUE(mmaRefusal(five.context));
  EXPECT_NE(mmaRefusal(five.context)->find("1 to 4 of them"),
            std::string::npos);
}

// A batch_matmul on wgmma: one batch element a block, block = [1, M, N,
// 64]; per block the same shared memory, registers and refusals as the
// matmul's, and a batch of 8 at least as slow as one element of it.
TEST(ModelTerms, WgmmaTakesABatchOneElementABlock) {
  auto batched = [](int64_t b, int64_t m, int64_t n, int64_t k) {
    KernelDesc d;
    d.name = "batch_matmul";
    d.loops = {{b, false}, {m, false}, {n, false}, {k, true}};
    d.operands = {{{0, 1, 3}, ElementType::BF16, false},
                  {{0, 3, 2}, ElementType::BF16, false},
                  {{0, 1, 2}, ElementType::F32, true}};
    d.flops = 2.0 * double(b * m * n * k);
    Work w;
    w.loops = {0, 1, 2};
    w.flopsPerInstance = 2.0 * double(k);
    w.loads = {{2, double(k), {0, 1}, -1}, {2, double(k), {0, 2}, 2}};
    w.kStepRole = KStepRole::Contraction;
    w.reduction = k;
    w.operandTiles = {{2, 1, {0, 1}, -1}, {2, 1, {0, 2}, 2}};
    d.work = {w};
    d.contraction = d.kSteppable = d.mmaSyncable = d.wgmmaable = true;
    return d;
  };
  KernelDesc flat = steppable(1024, 1024, 1024, ElementType::BF16);
  flat.wgmmaable = true;
  Schedule s = wgmma(128, 128, 64, 8, 3), sb = s;
  sb.block.insert(sb.block.begin(), 1);
  Held one(flat, s, h100()), eight(batched(8, 1024, 1024, 1024), sb, h100());
  ASSERT_FALSE(mmaRefusal(one.context));
  ASSERT_FALSE(mmaRefusal(eight.context)) << *mmaRefusal(eight.context);
  EXPECT_EQ(sharedMemoryBytes(eight.context), sharedMemoryBytes(one.context));
  EXPECT_EQ(registersPerThread(eight.context), 90);
  Prediction p1 = predict(flat, s, h100());
  Prediction p8 = predict(batched(8, 1024, 1024, 1024), sb, h100());
  ASSERT_TRUE(p1.legal && p8.legal) << p8.illegalReason;
  EXPECT_GE(p8.timeUs, p1.timeUs);
  EXPECT_EQ(p8.registers, p1.registers);
  // Two batch elements a block are not a warpgroup MMA's.
  Schedule two = sb;
  two.block[0] = 2;
  Held twoIn(batched(8, 1024, 1024, 1024), two, h100());
  EXPECT_NE(mmaRefusal(twoIn.context).value_or("").find("[1, M, N, 64]"),
            std::string::npos);
}

TEST(ModelTerms, MmaRefusalChecksTheWarpTiles) {
  KernelDesc d = steppable(1024, 1024, 1024, ElementType::BF16);
  Schedule s = mma(128, 128, 32, 64, 64);
  Held cInputs(d, s, h100());
  Context &c = cInputs.context;
  EXPECT_FALSE(mmaRefusal(c));
  EXPECT_EQ(c.mmaTiles.pm, 4);
  EXPECT_EQ(c.mmaTiles.pn, 8);
  EXPECT_EQ(c.mmaTiles.pk, 2);
  // Not on an AMD GPU.
  Held amdInputs(d, s, *lookupKnownTarget("mi300x"));
  Context &amd = amdInputs.context;
  EXPECT_NE(mmaRefusal(amd).value_or("").find("NVIDIA"), std::string::npos);
  // A warp tile that is no multiple of 16 along M.
  Schedule odd = mma(96, 128, 32, 24, 64);
  Held oddContextInputs(d, odd, h100());
  Context &oddContext = oddContextInputs.context;
  EXPECT_TRUE(mmaRefusal(oddContext));
  // f32 does not run on mma.sync.
  KernelDesc f32 = steppable(1024, 1024, 1024, ElementType::F32);
  Held f32ContextInputs(f32, s, h100());
  Context &f32Context = f32ContextInputs.context;
  EXPECT_TRUE(mmaRefusal(f32Context));
}

TEST(ModelTerms, StagesRefusal) {
  KernelDesc d = steppable(1024, 1024, 256, ElementType::BF16);
  bool unmodelled = false;
  Schedule three = mma(128, 128, 32, 64, 64, 3);
  EXPECT_FALSE(stagesRefusal(Held(d, three, h100()), unmodelled));
  // A K step covering the whole reduction leaves nothing to pipeline.
  Schedule whole = mma(128, 128, 256, 64, 64, 2);
  EXPECT_TRUE(stagesRefusal(Held(d, whole, h100()), unmodelled));
  // No cp.async on CDNA.
  EXPECT_TRUE(
      stagesRefusal(Held(d, three, *lookupKnownTarget("mi300x")), unmodelled));
  EXPECT_FALSE(unmodelled);
  // A cast fused into the copies: emitted, but not priced.
  KernelDesc cast = d;
  Work prologue = opWork(1, 0, {}, {0}, Execution::PerElement);
  prologue.kStepRole = KStepRole::Prologue;
  cast.work.push_back(prologue);
  EXPECT_TRUE(stagesRefusal(Held(cast, three, h100()), unmodelled));
  EXPECT_TRUE(unmodelled);
  // A transpose_rhs B: read in place on tensor cores (plain copies, which
  // cp.async makes), gathered into [K, N] by a SIMT step's copies.
  KernelDesc linear = d;
  Work transpose = opWork(0, 0, {}, {0}, Execution::PerElement);
  transpose.kStepRole = KStepRole::TransposedBPrologue;
  linear.work.push_back(transpose);
  unmodelled = false;
  EXPECT_FALSE(stagesRefusal(Held(linear, three, h100()), unmodelled));
  EXPECT_FALSE(unmodelled);
  Schedule simtThree = simt({64, 64, 32}, 4);
  simtThree.stages = 3;
  EXPECT_TRUE(stagesRefusal(Held(linear, simtThree, h100()), unmodelled));
  EXPECT_TRUE(unmodelled);
}

TEST(ModelTerms, SharedMemoryBytes) {
  // mma.sync 128 x 128 x 32, two stages: the f32 accumulator with rows
  // padded by 8, and per stage A [128, 32 + 8] and B [32, 128 + 8] in
  // 16-bit.
  KernelDesc bf16 = steppable(1024, 1024, 1024, ElementType::BF16);
  Schedule s = mma(128, 128, 32, 64, 64, 2);
  Held cInputs(bf16, s, h100());
  Context &c = cInputs.context;
  ASSERT_FALSE(mmaRefusal(c));
  // The accumulator, filled only after the K loop, takes the stages'
  // bytes where an SM then holds more blocks (3 of 69632 bytes rather than
  // 2 of 107520: Target::overlaysSharedMemory).
  int64_t accumulator = 4 * 128 * 136,
          stages = 2 * (2 * 128 * 40 + 2 * 32 * 136);
  EXPECT_TRUE(h100().overlaysSharedMemory(
      double(accumulator + stages), double(accumulator), c.threadsPerBlock));
  EXPECT_EQ(sharedMemoryBytes(c), accumulator);
  // With a single K step (K = 32) there is no loop to carry the
  // accumulator through, and its buffer lives while the step's tiles do:
  // no overlay (a K of 64 in one step needed 101376 bytes on gfx942, not
  // the 64 KiB overlaid).
  KernelDesc oneStep = steppable(1024, 1024, 32, ElementType::BF16);
  Held oneInputs(oneStep, s, h100());
  ASSERT_FALSE(mmaRefusal(oneInputs.context));
  EXPECT_EQ(sharedMemoryBytes(oneInputs.context), accumulator + stages);
  // SIMT K step of 32 on a 64 x 128 f32 tile: the accumulator and one
  // step's A [64, 32 + kSimtRowPad] and B [32, 128]; with stages, A's rows
  // are not padded. The threads keep their parts of the accumulator in
  // registers through the K loop, and its buffer takes the stages' bytes
  // after it (an H100's SM then holds 6 blocks rather than 3). With a
  // remainder tile (N = 1000), or one K step, they copy them in and out
  // every step: the buffers stay apart.
  KernelDesc f32 = steppable(1024, 1024, 1024, ElementType::F32);
  KernelDesc raggedF32 = steppable(1024, 1000, 1024, ElementType::F32);
  KernelDesc oneStepF32 = steppable(1024, 1024, 32, ElementType::F32);
  Schedule t = simt({64, 128, 32}, 4);
  int64_t simtStages = 4 * 64 * (32 + kSimtRowPad) + 4 * 32 * 128;
  EXPECT_EQ(sharedMemoryBytes(Held(f32, t, h100())), 4 * 64 * 128);
  EXPECT_EQ(sharedMemoryBytes(Held(raggedF32, t, h100())),
            4 * 64 * 128 + simtStages);
  EXPECT_EQ(sharedMemoryBytes(Held(oneStepF32, t, h100())),
            4 * 64 * 128 + simtStages);
  Schedule piped = t;
  piped.stages = 2;
  EXPECT_EQ(sharedMemoryBytes(Held(f32, piped, h100())),
            2 * (4 * 64 * 32 + 4 * 32 * 128));
  EXPECT_EQ(sharedMemoryBytes(Held(raggedF32, piped, h100())),
            4 * 64 * 128 + 2 * (4 * 64 * 32 + 4 * 32 * 128));
  // A cooperative reduction over 8 rows by 256 threads: partials and the
  // tree's half (256 is a power of two: nothing carried over).
  KernelDesc rows = rowKernel(64, 4096);
  EXPECT_EQ(sharedMemoryBytes(Held(rows, simt({8, 4096}, 8), h100())),
            8 * 4 * (256 + 128));
  // 96 threads carry one odd middle partial (3 -> 2).
  EXPECT_EQ(sharedMemoryBytes(Held(rows, simt({1, 4096}, 3), h100())),
            1 * 4 * (96 + 48 + 1));
  // Tiles that do not divide the rows: no cooperation, no buffers.
  KernelDesc odd = rowKernel(63, 4096);
  EXPECT_EQ(sharedMemoryBytes(Held(odd, simt({8, 4096}, 8), h100())), 0);
}

TEST(ModelTerms, RegistersPerThread) {
  KernelDesc f32 = steppable(1024, 1024, 1024, ElementType::F32);
  // A 64 x 64 tile over 256 threads in 4 x 4 thread tiles: 16 accumulators.
  Schedule tiled = simt({64, 64, 16}, 8, {4, 4, 16});
  EXPECT_EQ(registersPerThread(Held(f32, tiled, h100())), kBaseRegisters + 16);
  // No K step: each thread runs its outputs' whole reduction, whose loads
  // ptxas pipelines up to the registers that keep 64 warps resident (32
  // for blocks of 4 warps); one warp a block may take 64.
  EXPECT_EQ(registersPerThread(Held(f32, simt({64, 64}, 4), h100())), 32);
  EXPECT_EQ(registersPerThread(Held(f32, simt({64, 64}, 1), h100())), 64);
  // mma.sync with a 64 x 64 warp tile over a K step of 32 (4 x 8 x 2
  // pieces, one stage): kMmaRegisters' base, 1.03 a register of the
  // accumulator (4 f32 a piece), 0.74 a register of A's (4) and B's (2)
  // pieces for one 16-deep slice pair, 4 a stage.
  KernelDesc bf16 = steppable(1024, 1024, 1024, ElementType::BF16);
  Held cInputs(bf16, mma(128, 128, 32, 64, 64), h100());
  Context &c = cInputs.context;
  ASSERT_FALSE(mmaRefusal(c));
  EXPECT_EQ(registersPerThread(c), 182); // 22 + 131.84 + 23.68 + 4
}

// The SIMT estimate without a K step (simtRegisters): more values a vector
// step holds take more registers, a gather's per-element index more again,
// and the estimate never costs a block the SM's full occupancy on any
// built-in target (ptxas schedules under that budget).
TEST(ModelTerms, SimtRegistersFollowTheStepAndKeepOccupancy) {
  KernelDesc add;
  add.loops = {{4096, false}, {4096, false}};
  add.operands = {{{0, 1}, ElementType::F32, false},
                  {{0, 1}, ElementType::F32, false},
                  {{0, 1}, ElementType::F32, true}};
  add.work = {opWork(1, 0, {{4.0, 1.0, {0, 1}, 1}, {4.0, 1.0, {0, 1}, 1}},
                     {0, 1}, Execution::PerElement)};
  add.work[0].vectorized = true;
  add.elementwiseRoot = true;
  KernelDesc gathered = add;
  for (Load &load : gathered.work[0].loads)
    load.gather = true;
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    // 8 elements a thread (on 32 lanes), in two steps of 4 or one of 8.
    Schedule scalar = simt({2, 128}, 1), four = scalar, eight = scalar;
    four.vector = 4;
    eight.vector = 8;
    EXPECT_LT(registersPerThread(Held(add, four, t)),
              registersPerThread(Held(add, eight, t)))
        << name;
    EXPECT_LT(registersPerThread(Held(add, scalar, t)),
              registersPerThread(Held(gathered, scalar, t)))
        << name;
    for (int64_t warps : {1, 2, 4, 8, 16, 32}) {
      Held inputs(add, simt({8, 1024}, warps), t);
      Prediction p;
      p.threadsPerBlock = inputs.context.threadsPerBlock;
      ASSERT_FALSE(occupancyRefusal(inputs.context, p)) << name;
      EXPECT_DOUBLE_EQ(
          double(p.blocksPerSM * warps),
          std::min(t.get(TargetField::MaxWarpsPerSM),
                   double(warps) * t.get(TargetField::MaxBlocksPerSM)))
          << name << " " << warps << " warps: " << p.registers << " registers";
    }
  }
}

TEST(ModelTerms, OccupancyFromSharedMemoryAndRegisters) {
  KernelDesc bf16 = steppable(1024, 1024, 1024, ElementType::BF16);
  Held cInputs(bf16, mma(128, 128, 32, 64, 64, 2), h100());
  Context &c = cInputs.context;
  ASSERT_FALSE(mmaRefusal(c));
  Prediction p;
  p.threadsPerBlock = c.threadsPerBlock;
  ASSERT_FALSE(occupancyRefusal(c, p));
  // 69632 bytes of shared memory (the accumulator over the stages): 3
  // blocks in 233472; 186 registers (192 allocated) for 128 threads: 65536
  // / 24576 = 2 blocks.
  EXPECT_EQ(p.sharedBytes, 69632);
  EXPECT_EQ(p.registers, 186);
  EXPECT_EQ(p.blocksPerSM, 2);
  EXPECT_DOUBLE_EQ(p.occupancy, 2.0 * 4 / 64);
  // A block over the static limit is refused, naming its bytes.
  KernelDesc f32 = steppable(4096, 4096, 4096, ElementType::F32);
  Held hugeInputs(f32, simt({256, 256, 64}, 8), h100());
  Context &huge = hugeInputs.context;
  Prediction q;
  q.threadsPerBlock = huge.threadsPerBlock;
  EXPECT_NE(occupancyRefusal(huge, q).value_or("").find("shared memory"),
            std::string::npos);
}

TEST(ModelTerms, BlocksAndWaves) {
  KernelDesc d = steppable(1000, 512, 256, ElementType::F32);
  Held cInputs(d, simt({64, 128, 32}, 4), h100());
  Context &c = cInputs.context;
  Prediction p;
  p.blocksPerSM = 2;
  double busiest = blocksAndWaves(c, p);
  EXPECT_EQ(p.blocks, 16 * 4); // ceil(1000 / 64) x 512 / 128
  EXPECT_DOUBLE_EQ(p.waves, 64.0 / (132 * 2));
  EXPECT_DOUBLE_EQ(busiest, 1);
  Held manyInputs(d, simt({8, 8, 32}, 1), h100());
  Context &many = manyInputs.context;
  blocksAndWaves(many, p);
  EXPECT_EQ(p.blocks, 125 * 64);
}

TEST(ModelTerms, ThreadGeometry) {
  KernelDesc rows = rowKernel(64, 256);
  // 8 warps over a 4 x 256 tile: x takes the 256 columns, one thread per
  // column and 4 rows each.
  std::optional<ThreadGeometry> g =
      threadGeometry(Held(rows, simt({4, 256}, 8), h100()));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->layout, (std::vector<int64_t>{1, 256}));
  EXPECT_EQ(g->extent, (std::vector<double>{4, 1}));
  EXPECT_EQ(g->elementsPerThread, 4);
  EXPECT_EQ(g->innermost, 1);
  EXPECT_EQ(g->activeLanes, (std::vector<double>{1, 32}));
  EXPECT_EQ(g->activeWarps, 8);
  EXPECT_TRUE(g->sectors);
  // A 1 x 16 tile keeps 16 threads busy: one warp of the 8 issues.
  g = threadGeometry(Held(rows, simt({1, 16}, 8), h100()));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->layout, (std::vector<int64_t>{16, 16}));
  EXPECT_EQ(g->activeWarps, 1);
  // A thread tile that does not make the block's threads: no geometry.
  EXPECT_FALSE(threadGeometry(Held(rows, simt({4, 256}, 8, {1, 2}), h100())));
}

TEST(ModelTerms, VectorRefusal) {
  KernelDesc rows = rowKernel(64, 4096);
  auto refusal = [&](Schedule s) {
    Held cInputs(rows, s, h100());
    Context &c = cInputs.context;
    std::optional<ThreadGeometry> g = threadGeometry(c);
    return g ? vectorRefusal(c, *g).value_or("") : "no geometry";
  };
  Schedule two = simt({1, 256}, 4); // 128 threads, 2 elements each
  two.vector = 2;
  EXPECT_EQ(refusal(two), "");
  Schedule four = two;
  four.vector = 4;
  EXPECT_NE(refusal(four).find("does not divide"), std::string::npos);
  KernelDesc mm = steppable(512, 512, 512, ElementType::F32);
  Schedule onMatmul = simt({64, 64}, 4);
  onMatmul.vector = 2;
  Held cInputs(mm, onMatmul, h100());
  Context &c = cInputs.context;
  EXPECT_NE(vectorRefusal(c, *threadGeometry(c)).value_or("").find("parallel"),
            std::string::npos);
}

TEST(ModelTerms, WarpLoadBytesCountsSectors) {
  KernelDesc rows = rowKernel(64, 4096);
  Held cInputs(rows, simt({1, 4096}, 4), h100());
  Context &c = cInputs.context;
  std::optional<ThreadGeometry> g = threadGeometry(c);
  ASSERT_TRUE(g);
  // 128 threads along x, 32 elements each: neighbouring lanes read 32
  // elements apart, a sector each; with 4-element vectors still a sector
  // each (16 bytes of a 128-byte stride).
  Load along{4.0, 1.0, {0, 1}, 1};
  EXPECT_EQ(warpLoadBytes(c, *g, along), 32 * 32);
  EXPECT_EQ(warpLoadBytes(c, *g, along, 4), 32 * 32);
  // A row's value read by every lane: one sector.
  Load broadcast{4.0, 1.0, {0}, -1};
  EXPECT_EQ(warpLoadBytes(c, *g, broadcast), 32);
  // One element per lane along x: 32 lanes x 4 bytes = 4 sectors.
  Held denseInputs(rows, simt({1, 128}, 4), h100());
  Context &dense = denseInputs.context;
  std::optional<ThreadGeometry> d = threadGeometry(dense);
  ASSERT_TRUE(d);
  EXPECT_EQ(warpLoadBytes(dense, *d, along), 4 * 32);
  // Without sector sizes (mi300x) every lane's bytes count.
  Held amdInputs(rows, simt({1, 128}, 2), *lookupKnownTarget("mi300x"));
  Context &amd = amdInputs.context;
  std::optional<ThreadGeometry> a = threadGeometry(amd);
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->sectors);
  EXPECT_EQ(warpLoadBytes(amd, *a, along), 64 * 4);
}

/// out[w, c] = sum_i x[w, i] f[i, c] over `inputs` channels, a direct
/// 1x1 convolution as describeKernel states it (bf16, NHWC): the input's
/// element moves with the output's pixel w and lies along the op's own
/// loop i; the filter's along the output channel c.
KernelDesc directConv(int64_t pixels, int64_t channels, int64_t inputs) {
  KernelDesc d;
  d.name = "conv";
  d.loops = {{pixels, false}, {channels, false}, {inputs, true}};
  d.operands = {{{0, 2}, ElementType::BF16, false},
                {{2, 1}, ElementType::BF16, false},
                {{0, 1}, ElementType::BF16, true}};
  d.flops = 2.0 * double(pixels * channels * inputs);
  Load x{2.0, double(inputs), {0}, -1, true};
  Load f{2.0, double(inputs), {1}, 1};
  d.work = {
      opWork(2.0 * double(inputs), 0, {x, f}, {0, 1}, Execution::PerElement)};
  d.elementwiseRoot = true;
  return d;
}

// L1 returns a cache line a clock: a warp's load takes a clock for each line
// its lanes touch, whatever it moves of it.
TEST(ModelTerms, WarpL1BytesTakeAClockALine) {
  KernelDesc conv = directConv(3136, 64, 256);
  // 16 pixels x 8 channels on 4 warps: 8 threads along the channels, so a
  // warp holds 4 pixels x 8 channels.
  Held cInputs(conv, simt({16, 8}, 4), h100());
  Context &c = cInputs.context;
  std::optional<ThreadGeometry> g = threadGeometry(c);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->layout, (std::vector<int64_t>{16, 8}));
  const Load &x = conv.work[0].loads[0], &f = conv.work[0].loads[1];
  // The input: 4 pixels' rows, a sector and a line each (4 clocks).
  EXPECT_EQ(warpLoadBytes(c, *g, x), 4 * 32);
  EXPECT_EQ(warpL1Bytes(c, *g, x), 4 * 128);
  // The filter: 8 neighbouring channels, one sector of one line.
  EXPECT_EQ(warpLoadBytes(c, *g, f), 32);
  EXPECT_EQ(warpL1Bytes(c, *g, f), 128);
  // One channel a block: each lane its own pixel's row, 32 lines.
  Held narrowInputs(conv, simt({128, 1}, 4), h100());
  Context &narrow = narrowInputs.context;
  std::optional<ThreadGeometry> n = threadGeometry(narrow);
  ASSERT_TRUE(n);
  EXPECT_EQ(warpL1Bytes(narrow, *n, x), 32 * 128);
  // Without sector sizes (mi300x) a lane's bytes, as warpLoadBytes.
  Held amdInputs(conv, simt({16, 8}, 2), *lookupKnownTarget("mi300x"));
  Context &amd = amdInputs.context;
  std::optional<ThreadGeometry> a = threadGeometry(amd);
  ASSERT_TRUE(a);
  EXPECT_EQ(warpL1Bytes(amd, *a, x), warpLoadBytes(amd, *a, x));
}

// An input the kernel reads no more of than fits in L1 waits on L1: a
// convolution's 32 KiB filter read along its channels, on every built-in
// target that gives an L1 size (the NVIDIA ones; a CDNA CU's 16-32 KiB
// vector cache is not given: not measured); a filter too large for it, or a
// target without the size, waits on memory.
TEST(ModelTerms, AnInputThatFitsInL1WaitsOnL1) {
  // Only the filter: out[w, c] = sum_i f[i, c].
  auto filterOnly = [](int64_t channels) {
    KernelDesc k = directConv(3136, channels, 256);
    k.work[0].loads.erase(k.work[0].loads.begin());
    return k;
  };
  for (const std::string &name : knownTargetNames()) {
    SCOPED_TRACE(name);
    Target t = *lookupKnownTarget(name);
    ASSERT_EQ(t.has(TargetField::L1CacheBytes), t.vendor() == Vendor::NVIDIA);
    double l1 =
        t.has(TargetField::L1CacheBytes) ? t.get(TargetField::L1CacheBytes) : 0;
    auto rounds = [&](const KernelDesc &k, const Target &target) {
      Held held(k, simt({16, 8}, 4), target);
      std::optional<ThreadGeometry> g = threadGeometry(held.context);
      EXPECT_TRUE(g);
      Prediction p;
      WorkCost w = workCost(held.context, *g, p);
      return std::make_pair(w.perThreadRounds, w.sharedRounds);
    };
    // 256 x 64 bf16: 32 KiB, within every L1 given.
    KernelDesc small = filterOnly(64);
    bool fits = 256 * 64 * 2 <= l1;
    EXPECT_EQ(rounds(small, t),
              fits ? std::make_pair(0.0, 256.0) : std::make_pair(256.0, 0.0));
    EXPECT_EQ(rounds(small, without(t, {TargetField::L1CacheBytes})),
              std::make_pair(256.0, 0.0));
    // 256 x 1024 bf16: 512 KiB, in none.
    EXPECT_EQ(rounds(filterOnly(1024), t), std::make_pair(256.0, 0.0));
  }
}

TEST(ModelTerms, TreeCost) {
  // 256 partials: 8 halvings, nothing carried.
  TreeCost power = treeCost(1, 256, 32);
  EXPECT_EQ(power.steps, 8);
  EXPECT_EQ(power.carried, 0);
  EXPECT_EQ(power.combinesPerThread, 8);
  // 3 partials: 3 -> 2 carries the middle one (a step of its own), 2 -> 1.
  TreeCost three = treeCost(1, 3, 32);
  EXPECT_EQ(three.steps, 3);
  EXPECT_EQ(three.carried, 1);
}

TEST(ModelTerms, WorkCostFollowsEachRole) {
  const Target &t = h100();
  // A math function of one special-function instruction takes its share of
  // the SM's special-function throughput, lanes / results per clock issue
  // slots, two flops each (an FMA's), its own flop among them.
  double perCall =
      2.0 * lanesPerSM(t) / t.get(TargetField::SpecialFunctionsPerClock);
  KernelDesc exp;
  exp.loops = {{4096, false}};
  exp.operands = {{{0}, ElementType::F32, false},
                  {{0}, ElementType::F32, true}};
  exp.work = {opWork(1, 1, {{4.0, 1.0, {0}, 0}}, {0}, Execution::PerElement)};
  Held cInputs(exp, simt({1024}, 4), t);
  Context &c = cInputs.context; // 128 threads, 8 elements each
  std::optional<ThreadGeometry> g = threadGeometry(c);
  ASSERT_TRUE(g);
  Prediction p;
  WorkCost w = workCost(c, *g, p);
  EXPECT_DOUBLE_EQ(w.perThreadFlops, 8 * perCall);
  EXPECT_DOUBLE_EQ(w.perThreadRounds, 8);
  EXPECT_DOUBLE_EQ(w.perWarpLoadBytes,
                   8 * warpLoadBytes(c, *g, exp.work[0].loads[0]));
  EXPECT_FALSE(p.uncalibrated);

  // Under a K step the contraction's copies are skipped, a prologue runs
  // once per element of the block's tiles, and the contraction itself
  // costs its steps.
  KernelDesc mm = steppable(256, 256, 256, ElementType::F32);
  Work copy = mm.work[0];
  copy.kStepRole = KStepRole::ContractionCopy;
  Work prologue = opWork(2, 0, {}, {0}, Execution::PerElement);
  prologue.kStepRole = KStepRole::Prologue;
  KernelDesc withRoles = mm;
  withRoles.work.push_back(copy);
  withRoles.work.push_back(prologue);
  Held kInputs(mm, simt({64, 64, 32}, 4), t);
  Context &k = kInputs.context;
  Held kRolesInputs(withRoles, simt({64, 64, 32}, 4), t);
  Context &kRoles = kRolesInputs.context;
  WorkCost plain = workCost(k, *threadGeometry(k), p);
  WorkCost roles = workCost(kRoles, *threadGeometry(kRoles), p);
  // The prologue: 64 rows of its tile x 2 flops over 128 threads.
  EXPECT_DOUBLE_EQ(roles.perThreadFlops - plain.perThreadFlops, 64.0 * 2 / 128);
  EXPECT_EQ(roles.kSteps, plain.kSteps);
  // 8 steps of 32 (a K loop: each a global round and a barrier, which
  // latencyTime prices), and per step one shared round per k; the
  // accumulator, in registers through the loop, takes one round after it.
  EXPECT_DOUBLE_EQ(plain.kSteps, 8);
  EXPECT_DOUBLE_EQ(plain.sharedRoundsPerStep, 256.0 / 8);
  EXPECT_DOUBLE_EQ(plain.perThreadRounds, 0);
  EXPECT_DOUBLE_EQ(plain.sharedRounds, 1);
  // A remainder tile (N = 250) copies the accumulator in and out every
  // step: a round more a step, (K + steps) / steps.
  KernelDesc ragged = steppable(256, 250, 256, ElementType::F32);
  Held raggedInputs(ragged, simt({64, 64, 32}, 4), t);
  Context &r = raggedInputs.context;
  WorkCost copied = workCost(r, *threadGeometry(r), p);
  EXPECT_DOUBLE_EQ(copied.sharedRoundsPerStep, (256.0 + 8) / 8);
  EXPECT_DOUBLE_EQ(copied.sharedRounds, 0);
  // K = 8 x 32 + 13: the loop takes the eight whole steps, the rest runs
  // after it (simtRestAfterKLoop) and copies the accumulator in and out
  // once more: a second round, and a step's accumulator accesses more.
  KernelDesc restK = steppable(256, 256, 269, ElementType::F32);
  Held restInputs(restK, simt({64, 64, 32}, 4), t);
  Context &rest = restInputs.context;
  WorkCost withRest = workCost(rest, *threadGeometry(rest), p);
  EXPECT_DOUBLE_EQ(withRest.kSteps, 9);
  EXPECT_DOUBLE_EQ(withRest.sharedRoundsPerStep, 269.0 / 9);
  EXPECT_DOUBLE_EQ(withRest.sharedRounds, 2);
  EXPECT_GT(withRest.perWarpLoadBytes - plain.perWarpLoadBytes, 0);
}

TEST(ModelTerms, ARaggedKRunsItsRestAfterTheLoopOfWholeSteps) {
  // Two or more whole steps and a rest, unpipelined.
  EXPECT_TRUE(simtRestAfterKLoop(70, 16, 1));
  EXPECT_TRUE(simtRestAfterKLoop(269, 32, 1));
  // The step divides K.
  EXPECT_FALSE(simtRestAfterKLoop(64, 16, 1));
  // One whole step and a rest: a loop of two steps, both cut to
  // min(K - k, step).
  EXPECT_FALSE(simtRestAfterKLoop(29, 16, 1));
  // One step, and pipelined steps.
  EXPECT_FALSE(simtRestAfterKLoop(10, 16, 1));
  EXPECT_FALSE(simtRestAfterKLoop(70, 16, 3));
}

// A row sum run a row to a thread (one lane of each warp busy; the form
// the H100 and H200 suites measured at 458-1288 us): the thread walks its
// row along memory, waiting on memory once a 128-byte line (the line's
// later loads hit L1, kWalkLoadsPerRound at a time), and each of its loads,
// as any warp's load request, holds L1 load_request_cycles clocks (measured
// on the H200) however few bytes it reads.
TEST(ModelTerms, ARowWalkWaitsOnceALine) {
  const Target &t = h100();
  const double n = 8192;
  KernelDesc sum;
  sum.loops = {{8192, false}, {8192, true}};
  sum.operands = {{{0, 1}, ElementType::F32, false},
                  {{0}, ElementType::F32, true}};
  sum.flops = 8192 * n;
  sum.work = {
      opWork(n, 0, {{4.0, n, {0}, -1, true}}, {0}, Execution::PerElement)};
  auto cost = [&](const KernelDesc &k, const Target &target, Prediction &p) {
    Held held(k, simt({1}, 1), target);
    std::optional<ThreadGeometry> g = threadGeometry(held.context);
    EXPECT_TRUE(g);
    return workCost(held.context, *g, p);
  };
  Prediction p;
  WorkCost w = cost(sum, t, p);
  EXPECT_FALSE(p.uncalibrated);
  // 8192 f32: 256 lines, each a memory round and 7 L1 rounds of 4 loads;
  // nothing else overlaps them.
  ASSERT_EQ(t.get(TargetField::CacheLineBytes), 128);
  EXPECT_DOUBLE_EQ(w.serialRounds, 256);
  EXPECT_DOUBLE_EQ(w.serialHitRounds,
                   256 * (128 / (kWalkLoadsPerRound * 4) - 1));
  EXPECT_DOUBLE_EQ(w.perThreadRounds, 0);
  // Each load: 1.8 clocks of L1, above its one 32-byte sector.
  double request = t.get(TargetField::LoadRequestCycles) *
                   t.get(TargetField::L1BytesPerClock);
  EXPECT_GT(request, t.get(TargetField::MemorySectorBytes));
  EXPECT_DOUBLE_EQ(w.perWarpLoadBytes, n * request);

  // A load of another row between the walk's (a matmul's column without a
  // K step) paces it: its elements' rounds, kRoundsInFlight at a time, are
  // the longer chain. Its requests, one sector each, hold L1 as long as the
  // walk's: the H100's f32 and bf16 matmuls without a K step
  // (bench/data/h100/suite-2026-11-22.json) took 1.8 clocks a request.
  // (The column here, 32 KiB that every row rereads, would stay in L1:
  // the target without an L1 size stands for a column too large for it.)
  KernelDesc paced = sum;
  paced.operands.push_back({{1}, ElementType::F32, false});
  paced.work[0].loads.push_back({4.0, n, {}, -1});
  Target noL1 = without(t, {TargetField::L1CacheBytes});
  WorkCost q = cost(paced, noL1, p);
  EXPECT_DOUBLE_EQ(q.serialRounds, 0);
  EXPECT_DOUBLE_EQ(q.perThreadRounds, n);
  EXPECT_DOUBLE_EQ(q.perWarpLoadBytes, 2 * n * request);
  // In L1 its rounds ride in the walk's (4 loads each, 8192 in all).
  WorkCost inL1 = cost(paced, t, p);
  EXPECT_DOUBLE_EQ(inL1.serialRounds, 256);
  EXPECT_DOUBLE_EQ(inL1.perThreadRounds, 0);
  EXPECT_DOUBLE_EQ(inL1.sharedRounds, 0);

  // Without a line size (AMD's table today) every element is a round; its
  // requests still hold L1 (a figure of their own, which AMD lacks too).
  Prediction a;
  WorkCost plain = cost(sum, without(t, {TargetField::CacheLineBytes}), a);
  EXPECT_DOUBLE_EQ(plain.serialRounds, 0);
  EXPECT_DOUBLE_EQ(plain.perThreadRounds, n);
  EXPECT_DOUBLE_EQ(plain.perWarpLoadBytes, n * request);
  WorkCost sectors = cost(
      sum,
      without(t, {TargetField::CacheLineBytes, TargetField::LoadRequestCycles}),
      a);
  EXPECT_DOUBLE_EQ(sectors.perWarpLoadBytes,
                   n * t.get(TargetField::MemorySectorBytes));

  // The rounds as latencyTime adds them: one turn of blocks, each line a
  // DRAM round (the kernel streams its input) and 7 L1 hits.
  Held held(sum, simt({1}, 1), t);
  Prediction l;
  l.blocksPerSM = 32;
  l.l2Bytes = 8192 * n * 4;
  double cycles = 256 * (t.get(TargetField::DramLatencyCycles) +
                         7 * t.get(TargetField::L1LatencyCycles));
  double clockMHz = t.get(TargetField::SimtClockGHz) * 1e3;
  WorkCost alone = w;
  alone.warps = 0;
  EXPECT_NEAR(latencyTime(held.context, alone, 32, 8192 * n * 4, l),
              cycles / clockMHz, 1e-6);
  // Each of the 2048 links also takes its share of the warp's L1 clocks,
  // queued behind the 31 other resident warps: with 32 of them L1 binds
  // (its clocks, 32 warps' requests, exceed one warp's chain), and the
  // queue lies between L1 alone and L1 plus the chain.
  ASSERT_DOUBLE_EQ(w.warps, 1);
  double l1 = 32 * w.perWarpLoadBytes / t.get(TargetField::L1BytesPerClock);
  ASSERT_GT(l1, cycles);
  double queued = latencyTime(held.context, w, 32, 8192 * n * 4, l);
  EXPECT_GT(queued, l1 / clockMHz);
  EXPECT_LT(queued, (l1 + cycles) / clockMHz);
  EXPECT_DOUBLE_EQ(
      queued,
      2048 *
          closedQueueCycle(w.perWarpLoadBytes /
                               t.get(TargetField::L1BytesPerClock) / 2048,
                           cycles / 2048, 32) /
          clockMHz);
}

TEST(ModelTerms, AKLoopWithoutAKStepWaitsOnL2EveryUnrolledIteration) {
  // The k loop of a matmul without a K step: each of a thread's outputs
  // reads A[m, k] and B[k, n] for every k. LLVM unrolls the loop by 2 and
  // ptxas keeps one iteration's loads in flight in a block of several
  // warps: a round every kUnrolledKPerRound k's. The H100's SIMT matmuls
  // with M = 4 and 16 (bench/data/h100/tier2-rank0-2026-11-22.json) took
  // 1.8 to 2x the time kRoundsInFlight k's a round gave them.
  const Target &t = h100();
  KernelDesc mm = steppable(16, 4096, 4096, ElementType::BF16);
  auto cost = [&](const Schedule &s, Prediction &p) {
    Held held(mm, s, t);
    std::optional<ThreadGeometry> g = threadGeometry(held.context);
    EXPECT_TRUE(g);
    return workCost(held.context, *g, p);
  };
  Prediction p;
  // [8, 32] on 8 warps: one output a thread.
  WorkCost w = cost(simt({8, 32}, 8), p);
  EXPECT_FALSE(p.uncalibrated);
  EXPECT_DOUBLE_EQ(w.contractionRounds, 4096 / kUnrolledKPerRound);
  EXPECT_DOUBLE_EQ(w.perThreadRounds, 0);
  // Four outputs a thread, one after another.
  EXPECT_DOUBLE_EQ(cost(simt({16, 64}, 8), p).contractionRounds,
                   4 * 4096 / kUnrolledKPerRound);
  // A one-warp block's ptxas takes 64 registers and hoists more loads.
  EXPECT_DOUBLE_EQ(cost(simt({1, 32}, 1), p).contractionRounds,
                   4096 / kRoundsInFlight);
  // Not a contraction (a column read per element): kRoundsInFlight rounds
  // at the kernel's latency, as before.
  KernelDesc column = mm;
  column.work[0].kStepRole = KStepRole::None;
  Held plain(column, simt({8, 32}, 8), t);
  WorkCost q = workCost(plain.context, *threadGeometry(plain.context), p);
  EXPECT_DOUBLE_EQ(q.contractionRounds, 0);
  EXPECT_DOUBLE_EQ(q.perThreadRounds, 4096);

  // Each round waits L2's latency, also where the kernel streams its
  // operands (L2 traffic below twice the unique bytes), where other
  // rounds wait DRAM's: the GEMVs (M = 1) took 215 to 250 clocks a round.
  Held held(mm, simt({8, 32}, 8), t);
  Prediction l;
  l.blocksPerSM = 8;
  l.l2Bytes = 1e6;
  WorkCost alone = w;
  alone.warps = 0;
  double clockMHz = t.get(TargetField::SimtClockGHz) * 1e3;
  EXPECT_NEAR(latencyTime(held.context, alone, 1, 1e6, l) * clockMHz,
              2048 * t.get(TargetField::L2LatencyCycles), 1e-6);
}

TEST(ModelTerms, ALaterPassOverAColumnWaitsOnL1WhereTheBlocksFit) {
  // BERT's QKV projection on [16, 32] tiles of 2 warps: each thread takes
  // outputs of several rows in one column, and reads that column of B (768
  // k's, 64 bytes of a 128-byte line each) again for each row after the
  // first. Where the resident blocks' columns fit in L1 (256 KiB on the
  // H100, in whole lines), those passes wait on L1, not L2.
  const Target &t = h100();
  KernelDesc mm = steppable(1024, 2304, 768, ElementType::BF16);
  // A row-major A, as describeKernel says: each thread walks its row.
  mm.work[0].loads[0].contiguousAlongOwnLoop = true;
  Held held(mm, simt({16, 32}, 2), t);
  Prediction p;
  ThreadGeometry g = *threadGeometry(held.context);
  WorkCost w = workCost(held.context, g, p);
  double rows = g.extent[0];
  ASSERT_GT(rows, 1);
  ASSERT_EQ(g.extent[1], 1);
  EXPECT_DOUBLE_EQ(w.contractionRounds, rows * 768 / kUnrolledKPerRound);
  EXPECT_DOUBLE_EQ(w.contractionRereadRounds,
                   w.contractionRounds * (rows - 1) / rows);
  EXPECT_DOUBLE_EQ(w.contractionBlockBytes, 768 * 128);

  p.blocksPerSM = 32;
  p.l2Bytes = 1e9;
  w.warps = 0; // the rounds alone, no queue at L1
  double clockMHz = t.get(TargetField::SimtClockGHz) * 1e3;
  double l2 = t.get(TargetField::L2LatencyCycles);
  double l1 = t.get(TargetField::L1LatencyCycles);
  // Two blocks: 192 KiB of columns fit.
  EXPECT_NEAR(latencyTime(held.context, w, 2, 1e6, p) * clockMHz,
              w.contractionRounds * l2 - w.contractionRereadRounds * (l2 - l1),
              1e-6);
  // Three: 288 KiB do not.
  EXPECT_NEAR(latencyTime(held.context, w, 3, 1e6, p) * clockMHz,
              w.contractionRounds * l2, 1e-6);
  // Where A's loads are not a walk, a round waits for them too, and the
  // thread's outputs of one row read A's row once: no pass is a reread.
  KernelDesc transposed = steppable(1024, 2304, 768, ElementType::BF16);
  Held both(transposed, simt({16, 32}, 2), t);
  Prediction q;
  WorkCost v = workCost(both.context, *threadGeometry(both.context), q);
  EXPECT_DOUBLE_EQ(v.contractionRounds, w.contractionRounds);
  EXPECT_DOUBLE_EQ(v.contractionRereadRounds, 0);
  // A target without an L1 size: L2 always.
  Held noSize(mm, simt({16, 32}, 2), without(t, {TargetField::L1CacheBytes}));
  EXPECT_NEAR(latencyTime(noSize.context, w, 2, 1e6, p) * clockMHz,
              w.contractionRounds * l2, 1e-6);
}

TEST(ModelTerms, TheLastTurnWithoutAKStepQueuesOnlyItsWarps) {
  // 12 blocks of 8 warps on the busiest SM, 8 at a time: a turn of 64
  // warps queueing for L1, then one of the 4 blocks left, whose 32 warps
  // queue less, but expose more latency than half a full turn: of that
  // excess, the end of the full turn hides kLastTurnHidden.
  const Target &t = h100();
  KernelDesc mm = steppable(1024, 3072, 768, ElementType::BF16);
  Held held(mm, simt({64, 32}, 8), t);
  Prediction p;
  WorkCost w = workCost(held.context, *threadGeometry(held.context), p);
  ASSERT_GT(w.contractionRounds, 0);
  p.blocksPerSM = 8;
  p.l2Bytes = 1e9;
  double links = w.contractionRounds;
  double service = w.perWarpLoadBytes / t.get(TargetField::L1BytesPerClock);
  double chain = w.contractionRounds * t.get(TargetField::L2LatencyCycles);
  auto turn = [&](int64_t warps) {
    return links * closedQueueCycle(service / links, chain / links, warps);
  };
  double clockMHz = t.get(TargetField::SimtClockGHz) * 1e3;
  double cycles = latencyTime(held.context, w, 12, 1e6, p) * clockMHz;
  double half = turn(64) / 2;
  ASSERT_GT(turn(32), half);
  EXPECT_NEAR(cycles, turn(64) + turn(32) - kLastTurnHidden * (turn(32) - half),
              1e-6 * cycles);
  EXPECT_LT(cycles, turn(64) + turn(32));
  EXPECT_GT(cycles, 1.5 * turn(64));
  // Whole turns only: each as full.
  EXPECT_NEAR(latencyTime(held.context, w, 16, 1e6, p) * clockMHz, 2 * turn(64),
              1e-6 * cycles);
  // A partial turn alone has nothing before it to overlap: its own warps'
  // queue, whole.
  EXPECT_NEAR(latencyTime(held.context, w, 4, 1e6, p) * clockMHz, turn(32),
              1e-6 * cycles);
}

TEST(ModelTerms, ComputeTimeUsesTheClassPeak) {
  const Target &t = h100();
  KernelDesc bf16 = steppable(1024, 1024, 1024, ElementType::BF16);
  Held cInputs(bf16, mma(128, 128, 32, 64, 64), t);
  Context &c = cInputs.context;
  ASSERT_FALSE(mmaRefusal(c));
  ThreadGeometry g = *threadGeometry(c);
  Prediction p;
  p.blocksPerSM = 1;
  WorkCost w;
  w.tensorFlopsPerBlock = 1e9;
  double peak = computeTime(c, g, w, 1, p);
  // mma.sync on the H100: a published estimate of what it reaches (0.4 of
  // the dense peak wgmma reaches), used and marked uncalibrated.
  EXPECT_TRUE(t.isEstimate(TargetField::MmaSyncPeakFraction));
  EXPECT_DOUBLE_EQ(peak, 989.4e12 * 0.40);
  EXPECT_TRUE(p.uncalibrated);
  EXPECT_DOUBLE_EQ(p.computeUs, 1e9 / (989.4e12 * 0.40 / 132) * 1e6);
  // One warp alone on its SM uses one of its four tensor units.
  Held oneInputs(bf16, mma(64, 64, 32, 64, 64), t);
  Context &one = oneInputs.context;
  ASSERT_FALSE(mmaRefusal(one));
  Prediction q1;
  q1.blocksPerSM = 1;
  computeTime(one, *threadGeometry(one), w, 1, q1);
  EXPECT_DOUBLE_EQ(q1.computeUs, 1e9 / (989.4e12 * 0.40 / 132 * 0.25) * 1e6);
  KernelDesc f32 = steppable(1024, 1024, 1024, ElementType::F32);
  Held sInputs(f32, simt({64, 64, 32}, 4), t);
  Context &s = sInputs.context;
  Prediction q;
  q.blocksPerSM = 1;
  EXPECT_DOUBLE_EQ(computeTime(s, *threadGeometry(s), WorkCost(), 1, q),
                   66.9e12);
}

// A pure elementwise kernel: add_relu over 8192 x 8192 f32, as the H100
// suite measured it (bench/data/h100/suite-2026-11-22.json: 286-2157 us
// over 13 schedules). A step's loads wait for the store before them, so
// the steps' rounds come one after another: a memory round where a step
// starts a sector, an L1 round where the thread has fetched it already.
// Each warp's store moves every sector its lanes touch, through L1 and
// into L2, where each sector is a request of its own, as each line of a
// block's tile read is.
TEST(ModelTerms, ElementwiseStepsWaitInTurnAndStoreWholeSectors) {
  const Target &t = h100();
  const double n = 8192;
  KernelDesc add;
  add.loops = {{8192, false}, {8192, false}};
  add.operands = {{{0, 1}, ElementType::F32, false},
                  {{0, 1}, ElementType::F32, false},
                  {{0, 1}, ElementType::F32, true}};
  add.flops = 2 * n * n;
  add.work = {opWork(1, 0, {{4.0, 1, {0, 1}, 1}, {4.0, 1, {0, 1}, 1}}, {0, 1},
                     Execution::PerElement),
              opWork(1, 0, {}, {0, 1}, Execution::PerElement)};
  add.work[0].vectorized = add.work[1].vectorized = true;
  add.elementwiseRoot = true;
  auto cost = [&](const KernelDesc &k, const Schedule &s, const Target &target,
                  Prediction &p) {
    Held held(k, s, target);
    std::optional<ThreadGeometry> g = threadGeometry(held.context);
    EXPECT_TRUE(g);
    return workCost(held.context, *g, p);
  };
  const double sector = t.get(TargetField::MemorySectorBytes);
  ASSERT_EQ(sector, 32);

  // [1, 256] on one warp: each lane takes 8 contiguous f32 (one sector), so
  // of its 8 steps the first waits on memory and 7 on L1; each store
  // instruction's 32 lanes lie 32 bytes apart: 32 sectors for 128 bytes.
  Prediction p;
  Schedule row = simt({1, 256}, 1);
  WorkCost w = cost(add, row, t, p);
  EXPECT_DOUBLE_EQ(w.serialRounds, 1);
  EXPECT_DOUBLE_EQ(w.serialHitRounds, 7);
  EXPECT_DOUBLE_EQ(w.perThreadRounds, 0);
  EXPECT_DOUBLE_EQ(w.perWarpStoreBytes, 8 * 32 * sector);
  // In L2: each input row of 1 KiB (8 lines, a request each) and the
  // stores' 256 sectors; 262144 blocks at 48 requests a clock bind, well
  // above the bytes (10 KiB a block) at L2's bandwidth.
  Held rowHeld(add, row, t);
  blocksAndWaves(rowHeld.context, p);
  dramTime(rowHeld.context, p);
  ASSERT_EQ(p.blocks, 262144);
  double busiest = std::ceil(262144.0 / 132);
  double requests = 2 * 8 + 256;
  double l2 = l2Time(rowHeld.context, w, busiest, p);
  EXPECT_DOUBLE_EQ(p.l2Bytes, 3 * 1024.0 * 262144);
  EXPECT_DOUBLE_EQ(l2, requests * 262144 /
                           (t.get(TargetField::L2RequestsPerClock) * 1.98e9) *
                           1e6);
  EXPECT_GT(l2, (2 * 1024.0 + 8 * 32 * sector) * 262144 / 7.1e12 * 1e6);

  // Vector 4: two steps of a vector each, one on memory and one on L1; the
  // store instructions touch the same 32 sectors, half as often.
  Schedule vector = row;
  vector.vector = 4;
  WorkCost v = cost(add, vector, t, p);
  EXPECT_DOUBLE_EQ(v.serialRounds, 1);
  EXPECT_DOUBLE_EQ(v.serialHitRounds, 1);
  EXPECT_DOUBLE_EQ(v.perWarpStoreBytes, 2 * 32 * sector);

  // [64, 8]: 8 lanes along a row (32 bytes, one sector) and 4 rows a warp;
  // each thread's 16 elements lie on 16 rows, every step a memory round;
  // a store instruction writes 4 sectors.
  WorkCost tall = cost(add, simt({64, 8}, 1), t, p);
  EXPECT_DOUBLE_EQ(tall.serialRounds, 16);
  EXPECT_DOUBLE_EQ(tall.serialHitRounds, 0);
  EXPECT_DOUBLE_EQ(tall.perWarpStoreBytes, 16 * 4 * sector);

  // A row broadcast (out[m, n] = b[n], 32 KiB that every row rereads: it
  // stays in L1) is still priced as the steps, once: its one load a step
  // waits on memory once a sector (8 f32 a thread, one sector) and on L1
  // after, never also as an L1 round of addElementwise's.
  KernelDesc broadcast = add;
  broadcast.operands = {{{1}, ElementType::F32, false},
                        {{0, 1}, ElementType::F32, true}};
  broadcast.work[0].loads = {{4.0, 1, {1}, 1}};
  WorkCost b = cost(broadcast, row, t, p);
  EXPECT_DOUBLE_EQ(b.serialRounds, 1);
  EXPECT_DOUBLE_EQ(b.serialHitRounds, 7);
  EXPECT_DOUBLE_EQ(b.perThreadRounds, 0);
  EXPECT_DOUBLE_EQ(b.sharedRounds, 0);

  // Not a pure elementwise kernel (its root reduces: the rounds overlap
  // kRoundsInFlight at a time, as before), and a target without a sector
  // size (AMD's table): no store bytes, the rounds as addElementwise counts
  // them.
  KernelDesc reduces = add;
  reduces.elementwiseRoot = false;
  WorkCost r = cost(reduces, row, t, p);
  EXPECT_DOUBLE_EQ(r.perWarpStoreBytes, 0);
  EXPECT_DOUBLE_EQ(r.serialRounds, 0);
  EXPECT_DOUBLE_EQ(r.perThreadRounds, 8);
  WorkCost amd = cost(add, simt({1, 512}, 1), *lookupKnownTarget("mi300x"), p);
  EXPECT_DOUBLE_EQ(amd.perWarpStoreBytes, 0);
  EXPECT_DOUBLE_EQ(amd.serialRounds, 0);
  EXPECT_DOUBLE_EQ(amd.perThreadRounds, 8);
}

TEST(ModelTerms, MemoryTerms) {
  const Target &t = h100();
  // 64 Mi f32 in, 64 Mi out: 512 MiB at the 256 MiB efficiency (held flat
  // past it).
  KernelDesc copy;
  copy.loops = {{int64_t(64) << 20, false}};
  copy.operands = {{{0}, ElementType::F32, false},
                   {{0}, ElementType::F32, true}};
  Held cInputs(copy, simt({1024}, 8), t);
  Context &c = cInputs.context;
  Prediction p;
  double dram = dramTime(c, p);
  EXPECT_DOUBLE_EQ(p.dramBytes, 512.0 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(dram, p.dramBytes / (3.35e12 * 0.83) * 1e6);
  // L2: each block reads and writes its 1024 elements, and the DRAM
  // traffic fills and drains through it; the SM link bounds the busiest
  // SM's blocks.
  blocksAndWaves(c, p);
  double busiest = std::ceil(double(p.blocks) / 132);
  double l2 = l2Time(c, WorkCost(), busiest, p);
  EXPECT_DOUBLE_EQ(p.l2Bytes, 8.0 * 1024 * double(p.blocks));
  EXPECT_DOUBLE_EQ(l2, std::max((p.l2Bytes + p.dramBytes) / 7.1e12 * 1e6,
                                busiest * 8192 / (32 * 1.98e9) * 1e6));
  // Latency: streaming (L2 traffic below twice the unique bytes) waits on
  // DRAM, four rounds in flight.
  WorkCost w;
  w.perThreadRounds = 10;
  p.blocksPerSM = 2;
  EXPECT_DOUBLE_EQ(latencyTime(c, w, 4, p.dramBytes, p),
                   2 * 10 * 691.0 / kRoundsInFlight / 1.98e9 * 1e6);
  EXPECT_DOUBLE_EQ(blocksTime(c, 4, p), 4 * 162 / 1.98e9 * 1e6);
  EXPECT_DOUBLE_EQ(launchTime(c, p), 2.1);
  EXPECT_FALSE(p.uncalibrated);
  // The A100's latencies and block cycles are estimates (the H100's, its
  // DRAM latency in nanoseconds): used, and marked.
  Held a100Inputs(copy, simt({1024}, 8), *lookupKnownTarget("a100"));
  Context &a100 = a100Inputs.context;
  Prediction q;
  q.blocksPerSM = 2;
  EXPECT_DOUBLE_EQ(latencyTime(a100, w, 4, p.dramBytes, q),
                   2 * 10 * 492.0 / kRoundsInFlight / 1.41e9 * 1e6);
  EXPECT_DOUBLE_EQ(blocksTime(a100, 4, q), 4 * 162 / 1.41e9 * 1e6);
  EXPECT_TRUE(q.uncalibrated);
  // Without the figures the terms are 0, and marked.
  Target bare =
      without(*lookupKnownTarget("a100"),
              {TargetField::L2LatencyCycles, TargetField::DramLatencyCycles,
               TargetField::BlockCycles});
  Held bareInputs(copy, simt({1024}, 8), bare);
  Prediction r;
  EXPECT_EQ(latencyTime(bareInputs.context, w, 4, p.dramBytes, r), 0);
  EXPECT_EQ(blocksTime(bareInputs.context, 4, r), 0);
  EXPECT_TRUE(r.uncalibrated);
}

TEST(ModelTerms, LatencyTimeRunsTheKLoopAsAPipeline) {
  // A K loop of 8 steps on the H100, the busiest SM running 4 blocks 2 at
  // a time (2 turns). A step alone: its share of the SM's work, 4 us of
  // compute over 4 blocks x 8 steps = 247.5 clocks, or its 8 dependent
  // shared rounds at 43 clocks (a SIMT k loop's rounds do not overlap;
  // the thread's issue, none here, after them: simtStepAlone) = 344
  // clocks, whichever is longer; before it, the copies' round trip: DRAM
  // (691) in the first turn, L2 (271) after it where the kernel rereads
  // its operands.
  KernelDesc mm = steppable(256, 256, 256, ElementType::F32);
  WorkCost w;
  w.kSteps = 8;
  w.sharedRoundsPerStep = 8;
  auto latency = [&](int64_t stages, double l2Bytes, double uniqueBytes) {
    Schedule s = simt({64, 64, 32}, 4);
    s.stages = stages;
    Held inputs(mm, s, h100());
    Prediction p;
    p.blocksPerSM = 2;
    p.computeUs = 4;
    p.loadsUs = 2;
    p.l2Bytes = l2Bytes;
    return latencyTime(inputs.context, w, 4, uniqueBytes, p) * 1.98e3;
  };
  double step = 8 * 43.0;
  // A turn's 2 blocks each alternate between a step's work on the SM
  // (247.5 clocks) and the rest of its step alone: a closed queue.
  auto turn = [&](double alone) {
    return 8 * closedQueueCycle(247.5, alone - 247.5, 2);
  };
  // One stage: every step waits for its copies, then runs.
  EXPECT_NEAR(latency(1, 4e6, 1e6), turn(691 + step) + turn(271 + step), 1e-6);
  // Streaming (L2 traffic below twice the unique bytes): DRAM every turn.
  EXPECT_NEAR(latency(1, 1e6, 1e6), 2 * turn(691 + step), 1e-6);
  // Two stages: the copies of the next step overlap this one's work; the
  // L2 round trip is hidden, the DRAM one half.
  EXPECT_NEAR(latency(2, 4e6, 1e6), turn((691 + step) / 2) + turn(step), 1e-6);
  // Where a step's work is longer than its shared rounds, it is the step:
  // both blocks' work, one after the other.
  w.sharedRoundsPerStep = 1;
  EXPECT_NEAR(latency(4, 4e6, 1e6), 2 * 8 * 2 * 247.5, 1e-6);
  // 5 blocks, 2 at a time: two full turns, then one block alone.
  w.sharedRoundsPerStep = 8;
  Held five(mm, simt({64, 64, 32}, 4), h100());
  Prediction q;
  q.blocksPerSM = 2;
  q.computeUs = 5;
  q.loadsUs = 2;
  q.l2Bytes = 4e6;
  EXPECT_NEAR(latencyTime(five.context, w, 5, 1e6, q) * 1.98e3,
              turn(691 + step) + turn(271 + step) +
                  8 * closedQueueCycle(247.5, 271 + step - 247.5, 1),
              1e-6);
}

TEST(ModelTerms, SimtStepWaitsARoundEveryK) {
  // A SIMT K step of 64 k on the H100: 65 shared rounds (one a k, and the
  // accumulator's) of 43 clocks, and 5000 instructions a warp (10000
  // flops of a thread a step, an FMA's two each), each lane_cycles_alone
  // (2.19) apart when the warp is alone on its scheduler, which spends
  // about a clock issuing each (a warp's 32 lanes over its 32).
  KernelDesc mm = steppable(1024, 1024, 1024, ElementType::F32);
  WorkCost w;
  w.kSteps = 16;
  w.sharedRoundsPerStep = 65;
  w.perThreadFlops = 16 * 10000.0;
  auto alone = [&](int64_t warps) {
    Held held(mm, simt({64, 128, 64}, warps), h100());
    Prediction p;
    return simtStepAlone(held.context, w, 0, p);
  };
  double lone = 65 * 43.0 + 5000 * 2.19;
  double issue = 5000 * 32 * 4 / lanesPerSM(h100());
  EXPECT_NEAR(issue, 5000, 10);
  // Four warps, one a scheduler: each waits out its rounds alone.
  EXPECT_NEAR(alone(4), lone, 1e-6);
  EXPECT_NEAR(alone(2), lone, 1e-6);
  // Two a scheduler: each issues while the other waits; a closed queue of
  // two, shorter than two steps one after the other, longer than their
  // issue alone.
  EXPECT_NEAR(alone(8), closedQueueCycle(issue, lone - issue, 2), 1e-6);
  EXPECT_LT(alone(8), 2 * lone);
  EXPECT_GT(alone(8), 2 * issue);
  // Many: the issue binds.
  EXPECT_NEAR(alone(32), 8 * issue, 0.02 * 8 * issue);
  // A target without the figure keeps the rounds overlapped as given, as
  // AMD does (the AMDGPU backend unrolls the k loop).
  Held held(mm, simt({64, 128, 64}, 4),
            without(h100(), {TargetField::LaneCyclesAlone}));
  Prediction p;
  EXPECT_EQ(simtStepAlone(held.context, w, 123.0, p), 123.0);
  Held amd(mm, simt({64, 128, 64}, 4), *lookupKnownTarget("mi300x"));
  ASSERT_TRUE(amd.target.has(TargetField::LaneCyclesAlone));
  EXPECT_EQ(simtStepAlone(amd.context, w, 123.0, p), 123.0);
}

// A SIMT K step's shared-memory loads, in wavefronts (L1 clocks), bank
// conflicts counted: the suite's f32 partial GEMM (64 x 128 tiles, 8 x 8 a
// thread, 16 threads along N) reads A's column one row at a time, and B's
// eight elements as two 16-byte loads. A warp's two rows of threads read
// A's rows 8 apart: in rows of 32 floats one bank (two wavefronts a load),
// in the padded rows of 33 (kSimtRowPad) two banks, one wavefront. With
// each thread's 8 columns one run, a quarter-warp's threads 0 and 4 read
// B in the same banks (two wavefronts a quarter); in chunks of 4 columns
// (kSimtChunkBytes), a quarter-warp reads 128 consecutive bytes (one).
// Nsight Compute counted about 46 wavefronts a k and warp on the H200 for
// the kernel with unpadded rows in runs (the model, counting A's conflict,
// gave 41.5 with the accumulator's and the copies'; padded, 33.5; in
// chunks, 21.5; its accumulator in registers through the K loop, 17.75),
// against 16 when each load was one.
TEST(ModelTerms, ASimtStepPaysItsBankConflicts) {
  KernelDesc mm = steppable(1024, 1024, 256, ElementType::F32);
  // N = 1088 leaves a partial tile along N: the columns stay in runs.
  KernelDesc ragged = steppable(1024, 1088, 256, ElementType::F32);
  auto loads = [&](Schedule s, double *flops = nullptr,
                   const KernelDesc *kernel = nullptr) {
    Held held(kernel ? *kernel : mm, std::move(s), h100());
    std::optional<ThreadGeometry> g = threadGeometry(held.context);
    EXPECT_TRUE(g);
    Prediction p;
    WorkCost w = workCost(held.context, *g, p);
    if (flops)
      *flops = w.perThreadFlops;
    return w.perWarpLoadBytes;
  };
  // The copies: 64 x 32 + 32 x 128 f32 a step, 8 steps, over 4 warps.
  double copies = 8 * (64 * 32 + 32 * 128) * 4.0 / 4;
  // Per k: A 8 loads x 1, B 2 x 4; the accumulator, in registers through
  // the K loop (simtAccumulatorInRegisters), stored once after it: 16
  // 16-byte stores, 4 wavefronts each (B's pattern).
  double fronts = 8 * 32 * (8 * 1 + 2 * 4) + 16 * 4;
  double flops = 0;
  EXPECT_DOUBLE_EQ(loads(simt({64, 128, 32}, 4, {8, 8, 32}), &flops),
                   fronts * 128 + copies);
  // In runs: B 2 x 8 a k; the remainder tile's accumulator loaded and
  // stored every step, 16 and 16 accesses of 8 each.
  double runs = 8 * (32 * (8 * 1 + 2 * 8) + 2 * 16 * 8);
  EXPECT_DOUBLE_EQ(loads(simt({64, 128, 32}, 4, {8, 8, 32}), nullptr, &ragged),
                   runs * 128 + copies);
  // Each load an issue slot (two flops): 10 a k, 16 stores after the
  // loop; the copies 16 bytes an instruction over 128 threads, A's stores
  // into its padded rows one a float (3 more a load).
  EXPECT_DOUBLE_EQ(flops, 256 * 64 * 2.0 + 8 * (64 * 32 + 32 * 128) / 4 / 128 +
                              8 * 64 * 32 * 3 / 4 / 128 +
                              2.0 * (256 * 10 + 16));
  // 32 threads along N: a warp is one row of threads, A's word is one for
  // all its lanes (one wavefront a load).
  double wide = 8 * 32 * (8 * 1 + 2 * 4) + 16 * 4;
  double wideCopies = 8 * (64 * 32 + 32 * 256) * 4.0 / 8;
  EXPECT_DOUBLE_EQ(loads(simt({64, 256, 32}, 8, {8, 8, 32})),
                   wide * 128 + wideCopies);
  // Never fewer than a wavefront per 128 bytes the warp's lanes read.
  double readBytes = 8 * 32 * (8 + 8) * 32 * 4.0 + 64 * 32 * 4.0;
  EXPECT_GE(loads(simt({64, 128, 32}, 4, {8, 8, 32})) - copies, readBytes / 2);
}

// Where a SIMT K step holds its columns in chunks (simtColumnChunk), as
// tessel-tile-and-fuse's interleaveColumns decides it: a thread's share of
// a static tile along N at least two 16-byte vectors of B.
TEST(ModelTerms, SimtColumnChunksNeedTwoVectorsOfAStaticTile) {
  auto chunk = [](const KernelDesc &kernel, Schedule s) {
    Held held(kernel, std::move(s), h100());
    std::optional<ThreadGeometry> g = threadGeometry(held.context);
    EXPECT_TRUE(g);
    for (const Work &w : held.kernel.work)
      if (!w.operandTiles.empty())
        return simtColumnChunk(held.context, *g, w);
    ADD_FAILURE() << "no contraction";
    return int64_t(-1);
  };
  KernelDesc f32 = steppable(1024, 1024, 256, ElementType::F32);
  // 8 f32 a thread along N: two chunks of 4.
  EXPECT_EQ(chunk(f32, simt({64, 128, 32}, 4, {8, 8, 32})), 4);
  // 4: one vector, a run.
  EXPECT_EQ(chunk(f32, simt({64, 128, 32}, 8, {8, 4, 32})), 0);
  // N = 1088 leaves a partial tile along N.
  EXPECT_EQ(chunk(steppable(1024, 1088, 256, ElementType::F32),
                  simt({64, 128, 32}, 4, {8, 8, 32})),
            0);
  // A tile wider than N: N's 128 columns over 16 threads, 8 each.
  EXPECT_EQ(chunk(steppable(1024, 128, 256, ElementType::F32),
                  simt({16, 256, 8}, 2, {4, 16, 8})),
            4);
  // bf16: 8 a thread is one vector; 16, two of 8.
  KernelDesc bf16 = steppable(1024, 1024, 256, ElementType::BF16);
  EXPECT_EQ(chunk(bf16, simt({64, 128, 32}, 4, {8, 8, 32})), 0);
  EXPECT_EQ(chunk(bf16, simt({32, 256, 32}, 4, {4, 16, 32})), 8);
}

// Where a SIMT K step's threads keep their parts of the accumulator in
// registers through the K loop (simtAccumulatorInRegisters), as
// tessel-hoist-accumulators decides it from the IR: each thread's part
// static (its copies in and out unguarded) and a K loop to carry it
// through. The cases are those checked by hand on the IR after the pass
// (tessel-opt --pass-pipeline='builtin.module(tessel-to-nvvm{target=h100})'
// --mlir-print-ir-after=tessel-hoist-accumulators, and tessel-to-rocdl for
// mi300x: test/passes/tessel-hoist-accumulators-simt.mlir).
TEST(ModelTerms, SimtAccumulatorsStayInRegistersWhereEachThreadsPartIsStatic) {
  auto inRegisters = [](const KernelDesc &kernel, Schedule s,
                        const Target &target = h100()) {
    Held held(kernel, std::move(s), target);
    for (const Work &w : held.kernel.work)
      if (w.isContraction())
        return simtAccumulatorInRegisters(held.context, w);
    ADD_FAILURE() << "no contraction";
    return false;
  };
  auto f32 = [](int64_t m, int64_t n, int64_t k) {
    return steppable(m, n, k, ElementType::F32);
  };
  Schedule s = simt({32, 64, 16}, 2, {4, 8, 16});
  // Tiles that divide M and N; K need not divide the step.
  EXPECT_TRUE(inRegisters(f32(128, 128, 64), s));
  EXPECT_TRUE(inRegisters(f32(128, 128, 70), s));
  // One step: no loop.
  EXPECT_FALSE(inRegisters(f32(128, 128, 16), s));
  // A remainder tile along N or M.
  EXPECT_FALSE(inRegisters(f32(64, 200, 64), s));
  EXPECT_FALSE(inRegisters(f32(100, 128, 64), s));
  // M smaller than its tile of 32: static where its 8 threads split it
  // evenly (24), guarded where not (20).
  EXPECT_TRUE(inRegisters(f32(24, 128, 64), s));
  EXPECT_FALSE(inRegisters(f32(20, 128, 64), s));
  // N smaller than 128 over 16 threads: 96 splits evenly, 100 does not.
  Schedule wide = simt({32, 128, 16}, 4, {4, 8, 16});
  EXPECT_TRUE(inRegisters(f32(64, 96, 64), wide));
  EXPECT_FALSE(inRegisters(f32(64, 100, 64), wide));
  // Stages change nothing; tensor cores carry theirs on their own terms.
  Schedule piped = s;
  piped.stages = 3;
  EXPECT_TRUE(inRegisters(f32(128, 128, 128), piped));
  EXPECT_FALSE(inRegisters(steppable(1024, 1024, 1024, ElementType::BF16),
                           mma(128, 128, 32, 64, 64, 2)));
  // On the MI300X the same cases go the same way (tessel-to-rocdl carries
  // them in K loops it keeps rolled), with 64-lane wavefronts: one for the
  // 32 x 64 tile's 64 threads, two for 32 x 128.
  const Target mi300x = *lookupKnownTarget("mi300x");
  Schedule wave = simt({32, 64, 16}, 1, {4, 8, 16});
  EXPECT_TRUE(inRegisters(f32(128, 128, 64), wave, mi300x));
  EXPECT_TRUE(inRegisters(f32(128, 128, 70), wave, mi300x));
  EXPECT_FALSE(inRegisters(f32(128, 128, 16), wave, mi300x));
  EXPECT_FALSE(inRegisters(f32(64, 200, 64), wave, mi300x));
  EXPECT_FALSE(inRegisters(f32(100, 128, 64), wave, mi300x));
  EXPECT_TRUE(inRegisters(f32(24, 128, 64), wave, mi300x));
  EXPECT_FALSE(inRegisters(f32(20, 128, 64), wave, mi300x));
  Schedule waves = simt({32, 128, 16}, 2, {4, 8, 16});
  EXPECT_TRUE(inRegisters(f32(64, 96, 64), waves, mi300x));
  EXPECT_FALSE(inRegisters(f32(64, 100, 64), waves, mi300x));
}

TEST(ModelTerms, ClosedQueueCycleIsMeanValueAnalysis) {
  // One block: its work and its wait add.
  EXPECT_DOUBLE_EQ(closedQueueCycle(100, 300, 1), 400);
  // Two blocks of 1 clock of work and 1 away (mean value analysis by hand):
  // n = 1: response 1, throughput 1/2, queue 1/2; n = 2: response 1.5,
  // throughput 2 / 2.5: a step every 2.5 clocks for each block.
  EXPECT_DOUBLE_EQ(closedQueueCycle(1, 1, 2), 2.5);
  // No wait: the blocks take turns on the SM.
  EXPECT_DOUBLE_EQ(closedQueueCycle(10, 0, 4), 40);
  // Many blocks: the SM's work binds, the waits hidden.
  EXPECT_NEAR(closedQueueCycle(100, 300, 32), 32 * 100, 1e-6);
  // Never below either bound.
  for (int64_t n = 1; n <= 8; ++n) {
    EXPECT_GE(closedQueueCycle(100, 300, n), 400 - 1e-9) << n;
    EXPECT_GE(closedQueueCycle(100, 300, n), 100.0 * double(n) - 1e-9) << n;
  }
}

TEST(ModelTerms, WgmmaStepsWaitForTheirTmaStages) {
  // 4096^3 in bf16 on 128 x 256 x 64 wgmma tiles (H100 figures): 64 K steps
  // a block, the busiest SM running 4 blocks one at a time. A stage is
  // (128 + 256) x 64 bf16 = 48 KiB: at one block's TMA rate (22 bytes a
  // clock) 2234.2 clocks after the latency (DRAM 691 in the first turn, L2
  // 271 after it); S stages hide it behind S - 1 steps. A step alone is
  // 1000 clocks of the SM's work (computeUs set to 4 x 64 of them).
  KernelDesc mm = steppable(4096, 4096, 4096, ElementType::BF16);
  mm.wgmmaable = true;
  WorkCost w;
  w.kSteps = 64;
  w.sharedRoundsPerStep = 1;
  w.stepBytes = 49152;
  auto latency = [&](int64_t stages, int64_t blocksPerSM,
                     const Target &t) -> double {
    Held inputs(mm, wgmma(128, 256, 64, 8, stages), t);
    EXPECT_FALSE(mmaRefusal(inputs.context));
    Prediction p;
    p.blocksPerSM = blocksPerSM;
    p.computeUs = 4 * 64 * 1000 / 1.98e3;
    p.l2Bytes = 4e9; // rereads: later turns hit L2
    return latencyTime(inputs.context, w, 4, 1e8, p) * 1.98e3;
  };
  double transfer = 49152 / 22.0;
  double first = 691 + transfer, later = 271 + transfer;
  // Two stages: each step waits for the whole round trip.
  EXPECT_NEAR(latency(2, 1, h100()), 64 * (first + 3 * later), 1e-6);
  // Three: two steps cover it (1462.6 and 1252.6 clocks), or the step's
  // own 1000 clocks.
  EXPECT_NEAR(latency(3, 1, h100()),
              64 * (first / 2 + 3 * std::max(1000.0, later / 2)), 1e-6);
  // Four: the step binds.
  EXPECT_NEAR(latency(4, 1, h100()), 4 * 64 * 1000.0, 1e-6);
  // Three blocks resident share the SM's TMA link (47 bytes a clock):
  // 3 x 48 KiB take 3137.4 clocks, longer than one block's stream.
  double shared = 3 * 49152 / 47.0;
  EXPECT_NEAR(latency(2, 3, h100()), 64 * ((691 + shared) + 1 * (271 + shared)),
              1e-6);
  // The TMA stages do not use the SIMT copies' link: a table without it
  // prices them the same and does not call them uncalibrated.
  {
    Target noLink = without(h100(), {TargetField::SmBytesPerClock});
    Held inputs(mm, wgmma(128, 256, 64, 8, 2), noLink);
    EXPECT_FALSE(mmaRefusal(inputs.context));
    Prediction p;
    p.blocksPerSM = 1;
    p.computeUs = 4 * 64 * 1000 / 1.98e3;
    p.l2Bytes = 4e9;
    EXPECT_NEAR(latencyTime(inputs.context, w, 4, 1e8, p) * 1.98e3,
                64 * (first + 3 * later), 1e-6);
    EXPECT_FALSE(p.uncalibrated);
  }
  // Without the TMA figures: the copies' pipeline of the other K steps,
  // whose round trip is the latency and then the stage at the SM's link
  // (32 bytes a clock).
  Target bare = without(h100(), {TargetField::TmaStreamBytesPerClock});
  double link = 49152 / 32.0;
  EXPECT_NEAR(latency(2, 1, bare),
              64 * std::max(1000.0, (691 + link + 1000.0) / 2) +
                  3 * 64 * std::max(1000.0, (271 + link + 1000.0) / 2),
              1e-6);
}

TEST(ModelTerms, WgmmaTilesComeThroughL2AtTheTmaFigures) {
  // The same GEMM's 512 blocks each read a 128 x 4096 slice of A and a
  // 4096 x 256 slice of B (3 MiB) and write 128 x 256 bf16: in all 1.61 GB,
  // with the 96 MiB of DRAM traffic filled and drained through L2, at
  // TMA's 11.8 TB/s; the busiest SM's 4 blocks at 47 bytes a clock.
  KernelDesc mm = steppable(4096, 4096, 4096, ElementType::BF16);
  mm.wgmmaable = true;
  Held inputs(mm, wgmma(128, 256, 64, 8, 4), h100());
  Prediction p;
  dramTime(inputs.context, p);
  EXPECT_DOUBLE_EQ(p.dramBytes, 3 * 4096.0 * 4096 * 2);
  blocksAndWaves(inputs.context, p);
  ASSERT_EQ(p.blocks, 512);
  double perBlock = (128.0 * 4096 + 4096.0 * 256 + 128.0 * 256) * 2;
  double l2 = l2Time(inputs.context, WorkCost(), 4, p);
  EXPECT_DOUBLE_EQ(p.l2Bytes, perBlock * 512);
  EXPECT_DOUBLE_EQ(l2, std::max((p.l2Bytes + p.dramBytes) / 11.8e12 * 1e6,
                                4 * perBlock / (47 * 1.98e9) * 1e6));
  // The same tiles on mma.sync go through the SIMT figures.
  Held simtInputs(mm, mma(128, 256, 32, 64, 64, 3), h100());
  Prediction q;
  dramTime(simtInputs.context, q);
  blocksAndWaves(simtInputs.context, q);
  double simtL2 = l2Time(simtInputs.context, WorkCost(), 4, q);
  EXPECT_DOUBLE_EQ(simtL2, std::max((q.l2Bytes + q.dramBytes) / 7.1e12 * 1e6,
                                    4 * perBlock / (32 * 1.98e9) * 1e6));
}

// One warpgroup's wgmma reaches a part of the peak that grows with its N
// (wgmma_warpgroup_fraction f: f N / (N + 32)), the warpgroups resident on
// an SM adding up to tensor_achievable_fraction. Run i on the H200
// (bench/data/h200/wgmma-small-m-2026-11-27i.json, ncu-small-m-2026-11-28d
// .csv): LLaMA 128 x 11008 x 4096 took 41.0 us on 64 x 192 tiles (one
// warpgroup a block, one block an SM) and 31.1 on 128 x 128 (two).
TEST(ModelTerms, AWarpgroupReachesPartOfTheWgmmaPeak) {
  Target h200 = *lookupKnownTarget("h200");
  ASSERT_DOUBLE_EQ(h200.get(TargetField::WgmmaWarpgroupFraction), 0.6);
  EXPECT_FALSE(h200.isEstimate(TargetField::WgmmaWarpgroupFraction));
  KernelDesc mm = steppable(128, 11008, 4096, ElementType::BF16);
  mm.wgmmaable = true;
  double dense = 989.4e12, sms = 132;
  WorkCost w;
  w.tensorFlopsPerBlock = 1e9;
  auto rate = [&](Schedule s, double blocksOnBusiestSM, int64_t blocksPerSM,
                  const Target &t) {
    Held inputs(mm, s, t);
    EXPECT_FALSE(mmaRefusal(inputs.context));
    Prediction p;
    p.blocksPerSM = blocksPerSM;
    double peak = computeTime(inputs.context, *threadGeometry(inputs.context),
                              w, blocksOnBusiestSM, p);
    // The SM's share of the rate each block's flops see.
    double share = blocksOnBusiestSM * 1e9 / (p.computeUs * 1e-6) * sms;
    EXPECT_NEAR(share, peak, peak * 1e-9);
    return peak / dense;
  };
  // One warpgroup a block, alone on its SM: 0.6 x 192 / 224.
  EXPECT_NEAR(rate(wgmma(64, 192, 64, 4, 4), 1, 1, h200), 0.6 * 192 / 224,
              1e-12);
  // N = 64: 0.40 of the peak; two such blocks resident, 0.80, past the
  // class's 0.755.
  EXPECT_NEAR(rate(wgmma(64, 64, 64, 4, 4), 1, 2, h200), 0.4, 1e-12);
  EXPECT_NEAR(rate(wgmma(64, 64, 64, 4, 4), 2, 2, h200), 0.755, 1e-12);
  // Two warpgroups of N = 128 (0.48 each): the class's fraction.
  EXPECT_NEAR(rate(wgmma(128, 128, 64, 8, 4), 1, 1, h200), 0.755, 1e-12);
  // More warpgroups on the SM are never slower.
  for (int64_t n : {64, 128, 192, 256})
    EXPECT_LE(rate(wgmma(64, n, 64, 4, 4), 1, 1, h200),
              rate(wgmma(128, n, 64, 8, 3), 1, 1, h200))
        << n;
  // Without the figure, every wgmma kernel at the class's fraction.
  Target bare = without(h200, {TargetField::WgmmaWarpgroupFraction});
  EXPECT_NEAR(rate(wgmma(64, 192, 64, 4, 4), 1, 1, bare), 0.755, 1e-12);
}

// Each wave of resident blocks reads its tiles from DRAM again once the
// inputs outgrow what stays in L2 (l2_reuse_bytes): Nsight Compute on the
// H200 measured these GEMMs' DRAM reads (bench/data/h200/
// ncu-gemms-2026-11-27f.csv): 1,981,872,128 bytes for LLaMA M = 8192,
// N = 11008 on 128 x 256 tiles (21 waves of one block an SM, each three A
// panels and all 43 B panels), 531,392,000 for M = 2048 on 128 x 128 (two
// blocks an SM) and 170,938,880 for 4095 x 4096 x 4096 on 128 x 256.
TEST(ModelTerms, EachWaveReadsItsTilesFromDram) {
  Target h200 = *lookupKnownTarget("h200");
  auto dram = [&](KernelDesc mm, Schedule s, int64_t blocksPerSM,
                  const Target &t, double *unique = nullptr) {
    mm.wgmmaable = true;
    Held inputs(mm, s, t);
    Prediction p;
    p.blocksPerSM = blocksPerSM;
    dramTime(inputs.context, p, unique);
    return p.dramBytes;
  };
  auto output = [](double m, double n) { return m * n * 2; };
  double unique = 0;
  EXPECT_NEAR(dram(steppable(8192, 11008, 4096, ElementType::BF16),
                   wgmma(128, 256, 64, 8, 4), 1, h200, &unique) -
                  output(8192, 11008),
              1981872128.0, 1981872128.0 * 1e-3);
  EXPECT_DOUBLE_EQ(unique,
                   (8192.0 * 4096 + 4096.0 * 11008) * 2 + output(8192, 11008));
  EXPECT_NEAR(dram(steppable(2048, 11008, 4096, ElementType::BF16),
                   wgmma(128, 128, 64, 8, 3), 2, h200) -
                  output(2048, 11008),
              531392000.0, 531392000.0 * 1e-3);
  EXPECT_NEAR(dram(steppable(4095, 4096, 4096, ElementType::BF16),
                   wgmma(128, 256, 64, 8, 4), 1, h200) -
                  output(4095, 4096),
              170938880.0, 170938880.0 * 1e-3);
  // One wave reads each tile once: the unique bytes (LLaMA M = 512 on
  // 128 x 128, 128 blocks; measured 37.8 MB).
  KernelDesc oneWave = steppable(512, 4096, 4096, ElementType::BF16);
  EXPECT_DOUBLE_EQ(dram(oneWave, wgmma(128, 128, 64, 8, 5), 1, h200),
                   (512.0 * 4096 + 4096.0 * 4096) * 2 + output(512, 4096));
  // Inputs that stay in L2 (1024^3: 4 MiB) are read once however many
  // waves run, and without the figure every input is read once.
  KernelDesc small = steppable(1024, 1024, 1024, ElementType::BF16);
  EXPECT_DOUBLE_EQ(dram(small, wgmma(64, 64, 64, 4, 4), 1, h200),
                   3 * 1024.0 * 1024 * 2);
  KernelDesc big = steppable(8192, 11008, 4096, ElementType::BF16);
  EXPECT_DOUBLE_EQ(dram(big, wgmma(128, 256, 64, 8, 4), 1,
                        without(h200, {TargetField::L2ReuseBytes})),
                   (8192.0 * 4096 + 4096.0 * 11008) * 2 + output(8192, 11008));
  // More blocks resident at once (a wave of more tiles) share more.
  EXPECT_LT(dram(big, wgmma(128, 256, 64, 8, 4), 2, h200),
            dram(big, wgmma(128, 256, 64, 8, 4), 1, h200));
  // A batch of such GEMMs walks its waves tile by tile (the rows and
  // columns of two dims in closed form above): one of them reads what the
  // matmul reads, two read 375,373,824 bytes (a wave crosses from one
  // batch element's tiles to the next's).
  auto batched = [](int64_t batch, int64_t m, int64_t n, int64_t k) {
    KernelDesc d = steppable(m, n, k, ElementType::BF16);
    d.loops.insert(d.loops.begin(), {batch, false});
    d.operands = {{{0, 1, 3}, ElementType::BF16, false},
                  {{0, 3, 2}, ElementType::BF16, false},
                  {{0, 1, 2}, ElementType::BF16, true}};
    return d;
  };
  Schedule tiles = wgmma(128, 256, 64, 8, 4);
  tiles.block.insert(tiles.block.begin(), 1);
  EXPECT_DOUBLE_EQ(dram(batched(1, 4095, 4096, 4096), tiles, 1, h200),
                   dram(steppable(4095, 4096, 4096, ElementType::BF16),
                        wgmma(128, 256, 64, 8, 4), 1, h200));
  EXPECT_DOUBLE_EQ(dram(batched(2, 4095, 4096, 4096), tiles, 1, h200) -
                       2 * output(4095, 4096),
                   375373824.0);
}

TEST(ModelTerms, RasterGroupsCoverEveryTileOnce) {
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{1, 1},
                            {1, 7},
                            {7, 1},
                            {3, 4},
                            {5, 5},
                            {10, 8},
                            {16, 86}})
    for (int64_t group : {1, 2, 3, 4, 8, 16, 64}) {
      std::vector<int> seen(size_t(rows * cols), 0);
      for (int64_t id = 0; id < rows * cols; ++id) {
        auto [r, c] = rasterBlock(id, rows, cols, group);
        ASSERT_TRUE(r >= 0 && r < rows && c >= 0 && c < cols)
            << rows << "x" << cols << " group " << group << " id " << id;
        ++seen[size_t(r * cols + c)];
        // Within a group the next id is the next row of the column, or
        // the group's first row of the next column.
        if (id + 1 == rows * cols)
          continue;
        auto [nr, nc] = rasterBlock(id + 1, rows, cols, group);
        int64_t g = std::min(group, rows);
        if (nr / g == r / g && (nr != r || nc != c) && (id + 1) % (g * cols))
          EXPECT_TRUE((nr == r + 1 && nc == c) ||
                      (nr == r / g * g && nc == c + 1))
              << rows << "x" << cols << " group " << group << " id " << id;
      }
      for (int count : seen)
        EXPECT_EQ(count, 1) << rows << "x" << cols << " group " << group;
    }
  // raster = 1: the last loop fastest.
  using Tile = std::pair<int64_t, int64_t>;
  EXPECT_EQ(rasterBlock(13, 10, 8, 1), Tile(1, 5));
  // 10 rows in groups of 4 (32 ids a group): id 33 is row 5 of column 0;
  // the last group holds rows 8 and 9.
  EXPECT_EQ(rasterBlock(33, 10, 8, 4), Tile(5, 0));
  EXPECT_EQ(rasterBlock(65, 10, 8, 4), Tile(9, 0));
  EXPECT_EQ(rasterBlock(66, 10, 8, 4), Tile(8, 1));
}

// The bytes each wave reads with blocks in groups of rows: the figures are
// a brute-force count of the A row tiles and B column tiles each wave's
// blocks index (every block's tile listed, then each wave's sets summed),
// not the model's pieces.
TEST(ModelTerms, GroupedWavesReadFewerTiles) {
  Target h200 = *lookupKnownTarget("h200");
  auto reads = [&](KernelDesc mm, Schedule s, int64_t raster,
                   int64_t blocksPerSM) {
    mm.wgmmaable = true;
    s.raster = raster;
    Held inputs(mm, s, h200);
    Prediction p;
    p.blocksPerSM = blocksPerSM;
    std::optional<double> bytes = waveReadBytes(inputs.context, p);
    return bytes ? *bytes : -1.0;
  };
  KernelDesc m2048 = steppable(2048, 11008, 4096, ElementType::BF16);
  Schedule square = wgmma(128, 128, 64, 8, 3);
  EXPECT_NEAR(reads(m2048, square, 1, 2), 531628032.0, 1.0);
  EXPECT_NEAR(reads(m2048, square, 2, 2), 507510784.0, 1.0);
  EXPECT_NEAR(reads(m2048, square, 8, 2), 239075328.0, 1.0);
  EXPECT_NEAR(reads(m2048, square, 16, 2), 193986560.0, 1.0);
  // A group past the rows is the whole column of tiles.
  EXPECT_NEAR(reads(m2048, square, 64, 2), 193986560.0, 1.0);
  KernelDesc m8192 = steppable(8192, 11008, 4096, ElementType::BF16);
  Schedule wide = wgmma(128, 256, 64, 8, 4);
  EXPECT_NEAR(reads(m8192, wide, 16, 1), 794820608.0, 1.0);
  EXPECT_NEAR(reads(m8192, wide, 64, 1), 1539309568.0, 1.0);
  // 4095 rows on 128 x 256: 16 columns, a wave already 8 rows deep; groups
  // of 3 read more, of 16 less.
  KernelDesc m4095 = steppable(4095, 4096, 4096, ElementType::BF16);
  EXPECT_NEAR(reads(m4095, wide, 3, 1), 177201152.0, 1.0);
  EXPECT_NEAR(reads(m4095, wide, 16, 1), 148881408.0, 1.0);
  // A batch of two walks its runs: the batch slowest, each plane grouped.
  KernelDesc batched = steppable(4095, 4096, 4096, ElementType::BF16);
  batched.loops.insert(batched.loops.begin(), {2, false});
  batched.operands = {{{0, 1, 3}, ElementType::BF16, false},
                      {{0, 3, 2}, ElementType::BF16, false},
                      {{0, 1, 2}, ElementType::BF16, true}};
  Schedule batchTiles = wide;
  batchTiles.block.insert(batchTiles.block.begin(), 1);
  EXPECT_NEAR(reads(batched, batchTiles, 1, 1), 375373824.0, 1.0);
  EXPECT_NEAR(reads(batched, batchTiles, 4, 1), 373276672.0, 1.0);
  EXPECT_NEAR(reads(batched, batchTiles, 16, 1), 322920448.0, 1.0);

  // The enumeration's choice: the group whose waves read the fewest bytes.
  auto fewest = [&](KernelDesc mm, Schedule s, int64_t blocksPerSM,
                    const Target &t) {
    mm.wgmmaable = true;
    Held inputs(mm, s, t);
    Prediction p;
    p.blocksPerSM = blocksPerSM;
    p.blocks = 1;
    for (size_t j = 0; j < inputs.context.parallel.size(); ++j)
      p.blocks *= (mm.loops[inputs.context.parallel[j]].size +
                   inputs.context.tiles[j] - 1) /
                  inputs.context.tiles[j];
    return fewestReadsRaster(mm, s, p, t);
  };
  EXPECT_EQ(fewest(m2048, square, 2, h200), 16);
  EXPECT_EQ(fewest(m8192, wide, 1, h200), 16);
  EXPECT_EQ(fewest(m4095, wide, 1, h200), 16);
  // One wave (LLaMA M = 512 on 128 x 128): every order reads each tile
  // once. Inputs that stay in L2, and a target without the figure: none.
  EXPECT_EQ(
      fewest(steppable(512, 4096, 4096, ElementType::BF16), square, 1, h200),
      1);
  EXPECT_EQ(fewest(steppable(1024, 1024, 1024, ElementType::BF16),
                   wgmma(64, 64, 64, 4, 4), 1, h200),
            1);
  EXPECT_EQ(fewest(m8192, wide, 1, without(h200, {TargetField::L2ReuseBytes})),
            1);
}

TEST(ModelTerms, CombineTermsPicksTheBindingOne) {
  Prediction p;
  p.computeUs = 3;
  p.dramUs = 5;
  p.l2Us = 4;
  p.launchUs = 1;
  p.flops = 1e6;
  combineTerms(p, 1e12);
  EXPECT_EQ(p.bound, Bound::Dram);
  EXPECT_DOUBLE_EQ(p.timeUs, 6);
  EXPECT_DOUBLE_EQ(p.fractionOfPeak, 1e6 / 6e-6 / 1e12);
  Prediction tiny;
  tiny.computeUs = 0.5;
  tiny.launchUs = 1;
  combineTerms(tiny, 1e12);
  EXPECT_EQ(tiny.bound, Bound::Launch);
  EXPECT_DOUBLE_EQ(tiny.timeUs, 1.5);
}

TEST(ModelTerms, AchievableTimeUsesTheBestClass) {
  const Target &t = h100();
  KernelDesc bf16 = steppable(8192, 8192, 8192, ElementType::BF16);
  Held cInputs(bf16, mma(128, 128, 32, 64, 64), t);
  Context &c = cInputs.context;
  Prediction p;
  p.flops = bf16.flops;
  double bytes = 3.0 * 8192 * 8192 * 2;
  // Tensor cores at the measured achievable fraction; the bytes are far
  // below the flops' time.
  EXPECT_DOUBLE_EQ(achievableTime(c, bytes, p),
                   bf16.flops / (989.4e12 * 0.797) * 1e6);
  // f32 work: the SIMT peak.
  KernelDesc f32 = steppable(8192, 8192, 8192, ElementType::F32);
  Held sInputs(f32, simt({64, 64, 32}, 4), t);
  Context &s = sInputs.context;
  Prediction q;
  q.flops = f32.flops;
  EXPECT_DOUBLE_EQ(achievableTime(s, 2 * bytes, q), f32.flops / 66.9e12 * 1e6);
}

} // namespace

// wgmma from the block's threads' copies (a warp tile of 16 rows of the
// block's N): where TMA cannot load an operand (a prologue computes it),
// the threads copy the tiles as for mma.sync, unpadded (wgmma reads them
// through descriptors), and the warps' pieces run as their warpgroups'
// wgmma; the model prices the class (the wgmma rate, the threads' copies,
// the chain's wait a step) and offers it only where it is not TMA's.
TEST(ModelTerms, WgmmaFromThreadsCopies) {
  KernelDesc d = steppable(1024, 1024, 1024, ElementType::BF16);
  ASSERT_FALSE(d.wgmmaable);
  auto threads = [](int64_t bm, int64_t bn, int64_t step, int64_t warps,
                    int64_t stages) {
    Schedule s = wgmma(bm, bn, step, warps, stages);
    s.warp = {16, bn, step};
    return s;
  };
  auto refusal = [&](const KernelDesc &k, const Schedule &s,
                     const Target &t) -> std::string {
    Held in(k, s, t);
    return mmaRefusal(in.context).value_or("");
  };
  Schedule good = threads(128, 128, 64, 8, 1);
  Held in(d, good, h100());
  ASSERT_FALSE(mmaRefusal(in.context));
  EXPECT_TRUE(in.context.wgmma);
  EXPECT_FALSE(in.context.tma);
  EXPECT_EQ(in.context.mmaTiles.pn, 16);
  EXPECT_EQ(in.context.mmaTiles.pk, 4);
  // Each thread's 64 accumulators, the addresses, the copies' loads:
  // ptxas -v takes 110 to 130 for such kernels with a cast or a GELU
  // prologue (128 for 1024 x 768 x 1024 with a cast; 110 for
  // test/codegen/cpu-check-wgmma-threads.mlir's 256^3 k_cast_bf16).
  EXPECT_EQ(registersPerThread(in.context), 64 + 26 + 32);
  // The f32 accumulator (rows padded by 8) and A [128, 64] and B [64, 128]
  // unpadded: ptxas counts 69632 bytes for that kernel.
  EXPECT_EQ(sharedMemoryBytes(in.context), 4 * 128 * 136);
  // 16 rows a warp of the block's whole N; K steps of 64 and N a multiple
  // of 64 (the swizzled tiles); no clusters; sm_90a.
  Schedule wide = good;
  wide.warp = {32, 128, 64};
  EXPECT_NE(refusal(d, wide, h100()).find("16 rows"), std::string::npos);
  EXPECT_NE(
      refusal(d, threads(128, 128, 32, 8, 1), h100()).find("K step of 64"),
      std::string::npos);
  EXPECT_NE(refusal(d, threads(128, 96, 64, 8, 1), h100()).find("multiple of"),
            std::string::npos);
  EXPECT_NE(refusal(d, threads(128, 128, 64, 4, 1), h100()).find("64 rows"),
            std::string::npos);
  Schedule paired = good;
  paired.cluster = 2;
  EXPECT_NE(refusal(d, paired, h100()).find("TMA"), std::string::npos);
  EXPECT_NE(refusal(d, good, *lookupKnownTarget("a100")).find("sm_90a"),
            std::string::npos);
  // Its stages are cp.async's, as mma.sync's: not priced with a prologue.
  KernelDesc cast = d;
  Work prologue = opWork(1, 0, {}, {0}, Execution::PerElement);
  prologue.kStepRole = KStepRole::Prologue;
  cast.work.push_back(prologue);
  bool unmodelled = false;
  EXPECT_FALSE(
      stagesRefusal(Held(d, threads(128, 128, 64, 8, 3), h100()), unmodelled));
  EXPECT_TRUE(stagesRefusal(Held(cast, threads(128, 128, 64, 8, 3), h100()),
                            unmodelled));
  EXPECT_TRUE(unmodelled);

  // Each step waits for its chain (wgmma_wait_cycles) before the barrier
  // that frees the tiles: the same kernel from TMA is predicted faster.
  KernelDesc tmaKernel = d;
  tmaKernel.wgmmaable = true;
  Prediction fromThreads = predict(d, threads(128, 128, 64, 8, 3), h100());
  Prediction fromTma = predict(tmaKernel, wgmma(128, 128, 64, 8, 3), h100());
  ASSERT_TRUE(fromThreads.legal) << fromThreads.illegalReason;
  ASSERT_TRUE(fromTma.legal) << fromTma.illegalReason;
  EXPECT_LT(fromTma.timeUs, fromThreads.timeUs);
  // The enumeration offers the class where TMA cannot load the operands,
  // and not where it can.
  auto offers = [](const KernelDesc &k, bool warpTile) {
    for (const Schedule &s : enumerateSchedules(k, h100()))
      if (s.compute == ComputeClass::Wgmma && s.warp.empty() != warpTile)
        return true;
    return false;
  };
  EXPECT_TRUE(offers(cast, /*warpTile=*/true));
  EXPECT_FALSE(offers(cast, /*warpTile=*/false));
  EXPECT_FALSE(offers(tmaKernel, /*warpTile=*/true));
  EXPECT_TRUE(offers(tmaKernel, /*warpTile=*/false));
}
