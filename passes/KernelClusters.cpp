//===- KernelClusters.cpp - tessel-kernel-clusters ------------------------===//
//
// A launch in clusters (tessel-map-to-gpu, a wgmma schedule's `cluster`)
// needs its kernel compiled for them: GPU-to-NVVM turns a gpu.func's
// `known_cluster_size` into `nvvm.cluster_dim`, which PTX states as
// `.reqnctapercluster`, so that a plain launch of the kernel (the
// runtime's cuLaunchKernel) runs it in clusters. Kernel outlining (LLVM 22)
// keeps the cluster size on the gpu.launch_func only; this pass copies it
// to the kernel.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELKERNELCLUSTERS
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

struct KernelClustersPass
    : public tessel::impl::TesselKernelClustersBase<KernelClustersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      if (!launch.hasClusterSize())
        return WalkResult::advance();
      gpu::KernelDim3 sizes = launch.getClusterSizeOperandValues();
      SmallVector<int32_t> cluster;
      for (Value size : {sizes.x, sizes.y, sizes.z}) {
        std::optional<int64_t> c = getConstantIntValue(size);
        if (!c || *c < 1) {
          launch.emitOpError() << "has a cluster size that is not a positive "
                                  "constant: its kernel cannot be compiled "
                                  "for it (tessel-kernel-clusters)";
          return WalkResult::interrupt();
        }
        cluster.push_back(int32_t(*c));
      }
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (!kernel) {
        launch.emitOpError() << "launches " << launch.getKernel()
                             << ", which is not a gpu.func here";
        return WalkResult::interrupt();
      }
      auto known = DenseI32ArrayAttr::get(launch.getContext(), cluster);
      if (auto was = kernel.getKnownClusterSizeAttr(); was && was != known) {
        launch.emitOpError()
            << "launches " << launch.getKernel() << " in clusters of "
            << formatShape(llvm::to_vector_of<int64_t>(cluster))
            << ", which another launch runs in clusters of "
            << formatShape(llvm::to_vector_of<int64_t>(was.asArrayRef()));
        return WalkResult::interrupt();
      }
      kernel.setKnownClusterSizeAttr(known);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
