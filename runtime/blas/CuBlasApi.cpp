// Loads cuBLAS at run time: dlopen of the first library found, then dlsym of each entry point.
#include "blas/CuBlasApi.h"
#include "DynamicSymbols.h"

#include <cstdlib>
#include <dlfcn.h>

namespace ampcc::rt::cublas {
namespace {

struct Loaded {
  Api A{};
  bool Ok = false;
  std::string Why;
};

Loaded load() {
  Loaded L;
  const char *Env = std::getenv("AMPCC_LIBCUBLAS");
  // The toolkit's folder is tried last: a toolkit installed without a loader entry (a container's /usr/local/cuda).
  const char *Candidates[] = {"libcublas.so.13",
                              "libcublas.so.12",
                              "libcublas.so",
                              "/usr/local/cuda/lib64/libcublas.so.13",
                              "/usr/local/cuda/lib64/libcublas.so.12",
                              "/usr/local/cuda/lib64/libcublas.so"};
  void *Lib = nullptr;
  std::string Path;
  if (Env && *Env) {
    Path = Env;
    Lib = dlopen(Env, RTLD_NOW | RTLD_LOCAL);
  } else {
    for (const char *C : Candidates)
      if ((Lib = dlopen(C, RTLD_NOW | RTLD_LOCAL))) {
        Path = C;
        break;
      }
  }
  // Never closed, as libcuda is not: handles may be destroyed by static destructors late in exit.
  if (!Lib) {
    const char *E = dlerror();
    L.Why = (Env && *Env
                 ? "cannot open " + Path
                 : std::string("no libcublas.so.13, .so.12 or .so on the loader's path or in /usr/local/cuda/lib64")) +
            (E ? std::string(" (") + E + ")" : std::string());
    return L;
  }
  Api &A = L.A;
  A.Path = Path;
  std::string Missing;
  resolveSymbol(Lib, "cublasCreate_v2", A.Create, Missing);
  resolveSymbol(Lib, "cublasDestroy_v2", A.Destroy, Missing);
  resolveSymbol(Lib, "cublasSetStream_v2", A.SetStream, Missing);
  resolveSymbol(Lib, "cublasSetPointerMode_v2", A.SetPointerMode, Missing);
  resolveSymbol(Lib, "cublasSgemm_v2", A.Sgemm, Missing);
  resolveSymbol(Lib, "cublasDgemm_v2", A.Dgemm, Missing);
  resolveSymbol(Lib, "cublasSgemv_v2", A.Sgemv, Missing);
  resolveSymbol(Lib, "cublasDgemv_v2", A.Dgemv, Missing);
  resolveSymbol(Lib, "cublasSaxpy_v2", A.Saxpy, Missing);
  resolveSymbol(Lib, "cublasDaxpy_v2", A.Daxpy, Missing);
  resolveSymbol(Lib, "cublasSscal_v2", A.Sscal, Missing);
  resolveSymbol(Lib, "cublasDscal_v2", A.Dscal, Missing);
  resolveSymbol(Lib, "cublasSdot_v2", A.Sdot, Missing);
  resolveSymbol(Lib, "cublasDdot_v2", A.Ddot, Missing);
  if (!Missing.empty()) {
    L.Why = Path + " has no " + Missing;
    return L;
  }
  L.Ok = true;
  return L;
}

} // namespace

const Api *api(std::string *Why) {
  static const Loaded *L = new Loaded(load()); // never destroyed: see load()
  if (Why)
    *Why = L->Why;
  return L->Ok ? &L->A : nullptr;
}

const char *statusName(cublasStatus_t S) {
  switch (S) {
  case 0:
    return "CUBLAS_STATUS_SUCCESS";
  case 1:
    return "CUBLAS_STATUS_NOT_INITIALIZED";
  case 3:
    return "CUBLAS_STATUS_ALLOC_FAILED";
  case 7:
    return "CUBLAS_STATUS_INVALID_VALUE";
  case 8:
    return "CUBLAS_STATUS_ARCH_MISMATCH";
  case 11:
    return "CUBLAS_STATUS_MAPPING_ERROR";
  case 13:
    return "CUBLAS_STATUS_EXECUTION_FAILED";
  case 14:
    return "CUBLAS_STATUS_INTERNAL_ERROR";
  case 15:
    return "CUBLAS_STATUS_NOT_SUPPORTED";
  case 16:
    return "CUBLAS_STATUS_LICENSE_ERROR";
  default:
    return "cuBLAS status";
  }
}

} // namespace ampcc::rt::cublas
