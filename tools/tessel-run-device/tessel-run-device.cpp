//===- tessel-run-device.cpp - Run compiled kernels on a GPU --------------===//
//
// `tessel-run-device out/ [out2/ ...] --json=results.json` loads the kernels
// tessel-compile wrote into each folder, runs every tessel.kernel on seeded
// random inputs, checks its outputs against the independent reference and
// times it with device events (docs/benchmarks.md). `tessel-run out/
// --device` does the same; this tool links neither MLIR nor LLVM, so it is
// the one carried to a GPU machine. With `--inputs=DIR` it runs one whole
// function instead (an imported model, say) on the arguments in DIR's
// .npy files, checks and times it. Exit status: 0 all checked kernels
// match, 1 a mismatch, 2 nothing could run (the message says why).
//
//===----------------------------------------------------------------------===//

#include "runtime/DeviceRunner.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>

using namespace mlir::tessel;

namespace {

const char *kUsage =
    "usage: tessel-run-device <dir> [<dir> ...] [options]\n"
    "  Runs, checks and times the kernels tessel-compile wrote to each <dir>.\n"
    "  --json=FILE            write the results as JSON\n"
    "  --no-check             do not compare with the reference\n"
    "  --no-time              run and check once, do not time\n"
    "  --back-to-back         time batches of 16 launches with no event\n"
    "                         between them (a repetition: the batch / 16)\n"
    "  --only=NAME            only the tessel.kernel NAME\n"
    "  --seed=N               random input seed (default 1)\n"
    "  --tolerance-scale=X    multiply each element's error bound by X\n"
    "  --warmup=N             untimed repetitions first (default 5)\n"
    "  --min-reps=N --max-reps=N --target-ms=X\n"
    "                         timed repetitions: at least N, then more up to\n"
    "                         max-reps while the total is under X ms\n"
    "                         (defaults 20, 500, 100)\n"
    "  --buffer-sets=N        time on at most N sets of buffers in turn\n"
    "                         (default 32: each repetition's inputs come from\n"
    "                         DRAM; 1: L2 and the TLBs warm)\n"
    "  --reference-budget=X   skip the check of kernels whose reference would\n"
    "                         take more than X multiply-adds (default 4e9)\n"
    "  --driver=LIB           the CUDA driver library (default libcuda.so.1), "
    "or\n"
    "                         the HIP runtime for AMD kernels "
    "(libamdhip64.so)\n"
    "A whole function (one <dir>):\n"
    "  --inputs=DIR           run the function on DIR/input<i>.npy (its\n"
    "                         arguments, as tessel-run --cpu --inputs), check\n"
    "                         it against its reference and time it whole\n"
    "  --function=NAME        which function (default: the only one)\n"
    "  --expected=DIR         also compare with DIR/output<i>.npy\n"
    "  --save-outputs=DIR     write its results as DIR/output<i>.npy\n";

bool value(const std::string &arg, const char *name, std::string &out) {
  std::string prefix = std::string(name) + "=";
  if (arg.compare(0, prefix.size(), prefix) != 0)
    return false;
  out = arg.substr(prefix.size());
  return true;
}

} // namespace

int main(int argc, char **argv) {
  runtime::DeviceRunOptions options;
  runtime::FunctionRunOptions whole;
  std::vector<std::string> dirs;
  std::string jsonPath;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], v;
    char *end = nullptr;
    auto number = [&](const std::string &text) {
      double d = std::strtod(text.c_str(), &end);
      if (text.empty() || *end) {
        std::cerr << "tessel-run-device: error: '" << arg
                  << "' needs a number\n";
        std::exit(2);
      }
      return d;
    };
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (value(arg, "--json", v)) {
      jsonPath = v;
    } else if (arg == "--no-check") {
      options.check = false;
    } else if (arg == "--no-time") {
      options.time = false;
    } else if (arg == "--back-to-back") {
      options.backToBack = true;
    } else if (value(arg, "--only", v)) {
      options.only = v;
    } else if (value(arg, "--seed", v)) {
      options.seed = uint64_t(number(v));
    } else if (value(arg, "--tolerance-scale", v)) {
      options.toleranceScale = number(v);
    } else if (value(arg, "--warmup", v)) {
      options.warmup = int(number(v));
    } else if (value(arg, "--min-reps", v)) {
      options.minReps = int(number(v));
    } else if (value(arg, "--max-reps", v)) {
      options.maxReps = int(number(v));
    } else if (value(arg, "--target-ms", v)) {
      options.targetMs = number(v);
    } else if (value(arg, "--buffer-sets", v)) {
      double sets = number(v);
      if (!(sets >= 1 && sets <= 1024) || sets != std::floor(sets)) {
        std::cerr << "tessel-run-device: error: '" << arg
                  << "' needs a whole number from 1 to 1024\n";
        return 2;
      }
      options.maxBufferSets = int(sets);
    } else if (value(arg, "--reference-budget", v)) {
      options.referenceBudget = number(v);
    } else if (value(arg, "--driver", v)) {
      options.driverLibrary = v;
    } else if (value(arg, "--inputs", v)) {
      whole.inputsDir = v;
    } else if (value(arg, "--function", v)) {
      whole.function = v;
    } else if (value(arg, "--expected", v)) {
      whole.expectedDir = v;
    } else if (value(arg, "--save-outputs", v)) {
      whole.saveDir = v;
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "tessel-run-device: error: unknown option '" << arg << "'\n"
                << kUsage;
      return 2;
    } else {
      dirs.push_back(arg);
    }
  }
  if (dirs.empty()) {
    std::cerr << "tessel-run-device: error: no kernel folder given\n" << kUsage;
    return 2;
  }
  std::string result;
  std::string error;
  if (!whole.inputsDir.empty() || !whole.function.empty() ||
      !whole.expectedDir.empty() || !whole.saveDir.empty()) {
    if (whole.inputsDir.empty() || dirs.size() != 1) {
      std::cerr << "tessel-run-device: error: a whole function runs from one "
                   "kernel folder on the arguments --inputs=DIR names\n";
      return 2;
    }
    whole.check = options.check;
    whole.time = options.time;
    whole.toleranceScale = options.toleranceScale;
    whole.driverLibrary = options.driverLibrary;
    int status =
        runtime::runFunctionOnDevice(dirs.front(), whole, std::cout, error);
    if (status == 2)
      std::cerr << "tessel-run-device: error: " << error << "\n";
    return status;
  }
  int status = runtime::runOnDevice(dirs, options, std::cout, result, error);
  if (status == 2)
    std::cerr << "tessel-run-device: error: " << error << "\n";
  // A run that stopped at a failed kernel still writes what it measured
  // (and the failure) to the JSON file.
  if (!jsonPath.empty() && !result.empty()) {
    std::ofstream out(jsonPath);
    out << result;
    if (!out) {
      std::cerr << "tessel-run-device: error: cannot write '" << jsonPath
                << "'\n";
      return 2;
    }
  }
  if (status == 1)
    std::cerr << "tessel-run-device: some outputs do not match the "
                 "reference\n";
  return status;
}
