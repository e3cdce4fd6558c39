//===- FuzzMain.cpp - tessel-fuzz-run: the fuzz target in a plain loop ----===//
//
//   tessel-fuzz-run --seconds=60 [--seed=N] [--split-to=DIR]
//                   [--crash-to=FILE] FILE.mlir...
//
// Splits each seed file into one module per public function (with the
// functions it calls and the module's attributes), then, for the given
// time, picks a seed, mutates it one to four times with the structure-aware
// mutator and runs it through the pipeline (TesselFuzz.cpp), printing how
// many inputs reached each stage. Without coverage feedback it finds less
// than `make fuzz` (libFuzzer, ASan, UBSan) but needs no special build:
// `make check` runs it for a minute. With --split-to it only writes the
// split seeds there (libFuzzer's starting corpus). On a crash it prints
// LLVM's stack trace and writes the input that crashed to
// --crash-to=FILE (tessel-fuzz-crash.mlir by default), to replay with
// tessel-compile or tessel-run.
//
//===----------------------------------------------------------------------===//

#include "test/fuzz/TesselFuzz.h"

#include "codegen/ToolSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <chrono>
#include <fcntl.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// The input being run and where a crash writes it. The signal handler
/// only reads them, with open(2) and write(2), which a handler may call.
const std::string *currentInput = nullptr;
std::string crashPath = "tessel-fuzz-crash.mlir";

void writeCrashingInput(void *) {
  if (!currentInput)
    return;
  int fd = ::open(crashPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  const char *data = currentInput->data();
  size_t left = currentInput->size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n <= 0)
      break;
    data += n;
    left -= size_t(n);
  }
  ::close(fd);
  static const char note[] = "tessel-fuzz-run: the input that crashed is in ";
  (void)!::write(2, note, sizeof(note) - 1);
  (void)!::write(2, crashPath.data(), crashPath.size());
  (void)!::write(2, "\n", 1);
}

/// The public functions of the module in `path`, each alone in a module
/// with its callees and the module's attributes, as text.
std::vector<std::string> splitSeeds(ToolContext &tool, llvm::StringRef path) {
  std::vector<std::string> seeds;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return seeds;
  MLIRContext &ctx = tool.context();
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>((*buffer)->getBuffer(), &ctx);
  if (!module)
    return seeds;
  for (auto func : module->getOps<func::FuncOp>()) {
    if (!func.isPublic())
      continue;
    OwningOpRef<ModuleOp> alone = module->clone();
    // Keep the function and what it calls.
    llvm::SmallPtrSet<Operation *, 8> keep = {
        alone->lookupSymbol(func.getSymName())};
    SmallVector<Operation *> work(keep.begin(), keep.end());
    while (!work.empty())
      work.pop_back_val()->walk([&](func::CallOp call) {
        if (Operation *callee = alone->lookupSymbol(call.getCallee()))
          if (keep.insert(callee).second)
            work.push_back(callee);
      });
    for (Operation &op : llvm::make_early_inc_range(*alone->getBody()))
      if (!keep.contains(&op))
        op.erase();
    std::string text;
    llvm::raw_string_ostream os(text);
    alone->print(os);
    seeds.push_back(text);
  }
  return seeds;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  double seconds = 60;
  unsigned seed = 1;
  std::string splitTo;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.consume_front("--seconds="))
      seconds = std::stod(arg.str());
    else if (arg.consume_front("--seed="))
      seed = unsigned(std::stoul(arg.str()));
    else if (arg.consume_front("--split-to="))
      splitTo = arg.str();
    else if (arg.consume_front("--crash-to="))
      crashPath = arg.str();
    else if (arg.starts_with("-")) {
      llvm::errs() << "usage: tessel-fuzz-run [--seconds=S] [--seed=N] "
                      "[--split-to=DIR] [--crash-to=FILE] FILE.mlir...\n";
      return 2;
    } else
      files.push_back(arg.str());
  }
  ToolContext tool;
  std::vector<std::string> seeds;
  for (const std::string &f : files)
    for (std::string &s : splitSeeds(tool, f))
      seeds.push_back(std::move(s));
  if (seeds.empty()) {
    llvm::errs() << "tessel-fuzz-run: error: no seed (give .mlir files with "
                    "public functions)\n";
    return 2;
  }
  if (!splitTo.empty()) {
    llvm::sys::fs::create_directories(splitTo);
    for (size_t i = 0; i < seeds.size(); ++i) {
      llvm::SmallString<128> path(splitTo);
      llvm::sys::path::append(path, "seed" + std::to_string(i) + ".mlir");
      std::error_code ec;
      llvm::raw_fd_ostream out(path, ec);
      if (ec) {
        llvm::errs() << "tessel-fuzz-run: error: " << path << ": "
                     << ec.message() << "\n";
        return 2;
      }
      out << seeds[i];
    }
    llvm::outs() << "tessel-fuzz-run: " << seeds.size() << " seeds in "
                 << splitTo << "\n";
    return 0;
  }

  llvm::sys::AddSignalHandler(writeCrashingInput, nullptr);
  std::mt19937 rng(seed);
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  while (elapsed() < seconds) {
    std::string input = seeds[rng() % seeds.size()];
    for (int n = 1 + rng() % 4; n > 0; --n)
      input = fuzz::mutate(input, rng);
    currentInput = &input;
    fuzz::runOne(input);
    currentInput = nullptr;
  }
  llvm::outs() << "tessel-fuzz-run: " << seeds.size() << " seeds, "
               << llvm::format("%.0f", elapsed()) << " s\n";
  fuzz::printCounts(llvm::outs());
  return 0;
}
