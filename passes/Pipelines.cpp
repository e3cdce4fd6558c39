//===- Pipelines.cpp - Tessel's named pass pipelines ----------------------===//
//
// The one place each pipeline is spelled out: the CPU functional path, the
// target-independent GPU kernel pipeline, and the NVVM (PTX) and ROCDL
// (HSACO) lowerings. See Pipelines.h.
//
//===----------------------------------------------------------------------===//

#include "passes/Pipelines.h"
#include "passes/Passes.h"

#include "costmodel/Target.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace mlir;
using namespace mlir::tessel;

/// Tensors to buffers, as both paths need them: identity layouts at function
/// boundaries and results as out-parameters (the calling convention of
/// tessel-run and of kernels).
/// Vector transfers to plain vector loads and stores (1-D, unrolled), with
/// broadcasts and transpositions made explicit.
static void addVectorTransferLowering(OpPassManager &pm) {
  VectorTransferToSCFOptions transfers;
  transfers.enableFullUnroll();
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(transfers));
}

static void addBufferization(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // A kernel result written through a reshape of its buffer (see
  // tessel-lower-to-linalg) is that buffer again once the view's reshapes
  // fold: then it becomes the output parameter, not a copy of a temporary.
  pm.addPass(createCanonicalizerPass());
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
}

void mlir::tessel::buildTesselToCpuPipeline(OpPassManager &pm) {
  pm.addPass(createTesselSplitReduction());
  pm.addPass(createTesselLowerToLinalg());
  // Kernels are tiled exactly as for the GPU, so the CPU run checks the
  // tiled loop nests; the loops then run in sequence (a split-KV attention
  // zeroes its arrival counts itself here, as the GPU runners allocate
  // them).
  TesselTileAndFuseOptions tile;
  tile.onHost = true;
  pm.addNestedPass<func::FuncOp>(createTesselTileAndFuse(tile));

  addBufferization(pm);
  // A split-K sum that runs in its partial kernel joins its blocks (the
  // kernel zeroes its arrival counts itself here).
  TesselCombineSplitKOptions combine;
  combine.onHost = true;
  pm.addPass(createTesselCombineSplitK(combine));
  // A schedule's raster orders the blocks as on the GPU.
  pm.addNestedPass<func::FuncOp>(createTesselRasterBlocks());
  // The CPU path frees its temporaries.
  bufferization::buildBufferDeallocationPipeline(pm);
  // Loop-carried buffers leave copies of a view onto itself: CSE makes the
  // two views one value and canonicalization drops the copy.
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());

  // Vector steps (a schedule's `vector`): transfers that are not plain
  // loads and stores (a broadcast of a row's statistic) become them. A
  // warp's row reductions (the register-resident attention's statistics)
  // become 1-D ones, which LLVM lowers.
  addVectorTransferLowering(pm);
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());

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
  // A tensor-core K step's 16x8x16 contractions (bf16 or f16 into f32)
  // become outer products: the `dot` lowering takes no mixed types.
  ConvertVectorToLLVMPassOptions toLlvm;
  toLlvm.vectorContractLowering = vector::VectorContractLowering::OuterProduct;
  pm.addPass(createConvertVectorToLLVMPass(toLlvm));
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  ConvertFuncToLLVMPassOptions funcToLLVM;
  funcToLLVM.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(funcToLLVM));
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tessel::buildGpuKernelPipeline(OpPassManager &pm,
                                          const Target &target) {
  pm.addPass(createTesselSplitReduction());
  pm.addPass(createTesselLowerToLinalg());
  pm.addNestedPass<func::FuncOp>(createTesselTileAndFuse());
  addBufferization(pm);
  // A split-K sum that runs in its partial kernel joins its blocks.
  pm.addPass(createTesselCombineSplitK());
  // Blocks in the order of the schedule's raster (groups of rows of tiles).
  pm.addNestedPass<func::FuncOp>(createTesselRasterBlocks());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // Per-thread scratch (single elements) goes on the stack, i.e. registers.
  bufferization::PromoteBuffersToStackPassOptions toStack;
  toStack.maxAllocSizeInBytes = 1024;
  pm.addNestedPass<func::FuncOp>(
      bufferization::createPromoteBuffersToStackPass(toStack));
  TesselMapToGpuOptions map;
  map.privateScratch = target.vendor() == Vendor::AMD;
  // Tensor-core K steps (mma = mma_sync, mma = mfma): each piece's
  // contraction becomes mma.sync or MFMA on the lanes' fragments, before
  // the vector transfers that remain become plain loads.
  pm.addNestedPass<func::FuncOp>(createTesselLowerMma());
  addVectorTransferLowering(pm);
  pm.addNestedPass<func::FuncOp>(createTesselMapToGpu(map));
  // A wgmma K step (sm_90a) becomes TMA loads and warpgroup MMA; its CPU
  // form must not reach the loops below.
  if (target.vendor() == Vendor::NVIDIA)
    pm.addNestedPass<func::FuncOp>(createTesselLowerWgmma());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // A pipelined K step's copies (stages > 1) become cp.async.
  // ... a tensor-core K step loads its fragments with ldmatrix; a thread's
  // own buffers (a SIMT K step's part of the accumulator tile) become
  // registers only when every index is a constant, so their loops unroll;
  // then every K loop keeps its accumulators in registers.
  if (target.vendor() == Vendor::NVIDIA) {
    pm.addNestedPass<func::FuncOp>(createTesselAsyncCopies());
    pm.addNestedPass<func::FuncOp>(createTesselMmaLdmatrix());
    pm.addNestedPass<func::FuncOp>(createTesselUnrollPrivateBuffers());
    pm.addNestedPass<func::FuncOp>(createTesselHoistAccumulators());
  } else {
    // ... or, on AMD, copies whose next steps wait in registers (after the
    // accumulators are registers: with three stages the K loop's steps are
    // unrolled in pairs). A K loop carrying a SIMT step's accumulator stays
    // rolled: the AMDGPU backend, unrolling a short K loop whole, spilled
    // the accumulators.
    pm.addNestedPass<func::FuncOp>(createTesselUnrollPrivateBuffers());
    TesselHoistAccumulatorsOptions hoist;
    hoist.rollSimtLoops = true;
    pm.addNestedPass<func::FuncOp>(createTesselHoistAccumulators(hoist));
    pm.addNestedPass<func::FuncOp>(createTesselRegisterStagedCopies());
  }
  // Shared memory past the static limit (48 KiB on sm_80) moves into
  // dynamic shared memory, which the runtime opts into; on AMD, LDS past
  // 64 KiB is overlaid where the buffers' lifetimes allow.
  pm.addNestedPass<func::FuncOp>(createTesselDynamicSharedMemory());
  // The wgmma attention's warpgroups run apart on mbarriers and take turns
  // on the tensor cores (after the buffers are placed from its barriers).
  if (target.vendor() == Vendor::NVIDIA)
    pm.addNestedPass<func::FuncOp>(createTesselWarpgroupPipeline());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  // Constants and index arithmetic move into the launch first, or outlining
  // would turn each into a kernel parameter.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  // A kernel launched in clusters (TMA multicast) is compiled for them.
  pm.addPass(createTesselKernelClusters());
}

namespace {

/// The first of `candidates` that holds `marker` (a relative path), or "".
std::string firstWith(ArrayRef<std::string> candidates, StringRef marker) {
  for (const std::string &dir : candidates) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, marker);
    if (llvm::sys::fs::exists(path))
      return dir;
  }
  return "";
}

/// The CUDA toolkit whose libdevice kernels link against: $CUDA_HOME, else
/// $CUDA_PATH, else the folder above the bin/ that holds ptxas on PATH, else
/// /usr/local/cuda. Empty when none has nvvm/libdevice.
std::string findCudaToolkit() {
  SmallVector<std::string> candidates;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *v = std::getenv(var))
      candidates.push_back(v);
  if (auto ptxas = llvm::sys::findProgramByName("ptxas"))
    candidates.push_back(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas))
            .str());
  candidates.push_back("/usr/local/cuda");
  return firstWith(candidates, "nvvm/libdevice");
}

/// A folder whose llvm/bin/ld.lld links HSACO: $ROCM_PATH, else /opt/rocm,
/// else the one Tessel's build makes beside its tools (a link to LLVM 22's
/// ld.lld, see the top-level CMakeLists.txt). Empty when none has it.
std::string findRocmToolkit() {
  SmallVector<std::string> candidates;
  if (const char *v = std::getenv("ROCM_PATH"))
    candidates.push_back(v);
  candidates.push_back("/opt/rocm");
  std::string exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&findRocmToolkit));
  if (!exe.empty()) {
    SmallString<128> beside(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(beside, "rocm-toolkit");
    candidates.push_back(beside.str().str());
  }
  return firstWith(candidates, "llvm/bin/ld.lld");
}

/// The PTX ISA version a chip needs (PTX ISA reference, "Release notes"):
/// sm_90a needs 8.0, sm_89 7.8, sm_86 7.1, sm_80 7.0, sm_75 6.3, sm_70 6.0.
std::optional<std::string> ptxFeatureFor(StringRef arch) {
  std::optional<unsigned> version = smVersionOf(arch);
  if (!version)
    return std::nullopt;
  unsigned sm = *version;
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

/// Host code keeps its gpu.launch_func ops; this lowers what the device code
/// shares before a target's own conversion.
void buildDeviceCommonPipeline(OpPassManager &pm) {
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
}

void buildDeviceScalarPipeline(OpPassManager &pm) {
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

/// After the conversion to NVVM or ROCDL: fold, deduplicate, and resolve
/// the casts the conversions leave between their type systems.
void buildDeviceCleanup(OpPassManager &pm) {
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizerPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());
}

LogicalResult buildNvvmLowering(OpPassManager &pm, const Target &target,
                                std::string &error, bool llvmIR) {
  std::optional<std::string> features = ptxFeatureFor(target.arch());
  if (!features) {
    error = "NVIDIA architecture '" + target.arch() +
            "' is not supported (sm_70 and newer are)";
    return failure();
  }
  // Shared-memory buffers 16-byte aligned (the kernels make 8- and 16-byte
  // accesses into them), TMA's swizzled destinations 1024: while the TMA
  // loads are still NVGPU ops.
  pm.addNestedPass<gpu::GPUModuleOp>(createTesselAlignSharedMemory());
  // cp.async (tessel-async-copies) and its groups, TMA and wgmma
  // (tessel-lower-wgmma) become NVVM first, on memrefs.
  pm.addPass(createConvertNVGPUToNVVMPass());
  // exp2 (every softmax's) as one MUFU.EX2, before libdevice's exp2f, which
  // is four instructions (tessel-expand-math's `nvvm`).
  TesselExpandMathOptions exp2;
  exp2.nvvm = true;
  pm.addNestedPass<gpu::GPUModuleOp>(createTesselExpandMath(exp2));
  buildDeviceCommonPipeline(pm);
  GpuNVVMAttachTargetOptions attach;
  attach.chip = target.arch();
  attach.features = *features;
  attach.optLevel = 2;
  pm.addPass(createGpuNVVMAttachTarget(attach));
  buildDeviceScalarPipeline(pm);
  ConvertGpuOpsToNVVMOpsOptions toNvvm;
  toNvvm.useBarePtrCallConv = true;
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps(toNvvm));
  // Dynamic shared memory (tessel-dynamic-shared-memory) is the kernel's
  // `.extern .shared` array, not a demoted static one.
  pm.addNestedPass<gpu::GPUModuleOp>(createTesselExternDynamicSharedMemory());
  // NVVM ops without an LLVM intrinsic (mbarrier waits) become inline PTX.
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertNVVMToLLVMPass());
  buildDeviceCleanup(pm);
  // Math functions become libdevice calls (__nv_expf, ...): name the CUDA
  // toolkit so that libdevice is linked whatever the environment says.
  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = llvmIR ? "llvm" : "isa";
  toBinary.toolkitPath = findCudaToolkit();
  pm.addPass(createGpuModuleToBinaryPass(toBinary));
  return success();
}

LogicalResult buildRocdlLowering(OpPassManager &pm, const Target &target,
                                 std::string &error, bool llvmIR) {
  if (llvm::AMDGPU::parseArchAMDGCN(target.arch()) == llvm::AMDGPU::GK_NONE) {
    error = "AMD architecture '" + target.arch() +
            "' is not known to this LLVM's AMDGPU backend";
    return failure();
  }
  // Only an HSACO is linked: LLVM IR needs no toolkit (a tool copied out
  // of Tessel's build still emits it, as tessel-fuzz-run does for AMD).
  std::string toolkit = findRocmToolkit();
  if (toolkit.empty() && !llvmIR) {
    error = "HSACO linking needs ld.lld under <toolkit>/llvm/bin: set "
            "ROCM_PATH, run the tools from Tessel's build, or emit LLVM IR";
    return failure();
  }
  // Math becomes plain arithmetic in the kernels: Debian's device libraries
  // predate gfx942, so nothing is linked.
  pm.addNestedPass<gpu::GPUModuleOp>(createTesselExpandMath());
  pm.addNestedPass<gpu::GPUModuleOp>(createTesselAlignSharedMemory());
  buildDeviceCommonPipeline(pm);
  GpuROCDLAttachTargetOptions attach;
  attach.chip = target.arch();
  attach.optLevel = 2;
  pm.addPass(createGpuROCDLAttachTarget(attach));
  buildDeviceScalarPipeline(pm);
  // MFMA (tessel-lower-mma) becomes the chip's ROCDL intrinsic.
  ConvertAMDGPUToROCDLPassOptions mfma;
  mfma.chipset = target.arch();
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertAMDGPUToROCDLPass(mfma));
  ConvertGpuOpsToROCDLOpsOptions toRocdl;
  toRocdl.chipset = target.arch();
  toRocdl.useBarePtrCallConv = true;
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToROCDLOps(toRocdl));
  buildDeviceCleanup(pm);
  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = llvmIR ? "llvm" : "bin";
  toBinary.toolkitPath = toolkit;
  pm.addPass(createGpuModuleToBinaryPass(toBinary));
  return success();
}

} // namespace

LogicalResult mlir::tessel::buildTargetLoweringPipeline(OpPassManager &pm,
                                                        const Target &target,
                                                        std::string &error,
                                                        bool llvmIR) {
  return target.vendor() == Vendor::NVIDIA
             ? buildNvvmLowering(pm, target, error, llvmIR)
             : buildRocdlLowering(pm, target, error, llvmIR);
}

void mlir::tessel::addSplitReduction(OpPassManager &pm, int64_t scheduleRank) {
  pm.addPass(createTesselSplitReduction());
  TesselSelectSchedulesOptions select;
  select.rank = scheduleRank;
  pm.addPass(createTesselSelectSchedules(select));
}

LogicalResult mlir::tessel::buildTesselToGpuPipeline(OpPassManager &pm,
                                                     const Target &target,
                                                     std::string &error) {
  // Check the target before adding anything, so a failure leaves `pm` as it
  // was.
  OpPassManager probe(pm.getOpAnchorName(), pm.getNesting());
  if (failed(buildTargetLoweringPipeline(probe, target, error)))
    return failure();
  pm.addPass(createTesselFormKernels());
  pm.addPass(createTesselSelectSchedules());
  addSplitReduction(pm);
  buildGpuKernelPipeline(pm, target);
  return buildTargetLoweringPipeline(pm, target, error);
}

namespace {

/// The options of tessel-to-nvvm and tessel-to-rocdl.
struct GpuPipelineOptions : public PassPipelineOptions<GpuPipelineOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("the GPU: a built-in name or a .json target file")};
};

/// Registers `name` as a pipeline taking `target=NAME` for `vendor`.
void registerGpuPipeline(StringRef name, StringRef description, Vendor vendor) {
  std::string pipeline = name.str();
  registerPassPipeline(
      name, description,
      [pipeline, vendor](OpPassManager &pm, StringRef text,
                         function_ref<LogicalResult(const Twine &)> onError) {
        auto options = std::make_unique<GpuPipelineOptions>();
        if (failed(options->parseFromString(text)))
          return onError(pipeline + ": cannot parse its options '" + text +
                         "' (it takes target=NAME)");
        if (options->target.empty())
          return onError(pipeline + " needs target=NAME (or a .json file)");
        std::string error;
        std::optional<Target> target = resolveTarget(options->target, error);
        if (!target)
          return onError(pipeline + ": " + error);
        if (target->vendor() != vendor)
          return onError(pipeline + ": target '" + target->name() + "' (" +
                         target->arch() + ") is " +
                         std::string(vendorName(target->vendor())) + ", not " +
                         std::string(vendorName(vendor)));
        if (failed(buildTesselToGpuPipeline(pm, *target, error)))
          return onError(pipeline + ": " + error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> print) {
        print(GpuPipelineOptions());
      });
}

} // namespace

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
  registerGpuPipeline("tessel-to-nvvm",
                      "Compile Tessel kernels to PTX for an NVIDIA target: "
                      "tessel-to-nvvm{target=h100}",
                      Vendor::NVIDIA);
  registerGpuPipeline("tessel-to-rocdl",
                      "Compile Tessel kernels to HSACO for an AMD target: "
                      "tessel-to-rocdl{target=mi300x}",
                      Vendor::AMD);
}
