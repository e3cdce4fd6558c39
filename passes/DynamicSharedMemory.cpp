//===- DynamicSharedMemory.cpp - tessel-dynamic-shared-memory -------------===//
//
// Moves a GPU launch's shared-memory buffers into dynamic shared memory
// where together they exceed what a block may allocate statically (48 KiB
// on sm_80) but not what it may opt into (163 KiB on the A100): one
// `gpu.dynamic_shared_memory` buffer, each former workgroup attribution a
// `memref.view` of it at a 128-byte-aligned offset, and the launch's
// `dynamic_shared_memory_size` set. The manifest records the size and the
// runtime launches the kernel with it, raising the function's limit past
// 48 KiB first (cuFuncSetAttribute).
//
// tessel-extern-dynamic-shared-memory, after the NVVM conversion, gives the
// buffer's global external linkage: with the internal linkage the
// conversion gives it, the NVPTX backend demotes the zero-length array to
// a one-byte static `.shared` variable, and the kernel would address the
// dynamic allocation past it.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELDYNAMICSHAREDMEMORY
#define GEN_PASS_DEF_TESSELEXTERNDYNAMICSHAREDMEMORY
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// Each buffer starts on a 128-byte boundary of the dynamic buffer (whose
/// own base the NVVM lowering aligns to 16 bytes): wider than any access
/// Tessel's kernels make into shared memory outside TMA.
constexpr int64_t kViewAlignment = 128;

int64_t bufferBytes(BlockArgument buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

struct DynamicSharedMemoryPass
    : public tessel::impl::TesselDynamicSharedMemoryBase<
          DynamicSharedMemoryPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto module = func->getParentOfType<ModuleOp>();
    if (!module || !module->hasAttr(TesselDialect::kTargetAttrName))
      return;
    FailureOr<Target> target =
        getModuleTarget(module, "tessel-dynamic-shared-memory");
    if (failed(target))
      return signalPassFailure();
    // AMD's LDS has no dynamic opt-in beyond the static limit; a target
    // without a separate static limit allocates everything statically.
    if (!target->hasDynamicSharedMemory() ||
        !target->has(TargetField::StaticSharedMemPerBlockBytes))
      return;
    auto staticLimit =
        int64_t(target->get(TargetField::StaticSharedMemPerBlockBytes));
    WalkResult result = func.walk([&](gpu::LaunchOp launch) {
      return failed(rewrite(func, launch, staticLimit))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  LogicalResult rewrite(func::FuncOp func, gpu::LaunchOp launch,
                        int64_t staticLimit) {
    SmallVector<BlockArgument> buffers(launch.getWorkgroupAttributions());
    if (buffers.empty() || launch.getDynamicSharedMemorySize())
      return success();
    // The mbarriers stay static.
    int64_t bytes = workgroupBufferBytes(launch);
    if (bytes + mbarrierBytes(launch) <= staticLimit)
      return success();
    for (BlockArgument buffer : buffers)
      if (isTmaDestination(buffer))
        return func.emitOpError()
               << "kernel @" << func.getSymName() << " needs " << bytes
               << " bytes of shared memory, more than the " << staticLimit
               << " a block may allocate statically, and a TMA load writes "
                  "into it: TMA's swizzled buffers need 1024-byte alignment, "
                  "which dynamic shared memory does not have here";

    // The buffers' offsets in the dynamic buffer.
    SmallVector<int64_t> offsets;
    int64_t total = 0;
    for (BlockArgument buffer : buffers) {
      total = llvm::alignTo(total, kViewAlignment);
      offsets.push_back(total);
      total += bufferBytes(buffer);
    }
    OpBuilder builder(launch);
    Location loc = launch.getLoc();
    Value size = arith::ConstantIntOp::create(builder, loc, int64_t(total), 32);
    launch.getDynamicSharedMemorySizeMutable().assign(size);

    Block &body = launch.getBody().front();
    builder.setInsertionPointToStart(&body);
    auto workgroup = gpu::AddressSpaceAttr::get(
        builder.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    auto bytesType = MemRefType::get({ShapedType::kDynamic},
                                     builder.getI8Type(), nullptr, workgroup);
    Value dynamic = gpu::DynamicSharedMemoryOp::create(builder, loc, bytesType);
    for (size_t i = 0; i < buffers.size(); ++i) {
      Value at = arith::ConstantIndexOp::create(builder, loc, offsets[i]);
      Value view = memref::ViewOp::create(builder, loc, buffers[i].getType(),
                                          dynamic, at, ValueRange{});
      buffers[i].replaceAllUsesWith(view);
    }
    // The attributions go: the body's arguments after the launch's
    // configuration ones, and their count.
    unsigned first = buffers.front().getArgNumber();
    unsigned count = buffers.size();
    body.eraseArguments(first, count);
    launch->setAttr(gpu::LaunchOp::getNumWorkgroupAttributionsAttrName(),
                    builder.getI64IntegerAttr(0));
    return success();
  }
};

/// The symbol prefix of the global the GPU-to-NVVM conversion makes for
/// gpu.dynamic_shared_memory.
constexpr llvm::StringLiteral kDynamicSharedPrefix = "__dynamic_shmem__";

struct ExternDynamicSharedMemoryPass
    : public tessel::impl::TesselExternDynamicSharedMemoryBase<
          ExternDynamicSharedMemoryPass> {
  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](LLVM::GlobalOp global) {
      if (!global.getSymName().starts_with(kDynamicSharedPrefix))
        return WalkResult::advance();
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (!array || array.getNumElements() != 0 ||
          global.getAddrSpace() != unsigned(NVVM::NVVMMemorySpace::Shared) ||
          global.getValueOrNull()) {
        global.emitOpError()
            << "is not the dynamic shared memory the GPU-to-NVVM conversion "
               "makes (a zero-length array in shared memory, address space "
            << unsigned(NVVM::NVVMMemorySpace::Shared) << ", without a value)";
        return WalkResult::interrupt();
      }
      global.setLinkage(LLVM::Linkage::External);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
