//===- SelectSchedules.cpp - tessel-select-schedules
//-----------------------===//
//
// For every tessel.kernel without a schedule, describes what the kernel
// computes (from its lowering to linalg), enumerates the schedules the code
// generator can emit for the module's target, predicts each with the cost
// model, and attaches the fastest as `#tessel.schedule` with its
// `#tessel.prediction` (ties broken by the time without the launch, the sum
// of all terms, then enumeration order: deterministic); a schedule written by
// hand is kept and predicted. With top-k, the next-best schedules are kept in
// `tessel.candidates`. How a kernel is described for the cost model and how
// its schedules are ranked is KernelDescription.cpp's.
//
//===----------------------------------------------------------------------===//

#include "passes/KernelDescription.h"
#include "passes/Passes.h"
#include "passes/SplitReduction.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELSELECTSCHEDULES
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

PredictionAttr toAttr(MLIRContext *ctx, const Prediction &p) {
  auto f = [](double v) { return APFloat(v); };
  return PredictionAttr::get(
      ctx, f(p.timeUs), boundName(p.bound), f(p.computeUs), f(p.loadsUs),
      f(p.dramUs), f(p.l2Us), f(p.launchUs), f(p.latencyUs), f(p.blocksUs),
      f(p.achievableUs), f(p.fractionOfPeak), f(p.occupancy), f(p.waves),
      p.blocks, f(p.flops), f(p.dramBytes), p.uncalibrated, p.registers,
      f(p.achievableComputeUs));
}

struct SelectSchedulesPass
    : public tessel::impl::TesselSelectSchedulesBase<SelectSchedulesPass> {
  using Base::Base;

  /// Whether the kernel says by hand that a split's sum runs in a kernel
  /// of its own (`tessel.sum_in_kernel = false`).
  static bool sumApart(KernelOp kernel) {
    auto attr =
        kernel->getAttrOfType<BoolAttr>(TesselDialect::kSumInKernelAttrName);
    return attr && !attr.getValue();
  }

  /// Records where a split's sum runs: in the partial kernel with
  /// `schedule`, or (none) in a kernel of its own. A kernel marked to keep
  /// its sum apart keeps its mark.
  static void setSumInKernel(KernelOp kernel,
                             const std::optional<Schedule> &schedule) {
    if (sumApart(kernel))
      return;
    if (schedule)
      kernel->setAttr(TesselDialect::kSumInKernelAttrName,
                      toScheduleAttr(kernel.getContext(), *schedule));
    else
      kernel->removeAttr(TesselDialect::kSumInKernelAttrName);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // (A split whose sum runs in its partial kernel is priced as the
    // kernel it was made of, whose prediction it keeps.)
    SmallVector<KernelOp> kernels;
    module.walk([&](KernelOp k) {
      if (!isCombinedSplit(k))
        kernels.push_back(k);
    });
    if (kernels.empty())
      return;
    FailureOr<Target> target =
        getModuleTarget(module, "tessel-select-schedules");
    if (failed(target))
      return signalPassFailure();

    // Describe the kernels from a lowered copy; the module keeps its ops.
    OwningOpRef<ModuleOp> lowered = module.clone();
    SmallVector<std::string> names;
    for (KernelOp kernel : kernels)
      names.push_back(kernel.getSymName().str());
    FailureOr<std::vector<std::optional<KernelDesc>>> descs =
        lowerAndDescribe(*lowered, names);
    if (failed(descs))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    for (auto [kernel, desc] : llvm::zip_equal(kernels, *descs)) {
      if (!desc) {
        kernel.emitOpError() << "could not be described for the cost model";
        return signalPassFailure();
      }
      // A schedule written by hand is kept and predicted, where the model
      // knows its instruction class.
      if (ScheduleAttr given = kernel.getScheduleAttr(); given && !reselect) {
        if (given.getSplitK() > 1) {
          // Priced as the two kernels tessel-split-reduction makes.
          Schedule partial = fromScheduleAttr(partialScheduleOf(kernel, given));
          // (Its sum in the partial kernel, where that is given too.)
          std::optional<Schedule> sum;
          if (auto attr = kernel->getAttrOfType<ScheduleAttr>(
                  TesselDialect::kSumInKernelAttrName))
            sum = fromScheduleAttr(attr);
          std::optional<SplitPrice> price =
              priceSplit(kernel, given.getSplitK(), *target, &partial,
                         sum ? &*sum : nullptr, sumApart(kernel));
          // Refit: the same split, its partial kernel's tiles the model's.
          if (!price && refit &&
              (price = priceSplit(kernel, given.getSplitK(), *target,
                                  /*partial=*/nullptr, /*sumInKernel=*/nullptr,
                                  sumApart(kernel)))) {
            ScheduleAttr refitted = splitScheduleOf(
                kernel, toScheduleAttr(ctx, price->partial), given.getSplitK());
            kernel.emitRemark()
                << "schedule " << given << " has a partial kernel the cost "
                << "model finds illegal on " << target->name() << " ("
                << target->arch() << "); replaced with " << refitted;
            kernel.setScheduleAttr(refitted);
          }
          if (price)
            kernel->setAttr(TesselDialect::kPredictionAttrName,
                            toAttr(ctx, price->combined()));
          else
            kernel->removeAttr(TesselDialect::kPredictionAttrName);
          if (price)
            setSumInKernel(kernel, price->sumInKernel);
          continue;
        }
        Prediction p = predict(*desc, fromScheduleAttr(given), *target);
        if (p.legal) {
          kernel->setAttr(TesselDialect::kPredictionAttrName, toAttr(ctx, p));
          kernel->removeAttr(TesselDialect::kUnpricedAttrName);
          continue;
        }
        if (p.unmodelled || !refit) {
          kernel->removeAttr(TesselDialect::kPredictionAttrName);
          // Said once, however often the kernel is priced again.
          if (!p.unmodelled &&
              !kernel->hasAttr(TesselDialect::kUnpricedAttrName))
            kernel.emitWarning()
                << "schedule " << given << " is not one the cost model "
                << "finds legal on " << target->name() << " (" << target->arch()
                << "): " << p.illegalReason
                << "; it is kept as written (refit=true replaces it with "
                   "the model's choice)";
          kernel->setAttr(TesselDialect::kUnpricedAttrName,
                          StringAttr::get(ctx, p.illegalReason));
          continue;
        }
        kernel.emitRemark()
            << "schedule " << given << " cannot run on " << target->name()
            << " (" << target->arch() << "): " << p.illegalReason
            << "; replaced with the cost model's choice";
      }
      std::vector<std::pair<Schedule, Prediction>> ranked =
          rankSchedules(*desc, *target);
      if (ranked.empty()) {
        kernel.emitOpError() << "has no legal schedule on " << target->name();
        return signalPassFailure();
      }
      const auto &chosen = ranked[std::min<size_t>(
          size_t(std::max<int64_t>(rank, 0)), ranked.size() - 1)];
      kernel.setScheduleAttr(toScheduleAttr(ctx, chosen.first));
      setSumInKernel(kernel, std::nullopt);
      kernel->setAttr(TesselDialect::kPredictionAttrName,
                      toAttr(ctx, chosen.second));
      // Split-K, where it beats the best unsplit schedule.
      if (rank == 0) {
        std::optional<std::pair<int64_t, SplitPrice>> split;
        for (int64_t s : splitCandidates(kernel)) {
          std::optional<SplitPrice> price =
              priceSplit(kernel, s, *target, /*partial=*/nullptr,
                         /*sumInKernel=*/nullptr, sumApart(kernel));
          if (price && (!split || rankKey(price->combined()) <
                                      rankKey(split->second.combined())))
            split.emplace(s, *price);
        }
        if (split &&
            rankKey(split->second.combined()) < rankKey(chosen.second)) {
          kernel.setScheduleAttr(splitScheduleOf(
              kernel, toScheduleAttr(ctx, split->second.partial),
              split->first));
          kernel->setAttr(TesselDialect::kPredictionAttrName,
                          toAttr(ctx, split->second.combined()));
        }
        if (kernel.getScheduleAttr().getSplitK() > 1)
          setSumInKernel(kernel, split->second.sumInKernel);
      }
      if (topK > 1) {
        SmallVector<Attribute> next;
        for (size_t i = 1; i < ranked.size() && i < size_t(topK); ++i)
          next.push_back(toScheduleAttr(ctx, ranked[i].first));
        kernel->setAttr(TesselDialect::kCandidatesAttrName,
                        ArrayAttr::get(ctx, next));
      }
    }
  }
};

} // namespace
