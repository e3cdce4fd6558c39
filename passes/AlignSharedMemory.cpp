//===- AlignSharedMemory.cpp - tessel-align-shared-memory -----------------===//
//
// Raises the alignment of every workgroup attribution (shared-memory buffer)
// of a gpu.module's kernels, so that the wide accesses Tessel makes into
// them (a tensor-core K step's 8-byte accumulator pairs, a vector step's
// loads) are legal wherever the buffer is placed.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELALIGNSHAREDMEMORY
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

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
        auto set = dyn_cast_or_null<IntegerAttr>(
            func.getWorkgroupAttributionAttr(i, name));
        if (set && set.getInt() >= alignment)
          continue;
        func.setWorkgroupAttributionAttr(i, name,
                                         b.getI64IntegerAttr(alignment));
      }
    });
  }
};

} // namespace
