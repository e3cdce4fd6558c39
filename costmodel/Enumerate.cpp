//===- Enumerate.cpp - The schedules the model offers ---------------------===//
//
// enumerateSchedules and its kin: every schedule the code generator can
// emit for a kernel on a target (SIMT tiles, thread tiles, K steps, stages,
// vector widths, mma.sync warp tiles), each predicted, the illegal ones
// dropped. tessel-select-schedules ranks what this offers.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "costmodel/ModelTerms.h"

#include <array>
#include <map>

namespace mlir::tessel {

std::vector<Schedule> enumerateSchedules(const KernelDesc &k, const Target &t) {
  std::vector<Schedule> out;
  for (auto &[s, p] : enumeratePredicted(k, t))
    out.push_back(std::move(s));
  return out;
}

std::vector<std::pair<Schedule, Prediction>>
enumeratePredicted(const KernelDesc &k, const Target &t) {
  std::vector<std::pair<Schedule, Prediction>> out;
  forEachPredicted(k, t, [&](const Schedule &s, const Prediction &p) {
    out.emplace_back(s, p);
  });
  return out;
}

namespace {

/// Walks every schedule the code generator can emit for one kernel, in a
/// fixed order (rankSchedules breaks ties by it): tensor-core tiles first,
/// then SIMT tiles with their vector widths, thread tiles and K steps.
class Enumerator {
public:
  using Visit = std::function<void(const Schedule &, const Prediction &)>;

  Enumerator(const KernelDesc &k, const Target &t, const Visit &visit)
      : k(k), t(t), visit(visit), pipelines(t.hasAsyncCopy()) {
    for (int i = 0; i < int(k.loops.size()); ++i)
      if (!k.loops[i].reduction)
        parallel.push_back(i);
    // K steps for a contraction: powers of two from 16 to 64, up to the
    // first that covers its reduction.
    if (int64_t reduction = model::contractionReduction(k);
        k.kSteppable && reduction)
      for (int64_t step = 16; step <= 64 && step < 2 * reduction; step *= 2)
        kSteps.push_back(step);
    // Vector widths for an elementwise root: up to 16 bytes of its narrowest
    // operand per lane (one ld.global.v4). A contraction that is the root
    // copies its tensor-core accumulator to the output up to 16 bytes of
    // the output a store.
    auto widthsUpTo16Bytes = [&](bool outputsOnly) {
      int64_t bytes = 4;
      for (const Operand &o : k.operands)
        if (o.output || !outputsOnly)
          bytes = std::min(bytes, dtypeBytes(o.type));
      std::vector<int64_t> widths;
      for (int64_t v = 2; v * bytes <= 16; v *= 2)
        widths.push_back(v);
      return widths;
    };
    if (k.elementwiseRoot)
      epilogueVectors = vectors = widthsUpTo16Bytes(/*outputsOnly=*/false);
    else if (k.contraction && k.kSteppable)
      epilogueVectors = widthsUpTo16Bytes(/*outputsOnly=*/true);
  }

  void run() {
    if (k.attention) {
      attentionTiles();
      return;
    }
    if (k.attentionCombine) {
      combineTiles();
      return;
    }
    if (k.row) {
      rowTiles();
      return;
    }
    if (k.wgmmaable && t.hasWgmma() &&
        (parallel.size() == 2 || parallel.size() == 3))
      wgmmaTiles();
    // Where TMA cannot load the operands (a prologue computes one), the
    // threads copy them for the warpgroups' wgmma.
    if (!k.wgmmaable && k.mmaSyncable && t.hasWgmma() &&
        (parallel.size() == 2 || parallel.size() == 3))
      wgmmaTiles(/*threadCopies=*/true);
    if (k.mmaSyncable && t.hasMmaSync() && parallel.size() >= 2)
      tensorCoreTiles(ComputeClass::MmaSync);
    if (k.mmaSyncable && t.hasMfma() && parallel.size() >= 2)
      tensorCoreTiles(ComputeClass::Mfma);
    simtTiles();
  }

private:
  /// Predicts `s` and visits it when legal; a K step on NVIDIA sm_80+ is
  /// also offered pipelined, 2 to 4 stages, and an MFMA K step with 2 or 3
  /// (its next steps staged in registers).
  void offer(const Schedule &s) {
    offerRasters(s, predict(k, s, t));
    bool staged = pipelines || s.compute == ComputeClass::Mfma;
    if (!staged || model::kStepOf(k, s) == 0)
      return;
    // wgmma's TMA pipeline takes deeper stages where shared memory allows;
    // register staging holds one or two steps ahead.
    int64_t deepest = s.compute == ComputeClass::Wgmma && s.warp.empty() ? 7
                      : s.compute == ComputeClass::Mfma                  ? 3
                                                                         : 4;
    for (int64_t stages = 2; stages <= deepest; ++stages) {
      Schedule staged = s;
      staged.stages = stages;
      offerRasters(staged, predict(k, staged, t));
    }
  }

  /// Visits `s` (blocks in linear order) when legal, then, where its waves
  /// of blocks reread inputs from DRAM, the same schedule with the raster
  /// whose waves read the fewest bytes (model::fewestReadsRaster). The
  /// grouped one is never predicted slower; where the two tie (another
  /// term bounds the time), ranking takes the one with the smaller sum of
  /// terms, which is the grouped one (fewer DRAM and L2 bytes).
  void offerRasters(const Schedule &s, const Prediction &p) {
    if (!p.legal)
      return;
    offerClusters(s, p);
    // The group depends on the block tile and the blocks an SM holds
    // alone: schedules differing in thread tiles, vectors or stages share it.
    auto [it, inserted] =
        rasters.try_emplace(std::make_pair(s.block, p.blocksPerSM), 1);
    if (inserted)
      it->second = model::fewestReadsRaster(k, s, p, t);
    int64_t group = it->second;
    if (group == 1)
      return;
    Schedule grouped = s;
    grouped.raster = group;
    Prediction q = predict(k, grouped, t);
    if (q.legal)
      offerClusters(grouped, q);
  }

  /// Visits `s`, then, on wgmma, the same schedule with its blocks in
  /// clusters of 2 that share their B tiles by TMA multicast, where legal
  /// (an even number of rows of tiles: model::wgmmaRefusal) and predicted
  /// faster: where another term than L2 bounds both, the cluster would
  /// only add its barriers and its co-scheduling, and ranking (whose third
  /// key sums the terms, L2's among them) would take it on a tie.
  void offerClusters(const Schedule &s, const Prediction &p) {
    visit(s, p);
    if (s.compute != ComputeClass::Wgmma || !s.warp.empty() || s.cluster != 1)
      return;
    Schedule paired = s;
    paired.cluster = 2;
    Prediction q = predict(k, paired, t);
    if (q.legal && q.timeUs < p.timeUs)
      visit(paired, q);
  }

  /// The fused attention kernel: query and key tiles of 16 to 128 (none
  /// past the first power of two covering its length), 1 to 8 warps, on
  /// mma.sync (bf16, f16 on NVIDIA sm_80+), on MFMA (bf16, f16 on AMD
  /// gfx90a, gfx94x; one stage or two, the next key tile staged in
  /// registers) and on SIMT lanes; on mma.sync also the register-
  /// resident form, each warp 16, 32 or 64 of the query tile's rows and
  /// the whole key tile or a half, quarter or eighth of it (at least 16
  /// keys; up to 8 warps in all), its K and V copies in 1 to 3 stages, and
  /// on sm_90a that form on wgmma (the whole key tile) where each warp
  /// holds 16 rows and the warps make whole warpgroups; on MFMA the
  /// register-resident form with the whole key tile, one stage or two
  /// (the next key tile staged in registers).
  void attentionTiles() {
    const AttentionShape &a = *k.attention;
    std::optional<ComputeClass> tensorCores;
    if (a.type != ElementType::F32 && t.hasMmaSync())
      tensorCores = ComputeClass::MmaSync;
    else if (a.type != ElementType::F32 && t.hasMfma())
      tensorCores = ComputeClass::Mfma;
    auto covering = [](int64_t n) {
      int64_t p = 16;
      while (p < n)
        p *= 2;
      return p;
    };
    for (int64_t bq = 16; bq <= std::min<int64_t>(128, covering(a.sq)); bq *= 2)
      for (int64_t bkv = 16; bkv <= std::min<int64_t>(128, covering(a.skv));
           bkv *= 2)
        for (int64_t warps : {1, 2, 4, 8}) {
          Schedule s;
          s.block = {bq, bkv};
          s.warps = warps;
          if (tensorCores) {
            Schedule mma = s;
            mma.compute = *tensorCores;
            offer(mma);
            // On MFMA also with the next key tile staged in registers
            // (two stages), where there is a next one.
            if (mma.compute == ComputeClass::Mfma && !a.singleStep(bq, bkv)) {
              mma.stages = 2;
              offer(mma);
            }
          }
          offer(s);
        }
    if (!tensorCores)
      return;
    bool mfma = tensorCores == ComputeClass::Mfma;
    for (int64_t bq = 16; bq <= std::min<int64_t>(128, covering(a.queryRows()));
         bq *= 2)
      for (int64_t bkv = 16; bkv <= std::min<int64_t>(128, covering(a.skv));
           bkv *= 2)
        for (int64_t warpRows : {16, 32, 64})
          for (int64_t keySplits : {1, 2, 4, 8}) {
            int64_t warps = bq / warpRows * keySplits;
            if (bq % warpRows != 0 || warps > 8 || bkv / keySplits < 16 ||
                (mfma && keySplits > 1))
              continue;
            for (int64_t stages : {1, 2, 3}) {
              if (stages > (mfma ? 2 : 3) ||
                  (stages > 1 && a.singleStep(bq, bkv)))
                break;
              Schedule s;
              s.block = {bq, bkv};
              s.warp = {warpRows, bkv / keySplits};
              s.warps = warps;
              s.stages = stages;
              s.compute = *tensorCores;
              offer(s);
              // On sm_90a, one strip a warp and whole warpgroups: the same
              // form on wgmma.
              if (t.hasWgmma() && warpRows == 16 && keySplits == 1 &&
                  s.warps % WgmmaShape::kWarpsPerGroup == 0) {
                s.compute = ComputeClass::Wgmma;
                offer(s);
              }
            }
          }
  }

  /// A row kernel: 1 to 64 rows a block (none past the first power of two
  /// covering the rows), 1 to 32 warps (up to the target's threads per
  /// block), vectors of 16 bytes down to one element that divide the row.
  void rowTiles() {
    const RowShape &r = *k.row;
    int64_t bytes = dtypeBytes(r.type);
    if (r.columns > 1) {
      columnTiles();
      return;
    }
    for (int64_t rows = 1; rows <= 64; rows *= 2) {
      for (int64_t warps = 1; warps <= 32; warps *= 2) {
        if (double(warps * t.warpSize()) >
            t.get(TargetField::MaxThreadsPerBlock))
          break;
        // Widest first: where vectors tie (the SFU or DRAM binds), one
        // 16-byte access beats several narrow ones.
        for (int64_t v = 16 / bytes; v >= 1; v /= 2) {
          if (r.length % v != 0)
            continue;
          Schedule s;
          s.block = {rows};
          s.warps = warps;
          s.vector = v;
          offer(s);
        }
      }
      if (rows >= r.rows)
        break;
    }
  }

  /// A column reduction: blocks of a vector to 1024 vectors of columns
  /// (powers of two, none past the first covering the columns), 1 to 32
  /// warps, each vector width that divides the columns, widest first.
  void columnTiles() {
    const RowShape &r = *k.row;
    int64_t bytes = dtypeBytes(r.type);
    for (int64_t v = 16 / bytes; v >= 1; v /= 2) {
      if (r.columns % v != 0)
        continue;
      for (int64_t columnThreads = 1; columnThreads <= 1024;
           columnThreads *= 2) {
        for (int64_t warps = 1; warps <= 32; warps *= 2) {
          int64_t threads = warps * t.warpSize();
          if (double(threads) > t.get(TargetField::MaxThreadsPerBlock))
            break;
          if (threads < columnThreads)
            continue;
          Schedule s;
          s.block = {columnThreads * v};
          s.warps = warps;
          s.vector = v;
          offer(s);
        }
        if (columnThreads * v >= r.columns)
          break;
      }
    }
  }

  /// A split-KV combine: blocks of 1 to 64 rows, 1 to 8 warps.
  void combineTiles() {
    for (int64_t rows = 1; rows <= 64; rows *= 2)
      for (int64_t warps : {1, 2, 4, 8}) {
        Schedule s;
        s.block = {rows};
        s.warps = warps;
        offer(s);
      }
  }

  void offerVectors(Schedule s) {
    for (int64_t v : vectors) {
      s.vector = v;
      offer(s);
    }
  }

  /// Block tiles along the loop `fromEnd` places from the innermost
  /// parallel one: powers of two up to the first covering it, and the whole
  /// innermost loop when it is longer (one block per row, whose threads
  /// share its reductions).
  std::vector<int64_t> innerSizes(size_t fromEnd) const {
    if (fromEnd >= parallel.size())
      return {1};
    int64_t bound = k.loops[parallel[parallel.size() - 1 - fromEnd]].size;
    std::vector<int64_t> v;
    for (int64_t s : kSizes)
      if (s < bound * 2) // the first size covering the loop, and below
        v.push_back(s);
    if (fromEnd == 0 && bound > kSizes.back())
      v.push_back(bound);
    return v;
  }

  /// Tensor cores (mma.sync, MFMA) for a contraction that takes them:
  /// block tiles of 32 to 256 up to M and N (a last partial tile is
  /// shifted back, so it need not divide them; 16 rows where M is 16 to
  /// 31, which no other tile fits: a decode step's few tokens), K steps of
  /// 16 to 64 dividing K, warp tiles of 16 to 64 x 8 to 64 (MFMA: 16 to 64
  /// x 16 to 64, wavefronts of 64 lanes) making 1 to 8 warps.
  void tensorCoreTiles(ComputeClass compute) {
    int64_t narrowest = compute == ComputeClass::Mfma ? 16 : 8;
    int64_t m = k.loops[parallel[parallel.size() - 2]].size;
    int64_t n = k.loops[parallel.back()].size;
    int64_t kSize = model::contractionReduction(k);
    for (int64_t bm : {16, 32, 64, 128, 256})
      for (int64_t bn : {32, 64, 128, 256})
        for (int64_t step : {16, 32, 64}) {
          if (bm > m || (bm == 16 && m >= 32) || bn > n || kSize % step)
            continue;
          for (int64_t wm : {16, 32, 64})
            for (int64_t wn : {8, 16, 32, 64}) {
              if (wn < narrowest || bm % wm || bn % wn ||
                  (bm / wm) * (bn / wn) > 8)
                continue;
              Schedule tc = mmaSchedule(bm, bn, step, wm, wn, compute);
              offerEpilogueVectors(tc);
              offer(tc);
            }
        }
  }

  /// Warpgroup MMA for a matmul that takes it: 1 to 4 warpgroups of 64
  /// rows, N of 64 to 256 up to the matrix's (a last partial tile is
  /// shifted back), K steps of 64 (TMA zero-fills past K), 2 to 7 stages;
  /// a batch_matmul's block takes one batch element. Three warpgroups
  /// (192 rows, as FlashAttention-3's tiles) cover M = 384 in two whole
  /// blocks, where 256-row ones recompute 128 rows in a shifted second
  /// block, and 257 rows in two blocks, where 128-row ones take three;
  /// they are offered after the powers of two, so that where the model
  /// finds them equal (the third key too) the measured shapes stay first.
  ///
  /// `threadCopies`: the same tiles with the block's threads copying the
  /// operands (a warp tile of 16 rows of the block's N: tessel-lower-mma).
  void wgmmaTiles(bool threadCopies = false) {
    using W = WgmmaShape;
    size_t rank = parallel.size();
    int64_t m = k.loops[parallel[rank - 2]].size,
            n = k.loops[parallel[rank - 1]].size;
    for (int64_t groups : {1, 2, 4, 3})
      for (int64_t bn = W::kNChunk; bn <= W::kMaxN; bn += W::kNChunk) {
        if (W::kM * groups > m || bn > n)
          continue;
        Schedule s;
        s.block = {W::kM * groups, bn, W::kKBytes / 2};
        if (rank == 3)
          s.block.insert(s.block.begin(), 1);
        s.warps = W::kWarpsPerGroup * groups;
        s.compute = ComputeClass::Wgmma;
        if (threadCopies) {
          s.warp.assign(s.block.size(), 1);
          s.warp[rank - 2] = MmaSyncShape::kM;
          s.warp[rank - 1] = bn;
          s.warp[rank] = s.block.back();
        }
        offerEpilogueVectors(s);
        offer(s);
      }
  }

  /// A tensor-core schedule `s` with its epilogue in vectors, widest first:
  /// each thread takes v consecutive columns of as many rows as the
  /// block's threads leave it (a thread tile of [.., rows, v, K step]), so
  /// that it reads the accumulator in 16-byte shared loads and writes
  /// 16-byte (or v-element) global stores. Offered before the scalar
  /// epilogue, so that where the model finds them equal (it does not price
  /// the epilogue's stores) the vectors win: on the H200, 8-wide wgmma
  /// epilogues measured 1-24 % faster than 1-wide (bench/data/h200
  /// suite-ranks-2026-11-27a and -27e, the bias, GELU and residual GEMMs)
  /// and never slower beyond the noise; mma.sync and MFMA share the
  /// epilogue's code and are not measured yet.
  void offerEpilogueVectors(const Schedule &s) {
    // block = [.., M, N, K step].
    size_t last = s.block.size() - 1;
    int64_t bm = s.block[last - 2], bn = s.block[last - 1];
    int64_t threads = s.warps * t.warpSize();
    for (auto it = epilogueVectors.rbegin(); it != epilogueVectors.rend();
         ++it) {
      int64_t v = *it;
      int64_t across = bn / v;
      if (bn % v || threads % across || bm % (threads / across))
        continue;
      // (A thread tile divides the warp tile: wgmma's warps hold 16 rows.)
      if (s.compute == ComputeClass::Wgmma && !s.warp.empty() &&
          s.warp[last - 2] % (bm / (threads / across)))
        continue;
      Schedule vs = s;
      vs.vector = v;
      vs.thread.assign(s.block.size(), 1);
      vs.thread[last - 2] = bm / (threads / across);
      vs.thread[last - 1] = v;
      vs.thread[last] = s.block[last];
      offer(vs);
    }
  }

  Schedule mmaSchedule(int64_t bm, int64_t bn, int64_t step, int64_t wm,
                       int64_t wn, ComputeClass compute) const {
    Schedule tc;
    tc.block.assign(parallel.size() + 1, 1);
    tc.warp.assign(parallel.size() + 1, 1);
    size_t last = parallel.size();
    tc.block[last - 2] = bm;
    tc.block[last - 1] = bn;
    tc.block[last] = step;
    tc.warp[last - 2] = wm;
    tc.warp[last - 1] = wn;
    tc.warp[last] = step;
    tc.warps = (bm / wm) * (bn / wn);
    tc.compute = compute;
    return tc;
  }

  /// SIMT: y x x block tiles of the two innermost parallel loops, 1 to 8
  /// warps, with vector widths, a third loop where the second is short,
  /// vector thread tiles, and K steps.
  void simtTiles() {
    // Where the second innermost loop is short (an im2col's window column,
    // a few heads), block tiles also take a third loop, the short one
    // whole, so that a block is not a sliver.
    int64_t shortLoop = 0;
    if (!k.kSteppable && parallel.size() >= 3)
      if (int64_t size = k.loops[parallel[parallel.size() - 2]].size;
          size <= 16)
        shortLoop = size;
    for (int64_t warps : {1, 2, 4, 8})
      for (int64_t y : innerSizes(1))
        for (int64_t x : innerSizes(0)) {
          Schedule s;
          s.block = {y, x};
          s.warps = warps;
          offer(s);
          offerVectors(s);
          if (shortLoop && y == 1)
            for (int64_t z : innerSizes(2)) {
              if (z == 1)
                continue;
              Schedule wide = s;
              wide.block = {z, shortLoop, x};
              offer(wide);
              offerVectors(wide);
            }
          vectorThreadTiles(s, x, y);
          if (!kSteps.empty() && parallel.size() >= 2)
            kStepTiles(s, x, y);
        }
  }

  /// Vector steps with every warp: each thread takes tx contiguous elements
  /// of a row (a thread tile of 1 x tx), tx a vector width.
  void vectorThreadTiles(const Schedule &s, int64_t x, int64_t y) {
    int64_t threads = s.warps * t.warpSize();
    for (int64_t tx : vectors) {
      if (x % tx || y * (x / tx) != threads)
        continue;
      Schedule tiled = s;
      tiled.thread = {1, tx};
      tiled.vector = tx;
      offer(tiled);
    }
  }

  /// K steps: one entry per parallel loop (1 for the leading ones), then
  /// the step; each also with register tiles of ty x tx outputs per thread,
  /// the block's threads exactly covering its tile.
  void kStepTiles(const Schedule &s, int64_t x, int64_t y) {
    int64_t threads = s.warps * t.warpSize();
    Schedule stepped = s;
    stepped.block.assign(parallel.size(), 1);
    stepped.block[parallel.size() - 2] = y;
    stepped.block[parallel.size() - 1] = x;
    stepped.block.push_back(0);
    for (int64_t step : kSteps) {
      stepped.block.back() = step;
      stepped.thread.clear();
      offer(stepped);
      for (int64_t ty : {1, 2, 4, 8})
        for (int64_t tx : {1, 2, 4, 8}) {
          if (ty * tx < 4 || y % ty || x % tx || (y / ty) * (x / tx) != threads)
            continue;
          Schedule tiled = stepped;
          tiled.thread.assign(parallel.size(), 1);
          tiled.thread[parallel.size() - 2] = ty;
          tiled.thread[parallel.size() - 1] = tx;
          tiled.thread.push_back(step);
          offer(tiled);
          offerVectors(tiled);
        }
    }
  }

  static constexpr std::array<int64_t, 9> kSizes = {1,  2,  4,   8,  16,
                                                    32, 64, 128, 256};
  const KernelDesc &k;
  const Target &t;
  const Visit &visit;
  bool pipelines;
  std::vector<int> parallel;
  std::vector<int64_t> kSteps, vectors;
  /// fewestReadsRaster by (block tile, blocks per SM).
  std::map<std::pair<std::vector<int64_t>, int64_t>, int64_t> rasters;
  /// The vector widths of a tensor-core kernel's epilogue: an elementwise
  /// root's `vectors`, or a root contraction's copy to its output.
  std::vector<int64_t> epilogueVectors;
};

} // namespace

void forEachPredicted(
    const KernelDesc &k, const Target &t,
    const std::function<void(const Schedule &, const Prediction &)> &visit) {
  Enumerator(k, t, visit).run();
}

} // namespace mlir::tessel
