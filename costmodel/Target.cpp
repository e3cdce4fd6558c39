//===- Target.cpp - Target fields, validation, JSON and printing ----------===//
//
// The field metadata shared by the built-in table, the JSON reader and writer
// and the printed table; the checks every target, built-in or loaded, must
// pass. JSON is handled with nlohmann::json, whose exceptions are caught here
// and turned into messages: none crosses this file's boundary, so callers
// built without exceptions (the MLIR side) are safe.
//
//===----------------------------------------------------------------------===//

#include "costmodel/Target.h"

#include "runtime/Support.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <regex>
#include <sstream>

namespace mlir::tessel {

std::string_view vendorName(Vendor vendor) {
  return vendor == Vendor::NVIDIA ? "nvidia" : "amd";
}

const std::array<TargetFieldInfo, kNumTargetFields> &targetFields() {
  using F = TargetField;
  static const std::array<TargetFieldInfo, kNumTargetFields> fields = {{
      {F::SMCount, "sm_count", "SMs/CUs",
       "streaming multiprocessors (NVIDIA) or compute units (AMD)", true, true},
      {F::WarpSize, "warp_size", "threads", "threads per warp or wavefront",
       true, true},
      {F::TensorClockGHz, "tensor_clock_ghz", "GHz",
       "clock at which the tensor/matrix-core peaks are quoted", false, true},
      {F::SimtClockGHz, "simt_clock_ghz", "GHz",
       "clock at which the SIMT/vector peaks are quoted", false, true},
      {F::PeakBF16TensorTFlops, "peak_bf16_tensor_tflops", "TFLOP/s",
       "dense bf16 tensor/matrix-core peak", false, true},
      {F::PeakF16TensorTFlops, "peak_f16_tensor_tflops", "TFLOP/s",
       "dense fp16 tensor/matrix-core peak", false, true},
      {F::PeakFP8TensorTFlops, "peak_fp8_tensor_tflops", "TFLOP/s",
       "dense fp8 tensor/matrix-core peak (absent: no fp8 units)", false,
       false},
      {F::PeakF32SimtTFlops, "peak_f32_simt_tflops", "TFLOP/s",
       "fp32 FMA peak on the SIMT/vector units", false, true},
      {F::HbmBandwidthTBps, "hbm_bandwidth_tbps", "TB/s", "peak DRAM bandwidth",
       false, true},
      {F::L2Bytes, "l2_bytes", "bytes", "L2 cache size, whole chip", true,
       true},
      {F::SharedMemPerSMBytes, "shared_mem_per_sm_bytes", "bytes",
       "shared memory (LDS) per SM/CU", true, true},
      {F::SharedMemPerBlockBytes, "shared_mem_per_block_bytes", "bytes",
       "largest shared memory one block may allocate", true, true},
      {F::RegistersPerSM, "registers_per_sm", "32-bit regs",
       "register file per SM/CU", true, true},
      {F::MaxRegistersPerThread, "max_registers_per_thread", "32-bit regs",
       "registers one thread may address", true, true},
      {F::MaxWarpsPerSM, "max_warps_per_sm", "warps",
       "resident warps (waves) per SM/CU", true, true},
      {F::MaxBlocksPerSM, "max_blocks_per_sm", "blocks",
       "resident blocks (workgroups) per SM/CU", true, true},
      {F::MaxThreadsPerBlock, "max_threads_per_block", "threads",
       "threads in one block (workgroup)", true, true},
      {F::LaunchOverheadUs, "launch_overhead_us", "us",
       "cost of one kernel launch", false, false},
      {F::SmBytesPerClock, "sm_bytes_per_clock", "bytes/clock",
       "DRAM bytes one SM/CU can move per clock", false, false},
      {F::L2BandwidthTBps, "l2_bandwidth_tbps", "TB/s",
       "L2 bandwidth available to one kernel", false, false},
      {F::HbmEfficiency16MiB, "hbm_efficiency_16mib", "fraction",
       "achieved / peak DRAM bandwidth moving 16 MiB", false, false},
      {F::HbmEfficiency64MiB, "hbm_efficiency_64mib", "fraction",
       "achieved / peak DRAM bandwidth moving 64 MiB", false, false},
      {F::HbmEfficiency256MiB, "hbm_efficiency_256mib", "fraction",
       "achieved / peak DRAM bandwidth moving 256 MiB", false, false},
      {F::TensorAchievableFraction, "tensor_achievable_fraction", "fraction",
       "best measured dense GEMM throughput / tensor peak", false, false},
      {F::L1BytesPerClock, "l1_bytes_per_clock", "bytes/clock",
       "bytes an SM's L1 / shared memory (CU's LDS) returns per clock", false,
       false},
      {F::MemorySectorBytes, "memory_sector_bytes", "bytes",
       "memory transaction size: the unit a warp's global load moves", true,
       false},
      {F::CacheLineBytes, "cache_line_bytes", "bytes",
       "L1 cache line: a thread reading along a row waits on memory once a "
       "line",
       true, false},
      {F::LoadRequestCycles, "load_request_cycles", "SM clocks",
       "clocks a warp's global load request holds L1 however few bytes it "
       "moves (a row walked element by element, a matmul's column without a "
       "K step)",
       false, false},
      {F::SpecialFunctionsPerClock, "special_functions_per_clock",
       "results/clock",
       "special-function (exp2, log2, rsqrt, sin, cos) results per clock per "
       "SM",
       false, false},
      {F::StaticSharedMemPerBlockBytes, "static_shared_mem_per_block_bytes",
       "bytes",
       "statically allocated shared memory one block may use (absent: "
       "shared_mem_per_block_bytes)",
       true, false},
      {F::BlockCycles, "block_cycles", "SM clocks",
       "clocks an SM spends per block it runs, besides the block's work "
       "(dispatch and retirement)",
       false, false},
      {F::L2LatencyCycles, "l2_latency_cycles", "SM clocks",
       "latency of a dependent load that hits in L2", false, false},
      {F::DramLatencyCycles, "dram_latency_cycles", "SM clocks",
       "latency of a dependent load served by DRAM", false, false},
      {F::L1LatencyCycles, "l1_latency_cycles", "SM clocks",
       "latency of a dependent load that hits in L1; shared-memory loads, "
       "served by the same array, take no longer",
       false, false},
      {F::MmaSyncPeakFraction, "mma_sync_peak_fraction", "fraction",
       "of the dense tensor peak, what warp-level mma.sync instructions "
       "reach",
       false, false},
      {F::DeviceMemoryBytes, "device_memory_bytes", "bytes",
       "device (HBM) memory: the most a function's buffers may take at once",
       true, false},
      {F::TensorUnitsPerSM, "tensor_units_per_sm", "units",
       "tensor/matrix-core units per SM/CU, one per sub-partition: a warp "
       "issues on one of them",
       true, false},
      {F::TmaStreamBytesPerClock, "tma_stream_bytes_per_clock", "bytes/clock",
       "bytes per SM clock at which one block's TMA loads (a pipeline "
       "stage's boxes, issued by one thread) arrive in shared memory",
       false, false},
      {F::TmaSmBytesPerClock, "tma_sm_bytes_per_clock", "bytes/clock",
       "bytes per clock an SM's TMA loads move from L2, several blocks "
       "resident",
       false, false},
      {F::TmaL2BandwidthTBps, "tma_l2_bandwidth_tbps", "TB/s",
       "L2 bandwidth TMA loads reach in one kernel", false, false},
      {F::IssueCyclesAlone, "issue_cycles_alone", "clocks",
       "SM clocks between two instructions of a warp alone on its "
       "scheduler (dependences, shared-memory round trips; global memory "
       "aside)",
       false, false},
      {F::WgmmaWaitCycles, "wgmma_wait_cycles", "SM clocks",
       "clocks a warpgroup waits at wgmma.wait_group for a chain of "
       "wgmma.mma_async beyond the chain's tensor time",
       false, false},
      {F::LaneCyclesAlone, "lane_cycles_alone", "clocks",
       "SM clocks between two instructions of a warp alone on its "
       "scheduler in register-only arithmetic (its own dependences and "
       "pipes; no memory instruction among them)",
       false, false},
      {F::L2RequestsPerClock, "l2_requests_per_clock", "requests/clock",
       "requests L2 serves per SM clock in all: one per cache line of a "
       "block's tile read, one per sector a warp's store instruction writes",
       false, false},
      {F::L1CacheBytes, "l1_cache_bytes", "bytes",
       "an SM's (CU's) L1 data cache; on NVIDIA shared with the blocks' "
       "shared memory",
       true, false},
      {F::L2ReuseBytes, "l2_reuse_bytes", "bytes",
       "inputs that stay in L2 from one wave of blocks to the next (more: "
       "each wave reads its tiles from DRAM again)",
       true, false},
      {F::WgmmaWarpgroupFraction, "wgmma_warpgroup_fraction", "fraction",
       "of the dense tensor peak, what one resident warpgroup's wgmma "
       "reaches as its N grows (f N / (N + 32)); an SM's warpgroups add up "
       "to tensor_achievable_fraction",
       false, false},
      {F::ClusterBarrierCycles, "cluster_barrier_cycles", "SM clocks",
       "what a cluster barrier (barrier.cluster arrive and wait, a cluster "
       "of 2) once a K step adds to each step of a wgmma K loop",
       false, false},
      {F::SplitArrivalCycles, "split_arrival_cycles", "SM clocks",
       "where a split-K sum runs in its partial kernel, what the arrival "
       "at a tile (a fence, an atomic add at L2, a fence) costs the tile's "
       "last block before it reads the partials",
       false, false},
      {F::MmaSyncStepCycles, "mma_sync_step_cycles", "SM clocks",
       "what an mma.sync K step adds to each step of the busiest SM's turn "
       "of resident blocks beyond its work (fragment loads before the first "
       "mma.sync, the last one's drain, the barrier)",
       false, false},
      {F::MmaSyncCopyQueueCycles, "mma_sync_copy_queue_cycles", "SM clocks",
       "what an mma.sync K step's copies (cp.async) take beyond a lone "
       "load's latency and their bytes over the SM's link, every SM "
       "streaming its tiles",
       false, false},
  }};
  return fields;
}

const TargetFieldInfo &fieldInfo(TargetField field) {
  const TargetFieldInfo &info = targetFields()[static_cast<unsigned>(field)];
  assert(info.field == field && "targetFields() out of declaration order");
  return info;
}

Target::Target(std::string name, Vendor vendor, std::string arch,
               std::string description)
    : name_(std::move(name)), vendor_(vendor), arch_(std::move(arch)),
      description_(std::move(description)) {}

void Target::set(TargetField field, double value, std::string source) {
  values_[static_cast<unsigned>(field)] = CitedValue{value, std::move(source)};
}

bool Target::isEstimate(TargetField field) const {
  const std::optional<CitedValue> &v = lookup(field);
  return v && v->source.rfind("estimate", 0) == 0;
}

bool Target::has(TargetField field) const {
  return values_[static_cast<unsigned>(field)].has_value();
}

double Target::get(TargetField field) const {
  const std::optional<CitedValue> &v = lookup(field);
  assert(v && "reading an absent target field");
  return v ? v->value : 0.0;
}

const std::optional<CitedValue> &Target::lookup(TargetField field) const {
  return values_[static_cast<unsigned>(field)];
}

double Target::ridgePointBF16() const {
  return get(TargetField::PeakBF16TensorTFlops) * 1e12 /
         (get(TargetField::HbmBandwidthTBps) * 1e12);
}

std::string Target::validate() const {
  static const std::regex nvidiaArch("sm_[0-9]+a?");
  static const std::regex amdArch("gfx[0-9a-f]+");
  if (name_.empty())
    return "target has an empty name";
  const std::regex &archPattern =
      vendor_ == Vendor::NVIDIA ? nvidiaArch : amdArch;
  if (!std::regex_match(arch_, archPattern))
    return "target '" + name_ + "' has arch '" + arch_ + "', which is not a " +
           std::string(vendorName(vendor_)) + " architecture (expected " +
           (vendor_ == Vendor::NVIDIA ? "sm_NN or sm_NNa" : "gfxNNN") + ")";
  for (const TargetFieldInfo &info : targetFields()) {
    const std::optional<CitedValue> &v = lookup(info.field);
    std::string where =
        "target '" + name_ + "' field '" + std::string(info.key) + "'";
    if (!v) {
      if (info.required)
        return where + " is missing";
      continue;
    }
    if (!std::isfinite(v->value) || v->value <= 0)
      return where + " must be a positive number";
    if (info.integral && (v->value != std::floor(v->value) || v->value > 1e15))
      return where + " must be a whole number";
    if (v->source.empty())
      return where + " has no source";
  }
  for (TargetField f :
       {TargetField::HbmEfficiency16MiB, TargetField::HbmEfficiency64MiB,
        TargetField::HbmEfficiency256MiB, TargetField::TensorAchievableFraction,
        TargetField::MmaSyncPeakFraction})
    if (has(f) && get(f) > 1)
      return "target '" + name_ + "' field '" + std::string(fieldInfo(f).key) +
             "' is a fraction above 1";
  double warp = get(TargetField::WarpSize);
  if (warp != 32 && warp != 64)
    return "target '" + name_ + "' field 'warp_size' must be 32 or 64";
  if (get(TargetField::SharedMemPerBlockBytes) >
      get(TargetField::SharedMemPerSMBytes))
    return "target '" + name_ +
           "' allows more shared memory per block than per SM";
  if (has(TargetField::StaticSharedMemPerBlockBytes) &&
      get(TargetField::StaticSharedMemPerBlockBytes) >
          get(TargetField::SharedMemPerBlockBytes))
    return "target '" + name_ +
           "' allows more static shared memory per block than shared memory "
           "per block";
  double threads = get(TargetField::MaxThreadsPerBlock);
  if (std::fmod(threads, warp) != 0)
    return "target '" + name_ +
           "' field 'max_threads_per_block' is not a multiple of 'warp_size'";
  if (threads > get(TargetField::MaxWarpsPerSM) * warp)
    return "target '" + name_ +
           "' allows more threads per block than fit on one SM";
  return "";
}

namespace {

/// Formats a number without trailing zeros (132, 989.4, 2.039).
std::string formatNumber(double v) {
  std::ostringstream os;
  os << std::setprecision(12) << v;
  return os.str();
}

std::optional<Target> parseJsonValue(const nlohmann::json &doc,
                                     std::string_view sourceName,
                                     std::string &error) {
  auto fail = [&](const std::string &msg) -> std::optional<Target> {
    error = std::string(sourceName) + ": " + msg;
    return std::nullopt;
  };
  if (!doc.is_object())
    return fail("a target description must be a JSON object");
  static const char *topKeys[] = {"name", "vendor", "arch", "description",
                                  "fields"};
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (std::find(std::begin(topKeys), std::end(topKeys), it.key()) ==
        std::end(topKeys))
      return fail("unknown key '" + it.key() +
                  "' (expected name, vendor, arch, description, fields)");
  auto getString = [&](const char *key, bool required,
                       std::string &out) -> bool {
    auto it = doc.find(key);
    if (it == doc.end()) {
      if (required)
        error = std::string(sourceName) + ": missing key '" + key + "'";
      return !required;
    }
    if (!it->is_string()) {
      error = std::string(sourceName) + ": key '" + key + "' must be a string";
      return false;
    }
    out = it->get<std::string>();
    return true;
  };
  std::string name, vendorStr, arch, description;
  if (!getString("name", true, name) || !getString("vendor", true, vendorStr) ||
      !getString("arch", true, arch) ||
      !getString("description", false, description))
    return std::nullopt;
  Vendor vendor;
  if (vendorStr == "nvidia")
    vendor = Vendor::NVIDIA;
  else if (vendorStr == "amd")
    vendor = Vendor::AMD;
  else
    return fail("vendor '" + vendorStr + "' is not 'nvidia' or 'amd'");

  Target target(name, vendor, arch, description);
  auto fieldsIt = doc.find("fields");
  if (fieldsIt == doc.end())
    return fail("missing key 'fields'");
  if (!fieldsIt->is_object())
    return fail("key 'fields' must be an object");
  for (auto it = fieldsIt->begin(); it != fieldsIt->end(); ++it) {
    const auto &fields = targetFields();
    auto info = std::find_if(fields.begin(), fields.end(),
                             [&](auto &f) { return f.key == it.key(); });
    if (info == fields.end())
      return fail("unknown field '" + it.key() + "'");
    const nlohmann::json &entry = it.value();
    double value;
    std::string source = "from " + std::string(sourceName);
    if (entry.is_number()) {
      value = entry.get<double>();
    } else if (entry.is_object()) {
      auto v = entry.find("value");
      if (v == entry.end() || !v->is_number())
        return fail("field '" + it.key() + "' needs a numeric 'value'");
      value = v->get<double>();
      auto s = entry.find("source");
      if (s != entry.end()) {
        if (!s->is_string() || s->get<std::string>().empty())
          return fail("field '" + it.key() +
                      "' has a 'source' that is not a non-empty string");
        source = s->get<std::string>();
      }
      for (auto k = entry.begin(); k != entry.end(); ++k)
        if (k.key() != "value" && k.key() != "source")
          return fail("field '" + it.key() + "' has unknown key '" + k.key() +
                      "'");
    } else {
      return fail("field '" + it.key() +
                  "' must be a number or {\"value\": ..., \"source\": ...}");
    }
    target.set(info->field, value, std::move(source));
  }
  std::string invalid = target.validate();
  if (!invalid.empty())
    return fail(invalid);
  return target;
}

} // namespace

std::optional<Target> parseTargetJson(std::string_view text,
                                      std::string_view sourceName,
                                      std::string &error) {
  try {
    nlohmann::json doc = nlohmann::json::parse(text.begin(), text.end());
    return parseJsonValue(doc, sourceName, error);
  } catch (const nlohmann::json::exception &e) {
    error = std::string(sourceName) + ": invalid JSON: " + e.what();
    return std::nullopt;
  }
}

std::optional<Target> loadTargetFile(const std::string &path,
                                     std::string &error) {
  std::string why;
  std::optional<std::string> text = readFile(path, why);
  if (!text) {
    error = "target file: " + why;
    return std::nullopt;
  }
  return parseTargetJson(*text, path, error);
}

std::optional<Target> resolveTarget(const std::string &spec,
                                    std::string &error) {
  constexpr std::string_view suffix = ".json";
  if (spec.size() >= suffix.size() &&
      spec.compare(spec.size() - suffix.size(), suffix.size(), suffix) == 0)
    return loadTargetFile(spec, error);
  if (std::optional<Target> known = lookupKnownTarget(spec))
    return known;
  error = "unknown target '" + spec + "'; known targets are:";
  for (const std::string &name : knownTargetNames())
    error += " " + name;
  error += " (or give the path of a .json target file)";
  return std::nullopt;
}

std::string targetToJson(const Target &target, bool compact) {
  nlohmann::ordered_json doc;
  doc["name"] = target.name();
  doc["vendor"] = std::string(vendorName(target.vendor()));
  doc["arch"] = target.arch();
  doc["description"] = target.description();
  nlohmann::ordered_json fields = nlohmann::ordered_json::object();
  for (const TargetFieldInfo &info : targetFields()) {
    const std::optional<CitedValue> &v = target.lookup(info.field);
    if (!v)
      continue;
    nlohmann::ordered_json entry;
    if (info.integral)
      entry["value"] = static_cast<long long>(v->value);
    else
      entry["value"] = v->value;
    entry["source"] = v->source;
    fields[std::string(info.key)] = entry;
  }
  doc["fields"] = fields;
  return compact ? doc.dump() : doc.dump(2) + "\n";
}

std::optional<unsigned> smVersionOf(std::string_view arch) {
  constexpr std::string_view prefix = "sm_";
  if (arch.substr(0, prefix.size()) != prefix)
    return std::nullopt;
  unsigned sm = 0;
  size_t i = prefix.size();
  for (; i < arch.size() && std::isdigit(static_cast<unsigned char>(arch[i]));
       ++i)
    sm = sm * 10 + unsigned(arch[i] - '0');
  if (i == prefix.size())
    return std::nullopt;
  return sm;
}

unsigned nvidiaSm(const Target &target) {
  if (target.vendor() != Vendor::NVIDIA)
    return 0;
  return smVersionOf(target.arch()).value_or(0);
}

bool Target::hasMmaSync() const { return nvidiaSm(*this) >= 80; }

bool Target::hasWgmma() const {
  // The architecture-specific sm_90a, not sm_90 (PTX ISA: wgmma needs the
  // "a" target).
  return nvidiaSm(*this) == 90 && !arch_.empty() && arch_.back() == 'a';
}

bool Target::hasMfma() const {
  if (vendor_ != Vendor::AMD)
    return false;
  std::string_view a = arch_;
  return a == "gfx90a" || a.substr(0, 5) == "gfx94";
}

bool Target::hasAsyncCopy() const { return nvidiaSm(*this) >= 80; }

bool Target::hasDynamicSharedMemory() const {
  return vendor_ == Vendor::NVIDIA;
}

std::optional<double> Target::sharedMemoryOverlayThreshold() const {
  if (hasDynamicSharedMemory()) {
    if (has(TargetField::StaticSharedMemPerBlockBytes))
      return get(TargetField::StaticSharedMemPerBlockBytes);
    return std::nullopt;
  }
  if (vendor_ == Vendor::AMD && has(TargetField::SharedMemPerBlockBytes))
    return get(TargetField::SharedMemPerBlockBytes);
  return std::nullopt;
}

bool Target::overlaysSharedMemory(double bytes, double overlaid,
                                  int64_t threads) const {
  std::optional<double> threshold = sharedMemoryOverlayThreshold();
  if (!threshold || overlaid >= bytes || overlaid <= 0)
    return false;
  if (bytes > *threshold)
    return true;
  // Blocks an SM holds by their shared memory, their count and their warps,
  // as the model counts them (model::occupy, occupancyRefusal).
  int64_t lanes = int64_t(warpSize());
  int64_t warps = std::max<int64_t>(1, (threads + lanes - 1) / lanes);
  auto blocks = [&](double b) {
    return std::min(
        {int64_t(get(TargetField::SharedMemPerSMBytes)) / int64_t(b),
         int64_t(get(TargetField::MaxBlocksPerSM)),
         int64_t(get(TargetField::MaxWarpsPerSM)) / warps});
  };
  return blocks(overlaid) > blocks(bytes);
}

double Target::blockSharedMemoryLimit() const {
  return get(!hasDynamicSharedMemory() &&
                     has(TargetField::StaticSharedMemPerBlockBytes)
                 ? TargetField::StaticSharedMemPerBlockBytes
                 : TargetField::SharedMemPerBlockBytes);
}

std::string formatTargetTable(const Target &target) {
  std::ostringstream os;
  os << "target " << target.name() << " (" << vendorName(target.vendor())
     << ", " << target.arch() << "): " << target.description() << "\n";
  std::size_t keyWidth = 0, valueWidth = 0;
  for (const TargetFieldInfo &info : targetFields()) {
    keyWidth = std::max(keyWidth, info.key.size());
    if (const auto &v = target.lookup(info.field))
      valueWidth = std::max(valueWidth, formatNumber(v->value).size() + 1 +
                                            info.unit.size());
  }
  for (const TargetFieldInfo &info : targetFields()) {
    const std::optional<CitedValue> &v = target.lookup(info.field);
    std::string value =
        v ? formatNumber(v->value) + " " + std::string(info.unit)
          : std::string("-");
    os << "  " << std::left << std::setw(int(keyWidth)) << info.key << "  "
       << std::setw(int(valueWidth)) << value << "  "
       << (v ? v->source
             : std::string("absent: the chip lacks it, or it is not measured "
                           "yet (a prediction that needs it says "
                           "uncalibrated)"))
       << "\n";
  }
  os << "  " << std::left << std::setw(int(keyWidth)) << "ridge point (bf16)"
     << "  " << formatNumber(std::round(target.ridgePointBF16() * 10) / 10)
     << " FLOP/byte (derived: peak_bf16_tensor_tflops / hbm_bandwidth_tbps)\n";
  return os.str();
}

} // namespace mlir::tessel
