//===- DeviceRunner.h - Run, check and time compiled kernels ----*- C++ -*-===//
//
// Loads the kernels `tessel-compile` wrote (manifest.json and binaries),
// runs each tessel.kernel on seeded random inputs through the CUDA driver,
// compares its outputs with the independent reference (runtime/Reference.h)
// and times it with device events. What `tessel-run out/ --device` and the
// MLIR-free `tessel-run-device` do; docs/benchmarks.md describes the output.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_DEVICERUNNER_H
#define TESSEL_RUNTIME_DEVICERUNNER_H

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace mlir::tessel::runtime {

struct DeviceRunOptions {
  bool check = true;
  bool time = true;
  uint64_t seed = 1;
  double toleranceScale = 1.0;
  /// Run only the tessel.kernel of this name ("" = all).
  std::string only;
  /// Timed repetitions: at least `minReps`, more up to `maxReps` while the
  /// total stays under `targetMs`.
  int warmup = 5, minReps = 20, maxReps = 500;
  double targetMs = 100;
  /// Time batches of 16 launches back to back, one event pair per batch
  /// (a repetition's time: the batch's over 16), as a function runs its
  /// kernels; by default an event is recorded before each launch, and each
  /// repetition is timed alone.
  bool backToBack = false;
  /// At most this many buffer sets to rotate through while timing (>= 1).
  /// The default reads each repetition's inputs from DRAM (enough sets that
  /// no earlier repetition left them in L2, up to 32); 1 times every
  /// repetition on the same buffers, L2 and the TLBs warm from the last:
  /// the two side by side show what a kernel's first touch of cold memory
  /// costs it.
  int maxBufferSets = 32;
  /// Skip the reference for kernels that would cost it more multiply-adds
  /// than this (the interpreter runs plain double loops on one core).
  double referenceBudget = 4e9;
  /// The library to load ("" = libcuda.so.1 for NVIDIA kernels,
  /// libamdhip64.so for AMD ones).
  std::string driverLibrary;
};

/// Runs every manifest folder in `directories`; prints a line per kernel to
/// `log` and sets `resultJson` to the results as JSON text (see
/// docs/benchmarks.md). Returns 0 when every
/// checked kernel matched, 1 on a mismatch, 2 when nothing could run (no
/// driver or no GPU, an unreadable manifest) or a kernel failed (a launch
/// error, a fault): the run stops at that kernel, `resultJson` holds what
/// ran before it and the kernel with its "error", and `error` says why.
int runOnDevice(const std::vector<std::string> &directories,
                const DeviceRunOptions &options, std::ostream &log,
                std::string &resultJson, std::string &error);

/// What `tessel-run-device DIR --inputs=IN [--expected=EXP]
/// [--save-outputs=OUT]` does with one function.
struct FunctionRunOptions {
  /// The function to run ("" = the manifest's only function).
  std::string function;
  /// input<i>.npy per argument; output<i>.npy per result.
  std::string inputsDir, expectedDir, saveDir;
  /// Compare with the function's reference graph (its ops as written,
  /// evaluated on the host) unless its work is over `referenceBudget`.
  bool check = true;
  bool time = true;
  double toleranceScale = 1.0, referenceBudget = 4e10;
  int warmup = 3, minReps = 10, maxReps = 200;
  double targetMs = 1000;
  std::string driverLibrary;
};

/// Runs a whole function of the manifest in `directory` on the GPU: its
/// arguments from .npy files, each of its tessel.kernel calls in program
/// order over device buffers (a reshape shares its operand's buffer), its
/// results compared with the reference (and with expected .npy files,
/// within the reference's bounds), saved, and the whole function timed.
/// Arguments are read and checked before any driver is loaded. Returns 0
/// when the results match, 1 on a mismatch, 2 when it could not run.
int runFunctionOnDevice(const std::string &directory,
                        const FunctionRunOptions &options, std::ostream &log,
                        std::string &error);

} // namespace mlir::tessel::runtime

#endif // TESSEL_RUNTIME_DEVICERUNNER_H
