//===- Pipelines.h - Tessel's named pass pipelines --------------*- C++ -*-===//
//
// Pipelines are plain functions that fill a pass manager; registration makes
// each available in tessel-opt under its name (--tessel-to-cpu, ...).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_PIPELINES_H
#define TESSEL_PASSES_PIPELINES_H

#include "mlir/Pass/PassManager.h"

namespace mlir::tessel {

/// From Tessel ops to the LLVM dialect for the host CPU: lower to linalg,
/// tile kernels as for the module's GPU target (tessel-tile-and-fuse),
/// bufferize (results become out-parameters, temporaries are freed), lower
/// loops, math to libm, bf16 conversions to integer arithmetic, and everything
/// to LLVM with bare-pointer memref arguments. This is the functional path
/// `tessel-run --cpu` executes.
void buildTesselToCpuPipeline(OpPassManager &pm);

/// Registers every Tessel pipeline with the global registry.
void registerTesselPipelines();

} // namespace mlir::tessel

#endif // TESSEL_PASSES_PIPELINES_H
