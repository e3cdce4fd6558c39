//===- AsyncCopies.cpp - tessel-async-copies, register-staged copies ------===//
//
// A software-pipelined K step (a schedule's `stages` = S > 1) copies its
// operand tiles S - 1 steps ahead (tessel-tile-and-fuse). On NVIDIA GPUs of
// sm_80 and newer those copies become asynchronous (cp.async): the copy of
// a later step is in flight while the block computes on an earlier one.
// AMD's CDNA has no asynchronous global-to-LDS copy: with S = 2 the next
// step's tiles are loaded into registers before the step's MFMAs and
// stored to LDS after them; with S = 3 each load is issued a step earlier
// still and its value waits in registers through a whole step
// (tessel-register-staged-copies).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/tiling/Pipelining.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELASYNCCOPIES
#define GEN_PASS_DEF_TESSELREGISTERSTAGEDCOPIES
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

bool inSharedMemory(MemRefType type) {
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

/// Whether `memref` views a buffer from outside the kernel's launch (global
/// memory: the kernel's arguments, also through a transpose), not the
/// launch's own scratch.
bool isGlobal(Value memref, Operation *launch) {
  Value buffer = memref::skipViewLikeOps(cast<MemrefValue>(memref));
  // (A transpose is a view too: the fused attention's operands through
  // views that swap heads and tokens.)
  while (auto t = buffer.getDefiningOp<memref::TransposeOp>())
    buffer = memref::skipViewLikeOps(cast<MemrefValue>(t.getIn()));
  return !launch->isAncestor(buffer.getParentRegion()->getParentOp());
}

/// A copy of a kernel argument's elements into shared memory: a load from
/// global memory whose only use is a store of the same elements into a
/// workgroup buffer, or of them where `valid` holds and zeros elsewhere
/// (`select`: the fused attention's tiles past the keys), which cp.async's
/// source size gives (0 bytes read: all zeros).
struct Copy {
  Operation *load, *store, *select = nullptr;
  Value src, dst, valid;
  SmallVector<Value> srcIndices, dstIndices;
  int64_t elements;
  int64_t bytes;
};

std::optional<Copy> matchCopy(Operation *store) {
  Value value, dst;
  SmallVector<Value> dstIndices;
  if (auto s = dyn_cast<memref::StoreOp>(store)) {
    value = s.getValueToStore();
    dst = s.getMemRef();
    dstIndices.assign(s.getIndices().begin(), s.getIndices().end());
  } else if (auto s = dyn_cast<vector::StoreOp>(store)) {
    value = s.getValueToStore();
    dst = s.getBase();
    dstIndices.assign(s.getIndices().begin(), s.getIndices().end());
  } else {
    return std::nullopt;
  }
  if (!inSharedMemory(cast<MemRefType>(dst.getType())) || !value.hasOneUse())
    return std::nullopt;
  Operation *select = nullptr;
  Value valid;
  if (auto s = value.getDefiningOp<arith::SelectOp>();
      s && s.getCondition().getType().isInteger(1) &&
      s.getTrueValue().hasOneUse() &&
      (matchPattern(s.getFalseValue(), m_AnyZeroFloat()) ||
       matchPattern(s.getFalseValue(), m_Zero()))) {
    select = s;
    valid = s.getCondition();
    value = s.getTrueValue();
  }
  Operation *load = value.getDefiningOp();
  Value src;
  SmallVector<Value> srcIndices;
  int64_t elements = 1;
  if (auto l = dyn_cast_or_null<memref::LoadOp>(load)) {
    src = l.getMemRef();
    srcIndices.assign(l.getIndices().begin(), l.getIndices().end());
  } else if (auto l = dyn_cast_or_null<vector::LoadOp>(load)) {
    if (l.getVectorType().getRank() != 1)
      return std::nullopt;
    src = l.getBase();
    srcIndices.assign(l.getIndices().begin(), l.getIndices().end());
    elements = l.getVectorType().getNumElements();
  } else {
    return std::nullopt;
  }
  auto srcType = cast<MemRefType>(src.getType());
  Operation *launch = store->getParentOfType<gpu::LaunchOp>();
  if (srcType.getMemorySpace() || load->getBlock() != store->getBlock() ||
      !launch || !isGlobal(src, launch))
    return std::nullopt;
  int64_t bytes = elements * srcType.getElementTypeBitWidth() / 8;
  return Copy{load,  store,      select,     src,      dst,
              valid, srcIndices, dstIndices, elements, bytes};
}

/// The copies into shared memory `op` makes (it or ops nested in it), when
/// it is one thread's copy loop (no barrier inside: not a loop of the
/// block's threads).
SmallVector<Copy> copiesIn(Operation *op) {
  SmallVector<Copy> copies;
  if (op->walk([](gpu::BarrierOp) {
          return WalkResult::interrupt();
        }).wasInterrupted())
    return copies;
  op->walk([&](Operation *inner) {
    if (std::optional<Copy> c = matchCopy(inner))
      copies.push_back(std::move(*c));
  });
  return copies;
}

/// One thread's copy loop (or single copy) and the copies it makes.
struct CopyLoop {
  Operation *op;
  SmallVector<Copy> copies;
};

/// The ops of `ops` that copy into shared memory, in order.
template <typename Range> SmallVector<CopyLoop> copyLoopsOf(Range &&ops) {
  SmallVector<CopyLoop> loops;
  for (Operation &op : ops)
    if (SmallVector<Copy> copies = copiesIn(&op); !copies.empty())
      loops.push_back({&op, std::move(copies)});
  return loops;
}

/// The K loops: loops of the block's threads (a barrier among their own
/// ops) with copies into shared memory among their own ops (each a
/// thread's loop over its share of one operand tile), and those copies.
SmallVector<std::pair<scf::ForOp, SmallVector<CopyLoop>>>
kLoopsOf(func::FuncOp func) {
  SmallVector<std::pair<scf::ForOp, SmallVector<CopyLoop>>> kLoops;
  func.walk([&](scf::ForOp loop) {
    Block *body = loop.getBody();
    if (llvm::none_of(body->getOperations(),
                      [](Operation &op) { return isa<gpu::BarrierOp>(op); }))
      return;
    SmallVector<CopyLoop> inLoop = copyLoopsOf(body->without_terminator());
    if (!inLoop.empty())
      kLoops.push_back({loop, std::move(inLoop)});
  });
  return kLoops;
}

/// The buffer `v` views (through subviews).
Value rootOf(Value v) {
  while (auto sub = v.getDefiningOp<memref::SubViewOp>())
    v = sub.getSource();
  return v;
}

/// Whether two K loops' copies go to the same buffers, in the same order.
bool sameDestinations(ArrayRef<CopyLoop> a, ArrayRef<CopyLoop> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (x.copies.size() != y.copies.size() ||
        !llvm::all_of(llvm::zip(x.copies, y.copies), [](auto pair) {
          return rootOf(std::get<0>(pair).dst) == rootOf(std::get<1>(pair).dst);
        }))
      return false;
  return true;
}

/// Whether `op` (or an op nested in it) reads or writes shared memory:
/// an operand of a workgroup memref on anything but a view of it.
bool touchesSharedMemory(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        if (isa<ViewLikeOpInterface>(inner))
          return WalkResult::advance();
        for (Value operand : inner->getOperands())
          if (auto type = dyn_cast<MemRefType>(operand.getType());
              type && inSharedMemory(type))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// With three stages on AMD (tessel-register-staged-copies): each of
/// `copies`' loads in `kLoop`'s step moves one step earlier. Step k loads
/// what step k + 1 stores, and the K loop carries the values to it (so a
/// load has a whole step, then the math of the next, to arrive before its
/// store at that step's end); before the loop, the loads of the first step
/// are issued. A load's address is recomputed from its slice of the step
/// (pure index arithmetic, views and thread ids on the induction variable)
/// at the next step's induction variable: the copies of step k fetch tile
/// min(k + S - 1, last) (tessel-tile-and-fuse's pipelineCopies), so one
/// step further still reads a tile of the operand.
LogicalResult
loadOneStepEarlier(scf::ForOp &kLoop, ArrayRef<Copy> copies,
                   function_ref<void(Operation *, const Twine &)> fail) {
  Block *body = kLoop.getBody();
  Value iv = kLoop.getInductionVar();
  // Each load's slice in the step, in order, the load last.
  SmallVector<SetVector<Operation *>> slices;
  for (const Copy &c : copies) {
    FailureOr<SetVector<Operation *>> slice = tiling::stepSlice(kLoop, c.load);
    if (failed(slice)) {
      fail(c.load, "a copy's address could not be traced in the K step");
      return failure();
    }
    for (Operation *op : *slice) {
      if (op != c.load && !isPure(op)) {
        fail(op, "a copy's address depends on an operation with effects in "
                 "the K step; its load cannot move a step earlier");
        return failure();
      }
      for (Value operand : op->getOperands())
        if (auto arg = dyn_cast<BlockArgument>(operand);
            arg && arg.getOwner() == body && arg != iv) {
          fail(op, "a copy's address depends on a value the K loop carries; "
                   "its load cannot move a step earlier");
          return failure();
        }
    }
    slices.push_back(std::move(*slice));
  }
  IRRewriter rewriter(kLoop.getContext());
  // Clones the slices for induction variable `at`, before `before` (or
  // each before its own load); returns the loaded values.
  auto loadsAt = [&](Value at, Operation *before) {
    SmallVector<Value> loaded;
    for (auto [c, slice] : llvm::zip(copies, slices)) {
      rewriter.setInsertionPoint(before ? before : c.load);
      IRMapping map = tiling::cloneForStep(rewriter, slice, iv, at);
      loaded.push_back(map.lookup(c.load->getResult(0)));
    }
    return loaded;
  };
  SmallVector<Value> first = loadsAt(kLoop.getLowerBound(), kLoop);
  FailureOr<LoopLikeOpInterface> grown =
      cast<LoopLikeOpInterface>(kLoop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, first, /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &, Location loc, ArrayRef<BlockArgument>) {
                rewriter.setInsertionPointToStart(body);
                Value next =
                    arith::AddIOp::create(rewriter, loc, iv, kLoop.getStep());
                return loadsAt(next, nullptr);
              });
  if (failed(grown)) {
    fail(kLoop, "the K loop could not carry its loaded tiles");
    return failure();
  }
  kLoop = cast<scf::ForOp>(grown->getOperation());
  // The step's own loads are the values the loop carries in; what only
  // they used goes with them.
  for (auto [c, carried, slice] :
       llvm::zip(copies, kLoop.getRegionIterArgs().take_back(copies.size()),
                 slices)) {
    c.load->getResult(0).replaceAllUsesWith(carried);
    for (Operation *op : llvm::reverse(slice))
      if (op->use_empty())
        op->erase();
  }
  // A step's new values are loaded while the carried ones still wait for
  // their stores: two sets of registers. Two steps to an iteration let
  // each step's set be the other's (with one, the backend copies the new
  // values into the carried registers at the step's end, which waits for
  // their loads there). A loop loopUnrollByFactor declines (a short static
  // one) stays as it is: correct, its loads waited for a step sooner.
  if (std::optional<APInt> trips = kLoop.getStaticTripCount();
      !trips || trips->ugt(2)) {
    FailureOr<UnrolledLoopInfo> unrolled = loopUnrollByFactor(kLoop, 2);
    if (succeeded(unrolled) && unrolled->mainLoopOp)
      kLoop = *unrolled->mainLoopOp;
  }
  return success();
}

struct AsyncCopiesPass
    : public tessel::impl::TesselAsyncCopiesBase<AsyncCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto sched =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    // A wgmma K step's stages are TMA loads (tessel-lower-wgmma); a fused
    // attention on wgmma copies its tiles as the mma.sync form does.
    if (!sched || sched.getStages() < 2 ||
        func.walk([](nvgpu::TmaAsyncLoadOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      return;
    int64_t stages = sched.getStages();
    auto fail = [&](Operation *at, const Twine &why) {
      at->emitOpError() << "tessel-async-copies: " << why;
      signalPassFailure();
    };
    SmallVector<std::pair<scf::ForOp, SmallVector<CopyLoop>>> kLoops =
        kLoopsOf(func);
    if (kLoops.empty())
      return fail(func, llvm::Twine("schedule sets stages = ") + Twine(stages) +
                            " but the kernel has no K loop copying into "
                            "shared memory (a loop of one step folds away: "
                            "such a kernel takes one stage)");
    // The prologue of each K loop: the copy loops before it (after the
    // previous K loop in its block, if any). A K loop with none that
    // follows a K loop copying into the same buffers continues its
    // pipeline (the fused attention's unmasked, then masked key steps):
    // the copies still in flight when the first ends are the second's
    // prologue, so the first is not drained.
    SmallVector<SmallVector<CopyLoop>> prologues;
    SmallVector<bool> continues(kLoops.size(), false),
        continued(kLoops.size(), false);
    for (auto [i, entry] : llvm::enumerate(kLoops)) {
      scf::ForOp kLoop = entry.first;
      Block::iterator from = kLoop->getIterator();
      int64_t previous = -1;
      while (from != kLoop->getBlock()->begin()) {
        auto it = llvm::find_if(kLoops, [&](auto &k) {
          return k.first.getOperation() == &*std::prev(from);
        });
        if (it != kLoops.end()) {
          previous = it - kLoops.begin();
          break;
        }
        --from;
      }
      prologues.push_back(
          copyLoopsOf(llvm::make_range(from, kLoop->getIterator())));
      if (prologues.back().empty() && previous >= 0 &&
          sameDestinations(kLoops[previous].second, entry.second)) {
        continues[i] = true;
        continued[previous] = true;
      }
    }
    for (auto [i, entry] : llvm::enumerate(kLoops)) {
      auto &[kLoop, inLoop] = entry;
      SmallVector<CopyLoop> &prologue = prologues[i];
      int64_t perStep = inLoop.size();
      // Copies before those of the first stages - 1 steps (the fused
      // attention's query tile) stay as they are, synchronous.
      int64_t ahead = continues[i] ? 0 : (stages - 1) * perStep;
      if (int64_t(prologue.size()) > ahead)
        prologue.erase(prologue.begin(), prologue.end() - ahead);
      if (int64_t(prologue.size()) != ahead)
        return fail(kLoop,
                    llvm::formatv("expected the copies of {0} steps ({1} "
                                  "copy loops each) before the K loop, found "
                                  "{2} copy loops",
                                  stages - 1, perStep, prologue.size())
                        .str());
      // A step's copies are one group of asynchronous copies (one
      // cp.async.commit_group after its last copy loop); in the loop, after
      // the step's group, the groups of the S - 1 steps ahead may stay in
      // flight. The barrier that follows makes the step's tiles visible to
      // every thread; the barrier at the end of the previous step (after
      // its compute) keeps the copies off the buffer it read.
      OpBuilder b(func.getContext());
      Value lastGroup;
      int64_t position = 0;
      for (const CopyLoop &loop :
           llvm::concat<const CopyLoop>(prologue, inLoop)) {
        // A thread's share of a tile may be a single copy, outside a loop:
        // then the group follows that copy's replacement.
        bool last = loop.op == inLoop.back().op;
        bool endsStep = ++position % perStep == 0;
        Operation *anchor = loop.op;
        for (const Copy &c : loop.copies) {
          if (c.bytes != 4 && c.bytes != 8 && c.bytes != 16)
            return fail(c.store,
                        llvm::formatv("a copy into shared memory moves {0} "
                                      "bytes; cp.async moves 4, 8 or 16",
                                      c.bytes)
                            .str());
          b.setInsertionPoint(c.store);
          // A copy of zeros where it is not valid reads no source bytes.
          Value srcElements;
          if (c.valid)
            srcElements = arith::SelectOp::create(
                b, c.store->getLoc(), c.valid,
                arith::ConstantIndexOp::create(b, c.store->getLoc(),
                                               c.elements),
                arith::ConstantIndexOp::create(b, c.store->getLoc(), 0));
          // Its token stays unused: the groups are committed and waited
          // for by count (cp.async.commit_group / wait_group).
          auto async = nvgpu::DeviceAsyncCopyOp::create(
              b, c.store->getLoc(),
              nvgpu::DeviceAsyncTokenType::get(b.getContext()), c.dst,
              c.dstIndices, c.src, c.srcIndices, b.getIndexAttr(c.elements),
              srcElements, c.bytes == 16 ? b.getUnitAttr() : UnitAttr());
          if (c.store == loop.op)
            anchor = async;
          c.store->erase();
          if (c.select)
            c.select->erase();
          c.load->erase();
        }
        // The barrier tessel-map-to-gpu put after the copy loop waits for
        // nothing now: only the one after the step's wait publishes tiles.
        if (!last)
          if (auto barrier =
                  dyn_cast_or_null<gpu::BarrierOp>(anchor->getNextNode()))
            barrier->erase();
        if (!endsStep)
          continue;
        b.setInsertionPointAfter(anchor);
        lastGroup = nvgpu::DeviceAsyncCreateGroupOp::create(
            b, anchor->getLoc(),
            nvgpu::DeviceAsyncTokenType::get(b.getContext()), ValueRange{});
      }
      b.setInsertionPointAfter(lastGroup.getDefiningOp());
      nvgpu::DeviceAsyncWaitOp::create(
          b, kLoop.getLoc(), lastGroup,
          b.getI32IntegerAttr(int32_t(stages - 1)));
      // The copies past the last step may still be in flight at the end:
      // none is read, but no copy outlives the loop (or the loop that
      // continues its pipeline).
      if (continued[i])
        continue;
      b.setInsertionPointAfter(kLoop);
      Value drained = nvgpu::DeviceAsyncCreateGroupOp::create(
          b, kLoop.getLoc(), nvgpu::DeviceAsyncTokenType::get(b.getContext()),
          ValueRange{});
      nvgpu::DeviceAsyncWaitOp::create(b, kLoop.getLoc(), drained,
                                       b.getI32IntegerAttr(0));
    }
  }
};

struct RegisterStagedCopiesPass
    : public tessel::impl::TesselRegisterStagedCopiesBase<
          RegisterStagedCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto sched =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    if (!sched || sched.getStages() < 2)
      return;
    auto fail = [&](Operation *at, const Twine &why) {
      at->emitOpError() << "tessel-register-staged-copies: " << why;
      signalPassFailure();
    };
    int64_t stages = sched.getStages();
    if (stages > 3)
      return fail(func, llvm::Twine("schedule sets stages = ") + Twine(stages) +
                            "; without asynchronous copies the next steps' "
                            "tiles wait in registers, one or two steps "
                            "ahead: stages = 2 or 3");
    SmallVector<std::pair<scf::ForOp, SmallVector<CopyLoop>>> kLoops =
        kLoopsOf(func);
    if (kLoops.empty())
      return fail(func, llvm::Twine("schedule sets stages = ") + Twine(stages) +
                            " but the kernel has no K loop copying into "
                            "shared memory");
    for (auto &[kLoop, inLoop] : kLoops) {
      Block *body = kLoop.getBody();
      // A thread's copy loops, unrolled: each load's value stays in a
      // register until its store. A loop whose trip count depends on the
      // thread (a tile of fewer vectors than threads) stays as it is: its
      // copies remain synchronous, behind their barrier.
      for (CopyLoop &copies : inLoop)
        if (auto loop = dyn_cast<scf::ForOp>(copies.op);
            loop && loop.getStaticTripCount())
          if (failed(loopUnrollFull(loop)))
            return fail(loop, "a thread's copy loop could not be unrolled");
      SmallVector<Copy> staged;
      for (Operation &op : body->without_terminator())
        if (std::optional<Copy> c = matchCopy(&op))
          staged.push_back(std::move(*c));
      auto last =
          dyn_cast<gpu::BarrierOp>(body->getTerminator()->getPrevNode());
      if (!last)
        return fail(kLoop, "the K loop's step does not end with a barrier");
      // The stores go after the step's math, before the barrier that ends
      // the step: they fill a slot no thread reads in step k (step k + S -
      // 1's), and the barrier publishes it. The loads stay where they are,
      // ahead of the math; a copy's zeros past the end are chosen where
      // its value is stored, so that nothing waits for a load earlier.
      for (const Copy &c : staged) {
        c.store->moveBefore(last);
        if (c.select)
          c.select->moveBefore(c.store);
      }
      // The barriers that separated the copies from the math now guard no
      // shared memory: dropped, so the loads are not waited for there (a
      // barrier's fence waits for every memory access in flight).
      SmallVector<gpu::BarrierOp> barriers;
      for (Operation &op : *body)
        if (auto barrier = dyn_cast<gpu::BarrierOp>(op);
            barrier && barrier != last)
          barriers.push_back(barrier);
      Block::iterator from = body->begin();
      for (gpu::BarrierOp barrier : barriers) {
        bool guards = llvm::any_of(
            llvm::make_range(from, barrier->getIterator()),
            [](Operation &op) { return touchesSharedMemory(&op); });
        from = std::next(barrier->getIterator());
        if (!guards)
          barrier->erase();
      }
      // The barrier that ends the step publishes the step's LDS stores; it
      // need not wait for the loads in flight (gpu.barrier's fence would),
      // unless the step writes global memory that other threads read.
      bool writesGlobal =
          body->walk([&](Operation *op) {
                for (Value operand : op->getOperands())
                  if (auto type = dyn_cast<MemRefType>(operand.getType());
                      type && !inSharedMemory(type) &&
                      hasEffect<MemoryEffects::Write>(op, operand))
                    return WalkResult::interrupt();
                return WalkResult::advance();
              })
              .wasInterrupted();
      if (!writesGlobal) {
        OpBuilder b(last);
        amdgpu::LDSBarrierOp::create(b, last.getLoc());
        last->erase();
      }
      if (stages == 3 && failed(loadOneStepEarlier(kLoop, staged, fail)))
        return;
    }
  }
};

} // namespace
