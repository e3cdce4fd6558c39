//===- tessel-compile.cpp - Compile Tessel kernels ahead of time
//------------===//
//
// `tessel-compile model.mlir --target=h100 -o out/` compiles every
// tessel.kernel of the model for the GPU and writes, per GPU kernel, its PTX
// and (when ptxas is found) its cubin for NVIDIA, or its HSACO for AMD, plus
// out/manifest.json (entry names,
// launch geometry, parameters, schedule, registers; see docs/manifest.md) and
// out/kernels.h, a C header with the same facts, and prints the cost model's
// prediction table. `--emit=mlir` prints the lowered module instead,
// `--emit=llvm` writes each kernel's LLVM IR in place of its binary;
// `--predict-only` stops after choosing schedules; `--report` and
// `--roofline` write the predictions as JSON and as an SVG roofline.
//
//===----------------------------------------------------------------------===//

#include "codegen/Compile.h"
#include "codegen/ScheduleSweep.h"
#include "codegen/ToolSupport.h"
#include "dialects/Tessel/TesselDialect.h"
#include "runtime/Manifest.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>

using namespace mlir;
using namespace mlir::tessel;

namespace {

llvm::cl::OptionCategory options("tessel-compile options");

llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                     llvm::cl::desc("<model.mlir>"),
                                     llvm::cl::Required,
                                     llvm::cl::cat(options));
llvm::cl::opt<std::string>
    targetName("target",
               llvm::cl::desc("GPU to compile for (a built-in name or a "
                              ".json file); defaults to the module's"),
               llvm::cl::cat(options));
llvm::cl::opt<std::string> outputDir("o", llvm::cl::desc("output directory"),
                                     llvm::cl::init("."),
                                     llvm::cl::cat(options));
enum class Emit { Mlir, Llvm, Ptx, Cubin, Hsaco };
llvm::cl::opt<Emit> emit(
    "emit", llvm::cl::desc("what to produce"), llvm::cl::init(Emit::Cubin),
    llvm::cl::values(
        clEnumValN(Emit::Mlir, "mlir", "print the lowered module"),
        clEnumValN(Emit::Llvm, "llvm",
                   "each kernel's LLVM IR (.ll: what the NVPTX or AMDGPU "
                   "backend compiles, device libraries linked and "
                   "optimized) and the manifest"),
        clEnumValN(Emit::Ptx, "ptx", "NVIDIA: PTX files and the manifest"),
        clEnumValN(Emit::Cubin, "cubin",
                   "NVIDIA: PTX, cubin (when ptxas is found) and the "
                   "manifest; AMD: as hsaco (the default)"),
        clEnumValN(Emit::Hsaco, "hsaco", "AMD: HSACO files and the manifest")),
    llvm::cl::cat(options));
llvm::cl::opt<bool> printCompileTime(
    "print-compile-time",
    llvm::cl::desc("print the time spent compiling (pipeline only: no "
                   "parsing, file writing or ptxas)"),
    llvm::cl::cat(options));
llvm::cl::opt<int64_t> scheduleRank(
    "schedule-rank",
    llvm::cl::desc("give kernels without a schedule the one the cost model "
                   "ranks N (0 = the best): to measure the ranking"),
    llvm::cl::init(0), llvm::cl::cat(options));
llvm::cl::opt<unsigned>
    jobs("j",
         llvm::cl::desc("threads that compile kernels at once (MLIR's pass "
                        "manager runs each kernel's passes on its own thread); "
                        "1: one after another; default: every core"),
         llvm::cl::init(0), llvm::cl::cat(options));
llvm::cl::opt<bool> refitSchedules(
    "refit-schedules",
    llvm::cl::desc("replace a hand-written schedule that the target cannot "
                   "run (the cost model finds it illegal there) with the "
                   "model's choice, with a remark; without it, such a "
                   "schedule is compiled as written, with a warning"),
    llvm::cl::cat(options));
enum class Sweep { None, Kinds, All };
llvm::cl::opt<Sweep> everySchedule(
    "every-schedule",
    llvm::cl::desc("compile each kernel once per schedule the cost model "
                   "offers for it (in process, writing nothing) and report "
                   "the ones that fail"),
    llvm::cl::init(Sweep::None),
    llvm::cl::values(
        clEnumValN(Sweep::Kinds, "kinds",
                   "the best of each kind (the same tiling paths, other "
                   "sizes)"),
        clEnumValN(Sweep::All, "all", "every one")),
    llvm::cl::cat(options));
llvm::cl::opt<bool> predictOnly(
    "predict-only",
    llvm::cl::desc("form kernels, choose their schedules and print the "
                   "cost model's predictions; generate no code"),
    llvm::cl::cat(options));
llvm::cl::opt<std::string>
    reportPath("report",
               llvm::cl::desc("write the predictions as JSON to this file"),
               llvm::cl::value_desc("report.json"), llvm::cl::cat(options));
llvm::cl::opt<std::string> rooflinePath(
    "roofline",
    llvm::cl::desc("draw every kernel on the target's roofline (SVG)"),
    llvm::cl::value_desc("roofline.svg"), llvm::cl::cat(options));
llvm::cl::opt<std::string>
    ptxasPath("ptxas",
              llvm::cl::desc("ptxas to use (default: PATH, then "
                             "/usr/local/cuda/bin)"),
              llvm::cl::cat(options));

int fail(const Twine &message) {
  llvm::errs() << "tessel-compile: error: " << message << "\n";
  return 1;
}

std::optional<std::string> findPtxas() {
  if (!ptxasPath.empty())
    return ptxasPath.getValue();
  if (auto onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return std::string("/usr/local/cuda/bin/ptxas");
  return std::nullopt;
}

/// Runs `program` with `args` (args[0] is the program) and returns its exit
/// code, with what it printed (stdout and stderr) in `output`.
int runAndCapture(StringRef program, ArrayRef<StringRef> args,
                  std::string &output) {
  SmallString<128> log;
  llvm::sys::fs::createTemporaryFile("tessel-tool", "log", log);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  int rc = llvm::sys::ExecuteAndWait(program, args, std::nullopt, redirects);
  auto text = llvm::MemoryBuffer::getFile(log);
  output = text ? (*text)->getBuffer().str() : "";
  llvm::sys::fs::remove(log);
  return rc;
}

/// Registers and shared memory as ptxas -v reports them.
struct PtxasInfo {
  int64_t registers = -1;
  int64_t sharedBytes = 0;
};

/// Assembles `ptx` into `cubin` for `arch`; returns what ptxas reported.
std::optional<PtxasInfo> runPtxas(StringRef ptxas, StringRef arch,
                                  StringRef ptx, StringRef cubin,
                                  std::string &error) {
  std::string archFlag = "-arch=" + arch.str();
  SmallVector<StringRef> args = {ptxas, archFlag, "-v", ptx, "-o", cubin};
  std::string output;
  int rc = runAndCapture(ptxas, args, output);
  if (rc != 0) {
    error = "ptxas failed on " + ptx.str() + ":\n" + output;
    return std::nullopt;
  }
  PtxasInfo info;
  SmallVector<StringRef> m;
  if (llvm::Regex("Used ([0-9]+) registers").match(output, &m))
    info.registers = std::stoll(m[1].str());
  if (llvm::Regex("([0-9]+) bytes smem").match(output, &m))
    info.sharedBytes = std::stoll(m[1].str());
  return info;
}

/// Resources of an HSACO kernel, from its AMDGPU metadata notes
/// (llvm-readelf --notes): vector and scalar registers, LDS and scratch.
std::optional<llvm::json::Object> readHsacoNotes(StringRef hsaco,
                                                 std::string &error) {
  auto readelf =
      llvm::sys::findProgramByName("llvm-readelf", {TESSEL_LLVM_TOOLS_DIR});
  if (!readelf) {
    error = "llvm-readelf not found in " TESSEL_LLVM_TOOLS_DIR;
    return std::nullopt;
  }
  SmallVector<StringRef> args = {*readelf, "--notes", hsaco};
  std::string output;
  int rc = runAndCapture(*readelf, args, output);
  if (rc != 0) {
    error = "llvm-readelf failed on " + hsaco.str() + ":\n" + output;
    return std::nullopt;
  }
  llvm::json::Object info;
  for (auto [key, field] :
       {std::pair{"vgpr_count", "registers"},
        std::pair{"sgpr_count", "scalar_registers"},
        std::pair{"group_segment_fixed_size", "shared_memory_bytes"},
        std::pair{"private_segment_fixed_size", "scratch_bytes"}}) {
    SmallVector<StringRef> m;
    if (llvm::Regex(std::string("\\.") + key + ":[ ]+([0-9]+)")
            .match(output, &m))
      info[field] = std::stoll(m[1].str());
  }
  return info;
}

LogicalResult writeFile(StringRef path, StringRef text, std::string &error) {
  std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(path, &error);
  if (!out)
    return failure();
  out->os() << text;
  out->keep();
  return success();
}

llvm::json::Array dims(const std::array<int64_t, 3> &d) {
  return llvm::json::Array{d[0], d[1], d[2]};
}

/// Writes the --report and --roofline files that were asked for.
LogicalResult writeReports(const Target &target,
                           const std::vector<KernelReport> &reports,
                           std::string &error) {
  if (!reportPath.empty() &&
      failed(
          writeFile(reportPath, predictionReportJson(target, reports), error)))
    return failure();
  if (!rooflinePath.empty() &&
      failed(writeFile(rooflinePath, rooflineSvg(target, reports), error)))
    return failure();
  return success();
}

/// The peak device memory of each public function, after the predictions.
void printFootprints(const Target &target,
                     const std::vector<FunctionFootprint> &footprints) {
  if (footprints.empty())
    return;
  llvm::outs() << "Device memory at each function's peak";
  if (target.has(TargetField::DeviceMemoryBytes))
    llvm::outs() << llvm::formatv(" ({0} has {1:f1} GB)", target.name(),
                                  target.get(TargetField::DeviceMemoryBytes) /
                                      1e9);
  llvm::outs() << ":\n";
  for (const FunctionFootprint &f : footprints)
    llvm::outs() << llvm::formatv(
        "  @{0,-38} {1,10:f4} GB  (largest: {2}, {3:f4} GB)\n", f.function,
        f.peakBytes / 1e9, f.largest, f.largestBytes / 1e9);
}

std::string cIdentifier(StringRef name) {
  std::string s;
  for (char c : name)
    s += llvm::isAlnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // --help lists this tool's options, not every LLVM one.
  llvm::cl::HideUnrelatedOptions(options);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "Tessel ahead-of-time compiler: kernels to GPU binaries\n");

  ToolContext tool;
  std::optional<llvm::DefaultThreadPool> pool;
  if (jobs == 1) {
    tool.context().disableMultithreading();
  } else if (jobs > 1) {
    // The context's own pool goes first: a pool is set on a context whose
    // threading is off.
    tool.context().disableMultithreading();
    pool.emplace(llvm::hardware_concurrency(jobs));
    tool.context().setThreadPool(*pool);
  }
  std::string error;
  OwningOpRef<ModuleOp> module = tool.parse(inputFile, error);
  if (!module)
    return fail(error);
  // The target: --target, else the module's; both must agree.
  std::optional<Target> target =
      chooseTarget(*module, targetName, /*fallback=*/"", error);
  if (!target)
    return fail(error);

  CompileOptions compileOptions;
  compileOptions.scheduleRank = scheduleRank;
  compileOptions.refitSchedules = refitSchedules;
  compileOptions.llvmIR = emit == Emit::Llvm;
  if (predictOnly) {
    std::vector<FunctionFootprint> footprints;
    FailureOr<std::vector<KernelReport>> reports =
        predictKernels(*module, compileOptions, &footprints);
    if (failed(reports))
      return 1;
    llvm::outs() << formatPredictionTable(*target, *reports);
    printFootprints(*target, footprints);
    if (failed(writeReports(*target, *reports, error)))
      return fail(error);
    return 0;
  }

  if (everySchedule != Sweep::None) {
    FailureOr<std::vector<KernelSweep>> sweeps = compileEverySchedule(
        *module, *target, /*oneOfEachKind=*/everySchedule == Sweep::Kinds);
    if (failed(sweeps))
      return 1;
    size_t compiled = 0, failures = 0;
    for (const KernelSweep &k : *sweeps) {
      llvm::outs() << llvm::formatv(
          "  {0,-40} {1,5} offered {2,4} kinds {3,5} compiled {4,3} failed\n",
          k.kernel, k.offered, k.kinds, k.compiled, k.failures.size());
      for (const std::string &f : k.failures)
        llvm::outs() << "    failed: " << f << "\n";
      compiled += k.compiled;
      failures += k.failures.size();
    }
    llvm::outs() << "tessel-compile: " << compiled << " schedule(s) of "
                 << sweeps->size() << " kernel(s) compiled for "
                 << target->name() << ", " << failures << " failed\n";
    return failures ? 1 : 0;
  }

  auto start = std::chrono::steady_clock::now();
  FailureOr<CompileResult> result =
      compileKernels(*module, *target, compileOptions);
  if (failed(result))
    return 1;
  if (printCompileTime)
    llvm::errs() << llvm::formatv(
        "tessel-compile: compiled {0} GPU kernel(s) in {1:f1} ms\n",
        result->kernels.size(),
        std::chrono::duration<double, std::milli>(
            std::chrono::steady_clock::now() - start)
            .count());
  if (emit == Emit::Mlir) {
    if (failed(writeReports(*target, result->predictions, error)))
      return fail(error);
    result->lowered->print(llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }

  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
    return fail("cannot create '" + outputDir + "': " + ec.message());
  bool nvidia = target->vendor() == Vendor::NVIDIA;
  std::optional<std::string> ptxas =
      nvidia && emit == Emit::Cubin ? findPtxas() : std::nullopt;
  if (nvidia && emit == Emit::Cubin && !ptxas)
    llvm::errs() << "tessel-compile: note: ptxas not found; writing PTX only\n";

  llvm::json::Array kernels;
  std::string header;
  llvm::raw_string_ostream h(header);
  h << "// Generated by tessel-compile for " << target->name() << " ("
    << target->arch() << ") from " << llvm::sys::path::filename(inputFile)
    << ". Launch geometry and parameters of each kernel.\n"
    << "#pragma once\n\n";
  for (const CompiledKernel &k : result->kernels) {
    // The binary as the pipeline produced it: PTX text or HSACO.
    SmallString<128> mainPath(outputDir.getValue());
    llvm::sys::path::append(mainPath, k.name + "." + k.format);
    if (failed(writeFile(mainPath, k.binary, error)))
      return fail(error);
    llvm::json::Object entry{
        {"name", k.name},
        {"entry", k.entry},
        {"tessel_kernel", k.tesselKernel},
        {"launch_index", k.launchIndex},
        {"grid", dims(k.grid)},
        {"block", dims(k.block)},
        {"shared_memory_bytes", 0},
        {"schedule", k.schedule},
    };
    if (k.predictedUs >= 0)
      entry["predicted"] = llvm::json::Object{{"time_us", k.predictedUs},
                                              {"bound", k.predictedBound}};
    if (k.format == "ll") {
      entry["llvm_ir"] = k.name + ".ll";
    } else if (k.format == "ptx") {
      entry["ptx"] = k.name + ".ptx";
      if (ptxas) {
        SmallString<128> cubinPath(outputDir.getValue());
        llvm::sys::path::append(cubinPath, k.name + ".cubin");
        std::optional<PtxasInfo> info =
            runPtxas(*ptxas, target->arch(), mainPath, cubinPath, error);
        if (!info)
          return fail(error);
        entry["binary"] = k.name + ".cubin";
        entry["registers"] = info->registers;
        entry["shared_memory_bytes"] = info->sharedBytes;
      }
    } else {
      entry["binary"] = k.name + ".hsaco";
      std::optional<llvm::json::Object> notes = readHsacoNotes(mainPath, error);
      if (!notes)
        return fail(error);
      for (auto &[key, value] : *notes)
        entry[key] = value;
    }
    llvm::json::Array params;
    for (const KernelParam &p : k.params)
      params.push_back(llvm::json::Object{{"role", p.role},
                                          {"position", p.position},
                                          {"shape", llvm::json::Array(p.shape)},
                                          {"dtype", p.dtype}});
    entry["params"] = std::move(params);
    kernels.push_back(std::move(entry));

    std::string id = cIdentifier(k.name);
    h << "// " << k.name << " (entry " << k.entry << "): part " << k.launchIndex
      << " of tessel.kernel @" << k.tesselKernel << "; parameters:";
    for (const KernelParam &p : k.params) {
      h << " " << p.role << "#" << p.position << "<";
      llvm::interleave(p.shape, h, "x");
      h << "x" << p.dtype << ">";
    }
    h << "\n#define TESSEL_" << id << "_GRID " << k.grid[0] << ", " << k.grid[1]
      << ", " << k.grid[2] << "\n#define TESSEL_" << id << "_BLOCK "
      << k.block[0] << ", " << k.block[1] << ", " << k.block[2]
      << "\n#define TESSEL_" << id << "_NUM_PARAMS " << k.params.size()
      << "\n\n";
  }
  llvm::json::Object manifest{
      {"format_version", 1},
      {"source", llvm::sys::path::filename(inputFile).str()},
      {"target",
       llvm::json::Object{{"name", target->name()},
                          {"vendor", std::string(vendorName(target->vendor()))},
                          {"arch", target->arch()}}},
      {"kernels", std::move(kernels)}};
  // The reference of each tessel.kernel, for runners that check kernels
  // without MLIR (runtime/Manifest.h reads it back).
  llvm::json::Object references;
  for (const auto &[name, graph] : result->references) {
    llvm::Expected<llvm::json::Value> value =
        llvm::json::parse(tessel::json::write(runtime::graphToJson(graph), 0));
    if (!value)
      return fail("internal error: the reference graph of " + name +
                  " is not JSON: " + llvm::toString(value.takeError()));
    references[name] = std::move(*value);
  }
  manifest["reference_graphs"] = std::move(references);
  std::string json;
  llvm::raw_string_ostream js(json);
  js << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object(manifest)))
     << "\n";
  SmallString<128> manifestPath(outputDir.getValue()),
      headerPath(outputDir.getValue());
  llvm::sys::path::append(manifestPath, "manifest.json");
  llvm::sys::path::append(headerPath, "kernels.h");
  if (failed(writeFile(manifestPath, json, error)) ||
      failed(writeFile(headerPath, header, error)))
    return fail(error);
  llvm::outs() << "tessel-compile: " << result->kernels.size()
               << " GPU kernel(s) for " << target->name() << " in " << outputDir
               << "\n";
  // One line per kernel: what a person checks first.
  for (const llvm::json::Value &v : *manifest.getArray("kernels")) {
    const llvm::json::Object &k = *v.getAsObject();
    auto dimText = [&](StringRef key) {
      std::string t;
      for (const llvm::json::Value &d : *k.getArray(key))
        t += (t.empty() ? "" : "x") + std::to_string(*d.getAsInteger());
      return t;
    };
    llvm::outs() << llvm::formatv("  {0,-40} grid {1,-10} block {2,-9}",
                                  *k.getString("name"), dimText("grid"),
                                  dimText("block"));
    if (std::optional<int64_t> regs = k.getInteger("registers"))
      llvm::outs() << " registers " << *regs;
    llvm::outs() << "\n";
  }
  llvm::outs() << formatPredictionTable(*target, result->predictions);
  printFootprints(*target, result->footprints);
  // After the output folder exists: the reports often go into it.
  if (failed(writeReports(*target, result->predictions, error)))
    return fail(error);
  return 0;
}
