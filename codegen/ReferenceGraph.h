//===- ReferenceGraph.h - Tessel IR to the reference interpreter -*- C++
//-*-===//
//
// Translates the Tessel ops of a function or kernel into the plain C++
// reference graph (runtime/Reference.h) that checks compiled kernels. Calls
// to functions of the module and nested kernels are inlined, so a whole model
// function can be checked end to end as well as each kernel alone.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CODEGEN_REFERENCEGRAPH_H
#define TESSEL_CODEGEN_REFERENCEGRAPH_H

#include "dialects/Tessel/TesselDialect.h"
#include "runtime/Reference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tessel {

/// The reference type of a Tessel tensor type.
ref::TensorType toReferenceType(RankedTensorType type);

/// Where a tessel.kernel sits in a function's graph: the ids of the values
/// it reads (what the kernel is fed when the function runs).
struct KernelSite {
  std::string kernel;
  std::vector<int> inputs;
};

/// The reference graph of `func`'s body. Emits a diagnostic and fails on an
/// op the reference cannot express. With `sites`, also where each
/// tessel.kernel reads its inputs, each time it runs (in called functions
/// too, once per call).
FailureOr<ref::Graph>
buildReferenceGraph(func::FuncOp func,
                    std::vector<KernelSite> *sites = nullptr);

/// The reference graph of `kernel`'s body, named after the kernel.
FailureOr<ref::Graph> buildReferenceGraph(KernelOp kernel);

} // namespace mlir::tessel

#endif // TESSEL_CODEGEN_REFERENCEGRAPH_H
