//===- tessel-target.cpp - Inspect Tessel's GPU targets
//--------------------===//
//
// Lists the built-in GPUs and prints one target, built-in or from a JSON file,
// as a table with the source of every number or as JSON (the format a user
// copies to describe a GPU Tessel does not know). Plain C++ on top of the
// cost model: no MLIR, no LLVM, so it also runs on GPU machines.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Target.h"

#include <cstring>
#include <iomanip>
#include <iostream>

using namespace mlir::tessel;

static const char *kUsage =
    "usage: tessel-target list\n"
    "       tessel-target show NAME|FILE.json [--json]\n"
    "\n"
    "  list   the built-in GPUs: name, vendor, architecture\n"
    "  show   every field of one target with its unit and source; --json\n"
    "         writes the target in the format a .json target file uses\n";

static int listTargets() {
  for (const std::string &name : knownTargetNames()) {
    Target t = *lookupKnownTarget(name);
    std::cout << std::left << std::setw(8) << t.name() << std::setw(8)
              << vendorName(t.vendor()) << std::setw(8) << t.arch()
              << t.description() << "\n";
  }
  return 0;
}

static int showTarget(const std::string &spec, bool json) {
  std::string error;
  std::optional<Target> target = resolveTarget(spec, error);
  if (!target) {
    std::cerr << "tessel-target: error: " << error << "\n";
    return 1;
  }
  std::cout << (json ? targetToJson(*target) : formatTargetTable(*target));
  return 0;
}

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? 1 : 0;
  }
  if (args[0] == "list" && args.size() == 1)
    return listTargets();
  if (args[0] == "show" && (args.size() == 2 || args.size() == 3)) {
    bool json = args.size() == 3 && args[2] == "--json";
    if (args.size() == 3 && !json) {
      std::cerr << "tessel-target: error: unknown option '" << args[2] << "'\n"
                << kUsage;
      return 1;
    }
    return showTarget(args[1], json);
  }
  std::cerr << "tessel-target: error: bad arguments\n" << kUsage;
  return 1;
}
