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
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

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

void mlir::tessel::buildGpuKernelPipeline(OpPassManager &pm) {
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

/// The CUDA toolkit whose libdevice kernels link against: $CUDA_HOME, else
/// $CUDA_PATH, else the folder above the bin/ that holds ptxas on PATH, else
/// /usr/local/cuda. Empty when none has nvvm/libdevice.
static std::string findCudaToolkit() {
  SmallVector<std::string> candidates;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *v = std::getenv(var))
      candidates.push_back(v);
  if (auto ptxas = llvm::sys::findProgramByName("ptxas"))
    candidates.push_back(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas))
            .str());
  candidates.push_back("/usr/local/cuda");
  for (const std::string &dir : candidates) {
    SmallString<128> libdevice(dir);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice");
    if (llvm::sys::fs::is_directory(libdevice))
      return dir;
  }
  return "";
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

LogicalResult mlir::tessel::buildNvvmLoweringPipeline(OpPassManager &pm,
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
  // Host code keeps its gpu.launch_func ops: the artifacts of an
  // ahead-of-time compile are the gpu.binary objects.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions attach;
  attach.chip = target.arch();
  attach.features = *features;
  attach.optLevel = 2;
  pm.addPass(createGpuNVVMAttachTarget(attach));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  ConvertGpuOpsToNVVMOpsOptions toNvvm;
  toNvvm.useBarePtrCallConv = true;
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps(toNvvm));
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizerPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());

  // Math functions become libdevice calls (__nv_expf, ...): name the CUDA
  // toolkit so that libdevice is linked whatever the environment says.
  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = "isa";
  toBinary.toolkitPath = findCudaToolkit();
  pm.addPass(createGpuModuleToBinaryPass(toBinary));
  return success();
}

LogicalResult mlir::tessel::buildTesselToNvvmPipeline(OpPassManager &pm,
                                                      const Target &target,
                                                      std::string &error) {
  OpPassManager lowering(pm.getOpAnchorName(), pm.getNesting());
  if (failed(buildNvvmLoweringPipeline(lowering, target, error)))
    return failure();
  buildGpuKernelPipeline(pm);
  return buildNvvmLoweringPipeline(pm, target, error);
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
