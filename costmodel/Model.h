//===- Model.h - Tessel's analytical kernel time model ----------*- C++ -*-===//
//
// predict(KernelDesc, Schedule, Target) -> Prediction: a tile-level
// hierarchical roofline of the kernels Tessel emits. A kernel description
// says what the kernel computes (its loop nest, the operands and which loops
// index them, its floating-point work); a schedule says how it is tiled; the
// target supplies the hardware. The prediction keeps each term so that a
// report can say which limit binds. Plain C++17, no MLIR: the pass that
// builds descriptions from IR lives in passes/.
//
// The formulas and their sources are in docs/cost-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_COSTMODEL_MODEL_H
#define TESSEL_COSTMODEL_MODEL_H

#include "costmodel/Target.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::tessel {

enum class ComputeClass { Simt, MmaSync, Wgmma, Mfma };
enum class ElementType { F32, F16, BF16 };

int64_t elementBytes(ElementType type);

/// One loop of the kernel's iteration space (the root of its loop nest).
struct Loop {
  int64_t size = 1;
  bool reduction = false;
};

/// One buffer the kernel reads or writes, and the loops that index it.
struct Operand {
  std::vector<int> loops; // indices into KernelDesc::loops
  ElementType type = ElementType::F32;
  bool output = false;
};

struct KernelDesc {
  std::string name;
  std::vector<Loop> loops;
  std::vector<Operand> operands;
  double flops = 0;           // floating-point operations (a multiply-add is 2)
  double transcendentals = 0; // exp, tanh, erf... (counted apart)
  /// Work the SIMT strategy redoes per output element because a reduction
  /// is fused under an elementwise consumer (a softmax row's max and sum):
  /// extra flops per output element.
  double recomputedFlopsPerOutput = 0;
  /// Bytes the SIMT strategy loads from the kernel's inputs (through L1) per
  /// output element: each iteration of a fused loop reads its operands anew.
  double loadBytesPerOutput = 0;
  /// True when the kernel's root is a contraction or convolution (a
  /// multiply-add reduction): the work tensor/matrix cores can do.
  bool contraction = false;
};

struct Schedule {
  std::vector<int64_t> block; // tile per parallel loop, innermost last
  int64_t warps = 4;
  int64_t splitK = 1;
  ComputeClass compute = ComputeClass::Simt;
};

/// Why a time is what it is.
enum class Bound { Compute, Loads, Dram, L2, Launch, Illegal };
const char *boundName(Bound bound);

struct Prediction {
  bool legal = true;
  std::string illegalReason;
  double timeUs = 0;
  // The terms (microseconds), each a lower bound on the kernel's time.
  double computeUs = 0, loadsUs = 0, dramUs = 0, l2Us = 0, launchUs = 0;
  Bound bound = Bound::Compute;
  int64_t blocks = 0;
  int64_t threadsPerBlock = 0;
  int64_t blocksPerSM = 0;
  double occupancy = 0; // resident warps / max warps per SM
  double waves = 0;     // blocks / (SMs * blocks per SM)
  // l2Us is the larger of the L2 bandwidth term and the busiest SM's link
  // to the memory system (sm_bytes_per_clock).
  double flops = 0, dramBytes = 0, l2Bytes = 0;
  /// Useful flops per second at the predicted time / the target's peak for
  /// the compute class.
  double fractionOfPeak = 0;
  /// The best time any kernel doing this work could reach on the target
  /// from its measured figures, without launch: the larger of the flops at
  /// the achievable peak of the fastest class for the work (tensor/matrix
  /// cores for bf16/f16 contractions, scaled by tensor_achievable_fraction;
  /// the SIMT f32 peak otherwise) and the unique DRAM bytes at the
  /// achievable bandwidth for their size. achievableUs / timeUs is how close
  /// the prediction is to what the hardware allows.
  double achievableUs = 0;
  /// True when a figure the model needs is absent from the target and the
  /// datasheet peak stood in for it.
  bool uncalibrated = false;
};

/// The time of `kernel` tiled by `schedule` on `target`.
Prediction predict(const KernelDesc &kernel, const Schedule &schedule,
                   const Target &target);

/// The schedules the code generator can emit for `kernel` on `target` today
/// (SIMT: block tiles of the two innermost parallel loops in powers of two up
/// to 256, 1 to 8 warps), legal ones only.
std::vector<Schedule> enumerateSchedules(const KernelDesc &kernel,
                                         const Target &target);

} // namespace mlir::tessel

#endif // TESSEL_COSTMODEL_MODEL_H
