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
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
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
llvm::cl::opt<PartsPolicy> parts("parts",
                                 llvm::cl::desc(kPartsOptionDescription),
                                 llvm::cl::init(PartsPolicy::Model),
                                 partsPolicyValues(), llvm::cl::cat(options));
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
  int64_t stackBytes = 0; // local memory per thread (its stack frame)
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
  if (llvm::Regex("([0-9]+) bytes stack frame").match(output, &m))
    info.stackBytes = std::stoll(m[1].str());
  return info;
}

/// Resources of an HSACO kernel, from the AMDGPU metadata note of its ELF
/// file (NT_AMDGPU_METADATA, a MessagePack map: AMDGPU code object V3+
/// metadata): vector and scalar registers, LDS and scratch of the kernel
/// `entry`. Read with LLVM's Object library.
LogicalResult readHsacoResources(StringRef hsaco, StringRef entry,
                                 runtime::GpuKernel &k, std::string &error) {
  auto fail = [&](const Twine &why) {
    error = ("HSACO of " + entry + ": " + why).str();
    return failure();
  };
  llvm::Expected<std::unique_ptr<llvm::object::ObjectFile>> object =
      llvm::object::ObjectFile::createELFObjectFile(
          llvm::MemoryBufferRef(hsaco, entry));
  if (!object)
    return fail(llvm::toString(object.takeError()));
  auto *elf = dyn_cast<llvm::object::ELF64LEObjectFile>(object->get());
  if (!elf)
    return fail("not a 64-bit little-endian ELF file");
  const auto &file = elf->getELFFile();
  auto sections = file.sections();
  if (!sections)
    return fail(llvm::toString(sections.takeError()));
  llvm::msgpack::Document doc;
  bool found = false;
  for (const auto &section : *sections) {
    if (section.sh_type != llvm::ELF::SHT_NOTE)
      continue;
    llvm::Error noteError = llvm::Error::success();
    for (const auto &note : file.notes(section, noteError))
      if (note.getName() == "AMDGPU" &&
          note.getType() == llvm::ELF::NT_AMDGPU_METADATA)
        found = doc.readFromBlob(note.getDescAsStringRef(4),
                                 /*Multi=*/false);
    if (noteError)
      return fail(llvm::toString(std::move(noteError)));
  }
  if (!found)
    return fail("no AMDGPU metadata note");
  llvm::msgpack::DocNode &kernels =
      doc.getRoot().getMap(/*Convert=*/true)["amdhsa.kernels"];
  if (!kernels.isArray() || kernels.getArray().empty())
    return fail("its metadata lists no kernel");
  llvm::msgpack::MapDocNode *meta = nullptr;
  for (llvm::msgpack::DocNode &node : kernels.getArray())
    if (node.isMap() &&
        (!meta || (node.getMap()[".name"].isString() &&
                   node.getMap()[".name"].getString() == entry)))
      meta = &node.getMap();
  if (!meta)
    return fail("its kernel metadata is not a map");
  auto field = [&](StringRef key) -> std::optional<int64_t> {
    llvm::msgpack::DocNode &v = (*meta)[key];
    if (v.getKind() == llvm::msgpack::Type::UInt)
      return int64_t(v.getUInt());
    if (v.getKind() == llvm::msgpack::Type::Int)
      return v.getInt();
    return std::nullopt;
  };
  k.registers = field(".vgpr_count");
  k.scalarRegisters = field(".sgpr_count");
  k.sharedMemoryBytes = field(".group_segment_fixed_size").value_or(0);
  k.scratchBytes = field(".private_segment_fixed_size");
  return success();
}

LogicalResult writeFile(StringRef path, StringRef text, std::string &error) {
  std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(path, &error);
  if (!out)
    return failure();
  out->os() << text;
  out->keep();
  return success();
}

/// Writes the --report and --roofline files that were asked for.
LogicalResult writeReports(const Target &target,
                           const std::vector<KernelReport> &reports,
                           const std::vector<FunctionFootprint> &footprints,
                           std::string &error) {
  if (!reportPath.empty() &&
      failed(writeFile(
          reportPath,
          predictionReportJson(target, reports, functionIO(footprints)),
          error)))
    return failure();
  if (!rooflinePath.empty() &&
      failed(writeFile(rooflinePath, rooflineSvg(target, reports), error)))
    return failure();
  return success();
}

/// Where the backend's register count (ptxas's on NVIDIA, LLVM's
/// .vgpr_count on AMD) lets an SM hold fewer blocks than the prediction
/// assumed with the model's estimate, says so: the prediction's occupancy
/// (and the latency it hides) is then optimistic.
void printRegisterOccupancy(const Target &target,
                            const runtime::Manifest &manifest,
                            const std::vector<KernelReport> &reports) {
  bool nvidia = target.vendor() == Vendor::NVIDIA;
  double maxWarps = target.get(TargetField::MaxWarpsPerSM);
  for (const runtime::GpuKernel &k : manifest.kernels) {
    auto report = llvm::find_if(reports, [&](const KernelReport &r) {
      return r.name == k.tesselKernel;
    });
    if (!k.registers || report == reports.end() || !report->prediction.legal ||
        report->prediction.registers <= 0)
      continue;
    const Prediction &p = report->prediction;
    int64_t threads = int64_t(k.block[0]) * k.block[1] * k.block[2];
    int64_t warps = (threads + target.warpSize() - 1) / target.warpSize();
    auto assumed =
        int64_t(std::llround(p.occupancy * maxWarps / double(warps)));
    int64_t fit = blocksPerSMForRegisters(target, *k.registers, threads);
    if (fit >= assumed)
      continue;
    llvm::outs() << llvm::formatv(
        "  {0}: {1} allocates {2} {3} (the model estimated {4}): {5} "
        "block(s) per {6} fit, the prediction assumed {7} (occupancy {8:f2}, "
        "not {9:f2})\n",
        k.name, nvidia ? "ptxas" : "LLVM", *k.registers,
        nvidia ? "registers per thread" : "VGPRs per lane", p.registers, fit,
        nvidia ? "SM" : "CU", assumed, double(fit * warps) / maxWarps,
        p.occupancy);
  }
}

/// Kernels whose threads keep data in local memory (scratch): ptxas's stack
/// frame on NVIDIA, the private segment on AMD. The model assumes every
/// thread's values live in registers; such a kernel is slower than
/// predicted (each access costs about a global one).
void printLocalMemory(const runtime::Manifest &manifest) {
  for (const runtime::GpuKernel &k : manifest.kernels)
    if (k.scratchBytes && *k.scratchBytes > 0)
      llvm::outs() << llvm::formatv(
          "  {0}: {1} bytes of local memory (scratch) per thread: the "
          "prediction assumes registers, so it is optimistic\n",
          k.name, *k.scratchBytes);
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

/// The lines of kernels.h for one kernel: its parameters, grid, block,
/// cluster (1, 1, 1 without; the binary requires the size it states),
/// dynamic shared memory (bytes to launch with; past 48 KiB the kernel's
/// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES must be raised first)
/// and parameter count as macros.
void writeHeaderEntry(llvm::raw_ostream &h, const CompiledKernel &k) {
  std::string id = cIdentifier(k.name);
  h << "// " << k.name << " (entry " << k.entry << "): part " << k.launchIndex
    << " of tessel.kernel @" << k.tesselKernel << "; parameters:";
  for (const runtime::Param &p : k.params) {
    h << " " << (p.isOutput ? "output" : "input") << "#" << p.position << "<";
    llvm::interleave(p.type.shape, h, "x");
    h << "x" << dtypeName(p.type.dtype) << ">";
  }
  h << "\n#define TESSEL_" << id << "_GRID " << k.grid[0] << ", " << k.grid[1]
    << ", " << k.grid[2] << "\n#define TESSEL_" << id << "_BLOCK " << k.block[0]
    << ", " << k.block[1] << ", " << k.block[2] << "\n#define TESSEL_" << id
    << "_CLUSTER " << k.cluster[0] << ", " << k.cluster[1] << ", "
    << k.cluster[2] << "\n#define TESSEL_" << id << "_DYNAMIC_SHARED_BYTES "
    << k.dynamicSharedMemoryBytes << "\n#define TESSEL_" << id << "_NUM_PARAMS "
    << k.params.size() << "\n\n";
}

/// Writes `k`'s binary into the output folder (and, for NVIDIA with
/// `ptxas`, its cubin) and returns its manifest entry, with the resources
/// ptxas or the HSACO's metadata report.
std::optional<runtime::GpuKernel>
writeKernel(const CompiledKernel &k, const Target &target,
            const std::optional<std::string> &ptxas, std::string &error) {
  SmallString<128> mainPath(outputDir.getValue());
  llvm::sys::path::append(mainPath, k.name + "." + k.format);
  if (failed(writeFile(mainPath, k.binary, error)))
    return std::nullopt;
  runtime::GpuKernel e;
  e.name = k.name;
  e.entry = k.entry;
  e.tesselKernel = k.tesselKernel;
  e.launchIndex = k.launchIndex;
  for (int i = 0; i < 3; ++i) {
    e.grid[i] = unsigned(k.grid[i]);
    e.block[i] = unsigned(k.block[i]);
    e.cluster[i] = unsigned(k.cluster[i]);
  }
  e.dynamicSharedMemoryBytes = k.dynamicSharedMemoryBytes;
  e.schedule = k.schedule;
  if (k.predictedUs >= 0) {
    e.predictedUs = k.predictedUs;
    e.predictedBound = k.predictedBound;
  }
  e.params = k.params;
  if (k.format == "ll") {
    e.llvmIr = k.name + ".ll";
  } else if (k.format == "ptx") {
    e.ptx = k.name + ".ptx";
    if (ptxas) {
      SmallString<128> cubinPath(outputDir.getValue());
      llvm::sys::path::append(cubinPath, k.name + ".cubin");
      std::optional<PtxasInfo> info =
          runPtxas(*ptxas, target.arch(), mainPath, cubinPath, error);
      if (!info)
        return std::nullopt;
      e.binary = k.name + ".cubin";
      e.registers = info->registers;
      e.sharedMemoryBytes = info->sharedBytes;
      e.scratchBytes = info->stackBytes;
    }
  } else {
    e.binary = k.name + ".hsaco";
    if (failed(readHsacoResources(k.binary, k.entry, e, error)))
      return std::nullopt;
  }
  return e;
}

/// Writes every kernel's files, kernels.h and manifest.json (with the
/// reference graph of each tessel.kernel, for runners that check kernels
/// without MLIR); returns the manifest.
std::optional<runtime::Manifest> writeKernels(const CompileResult &result,
                                              const Target &target,
                                              std::string &error) {
  bool nvidia = target.vendor() == Vendor::NVIDIA;
  std::optional<std::string> ptxas =
      nvidia && emit == Emit::Cubin ? findPtxas() : std::nullopt;
  if (nvidia && emit == Emit::Cubin && !ptxas)
    llvm::errs() << "tessel-compile: note: ptxas not found; writing PTX only\n";
  runtime::Manifest manifest;
  manifest.source = llvm::sys::path::filename(inputFile).str();
  manifest.targetName = target.name();
  manifest.vendor = std::string(vendorName(target.vendor()));
  manifest.arch = target.arch();
  std::string header;
  llvm::raw_string_ostream h(header);
  h << "// Generated by tessel-compile for " << target.name() << " ("
    << target.arch() << ") from " << manifest.source
    << ". Launch geometry and parameters of each kernel.\n"
    << "#pragma once\n\n";
  for (const CompiledKernel &k : result.kernels) {
    std::optional<runtime::GpuKernel> entry =
        writeKernel(k, target, ptxas, error);
    if (!entry)
      return std::nullopt;
    manifest.kernels.push_back(std::move(*entry));
    writeHeaderEntry(h, k);
  }
  for (const auto &[name, graph] : result.references)
    manifest.tesselKernels.push_back({name, {}, graph});
  manifest.functions = result.functions;
  SmallString<128> manifestPath(outputDir.getValue()),
      headerPath(outputDir.getValue());
  llvm::sys::path::append(manifestPath, "manifest.json");
  llvm::sys::path::append(headerPath, "kernels.h");
  if (failed(
          writeFile(manifestPath, runtime::writeManifest(manifest), error)) ||
      failed(writeFile(headerPath, header, error)))
    return std::nullopt;
  return manifest;
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
  compileOptions.parts = parts;
  compileOptions.llvmIR = emit == Emit::Llvm;
  if (predictOnly) {
    std::vector<FunctionFootprint> footprints;
    FailureOr<std::vector<KernelReport>> reports =
        predictKernels(*module, compileOptions, &footprints);
    if (failed(reports))
      return 1;
    llvm::outs() << formatPredictionTable(*target, *reports,
                                          functionIO(footprints));
    printFootprints(*target, footprints);
    if (failed(writeReports(*target, *reports, footprints, error)))
      return fail(error);
    return 0;
  }

  if (everySchedule != Sweep::None) {
    // Each kernel's line as its sweep ends, so that a long sweep
    // (`=all`: minutes a kernel) shows its progress.
    size_t compiled = 0, failures = 0;
    auto print = [&](const KernelSweep &k) {
      llvm::outs() << llvm::formatv(
          "  {0,-40} {1,5} offered {2,4} kinds {3,5} compiled {4,3} failed\n",
          k.kernel, k.offered, k.kinds, k.compiled, k.failures.size());
      for (const std::string &f : k.failures)
        llvm::outs() << "    failed: " << f << "\n";
      llvm::outs().flush();
      compiled += k.compiled;
      failures += k.failures.size();
    };
    FailureOr<std::vector<KernelSweep>> sweeps = compileEverySchedule(
        *module, *target, /*oneOfEachKind=*/everySchedule == Sweep::Kinds,
        print);
    if (failed(sweeps))
      return 1;
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
    if (failed(writeReports(*target, result->predictions, result->footprints,
                            error)))
      return fail(error);
    result->lowered->print(llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }

  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
    return fail("cannot create '" + outputDir + "': " + ec.message());
  std::optional<runtime::Manifest> manifest =
      writeKernels(*result, *target, error);
  if (!manifest)
    return fail(error);
  llvm::outs() << "tessel-compile: " << result->kernels.size()
               << " GPU kernel(s) for " << target->name() << " in " << outputDir
               << "\n";
  // One line per kernel: what a person checks first.
  for (const runtime::GpuKernel &k : manifest->kernels) {
    auto dimText = [](const std::array<unsigned, 3> &d) {
      return llvm::formatv("{0}x{1}x{2}", d[0], d[1], d[2]).str();
    };
    llvm::outs() << llvm::formatv("  {0,-40} grid {1,-10} block {2,-9}", k.name,
                                  dimText(k.grid), dimText(k.block));
    if (k.cluster != std::array<unsigned, 3>{1, 1, 1})
      llvm::outs() << " cluster " << dimText(k.cluster);
    if (k.registers)
      llvm::outs() << " registers " << *k.registers;
    llvm::outs() << "\n";
  }
  printRegisterOccupancy(*target, *manifest, result->predictions);
  printLocalMemory(*manifest);
  llvm::outs() << formatPredictionTable(*target, result->predictions,
                                        functionIO(result->footprints));
  printFootprints(*target, result->footprints);
  // After the output folder exists: the reports often go into it.
  if (failed(writeReports(*target, result->predictions, result->footprints,
                          error)))
    return fail(error);
  return 0;
}
