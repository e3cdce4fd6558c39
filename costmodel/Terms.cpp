//===- Terms.cpp - The cost model's time terms ----------------------------===//
//
// Terms 2 to 9 of the cost model (docs/cost-model.md): tiles and waves, then
// each limit as a time on its own (compute, L1 loads, DRAM, L2, latency,
// blocks, launch), the binding one, and what the hardware allows for the
// work. Each reads the shared Context and the thread work of ThreadWork.cpp.
//
//===----------------------------------------------------------------------===//

#include "costmodel/ModelTerms.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <unordered_map>

namespace mlir::tessel::model {

/// The N at which a warpgroup's wgmma reaches half its
/// wgmma_warpgroup_fraction (the shape of that fit, `f N / (N + 32)`,
/// fitted with it on run i: 32 columns, a wgmma's fixed cost as wide as
/// that much of its N).
static constexpr double kWgmmaHalfRateN = 32;

// 2. Tiles, blocks and waves. Blocks are spread over the SMs; the busiest
// SM runs ceil(blocks / SMs) of them, sharing its compute and its link to
// the memory system, so time is quantized per SM: one block more than the
// SMs hold costs a whole block's time on some SM.
double blocksAndWaves(const Context &c, Prediction &p) {
  p.blocks = 1;
  for (size_t j = 0; j < c.parallel.size(); ++j) {
    int64_t size = c.kernel.loops[c.parallel[j]].size;
    p.blocks *= (size + c.tiles[j] - 1) / c.tiles[j];
  }
  return spreadBlocks(c.target, p);
}

double spreadBlocks(const Target &t, Prediction &p) {
  double sms = t.get(TargetField::SMCount);
  p.waves = double(p.blocks) / (sms * double(p.blocksPerSM));
  return std::ceil(double(p.blocks) / sms);
}

// 3. Compute: the work each thread executes (see Work), at one SM's share
// of the class's peak.
double computeTime(const Context &c, const ThreadGeometry &g, const WorkCost &w,
                   double blocksOnBusiestSM, Prediction &p) {
  const Target &t = c.target;
  double threads = double(c.threadsPerBlock);
  double sms = t.get(TargetField::SMCount);
  // Idle lanes of a warp that runs cost as much as busy ones; warps with no
  // element cost nothing (a cooperative reduction keeps every thread busy).
  double busyThreads =
      c.everyThread ? threads : g.activeWarps * double(t.warpSize());
  double perBlockFlops = busyThreads * w.perThreadFlops;
  ElementType narrow = narrowestInput(c.kernel);
  double simtPeak = peakFlops(t, ComputeClass::Simt, narrow);
  // An SM reaches its share of the peak only with a thread per lane; fewer
  // resident threads (few or small blocks) use fewer of them.
  double residentThreads =
      std::min(blocksOnBusiestSM, double(p.blocksPerSM)) * threads;
  double laneUse = std::min(1.0, residentThreads / lanesPerSM(t));
  p.computeUs =
      blocksOnBusiestSM * perBlockFlops / (simtPeak / sms * laneUse) * 1e6;
  if (!c.mma)
    return simtPeak;
  // Tensor cores: the mma.sync flops at the tensor peak, scaled by what
  // mma.sync reaches of it; after the SIMT work (a K step's copies and its
  // mma.sync are separated by barriers).
  double peak = peakFlops(t, c.schedule.compute, narrow);
  // wgmma reaches what the target's best measured GEMM does (cuBLAS, whose
  // sm_90 kernels are wgmma kernels), as MFMA does on AMD (hipBLASLt's are
  // MFMA kernels); mma.sync its own fraction.
  TargetField fraction = c.wgmma || c.mfma
                             ? TargetField::TensorAchievableFraction
                             : TargetField::MmaSyncPeakFraction;
  double dense = peak;
  if (usable(t, fraction, p.uncalibrated))
    peak *= t.get(fraction);
  // No class beats the best GEMM measured on the target: where mma.sync's
  // fraction is the dense peak's (the A100's 1.0), cuBLAS's stands.
  if (!c.wgmma && t.has(TargetField::TensorAchievableFraction))
    peak = std::min(peak, dense * t.get(TargetField::TensorAchievableFraction));
  double residentWarps = std::min(blocksOnBusiestSM, double(p.blocksPerSM)) *
                         double(c.schedule.warps);
  // A warpgroup's wgmma reaches a part of the peak that grows with its
  // instruction's N (the block's N: each warpgroup covers 64 rows and all
  // of it); the warpgroups resident on an SM add up to the class's
  // fraction (bench/data/h200 run i: one warpgroup on 64 x 192 tiles at 41
  // % of the SM's rate, two on 128 x 128 at all of it).
  if (c.wgmma &&
      usable(t, TargetField::WgmmaWarpgroupFraction, p.uncalibrated)) {
    double groups = residentWarps / double(WgmmaShape::kWarpsPerGroup);
    double n = double(c.tileN());
    peak = std::min(peak, dense * groups *
                              t.get(TargetField::WgmmaWarpgroupFraction) * n /
                              (n + kWgmmaHalfRateN));
  }
  // Each warp issues its mma.sync on one of the SM's tensor units (one per
  // sub-partition): fewer resident warps than units leave some idle, as
  // fewer threads than lanes do for SIMT work.
  double unitUse = 1;
  if (usable(t, TargetField::TensorUnitsPerSM, p.uncalibrated))
    unitUse =
        std::min(1.0, residentWarps / t.get(TargetField::TensorUnitsPerSM));
  p.computeUs +=
      blocksOnBusiestSM * w.tensorFlopsPerBlock / (peak / sms * unitUse) * 1e6;
  return peak;
}

// 3b. Loads: what each warp's loads (and a pure elementwise kernel's
// stores) move through the SM's L1, which returns l1_bytes_per_clock.
double loadsTime(const Context &c, const ThreadGeometry &g, const WorkCost &w,
                 double blocksOnBusiestSM, Prediction &p) {
  const Target &t = c.target;
  if (!usable(t, TargetField::L1BytesPerClock, p.uncalibrated))
    return 0;
  double warps = c.everyThread ? double(c.schedule.warps) : g.activeWarps;
  return blocksOnBusiestSM * warps *
         (w.perWarpLoadBytes + w.perWarpStoreBytes) /
         (t.get(TargetField::L1BytesPerClock) *
          t.get(TargetField::SimtClockGHz) * 1e9) *
         1e6;
}

/// An operand's footprint in bytes: each element once.
static double footprintBytes(const KernelDesc &k, const Operand &o) {
  double bytes = double(dtypeBytes(o.type));
  for (int l : o.loops)
    bytes *= double(k.loops[l].size);
  return bytes;
}

// 4. DRAM: each operand's footprint once (unique bytes), or, where blocks
// reread an input (a contraction's K panels), what each wave of resident
// blocks reads of it (waveReadBytes), at the achievable bandwidth for that
// much data.
double dramTime(const Context &c, Prediction &p, double *uniqueBytes) {
  double unique = 0, inputs = 0;
  for (const Operand &o : c.kernel.operands) {
    double bytes = footprintBytes(c.kernel, o);
    unique += bytes;
    if (!o.output)
      inputs += bytes;
  }
  p.dramBytes = unique;
  const Target &t = c.target;
  if (t.has(TargetField::L2ReuseBytes) &&
      inputs > t.get(TargetField::L2ReuseBytes))
    if (std::optional<double> waves = waveReadBytes(c, p);
        waves && *waves > inputs &&
        usable(t, TargetField::L2ReuseBytes, p.uncalibrated))
      p.dramBytes += *waves - inputs;
  if (uniqueBytes)
    *uniqueBytes = unique;
  return p.dramBytes / dramBandwidth(t, p.dramBytes, p.uncalibrated) * 1e6;
}

// Blocks start in the order of their ids (with raster = 1 the root's last
// parallel loop fastest: it is the grid's x; with raster = G, groups of G
// rows of tiles of the last two loops, each walked down its rows, then
// across: rasterBlock), SMs x blocksPerSM of them at a time.
// Each such wave reads from DRAM the tiles of every input its blocks index,
// once however many of its blocks share them (they meet in L2), and none
// from the wave before: a GEMM's whole set of operand panels, a wave's
// footprint, passes through L2 again for the next. Nsight Compute on the
// H200 (bench/data/h200/ncu-gemms-2026-11-27f.csv) measured the DRAM reads
// of the 18 wgmma GEMM anchors of that run this way to 0.1 % each, 35 MB
// to 1.98 GB (LLaMA M = 8192, N = 11008 on 128 x 256 tiles: 12.6 times its
// inputs; its 21 waves each read three A panels and all 43 B panels). An
// input set no larger than l2_reuse_bytes stays in L2 and is read once
// (dramTime). Two parallel loops take a few pieces of ids a wave (one per
// group it crosses); more loops, a run of ids along the last loop at a
// time, merged, and past kMaxWaveRuns runs, nullopt (unique bytes stand).
namespace {
/// The grid the waves walk: each parallel loop's size and count of tiles,
/// the blocks in all, and the blocks of a wave (SMs x blocks per SM).
struct WaveGrid {
  std::vector<int64_t> sizes, counts;
  int64_t blocks = 1, wave = 0;

  WaveGrid(const Context &c, const Prediction &p)
      : sizes(c.parallel.size()), counts(c.parallel.size()),
        wave(int64_t(c.target.get(TargetField::SMCount)) * p.blocksPerSM) {
    for (size_t j = 0; j < c.parallel.size(); ++j) {
      sizes[j] = c.kernel.loops[c.parallel[j]].size;
      counts[j] = (sizes[j] + c.tiles[j] - 1) / c.tiles[j];
      blocks *= counts[j];
    }
  }
};
} // namespace

static std::optional<double> walkWaves(const Context &c, const WaveGrid &grid);

std::optional<double> waveReadBytes(const Context &c, const Prediction &p) {
  if (c.parallel.empty() || p.blocksPerSM < 1)
    return std::nullopt;
  // One wave reads each tile once.
  int64_t wave = int64_t(c.target.get(TargetField::SMCount)) * p.blocksPerSM;
  if (p.blocks > 0 && p.blocks <= wave)
    return std::nullopt;
  // A schedule search predicts tens of thousands of schedules a kernel, of
  // a few hundred tilings: a walk is remembered, by what it reads (the
  // parallel loops' sizes and tiles, the wave, the raster, the inputs'
  // loops).
  std::vector<int64_t> key = {wave, c.schedule.raster};
  for (size_t j = 0; j < c.parallel.size(); ++j) {
    key.push_back(c.kernel.loops[c.parallel[j]].size);
    key.push_back(c.tiles[j]);
  }
  for (const Operand &o : c.kernel.operands) {
    if (o.output)
      continue;
    key.push_back(-1 - int64_t(dtypeBytes(o.type)));
    for (int l : o.loops) {
      auto it = std::find(c.parallel.begin(), c.parallel.end(), l);
      key.push_back(it == c.parallel.end() ? -1000 - c.kernel.loops[l].size
                                           : int64_t(it - c.parallel.begin()));
    }
  }
  struct Hash {
    size_t operator()(const std::vector<int64_t> &v) const {
      size_t h = v.size();
      for (int64_t x : v)
        h ^= std::hash<int64_t>()(x) + 0x9e3779b97f4a7c15ULL + (h << 6) +
             (h >> 2);
      return h;
    }
  };
  thread_local std::unordered_map<std::vector<int64_t>, std::optional<double>,
                                  Hash>
      walked;
  if (auto it = walked.find(key); it != walked.end())
    return it->second;
  if (walked.size() > 100000)
    walked.clear();
  std::optional<double> bytes = walkWaves(c, WaveGrid(c, p));
  walked.emplace(std::move(key), bytes);
  return bytes;
}

std::pair<int64_t, int64_t> rasterBlock(int64_t id, int64_t rows, int64_t cols,
                                        int64_t group) {
  group = std::clamp<int64_t>(group, 1, std::max<int64_t>(rows, 1));
  int64_t span = group * cols;
  int64_t first = id / span * group;
  int64_t height = std::min(rows - first, group);
  int64_t in = id % span;
  return {first + in % height, in / height};
}

int64_t fewestReadsRaster(const KernelDesc &k, const Schedule &s,
                          const Prediction &p, const Target &t) {
  // Tensor-core matmuls (the GEMMs whose waves the data measured): a SIMT
  // schedule, a batch_matmul or a split-K partial (three parallel loops,
  // whose walks would cost the search seconds) takes a raster only where
  // one is given, and is priced with it.
  if (!p.legal || s.raster != 1 || s.compute == ComputeClass::Simt ||
      !t.has(TargetField::L2ReuseBytes))
    return 1;
  // Inputs that stay in L2 are read once in any order (dramTime).
  double inputs = 0;
  for (const Operand &o : k.operands)
    inputs += o.output ? 0 : footprintBytes(k, o);
  if (inputs <= t.get(TargetField::L2ReuseBytes))
    return 1;
  Context linear(k, s, t);
  if (linear.parallel.size() != 2)
    return 1;
  int64_t rows = WaveGrid(linear, p).counts[0];
  std::optional<double> fewest = waveReadBytes(linear, p);
  if (!fewest || rows < 2)
    return 1;
  int64_t best = 1;
  Schedule grouped = s;
  // Powers of two up to the first that covers every row (the plane walked
  // a column at a time), 64 at most.
  for (int64_t group = 2; group <= kMaxRasterGroup; group *= 2) {
    grouped.raster = std::min(group, rows);
    Context c(k, grouped, t);
    std::optional<double> bytes = waveReadBytes(c, p);
    if (bytes && *bytes < *fewest) {
      fewest = bytes;
      best = grouped.raster;
    }
    if (group >= rows)
      break;
  }
  return best;
}

static std::optional<double> walkWaves(const Context &c, const WaveGrid &grid) {
  size_t rank = c.parallel.size();
  const std::vector<int64_t> &sizes = grid.sizes, &counts = grid.counts;
  int64_t blocks = grid.blocks, wave = grid.wave;
  // The plane of the last two parallel loops (a matmul's rows and columns
  // of tiles), which the raster walks in groups of `group` rows.
  int64_t cols = counts[rank - 1];
  int64_t rows = rank >= 2 ? counts[rank - 2] : 1;
  int64_t group = std::clamp<int64_t>(c.schedule.raster, 1, rows);
  int64_t plane = rows * cols, span = group * cols;
  // The tile's extent along parallel position j at block index i (the last
  // tile may be partial); summed over the indices [a, b).
  auto extentSum = [&](size_t j, int64_t a, int64_t b) {
    return double(std::min(b * c.tiles[j], sizes[j]) - a * c.tiles[j]);
  };
  struct Input {
    std::vector<size_t> indexed; // parallel positions (but the last) it takes
    bool byLast = false;         // indexed by the last parallel loop
    bool byRow = false;          // ... by the one before (rank >= 2)
    double rest = 1;             // bytes along its other loops, whole
  };
  std::vector<Input> inputs;
  // Blocks reread an input along a parallel loop that does not index it,
  // and it is a panel (whole along a loop of its own: a contraction's K),
  // not a broadcast vector.
  bool reread = false;
  for (const Operand &o : c.kernel.operands) {
    if (o.output)
      continue;
    Input in;
    in.rest = double(dtypeBytes(o.type));
    bool panel = false;
    for (int l : o.loops) {
      auto it = std::find(c.parallel.begin(), c.parallel.end(), l);
      if (it == c.parallel.end()) {
        in.rest *= double(c.kernel.loops[l].size);
        panel = true;
        continue;
      }
      size_t j = size_t(it - c.parallel.begin());
      if (j + 1 == rank)
        in.byLast = true;
      else
        in.indexed.push_back(j);
      in.byRow |= rank >= 2 && j + 2 == rank;
    }
    for (size_t j = 0; panel && j < rank; ++j)
      reread |= counts[j] > 1 &&
                (j + 1 == rank ? !in.byLast
                               : std::find(in.indexed.begin(), in.indexed.end(),
                                           j) == in.indexed.end());
    inputs.push_back(std::move(in));
  }
  if (!reread)
    return std::nullopt;

  // A wave's ids [start, end) in pieces, each within one group of one
  // plane: the plane's index (the leading loops' tile indices as one
  // number), the rows of tiles the piece crosses (one or two intervals) and
  // its columns [c0, c1). In a group, ids walk down its rows, then across.
  struct Piece {
    int64_t outer, c0, c1;
    std::array<std::pair<int64_t, int64_t>, 2> rows;
    int numRows;
  };
  auto forEachPiece = [&](int64_t start, int64_t end, auto &&fn) {
    for (int64_t id = start; id < end;) {
      int64_t outer = id / plane, local = id % plane;
      int64_t g = local / span, first = g * group;
      int64_t height = std::min(rows - first, group);
      int64_t s = local - g * span;
      int64_t e = std::min(std::min(plane, (g + 1) * span), local + end - id) -
                  g * span;
      Piece piece{outer, s / height, (e - 1) / height + 1, {}, 1};
      int64_t r0 = s % height, r1 = (e - 1) % height;
      if (e - s >= height)
        piece.rows[0] = {first, first + height};
      else if (r0 <= r1)
        piece.rows[0] = {first + r0, first + r1 + 1};
      else {
        piece.rows[0] = {first + r0, first + height};
        piece.rows[1] = {first, first + r1 + 1};
        piece.numRows = 2;
      }
      fn(piece);
      id += e - s;
    }
  };

  double total = 0;
  // An input that both loops index (a residual) is read once whatever the
  // order: its tiles are the blocks' own.
  auto ownTiles = [&](const Input &in) {
    return in.byLast && in.byRow && in.indexed.size() + 1 == rank;
  };
  // Two parallel loops at most (a matmul's), by linear id: a wave's rows
  // r0..r1, the first from column a0, the last to column b1.
  if (rank <= 2 && group == 1) {
    for (int64_t start = 0; start < blocks; start += wave) {
      int64_t end = std::min(blocks, start + wave);
      int64_t r0 = start / cols, a0 = start % cols;
      int64_t r1 = (end - 1) / cols, b1 = (end - 1) % cols + 1;
      for (const Input &in : inputs) {
        if (ownTiles(in))
          continue;
        // (byRow: rank 2, the rows are position 0.)
        double rowExtent = in.byRow ? extentSum(0, r0, r1 + 1) : 1;
        double columns = 1;
        if (in.byLast && r0 == r1)
          columns = extentSum(rank - 1, a0, b1);
        else if (in.byLast && r1 == r0 + 1 && b1 < a0)
          columns = extentSum(rank - 1, a0, cols) + extentSum(rank - 1, 0, b1);
        else if (in.byLast)
          columns = double(sizes[rank - 1]);
        total += in.rest * rowExtent * columns;
      }
    }
    for (const Input &in : inputs)
      if (ownTiles(in))
        total += in.rest * double(sizes[0]) * double(sizes[1]);
    return total;
  }
  // ... in groups: a wave's pieces lie in different groups, so their rows
  // never meet; their columns are merged.
  if (rank <= 2) {
    std::vector<std::pair<int64_t, int64_t>> columns;
    for (int64_t start = 0; start < blocks; start += wave) {
      int64_t end = std::min(blocks, start + wave);
      double rowExtent = 0;
      columns.clear();
      forEachPiece(start, end, [&](const Piece &piece) {
        for (int r = 0; r < piece.numRows; ++r)
          rowExtent += rank == 2 ? extentSum(0, piece.rows[r].first,
                                             piece.rows[r].second)
                                 : 1;
        columns.emplace_back(piece.c0, piece.c1);
      });
      std::sort(columns.begin(), columns.end());
      double columnExtent = 0;
      int64_t reached = 0;
      for (auto [a, b] : columns) {
        a = std::max(a, reached);
        if (b > a)
          columnExtent += extentSum(rank - 1, a, b);
        reached = std::max(reached, b);
      }
      for (const Input &in : inputs)
        if (!ownTiles(in))
          total += in.rest * (in.byRow ? rowExtent : 1) *
                   (in.byLast ? columnExtent : 1);
    }
    for (const Input &in : inputs)
      if (ownTiles(in))
        total += in.rest * double(sizes[0]) * double(sizes[1]);
    return total;
  }

  // More loops: each wave's runs along the last loop, a tile of an input
  // at a time, merged. A longer walk is left out.
  constexpr int64_t kMaxWaveRuns = 4096;
  if (blocks / cols + blocks / std::max<int64_t>(wave, 1) * group >
      kMaxWaveRuns)
    return std::nullopt;
  // A tile of an input a wave reads: its index along the input's other
  // parallel loops (as one number), its bytes there, and a run [a, b) of
  // last-loop indices (or [0, 1) where the last loop does not index it).
  struct Run {
    int64_t key, a, b;
    double bytes;
    bool operator<(const Run &o) const {
      return key != o.key ? key < o.key : a < o.a;
    }
  };
  std::vector<Run> runs;
  std::vector<int64_t> digits(rank);
  for (int64_t start = 0; start < blocks; start += wave) {
    int64_t end = std::min(blocks, start + wave);
    for (const Input &in : inputs) {
      runs.clear();
      forEachPiece(start, end, [&](const Piece &piece) {
        int64_t outer = piece.outer;
        for (size_t j = rank - 2; j-- > 0;) {
          digits[j] = outer % counts[j];
          outer /= counts[j];
        }
        int64_t key = 0;
        double bytes = in.rest;
        for (size_t j : in.indexed) {
          if (j + 2 == rank)
            continue;
          key = key * counts[j] + digits[j];
          bytes *= extentSum(j, digits[j], digits[j] + 1);
        }
        auto add = [&](int64_t k, double b) {
          runs.push_back(in.byLast ? Run{k, piece.c0, piece.c1, b}
                                   : Run{k, 0, 1, b});
        };
        if (!in.byRow) {
          add(key, bytes);
          return;
        }
        for (int r = 0; r < piece.numRows; ++r)
          for (int64_t row = piece.rows[r].first; row < piece.rows[r].second;
               ++row)
            add(key * rows + row, bytes * extentSum(rank - 2, row, row + 1));
      });
      // Each tile once: the union of a key's runs along the last loop.
      std::sort(runs.begin(), runs.end());
      for (size_t i = 0; i < runs.size();) {
        size_t next = i;
        double along = 0;
        int64_t reached = 0;
        for (; next < runs.size() && runs[next].key == runs[i].key; ++next) {
          int64_t a = std::max(runs[next].a, reached), b = runs[next].b;
          if (b > a)
            along += in.byLast ? extentSum(rank - 1, a, b) : 1;
          reached = std::max(reached, b);
        }
        total += runs[i].bytes * along;
        i = next;
      }
    }
  }
  return total;
}

// 5. L2 and the SMs' links to it: every block reads the part of each
// operand its tile indexes (whole along loops outside the tile) and writes
// its outputs. In all, that is L2 traffic; per SM, it is limited by the
// bytes an SM can move per clock. Both move whole sectors: each row of a
// tile (its run along the operand's contiguous dim) counts in sectors, and
// a pure elementwise kernel's output as its store instructions write it
// (w.perWarpStoreBytes: lanes a chunk apart touch a sector each). L2 also
// serves a bounded number of requests a clock: a row of a tile takes one
// per cache line it touches, a store one per sector; narrow tiles and
// scattered stores reach that before the bandwidth.
double l2Time(const Context &c, const WorkCost &w, double blocksOnBusiestSM,
              Prediction &p) {
  const Target &t = c.target;
  auto tileAlong = [&](int l) {
    auto it = std::find(c.parallel.begin(), c.parallel.end(), l);
    return it == c.parallel.end() ? double(c.kernel.loops[l].size)
                                  : double(c.tiles[it - c.parallel.begin()]);
  };
  double sector = t.has(TargetField::MemorySectorBytes)
                      ? t.get(TargetField::MemorySectorBytes)
                      : 0;
  double line = t.has(TargetField::CacheLineBytes)
                    ? t.get(TargetField::CacheLineBytes)
                    : 0;
  // The output's stores, where the kernel's work counts them.
  double storeBytes = w.perWarpStoreBytes * w.warps;
  double perBlockBytes = 0, movedBytes = 0, requests = 0;
  // With cluster = 2 (wgmma), the two blocks of a cluster (neighbouring
  // rows of tiles) share the tile of each input that a contraction reads
  // along its reduction but not along the rows (B): TMA loads it once for
  // both and multicasts it into both blocks' shared memory, so each block
  // reads half of it out of L2; each SM still receives all of it.
  double multicastSaved = 0;
  auto multicast = [&](const Operand &o) {
    if (!c.tma || c.schedule.cluster < 2 || o.output || c.parallel.size() < 2)
      return false;
    int rowLoop = c.parallel[c.parallel.size() - 2];
    bool byRows = false, byReduction = false;
    for (int l : o.loops) {
      byRows |= l == rowLoop;
      byReduction |= std::find(c.parallel.begin(), c.parallel.end(), l) ==
                     c.parallel.end();
    }
    return byReduction && !byRows;
  };
  for (const Operand &o : c.kernel.operands) {
    double bytes = double(dtypeBytes(o.type));
    double rows = 1, row = bytes;
    for (size_t i = 0; i < o.loops.size(); ++i) {
      if (i + 1 == o.loops.size())
        row *= tileAlong(o.loops[i]);
      else
        rows *= tileAlong(o.loops[i]);
    }
    perBlockBytes += rows * row;
    if (multicast(o))
      multicastSaved += rows * row * (1.0 - 1.0 / double(c.schedule.cluster));
    if (o.output && storeBytes > 0) {
      movedBytes += storeBytes;
      if (sector > 0)
        requests += storeBytes / sector;
      continue;
    }
    movedBytes +=
        sector > 0 ? rows * std::ceil(row / sector) * sector : rows * row;
    if (line > 0)
      requests += rows * std::ceil(row / line);
  }
  p.l2Bytes = (perBlockBytes - multicastSaved) * double(p.blocks);
  // A wgmma kernel's operand tiles come by TMA, which reaches more of L2
  // and of an SM's link to it than SIMT loads do (where the target has
  // those figures); its boxes are counted as their bytes, and its requests
  // are not the SIMT loads' (TMA's own limits are in its figures).
  TargetField bandwidth = TargetField::L2BandwidthTBps;
  TargetField link = TargetField::SmBytesPerClock;
  if (c.tma && t.has(TargetField::TmaL2BandwidthTBps))
    bandwidth = TargetField::TmaL2BandwidthTBps;
  if (c.tma && t.has(TargetField::TmaSmBytesPerClock))
    link = TargetField::TmaSmBytesPerClock;
  if (c.tma)
    movedBytes = perBlockBytes;
  // What L2 serves (multicast once for a cluster) and what each SM takes in.
  double servedBytes = movedBytes - multicastSaved;
  // L2's own throughput carries the SMs' traffic and the DRAM traffic
  // behind it: every byte read from DRAM is filled into L2 before an SM
  // gets it, and every byte written back drains from it (Nsight Compute's
  // lts__t_bytes counts both: 334 MB for the LLaMA M = 128, N = 11008
  // wgmma GEMM on 64 x 192 tiles, 243 MB of tile reads and 91 MB of fills,
  // bench/data/h200/ncu-small-m-2026-11-28d.csv). The bandwidths were
  // measured on L2-resident data, without fills.
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  double time = 0;
  if (usable(t, bandwidth, p.uncalibrated))
    time = (servedBytes * double(p.blocks) + p.dramBytes) /
           (t.get(bandwidth) * 1e12) * 1e6;
  if (usable(t, link, p.uncalibrated))
    time = std::max(time, blocksOnBusiestSM * movedBytes /
                              (t.get(link) * clockHz) * 1e6);
  if (!c.tma && requests > 0 && t.has(TargetField::L2RequestsPerClock))
    time = std::max(
        time, requests * double(p.blocks) /
                  (t.get(TargetField::L2RequestsPerClock) * clockHz) * 1e6);
  return time;
}

// The clocks per step of each of `population` blocks that alternate between
// `service` clocks of work on the SM, one block at a time, and `think`
// clocks away from it: population / throughput, by mean value analysis of
// the closed queue. One block: service + think; many: population x
// service.
double closedQueueCycle(double service, double think, int64_t population) {
  double queue = 0, cycle = service + think;
  for (int64_t n = 1; n <= population; ++n) {
    double response = service * (1 + queue);
    double throughput = double(n) / (response + think);
    queue = throughput * response;
    cycle = double(n) / throughput;
  }
  return cycle;
}

// A SIMT K step of one block alone on the SM, in clocks. Each k of the
// step loads its slices of the tiles from shared memory and then runs its
// FMAs on them. On NVIDIA the emitted k loop stays rolled (LLVM's NVPTX
// backend unrolls tessel-tile-and-fuse's scf.for at no thread tile; its
// AMDGPU backend, with higher unroll thresholds, unrolls it whole), so no
// k's loads are issued before the previous k's FMAs: a warp alone on its
// scheduler waits a shared-memory round trip every k, and issues an
// instruction every lane_cycles_alone clocks. Nsight Compute measured
// 2.63 clocks an instruction (38 % of issue slots) for the f32 GEMM 1024^3
// on 64 x 128 x 64 tiles, one warp a scheduler
// (bench/data/h200/ncu-suite-2026-11-27e.csv); this gives 2.73. The
// block's warps on one scheduler hide each other's waits (a closed queue
// of them, as for blocks in latencyTime). `overlapped` (the rounds
// kRoundsInFlight at a time) on AMD and where the target lacks a figure.
double simtStepAlone(const Context &c, const WorkCost &w, double overlapped,
                     Prediction &p) {
  const Target &t = c.target;
  if (t.vendor() != Vendor::NVIDIA || !t.has(TargetField::LaneCyclesAlone) ||
      !t.has(TargetField::TensorUnitsPerSM) ||
      !usable(t, TargetField::LaneCyclesAlone, p.uncalibrated) ||
      !usable(t, TargetField::L1LatencyCycles, p.uncalibrated) ||
      !usable(t, TargetField::TensorUnitsPerSM, p.uncalibrated))
    return overlapped;
  // A warp's instructions a step (an FMA's two flops each, as
  // perThreadFlops counts them), and the clocks its scheduler spends
  // issuing them: the warp's lanes over the scheduler's
  // (tensor_units_per_sm counts the sub-partitions, one scheduler each).
  double schedulers = t.get(TargetField::TensorUnitsPerSM);
  double instructions = w.perThreadFlops / 2.0 / w.kSteps;
  double issue =
      instructions * double(t.warpSize()) * schedulers / lanesPerSM(t);
  double alone =
      w.sharedRoundsPerStep * t.get(TargetField::L1LatencyCycles) +
      std::max(issue, instructions * t.get(TargetField::LaneCyclesAlone));
  int64_t perScheduler =
      int64_t(std::ceil(double(c.schedule.warps) / std::max(schedulers, 1.0)));
  double cycle = closedQueueCycle(issue, alone - issue, perScheduler);
  // The block's warps also queue for L1, which serves their shared-memory
  // wavefronts one a clock: the LSU-bound f32 GEMM above (one block of 4
  // warps an SM, 41.5 wavefronts a k and warp) waits there too.
  double fronts = w.sharedFrontsPerStep;
  if (fronts > 0 && fronts < alone)
    cycle = std::max(
        cycle, closedQueueCycle(fronts, alone - fronts, c.schedule.warps));
  return cycle;
}

// 6. Latency (Little's law): the busiest SM runs its blocks blocksPerSM at a
// time, and each thread's rounds follow one another, kRoundsInFlight of
// them overlapping, each a memory latency: an L2 hit where the kernel
// rereads its operands (L2 traffic at least twice the unique bytes), a DRAM
// access where it streams them.
//
// A K loop's steps cannot overlap that way: a barrier separates each
// step's copies to shared memory from its math. A step alone takes the
// copies' round trip (the latency, then the step's bytes over the SM's
// link to L2 at sm_bytes_per_clock), then its math: its work on the SM (the
// compute or loads term's share, whichever binds) or its chain of shared-memory
// rounds (a SIMT step's with its issue: simtStepAlone), whichever is longer.
// With S stages the copies of step k + S - 1 are issued during step k, so S
// steps' round trips overlap: each step takes max(step, (roundTrip + step) /
// S). With several blocks resident, one block's exposed latency is covered only
// while another has work for the SM, which is a closed queue: `resident` blocks
// each alternate between a step's work on the SM (its share of the compute or
// loads term) and the rest of its step alone (the latency it exposes), and mean
// value analysis (Lazowska et al., Quantitative System Performance, ch.
// 6) gives the SM's steps per clock. One block: the two add; many: the
// SM's work alone (closedQueueCycle). Each step
// copies slices no block has read before, so the first turn of blocks
// waits on DRAM (blocks reading the same line at once all wait for its
// fill); later turns find what the first read in L2 where the kernel
// rereads its operands.
double latencyTime(const Context &c, const WorkCost &w,
                   double blocksOnBusiestSM, double uniqueBytes,
                   Prediction &p) {
  const Target &t = c.target;
  bool figures = usable(t, TargetField::L2LatencyCycles, p.uncalibrated);
  figures &= usable(t, TargetField::DramLatencyCycles, p.uncalibrated);
  if (!figures)
    return 0;
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  bool streams = !c.kernel.inputsInL2 && p.l2Bytes < 2 * uniqueBytes;
  double dramLatency = t.get(TargetField::DramLatencyCycles);
  double latency = streams ? dramLatency : t.get(TargetField::L2LatencyCycles);
  // Shared-memory rounds and a walk's later loads (L1 hits) take L1's
  // latency.
  double sharedLatency = latency;
  if ((w.sharedRounds > 0 || w.sharedRoundsPerStep > 0 ||
       w.serialHitRounds > 0) &&
      usable(t, TargetField::L1LatencyCycles, p.uncalibrated))
    sharedLatency = t.get(TargetField::L1LatencyCycles);
  // A contraction's k loop without a K step waits L2's latency a round even
  // where the kernel streams its operands: the H100's SIMT GEMVs (M = 1,
  // B read once; bench/data/h100/tier2-rank0-2026-11-22.json) took 215 to
  // 250 clocks a round, under L2's latency, not DRAM's.
  double chain =
      (w.perThreadRounds * latency + w.sharedRounds * sharedLatency) /
          kRoundsInFlight +
      w.serialRounds * latency + w.serialHitRounds * sharedLatency +
      w.contractionRounds * t.get(TargetField::L2LatencyCycles);
  // A turn of `blocks` resident blocks: a contraction's later passes over
  // its pacing input find it in L1 where the blocks' footprints of it fit
  // there beside their shared memory.
  auto chainOf = [&](int64_t blocks) {
    double l1 = l1BesideShared(t, p, blocks);
    if (w.contractionRereadRounds <= 0 || l1 < 0 ||
        !usable(t, TargetField::L1LatencyCycles, p.uncalibrated) ||
        double(blocks) * w.contractionBlockBytes > l1)
      return chain;
    return chain -
           w.contractionRereadRounds * (t.get(TargetField::L2LatencyCycles) -
                                        t.get(TargetField::L1LatencyCycles));
  };
  // The busiest SM's turns: full ones of blocksPerSM blocks, and the rest in
  // the last.
  auto blocks = int64_t(std::ceil(blocksOnBusiestSM));
  int64_t perTurn = std::max<int64_t>(1, p.blocksPerSM);
  int64_t fullTurns = blocks / perTurn, rest = blocks % perTurn;
  double turns = double(fullTurns + (rest ? 1 : 0));
  double cycles =
      double(fullTurns) * chainOf(perTurn) + (rest ? chainOf(rest) : 0.0);
  // Without a K step, each link of a warp's chain (kRoundsInFlight rounds,
  // a contraction's round or a serial one) first takes its share of the
  // warp's L1 clocks (the loads term's, its stores' with them), queueing
  // there behind the other resident warps, then waits its latency: the
  // closed queue of the K loop, one warp a customer. Few warps: the two
  // add; many: L1 alone.
  if (w.kSteps == 0 && w.warps > 0 && chain > 0 &&
      t.has(TargetField::L1BytesPerClock)) {
    double links = (w.perThreadRounds + w.sharedRounds) / kRoundsInFlight +
                   w.serialRounds + w.serialHitRounds + w.contractionRounds;
    double service = (w.perWarpLoadBytes + w.perWarpStoreBytes) /
                     t.get(TargetField::L1BytesPerClock);
    // The last turn's fewer warps queue less for L1.
    auto turn = [&](int64_t blocks) {
      auto resident = int64_t(std::ceil(double(blocks) * w.warps));
      return links * closedQueueCycle(service / links, chainOf(blocks) / links,
                                      resident);
    };
    // A last, partial turn after full ones overlaps their end
    // (kLastTurnHidden of its excess over its share of a full turn).
    if (links > 0 && service > 0) {
      double full = turn(perTurn);
      cycles = double(fullTurns) * full;
      if (rest) {
        double last = turn(rest);
        double share = double(rest) / double(perTurn) * full;
        if (fullTurns > 0 && last > share)
          last -= kLastTurnHidden * (last - share);
        cycles += last;
      }
    }
  }
  if (w.kSteps > 0) {
    double stepWork = std::max(p.computeUs, p.loadsUs) * 1e-6 * clockHz /
                      (blocksOnBusiestSM * w.kSteps);
    double chain = w.sharedRoundsPerStep * sharedLatency / kRoundsInFlight;
    if (!c.mma)
      chain = simtStepAlone(c, w, chain, p);
    double step = std::max(stepWork, chain);
    double stages = double(c.schedule.stages);
    // An mma.sync step also waits, beyond its work, for its fragments'
    // shared-memory loads before its first mma.sync and for its last one
    // before the barrier: mma_sync_step_cycles, once a step of the turn
    // (the H200 measured the same cost a step with one block an SM and with
    // two: the resident blocks did not hide it). The copies in flight go on
    // meanwhile.
    // A wgmma step from the threads' copies waits for its chain before
    // the barrier that frees its tiles for the next copies: the wait the
    // fused attention's chains measured (wgmma_wait_cycles), a step.
    double stepCycles = 0;
    if (c.schedule.compute == ComputeClass::MmaSync &&
        usable(t, TargetField::MmaSyncStepCycles, p.uncalibrated))
      stepCycles = t.get(TargetField::MmaSyncStepCycles);
    if (c.wgmma && !c.tma &&
        usable(t, TargetField::WgmmaWaitCycles, p.uncalibrated))
      stepCycles = t.get(TargetField::WgmmaWaitCycles);
    // A turn of `blocks` resident blocks.
    auto loop = [&](double roundTrip, int64_t blocks) {
      double alone =
          std::max(step, (roundTrip + step + stepCycles) / stages - stepCycles);
      double work = std::min(stepWork, alone);
      return w.kSteps *
             (closedQueueCycle(work, alone - work, blocks) + stepCycles);
    };
    // The busiest SM's turns (fullTurns of perTurn blocks, and the rest),
    // each `turn(roundTrip, blocks)`: the first's copies wait on DRAM.
    auto turnsOf = [&](auto &&turn, double firstTrip, double laterTrip) {
      if (fullTurns == 0)
        return turn(firstTrip, rest);
      double total = turn(firstTrip, perTurn) +
                     double(fullTurns - 1) * turn(laterTrip, perTurn);
      return rest ? total + turn(laterTrip, rest) : total;
    };
    if (c.tma && stages >= 2 && t.has(TargetField::TmaStreamBytesPerClock)) {
      // TMA + wgmma (tessel-lower-wgmma): step k + S - 1's stage is loaded
      // once step k - 1's wgmma is complete, as step k's starts, so S - 1
      // steps cover a stage's round trip: the latency, then its bytes at
      // one block's TMA rate or, with several blocks resident, at their
      // share of the SM's link to L2.
      double tmaTransfer =
          w.stepBytes / t.get(TargetField::TmaStreamBytesPerClock);
      if (t.has(TargetField::TmaSmBytesPerClock))
        tmaTransfer =
            std::max(tmaTransfer,
                     std::min(blocksOnBusiestSM, double(p.blocksPerSM)) *
                         w.stepBytes / t.get(TargetField::TmaSmBytesPerClock));
      auto tmaLoop = [&](double roundTrip) {
        return w.kSteps *
               std::max(step, (roundTrip + tmaTransfer) / (stages - 1));
      };
      if (c.schedule.cluster > 1) {
        // With cluster = 2 a stage is refilled (by either block, into
        // both) only once both blocks are done with it: a cluster barrier
        // a step (barrier.cluster arrive and wait) in place of the
        // block's bar.sync. Measured on an H200 with a release arrive, it
        // added its cluster_barrier_cycles to every step, and the SM's
        // other resident blocks hardly hid it (a turn of them runs its
        // steps' work one block after another, then the barrier). The
        // arrive is relaxed since (tessel-lower-wgmma), not yet measured:
        // the figure stands as an upper bound until a GPU run prices it.
        double barrier = t.get(TargetField::L2LatencyCycles);
        if (usable(t, TargetField::ClusterBarrierCycles, p.uncalibrated))
          barrier = t.get(TargetField::ClusterBarrierCycles);
        auto clusterLoop = [&](double roundTrip, int64_t blocks) {
          return w.kSteps *
                 (std::max(step * double(blocks),
                           (roundTrip + tmaTransfer) / (stages - 1)) +
                  barrier);
        };
        cycles += turnsOf(clusterLoop, dramLatency, latency);
      } else {
        cycles += tmaLoop(dramLatency) + (turns - 1) * tmaLoop(latency);
      }
    } else {
      // The copies' round trip: the latency, then one block's copies over
      // the SM's link (several blocks' sharing it is the L2 term's).
      // An mma.sync GEMM's copies also queue behind every other SM's
      // (mma_sync_copy_queue_cycles): the latencies are a lone load's.
      double transfer = 0;
      if (usable(t, TargetField::SmBytesPerClock, p.uncalibrated))
        transfer = w.stepBytes / t.get(TargetField::SmBytesPerClock);
      if (c.schedule.compute == ComputeClass::MmaSync &&
          usable(t, TargetField::MmaSyncCopyQueueCycles, p.uncalibrated))
        transfer += t.get(TargetField::MmaSyncCopyQueueCycles);
      cycles += turnsOf(loop, dramLatency + transfer, latency + transfer);
    }
  }
  return cycles / clockHz * 1e6;
}

double l1BesideShared(const Target &t, const Prediction &p, int64_t blocks) {
  if (!t.has(TargetField::L1CacheBytes))
    return -1;
  return t.get(TargetField::L1CacheBytes) -
         double(p.sharedBytes) * double(blocks);
}

// 7. Blocks: an SM spends block_cycles on each block it runs besides the
// block's work, so many small blocks cost their number.
double blocksTime(const Context &c, double blocksOnBusiestSM, Prediction &p) {
  const Target &t = c.target;
  if (!usable(t, TargetField::BlockCycles, p.uncalibrated))
    return 0;
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  return blocksOnBusiestSM * t.get(TargetField::BlockCycles) / clockHz * 1e6;
}

// 8. Launch.
double launchTime(const Context &c, Prediction &p) {
  if (usable(c.target, TargetField::LaunchOverheadUs, p.uncalibrated))
    return c.target.get(TargetField::LaunchOverheadUs);
  return 0;
}

// The kernel's body runs as long as its slowest term (each is a lower bound
// on it), after the launch. A K loop's latency term holds the SM's work
// too (the closed queue of latencyTime): the kernel is latency-bound only
// where latency adds more than kLatencyMargin to every other term.
constexpr double kLatencyMargin = 0.005;

void combineTerms(Prediction &p, double peak) {
  double others =
      std::max({p.computeUs, p.loadsUs, p.dramUs, p.l2Us, p.blocksUs});
  double body = std::max(others, p.latencyUs);
  bool latencyBinds = p.latencyUs > others * (1 + kLatencyMargin);
  p.bound = latencyBinds            ? Bound::Latency
            : others == p.computeUs ? Bound::Compute
            : others == p.loadsUs   ? Bound::Loads
            : others == p.dramUs    ? Bound::Dram
            : others == p.l2Us      ? Bound::L2
                                    : Bound::Blocks;
  if (p.launchUs > body)
    p.bound = Bound::Launch;
  p.timeUs = p.launchUs + body;
  p.fractionOfPeak = p.flops / (p.timeUs * 1e-6) / peak;
}

Prediction markIllegal(Prediction p, std::string why) {
  p.legal = false;
  p.illegalReason = std::move(why);
  p.bound = Bound::Illegal;
  p.timeUs = INFINITY;
  return p;
}

// 9. What the hardware allows for this work (see Prediction::achievableUs).
double achievableTime(const Context &c, double uniqueBytes, Prediction &p) {
  const Target &t = c.target;
  ElementType narrow = narrowestInput(c.kernel);
  double bestPeak = t.get(TargetField::PeakF32SimtTFlops) * 1e12;
  if (c.kernel.contraction && narrow != ElementType::F32) {
    double tensor = peakFlops(t, ComputeClass::MmaSync, narrow);
    if (usable(t, TargetField::TensorAchievableFraction, p.uncalibrated))
      tensor *= t.get(TargetField::TensorAchievableFraction);
    bestPeak = std::max(bestPeak, tensor);
  }
  bool ignored = false;
  p.achievableComputeUs = p.flops / bestPeak * 1e6;
  return std::max(p.achievableComputeUs,
                  uniqueBytes / dramBandwidth(t, uniqueBytes, ignored) * 1e6);
}

} // namespace mlir::tessel::model
