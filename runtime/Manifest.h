//===- Manifest.h - manifest.json as the runtime reads it -------*- C++ -*-===//
//
// What `tessel-compile` writes next to the kernel binaries (docs/manifest.md):
// per GPU kernel its entry, launch geometry and parameters, and per
// tessel.kernel the reference graph that computes the same outputs on the
// host. The writer and the reader are both here, so the format has one
// home. Plain C++ (JSON through nlohmann::json, whose exceptions are caught
// inside): the GPU-side runner reads it without LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_MANIFEST_H
#define TESSEL_RUNTIME_MANIFEST_H

#include "runtime/Reference.h"
#include "runtime/Support.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::runtime {

/// A TMA tensor map over a parameter's buffer (NVIDIA sm_90a, a kernel
/// with `mma = wgmma`): the kernel takes a pointer to a 128-byte CUtensorMap
/// in device memory that the runner encodes (cuTensorMapEncodeTiled) over
/// the buffer, whole and row-major, with this box.
struct TensorMap {
  std::vector<int64_t> box; // elements per dim, outermost first
  int64_t swizzleBytes = 128;
  int64_t l2PromotionBytes = 256;
  /// Elements outside the buffer read as zero (else NaN).
  bool oobZero = true;
};

struct Param {
  bool isOutput = false;
  unsigned position = 0; // among the tessel.kernel's inputs or outputs
  ref::TensorType type;
  /// Set: the parameter is a tensor map of the buffer, not its pointer.
  std::optional<TensorMap> tensorMap;
  /// An output whose buffer must hold zeros when the kernel starts, and
  /// does when it ends (a split-KV attention's arrival counts): the
  /// runners allocate it zeroed instead of poisoned.
  bool zeroed = false;
};

struct GpuKernel {
  std::string name, entry, tesselKernel;
  unsigned launchIndex = 0;
  std::string binary; // file name inside the manifest's folder ("" if none)
  std::string ptx;    // NVIDIA: the PTX file name
  std::string llvmIr; // --emit=llvm: the LLVM IR file name
  std::array<unsigned, 3> grid{1, 1, 1}, block{1, 1, 1};
  /// Blocks per thread-block cluster (NVIDIA sm_90a): the binary requires
  /// them (PTX `.reqnctapercluster`), so a plain launch runs the grid in
  /// clusters of this size; each grid dim is a multiple of its own.
  std::array<unsigned, 3> cluster{1, 1, 1};
  int64_t sharedMemoryBytes = 0;
  /// Dynamic shared memory the kernel is launched with (NVIDIA: past the
  /// static limit, tessel-dynamic-shared-memory); 0 for none.
  int64_t dynamicSharedMemoryBytes = 0;
  std::optional<int64_t> registers;
  /// AMD: scalar registers and private (scratch) bytes per work-item.
  std::optional<int64_t> scalarRegisters, scratchBytes;
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

/// A value of a public function: one of its arguments, a result of one of
/// its tessel.kernel calls (a buffer of its own), or a view (a reshape) of
/// another value, which shares that value's buffer.
struct FunctionValue {
  enum class Kind { Argument, Produced, View };
  Kind kind = Kind::Produced;
  /// Argument: the argument's index; View: the value it views.
  int64_t index = 0;
  ref::TensorType type;
};

/// One call of a tessel.kernel: the values its inputs and outputs are, by
/// position.
struct FunctionStep {
  std::string tesselKernel;
  std::vector<int64_t> inputs, outputs;
};

/// A public function as the kernels it runs, in program order, so that a
/// runner runs it whole on a GPU (tessel-run-device --inputs), and the
/// reference graph of its ops as written, to check it against.
struct FunctionPlan {
  std::string name;
  std::vector<FunctionValue> values;
  std::vector<FunctionStep> steps;
  std::vector<int64_t> results;
  std::optional<ref::Graph> reference;
  /// The arguments' types, in order.
  std::vector<ref::TensorType> argumentTypes() const;
};

struct Manifest {
  std::string directory; // where the binaries are
  std::string source, targetName, vendor, arch;
  std::vector<GpuKernel> kernels;
  /// In the order their first launch appears in the manifest.
  std::vector<TesselKernel> tesselKernels;
  /// The public functions whose every op became a kernel or a view.
  std::vector<FunctionPlan> functions;
};

/// Reads `directory`/manifest.json. Returns nullopt and sets `error` when the
/// file is missing or malformed.
std::optional<Manifest> readManifest(const std::string &directory,
                                     std::string &error);

/// The text of manifest.json for `manifest`: its kernels, each
/// tessel.kernel's reference graph where it has one, and its functions'
/// plans (docs/manifest.md).
/// `directory` and the grouping of launches are not written; readManifest
/// rebuilds them.
std::string writeManifest(const Manifest &manifest);

/// A reference graph as JSON text on one line, as manifest.json stores it
/// under `reference_graphs`, and back (nullopt, with `error`, when the text
/// is no valid graph).
std::string graphToJsonText(const ref::Graph &graph);
std::optional<ref::Graph> graphFromJsonText(const std::string &text,
                                            std::string &error);

} // namespace mlir::tessel::runtime

#endif // TESSEL_RUNTIME_MANIFEST_H
