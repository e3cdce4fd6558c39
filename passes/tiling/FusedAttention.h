//===- FusedAttention.h - One kernel for a whole attention ------*- C++ -*-===//
//
// A kernel that is one tessel.attention and nothing else runs as one fused
// kernel (FlashAttention's structure): a block per tile of queries of one
// head, the keys and values streamed through shared memory a tile at a
// time, the softmax computed online (a running maximum and sum per query,
// the output rescaled as they change), so that no [Sq, Skv] score matrix
// ever reaches global memory. Fully masked key tiles of a causal attention
// are skipped; grouped-query heads read their key/value head in place. The
// two products run on SIMT lanes or, with `mma = mma_sync` (bf16, f16), on
// tensor cores as warp-level 16x8x16 vector.contract pieces, which
// tessel-lower-mma turns into mma.sync (the CPU path runs them as they are);
// P then enters the second product as two terms of the input type (its
// rounding and the rounding of the rest), which keeps the product as
// accurate as one of f32 P at twice its tensor-core work (FlashAttention
// rounds P once).
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

namespace mlir::tessel::tiling {

/// The attention of a kernel function whose body is that attention alone
/// (on the function's arguments, returned as it is); null otherwise.
AttentionOp fusedAttentionOf(func::FuncOp kernel);

/// The attention's shape as the cost model describes it.
AttentionShape attentionShape(AttentionOp op);

/// Replaces `op` (the fusedAttentionOf its kernel) by the fused kernel's
/// loop nest for `schedule` (block = [query tile, key tile], warps, mma =
/// simt or mma_sync) on `target`; an error naming what does not fit
/// otherwise.
LogicalResult emitFusedAttention(AttentionOp op, ScheduleAttr schedule,
                                 const Target &target);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_FUSEDATTENTION_H
