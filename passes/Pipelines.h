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
/// and fuse, bufferize (results become out-parameters), map each kernel to a
/// gpu.launch with its per-thread scratch on the stack, lower loops, sink
/// constants into the launches and outline them into a gpu.module.
void buildGpuKernelPipeline(OpPassManager &pm);

/// From outlined gpu.modules to PTX (gpu.binary, format isa) for an NVIDIA
/// `target`, with bare-pointer kernel arguments, the PTX ISA version the
/// chip needs and libdevice from the CUDA toolkit found on this machine
/// (CUDA_HOME, CUDA_PATH, ptxas on PATH, /usr/local/cuda). Host code keeps
/// its gpu.launch_func ops. Fails, with the reason in `error`, for a non-NVIDIA
/// target or an architecture older than sm_70.
LogicalResult buildNvvmLoweringPipeline(OpPassManager &pm, const Target &target,
                                        std::string &error);

/// From Tessel ops to PTX for an NVIDIA `target`: lower to linalg, tile
/// and fuse, bufferize (results become out-parameters), map each kernel to a
/// gpu.launch, outline it, and lower the gpu.module to NVVM and PTX
/// (gpu.binary, format isa) with bare-pointer kernel arguments. Fails, with
/// the reason in `error`, for a non-NVIDIA target or an architecture older
/// than sm_70.
LogicalResult buildTesselToNvvmPipeline(OpPassManager &pm, const Target &target,
                                        std::string &error);

/// Registers every Tessel pipeline with the global registry.
void registerTesselPipelines();

} // namespace mlir::tessel

#endif // TESSEL_PASSES_PIPELINES_H
