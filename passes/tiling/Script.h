//===- Script.h - The block level of tiling, as a transform script -*- C++
//-*-===//
//
// The block level of tessel-tile-and-fuse and the cooperative splits are a
// transform-dialect script per kernel: for each root, tile_using_forall
// over the block tiles (#gpu.block), every producer fused into the block
// loop, each cooperative reduction split over the block's threads
// (tile_reduction_using_forall), and, without a K step, the root over the
// threads (#gpu.thread x, y, z). The script is built with the transform
// ops' builders, so that a changed op breaks the build, not a run.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_SCRIPT_H
#define TESSEL_PASSES_TILING_SCRIPT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::tessel::tiling {

/// What the script does to one root of a kernel; ops are named by their
/// tile ids (kTileIdAttr).
struct RootTiling {
  int root = 0;
  /// The root's producers, nearest first: each is fused into the block
  /// loop.
  SmallVector<int> producers;
  /// The block tile along each of the root's loops (0: not tiled).
  SmallVector<int64_t> blockSizes;
  /// The threads along each of the root's loops (0: none).
  SmallVector<int64_t> numThreads;
  /// The producers split over the block's threads (cooperative
  /// reductions): their loops and the reduction loop they split along.
  llvm::DenseMap<int, std::pair<unsigned, unsigned>> cooperative;
  /// Whether the script also splits the root over the threads (not when a
  /// K step does it in C++).
  bool threadLevel = true;
  /// The schedule's vector width where it applies to this root. The thread
  /// level of such a root is not in the script but in C++ (tileToThreads),
  /// which gives each thread whole vectors.
  int64_t vector = 1;
};

/// The script tiling `roots` of a kernel whose blocks have `threads`
/// threads: a module holding the entry point `__transform_main`.
OwningOpRef<ModuleOp> buildTilingScript(MLIRContext *ctx,
                                        ArrayRef<RootTiling> roots,
                                        int64_t threads);

/// Runs `script` (from buildTilingScript) on `func`.
LogicalResult applyTilingScript(func::FuncOp func, ModuleOp script);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_SCRIPT_H
