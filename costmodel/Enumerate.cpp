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

void forEachPredicted(
    const KernelDesc &k, const Target &t,
    const std::function<void(const Schedule &, const Prediction &)> &visit) {
  std::vector<int> parallel;
  for (int i = 0; i < int(k.loops.size()); ++i)
    if (!k.loops[i].reduction)
      parallel.push_back(i);
  // A K step on NVIDIA sm_80+ may also be pipelined, 2 to 4 stages.
  bool pipelines = t.hasAsyncCopy();
  auto offer = [&](const Schedule &s) {
    Prediction p = predict(k, s, t);
    if (p.legal)
      visit(s, p);
    if (!pipelines || model::kStepOf(k, s) == 0)
      return;
    for (int64_t stages : {2, 3, 4}) {
      Schedule staged = s;
      staged.stages = stages;
      Prediction q = predict(k, staged, t);
      if (q.legal)
        visit(staged, q);
    }
  };
  std::vector<int64_t> sizes = {1, 2, 4, 8, 16, 32, 64, 128, 256};
  auto innerSizes = [&](size_t fromEnd) {
    if (fromEnd >= parallel.size())
      return std::vector<int64_t>{1};
    int64_t bound = k.loops[parallel[parallel.size() - 1 - fromEnd]].size;
    std::vector<int64_t> v;
    for (int64_t s : sizes)
      if (s < bound * 2) // the first size covering the loop, and below
        v.push_back(s);
    // A tile spanning a long row: one block per row, whose threads share
    // its reductions.
    if (fromEnd == 0 && bound > sizes.back())
      v.push_back(bound);
    return v;
  };
  // K steps for a contraction: powers of two from 16 to 64, up to the
  // first that covers its reduction.
  std::vector<int64_t> kSteps;
  if (int64_t reduction = model::contractionReduction(k);
      k.kSteppable && reduction)
    for (int64_t step = 16; step <= 64 && step < 2 * reduction; step *= 2)
      kSteps.push_back(step);
  // Vector widths for an elementwise root: up to 16 bytes of its narrowest
  // operand per lane (one ld.global.v4).
  std::vector<int64_t> vectors;
  if (k.elementwiseRoot) {
    int64_t narrowest = 4;
    for (const Operand &o : k.operands)
      narrowest = std::min(narrowest, elementBytes(o.type));
    for (int64_t v = 2; v * narrowest <= 16; v *= 2)
      vectors.push_back(v);
  }
  auto offerVectors = [&](Schedule s) {
    for (int64_t v : vectors) {
      s.vector = v;
      offer(s);
    }
  };
  // Tensor cores (mma.sync) for a contraction that takes them: block tiles
  // of 32 to 256 dividing M and N, K steps of 16 to 64 dividing K, warp
  // tiles of 16 to 64 x 8 to 64 making 1 to 8 warps.
  if (k.mmaSyncable && t.hasMmaSync() && parallel.size() >= 2) {
    int64_t m = k.loops[parallel[parallel.size() - 2]].size;
    int64_t n = k.loops[parallel.back()].size;
    int64_t kSize = model::contractionReduction(k);
    for (int64_t bm : {32, 64, 128, 256})
      for (int64_t bn : {32, 64, 128, 256})
        for (int64_t step : {16, 32, 64}) {
          if (m % bm || n % bn || kSize % step)
            continue;
          for (int64_t wm : {16, 32, 64})
            for (int64_t wn : {8, 16, 32, 64}) {
              if (bm % wm || bn % wn)
                continue;
              int64_t warps = (bm / wm) * (bn / wn);
              if (warps > 8)
                continue;
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
              tc.warps = warps;
              tc.compute = ComputeClass::MmaSync;
              offer(tc);
              offerVectors(tc);
            }
        }
  }
  // Where the second innermost loop is short (an im2col's window column, a
  // few heads), block tiles also take a third loop, the short one whole,
  // so that a block is not a sliver.
  int64_t shortLoop = 0;
  if (!k.kSteppable && parallel.size() >= 3)
    if (int64_t size = k.loops[parallel[parallel.size() - 2]].size; size <= 16)
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
        // Vector steps with every warp: each thread takes tx contiguous
        // elements of a row (a thread tile of 1 x tx), tx a vector width.
        int64_t threads = warps * t.warpSize();
        for (int64_t tx : vectors) {
          if (x % tx || y * (x / tx) != threads)
            continue;
          Schedule tiled = s;
          tiled.thread = {1, tx};
          tiled.vector = tx;
          offer(tiled);
        }
        if (kSteps.empty() || parallel.size() < 2)
          continue;
        // One entry per parallel loop (1 for the leading ones), then the
        // step.
        Schedule stepped = s;
        stepped.block.assign(parallel.size(), 1);
        stepped.block[parallel.size() - 2] = y;
        stepped.block[parallel.size() - 1] = x;
        stepped.block.push_back(0);
        for (int64_t step : kSteps) {
          stepped.block.back() = step;
          stepped.thread.clear();
          offer(stepped);
          // Register tiles: ty x tx outputs per thread, the block's threads
          // exactly covering its tile.
          for (int64_t ty : {1, 2, 4, 8})
            for (int64_t tx : {1, 2, 4, 8}) {
              if (ty * tx < 4 || y % ty || x % tx ||
                  (y / ty) * (x / tx) != threads)
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
}

} // namespace mlir::tessel
