//===- HipDriver.cpp - The HIP runtime behind the driver table ------------===//
//
// Fills CudaDriver's table for AMD GPUs. The HIP module API has a function
// for each driver entry point the runner uses (hipModuleLoadData,
// hipModuleLaunchKernel, hipEventElapsedTime...); each adapter below calls
// it with the arguments converted to HIP's types: device pointers are
// `void *` in HIP and integers in the table, device attributes have HIP's
// own numbers (hipDeviceAttribute_t, ROCm 5.0 and later:
// hipDeviceAttributeMultiprocessorCount = 63), hipGetErrorString returns
// its text. Function attributes share CUDA's numbers (HIP_FUNC_ATTRIBUTE_*
// mirrors CUfunction_attribute). Nothing here is compiled against HIP's
// headers, so Tessel builds where ROCm is absent; what runs an AMD kernel
// has not run on an AMD GPU in this project yet (none is lent to it).
//
//===----------------------------------------------------------------------===//

#include "runtime/CudaDriver.h"

#include <cstdint>

using namespace mlir::tessel::runtime;

namespace {

using hipError = int;

/// The HIP entry points, resolved once (the adapters are plain functions,
/// so they find them here).
struct HipRuntime {
  hipError (*hipInit)(unsigned);
  hipError (*hipDriverGetVersion)(int *);
  hipError (*hipGetDeviceCount)(int *);
  hipError (*hipDeviceGet)(int *, int);
  hipError (*hipDeviceGetName)(char *, int, int);
  hipError (*hipDeviceGetAttribute)(int *, int, int);
  hipError (*hipSetDevice)(int);
  hipError (*hipDeviceSynchronize)();
  hipError (*hipModuleLoadData)(void **, const void *);
  hipError (*hipModuleUnload)(void *);
  hipError (*hipModuleGetFunction)(void **, void *, const char *);
  hipError (*hipFuncGetAttribute)(int *, int, void *);
  hipError (*hipMalloc)(void **, size_t);
  hipError (*hipFree)(void *);
  hipError (*hipMemcpyHtoD)(void *, const void *, size_t);
  hipError (*hipMemcpyDtoH)(void *, void *, size_t);
  hipError (*hipMemcpyDtoD)(void *, void *, size_t);
  hipError (*hipMemsetD8)(void *, unsigned char, size_t);
  hipError (*hipModuleLaunchKernel)(void *, unsigned, unsigned, unsigned,
                                    unsigned, unsigned, unsigned, unsigned,
                                    void *, void **, void **);
  hipError (*hipEventCreateWithFlags)(void **, unsigned);
  hipError (*hipEventDestroy)(void *);
  hipError (*hipEventRecord)(void *, void *);
  hipError (*hipEventSynchronize)(void *);
  hipError (*hipEventElapsedTime)(float *, void *, void *);
  const char *(*hipGetErrorString)(hipError);
};

HipRuntime hip;

void *ptr(CUdeviceptr p) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(p));
}

/// The HIP number of the CUDA device attribute `attr` (those the runner
/// asks for), or -1.
int hipAttribute(int attr) {
  switch (attr) {
  case kAttrMultiprocessorCount:
    return 63; // hipDeviceAttributeMultiprocessorCount
  case kAttrL2CacheSize:
    return 19; // hipDeviceAttributeL2CacheSize
  case kAttrComputeCapabilityMajor:
    return 23; // hipDeviceAttributeComputeCapabilityMajor
  case kAttrComputeCapabilityMinor:
    return 61; // hipDeviceAttributeComputeCapabilityMinor
  case kAttrClockRateKHz:
    return 5; // hipDeviceAttributeClockRate
  default:
    return -1;
  }
}

constexpr hipError kHipErrorInvalidValue = 1;

CUresult init(unsigned flags) { return hip.hipInit(flags); }
CUresult driverVersion(int *v) { return hip.hipDriverGetVersion(v); }
CUresult deviceCount(int *n) { return hip.hipGetDeviceCount(n); }
CUresult deviceGet(CUdevice *d, int ordinal) {
  return hip.hipDeviceGet(d, ordinal);
}
CUresult deviceName(char *name, int len, CUdevice d) {
  return hip.hipDeviceGetName(name, len, d);
}
CUresult deviceAttribute(int *v, int attr, CUdevice d) {
  int h = hipAttribute(attr);
  return h < 0 ? kHipErrorInvalidValue : hip.hipDeviceGetAttribute(v, h, d);
}
// HIP keeps one implicit context per device: making the device current is
// what retaining and setting the primary context do.
CUresult primaryContext(CUcontext *ctx, CUdevice d) {
  *ctx = reinterpret_cast<CUcontext>(static_cast<uintptr_t>(d + 1));
  return hip.hipSetDevice(d);
}
CUresult setContext(CUcontext ctx) {
  return hip.hipSetDevice(static_cast<int>(reinterpret_cast<uintptr_t>(ctx)) -
                          1);
}
CUresult synchronize() { return hip.hipDeviceSynchronize(); }
CUresult moduleLoad(CUmodule *m, const void *image) {
  void *h = nullptr;
  hipError r = hip.hipModuleLoadData(&h, image);
  *m = static_cast<CUmodule>(h);
  return r;
}
CUresult moduleUnload(CUmodule m) { return hip.hipModuleUnload(m); }
CUresult moduleFunction(CUfunction *f, CUmodule m, const char *name) {
  void *h = nullptr;
  hipError r = hip.hipModuleGetFunction(&h, m, name);
  *f = static_cast<CUfunction>(h);
  return r;
}
CUresult funcAttribute(int *v, int attr, CUfunction f) {
  return hip.hipFuncGetAttribute(v, attr, f);
}
CUresult memAlloc(CUdeviceptr *p, size_t bytes) {
  void *h = nullptr;
  hipError r = hip.hipMalloc(&h, bytes);
  *p = static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(h));
  return r;
}
CUresult memFree(CUdeviceptr p) { return hip.hipFree(ptr(p)); }
CUresult copyToDevice(CUdeviceptr dst, const void *src, size_t n) {
  return hip.hipMemcpyHtoD(ptr(dst), src, n);
}
CUresult copyToHost(void *dst, CUdeviceptr src, size_t n) {
  return hip.hipMemcpyDtoH(dst, ptr(src), n);
}
CUresult copyOnDevice(CUdeviceptr dst, CUdeviceptr src, size_t n) {
  return hip.hipMemcpyDtoD(ptr(dst), ptr(src), n);
}
CUresult memset8(CUdeviceptr dst, unsigned char value, size_t n) {
  return hip.hipMemsetD8(ptr(dst), value, n);
}
CUresult launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz, unsigned shared,
                CUstream stream, void **params, void **extra) {
  return hip.hipModuleLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, stream,
                                   params, extra);
}
CUresult eventCreate(CUevent *e, unsigned flags) {
  void *h = nullptr;
  hipError r = hip.hipEventCreateWithFlags(&h, flags);
  *e = static_cast<CUevent>(h);
  return r;
}
CUresult eventDestroy(CUevent e) { return hip.hipEventDestroy(e); }
CUresult eventRecord(CUevent e, CUstream s) { return hip.hipEventRecord(e, s); }
CUresult eventSynchronize(CUevent e) { return hip.hipEventSynchronize(e); }
CUresult eventElapsed(float *ms, CUevent a, CUevent b) {
  return hip.hipEventElapsedTime(ms, a, b);
}
CUresult errorString(CUresult r, const char **text) {
  *text = hip.hipGetErrorString(r);
  return 0;
}

} // namespace

std::unique_ptr<CudaDriver>
mlir::tessel::runtime::loadHipDriver(std::string &error,
                                     const std::string &library) {
  DynamicLibrary lib(library.empty() ? "libamdhip64.so" : library,
                     "the HIP runtime", "is ROCm installed?", error);
  if (!lib.opened())
    return nullptr;
  auto bind = [&](auto &fn, const char *symbol) { lib.bind(fn, symbol); };
  bind(hip.hipInit, "hipInit");
  bind(hip.hipDriverGetVersion, "hipDriverGetVersion");
  bind(hip.hipGetDeviceCount, "hipGetDeviceCount");
  bind(hip.hipDeviceGet, "hipDeviceGet");
  bind(hip.hipDeviceGetName, "hipDeviceGetName");
  bind(hip.hipDeviceGetAttribute, "hipDeviceGetAttribute");
  bind(hip.hipSetDevice, "hipSetDevice");
  bind(hip.hipDeviceSynchronize, "hipDeviceSynchronize");
  bind(hip.hipModuleLoadData, "hipModuleLoadData");
  bind(hip.hipModuleUnload, "hipModuleUnload");
  bind(hip.hipModuleGetFunction, "hipModuleGetFunction");
  bind(hip.hipFuncGetAttribute, "hipFuncGetAttribute");
  bind(hip.hipMalloc, "hipMalloc");
  bind(hip.hipFree, "hipFree");
  bind(hip.hipMemcpyHtoD, "hipMemcpyHtoD");
  bind(hip.hipMemcpyDtoH, "hipMemcpyDtoH");
  bind(hip.hipMemcpyDtoD, "hipMemcpyDtoD");
  bind(hip.hipMemsetD8, "hipMemsetD8");
  bind(hip.hipModuleLaunchKernel, "hipModuleLaunchKernel");
  bind(hip.hipEventCreateWithFlags, "hipEventCreateWithFlags");
  bind(hip.hipEventDestroy, "hipEventDestroy");
  bind(hip.hipEventRecord, "hipEventRecord");
  bind(hip.hipEventSynchronize, "hipEventSynchronize");
  bind(hip.hipEventElapsedTime, "hipEventElapsedTime");
  bind(hip.hipGetErrorString, "hipGetErrorString");
  if (!lib.complete())
    return nullptr;
  auto d = std::make_unique<CudaDriver>();
  d->api = "the HIP runtime";
  d->cuInit = init;
  d->cuDriverGetVersion = driverVersion;
  d->cuDeviceGetCount = deviceCount;
  d->cuDeviceGet = deviceGet;
  d->cuDeviceGetName = deviceName;
  d->cuDeviceGetAttribute = deviceAttribute;
  d->cuDevicePrimaryCtxRetain = primaryContext;
  d->cuCtxSetCurrent = setContext;
  d->cuCtxSynchronize = synchronize;
  d->cuModuleLoadData = moduleLoad;
  d->cuModuleUnload = moduleUnload;
  d->cuModuleGetFunction = moduleFunction;
  d->cuFuncGetAttribute = funcAttribute;
  d->cuMemAlloc = memAlloc;
  d->cuMemFree = memFree;
  d->cuMemcpyHtoD = copyToDevice;
  d->cuMemcpyDtoH = copyToHost;
  d->cuMemcpyDtoD = copyOnDevice;
  d->cuMemsetD8 = memset8;
  d->cuLaunchKernel = launch;
  d->cuEventCreate = eventCreate;
  d->cuEventDestroy = eventDestroy;
  d->cuEventRecord = eventRecord;
  d->cuEventSynchronize = eventSynchronize;
  d->cuEventElapsedTime = eventElapsed;
  d->cuGetErrorString = errorString;
  return d;
}
