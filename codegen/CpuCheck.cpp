//===- CpuCheck.cpp - Check a model's kernels on the CPU path -------------===//
//
// See CpuCheck.h.
//
//===----------------------------------------------------------------------===//

#include "codegen/CpuCheck.h"
#include "codegen/ReferenceGraph.h"
#include "dialects/Tessel/TesselDialect.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tessel;

namespace {

std::vector<ref::TensorType> resultTypesOf(TypeRange types) {
  std::vector<ref::TensorType> result;
  for (Type t : types)
    result.push_back(toReferenceType(cast<RankedTensorType>(t)));
  return result;
}

/// What collectUnits collects: the tessel.kernel ops, or the public
/// functions.
enum class UnitKind { Kernels, Functions };

FailureOr<std::vector<CheckUnit>> collectUnits(ModuleOp module, UnitKind kind) {
  std::vector<CheckUnit> units;
  bool failedAny = false;
  module.walk([&](KernelOp kernel) {
    if (kind != UnitKind::Kernels)
      return;
    FailureOr<ref::Graph> graph = buildReferenceGraph(kernel);
    if (failed(graph)) {
      failedAny = true;
      return;
    }
    units.push_back(
        {"kernel", *graph, resultTypesOf(kernel.getResultTypes()), "", {}});
  });
  for (auto func : module.getOps<func::FuncOp>()) {
    if (kind != UnitKind::Functions || !func.isPublic() || func.isExternal())
      continue;
    FailureOr<ref::Graph> graph = buildReferenceGraph(func);
    if (failed(graph)) {
      failedAny = true;
      continue;
    }
    units.push_back({"func",
                     *graph,
                     resultTypesOf(func.getFunctionType().getResults()),
                     "",
                     {}});
  }
  if (failedAny)
    return failure();
  return units;
}

/// Each kernel of each public function of `formed` (after kernel formation),
/// fed the values the reference computes for it when the function runs on
/// `inputsOf(name)`, the inputs of its end-to-end check: the kernel's own
/// error, on realistic values, which a deep function's end-to-end bound may
/// hide.
FailureOr<std::vector<CheckUnit>> kernelsInContext(
    ModuleOp formed,
    llvm::function_ref<std::vector<ref::Tensor>(StringRef)> inputsOf) {
  std::vector<CheckUnit> units;
  llvm::StringMap<ref::Graph> kernelGraphs;
  llvm::StringMap<std::vector<ref::TensorType>> kernelResults;
  bool failedAny = false;
  formed.walk([&](KernelOp kernel) {
    FailureOr<ref::Graph> graph = buildReferenceGraph(kernel);
    if (failed(graph)) {
      failedAny = true;
      return;
    }
    kernelGraphs[kernel.getSymName()] = *graph;
    kernelResults[kernel.getSymName()] = resultTypesOf(kernel.getResultTypes());
  });
  if (failedAny)
    return failure();
  for (auto func : formed.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    std::vector<KernelSite> sites;
    FailureOr<ref::Graph> graph = buildReferenceGraph(func, &sites);
    if (failed(graph))
      return failure();
    std::string error;
    std::optional<std::vector<ref::Tensor>> values =
        ref::evaluateAll(*graph, inputsOf(func.getSymName()), error);
    if (!values) {
      llvm::errs() << "tessel-run: error: " << error << "\n";
      return failure();
    }
    for (const KernelSite &site : sites) {
      CheckUnit u{"kernel",
                  kernelGraphs[site.kernel],
                  kernelResults[site.kernel],
                  func.getSymName().str(),
                  {}};
      // The kernel is judged on its own error: its inputs are exact.
      for (int id : site.inputs) {
        ref::Tensor input = (*values)[id];
        input.bound.clear();
        u.inputs.push_back(std::move(input));
      }
      units.push_back(std::move(u));
    }
  }
  return units;
}

} // namespace

FailureOr<std::vector<CheckUnit>>
mlir::tessel::prepareCpuCheck(ModuleOp module, uint64_t seed, PartsPolicy parts,
                              bool functionsOnly) {
  // A function's reference is its ops as written, before any kernel is
  // formed: an attention the model runs as its parts (tessel-form-kernels)
  // and a split-K schedule's two kernels (tessel-split-reduction) are
  // checked against the ops they replace. Each kernel is checked as it
  // runs.
  FailureOr<std::vector<CheckUnit>> funcUnits =
      collectUnits(module, UnitKind::Functions);
  if (failed(funcUnits))
    return failure();
  // Group loose ops into kernels and choose their schedules as
  // tessel-compile does, so that the kernels checked here are the ones the
  // GPU runs.
  PassManager form(module.getContext());
  TesselFormKernelsOptions formOptions;
  formOptions.parts = parts;
  form.addPass(createTesselFormKernels(formOptions));
  form.addPass(createTesselSelectSchedules());
  addSplitReduction(form);
  if (failed(form.run(module)))
    return failure();
  if (functionsOnly)
    return funcUnits;
  FailureOr<std::vector<CheckUnit>> units =
      collectUnits(module, UnitKind::Kernels);
  if (failed(units))
    return failure();
  llvm::append_range(*units, *funcUnits);
  // Unit i draws its inputs with seed + i: the kernels, then the functions.
  llvm::StringMap<std::vector<ref::Tensor>> funcInputs;
  for (auto [i, unit] : llvm::enumerate(*units)) {
    unit.inputs = ref::randomInputs(unit.graph, seed + i);
    if (unit.kind == "func")
      funcInputs[unit.graph.name] = unit.inputs;
  }
  FailureOr<std::vector<CheckUnit>> inContext = kernelsInContext(
      module, [&](StringRef name) { return funcInputs.lookup(name); });
  if (failed(inContext))
    return failure();
  llvm::append_range(*units, *inContext);
  return units;
}

FailureOr<std::vector<OutputCheck>>
mlir::tessel::runCheckUnit(CpuRunner &runner, const CheckUnit &unit,
                           bool compare, double boundScale,
                           std::string &error) {
  auto actual =
      runner.run(unit.graph.name, unit.inputs, unit.resultTypes, error);
  if (!actual)
    return failure();
  std::optional<std::vector<ref::Tensor>> expected;
  if (compare) {
    expected = ref::evaluate(unit.graph, unit.inputs, error);
    if (!expected)
      return failure();
  }
  std::vector<OutputCheck> outputs;
  for (auto [i, out] : llvm::enumerate(*actual)) {
    OutputCheck c;
    c.type = out.type;
    for (double v : out.data)
      c.sum += v;
    if (compare) {
      const ref::Tensor &e = (*expected)[i];
      c.comparison = ref::compare(out, e, boundScale);
      if (int64_t at = c.comparison.firstMismatch;
          at >= 0 && size_t(at) < out.data.size() &&
          size_t(at) < e.data.size()) {
        c.firstGot = out.data[at];
        c.firstExpected = e.data[at];
        c.firstBound = boundScale * (e.bound.empty() ? 0.0 : e.bound[at]);
      }
    }
    outputs.push_back(std::move(c));
  }
  return outputs;
}

/// Changes the kernels' ops after their references were taken, so that
/// what runs is not what the reference computes (--inject-fault): the
/// checks must then fail.
void mlir::tessel::injectMiscompile(ModuleOp module, Fault fault) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](Operation *op) {
    if (!op->getParentOfType<KernelOp>())
      return;
    switch (fault) {
    case Fault::None:
      return;
    case Fault::Scale:
      if (auto softmax = dyn_cast<SoftmaxOp>(op)) {
        double scale =
            softmax.getScale() ? softmax.getScale()->convertToDouble() : 1.0;
        softmax.setScaleAttr(
            FloatAttr::get(Float64Type::get(ctx), scale * 1.01));
      } else if (auto attention = dyn_cast<AttentionOp>(op)) {
        int64_t d = cast<RankedTensorType>(attention.getQuery().getType())
                        .getShape()
                        .back();
        double scale = attention.getScale()
                           ? attention.getScale()->convertToDouble()
                           : 1 / std::sqrt(double(d));
        attention.setScaleAttr(
            FloatAttr::get(Float64Type::get(ctx), scale * 1.01));
      }
      return;
    case Fault::Mask:
      op->removeAttr("causal");
      op->removeAttr("window");
      return;
    case Fault::Index:
      if (auto transpose = dyn_cast<TransposeOp>(op)) {
        SmallVector<int64_t> perm(transpose.getPermutation());
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(transpose.getInput().getType()).getShape();
        size_t n = perm.size();
        if (n >= 2 && shape[perm[n - 1]] == shape[perm[n - 2]]) {
          std::swap(perm[n - 1], perm[n - 2]);
          transpose.setPermutation(perm);
        }
      } else if (auto matmul = dyn_cast<MatmulOp>(op)) {
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(matmul.getRhs().getType()).getShape();
        if (shape[0] == shape[1])
          matmul.setTransposeRhs(!matmul.getTransposeRhs());
      }
      return;
    }
  });
}
