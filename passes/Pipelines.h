//===- Pipelines.h - Tessel's named pass pipelines --------------*- C++ -*-===//
//
// Pipelines are plain functions that fill a pass manager; registration makes
// each available in tessel-opt under its name (--tessel-to-cpu, ...).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_PIPELINES_H
#define TESSEL_PASSES_PIPELINES_H

#include "costmodel/Target.h"

#include "mlir/Pass/PassManager.h"

namespace mlir::tessel {

/// From Tessel ops to the LLVM dialect for the host CPU: lower to linalg,
/// tile kernels as for the module's GPU target (tessel-tile-and-fuse),
/// bufferize (results become out-parameters, temporaries are freed), lower
/// loops, math to libm, bf16 conversions to integer arithmetic, and everything
/// to LLVM with bare-pointer memref arguments. This is the functional path
/// `tessel-run --cpu` executes.
void buildTesselToCpuPipeline(OpPassManager &pm);

/// The target-independent part of every GPU compile: lower to linalg, tile
/// and fuse, bufferize (results become out-parameters), put per-thread
/// scratch on the stack (in the private address space for AMD), map each
/// kernel to a gpu.launch, lower loops, sink constants into the launches and
/// outline them into gpu.modules.
void buildGpuKernelPipeline(OpPassManager &pm, const Target &target);

/// From outlined gpu.modules to binaries for `target`: PTX (gpu.binary,
/// format isa) for NVIDIA, with libdevice from the CUDA toolkit found on
/// this machine (CUDA_HOME, CUDA_PATH, ptxas on PATH, /usr/local/cuda); HSACO
/// for AMD, with math expanded to arithmetic and ld.lld from ROCM_PATH,
/// /opt/rocm or Tessel's build. Kernels take bare pointers. Host code keeps
/// its gpu.launch_func ops. Fails, with the reason in `error`, for an
/// architecture the backend does not know or a missing linker. With
/// `llvmIR`, each gpu.binary holds the kernel's LLVM bitcode instead (format
/// offload: the module the backend would compile, device libraries linked
/// and optimized).
LogicalResult buildTargetLoweringPipeline(OpPassManager &pm,
                                          const Target &target,
                                          std::string &error,
                                          bool llvmIR = false);

/// After tessel-select-schedules: the kernels with split-K schedules become
/// a partial and a sum kernel (tessel-split-reduction), then a second
/// tessel-select-schedules (at `scheduleRank`, see its `rank`) chooses the
/// sum kernels' schedules and predicts the partials'.
void addSplitReduction(OpPassManager &pm, int64_t scheduleRank = 0);

/// Tessel ops to GPU binaries for `target`: tessel-form-kernels,
/// tessel-select-schedules, addSplitReduction, then the two pipelines above.
/// On failure nothing is added to `pm`.
LogicalResult buildTesselToGpuPipeline(OpPassManager &pm, const Target &target,
                                       std::string &error);

/// Registers every Tessel pipeline with the global registry.
void registerTesselPipelines();

} // namespace mlir::tessel

#endif // TESSEL_PASSES_PIPELINES_H
