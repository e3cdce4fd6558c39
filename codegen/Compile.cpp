//===- Compile.cpp - Ahead-of-time compilation of Tessel kernels
//-----------===//
//
// See Compile.h. The GPU pipeline runs in two stages so that the launches can
// be read between them: after outlining, each gpu.launch_func still names its
// grid, block and buffers plainly; after the target lowering, each gpu.binary
// holds the assembly.
//
//===----------------------------------------------------------------------===//

#include "codegen/Compile.h"
#include "codegen/Footprint.h"
#include "codegen/ReferenceGraph.h"
#include "dialects/Tessel/TesselDialect.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"
#include "passes/SplitReduction.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// What the input says about one tessel.kernel, and its schedule and
/// prediction (as reported).
struct KernelSignature {
  SmallVector<RankedTensorType> inputs, results;
  /// Results whose buffer must start (and ends) at zero.
  SmallVector<bool> zeroed;
  const KernelReport *report = nullptr;
};

runtime::Param paramFor(const KernelSignature &sig, unsigned argIndex) {
  runtime::Param p;
  p.isOutput = argIndex >= sig.inputs.size();
  p.position = p.isOutput ? argIndex - sig.inputs.size() : argIndex;
  p.type = toReferenceType(p.isOutput ? sig.results[p.position]
                                      : sig.inputs[p.position]);
  p.zeroed = p.isOutput && sig.zeroed[p.position];
  return p;
}

int64_t swizzleBytes(nvgpu::TensorMapSwizzleKind kind) {
  switch (kind) {
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_32B:
    return 32;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_64B:
    return 64;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_128B:
    return 128;
  default:
    return 0;
  }
}

int64_t l2PromotionBytes(nvgpu::TensorMapL2PromoKind kind) {
  switch (kind) {
  case nvgpu::TensorMapL2PromoKind::L2PROMO_64B:
    return 64;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_128B:
    return 128;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_256B:
    return 256;
  default:
    return 0;
  }
}

FailureOr<std::array<int64_t, 3>>
constantDims(gpu::LaunchFuncOp launch, gpu::KernelDim3 dims, StringRef what) {
  std::array<int64_t, 3> out;
  Value vals[3] = {dims.x, dims.y, dims.z};
  for (int i = 0; i < 3; ++i) {
    std::optional<int64_t> c = getConstantIntValue(vals[i]);
    if (!c)
      return launch.emitError() << "the " << what << " size is not constant";
    out[i] = *c;
  }
  return out;
}

Prediction fromAttr(PredictionAttr a) {
  Prediction p;
  p.timeUs = a.getTimeUs().convertToDouble();
  StringRef bound = a.getBound();
  for (Bound b : kTimeBounds)
    if (bound == boundName(b))
      p.bound = b;
  p.computeUs = a.getComputeUs().convertToDouble();
  p.loadsUs = a.getLoadsUs().convertToDouble();
  p.dramUs = a.getDramUs().convertToDouble();
  p.l2Us = a.getL2Us().convertToDouble();
  p.launchUs = a.getLaunchUs().convertToDouble();
  p.latencyUs = a.getLatencyUs().convertToDouble();
  p.blocksUs = a.getBlocksUs().convertToDouble();
  p.achievableUs = a.getAchievableUs().convertToDouble();
  p.fractionOfPeak = a.getFractionOfPeak().convertToDouble();
  p.occupancy = a.getOccupancy().convertToDouble();
  p.waves = a.getWaves().convertToDouble();
  p.blocks = a.getBlocks();
  p.flops = a.getFlops().convertToDouble();
  p.dramBytes = a.getDramBytes().convertToDouble();
  p.uncalibrated = a.getUncalibrated();
  p.registers = a.getRegisters();
  p.achievableComputeUs = a.getAchievableComputeUs().convertToDouble();
  return p;
}

/// Forms kernels and selects their schedules in `module` (which must have
/// its target attached); returns each kernel's prediction.
FailureOr<std::vector<KernelReport>>
formAndSelect(ModuleOp module, const CompileOptions &options) {
  PassManager form(module.getContext());
  TesselFormKernelsOptions formOptions;
  formOptions.parts = options.parts;
  form.addPass(createTesselFormKernels(formOptions));
  if (failed(form.run(module)))
    return failure();
  // Kernels whose schedule was written by hand; a hand-written split-K
  // schedule is its partial kernel's (an attention's split kernel's).
  llvm::StringSet<> given;
  module.walk([&](KernelOp kernel) {
    ScheduleAttr s = kernel.getScheduleAttr();
    if (!s)
      return;
    given.insert(kernel.getSymName());
    if (s.getSplitK() > 1) {
      given.insert((kernel.getSymName() + "_partial").str());
      given.insert((kernel.getSymName() + "_split").str());
    }
  });
  // Split-K schedules become a partial and a sum kernel, reported apart.
  PassManager select(module.getContext());
  TesselSelectSchedulesOptions selectOptions;
  selectOptions.rank = options.scheduleRank;
  selectOptions.refit = options.refitSchedules;
  select.addPass(createTesselSelectSchedules(selectOptions));
  addSplitReduction(select, options.scheduleRank);
  if (failed(select.run(module)))
    return failure();
  std::vector<KernelReport> reports;
  module.walk([&](KernelOp kernel) {
    KernelReport r;
    r.name = kernel.getSymName().str();
    if (auto func = kernel->getParentOfType<func::FuncOp>())
      r.function = func.getSymName().str();
    r.chosenByModel = !given.contains(kernel.getSymName());
    if (ScheduleAttr s = kernel.getScheduleAttr()) {
      llvm::raw_string_ostream os(r.schedule);
      os << s;
    }
    auto p = kernel->getAttrOfType<PredictionAttr>(
        TesselDialect::kPredictionAttrName);
    if (!p) {
      r.prediction.legal = false;
      r.note = "no prediction: the cost model does not model this schedule";
      if (auto why = kernel->getAttrOfType<StringAttr>(
              TesselDialect::kUnpricedAttrName))
        r.note = ("no prediction: " + why.getValue()).str();
    } else {
      r.prediction = fromAttr(p);
    }
    reports.push_back(std::move(r));
  });
  return reports;
}

/// The peak device memory of each public function of the formed `module`;
/// fails with an error on each one that cannot fit the target's device.
FailureOr<std::vector<FunctionFootprint>> checkFootprints(ModuleOp module) {
  FailureOr<Target> target = getModuleTarget(module, "tessel-compile");
  if (failed(target))
    return failure();
  std::vector<FunctionFootprint> footprints;
  bool fits = true;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    Footprint f = peakFootprint(func);
    footprints.push_back({func.getSymName().str(), f.peakBytes, f.largestBytes,
                          f.largest, f.ioBytes});
    if (!target->has(TargetField::DeviceMemoryBytes))
      continue;
    auto capacity = int64_t(target->get(TargetField::DeviceMemoryBytes));
    if (f.peakBytes <= capacity)
      continue;
    fits = false;
    InFlightDiagnostic diag = func.emitError()
                              << "@" << func.getSymName() << " needs "
                              << llvm::formatv("{0:f1}", f.peakBytes / 1e9)
                              << " GB of device memory at its peak (its "
                                 "inputs, outputs and the values between "
                                 "its kernels), more than the "
                              << llvm::formatv("{0:f1}", capacity / 1e9)
                              << " GB of " << target->name();
    diag.attachNote(f.largestLoc)
        << "the largest value live then: " << f.largest << ", "
        << llvm::formatv("{0:f1}", f.largestBytes / 1e9) << " GB";
  }
  if (!fits)
    return failure();
  return footprints;
}

/// What begins the location tag of an op inside a tessel.kernel.
constexpr StringLiteral kKernelTag = "tessel.kernel @";

/// Gives every op of each tessel.kernel a location that also names the
/// kernel and its schedule (fused-location metadata), so that an error deep
/// in the GPU pipeline (a lowering, a backend) can say which kernel and
/// schedule it came from. Diagnostics still print the source location.
void tagKernelLocations(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](KernelOp kernel) {
    std::string tag = (kKernelTag + kernel.getSymName()).str();
    if (ScheduleAttr schedule = kernel.getScheduleAttr()) {
      llvm::raw_string_ostream os(tag);
      os << " with schedule " << schedule;
    }
    auto metadata = StringAttr::get(ctx, tag);
    kernel->walk([&](Operation *op) {
      op->setLoc(FusedLoc::get(ctx, {op->getLoc()}, metadata));
    });
  });
}

/// The kernel tag (see tagKernelLocations) somewhere in `loc`, or "".
StringRef kernelTagOf(Location loc) {
  StringRef found;
  loc->walk([&](Location inner) {
    if (auto fused = dyn_cast<FusedLoc>(inner))
      if (auto tag = dyn_cast_or_null<StringAttr>(fused.getMetadata());
          tag && tag.getValue().starts_with(kKernelTag)) {
        found = tag.getValue();
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return found;
}

/// The reference graph of each public function of `module` as written
/// (before kernels are formed), quietly skipping those the reference cannot
/// express.
std::map<std::string, ref::Graph> functionReferences(ModuleOp module) {
  std::map<std::string, ref::Graph> graphs;
  ScopedDiagnosticHandler quiet(module.getContext(),
                                [](Diagnostic &) { return success(); });
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      if (FailureOr<ref::Graph> g = buildReferenceGraph(func); succeeded(g))
        graphs[func.getSymName().str()] = std::move(*g);
  return graphs;
}

/// The plan of each public function of the formed `module`: its arguments,
/// each tessel.kernel call with the values it reads and writes, reshapes as
/// views, its results. A function with any other op outside its kernels
/// gets a warning and no plan.
std::vector<runtime::FunctionPlan>
planFunctions(ModuleOp module, std::map<std::string, ref::Graph> references) {
  using Kind = runtime::FunctionValue::Kind;
  std::vector<runtime::FunctionPlan> plans;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    runtime::FunctionPlan plan;
    plan.name = func.getSymName().str();
    llvm::DenseMap<Value, int64_t> ids;
    auto add = [&](Value v, Kind kind, int64_t index) {
      ids[v] = int64_t(plan.values.size());
      plan.values.push_back(
          {kind, index, toReferenceType(cast<RankedTensorType>(v.getType()))});
      return ids[v];
    };
    Block &body = func.getBody().front();
    for (BlockArgument arg : body.getArguments())
      add(arg, Kind::Argument, arg.getArgNumber());
    Operation *unplanned = nullptr;
    for (Operation &op : body) {
      if (auto kernel = dyn_cast<KernelOp>(op)) {
        runtime::FunctionStep step;
        step.tesselKernel = kernel.getSymName().str();
        for (Value in : kernel.getInputs())
          step.inputs.push_back(ids.lookup(in));
        for (Value out : kernel.getResults())
          step.outputs.push_back(add(out, Kind::Produced, 0));
        plan.steps.push_back(std::move(step));
      } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
        add(reshape.getResult(), Kind::View, ids.lookup(reshape.getInput()));
      } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
        for (Value v : ret.getOperands())
          plan.results.push_back(ids.lookup(v));
      } else {
        unplanned = &op;
        break;
      }
    }
    if (unplanned || llvm::any_of(body.getArguments(), [](BlockArgument a) {
          return !isa<RankedTensorType>(a.getType());
        })) {
      func.emitWarning() << "@" << plan.name
                         << " is not in the manifest's functions (it holds "
                         << (unplanned ? unplanned->getName().getStringRef()
                                       : StringRef("a non-tensor argument"))
                         << " outside its kernels): runners cannot run it "
                            "whole";
      continue;
    }
    if (auto it = references.find(plan.name); it != references.end())
      plan.reference = std::move(it->second);
    plans.push_back(std::move(plan));
  }
  return plans;
}

} // namespace

std::vector<FunctionIO>
mlir::tessel::functionIO(const std::vector<FunctionFootprint> &footprints) {
  std::vector<FunctionIO> functions;
  for (const FunctionFootprint &f : footprints)
    functions.push_back({f.function, double(f.ioBytes)});
  return functions;
}

FailureOr<std::vector<KernelReport>>
mlir::tessel::predictKernels(ModuleOp module, const CompileOptions &options,
                             std::vector<FunctionFootprint> *footprints) {
  OwningOpRef<ModuleOp> copy = module.clone();
  FailureOr<std::vector<KernelReport>> reports = formAndSelect(*copy, options);
  if (failed(reports))
    return failure();
  FailureOr<std::vector<FunctionFootprint>> peaks = checkFootprints(*copy);
  if (failed(peaks))
    return failure();
  if (footprints)
    *footprints = std::move(*peaks);
  return reports;
}

FailureOr<CompileResult>
mlir::tessel::compileKernels(ModuleOp module, const Target &target,
                             const CompileOptions &options) {
  CompileResult result;
  result.lowered = module.clone();
  std::string error;
  PassManager lowering(module.getContext());
  if (failed(
          buildTargetLoweringPipeline(lowering, target, error, options.llvmIR)))
    return emitError(module.getLoc()) << error;

  // Group loose ops into kernels and choose their schedules first: the
  // manifest describes each kernel as tessel.kernel states it, and each
  // function as the kernels it runs, checked against its ops as written.
  std::map<std::string, ref::Graph> asWritten =
      functionReferences(*result.lowered);
  FailureOr<std::vector<KernelReport>> predictions =
      formAndSelect(*result.lowered, options);
  if (failed(predictions))
    return failure();
  result.functions = planFunctions(*result.lowered, std::move(asWritten));
  result.predictions = std::move(*predictions);
  FailureOr<std::vector<FunctionFootprint>> footprints =
      checkFootprints(*result.lowered);
  if (failed(footprints))
    return failure();
  result.footprints = std::move(*footprints);
  result.lowered->walk([&](KernelOp kernel) {
    // A kernel the reference cannot describe still compiles; its manifest
    // entry then has no reference and runners say they cannot check it.
    std::string why;
    FailureOr<ref::Graph> graph = [&] {
      ScopedDiagnosticHandler quiet(kernel.getContext(), [&](Diagnostic &d) {
        why = d.str();
        return success();
      });
      return buildReferenceGraph(kernel);
    }();
    if (failed(graph)) {
      kernel.emitWarning() << "no reference graph for the manifest: " << why;
      return;
    }
    result.references[kernel.getSymName().str()] = std::move(*graph);
  });
  llvm::StringMap<KernelSignature> signatures;
  result.lowered->walk([&](KernelOp kernel) {
    KernelSignature &sig = signatures[kernel.getSymName()];
    for (Type t : kernel.getInputs().getTypes())
      sig.inputs.push_back(cast<RankedTensorType>(t));
    for (Type t : kernel.getResultTypes())
      sig.results.push_back(cast<RankedTensorType>(t));
    // A split-KV attention's arrival counts, or a split-K's whose sum runs
    // in its partial kernel (its last result).
    sig.zeroed.assign(sig.results.size(), false);
    if (isCombinedSplit(kernel))
      sig.zeroed.back() = true;
    Block &body = kernel.getBody().front();
    for (auto [i, v] : llvm::enumerate(body.getTerminator()->getOperands()))
      if (auto split = v.getDefiningOp<AttentionSplitOp>();
          split && v == split.getArrivals())
        sig.zeroed[i] = true;
  });
  for (const KernelReport &r : result.predictions)
    signatures[r.name].report = &r;
  if (signatures.empty())
    return emitError(module.getLoc())
           << "the module has no Tessel op to compile";

  // From here on, an error inside a kernel names it and its schedule.
  tagKernelLocations(*result.lowered);
  ScopedDiagnosticHandler nameTheKernel(
      module.getContext(), [](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error)
          if (StringRef tag = kernelTagOf(diag.getLocation()); !tag.empty())
            diag.attachNote() << "while compiling " << tag;
        return failure(); // reported by the next handler, as it was
      });
  PassManager kernels(module.getContext());
  buildGpuKernelPipeline(kernels, target);
  if (failed(kernels.run(*result.lowered)))
    return failure();

  // Read the launches of each kernel's host function, in program order.
  llvm::StringMap<size_t> byModule;
  for (auto func : result.lowered->getOps<func::FuncOp>()) {
    auto it = signatures.find(func.getSymName());
    if (it == signatures.end() ||
        !func->hasAttr(TesselDialect::kKernelAttrName))
      continue;
    unsigned index = 0;
    WalkResult walk = func.walk([&](gpu::LaunchFuncOp launch) {
      CompiledKernel k;
      k.name = launch.getKernelModuleName().str();
      k.entry = launch.getKernelName().str();
      k.tesselKernel = func.getSymName().str();
      k.launchIndex = index++;
      const KernelReport &report = *it->second.report;
      k.schedule = report.schedule;
      if (report.prediction.legal) {
        k.predictedUs = report.prediction.timeUs;
        k.predictedBound = boundName(report.prediction.bound);
      }
      auto grid =
          constantDims(launch, launch.getGridSizeOperandValues(), "grid");
      auto block =
          constantDims(launch, launch.getBlockSizeOperandValues(), "block");
      if (failed(grid) || failed(block))
        return WalkResult::interrupt();
      k.grid = *grid;
      k.block = *block;
      if (launch.hasClusterSize()) {
        auto cluster = constantDims(
            launch, launch.getClusterSizeOperandValues(), "cluster");
        if (failed(cluster))
          return WalkResult::interrupt();
        k.cluster = *cluster;
      }
      if (Value dynamic = launch.getDynamicSharedMemorySize()) {
        IntegerAttr bytes;
        if (!matchPattern(dynamic, m_Constant(&bytes))) {
          launch.emitError() << "the dynamic shared memory size is not a "
                                "constant";
          return WalkResult::interrupt();
        }
        k.dynamicSharedMemoryBytes = bytes.getInt();
      }
      for (Value operand : launch.getKernelOperands()) {
        // A TMA tensor map over a buffer (wgmma): the runner encodes it.
        std::optional<runtime::TensorMap> tensorMap;
        if (auto cast = operand.getDefiningOp<UnrealizedConversionCastOp>();
            cast && cast->getNumOperands() == 1)
          operand = cast->getOperand(0);
        if (auto map = operand.getDefiningOp<nvgpu::TmaCreateDescriptorOp>()) {
          auto type = map.getTensorMap().getType();
          tensorMap.emplace();
          ArrayRef<int64_t> box = type.getTensor().getShape();
          tensorMap->box.assign(box.begin(), box.end());
          tensorMap->swizzleBytes = swizzleBytes(type.getSwizzle());
          tensorMap->l2PromotionBytes = l2PromotionBytes(type.getL2promo());
          tensorMap->oobZero =
              type.getOob() == nvgpu::TensorMapOOBKind::OOB_ZERO;
          operand = map.getTensor();
          if (auto cast = operand.getDefiningOp<memref::CastOp>())
            operand = cast.getSource();
        }
        // Reshapes of a buffer are views with the same base pointer.
        while (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(
            operand.getDefiningOp()))
          operand = operand.getDefiningOp()->getOperand(0);
        auto arg = dyn_cast<BlockArgument>(operand);
        if (!arg || arg.getOwner() != &func.getBody().front()) {
          launch.emitError()
              << "kernel parameter " << operand
              << " is not an input or output of @" << func.getSymName();
          return WalkResult::interrupt();
        }
        k.params.push_back(paramFor(it->second, arg.getArgNumber()));
        k.params.back().tensorMap = tensorMap;
      }
      byModule[launch.getKernelModuleName().getValue()] = result.kernels.size();
      result.kernels.push_back(std::move(k));
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }

  if (failed(lowering.run(*result.lowered)))
    return failure();
  for (auto binary : result.lowered->getOps<gpu::BinaryOp>()) {
    auto it = byModule.find(binary.getSymName());
    if (it == byModule.end())
      continue;
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      CompiledKernel &k = result.kernels[it->second];
      k.binary = object.getObject().str();
      switch (object.getFormat()) {
      case gpu::CompilationTarget::Assembly:
        k.format = "ptx";
        break;
      case gpu::CompilationTarget::Offload: {
        // LLVM bitcode: printed as text, which people read.
        k.format = "ll";
        llvm::LLVMContext context;
        llvm::Expected<std::unique_ptr<llvm::Module>> parsed =
            llvm::parseBitcodeFile(llvm::MemoryBufferRef(k.binary, k.name),
                                   context);
        if (!parsed)
          return emitError(binary.getLoc())
                 << "the LLVM bitcode of " << k.name
                 << " does not parse: " << llvm::toString(parsed.takeError());
        k.binary.clear();
        llvm::raw_string_ostream os(k.binary);
        (*parsed)->print(os, nullptr);
        break;
      }
      default:
        k.format = "hsaco";
      }
    }
  }
  for (const CompiledKernel &k : result.kernels)
    if (k.binary.empty())
      return emitError(module.getLoc())
             << "no assembly was produced for kernel " << k.name;
  return result;
}
