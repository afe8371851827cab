// Loads cuBLAS at run time: dlopen of the first library found, then dlsym of each entry point.
#include "blas/CuBlasApi.h"

#include <cstdlib>
#include <dlfcn.h>

namespace ampcc::rt::cublas {
namespace {

struct Loaded {
  Api A{};
  bool Ok = false;
  std::string Why;
};

template <typename Fn> void resolve(void *Lib, const char *Name, Fn &Out, std::string &Missing) {
  Out = reinterpret_cast<Fn>(dlsym(Lib, Name));
  if (!Out && Missing.empty())
    Missing = Name;
}

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
  resolve(Lib, "cublasCreate_v2", A.Create, Missing);
  resolve(Lib, "cublasDestroy_v2", A.Destroy, Missing);
  resolve(Lib, "cublasSetStream_v2", A.SetStream, Missing);
  resolve(Lib, "cublasSetPointerMode_v2", A.SetPointerMode, Missing);
  resolve(Lib, "cublasSgemm_v2", A.Sgemm, Missing);
  resolve(Lib, "cublasDgemm_v2", A.Dgemm, Missing);
  resolve(Lib, "cublasSgemv_v2", A.Sgemv, Missing);
  resolve(Lib, "cublasDgemv_v2", A.Dgemv, Missing);
  resolve(Lib, "cublasSaxpy_v2", A.Saxpy, Missing);
  resolve(Lib, "cublasDaxpy_v2", A.Daxpy, Missing);
  resolve(Lib, "cublasSscal_v2", A.Sscal, Missing);
  resolve(Lib, "cublasDscal_v2", A.Dscal, Missing);
  resolve(Lib, "cublasSdot_v2", A.Sdot, Missing);
  resolve(Lib, "cublasDdot_v2", A.Ddot, Missing);
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
