//===- LowerWgmma.cpp - tessel-lower-wgmma --------------------------------===//
//
// The sm_90a half of a K step with `mma = wgmma`: the block-level loop that
// tessel-tile-and-fuse writes (copy A's and B's tiles into block buffers,
// the block's matmul on them, the accumulator in shared memory) becomes a
// TMA + mbarrier pipeline feeding warpgroup MMA, the accumulators in
// registers for the whole loop (see the pass's description in Passes.td).
//
// The layouts are the ones NVGPU's lowering of nvgpu.warpgroup.mma reads
// (upstream's sm_90 integration tests run them; passes/WgmmaLayout.h models
// them and its unit test checks that wgmma reads what TMA wrote and that the
// accumulator store covers the block once): A K-major in [rows, 64]
// boxes or, where the step reads a `transpose_lhs` A in place ([K, M]),
// MN-major in [64, 64] boxes (`transposeA`), and B either row-major ([K,
// N], `transposeB`) in [64, 64] boxes or, where the step reads a
// `transpose_rhs` B in place ([N, K]), K-major in one [N, 64] box, all with
// the 128-byte swizzle (a batch_matmul's with the batch's unit dim); each
// warpgroup's accumulator is 64 x N, and the accumulator store addresses rows
// by the warp's index in the block (thread id x / 32), which is why
// tessel-map-to-gpu gives wgmma kernels a one-dimensional block.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELLOWERWGMMA
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

using W = WgmmaShape;

/// The value `v` without its subviews, and the sum of their offsets along
/// each dim (nullopt where a subview has a non-unit stride).
struct ViewChain {
  Value base;
  SmallVector<SmallVector<OpFoldResult>> offsets; // per dim, each subview's
};

std::optional<ViewChain> stripSubviews(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type)
    return std::nullopt;
  ViewChain chain;
  chain.offsets.resize(type.getRank());
  while (auto sub = v.getDefiningOp<memref::SubViewOp>()) {
    if (sub.getSourceType().getRank() != type.getRank() ||
        !llvm::all_of(sub.getStaticStrides(), [](int64_t s) { return s == 1; }))
      return std::nullopt;
    for (auto [d, o] : llvm::enumerate(sub.getMixedOffsets()))
      chain.offsets[d].push_back(o);
    v = sub.getSource();
  }
  chain.base = v;
  return chain;
}

/// One operand of the step: its global memref (a matrix, or a batch of
/// them: [batch, rows, columns]), the block's offsets along its non-K dim
/// and its batch dim, its tile (static, the batch's unit dim dropped) and
/// its launch buffer.
struct Operand {
  Value global;
  Value blockOffset; // along M (A) or N (B)
  Value batchOffset; // a batch_matmul's batch element (none for a matmul)
  // Where the block reads a slice of K (a split-K partial reading its
  // operands in place), the slice's first element; none from 0.
  Value kOffset;
  // K innermost: A [M, K] and B [N, K]; not A [K, M] or B [K, N].
  bool kInner = false;
  SmallVector<int64_t> tile;
  BlockArgument buffer;
  Operation *copy = nullptr;
};

class WgmmaStep {
public:
  /// `raster`: the schedule's (the order of the blocks, which clusters
  /// pair).
  WgmmaStep(gpu::LaunchOp launch, linalg::LinalgOp step, int64_t stages,
            int64_t raster)
      : launch(launch), step(step), stages(stages), raster(raster),
        loc(step.getLoc()) {}

  LogicalResult rewrite();

private:
  InFlightDiagnostic fail(const Twine &why) {
    return step->emitOpError() << "cannot run as a wgmma K step: " << why;
  }
  FailureOr<Operand> operand(unsigned index, bool kInner);
  /// Whether the launch runs in clusters (tessel-map-to-gpu) whose two
  /// blocks are neighbouring rows of tiles of one column, which share B's
  /// tile; fails where it has clusters of another kind.
  FailureOr<bool> pairsRows(const Operand &a, bool aMNMajor, int64_t bm);
  /// A barrier of the cluster's threads (barrier.cluster arrive and wait):
  /// the arrive with release semantics, or `relaxed`, none (no fence).
  void clusterBarrier(OpBuilder &b, bool relaxed = false) {
    if (relaxed)
      NVVM::ClusterArriveRelaxedOp::create(b, loc, b.getUnitAttr());
    else
      NVVM::ClusterArriveOp::create(b, loc, b.getUnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, b.getUnitAttr());
  }
  Value index(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }

  gpu::LaunchOp launch;
  linalg::LinalgOp step;
  int64_t stages, raster;
  Location loc;
  /// The K loop, or none where it had one step and folded away.
  scf::ForOp kLoop;
  /// The K loop, or the step itself without one: the new code goes before.
  Operation *anchor = nullptr;
};

/// Erases the views of `buffer` nothing reads any more (the CPU form's,
/// once its loop is gone), innermost first.
void eraseDeadViews(Value buffer) {
  for (Operation *user : llvm::to_vector(buffer.getUsers())) {
    if (!isa<memref::SubViewOp>(user))
      continue;
    eraseDeadViews(user->getResult(0));
    if (user->use_empty())
      user->erase();
  }
}

FailureOr<Operand> WgmmaStep::operand(unsigned i, bool kInner) {
  Operand op;
  op.kInner = kInner;
  std::optional<ViewChain> dst = stripSubviews(step.getDpsInputs()[i]);
  auto buffer = dst ? dyn_cast<BlockArgument>(dst->base) : BlockArgument();
  if (!buffer || !llvm::is_contained(launch.getWorkgroupAttributions(), buffer))
    return fail("its operand #" + Twine(i) + " is not a block buffer");
  op.buffer = buffer;
  auto bufferType = cast<MemRefType>(buffer.getType());
  op.tile = llvm::to_vector(bufferType.getShape());
  if (op.tile.size() == 3 && op.tile[0] == 1)
    op.tile.erase(op.tile.begin());
  // The copy that fills the buffer in this loop.
  for (Operation &o : step->getBlock()->without_terminator()) {
    if (!o.hasAttr(TesselDialect::kTmaCopyAttrName))
      continue;
    std::optional<ViewChain> to = stripSubviews(o.getOperand(1));
    if (to && to->base == buffer)
      op.copy = &o;
  }
  if (!op.copy || op.copy->getNumOperands() != 2)
    return fail("no copy into its operand #" + Twine(i) + " in its loop");
  std::optional<ViewChain> src = stripSubviews(op.copy->getOperand(0));
  size_t rank = src ? src->offsets.size() : 0;
  if (rank != 2 && rank != 3)
    return fail("operand #" + Twine(i) +
                " is not a 2-D or 3-D (batched) view of a buffer");
  if (int64_t(rank) != bufferType.getRank())
    return fail("operand #" + Twine(i) + "'s tile and view ranks differ");
  auto globalType = dyn_cast<MemRefType>(src->base.getType());
  if (launch->isAncestor(src->base.getParentRegion()->getParentOp()) ||
      !globalType || globalType.getMemorySpace() ||
      !globalType.getLayout().isIdentity())
    return fail("operand #" + Twine(i) + " is not read from global memory");
  op.global = src->base;
  // Along K: the loop's induction variable once, plus the block's slice of
  // K where it has one (values defined before the loop); along the other
  // dim: values defined before the loop, summed there.
  Value iv = kLoop ? kLoop.getInductionVar() : Value();
  size_t kDim = kInner ? rank - 1 : rank - 2;
  size_t otherDim = kInner ? rank - 2 : rank - 1;
  int ivUses = 0;
  SmallVector<OpFoldResult> kSlice;
  for (OpFoldResult o : src->offsets[kDim]) {
    if (auto v = dyn_cast<Value>(o); v && v == iv)
      ++ivUses;
    else if (!isZeroInteger(o))
      kSlice.push_back(o);
  }
  if (ivUses != (kLoop ? 1 : 0))
    return fail("operand #" + Twine(i) +
                "'s K offset is not the loop's induction variable");
  OpBuilder b(anchor);
  // The offsets `offsets`, summed before the loop.
  auto sumBefore = [&](ArrayRef<OpFoldResult> offsets) -> FailureOr<Value> {
    Value sum = index(b, 0);
    for (OpFoldResult o : offsets) {
      Value v = getValueOrCreateConstantIndexOp(b, loc, o);
      if (kLoop && kLoop->isAncestor(v.getParentBlock()->getParentOp()))
        return fail("operand #" + Twine(i) +
                    "'s block offset changes in its K loop");
      sum = arith::AddIOp::create(b, loc, sum, v);
    }
    return sum;
  };
  auto offsetAlong = [&](size_t dim) { return sumBefore(src->offsets[dim]); };
  if (!kSlice.empty()) {
    FailureOr<Value> kOffset = sumBefore(kSlice);
    if (failed(kOffset))
      return failure();
    op.kOffset = *kOffset;
  }
  FailureOr<Value> blockOffset = offsetAlong(otherDim);
  if (failed(blockOffset))
    return failure();
  op.blockOffset = *blockOffset;
  if (rank == 3) {
    FailureOr<Value> batchOffset = offsetAlong(0);
    if (failed(batchOffset))
      return failure();
    op.batchOffset = *batchOffset;
  }
  return op;
}

} // namespace

Value mlir::tessel::buildTensorMap(OpBuilder &host, OpBuilder &inside,
                                   Location loc, Value global,
                                   nvgpu::TensorMapDescriptorType type) {
  MemRefType box = type.getTensor();
  Value unranked = memref::CastOp::create(
      host, loc, UnrankedMemRefType::get(box.getElementType(), Attribute()),
      global);
  SmallVector<Value> dims;
  for (int64_t d : box.getShape())
    dims.push_back(arith::ConstantIndexOp::create(host, loc, d));
  Value map =
      nvgpu::TmaCreateDescriptorOp::create(host, loc, type, unranked, dims);
  // The address as a pointer, then an integer inside: a cast straight back
  // to the map's type would fold away before outlining, and the parameter
  // would keep the NVGPU type.
  Value address =
      UnrealizedConversionCastOp::create(
          host, loc, LLVM::LLVMPointerType::get(host.getContext()), map)
          .getResult(0);
  return LLVM::PtrToIntOp::create(inside, loc, inside.getI64Type(), address);
}

namespace {

FailureOr<bool> WgmmaStep::pairsRows(const Operand &a, bool aMNMajor,
                                     int64_t bm) {
  if (!launch.hasClusterSize())
    return false;
  gpu::KernelDim3 sizes = *launch.getClusterSizeOperandValues();
  std::optional<int64_t> x = getConstantIntValue(sizes.x),
                         y = getConstantIntValue(sizes.y),
                         z = getConstantIntValue(sizes.z);
  if (a.batchOffset)
    return fail("its launch has clusters, which pair a matmul's rows of "
                "tiles; this step is a batch_matmul's");
  if (!x || !y || !z || *z != 1 || *x * *y != 2)
    return fail("its launch's clusters are not 2 blocks along x or y");
  // The pair is ids 2i and 2i + 1 along the clustered dim: rows of tiles
  // along y where the blocks are a grid of columns x rows; under a raster
  // (tessel-raster-blocks: linear ids along x, each group of rows walked
  // down its rows) neighbouring rows of one column only where every group
  // holds an even number of rows.
  auto global = cast<MemRefType>(a.global.getType());
  int64_t m = global.getShape()[aMNMajor ? 1 : 0];
  int64_t rows = ShapedType::isDynamic(m) ? 0 : llvm::divideCeil(m, bm);
  int64_t group = std::clamp<int64_t>(raster, 1, std::max<int64_t>(rows, 1));
  bool linear = *x == 2;
  if (!clusterPairsRows(rows, raster) || linear != (group > 1))
    return fail("its launch pairs blocks in clusters along " +
                Twine(linear ? "x" : "y") +
                ", which are not neighbouring "
                "rows of tiles of one column (" +
                Twine(rows) + " rows of tiles, raster groups of " +
                Twine(group) +
                "): clusters need an even number of rows, in groups of an "
                "even number");
  return true;
}

LogicalResult WgmmaStep::rewrite() {
  MLIRContext *ctx = step.getContext();
  // A K of one step has no loop left (canonicalization folds it): the
  // step alone, at K offset 0.
  kLoop = dyn_cast<scf::ForOp>(step->getParentOp());
  anchor = kLoop ? kLoop.getOperation() : step.getOperation();
  int64_t stepK =
      cast<MemRefType>(step.getDpsInputs()[0].getType()).getShape().back();
  std::optional<int64_t> lb = 0, ub = stepK, kStep = stepK;
  if (kLoop) {
    lb = getConstantIntValue(kLoop.getLowerBound());
    ub = getConstantIntValue(kLoop.getUpperBound());
    kStep = getConstantIntValue(kLoop.getStep());
  }
  if (!lb || !ub || !kStep || *lb != 0 || *kStep <= 0 ||
      ShapedType::isDynamic(*kStep))
    return fail("its K loop's bounds are not constant");
  if (stages < 2)
    return fail("stages = " + Twine(stages) +
                ": the pipeline refills the previous step's buffers while "
                "one wgmma group is in flight, which takes 2 stages or more");
  // B [N, K] (a `transpose_rhs` B read in place): K-major, as A.
  bool bKMajor = isBTransposed(step);
  // A [K, M] (a `transpose_lhs` A read in place): MN-major, as a row-major
  // B, in [64, 64] boxes, one per warpgroup. NVGPU's warpgroup MMA takes an
  // MN-major A only with an MN-major B.
  bool aMNMajor = isATransposed(step);
  if (aMNMajor && bKMajor)
    return fail("both its operands are transposed (an MN-major A needs an "
                "MN-major B)");
  FailureOr<Operand> a = operand(0, /*kInner=*/!aMNMajor);
  if (failed(a))
    return failure();
  FailureOr<Operand> b = operand(1, /*kInner=*/bKMajor);
  if (failed(b))
    return failure();
  // A batch_matmul: both operands and the accumulator carry the block's
  // batch element as a unit dim, which every tensor map box and stage tile
  // keeps (TMA's third coordinate) and the warpgroup MMA's views drop.
  bool batched = bool(a->batchOffset);
  if (batched != bool(b->batchOffset))
    return fail("one operand is batched and the other is not");
  Type element = cast<MemRefType>(a->buffer.getType()).getElementType();
  if (element != cast<MemRefType>(b->buffer.getType()).getElementType() ||
      !(element.isBF16() || element.isF16()))
    return fail("its operands are not both bf16 or both f16");
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  if (a->tile.size() != 2 || b->tile.size() != 2)
    return fail("its operand tiles are not matrices");
  int64_t bm = a->tile[aMNMajor ? 1 : 0], kt = a->tile[aMNMajor ? 0 : 1];
  int64_t bk = b->tile[bKMajor ? 1 : 0], bn = b->tile[bKMajor ? 0 : 1];
  if (bk != kt || kt * bytes != W::kKBytes || (kLoop && kt != *kStep) ||
      bm % W::kM || bm / W::kM > W::kMaxGroups || bn % W::kNChunk ||
      bn > W::kMaxN)
    return fail("its tiles (A " + Twine(bm) + " x " + Twine(kt) + ", B " +
                Twine(b->tile[0]) + " x " + Twine(b->tile[1]) +
                ") are not [64 per warpgroup, 128 bytes] and [128 bytes, a "
                "multiple of 64 up to 256] (or its transpose)");
  int64_t groups = bm / W::kM;
  std::optional<int64_t> threads = getConstantIntValue(launch.getBlockSizeX());
  if (!threads || *threads != groups * W::kWarpsPerGroup * 32 ||
      !isConstantIntValue(launch.getBlockSizeY(), 1) ||
      !isConstantIntValue(launch.getBlockSizeZ(), 1))
    return fail("its block is not one row of " +
                Twine(groups * W::kWarpsPerGroup * 32) +
                " threads (a warpgroup per 64 rows)");
  // A split-K partial's block slice of K must hold whole steps: TMA's box
  // at a slice's last step would read the next slice's elements, where
  // past the end of K it reads zeros.
  if ((a->kOffset || b->kOffset) && *ub % kt)
    return fail("it reads a slice of K of " + Twine(*ub) +
                " elements, not whole steps of " + Twine(kt));
  Value acc = step.getDpsInits()[0];
  auto accType = dyn_cast<MemRefType>(acc.getType());
  SmallVector<int64_t> accShape = {bm, bn};
  // (A batch_matmul's [1, M, N]; also where its operands are read in place
  // without the batch dim, a split-K partial's.)
  bool batchedAcc = accType && accType.getRank() == 3;
  if (batched || batchedAcc)
    accShape.insert(accShape.begin(), 1);
  if (!accType || accType.getShape() != ArrayRef<int64_t>(accShape) ||
      !accType.getElementType().isF32())
    return fail("its accumulator is not a " + Twine(bm) + " x " + Twine(bn) +
                " f32 buffer");
  int64_t steps = kLoop ? llvm::divideCeil(*ub, kt) : 1;
  FailureOr<bool> paired = pairsRows(*a, aMNMajor, bm);
  if (failed(paired))
    return failure();

  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto smem = [&](ArrayRef<int64_t> shape) {
    return MemRefType::get(shape, element, MemRefLayoutAttrInterface(),
                           workgroup);
  };
  // A box or tile `shape` ([rows, columns]) with the batch's unit dim in
  // front of it when batched, after `prefix`.
  auto boxed = [&](ArrayRef<int64_t> prefix, ArrayRef<int64_t> shape) {
    SmallVector<int64_t> out(prefix);
    if (batched)
      out.push_back(1);
    llvm::append_range(out, shape);
    return out;
  };
  // The tensor maps, built on the host (the runtime encodes them from the
  // manifest's description, see tessel-compile).
  OpBuilder host(launch);
  auto mapType = [&](ArrayRef<int64_t> box) {
    return nvgpu::TensorMapDescriptorType::get(
        ctx, smem(box), nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
        nvgpu::TensorMapL2PromoKind::L2PROMO_256B,
        nvgpu::TensorMapOOBKind::OOB_ZERO,
        nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  };
  // Each operand's map twice: `tma` (the box TMA loads, with the batch's
  // unit dim when batched) and `layout`, the same map under its [rows, 64]
  // box, for the warpgroup MMA descriptors. NVGPU's descriptor lowering
  // reads the leading-dimension byte offset (the distance between an
  // MN-major operand's 64-column chunks: rows x 128 bytes) from the map
  // type's first box dim, which for a batched map is the unit batch dim: a
  // P v of 192 columns read its chunks 128 bytes apart instead of 8 KiB and
  // only its first 64 columns were right (H200, 2026-11-30).
  struct Map {
    Value tma;
    Value layout;
  };
  auto tensorMap = [&](Value global, ArrayRef<int64_t> box) -> Map {
    auto type = mapType(box);
    // (Each map's address at the top of the launch, before the maps built
    // earlier: the kernel takes the last map built as its first
    // parameter.)
    OpBuilder inside = OpBuilder::atBlockBegin(&launch.getBody().front());
    Value bits = buildTensorMap(host, inside, loc, global, type);
    Type pointer = LLVM::LLVMPointerType::get(ctx);
    Value again = LLVM::IntToPtrOp::create(inside, loc, pointer, bits);
    Value tma = UnrealizedConversionCastOp::create(inside, loc, type, again)
                    .getResult(0);
    if (!batched)
      return {tma, tma};
    Value layout = UnrealizedConversionCastOp::create(
                       inside, loc, mapType(box.drop_front()), again)
                       .getResult(0);
    return {tma, layout};
  };
  Map mapA = aMNMajor ? tensorMap(a->global, boxed({}, {kt, W::kM}))
                      : tensorMap(a->global, boxed({}, {bm, kt}));
  // B K-major: one [N, 64] box a stage, as A; row-major: [64, 64] boxes.
  Map mapB = bKMajor ? tensorMap(b->global, boxed({}, {bn, kt}))
                     : tensorMap(b->global, boxed({}, {kt, W::kNChunk}));

  std::optional<ViewChain> accChain = stripSubviews(acc);
  auto accBuffer =
      accChain ? dyn_cast<BlockArgument>(accChain->base) : BlockArgument();
  if (!accBuffer ||
      !llvm::is_contained(launch.getWorkgroupAttributions(), accBuffer))
    return fail("its accumulator is not a block buffer");

  // The CPU form goes, and with it the accumulator's zero fill (the
  // registers start at zero).
  Operation *next = anchor->getNextNode();
  Operation *anchorTop =
      launch.getBody().front().findAncestorOpInBlock(*anchor);
  SmallVector<Operation *> fills;
  launch.getBody().walk([&](linalg::FillOp fill) {
    std::optional<ViewChain> to = stripSubviews(fill.getOutputs()[0]);
    Operation *top = launch.getBody().front().findAncestorOpInBlock(*fill);
    if (to && to->base == accBuffer && top && anchorTop &&
        top->isBeforeInBlock(anchorTop))
      fills.push_back(fill);
  });
  for (Operation *fill : fills)
    fill->erase();
  if (kLoop) {
    kLoop.erase();
  } else {
    step->erase();
    a->copy->erase();
    b->copy->erase();
  }
  eraseDeadViews(a->buffer);
  eraseDeadViews(b->buffer);
  for (BlockArgument buffer : {a->buffer, b->buffer})
    if (!buffer.use_empty())
      return launch.emitOpError()
             << "cannot run a wgmma K step: its operand buffers have uses "
                "outside the step";

  // One shared-memory buffer holds the stages during the loop and the
  // accumulator after it (a barrier between), so the accumulator costs no
  // stages: A's stages at 0, B's after them (both 1024-byte aligned), the
  // accumulator at 0. The operand buffers and the accumulator's own become
  // placeholders.
  auto accBufferType = cast<MemRefType>(accBuffer.getType());
  int64_t aBytes = stages * bm * kt * bytes;
  int64_t bBytes = stages * bn * kt * bytes;
  int64_t accBytes = accBufferType.getNumElements() * 4;
  Type i8 = IntegerType::get(ctx, 8);
  a->buffer.setType(MemRefType::get({std::max(aBytes + bBytes, accBytes)}, i8,
                                    MemRefLayoutAttrInterface(), workgroup));
  b->buffer.setType(
      MemRefType::get({16}, i8, MemRefLayoutAttrInterface(), workgroup));
  OpBuilder top = OpBuilder::atBlockBegin(&launch.getBody().front());
  auto typedView = [&](int64_t offset, MemRefType type) -> Value {
    return memref::ViewOp::create(top, loc, type, a->buffer, index(top, offset),
                                  ValueRange{});
  };
  Value aStages =
      aMNMajor ? typedView(0, smem(boxed({stages, bm / W::kM}, {kt, W::kM})))
               : typedView(0, smem(boxed({stages}, {bm, kt})));
  Value bStages =
      bKMajor
          ? typedView(aBytes, smem(boxed({stages}, {bn, kt})))
          : typedView(aBytes,
                      smem(boxed({stages, bn / W::kNChunk}, {kt, W::kNChunk})));
  Value accView =
      typedView(0, MemRefType::get(accBufferType.getShape(),
                                   accBufferType.getElementType(),
                                   MemRefLayoutAttrInterface(), workgroup));
  accBuffer.replaceAllUsesWith(accView);
  accBuffer.setType(
      MemRefType::get({16}, i8, MemRefLayoutAttrInterface(), workgroup));

  OpBuilder builder(next);
  Value tid = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  Value leader = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                       tid, index(builder, 0));
  Value bars = nvgpu::MBarrierCreateOp::create(
      builder, loc, nvgpu::MBarrierGroupType::get(ctx, workgroup, stages));
  for (int64_t s = 0; s < stages; ++s)
    nvgpu::MBarrierInitOp::create(builder, loc, bars, index(builder, 1),
                                  index(builder, s), leader);
  // In a cluster, each block's B boxes of a step are loaded by one of the
  // pair (box j by rank j mod 2; a K-major B's one box by rank 0) and
  // multicast into both blocks' stage, arriving on both blocks' mbarrier
  // of that stage (each still expects the whole step's bytes): the
  // mbarriers are initialized in both before either loads.
  Value issuers[2] = {leader, leader};
  Value bothBlocks;
  if (*paired) {
    NVVM::FenceMbarrierInitOp::create(builder, loc);
    clusterBarrier(builder);
    Value rank = arith::IndexCastOp::create(
        builder, loc, builder.getIndexType(),
        NVVM::ClusterId::create(builder, loc, builder.getI32Type()));
    for (int64_t r = 0; r < 2; ++r)
      issuers[r] = arith::AndIOp::create(
          builder, loc, leader,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, rank,
                                index(builder, r)));
    bothBlocks = arith::ConstantIntOp::create(builder, loc, 0b11, 16);
  } else {
    gpu::BarrierOp::create(builder, loc);
  }

  // A stage's view of a buffer, the leading index dropped.
  auto view = [&](OpBuilder &ob, Value buffer, ArrayRef<OpFoldResult> offsets,
                  ArrayRef<int64_t> shape) -> Value {
    auto type = cast<MemRefType>(buffer.getType());
    SmallVector<OpFoldResult> sizes(type.getRank() - shape.size(),
                                    ob.getIndexAttr(1));
    for (int64_t s : shape)
      sizes.push_back(ob.getIndexAttr(s));
    SmallVector<OpFoldResult> strides(type.getRank(), ob.getIndexAttr(1));
    auto result = memref::SubViewOp::inferRankReducedResultType(
        shape, type, offsets, sizes, strides);
    return memref::SubViewOp::create(ob, loc, cast<MemRefType>(result), buffer,
                                     offsets, sizes, strides);
  };
  int64_t txBytes = (bm * kt + kt * bn) * bytes;
  // Thread 0 loads K step `k` into stage `slot`.
  // A stage tile's offsets: `prefix` (the stage, B's box), the batch's
  // unit dim when batched, then `rest`.
  auto at = [&](ArrayRef<OpFoldResult> prefix, ArrayRef<OpFoldResult> rest,
                OpBuilder &ob) {
    SmallVector<OpFoldResult> out(prefix);
    if (batched)
      out.push_back(ob.getIndexAttr(0));
    llvm::append_range(out, rest);
    return out;
  };
  // TMA coordinates, innermost first, the batch element last.
  auto coordinates = [&](Value inner, Value outer, Value batch) {
    SmallVector<Value> out = {inner, outer};
    if (batched)
      out.push_back(batch);
    return out;
  };
  // One operand's tile of step `kAt` into stage `slot`: K innermost, one
  // [rows, 64] box; MN-major, [64, 64] boxes along its rows (64 rows per
  // warpgroup for A, 64 columns per box for B).
  static_assert(W::kM == W::kNChunk, "A's and B's MN-major boxes are alike");
  // `shared`: B in a cluster, each box by one of the pair, into both.
  auto load = [&](OpBuilder &ob, const Operand &op, Value tiles, Value map,
                  int64_t rows, Value kAt, Value slot, bool shared) {
    OpFoldResult zero = ob.getIndexAttr(0);
    if (op.kOffset)
      kAt = arith::AddIOp::create(ob, loc, kAt, op.kOffset);
    Value mask = shared ? bothBlocks : Value();
    auto issuer = [&](int64_t box) {
      return shared ? issuers[box % 2] : leader;
    };
    if (op.kInner) {
      nvgpu::TmaAsyncLoadOp::create(
          ob, loc,
          view(ob, tiles, at({slot}, {zero, zero}, ob), boxed({}, {rows, kt})),
          bars, map, coordinates(kAt, op.blockOffset, op.batchOffset), slot,
          mask, issuer(0));
      return;
    }
    for (int64_t j = 0; j < rows / W::kNChunk; ++j) {
      Value offset = arith::AddIOp::create(ob, loc, op.blockOffset,
                                           index(ob, j * W::kNChunk));
      nvgpu::TmaAsyncLoadOp::create(
          ob, loc,
          view(ob, tiles, at({slot, ob.getIndexAttr(j)}, {zero, zero}, ob),
               boxed({}, {kt, W::kNChunk})),
          bars, map, coordinates(offset, kAt, op.batchOffset), slot, mask,
          issuer(j));
    }
  };
  auto issue = [&](OpBuilder &ob, Value k, Value slot) {
    Value kAt = arith::MulIOp::create(ob, loc, k, index(ob, kt));
    nvgpu::MBarrierArriveExpectTxOp::create(ob, loc, bars, index(ob, txBytes),
                                            slot, leader);
    load(ob, *a, aStages, mapA.tma, bm, kAt, slot, /*shared=*/false);
    load(ob, *b, bStages, mapB.tma, bn, kAt, slot, /*shared=*/*paired);
  };
  for (int64_t s = 0; s < std::min(stages, steps); ++s)
    issue(builder, index(builder, s), index(builder, s));

  auto fragments = nvgpu::WarpgroupAccumulatorType::get(
      ctx, VectorType::get({W::kM, bn}, builder.getF32Type()));
  auto descriptor = [&](ArrayRef<int64_t> shape) {
    return nvgpu::WarpgroupMatrixDescriptorType::get(ctx, smem(shape));
  };
  Value group = arith::DivUIOp::create(builder, loc, tid,
                                       index(builder, W::kWarpsPerGroup * 32));
  Value groupRow =
      arith::MulIOp::create(builder, loc, group, index(builder, W::kM));
  Value init =
      nvgpu::WarpgroupMmaInitAccumulatorOp::create(builder, loc, fragments);
  auto loop = scf::ForOp::create(
      builder, loc, index(builder, 0), index(builder, steps), index(builder, 1),
      ValueRange{init}, [&](OpBuilder &lb, Location, Value i, ValueRange args) {
        Value vStages = index(lb, stages);
        Value slot = arith::RemUIOp::create(lb, loc, i, vStages);
        Value round = arith::DivUIOp::create(lb, loc, i, vStages);
        Value parity = arith::IndexCastOp::create(
            lb, loc, lb.getI1Type(),
            arith::RemUIOp::create(lb, loc, round, index(lb, 2)));
        nvgpu::MBarrierTryWaitParityOp::create(lb, loc, bars, parity,
                                               index(lb, 10000000), slot);
        OpFoldResult zero = lb.getIndexAttr(0);
        Value d = args.front();
        if (bKMajor || aMNMajor) {
          // NVGPU advances a descriptor per 16-wide K slice as for a
          // K-major A (32 bytes) and an MN-major B (16 rows); a K-major B
          // advances by 16 columns (32 bytes, within the swizzled rows) and
          // an MN-major A by 16 rows of its box. So one warpgroup MMA per
          // slice, each from descriptors at the slice's first column or
          // row. One group of step i - 1 in flight at the first slice
          // (complete after it), none waited for at the others.
          for (int64_t slice = 0; slice < kt / W::kK; ++slice) {
            OpFoldResult k = lb.getIndexAttr(slice * W::kK);
            Value aTile =
                aMNMajor ? view(lb, aStages, at({slot, group}, {k, zero}, lb),
                                {W::kK, W::kM})
                         : view(lb, aStages, at({slot}, {groupRow, k}, lb),
                                {W::kM, W::kK});
            Value bTile =
                bKMajor
                    ? view(lb, bStages, at({slot}, {zero, k}, lb), {bn, W::kK})
                    : view(lb, bStages, at({slot, zero}, {k, zero}, lb),
                           {W::kK, W::kNChunk});
            Value descA = nvgpu::WarpgroupGenerateDescriptorOp::create(
                lb, loc, descriptor({W::kM, W::kK}), aTile, mapA.layout);
            Value descB = nvgpu::WarpgroupGenerateDescriptorOp::create(
                lb, loc, descriptor({W::kK, bn}), bTile, mapB.layout);
            d = nvgpu::WarpgroupMmaOp::create(
                lb, loc, fragments, descA, descB, uint64_t(slice + 1),
                aMNMajor ? lb.getUnitAttr() : UnitAttr(),
                bKMajor ? UnitAttr() : lb.getUnitAttr(), d);
          }
        } else {
          Value descA = nvgpu::WarpgroupGenerateDescriptorOp::create(
              lb, loc, descriptor({W::kM, kt}),
              view(lb, aStages, at({slot}, {groupRow, zero}, lb), {W::kM, kt}),
              mapA.layout);
          Value descB = nvgpu::WarpgroupGenerateDescriptorOp::create(
              lb, loc, descriptor({kt, bn}),
              view(lb, bStages, at({slot, zero}, {zero, zero}, lb),
                   {kt, W::kNChunk}),
              mapB.layout);
          // One group in flight: step i - 1's wgmma is complete after this.
          d = nvgpu::WarpgroupMmaOp::create(lb, loc, fragments, descA, descB,
                                            uint64_t(1), UnitAttr(),
                                            lb.getUnitAttr(), d);
        }
        // Every warpgroup is done with step i - 1's stage: refill it. In a
        // cluster, the pair's too (either may write both blocks' stage).
        // Its arrive is relaxed: the wait_group above completed step
        // i - 1's wgmma, reads of the stage included, so no access of it is
        // outstanding for a release to order before the pair's refill,
        // which is issued after the wait. A release arrive fences this
        // thread's memory operations at cluster scope every step: measured
        // on an H200, 1000 clocks a step (bench/data/h200/cluster-
        // experiment-2026-12-04a.log; Nsight Compute's first stall there,
        // `membar`).
        if (*paired)
          clusterBarrier(lb, /*relaxed=*/true);
        else
          gpu::BarrierOp::create(lb, loc);
        Value refill = arith::AddIOp::create(lb, loc, i, index(lb, stages - 1));
        Value cond = arith::AndIOp::create(
            lb, loc,
            arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::uge, i,
                                  index(lb, 1)),
            arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ult, refill,
                                  index(lb, steps)));
        scf::IfOp::create(lb, loc, cond, [&](OpBuilder &tb, Location) {
          Value previous = arith::SubIOp::create(tb, loc, i, index(tb, 1));
          issue(tb, refill,
                arith::RemUIOp::create(tb, loc, previous, index(tb, stages)));
          scf::YieldOp::create(tb, loc);
        });
        scf::YieldOp::create(lb, loc, d);
      });
  NVVM::WgmmaWaitGroupSyncOp::create(builder, loc, uint64_t(0));
  // Every warpgroup is done reading the stages the accumulator overlays;
  // in a cluster, both blocks' loads have all landed, so that neither
  // overlays nor leaves a stage the other's loads may still reach.
  if (*paired)
    clusterBarrier(builder);
  else
    gpu::BarrierOp::create(builder, loc);
  // NVGPU's store puts warp w's rows at 16 w of the view: each warpgroup
  // writes its 64 rows of the block's accumulator through a view of the
  // first 64.
  // (A batch_matmul's accumulator [1, M, N]: the unit dim dropped.)
  Value rows = view(
      builder, acc,
      SmallVector<OpFoldResult>(accType.getRank(), builder.getIndexAttr(0)),
      {W::kM, bn});
  nvgpu::WarpgroupMmaStoreOp::create(builder, loc, loop.getResult(0), rows);
  gpu::BarrierOp::create(builder, loc);
  return success();
}

struct LowerWgmmaPass
    : public tessel::impl::TesselLowerWgmmaBase<LowerWgmmaPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<std::pair<gpu::LaunchOp, linalg::LinalgOp>> steps;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(TesselDialect::kWgmmaStepAttrName))
        steps.push_back({op->getParentOfType<gpu::LaunchOp>(), op});
    });
    if (steps.empty())
      return;
    auto schedule =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    for (auto [launch, step] : steps) {
      if (!launch) {
        step->emitOpError() << "is a wgmma K step outside a GPU launch (run "
                               "tessel-map-to-gpu first)";
        return signalPassFailure();
      }
      int64_t stages = schedule ? schedule.getStages() : 1;
      int64_t raster = schedule ? schedule.getRaster() : 1;
      if (failed(WgmmaStep(launch, step, stages, raster).rewrite()))
        return signalPassFailure();
    }
    // The launches' shared memory as it now is (stages and accumulator in
    // one buffer, mbarriers).
    auto module = func->getParentOfType<ModuleOp>();
    if (module && module->hasAttr(TesselDialect::kTargetAttrName)) {
      FailureOr<Target> target = getModuleTarget(module, "tessel-lower-wgmma");
      if (failed(target))
        return signalPassFailure();
      for (auto [launch, step] : steps)
        if (failed(checkLaunchSharedMemory(func, launch, *target)))
          return signalPassFailure();
    }
    WalkResult stray = func.walk([&](Operation *op) {
      if (!op->hasAttr(TesselDialect::kTmaCopyAttrName))
        return WalkResult::advance();
      op->emitOpError() << "is a TMA copy outside a wgmma K step";
      return WalkResult::interrupt();
    });
    if (stray.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
