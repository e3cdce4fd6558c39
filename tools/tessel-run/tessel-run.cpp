//===- tessel-run.cpp - Run Tessel kernels and check them
//-------------------===//
//
// `tessel-run model.mlir --cpu --check` groups the model's loose ops into
// kernels (tessel-form-kernels, as tessel-compile does), then runs every
// kernel (each tessel.kernel, called alone) and every public function on seeded
// random inputs through the CPU functional path, computes the same outputs with
// the independent reference interpreter, and prints the largest absolute and
// relative errors per output. It exits 1 when any output is outside the
// tolerance of its type and 2 when the model cannot be run at all.
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
llvm::cl::opt<double> toleranceScale(
    "tolerance-scale",
    llvm::cl::desc("multiply every type's default tolerance by this"),
    llvm::cl::init(1.0), llvm::cl::cat(options));
llvm::cl::opt<std::string>
    only("only", llvm::cl::desc("run only the kernel or function of this name"),
         llvm::cl::cat(options));
llvm::cl::opt<std::string> targetName(
    "target",
    llvm::cl::desc("GPU whose tiling the CPU run follows (a built-in name or "
                   "a .json file); default: the module's, else h100"),
    llvm::cl::cat(options));

/// One thing to run: a kernel (called through its outlined function) or a
/// public function, with its reference graph.
struct Unit {
  std::string kind; // "kernel" or "func"
  ref::Graph graph;
  std::vector<ref::TensorType> resultTypes;
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
    units.push_back({"kernel", *graph, resultTypesOf(kernel.getResultTypes())});
  });
  for (auto func : module.getOps<func::FuncOp>()) {
    if (kind != UnitKind::Functions || !func.isPublic() || func.isExternal())
      continue;
    FailureOr<ref::Graph> graph = buildReferenceGraph(func);
    if (failed(graph)) {
      failedAny = true;
      continue;
    }
    units.push_back(
        {"func", *graph, resultTypesOf(func.getFunctionType().getResults())});
  }
  if (failedAny)
    return failure();
  return units;
}

/// Runs one unit; returns false on a mismatch. Sets `broken` on an error.
bool runUnit(CpuRunner &runner, const Unit &unit, uint64_t unitSeed,
             bool &broken) {
  llvm::outs() << unit.kind << " @" << unit.graph.name << "\n";
  std::vector<ref::Tensor> inputs;
  for (auto [i, type] : llvm::enumerate(unit.graph.inputs))
    inputs.push_back(ref::randomTensor(type, unitSeed * 1000003 + i));

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
    double tol = ref::defaultTolerance(out.type.dtype) * toleranceScale;
    ref::Comparison c = ref::compare(out, (*expected)[i], tol);
    llvm::outs() << llvm::format("  max abs err %.3e  max rel err %.3e  "
                                 "(tolerance %.1e)  ",
                                 c.maxAbsError, c.maxRelError, tol)
                 << (c.ok() ? "ok" : "MISMATCH") << "\n";
    if (!c.ok()) {
      int64_t at = c.firstMismatch;
      llvm::outs() << "    " << c.mismatches << " element(s) off; first at "
                   << at << ": got "
                   << llvm::format("%.9g", (*actual)[i].data[at])
                   << ", expected "
                   << llvm::format("%.9g", (*expected)[i].data[at]) << "\n";
      ok = false;
    }
  }
  return ok;
}

/// `tessel-run out/ --device`: the same runner as tessel-run-device.
int runDevice() {
  runtime::DeviceRunOptions options;
  options.seed = seed;
  options.toleranceScale = toleranceScale;
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
  llvm::append_range(*units, *funcUnits);
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
