//===- MapToGpu.cpp - tessel-map-to-gpu
//------------------------------------===//
//
// Turns each tiled, bufferized kernel function into a gpu.launch: the block
// scf.forall becomes the grid and the nested thread scf.forall the block.
// Per-thread scratch buffers (the single-element intermediates that
// tessel-tile-and-fuse leaves), already on the stack, move to the start of
// the launch so that each is one fixed slot (a register after LLVM's SROA).
// Outlining into a gpu.module (gpu-kernel-outlining) follows in the pipeline.
//
//===----------------------------------------------------------------------===//

#include "passes/BlockLoops.h"
#include "passes/IndexRange.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/TransformOps/GPUTransformOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELMAPTOGPU
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// Whether `forall` is a loop over a block's threads.
bool isThreadLoop(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         isa<gpu::GPUThreadMappingAttr>((*mapping)[0]);
}

/// The most blocks a grid's y and z dimensions take (CUDA and HIP alike).
constexpr int64_t kMaxGridYZ = 65535;

/// A grid has three dimensions, and y and z hold at most 65535 blocks; the
/// upstream mapping of linear block ids sizes the grid from the three
/// innermost loops and drops the others. A block loop with more loops, or
/// with too many blocks along an outer one, becomes one loop over all its
/// blocks (mapped to x) whose id is split back into the loops' indices.
LogicalResult flattenBlockLoop(scf::ForallOp &blocks) {
  BlockLoopBounds bounds(blocks);
  if (!bounds.isStatic())
    return blocks.emitOpError() << "must have static block counts";
  ArrayRef<int64_t> ubs = *bounds.ubs;
  size_t rank = ubs.size();
  bool fits = rank <= 3;
  for (size_t i = 0; fits && i + 1 < rank; ++i)
    fits = ubs[i] <= kMaxGridYZ;
  if (fits)
    return success();
  if (!blocks.getOutputs().empty() || !bounds.fromZeroByOne())
    return blocks.emitOpError()
           << "has " << rank << " block loops (or more than " << kMaxGridYZ
           << " blocks along an outer one) and is not in the form that can "
              "be flattened onto a grid (bufferized, from 0 by 1)";
  int64_t total = 1;
  for (int64_t u : ubs)
    total *= u;
  blocks = linearizeBlockLoop(
      blocks, total, [&](RewriterBase &rewriter, Location loc, Value id) {
        return SmallVector<Value>(
            affine::AffineDelinearizeIndexOp::create(rewriter, loc, id, ubs)
                .getResults());
      });
  return success();
}

/// `old` in clusters of `sizes` blocks: a launch of the same grid, block,
/// memory and body, whose cluster sizes are `sizes` (gpu.launch holds them
/// as operands, and its body takes cluster ids and sizes as arguments, so
/// the launch is rebuilt rather than amended).
gpu::LaunchOp withClusters(gpu::LaunchOp old, ArrayRef<int64_t> sizes) {
  OpBuilder b(old);
  Location loc = old.getLoc();
  SmallVector<Value> cluster;
  for (int64_t size : sizes)
    cluster.push_back(arith::ConstantIndexOp::create(b, loc, size));
  SmallVector<Type> workgroup, priv;
  for (BlockArgument arg : old.getWorkgroupAttributions())
    workgroup.push_back(arg.getType());
  for (BlockArgument arg : old.getPrivateAttributions())
    priv.push_back(arg.getType());
  auto launch = gpu::LaunchOp::create(
      b, loc, old.getGridSizeX(), old.getGridSizeY(), old.getGridSizeZ(),
      old.getBlockSizeX(), old.getBlockSizeY(), old.getBlockSizeZ(),
      old.getDynamicSharedMemorySize(), Type(), ValueRange{}, workgroup, priv,
      cluster[0], cluster[1], cluster[2]);
  launch->setDiscardableAttrs(old->getDiscardableAttrDictionary());
  Block &from = old.getBody().front(), &to = launch.getBody().front();
  // LLVM 22's builder gives the body the 12 ids and sizes of a launch
  // without clusters; the cluster ids and sizes (6 more) come after them.
  for (unsigned i = 0; i < 6; ++i)
    to.insertArgument(gpu::LaunchOp::kNumConfigRegionAttributes + i,
                      b.getIndexType(), loc);
  // Ids and sizes (the first 12 arguments of both), then the memory.
  SmallVector<Value> args(
      to.getArguments().take_front(gpu::LaunchOp::kNumConfigRegionAttributes));
  llvm::append_range(args, launch.getWorkgroupAttributions());
  llvm::append_range(args, launch.getPrivateAttributions());
  for (auto [was, is] : llvm::zip_equal(from.getArguments(), args))
    was.replaceAllUsesWith(is);
  to.getOperations().splice(to.end(), from.getOperations());
  old.erase();
  return launch;
}

/// The block dimensions [x, y, z] of the thread forall nested in `blocks`
/// (the one mapped to x, y, z: loops over linear thread ids, a cooperative
/// reduction's, fit any block of as many threads).
FailureOr<SmallVector<int64_t>> threadBlockDims(scf::ForallOp blocks) {
  SmallVector<int64_t> dims = {1, 1, 1};
  scf::ForallOp threads;
  blocks.walk([&](scf::ForallOp f) {
    if (f != blocks && isThreadLoop(f) &&
        !cast<gpu::GPUThreadMappingAttr>((*f.getMapping())[0])
             .isLinearMapping())
      threads = f;
  });
  if (!threads)
    return blocks.emitOpError()
           << "has no nested scf.forall mapped to GPU threads";
  ArrayRef<int64_t> bounds = threads.getStaticUpperBound();
  if (llvm::any_of(bounds, ShapedType::isDynamic))
    return threads.emitOpError() << "must have static thread counts";
  for (auto [attr, bound] : llvm::zip_equal(*threads.getMapping(), bounds)) {
    auto mapping = cast<gpu::GPUThreadMappingAttr>(attr);
    int64_t id = mapping.getMappingId();
    if (id > 2)
      return threads.emitOpError()
             << "maps threads with " << mapping << "; only x, y, z are used";
    dims[id] = bound;
  }
  return dims;
}

/// Marks a buffer of a block's own, to become shared memory.
constexpr StringLiteral kWorkgroupAttr = "tessel.workgroup";

/// Moves `buffer`, and every view of it, to the address space `space`. Its
/// users read and write it through operands (loads, stores, linalg ops,
/// copies), whose types do not depend on the address space, or through
/// views (subviews, reshapes, casts, reinterpretations), whose result types
/// take the same space; any other use is an error naming `what` the buffer is.
LogicalResult moveToAddressSpace(Value buffer, Attribute space,
                                 StringRef what) {
  SmallVector<Value> views = {buffer};
  for (size_t i = 0; i < views.size(); ++i)
    for (Operation *user : views[i].getUsers()) {
      if (isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
              memref::CastOp, memref::ReinterpretCastOp>(user)) {
        views.push_back(user->getResult(0));
        continue;
      }
      // A buffer carried through a loop (a K loop's accumulator, before
      // canonicalization drops the carried value): the loop's argument and
      // result are views of it too.
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        for (OpOperand &init : loop.getInitArgsMutable())
          if (init.get() == views[i]) {
            unsigned n = init.getOperandNumber() - loop.getNumControlOperands();
            views.push_back(loop.getRegionIterArgs()[n]);
            views.push_back(loop->getResult(n));
          }
        continue;
      }
      if (isa<scf::YieldOp>(user))
        continue;
      // (A wgmma descriptor's address: tessel-lower-mma.)
      if (!isa<linalg::LinalgOp, memref::LoadOp, memref::StoreOp,
               memref::CopyOp, memref::DimOp, vector::TransferReadOp,
               vector::TransferWriteOp, vector::LoadOp, vector::StoreOp,
               memref::ExtractAlignedPointerAsIndexOp>(user))
        return user->emitOpError() << "uses " << what;
    }
  for (Value v : views) {
    auto t = cast<MemRefType>(v.getType());
    v.setType(MemRefType::get(t.getShape(), t.getElementType(), t.getLayout(),
                              space));
  }
  return success();
}

/// Gives each thread its own copy of every block buffer [threads, n]
/// marked TesselDialect::kPerThreadAttrName (a row kernel's registers),
/// a stack buffer [n]: each use must be its thread's row, a memref.subview at
/// [t, 0] of [1, n] inside a thread loop of `threads` iterations over t, which
/// then reads the thread's own buffer instead.
LogicalResult privatizePerThreadBuffers(scf::ForallOp blocks) {
  // (A small one may have become a memref.alloca on the way.)
  SmallVector<Operation *> buffers;
  blocks.getBody()->walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
        op->hasAttr(TesselDialect::kPerThreadAttrName))
      buffers.push_back(op);
  });
  for (Operation *alloc : buffers) {
    auto type = cast<MemRefType>(alloc->getResult(0).getType());
    if (type.getRank() != 2 || !type.hasStaticShape() ||
        !type.getLayout().isIdentity())
      return alloc->emitOpError()
             << "is a per-thread buffer that is not [threads, n] with a "
                "static shape";
    int64_t threads = type.getDimSize(0), n = type.getDimSize(1);
    OpBuilder b(alloc);
    Value own = memref::AllocaOp::create(
        b, alloc->getLoc(), MemRefType::get({n}, type.getElementType()));
    for (Operation *user : llvm::to_vector(alloc->getUsers())) {
      auto view = dyn_cast<memref::SubViewOp>(user);
      auto loop = view ? view->getParentOfType<scf::ForallOp>() : nullptr;
      bool ownRow =
          loop && isThreadLoop(loop) && loop.getRank() == 1 &&
          getConstantIntValue(loop.getMixedUpperBound()[0]) == threads &&
          view.getType().getRank() == 1 &&
          view.getMixedOffsets()[0] == OpFoldResult(loop.getInductionVar(0)) &&
          isConstantIntValue(view.getMixedOffsets()[1], 0) &&
          isConstantIntValue(view.getMixedSizes()[0], 1) &&
          isConstantIntValue(view.getMixedSizes()[1], n) &&
          view.hasUnitStride();
      // (Its deallocation goes with it.)
      if (!ownRow && isa<memref::DeallocOp>(user)) {
        user->erase();
        continue;
      }
      if (!ownRow)
        return user->emitOpError()
               << "uses a per-thread buffer other than as its thread's own "
                  "row (a subview at the thread loop's index)";
      b.setInsertionPoint(view);
      Value cast =
          memref::CastOp::create(b, view.getLoc(), view.getType(), own);
      view.getResult().replaceAllUsesWith(cast);
      view.erase();
    }
    alloc->erase();
  }
  return success();
}

/// The transform script that maps a kernel's block loop to a gpu.launch and
/// its thread loops to the launch's `blockDims` threads, built with the
/// transform ops' builders (a changed op breaks the build, not a run).
OwningOpRef<ModuleOp> buildMappingScript(MLIRContext *ctx,
                                         ArrayRef<int64_t> blockDims,
                                         int64_t warpSize) {
  Location loc = UnknownLoc::get(ctx);
  OwningOpRef<ModuleOp> script = ModuleOp::create(loc);
  (*script)->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                     UnitAttr::get(ctx));
  OpBuilder b = OpBuilder::atBlockEnd(script->getBody());
  auto anyOp = transform::AnyOpType::get(ctx);
  auto entry = transform::NamedSequenceOp::create(
      b, loc, transform::TransformDialect::kTransformEntryPointSymbolName,
      anyOp, TypeRange(),
      [&](OpBuilder &nb, Location nloc, BlockArgument blockLoop) {
        Value launch = transform::MapForallToBlocks::create(
            nb, nloc, anyOp, blockLoop, /*grid_dims=*/ArrayRef<int64_t>(),
            /*generate_gpu_launch=*/true);
        auto threads = transform::MapNestedForallToThreads::create(
            nb, nloc, anyOp, launch, blockDims);
        threads.setWarpSize(warpSize);
        transform::YieldOp::create(nb, nloc);
      });
  // The block loop is consumed: the launch replaces it (set here: the
  // builder drops the argument attributes it is given).
  entry.setArgAttr(0, transform::TransformDialect::kArgConsumedAttrName,
                   b.getUnitAttr());
  return script;
}

struct MapToGpuPass : public tessel::impl::TesselMapToGpuBase<MapToGpuPass> {
  using Base::Base;

  // Each kernel function alone (the pass manager may map several at once);
  // the shared-memory limit comes from the enclosing module's target, where
  // it names one.
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(TesselDialect::kKernelAttrName))
      return;
    auto module = func->getParentOfType<ModuleOp>();
    if (module && module->hasAttr(TesselDialect::kTargetAttrName)) {
      FailureOr<Target> t = getModuleTarget(module, "tessel-map-to-gpu");
      if (failed(t))
        return signalPassFailure();
      target = std::move(*t);
    }
    if (failed(mapKernel(func)))
      return signalPassFailure();
  }

  std::optional<Target> target;

  LogicalResult mapKernel(func::FuncOp func) {
    if (llvm::any_of(func.getArgumentTypes(),
                     [](Type t) { return isa<TensorType>(t); }))
      return func.emitOpError()
             << "must be bufferized before tessel-map-to-gpu";
    SmallVector<scf::ForallOp> blockLoops;
    for (auto forall : func.getBody().getOps<scf::ForallOp>())
      if (isBlockLoop(forall))
        blockLoops.push_back(forall);
    if (blockLoops.empty())
      return func.emitOpError()
             << "kernel @" << func.getSymName()
             << " has no scf.forall mapped to GPU blocks (run "
                "tessel-tile-and-fuse first)";
    // One launch per block loop: a kernel with several results that share no
    // loop nest becomes several GPU kernels, launched in order.
    for (scf::ForallOp blocks : blockLoops)
      if (failed(mapBlockLoop(func, blocks)))
        return failure();
    return success();
  }

  LogicalResult mapBlockLoop(func::FuncOp func, scf::ForallOp blocks) {
    int64_t loops = blocks.getRank();
    if (failed(flattenBlockLoop(blocks)))
      return failure();
    FailureOr<SmallVector<int64_t>> dims = failure();
    auto schedule =
        func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
    bool wgmma = schedule && schedule.getMma() == InstructionClass::Wgmma;
    // Clusters (wgmma's TMA multicast) pair the blocks of neighbouring rows
    // of tiles in one column: a matmul's rows are the grid's y (x its
    // columns); under a raster (one loop of linear ids, each group walked
    // down its rows) consecutive ids along x. tessel-lower-wgmma checks
    // that the pairs share their column.
    SmallVector<int64_t> clusterSizes;
    if (schedule && schedule.getCluster() > 1) {
      if (blocks.getRank() != loops || loops > 2)
        return blocks.emitOpError()
               << "cannot pair blocks in clusters of " << schedule.getCluster()
               << ": clusters pair a matmul's rows of tiles (a loop of rows "
                  "and one of columns, or one loop under a raster), and "
                  "this kernel has "
               << loops << " block loops";
      clusterSizes.assign(3, 1);
      clusterSizes[loops == 2 ? 1 : 0] = schedule.getCluster();
    }
    SmallPtrSet<Operation *, 4> before;
    func.walk([&](gpu::LaunchOp launch) { before.insert(launch); });
    if (wgmma) {
      // Warpgroup MMA addresses its accumulators by warp (thread id x / 32,
      // NVGPU's lowering): the block is one row of threads, its warpgroups
      // consecutive ids, and every thread loop takes linear ids.
      linearizeThreadLoops(blocks);
      dims = SmallVector<int64_t>{schedule.getWarps() * 32, 1, 1};
    } else {
      dims = threadBlockDims(blocks);
    }
    if (failed(dims))
      return failure();
    // Buffers of the block's own (outside every thread loop: a cooperative
    // reduction's partial results) are shared by its threads; those each
    // thread keeps for itself (a row kernel's registers) become its own
    // stack buffers, unmarked.
    blocks.getBody()->walk([&](Operation *op) {
      if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
          op->hasAttr(TesselDialect::kPerThreadAttrName))
        return;
      for (auto forall = op->getParentOfType<scf::ForallOp>();
           forall && forall != blocks;
           forall = forall->getParentOfType<scf::ForallOp>())
        if (isThreadLoop(forall))
          return;
      op->setAttr(kWorkgroupAttr, UnitAttr::get(op->getContext()));
    });
    if (failed(privatizePerThreadBuffers(blocks)))
      return failure();
    // Warp loops (a tensor-core K step's) take the target's warp size: 64
    // lanes a wavefront on AMD CDNA.
    OwningOpRef<ModuleOp> transforms = buildMappingScript(
        func.getContext(), *dims, target ? target->warpSize() : 32);
    if (failed(transform::applyTransformNamedSequence(
            blocks,
            transforms->lookupSymbol(
                transform::TransformDialect::kTransformEntryPointSymbolName),
            *transforms, transform::TransformOptions())))
      return func.emitOpError() << "could not be mapped to a GPU launch";
    if (!clusterSizes.empty()) {
      SmallVector<gpu::LaunchOp> mapped;
      func.walk([&](gpu::LaunchOp launch) {
        if (!before.contains(launch))
          mapped.push_back(launch);
      });
      for (gpu::LaunchOp launch : mapped) {
        gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
        Value dims[] = {grid.x, grid.y, grid.z};
        for (auto [size, along] : llvm::zip_equal(clusterSizes, dims)) {
          std::optional<int64_t> blocks = getConstantIntValue(along);
          if (!blocks || *blocks % size)
            return launch.emitOpError()
                   << "cannot pair blocks in clusters of "
                   << formatShape(clusterSizes)
                   << ": the grid's blocks along a clustered dim are not "
                      "a constant multiple of its cluster size";
        }
        withClusters(launch, clusterSizes);
      }
    }
    LogicalResult placed = success();
    func.walk([&](gpu::LaunchOp launch) {
      if (failed(alignVectorAccesses(launch)))
        placed = failure();
      copiesToLinalg(launch);
      if (failed(makeBlockBuffersShared(launch)))
        placed = failure();
      if (failed(allocasForThreadBuffers(launch)))
        placed = failure();
      hoistAllocas(launch);
      if (privateScratch && failed(makeScratchPrivate(launch)))
        placed = failure();
      // A wgmma step's buffers change in tessel-lower-wgmma, which checks;
      // buffers past the overlay threshold (dynamic shared memory, AMD's
      // one LDS buffer) may share bytes, which tessel-dynamic-shared-memory
      // checks: here, only that the largest fits on its own.
      if (succeeded(placed) && target && !wgmma &&
          failed(checkLaunchSharedMemory(
              func, launch, *target,
              target->sharedMemoryOverlayThreshold()
                  ? largestWorkgroupBuffer(launch) + mbarrierBytes(launch)
                  : workgroupBufferBytes(launch) + mbarrierBytes(launch))))
        placed = failure();
    });
    return placed;
  }

  /// Vector steps: tile-and-fuse vectorizes an access only where it is
  /// whole and starts at a multiple of its width (vectorWidthFits), so a
  /// vector load or store of a view of a kernel argument (global memory,
  /// whose buffers the runtime allocates with at least 256-byte alignment)
  /// is aligned to its size. Saying so lets the backend emit one 16-byte
  /// access (ld.global.v4, global_load_dwordx4) instead of scalars. Buffers
  /// of the kernel's own (shared memory, scratch) keep their element
  /// alignment: nothing aligns their base beyond it.
  static LogicalResult alignVectorAccesses(gpu::LaunchOp launch) {
    // The GPU conversions take 1-D vector loads, stores and arithmetic:
    // transfers become loads and stores, broadcasts of a scalar (a row's
    // statistic) and shape casts become element inserts.
    RewritePatternSet patterns(launch.getContext());
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorBroadcastLoweringPatterns(patterns);
    vector::populateVectorShapeCastLoweringPatterns(patterns);
    vector::populateVectorToVectorCanonicalizationPatterns(patterns);
    if (failed(applyPatternsGreedily(launch, std::move(patterns))))
      return launch.emitOpError() << "internal error: vector transfers";
    auto align = [](auto access, Value memref, VectorType vector) {
      while (Operation *view = memref.getDefiningOp()) {
        if (!isa<memref::SubViewOp, memref::ExpandShapeOp,
                 memref::CollapseShapeOp, memref::CastOp,
                 memref::ReinterpretCastOp>(view))
          return;
        memref = view->getOperand(0);
      }
      auto arg = cast<BlockArgument>(memref);
      if (!isa<func::FuncOp>(arg.getOwner()->getParentOp()))
        return;
      int64_t bytes =
          vector.getNumElements() * vector.getElementTypeBitWidth() / 8;
      if (llvm::isPowerOf2_64(bytes))
        access.setAlignment(uint64_t(bytes));
    };
    launch.getBody().walk([&](Operation *op) {
      if (auto load = dyn_cast<vector::LoadOp>(op))
        align(load, load.getBase(), load.getVectorType());
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        align(store, store.getBase(), store.getVectorType());
    });
    return success();
  }

  /// memref.copy between strided views becomes a runtime call on the host
  /// path only; inside a kernel it is a linalg.copy, lowered to loops.
  static void copiesToLinalg(gpu::LaunchOp launch) {
    SmallVector<memref::CopyOp> copies;
    launch.getBody().walk([&](memref::CopyOp c) { copies.push_back(c); });
    for (memref::CopyOp c : copies) {
      OpBuilder b(c);
      linalg::CopyOp::create(b, c.getLoc(), c.getSource(), c.getTarget());
      c.erase();
    }
  }

  /// Turns each buffer marked as the block's own into a workgroup
  /// attribution of the launch (shared memory): a `memref.alloc` inside a
  /// launch would be per-thread memory. Views of it take the workgroup
  /// address space; deallocations go.
  static LogicalResult makeBlockBuffersShared(gpu::LaunchOp launch) {
    auto space = gpu::AddressSpaceAttr::get(launch.getContext(),
                                            gpu::AddressSpace::Workgroup);
    SmallVector<Operation *> buffers;
    launch.getBody().walk([&](Operation *op) {
      if (op->hasAttr(kWorkgroupAttr))
        buffers.push_back(op);
    });
    for (Operation *buffer : buffers) {
      auto type = cast<MemRefType>(buffer->getResult(0).getType());
      if (!type.hasStaticShape() || !type.getLayout().isIdentity())
        return buffer->emitOpError()
               << "is a block's shared buffer without a static shape";
      for (Operation *user : llvm::to_vector(buffer->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      if (failed(moveToAddressSpace(
              buffer->getResult(0), space,
              "a block's shared buffer in a way that cannot move it to "
              "workgroup memory")))
        return failure();
      BlockArgument shared = launch.addWorkgroupAttribution(
          cast<MemRefType>(buffer->getResult(0).getType()), buffer->getLoc());
      buffer->getResult(0).replaceAllUsesWith(shared);
      buffer->erase();
    }
    return success();
  }

  /// Puts each stack buffer of `launch` in the GPU's private address space
  /// (AMDGPU selects stack slots only there), views included.
  static LogicalResult makeScratchPrivate(gpu::LaunchOp launch) {
    auto space = gpu::AddressSpaceAttr::get(launch.getContext(),
                                            gpu::AddressSpace::Private);
    WalkResult result = launch.getBody().walk([&](memref::AllocaOp a) {
      if (a.getType().getMemorySpace())
        return WalkResult::advance();
      if (failed(moveToAddressSpace(a.getResult(), space,
                                    "a per-thread scratch buffer in a way "
                                    "that cannot move it to private memory")))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  /// Moves every static stack buffer of `launch` to the start of its body.
  /// An alloca inside a loop is a dynamic stack allocation, which the AMDGPU
  /// backend cannot select (and costs a stack adjustment per iteration on
  /// NVIDIA); the per-thread scratch that tile-and-fuse leaves is written
  /// before it is read in every iteration, so one buffer serves them all.
  /// A `memref.alloc` left inside a launch is a thread's own buffer; on the
  /// GPU it would become a call to the device's malloc (a small heap that
  /// runs out, and is never given back here). Each becomes a stack buffer:
  /// a dynamic size (a remainder tile's) is given the static upper bound of
  /// its size, and the buffer is viewed with the size it had.
  static LogicalResult allocasForThreadBuffers(gpu::LaunchOp launch) {
    SmallVector<memref::AllocOp> allocs;
    launch.getBody().walk([&](memref::AllocOp a) { allocs.push_back(a); });
    for (memref::AllocOp alloc : allocs) {
      MemRefType type = alloc.getType();
      if (!type.getLayout().isIdentity() || !alloc.getSymbolOperands().empty())
        return alloc.emitOpError()
               << "is a thread's buffer inside a GPU kernel with a layout or "
                  "symbols that cannot move to the stack";
      SmallVector<int64_t> bounds(type.getShape());
      auto dynamicSizes = alloc.getDynamicSizes();
      unsigned next = 0;
      for (int64_t &dim : bounds) {
        if (!ShapedType::isDynamic(dim))
          continue;
        Value size = dynamicSizes[next++];
        std::optional<int64_t> ub = rangeOf(size).hi;
        if (!ub || *ub < 0)
          return alloc.emitOpError()
                 << "is a thread's buffer inside a GPU kernel whose size has "
                    "no static upper bound; kernels allocate no memory";
        dim = *ub;
      }
      OpBuilder b(alloc);
      auto stackType =
          MemRefType::get(bounds, type.getElementType(),
                          MemRefLayoutAttrInterface(), type.getMemorySpace());
      Value buffer = memref::AllocaOp::create(b, alloc.getLoc(), stackType,
                                              alloc.getAlignmentAttr());
      if (!type.hasStaticShape()) {
        // The first elements of the bound-sized buffer, laid out row-major
        // with the actual sizes: the type the uses expect.
        SmallVector<OpFoldResult> sizes = alloc.getMixedSizes();
        SmallVector<OpFoldResult> strides(sizes.size());
        AffineExpr s0, s1;
        bindSymbols(b.getContext(), s0, s1);
        OpFoldResult stride = b.getIndexAttr(1);
        for (int64_t i = int64_t(sizes.size()) - 1; i >= 0; --i) {
          strides[i] = stride;
          stride = affine::makeComposedFoldedAffineApply(
              b, alloc.getLoc(), s0 * s1, {stride, sizes[i]});
        }
        buffer = memref::ReinterpretCastOp::create(
            b, alloc.getLoc(), type, buffer, b.getIndexAttr(0), sizes, strides);
      }
      for (Operation *user : llvm::to_vector(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      alloc.replaceAllUsesWith(buffer);
      alloc.erase();
    }
    return success();
  }

  static void hoistAllocas(gpu::LaunchOp launch) {
    Block &entry = launch.getBody().front();
    SmallVector<memref::AllocaOp> allocas;
    launch.getBody().walk([&](memref::AllocaOp a) {
      if (a.getType().hasStaticShape() && a->getNumOperands() == 0)
        allocas.push_back(a);
    });
    // To the very start: the entry block's later ops may land in another
    // basic block once control flow is lowered, and LLVM promotes only
    // the allocas of a function's entry block to registers.
    for (memref::AllocaOp a : llvm::reverse(allocas))
      a->moveBefore(&entry, entry.begin());
  }
};

} // namespace

int64_t mlir::tessel::workgroupBufferBytes(gpu::LaunchOp launch) {
  int64_t bytes = 0;
  for (BlockArgument buffer : launch.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(buffer.getType());
    bytes += llvm::alignTo(
        type.getNumElements() * type.getElementTypeBitWidth() / 8, 16);
  }
  return bytes;
}

int64_t mlir::tessel::largestWorkgroupBuffer(gpu::LaunchOp launch) {
  int64_t largest = 0;
  for (BlockArgument buffer : launch.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(buffer.getType());
    largest = std::max<int64_t>(
        largest, type.getNumElements() * type.getElementTypeBitWidth() / 8);
  }
  return largest;
}

int64_t mlir::tessel::mbarrierBytes(gpu::LaunchOp launch) {
  int64_t bytes = 0;
  launch.getBody().walk([&](nvgpu::MBarrierCreateOp create) {
    bytes += 8 * int64_t(create.getBarriers().getType().getNumBarriers());
  });
  return bytes;
}

bool mlir::tessel::movesToDynamicSharedMemory(const Target &target) {
  return target.hasDynamicSharedMemory() &&
         target.has(TargetField::StaticSharedMemPerBlockBytes);
}

LogicalResult mlir::tessel::checkLaunchSharedMemory(func::FuncOp func,
                                                    gpu::LaunchOp launch,
                                                    const Target &target) {
  return checkLaunchSharedMemory(func, launch, target,
                                 workgroupBufferBytes(launch) +
                                     mbarrierBytes(launch));
}

LogicalResult mlir::tessel::checkLaunchSharedMemory(func::FuncOp func,
                                                    gpu::LaunchOp launch,
                                                    const Target &target,
                                                    int64_t bytes) {
  // Past the static limit the buffers move into dynamic shared memory where
  // the target has it (tessel-dynamic-shared-memory).
  auto limit = int64_t(target.blockSharedMemoryLimit());
  if (bytes <= limit)
    return success();
  InFlightDiagnostic diag = func.emitOpError()
                            << "kernel @" << func.getSymName() << " needs "
                            << bytes << " bytes of shared memory per block";
  if (auto schedule =
          func->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName))
    diag << " with schedule " << schedule;
  diag << ", but a block on " << target.name() << " (" << target.arch()
       << ") may allocate at most " << limit
       << (target.hasDynamicSharedMemory() ? " (dynamic shared memory included)"
                                           : " statically")
       << "; give it smaller tiles or fewer stages";
  return diag;
}
