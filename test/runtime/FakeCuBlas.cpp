// A fake cuBLAS (the v2 entry points ampcc::blas uses), for tests on machines without a GPU: it computes each routine
// column-major, as cuBLAS does, on the fake CUDA driver's device memory (host memory: FakeCuda.cpp), at once, and
// records each call's stream and pointer mode. Loaded through AMPCC_LIBCUBLAS. With FAKE_CUBLAS_LOG set, it says on
// stderr when a handle is destroyed (exit order).
#include "FakeCuBlas.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

namespace {

using Status = int;
constexpr Status Ok = 0, NotInitialized = 1, InvalidValue = 7;

struct Handle {
  void *Stream = nullptr;
  int PointerMode = 0;
};
struct Seen {
  int Count = 0;
  void *Stream = nullptr;
  int PointerMode = -1;
};

std::mutex M;
std::map<std::string, Seen> Calls;
std::map<std::string, Status> Failures;
int LiveHandles = 0;

// Counts the call (with H's state); the failure a test asked for, else Ok.
Status enter(const char *Call, const Handle *H) {
  std::lock_guard<std::mutex> L(M);
  Seen &S = Calls[Call];
  S.Count++;
  if (H) {
    S.Stream = H->Stream;
    S.PointerMode = H->PointerMode;
  }
  auto It = Failures.find(Call);
  if (It == Failures.end())
    return Ok;
  Status R = It->second;
  Failures.erase(It);
  return R;
}

// Column-major element (i, j) of op(A), A with leading dimension Ld.
template <typename T> T at(const T *A, int Ld, bool Trans, int I, int J) {
  return Trans ? A[J + static_cast<long>(I) * Ld] : A[I + static_cast<long>(J) * Ld];
}

template <typename T>
Status gemm(const char *Name, Handle *H, int TA, int TB, int Mr, int Nc, int K, const T *Alpha, const T *A, int Lda,
            const T *B, int Ldb, const T *Beta, T *C, int Ldc) {
  if (Status S = enter(Name, H))
    return S;
  if (Mr < 0 || Nc < 0 || K < 0 || Lda < (TA ? K : Mr) || Ldb < (TB ? Nc : K) || Ldc < Mr || Lda < 1 || Ldc < 1)
    return InvalidValue;
  for (int J = 0; J < Nc; ++J)
    for (int I = 0; I < Mr; ++I) {
      T Sum = 0;
      for (int P = 0; P < K; ++P)
        Sum += at(A, Lda, TA, I, P) * at(B, Ldb, TB, P, J);
      T &Out = C[I + static_cast<long>(J) * Ldc];
      Out = *Alpha * Sum + (*Beta == 0 ? T(0) : *Beta * Out);
    }
  return Ok;
}

template <typename T>
Status gemv(const char *Name, Handle *H, int Trans, int Mr, int Nc, const T *Alpha, const T *A, int Lda, const T *X,
            int Incx, const T *Beta, T *Y, int Incy) {
  if (Status S = enter(Name, H))
    return S;
  if (Mr < 0 || Nc < 0 || Lda < (Mr > 1 ? Mr : 1) || Incx == 0 || Incy == 0)
    return InvalidValue;
  int Rows = Trans ? Nc : Mr, Cols = Trans ? Mr : Nc;
  for (int I = 0; I < Rows; ++I) {
    T Sum = 0;
    for (int J = 0; J < Cols; ++J)
      Sum += at(A, Lda, Trans != 0, I, J) * X[static_cast<long>(J) * Incx];
    T &Out = Y[static_cast<long>(I) * Incy];
    Out = *Alpha * Sum + (*Beta == 0 ? T(0) : *Beta * Out);
  }
  return Ok;
}

template <typename T>
Status axpy(const char *Name, Handle *H, int N, const T *Alpha, const T *X, int Incx, T *Y, int Incy) {
  if (Status S = enter(Name, H))
    return S;
  for (int I = 0; I < N; ++I)
    Y[static_cast<long>(I) * Incy] += *Alpha * X[static_cast<long>(I) * Incx];
  return Ok;
}

template <typename T> Status scal(const char *Name, Handle *H, int N, const T *Alpha, T *X, int Incx) {
  if (Status S = enter(Name, H))
    return S;
  for (int I = 0; I < N; ++I)
    X[static_cast<long>(I) * Incx] *= *Alpha;
  return Ok;
}

template <typename T>
Status dot(const char *Name, Handle *H, int N, const T *X, int Incx, const T *Y, int Incy, T *Result) {
  if (Status S = enter(Name, H))
    return S;
  T Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += X[static_cast<long>(I) * Incx] * Y[static_cast<long>(I) * Incy];
  *Result = Sum;
  return Ok;
}

} // namespace

extern "C" {

int fake_cublas_calls(const char *Call) {
  std::lock_guard<std::mutex> L(M);
  auto It = Calls.find(Call);
  return It == Calls.end() ? 0 : It->second.Count;
}
void fake_cublas_fail_next(const char *Call, int S) {
  std::lock_guard<std::mutex> L(M);
  Failures[Call] = S;
}
void *fake_cublas_stream(const char *Call) {
  std::lock_guard<std::mutex> L(M);
  return Calls[Call].Stream;
}
int fake_cublas_pointer_mode(const char *Call) {
  std::lock_guard<std::mutex> L(M);
  return Calls[Call].PointerMode;
}
int fake_cublas_live_handles() {
  std::lock_guard<std::mutex> L(M);
  return LiveHandles;
}

Status cublasCreate_v2(Handle **H) {
  if (Status S = enter("cublasCreate_v2", nullptr))
    return S;
  *H = new Handle;
  std::lock_guard<std::mutex> L(M);
  LiveHandles++;
  return Ok;
}
Status cublasDestroy_v2(Handle *H) {
  if (!H)
    return NotInitialized;
  if (Status S = enter("cublasDestroy_v2", H))
    return S;
  delete H;
  if (std::getenv("FAKE_CUBLAS_LOG"))
    std::fprintf(stderr, "fake cuBLAS: handle destroyed\n");
  std::lock_guard<std::mutex> L(M);
  LiveHandles--;
  return Ok;
}
Status cublasSetStream_v2(Handle *H, void *Stream) {
  H->Stream = Stream;
  return enter("cublasSetStream_v2", H);
}
Status cublasSetPointerMode_v2(Handle *H, int Mode) {
  H->PointerMode = Mode;
  return enter("cublasSetPointerMode_v2", H);
}

Status cublasSgemm_v2(Handle *H, int TA, int TB, int Mr, int Nc, int K, const float *Alpha, const float *A, int Lda,
                      const float *B, int Ldb, const float *Beta, float *C, int Ldc) {
  return gemm("cublasSgemm_v2", H, TA, TB, Mr, Nc, K, Alpha, A, Lda, B, Ldb, Beta, C, Ldc);
}
Status cublasDgemm_v2(Handle *H, int TA, int TB, int Mr, int Nc, int K, const double *Alpha, const double *A, int Lda,
                      const double *B, int Ldb, const double *Beta, double *C, int Ldc) {
  return gemm("cublasDgemm_v2", H, TA, TB, Mr, Nc, K, Alpha, A, Lda, B, Ldb, Beta, C, Ldc);
}
Status cublasSgemv_v2(Handle *H, int T, int Mr, int Nc, const float *Alpha, const float *A, int Lda, const float *X,
                      int Incx, const float *Beta, float *Y, int Incy) {
  return gemv("cublasSgemv_v2", H, T, Mr, Nc, Alpha, A, Lda, X, Incx, Beta, Y, Incy);
}
Status cublasDgemv_v2(Handle *H, int T, int Mr, int Nc, const double *Alpha, const double *A, int Lda, const double *X,
                      int Incx, const double *Beta, double *Y, int Incy) {
  return gemv("cublasDgemv_v2", H, T, Mr, Nc, Alpha, A, Lda, X, Incx, Beta, Y, Incy);
}
Status cublasSaxpy_v2(Handle *H, int N, const float *Alpha, const float *X, int Incx, float *Y, int Incy) {
  return axpy("cublasSaxpy_v2", H, N, Alpha, X, Incx, Y, Incy);
}
Status cublasDaxpy_v2(Handle *H, int N, const double *Alpha, const double *X, int Incx, double *Y, int Incy) {
  return axpy("cublasDaxpy_v2", H, N, Alpha, X, Incx, Y, Incy);
}
Status cublasSscal_v2(Handle *H, int N, const float *Alpha, float *X, int Incx) {
  return scal("cublasSscal_v2", H, N, Alpha, X, Incx);
}
Status cublasDscal_v2(Handle *H, int N, const double *Alpha, double *X, int Incx) {
  return scal("cublasDscal_v2", H, N, Alpha, X, Incx);
}
Status cublasSdot_v2(Handle *H, int N, const float *X, int Incx, const float *Y, int Incy, float *Result) {
  return dot("cublasSdot_v2", H, N, X, Incx, Y, Incy, Result);
}
Status cublasDdot_v2(Handle *H, int N, const double *X, int Incx, const double *Y, int Incy, double *Result) {
  return dot("cublasDdot_v2", H, N, X, Incx, Y, Incy, Result);
}

} // extern "C"
