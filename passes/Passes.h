//===- Passes.h - Tessel pass entry points ----------------------*- C++ -*-===//
//
// Declarations generated from Passes.td and the function that registers all
// Tessel passes with the global registry (used by tessel-opt).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_PASSES_H
#define TESSEL_PASSES_PASSES_H

#include "costmodel/Target.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tessel {

/// tessel-form-kernels' `policy` (see its description in Passes.td).
enum class FusionPolicyKind { Auto, Model, Rule, None };
/// tessel-form-kernels' `parts`: when an attention or a convolution becomes
/// its parts.
enum class PartsPolicy { Model, Always, Never };

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

/// A launch's shared memory (its workgroup attributions, each aligned to 16
/// bytes as tessel-align-shared-memory places them, and its mbarriers) must
/// fit what one block may allocate on `target`: on NVIDIA what it may opt
/// into (tessel-dynamic-shared-memory moves what exceeds the static limit
/// into dynamic shared memory), elsewhere the static limit, past which the
/// backend refuses the kernel or the launch fails. An error on
/// `func` naming the kernel, its schedule and both sizes
/// (tessel-map-to-gpu, and tessel-lower-wgmma after it reshapes a launch's
/// buffers).
LogicalResult checkLaunchSharedMemory(func::FuncOp func, gpu::LaunchOp launch,
                                      const Target &target);
/// The same for `bytes` of shared memory (what tessel-dynamic-shared-memory
/// leaves of a launch's buffers once those whose uses do not overlap share
/// bytes).
LogicalResult checkLaunchSharedMemory(func::FuncOp func, gpu::LaunchOp launch,
                                      const Target &target, int64_t bytes);
/// Whether a launch's buffers past the static limit move into dynamic shared
/// memory on `target` (tessel-dynamic-shared-memory, which then checks
/// what they take).
bool movesToDynamicSharedMemory(const Target &target);
/// The bytes of a launch's workgroup attributions, each aligned to 16.
int64_t workgroupBufferBytes(gpu::LaunchOp launch);
/// The bytes of its largest workgroup attribution.
int64_t largestWorkgroupBuffer(gpu::LaunchOp launch);

/// What a piece of inline PTX that tessel-lower-mma writes for a warpgroup
/// MMA chain does: the fence before the chain, one wgmma.mma_async, the
/// chain's commit, or the wait for it. tessel-lower-mma tags each with its
/// kind (the `tessel.wgmma` attribute, whose values are the dialect's
/// kWgmmaAsmKinds in this order); tessel-hoist-accumulators and
/// tessel-warpgroup-pipeline find them by the tag, not by their text.
enum class WgmmaAsm { None, Fence, Mma, Commit, Wait };
/// Tags `op` (inline PTX) as `kind`.
void tagWgmmaAsm(Operation *op, WgmmaAsm kind);
/// The kind `op` is tagged as, None when it is not such inline PTX.
WgmmaAsm wgmmaAsmKind(Operation *op);
/// The bytes of a launch's mbarriers (tessel-lower-wgmma), 8 each: static
/// shared memory, whatever happens to its buffers.
int64_t mbarrierBytes(gpu::LaunchOp launch);
/// Whether a TMA load writes into `buffer` or a view of it (through views,
/// subviews, casts and reshapes).
bool isTmaDestination(Value buffer);
/// Whether `buffer` must start on a 1024-byte boundary of shared memory: a
/// TMA load with the 128-byte swizzle writes into it (isTmaDestination) or
/// a wgmma descriptor with that swizzle reads it (its address taken by a
/// memref.extract_aligned_pointer_as_index marked
/// TesselDialect::kSwizzledTileAttrName), through the same views.
bool needsSwizzleAlignment(Value buffer);
/// Builds at `host` (before the launch) the tensor map of the global memref
/// `global` described by `type` (its box, swizzle, L2 promotion, fill) and
/// returns its address at `inside` (in the launch) as an i64: the kernel
/// takes it as a plain pointer, which outlining turns into a parameter type
/// the GPU lowering knows; the runtime encodes the map from the manifest's
/// description (tessel-compile). tessel-lower-wgmma and
/// tessel-warpgroup-pipeline.
Value buildTensorMap(OpBuilder &host, OpBuilder &inside, Location loc,
                     Value global, nvgpu::TensorMapDescriptorType type);

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

} // namespace mlir::tessel

#endif // TESSEL_PASSES_PASSES_H
