//===- WarpgroupPipeline.cpp - tessel-warpgroup-pipeline ------------------===//
//
// The register-resident fused attention on wgmma (sm_90a) copies its key
// and value tiles with cp.async, `stages` tiles in flight
// (tessel-async-copies), and its key steps met at two block barriers each:
// one after the copies (every thread's cp.async done: the tile is the
// block's) and one at the end of the step (every warpgroup done with the
// slots the next copies refill). With two warpgroups a block, both issue
// their products at the same moment, the tensor cores serve them together,
// and both then wait through their softmax with the tensor cores idle.
//
// This pass lets the warpgroups run apart, as FlashAttention-3 does:
//
// - `full[s]` (one mbarrier a stage slot, all the block's threads
//   counted): each thread's copies of a tile arrive on it when they land
//   (cp.async.mbarrier.arrive.noinc), and a step waits for its tile's phase
//   instead of a barrier;
// - `done[s]`: each thread arrives at the end of its step; the copies that
//   refill step k - 1's slots wait for its phase, and move from the start
//   of step k to after step k's products are issued, so that a warpgroup
//   half a step ahead of the other does not wait for it;
// - with two warpgroups, named barriers 1 and 2 make them take turns
//   issuing their products (warpgroup 0 first): while one's products run on
//   the tensor cores, the other computes its softmax on the lanes.
//
// It runs after tessel-hoist-accumulators and tessel-dynamic-shared-memory,
// which place the buffers from the block barriers this pass removes. The
// mbarriers (2 x stages x 8 bytes) go after the dynamic shared memory, or
// in a buffer of their own where the launch has none.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELWARPGROUPPIPELINE
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// Threads of a warpgroup; named barrier 0 is the block's (bar.sync 0).
constexpr int64_t kGroupThreads = 128;
constexpr int64_t kMbarrierBytes = 8;
/// A TMA load of a key or value tile: boxes of 64 columns (128 bytes, the
/// swizzle's row) and at most 256 rows (a box dim's limit).
constexpr int64_t kBoxColumns = 64, kMaxBoxRows = 256;

/// Whether `op` is the inline PTX tessel-lower-mma writes for a wgmma
/// chain's `kind` of instruction (its tag: Passes.h's WgmmaAsm).
bool isAsm(Operation &op, WgmmaAsm kind) { return wgmmaAsmKind(&op) == kind; }

/// One tile's copies of a step: the cp.async ops that copy rows of a
/// global [batch, heads, keys, width] memref into a slot [rows, width].
struct TileCopy {
  Value global, slot;
  /// The tile's origin as thread 0 computes it (tessel-tile-and-fuse's
  /// copyRows gives it the tile's first row and column in its first copy):
  /// the batch element, the head and the first row, before the copies'
  /// clamp to the last row (past which TMA fills zeros, as the copies do).
  Value batch, head, row;
  int64_t rows = 0, width = 0;
  /// Whether the copies read `global` [batch, keys, heads, width] through a
  /// view that swaps heads and keys (the fused attention's operand read in
  /// place): the map is over the buffer as it is, the box [1, rows, 1,
  /// 64].
  bool swapped = false;
};

/// One key loop of the attention and the points of its step.
struct KeyLoop {
  scf::ForOp loop;
  nvgpu::DeviceAsyncWaitOp wait; // the step's wait for its tile
  gpu::BarrierOp published;      // the barrier after it
  gpu::BarrierOp end;            // the barrier that ends the step
  Operation *firstFence = nullptr, *lastCommit = nullptr;
  SmallVector<TileCopy> tiles; // with TMA: the step's tiles
};

class Rewriter {
public:
  /// `limit`: the shared memory a block may opt into, where known.
  Rewriter(gpu::LaunchOp launch, int64_t stages, int64_t threads,
           std::optional<int64_t> limit)
      : launch(launch), stages(stages), threads(threads), limit(limit),
        loc(launch.getLoc()) {}

  LogicalResult run(ArrayRef<scf::ForOp> loops);

private:
  InFlightDiagnostic fail(Operation *at, const Twine &why) {
    return at->emitOpError()
           << "tessel-warpgroup-pipeline: cannot decouple the warpgroups: "
           << why;
  }
  FailureOr<KeyLoop> match(scf::ForOp loop);
  Value index(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  /// The shared-window address (i32) of mbarrier `first + slot`: `full[s]`
  /// is `first = 0`, `done[s]` is `first = stages`.
  Value barrierAddress(OpBuilder &b, int64_t first, Value slot);
  /// Inline PTX with side effects and a memory clobber.
  void ptx(OpBuilder &b, StringRef text, ArrayRef<Value> operands,
           StringRef constraints);
  void waitParity(OpBuilder &b, Value address, Value step);
  /// Named barrier 1 + w of warpgroup w's turn (`mine`) or of the other's:
  /// waited for (bar.sync) or arrived at (bar.arrive), 256 threads. The ids
  /// stay constants (a predicate picks one), so that ptxas reserves 3
  /// barriers rather than all 16.
  Operation *turn(OpBuilder &b, bool wait, bool mine);
  Value slotOf(OpBuilder &b, Value step) {
    return arith::RemUIOp::create(b, loc, step, index(b, stages));
  }
  LogicalResult rewriteLoop(KeyLoop &k);

  /// The tiles the cp.async ops of `copies` copy (in program order), where
  /// TMA can load them: each a whole tile of a global memref with an
  /// identity layout into a slot tessel-lower-mma laid out as TMA writes it
  /// (needsSwizzleAlignment); failure otherwise.
  FailureOr<SmallVector<TileCopy>> tmaTiles(ArrayRef<Operation *> copies);
  /// Thread 0 loads `tiles` by TMA and expects their bytes on mbarrier
  /// `full` (an i32 shared address), at `b`.
  void issueTma(OpBuilder &b, ArrayRef<TileCopy> tiles, Value full);
  /// The copies of `ops` (cp.async ops and the groups they form) erased.
  static void eraseCopies(ArrayRef<Operation *> ops);

  gpu::LaunchOp launch;
  int64_t stages, threads;
  std::optional<int64_t> limit;
  Location loc;
  /// The mbarriers' base address (i32), `full` at slots [0, stages),
  /// `done` at [stages, 2 stages).
  Value base;
  Value groupIndex; // the thread's warpgroup
  Value leader;     // thread 0
  int64_t groups = 1;
  /// Whether TMA loads the key and value tiles (instead of every thread's
  /// cp.async), and each global's tensor map (its address, i64, inside the
  /// launch).
  bool tma = false;
  llvm::SmallDenseMap<Value, Value> maps;
};

FailureOr<KeyLoop> Rewriter::match(scf::ForOp loop) {
  KeyLoop k;
  k.loop = loop;
  Block *body = loop.getBody();
  // The products issued: the last commit before the first wait for a
  // chain.
  bool chainWaited = false;
  for (Operation &op : body->without_terminator()) {
    if (auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op)) {
      if (k.wait)
        return fail(loop, "its step waits for its copies twice");
      k.wait = wait;
      k.published = dyn_cast_or_null<gpu::BarrierOp>(wait->getNextNode());
    } else if (!k.firstFence && k.wait && isAsm(op, WgmmaAsm::Fence)) {
      k.firstFence = &op;
    } else if (k.firstFence && isAsm(op, WgmmaAsm::Wait)) {
      chainWaited = true;
    } else if (k.firstFence && !chainWaited && isAsm(op, WgmmaAsm::Commit)) {
      k.lastCommit = &op;
    }
  }
  if (!k.wait || !k.published)
    return fail(loop, "its step's wait for its copies is not followed by a "
                      "barrier");
  if (!k.firstFence || !k.lastCommit)
    return fail(loop, "its step issues no wgmma chain after its copies");
  k.end =
      dyn_cast_or_null<gpu::BarrierOp>(body->getTerminator()->getPrevNode());
  if (!k.end)
    return fail(loop, "its step does not end with a barrier");
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step != 1)
    return fail(loop, "its key steps are not 1 apart");
  return k;
}

Value Rewriter::barrierAddress(OpBuilder &b, int64_t first, Value slot) {
  Value offset = arith::MulIOp::create(
      b, loc, arith::AddIOp::create(b, loc, slot, index(b, first)),
      index(b, kMbarrierBytes));
  Value i32Offset = arith::IndexCastOp::create(b, loc, b.getI32Type(), offset);
  return arith::AddIOp::create(b, loc, base, i32Offset);
}

void Rewriter::ptx(OpBuilder &b, StringRef text, ArrayRef<Value> operands,
                   StringRef constraints) {
  std::string all = constraints.str();
  all += all.empty() ? "~{memory}" : ",~{memory}";
  LLVM::InlineAsmOp::create(
      b, loc, Type(), operands, text, all, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
}

void Rewriter::waitParity(OpBuilder &b, Value address, Value step) {
  // Phase step / stages of the slot: its parity.
  Value phase = arith::DivUIOp::create(b, loc, step, index(b, stages));
  Value parity = arith::IndexCastOp::create(
      b, loc, b.getI32Type(),
      arith::RemUIOp::create(b, loc, phase, index(b, 2)));
  ptx(b,
      "{\n\t.reg .pred done;\n\tTESSEL_WAIT:\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\n\t"
      "@!done bra TESSEL_WAIT;\n\t}",
      {address, parity}, "r,r");
}

Operation *Rewriter::turn(OpBuilder &b, bool wait, bool mine) {
  Value group = arith::IndexCastOp::create(b, loc, b.getI32Type(), groupIndex);
  std::string op = wait ? "bar.sync" : "bar.arrive";
  std::string count = std::to_string(2 * kGroupThreads);
  // Warpgroup 0's own barrier is 1, the other's 2; warpgroup 1's the
  // reverse.
  int first = mine ? 1 : 2, second = mine ? 2 : 1;
  std::string text =
      "{\n\t.reg .pred zero;\n\tsetp.eq.u32 zero, $0, 0;\n\t@zero " + op + " " +
      std::to_string(first) + ", " + count + ";\n\t@!zero " + op + " " +
      std::to_string(second) + ", " + count + ";\n\t}";
  ptx(b, text, {group}, "r");
  return &*std::prev(b.getInsertionPoint());
}

/// The buffer a slot is a view of (through subviews and casts).
static Value slotBuffer(Value slot) {
  while (true) {
    if (auto sub = slot.getDefiningOp<memref::SubViewOp>())
      slot = sub.getSource();
    else if (auto cast = slot.getDefiningOp<memref::CastOp>())
      slot = cast.getSource();
    else
      return slot;
  }
}

/// `row` without a clamp to `last` (minsi or minui with the constant).
static Value unclamped(Value row, int64_t last) {
  Operation *min = row.getDefiningOp();
  if (!isa_and_nonnull<arith::MinSIOp, arith::MinUIOp>(min))
    return row;
  for (int64_t i : {0, 1})
    if (isConstantIntValue(min->getOperand(i), last))
      return min->getOperand(1 - i);
  return Value();
}

FailureOr<SmallVector<TileCopy>> Rewriter::tmaTiles(ArrayRef<Operation *> ops) {
  SmallVector<TileCopy> tiles;
  for (Operation *op : ops) {
    auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op);
    if (!copy)
      continue;
    Value global = copy.getSrc(), slot = copy.getDst();
    // The copies index [batch, heads, keys, width]; through a view that
    // swaps heads and keys, the buffer is [batch, keys, heads, width].
    bool swapped = false;
    if (auto view = global.getDefiningOp<memref::TransposeOp>()) {
      if (view.getPermutation() !=
          AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 1, 3},
                                       view.getContext()))
        return failure();
      global = view.getIn();
      swapped = true;
    }
    if (llvm::any_of(tiles, [&](const TileCopy &t) {
          return t.global == global && t.slot == slot;
        }))
      continue;
    auto src = cast<MemRefType>(global.getType());
    auto dst = cast<MemRefType>(slot.getType());
    if (launch.getBody().isAncestor(global.getParentRegion()) ||
        src.getRank() != 4 || !src.hasStaticShape() ||
        !src.getLayout().isIdentity() || src.getElementTypeBitWidth() != 16 ||
        dst.getRank() != 2 || !dst.hasStaticShape() ||
        dst.getElementType() != src.getElementType())
      return failure();
    TileCopy t;
    t.global = global;
    t.slot = slot;
    t.swapped = swapped;
    t.rows = dst.getDimSize(0);
    t.width = src.getDimSize(3);
    if (dst.getDimSize(1) != t.width || t.width % kBoxColumns || t.rows % 8 ||
        t.rows > kMaxBoxRows || !needsSwizzleAlignment(slotBuffer(slot)))
      return failure();
    ValueRange at = copy.getSrcIndices();
    t.batch = at[0];
    t.head = at[1];
    t.row = unclamped(at[2], src.getDimSize(swapped ? 1 : 2) - 1);
    if (!t.row)
      return failure();
    tiles.push_back(t);
  }
  if (tiles.empty())
    return failure();
  return tiles;
}

void Rewriter::issueTma(OpBuilder &b, ArrayRef<TileCopy> tiles, Value full) {
  int64_t bytes = 0;
  for (const TileCopy &t : tiles)
    bytes += t.rows * t.width * 2;
  scf::IfOp::create(b, loc, leader, [&](OpBuilder &tb, Location) {
    auto i32 = [&](Value v) -> Value {
      return arith::IndexCastOp::create(tb, loc, tb.getI32Type(), v);
    };
    ptx(tb, "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;",
        {full, arith::ConstantIntOp::create(tb, loc, tb.getI32Type(), bytes)},
        "r,r");
    for (const TileCopy &t : tiles) {
      // The slot's shared address; its [rows, 64] boxes one after another
      // (wgmma::swizzledTileOffset), each a load of 64 columns from
      // column 64 j, as [64, rows, 1, 1] of the map's [width, keys, heads,
      // batch] (innermost first; swapped, [64, 1, rows, 1] of [width,
      // heads, keys, batch]).
      auto metadata = memref::ExtractStridedMetadataOp::create(tb, loc, t.slot);
      Value address = arith::AddIOp::create(
          tb, loc,
          memref::ExtractAlignedPointerAsIndexOp::create(tb, loc, t.slot),
          arith::MulIOp::create(tb, loc, metadata.getOffset(), index(tb, 2)));
      for (int64_t j = 0; j < t.width / kBoxColumns; ++j) {
        Value box = arith::AddIOp::create(
            tb, loc, address, index(tb, j * t.rows * kBoxColumns * 2));
        ptx(tb,
            "cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::"
            "complete_tx::bytes [$0], [$1, {$2, $3, $4, $5}], [$6];",
            {i32(box), maps.lookup(t.global), i32(index(tb, j * kBoxColumns)),
             i32(t.swapped ? t.head : t.row), i32(t.swapped ? t.row : t.head),
             i32(t.batch), full},
            "r,l,r,r,r,r,r");
      }
    }
    scf::YieldOp::create(tb, loc);
  });
}

void Rewriter::eraseCopies(ArrayRef<Operation *> ops) {
  // Sorted before anything is erased (an erased op cannot be asked what
  // it is); the groups first, since they use the copies' tokens.
  SmallVector<Operation *> groups, copies;
  for (Operation *op : ops) {
    if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
      groups.push_back(op);
    else if (isa<nvgpu::DeviceAsyncCopyOp>(op))
      copies.push_back(op);
  }
  for (Operation *op : groups)
    op->erase();
  for (Operation *op : copies)
    op->erase();
}

LogicalResult Rewriter::rewriteLoop(KeyLoop &k) {
  Block *body = k.loop.getBody();
  Value step = k.loop.getInductionVar();
  // The step waits for its tile's phase of full[step % stages].
  OpBuilder b(k.wait);
  waitParity(b, barrierAddress(b, 0, slotOf(b, step)), step);
  // The copies that refill step - 1's slots, with what only they use, go
  // after the products are issued.
  SetVector<Operation *> moved;
  for (Operation &op : llvm::make_range(body->begin(), k.wait->getIterator()))
    if (isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op))
      moved.insert(&op);
  if (moved.empty())
    return fail(k.loop, "its step copies nothing before its wait");
  k.published->erase();
  k.wait->erase();
  SmallVector<Operation *> copies(moved.begin(), moved.end());
  // Backwards from the products: an op joins when it is pure and only
  // moved ops use it. (With TMA, thread 0's loads take the copies' place
  // and what only they computed goes.)
  SmallVector<Operation *> before;
  for (Operation &op :
       llvm::make_range(body->begin(), k.firstFence->getIterator()))
    before.push_back(&op);
  for (Operation *op : llvm::reverse(before)) {
    if (tma || moved.contains(op) || !isPure(op) || op->getNumResults() == 0 ||
        op->getNumRegions() != 0)
      continue;
    bool onlyMoved = llvm::all_of(
        op->getUsers(), [&](Operation *user) { return moved.contains(user); });
    if (onlyMoved && !op->use_empty())
      moved.insert(op);
  }
  SmallVector<Operation *> inOrder;
  for (Operation *op : before)
    if (moved.contains(op) && !tma)
      inOrder.push_back(op);

  // Taking turns: after its products are issued, the warpgroup lets the
  // other issue its own.
  Operation *after = k.lastCommit;
  if (groups == 2) {
    b.setInsertionPoint(k.firstFence);
    turn(b, /*wait=*/true, /*mine=*/true);
    b.setInsertionPointAfter(k.lastCommit);
    after = turn(b, /*wait=*/false, /*mine=*/false);
  }
  // The refill waits until every thread is done with step - 1.
  b.setInsertionPointAfter(after);
  Value positive = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                         step, index(b, 1));
  Operation *last =
      scf::IfOp::create(b, loc, positive, [&](OpBuilder &tb, Location) {
        Value previous = arith::SubIOp::create(tb, loc, step, index(tb, 1));
        waitParity(tb, barrierAddress(tb, stages, slotOf(tb, previous)),
                   previous);
        scf::YieldOp::create(tb, loc);
      });
  for (Operation *op : inOrder) {
    op->moveAfter(last);
    last = op;
  }
  // ... and its copies arrive on full[(step + stages - 1) % stages] as
  // they land; or thread 0 loads the tiles there by TMA.
  b.setInsertionPointAfter(last);
  Value ahead = arith::AddIOp::create(b, loc, step, index(b, stages - 1));
  Value full = barrierAddress(b, 0, slotOf(b, ahead));
  if (tma) {
    issueTma(b, k.tiles, full);
    eraseCopies(copies);
  } else {
    ptx(b, "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];", {full}, "r");
  }
  // The step's end: an arrival on done[step % stages], no barrier.
  b.setInsertionPoint(k.end);
  ptx(b,
      "{\n\t.reg .b64 state;\n\tmbarrier.arrive.shared::cta.b64 state, "
      "[$0];\n\t}",
      {barrierAddress(b, stages, slotOf(b, step))}, "r");
  k.end->erase();
  return success();
}

LogicalResult Rewriter::run(ArrayRef<scf::ForOp> loops) {
  SmallVector<KeyLoop> keyLoops;
  for (scf::ForOp loop : loops) {
    FailureOr<KeyLoop> k = match(loop);
    if (failed(k))
      return failure();
    keyLoops.push_back(*k);
  }
  if (threads % kGroupThreads)
    return fail(launch, "its block of " + Twine(threads) +
                            " threads is not whole warpgroups");
  groups = threads / kGroupThreads;
  if (groups > 2)
    return fail(launch, "it has " + Twine(groups) +
                            " warpgroups; the turns are for one or two");
  Block &top = launch.getBody().front();
  // Every loop's copies per step, and the prologue's: the last (stages - 1)
  // x that many groups before the first loop.
  auto groupsIn = [](auto range) {
    SmallVector<Operation *> out;
    for (Operation &op : range)
      if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
        out.push_back(&op);
    return out;
  };
  size_t perStep =
      groupsIn(keyLoops.front().loop.getBody()->without_terminator()).size();
  SmallVector<Operation *> prologue = groupsIn(
      llvm::make_range(top.begin(), keyLoops.front().loop->getIterator()));
  size_t ahead = size_t(stages - 1) * perStep;
  if (perStep == 0 || prologue.size() < ahead)
    return fail(keyLoops.front().loop, "its prologue does not copy the first " +
                                           Twine(stages - 1) + " tiles");
  prologue.erase(prologue.begin(), prologue.end() - ahead);

  // TMA loads the tiles where every step's copies and each of the
  // prologue's are whole tiles TMA can load, their groups used by nothing
  // but the step's wait: then thread 0 loads each into its slot, as
  // [rows, 64] boxes of the 128-byte swizzle tessel-lower-mma laid the
  // slots out in (and full[s] counts its arrival alone).
  // (A group's copies are the thread's cp.async ops since its previous
  // group: tessel-async-copies' groups take no tokens.)
  llvm::DenseMap<Operation *, SmallVector<Operation *>> copiesOfGroup;
  SmallVector<Operation *> pending;
  for (Operation &op :
       llvm::make_range(top.begin(), keyLoops.front().loop->getIterator())) {
    if (isa<nvgpu::DeviceAsyncCopyOp>(op))
      pending.push_back(&op);
    if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
      copiesOfGroup[&op] = std::exchange(pending, {});
  }
  SmallVector<SmallVector<Operation *>> prologueCopies;
  SmallVector<SmallVector<TileCopy>> prologueTiles;
  tma = true;
  for (int64_t t = 0; t + 1 < stages; ++t) {
    SmallVector<Operation *> ops;
    for (size_t g = size_t(t) * perStep; g < size_t(t + 1) * perStep; ++g) {
      Operation *group = prologue[g];
      tma &= group->use_empty();
      llvm::append_range(ops, copiesOfGroup[group]);
      ops.push_back(group);
    }
    FailureOr<SmallVector<TileCopy>> tiles = tmaTiles(ops);
    tma &= succeeded(tiles);
    prologueCopies.push_back(ops);
    prologueTiles.push_back(succeeded(tiles) ? *tiles
                                             : SmallVector<TileCopy>());
  }
  for (KeyLoop &k : keyLoops) {
    SmallVector<Operation *> ops;
    for (Operation &op :
         llvm::make_range(k.loop.getBody()->begin(), k.wait->getIterator()))
      if (isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp>(op)) {
        ops.push_back(&op);
        if (auto group = dyn_cast<nvgpu::DeviceAsyncCreateGroupOp>(op))
          tma &= llvm::all_of(group->getUsers(),
                              [&](Operation *user) { return user == k.wait; });
      }
    FailureOr<SmallVector<TileCopy>> tiles = tmaTiles(ops);
    tma &= succeeded(tiles) &&
           (prologueTiles.empty() || tiles->size() == prologueTiles[0].size());
    if (succeeded(tiles))
      k.tiles = *tiles;
  }
  // (The prologue loads what the loops do, and each buffer is read in one
  // order: its map's box is the same for every tile.)
  for (ArrayRef<TileCopy> tiles : prologueTiles)
    for (const TileCopy &t : tiles)
      tma &= llvm::any_of(keyLoops.front().tiles, [&](const TileCopy &u) {
        return u.global == t.global;
      });
  for (KeyLoop &k : keyLoops)
    for (const TileCopy &t : k.tiles)
      for (KeyLoop &other : keyLoops)
        for (const TileCopy &u : other.tiles)
          tma &= u.global != t.global ||
                 (u.swapped == t.swapped && u.rows == t.rows);
  if (tma) {
    // Each global's tensor map, built on the host (the runtime encodes it
    // from the manifest's description, see tessel-compile), its address
    // passed to the kernel as a plain pointer (as tessel-lower-wgmma's).
    MLIRContext *ctx = launch.getContext();
    OpBuilder host(launch);
    OpBuilder inside = OpBuilder::atBlockBegin(&launch.getBody().front());
    auto workgroup =
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    for (KeyLoop &k : keyLoops)
      for (const TileCopy &t : k.tiles) {
        if (maps.count(t.global))
          continue;
        auto type = cast<MemRefType>(t.global.getType());
        SmallVector<int64_t> box = {1, 1, t.rows, kBoxColumns};
        if (t.swapped)
          std::swap(box[1], box[2]);
        auto mapType = nvgpu::TensorMapDescriptorType::get(
            ctx,
            MemRefType::get(box, type.getElementType(),
                            MemRefLayoutAttrInterface(), workgroup),
            nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
            nvgpu::TensorMapL2PromoKind::L2PROMO_256B,
            nvgpu::TensorMapOOBKind::OOB_ZERO,
            nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
        maps[t.global] = buildTensorMap(host, inside, loc, t.global, mapType);
      }
  }

  // The mbarriers: after the dynamic shared memory, or their own buffer.
  MLIRContext *ctx = launch.getContext();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  int64_t bytes = 2 * stages * kMbarrierBytes;
  OpBuilder b = OpBuilder::atBlockBegin(&top);
  Value buffer;
  gpu::DynamicSharedMemoryOp dynamic;
  for (Operation &op : top)
    if ((dynamic = dyn_cast<gpu::DynamicSharedMemoryOp>(op)))
      break;
  if (Value size = launch.getDynamicSharedMemorySize()) {
    std::optional<int64_t> old = getConstantIntValue(size);
    if (!old || !dynamic)
      return fail(launch, "its dynamic shared memory size is not a constant "
                          "with one buffer");
    int64_t offset = llvm::alignTo(*old, kMbarrierBytes);
    if (limit && offset + bytes > *limit)
      return fail(launch, "its " + Twine(offset + bytes) +
                              " bytes of shared memory with the mbarriers "
                              "exceed the " +
                              Twine(*limit) + " a block may opt into");
    OpBuilder outside(launch);
    launch.getDynamicSharedMemorySizeMutable().assign(
        arith::ConstantIntOp::create(outside, loc, outside.getI32Type(),
                                     offset + bytes));
    b.setInsertionPointAfter(dynamic);
    buffer = memref::ViewOp::create(
        b, loc,
        MemRefType::get({2 * stages}, b.getI64Type(),
                        MemRefLayoutAttrInterface(), workgroup),
        dynamic, index(b, offset), ValueRange{});
  } else {
    buffer = launch.addWorkgroupAttribution(
        MemRefType::get({2 * stages}, b.getI64Type(),
                        MemRefLayoutAttrInterface(), workgroup),
        loc);
  }
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  base = arith::IndexCastOp::create(b, loc, b.getI32Type(), pointer);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  groupIndex = arith::DivUIOp::create(b, loc, tid, index(b, kGroupThreads));
  Value count = arith::ConstantIntOp::create(b, loc, b.getI32Type(), threads);
  // (full[s] counts thread 0's arrival alone with TMA.)
  Value fullCount =
      tma ? arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1) : count;
  leader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(b, 0));
  scf::IfOp::create(b, loc, leader, [&](OpBuilder &tb, Location) {
    for (int64_t s = 0; s < 2 * stages; ++s)
      ptx(tb, "mbarrier.init.shared::cta.b64 [$0], $1;",
          {barrierAddress(tb, s, index(tb, 0)), s < stages ? fullCount : count},
          "r,r");
    scf::YieldOp::create(tb, loc);
  });
  gpu::BarrierOp::create(b, loc);

  // The prologue's tiles arrive on full[0 .. stages - 2], or thread 0
  // loads them there.
  for (int64_t t = 0; t + 1 < stages; ++t) {
    b.setInsertionPointAfter(prologue[(t + 1) * perStep - 1]);
    Value full = barrierAddress(b, 0, index(b, t));
    if (tma) {
      issueTma(b, prologueTiles[t], full);
      eraseCopies(prologueCopies[t]);
    } else {
      ptx(b, "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];", {full},
          "r");
    }
  }
  // A barrier between two key loops with nothing but arithmetic between
  // them guards no memory: the loops' mbarriers order the tiles.
  for (auto [first, second] : llvm::zip(keyLoops, llvm::drop_begin(keyLoops))) {
    auto range = llvm::make_range(std::next(first.loop->getIterator()),
                                  second.loop->getIterator());
    SmallVector<gpu::BarrierOp> barriers;
    bool onlyArithmetic = true;
    for (Operation &op : range) {
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
        barriers.push_back(barrier);
      else
        onlyArithmetic &= isPure(&op) && op.getNumRegions() == 0;
    }
    if (onlyArithmetic)
      for (gpu::BarrierOp barrier : barriers)
        barrier->erase();
  }
  for (KeyLoop &k : keyLoops) {
    if (groupsIn(k.loop.getBody()->without_terminator()).size() != perStep)
      return fail(k.loop, "its key loops copy different tiles per step");
    if (failed(rewriteLoop(k)))
      return failure();
  }
  if (tma) {
    // Each step loads the tiles stages - 1 steps ahead, past the last step
    // too (out of bounds: zeros): after the loops, tiles n .. n + stages - 2
    // (n the last loop's bound) are still on their way. cp.async's wait for
    // every copy does not wait for them; the threads wait for their phases
    // of full, so that nothing the block writes over the tiles' bytes
    // afterwards (O and the sums, over them) races a load.
    b.setInsertionPointAfter(keyLoops.back().loop);
    Value n = keyLoops.back().loop.getUpperBound();
    for (int64_t j = 0; j + 1 < stages; ++j) {
      Value tile = arith::AddIOp::create(b, loc, n, index(b, j));
      waitParity(b, barrierAddress(b, 0, slotOf(b, tile)), tile);
    }
  }
  if (groups == 2) {
    // Warpgroup 0 takes the first turn; after the loops it takes the last
    // arrival on its barrier, so that both named barriers end empty.
    b.setInsertionPoint(keyLoops.front().loop);
    Value second = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         groupIndex, index(b, 1));
    scf::IfOp::create(b, loc, second, [&](OpBuilder &tb, Location) {
      ptx(tb, "bar.arrive 1, " + std::to_string(2 * kGroupThreads) + ";", {},
          "");
      scf::YieldOp::create(tb, loc);
    });
    b.setInsertionPointAfter(keyLoops.back().loop);
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        groupIndex, index(b, 0));
    scf::IfOp::create(b, loc, first, [&](OpBuilder &tb, Location) {
      ptx(tb, "bar.sync 1, " + std::to_string(2 * kGroupThreads) + ";", {}, "");
      scf::YieldOp::create(tb, loc);
    });
  }
  return success();
}

struct WarpgroupPipelinePass
    : public tessel::impl::TesselWarpgroupPipelineBase<WarpgroupPipelinePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto schedule =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    // (A K step on wgmma from the threads' copies, whose warp tile ends
    // with the step's K, keeps its block barriers: its warpgroups have no
    // lane work to overlap.)
    if (!schedule || schedule.getMma() != InstructionClass::Wgmma ||
        schedule.getStages() < 2 || schedule.getWarp().size() >= 3)
      return;
    std::optional<int64_t> limit;
    auto module = func->getParentOfType<ModuleOp>();
    if (module && module->hasAttr(TesselDialect::kTargetAttrName)) {
      FailureOr<Target> target =
          getModuleTarget(module, "tessel-warpgroup-pipeline");
      if (failed(target))
        return signalPassFailure();
      limit = int64_t(target->blockSharedMemoryLimit());
    }
    SmallVector<gpu::LaunchOp> launches;
    func.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
    for (gpu::LaunchOp launch : launches) {
      // The key loops: the launch's loops whose step waits for cp.async
      // copies and issues wgmma (a wgmma GEMM's K step loads by TMA).
      SmallVector<scf::ForOp> loops;
      for (Operation &op : launch.getBody().front())
        if (auto loop = dyn_cast<scf::ForOp>(op))
          if (llvm::any_of(loop.getBody()->getOperations(),
                           [](Operation &o) {
                             return isa<nvgpu::DeviceAsyncWaitOp>(o);
                           }) &&
              llvm::any_of(loop.getBody()->getOperations(), [](Operation &o) {
                return isAsm(o, WgmmaAsm::Commit);
              }))
            loops.push_back(loop);
      if (loops.empty())
        continue;
      std::optional<int64_t> threads =
          getConstantIntValue(launch.getBlockSizeX());
      if (!threads || !isConstantIntValue(launch.getBlockSizeY(), 1) ||
          !isConstantIntValue(launch.getBlockSizeZ(), 1)) {
        launch.emitOpError() << "tessel-warpgroup-pipeline: cannot decouple "
                                "the warpgroups: its block is not one row of "
                                "a constant number of threads";
        return signalPassFailure();
      }
      if (failed(Rewriter(launch, schedule.getStages(), *threads, limit)
                     .run(loops)))
        return signalPassFailure();
    }
  }
};

} // namespace
