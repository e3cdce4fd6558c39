//===- Footprint.h - Device memory a function needs at its peak -*- C++ -*-===//
//
// How much device memory a function's tensors take at once when its kernels
// run in order: its inputs and outputs, and every value passed between its
// kernels from the kernel that writes it to the last that reads it (views,
// reshapes, take no memory of their own; a called function adds what it
// holds beyond its arguments). tessel-compile reports it per function and
// refuses a function that cannot fit the target's device memory.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_FOOTPRINT_H
#define TESSEL_CODEGEN_FOOTPRINT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace mlir::tessel {

struct Footprint {
  int64_t peakBytes = 0;
  /// The largest value live at the peak (its size, and where it is made).
  int64_t largestBytes = 0;
  Location largestLoc;
  std::string largest; // "argument #N", "result of 'tessel.kernel' @name"
  /// What its arguments and the values it returns hold, each once (the
  /// bytes the work's best formulation moves, Report.h).
  int64_t ioBytes = 0;
};

/// The peak device memory of `func` (see the file comment).
Footprint peakFootprint(func::FuncOp func);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_FOOTPRINT_H
