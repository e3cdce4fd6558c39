//===- Pipelines.cpp - Tessel's named pass pipelines
//-----------------------===//
//
// The one place each pipeline is spelled out. See Pipelines.h.
//
//===----------------------------------------------------------------------===//

#include "passes/Pipelines.h"
#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tessel;

void mlir::tessel::buildTesselToCpuPipeline(OpPassManager &pm) {
  pm.addPass(createTesselLowerToLinalg());
  // Kernels are tiled exactly as for the GPU, so the CPU run checks the
  // tiled loop nests; the loops then run in sequence.
  pm.addPass(createTesselTileAndFuse());

  // Tensors to buffers: identity layouts at function boundaries, results as
  // out-parameters (the calling convention of tessel-run and of kernels),
  // temporaries freed.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  bufferization::buildBufferDeallocationPipeline(pm);
  // Loop-carried buffers leave copies of a view onto itself: CSE makes the
  // two views one value and canonicalization drops the copy.
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());

  // Loops, then LLVM. Math functions with an LLVM intrinsic or expansion
  // (exp, rsqrt) go first; the rest (erf) call libm. bf16 conversions
  // become integer arithmetic, which every host runs.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(arith::createArithExpandOpsPass(expand));
  pm.addPass(memref::createExpandStridedMetadataPass());
  // Subview offsets become affine.apply: lower them too.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  ConvertFuncToLLVMPassOptions funcToLLVM;
  funcToLLVM.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(funcToLLVM));
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// What every GPU target shares: linalg, tiles, buffers, a gpu.launch per
/// kernel with its per-thread scratch on the stack, loops, outlined kernels.
static void buildGpuKernelPipeline(OpPassManager &pm) {
  pm.addPass(createTesselLowerToLinalg());
  pm.addPass(createTesselTileAndFuse());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTesselMapToGpu());
  bufferization::PromoteBuffersToStackPassOptions toStack;
  toStack.maxAllocSizeInBytes = 1024;
  pm.addNestedPass<func::FuncOp>(
      bufferization::createPromoteBuffersToStackPass(toStack));
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  // Constants and index arithmetic move into the launch first, or outlining
  // would turn each into a kernel parameter.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
}

/// The PTX ISA version a chip needs (PTX ISA reference, "Release notes"):
/// sm_90a needs 8.0, sm_89 7.8, sm_86 7.1, sm_80 7.0, sm_75 6.3, sm_70 6.0.
static std::optional<std::string> ptxFeatureFor(StringRef arch) {
  unsigned sm = 0;
  if (!arch.consume_front("sm_") || arch.consumeInteger(10, sm))
    return std::nullopt;
  if (sm >= 90)
    return "+ptx80";
  if (sm >= 89)
    return "+ptx78";
  if (sm >= 86)
    return "+ptx71";
  if (sm >= 80)
    return "+ptx70";
  if (sm >= 75)
    return "+ptx63";
  if (sm >= 70)
    return "+ptx60";
  return std::nullopt;
}

LogicalResult mlir::tessel::buildTesselToNvvmPipeline(OpPassManager &pm,
                                                      const Target &target,
                                                      std::string &error) {
  if (target.vendor() != Vendor::NVIDIA) {
    error = "target '" + target.name() + "' is not an NVIDIA GPU (" +
            target.arch() + "); use tessel-to-rocdl";
    return failure();
  }
  std::optional<std::string> features = ptxFeatureFor(target.arch());
  if (!features) {
    error = "NVIDIA architecture '" + target.arch() +
            "' is not supported (sm_70 and newer are)";
    return failure();
  }
  buildGpuKernelPipeline(pm);
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = target.arch();
  nvvm.cubinFeatures = *features;
  nvvm.cubinFormat = "isa";
  nvvm.kernelUseBarePtrCallConv = true;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
  return success();
}

void mlir::tessel::registerTesselPipelines() {
  registerPassPipeline(
      "tessel-to-cpu",
      "Lower Tessel ops to the LLVM dialect for the host CPU (the functional "
      "path of tessel-run --cpu)",
      [](OpPassManager &pm, StringRef options,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!options.empty())
          return errorHandler("tessel-to-cpu takes no options");
        buildTesselToCpuPipeline(pm);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});

  registerPassPipeline(
      "tessel-to-nvvm",
      "Compile Tessel kernels to PTX for an NVIDIA target: "
      "tessel-to-nvvm{target=h100}",
      [](OpPassManager &pm, StringRef options,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        StringRef spec = options;
        if (!spec.consume_front("target="))
          return errorHandler("tessel-to-nvvm needs target=NAME (or a .json "
                              "file)");
        std::string error;
        std::optional<Target> target = resolveTarget(spec.trim().str(), error);
        if (!target || failed(buildTesselToNvvmPipeline(pm, *target, error)))
          return errorHandler("tessel-to-nvvm: " + error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});
}
