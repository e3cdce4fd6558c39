//===- FusedAttention.h - One kernel for a whole attention ------*- C++ -*-===//
//
// A kernel that is one tessel.attention and nothing else runs as one fused
// kernel (FlashAttention's structure): a block per tile of query rows of
// one key/value head (the rows of the query heads that share it,
// interleaved: a decode step's grouped-query heads share one tile and read
// each key and value tile once), the
// keys and values streamed through shared memory a tile at a time, the
// softmax computed online (a running maximum and sum per query, the output
// rescaled as they change), so that no [Sq, Skv] score matrix ever reaches
// global memory. Fully masked key tiles of a causal attention are skipped.
// The
// two products run on SIMT lanes or, on tensor cores (bf16, f16), as
// warp-level vector.contract pieces, which tessel-lower-mma turns into
// matrix instructions (the CPU path runs them as they are): 16x8x16
// mma.sync pieces with `mma = mma_sync` (NVIDIA sm_80+), 16x16x16 MFMA
// pieces on a 64-lane wavefront with `mma = mfma` (AMD gfx90a, gfx94x);
// P enters the second product rounded once to the input type, as
// FlashAttention rounds it (the reference's bounds count that rounding).
//
// With a warp tile (`warp = [rows, key tile]`, mma.sync) the kernel takes
// its register-resident form (FlashAttention-2's structure): each warp
// owns rows / 16 strips of the query tile for the whole key tile and all
// of O, and a key step is the copy phase and one warp phase that computes,
// per strip, S, its mask, the rows' maxima and sums (row reductions of
// whole pieces), P as A pieces and O's update as whole
// warp-level vectors. tessel-lower-mma spreads them over the lanes (the
// reductions become shuffles, P never leaves the registers) and
// tessel-hoist-accumulators keeps O and the statistics ([bq, 16]: each
// row's maximum, then its sum, across a piece's columns) in registers
// through the key loop; the CPU path runs the same vectors as they are.
// Its K tile stays [bkv, d] (S's B fragments are read transposed). With
// `stages` = S > 1, K and V have S buffers and each step copies the tile
// S - 1 ahead (tessel-async-copies makes the copies cp.async). With
// `mma = wgmma` (sm_90a; warp = [16, key tile], whole warpgroups) the loop
// nest is the same, its warp loop marked for tessel-lower-mma, which
// issues each warpgroup's pieces as wgmma.mma_async (q, K and V read
// from their unpadded tiles through descriptors, P from registers; the
// CPU path runs the pieces as they are).
//
// A split-KV attention (tessel-split-reduction) is two such kernels: the
// partial, the same loop nest with a block per slice of the keys as well,
// writing each query's output over its slice (normalized, f32) and log-sum-
// exp; and the combine, a block per few query rows that weighs the slices'
// outputs by their exp(lse) (the weights in shared memory), so that one
// decoded token's attention over a long KV cache fills the GPU. As one
// kernel (tessel.attention_split, what tessel-split-reduction makes), the
// partial's blocks also count their arrivals per query tile (an atomic add
// on a count the kernel leaves at zero) and the last block of each tile
// runs the combine's two phases for its rows: no second launch.
//
// The query, key and value may be read, and the result written, through
// views that swap heads and tokens (AttentionViews: a transpose in the
// kernel, which tessel-form-kernels puts there): the buffers are
// [B, S, H, D], seen inside the blocks as [B, H, S, D] through a strided
// memref.transpose, so the loop nest is the same; with TMA
// (tessel-warpgroup-pipeline) the tensor map is over the buffer as it is.
//
// tessel-lower-to-linalg leaves such a kernel's attention as it is;
// tessel-tile-and-fuse emits its loop nest here, already on buffers, in the
// form every kernel takes after tiling (a block scf.forall, thread
// scf.foralls with a barrier after each in tessel-map-to-gpu), so the CPU
// path runs the same loops. The block layout is the cost model's
// (costmodel/Model.h, FusedAttentionLayout).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_FUSEDATTENTION_H
#define TESSEL_PASSES_TILING_FUSEDATTENTION_H

#include "costmodel/Model.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <array>

namespace mlir::tessel::tiling {

/// The op of a block that holds it and a terminator alone, on the block's
/// arguments, its results returned as they are by the terminator; null
/// otherwise.
Operation *soleOpOf(Block &body);

/// Whether `t` swaps the heads and the tokens of a rank-4 tensor
/// (permutation [0, 2, 1, 3]): [B, S, H, D] <-> [B, H, S, D].
bool swapsHeadsAndTokens(TransposeOp t);

/// The views through which a fused attention kernel reads its operands
/// and writes its result in place: a transpose that swaps heads and tokens
/// (swapsHeadsAndTokens) of a query, key or value argument, or of the
/// attention's result, where the kernel holds one. A linear layer's output
/// reshaped to heads is [B, S, H, D] (FlashAttention's layout): read so,
/// no kernel moves it to [B, H, S, D] and back.
struct AttentionViews {
  std::array<TransposeOp, 3> operands; // null: read as it is
  TransposeOp result;                  // null: written as it is
};
AttentionViews attentionViews(Operation *attention);

/// The op of a kernel function whose body is that op alone (on the
/// function's arguments, its results returned as they are), when it is one
/// this file emits: tessel.attention, a split-KV attention as one kernel
/// (tessel.attention_split) or its two halves, tessel.attention_partial and
/// tessel.attention_combine; null
/// otherwise. An attention (whole, split or partial) may also read its
/// query, key and value through views that swap heads and tokens, and an
/// attention or a split write its result through one (AttentionViews).
Operation *fusedAttentionKernelOp(func::FuncOp kernel);
/// fusedAttentionKernelOp's rule on a block (a kernel function's, or a
/// tessel.kernel's body).
Operation *fusedAttentionIn(Block &body);
/// fusedAttentionKernelOp when it is a tessel.attention; null otherwise.
AttentionOp fusedAttentionOf(func::FuncOp kernel);

/// The attention's shape as the cost model describes it (a partial's with
/// its splits).
AttentionShape attentionShape(AttentionOp op);
AttentionShape attentionShape(AttentionPartialOp op);
AttentionShape attentionShape(AttentionSplitOp op);
AttentionCombineShape attentionCombineShape(AttentionCombineOp op);

/// Replaces `op` (the fusedAttentionKernelOp of its kernel) by its loop
/// nest for `schedule` on `target`: an attention, a partial or a split for
/// block = [query tile, key tile], warps, mma = simt, mma_sync or mfma; a
/// combine for block = [rows] and warps. An error naming what does not fit
/// otherwise. `onHost` (the CPU path, one block after another): a split
/// zeroes its arrival counts first, as the GPU runners allocate them, and
/// fences nothing.
LogicalResult emitFusedAttention(Operation *op, ScheduleAttr schedule,
                                 const Target &target, bool onHost = false);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_FUSEDATTENTION_H
