//===- RowKernel.h - One pass over each row: norms, reductions --*- C++ -*-===//
//
// A kernel that is one softmax along its innermost dim, or one layer_norm
// or rms_norm (its trailing normalized dims one row), maybe of a residual
// add of two inputs (each vector read from both and added, in the row's
// type as unfused), runs as a row kernel:
// a block per few rows, each row's threads reading its vectors (16 bytes at
// most) cyclically, and, when the row fits (RowKernelLayout::resident),
// keeping them in registers as f32, so that the row is read once and
// written once. Each reduction (softmax's maximum and sum, layer_norm's
// mean and centred sum of squares, rms_norm's mean square) leaves a partial
// per thread in shared memory, combined by a thread per 32 when more than
// 32 threads share a row; every thread of the row then reads the row's
// statistic. A row that does not fit is read again in each phase (from
// L2). A kernel that is one tessel.reduce (sum, max, mean) over its input's
// trailing dims runs the first phase alone: each thread loads its vectors
// in batches (RowKernelLayout::batch, all in flight together), reduces
// them in f32, and the row's first thread writes the combined value. The
// layout is the cost model's (costmodel/Model.h, RowKernelLayout).
//
// A thread's registers across phases are a block-level buffer [threads,
// elements] marked TesselDialect::kPerThreadAttrName, which each thread
// reads and writes only through its own row (a memref.subview at its thread
// id): the CPU path runs it as it is, and tessel-map-to-gpu gives each thread
// its own stack buffer instead (registers, once every index is a constant).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_ROWKERNEL_H
#define TESSEL_PASSES_TILING_ROWKERNEL_H

#include "costmodel/Model.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tessel::tiling {

/// The op of a kernel function that is one softmax along its innermost dim
/// (scaled, causal or not), layer_norm, rms_norm or reduce over trailing
/// dims on the function's arguments, or on the sum of two of them
/// (rowKernelPrologue); null
/// otherwise, and null for a kernel whose written schedule has the
/// cooperative kernels' form (block = [rows, row]: the linalg path's
/// multi-pass kernel, still what a row op fused with other ops runs).
Operation *rowKernelOp(func::FuncOp kernel);

/// The residual add a row op reads its row from: `tessel.add` of two
/// function arguments of the row's type, used by the row op alone (a
/// transformer's residual add before its norm); null where there is none.
AddOp rowKernelPrologue(Operation *rowOp);

/// The row kernel's shape as the cost model describes it.
RowShape rowShape(Operation *op);

/// Replaces `op` (the rowKernelOp of its kernel) by its loop nest for
/// `schedule` (block = [rows], warps, vector) on `target`; an error naming
/// what does not fit otherwise.
LogicalResult emitRowKernel(Operation *op, ScheduleAttr schedule,
                            const Target &target);

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_ROWKERNEL_H
