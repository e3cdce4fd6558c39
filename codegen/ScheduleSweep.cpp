//===- ScheduleSweep.cpp - Compile every schedule the model offers --------===//
//
// See ScheduleSweep.h. Each schedule is compiled with the kernel alone in a
// module (isolateKernel), exactly as tessel-compile would compile a kernel
// with that schedule written by hand.
//
//===----------------------------------------------------------------------===//

#include "codegen/ScheduleSweep.h"
#include "codegen/Compile.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"
#include "passes/SplitReduction.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tessel;

std::string mlir::tessel::scheduleKind(ScheduleAttr schedule,
                                       ArrayRef<int64_t> shape) {
  ArrayRef<int64_t> block = schedule.getBlock();
  // Entries past the result's rank: the K step, last.
  size_t kEntries =
      block.size() > shape.size() ? block.size() - shape.size() : size_t(0);
  size_t aligned = block.size() - kEntries;
  std::string kind = "block [";
  for (size_t i = 0; i < block.size(); ++i) {
    if (i)
      kind += ", ";
    if (i >= aligned) {
      kind += "k";
      continue;
    }
    int64_t size = shape[shape.size() - aligned + i], tile = block[i];
    kind += tile == 1      ? "1"
            : tile >= size ? "whole"
            : size % tile  ? "partial"
                           : "divides";
  }
  kind += "]";
  // Thread and warp tiles, each entry against its block entry.
  auto relative = [&](StringRef name, ArrayRef<int64_t> tiles) {
    if (tiles.empty())
      return;
    kind += " " + name.str() + " [";
    size_t offset = block.size() - std::min(block.size(), tiles.size());
    for (size_t i = 0; i < tiles.size(); ++i) {
      if (i)
        kind += ", ";
      int64_t of = i + offset < block.size() ? block[i + offset] : 0;
      kind += tiles[i] == 1 ? "1" : tiles[i] == of ? "block" : "part";
    }
    kind += "]";
  };
  relative("thread", schedule.getThread());
  relative("warp", schedule.getWarp());
  // One warp or several; pipelined or not; split or not; blocks in linear
  // or grouped order (the numbers change sizes, not paths); every vector
  // width (alignment differs).
  kind += schedule.getWarps() == 1 ? " one warp" : " warps";
  kind += schedule.getStages() == 1 ? "" : " stages";
  kind += schedule.getSplitK() == 1 ? "" : " split_k";
  kind += schedule.getRaster() == 1 ? "" : " raster";
  kind += " vector " + std::to_string(schedule.getVector()) + " " +
          stringifyInstructionClass(schedule.getMma()).str();
  return kind;
}

namespace {

/// Every schedule the model offers for `kernel`, best first: the ranked
/// ones, then each split-K the kernel takes (its partial kernel's best
/// tiles).
SmallVector<ScheduleAttr> offeredSchedules(KernelOp kernel,
                                           const KernelDesc &desc,
                                           const Target &target) {
  MLIRContext *ctx = kernel.getContext();
  SmallVector<ScheduleAttr> offered;
  for (const auto &[schedule, prediction] : rankSchedules(desc, target))
    offered.push_back(toScheduleAttr(ctx, schedule));
  for (int64_t splits : splitCandidates(kernel))
    if (std::optional<SplitPrice> price = priceSplit(kernel, splits, target))
      offered.push_back(
          splitScheduleOf(kernel, toScheduleAttr(ctx, price->partial), splits));
  return offered;
}

} // namespace

FailureOr<std::vector<KernelSweep>> mlir::tessel::compileEverySchedule(
    ModuleOp module, const Target &target, bool oneOfEachKind,
    llvm::function_ref<void(const KernelSweep &)> done) {
  MLIRContext *ctx = module.getContext();
  OwningOpRef<ModuleOp> formed = module.clone();
  PassManager form(ctx);
  form.addPass(createTesselFormKernels());
  if (failed(form.run(*formed)))
    return failure();
  // The kernels as the model describes them: from a lowered copy.
  OwningOpRef<ModuleOp> lowered = formed->clone();
  PassManager lower(ctx);
  lower.addPass(createTesselLowerToLinalg());
  if (failed(lower.run(*lowered)))
    return failure();

  std::vector<KernelSweep> sweeps;
  SmallVector<KernelOp> kernels;
  formed->walk([&](KernelOp kernel) {
    if (!kernel.getScheduleAttr())
      kernels.push_back(kernel);
  });
  for (KernelOp kernel : kernels) {
    auto func = lowered->lookupSymbol<func::FuncOp>(kernel.getSymName());
    FailureOr<KernelDesc> desc =
        func ? describeKernel(func) : FailureOr<KernelDesc>(failure());
    if (failed(desc))
      return kernel.emitOpError()
             << "could not be described for the cost model";
    KernelSweep sweep;
    sweep.kernel = kernel.getSymName().str();
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(kernel.getResultTypes().front()).getShape();
    llvm::StringSet<> kinds;
    for (ScheduleAttr schedule : offeredSchedules(kernel, *desc, target)) {
      ++sweep.offered;
      bool newKind = kinds.insert(scheduleKind(schedule, shape)).second;
      if (oneOfEachKind && !newKind)
        continue;
      ++sweep.compiled;
      OwningOpRef<ModuleOp> alone = isolateKernel(kernel, "sweep");
      alone->walk([&](KernelOp copy) { copy.setScheduleAttr(schedule); });
      if (failed(compileKernels(*alone, target))) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << schedule;
        sweep.failures.push_back(text);
      }
    }
    sweep.kinds = kinds.size();
    if (done)
      done(sweep);
    sweeps.push_back(std::move(sweep));
  }
  return sweeps;
}
