// ampcc::blas on the CUDA back end: cuBLAS routines on the queue's stream over the runtime's own buffers, with the
// storage's coherence rules, one cuBLAS handle per device context. cuBLAS is column-major and ampcc::blas's operands
// are row-major: a row-major matrix with leading dimension ld is its transpose, column-major, with the same ld.
#include "RuntimeState.h"
#include "blas/BlasLibrary.h"
#include "blas/CuBlasApi.h"

#include <climits>
#include <cstdlib>
#include <mutex>
#include <set>

namespace ampcc::rt::blas {
namespace {

using namespace cublas;

class CuBlasHandle;

// The live handles, so that exit can destroy them before cuBLAS's own static state goes (see registerExit).
struct HandleTable {
  std::mutex M;
  std::set<CuBlasHandle *> Live;
  bool Exiting = false;
};
HandleTable &handleTable() {
  static HandleTable *T = new HandleTable; // never destroyed: contexts may be released after it would be
  return *T;
}

// A context's handle, destroyed with the context (DeviceContext::Blas) or at exit, whichever comes first.
class CuBlasHandle : public ContextAttachment {
public:
  CuBlasHandle(cuda::CUcontext Ctx, cublasHandle_t H) : Ctx(Ctx), H(H) {}
  ~CuBlasHandle() override {
    HandleTable &T = handleTable();
    std::lock_guard<std::mutex> L(T.M);
    T.Live.erase(this);
    destroy();
  }
  // Under the table's lock.
  void destroy() noexcept {
    if (H && cuda::setCurrent(Ctx) == cuda::CUDA_SUCCESS)
      api()->Destroy(H);
    H = nullptr;
  }
  cublasHandle_t get() const { return H; }

private:
  cuda::CUcontext Ctx;
  cublasHandle_t H;
};

// cuBLAS's runtime registers its own exit handlers when the first handle is made, after the runtime's (QueueImpl.cpp
// ReleaseAtExit, the default queues), so they run before ours and a handle destroyed by a context at exit would
// meet a torn-down cuBLAS. This handler, registered after cuBLAS's, runs first: it finishes the queues and destroys
// every handle while cuBLAS is whole.
void registerExit() {
  static const bool Registered = [] {
    std::atexit([] {
      finishAllQueues();
      HandleTable &T = handleTable();
      std::lock_guard<std::mutex> L(T.M);
      for (CuBlasHandle *H : T.Live)
        H->destroy();
      T.Exiting = true;
    });
    return true;
  }();
  (void)Registered;
}

[[noreturn]] void fail(cublasStatus_t S, const std::string &What) {
  throw concurrency::runtime_exception(
      "ampcc: cuBLAS " + What + " failed: " + statusName(S) + " (" + std::to_string(S) + ")", S);
}

const Api &apiOrRefuse() {
  std::string Why;
  if (const Api *A = api(&Why))
    return *A;
  throw concurrency::runtime_exception("ampcc: ampcc::blas runs through cuBLAS on the CUDA back end, and cuBLAS cannot "
                                       "be loaded: " +
                                           Why +
                                           ". Install cuBLAS (CUDA toolkit), or set AMPCC_BACKEND=opencl to run the "
                                           "devices on OpenCL and ampcc::blas through CLBlast",
                                       0x80004001L);
}

int dim(std::size_t V, const char *Routine) {
  if (V > static_cast<std::size_t>(INT_MAX))
    throw concurrency::runtime_exception(std::string("ampcc: ") + Routine + ": a size or stride of " +
                                             std::to_string(V) + " is past what cuBLAS takes (an int)",
                                         0x80070057L);
  return static_cast<int>(V);
}

cublasOperation_t op(bool T) { return T ? CUBLAS_OP_T : CUBLAS_OP_N; }

// One routine's call: the operands' device buffers first (uploads enqueued on the stream before it), then, under
// the context's mutex, the context current, its handle on this queue's stream and the pointer mode the routine's
// scalars need.
class Call {
public:
  Call(const queue &Q, const char *Routine) : A(apiOrRefuse()), Q(Q), Routine(Routine) {}

  template <typename T> T *in(const operand &O) { return at<T>(O, access::read); }
  template <typename T> T *inout(const operand &O) { return at<T>(O, access::read_write); }
  template <typename T> T *result(const operand &O) { return at<T>(O, resultAccess(O, sizeof(T))); }

  // Runs Fn(handle) with scalars read from the host or, for dot's result, written on the device.
  template <typename Fn> void run(const char *Entry, cublasPointerMode_t Mode, Fn &&F) {
    DeviceContext &Ctx = Q.impl().Ctx;
    std::lock_guard<std::mutex> L(Ctx.Mutex);
    auto Context = static_cast<cuda::CUcontext>(Ctx.Backend->native());
    if (cuda::CUresult R = cuda::setCurrent(Context); R != cuda::CUDA_SUCCESS)
      throwBackendError({cuda::resultName(R), R, false}, std::string("making the CUDA context current for ") + Routine);
    cublasHandle_t H = handle(Ctx, Context);
    if (cublasStatus_t S = A.SetStream(H, static_cast<cuda::CUstream>(Q.impl().Queue->native())))
      fail(S, std::string("cublasSetStream_v2 for ") + Routine);
    if (cublasStatus_t S = A.SetPointerMode(H, Mode))
      fail(S, std::string("cublasSetPointerMode_v2 for ") + Routine);
    if (cublasStatus_t S = F(H))
      fail(S, std::string(Entry) + " (" + Routine + ")");
    counters().Launches++;
  }

  const Api &A;

private:
  template <typename T> T *at(const operand &O, access Mode) {
    auto Base = reinterpret_cast<cuda::CUdeviceptr>(O.st->device_buffer(Q, Mode));
    return reinterpret_cast<T *>(Base + O.off * sizeof(T));
  }

  // The context's handle, made on first use; under Ctx.Mutex.
  cublasHandle_t handle(DeviceContext &Ctx, cuda::CUcontext Context) {
    if (Ctx.Blas)
      return static_cast<CuBlasHandle &>(*Ctx.Blas).get();
    HandleTable &T = handleTable();
    {
      std::lock_guard<std::mutex> L(T.M);
      if (T.Exiting)
        throw concurrency::runtime_exception(std::string("ampcc: ") + Routine +
                                                 " is called while the program exits, after cuBLAS was released",
                                             0x8000FFFFL);
    }
    cublasHandle_t H = nullptr;
    if (cublasStatus_t S = A.Create(&H))
      fail(S, std::string("cublasCreate_v2 for ") + Routine);
    registerExit();
    auto Owned = std::make_unique<CuBlasHandle>(Context, H);
    {
      std::lock_guard<std::mutex> L(T.M);
      T.Live.insert(Owned.get());
    }
    Ctx.Blas = std::move(Owned);
    return H;
  }

  const queue &Q;
  const char *Routine;
};

class CuBlas : public BlasLibrary {
public:
  // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: B and A swap places, and m and n.
  void gemm(const queue &Q, precision p, bool trans_a, bool trans_b, std::size_t m, std::size_t n, std::size_t k,
            double alpha, operand a, operand b, double beta, operand c) override {
    const char *R = p == precision::f32 ? "SGEMM" : "DGEMM";
    int M = dim(m, R), N = dim(n, R), K = dim(k, R), Lda = dim(a.ld, R), Ldb = dim(b.ld, R), Ldc = dim(c.ld, R);
    Call C(Q, R);
    if (p == precision::f32) {
      const float *A = C.in<float>(a), *B = C.in<float>(b);
      float *Out = C.inout<float>(c);
      float Alpha = static_cast<float>(alpha), Beta = static_cast<float>(beta);
      C.run("cublasSgemm_v2", CUBLAS_POINTER_MODE_HOST, [&](cublasHandle_t H) {
        return C.A.Sgemm(H, op(trans_b), op(trans_a), N, M, K, &Alpha, B, Ldb, A, Lda, &Beta, Out, Ldc);
      });
    } else {
      const double *A = C.in<double>(a), *B = C.in<double>(b);
      double *Out = C.inout<double>(c);
      C.run("cublasDgemm_v2", CUBLAS_POINTER_MODE_HOST, [&](cublasHandle_t H) {
        return C.A.Dgemm(H, op(trans_b), op(trans_a), N, M, K, &alpha, B, Ldb, A, Lda, &beta, Out, Ldc);
      });
    }
  }

  // Row-major A (m x n) is column-major A^T (n x m): y = A x is y = (A^T)^T x, and y = A^T x is y = (A^T) x.
  void gemv(const queue &Q, precision p, bool trans_a, std::size_t m, std::size_t n, double alpha, operand a, operand x,
            double beta, operand y) override {
    const char *R = p == precision::f32 ? "SGEMV" : "DGEMV";
    int M = dim(m, R), N = dim(n, R), Lda = dim(a.ld, R), Incx = dim(x.ld, R), Incy = dim(y.ld, R);
    Call C(Q, R);
    if (p == precision::f32) {
      const float *A = C.in<float>(a), *X = C.in<float>(x);
      float *Y = C.inout<float>(y);
      float Alpha = static_cast<float>(alpha), Beta = static_cast<float>(beta);
      C.run("cublasSgemv_v2", CUBLAS_POINTER_MODE_HOST, [&](cublasHandle_t H) {
        return C.A.Sgemv(H, op(!trans_a), N, M, &Alpha, A, Lda, X, Incx, &Beta, Y, Incy);
      });
    } else {
      const double *A = C.in<double>(a), *X = C.in<double>(x);
      double *Y = C.inout<double>(y);
      C.run("cublasDgemv_v2", CUBLAS_POINTER_MODE_HOST, [&](cublasHandle_t H) {
        return C.A.Dgemv(H, op(!trans_a), N, M, &alpha, A, Lda, X, Incx, &beta, Y, Incy);
      });
    }
  }

  void axpy(const queue &Q, precision p, std::size_t n, double alpha, operand x, operand y) override {
    const char *R = p == precision::f32 ? "SAXPY" : "DAXPY";
    int N = dim(n, R), Incx = dim(x.ld, R), Incy = dim(y.ld, R);
    Call C(Q, R);
    if (p == precision::f32) {
      const float *X = C.in<float>(x);
      float *Y = C.inout<float>(y);
      float Alpha = static_cast<float>(alpha);
      C.run("cublasSaxpy_v2", CUBLAS_POINTER_MODE_HOST,
            [&](cublasHandle_t H) { return C.A.Saxpy(H, N, &Alpha, X, Incx, Y, Incy); });
    } else {
      const double *X = C.in<double>(x);
      double *Y = C.inout<double>(y);
      C.run("cublasDaxpy_v2", CUBLAS_POINTER_MODE_HOST,
            [&](cublasHandle_t H) { return C.A.Daxpy(H, N, &alpha, X, Incx, Y, Incy); });
    }
  }

  void scal(const queue &Q, precision p, std::size_t n, double alpha, operand x) override {
    const char *R = p == precision::f32 ? "SSCAL" : "DSCAL";
    int N = dim(n, R), Incx = dim(x.ld, R);
    Call C(Q, R);
    if (p == precision::f32) {
      float *X = C.inout<float>(x);
      float Alpha = static_cast<float>(alpha);
      C.run("cublasSscal_v2", CUBLAS_POINTER_MODE_HOST,
            [&](cublasHandle_t H) { return C.A.Sscal(H, N, &Alpha, X, Incx); });
    } else {
      double *X = C.inout<double>(x);
      C.run("cublasDscal_v2", CUBLAS_POINTER_MODE_HOST,
            [&](cublasHandle_t H) { return C.A.Dscal(H, N, &alpha, X, Incx); });
    }
  }

  // The result stays on the device, as CLBlast leaves it: cuBLAS writes it there in device pointer mode, without
  // waiting for the stream. Its storage is taken as resultAccess says.
  void dot(const queue &Q, precision p, std::size_t n, operand x, operand y, operand result) override {
    const char *R = p == precision::f32 ? "SDOT" : "DDOT";
    int N = dim(n, R), Incx = dim(x.ld, R), Incy = dim(y.ld, R);
    Call C(Q, R);
    if (p == precision::f32) {
      const float *X = C.in<float>(x), *Y = C.in<float>(y);
      float *Out = C.result<float>(result);
      C.run("cublasSdot_v2", CUBLAS_POINTER_MODE_DEVICE,
            [&](cublasHandle_t H) { return C.A.Sdot(H, N, X, Incx, Y, Incy, Out); });
    } else {
      const double *X = C.in<double>(x), *Y = C.in<double>(y);
      double *Out = C.result<double>(result);
      C.run("cublasDdot_v2", CUBLAS_POINTER_MODE_DEVICE,
            [&](cublasHandle_t H) { return C.A.Ddot(H, N, X, Incx, Y, Incy, Out); });
    }
  }
};

} // namespace

BlasLibrary &cublasLibrary() {
  static CuBlas L;
  return L;
}

} // namespace ampcc::rt::blas
