//===- AlignSharedMemory.cpp - tessel-align-shared-memory -----------------===//
//
// Raises the alignment of every workgroup attribution (shared-memory buffer)
// of a gpu.module's kernels, so that the wide accesses Tessel makes into
// them (a tensor-core K step's 8-byte accumulator pairs, a vector step's
// loads) are legal wherever the buffer is placed, and to 1024 bytes where
// the 128-byte swizzle lays a buffer out (needsSwizzleAlignment).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/WgmmaLayout.h"

#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELALIGNSHAREDMEMORY
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// A TMA load with the 128-byte swizzle writes a pattern that repeats every
/// 8 rows of 128 bytes; wgmma's matrix descriptors (base offset 0) assume
/// each buffer starts on that boundary (PTX ISA, "Matrix Descriptor
/// Format"; passes/WgmmaLayout.h).
constexpr int64_t kSwizzle128Alignment = wgmma::kPatternBytes;

struct AlignSharedMemoryPass
    : public tessel::impl::TesselAlignSharedMemoryBase<AlignSharedMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    if (alignment < 1 || !llvm::isPowerOf2_64(uint64_t(alignment))) {
      getOperation().emitError()
          << "tessel-align-shared-memory: alignment = " << alignment
          << " is not a power of two";
      return signalPassFailure();
    }
    StringRef name = LLVM::LLVMDialect::getAlignAttrName();
    Builder b(&getContext());
    getOperation().walk([&](gpu::GPUFuncOp func) {
      for (unsigned i = 0; i < func.getNumWorkgroupAttributions(); ++i) {
        int64_t want = alignment;
        if (needsSwizzleAlignment(func.getWorkgroupAttributions()[i]))
          want = std::max<int64_t>(want, kSwizzle128Alignment);
        auto set = dyn_cast_or_null<IntegerAttr>(
            func.getWorkgroupAttributionAttr(i, name));
        if (set && set.getInt() >= want)
          continue;
        func.setWorkgroupAttributionAttr(i, name, b.getI64IntegerAttr(want));
      }
    });
  }
};

} // namespace

/// Whether `buffer`, or a view of it, has a user for which `is` holds.
/// Views are followed through every op that aliases its operand: views and
/// subviews, and the casts and reshapes that canonicalization leaves between
/// them and the user (a stage's constant offset folded into a subview's
/// type comes back to a TMA load's dynamic one through a memref.cast).
static bool anyViewUser(Value buffer,
                        function_ref<bool(Operation *, Value)> is) {
  SmallVector<Value> views = {buffer};
  for (size_t i = 0; i < views.size(); ++i)
    for (Operation *user : views[i].getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == views[i])
        views.push_back(user->getResult(0));
      else if (isa<memref::CastOp>(user))
        views.push_back(user->getResult(0));
      if (is(user, views[i]))
        return true;
    }
  return false;
}

bool mlir::tessel::isTmaDestination(Value buffer) {
  return anyViewUser(buffer, [](Operation *user, Value view) {
    auto load = dyn_cast<nvgpu::TmaAsyncLoadOp>(user);
    return load && load.getDst() == view;
  });
}

bool mlir::tessel::needsSwizzleAlignment(Value buffer) {
  return anyViewUser(buffer, [](Operation *user, Value view) {
    if (auto load = dyn_cast<nvgpu::TmaAsyncLoadOp>(user))
      return load.getDst() == view;
    return isa<memref::ExtractAlignedPointerAsIndexOp>(user) &&
           user->hasAttr(TesselDialect::kSwizzledTileAttrName);
  });
}
