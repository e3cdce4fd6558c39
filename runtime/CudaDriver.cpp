//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//

#include "runtime/CudaDriver.h"

#include <dlfcn.h>

using namespace mlir::tessel::runtime;

std::string CudaDriver::describe(const char *call, CUresult result) const {
  const char *text = nullptr;
  if (cuGetErrorString)
    cuGetErrorString(result, &text);
  return std::string(call) + ": " + (text ? text : "unknown error") + " (" +
         std::to_string(result) + ")";
}

DynamicLibrary::DynamicLibrary(const std::string &name, const std::string &what,
                               const std::string &hint, std::string &error)
    : name(name), what(what), error(error) {
  // The handle stays open for the life of the process: the entry points
  // looked up in it point into it.
  handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    error = "cannot load " + what + " library '" + name + "' (" + hint +
            "): " + (why ? why : "");
  }
}

void *DynamicLibrary::lookup(const char *symbol) {
  void *p = handle ? dlsym(handle, symbol) : nullptr;
  if (!p && ok) {
    error = what + " library '" + name + "' has no symbol '" + symbol + "'";
    ok = false;
  }
  return p;
}

std::unique_ptr<CudaDriver>
mlir::tessel::runtime::loadCudaDriver(std::string &error,
                                      const std::string &library) {
  DynamicLibrary lib(library.empty() ? "libcuda.so.1" : library,
                     "the CUDA driver", "is an NVIDIA driver installed?",
                     error);
  if (!lib.opened())
    return nullptr;
  auto driver = std::make_unique<CudaDriver>();
  auto bind = [&](auto &fn, const char *symbol) { lib.bind(fn, symbol); };
  bind(driver->cuInit, "cuInit");
  bind(driver->cuDriverGetVersion, "cuDriverGetVersion");
  bind(driver->cuDeviceGetCount, "cuDeviceGetCount");
  bind(driver->cuDeviceGet, "cuDeviceGet");
  bind(driver->cuDeviceGetName, "cuDeviceGetName");
  bind(driver->cuDeviceGetAttribute, "cuDeviceGetAttribute");
  bind(driver->cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  bind(driver->cuCtxSetCurrent, "cuCtxSetCurrent");
  bind(driver->cuCtxSynchronize, "cuCtxSynchronize");
  bind(driver->cuModuleLoadData, "cuModuleLoadData");
  bind(driver->cuModuleUnload, "cuModuleUnload");
  bind(driver->cuModuleGetFunction, "cuModuleGetFunction");
  bind(driver->cuFuncGetAttribute, "cuFuncGetAttribute");
  // The _v2 entry points take 64-bit device pointers and sizes (what cuda.h
  // maps the plain names to).
  bind(driver->cuMemAlloc, "cuMemAlloc_v2");
  bind(driver->cuMemFree, "cuMemFree_v2");
  bind(driver->cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  bind(driver->cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  bind(driver->cuMemcpyDtoD, "cuMemcpyDtoD_v2");
  bind(driver->cuMemsetD8, "cuMemsetD8_v2");
  bind(driver->cuLaunchKernel, "cuLaunchKernel");
  bind(driver->cuEventCreate, "cuEventCreate");
  bind(driver->cuEventDestroy, "cuEventDestroy_v2");
  bind(driver->cuEventRecord, "cuEventRecord");
  bind(driver->cuEventSynchronize, "cuEventSynchronize");
  bind(driver->cuEventElapsedTime, "cuEventElapsedTime");
  bind(driver->cuGetErrorString, "cuGetErrorString");
  if (!lib.complete())
    return nullptr;
  // Optional: a missing one leaves the pointer null.
  std::string ignored;
  DynamicLibrary optional(library.empty() ? "libcuda.so.1" : library,
                          "the CUDA driver", "", ignored);
  optional.bind(driver->cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled");
  optional.bind(driver->cuFuncSetAttribute, "cuFuncSetAttribute");
  return driver;
}

std::optional<mlir::tessel::runtime::TensorMapEncoding>
mlir::tessel::runtime::tensorMapEncoding(const std::vector<int64_t> &shape,
                                         const std::string &dtype,
                                         const std::vector<int64_t> &box,
                                         int64_t swizzleBytes,
                                         int64_t l2PromotionBytes, bool oobZero,
                                         std::string &error) {
  // CUtensorMapDataType, CUtensorMapSwizzle, CUtensorMapL2promotion and
  // CUtensorMapFloatOOBfill as cuda.h numbers them.
  enum { kFloat16 = 6, kFloat32 = 7, kBFloat16 = 9 };
  TensorMapEncoding e;
  int64_t bytes;
  if (dtype == "f16") {
    e.dataType = kFloat16;
    bytes = 2;
  } else if (dtype == "bf16") {
    e.dataType = kBFloat16;
    bytes = 2;
  } else if (dtype == "f32") {
    e.dataType = kFloat32;
    bytes = 4;
  } else {
    error = "a tensor map over " + dtype + " elements is not supported";
    return std::nullopt;
  }
  if (shape.empty() || shape.size() > 5 || box.size() != shape.size()) {
    error = "a tensor map takes 1 to 5 dims, with a box size for each";
    return std::nullopt;
  }
  e.rank = unsigned(shape.size());
  int64_t stride = bytes;
  for (unsigned i = 0; i < e.rank; ++i) {
    size_t d = e.rank - 1 - i; // innermost first
    if (box[d] < 1 || box[d] > 256 || shape[d] < 1) {
      error = "a tensor map's box sizes must be in [1, 256]";
      return std::nullopt;
    }
    e.globalDim[i] = uint64_t(shape[d]);
    e.boxDim[i] = uint32_t(box[d]);
    e.elementStrides[i] = 1;
    if (i > 0) {
      if (stride % 16) {
        error = "a tensor map's row strides must be multiples of 16 bytes, "
                "not " +
                std::to_string(stride);
        return std::nullopt;
      }
      e.globalStrides[i - 1] = uint64_t(stride);
    }
    stride *= shape[d];
  }
  switch (swizzleBytes) {
  case 0:
    e.swizzle = 0;
    break;
  case 32:
    e.swizzle = 1;
    break;
  case 64:
    e.swizzle = 2;
    break;
  case 128:
    e.swizzle = 3;
    break;
  default:
    error = "a tensor map swizzles 0, 32, 64 or 128 bytes, not " +
            std::to_string(swizzleBytes);
    return std::nullopt;
  }
  if (swizzleBytes && int64_t(e.boxDim[0]) * bytes > swizzleBytes) {
    error = "a swizzled tensor map's box rows must be at most the swizzle (" +
            std::to_string(swizzleBytes) + " bytes)";
    return std::nullopt;
  }
  e.l2Promotion = l2PromotionBytes == 64    ? 1
                  : l2PromotionBytes == 128 ? 2
                  : l2PromotionBytes == 256 ? 3
                                            : 0;
  e.oobFill = oobZero ? 0 : 1;
  return e;
}
