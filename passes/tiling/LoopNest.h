//===- LoopNest.h - Emitting a fused kernel's loop nest ---------*- C++ -*-===//
//
// The kernels tessel-tile-and-fuse emits whole rather than by tiling linalg
// ops (the fused attention, its split-KV combine, the row kernel) are built
// on buffers in the form every kernel takes after tiling: a block
// scf.forall mapped to GPU blocks, thread scf.foralls inside it (a barrier
// after each in tessel-map-to-gpu), block-level buffers that become shared
// memory. LoopNestEmitter is what their emitters share: a builder at the
// op, constants and arithmetic, the loops and the buffers.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TILING_LOOPNEST_H
#define TESSEL_PASSES_TILING_LOOPNEST_H

#include "costmodel/Target.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::tessel::tiling {

/// The threads of a block of `schedule`'s warps on `target`, or an error on
/// `op` when there are none or more than the target allows.
inline FailureOr<int64_t> blockThreads(Operation *op, ScheduleAttr schedule,
                                       const Target &target) {
  int64_t threads = schedule.getWarps() * target.warpSize();
  if (schedule.getWarps() < 1 ||
      double(threads) > target.get(TargetField::MaxThreadsPerBlock))
    return op->emitOpError()
           << "has " << schedule.getWarps() << " warps per block, more than "
           << target.name() << " allows";
  return threads;
}

/// What the fused kernels' emitters share: a builder at the op, and the
/// loops and arithmetic their phases are made of.
class LoopNestEmitter {
protected:
  LoopNestEmitter(Operation *op, int64_t threadCount)
      : b(op->getLoc(), op), threadCount(threadCount) {}

  // Constants and arithmetic.
  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value f32(double v) {
    return arith::ConstantOp::create(b, b.getF32FloatAttr(float(v)));
  }
  Value toF32(Value x) {
    return x.getType().isF32()
               ? x
               : arith::ExtFOp::create(b, b.getF32Type(), x).getResult();
  }
  Value fromF32(Value x) {
    return elem.isF32() ? x : arith::TruncFOp::create(b, elem, x).getResult();
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::slt, x, y);
  }
  Value minIdx(Value x, Value y) { return arith::MinSIOp::create(b, x, y); }
  Value fmax(Value x, Value y) { return arith::MaximumFOp::create(b, x, y); }
  Value fadd(Value x, Value y) { return arith::AddFOp::create(b, x, y); }
  Value fsub(Value x, Value y) { return arith::SubFOp::create(b, x, y); }
  Value fmul(Value x, Value y) { return arith::MulFOp::create(b, x, y); }
  Value fma(Value x, Value y, Value acc) {
    return math::FmaOp::create(b, x, y, acc);
  }
  Value exp2(Value x) { return math::Exp2Op::create(b, x); }
  Value load(Value m, ValueRange at) {
    return memref::LoadOp::create(b, m, at);
  }
  void store(Value v, Value m, ValueRange at) {
    memref::StoreOp::create(b, v, m, at);
  }

  /// A block-level buffer (shared memory in tessel-map-to-gpu).
  Value shared(ArrayRef<int64_t> shape, Type type) {
    return memref::AllocOp::create(b, MemRefType::get(shape, type));
  }

  /// One phase: a thread scf.forall over the block's threads, `body`
  /// called with the thread id.
  void threads(function_ref<void(Value)> body) {
    MLIRContext *ctx = b.getContext();
    auto mapping = b.getArrayAttr(
        {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX)});
    auto forall = scf::ForallOp::create(
        b, ArrayRef<OpFoldResult>{b.getIndexAttr(threadCount)}, ValueRange(),
        mapping);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(forall.getBody());
    body(forall.getInductionVar(0));
  }

  /// for (i = from; i < to; i += step) body(i).
  void loop(Value from, Value to, Value step, function_ref<void(Value)> body) {
    auto f = scf::ForOp::create(b, from, to, step);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(f.getBody());
    body(f.getInductionVar());
  }
  /// Thread `t`'s share of `n` items: t, t + T, ...
  void share(Value t, int64_t n, function_ref<void(Value)> body) {
    loop(t, idx(n), idx(threadCount), body);
  }
  /// A loop carrying `init`; `body(i, carried)` returns the next values.
  SmallVector<Value>
  accumulate(int64_t n, ValueRange init,
             function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    auto f = scf::ForOp::create(b, idx(0), idx(n), idx(1), init);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(f.getBody());
    SmallVector<Value> next = body(f.getInductionVar(), f.getRegionIterArgs());
    scf::YieldOp::create(b, next);
    return SmallVector<Value>(f.getResults());
  }

  /// A thread's slots 0 .. slots - 1 in batches of `batch` (slots <=
  /// batches x batch): the batches but the last in a loop, each batch's
  /// slots unrolled (so that a batch's loads issue before their uses),
  /// then the last batch unrolled. `body(slot, carried)` steps the loop's
  /// slots, `last(j, carried)` the last batch's slot j (a constant: where
  /// it may pass the end, it guards itself).
  SmallVector<Value>
  batchedSlots(int64_t slots, int64_t batch, int64_t batches, ValueRange init,
               function_ref<SmallVector<Value>(Value, ValueRange)> body,
               function_ref<SmallVector<Value>(int64_t, ValueRange)> last) {
    SmallVector<Value> carried(init);
    if (batches > 1)
      carried = accumulate(batches - 1, init, [&](Value i, ValueRange c) {
        Value first = arith::MulIOp::create(b, i, idx(batch));
        SmallVector<Value> next(c);
        for (int64_t j = 0; j < batch; ++j)
          next = body(arith::AddIOp::create(b, first, idx(j)), next);
        return next;
      });
    for (int64_t j = (batches - 1) * batch; j < slots; ++j)
      carried = last(j, carried);
    return carried;
  }

  /// `tensor`'s buffer (read only) and a new buffer for `result`.
  Value bufferOf(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    return bufferization::ToBufferOp::create(
        b, MemRefType::get(type.getShape(), type.getElementType()), tensor,
        /*read_only=*/true);
  }
  Value bufferFor(Value result) {
    auto type = cast<RankedTensorType>(result.getType());
    return memref::AllocOp::create(
        b, MemRefType::get(type.getShape(), type.getElementType()));
  }
  /// Replaces `op`'s results by `buffers` (one each) and erases it (a
  /// result no op uses needs no tensor of its buffer).
  void replaceWithBuffers(Operation *op, ValueRange buffers) {
    SmallVector<Value> results;
    for (auto [result, buffer] : llvm::zip(op->getResults(), buffers))
      results.push_back(result.use_empty() ? Value(result)
                                           : bufferization::ToTensorOp::create(
                                                 b, result.getType(), buffer,
                                                 /*restrict=*/true,
                                                 /*writable=*/true));
    op->replaceAllUsesWith(results);
    op->erase();
  }
  /// The block-level loop: an scf.forall over `grid` mapped to GPU blocks,
  /// the last dim varying fastest; `body` called with its indices.
  void blockLoop(ArrayRef<int64_t> grid, function_ref<void(ValueRange)> body) {
    SmallVector<OpFoldResult> sizes;
    SmallVector<Attribute> mapping;
    for (auto [i, n] : llvm::enumerate(grid)) {
      sizes.push_back(b.getIndexAttr(n));
      mapping.push_back(gpu::GPUBlockMappingAttr::get(
          b.getContext(), static_cast<gpu::MappingId>(
                              static_cast<int64_t>(gpu::MappingId::LinearDim0) +
                              int64_t(grid.size() - 1 - i))));
    }
    auto blocks =
        scf::ForallOp::create(b, sizes, ValueRange(), b.getArrayAttr(mapping));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(blocks.getBody());
    body(blocks.getInductionVars());
  }
  /// if (cond) body(), at the current point.
  void when(Value cond, function_ref<void()> body) {
    auto ifOp = scf::IfOp::create(b, cond);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  }

  ImplicitLocOpBuilder b;
  int64_t threadCount;
  /// The element type results are stored in (fromF32).
  Type elem;
};

} // namespace mlir::tessel::tiling

#endif // TESSEL_PASSES_TILING_LOOPNEST_H
