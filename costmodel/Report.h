//===- Report.h - Prediction reports: table, JSON, roofline -----*- C++ -*-===//
//
// What tessel-compile tells a person about the cost model's predictions for a
// module on one target: a table (one row per kernel: predicted time, the
// binding limit, how close to what the hardware allows, schedule, occupancy,
// waves), the same as JSON (`--report`, format in docs/cost-model.md), and an
// SVG roofline with every kernel on it (`--roofline`). Plain C++, no MLIR: the
// benchmark tools read and write the same records.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_COSTMODEL_REPORT_H
#define TESSEL_COSTMODEL_REPORT_H

#include "costmodel/Model.h"
#include "costmodel/Target.h"

#include <string>
#include <vector>

namespace mlir::tessel {

/// One kernel's prediction as the report shows it.
struct KernelReport {
  std::string name;
  std::string schedule;      // the #tessel.schedule, printed
  bool chosenByModel = true; // false: the schedule was written by hand
  Prediction prediction;     // legal == false: no prediction (see note)
  std::string note;          // why there is no prediction, when there is none
  std::string function;      // the function the kernel belongs to, if known
};

/// A function whose kernels a report lists: the bytes its arguments and
/// results hold, what the best formulation of its work must move (the
/// values between its kernels need not leave the chip).
struct FunctionIO {
  std::string name;
  double bytes = 0;
};

/// What the kernels' work could take at the target's achievable peaks, by
/// its best known formulation: per function of `functions`, the larger of
/// its kernels' flops at the achievable peaks and its arguments' and
/// results' bytes at the achievable bandwidth for their size (a fused
/// attention moves q, k, v and the output, not its S x S scores); a kernel
/// of no listed function counts its own achievable time.
double bestFormulationUs(const Target &target,
                         const std::vector<KernelReport> &kernels,
                         const std::vector<FunctionIO> &functions);

/// The table, with a header naming the target and a total line (whose
/// achievable figure is bestFormulationUs).
std::string
formatPredictionTable(const Target &target,
                      const std::vector<KernelReport> &kernels,
                      const std::vector<FunctionIO> &functions = {});

/// The report as JSON: {"format_version", "target": {name, vendor, arch},
/// "total_predicted_us", "kernels": [{name, predicted_us, bound, flops,
/// bytes, achievable_us, fraction_of_achievable, fraction_of_peak,
/// occupancy, waves, blocks, schedule, schedule_source, uncalibrated,
/// breakdown: {compute_us, loads_us, dram_us, l2_us, launch_us}}],
/// "achievable_us" (bestFormulationUs), "functions": [{name, io_bytes,
/// achievable_us}]}.
std::string predictionReportJson(const Target &target,
                                 const std::vector<KernelReport> &kernels,
                                 const std::vector<FunctionIO> &functions = {});

/// An SVG drawing of the target's roofline (DRAM bandwidth slope, SIMT f32
/// peak, bf16 tensor peak) with every kernel at its arithmetic intensity and
/// predicted throughput, coloured by its binding limit, joined to a hollow
/// marker at the throughput its achievable time would give. Kernels without
/// flops are listed under the plot with their predicted bandwidth.
std::string rooflineSvg(const Target &target,
                        const std::vector<KernelReport> &kernels);

} // namespace mlir::tessel

#endif // TESSEL_COSTMODEL_REPORT_H
