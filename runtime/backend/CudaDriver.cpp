// Loads the CUDA driver (libcuda.so.1) at run time: dlopen, then dlsym of each entry point under the name cuda.h
// maps it to, then cuInit. A machine without the driver simply has no CUDA back end.
#include "backend/CudaDriver.h"

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

template <typename Fn> bool resolve(void *Lib, const char *Name, Fn &Out, std::string &Missing) {
  Out = reinterpret_cast<Fn>(dlsym(Lib, Name));
  if (!Out && Missing.empty())
    Missing = Name;
  return Out != nullptr;
}

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
  resolve(Lib, "cuInit", D.Init, Missing);
  resolve(Lib, "cuDriverGetVersion", D.DriverGetVersion, Missing);
  resolve(Lib, "cuGetErrorName", D.GetErrorName, Missing);
  resolve(Lib, "cuDeviceGetCount", D.DeviceGetCount, Missing);
  resolve(Lib, "cuDeviceGet", D.DeviceGet, Missing);
  resolve(Lib, "cuDeviceGetName", D.DeviceGetName, Missing);
  resolve(Lib, "cuDeviceGetAttribute", D.DeviceGetAttribute, Missing);
  resolve(Lib, "cuDeviceTotalMem_v2", D.DeviceTotalMem, Missing);
  resolve(Lib, "cuDevicePrimaryCtxRetain", D.DevicePrimaryCtxRetain, Missing);
  resolve(Lib, "cuDevicePrimaryCtxRelease_v2", D.DevicePrimaryCtxRelease, Missing);
  resolve(Lib, "cuCtxSetCurrent", D.CtxSetCurrent, Missing);
  resolve(Lib, "cuCtxSynchronize", D.CtxSynchronize, Missing);
  resolve(Lib, "cuMemAlloc_v2", D.MemAlloc, Missing);
  resolve(Lib, "cuMemFree_v2", D.MemFree, Missing);
  resolve(Lib, "cuMemcpyHtoDAsync_v2", D.MemcpyHtoDAsync, Missing);
  resolve(Lib, "cuMemcpyDtoHAsync_v2", D.MemcpyDtoHAsync, Missing);
  resolve(Lib, "cuMemsetD8Async", D.MemsetD8Async, Missing);
  resolve(Lib, "cuStreamCreate", D.StreamCreate, Missing);
  resolve(Lib, "cuStreamDestroy_v2", D.StreamDestroy, Missing);
  resolve(Lib, "cuStreamSynchronize", D.StreamSynchronize, Missing);
  resolve(Lib, "cuEventCreate", D.EventCreate, Missing);
  resolve(Lib, "cuEventDestroy_v2", D.EventDestroy, Missing);
  resolve(Lib, "cuEventRecord", D.EventRecord, Missing);
  resolve(Lib, "cuEventQuery", D.EventQuery, Missing);
  resolve(Lib, "cuEventSynchronize", D.EventSynchronize, Missing);
  resolve(Lib, "cuEventElapsedTime", D.EventElapsedTime, Missing);
  resolve(Lib, "cuModuleLoadDataEx", D.ModuleLoadDataEx, Missing);
  resolve(Lib, "cuModuleUnload", D.ModuleUnload, Missing);
  resolve(Lib, "cuModuleGetFunction", D.ModuleGetFunction, Missing);
  resolve(Lib, "cuFuncGetAttribute", D.FuncGetAttribute, Missing);
  resolve(Lib, "cuLaunchKernel", D.LaunchKernel, Missing);
  resolve(Lib, "cuLinkCreate_v2", D.LinkCreate, Missing);
  resolve(Lib, "cuLinkAddData_v2", D.LinkAddData, Missing);
  resolve(Lib, "cuLinkComplete", D.LinkComplete, Missing);
  resolve(Lib, "cuLinkDestroy", D.LinkDestroy, Missing);
  if (!Missing.empty()) {
    L.Why = Path + " has no " + Missing;
    return L;
  }
  std::string Optional;
  resolve(Lib, "cuFuncGetParamInfo", D.FuncGetParamInfo, Optional);
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
