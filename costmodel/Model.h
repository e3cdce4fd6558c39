//===- Model.h - Tessel's analytical kernel time model ----------*- C++ -*-===//
//
// predict(KernelDesc, Schedule, Target) -> Prediction: a tile-level
// hierarchical roofline of the kernels Tessel emits. A kernel description
// says what the kernel computes (its loop nest, the operands and which loops
// index them, its floating-point work); a schedule says how it is tiled; the
// target supplies the hardware. The prediction keeps each term so that a
// report can say which limit binds. Plain C++17, no MLIR: the pass that
// builds descriptions from IR lives in passes/.
//
// The formulas and their sources are in docs/cost-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_COSTMODEL_MODEL_H
#define TESSEL_COSTMODEL_MODEL_H

#include "costmodel/Target.h"
#include "runtime/Support.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::tessel {

enum class ComputeClass { Simt, MmaSync, Wgmma, Mfma };
/// The element types the model prices (runtime/Support.h).
using ElementType = DType;

/// One loop of the kernel's iteration space (the root of its loop nest).
struct Loop {
  int64_t size = 1;
  bool reduction = false;
  /// The lcm of the divisors P through which an op of the kernel reads
  /// this loop's index (`d floordiv P`, `d mod P`: a grouped-query
  /// attention's key heads); 1: none (rootLoopPeriods). A tile along it
  /// must keep to tileKeepsPeriods.
  int64_t period = 1;
};

/// Whether tiling a loop of `size` whose index an op reads through
/// `floordiv` or `mod` by `period` into tiles of `tile` (each split over
/// `threads` threads, a thread taking ceil(tile / threads) consecutive
/// elements) keeps every slice right: tiling slices the operand as if the
/// map were linear, element j of a part starting at s read at
/// (s floordiv P + j floordiv P, s mod P + j mod P), which is the element
/// only where s is a multiple of P or the part ends within the period it
/// starts in. A thread's part is placed from its tile's start, so within a
/// tile that starts inside a period (and so ends in it) it holds too.
bool tileKeepsPeriods(int64_t size, int64_t period, int64_t tile,
                      int64_t threads);

/// One buffer the kernel reads or writes, and the loops that index it.
struct Operand {
  std::vector<int> loops; // indices into KernelDesc::loops
  ElementType type = ElementType::F32;
  bool output = false;
};

/// One read of a kernel input by a thread, `count` times per instance of its
/// Work: `bytes` (the element size), the root parallel loops that index the
/// element read, and the root loop of the input's innermost (contiguous)
/// dim (-1: a loop of the op's own or none). Lanes of a warp that differ
/// only along loops not indexing it read the same element (a broadcast).
struct Load {
  double bytes = 4;
  double count = 1;
  std::vector<int> loops;
  int contiguous = -1;
  /// The input's contiguous dim is indexed by one of the op's own loops
  /// (not a root parallel loop): a row it reduces along its memory order.
  /// A cooperative reduction's lanes then read neighbouring elements.
  bool contiguousAlongOwnLoop = false;
  /// Read at an index the op computes (tensor.extract in an im2col, a
  /// concat): its address is rebuilt for each element.
  bool gather = false;
};

/// How the SIMT strategy runs one op of a kernel (a Work). An instance is
/// one iteration of the op's loops that follow the root's parallel loops
/// (Work::loops); its other loops (reductions, loops of the op's own) run
/// whole within it.
enum class Execution {
  /// Fused into the element loops: an instance runs for every output
  /// element.
  PerElement,
  /// A reduction read with a broadcast (a softmax row's max), or an op
  /// fused into one: each thread runs it for each instance its tile holds,
  /// so threads that share a row repeat it.
  PerThread,
  /// When the block tiles divide the root's loops, a cooperative reduction
  /// is split over the block's threads, thread t taking elements t, t + T,
  /// ... of each row: an op fused into a thread's share...
  CooperativeShare,
  /// ... the reduction itself, whose partials are then combined in a
  /// tree...
  CooperativeReduction,
  /// ... or another way the same reduction is reached, which computes
  /// nothing more. Where the tiles do not divide, all three run PerThread.
  CooperativeCopy,
};

/// What an op is to a schedule's K step (tessel-tile-and-fuse's
/// tileContractionK). Without a K step every op runs as its Execution says.
enum class KStepRole {
  None,
  /// The contraction with one reduction loop (matmul, batch_matmul) that a
  /// K step tiles: Work::reduction is that loop's size and
  /// Work::operandTiles its inputs, which each step copies into shared
  /// memory.
  Contraction,
  /// The same contraction as read by another op (a softmax's max, then its
  /// sum): without a K step each reader recomputes it; with one it is
  /// computed once (the Work that is the Contraction).
  ContractionCopy,
  /// An op computing one of the contraction's operands (a cast): without a
  /// K step it runs for every use; with one, once per element of each
  /// step's tile, inside the copy to shared memory.
  Prologue,
  /// A prologue that only moves elements, keeping the innermost dim (a
  /// split-K partial's permuted A): the copies it is fused into stay plain
  /// row copies, which stages can make asynchronous.
  RowCopyPrologue,
  /// The transpose that gives the contraction a `transpose_rhs` B (stored
  /// [.., N, K]): a tensor-core step reads B in place, [N, K] tiles copied
  /// along K as plain row copies (stages can make them asynchronous); an
  /// unpipelined SIMT step copies it along K, one element a thread, into
  /// [K, N] (ModelTerms.h, copiesTransposed).
  TransposedBPrologue,
  /// The transpose that gives the contraction a `transpose_lhs` A (stored
  /// [.., K, M]): an unpipelined SIMT step copies it along M, one element a
  /// thread, into [M, K] (copiesTransposed); a tensor-core step's copies
  /// gather it, as a Prologue's.
  TransposedAPrologue,
};

/// The math functions an op's body calls, by what the code emitted for
/// them costs (ModelTerms.h, kNvidiaMathCode and kAmdMathCode): a routine
/// of many instructions (exp, tanh, erf), or, for the rest, one
/// special-function instruction.
enum class MathFunction { Exp, Tanh, Erf, Rsqrt, Other };
inline constexpr size_t kMathFunctions = size_t(MathFunction::Other) + 1;

/// One op of a kernel as the SIMT strategy executes it, once per way it is
/// reached from the root.
struct Work {
  double flopsPerInstance = 0;
  /// Of those, calls of math functions, by function (each counted once in
  /// the flops too).
  std::array<double, kMathFunctions> mathCallsPerInstance{};
  /// Reads straight from the kernel's inputs.
  std::vector<Load> loads;
  /// Root parallel loops (indices into KernelDesc::loops).
  std::vector<int> loops;
  Execution execution = Execution::PerElement;
  KStepRole kStepRole = KStepRole::None;
  /// Fused into a vector step (a schedule's `vector`), the op becomes
  /// vector operations (its loops are all parallel), at every width or at
  /// the widths dividing `vectorWidths` where that is not 0 (a concat along
  /// its innermost dim: its inputs' sizes there); otherwise it stays a
  /// scalar loop inside the step (vectorizesAt).
  bool vectorized = false;
  int64_t vectorWidths = 0;
  /// A Contraction's reduction length and its inputs (kernel inputs or
  /// values computed in the kernel: element size, the root loops indexing
  /// them), as the K step copies them.
  int64_t reduction = 0;
  std::vector<Load> operandTiles;

  /// Whether a vector step of `width` runs the op as vector operations.
  bool vectorizesAt(int64_t width) const {
    return vectorized && (vectorWidths == 0 || vectorWidths % width == 0);
  }

  /// Run per thread (PerThread or any Cooperative execution).
  bool perThread() const { return execution != Execution::PerElement; }
  /// Split over the block's threads when the block tiles divide.
  bool cooperative() const {
    return execution == Execution::CooperativeShare ||
           execution == Execution::CooperativeReduction ||
           execution == Execution::CooperativeCopy;
  }
  bool isContraction() const { return kStepRole == KStepRole::Contraction; }
  /// The math functions called per instance, all kinds.
  double transcendentalsPerInstance() const {
    double n = 0;
    for (double calls : mathCallsPerInstance)
      n += calls;
    return n;
  }
  bool isPrologue() const {
    return kStepRole == KStepRole::Prologue ||
           kStepRole == KStepRole::RowCopyPrologue ||
           kStepRole == KStepRole::TransposedBPrologue ||
           kStepRole == KStepRole::TransposedAPrologue;
  }
};

/// The Work of an op that is not a contraction: `flops` and
/// `transcendentals` (math functions of one special-function instruction,
/// MathFunction::Other) per instance, its `loads`, the root `loops` it
/// follows, run as `execution` says.
Work opWork(double flops, double transcendentals, std::vector<Load> loads,
            std::vector<int> loops, Execution execution);

/// A scaled dot-product attention: q [batch, heads, sq, d], k [batch,
/// kvHeads, skv, d], v [batch, kvHeads, skv, dv], all of `type`; with
/// `causal`, query i attends to keys j <= i + skv - sq, and with a `window`
/// W > 0 (causal only) to those of them after i + skv - sq - W.
struct AttentionShape {
  int64_t batch = 1, heads = 1, kvHeads = 1, sq = 1, skv = 1, d = 1, dv = 1;
  bool causal = false;
  /// A sliding window's keys (0: none).
  int64_t window = 0;
  ElementType type = ElementType::F32;
  /// Split-KV (tessel.attention_partial): the keys some query attends to
  /// (keysRead) cut into this many slices of sliceLength() keys, each
  /// attended to by blocks of its own.
  int64_t splits = 1;
  /// With splits: the kernel also combines the slices (tessel.attention_
  /// split): the last block of each query tile to finish weighs them.
  bool combined = false;

  /// Keys per slice: ceil(keysRead() / splits) of the keys from
  /// slicedFrom(), the last slice what is left.
  int64_t sliceLength() const { return (keysRead() + splits - 1) / splits; }
  int64_t slicedFrom() const { return skv - keysRead(); }
  /// Query heads per key/value head, and a key/value head's query rows:
  /// the fused kernel's query tiles take rows of group() x sq, row R being
  /// query R / group() of the group's head R % group(), so that the heads
  /// sharing a key/value head read each of its tiles once.
  int64_t group() const { return heads / kvHeads; }
  int64_t queryRows() const { return group() * sq; }
  /// The first key a tile of query rows starting at row `q0` visits in
  /// slice `split` with key tiles of `bkv`: the slice's first, or with a
  /// window, if later, the start of the key tile (counted from 0) where
  /// its first row's window starts: the tiles before are masked for every
  /// row, and skipped.
  int64_t firstKey(int64_t q0, int64_t bkv, int64_t split = 0) const;
  /// Key tiles of `bkv` keys a tile of `bq` query rows starting at row `q0`
  /// visits in slice `split`, from firstKey: all of the slice's, or with
  /// `causal` those up to the last key its last row's query attends to (the
  /// fully masked ones are skipped; none when the whole slice is).
  int64_t keyTiles(int64_t q0, int64_t bq, int64_t bkv,
                   int64_t split = 0) const;
  /// Of those, the leading tiles the window masks a key of for some row:
  /// those before its last row's window starts (none without a window).
  int64_t leadingMaskedKeyTiles(int64_t q0, int64_t bq, int64_t bkv,
                                int64_t split = 0) const;
  /// Of those, the leading tiles before the first masked at their end:
  /// before the slice's end and, with `causal`, up to the last key the
  /// tile's first row's query attends to. Those of them after the
  /// leadingMaskedKeyTiles no row masks a key of (the register-resident
  /// form steps them without its mask).
  int64_t unmaskedKeyTiles(int64_t q0, int64_t bkv, int64_t split = 0) const;
  /// Whether no key loop is left with query tiles of `bq` rows and key
  /// tiles of `bkv`: the loops' bounds are known when compiling (no
  /// slices, and no causal mask or one query tile) and each steps at most
  /// once, so they fold away, and with them any pipeline of the copies.
  bool singleStep(int64_t bq, int64_t bkv) const {
    if (splits != 1)
      return false;
    if (!causal)
      return skv <= bkv;
    if (queryRows() > bq)
      return false;
    // The register-resident form's two loops: the unmasked tiles, then the
    // masked ones (with a window, those before its start too, rotated to
    // the end: FusedAttention.cpp's stepStart).
    int64_t tiles = keyTiles(0, bq, bkv);
    int64_t lead = leadingMaskedKeyTiles(0, bq, bkv);
    int64_t unmasked =
        std::max(lead, std::min(tiles, unmaskedKeyTiles(0, bkv)));
    return unmasked - lead <= 1 && tiles - unmasked + lead <= 1;
  }
  /// Keys some query attends to: all of them, or with a window those from
  /// the first query's window on (the keys before are never read).
  int64_t keysRead() const {
    if (window <= 0)
      return skv;
    return std::min(skv, sq - 1 + window);
  }
  /// Query-key pairs that are not masked (a multiply-add each per element
  /// of d and of dv).
  double unmaskedPairs() const;
};

/// The combine of a split-KV attention (tessel.attention_combine): `rows`
/// query rows (batch x heads x sq), each the weighted sum of `splits` f32
/// partial rows of `dv` values, written in `type`.
struct AttentionCombineShape {
  int64_t splits = 1, rows = 1, dv = 1;
  ElementType type = ElementType::F32;
};

/// How the fused attention kernel (passes/tiling/FusedAttention.cpp) lays
/// out one block for a schedule `block = [bq, bkv]` of `threads` threads:
/// its block holds a tile of bq query rows of one key/value head (its
/// group's heads interleaved, AttentionShape::queryRows) in shared memory
/// and steps through the keys bkv at a time, with a barrier after each
/// phase.
/// On SIMT lanes, five phases: copy the K and V tiles to shared memory;
/// S = q k^T (scaled by scale * log2(e), masked) in micro-tiles of sRows x
/// sCols per thread, each micro-tile's row maxima written out; each row's
/// new maximum and rescale factor (a thread per row); P = exp2(S - max) by
/// segments of sCols elements, each segment's sum written out; O = O *
/// rescale + P v in micro-tiles of oRows x oCols. A micro-tile's columns
/// are strided (column g + i * groups) so that neighbouring lanes read
/// neighbouring keys and value columns.
/// On tensor cores (`mma`: mma.sync m16n8k16 on NVIDIA, MFMA 16x16x16 on a
/// 64-lane wavefront on AMD CDNA), six: copy the K tile (for mma.sync)
/// transposed ([d, bkv], B of the first product) and the V tile;
/// S = q k^T by warps, each a 16-row strip of the queries and 1 / sSplits of
/// the keys, written to S; S scaled and masked by segments of sCols
/// keys, each segment's maximum written out; the rows' statistics; P =
/// exp2(S - max) as two terms of the input type (hi, and lo = P - hi
/// rounded: the product is then as accurate as with f32 P), each segment's
/// sum written out, and O rescaled; O += P v by warps (a strip and 1 /
/// oSplits of the value columns each, both terms of P), in pieces of
/// pieceM x pieceN x pieceK. The buffers' rows are
/// padded by kMmaOperandPad (kMmaAccumulatorPad for S and O, f32) so that the
/// lanes' fragment accesses fall in distinct banks. The code generator and the
/// model both read it here.
struct FusedAttentionLayout {
  int64_t bq = 0, bkv = 0, threads = 0;
  /// The class the products run on: Simt, MmaSync or Mfma; `mma` when
  /// tensor cores (either of the latter two).
  ComputeClass compute = ComputeClass::Simt;
  bool mma = false;
  /// A tensor-core piece: rows (a strip's height), columns and depth.
  int64_t pieceM = 16, pieceN = 8, pieceK = 16;
  /// The K tile is copied transposed ([d, kRow]; mma.sync, whose B
  /// fragments run down its columns); on MFMA it stays [bkv, kRow], each
  /// lane's B fragment four consecutive elements of a key's row.
  bool kTransposed = false;
  /// SIMT: elements added to each shared row of the q and k tiles so that
  /// the rows are an odd number of 32-bit words apart (lanes reading a
  /// column fall in distinct banks).
  int64_t rowPad = 0;
  /// Row lengths (elements) of the block's buffers: q [bq, qRow], k [bkv,
  /// kRow] (transposed for mma.sync, [d, kRow]), v [bkv, vRow], S [bq,
  /// sRow] and O [bq, oRow] in f32, and on tensor cores P's two terms [bq,
  /// pRow] in the input type.
  int64_t qRow = 0, kRow = 0, vRow = 0, sRow = 0, oRow = 0, pRow = 0;
  int64_t sRows = 1, sCols = 1, oRows = 1, oCols = 1;
  /// Column groups of S (bkv / sCols): partial maxima and sums per row.
  int64_t groups = 1;
  /// Tensor cores: 16-row strips of the query tile (one per warp at most)
  /// and the splits of S's keys and of O's columns among a strip's warps.
  int64_t strips = 0, sSplits = 1, oSplits = 1;
  /// The register-resident form (`warp = [warpRows, bkv]`, mma.sync): each
  /// warp owns warpRows / 16 strips of the query tile for the whole key
  /// tile and all of O, and keeps S, P, O and the rows' statistics in its
  /// lanes' registers across the key loop (FlashAttention-2's structure):
  /// per key step one copy phase and one warp phase, no shared S, P or
  /// partial statistics. O [bq, oRow] and the rows' maxima and sums (each
  /// [bq, pieceN], a row's value repeated across a piece's columns) are
  /// filled before the loops and read after them, and
  /// tessel-hoist-accumulators keeps them in registers from the first loop
  /// to the last, stored only after all of them.
  bool registers = false;
  int64_t warpRows = 0;
  /// The register-resident form on mma.sync with `warp = [warpRows,
  /// warpKeys]`, warpKeys < bkv: the key tile is split among the warps
  /// (FlashDecoding's split within a block, for query tiles of few rows,
  /// such as a decode step's): warp w takes strip rows (w % stripWarps)
  /// and keys (w / stripWarps) * warpKeys .. + warpKeys - 1 of each tile,
  /// with an O and statistics of its own (rows w * warpRows of O, the
  /// maxima and the sums, keySplits() * bq rows each), which the block
  /// merges after the key loops. 0: the whole tile (bkv).
  int64_t warpKeys = 0;
  int64_t keySplits() const { return warpKeys ? bkv / warpKeys : 1; }
  /// The keys of a tile one warp takes.
  int64_t keysPerWarp() const { return bkv / keySplits(); }
  /// The register-resident form's K and V buffers: `stages` of each, the
  /// copies of the tiles `stages - 1` steps ahead in flight (cp.async)
  /// while a step computes.
  int64_t stages = 1;
  /// The register-resident form on wgmma overlaps each step's softmax with
  /// the previous step's P V product (FlashAttention-3's intra-warpgroup
  /// pipelining): step j issues S_j = q K_j^T, then O += P_{j-1} V_{j-1},
  /// waits for S_j alone, computes P_j while the P V product runs, then
  /// waits for it and rescales O. P_{j-1} waits in registers (as f32 [bq,
  /// bkv] where the loop starts and ends) and V keeps one more slot than K
  /// (`vSlots`), the last holding zeros for step 0's empty product; after
  /// the loop one more P V product adds the last tile's.
  bool overlapped = false;
  int64_t vSlots() const { return stages + (overlapped ? 1 : 0); }
  /// The register-resident form on MFMA, neither its key tile split among
  /// the warps nor the keys among blocks: after the key loops each warp
  /// divides its rows of O by their sums in its lanes and writes them,
  /// rounded to the input type, into a tile [bq, roundedRow] that the
  /// epilogue copies out. O and the statistics then stay in registers to
  /// the end, and the tile, half O's f32 bytes, lies over the q, K and V
  /// tiles (a 128 x 128 f32 O and its sums alone would exceed CDNA's 64
  /// KiB). 0: the epilogue reads O's f32 buffer (NVIDIA, whose shared
  /// memory O does not bound; and wherever splits are merged in f32).
  int64_t roundedRow = 0;
  /// The block's shared memory: its buffers' bytes, and (the
  /// register-resident form) the bytes they take once those used only
  /// after the key loops share the tiles' bytes (tessel-dynamic-shared-
  /// memory places them so where Target::overlaysSharedMemory says).
  int64_t sharedBytes = 0, overlaidBytes = 0;
  int64_t blockBytes(const Target &t) const {
    return overlaidBytes &&
                   t.overlaysSharedMemory(double(sharedBytes),
                                          double(overlaidBytes), threads)
               ? overlaidBytes
               : sharedBytes;
  }

  static FusedAttentionLayout of(const AttentionShape &shape, int64_t bq,
                                 int64_t bkv, int64_t threads,
                                 ComputeClass compute = ComputeClass::Simt,
                                 int64_t warpSize = 32, int64_t warpRows = 0,
                                 int64_t stages = 1, int64_t warpKeys = 0);
  /// The piece {M, N, K} the products of `compute` (MmaSync or Mfma) run
  /// in: mma.sync's m16n8k16, MFMA's 16x16x16.
  static std::array<int64_t, 3> pieceOf(ComputeClass compute);
  /// Why `shape` with tiles bq x bkv and `warps` warps cannot run on the
  /// tensor cores of `compute` (MmaSync or Mfma); empty when it can.
  /// With `warpRows`, of the register-resident form, and `stages` and
  /// `warpKeys` (0: bkv) of it.
  static std::string mmaRefusal(const AttentionShape &shape, int64_t bq,
                                int64_t bkv, int64_t warps,
                                ComputeClass compute = ComputeClass::MmaSync,
                                int64_t warpRows = 0, int64_t stages = 1,
                                int64_t warpKeys = 0);
  /// Loads a thread keeps in flight when it copies a tile to shared
  /// memory: the copy is `rounds` vectors a thread, issued in batches of
  /// this many loads before their stores (each batch waits one round trip
  /// to L2). The largest divisor of `rounds` up to kCopyLoadsInFlight.
  static constexpr int64_t kCopyLoadsInFlight = 8;
  static int64_t copyBatch(int64_t rounds);
  /// Micro-tiles of S and of O (SIMT).
  int64_t sTiles() const { return bq / sRows * groups; }
  int64_t oTiles(int64_t dv) const { return bq / oRows * (dv / oCols); }
};

/// The micro-tile rows x cols (each a power of two up to 8 dividing its
/// dimension) with the most elements such that a block of `threads` still
/// has a micro-tile for each thread; the smallest when none has.
std::pair<int64_t, int64_t> attentionMicroTile(int64_t rows, int64_t cols,
                                               int64_t threads);

/// The row operations a row kernel computes (passes/tiling/RowKernel.h):
/// the normalizations, which write a row for each row, and the reductions
/// (`tessel.reduce` sum, max or mean over trailing dims), which write one
/// value.
enum class RowOpKind { Softmax, LayerNorm, RmsNorm, Sum, Max, Mean };

/// A kernel that is one softmax along its innermost dim, one layer_norm or
/// rms_norm (over any number of trailing dims, one row each), maybe of a
/// residual add, or one reduction over trailing dims: `rows` rows of
/// `length` elements of `type`, written in `type`.
struct RowShape {
  RowOpKind op = RowOpKind::Softmax;
  int64_t rows = 1, length = 1;
  ElementType type = ElementType::F32;
  /// A norm's scale and bias (`length` elements of `type` each, read by
  /// every block); a softmax's causal mask.
  bool scale = false, bias = false, causal = false;
  /// The row is the sum of two inputs of its shape (a residual add fused
  /// before the op): each row is read from both.
  bool residual = false;
  /// A reduction over leading or middle dims (a column reduction): each of
  /// the `rows` outer rows has `columns` contiguous outputs (the trailing
  /// kept dims), each reducing `length` elements `columns` apart. 1 for
  /// every other row op (a row's elements are contiguous).
  int64_t columns = 1;

  /// The rows read for each row written: the input, and the residual's.
  int64_t inputs() const { return residual ? 2 : 1; }
  /// Whether the op reduces each row to one value (sum, max, mean).
  bool reduces() const {
    return op == RowOpKind::Sum || op == RowOpKind::Max ||
           op == RowOpKind::Mean;
  }
  /// The row's cross-thread reductions: softmax its maximum then its sum,
  /// layer_norm its mean then its centred sum of squares, rms_norm and a
  /// reduction one.
  int64_t reductions() const {
    return op == RowOpKind::Softmax || op == RowOpKind::LayerNorm ? 2 : 1;
  }
  /// The passes over the row: one per reduction, and one that writes the
  /// row (none for a reduction, which writes its row's value).
  int64_t passes() const { return reductions() + (reduces() ? 0 : 1); }
  /// Elements written per row.
  int64_t written() const { return reduces() ? 1 : length; }
};

/// How the row kernel (passes/tiling/RowKernel.cpp) lays out a block for a
/// schedule `block = [rowsPerBlock]`, `warps` and `vector`: each row's
/// threadsPerRow threads take its vectors (`vector` elements, a 16-byte
/// access at most) cyclically, thread l vectors l, l + threadsPerRow, ...:
/// `slots` each. When slots x vector elements fit kResidentElements, the
/// row is `resident`: read once into registers (f32), reduced and written
/// from there (one read, one write). Otherwise each phase reads it again
/// (from L2). A reduction op (sum, max, mean) reads its row once and keeps
/// nothing: a thread loads `batch` slots at once (all of them when they fit
/// kResidentElements, then `resident`), combines them, and goes on to the
/// next batch (`batches` of them, one round trip each). A reduction's
/// per-thread partials go to shared memory; with
/// more than 32 threads a row, a thread per 32 of each row (`groups` of
/// them) combines their 32 partials (laid out `partialStride` words apart,
/// an odd stride, so that those threads read distinct banks), then every
/// thread reads its row's `groups` results: two barriers per reduction,
/// one when 32 threads or fewer hold the row. The code generator and the
/// model both read it here.
struct RowKernelLayout {
  int64_t rowsPerBlock = 1, threads = 1, threadsPerRow = 1, vector = 1;
  int64_t slots = 1, groups = 1, partialStride = 1;
  /// A reduction op's slots loaded at once, and the round trips they take.
  int64_t batch = 1, batches = 1;
  bool resident = false;
  /// Shared bytes: for each reduction (its own buffers, so that no phase
  /// writes what another thread may still read), the partials
  /// [rowsPerBlock, partialWords()] and, with groups, their results
  /// [rowsPerBlock, groups]; every thread of a row reads those and
  /// computes the row's statistic itself.
  int64_t sharedBytes = 0;

  /// The most f32 elements of a row a thread keeps in registers.
  static constexpr int64_t kResidentElements = 32;

  /// (The partials are combined 32 at a time in shared memory whatever the
  /// warp size.)
  static RowKernelLayout of(const RowShape &shape, int64_t rowsPerBlock,
                            int64_t threads, int64_t vector);
  /// Why `shape` cannot run with rowsPerBlock rows per block of `threads`
  /// threads and vectors of `vector` elements; empty when it can.
  static std::string refusal(const RowShape &shape, int64_t rowsPerBlock,
                             int64_t threads, int64_t vector);
  /// Words a row's partials take in shared memory.
  int64_t partialWords() const {
    return groups > 1 ? 32 * partialStride : threadsPerRow;
  }
};

/// How the column reduction (passes/tiling/RowKernel.cpp) lays out a block
/// for a schedule `block = [columnsPerBlock]`, `warps` and `vector`: the
/// block takes `columnsPerBlock` consecutive outputs of one outer row, its
/// `columnThreads = columnsPerBlock / vector` threads along them (a warp's
/// lanes read whole runs of a row), and its `groups = threads /
/// columnThreads` groups of them split the reduced length: group g adds
/// rows g, g + groups, ... (`slots` each), a vector of columns at a time,
/// `batch` rows' loads in flight together (`batches` round trips). The
/// groups' partials meet in shared memory ([groups, columnsPerBlock] f32)
/// and the first group's threads combine and write them.
struct ColumnKernelLayout {
  int64_t columnsPerBlock = 1, threads = 1, vector = 1, columnThreads = 1;
  int64_t groups = 1, slots = 1, batch = 1, batches = 1, sharedBytes = 0;

  static ColumnKernelLayout of(const RowShape &shape, int64_t columnsPerBlock,
                               int64_t threads, int64_t vector);
  /// Why `shape` cannot run so; empty when it can.
  static std::string refusal(const RowShape &shape, int64_t columnsPerBlock,
                             int64_t threads, int64_t vector);
};

struct KernelDesc {
  std::string name;
  std::vector<Loop> loops;
  std::vector<Operand> operands;
  double flops = 0;           // floating-point operations (a multiply-add is 2)
  double transcendentals = 0; // exp, tanh, erf... (counted apart)
  /// The work as the SIMT strategy executes it, one entry per op (and per
  /// way it is executed). Empty: the flops spread evenly over the outputs.
  std::vector<Work> work;
  /// True when the kernel's root is a contraction or convolution (a
  /// multiply-add reduction): the work tensor/matrix cores can do.
  bool contraction = false;
  /// True when a schedule may give a K step: the kernel holds exactly one
  /// contraction, with one reduction loop, and no convolution.
  bool kSteppable = false;
  /// True when the root's loops are all parallel (an elementwise op, a
  /// norm's or softmax's output, a matmul's epilogue): a schedule may give
  /// it a vector width.
  bool elementwiseRoot = false;
  /// True when the steppable contraction may take its K steps on tensor
  /// cores (mma.sync): A [.., M, K] and B [.., K, N], both f16 or both
  /// bf16, accumulated in f32 (tessel-tile-and-fuse's mmaSyncRefusal).
  bool mmaSyncable = false;
  /// True when it may take them on warpgroup MMA with TMA (wgmma): a 2-D
  /// matmul A [M, K] x B [K, N], both f16 or both bf16, into f32, whose A
  /// and B are the kernel's own arguments (TMA loads them from global
  /// memory as they are: no prologue, no transposition) with rows whose
  /// strides are multiples of 16 bytes (tessel-tile-and-fuse's
  /// wgmmaRefusal).
  bool wgmmaable = false;
  /// Set for a kernel that is one scaled dot-product attention and nothing
  /// else: tessel-tile-and-fuse emits it as one fused kernel
  /// (passes/tiling/FusedAttention.cpp), which the model prices with its own
  /// terms (predictFusedAttention); the fields above then stay empty.
  std::optional<AttentionShape> attention;
  /// Set for a kernel that is one tessel.attention_combine: emitted with the
  /// fused attention (a block per `block[0]` rows, weights in shared
  /// memory, then each row's sum), priced by predictAttentionCombine.
  std::optional<AttentionCombineShape> attentionCombine;
  /// Set for a kernel that is one softmax, layer_norm or rms_norm and
  /// nothing else: emitted as a row kernel (passes/tiling/RowKernel.cpp),
  /// priced by predictRowKernel.
  std::optional<RowShape> row;
  /// True when the kernel's inputs were written by blocks of the same
  /// launch just before it reads them (a split-K sum run in its partial
  /// kernel's last blocks: asBlockTail): its loads find them in L2 and wait
  /// L2's latency, not DRAM's, though it reads each once.
  bool inputsInL2 = false;
};

/// The tensor-core instruction Tessel issues for mma = mma_sync:
/// mma.sync.aligned.m16n8k16 (PTX ISA, "Warp-level matrix multiply-
/// accumulate instructions"), one warp computing an M x N x K piece: its
/// shape and the flops of one instruction. The cost model and the code
/// generator (passes/MmaLayout.h) both read it here.
struct MmaSyncShape {
  static constexpr int64_t kM = 16, kN = 8, kK = 16;
  static constexpr int64_t kFlops = 2 * kM * kN * kK;
};

/// The matrix-core instruction Tessel issues for mma = mfma on AMD CDNA2
/// and CDNA3 (gfx90a, gfx94x): one wavefront of 64 lanes computes an M x N
/// x K piece with bf16 or f16 inputs into f32 (AMD CDNA3 ISA reference,
/// section 7 "Matrix Arithmetic Instructions"; CDNA2 ISA, the same
/// section): v_mfma_f32_32x32x8_{bf16,f16} (gfx90a: 32x32x8bf16_1k) where
/// the warp tile's M and N are multiples of 32, v_mfma_f32_16x16x16_* for
/// any other multiple of 16 (both issue 1024 flops a clock per matrix core;
/// the larger shape reads fewer operand registers per flop). The cost model
/// and the code generator (passes/MfmaLayout.h) both read it here.
struct MfmaShape {
  int64_t m = 16, n = 16, k = 16;
  static constexpr int64_t kWaveSize = 64;
  /// Operand elements a lane holds of A and of B (4 consecutive along K).
  static constexpr int64_t kOperandElements = 4;
  /// The shape for a warp tile of `wm` x `wn` (one of kMfmaShapes).
  static constexpr MfmaShape forWarpTile(int64_t wm, int64_t wn);
  /// The accumulator's f32 values a lane holds.
  constexpr int64_t accumulators() const { return m * n / kWaveSize; }
  constexpr int64_t flops() const { return 2 * m * n * k; }
};

/// The two MFMA shapes Tessel issues: 16x16x16 and 32x32x8.
inline constexpr MfmaShape kMfmaShapes[] = {{16, 16, 16}, {32, 32, 8}};

constexpr MfmaShape MfmaShape::forWarpTile(int64_t wm, int64_t wn) {
  if (wm % 32 == 0 && wn % 32 == 0)
    return kMfmaShapes[1];
  return kMfmaShapes[0];
}

/// The warpgroup MMA Tessel issues for mma = wgmma (PTX ISA,
/// "Asynchronous warpgroup level matrix multiply-accumulate"): each
/// warpgroup of 4 warps computes a kM x N piece of the block's accumulator
/// (N = the block's N, a multiple of kNChunk up to kMaxN) over K steps of
/// kKBytes (64 bf16 or f16 elements: one 128-byte swizzle row), as
/// wgmma.mma_async.m64nNk16 instructions. TMA loads A's [block M, 64] tile
/// in one box and B's [64, block N] tile in boxes of kNChunk columns (128
/// bytes, the widest row a 128-byte swizzle takes). The cost model and the
/// code generator (passes/LowerWgmma.cpp) both read it here.
struct WgmmaShape {
  static constexpr int64_t kM = 64, kK = 16, kKBytes = 128, kNChunk = 64,
                           kMaxN = 256, kWarpsPerGroup = 4;
  /// Warpgroups per block: 1 to 4 (block M of 64, 128, 192 or 256).
  static constexpr int64_t kMaxGroups = 4;
};

/// Elements tessel-tile-and-fuse adds to each row of a tensor-core K step's
/// shared-memory buffers so that the lanes' fragment accesses fall in
/// distinct banks: the A and B tiles (16-bit) gain 8 (16 bytes), the f32
/// accumulator 8 (32 bytes, so that the rows of a half-warp's 8-byte
/// accesses start 8 banks apart). The model counts them in the block's
/// shared memory and in its wavefronts.
inline constexpr int64_t kMmaOperandPad = 8, kMmaAccumulatorPad = 8;

/// Elements tessel-tile-and-fuse adds to each row of an unpipelined SIMT K
/// step's shared-memory buffers of A ([M, K], when the tile has more than
/// one row) and of a B stored transposed (a `transpose_rhs` B, [K, N],
/// copied from a weight stored [N, K]). The step's threads read, per k, an
/// element of each of their rows of A: a warp spanning two rows of threads
/// (8 x 8 thread tiles, 16 threads along N) reads A's rows 8 apart, one
/// bank in rows of a multiple of 32 floats, two banks in padded rows. A
/// transposed operand's copy (B's, and a `transpose_lhs` A's, copied from
/// [K, M]) writes consecutive elements of the buffer's second-innermost dim
/// (K of one N, M of one K), which the pad puts in consecutive banks; the
/// step's reads of consecutive N of one K from B stay in consecutive banks.
/// The model counts it in the block's shared memory, in A's bank conflicts
/// and in a row-major A's copy, whose stores into the padded rows are
/// element-aligned (one a float) while its global loads stay vectors.
inline constexpr int64_t kSimtRowPad = 1;

/// The bytes of a SIMT K step's column chunk: a thread whose tile holds
/// more than one 16-byte vector of a row of B along N (8 f32: 16 threads
/// along N of 8 each) holds its columns as chunks of one vector each, the
/// block's threads side by side in each chunk (thread t of T: columns
/// c * T * v + t * v .. + v for chunk c, v = 16 / B's element bytes)
/// rather than one run of its own. A quarter-warp's 16-byte loads of a row
/// of B (8 threads along N) then read 128 consecutive bytes, each bank
/// once; in runs of 8 f32 per thread, threads 4 apart read the same banks,
/// two wavefronts a quarter-warp. Applied where B's and the accumulator's
/// tile along N is static and the threads along it split it evenly
/// (tessel-tile-and-fuse's interleaveColumns; simtColumnChunk).
inline constexpr int64_t kSimtChunkBytes = 16;

/// Whether an unpipelined SIMT K step of `kStep` over a static K of `k`
/// runs the rest of K (k mod kStep) as one step after the K loop, the loop
/// taking the whole steps (tessel-tile-and-fuse's tileContractionK): where
/// the step does not divide K and there are at least two whole steps (the
/// loop's accumulator then stays in registers, simtAccumulatorInRegisters).
/// The whole steps' tiles and k loops are then static, where otherwise each
/// step's ran to min(K - k, kStep) (a k loop the backend kept rolled); the
/// rest step copies the accumulator in from the block's tile and out again.
inline bool simtRestAfterKLoop(int64_t k, int64_t kStep, int64_t stages) {
  return stages <= 1 && kStep > 0 && k > 0 && k % kStep != 0 && k / kStep >= 2;
}

/// The accumulator's row padding for a K step on `compute`: none for MFMA,
/// whose lanes store runs of rows of one column each (a half-wave's 32
/// lanes write 32 consecutive f32 of a row with 32x32 pieces, two rows
/// four apart with 16x16 ones: conflict-free or 2-way, once per block),
/// so that a 128 x 128 f32 tile fits CDNA's 64 KiB of LDS; kMmaAccumulatorPad
/// otherwise.
inline constexpr int64_t accumulatorPad(ComputeClass compute) {
  return compute == ComputeClass::Mfma ? 0 : kMmaAccumulatorPad;
}

/// The fused attention's S and O rows on MFMA (f32, 16x16 pieces, read
/// and written every key step): padded by 4 values, so that the two rows
/// four apart a half-wave's lanes touch are 16 banks apart
/// (conflict-free; unpadded or padded by 8, two-way).
inline constexpr int64_t kMfmaAttentionAccumulatorPad = 4;

struct Schedule {
  /// Tile per parallel loop, innermost last; for a kernel with a
  /// K-steppable contraction (KStepRole::Contraction), one more entry: its
  /// K step.
  std::vector<int64_t> block;
  /// With `compute = MmaSync` or `Mfma`: the tile one warp (wavefront)
  /// computes, `block`'s rank (M and N of the contraction, then the whole
  /// K step); else empty.
  std::vector<int64_t> warp;
  std::vector<int64_t> thread; // per-thread tile of `block`'s loops, or empty
  int64_t warps = 4;
  /// Software-pipeline depth of a K step: S buffers per operand tile, the
  /// copies of S - 1 steps in flight (asynchronous copies, NVIDIA sm_80+);
  /// 1: each step's copies complete before its compute.
  int64_t stages = 1;
  int64_t splitK = 1;
  /// Elements per vector access along the root's innermost loop (see
  /// vectorWidthFits); 1: scalar.
  int64_t vector = 1;
  ComputeClass compute = ComputeClass::Simt;
  /// The order blocks start in: 1, by linear id (the last parallel loop
  /// fastest); G > 1, groups of G rows of tiles over the last two parallel
  /// loops, each walked down its rows, then across (see
  /// model::rasterBlock).
  int64_t raster = 1;
  /// Thread blocks per cluster (sm_90a, wgmma): 2 pairs the blocks of two
  /// neighbouring rows of tiles (ids 2i and 2i + 1), which share their B
  /// tile; each K step's B boxes are loaded once for the pair and
  /// multicast into both blocks' shared memory. 1: no cluster.
  int64_t cluster = 1;
};

/// Whether blocks in clusters of 2 (ids 2i and 2i + 1) are neighbouring
/// rows of tiles of one column, for `rows` rows of tiles walked in the
/// order of `raster` (model::rasterBlock: each group walked down its rows):
/// an even number of rows, in groups of an even number of rows.
inline bool clusterPairsRows(int64_t rows, int64_t raster) {
  if (rows < 1 || rows % 2)
    return false;
  int64_t group = std::clamp<int64_t>(raster, 1, rows);
  return group == 1 || group % 2 == 0;
}

/// Why a time is what it is.
enum class Bound { Compute, Loads, Dram, L2, Latency, Blocks, Launch, Illegal };

/// What reports say of a bound: its name, one sentence of what it means for
/// the kernel, and its colour on the roofline.
struct BoundInfo {
  Bound bound;
  const char *name, *explanation, *colour;
};
/// One entry per bound, in the enum's order.
const BoundInfo &boundInfo(Bound bound);
inline const char *boundName(Bound bound) { return boundInfo(bound).name; }

/// Every bound a legal prediction can name, in the order reports list them.
inline constexpr Bound kTimeBounds[] = {
    Bound::Compute, Bound::Loads,  Bound::Dram,  Bound::L2,
    Bound::Latency, Bound::Blocks, Bound::Launch};

struct Prediction {
  bool legal = true;
  std::string illegalReason;
  /// Not legal only because the model does not price it: the code generator
  /// emits such a schedule (it runs), but no time is predicted for it.
  bool unmodelled = false;
  double timeUs = 0;
  // The terms (microseconds), each a lower bound on the kernel's time.
  double computeUs = 0, loadsUs = 0, dramUs = 0, l2Us = 0, launchUs = 0;
  /// latencyUs: each thread's chain of dependent loads (one round trip per
  /// iteration of its loops), for every block an SM runs in turn; blocksUs:
  /// the SM's cost per block it runs (dispatch, retirement).
  double latencyUs = 0, blocksUs = 0;
  Bound bound = Bound::Compute;
  int64_t blocks = 0;
  int64_t threadsPerBlock = 0;
  int64_t blocksPerSM = 0;
  /// Shared memory per block: the partial results of cooperative
  /// reductions (4 bytes per thread per row per reduction), a K step's
  /// accumulator and operand tiles.
  int64_t sharedBytes = 0;
  /// Registers per thread, estimated: kBaseRegisters plus a K step's
  /// accumulator tile (one 32-bit register per output of the thread).
  int64_t registers = 0;
  double occupancy = 0; // resident warps / max warps per SM
  double waves = 0;     // blocks / (SMs * blocks per SM)
  // l2Us is the larger of the L2 bandwidth term and the busiest SM's link
  // to the memory system (sm_bytes_per_clock).
  double flops = 0, dramBytes = 0, l2Bytes = 0;
  /// Useful flops per second at the predicted time / the target's peak for
  /// the compute class.
  double fractionOfPeak = 0;
  /// The best time any kernel doing this work could reach on the target
  /// from its measured figures, without launch: the larger of the flops at
  /// the achievable peak of the fastest class for the work (tensor/matrix
  /// cores for bf16/f16 contractions, scaled by tensor_achievable_fraction;
  /// the SIMT f32 peak otherwise) and the unique DRAM bytes at the
  /// achievable bandwidth for their size. achievableUs / timeUs is how close
  /// the prediction is to what the hardware allows.
  double achievableUs = 0;
  /// Of that, the flops at the achievable peak alone: what the work needs
  /// however few bytes a better formulation moves (Report.h's
  /// bestFormulationUs).
  double achievableComputeUs = 0;
  /// True when a figure the model needs is absent from the target and the
  /// datasheet peak stood in for it.
  bool uncalibrated = false;
};

/// How the code generator spreads a block's `threads` over its tile: the
/// threads along each parallel loop, innermost last (0: the loop is not
/// split over threads). `tiles` are the block tiles of the parallel loops
/// (1 for leading loops the schedule leaves out); `block` and `thread` are
/// the schedule's. With a thread tile, block / thread threads along each of
/// the (at most three) innermost loops it covers, which must make `threads`
/// (nullopt otherwise); without one, x along the innermost loop (as many as
/// the tile rounded up to a power of two, at most `threads`, and a divisor
/// of `threads`) and the rest along the next. tessel-tile-and-fuse uses this
/// function.
std::optional<std::vector<int64_t>>
threadLayout(const std::vector<int64_t> &tiles,
             const std::vector<int64_t> &block,
             const std::vector<int64_t> &thread, int64_t threads);

/// Whether a vector width of `width` elements fits the innermost loop of a
/// kernel's root: `bound` is the loop's size, `tile` the block tile along it,
/// `threadsAlong` the threads a block spreads over it (threadLayout; 0 or 1:
/// one). Every thread's share of every tile must be a whole number of
/// vectors, each starting at a multiple of the width (an aligned access):
/// the bound, the tile and a thread's extent, ceil(tile / threadsAlong),
/// must all be multiples of the width. tessel-tile-and-fuse uses this
/// function.
bool vectorWidthFits(int64_t bound, int64_t tile, int64_t threadsAlong,
                     int64_t width);

/// The elements a K step's copy of an operand tile into shared memory moves
/// per access: the widest power of two of at most 16 bytes (`bytes` per
/// element) that divides `row`, the tile's length along the operand's
/// contiguous dim in every step (0: it varies, the remainder tile being
/// shorter), and `stride`, the operand's length along that dim (each row
/// then starts at an aligned address). tessel-tile-and-fuse uses this
/// function.
int64_t copyVectorWidth(int64_t row, int64_t stride, int64_t bytes);

/// Threads for a K step's copy of a tile of static bound `bounds` into
/// shared memory (each entry: the threads along that dim, 0 for none; each
/// thread takes a contiguous chunk of ceil(bound / threads) along a dim):
/// the innermost (contiguous) dim over as many neighbouring lanes as it
/// has elements (a power of two, at most `threads`), the next dim over the
/// rest. With a vector width (`width` > 1, dividing the innermost bound),
/// over as many lanes as it has vectors, a power of two dividing their
/// number, so that each lane's share of a row is a whole number of
/// vectors. tessel-tile-and-fuse uses this function.
std::vector<int64_t> copyThreadLayout(const std::vector<int64_t> &bounds,
                                      int64_t threads, int64_t width = 1);

/// Blocks of `threadsPerBlock` threads an SM holds by their registers
/// alone, `registers` per thread (allocated per warp in units of 8, as CUDA
/// does; gfx90a and gfx942 allocate VGPRs 8 at a time too: LLVM 22's llc
/// reports occupancy 7 for 65 VGPRs, 512 / 72, though per SIMD where this
/// pools a CU's four). What the model assumes with its estimate, and what
/// the backend's count (ptxas's, LLVM's .vgpr_count) allows.
int64_t blocksPerSMForRegisters(const Target &target, int64_t registers,
                                int64_t threadsPerBlock);

/// The fused attention kernel's prediction (KernelDesc::attention set);
/// predict() calls it for such kernels.
Prediction predictFusedAttention(const KernelDesc &kernel,
                                 const Schedule &schedule,
                                 const Target &target);

/// The split-KV combine kernel's prediction (KernelDesc::attentionCombine
/// set); predict() calls it for such kernels.
Prediction predictAttentionCombine(const KernelDesc &kernel,
                                   const Schedule &schedule,
                                   const Target &target);

/// The row kernel's prediction (KernelDesc::row set); predict() calls it
/// for such kernels.
Prediction predictRowKernel(const KernelDesc &kernel, const Schedule &schedule,
                            const Target &target);

/// The time of `kernel` tiled by `schedule` on `target`.
Prediction predict(const KernelDesc &kernel, const Schedule &schedule,
                   const Target &target);

/// `p`, a kernel's prediction, as the tail of another kernel's blocks (a
/// split-K sum run by the last block of each output tile to finish, in the
/// partial kernel; `p` predicted with KernelDesc::inputsInL2): no launch of
/// its own, and before it the arrival, one atomic add at L2 between two
/// fences, at the target's split_arrival_cycles (absent: `roundTrips` round
/// trips to L2, L2LatencyCycles each; none without that either, which marks
/// `p` uncalibrated).
Prediction asBlockTail(Prediction p, const Target &target, int roundTrips);

/// The schedules the code generator can emit for `kernel` on `target` today
/// (SIMT: block tiles of the two innermost parallel loops in powers of two up
/// to 256, and the whole innermost loop when it is longer, so that one block
/// can own a row; 1 to 8 warps), legal ones only.
std::vector<Schedule> enumerateSchedules(const KernelDesc &kernel,
                                         const Target &target);

/// enumerateSchedules with each schedule's prediction (computed once).
std::vector<std::pair<Schedule, Prediction>>
enumeratePredicted(const KernelDesc &kernel, const Target &target);

/// Calls `visit` with each schedule enumerateSchedules offers and its
/// prediction, in enumeration order, keeping none: for a caller that needs
/// only the best.
void forEachPredicted(
    const KernelDesc &kernel, const Target &target,
    const std::function<void(const Schedule &, const Prediction &)> &visit);

} // namespace mlir::tessel

#endif // TESSEL_COSTMODEL_MODEL_H
