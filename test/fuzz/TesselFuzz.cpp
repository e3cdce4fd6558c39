//===- TesselFuzz.cpp - Fuzz the whole pipeline
//-----------------------------===//
//
// One input is a module of Tessel ops (text). It goes through what a user's
// model goes through: parsing and verification, a GPU target (the module's,
// or one of the four built-in ones chosen by the input), kernel formation
// and schedule selection with the cost model, the GPU pipeline to PTX
// (NVIDIA, in process) or to LLVM IR after the ROCDL lowering (AMD), and,
// when the tensors are small, the CPU check against the reference: a
// mismatch there is a miscompile, and aborts like a crash. Invalid inputs
// are expected to be refused with a diagnostic (silenced here); a crash
// anywhere is a finding.
//
// The mutator knows the input's structure: it changes all uses of one
// integer at once (a dim, a tile size: shapes stay consistent), swaps element
// types and targets, adds or drops keywords (causal, a window, keep_dims,
// transpose_rhs...), writes schedules onto kernels, and edits lines. This
// file is built two ways: as a libFuzzer target (`make fuzz`, with coverage
// feedback and ASan/UBSan) and into tessel-fuzz-run (FuzzMain.cpp), a plain
// mutation loop that `make check` runs for a minute.
//
//===----------------------------------------------------------------------===//

#include "test/fuzz/TesselFuzz.h"

#include "codegen/Compile.h"
#include "codegen/CpuCheck.h"
#include "codegen/ToolSupport.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <regex>

using namespace mlir;
using namespace mlir::tessel;

namespace mlir::tessel::fuzz {

StageCounts &counts() {
  static StageCounts c;
  return c;
}

void printCounts(llvm::raw_ostream &os) {
  const StageCounts &c = counts();
  os << "tessel-fuzz: executions per stage:\n"
     << "  inputs               " << c.inputs << "\n"
     << "  Tessel-only text     " << c.tesselText << "\n"
     << "  parsed and verified  " << c.parsed << "\n"
     << "  target set           " << c.targeted << "\n"
     << "  kernels formed, schedules chosen  " << c.selected << "\n"
     << "  compiled to PTX / LLVM IR         " << c.compiled << " (nvidia "
     << c.compiledNvidia << ", amd " << c.compiledAmd << ")\n"
     << "  checked on the CPU  " << c.cpuChecked << " (units " << c.cpuUnits
     << ", mismatches " << c.mismatches << ", undecided " << c.undecided
     << ")\n";
}

namespace {

/// A target attribute, `#tessel.target<"mi300x">`.
const std::regex &targetAttr() {
  static const std::regex attr("#tessel\\.target<\"[^\"]*\">");
  return attr;
}

/// Text that uses dialects or syntax other than Tessel's, func's and the
/// builtin types: what tessel-opt's upstream dialects parse is upstream's,
/// and Tessel's own tools never read it.
bool onlyTesselSyntax(llvm::StringRef text) {
  // A target's name is the one string Tessel's syntax quotes: any other
  // quote is foreign.
  std::string rest =
      std::regex_replace(text.str(), targetAttr(), "#tessel.target<name>");
  text = rest;
  for (llvm::StringRef foreign :
       {"vector<", "memref<", "!llvm", "gpu.", "linalg.", "affine", "scf.",
        "arith.", "math.", "tensor.", "transform.", "complex<", "tuple<",
        "#map", "dense_resource", "\"", "{-#", "#loc", "loc("})
    if (text.contains(foreign))
      return false;
  return true;
}

/// Whether every op of `module` is Tessel's, func's or the module itself.
bool onlyTesselOps(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns != "tessel" && ns != "func" && ns != "builtin")
      ok = false;
  });
  return ok;
}

/// The total elements of the public functions' arguments and results.
int64_t elementsOf(ModuleOp module) {
  int64_t total = 0;
  for (auto func : module.getOps<func::FuncOp>()) {
    SmallVector<Type> types(func.getArgumentTypes());
    llvm::append_range(types, func.getResultTypes());
    for (Type t : types) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      if (!ranked || !ranked.hasStaticShape())
        return INT64_MAX;
      int64_t n = ranked.getNumElements();
      if (n < 0 || n > (int64_t(1) << 40))
        return INT64_MAX;
      total += n;
    }
  }
  return total;
}

/// The CPU check of `module` (already formed for its target): aborts on a
/// mismatch, which is a miscompile.
void checkOnCpu(ModuleOp module) {
  FailureOr<std::vector<CheckUnit>> units = prepareCpuCheck(module, 1);
  if (failed(units))
    return;
  FailureOr<std::unique_ptr<CpuRunner>> runner = CpuRunner::create(module);
  if (failed(runner))
    return;
  ++counts().cpuChecked;
  for (const CheckUnit &unit : *units) {
    std::string error;
    FailureOr<std::vector<OutputCheck>> outputs =
        runCheckUnit(**runner, unit, /*compare=*/true, 1.0, error);
    if (failed(outputs))
      continue;
    ++counts().cpuUnits;
    for (const OutputCheck &out : *outputs) {
      // Where the reference cannot bound an element's error (a bf16 softmax
      // of values shifted by millions: the kernel's inputs keep no digit
      // of the differences), the check decides nothing: not a miscompile.
      if (!out.comparison.ok() && !std::isfinite(out.firstBound)) {
        ++counts().undecided;
        continue;
      }
      if (!out.comparison.ok()) {
        ++counts().mismatches;
        llvm::errs() << "tessel-fuzz: MISMATCH in " << unit.kind << " @"
                     << unit.graph.name << ": got " << out.firstGot
                     << ", expected " << out.firstExpected << " +- "
                     << out.firstBound << "\n";
        module.print(llvm::errs());
        llvm::errs() << "\n";
        std::abort();
      }
    }
  }
}

} // namespace

/// The largest model (elements of the public functions' tensors) the CPU
/// check runs: larger ones are compiled, not run.
constexpr int64_t kCpuCheckElements = 1 << 16;

void runOne(llvm::StringRef text) {
  StageCounts &c = counts();
  ++c.inputs;
  if (!onlyTesselSyntax(text))
    return;
  ++c.tesselText;
  static ToolContext *tool = new ToolContext(); // lives for the process
  MLIRContext &ctx = tool->context();
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  if (!module || !onlyTesselOps(*module))
    return;
  ++c.parsed;
  // The module's target, else one of the built-in four by the text.
  static const char *kTargets[] = {"h100", "a100", "mi300x", "mi250x"};
  std::string error;
  std::optional<Target> target =
      chooseTarget(*module, "", kTargets[llvm::xxh3_64bits(text) % 4], error);
  if (!target)
    return;
  ++c.targeted;
  if (failed(predictKernels(*module)))
    return;
  ++c.selected;
  bool nvidia = target->vendor() == Vendor::NVIDIA;
  CompileOptions options;
  options.llvmIR = !nvidia; // HSACO links with ld.lld: a process per input
  if (succeeded(compileKernels(*module, *target, options))) {
    ++c.compiled;
    ++(nvidia ? c.compiledNvidia : c.compiledAmd);
  }
  if (elementsOf(*module) <= kCpuCheckElements)
    checkOnCpu(*module);
}

//===----------------------------------------------------------------------===//
// The mutator
//===----------------------------------------------------------------------===//

namespace {

/// Sizes worth trying: small, around powers of two, the tiles' favourites,
/// and the extremes a verifier must refuse.
const std::vector<std::string> &sizes() {
  static const std::vector<std::string> v = {
      "0",          "1",          "2",
      "3",          "4",          "5",
      "7",          "8",          "13",
      "16",         "17",         "31",
      "32",         "33",         "48",
      "63",         "64",         "65",
      "96",         "127",        "128",
      "129",        "255",        "256",
      "769",        "1000",       "4096",
      "4097",       "-1",         "65536",
      "2147483647", "2147483648", "9223372036854775807"};
  return v;
}

const std::vector<std::string> &words() {
  static const std::vector<std::string> v = {" causal",
                                             " keep_dims",
                                             " transpose_lhs",
                                             " transpose_rhs",
                                             " scale = 0.125",
                                             " scale = 2.0",
                                             " epsilon = 1.0e-05",
                                             " window = 3",
                                             " causal window = 17"};
  return v;
}

const std::vector<std::string> &schedules() {
  static const std::vector<std::string> v = {
      "block = [1, 256], warps = 2, vector = 4",
      "block = [4, 64], warps = 1",
      "block = [16, 64], warps = 4",
      "block = [2, 128], thread = [1, 4], warps = 2, vector = 4",
      "block = [32, 32, 16], warps = 4",
      "block = [32, 32, 16], thread = [4, 4, 16], warps = 2",
      "block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync",
      "block = [32, 32, 32], warps = 4, stages = 3",
      "block = [32, 32, 16], split_k = 2, warps = 4",
      "block = [0, 4], warps = 4",
      "block = [8, 8], warps = 33",
      "block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = wgmma",
      "block = [128, 64, 64], warps = 8, stages = 4, cluster = 2, mma = wgmma",
      "block = [192, 64, 64], warps = 12, stages = 3, mma = wgmma",
      "block = [320, 64, 64], warps = 20, stages = 2, mma = wgmma",
      "block = [64, 64, 64], warps = 4, stages = 3, raster = 2, cluster = 2, "
      "mma = wgmma",
      "block = [64, 64, 32], warps = 4, stages = 3, cluster = 2, "
      "mma = mma_sync",
      "block = [128, 128, 32], warps = 8, stages = 2, raster = 3, mma = mfma",
      "block = [1], warps = 1",
      "block = [4, 4, 4, 4], warps = 8, vector = 16"};
  return v;
}

const std::vector<std::string> &elementTypes() {
  static const std::vector<std::string> v = {"f32", "f16", "bf16",
                                             "i32", "f64", "f8E4M3FN"};
  return v;
}

const std::vector<std::string> &targets() {
  static const std::vector<std::string> v = {"h100",   "h200",   "a100",
                                             "mi300x", "mi250x", "nope"};
  return v;
}

template <typename T> const T &pick(const std::vector<T> &v, std::mt19937 &r) {
  return v[r() % v.size()];
}

/// Every occurrence of whole-word `from` in `text` replaced with `to`.
std::string replaceAll(const std::string &text, const std::string &from,
                       const std::string &to) {
  std::regex word("(^|[^A-Za-z0-9_.])" + from + "(?![A-Za-z0-9_.])");
  return std::regex_replace(text, word, "$1" + to);
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(text).split(parts, '\n');
  for (llvm::StringRef p : parts)
    out.push_back(p.str());
  return out;
}

std::string join(const std::vector<std::string> &ls) {
  std::string s;
  for (size_t i = 0; i < ls.size(); ++i)
    s += (i ? "\n" : "") + ls[i];
  return s;
}

} // namespace

std::string mutate(const std::string &text, std::mt19937 &rng) {
  std::string s = text;
  switch (rng() % 9) {
  case 0:
  case 1: { // one integer, everywhere: a dim, a tile, a dim index
    std::vector<std::string> ints;
    std::regex number("(^|[^A-Za-z0-9_.%#@])([0-9]+)(?![0-9.])");
    for (auto it = std::sregex_iterator(s.begin(), s.end(), number);
         it != std::sregex_iterator(); ++it)
      ints.push_back((*it)[2]);
    if (ints.empty())
      break;
    return replaceAll(s, pick(ints, rng), pick(sizes(), rng));
  }
  case 2: { // an element type, everywhere
    for (const std::string &t : {"bf16", "f16", "f32"})
      if (s.find("x" + t + ">") != std::string::npos && rng() % 2)
        return replaceAll(s, t, pick(elementTypes(), rng));
    break;
  }
  case 3: { // a keyword added after an op's operands, or one removed
    std::vector<std::string> ls = lines(s);
    if (ls.empty())
      break;
    std::string &l = ls[rng() % ls.size()];
    const std::string &w = pick(words(), rng);
    size_t at;
    if ((at = l.find(w)) != std::string::npos)
      l.erase(at, w.size());
    else if ((at = l.find(" : ")) != std::string::npos &&
             l.find("tessel.") != std::string::npos)
      l.insert(at, w);
    return join(ls);
  }
  case 4: { // a schedule on a kernel, or another one
    std::regex sched("schedule = #tessel\\.schedule<[^>]*>");
    std::string to =
        "schedule = #tessel.schedule<" + pick(schedules(), rng) + ">";
    if (std::regex_search(s, sched))
      return std::regex_replace(s, sched, to,
                                std::regex_constants::format_first_only);
    std::regex kernel("(= tessel\\.kernel @\\w+\\([^)]*\\) : \\([^)]*\\) -> "
                      "[^{]*?) \\{");
    return std::regex_replace(s, kernel, "$1 " + to + " {",
                              std::regex_constants::format_first_only);
  }
  case 5: { // the target
    if (std::regex_search(s, targetAttr()))
      return std::regex_replace(
          s, targetAttr(), "#tessel.target<\"" + pick(targets(), rng) + "\">");
    return "module attributes {tessel.target = #tessel.target<\"" +
           pick(targets(), rng) + "\">} {\n" + s + "\n}";
  }
  case 6: { // a line dropped
    std::vector<std::string> ls = lines(s);
    if (ls.size() > 1)
      ls.erase(ls.begin() + rng() % ls.size());
    return join(ls);
  }
  case 7: { // a line duplicated
    std::vector<std::string> ls = lines(s);
    if (!ls.empty()) {
      size_t i = rng() % ls.size();
      ls.insert(ls.begin() + i, ls[i]);
    }
    return join(ls);
  }
  default: { // a few bytes
    if (s.empty())
      break;
    for (int n = 1 + rng() % 3; n > 0; --n)
      s[rng() % s.size()] = "0123456789[],x<>=: "[rng() % 19];
    return s;
  }
  }
  return s;
}

} // namespace mlir::tessel::fuzz
