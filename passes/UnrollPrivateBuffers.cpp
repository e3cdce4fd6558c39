//===- UnrollPrivateBuffers.cpp - tessel-unroll-private-buffers -----------===//
//
// A thread's own buffers (a SIMT K step's tile of the accumulator, a row
// kernel's scratch: memref.alloca in a gpu.launch) are meant to be
// registers. The GPU backends put an array in registers only when every
// access has a constant index; an index that moves with a loop keeps the
// array in local (scratch) memory, about as slow as a global access per
// element. This pass fully unrolls every loop whose induction variable
// reaches an index of such an access, innermost first, so that the indices
// fold to constants.
//
//===----------------------------------------------------------------------===//

#include "passes/IndexRange.h"
#include "passes/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELUNROLLPRIVATEBUFFERS
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// The scf.for loops (inside `launch`) whose induction variables the value
/// `v` is computed from.
void loopsFeeding(Value v, gpu::LaunchOp launch, SetVector<scf::ForOp> &loops) {
  SmallVector<Value> work = {v};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(x)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (loop && arg == loop.getInductionVar() &&
          launch->isProperAncestor(loop))
        loops.insert(loop);
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (!def || !launch->isProperAncestor(def) || def->getNumRegions() != 0)
      continue;
    for (Value operand : def->getOperands())
      if (operand.getType().isIntOrIndex())
        work.push_back(operand);
  }
}

/// The loops whose induction variables reach an index of an access of the
/// private buffer `alloca` (through its views).
void loopsIndexing(memref::AllocaOp alloca, gpu::LaunchOp launch,
                   SetVector<scf::ForOp> &loops) {
  SmallVector<Value> views = {alloca.getResult()};
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (Operation *user : view.getUsers()) {
      for (Value operand : user->getOperands())
        if (operand.getType().isIntOrIndex())
          loopsFeeding(operand, launch, loops);
      if (isa<ViewLikeOpInterface>(user))
        for (Value result : user->getResults())
          if (isa<MemRefType>(result.getType()))
            views.push_back(result);
    }
  }
}

/// `loop` (without results) with a constant trip count: when its upper
/// bound is not constant but bounded, the loop runs to that bound and its
/// body is guarded by `iv < ub` (the iterations a remainder tile lacks do
/// nothing). Fails where no bound is known.
LogicalResult makeTripCountConstant(scf::ForOp loop) {
  if (loop.getStaticTripCount())
    return success();
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  std::optional<int64_t> hi = rangeOf(loop.getUpperBound()).hi;
  if (!lb || !step || *step < 1 || !hi || loop.getNumResults() != 0)
    return failure();
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value ub = loop.getUpperBound();
  loop.setUpperBound(
      arith::ConstantIndexOp::create(b, loc, std::max(*lb, *hi)));
  Block *body = loop.getBody();
  b.setInsertionPointToStart(body);
  Value inBounds = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         loop.getInductionVar(), ub);
  auto guard = scf::IfOp::create(b, loc, inBounds, /*withElseRegion=*/false);
  Block *then = guard.thenBlock();
  then->getOperations().splice(then->begin(), body->getOperations(),
                               std::next(Block::iterator(guard)),
                               Block::iterator(body->getTerminator()));
  return success();
}

/// Operations `loop` holds, nested ones included.
int64_t opsIn(scf::ForOp loop) {
  int64_t n = 0;
  loop.getBody()->walk([&](Operation *) { ++n; });
  return n;
}

struct UnrollPrivateBuffersPass
    : public tessel::impl::TesselUnrollPrivateBuffersBase<
          UnrollPrivateBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxUnrolledOps < 1) {
      getOperation()->emitError()
          << "tessel-unroll-private-buffers: max-unrolled-ops = "
          << int64_t(maxUnrolledOps) << " must be positive";
      return signalPassFailure();
    }
    getOperation()->walk([&](gpu::LaunchOp launch) { unrollIn(launch); });
  }

  void unrollIn(gpu::LaunchOp launch) {
    SetVector<scf::ForOp> indexing;
    SmallVector<memref::AllocaOp> allocas;
    launch.getBody().walk([&](memref::AllocaOp alloca) {
      auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(
          alloca.getType().getMemorySpace());
      if (!space || space.getValue() == gpu::AddressSpace::Private)
        allocas.push_back(alloca);
    });
    for (memref::AllocaOp alloca : allocas)
      loopsIndexing(alloca, launch, indexing);
    if (indexing.empty())
      return;
    // Innermost first: a loop's body holds its unrolled inner loops when
    // its own size is judged.
    SmallVector<scf::ForOp> order;
    launch.getBody().walk([&](scf::ForOp loop) {
      if (indexing.contains(loop))
        order.push_back(loop);
    });
    for (scf::ForOp loop : order) {
      if (failed(makeTripCountConstant(loop))) {
        loop.emitWarning()
            << "indexes a thread's private buffer but its trip count has no "
               "constant bound: the buffer stays in local memory";
        continue;
      }
      int64_t trips = loop.getStaticTripCount()->getSExtValue();
      int64_t ops = opsIn(loop);
      if (trips * ops > maxUnrolledOps) {
        loop.emitWarning()
            << "indexes a thread's private buffer but unrolling its " << trips
            << " iterations of " << ops
            << " operations would exceed max-unrolled-ops = "
            << int64_t(maxUnrolledOps) << ": the buffer stays in local memory";
        continue;
      }
      if (failed(loopUnrollFull(loop))) {
        loop.emitWarning() << "indexes a thread's private buffer but could "
                              "not be unrolled: the buffer stays in local "
                              "memory";
      }
    }
  }
};

} // namespace
