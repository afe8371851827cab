// The part of the CUDA driver API (cuda.h) the CUDA back end uses, declared here and resolved from libcuda.so.1
// at run time, so that building ampcc and its programs needs no CUDA toolkit. The driver's C ABI is stable; the
// entry points are the ones cuda.h maps its names to (cuMemAlloc -> cuMemAlloc_v2, ...).
#ifndef AMPCC_RUNTIME_BACKEND_CUDADRIVER_H
#define AMPCC_RUNTIME_BACKEND_CUDADRIVER_H

#include <cstddef>
#include <string>

namespace ampcc::rt::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUlinkState = struct CUlinkState_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;
constexpr CUresult CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701;

// CUdevice_attribute
constexpr int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2; // _Y 3, _Z 4
constexpr int CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;  // _Y 6, _Z 7
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
constexpr int CU_DEVICE_ATTRIBUTE_INTEGRATED = 18;
constexpr int CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33;
constexpr int CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34;
constexpr int CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
// CUfunction_attribute
constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
// CUjit_option
constexpr int CU_JIT_INFO_LOG_BUFFER = 3;
constexpr int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
// CUjitInputType
constexpr int CU_JIT_INPUT_PTX = 1;
// cuStreamCreate: no implicit ordering with the legacy default stream, which the back end never uses.
constexpr unsigned CU_STREAM_NON_BLOCKING = 1;

// The driver's entry points, resolved once. Every member but the optional ones is non-null once loaded.
struct Driver {
  CUresult (*Init)(unsigned);
  CUresult (*DriverGetVersion)(int *);
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DeviceGet)(CUdevice *, int);
  CUresult (*DeviceGetName)(char *, int, CUdevice);
  CUresult (*DeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*DeviceTotalMem)(std::size_t *, CUdevice);
  CUresult (*DevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*DevicePrimaryCtxRelease)(CUdevice);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*CtxSynchronize)();
  CUresult (*MemAlloc)(CUdeviceptr *, std::size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyHtoDAsync)(CUdeviceptr, const void *, std::size_t, CUstream);
  CUresult (*MemcpyDtoHAsync)(void *, CUdeviceptr, std::size_t, CUstream);
  CUresult (*MemsetD8Async)(CUdeviceptr, unsigned char, std::size_t, CUstream);
  CUresult (*StreamCreate)(CUstream *, unsigned);
  CUresult (*StreamDestroy)(CUstream);
  CUresult (*StreamSynchronize)(CUstream);
  CUresult (*EventCreate)(CUevent *, unsigned);
  CUresult (*EventDestroy)(CUevent);
  CUresult (*EventRecord)(CUevent, CUstream);
  CUresult (*EventQuery)(CUevent);
  CUresult (*EventSynchronize)(CUevent);
  CUresult (*EventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*ModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*ModuleUnload)(CUmodule);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*FuncGetAttribute)(int *, int, CUfunction);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                           void **, void **);
  CUresult (*LinkCreate)(unsigned, int *, void **, CUlinkState *);
  CUresult (*LinkAddData)(CUlinkState, int, void *, std::size_t, const char *, unsigned, int *, void **);
  CUresult (*LinkComplete)(CUlinkState, void **, std::size_t *);
  CUresult (*LinkDestroy)(CUlinkState);
  // Optional (CUDA 12.4 on): the size of each kernel parameter, to check a launch's arguments against the PTX.
  CUresult (*FuncGetParamInfo)(CUfunction, std::size_t, std::size_t *, std::size_t *);
  std::string Path; // the library loaded
  int Version = 0;  // cuDriverGetVersion: 13000 for CUDA 13.0
};

// The driver, loaded and initialized (cuInit) on first use: libcuda.so.1, or the library AMPCC_LIBCUDA names (a
// test hook: test/runtime/FakeCuda.cpp). Null when there is none, it lacks an entry point or cuInit fails; Why
// then says what happened.
const Driver *driver(std::string *Why = nullptr);

// Makes C the calling thread's current context (CudaBackend.cpp): the one way the runtime changes it, for the
// back end and for the libraries that run on its contexts (cuBLAS: runtime/blas/CuBlas.cpp).
CUresult setCurrent(CUcontext C);

// "CUDA_ERROR_OUT_OF_MEMORY": the driver's name of a result.
const char *resultName(CUresult R);

} // namespace ampcc::rt::cuda

#endif
