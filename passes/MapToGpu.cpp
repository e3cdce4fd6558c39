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

#include "passes/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELMAPTOGPU
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

bool hasMapping(scf::ForallOp forall, bool threads) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || mapping->empty())
    return false;
  return threads ? isa<gpu::GPUThreadMappingAttr>((*mapping)[0])
                 : isa<gpu::GPUBlockMappingAttr>((*mapping)[0]);
}

/// The block dimensions [x, y, z] of the thread forall nested in `blocks`
/// (the one mapped to x, y, z: loops over linear thread ids, a cooperative
/// reduction's, fit any block of as many threads).
FailureOr<SmallVector<int64_t>> threadBlockDims(scf::ForallOp blocks) {
  SmallVector<int64_t> dims = {1, 1, 1};
  scf::ForallOp threads;
  blocks.walk([&](scf::ForallOp f) {
    if (f != blocks && hasMapping(f, /*threads=*/true) &&
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
/// views (subviews, reshapes, casts), whose result types take the same
/// space; any other use is an error naming `what` the buffer is.
LogicalResult moveToAddressSpace(Value buffer, Attribute space,
                                 StringRef what) {
  SmallVector<Value> views = {buffer};
  for (size_t i = 0; i < views.size(); ++i)
    for (Operation *user : views[i].getUsers()) {
      if (isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
              memref::CastOp>(user)) {
        views.push_back(user->getResult(0));
        continue;
      }
      if (!isa<linalg::LinalgOp, memref::LoadOp, memref::StoreOp,
               memref::CopyOp>(user))
        return user->emitOpError() << "uses " << what;
    }
  for (Value v : views) {
    auto t = cast<MemRefType>(v.getType());
    v.setType(MemRefType::get(t.getShape(), t.getElementType(), t.getLayout(),
                              space));
  }
  return success();
}

/// The mapping script; BLOCK_DIMS is replaced by the block size.
constexpr StringLiteral kScript = R"mlir(
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.consumed}) {
    %launch = transform.gpu.map_forall_to_blocks %arg0 generate_gpu_launch : (!transform.any_op) -> !transform.any_op
    %mapped = transform.gpu.map_nested_forall_to_threads %launch block_dims = BLOCK_DIMS : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
)mlir";

struct MapToGpuPass : public tessel::impl::TesselMapToGpuBase<MapToGpuPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (!func->hasAttr(TesselDialect::kKernelAttrName))
        continue;
      if (failed(mapKernel(func)))
        return signalPassFailure();
    }
  }

  LogicalResult mapKernel(func::FuncOp func) {
    if (llvm::any_of(func.getArgumentTypes(),
                     [](Type t) { return isa<TensorType>(t); }))
      return func.emitOpError()
             << "must be bufferized before tessel-map-to-gpu";
    SmallVector<scf::ForallOp> blockLoops;
    for (auto forall : func.getBody().getOps<scf::ForallOp>())
      if (hasMapping(forall, /*threads=*/false))
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
    FailureOr<SmallVector<int64_t>> dims = threadBlockDims(blocks);
    if (failed(dims))
      return failure();
    std::string dimsText =
        llvm::formatv("[{0}, {1}, {2}]", (*dims)[0], (*dims)[1], (*dims)[2]);
    std::string script = kScript.str();
    script.replace(script.find("BLOCK_DIMS"), StringRef("BLOCK_DIMS").size(),
                   dimsText);
    // Buffers of the block's own (outside every thread loop: a cooperative
    // reduction's partial results) are shared by its threads.
    blocks.getBody()->walk([&](Operation *op) {
      if (!isa<memref::AllocOp, memref::AllocaOp>(op))
        return;
      for (auto forall = op->getParentOfType<scf::ForallOp>();
           forall && forall != blocks;
           forall = forall->getParentOfType<scf::ForallOp>())
        if (hasMapping(forall, /*threads=*/true))
          return;
      op->setAttr(kWorkgroupAttr, UnitAttr::get(op->getContext()));
    });
    ParserConfig config(func.getContext());
    OwningOpRef<ModuleOp> transforms =
        parseSourceString<ModuleOp>(script, config, "map-to-gpu-script");
    if (!transforms)
      return func.emitOpError() << "internal error: mapping script";
    if (failed(transform::applyTransformNamedSequence(
            blocks, transforms->lookupSymbol("__transform_main"), *transforms,
            transform::TransformOptions())))
      return func.emitOpError() << "could not be mapped to a GPU launch";
    LogicalResult placed = success();
    func.walk([&](gpu::LaunchOp launch) {
      copiesToLinalg(launch);
      if (failed(makeBlockBuffersShared(launch)))
        placed = failure();
      hoistAllocas(launch);
      if (privateScratch && failed(makeScratchPrivate(launch)))
        placed = failure();
    });
    return placed;
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
  static void hoistAllocas(gpu::LaunchOp launch) {
    Block &entry = launch.getBody().front();
    SmallVector<memref::AllocaOp> allocas;
    launch.getBody().walk([&](memref::AllocaOp a) {
      if (a.getType().hasStaticShape() && a->getNumOperands() == 0 &&
          a->getBlock() != &entry)
        allocas.push_back(a);
    });
    for (memref::AllocaOp a : allocas)
      a->moveBefore(&entry, entry.begin());
  }
};

} // namespace
