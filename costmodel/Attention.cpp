//===- Attention.cpp - The fused attention kernel's layout and terms ------===//
//
// The fused attention kernel (passes/tiling/FusedAttention.cpp) is not a
// root loop nest with fused producers but a fixed structure: a block per
// tile of queries of one head, stepping through the keys in tiles, five
// phases per step. This file holds what the code generator and the model
// share about that structure (FusedAttentionLayout) and the model's terms
// for it: the same quantities as predict()'s (compute issue, shared-memory
// wavefronts, DRAM, L2, latency, blocks, launch), counted from the phases.
// See docs/cost-model.md, "Fused attention".
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "costmodel/ModelTerms.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <tuple>
#include <vector>

namespace mlir::tessel {

namespace {

/// The columns of a TMA box of the key and value tiles on wgmma (128 bytes
/// of 16-bit elements, the swizzle's row), and the bytes a launch's
/// dynamic shared memory grows by so that tiles laid out with that swizzle
/// start on its first 1024-byte boundary (tessel-dynamic-shared-memory:
/// the buffer itself is 16-byte aligned).
constexpr int64_t kTmaBoxColumns = 64, kSwizzleAlignmentBytes = 1008;

/// Whether tessel-lower-mma lays out a key or value tile of `width` columns
/// as TMA writes it, with the 128-byte swizzle (the register-resident form
/// on wgmma; passes/WgmmaLayout.h, swizzledTileOffset).
bool swizzledTile(bool wgmma, bool registers, int64_t width) {
  return wgmma && registers && width % kTmaBoxColumns == 0;
}

/// Whether tessel-warpgroup-pipeline loads the key and value tiles by TMA
/// (passes/WarpgroupPipeline.cpp): the register-resident form on wgmma with
/// stages, both tiles swizzled.
bool loadsByTma(const FusedAttentionLayout &l, const AttentionShape &a,
                bool wgmma) {
  return l.stages > 1 && swizzledTile(wgmma, l.registers, a.d) &&
         swizzledTile(wgmma, l.registers, a.dv);
}

/// Whether the K and V copies are staged in registers (MFMA with two
/// stages, either form: AMD has no asynchronous copy, and
/// tessel-register-staged-copies holds the next tile's loads across the
/// step).
static bool stagedInRegisters(const FusedAttentionLayout &l) {
  return l.compute == ComputeClass::Mfma && l.stages > 1;
}

/// The registers that hold a thread's share of the next K and V tiles
/// while a step computes, staged (stagedInRegisters): 32-bit registers of
/// its vectors of up to 16 bytes (copyVectorWidth), rounded up to whole
/// rounds of the block's threads.
static double stagedRegisters(const FusedAttentionLayout &l,
                              const AttentionShape &a, int64_t threads) {
  if (!stagedInRegisters(l))
    return 0;
  int64_t bytes = dtypeBytes(a.type);
  auto tile = [&](int64_t width) {
    int64_t w = copyVectorWidth(width, width, bytes);
    int64_t vectors = l.bkv * (width / w);
    int64_t rounds = (vectors + threads - 1) / threads;
    return double(rounds) * std::max<double>(1, double(w * bytes) / 4);
  };
  return tile(a.d) + tile(a.dv);
}

} // namespace

int64_t AttentionShape::firstKey(int64_t q0, int64_t bkv, int64_t split) const {
  int64_t first = slicedFrom() + split * sliceLength();
  if (window <= 0)
    return first;
  // The first row's query's window starts at that query + skv - sq - window
  // + 1; the block steps from the start of its tile.
  int64_t start = q0 / group() + (skv - sq) + 1 - window;
  return std::max(first, std::max<int64_t>(0, start) / bkv * bkv);
}

int64_t AttentionShape::keyTiles(int64_t q0, int64_t bq, int64_t bkv,
                                 int64_t split) const {
  int64_t first = firstKey(q0, bkv, split);
  int64_t end = std::min(slicedFrom() + (split + 1) * sliceLength(), skv);
  // The tile's last row's query (rows interleave the group's heads) attends
  // to keys up to that query + skv - sq.
  if (causal)
    end = std::min(end, (std::min(q0 + bq, queryRows()) - 1) / group() + 1 +
                            (skv - sq));
  return std::max<int64_t>(0, (end - first + bkv - 1) / bkv);
}

int64_t AttentionShape::leadingMaskedKeyTiles(int64_t q0, int64_t bq,
                                              int64_t bkv,
                                              int64_t split) const {
  if (window <= 0)
    return 0;
  // Keys before the last row's window start are masked for that row.
  int64_t last = (std::min(q0 + bq, queryRows()) - 1) / group();
  int64_t start = last + (skv - sq) + 1 - window;
  int64_t before = std::max<int64_t>(0, start - firstKey(q0, bkv, split));
  return std::min(keyTiles(q0, bq, bkv, split), (before + bkv - 1) / bkv);
}

int64_t AttentionShape::unmaskedKeyTiles(int64_t q0, int64_t bkv,
                                         int64_t split) const {
  int64_t first = firstKey(q0, bkv, split);
  int64_t end = std::min(slicedFrom() + (split + 1) * sliceLength(), skv);
  int64_t full = std::max<int64_t>(0, end - first) / bkv;
  if (causal)
    full = std::min(
        full,
        std::max<int64_t>(0, q0 / group() + (skv - sq) + 1 - first) / bkv);
  return full;
}

double AttentionShape::unmaskedPairs() const {
  double perHead = double(sq) * double(skv);
  if (causal) {
    // Query i attends to its last key i + skv - sq and those before it, at
    // most `window` of them (causal needs sq <= skv): the sum of min(W, n)
    // over n = skv - sq + 1 .. skv.
    auto upTo = [&](double n) {
      double w = window > 0 ? double(window) : n;
      return n <= w ? n * (n + 1) / 2 : w * (w + 1) / 2 + (n - w) * w;
    };
    perHead = upTo(double(skv)) - upTo(double(skv - sq));
  }
  return perHead * double(batch) * double(heads);
}

std::pair<int64_t, int64_t> attentionMicroTile(int64_t rows, int64_t cols,
                                               int64_t threads) {
  std::pair<int64_t, int64_t> best = {1, 1};
  int64_t bestElems = 0, bestSkew = 0;
  for (int64_t r : {8, 4, 2, 1}) {
    if (rows % r)
      continue;
    for (int64_t c : {8, 4, 2, 1}) {
      if (cols % c || (rows / r) * (cols / c) < threads)
        continue;
      int64_t elems = r * c, skew = std::abs(r - c);
      if (elems > bestElems || (elems == bestElems && skew < bestSkew)) {
        best = {r, c};
        bestElems = elems;
        bestSkew = skew;
      }
    }
  }
  return best;
}

std::array<int64_t, 3> FusedAttentionLayout::pieceOf(ComputeClass compute) {
  if (compute == ComputeClass::Mfma) {
    // One wavefront's 16-row strip: 32x32x8 would need 32-row strips.
    constexpr MfmaShape s = kMfmaShapes[0];
    return {s.m, s.n, s.k};
  }
  return {MmaSyncShape::kM, MmaSyncShape::kN, MmaSyncShape::kK};
}

std::string FusedAttentionLayout::mmaRefusal(
    const AttentionShape &shape, int64_t bq, int64_t bkv, int64_t warps,
    ComputeClass compute, int64_t warpRows, int64_t stages, int64_t warpKeys) {
  auto [pm, pn, pk] = pieceOf(compute);
  // Whether the head dims make rows of whole 16-byte vectors, and the
  // multiple of elements they must be.
  int64_t bytes = dtypeBytes(shape.type);
  bool wholeVectors =
      (shape.d * bytes) % 16 == 0 && (shape.dv * bytes) % 16 == 0;
  std::string vectorElements = std::to_string(16 / bytes);
  if (stages != 1) {
    // AMD has no asynchronous copy: on MFMA the next key tile waits in
    // registers for one step (tessel-register-staged-copies), two stages.
    bool mfma = compute == ComputeClass::Mfma;
    if (mfma ? stages != 2 : (!warpRows || stages < 1 || stages > 4))
      return "stages (2 to 4) pipeline the register-resident form's K and V "
             "copies; on MFMA, stages = 2 stages the next key tile in "
             "registers; other forms take one stage";
    // (One step, known when compiling, is no loop: no next tile to stage.)
    if (mfma && shape.singleStep(bq, bkv))
      return "its keys are one key tile, known when compiling: there is no "
             "next tile to stage in registers (stages = 1)";
    // cp.async moves 16 bytes a copy, one of a row's vectors.
    if (!wholeVectors)
      return "pipelined copies move rows of whole 16-byte vectors: the head "
             "dims must be multiples of " +
             vectorElements;
  }
  if (warpRows) {
    if (compute == ComputeClass::Simt)
      return "the register-resident form (a warp tile) runs on mma.sync, "
             "wgmma or MFMA";
    // A warp tile of part of the key tile: the warps split each key tile
    // (whole 16-key depths of P v's pieces) as well as the query tile.
    int64_t keySplits = 1;
    if (warpKeys && warpKeys != bkv) {
      if (compute != ComputeClass::MmaSync)
        return "a warp tile of part of the key tile (warp = [rows, keys]) "
               "runs on mma.sync";
      int64_t depth = std::lcm(pn, pk);
      if (warpKeys < 1 || bkv % warpKeys || warpKeys % depth)
        return "a warp tile's keys must divide the key tile and be a "
               "multiple of " +
               std::to_string(depth);
      keySplits = bkv / warpKeys;
    }
    if (warpRows % pm || warps % keySplits ||
        bq != warpRows * (warps / keySplits))
      return "a warp tile's rows must be a multiple of " + std::to_string(pm) +
             " and the warps' tiles must make up the query tile" +
             (keySplits > 1 ? " and the key tile" : "");
  }
  if (compute == ComputeClass::Wgmma) {
    // A warpgroup's wgmma is 64 rows, warp w of the group its rows 16 w to
    // 16 w + 15: the register-resident form with one strip a warp.
    if (!warpRows)
      return "wgmma runs the register-resident form (warp = [16, key "
             "tile])";
    if (warpRows != pm || warps % WgmmaShape::kWarpsPerGroup)
      return "on wgmma each warp holds one 16-row strip and the warps make "
             "whole warpgroups of 4 (64 query rows each)";
    if (bkv > WgmmaShape::kMaxN || shape.dv > WgmmaShape::kMaxN)
      return "wgmma's N is at most " + std::to_string(WgmmaShape::kMaxN) +
             ": the key tile (S's columns) and the value head dim (O's) "
             "must not exceed it";
    // The q, K and V tiles sit in shared memory as 8 x 8 core matrices,
    // each of a row's 16-byte vectors copied whole into one.
    if (!wholeVectors)
      return "wgmma reads q, K and V as 8 x 8 core matrices: the head dims "
             "must be multiples of " +
             vectorElements;
  }
  if (shape.type == ElementType::F32)
    return "tensor cores take bf16 and f16, not f32";
  // The key tile is S's columns (pieces of pn) and P v's depth (of pk).
  if (bq % pm || bkv % std::lcm(pn, pk))
    return "the query tile must be a multiple of " + std::to_string(pm) +
           " and the key tile of " + std::to_string(std::lcm(pn, pk));
  if (shape.d % pk || shape.dv % pn)
    return "the head dims must be multiples of " + std::to_string(pk) +
           (pk == pn ? std::string()
                     : " (q, k) and " + std::to_string(pn) + " (v)");
  if (!warpRows && bq / pm > warps)
    return "each " + std::to_string(pm) +
           "-row strip of the query tile needs a warp of its own";
  return "";
}

FusedAttentionLayout
FusedAttentionLayout::of(const AttentionShape &shape, int64_t bq, int64_t bkv,
                         int64_t threads, ComputeClass compute,
                         int64_t warpSize, int64_t warpRows, int64_t stages,
                         int64_t warpKeys) {
  FusedAttentionLayout l;
  l.registers = warpRows > 0;
  if (l.registers && warpKeys > 0 && warpKeys < bkv)
    l.warpKeys = warpKeys;
  l.overlapped = l.registers && compute == ComputeClass::Wgmma;
  l.warpRows = warpRows;
  l.stages = stages;
  l.bq = bq;
  l.bkv = bkv;
  l.threads = threads;
  l.compute = compute;
  l.mma = compute == ComputeClass::MmaSync || compute == ComputeClass::Mfma ||
          compute == ComputeClass::Wgmma;
  int64_t bytes = dtypeBytes(shape.type);
  std::tie(l.sRows, l.sCols) = attentionMicroTile(bq, bkv, threads);
  std::tie(l.oRows, l.oCols) = attentionMicroTile(bq, shape.dv, threads);
  l.groups = bkv / l.sCols;
  if (l.mma) {
    std::array<int64_t, 3> piece = pieceOf(compute);
    l.pieceM = piece[0];
    l.pieceN = piece[1];
    l.pieceK = piece[2];
    // The register-resident form reads K's B fragments transposed from
    // [bkv, d] (a 32-bit load a register), so its copy stays 16-byte.
    l.kTransposed = compute == ComputeClass::MmaSync && !l.registers;
    l.qRow = shape.d + kMmaOperandPad;
    l.kRow = (l.kTransposed ? bkv : shape.d) + kMmaOperandPad;
    l.vRow = shape.dv + kMmaOperandPad;
    // wgmma reads q, K and V through matrix descriptors, as core matrices
    // (tessel-lower-mma places them): unpadded rows.
    if (compute == ComputeClass::Wgmma) {
      l.qRow = l.kRow = shape.d;
      l.vRow = shape.dv;
    }
    l.pRow = bkv + kMmaOperandPad;
    int64_t accumulatorPad = compute == ComputeClass::Mfma
                                 ? kMfmaAttentionAccumulatorPad
                                 : kMmaAccumulatorPad;
    l.sRow = bkv + accumulatorPad;
    l.oRow = shape.dv + accumulatorPad;
    l.strips = std::max<int64_t>(1, bq / l.pieceM);
    int64_t perStrip = std::max<int64_t>(1, threads / warpSize / l.strips);
    auto split = [&](int64_t pieces) {
      int64_t s = std::min(perStrip, pieces);
      while (pieces % s)
        --s;
      return s;
    };
    l.sSplits = split(bkv / l.pieceN);
    l.oSplits = split(shape.dv / l.pieceN);
  } else {
    if ((shape.d * bytes) % 4 == 0 && (shape.d * bytes / 4) % 2 == 0)
      l.rowPad = 4 / bytes;
    l.qRow = l.kRow = shape.d + l.rowPad;
    l.vRow = shape.dv;
    l.sRow = bkv + 1;
    l.oRow = shape.dv;
  }
  int64_t kRows = l.kTransposed ? shape.d : bkv;
  if (l.registers) {
    // q, and `stages` k and `vSlots` v tiles, in the input type; O and the
    // rows' sums in f32 (a slice's also their maxima, for its log-sum-exp),
    // which the loops carry in registers and store only after them
    // (tessel-hoist-accumulators): the maxima otherwise, and the
    // overlapped form's pending P, are read by nothing after the loops and
    // take no bytes. With the key tile split among the warps, each split's
    // O and statistics (maxima too: the merge weighs the splits by them)
    // and the merge's weights.
    // Overlaid (Target::overlaysSharedMemory), those take the tiles'
    // bytes.
    l.sSplits = l.oSplits = 1;
    l.sRow = l.pRow = 0;
    int64_t qTile = dtypeBytes(shape.type) * bq * l.qRow;
    int64_t kvTiles = dtypeBytes(shape.type) *
                      (stages * kRows * l.kRow + l.vSlots() * bkv * l.vRow);
    int64_t tiles = qTile + kvTiles;
    bool maxima = shape.splits > 1 || l.keySplits() > 1;
    // On MFMA unsplit, O / l rounded (roundedRow): O and the statistics
    // then stay in registers to the end and take no bytes once overlaid.
    // O's f32 buffer, which only the CPU path and the steps before
    // tessel-hoist-accumulators access, goes unpadded (so that 128 x 128
    // of f32, which tessel-map-to-gpu checks fits a block on its own, does).
    int64_t rounded = 0;
    if (compute == ComputeClass::Mfma && !maxima) {
      l.roundedRow = shape.dv + kMmaOperandPad;
      l.oRow = shape.dv;
      rounded = dtypeBytes(shape.type) * bq * l.roundedRow;
    }
    int64_t results =
        4 * bq * l.keySplits() * (l.oRow + l.pieceN * (maxima ? 2 : 1));
    // The merge's weights, a split's for each row.
    if (l.keySplits() > 1)
      results += 4 * bq * l.keySplits();
    l.sharedBytes = tiles + results + rounded;
    // (One step, known when compiling, is no loop: nothing is carried.)
    // On MFMA, q's fragments are read once before the key tiles are first
    // written, behind a barrier (tessel-hoist-accumulators): the key and
    // value tiles then take q's bytes too.
    if (!shape.singleStep(bq, bkv)) {
      int64_t during =
          compute == ComputeClass::Mfma ? std::max(qTile, kvTiles) : tiles;
      l.overlaidBytes = std::max(during, rounded ? rounded : results);
    }
    // Swizzled tiles: the bytes that align them where the buffers go to
    // dynamic shared memory (counted always: an upper bound).
    bool wgmma = compute == ComputeClass::Wgmma;
    if (swizzledTile(wgmma, true, shape.d) ||
        swizzledTile(wgmma, true, shape.dv)) {
      l.sharedBytes += kSwizzleAlignmentBytes;
      if (l.overlaidBytes)
        l.overlaidBytes += kSwizzleAlignmentBytes;
    }
    if (shape.combined) {
      l.sharedBytes += 4 * (1 + bq * (shape.splits + 1));
      if (l.overlaidBytes)
        l.overlaidBytes += 4 * (1 + bq * (shape.splits + 1));
    }
    return l;
  }
  // q, k and v tiles (and P) in the input type; S, O, the partial maxima
  // and sums (rows groups + 1 long), and each row's maximum, sum and
  // rescale factor in f32.
  // With stages (MFMA's two), a slot of k and v for each.
  l.sharedBytes =
      bytes * (bq * l.qRow + stages * kRows * l.kRow +
               l.vSlots() * bkv * l.vRow + bq * l.pRow) +
      4 * (bq * l.sRow + bq * l.oRow + 2 * bq * (l.groups + 1) + 3 * bq);
  // A split that combines its slices: the arrival seen, each row's
  // weights and the inverse of their sum.
  if (shape.combined)
    l.sharedBytes += 4 * (1 + bq * (shape.splits + 1));
  return l;
}

int64_t FusedAttentionLayout::copyBatch(int64_t rounds) {
  for (int64_t batch = std::min(rounds, kCopyLoadsInFlight); batch > 1; --batch)
    if (rounds % batch == 0)
      return batch;
  return 1;
}

namespace {

/// Registers of the fused kernel besides its micro-tiles, and those a
/// causal mask adds: figures of the emitted code (see the registers term
/// in predictFusedAttention), not of a chip.
constexpr int64_t kFusedAttentionBaseRegisters = 42;
constexpr int64_t kFusedAttentionCausalRegisters = 24;
/// On tensor cores: the base, and the registers per accumulator piece
/// (mma.sync's registers and MFMA's VGPRs alike).
constexpr int64_t kFusedAttentionMmaBaseRegisters = 62;
constexpr int64_t kFusedAttentionMmaPieceRegisters = 8;
/// The register-resident form: a base, and per 16-row strip of a warp its
/// O pieces (dv / 2 a lane) and q fragments (d / 4), both scaled by
/// kRegisterFormFragmentScale, and per key of the warp's S, P's two terms
/// and the statistics: 1.1 registers a key up to 64 keys, 0.7 past them
/// (ptxas reuses S's registers for P's).
constexpr double kRegisterFormBaseRegisters = 13;
constexpr double kRegisterFormFragmentScale = 0.95;
constexpr double kRegisterFormKeyRegisters = 1.1;
constexpr double kRegisterFormFarKeyRegisters = 0.7;
constexpr int64_t kRegisterFormNearKeys = 64;
/// The same form on wgmma, overlapped: q and B stay in shared memory (no
/// fragments loaded); a lane holds dv / 2 values of O and bkv / 2 of S in
/// f32, and bkv / 4 registers of the pending P (rounded to the input type
/// as it is computed, two values a register); where the threads copy the
/// key and value tiles (one stage, or head dims not of whole 64-column
/// boxes: cp.async) rather than TMA (loadsByTma), their copies' addresses.
/// Fitted (least squares of the relative error) on ptxas -v (sm_90a, CUDA
/// 13, 2026-12-02) for the kernels of
/// bench/workloads/attention-wgmma-register-sweep.mlir (head dims 64, 128
/// and 256; key tiles 16 to 128; 4 and 8 warps; 1 to 3 stages; causal or
/// not; 102 kernels, none spilling but one, below) and of
/// bench/workloads/attention-wgmma-copy-registers.mlir (head dims 80 and
/// 96, whose tiles the threads copy: 32 kernels): a base, 1.253 registers
/// a value of O in a lane (dv / 2), 0.795 a key of the tile, 0.199 more a
/// key with two warpgroups or more, 16.1 where the threads copy the tiles.
/// A causal mask adds 0.313 a key (each row's limit and each key's index),
/// but only up to the limit of registers a thread has: ptxas recomputes
/// those rather than spill, and kernels whose estimate without the mask
/// comes near the limit take about it with the mask (the [128, 128] tile
/// of dv = 128 on 8 warps: 205 registers, causal 242). Above the limit
/// without the mask ptxas spills: the sweep's one such kernel (dv = 256,
/// [128, 64], 8 warps, one stage: 255 registers and 12 bytes of spill
/// stores) the estimate puts at 254, a register short of refusing it (it
/// is slower than its two stages, which fit: 241). 95 of the sweep's 102
/// within 10 % (-11 % .. +17 %), 22 of the 32 copying kernels (-20 % ..
/// +12 %); the constants fitted on 2026-12-01, before TMA loaded the
/// tiles, put 68 and 19 within 10 %.
constexpr double kWgmmaFormBaseRegisters = 13.695;
constexpr double kWgmmaFormValueRegisters = 1.253;
constexpr double kWgmmaFormKeyRegisters = 0.795;
constexpr double kWgmmaGroupsKeyRegisters = 0.199;
constexpr double kWgmmaThreadCopyRegisters = 16.102;
constexpr double kWgmmaCausalKeyRegisters = 0.313;
/// What a sliding window adds to the register-resident forms (the steps'
/// rotation, FusedAttention.cpp's stepStart, and the masked loop's one
/// more compare): the median of ptxas -v's increase over the same kernel
/// causal alone (sm_90a, CUDA 13): 3 on wgmma (7 pairs, -14 .. +31), 12 on
/// mma.sync (5 pairs, -1 .. +21); head dims 64 and 128, key tiles 32 to
/// 128, 4 and 8 warps.
constexpr double kWgmmaWindowRegisters = 3;
constexpr double kRegisterFormWindowRegisters = 12;
/// The register-resident form on MFMA (one 64-lane wavefront a warp; its
/// pieces by rows, passes/MfmaLayout.h): a base, per 16-row strip
/// kMfmaFormValueRegisters per value of O and q a lane holds (dv / 4 f32,
/// d / 8 registers of q's fragments) and kMfmaFormKeyRegisters per key of
/// S a lane holds (the warp's keys / 4); a causal mask
/// kMfmaFormCausalKeyRegisters per key of a lane and kMfmaFormCausal.
/// Fitted (least squares of the relative error) on LLVM 22's .vgpr_count
/// (gfx942, 2026-12-02) for the 86 kernels of
/// bench/workloads/attention-mfma-register-sweep.mlir (head dims 64, 128
/// and 256; key tiles 16 to 128; one and two strips a wavefront, 1 to 4
/// wavefronts; causal or not; two of them at the 512-VGPR limit with
/// scratch): 34 of 86 within 10 %, median -2 %, -42 % .. +30 %. LLVM's
/// AMDGPU scheduler spends VGPRs up to what the occupancy the block's LDS
/// allows leaves it (most of the grid is one block a CU): a causal mask
/// takes 25 to 217 VGPRs more than the same kernel without it at 1024
/// keys, in proportion to nothing the form has.
constexpr double kMfmaFormBaseRegisters = 59.436;
constexpr double kMfmaFormValueRegisters = 1.089;
constexpr double kMfmaFormKeyRegisters = 2.577;
constexpr double kMfmaFormCausalKeyRegisters = 3.055;
constexpr double kMfmaFormCausal = 29.261;
/// The register-resident form's warp phase, in instructions a lane issues
/// per strip: kRegisterFormKeyOps per key of a lane (bkv / 2), and
/// kRegisterFormMaskOps more in a step that masks; kRegisterFormStripOps,
/// with dv / 2 for O's rescale. Fitted to the PTX of
/// test/codegen/cpu-check-fused-attention-registers.mlir's kernels on h100
/// (the instructions between a key step's barriers besides mma.sync and
/// the shared-memory loads; bkv 16 to 128, dv 64 to 256, one or two
/// strips): 13 key loops, unmasked and masked, each within 13 %. Since
/// the scale went into exp2's argument (one FMA a key, the maxima of the
/// raw scores scaled once a row; a positive scale, as every softmax
/// attention's is), the same loops take one instruction less a key of a
/// lane and 6 more a strip: 11 of 11 loops of that file's kernels exactly
/// so (2 % to 10 % fewer instructions each).
/// Instructions thread 0 issues a TMA box of a key step: the load, its
/// shared-memory address and its coordinates (the PTX of
/// test/tools/tessel-compile-attention-wgmma.test's kernels: 3 to 5).
constexpr double kTmaBoxOps = 4;

constexpr double kRegisterFormKeyOps = 5;
constexpr double kRegisterFormMaskOps = 4;
constexpr double kRegisterFormStripOps = 36;

} // namespace

namespace model {

PhaseCycles phaseCycles(const Phase &ph, int64_t threads, const Target &t,
                        bool &uncalibrated) {
  PhaseCycles c;
  double warp = t.warpSize();
  double perThread = std::ceil(ph.items / double(threads));
  double active = std::min<double>(threads, ph.items);
  double warps = std::ceil(active / warp);
  c.issue = warps * warp * perThread * ph.ops / model::lanesPerSM(t);
  double l1 = model::usable(t, TargetField::L1BytesPerClock, uncalibrated)
                  ? t.get(TargetField::L1BytesPerClock) / (4.0 * warp)
                  : 1.0;
  c.wavefronts = warps * perThread * ph.loads / l1;
  if (model::usable(t, TargetField::SpecialFunctionsPerClock, uncalibrated))
    c.sfu = ph.exps / t.get(TargetField::SpecialFunctionsPerClock);
  // A warp alone on its scheduler issues an instruction every
  // issue_cycles_alone clocks, after a round trip to shared memory; more
  // warps than that on a scheduler make the phase issue-bound instead
  // (c.issue). Register arithmetic alone waits on nothing but its own
  // dependences and pipes: an instruction every lane_cycles_alone clocks,
  // after no round trip. (Only the figures a phase uses are asked for, so
  // that an unused one does not mark the prediction uncalibrated.)
  double round = 0, cycles = 1;
  if (ph.registersOnly) {
    assert(ph.loads == 0 && "a register-only phase has no loads");
    if (t.has(TargetField::LaneCyclesAlone) &&
        model::usable(t, TargetField::LaneCyclesAlone, uncalibrated))
      cycles = t.get(TargetField::LaneCyclesAlone);
  } else {
    if (model::usable(t, TargetField::L1LatencyCycles, uncalibrated))
      round = t.get(TargetField::L1LatencyCycles);
    if (model::usable(t, TargetField::IssueCyclesAlone, uncalibrated))
      cycles = t.get(TargetField::IssueCyclesAlone);
  }
  c.chain = round + perThread * ph.ops * cycles;
  return c;
}

bool occupy(Prediction &p, const Target &t, int64_t warps, int64_t threads) {
  // (A block without shared memory is not limited by it.)
  int64_t bySharedMemory =
      p.sharedBytes > 0
          ? int64_t(t.get(TargetField::SharedMemPerSMBytes)) / p.sharedBytes
          : std::numeric_limits<int64_t>::max();
  p.blocksPerSM = std::min<int64_t>(
      {int64_t(t.get(TargetField::MaxBlocksPerSM)),
       int64_t(t.get(TargetField::MaxWarpsPerSM)) / warps, bySharedMemory,
       blocksPerSMForRegisters(t, p.registers, threads)});
  p.occupancy =
      double(p.blocksPerSM * warps) / t.get(TargetField::MaxWarpsPerSM);
  return p.blocksPerSM >= 1;
}

} // namespace model

using model::occupy;
using model::Phase;
using model::PhaseCycles;
using model::phaseCycles;

namespace {
/// The combine of a split-KV attention's slices for `rows` rows of `splits`
/// slices of `dv` values (passes/tiling/FusedAttention.cpp's SliceCombiner,
/// which the combine kernel and a split's last blocks share), on `threads`
/// threads: a thread per row reads its log-sum-exps twice (the maximum,
/// then the weights, written to shared memory, and their sum); then a
/// thread per value sums the weighted partials.
std::pair<PhaseCycles, PhaseCycles> combinePhases(double rows, double splits,
                                                  double dv, int64_t threads,
                                                  const Target &t,
                                                  bool &uncalibrated) {
  Phase weights{rows, 10 * splits + 12, 3 * splits + 2, rows * splits};
  Phase sums{rows * dv, 5 * splits + 10, 2 * splits + 2, 0};
  return {phaseCycles(weights, threads, t, uncalibrated),
          phaseCycles(sums, threads, t, uncalibrated)};
}
} // namespace

Prediction predictFusedAttention(const KernelDesc &k, const Schedule &s,
                                 const Target &t) {
  Prediction p;
  const AttentionShape &a = *k.attention;
  auto illegal = [&](std::string why) {
    return model::markIllegal(p, std::move(why));
  };
  if (s.block.size() != 2 || s.block[0] < 1 || s.block[1] < 1)
    return illegal("a fused attention's block is [query tile, key tile]");
  bool mfma = s.compute == ComputeClass::Mfma;
  bool wgmma = s.compute == ComputeClass::Wgmma;
  bool mma = s.compute == ComputeClass::MmaSync || mfma || wgmma;
  int64_t bq = s.block[0], bkv = s.block[1];
  if ((s.compute != ComputeClass::Simt && !mma) || s.stages < 1 ||
      (s.stages != 1 && s.warp.empty() && !mfma) || s.splitK != 1 ||
      s.vector != 1 || s.raster != 1 || s.cluster != 1 || !s.thread.empty() ||
      (!s.warp.empty() &&
       (!mma || s.warp.size() != 2 || s.warp[1] < 1 || bkv % s.warp[1])))
    return illegal("the fused attention kernel runs on SIMT lanes, mma.sync "
                   "or MFMA (with 2 stages staged in registers), or on "
                   "mma.sync, wgmma or MFMA with warp = [rows, key tile or a "
                   "part of it] (and stages); no split-K, raster, cluster, "
                   "vector or thread tiles");
  int64_t warpRows = s.warp.empty() ? 0 : s.warp[0];
  int64_t warpKeys = s.warp.empty() ? 0 : s.warp[1];
  int64_t threads = s.warps * t.warpSize();
  p.threadsPerBlock = threads;
  if (s.warps < 1 || double(threads) > t.get(TargetField::MaxThreadsPerBlock))
    return illegal("the block has more threads than the target allows");
  if (s.compute == ComputeClass::MmaSync && !t.hasMmaSync())
    return illegal("mma.sync needs an NVIDIA GPU of sm_80 or newer");
  if (wgmma && !t.hasWgmma())
    return illegal("wgmma needs an NVIDIA GPU with warpgroup MMA (sm_90a)");
  if (mfma && !t.hasMfma())
    return illegal("MFMA needs an AMD GPU with bf16 matrix cores (gfx90a, "
                   "gfx94x)");
  if (mma) {
    std::string why = FusedAttentionLayout::mmaRefusal(
        a, bq, bkv, s.warps, s.compute, warpRows, s.stages, warpKeys);
    if (!why.empty())
      return illegal(why);
  }
  FusedAttentionLayout l =
      FusedAttentionLayout::of(a, bq, bkv, threads, s.compute, t.warpSize(),
                               warpRows, s.stages, warpKeys);

  // Legality and occupancy.
  p.sharedBytes = l.blockBytes(t);
  if (double(p.sharedBytes) > t.blockSharedMemoryLimit())
    return illegal("the block's shared memory (" +
                   std::to_string(p.sharedBytes) +
                   " bytes) exceeds what one block may allocate");
  // O's f32 buffer, carried in registers but declared (roundedRow), must
  // fit on its own (tessel-map-to-gpu's check, before the loops carry it).
  if (l.roundedRow && double(4 * bq * l.oRow) > t.blockSharedMemoryLimit())
    return illegal("O's f32 tile (" + std::to_string(4 * bq * l.oRow) +
                   " bytes) exceeds what one block may allocate");
  // Addresses and indices, a micro-tile's accumulators and the operands
  // of one step of its loop, and with a causal mask each row's limit and
  // each key's index kept across the micro-tile. Fitted on ptxas -v
  // (sm_90a) for the 10 kernels of test/codegen/cpu-check-fused-attention.mlir
  // (56 to 138 registers): mean error 9 %, worst 26 %; since the tile
  // copies move 16-byte vectors, the six SIMT kernels of that file are
  // within -26 % .. +41 % (a refit is owed). On tensor cores,
  // per accumulator piece of the larger product its 4 registers a lane and
  // the B fragments the unrolled steps load ahead: 62 + 8 per piece, fitted
  // on ptxas -v (sm_90a) for the 4 kernels of
  // test/codegen/cpu-check-fused-attention-mma.mlir (77 to 190 registers,
  // within -7 % .. +6 %). On MFMA the same fits LLVM 22's .vgpr_count
  // (gfx942) for the 5 kernels of
  // test/codegen/cpu-check-fused-attention-mfma.mlir (58 to 182 VGPRs,
  // within -14 % .. +21 %, the worst the decode kernel's 58).
  int64_t sPieces = bkv / l.pieceN / l.sSplits,
          oPieces = a.dv / l.pieceN / l.oSplits;
  // The register-resident form: kRegisterForm* above, fitted again (least
  // squares of the relative error, the window's term held at its pairs'
  // figure) on ptxas -v (sm_90a, CUDA 13) for the 39 mma.sync kernels of
  // test/codegen/cpu-check-fused-attention-registers.mlir,
  // cpu-check-fused-attention-key-split.mlir and
  // bench/workloads/attention-variants.mlir (head dims 64 to 256, a warp's
  // keys 16 to 128, one and two strips, key splits 1 to 8, 68 to 254
  // registers): 26 of 39 within 10 %, median +1 %, -26 % .. +28 % (the
  // constants of 2026-11-28 put 11 of them within 10 %, median +16 %: the
  // ldmatrix loads and the statistics kept in registers through both key
  // loops since took registers away).
  // (A warp's S is of its keys: the whole tile, or its part of it.)
  int64_t warpStrips = warpRows / l.pieceM;
  int64_t ownKeys = l.keysPerWarp();
  double nearKeys = double(std::min(ownKeys, kRegisterFormNearKeys));
  double farKeys = double(ownKeys) - nearKeys;
  bool window = a.window > 0;
  // On wgmma: without the mask, then the mask's registers up to the limit
  // (an estimate past the limit without them is refused below).
  double wgmmaRegisters = 0;
  if (wgmma) {
    double unmasked = kWgmmaFormBaseRegisters +
                      kWgmmaFormValueRegisters * double(a.dv) / 2 +
                      kWgmmaFormKeyRegisters * double(ownKeys) +
                      (s.warps >= 2 * WgmmaShape::kWarpsPerGroup
                           ? kWgmmaGroupsKeyRegisters * double(ownKeys)
                           : 0) +
                      (loadsByTma(l, a, wgmma) ? 0 : kWgmmaThreadCopyRegisters);
    double mask = (a.causal ? kWgmmaCausalKeyRegisters * double(ownKeys) : 0) +
                  (window ? kWgmmaWindowRegisters : 0);
    double limit = t.get(TargetField::MaxRegistersPerThread);
    wgmmaRegisters =
        unmasked > limit ? unmasked : std::min(limit, unmasked + mask);
  }
  double mfmaRegisters = 0;
  if (mfma && l.registers) {
    // A lane's share of its strips' S: pieceM rows of the warp's keys
    // over the wavefront's lanes.
    double laneKeys = double(l.pieceM * ownKeys) / double(t.warpSize());
    mfmaRegisters =
        kMfmaFormBaseRegisters +
        double(warpStrips) *
            (kMfmaFormValueRegisters * (double(a.dv) / 4 + double(a.d) / 8) +
             kMfmaFormKeyRegisters * laneKeys) +
        (a.causal ? kMfmaFormCausal + double(warpStrips) *
                                          kMfmaFormCausalKeyRegisters * laneKeys
                  : 0) +
        stagedRegisters(l, a, threads);
  }
  p.registers =
      wgmma                 ? int64_t(std::ceil(wgmmaRegisters))
      : mfma && l.registers ? int64_t(std::ceil(mfmaRegisters))
      : l.registers
          ? int64_t(std::ceil(kRegisterFormBaseRegisters +
                              double(warpStrips) *
                                  (kRegisterFormFragmentScale *
                                       (double(a.dv) / 2 + double(a.d) / 4) +
                                   kRegisterFormKeyRegisters * nearKeys +
                                   kRegisterFormFarKeyRegisters * farKeys) +
                              (window ? kRegisterFormWindowRegisters : 0)))
      : mma
          ? kFusedAttentionMmaBaseRegisters +
                kFusedAttentionMmaPieceRegisters * std::max(sPieces, oPieces) +
                stagedRegisters(l, a, threads)
          : kFusedAttentionBaseRegisters +
                std::max(l.sRows * l.sCols + l.sRows + l.sCols,
                         l.oRows * l.oCols + l.oRows + l.oCols) +
                (a.causal ? kFusedAttentionCausalRegisters : 0);
  if (double(p.registers) > t.get(TargetField::MaxRegistersPerThread))
    return illegal("a thread's micro-tiles need more registers than it has");
  if (!occupy(p, t, s.warps, threads))
    return illegal("one block needs more of an SM than it has");

  // Blocks (a tile of a KV head's query rows each, and a split-KV
  // attention's a slice of the keys), key steps and waves.
  int64_t qTiles = (a.queryRows() + bq - 1) / bq;
  double heads = double(a.batch) * double(a.heads);
  double kvHeads = double(a.batch) * double(a.kvHeads);
  p.blocks = int64_t(kvHeads) * qTiles * a.splits;
  double stepsPerHead = 0, maskedPerHead = 0;
  int64_t longest = 0;
  for (int64_t qt = 0; qt < qTiles; ++qt)
    for (int64_t split = 0; split < a.splits; ++split) {
      int64_t steps = a.keyTiles(qt * bq, bq, bkv, split);
      int64_t lead = a.leadingMaskedKeyTiles(qt * bq, bq, bkv, split);
      int64_t unmasked =
          std::min(steps, a.unmaskedKeyTiles(qt * bq, bkv, split));
      stepsPerHead += double(steps);
      maskedPerHead += double(steps - std::max<int64_t>(0, unmasked - lead));
      longest = std::max(longest, steps);
    }
  // The share of the steps that mask their keys. Without a causal mask or
  // slices the kernel steps all tiles in one loop, masked unless the tile
  // divides the keys (FusedAttention.cpp).
  double maskedShare = stepsPerHead > 0 ? maskedPerHead / stepsPerHead : 1;
  if (!a.causal && a.splits == 1)
    maskedShare = a.skv % bkv ? 1 : 0;
  double totalSteps = kvHeads * stepsPerHead;
  double sms = t.get(TargetField::SMCount);
  double blocksOnBusiestSM = model::spreadBlocks(t, p);
  double resident = model::residentBlocks(p, blocksOnBusiestSM);
  // The SMs take blocks as they free up: the busiest runs its share of
  // the steps, and at least the longest block's.
  double stepsOnBusiestSM = std::max(totalSteps / sms, double(longest));

  // One key step's phases (passes/tiling/FusedAttention.cpp).
  double d = double(a.d), dv = double(a.dv);
  double sr = double(l.sRows), sc = double(l.sCols);
  double orr = double(l.oRows), oc = double(l.oCols);
  double keys = double(bkv), rows = double(bq), groups = double(l.groups);
  std::vector<Phase> phases;
  Phase stats{rows, 3 * groups + 16, 2 * groups + 6, rows};
  // The copy of the K and V tiles, up to 16 bytes of a row a time
  // (copyVectorWidth): per vector a load (a wavefront per 4 bytes a lane),
  // the index arithmetic, and a store (K transposed on tensor cores: one
  // per element).
  int64_t elementBytes = dtypeBytes(a.type);
  double wk = double(copyVectorWidth(a.d, a.d, elementBytes)),
         wv = double(copyVectorWidth(a.dv, a.dv, elementBytes));
  Phase copy{keys * (d / wk + dv / wv), 6 + (l.kTransposed ? wk : 1),
             std::max(1.0, std::min(wk, wv) * double(elementBytes) / 4), 0};
  // By TMA, thread 0 expects the tiles' bytes and issues a load a [keys,
  // 64] box (with its address: kTmaBoxOps); the tensor memory accelerator
  // writes the bytes to shared memory at its bandwidth (`tmaFronts`, below)
  // and they arrive after one round trip, not one a batch of each
  // thread's copies.
  bool tma = loadsByTma(l, a, wgmma);
  if (tma)
    copy = Phase{1, 1 + kTmaBoxOps * (d + dv) / double(kTmaBoxColumns), 0, 0};
  double tmaFronts = 0;
  if (tma && model::usable(t, TargetField::L1BytesPerClock, p.uncalibrated))
    tmaFronts = keys * (d + dv) * double(elementBytes) /
                t.get(TargetField::L1BytesPerClock);
  if (!mma) {
    // The copy; S; the row statistics; exp2 by segments; P v.
    phases = {copy,
              Phase{double(l.sTiles()),
                    d * (sr + sc) + d * sr * sc + 6 * sr * sc,
                    d * (sr + sc) + sr * sc + sr, 0},
              stats, Phase{rows * groups, 6 * sc + 4, 2 * sc + 2, rows * keys},
              Phase{double(l.oTiles(a.dv)),
                    keys * (orr + oc) + keys * orr * oc + 5 * orr * oc,
                    keys * (orr + oc) + 2 * orr * oc + orr, 0}};
  } else if (l.registers) {
    // The copy; then each warp, its lanes alone: per strip and key of a
    // lane (bkv / 2 keys of two rows) the scale, the maximum, exp2, the
    // sum and half of P's paired rounding (kRegisterFormKeyOps), and in
    // the steps that mask (maskedShare of them) the mask's compares and
    // select (kRegisterFormMaskOps); per strip the statistics with their
    // shuffles (kRegisterFormStripOps); O's rescale (dv / 2). The products
    // on tensor cores, priced apart below; every exp2 of the strip's
    // pieces (P, and the rescale factor in each of a lane's four values).
    // With the key tile split among the warps, a warp's part of the keys,
    // and each split's rescale factors.
    // A lane's share of a strip's keys and of O's columns: 16 / 32 on
    // mma.sync, 16 / 64 on MFMA's wavefronts.
    double strips = double(warpStrips);
    double keyOps = kRegisterFormKeyOps + maskedShare * kRegisterFormMaskOps;
    double splits = double(l.keySplits());
    double perLane = double(l.pieceM) / double(t.warpSize());
    phases = {copy, Phase{double(threads),
                          strips * (keyOps * double(ownKeys) * perLane +
                                    kRegisterFormStripOps + dv * perLane),
                          0, rows * (keys + splits * double(l.pieceN)),
                          /*registersOnly=*/true}};
  } else {
    // The copy; the scale and mask by segments; the statistics; exp2 into
    // P and O's rescale; the two products on tensor cores, priced apart
    // below.
    phases = {copy, Phase{rows * groups, 8 * sc + 4, 2 * sc + 1, 0}, stats,
              Phase{rows * groups, 10 * sc + 4, 4 * sc + 1, rows * keys},
              Phase{rows * dv, 4, 3, 0}};
  }
  // Totals of the SM's issue slots, wavefronts and exp2 results per key
  // step, and `serial`: one block's step alone, whose phases wait on each
  // other behind barriers (each as long as the largest of its terms).
  // `copySerial`: the copy phase's part of it (phases[0]), with its waits.
  double issue = 0, wavefronts = tmaFronts, sfu = 0, serial = 0, copySerial = 0;
  for (const Phase &ph : phases) {
    PhaseCycles c = phaseCycles(ph, threads, t, p.uncalibrated);
    issue += c.issue;
    wavefronts += c.wavefronts;
    sfu += c.sfu;
    double longest = std::max({c.issue, c.wavefronts, c.sfu, c.chain});
    (&ph == &phases.front() ? copySerial : serial) += longest;
  }
  // The products' tensor cycles a step (S's and P v's) and each one's
  // part of the serial step; overlapped, P v's runs beside the lanes' work.
  double tensor = 0, sTensor = 0, pvTensor = 0, sSerial = 0, pvSerial = 0,
         pvFronts = 0, sGroupSerial = 0, pvGroupSerial = 0;
  double lanesSerial = serial;
  // The copy phase alone, before its loads' round trips.
  double copyPhase = copySerial;
  if (mma) {
    // S (bq x bkv x d) and P v (bq x dv x bkv) as pieces of pieceM x pieceN
    // x pieceK, each warp a strip and its share of the columns.
    // mma.sync (m16n8k16): per piece and 16-deep step a warp loads B (two
    // 16-bit loads per register, 4 wavefronts); per step A once (4, per
    // term of P); each accumulator piece is written once per product (2
    // wavefronts of 8-byte accesses) and read first where the product
    // accumulates (O; S starts at zero).
    // MFMA (16x16x16, a 64-lane wavefront): the same accesses, each priced
    // from the fragments' addresses in the padded rows
    // (mfmaFragmentFronts).
    // mma.sync reaches its own measured fraction of the tensor peak, MFMA
    // what hipBLASLt-class kernels do (as for a GEMM's K step, Terms.cpp).
    // wgmma what the target's best measured GEMM does (cuBLAS's sm_90
    // kernels are wgmma kernels), as a wgmma GEMM is priced (Terms.cpp).
    TargetField fractionField = mfma || wgmma
                                    ? TargetField::TensorAchievableFraction
                                    : TargetField::MmaSyncPeakFraction;
    double fraction = 1;
    if (model::usable(t, fractionField, p.uncalibrated))
      fraction = t.get(fractionField);
    double perClock = model::peakFlops(t, s.compute, a.type) * fraction /
                      (t.get(TargetField::SMCount) *
                       t.get(TargetField::TensorClockGHz) * 1e9);
    // A warp issues on one of the SM's tensor units: the product's warps
    // of all resident blocks must cover them.
    double units = 4;
    if (model::usable(t, TargetField::TensorUnitsPerSM, p.uncalibrated))
      units = t.get(TargetField::TensorUnitsPerSM);
    // Shared-memory wavefronts per clock, a wavefront being 128 bytes.
    double fronts =
        model::usable(t, TargetField::L1BytesPerClock, p.uncalibrated)
            ? t.get(TargetField::L1BytesPerClock) / 128.0
            : 1.0;
    double round =
        model::usable(t, TargetField::L1LatencyCycles, p.uncalibrated)
            ? t.get(TargetField::L1LatencyCycles)
            : 0;
    // A step's A operand takes every B piece of the step, each read once;
    // rows of A, B and the accumulator are `*Row` elements apart; with
    // `bByRows` B is held [N, K] (the key tile on MFMA), a lane's fragment
    // consecutive in a row as A's is. A warp steps `warpDepth` of the
    // depth kdim (all of it, but P v's part of the keys where the warps
    // split the key tile).
    auto product = [&](double m, double n, double kdim, double warpDepth,
                       double warps, double pieces, bool accumulates,
                       int64_t aRow, int64_t bRow, int64_t cRow, bool bByRows) {
      double flops = 2 * m * n * kdim;
      double busy = std::min(1.0, warps * double(p.blocksPerSM) / units);
      double tensorCycles = flops / (perClock * busy);
      double ksteps = warpDepth / double(l.pieceK);
      double aFronts = 4, bFronts = 4, cFronts = 2, issueCycles = 2;
      if (mfma) {
        constexpr MfmaShape shape = kMfmaShapes[0];
        model::MfmaFragmentFronts f = model::mfmaFragmentFronts(
            shape, aRow * elementBytes, bRow * elementBytes, cRow * 4);
        aFronts = f.a;
        bFronts = f.b;
        cFronts = f.c;
        if (bByRows)
          bFronts = model::mfmaFragmentFronts(shape, bRow * elementBytes,
                                              bRow * elementBytes, cRow * 4)
                        .a;
        // One MFMA occupies its matrix core for its flops at the unit's
        // share of the rate.
        issueCycles = double(shape.flops()) / (perClock / units);
      }
      // The register-resident form keeps A (q across the loop, P as it
      // is computed) and the accumulators in registers: B alone is read,
      // on mma.sync 2 wavefronts a piece (K's as one 32-bit load a
      // register, from the untransposed tile; V's by ldmatrix .x4.trans,
      // two pieces a load), on MFMA as its B fragments are read above.
      if (l.registers) {
        aFronts = cFronts = 0;
        if (!mfma)
          bFronts = 2;
      }
      double waves = warps *
                     (ksteps * (aFronts + bFronts * pieces) +
                      (accumulates ? 2 : 1) * cFronts * pieces) /
                     fronts;
      // wgmma reads B through its descriptor once a warpgroup (n x kdim
      // elements), and S's A (the q tile's rows, m x kdim in all) as well;
      // P, O's A, is in registers. One instruction a 16-deep step covers
      // its n.
      if (wgmma) {
        waves = (warps / double(WgmmaShape::kWarpsPerGroup) * n +
                 (accumulates ? 0 : m)) *
                kdim * double(elementBytes) / 128.0 / fronts;
        issueCycles = 2.0 / pieces;
      }
      wavefronts += waves;
      // A wgmma chain is waited for as soon as it is issued (its results
      // feed the softmax, or the next step's rescale): the warpgroup waits
      // out the async pipe's latency besides the chain's tensor time.
      double wait = 0;
      if (wgmma &&
          model::usable(t, TargetField::WgmmaWaitCycles, p.uncalibrated))
        wait = t.get(TargetField::WgmmaWaitCycles);
      double issued = round + ksteps * pieces * issueCycles;
      // One warpgroup's own products alone on the tensor cores (its share
      // of the rows and of the wavefronts; its 4 warps cover the units).
      double groups =
          wgmma ? std::max(1.0, warps / double(WgmmaShape::kWarpsPerGroup))
                : 1.0;
      double alone = std::max({tensorCycles / groups, waves / groups, issued});
      return std::tuple{tensorCycles,
                        std::max({tensorCycles, waves, issued}) + wait,
                        alone + wait};
    };
    // Each warp's pieces: a strip's share of the columns, or in the
    // register-resident form all of its strips' columns.
    double sWarps = double(l.strips * l.sSplits),
           oWarps = double(l.strips * l.oSplits);
    double sWarpPieces = double(sPieces), oWarpPieces = double(oPieces);
    if (l.registers) {
      sWarps = oWarps = double(s.warps);
      sWarpPieces = double(ownKeys / l.pieceN * warpStrips);
      oWarpPieces *= double(warpStrips);
    }
    std::tie(sTensor, sSerial, sGroupSerial) =
        product(rows, keys, d, d, sWarps, sWarpPieces, false, l.qRow, l.kRow,
                l.sRow, !l.kTransposed);
    double before = wavefronts;
    std::tie(pvTensor, pvSerial, pvGroupSerial) =
        product(rows, dv, keys, double(ownKeys), oWarps, oWarpPieces, true,
                l.pRow, l.vRow, l.oRow, false);
    pvFronts = wavefronts - before;
    tensor = sTensor + pvTensor;
  }
  // Overlapped (FusedAttentionLayout::overlapped), a step waits for S, then
  // computes P while the previous step's P v runs: the longer of the two.
  serial = l.overlapped ? sSerial + std::max(lanesSerial, pvSerial)
                        : lanesSerial + sSerial + pvSerial;
  // Pipelined on wgmma, the warpgroups run apart (tessel-warpgroup-pipeline:
  // mbarriers instead of the step's block barriers, the warpgroups taking
  // turns issuing their products): a step's chain is one warpgroup's, its
  // products alone on the tensor cores while the other's softmax runs;
  // the tensor cores' turns bound the step in `stepCompute` below.
  bool pipelined = l.stages > 1 && !a.singleStep(bq, bkv);
  bool apart = l.overlapped && wgmma && pipelined;
  if (apart)
    serial = sGroupSerial + std::max(lanesSerial, pvGroupSerial);
  // The copy's loads: a thread's K and V vectors, issued in batches
  // (FusedAttentionLayout::copyBatch), each batch waiting one round trip.
  // Of a head's query tiles that read the same key tile, the first reads
  // it from DRAM and the others hit L2: with one tile a head (a decode
  // step), every round trip goes to DRAM.
  double trip = 0;
  if (model::usable(t, TargetField::L2LatencyCycles, p.uncalibrated)) {
    auto waits = [&](double vectors) {
      int64_t rounds = int64_t(std::ceil(vectors / double(threads)));
      return double(rounds / FusedAttentionLayout::copyBatch(rounds));
    };
    trip = t.get(TargetField::L2LatencyCycles);
    if (model::usable(t, TargetField::DramLatencyCycles, p.uncalibrated))
      trip += (t.get(TargetField::DramLatencyCycles) - trip) / double(qTiles);
    copySerial +=
        tma ? trip : (waits(keys * d / wk) + waits(keys * dv / wv)) * trip;
  }
  // With stages, a step's copies are those of a later tile, in flight
  // (cp.async) while the step computes: the step takes the longer of the
  // two; without, the copy and its waits come first.
  // (One step, known when compiling, is no loop: nothing to overlap.)
  // Staged in registers (MFMA, stagedInRegisters), a step issues all of
  // the next tile's loads at its start and stores them after its
  // products: one round trip beside the step, the copy's own issue and
  // stores in it.
  if (pipelined && stagedInRegisters(l))
    serial = std::max(serial, trip) + copyPhase;
  else if (pipelined)
    serial = std::max(serial, copySerial);
  else
    serial += copySerial;
  // Once per block: the q tile in, O zeroed, the result out (a round trip
  // to DRAM).
  Phase edges{rows * (d / wk + 2 * dv), 4, 1, 0};
  PhaseCycles once = phaseCycles(edges, threads, t, p.uncalibrated);
  // With the key tile split among the warps, the other splits' O zeroed
  // and, after the loops, merged as a split-KV attention's slices are
  // combined (FusedAttention.cpp's mergeKeySplits: a thread per row weighs
  // the splits, then a thread per value sums them; combinePhases).
  if (int64_t splits = l.keySplits(); splits > 1) {
    double k = double(splits);
    PhaseCycles zero = phaseCycles(Phase{rows * dv * (k - 1), 1, 1, 0}, threads,
                                   t, p.uncalibrated);
    auto [w, v] = combinePhases(rows, k, dv, threads, t, p.uncalibrated);
    for (const PhaseCycles &c : {zero, w, v}) {
      once.issue += std::max(c.issue, c.sfu);
      once.wavefronts += c.wavefronts;
      once.chain += std::max({c.issue, c.wavefronts, c.sfu, c.chain});
    }
  }
  double edgeChain = once.chain;
  // Overlapped, the last tile's P v after the loop.
  double onceTensor = 0, onceFronts = once.wavefronts;
  if (l.overlapped) {
    edgeChain += pvSerial;
    onceTensor = pvTensor;
    onceFronts += pvFronts;
  }
  if (model::usable(t, TargetField::DramLatencyCycles, p.uncalibrated))
    edgeChain += t.get(TargetField::DramLatencyCycles);
  // A split that combines its slices: each block's arrival (an atomic add
  // at L2), and once per query tile, in its last block, the combine's two
  // phases (as predictAttentionCombine prices them) on the partials and
  // log-sum-exps the tile's blocks just wrote (L2 hits): three round trips
  // to L2 in the last block's chain.
  double tiles = kvHeads * double(qTiles);
  double tilesOnBusiestSM = std::ceil(tiles / sms);
  double tailIssue = 0, tailFronts = 0, tailChain = 0;
  if (a.combined) {
    // (A tile's rows past the head group's query rows are skipped.)
    auto [w, v] =
        combinePhases(std::min(rows, double(a.queryRows())), double(a.splits),
                      dv, threads, t, p.uncalibrated);
    tailIssue = std::max(w.issue, w.sfu) + std::max(v.issue, v.sfu);
    tailFronts = w.wavefronts + v.wavefronts;
    tailChain = w.chain + v.chain;
    if (model::usable(t, TargetField::L2LatencyCycles, p.uncalibrated))
      tailChain += 3 * t.get(TargetField::L2LatencyCycles);
  }

  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  auto us = [&](double cycles) { return cycles / clockHz * 1e6; };
  p.flops = 2.0 * a.unmaskedPairs() * (d + dv);
  // The lanes' work and the products take turns within a block; on wgmma,
  // whose products run asynchronously, a warpgroup's softmax overlaps its
  // previous step's P v (overlapped) and another's products where two or
  // more are resident on the SM.
  double stepCompute = std::max(issue, sfu) + tensor;
  if (l.overlapped)
    stepCompute = std::max({issue, sfu, pvTensor}) + sTensor;
  if (wgmma && double(s.warps / WgmmaShape::kWarpsPerGroup) * resident >= 2)
    stepCompute = std::max({issue, sfu, tensor});
  p.computeUs = us(stepsOnBusiestSM * stepCompute +
                   blocksOnBusiestSM * (once.issue + onceTensor) +
                   tilesOnBusiestSM * tailIssue);
  p.loadsUs =
      us(stepsOnBusiestSM * wavefronts + blocksOnBusiestSM * onceFronts +
         tilesOnBusiestSM * tailFronts);
  // A block's phases wait on each other; the blocks resident on an SM
  // overlap theirs.
  p.latencyUs =
      us(std::max(double(longest) * serial + edgeChain + tailChain,
                  (stepsOnBusiestSM * serial + blocksOnBusiestSM * edgeChain +
                   tilesOnBusiestSM * tailChain) /
                      resident));

  double bytes = double(dtypeBytes(a.type));
  // q in once (each slice's blocks read it again from L2); the result out,
  // or a split-KV attention's f32 partials and their log-sum-exps.
  double qIn = heads * double(a.sq) * d * bytes;
  double result = heads * double(a.sq) * dv * bytes;
  double partials = double(a.splits) * heads * double(a.sq) * (dv + 1) * 4;
  double out = a.splits == 1 ? result : partials;
  // A combining split also writes the attention (and reads the partials
  // back from L2).
  if (a.combined)
    out += result;
  // K and V in once: the keys some query attends to (a window's).
  double kv = double(a.batch) * double(a.kvHeads) * double(a.keysRead()) *
              (d + dv) * bytes;
  p.dramBytes = qIn + out + kv;
  p.dramUs =
      p.dramBytes / model::dramBandwidth(t, p.dramBytes, p.uncalibrated) * 1e6;
  p.l2Bytes = qIn * double(a.splits) + out + (a.combined ? partials : 0) +
              totalSteps * keys * (d + dv) * bytes;
  if (model::usable(t, TargetField::L2BandwidthTBps, p.uncalibrated))
    p.l2Us = p.l2Bytes / (t.get(TargetField::L2BandwidthTBps) * 1e12) * 1e6;
  if (model::usable(t, TargetField::SmBytesPerClock, p.uncalibrated))
    p.l2Us = std::max(p.l2Us, us(stepsOnBusiestSM * keys * (d + dv) * bytes /
                                 t.get(TargetField::SmBytesPerClock)));
  if (model::usable(t, TargetField::BlockCycles, p.uncalibrated))
    p.blocksUs = us(blocksOnBusiestSM * t.get(TargetField::BlockCycles));
  if (model::usable(t, TargetField::LaunchOverheadUs, p.uncalibrated))
    p.launchUs = t.get(TargetField::LaunchOverheadUs);
  model::combineTerms(p, model::peakFlops(t, s.compute, a.type));

  // The best any kernel could do: the flops on tensor cores (bf16, f16) at
  // the achievable fraction, or the unique bytes.
  double best = model::peakFlops(t, ComputeClass::Simt, a.type);
  if (a.type != ElementType::F32) {
    double tensor = model::peakFlops(t, ComputeClass::MmaSync, a.type);
    if (model::usable(t, TargetField::TensorAchievableFraction, p.uncalibrated))
      tensor *= t.get(TargetField::TensorAchievableFraction);
    best = std::max(best, tensor);
  }
  bool ignored = false;
  p.achievableComputeUs = p.flops / best * 1e6;
  // The work's bytes: q, k, v in and the attention out (a partial's own
  // output is its work; a combining split's partials are not).
  double workBytes =
      a.splits == 1 || a.combined ? qIn + result + kv : p.dramBytes;
  p.achievableUs =
      std::max(p.achievableComputeUs,
               workBytes / model::dramBandwidth(t, workBytes, ignored) * 1e6);
  return p;
}

namespace {
/// Registers of the combine kernel's threads: an estimate of the emitted
/// code (indices, a row's maximum and sum, one partial's accumulator), not
/// a chip's figure; ptxas -v (sm_90a) gives the GPT-2 combine of
/// test/codegen/cpu-check-fused-attention.mlir 26.
constexpr int64_t kAttentionCombineRegisters = 32;
} // namespace

Prediction predictAttentionCombine(const KernelDesc &k, const Schedule &s,
                                   const Target &t) {
  Prediction p;
  const AttentionCombineShape &c = *k.attentionCombine;
  auto illegal = [&](std::string why) {
    return model::markIllegal(p, std::move(why));
  };
  if (s.block.size() != 1 || s.block[0] < 1 ||
      s.compute != ComputeClass::Simt || s.stages != 1 || s.splitK != 1 ||
      s.vector != 1 || s.raster != 1 || !s.warp.empty() || !s.thread.empty())
    return illegal("a split-KV combine's schedule is block = [rows] and "
                   "warps, on SIMT lanes");
  int64_t rows = s.block[0];
  int64_t threads = s.warps * t.warpSize();
  p.threadsPerBlock = threads;
  if (s.warps < 1 || double(threads) > t.get(TargetField::MaxThreadsPerBlock))
    return illegal("the block has more threads than the target allows");
  // Each row's weights, and the inverse of their sum.
  p.sharedBytes = 4 * rows * (c.splits + 1);
  if (double(p.sharedBytes) > t.blockSharedMemoryLimit())
    return illegal("the block's weights (" + std::to_string(p.sharedBytes) +
                   " bytes) exceed what one block may allocate");
  p.registers = kAttentionCombineRegisters;
  if (!occupy(p, t, s.warps, threads))
    return illegal("one block needs more of an SM than it has");
  p.blocks = (c.rows + rows - 1) / rows;
  double blocksOnBusiestSM = model::spreadBlocks(t, p);
  double resident = model::residentBlocks(p, blocksOnBusiestSM);

  // The two phases (combinePhases).
  double splits = double(c.splits), dv = double(c.dv);
  auto [w, v] =
      combinePhases(double(rows), splits, dv, threads, t, p.uncalibrated);
  double dramLatency =
      model::usable(t, TargetField::DramLatencyCycles, p.uncalibrated)
          ? t.get(TargetField::DramLatencyCycles)
          : 0;
  // Each phase waits on DRAM once (its loads are independent).
  double chain = w.chain + v.chain + 2 * dramLatency;
  double clockHz = t.get(TargetField::SimtClockGHz) * 1e9;
  auto us = [&](double cycles) { return cycles / clockHz * 1e6; };
  p.flops = double(c.rows) * splits * (2 * dv + 4);
  p.computeUs = us(blocksOnBusiestSM *
                   (std::max(w.issue, w.sfu) + std::max(v.issue, v.sfu)));
  p.loadsUs = us(blocksOnBusiestSM * (w.wavefronts + v.wavefronts));
  p.latencyUs = us(std::max(chain, blocksOnBusiestSM * chain / resident));
  p.dramBytes = double(c.rows) * splits * (dv + 1) * 4 +
                double(c.rows) * dv * double(dtypeBytes(c.type));
  p.dramUs =
      p.dramBytes / model::dramBandwidth(t, p.dramBytes, p.uncalibrated) * 1e6;
  p.l2Bytes = p.dramBytes;
  if (model::usable(t, TargetField::L2BandwidthTBps, p.uncalibrated))
    p.l2Us = p.l2Bytes / (t.get(TargetField::L2BandwidthTBps) * 1e12) * 1e6;
  if (model::usable(t, TargetField::BlockCycles, p.uncalibrated))
    p.blocksUs = us(blocksOnBusiestSM * t.get(TargetField::BlockCycles));
  if (model::usable(t, TargetField::LaunchOverheadUs, p.uncalibrated))
    p.launchUs = t.get(TargetField::LaunchOverheadUs);
  model::combineTerms(p, model::peakFlops(t, ComputeClass::Simt, c.type));
  bool ignored = false;
  p.achievableComputeUs =
      p.flops / model::peakFlops(t, ComputeClass::Simt, ElementType::F32) * 1e6;
  p.achievableUs = std::max(
      p.achievableComputeUs,
      p.dramBytes / model::dramBandwidth(t, p.dramBytes, ignored) * 1e6);
  return p;
}

} // namespace mlir::tessel
