//===- tessel-run.cpp - Run Tessel kernels and check them
//-------------------===//
//
// `tessel-run model.mlir --cpu --check` groups the model's loose ops into
// kernels (tessel-form-kernels, as tessel-compile does), then runs every
// kernel (each tessel.kernel, called alone) and every public function on seeded
// random inputs through the CPU functional path, computes the same outputs with
// the independent reference interpreter, and prints the largest absolute and
// errors per output against the reference's bound for each element (a
// forward error analysis of the kernel's f32 arithmetic, docs/UserGuide.md);
// each kernel of a function is also run on the values the reference computes
// for it there. It exits 1 when any element is outside its bound and 2 when
// the model cannot be run at all.
//
//===----------------------------------------------------------------------===//

#include "codegen/CpuRunner.h"
#include "codegen/ReferenceGraph.h"
#include "codegen/ToolSupport.h"
#include "dialects/Tessel/TesselDialect.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"
#include "runtime/DeviceRunner.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <sstream>

using namespace mlir;
using namespace mlir::tessel;

namespace {

llvm::cl::OptionCategory options("tessel-run options");

llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                     llvm::cl::desc("<model.mlir | out/>"),
                                     llvm::cl::Required,
                                     llvm::cl::cat(options));
llvm::cl::opt<bool> onCpu("cpu", llvm::cl::desc("run on the host CPU (JIT)"),
                          llvm::cl::cat(options));
llvm::cl::opt<bool> onDevice(
    "device",
    llvm::cl::desc("run the kernels tessel-compile wrote to the folder given "
                   "on the GPU (CUDA driver or HIP), check and time them"),
    llvm::cl::cat(options));
llvm::cl::opt<std::string>
    jsonPath("json", llvm::cl::desc("--device: write the results here"),
             llvm::cl::value_desc("results.json"), llvm::cl::cat(options));
llvm::cl::opt<bool> check("check",
                          llvm::cl::desc("compare every output with the "
                                         "independent reference"),
                          llvm::cl::cat(options));
llvm::cl::opt<uint64_t> seed("seed", llvm::cl::desc("random input seed"),
                             llvm::cl::init(1), llvm::cl::cat(options));
llvm::cl::opt<double> boundScale(
    "tolerance-scale",
    llvm::cl::desc("multiply every element's error bound (the reference's "
                   "forward error analysis, docs/UserGuide.md) by this"),
    llvm::cl::init(1.0), llvm::cl::cat(options));
enum class Fault { None, Scale, Mask, Index };
llvm::cl::opt<Fault> injectFault(
    "inject-fault",
    llvm::cl::desc("compile a deliberate miscompile after the references "
                   "are taken, to show that --check catches it"),
    llvm::cl::init(Fault::None),
    llvm::cl::values(
        clEnumValN(Fault::Scale, "scale",
                   "softmax and attention scales 1 % too large"),
        clEnumValN(Fault::Mask, "mask", "causal masks dropped"),
        clEnumValN(Fault::Index, "index",
                   "square transposes and square right-hand matmul operands "
                   "read with their last two indices swapped")),
    llvm::cl::cat(options));
llvm::cl::opt<std::string>
    only("only", llvm::cl::desc("run only the kernel or function of this name"),
         llvm::cl::cat(options));
llvm::cl::opt<std::string> targetName(
    "target",
    llvm::cl::desc("GPU whose tiling the CPU run follows (a built-in name or "
                   "a .json file); default: the module's, else h100"),
    llvm::cl::cat(options));

/// One thing to run: a kernel (called through its outlined function) or a
/// public function, with its reference graph; `fixedInputs` when it is a
/// kernel fed what the reference computes for it inside a function.
struct Unit {
  std::string kind; // "kernel" or "func"
  ref::Graph graph;
  std::vector<ref::TensorType> resultTypes;
  std::string context; // the function whose values feed the kernel
  std::vector<ref::Tensor> fixedInputs;
};

std::string shapeString(const ref::TensorType &t) {
  std::string s;
  for (int64_t d : t.shape)
    s += std::to_string(d) + "x";
  return s + ref::dtypeName(t.dtype);
}

std::vector<ref::TensorType> resultTypesOf(TypeRange types) {
  std::vector<ref::TensorType> result;
  for (Type t : types)
    result.push_back(toReferenceType(cast<RankedTensorType>(t)));
  return result;
}

/// What collectUnits collects: the tessel.kernel ops, or the public
/// functions.
enum class UnitKind { Kernels, Functions };

FailureOr<std::vector<Unit>> collectUnits(ModuleOp module, UnitKind kind) {
  std::vector<Unit> units;
  bool failedAny = false;
  module.walk([&](KernelOp kernel) {
    if (kind != UnitKind::Kernels)
      return;
    FailureOr<ref::Graph> graph = buildReferenceGraph(kernel);
    if (failed(graph)) {
      failedAny = true;
      return;
    }
    units.push_back(
        {"kernel", *graph, resultTypesOf(kernel.getResultTypes()), "", {}});
  });
  for (auto func : module.getOps<func::FuncOp>()) {
    if (kind != UnitKind::Functions || !func.isPublic() || func.isExternal())
      continue;
    FailureOr<ref::Graph> graph = buildReferenceGraph(func);
    if (failed(graph)) {
      failedAny = true;
      continue;
    }
    units.push_back({"func",
                     *graph,
                     resultTypesOf(func.getFunctionType().getResults()),
                     "",
                     {}});
  }
  if (failedAny)
    return failure();
  return units;
}

/// Each kernel of each public function of `formed` (after kernel formation),
/// fed the values the reference computes for it when the function runs on
/// `inputsOf(name)`, the inputs of its end-to-end check: the kernel's own
/// error, on realistic values, which a deep function's end-to-end bound may
/// hide.
FailureOr<std::vector<Unit>> kernelsInContext(
    ModuleOp formed,
    llvm::function_ref<std::vector<ref::Tensor>(StringRef)> inputsOf) {
  std::vector<Unit> units;
  llvm::StringMap<ref::Graph> kernelGraphs;
  llvm::StringMap<std::vector<ref::TensorType>> kernelResults;
  bool failedAny = false;
  formed.walk([&](KernelOp kernel) {
    FailureOr<ref::Graph> graph = buildReferenceGraph(kernel);
    if (failed(graph)) {
      failedAny = true;
      return;
    }
    kernelGraphs[kernel.getSymName()] = *graph;
    kernelResults[kernel.getSymName()] = resultTypesOf(kernel.getResultTypes());
  });
  if (failedAny)
    return failure();
  for (auto func : formed.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    std::vector<KernelSite> sites;
    FailureOr<ref::Graph> graph = buildReferenceGraph(func, &sites);
    if (failed(graph))
      return failure();
    std::string error;
    std::optional<std::vector<ref::Tensor>> values =
        ref::evaluateAll(*graph, inputsOf(func.getSymName()), error);
    if (!values) {
      llvm::errs() << "tessel-run: error: " << error << "\n";
      return failure();
    }
    for (const KernelSite &site : sites) {
      Unit u{"kernel",
             kernelGraphs[site.kernel],
             kernelResults[site.kernel],
             func.getSymName().str(),
             {}};
      // The kernel is judged on its own error: its inputs are exact.
      for (int id : site.inputs) {
        ref::Tensor input = (*values)[id];
        input.bound.clear();
        u.fixedInputs.push_back(std::move(input));
      }
      units.push_back(std::move(u));
    }
  }
  return units;
}

/// Runs one unit; returns false on a mismatch. Sets `broken` on an error.
bool runUnit(CpuRunner &runner, const Unit &unit, uint64_t unitSeed,
             bool &broken) {
  llvm::outs() << unit.kind << " @" << unit.graph.name;
  if (!unit.context.empty())
    llvm::outs() << " on @" << unit.context << "'s values";
  llvm::outs() << "\n";
  std::vector<ref::Tensor> inputs =
      unit.context.empty() ? ref::randomInputs(unit.graph, unitSeed)
                           : unit.fixedInputs;

  std::string error;
  auto actual = runner.run(unit.graph.name, inputs, unit.resultTypes, error);
  if (!actual) {
    llvm::errs() << "tessel-run: error: " << error << "\n";
    broken = true;
    return false;
  }
  std::optional<std::vector<ref::Tensor>> expected;
  if (check) {
    expected = ref::evaluate(unit.graph, inputs, error);
    if (!expected) {
      llvm::errs() << "tessel-run: error: " << error << "\n";
      broken = true;
      return false;
    }
  }
  bool ok = true;
  for (auto [i, out] : llvm::enumerate(*actual)) {
    llvm::outs() << "  result #" << i << " " << shapeString(out.type);
    if (!check) {
      double sum = 0;
      for (double v : out.data)
        sum += v;
      llvm::outs() << "  sum " << llvm::format("%.6g", sum) << "\n";
      continue;
    }
    ref::Comparison c = ref::compare(out, (*expected)[i], boundScale);
    llvm::outs() << llvm::format("  max abs err %.3e  err/bound %.3g  ",
                                 c.maxAbsError, c.worstRatio)
                 << (c.ok() ? "ok" : "MISMATCH") << "\n";
    if (!c.ok()) {
      int64_t at = c.firstMismatch;
      const ref::Tensor &e = (*expected)[i];
      llvm::outs() << "    " << c.mismatches << " element(s) off; first at "
                   << at << ": got "
                   << llvm::format("%.9g", (*actual)[i].data[at])
                   << ", expected " << llvm::format("%.9g", e.data[at])
                   << " +- "
                   << llvm::format("%.3g",
                                   boundScale *
                                       (e.bound.empty() ? 0.0 : e.bound[at]))
                   << "\n";
      ok = false;
    }
  }
  return ok;
}

/// Changes the kernels' ops after their references were taken, so that
/// what runs is not what the reference computes (--inject-fault): the
/// checks must then fail.
void injectMiscompile(ModuleOp module, Fault fault) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](Operation *op) {
    if (!op->getParentOfType<KernelOp>())
      return;
    switch (fault) {
    case Fault::None:
      return;
    case Fault::Scale:
      if (auto softmax = dyn_cast<SoftmaxOp>(op)) {
        double scale =
            softmax.getScale() ? softmax.getScale()->convertToDouble() : 1.0;
        softmax.setScaleAttr(
            FloatAttr::get(Float64Type::get(ctx), scale * 1.01));
      } else if (auto attention = dyn_cast<AttentionOp>(op)) {
        int64_t d = cast<RankedTensorType>(attention.getQuery().getType())
                        .getShape()
                        .back();
        double scale = attention.getScale()
                           ? attention.getScale()->convertToDouble()
                           : 1 / std::sqrt(double(d));
        attention.setScaleAttr(
            FloatAttr::get(Float64Type::get(ctx), scale * 1.01));
      }
      return;
    case Fault::Mask:
      op->removeAttr("causal");
      return;
    case Fault::Index:
      if (auto transpose = dyn_cast<TransposeOp>(op)) {
        SmallVector<int64_t> perm(transpose.getPermutation());
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(transpose.getInput().getType()).getShape();
        size_t n = perm.size();
        if (n >= 2 && shape[perm[n - 1]] == shape[perm[n - 2]]) {
          std::swap(perm[n - 1], perm[n - 2]);
          transpose.setPermutation(perm);
        }
      } else if (auto matmul = dyn_cast<MatmulOp>(op)) {
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(matmul.getRhs().getType()).getShape();
        if (shape[0] == shape[1])
          matmul.setTransposeRhs(!matmul.getTransposeRhs());
      }
      return;
    }
  });
}

/// `tessel-run out/ --device`: the same runner as tessel-run-device.
int runDevice() {
  runtime::DeviceRunOptions options;
  options.seed = seed;
  options.toleranceScale = boundScale;
  options.only = only;
  tessel::json::Value result;
  std::string error;
  std::ostringstream log;
  int status = runtime::runOnDevice({inputFile}, options, log, result, error);
  llvm::outs() << log.str();
  if (status == 2) {
    llvm::errs() << "tessel-run: error: " << error << "\n";
    return 2;
  }
  if (!jsonPath.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream out(jsonPath, ec);
    if (ec) {
      llvm::errs() << "tessel-run: error: cannot write '" << jsonPath
                   << "': " << ec.message() << "\n";
      return 2;
    }
    out << tessel::json::write(result);
  }
  return status;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // --help lists this tool's options, not every LLVM one.
  llvm::cl::HideUnrelatedOptions(options);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "Tessel runner: run every kernel and public function of a model on "
      "seeded random inputs and check it against the reference\n");
  if (onCpu == onDevice) {
    llvm::errs() << "tessel-run: error: choose where to run: --cpu (a "
                    "model.mlir) or --device (a folder from tessel-compile)\n";
    return 2;
  }
  if (onDevice)
    return runDevice();

  ToolContext tool;
  MLIRContext &context = tool.context();
  std::string error;
  OwningOpRef<ModuleOp> module = tool.parse(inputFile, error);
  if (!module) {
    llvm::errs() << "tessel-run: error: " << error << "\n";
    return 2;
  }
  // Kernels are tiled for a GPU even on the CPU path: --target, else the
  // module's, else h100.
  if (!chooseTarget(*module, targetName, "h100", error)) {
    llvm::errs() << "tessel-run: error: " << error << "\n";
    return 2;
  }

  // A function's reference is its ops as written, before any kernel is
  // formed: an attention the model runs as its parts (tessel-form-kernels)
  // and a split-K schedule's two kernels (tessel-split-reduction) are
  // checked against the ops they replace. Each kernel is checked as it
  // runs.
  FailureOr<std::vector<Unit>> funcUnits =
      collectUnits(*module, UnitKind::Functions);
  if (failed(funcUnits))
    return 2;
  // Group loose ops into kernels and choose their schedules as
  // tessel-compile does, so that the kernels checked here are the ones the
  // GPU runs.
  PassManager form(&context);
  form.addPass(createTesselFormKernels());
  form.addPass(createTesselSelectSchedules());
  addSplitReduction(form);
  if (failed(form.run(*module)))
    return 2;
  FailureOr<std::vector<Unit>> units = collectUnits(*module, UnitKind::Kernels);
  if (failed(units))
    return 2;
  // Unit i draws its inputs with seed + i: the kernels, then the functions.
  llvm::StringMap<std::vector<ref::Tensor>> funcInputs;
  for (auto [j, unit] : llvm::enumerate(*funcUnits))
    funcInputs[unit.graph.name] =
        ref::randomInputs(unit.graph, seed + units->size() + j);
  FailureOr<std::vector<Unit>> inContext = kernelsInContext(
      *module, [&](StringRef name) { return funcInputs.lookup(name); });
  if (failed(inContext))
    return 2;
  llvm::append_range(*units, *funcUnits);
  llvm::append_range(*units, *inContext);
  if (!only.empty()) {
    llvm::erase_if(*units, [](const Unit &u) { return u.graph.name != only; });
    if (units->empty()) {
      llvm::errs() << "tessel-run: error: no kernel or public function named '"
                   << only << "'\n";
      return 2;
    }
  }
  if (units->empty()) {
    llvm::errs() << "tessel-run: error: nothing to run: the module has no "
                    "kernel and no public function\n";
    return 2;
  }
  if (injectFault != Fault::None)
    injectMiscompile(*module, injectFault);

  FailureOr<std::unique_ptr<CpuRunner>> runner = CpuRunner::create(*module);
  if (failed(runner))
    return 2;

  bool allOk = true, broken = false;
  for (auto [i, unit] : llvm::enumerate(*units))
    allOk &= runUnit(**runner, unit, seed + i, broken);
  if (broken)
    return 2;
  if (check)
    llvm::outs() << (allOk ? "all outputs match the reference\n"
                           : "MISMATCH: some outputs differ from the "
                             "reference\n");
  return allOk ? 0 : 1;
}
