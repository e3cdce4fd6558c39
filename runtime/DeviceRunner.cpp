//===- DeviceRunner.cpp - Run, check and time compiled kernels ------------===//

#include "runtime/DeviceRunner.h"

#include "runtime/CudaDriver.h"
#include "runtime/Manifest.h"
#include "runtime/Npy.h"
#include "runtime/Reference.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

using namespace mlir::tessel;
using namespace mlir::tessel::runtime;
using Value = nlohmann::json;

namespace {

//===----------------------------------------------------------------------===//
// Sizes, the reference's cost, statistics
//===----------------------------------------------------------------------===//

size_t byteSize(const ref::TensorType &t) {
  return size_t(t.numElements()) * ref::storageBytes(t.dtype);
}

/// About how many multiply-adds the reference interpreter spends on `g`.
double referenceWork(const ref::Graph &g) {
  auto numel = [&](int id) -> double {
    if (id < 0)
      return 1;
    if (id < int(g.inputs.size()))
      return double(g.inputs[id].numElements());
    return double(g.ops[id - g.inputs.size()].result.numElements());
  };
  double work = 0;
  for (const ref::Op &op : g.ops) {
    double out = double(op.result.numElements());
    if (op.kind == "matmul" || op.kind == "batch_matmul" ||
        op.kind == "conv2d" || op.kind == "attention") {
      // sqrt(|A| |B| |C|) is M*N*K for a matmul: the contraction's size.
      double a = numel(op.operands[0]), b = numel(op.operands[1]);
      work += std::sqrt(a * b * out) * (op.kind == "attention" ? 4 : 1);
    } else {
      work +=
          8 * std::max(out, numel(op.operands.empty() ? -1 : op.operands[0]));
    }
  }
  return work;
}

uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

struct Quantiles {
  double median = 0, p10 = 0, p90 = 0, min = 0;
  int n = 0;
};

Quantiles quantiles(std::vector<double> v) {
  Quantiles q;
  if (v.empty())
    return q;
  std::sort(v.begin(), v.end());
  auto at = [&](double f) {
    return v[std::min(v.size() - 1, size_t(f * double(v.size() - 1) + 0.5))];
  };
  q.n = int(v.size());
  q.min = v.front();
  q.p10 = at(0.1);
  q.p90 = at(0.9);
  q.median = v.size() % 2 ? v[v.size() / 2]
                          : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  return q;
}

Value quantilesJson(const Quantiles &q) {
  return Value::object({{"median", Value(q.median)},
                        {"p10", Value(q.p10)},
                        {"p90", Value(q.p90)},
                        {"min", Value(q.min)},
                        {"n", Value(q.n)}});
}

//===----------------------------------------------------------------------===//
// The device
//===----------------------------------------------------------------------===//

class Device {
public:
  explicit Device(std::unique_ptr<CudaDriver> d) : cu(std::move(d)) {}

  bool open(std::string &error) {
    if (!call(cu->cuInit(0), "cuInit", error))
      return false;
    int count = 0;
    if (!call(cu->cuDeviceGetCount(&count), "cuDeviceGetCount", error))
      return false;
    if (count == 0) {
      error = cu->api + " sees no GPU";
      return false;
    }
    char name[256] = {0};
    int sms = 0, l2 = 0, major = 0, minor = 0, clock = 0;
    if (!call(cu->cuDeviceGet(&device, 0), "cuDeviceGet", error) ||
        !call(cu->cuDeviceGetName(name, sizeof(name) - 1, device),
              "cuDeviceGetName", error) ||
        !call(cu->cuDeviceGetAttribute(&sms, kAttrMultiprocessorCount, device),
              "cuDeviceGetAttribute", error) ||
        !call(cu->cuDeviceGetAttribute(&l2, kAttrL2CacheSize, device),
              "cuDeviceGetAttribute", error) ||
        !call(cu->cuDeviceGetAttribute(&major, kAttrComputeCapabilityMajor,
                                       device),
              "cuDeviceGetAttribute", error) ||
        !call(cu->cuDeviceGetAttribute(&minor, kAttrComputeCapabilityMinor,
                                       device),
              "cuDeviceGetAttribute", error) ||
        !call(cu->cuDeviceGetAttribute(&clock, kAttrClockRateKHz, device),
              "cuDeviceGetAttribute", error) ||
        !call(cu->cuDriverGetVersion(&driverVersion), "cuDriverGetVersion",
              error) ||
        !call(cu->cuDevicePrimaryCtxRetain(&context, device),
              "cuDevicePrimaryCtxRetain", error) ||
        !call(cu->cuCtxSetCurrent(context), "cuCtxSetCurrent", error))
      return false;
    this->name = name;
    l2Bytes = size_t(l2);
    info = Value::object(
        {{"name", Value(this->name)},
         {"multiprocessors", Value(sms)},
         {"l2_bytes", Value(l2)},
         {"compute_capability",
          Value(std::to_string(major) + "." + std::to_string(minor))},
         {"max_clock_mhz", Value(clock / 1000)},
         {"driver_version", Value(driverVersion)}});
    return true;
  }

  bool call(CUresult r, const char *what, std::string &error) const {
    if (r == 0)
      return true;
    error = cu->describe(what, r);
    return false;
  }

  std::unique_ptr<CudaDriver> cu;
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string name;
  int driverVersion = 0;
  size_t l2Bytes = 0;
  Value info;
};

/// The first GPU of `vendor`'s runtime (NVIDIA kernels run through the CUDA
/// driver, AMD kernels through HIP), named in `log`; null with `error` set
/// when the library or the GPU is missing.
std::unique_ptr<Device> openDevice(const std::string &vendor,
                                   const std::string &library,
                                   std::ostream &log, std::string &error) {
  std::unique_ptr<CudaDriver> driver = vendor == "amd"
                                           ? loadHipDriver(error, library)
                                           : loadCudaDriver(error, library);
  if (!driver)
    return nullptr;
  auto dev = std::make_unique<Device>(std::move(driver));
  if (!dev->open(error))
    return nullptr;
  log << "device: " << dev->name << " (" << dev->cu->api << " "
      << dev->driverVersion << ")" << std::endl;
  return dev;
}

/// Device memory freed when it goes out of scope.
class Buffer {
public:
  Buffer(const Device &d, size_t bytes, std::string &error) : d(d) {
    if (bytes && !d.call(d.cu->cuMemAlloc(&ptr, bytes), "cuMemAlloc", error))
      ptr = 0;
    size = bytes;
  }
  Buffer(const Buffer &) = delete;
  Buffer(Buffer &&o) noexcept : d(o.d), ptr(o.ptr), size(o.size) { o.ptr = 0; }
  ~Buffer() {
    if (ptr)
      d.cu->cuMemFree(ptr);
  }
  bool ok() const { return ptr != 0 || size == 0; }
  const Device &d;
  CUdeviceptr ptr = 0;
  size_t size = 0;
};

class Module {
public:
  Module(const Device &d) : d(d) {}
  Module(const Module &) = delete;
  ~Module() {
    if (mod)
      d.cu->cuModuleUnload(mod);
  }
  const Device &d;
  CUmodule mod = nullptr;
};

/// The buffers of one tessel.kernel: every input and output, by position.
struct BufferSet {
  std::vector<Buffer> inputs, outputs;
  /// Tensor maps over them (wgmma kernels), 128 bytes of device memory
  /// each, by launch and parameter: encoded at the first launch.
  std::map<std::pair<size_t, size_t>, Buffer> tensorMaps;
};

/// Loads `k`'s binary (the cubin or HSACO when there is one, else the PTX,
/// which the CUDA driver compiles) into a module kept in `modules`, and
/// returns its entry; opts in to its dynamic shared memory past 48 KiB.
std::optional<CUfunction>
loadKernel(const Device &dev, const Manifest &m, const GpuKernel &k,
           std::vector<std::unique_ptr<Module>> &modules, std::string &error) {
  std::string file = !k.binary.empty() ? k.binary : k.ptx;
  if (file.empty() || (m.vendor == "amd" && k.binary.empty())) {
    error = k.name + (m.vendor == "amd"
                          ? ": the manifest names no HSACO (compile with "
                            "ld.lld and the ROCm device libraries)"
                          : ": the manifest names no binary and no PTX");
    return std::nullopt;
  }
  std::optional<std::string> image = readFile(m.directory + "/" + file, error);
  if (!image)
    return std::nullopt;
  modules.push_back(std::make_unique<Module>(dev));
  // PTX is text the driver reads up to its terminating NUL.
  image->push_back('\0');
  CUfunction fn = nullptr;
  if (!dev.call(dev.cu->cuModuleLoadData(&modules.back()->mod, image->data()),
                "cuModuleLoadData", error) ||
      !dev.call(dev.cu->cuModuleGetFunction(&fn, modules.back()->mod,
                                            k.entry.c_str()),
                "cuModuleGetFunction", error)) {
    error = k.name + " (" + file + "): " + error;
    return std::nullopt;
  }
  // Past 48 KiB of dynamic shared memory a kernel must opt in.
  if (k.dynamicSharedMemoryBytes > kDefaultDynamicSharedBytes) {
    if (!dev.cu->cuFuncSetAttribute) {
      error = k.name + ": launching with " +
              std::to_string(k.dynamicSharedMemoryBytes) +
              " bytes of dynamic shared memory needs cuFuncSetAttribute, "
              "which this driver does not have";
      return std::nullopt;
    }
    if (!dev.call(dev.cu->cuFuncSetAttribute(fn,
                                             kFuncAttrMaxDynamicSharedSizeBytes,
                                             int(k.dynamicSharedMemoryBytes)),
                  "cuFuncSetAttribute", error)) {
      error = k.name + ": " + error;
      return std::nullopt;
    }
  }
  return fn;
}

/// A tensor map of `p` over `buffer` in device memory (the kernel takes its
/// address).
bool encodeTensorMap(const Device &dev, const Param &p, CUdeviceptr buffer,
                     Buffer &map, std::string &error) {
  if (!dev.cu->cuTensorMapEncodeTiled) {
    error = "the kernel takes a TMA tensor map, which needs a CUDA 12 driver "
            "(cuTensorMapEncodeTiled)";
    return false;
  }
  std::optional<TensorMapEncoding> e = tensorMapEncoding(
      p.type.shape, ref::dtypeName(p.type.dtype), p.tensorMap->box,
      p.tensorMap->swizzleBytes, p.tensorMap->l2PromotionBytes,
      p.tensorMap->oobZero, error);
  if (!e)
    return false;
  alignas(64) unsigned char bytes[128] = {};
  void *address = reinterpret_cast<void *>(buffer);
  if (!dev.call(dev.cu->cuTensorMapEncodeTiled(
                    bytes, e->dataType, e->rank, address, e->globalDim,
                    e->globalStrides, e->boxDim, e->elementStrides,
                    e->interleave, e->swizzle, e->l2Promotion, e->oobFill),
                "cuTensorMapEncodeTiled", error))
    return false;
  return map.ok() && dev.call(dev.cu->cuMemcpyHtoD(map.ptr, bytes, 128),
                              "cuMemcpyHtoD", error);
}

/// Tensor maps over a launch's buffers, 128 bytes of device memory each,
/// by launch and parameter: encoded at the first launch.
using TensorMaps = std::map<std::pair<size_t, size_t>, Buffer>;

/// Launches every GPU kernel of `t`, in order, on the buffers at `inputs`
/// and `outputs` (by position).
bool launchAll(const Device &dev, const TesselKernel &t,
               const std::vector<CUfunction> &functions,
               const std::vector<CUdeviceptr> &inputs,
               const std::vector<CUdeviceptr> &outputs, TensorMaps &tensorMaps,
               std::string &error) {
  for (size_t i = 0; i < t.launches.size(); ++i) {
    const GpuKernel &k = *t.launches[i];
    std::vector<CUdeviceptr> ptrs;
    for (size_t j = 0; j < k.params.size(); ++j) {
      const Param &p = k.params[j];
      const std::vector<CUdeviceptr> &side = p.isOutput ? outputs : inputs;
      if (p.position >= side.size()) {
        error = k.name + ": parameter " + std::to_string(j) + " is " +
                (p.isOutput ? "output " : "input ") +
                std::to_string(p.position) + ", which the call does not have";
        return false;
      }
      CUdeviceptr ptr = side[p.position];
      if (p.tensorMap) {
        auto key = std::make_pair(i, j);
        auto it = tensorMaps.find(key);
        if (it == tensorMaps.end()) {
          it = tensorMaps.emplace(key, Buffer(dev, 128, error)).first;
          if (!encodeTensorMap(dev, p, ptr, it->second, error)) {
            error = k.name + ": " + error;
            return false;
          }
        }
        ptr = it->second.ptr;
      }
      ptrs.push_back(ptr);
    }
    std::vector<void *> args;
    for (CUdeviceptr &p : ptrs)
      args.push_back(&p);
    if (!dev.call(dev.cu->cuLaunchKernel(functions[i], k.grid[0], k.grid[1],
                                         k.grid[2], k.block[0], k.block[1],
                                         k.block[2],
                                         unsigned(k.dynamicSharedMemoryBytes),
                                         nullptr, args.data(), nullptr),
                  "cuLaunchKernel", error)) {
      error = k.name + ": " + error;
      return false;
    }
  }
  return true;
}

/// launchAll on one tessel.kernel's own buffers.
bool launchAll(const Device &dev, const TesselKernel &t,
               const std::vector<CUfunction> &functions, BufferSet &set,
               std::string &error) {
  std::vector<CUdeviceptr> inputs, outputs;
  for (const Buffer &b : set.inputs)
    inputs.push_back(b.ptr);
  for (const Buffer &b : set.outputs)
    outputs.push_back(b.ptr);
  return launchAll(dev, t, functions, inputs, outputs, set.tensorMaps, error);
}

std::string fixed(double v, int digits) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(digits) << v;
  return os.str();
}

/// Runs one tessel.kernel. Returns false when it could not run at all
/// (`error` says why); `mismatch` is set when its outputs are wrong.
/// Reference outputs already computed, by graph and seed: the same
/// tessel.kernel compiled with several schedules is checked against one
/// evaluation.
using ReferenceCache = std::map<std::string, std::vector<ref::Tensor>>;

bool runKernel(Device &dev, const Manifest &m, const TesselKernel &t,
               const DeviceRunOptions &options, uint64_t seed,
               ReferenceCache &cache, std::ostream &log, Value &out,
               bool &mismatch, std::string &error) {
  // The name first, flushed: a kernel that hangs or faults is named in the
  // log even when the run is killed.
  log << "  " << std::left << std::setw(44) << t.name << std::right
      << std::flush;
  // Types of the inputs and outputs, from the parameters (and the reference).
  std::map<unsigned, ref::TensorType> inTypes, outTypes;
  std::set<unsigned> zeroedOutputs; // allocated zeroed, not poisoned
  for (const GpuKernel *k : t.launches)
    for (const Param &p : k->params) {
      (p.isOutput ? outTypes : inTypes)[p.position] = p.type;
      if (p.zeroed)
        zeroedOutputs.insert(p.position);
    }
  size_t numInputs = inTypes.empty() ? 0 : inTypes.rbegin()->first + 1;
  size_t numOutputs = outTypes.empty() ? 0 : outTypes.rbegin()->first + 1;
  if (t.reference) {
    numInputs = std::max(numInputs, t.reference->inputs.size());
    numOutputs = std::max(numOutputs, t.reference->outputs.size());
    for (size_t i = 0; i < t.reference->inputs.size(); ++i)
      inTypes.emplace(unsigned(i), t.reference->inputs[i]);
  }
  for (size_t i = 0; i < numInputs; ++i)
    if (!inTypes.count(unsigned(i))) {
      error = "input " + std::to_string(i) + " of " + t.name +
              " has no known type (no parameter and no reference)";
      return false;
    }
  for (size_t i = 0; i < numOutputs; ++i)
    if (!outTypes.count(unsigned(i))) {
      error = "output " + std::to_string(i) + " of " + t.name +
              " is written by no kernel";
      return false;
    }

  // Load the binaries.
  std::vector<std::unique_ptr<Module>> modules;
  std::vector<CUfunction> functions;
  Value launches = Value::array();
  for (const GpuKernel *k : t.launches) {
    std::optional<CUfunction> loaded = loadKernel(dev, m, *k, modules, error);
    if (!loaded)
      return false;
    CUfunction fn = *loaded;
    std::string file = !k->binary.empty() ? k->binary : k->ptx;
    functions.push_back(fn);
    int regs = 0, local = 0;
    dev.cu->cuFuncGetAttribute(&regs, kFuncAttrNumRegs, fn);
    dev.cu->cuFuncGetAttribute(&local, kFuncAttrLocalSizeBytes, fn);
    Value grid = Value::array(), block = Value::array(),
          cluster = Value::array();
    for (int i = 0; i < 3; ++i) {
      grid.push_back(Value(k->grid[i]));
      block.push_back(Value(k->block[i]));
      cluster.push_back(Value(k->cluster[i]));
    }
    launches.push_back(Value(
        Value::object({{"name", Value(k->name)},
                       {"binary", Value(file)},
                       {"grid", Value(std::move(grid))},
                       {"block", Value(std::move(block))},
                       {"cluster", Value(std::move(cluster))},
                       {"registers", Value(regs)},
                       {"local_bytes", Value(local)},
                       {"shared_memory_bytes", Value(k->sharedMemoryBytes)},
                       {"dynamic_shared_memory_bytes",
                        Value(k->dynamicSharedMemoryBytes)}})));
  }
  out["launches"] = Value(std::move(launches));

  // Seeded inputs, as tessel-run --cpu draws them (weights scaled by their
  // fan-in where the reference says which inputs are weights).
  std::vector<ref::Tensor> hostInputs;
  std::vector<double> scales = t.reference
                                   ? ref::inputScales(*t.reference)
                                   : std::vector<double>(numInputs, 1.0);
  scales.resize(numInputs, 1.0);
  size_t footprint = 0;
  for (size_t i = 0; i < numInputs; ++i) {
    hostInputs.push_back(ref::randomTensor(
        inTypes[unsigned(i)], seed * 1000003 + i, -scales[i], scales[i]));
    footprint += byteSize(inTypes[unsigned(i)]);
  }
  for (size_t i = 0; i < numOutputs; ++i)
    footprint += byteSize(outTypes[unsigned(i)]);

  auto makeSet = [&](BufferSet &set) {
    for (size_t i = 0; i < numInputs; ++i) {
      set.inputs.emplace_back(dev, byteSize(inTypes[unsigned(i)]), error);
      if (!set.inputs.back().ok())
        return false;
    }
    for (size_t i = 0; i < numOutputs; ++i) {
      set.outputs.emplace_back(dev, byteSize(outTypes[unsigned(i)]), error);
      if (!set.outputs.back().ok())
        return false;
      // Zeroed once: the kernels leave such a buffer at zero.
      const Buffer &out = set.outputs.back();
      if (zeroedOutputs.count(unsigned(i)) &&
          !dev.call(dev.cu->cuMemsetD8(out.ptr, 0, out.size), "cuMemsetD8",
                    error))
        return false;
    }
    return true;
  };
  std::vector<BufferSet> sets(1);
  if (!makeSet(sets[0]))
    return false;
  for (size_t i = 0; i < numInputs; ++i) {
    std::vector<unsigned char> bytes = ref::toStorage(hostInputs[i]);
    if (!dev.call(dev.cu->cuMemcpyHtoD(sets[0].inputs[i].ptr, bytes.data(),
                                       bytes.size()),
                  "cuMemcpyHtoD", error))
      return false;
  }
  // Poison the outputs (all-ones bytes are NaN in every storage type), so
  // an element the kernel never writes cannot pass.
  for (size_t i = 0; i < sets[0].outputs.size(); ++i) {
    const Buffer &b = sets[0].outputs[i];
    if (!zeroedOutputs.count(unsigned(i)) &&
        !dev.call(dev.cu->cuMemsetD8(b.ptr, 0xFF, b.size), "cuMemsetD8", error))
      return false;
  }
  if (!launchAll(dev, t, functions, sets[0], error) ||
      !dev.call(dev.cu->cuCtxSynchronize(), "running the kernel", error)) {
    error = t.name + ": " + error;
    return false;
  }

  // Check.
  Value check = Value::object();
  if (!options.check) {
    check["status"] = Value("not asked");
  } else if (!t.reference) {
    check["status"] = Value("skipped: the manifest has no reference graph");
  } else if (referenceWork(*t.reference) > options.referenceBudget) {
    check["status"] = Value("skipped: the reference would take " +
                            fixed(referenceWork(*t.reference) / 1e9, 1) +
                            "e9 multiply-adds (budget " +
                            fixed(options.referenceBudget / 1e9, 1) + "e9)");
  } else {
    std::string key =
        graphToJsonText(*t.reference) + "#" + std::to_string(seed);
    auto cached = cache.find(key);
    if (cached == cache.end()) {
      std::optional<std::vector<ref::Tensor>> computed =
          ref::evaluate(*t.reference, hostInputs, error);
      if (!computed) {
        error = t.name + ": " + error;
        return false;
      }
      cached = cache.emplace(key, std::move(*computed)).first;
    }
    const std::vector<ref::Tensor> *expected = &cached->second;
    bool ok = true;
    Value outputs = Value::array();
    for (size_t i = 0; i < numOutputs && i < expected->size(); ++i) {
      const ref::TensorType &type = outTypes[unsigned(i)];
      std::vector<unsigned char> bytes(byteSize(type));
      if (!dev.call(dev.cu->cuMemcpyDtoH(bytes.data(), sets[0].outputs[i].ptr,
                                         bytes.size()),
                    "cuMemcpyDtoH", error))
        return false;
      ref::Tensor actual = ref::fromStorage(type, bytes.data());
      ref::Comparison c =
          ref::compare(actual, (*expected)[i], options.toleranceScale);
      ok &= c.ok();
      outputs.push_back(
          Value::object({{"max_abs_error", Value(c.maxAbsError)},
                         {"max_error_over_bound", Value(c.worstRatio)},
                         {"mismatches", Value(c.mismatches)},
                         {"first_mismatch", Value(c.firstMismatch)}}));
    }
    check["status"] = Value(ok ? "ok" : "MISMATCH");
    check["outputs"] = Value(std::move(outputs));
    mismatch |= !ok;
  }
  out["check"] = Value(check);

  // Time. Enough buffer sets that each repetition reads inputs no earlier
  // repetition left in L2 (a kernel of a model rarely finds its inputs
  // there), up to options.maxBufferSets sets (32 unless --buffer-sets says)
  // and 4 GiB.
  Quantiles q;
  if (options.time) {
    size_t want = std::max<size_t>(
        1, std::min<size_t>(
               {size_t(std::max(1, options.maxBufferSets)),
                (3 * dev.l2Bytes) / std::max<size_t>(footprint, 1) + 1,
                (size_t(4) << 30) / std::max<size_t>(footprint, 1)}));
    while (sets.size() < want) {
      sets.emplace_back();
      if (!makeSet(sets.back())) {
        sets.pop_back(); // out of memory: time with what there is
        break;
      }
      for (size_t i = 0; i < numInputs; ++i)
        if (!dev.call(dev.cu->cuMemcpyDtoD(sets.back().inputs[i].ptr,
                                           sets[0].inputs[i].ptr,
                                           sets[0].inputs[i].size),
                      "cuMemcpyDtoD", error))
          return false;
    }
    // A GPU-busy filler (a large memset) before each batch of repetitions
    // lets the host queue the batch's launches ahead of the GPU, so that the
    // events measure the kernels and the GPU-side gaps between launches,
    // not the host's launch latency.
    Buffer filler(dev, size_t(256) << 20, error);
    if (!filler.ok())
      return false;
    const int batch = 16;
    std::vector<CUevent> events(batch + 1);
    for (CUevent &e : events)
      if (!dev.call(dev.cu->cuEventCreate(&e, 0), "cuEventCreate", error))
        return false;
    std::vector<double> samples;
    int done = 0, timed = 0;
    double total = 0;
    auto runBatch = [&](bool record) {
      if (!dev.call(dev.cu->cuMemsetD8(filler.ptr, 0, filler.size),
                    "cuMemsetD8", error))
        return false;
      for (int i = 0; i < batch; ++i) {
        if ((i == 0 || !options.backToBack) &&
            !dev.call(dev.cu->cuEventRecord(events[i], nullptr),
                      "cuEventRecord", error))
          return false;
        if (!launchAll(dev, t, functions, sets[(done + i) % sets.size()],
                       error))
          return false;
      }
      if (!dev.call(dev.cu->cuEventRecord(events[batch], nullptr),
                    "cuEventRecord", error) ||
          !dev.call(dev.cu->cuEventSynchronize(events[batch]),
                    "running the kernel", error))
        return false;
      done += batch;
      if (!record)
        return true;
      timed += batch;
      auto elapsedUs = [&](int from, int to, double &us) {
        float ms = 0;
        if (!dev.call(dev.cu->cuEventElapsedTime(&ms, events[from], events[to]),
                      "cuEventElapsedTime", error))
          return false;
        us = double(ms) * 1e3;
        return true;
      };
      double us = 0;
      if (options.backToBack) {
        if (!elapsedUs(0, batch, us))
          return false;
        samples.push_back(us / batch);
        total += us;
        return true;
      }
      for (int i = 0; i < batch; ++i) {
        if (!elapsedUs(i, i + 1, us))
          return false;
        samples.push_back(us);
        total += us;
      }
      return true;
    };
    bool ok = true;
    for (int w = 0; ok && w * batch < options.warmup; ++w)
      ok = runBatch(false);
    while (ok && (timed < options.minReps ||
                  (timed < options.maxReps && total < options.targetMs * 1e3)))
      ok = runBatch(true);
    for (CUevent e : events)
      dev.cu->cuEventDestroy(e);
    if (!ok) {
      error = t.name + ": " + error;
      return false;
    }
    q = quantiles(samples);
    out["measured_us"] = quantilesJson(q);
    out["buffer_sets"] = Value(uint64_t(sets.size()));
  }
  out["footprint_bytes"] = Value(uint64_t(footprint));

  const GpuKernel &first = *t.launches.front();
  if (options.time)
    log << std::setw(11) << fixed(q.median, 2) << " us  (p10 "
        << fixed(q.p10, 2) << ", p90 " << fixed(q.p90, 2) << ")";
  if (first.predictedUs)
    log << "  predicted " << fixed(*first.predictedUs, 2) << " us";
  log << "  check " << out["check"]["status"].get<std::string>() << std::endl;
  return true;
}

} // namespace

int mlir::tessel::runtime::runOnDevice(
    const std::vector<std::string> &directories,
    const DeviceRunOptions &options, std::ostream &log, std::string &resultJson,
    std::string &error) {
  std::vector<Manifest> manifests;
  for (const std::string &dir : directories) {
    std::optional<Manifest> m = readManifest(dir, error);
    if (!m)
      return 2;
    if (m->vendor != "nvidia" && m->vendor != "amd") {
      error = dir + ": kernels for " + m->targetName + " (" + m->vendor +
              "): no runtime for that vendor";
      return 2;
    }
    if (!manifests.empty() && manifests.front().vendor != m->vendor) {
      error = dir + ": kernels for " + m->vendor + ", but " +
              manifests.front().directory + " holds kernels for " +
              manifests.front().vendor + "; one run uses one GPU";
      return 2;
    }
    manifests.push_back(std::move(*m));
  }
  if (manifests.empty()) {
    error = "no kernel folder given";
    return 2;
  }
  std::unique_ptr<Device> device =
      openDevice(manifests.front().vendor, options.driverLibrary, log, error);
  if (!device)
    return 2;
  Device &dev = *device;

  bool mismatch = false, failed = false;
  Value runs = Value::array();
  ReferenceCache cache;
  for (const Manifest &m : manifests) {
    Value kernels = Value::array();
    log << m.directory << " (" << m.targetName << ", " << m.arch << ")"
        << std::endl;
    for (const TesselKernel &t : m.tesselKernels) {
      if (!options.only.empty() && t.name != options.only)
        continue;
      // Inputs depend on the kernel's name, not on its place in the
      // manifest: the same kernel in another folder gets the same inputs.
      uint64_t seed = options.seed * 1000003 ^ fnv1a(t.name);
      const GpuKernel &first = *t.launches.front();
      Value k = Value::object({{"name", Value(t.name)},
                               {"schedule", Value(first.schedule)},
                               {"seed", Value(seed)}});
      if (first.predictedUs) {
        k["predicted_us"] = Value(*first.predictedUs);
        k["predicted_bound"] = Value(first.predictedBound);
      }
      if (!runKernel(dev, m, t, options, seed, cache, log, k, mismatch,
                     error)) {
        // A failed launch can leave the context unusable: the run ends
        // here, with what ran before and this kernel's error in the JSON.
        log << std::endl;
        k["error"] = Value(error);
        failed = true;
      }
      kernels.push_back(Value(std::move(k)));
      if (failed)
        break;
    }
    runs.push_back(Value::object({{"manifest", Value(m.directory)},
                                  {"source", Value(m.source)},
                                  {"target", Value(m.targetName)},
                                  {"arch", Value(m.arch)},
                                  {"kernels", Value(std::move(kernels))}}));
    if (failed)
      break;
  }
  Value options_ = Value::object(
      {{"seed", Value(options.seed)},
       {"warmup", Value(options.warmup)},
       {"min_reps", Value(options.minReps)},
       {"max_reps", Value(options.maxReps)},
       {"target_ms", Value(options.targetMs)},
       {"max_buffer_sets", Value(options.maxBufferSets)},
       {"tolerance_scale", Value(options.toleranceScale)},
       {"timing", Value(options.backToBack ? "back_to_back" : "each_launch")}});
  Value result = Value::object({{"format_version", Value(1)},
                                {"tool", Value("tessel-run --device")},
                                {"device", dev.info},
                                {"options", Value(std::move(options_))},
                                {"runs", Value(std::move(runs))}});
  resultJson = result.dump(1) + "\n";
  return failed ? 2 : mismatch ? 1 : 0;
}

namespace {

/// The plan `options` names in `m`, or its only one.
const FunctionPlan *choosePlan(const Manifest &m, const std::string &name,
                               std::string &error) {
  if (m.functions.empty()) {
    error = m.directory + ": the manifest describes no function (each holds "
                          "ops outside its kernels, or tessel-compile "
                          "predates function plans)";
    return nullptr;
  }
  if (name.empty()) {
    if (m.functions.size() == 1)
      return &m.functions.front();
    error = m.directory + ": the manifest describes " +
            std::to_string(m.functions.size()) +
            " functions: choose one with --function=NAME";
    return nullptr;
  }
  for (const FunctionPlan &f : m.functions)
    if (f.name == name)
      return &f;
  error = m.directory + ": no function '" + name + "' in the manifest";
  return nullptr;
}

std::string typeString(const ref::TensorType &t) {
  std::string s;
  for (int64_t d : t.shape)
    s += std::to_string(d) + "x";
  return s + ref::dtypeName(t.dtype);
}

/// One result's comparison line; returns whether it passed.
bool reportResult(std::ostream &log, size_t i, const ref::Tensor &got,
                  const ref::Tensor &expected, const std::string &against,
                  double scale) {
  ref::Comparison c = ref::compare(got, expected, scale);
  log << "  result #" << i << " " << typeString(got.type) << " vs " << against
      << "  max abs err " << std::scientific << std::setprecision(3)
      << c.maxAbsError << "  err/bound " << std::defaultfloat
      << std::setprecision(3) << c.worstRatio << "  "
      << (c.ok() ? "ok" : "MISMATCH") << std::endl;
  return c.ok();
}

} // namespace

int mlir::tessel::runtime::runFunctionOnDevice(
    const std::string &directory, const FunctionRunOptions &options,
    std::ostream &log, std::string &error) {
  using Kind = FunctionValue::Kind;
  std::optional<Manifest> m = readManifest(directory, error);
  if (!m)
    return 2;
  const FunctionPlan *plan = choosePlan(*m, options.function, error);
  if (!plan)
    return 2;
  if (options.inputsDir.empty()) {
    error = "@" + plan->name + " runs on the arguments --inputs=DIR names";
    return 2;
  }
  if (!options.saveDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.saveDir, ec);
    if (ec) {
      error = "cannot create '" + options.saveDir + "': " + ec.message();
      return 2;
    }
  }
  // The arguments and expected results first: a wrong file is reported
  // before any driver is loaded.
  std::vector<ref::TensorType> argTypes = plan->argumentTypes();
  std::vector<ref::Tensor> args;
  for (size_t i = 0; i < argTypes.size(); ++i) {
    std::string path =
        options.inputsDir + "/input" + std::to_string(i) + ".npy";
    std::optional<ref::Tensor> t = npy::read(path, argTypes[i], error);
    if (!t) {
      error = "argument #" + std::to_string(i) + " of @" + plan->name + ": " +
              error;
      return 2;
    }
    args.push_back(std::move(*t));
  }
  std::vector<ref::Tensor> expectedFiles;
  if (!options.expectedDir.empty())
    for (size_t i = 0; i < plan->results.size(); ++i) {
      std::string path =
          options.expectedDir + "/output" + std::to_string(i) + ".npy";
      std::optional<ref::Tensor> t =
          npy::read(path, plan->values[plan->results[i]].type, error);
      if (!t) {
        error = "result #" + std::to_string(i) + ": " + error;
        return 2;
      }
      expectedFiles.push_back(std::move(*t));
    }
  std::unique_ptr<Device> device =
      openDevice(m->vendor, options.driverLibrary, log, error);
  if (!device)
    return 2;
  Device &dev = *device;

  // The reference on the host, once there is a GPU to compare with.
  std::optional<std::vector<ref::Tensor>> reference;
  std::string referenceNote;
  if (!options.check)
    referenceNote = "not asked";
  else if (!plan->reference)
    referenceNote = "the manifest has no reference graph for it";
  else if (referenceWork(*plan->reference) > options.referenceBudget)
    referenceNote = "its reference would take " +
                    fixed(referenceWork(*plan->reference) / 1e9, 1) +
                    "e9 multiply-adds (budget " +
                    fixed(options.referenceBudget / 1e9, 1) + "e9)";
  else if (!(reference = ref::evaluate(*plan->reference, args, error)))
    return 2;

  // Each step's tessel.kernel, loaded once.
  std::vector<std::unique_ptr<Module>> modules;
  std::map<std::string,
           std::pair<const TesselKernel *, std::vector<CUfunction>>>
      loaded;
  double predictedUs = 0;
  for (const FunctionStep &step : plan->steps) {
    if (loaded.count(step.tesselKernel))
      continue;
    const TesselKernel *t = nullptr;
    for (const TesselKernel &candidate : m->tesselKernels)
      if (candidate.name == step.tesselKernel)
        t = &candidate;
    std::vector<CUfunction> functions;
    for (const GpuKernel *k : t->launches) {
      std::optional<CUfunction> fn = loadKernel(dev, *m, *k, modules, error);
      if (!fn)
        return 2;
      functions.push_back(*fn);
    }
    loaded[step.tesselKernel] = {t, std::move(functions)};
  }
  for (const FunctionStep &step : plan->steps)
    if (auto p = loaded[step.tesselKernel].first->launches.front()->predictedUs)
      predictedUs += *p;

  // The kernel results whose buffers must start at zero (Param::zeroed).
  std::set<int64_t> zeroedValues;
  for (const FunctionStep &step : plan->steps)
    for (const GpuKernel *k : loaded[step.tesselKernel].first->launches)
      for (const Param &p : k->params)
        if (p.isOutput && p.zeroed && p.position < step.outputs.size())
          zeroedValues.insert(step.outputs[p.position]);
  // A buffer per argument and kernel result; a view shares its root's.
  std::vector<std::unique_ptr<Buffer>> buffers(plan->values.size());
  std::vector<CUdeviceptr> ptrs(plan->values.size(), 0);
  for (size_t i = 0; i < plan->values.size(); ++i) {
    const FunctionValue &v = plan->values[i];
    if (v.kind == Kind::View) {
      ptrs[i] = ptrs[size_t(v.index)];
      continue;
    }
    buffers[i] = std::make_unique<Buffer>(dev, byteSize(v.type), error);
    if (!buffers[i]->ok())
      return 2;
    ptrs[i] = buffers[i]->ptr;
    if (v.kind == Kind::Argument) {
      std::vector<unsigned char> bytes = ref::toStorage(args[size_t(v.index)]);
      if (!dev.call(dev.cu->cuMemcpyHtoD(ptrs[i], bytes.data(), bytes.size()),
                    "cuMemcpyHtoD", error))
        return 2;
    } else if (!dev.call(dev.cu->cuMemsetD8(
                             ptrs[i], zeroedValues.count(int64_t(i)) ? 0 : 0xFF,
                             byteSize(v.type)),
                         "cuMemsetD8", error)) {
      return 2; // poisoned: an element no kernel writes cannot pass
    }
  }
  std::vector<TensorMaps> tensorMaps(plan->steps.size());
  auto runAll = [&] {
    for (size_t s = 0; s < plan->steps.size(); ++s) {
      const FunctionStep &step = plan->steps[s];
      auto &[t, functions] = loaded[step.tesselKernel];
      std::vector<CUdeviceptr> in, out;
      for (int64_t id : step.inputs)
        in.push_back(ptrs[size_t(id)]);
      for (int64_t id : step.outputs)
        out.push_back(ptrs[size_t(id)]);
      if (!launchAll(dev, *t, functions, in, out, tensorMaps[s], error)) {
        error = "@" + plan->name + " step " + std::to_string(s) + ": " + error;
        return false;
      }
    }
    return true;
  };
  log << "function @" << plan->name << " (" << plan->steps.size()
      << " kernel calls) on the arguments in " << options.inputsDir
      << std::endl;
  if (!runAll() ||
      !dev.call(dev.cu->cuCtxSynchronize(), "running the function", error))
    return 2;

  bool ok = true;
  for (size_t i = 0; i < plan->results.size(); ++i) {
    const ref::TensorType &type = plan->values[plan->results[i]].type;
    std::vector<unsigned char> bytes(byteSize(type));
    if (!dev.call(dev.cu->cuMemcpyDtoH(bytes.data(),
                                       ptrs[size_t(plan->results[i])],
                                       bytes.size()),
                  "cuMemcpyDtoH", error))
      return 2;
    ref::Tensor got = ref::fromStorage(type, bytes.data());
    if (reference)
      ok &= reportResult(log, i, got, (*reference)[i], "the reference",
                         options.toleranceScale);
    if (!expectedFiles.empty()) {
      ref::Tensor &expected = expectedFiles[i];
      // Held to the reference's bounds; without a reference, exactly.
      if (reference)
        expected.bound = (*reference)[i].bound;
      ok &= reportResult(log, i, got, expected,
                         "output" + std::to_string(i) + ".npy",
                         options.toleranceScale);
    }
    if (!options.saveDir.empty() &&
        !npy::write(options.saveDir + "/output" + std::to_string(i) + ".npy",
                    got, error))
      return 2;
  }
  if (!reference)
    log << "  no reference check: " << referenceNote << std::endl;

  if (options.time) {
    CUevent start = nullptr, stop = nullptr;
    if (!dev.call(dev.cu->cuEventCreate(&start, 0), "cuEventCreate", error) ||
        !dev.call(dev.cu->cuEventCreate(&stop, 0), "cuEventCreate", error))
      return 2;
    std::vector<double> samples;
    double total = 0;
    for (int rep = 0; rep < options.warmup + options.maxReps; ++rep) {
      if (!dev.call(dev.cu->cuEventRecord(start, nullptr), "cuEventRecord",
                    error) ||
          !runAll() ||
          !dev.call(dev.cu->cuEventRecord(stop, nullptr), "cuEventRecord",
                    error) ||
          !dev.call(dev.cu->cuEventSynchronize(stop), "running the function",
                    error))
        return 2;
      float ms = 0;
      if (!dev.call(dev.cu->cuEventElapsedTime(&ms, start, stop),
                    "cuEventElapsedTime", error))
        return 2;
      if (rep < options.warmup)
        continue;
      samples.push_back(double(ms) * 1e3);
      total += double(ms);
      if (int(samples.size()) >= options.minReps && total >= options.targetMs)
        break;
    }
    dev.cu->cuEventDestroy(start);
    dev.cu->cuEventDestroy(stop);
    Quantiles q = quantiles(samples);
    log << "  time " << fixed(q.median, 1) << " us (median of " << q.n
        << " runs, p10 " << fixed(q.p10, 1) << ", p90 " << fixed(q.p90, 1)
        << "; launches from the host included); predicted "
        << fixed(predictedUs, 1) << " us (its kernels' predictions summed)"
        << std::endl;
  }
  log << (ok ? "all outputs match" : "MISMATCH: some outputs differ")
      << std::endl;
  return ok ? 0 : 1;
}
