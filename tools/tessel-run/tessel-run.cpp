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

#include "codegen/CpuCheck.h"
#include "codegen/ToolSupport.h"
#include "dialects/Tessel/TesselDialect.h"
#include "runtime/DeviceRunner.h"
#include "runtime/Npy.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
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
llvm::cl::opt<double> boundScale(
    "tolerance-scale",
    llvm::cl::desc("multiply every element's error bound (the reference's "
                   "forward error analysis, docs/UserGuide.md) by this"),
    llvm::cl::init(1.0), llvm::cl::cat(options));
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
llvm::cl::opt<PartsPolicy> parts("parts",
                                 llvm::cl::desc(kPartsOptionDescription),
                                 llvm::cl::init(PartsPolicy::Model),
                                 partsPolicyValues(), llvm::cl::cat(options));
llvm::cl::opt<std::string>
    only("only", llvm::cl::desc("run only the kernel or function of this name"),
         llvm::cl::cat(options));
llvm::cl::opt<std::string> inputsDir(
    "inputs",
    llvm::cl::desc("run the one public function (or --only) on the "
                   "arguments in this folder, input<i>.npy for argument i "
                   "(f32 '<f4', f16 '<f2', bf16 '<u2' bits; '<f4' also "
                   "feeds f16 and bf16, rounded), instead of random ones"),
    llvm::cl::value_desc("dir"), llvm::cl::cat(options));
llvm::cl::opt<std::string> saveDir(
    "save-outputs",
    llvm::cl::desc("write the function's results to this folder "
                   "(made if missing), output<i>.npy for result i; with "
                   "--cpu and no --inputs its arguments are random (--seed)"),
    llvm::cl::value_desc("dir"), llvm::cl::cat(options));
llvm::cl::opt<std::string> expectedDir(
    "expected",
    llvm::cl::desc("compare the function's results with "
                   "output<i>.npy in this folder (e.g. PyTorch's), within "
                   "the reference's per-element bounds; exit 1 on a "
                   "mismatch, as --check"),
    llvm::cl::value_desc("dir"), llvm::cl::cat(options));
llvm::cl::opt<std::string> targetName(
    "target",
    llvm::cl::desc("GPU whose tiling the CPU run follows (a built-in name or "
                   "a .json file); default: the module's, else h100"),
    llvm::cl::cat(options));

std::string shapeString(const ref::TensorType &t) {
  std::string s;
  for (int64_t d : t.shape)
    s += std::to_string(d) + "x";
  return s + ref::dtypeName(t.dtype);
}

/// The rest of a result's line: its largest error, its worst ratio to the
/// bound and whether it passed; where it did not, a line on the first
/// element off (got, expected, bound). Returns whether it passed.
bool printComparison(const ref::Comparison &c, double got, double expected,
                     double bound) {
  llvm::outs() << llvm::format("  max abs err %.3e  err/bound %.3g  ",
                               c.maxAbsError, c.worstRatio)
               << (c.ok() ? "ok" : "MISMATCH") << "\n";
  if (!c.ok())
    llvm::outs() << "    " << c.mismatches << " element(s) off; first at "
                 << c.firstMismatch << ": got " << llvm::format("%.9g", got)
                 << ", expected " << llvm::format("%.9g", expected) << " +- "
                 << llvm::format("%.3g", bound) << "\n";
  return c.ok();
}

/// Runs one unit and prints what it found; returns false on a mismatch.
/// Sets `broken` on an error.
bool runUnit(CpuRunner &runner, const CheckUnit &unit, bool &broken) {
  llvm::outs() << unit.kind << " @" << unit.graph.name;
  if (!unit.context.empty())
    llvm::outs() << " on @" << unit.context << "'s values";
  llvm::outs() << "\n";
  std::string error;
  FailureOr<std::vector<OutputCheck>> outputs =
      runCheckUnit(runner, unit, check, boundScale, error);
  if (failed(outputs)) {
    llvm::errs() << "tessel-run: error: " << error << "\n";
    broken = true;
    return false;
  }
  bool ok = true;
  for (auto [i, out] : llvm::enumerate(*outputs)) {
    llvm::outs() << "  result #" << i << " " << shapeString(out.type);
    if (!check) {
      llvm::outs() << "  sum " << llvm::format("%.6g", out.sum) << "\n";
      continue;
    }
    ok &= printComparison(out.comparison, out.firstGot, out.firstExpected,
                          out.firstBound);
  }
  return ok;
}

std::string inFolder(const std::string &dir, const std::string &file) {
  return dir + "/" + file;
}

/// Prints one result's comparison (`against`: what it was compared with);
/// returns whether it passed.
bool report(size_t i, const ref::Tensor &got, const ref::Tensor &expected,
            const char *against) {
  ref::Comparison c = ref::compare(got, expected, boundScale);
  llvm::outs() << "  result #" << i << " " << shapeString(got.type) << " vs "
               << against;
  size_t at = c.firstMismatch >= 0 ? size_t(c.firstMismatch) : 0;
  bool off = !c.ok() && at < got.data.size() && at < expected.data.size();
  return printComparison(
      c, off ? got.data[at] : 0.0, off ? expected.data[at] : 0.0,
      off && !expected.bound.empty() ? boundScale * expected.bound[at] : 0.0);
}

/// --inputs / --save-outputs / --expected: the one public function `unit`
/// on the given (or random) arguments. Returns the exit status.
int runWithData(CpuRunner &runner, CheckUnit unit) {
  std::string error;
  // Without --inputs the arguments are random, drawn with --seed.
  if (inputsDir.empty())
    unit.inputs = ref::randomInputs(unit.graph, seed);
  else
    unit.inputs.resize(unit.graph.inputs.size());
  for (auto [i, type] : llvm::enumerate(unit.graph.inputs)) {
    if (inputsDir.empty())
      break;
    std::optional<ref::Tensor> t = npy::read(
        inFolder(inputsDir, "input" + std::to_string(i) + ".npy"), type, error);
    if (!t) {
      llvm::errs() << "tessel-run: error: argument #" << i << " of @"
                   << unit.graph.name << ": " << error << "\n";
      return 2;
    }
    unit.inputs[i] = std::move(*t);
  }
  llvm::outs() << "func @" << unit.graph.name << " on "
               << (inputsDir.empty() ? "random arguments"
                                     : "the arguments in " + inputsDir)
               << "\n";
  auto actual =
      runner.run(unit.graph.name, unit.inputs, unit.resultTypes, error);
  if (!actual) {
    llvm::errs() << "tessel-run: error: " << error << "\n";
    return 2;
  }
  std::optional<std::vector<ref::Tensor>> reference;
  if (check || !expectedDir.empty()) {
    reference = ref::evaluate(unit.graph, unit.inputs, error);
    if (!reference) {
      llvm::errs() << "tessel-run: error: " << error << "\n";
      return 2;
    }
  }
  if (!saveDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(saveDir)) {
      llvm::errs() << "tessel-run: error: cannot create '" << saveDir
                   << "': " << ec.message() << "\n";
      return 2;
    }
  bool ok = true;
  for (auto [i, got] : llvm::enumerate(*actual)) {
    std::string name = "output" + std::to_string(i) + ".npy";
    if (check)
      ok &= report(i, got, (*reference)[i], "the reference");
    if (!expectedDir.empty()) {
      std::optional<ref::Tensor> expected =
          npy::read(inFolder(expectedDir, name), got.type, error);
      if (!expected) {
        llvm::errs() << "tessel-run: error: result #" << i << ": " << error
                     << "\n";
        return 2;
      }
      // The expected values (PyTorch's) are held to the reference's bounds:
      // how far an f32 evaluation of these ops may stray from exact.
      expected->bound = (*reference)[i].bound;
      ok &= report(i, got, *expected, name.c_str());
    }
    if (!check && expectedDir.empty()) {
      double sum = 0;
      for (double v : got.data)
        sum += v;
      llvm::outs() << "  result #" << i << " " << shapeString(got.type)
                   << "  sum " << llvm::format("%.6g", sum) << "\n";
    }
    if (!saveDir.empty() && !npy::write(inFolder(saveDir, name), got, error)) {
      llvm::errs() << "tessel-run: error: " << error << "\n";
      return 2;
    }
  }
  if (check || !expectedDir.empty())
    llvm::outs() << (ok ? "all outputs match\n"
                        : "MISMATCH: some outputs differ\n");
  return ok ? 0 : 1;
}

/// `tessel-run out/ --device`: the same runner as tessel-run-device; with
/// --inputs, the one function whole.
int runDevice() {
  if (!inputsDir.empty() || !expectedDir.empty() || !saveDir.empty()) {
    runtime::FunctionRunOptions whole;
    whole.function = only;
    whole.inputsDir = inputsDir;
    whole.expectedDir = expectedDir;
    whole.saveDir = saveDir;
    whole.toleranceScale = boundScale;
    std::string error;
    std::ostringstream log;
    int status = runtime::runFunctionOnDevice(inputFile, whole, log, error);
    llvm::outs() << log.str();
    if (status == 2)
      llvm::errs() << "tessel-run: error: " << error << "\n";
    return status;
  }
  runtime::DeviceRunOptions options;
  options.seed = seed;
  options.toleranceScale = boundScale;
  options.only = only;
  std::string result;
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
    out << result;
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

  // With data of its own only the function runs: no kernel units.
  bool withData =
      !inputsDir.empty() || !saveDir.empty() || !expectedDir.empty();
  FailureOr<std::vector<CheckUnit>> units =
      prepareCpuCheck(*module, seed, parts, /*functionsOnly=*/withData);
  if (failed(units))
    return 2;
  if (!only.empty()) {
    llvm::erase_if(*units,
                   [](const CheckUnit &u) { return u.graph.name != only; });
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

  if (withData) {
    SmallVector<const CheckUnit *> funcs;
    for (const CheckUnit &unit : *units)
      if (unit.kind == "func" && unit.context.empty())
        funcs.push_back(&unit);
    if (funcs.size() != 1) {
      llvm::errs() << "tessel-run: error: --inputs, --save-outputs and "
                      "--expected run one public function; the module has "
                   << funcs.size() << ": choose one with --only=NAME\n";
      return 2;
    }
    return runWithData(**runner, *funcs.front());
  }

  bool allOk = true, broken = false;
  for (const CheckUnit &unit : *units)
    allOk &= runUnit(**runner, unit, broken);
  if (broken)
    return 2;
  if (check)
    llvm::outs() << (allOk ? "all outputs match the reference\n"
                           : "MISMATCH: some outputs differ from the "
                             "reference\n");
  return allOk ? 0 : 1;
}
