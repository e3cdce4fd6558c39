//===- DynamicSharedMemory.cpp - tessel-dynamic-shared-memory -------------===//
//
// Moves a GPU launch's shared-memory buffers into dynamic shared memory
// where together they exceed what a block may allocate statically (48 KiB
// on sm_80): one `gpu.dynamic_shared_memory` buffer, each former workgroup
// attribution a `memref.view` of it at a 128-byte-aligned offset (1024 for
// a buffer laid out with the 128-byte swizzle, the views then moved to the
// first 1024-byte boundary of the dynamic buffer, whose base is aligned to
// 16 bytes only), and the launch's `dynamic_shared_memory_size` set. Buffers
// whose uses do not overlap in time share bytes: a buffer first used after
// another's last use, with a barrier between them (and, where cp.async copies
// write the earlier one, a wait for all of the thread's copies before that
// barrier), may take its place. A tensor-core K loop's accumulator, which
// tessel-hoist-accumulators keeps in registers until the loop is over,
// thus overlays the loop's stage buffers. What is left must fit what a
// block may opt into (163 KiB on the A100; an error otherwise: on such a
// target tessel-map-to-gpu leaves the check to this pass). The manifest
// records the size and the runtime launches the kernel with it, raising
// the function's limit past 48 KiB first (cuFuncSetAttribute).
//
// AMD's LDS has no dynamic opt-in: there, where a launch's buffers exceed
// what a block may allocate (64 KiB), the same placement puts them in one
// static workgroup buffer of the bytes they then take, each a view of it.
// Within the limit (on either vendor), the buffers are placed the same way,
// in one static buffer, where that lets an SM hold more of the launch's
// blocks (Target::overlaysSharedMemory, which the cost model counts with):
// the register-resident attention's O and statistics, carried in
// registers through its key loops, then take its tiles' bytes. A launch a
// TMA load writes into keeps its buffers there.
//
// tessel-extern-dynamic-shared-memory, after the NVVM conversion, gives the
// buffer's global external linkage: with the internal linkage the
// conversion gives it, the NVPTX backend demotes the zero-length array to
// a one-byte static `.shared` variable, and the kernel would address the
// dynamic allocation past it.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

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
/// The alignment of the dynamic buffer's own base, and of a buffer laid out
/// with the 128-byte swizzle (needsSwizzleAlignment).
constexpr int64_t kBaseAlignment = 16, kSwizzleAlignment = 1024;

/// The threads of a launch's block (its sizes' product; 1 for each size
/// not a constant).
int64_t launchThreads(gpu::LaunchOp launch) {
  int64_t threads = 1;
  for (Value size :
       {launch.getBlockSizeX(), launch.getBlockSizeY(), launch.getBlockSizeZ()})
    if (std::optional<int64_t> n = getConstantIntValue(size))
      threads *= *n;
  return threads;
}

int64_t bufferBytes(BlockArgument buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// When a launch's buffers are in use, by position among the ops of its
/// body (a loop nest counts as one), and where the body synchronizes.
struct Lifetimes {
  /// Per buffer: its first and last user (none: first > last).
  SmallVector<std::pair<int64_t, int64_t>> uses;
  /// Per buffer: whether cp.async copies write it.
  SmallVector<bool> asyncWritten;
  SmallVector<int64_t> barriers, drains; // drains: waits for all copies

  Lifetimes(gpu::LaunchOp launch, ArrayRef<BlockArgument> buffers) {
    uses.assign(buffers.size(), {INT64_MAX, -1});
    asyncWritten.assign(buffers.size(), false);
    auto indexOf = [&](Value v) -> std::optional<size_t> {
      if (!isa<MemRefType>(v.getType()))
        return std::nullopt;
      Value root = memref::skipViewLikeOps(cast<MemrefValue>(v));
      auto it = llvm::find(buffers, root);
      if (it == buffers.end())
        return std::nullopt;
      return it - buffers.begin();
    };
    int64_t at = 0;
    for (Operation &op : launch.getBody().front()) {
      if (isa<gpu::BarrierOp>(op))
        barriers.push_back(at);
      if (auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op);
          wait && wait.getNumGroups() && *wait.getNumGroups() == 0)
        drains.push_back(at);
      op.walk([&](Operation *inner) {
        if (isa<ViewLikeOpInterface>(inner))
          return;
        for (Value v : inner->getOperands())
          if (std::optional<size_t> i = indexOf(v)) {
            uses[*i].first = std::min(uses[*i].first, at);
            uses[*i].second = std::max(uses[*i].second, at);
          }
        if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(inner))
          if (std::optional<size_t> i = indexOf(copy.getDst()))
            asyncWritten[*i] = true;
      });
      ++at;
    }
  }

  /// Whether buffer `later` may reuse the bytes of buffer `earlier`: every
  /// use of `earlier` is over (its copies complete, every thread past a
  /// barrier) before the first use of `later`.
  bool reusable(size_t earlier, size_t later) const {
    auto [first, last] = uses[later];
    int64_t done = uses[earlier].second;
    if (uses[earlier].first > done) // never used
      return true;
    if (first > last || done >= first)
      return false;
    for (int64_t barrier : barriers) {
      if (barrier <= done || barrier >= first)
        continue;
      if (!asyncWritten[earlier] || llvm::any_of(drains, [&](int64_t drain) {
            return drain > done && drain < barrier;
          }))
        return true;
    }
    return false;
  }
};

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
    // NVIDIA: past the static limit, into dynamic shared memory. AMD: past
    // the LDS a block may allocate, into one static buffer.
    std::optional<double> threshold = target->sharedMemoryOverlayThreshold();
    if (!threshold)
      return;
    bool dynamic = movesToDynamicSharedMemory(*target);
    WalkResult result = func.walk([&](gpu::LaunchOp launch) {
      return failed(
                 rewrite(func, launch, int64_t(*threshold), *target, dynamic))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  LogicalResult rewrite(func::FuncOp func, gpu::LaunchOp launch,
                        int64_t staticLimit, const Target &target,
                        bool dynamic) {
    SmallVector<BlockArgument> buffers(launch.getWorkgroupAttributions());
    if (buffers.empty() || launch.getDynamicSharedMemorySize())
      return success();
    // The mbarriers stay static.
    int64_t bytes = workgroupBufferBytes(launch);
    int64_t mbarriers = mbarrierBytes(launch);
    bool pastLimit = bytes + mbarriers > staticLimit;
    bool tma = llvm::any_of(buffers, isTmaDestination);
    if (!pastLimit && tma)
      return success();
    if (tma)
      return func.emitOpError()
             << "kernel @" << func.getSymName() << " needs " << bytes
             << " bytes of shared memory, more than the " << staticLimit
             << " a block may allocate statically, and a TMA load writes "
                "into it: TMA's swizzled buffers need 1024-byte alignment, "
                "which dynamic shared memory does not have here";

    // The buffers' offsets in the dynamic buffer, in the order of their
    // first use: each at the lowest aligned offset clear of every buffer
    // placed before it that it may not reuse.
    Lifetimes lifetimes(launch, buffers);
    SmallVector<size_t> order(buffers.size());
    std::iota(order.begin(), order.end(), 0);
    llvm::sort(order, [&](size_t x, size_t y) {
      return std::make_pair(lifetimes.uses[x].first, x) <
             std::make_pair(lifetimes.uses[y].first, y);
    });
    // A buffer laid out with the 128-byte swizzle (the attention's key and
    // value tiles on wgmma) on a 1024-byte boundary.
    SmallVector<int64_t> alignments;
    for (BlockArgument buffer : buffers)
      alignments.push_back(needsSwizzleAlignment(buffer) ? kSwizzleAlignment
                                                         : kViewAlignment);
    bool swizzled = llvm::is_contained(alignments, kSwizzleAlignment);
    SmallVector<int64_t> offsets(buffers.size(), 0);
    SmallVector<size_t> placed;
    int64_t total = 0;
    for (size_t i : order) {
      // A buffer nothing uses takes no bytes (its view is at 0).
      if (lifetimes.uses[i].first > lifetimes.uses[i].second)
        continue;
      int64_t size = bufferBytes(buffers[i]), at = 0;
      for (bool moved = true; moved;) {
        moved = false;
        for (size_t j : placed) {
          int64_t end = offsets[j] + bufferBytes(buffers[j]);
          if (lifetimes.reusable(j, i) || at >= end || at + size <= offsets[j])
            continue;
          at = llvm::alignTo(end, alignments[i]);
          moved = true;
        }
      }
      offsets[i] = at;
      placed.push_back(i);
      total = std::max(total, at + size);
    }
    // Within the static limit the buffers move only where sharing bytes
    // lets an SM hold more of the launch's blocks.
    if (!pastLimit &&
        !target.overlaysSharedMemory(bytes + mbarriers, total + mbarriers,
                                     launchThreads(launch)))
      return success();
    // What fits the static limit stays static: one buffer, the views cut
    // from it (tessel-align-shared-memory aligns it as its most aligned
    // view needs).
    dynamic &= pastLimit;
    // Dynamic shared memory starts where the static ends, on a 16-byte
    // boundary: swizzled buffers need up to 1008 bytes more, to move the
    // views to the first 1024-byte boundary in it.
    int64_t pad = dynamic && swizzled ? kSwizzleAlignment - kBaseAlignment : 0;
    total += pad;
    if (failed(
            checkLaunchSharedMemory(func, launch, target, total + mbarriers)))
      return failure();
    OpBuilder builder(launch);
    Location loc = launch.getLoc();
    Block &body = launch.getBody().front();
    auto workgroup = gpu::AddressSpaceAttr::get(
        builder.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    // The bytes the views are cut from: dynamic shared memory of the
    // launch's size, or (AMD) one more workgroup attribution.
    Value bytesBuffer;
    if (dynamic) {
      Value size =
          arith::ConstantIntOp::create(builder, loc, int64_t(total), 32);
      launch.getDynamicSharedMemorySizeMutable().assign(size);
      builder.setInsertionPointToStart(&body);
      auto bytesType = MemRefType::get({ShapedType::kDynamic},
                                       builder.getI8Type(), nullptr, workgroup);
      bytesBuffer = gpu::DynamicSharedMemoryOp::create(builder, loc, bytesType);
    } else {
      bytesBuffer = launch.addWorkgroupAttribution(
          MemRefType::get({total}, builder.getI8Type(), nullptr, workgroup),
          loc);
      builder.setInsertionPointToStart(&body);
    }
    // The views' origin: 0, or with swizzled buffers in dynamic shared
    // memory the bytes to its first 1024-byte boundary (the address is the
    // shared window's, which the swizzle's pattern follows).
    Value origin;
    if (pad) {
      Value address = memref::ExtractAlignedPointerAsIndexOp::create(
          builder, loc, bytesBuffer);
      Value align =
          arith::ConstantIndexOp::create(builder, loc, kSwizzleAlignment);
      Value mask =
          arith::ConstantIndexOp::create(builder, loc, kSwizzleAlignment - 1);
      // (align - address mod align) mod align.
      origin = arith::AndIOp::create(
          builder, loc,
          arith::SubIOp::create(
              builder, loc, align,
              arith::AndIOp::create(builder, loc, address, mask)),
          mask);
    }
    for (size_t i = 0; i < buffers.size(); ++i) {
      Value at = arith::ConstantIndexOp::create(builder, loc, offsets[i]);
      if (origin)
        at = arith::AddIOp::create(builder, loc, origin, at);
      Value view = memref::ViewOp::create(builder, loc, buffers[i].getType(),
                                          bytesBuffer, at, ValueRange{});
      buffers[i].replaceAllUsesWith(view);
    }
    // The former attributions go: the body's arguments after the launch's
    // configuration ones, and their count.
    unsigned first = buffers.front().getArgNumber();
    unsigned count = buffers.size();
    body.eraseArguments(first, count);
    launch->setAttr(gpu::LaunchOp::getNumWorkgroupAttributionsAttrName(),
                    builder.getI64IntegerAttr(dynamic ? 0 : 1));
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
