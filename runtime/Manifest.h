//===- Manifest.h - manifest.json as the runtime reads it -------*- C++ -*-===//
//
// What `tessel-compile` writes next to the kernel binaries (docs/manifest.md):
// per GPU kernel its entry, launch geometry and parameters, and per
// tessel.kernel the reference graph that computes the same outputs on the
// host. Plain C++: the GPU-side runner reads it without LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_MANIFEST_H
#define TESSEL_RUNTIME_MANIFEST_H

#include "runtime/Json.h"
#include "runtime/Reference.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::runtime {

struct Param {
  bool isOutput = false;
  unsigned position = 0; // among the tessel.kernel's inputs or outputs
  ref::TensorType type;
};

struct GpuKernel {
  std::string name, entry, tesselKernel;
  unsigned launchIndex = 0;
  std::string binary; // file name inside the manifest's folder ("" if none)
  std::string ptx;    // NVIDIA: the PTX file name
  std::array<unsigned, 3> grid{1, 1, 1}, block{1, 1, 1};
  int64_t sharedMemoryBytes = 0;
  std::optional<int64_t> registers;
  std::string schedule;
  std::optional<double> predictedUs;
  std::string predictedBound;
  std::vector<Param> params;
};

/// One tessel.kernel: its GPU kernels in launch order and its reference.
struct TesselKernel {
  std::string name;
  std::vector<const GpuKernel *> launches;
  std::optional<ref::Graph> reference;
};

struct Manifest {
  std::string directory; // where the binaries are
  std::string source, targetName, vendor, arch;
  std::vector<GpuKernel> kernels;
  /// In the order their first launch appears in the manifest.
  std::vector<TesselKernel> tesselKernels;
};

/// Reads `directory`/manifest.json. Returns nullopt and sets `error` when the
/// file is missing or malformed.
std::optional<Manifest> readManifest(const std::string &directory,
                                     std::string &error);

/// The reference graph as manifest.json stores it (docs/manifest.md).
json::Value graphToJson(const ref::Graph &graph);
std::optional<ref::Graph> graphFromJson(const json::Value &value,
                                        std::string &error);

std::optional<ref::DType> parseDType(const std::string &name);

/// Reads a whole file; nullopt (with `error`) when it cannot be read.
std::optional<std::string> readFile(const std::string &path,
                                    std::string &error);

} // namespace mlir::tessel::runtime

#endif // TESSEL_RUNTIME_MANIFEST_H
