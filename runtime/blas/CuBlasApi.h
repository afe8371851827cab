// The part of cuBLAS's v2 API (cublas_api.h) that ampcc::blas uses, declared here and resolved from libcublas at
// run time, as CudaDriver.h does for libcuda: building ampcc and its programs needs no CUDA toolkit.
#ifndef AMPCC_RUNTIME_BLAS_CUBLASAPI_H
#define AMPCC_RUNTIME_BLAS_CUBLASAPI_H

#include "backend/CudaDriver.h"

#include <string>

namespace ampcc::rt::cublas {

using cublasStatus_t = int;
using cublasHandle_t = struct cublasContext *;
using cublasOperation_t = int;
using cublasPointerMode_t = int;

constexpr cublasStatus_t CUBLAS_STATUS_SUCCESS = 0;
constexpr cublasOperation_t CUBLAS_OP_N = 0;
constexpr cublasOperation_t CUBLAS_OP_T = 1;
constexpr cublasPointerMode_t CUBLAS_POINTER_MODE_HOST = 0;
constexpr cublasPointerMode_t CUBLAS_POINTER_MODE_DEVICE = 1;

// The entry points, under the names cublas_v2.h maps its names to (cublasSgemm -> cublasSgemm_v2, ...).
struct Api {
  cublasStatus_t (*Create)(cublasHandle_t *);
  cublasStatus_t (*Destroy)(cublasHandle_t);
  cublasStatus_t (*SetStream)(cublasHandle_t, cuda::CUstream);
  cublasStatus_t (*SetPointerMode)(cublasHandle_t, cublasPointerMode_t);
  cublasStatus_t (*Sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const float *,
                          const float *, int, const float *, int, const float *, float *, int);
  cublasStatus_t (*Dgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const double *,
                          const double *, int, const double *, int, const double *, double *, int);
  cublasStatus_t (*Sgemv)(cublasHandle_t, cublasOperation_t, int, int, const float *, const float *, int, const float *,
                          int, const float *, float *, int);
  cublasStatus_t (*Dgemv)(cublasHandle_t, cublasOperation_t, int, int, const double *, const double *, int,
                          const double *, int, const double *, double *, int);
  cublasStatus_t (*Saxpy)(cublasHandle_t, int, const float *, const float *, int, float *, int);
  cublasStatus_t (*Daxpy)(cublasHandle_t, int, const double *, const double *, int, double *, int);
  cublasStatus_t (*Sscal)(cublasHandle_t, int, const float *, float *, int);
  cublasStatus_t (*Dscal)(cublasHandle_t, int, const double *, double *, int);
  cublasStatus_t (*Sdot)(cublasHandle_t, int, const float *, int, const float *, int, float *);
  cublasStatus_t (*Ddot)(cublasHandle_t, int, const double *, int, const double *, int, double *);
  std::string Path; // the library loaded
};

// cuBLAS, loaded on first use: the library AMPCC_LIBCUBLAS names (a test hook: test/runtime/FakeCuBlas.cpp), else
// libcublas.so.13, .so.12 or .so through the loader's search path and then in /usr/local/cuda/lib64. Null when
// there is none or it lacks an entry point; Why then says what happened.
const Api *api(std::string *Why = nullptr);

// "CUBLAS_STATUS_INVALID_VALUE": cublasStatus_t's name of a status.
const char *statusName(cublasStatus_t S);

} // namespace ampcc::rt::cublas

#endif
