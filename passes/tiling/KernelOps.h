//===- KernelOps.h - A kernel's ops as tiling sees them ---------*- C++ -*-===//
//
// The first step of tessel-tile-and-fuse: which ops of an outlined kernel
// function tile (every op but constants, new tensors and reshapes at the
// kernel's edges), which are its roots, and what each root depends on.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_KERNELOPS_H
#define TESSEL_PASSES_TILING_KERNELOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::tessel::tiling {

/// Marks each tileable op of a kernel with its index, so that transform
/// scripts and later steps find it (removed when tiling ends).
inline constexpr StringLiteral kTileIdAttr = "tessel.tile_id";

/// The ops of one kernel, checked and numbered, and its roots (the ops whose
/// results the kernel returns).
struct KernelOps {
  SmallVector<Operation *> tileable; // program order
  SmallVector<Operation *> roots;
};

/// The kernel's ops that tile, and its roots; an op that cannot be tiled,
/// or a returned value that no loop nest computes, is an error.
FailureOr<KernelOps> analyzeKernel(func::FuncOp func);

/// The tileable ops that `root` depends on, nearest first (reverse program
/// order), which is the order fusion needs.
SmallVector<Operation *> producersOf(Operation *root, const KernelOps &k);

/// Whether `forall` is mapped to GPU threads.
bool isThreadForall(scf::ForallOp forall);

/// Whether `op` is inside an scf.forall mapped to GPU threads.
bool isInThreadForall(Operation *op);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_KERNELOPS_H
