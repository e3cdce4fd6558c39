//===- TensorCoreStep.h - A K step on tensor cores ----------*- C++ -*-===//
//
// `mma = mma_sync` and `mma = mfma`: the block's warps (wavefronts) split a
// K step's accumulator into warp tiles, each computed in vector.contract
// pieces of one matrix instruction's shape: 16x8x16 for mma.sync,
// 16x16x16 or 32x32x8 for MFMA (tessel-lower-mma lowers them on the GPU
// paths; the CPU path runs them as vector code).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_TENSORCORESTEP_H
#define TESSEL_PASSES_TILING_TENSORCORESTEP_H

#include "costmodel/Target.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tessel::tiling {

/// What `mma = mma_sync` needs beyond what the schedule attribute checks:
/// an NVIDIA GPU of sm_80 or newer (mma.sync.m16n8k16 with bf16), and a
/// warp tile over M, N and the whole K step.
LogicalResult checkMmaSync(func::FuncOp func, ScheduleAttr sched,
                           const Target &gpu);

/// What `mma = mfma` needs beyond what the schedule attribute checks: an
/// AMD GPU with the bf16 MFMA shapes Tessel issues (gfx90a, gfx94x), and a
/// warp tile over M, N and the whole K step.
LogicalResult checkMfma(func::FuncOp func, ScheduleAttr sched,
                        const Target &gpu);

/// One matrix instruction as a warp-level piece: an M x N x K product of
/// one warp (wavefront) of `warpSize` lanes.
struct MatrixPiece {
  int64_t m, n, k, warpSize;
  /// The instruction class's name, for diagnostics.
  StringRef name;
};
/// The piece `mma` (mma_sync or mfma) computes a `warpTile` in.
MatrixPiece matrixPieceFor(InstructionClass mma, ArrayRef<int64_t> warpTile);

/// What `mma = wgmma` needs beyond what the schedule attribute checks: an
/// NVIDIA GPU with warpgroup MMA (sm_90a), no warp tile (a warpgroup
/// computes 64 whole rows of the block), a 2-D matmul's block [M, N, K]
/// with M = 64 per warpgroup (warps / 4 of them: 1 to 4), N a multiple
/// of 64 up to 256 and a K step of 64 (WgmmaShape in costmodel/Model.h).
LogicalResult checkWgmma(func::FuncOp func, ScheduleAttr sched,
                         const Target &gpu);

/// Makes every block tile of the kernel's block loops whole: where a loop
/// of M elements is tiled by T (M > T, M % T != 0), block i covers
/// [min(i * T, M - T), + T) instead of a remainder tile, so the last block
/// overlaps its neighbour and recomputes those outputs, writing the same
/// values. Tensor-core steps need static tiles; this keeps shapes that the
/// tiles do not divide (4095, 197 rows) on tensor cores. Rewrites the
/// offsets and sizes tile_using_forall computes from each block loop's
/// induction variable (an error if the loop uses it otherwise).
LogicalResult shiftPartialBlocks(func::FuncOp func);

/// One K step of `step` (a matmul or batch_matmul on the step's block
/// buffers: A [.., M, K], B [.., K, N], the accumulator [.., M, N] in f32)
/// on tensor cores: the block's warps split M x N into `warpTile` pieces (a
/// forall over warps, linear warp ids); each warp loops over its M x N
/// pieces of the accumulator (`piece`'s shape), reading each as a vector,
/// chaining one vector.contract of the piece's shape per K of the step
/// with A's M x K and B's K x N pieces, and writing it back. On the CPU
/// path this runs as vector code in loops; tessel-lower-mma unrolls them,
/// gives each lane its fragment of every vector and issues mma.sync or
/// MFMA.
/// An error where the pieces make more warps than `threads` hold (a copy
/// of the contraction over a consumer's whole row, wider than the block).
///
/// `warpgroup` (mma = wgmma with a warp tile: 16 rows a warp, the block's
/// N): the warp's pieces in the order its warpgroup's wgmma takes them, all
/// unrolled: its accumulator pieces read, then per 16 of K one read of A's
/// piece and one contraction per 8 columns, then the pieces written; the
/// warps' forall is tagged for tessel-lower-mma, which issues each K
/// piece's contractions as one wgmma.m64nNk16 of the warpgroup.
LogicalResult computeWithMma(RewriterBase &rewriter, linalg::LinalgOp step,
                             ArrayRef<int64_t> warpTile,
                             const MatrixPiece &piece, int64_t threads,
                             bool warpgroup = false);

/// A `rows` x `cols` piece of `buffer` at (row, col) as a vector (in
/// bounds: a whole piece), the read tessel-lower-mma turns into fragments.
Value readMmaPiece(OpBuilder &b, Location loc, Value buffer, Value row,
                   Value col, int64_t rows, int64_t cols);

/// The `rows` x `cols` piece whose element (i, j) is `buffer`'s element
/// (row + j, col + i): the transpose of buffer's cols x rows block at (row,
/// col), read with a transposing permutation map. A B piece (K x N) of a
/// buffer that holds B as [N, K] (the fused attention's key tile on MFMA):
/// tessel-lower-mma loads each lane's MFMA B fragment as one vector.
Value readMmaPieceTransposed(OpBuilder &b, Location loc, Value buffer,
                             Value row, Value col, int64_t rows, int64_t cols);

/// acc + a x bPiece, one matrix instruction's worth (A [16 x 16] and B
/// [16 x 8] of bf16 or f16 into an f32 [16 x 8] accumulator for mma.sync),
/// as the vector.contract (m, k) x (k, n) -> (m, n) that tessel-lower-mma
/// recognizes.
Value mmaPiece(OpBuilder &b, Location loc, Value a, Value bPiece, Value acc);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_TENSORCORESTEP_H
