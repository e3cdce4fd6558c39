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
  return driver;
}
