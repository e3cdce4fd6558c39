//===- Report.cpp - Prediction reports: table, JSON, roofline -------------===//
//
// See Report.h. The roofline follows Williams, Waterman and Patterson,
// "Roofline: an insightful visual performance model for multicore
// architectures", CACM 52(4), 2009: attainable FLOP/s = min(peak FLOP/s,
// arithmetic intensity x peak bandwidth), on log-log axes.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Report.h"
#include "costmodel/ModelTerms.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace mlir::tessel {

namespace {

std::string format(const char *fmt, double a) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), fmt, a);
  return buf;
}

/// "#tessel.schedule<block = [4, 8], warps = 1, stages = 1, ...>" without
/// the wrapper and the knobs left at their defaults.
std::string compactSchedule(std::string s) {
  const std::string prefix = "#tessel.schedule<";
  if (s.rfind(prefix, 0) == 0 && !s.empty() && s.back() == '>')
    s = s.substr(prefix.size(), s.size() - prefix.size() - 1);
  for (const char *dflt :
       {", stages = 1", ", split_k = 1", ", vector = 1", ", mma = simt"}) {
    size_t at = s.find(dflt);
    if (at != std::string::npos)
      s.erase(at, std::string(dflt).size());
  }
  return s;
}

double fractionOfAchievable(const Prediction &p) {
  return p.timeUs > 0 ? p.achievableUs / p.timeUs : 0;
}

std::string xmlEscape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// A function's best formulation: its kernels' flops at the achievable
/// peaks, or its arguments' and results' bytes at the achievable bandwidth.
double functionBestUs(const Target &target,
                      const std::vector<KernelReport> &kernels,
                      const FunctionIO &f) {
  double compute = 0;
  for (const KernelReport &k : kernels)
    if (k.function == f.name && k.prediction.legal)
      compute += k.prediction.achievableComputeUs;
  bool ignored = false;
  double bandwidth = model::dramBandwidth(target, f.bytes, ignored);
  return std::max(compute, f.bytes / bandwidth * 1e6);
}

} // namespace

double bestFormulationUs(const Target &target,
                         const std::vector<KernelReport> &kernels,
                         const std::vector<FunctionIO> &functions) {
  double best = 0;
  for (const FunctionIO &f : functions)
    best += functionBestUs(target, kernels, f);
  for (const KernelReport &k : kernels) {
    bool listed =
        std::any_of(functions.begin(), functions.end(),
                    [&](const FunctionIO &f) { return f.name == k.function; });
    if (!listed && k.prediction.legal)
      best += k.prediction.achievableUs;
  }
  return best;
}

std::string formatPredictionTable(const Target &target,
                                  const std::vector<KernelReport> &kernels,
                                  const std::vector<FunctionIO> &functions) {
  std::ostringstream os;
  os << "Predicted on " << target.name() << " (" << target.arch() << ", "
     << target.description() << "), " << kernels.size() << " kernel(s):\n";
  size_t nameWidth = 6;
  for (const KernelReport &k : kernels)
    nameWidth = std::max(nameWidth, k.name.size());
  char line[512];
  std::snprintf(line, sizeof(line), "  %-*s %11s  %-7s %9s %9s %6s %8s  %s\n",
                int(nameWidth), "kernel", "time (us)", "bound", "%achv.",
                "%peak", "occ.", "waves", "schedule");
  os << line;
  double total = 0;
  double achievable = bestFormulationUs(target, kernels, functions);
  bool anyUncalibrated = false;
  std::vector<bool> boundSeen(6, false);
  for (const KernelReport &k : kernels) {
    const Prediction &p = k.prediction;
    std::string schedule =
        compactSchedule(k.schedule) + (k.chosenByModel ? "" : " (given)");
    if (!p.legal) {
      std::snprintf(line, sizeof(line), "  %-*s %11s  %-7s %s\n",
                    int(nameWidth), k.name.c_str(), "-", "-",
                    (schedule + ": " + k.note).c_str());
      os << line;
      continue;
    }
    total += p.timeUs;
    anyUncalibrated |= p.uncalibrated;
    boundSeen[size_t(p.bound)] = true;
    std::snprintf(line, sizeof(line),
                  "  %-*s %11.2f  %-7s %8.1f%% %8.2f%% %6.2f %8.2f  %s%s\n",
                  int(nameWidth), k.name.c_str(), p.timeUs, boundName(p.bound),
                  100 * fractionOfAchievable(p), 100 * p.fractionOfPeak,
                  p.occupancy, p.waves, schedule.c_str(),
                  p.uncalibrated ? " *" : "");
    os << line;
  }
  std::snprintf(line, sizeof(line),
                "  %-*s %11.2f  (the work could take %.2f us at the target's "
                "achievable peaks: %.1f%%)\n",
                int(nameWidth), "total", total, achievable,
                total > 0 ? 100 * achievable / total : 0.0);
  os << line;
  if (!functions.empty())
    os << "  the work: each function's kernels' flops, or its arguments' and "
          "results' bytes (none between its kernels), at the achievable "
          "peaks.\n";
  os << "  %achv.: the best time for the kernel's work from the target's "
        "measured figures / the prediction; %peak: useful flops / the "
        "peak of the instruction class used.\n";
  for (Bound b : kTimeBounds)
    if (boundSeen[size_t(b)])
      os << "  " << boundName(b) << ": " << boundInfo(b).explanation << ".\n";
  if (anyUncalibrated)
    os << "  *: uncalibrated: a figure the model needs is missing from the "
          "target table, the datasheet peak stood in.\n";
  return os.str();
}

std::string predictionReportJson(const Target &target,
                                 const std::vector<KernelReport> &kernels,
                                 const std::vector<FunctionIO> &functions) {
  nlohmann::ordered_json doc;
  doc["format_version"] = 1;
  doc["target"] = {{"name", target.name()},
                   {"vendor", std::string(vendorName(target.vendor()))},
                   {"arch", target.arch()}};
  double total = 0;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const KernelReport &k : kernels) {
    const Prediction &p = k.prediction;
    nlohmann::ordered_json e;
    e["name"] = k.name;
    e["schedule"] = k.schedule;
    e["schedule_source"] = k.chosenByModel ? "model" : "given";
    if (!p.legal) {
      e["predicted_us"] = nullptr;
      e["note"] = k.note;
      list.push_back(std::move(e));
      continue;
    }
    total += p.timeUs;
    e["predicted_us"] = p.timeUs;
    e["bound"] = boundName(p.bound);
    e["flops"] = p.flops;
    e["bytes"] = p.dramBytes;
    e["function"] = k.function;
    e["achievable_us"] = p.achievableUs;
    e["fraction_of_achievable"] = fractionOfAchievable(p);
    e["fraction_of_peak"] = p.fractionOfPeak;
    e["occupancy"] = p.occupancy;
    e["waves"] = p.waves;
    e["blocks"] = p.blocks;
    e["registers"] = p.registers;
    e["uncalibrated"] = p.uncalibrated;
    e["breakdown"] = {{"compute_us", p.computeUs}, {"loads_us", p.loadsUs},
                      {"dram_us", p.dramUs},       {"l2_us", p.l2Us},
                      {"launch_us", p.launchUs},   {"latency_us", p.latencyUs},
                      {"blocks_us", p.blocksUs}};
    list.push_back(std::move(e));
  }
  doc["total_predicted_us"] = total;
  doc["achievable_us"] = bestFormulationUs(target, kernels, functions);
  nlohmann::ordered_json fs = nlohmann::ordered_json::array();
  for (const FunctionIO &f : functions)
    fs.push_back({{"name", f.name},
                  {"io_bytes", f.bytes},
                  {"achievable_us", functionBestUs(target, kernels, f)}});
  doc["functions"] = std::move(fs);
  doc["kernels"] = std::move(list);
  return doc.dump(2) + "\n";
}

namespace {

/// The roofline picture of a set of predictions: log-log axes of arithmetic
/// intensity (FLOP per DRAM byte) and GFLOP/s, the target's roofs, one
/// marker per kernel (coloured by its binding limit, joined to where the
/// same work could be), a legend, and the kernels without flops listed
/// below. Each part is one method; render() draws them in order.
class RooflinePlot {
public:
  RooflinePlot(const Target &target, const std::vector<KernelReport> &kernels)
      : target(target), bw(target.get(TargetField::HbmBandwidthTBps) * 1e3),
        simt(target.get(TargetField::PeakF32SimtTFlops) * 1e3),
        tensor(target.get(TargetField::PeakBF16TensorTFlops) * 1e3) {
    collectPoints(kernels);
    fitAxes();
  }

  std::string render() {
    header();
    grid();
    roofs();
    markers();
    legend();
    unplotted();
    os << "</svg>\n";
    return os.str();
  }

private:
  struct Point {
    double x, y;
    double best; // GFLOP/s at the achievable time for the same work
    const KernelReport *k;
  };

  void collectPoints(const std::vector<KernelReport> &kernels) {
    for (const KernelReport &k : kernels) {
      const Prediction &p = k.prediction;
      if (!p.legal)
        continue;
      if (p.flops <= 0 || p.dramBytes <= 0) {
        noFlops.push_back(&k);
        continue;
      }
      points.push_back(
          {p.flops / p.dramBytes, p.flops / (p.timeUs * 1e-6) / 1e9,
           p.achievableUs > 0 ? p.flops / (p.achievableUs * 1e-6) / 1e9 : 0,
           &k});
    }
  }

  /// Decades around the two ridge points and every point.
  void fitAxes() {
    xLo = simt / bw, xHi = tensor / bw; // the two ridge points
    yLo = simt, yHi = tensor;
    for (const Point &pt : points) {
      xLo = std::min(xLo, pt.x);
      xHi = std::max(xHi, pt.x);
      yLo = std::min(yLo, pt.y);
      yHi = std::max({yHi, pt.y, pt.best});
    }
    xLo = std::pow(10, std::floor(std::log10(xLo / 2)));
    xHi = std::pow(10, std::ceil(std::log10(xHi * 2)));
    yLo = std::pow(10, std::floor(std::log10(yLo / 2)));
    yHi = std::pow(10, std::ceil(std::log10(yHi * 1.5)));
    bottom = 70 + 16.0 * double(noFlops.size());
  }

  double sx(double x) const {
    return left + plotW * (std::log10(x) - std::log10(xLo)) /
                      (std::log10(xHi) - std::log10(xLo));
  }
  double sy(double y) const {
    return top + plotH * (1 - (std::log10(y) - std::log10(yLo)) /
                                  (std::log10(yHi) - std::log10(yLo)));
  }

  void header() {
    os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W
       << "\" height=\"" << H + bottom - 70
       << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    os << "<text x=\"" << left << "\" y=\"24\" font-size=\"16\">"
       << xmlEscape("Tessel predictions on " + target.name() + " (" +
                    target.arch() + "): roofline")
       << "</text>\n";
  }

  /// Decade grid, labels and axis titles.
  void grid() {
    for (double x = xLo; x <= xHi * 1.001; x *= 10) {
      os << "<line x1=\"" << sx(x) << "\" y1=\"" << top << "\" x2=\"" << sx(x)
         << "\" y2=\"" << top + plotH << "\" stroke=\"#ddd\"/>\n";
      os << "<text x=\"" << sx(x) << "\" y=\"" << top + plotH + 18
         << "\" text-anchor=\"middle\">" << format("%g", x) << "</text>\n";
    }
    for (double y = yLo; y <= yHi * 1.001; y *= 10) {
      os << "<line x1=\"" << left << "\" y1=\"" << sy(y) << "\" x2=\""
         << left + plotW << "\" y2=\"" << sy(y) << "\" stroke=\"#ddd\"/>\n";
      os << "<text x=\"" << left - 6 << "\" y=\"" << sy(y) + 4
         << "\" text-anchor=\"end\">" << format("%g", y) << "</text>\n";
    }
    os << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << plotW
       << "\" height=\"" << plotH << "\" fill=\"none\" stroke=\"#444\"/>\n";
    os << "<text x=\"" << left + plotW / 2 << "\" y=\"" << top + plotH + 40
       << "\" text-anchor=\"middle\">arithmetic intensity (FLOP per DRAM "
          "byte)</text>\n";
    os << "<text transform=\"translate(24," << top + plotH / 2
       << ") rotate(-90)\" text-anchor=\"middle\">predicted GFLOP/s</text>\n";
  }

  /// One roof: min(peak, intensity x bandwidth).
  void roof(double peak, double bandwidth, const char *colour, const char *dash,
            const std::string &label) {
    double ridge = peak / bandwidth;
    double x0 = std::max(xLo, yLo / bandwidth);
    os << "<polyline fill=\"none\" stroke=\"" << colour
       << "\" stroke-width=\"2\"" << (*dash ? " stroke-dasharray=\"" : "")
       << dash << (*dash ? "\"" : "") << " points=\"" << sx(x0) << ","
       << sy(x0 * bandwidth) << " " << sx(ridge) << "," << sy(peak) << " "
       << sx(xHi) << "," << sy(peak) << "\"/>\n";
    os << "<text x=\"" << sx(xHi) - 4 << "\" y=\"" << sy(peak) - 6
       << "\" text-anchor=\"end\" fill=\"" << colour << "\">"
       << xmlEscape(label) << "</text>\n";
  }

  /// The tensor and SIMT roofs, and the achievable DRAM slope.
  void roofs() {
    roof(tensor, bw, "#2ca02c", "6,4",
         "bf16 tensor peak " + format("%.0f", tensor / 1e3) + " TFLOP/s");
    roof(simt, bw, "#333", "",
         "f32 SIMT peak " + format("%.1f", simt / 1e3) + " TFLOP/s, DRAM " +
             format("%.2f", bw / 1e3) + " TB/s");
    if (!target.has(TargetField::HbmEfficiency256MiB))
      return;
    double achievable = bw * target.get(TargetField::HbmEfficiency256MiB);
    double x0 = std::max(xLo, yLo / achievable);
    double x1 = std::min(xHi, simt / achievable);
    os << "<line x1=\"" << sx(x0) << "\" y1=\"" << sy(x0 * achievable)
       << "\" x2=\"" << sx(x1) << "\" y2=\"" << sy(x1 * achievable)
       << "\" stroke=\"#1f77b4\" stroke-dasharray=\"2,3\"/>\n";
  }

  /// Kernels with the same shape and schedule coincide: one marker per
  /// distinct point.
  std::vector<std::vector<const Point *>> groupPoints() const {
    std::vector<std::vector<const Point *>> groups;
    for (const Point &pt : points) {
      auto same = std::find_if(groups.begin(), groups.end(), [&](auto &g) {
        return std::abs(sx(g.front()->x) - sx(pt.x)) < 0.5 &&
               std::abs(sy(g.front()->y) - sy(pt.y)) < 0.5;
      });
      if (same == groups.end())
        groups.push_back({&pt});
      else
        same->push_back(&pt);
    }
    return groups;
  }

  /// The baseline of a label `width` wide starting at `x0` beside a marker
  /// at height `cy`: moved up or down until it overlaps no other label.
  double placeLabel(double x0, double width, double cy) {
    for (int attempt = 0; attempt < 40; ++attempt) {
      double dy = (attempt + 1) / 2 * 12.0 * (attempt % 2 ? 1 : -1);
      Box b{x0, x0 + width, cy + 4 + dy - 10, cy + 4 + dy + 2};
      bool clash = std::any_of(placed.begin(), placed.end(), [&](const Box &o) {
        return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1;
      });
      if (!clash) {
        placed.push_back(b);
        return cy + 4 + dy;
      }
    }
    return cy + 4;
  }

  /// One marker per group, labelled with the first name and how many share
  /// it; its tooltip lists every member's prediction.
  void markers() {
    for (const auto &group : groupPoints()) {
      const Point &pt = *group.front();
      std::string title, label = pt.k->name;
      if (group.size() > 1)
        label += " (+" + std::to_string(group.size() - 1) + ")";
      for (const Point *member : group) {
        const Prediction &p = member->k->prediction;
        title += (title.empty() ? "" : "\n") + member->k->name + ": " +
                 format("%.2f", p.timeUs) + " us, " + boundName(p.bound) +
                 "-bound, " + format("%.1f", 100 * fractionOfAchievable(p)) +
                 "% of achievable; " + compactSchedule(member->k->schedule);
      }
      double cx = sx(pt.x), cy = sy(pt.y);
      double width = 5.6 * double(label.size());
      bool leftSide = cx + 7 + width > left + plotW;
      double x0 = leftSide ? cx - 7 - width : cx + 7;
      double ly = placeLabel(x0, width, cy);
      const char *colour = boundInfo(pt.k->prediction.bound).colour;
      // Where the same work could be: a hollow marker above, joined to it.
      if (pt.best > pt.y * 1.01)
        os << "<line x1=\"" << cx << "\" y1=\"" << cy << "\" x2=\"" << cx
           << "\" y2=\"" << sy(pt.best) << "\" stroke=\"" << colour
           << "\" stroke-dasharray=\"2,2\"/><circle cx=\"" << cx << "\" cy=\""
           << sy(pt.best) << "\" r=\"4\" fill=\"none\" stroke=\"" << colour
           << "\"/>\n";
      os << "<g><title>" << xmlEscape(title) << "</title><circle cx=\"" << cx
         << "\" cy=\"" << cy << "\" r=\"5\" fill=\"" << colour
         << "\" fill-opacity=\"0.8\"/>";
      if (std::abs(ly - (cy + 4)) > 1)
        os << "<line x1=\"" << cx << "\" y1=\"" << cy << "\" x2=\""
           << (leftSide ? x0 + width : x0) << "\" y2=\"" << ly - 4
           << "\" stroke=\"#999\"/>";
      os << "<text x=\"" << x0 << "\" y=\"" << ly << "\" font-size=\"10\">"
         << xmlEscape(label) << "</text></g>\n";
    }
  }

  /// One swatch per binding limit, and what the dotted and hollow marks
  /// mean.
  void legend() {
    double ly = top + 10;
    os << "<text x=\"" << left + plotW + 16 << "\" y=\"" << ly
       << "\">binding limit</text>\n";
    for (Bound b : kTimeBounds) {
      ly += 18;
      os << "<circle cx=\"" << left + plotW + 22 << "\" cy=\"" << ly - 4
         << "\" r=\"5\" fill=\"" << boundInfo(b).colour << "\"/><text x=\""
         << left + plotW + 32 << "\" y=\"" << ly << "\">" << boundName(b)
         << "</text>\n";
    }
    ly += 26;
    os << "<text x=\"" << left + plotW + 16 << "\" y=\"" << ly
       << "\" font-size=\"10\">dotted line: achievable DRAM</text>\n";
    ly += 16;
    os << "<circle cx=\"" << left + plotW + 22 << "\" cy=\"" << ly - 4
       << "\" r=\"4\" fill=\"none\" stroke=\"#444\"/><text x=\""
       << left + plotW + 32 << "\" y=\"" << ly
       << "\" font-size=\"10\">the same work at the</text>\n";
    ly += 13;
    os << "<text x=\"" << left + plotW + 32 << "\" y=\"" << ly
       << "\" font-size=\"10\">GPU's achievable peaks</text>\n";
  }

  /// Kernels that do no floating-point work cannot sit on a roofline.
  void unplotted() {
    double ny = top + plotH + 62;
    for (const KernelReport *k : noFlops) {
      const Prediction &p = k->prediction;
      os << "<text x=\"" << left << "\" y=\"" << ny << "\">"
         << xmlEscape(k->name + " (no flops, not plotted): " +
                      format("%.2f", p.timeUs) + " us, " +
                      format("%.2f", p.dramBytes / (p.timeUs * 1e-6) / 1e12) +
                      " TB/s, " + boundName(p.bound) + "-bound")
         << "</text>\n";
      ny += 16;
    }
  }

  struct Box {
    double x0, x1, y0, y1;
  };

  const Target &target;
  // DRAM GB/s, SIMT and tensor GFLOP/s.
  const double bw, simt, tensor;
  std::vector<Point> points;
  std::vector<const KernelReport *> noFlops;
  double xLo = 0, xHi = 0, yLo = 0, yHi = 0;
  static constexpr double W = 960, H = 600, left = 90, right = 250, top = 50;
  static constexpr double plotW = W - left - right, plotH = H - top - 70;
  double bottom = 70;
  std::vector<Box> placed;
  std::ostringstream os;
};

} // namespace

std::string rooflineSvg(const Target &target,
                        const std::vector<KernelReport> &kernels) {
  return RooflinePlot(target, kernels).render();
}

} // namespace mlir::tessel
