//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// Tessel builds and its tests run where no CUDA exists, so the runtime does
// not link libcuda: it opens libcuda.so.1 with dlopen and looks up the few
// driver entry points it launches kernels with. Types are declared here with
// the driver's ABI (opaque handles, 32-bit result codes).
//
// The same table drives AMD GPUs: loadHipDriver opens the HIP runtime
// (libamdhip64.so) and fills each entry with an adapter that calls the HIP
// function of the same role (hipModuleLaunchKernel for cuLaunchKernel...),
// converting handles, pointers and attribute numbers, so that the runner
// has one code path.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_CUDADRIVER_H
#define TESSEL_RUNTIME_CUDADRIVER_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::runtime {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

/// The driver entry points the runner uses, resolved from libcuda.so.1.
struct CudaDriver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  /// Null where the runtime has none (HIP); kernels with more dynamic
  /// shared memory than 48 KiB need it.
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int) = nullptr;
  /// CUDA 12+ (null with an older driver; only wgmma kernels need it).
  CUresult (*cuTensorMapEncodeTiled)(void *, int, unsigned, void *,
                                     const uint64_t *, const uint64_t *,
                                     const uint32_t *, const uint32_t *, int,
                                     int, int, int) = nullptr;

  /// What the table calls: "the CUDA driver" or "the HIP runtime".
  std::string api = "the CUDA driver";

  /// "cuLaunchKernel: an illegal memory access was encountered (700)".
  std::string describe(const char *call, CUresult result) const;
};

/// The arguments of cuTensorMapEncodeTiled for a tensor map over a dense,
/// row-major buffer of `shape` (outermost first) and `elementBytes`-byte
/// elements of CUDA's `dataType`, tiled in boxes of `box` (CUDA driver API,
/// "Tensor Map Object Management"): dims innermost first, strides in bytes
/// of every dim but the innermost.
struct TensorMapEncoding {
  int dataType = 0;
  unsigned rank = 0;
  uint64_t globalDim[5] = {}, globalStrides[4] = {};
  uint32_t boxDim[5] = {}, elementStrides[5] = {};
  int interleave = 0, swizzle = 0, l2Promotion = 0, oobFill = 0;
};

/// The encoding of `map` over a buffer of `shape` whose elements are `dtype`
/// ("f32", "f16", "bf16"); nullopt, with `error`, where CUDA would refuse it
/// (rank above 5, a stride not a multiple of 16 bytes, a box beyond 256 or
/// a swizzled row wider than the swizzle).
std::optional<TensorMapEncoding>
tensorMapEncoding(const std::vector<int64_t> &shape, const std::string &dtype,
                  const std::vector<int64_t> &box, int64_t swizzleBytes,
                  int64_t l2PromotionBytes, bool oobZero, std::string &error);

/// A shared library opened with dlopen for the life of the process, whose
/// entry points are looked up by name; the first one missing is remembered
/// as the error.
class DynamicLibrary {
public:
  /// Opens `name`; on failure `error` says "cannot load the <what> library
  /// '<name>' (<hint>): <why>".
  DynamicLibrary(const std::string &name, const std::string &what,
                 const std::string &hint, std::string &error);
  bool opened() const { return handle != nullptr; }

  /// Looks `symbol` up into `fn` (null when absent, and the first absent
  /// one sets the error).
  template <typename Fn> void bind(Fn &fn, const char *symbol) {
    fn = reinterpret_cast<Fn>(lookup(symbol));
  }
  /// Whether every bind so far found its symbol.
  bool complete() const { return ok; }

private:
  void *lookup(const char *symbol);
  void *handle = nullptr;
  std::string name, what;
  std::string &error;
  bool ok = true;
};

/// Loads libcuda.so.1 (or the file `library` names) and resolves every
/// entry point. Returns nullptr and sets `error` when the library or a
/// symbol is missing: what `tessel-run --device` reports with no GPU.
std::unique_ptr<CudaDriver> loadCudaDriver(std::string &error,
                                           const std::string &library = "");

/// Loads the HIP runtime, libamdhip64.so (or the file `library` names), and
/// fills the table with adapters onto it (HipDriver.cpp). One HIP runtime
/// per process. Returns nullptr and sets `error` as loadCudaDriver does.
std::unique_ptr<CudaDriver> loadHipDriver(std::string &error,
                                          const std::string &library = "");

// Driver enum values the runner uses (cuda.h).
constexpr int kAttrMultiprocessorCount = 16;
constexpr int kAttrComputeCapabilityMajor = 75;
constexpr int kAttrComputeCapabilityMinor = 76;
constexpr int kAttrL2CacheSize = 38;
constexpr int kAttrClockRateKHz = 13;
constexpr int kFuncAttrNumRegs = 4;
constexpr int kFuncAttrLocalSizeBytes = 3;
constexpr int kFuncAttrMaxDynamicSharedSizeBytes = 8;
/// Dynamic shared memory a kernel may take without raising its limit.
constexpr int64_t kDefaultDynamicSharedBytes = 48 * 1024;

} // namespace mlir::tessel::runtime

#endif // TESSEL_RUNTIME_CUDADRIVER_H
