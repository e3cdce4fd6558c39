//===- Compile.h - Ahead-of-time compilation of Tessel kernels --*- C++ -*-===//
//
// Runs the GPU pipeline on a module and collects, per GPU kernel, what a
// loader needs: the entry name, the launch geometry, the meaning of each
// parameter (which input or output of which Tessel kernel, its shape and
// type), the schedule it was tiled with, and the PTX or HSACO. tessel-compile
// writes these as files and manifest.json (docs/manifest.md).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_COMPILE_H
#define TESSEL_CODEGEN_COMPILE_H

#include "costmodel/Report.h"
#include "costmodel/Target.h"
#include "passes/Passes.h"
#include "runtime/Manifest.h"
#include "runtime/Reference.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace mlir::tessel {

struct CompiledKernel {
  std::string name;         // unique per compile: the binary's file stem
  std::string entry;        // the GPU entry point (PTX .entry name)
  std::string tesselKernel; // the tessel.kernel it implements
  unsigned launchIndex = 0; // order among that kernel's launches
  std::array<int64_t, 3> grid{1, 1, 1};
  std::array<int64_t, 3> block{1, 1, 1};
  /// Blocks per thread-block cluster, x y z (sm_90a, a wgmma schedule's
  /// `cluster`); 1, 1, 1 without clusters.
  std::array<int64_t, 3> cluster{1, 1, 1};
  /// Bytes of dynamic shared memory to launch with (0: none).
  int64_t dynamicSharedMemoryBytes = 0;
  /// Each a pointer to the buffer of one input or output of the Tessel
  /// kernel it implements (as manifest.json describes it).
  std::vector<runtime::Param> params;
  std::string schedule; // the #tessel.schedule, printed
  /// The cost model's prediction for the whole tessel.kernel (all its
  /// launches); negative when the schedule was written by hand.
  double predictedUs = -1;
  std::string predictedBound;
  std::string binary; // PTX text (NVIDIA), HSACO bytes (AMD), LLVM IR text
  std::string format; // "ptx", "hsaco" or "ll"
};

/// The device memory a public function needs at its peak (Footprint.h),
/// and what its arguments and results hold.
struct FunctionFootprint {
  std::string function;
  int64_t peakBytes = 0;
  int64_t largestBytes = 0;
  std::string largest; // what the largest value live at the peak is
  int64_t ioBytes = 0; // its arguments' and results' bytes
};

/// The functions' inputs and outputs, as the report's best formulation
/// counts them (Report.h).
std::vector<FunctionIO>
functionIO(const std::vector<FunctionFootprint> &footprints);

struct CompileResult {
  std::vector<CompiledKernel> kernels;
  /// Per public function, its peak device memory.
  std::vector<FunctionFootprint> footprints;
  /// The cost model's prediction per tessel.kernel, in program order.
  std::vector<KernelReport> predictions;
  /// Per tessel.kernel, the reference graph that computes its outputs on
  /// the host: manifest.json carries it so that a GPU-side runner can check
  /// the kernels without MLIR.
  std::map<std::string, ref::Graph> references;
  /// Per public function whose ops all became kernels or views, the
  /// kernels it runs over which buffers, and its reference graph as
  /// written: manifest.json carries them so that a runner runs the
  /// function whole (tessel-run-device --inputs).
  std::vector<runtime::FunctionPlan> functions;
  OwningOpRef<ModuleOp> lowered; // the module after the whole pipeline
};

/// How schedules are chosen and what the compilation produces.
struct CompileOptions {
  /// Kernels without a schedule get the one the cost model ranks this
  /// (0 = the best).
  int64_t scheduleRank = 0;
  /// Hand-written schedules the cost model finds illegal on the target are
  /// replaced with its choice (tessel-select-schedules' `refit`).
  bool refitSchedules = false;
  /// Each kernel's LLVM IR (as text) instead of its PTX or HSACO.
  bool llvmIR = false;
  /// When an attention or a convolution runs as its parts
  /// (tessel-form-kernels' `parts`).
  PartsPolicy parts = PartsPolicy::Model;
};

/// Compiles every tessel.kernel of `module` for `target` (PTX for NVIDIA,
/// HSACO for AMD, or LLVM IR). Emits diagnostics and fails on an
/// unsupported target or input, and on a public function whose tensors
/// cannot fit the target's device memory at once; an error inside a kernel
/// carries a note naming the kernel and its schedule.
FailureOr<CompileResult> compileKernels(ModuleOp module, const Target &target,
                                        const CompileOptions &options = {});

/// Groups the ops of (a copy of) `module` into kernels, chooses their
/// schedules for the module's `tessel.target` and returns the predictions,
/// without generating code: `tessel-compile --predict-only`. Fails, as
/// compileKernels does, on a function that cannot fit the device; fills
/// `footprints` when given.
FailureOr<std::vector<KernelReport>>
predictKernels(ModuleOp module, const CompileOptions &options = {},
               std::vector<FunctionFootprint> *footprints = nullptr);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_COMPILE_H
