// Loads the CUDA driver (libcuda.so.1) at run time: dlopen, then dlsym of each entry point under the name cuda.h
// maps it to, then cuInit. A machine without the driver simply has no CUDA back end.
#include "backend/CudaDriver.h"
#include "DynamicSymbols.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace ampcc::rt::cuda {
namespace {

struct Loaded {
  Driver D{};
  bool Ok = false;
  std::string Why;
};

Loaded load() {
  Loaded L;
  const char *Env = std::getenv("AMPCC_LIBCUDA");
  std::string Path = Env && *Env ? Env : "libcuda.so.1";
  // Never closed: the driver's own exit handlers, and late destructors of the runtime, may still call into it.
  void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    const char *E = dlerror();
    L.Why = "cannot open " + Path + (E ? std::string(" (") + E + ")" : std::string());
    return L;
  }
  Driver &D = L.D;
  D.Path = Path;
  std::string Missing;
  resolveSymbol(Lib, "cuInit", D.Init, Missing);
  resolveSymbol(Lib, "cuDriverGetVersion", D.DriverGetVersion, Missing);
  resolveSymbol(Lib, "cuGetErrorName", D.GetErrorName, Missing);
  resolveSymbol(Lib, "cuDeviceGetCount", D.DeviceGetCount, Missing);
  resolveSymbol(Lib, "cuDeviceGet", D.DeviceGet, Missing);
  resolveSymbol(Lib, "cuDeviceGetName", D.DeviceGetName, Missing);
  resolveSymbol(Lib, "cuDeviceGetAttribute", D.DeviceGetAttribute, Missing);
  resolveSymbol(Lib, "cuDeviceTotalMem_v2", D.DeviceTotalMem, Missing);
  resolveSymbol(Lib, "cuDevicePrimaryCtxRetain", D.DevicePrimaryCtxRetain, Missing);
  resolveSymbol(Lib, "cuDevicePrimaryCtxRelease_v2", D.DevicePrimaryCtxRelease, Missing);
  resolveSymbol(Lib, "cuCtxSetCurrent", D.CtxSetCurrent, Missing);
  resolveSymbol(Lib, "cuCtxSynchronize", D.CtxSynchronize, Missing);
  resolveSymbol(Lib, "cuMemAlloc_v2", D.MemAlloc, Missing);
  resolveSymbol(Lib, "cuMemFree_v2", D.MemFree, Missing);
  resolveSymbol(Lib, "cuMemcpyHtoDAsync_v2", D.MemcpyHtoDAsync, Missing);
  resolveSymbol(Lib, "cuMemcpyDtoHAsync_v2", D.MemcpyDtoHAsync, Missing);
  resolveSymbol(Lib, "cuMemsetD8Async", D.MemsetD8Async, Missing);
  resolveSymbol(Lib, "cuStreamCreate", D.StreamCreate, Missing);
  resolveSymbol(Lib, "cuStreamDestroy_v2", D.StreamDestroy, Missing);
  resolveSymbol(Lib, "cuStreamSynchronize", D.StreamSynchronize, Missing);
  resolveSymbol(Lib, "cuEventCreate", D.EventCreate, Missing);
  resolveSymbol(Lib, "cuEventDestroy_v2", D.EventDestroy, Missing);
  resolveSymbol(Lib, "cuEventRecord", D.EventRecord, Missing);
  resolveSymbol(Lib, "cuEventQuery", D.EventQuery, Missing);
  resolveSymbol(Lib, "cuEventSynchronize", D.EventSynchronize, Missing);
  resolveSymbol(Lib, "cuEventElapsedTime", D.EventElapsedTime, Missing);
  resolveSymbol(Lib, "cuModuleLoadDataEx", D.ModuleLoadDataEx, Missing);
  resolveSymbol(Lib, "cuModuleUnload", D.ModuleUnload, Missing);
  resolveSymbol(Lib, "cuModuleGetFunction", D.ModuleGetFunction, Missing);
  resolveSymbol(Lib, "cuFuncGetAttribute", D.FuncGetAttribute, Missing);
  resolveSymbol(Lib, "cuLaunchKernel", D.LaunchKernel, Missing);
  resolveSymbol(Lib, "cuLinkCreate_v2", D.LinkCreate, Missing);
  resolveSymbol(Lib, "cuLinkAddData_v2", D.LinkAddData, Missing);
  resolveSymbol(Lib, "cuLinkComplete", D.LinkComplete, Missing);
  resolveSymbol(Lib, "cuLinkDestroy", D.LinkDestroy, Missing);
  if (!Missing.empty()) {
    L.Why = Path + " has no " + Missing;
    return L;
  }
  std::string Optional;
  resolveSymbol(Lib, "cuFuncGetParamInfo", D.FuncGetParamInfo, Optional);
  if (CUresult R = D.Init(0); R != CUDA_SUCCESS) {
    const char *Name = nullptr;
    D.GetErrorName(R, &Name);
    L.Why = "cuInit failed: " + std::string(Name ? Name : "CUDA error") + " (" + std::to_string(R) + ")";
    return L;
  }
  D.DriverGetVersion(&D.Version);
  L.Ok = true;
  return L;
}

} // namespace

const Driver *driver(std::string *Why) {
  static const Loaded *L = new Loaded(load()); // never destroyed: see load()
  if (Why)
    *Why = L->Why;
  return L->Ok ? &L->D : nullptr;
}

const char *resultName(CUresult R) {
  const char *Name = nullptr;
  if (const Driver *D = driver(); D && D->GetErrorName(R, &Name) == CUDA_SUCCESS && Name)
    return Name;
  return "CUDA error";
}

} // namespace ampcc::rt::cuda
