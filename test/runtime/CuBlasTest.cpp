// Tests of ampcc::blas on the CUDA back end against the fake CUDA driver and a fake cuBLAS (FakeCuda.cpp,
// FakeCuBlas.cpp, loaded through AMPCC_LIBCUDA and AMPCC_LIBCUBLAS): the row-major routines, with offsets and
// leading dimensions, give what a row-major loop gives once cuBLAS's column-major calls are made; one handle per
// context on the queue's stream; errors name the routine and the status; and, in fresh processes, a machine
// without cuBLAS and the handle's release at exit.
#include "CudaPrograms.h"
#include "FakeCuBlas.h"
#include "RunProgram.h"
#include "RuntimeState.h"

#include "ampcc/blas_runtime.h"
#include "ampcc/exceptions.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <vector>

using namespace ampcc::rt;
using ampcc::rt::blas::operand;
using ampcc::rt::blas::precision;

namespace {

const bool FakesSet = [] {
  setenv("AMPCC_LIBCUDA", AMPCC_FAKE_CUDA, 1);
  setenv("AMPCC_LIBCUBLAS", AMPCC_FAKE_CUBLAS, 1);
  setenv("AMPCC_CACHE", "0", 1);
  unsetenv("AMPCC_BACKEND");
  return true;
}();
const device_code_registration Registration(ampcc_test::kernels_source, ampcc_test::fake_codes, 1);

template <typename Fn> Fn fake(const char *Name) {
  void *Lib = dlopen(AMPCC_FAKE_CUBLAS, RTLD_NOW | RTLD_NOLOAD);
  return Lib ? reinterpret_cast<Fn>(dlsym(Lib, Name)) : nullptr;
}
int calls(const char *Call) { return fake<decltype(&fake_cublas_calls)>("fake_cublas_calls")(Call); }

// Distinct values, not integers, so that a misplaced element or a wrong transpose shows.
template <typename T> std::vector<T> values(std::size_t N, int Seed) {
  std::vector<T> V(N);
  for (std::size_t I = 0; I < N; ++I)
    V[I] = static_cast<T>(((I * 7 + Seed * 13) % 23) * 0.25 - 2.5);
  return V;
}

// Row-major C = alpha op(A) op(B) + beta C over the operands' offsets and leading dimensions.
template <typename T>
void referenceGemm(bool TA, bool TB, int M, int N, int K, T Alpha, const T *A, operand a, const T *B, operand b, T Beta,
                   T *C, operand c) {
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      T Sum = 0;
      for (int P = 0; P < K; ++P)
        Sum += A[a.off + (TA ? P * a.ld + I : I * a.ld + P)] * B[b.off + (TB ? J * b.ld + P : P * b.ld + J)];
      T &Out = C[c.off + I * c.ld + J];
      Out = Alpha * Sum + Beta * Out;
    }
}

template <typename T> void checkGemm(bool TA, bool TB) {
  const int M = 3, N = 4, K = 5;
  // Each matrix a section of a larger one: an offset, and rows longer than the section.
  std::size_t Lda = (TA ? M : K) + 3, Ldb = (TB ? K : N) + 2, Ldc = N + 1;
  std::vector<T> A = values<T>(2 + Lda * (TA ? K : M), 1), B = values<T>(1 + Ldb * (TB ? N : K), 2);
  std::vector<T> C = values<T>(3 + Ldc * M, 3), Want = C;
  operand a{nullptr, 2, Lda}, b{nullptr, 1, Ldb}, c{nullptr, 3, Ldc};
  referenceGemm<T>(TA, TB, M, N, K, T(1.5), A.data(), a, B.data(), b, T(0.5), Want.data(), c);
  {
    storage SA(A.data(), A.size() * sizeof(T)), SB(B.data(), B.size() * sizeof(T)), SC(C.data(), C.size() * sizeof(T));
    a.st = &SA, b.st = &SB, c.st = &SC;
    blas::gemm(std::is_same_v<T, float> ? precision::f32 : precision::f64, TA, TB, M, N, K, 1.5, a, b, 0.5, c);
  }
  for (std::size_t I = 0; I < C.size(); ++I)
    EXPECT_NEAR(C[I], Want[I], 1e-5) << "element " << I << " of C, transposes " << TA << TB;
}

} // namespace

TEST(CuBlas, TheDefaultDeviceIsOnTheCudaBackEnd) {
  EXPECT_STREQ(default_launch_queue().impl().Ctx.Backend->name(), "CUDA");
}

TEST(CuBlas, GemmInEveryTransposeOverSections) {
  for (bool TA : {false, true})
    for (bool TB : {false, true}) {
      checkGemm<float>(TA, TB);
      checkGemm<double>(TA, TB);
    }
  EXPECT_GE(calls("cublasSgemm_v2"), 4);
  EXPECT_GE(calls("cublasDgemm_v2"), 4);
}

TEST(CuBlas, GemvInBothTransposesWithIncrements) {
  const int M = 4, N = 3;
  const std::size_t Lda = N + 2;
  for (bool T : {false, true}) {
    int Xn = T ? M : N, Yn = T ? N : M;
    std::vector<float> A = values<float>(1 + Lda * M, 4), X = values<float>(2 * Xn, 5), Y = values<float>(1 + Yn, 6);
    std::vector<float> Want = Y;
    for (int I = 0; I < Yn; ++I) {
      float Sum = 0;
      for (int J = 0; J < Xn; ++J)
        Sum += A[1 + (T ? J * Lda + I : I * Lda + J)] * X[2 * J];
      Want[1 + I] = 2 * Sum - Y[1 + I];
    }
    {
      storage SA(A.data(), A.size() * 4), SX(X.data(), X.size() * 4), SY(Y.data(), Y.size() * 4);
      blas::gemv(precision::f32, T, M, N, 2.0, {&SA, 1, Lda}, {&SX, 0, 2}, -1.0, {&SY, 1, 1});
    }
    for (std::size_t I = 0; I < Y.size(); ++I)
      EXPECT_NEAR(Y[I], Want[I], 1e-5) << "element " << I << " of y, transpose " << T;
  }
}

TEST(CuBlas, AxpyScalAndDotWithIncrementsAndOffsets) {
  std::vector<double> X = values<double>(9, 7), Y = values<double>(7, 8), R = {9, 9, 9};
  std::vector<double> WantY = Y;
  double WantDot = 0;
  for (int I = 0; I < 3; ++I) {
    WantY[1 + 2 * I] = 3 * (WantY[1 + 2 * I] + 0.5 * X[3 * I]);
    WantDot += X[3 * I] * WantY[1 + 2 * I];
  }
  {
    storage SX(X.data(), X.size() * 8), SY(Y.data(), Y.size() * 8), SR(R.data(), R.size() * 8);
    blas::axpy(precision::f64, 3, 0.5, {&SX, 0, 3}, {&SY, 1, 2});
    blas::scal(precision::f64, 3, 3.0, {&SY, 1, 2});
    blas::dot(precision::f64, 3, {&SX, 0, 3}, {&SY, 1, 2}, {&SR, 1, 1});
  }
  for (std::size_t I = 0; I < Y.size(); ++I)
    EXPECT_DOUBLE_EQ(Y[I], WantY[I]) << "element " << I << " of y";
  EXPECT_DOUBLE_EQ(R[1], WantDot);
  EXPECT_EQ(R[0], 9);
  EXPECT_EQ(R[2], 9);
  // Scalars come from the host, dot's result goes to the device (where the view's data is).
  auto Mode = fake<decltype(&fake_cublas_pointer_mode)>("fake_cublas_pointer_mode");
  EXPECT_EQ(Mode("cublasDaxpy_v2"), 0);
  EXPECT_EQ(Mode("cublasDscal_v2"), 0);
  EXPECT_EQ(Mode("cublasDdot_v2"), 1);

  float Xf[3] = {1, 2, 3}, Yf[3] = {4, 5, 6}, Rf = 0;
  {
    storage SX(Xf, sizeof Xf), SY(Yf, sizeof Yf), SR(&Rf, sizeof Rf);
    blas::dot(precision::f32, 3, {&SX, 0, 1}, {&SY, 0, 1}, {&SR, 0, 1});
  }
  EXPECT_EQ(Rf, 32.0f);
}

TEST(CuBlas, OneHandlePerContextOnTheQueuesStream) {
  float X[2] = {1, 2};
  std::uint64_t Launches = counters().Launches;
  {
    storage S(X, sizeof X);
    blas::scal(precision::f32, 2, 2.0, {&S, 0, 1});
    blas::scal(precision::f32, 2, 2.0, {&S, 0, 1});
  }
  EXPECT_EQ(X[1], 8.0f);
  EXPECT_EQ(counters().Launches - Launches, 2u);
  EXPECT_EQ(calls("cublasCreate_v2"), 1);
  EXPECT_EQ(fake<decltype(&fake_cublas_live_handles)>("fake_cublas_live_handles")(), 1);
  EXPECT_EQ(fake<decltype(&fake_cublas_stream)>("fake_cublas_stream")("cublasSscal_v2"),
            default_launch_queue().impl().Queue->native());
}

TEST(CuBlas, AFailedRoutineNamesItAndTheStatus) {
  float X[2] = {1, 2};
  storage S(X, sizeof X);
  fake<decltype(&fake_cublas_fail_next)>("fake_cublas_fail_next")("cublasSscal_v2", 7);
  try {
    blas::scal(precision::f32, 2, 2.0, {&S, 0, 1});
    FAIL() << "the failed call was not reported";
  } catch (const concurrency::runtime_exception &E) {
    EXPECT_STREQ(E.what(), "ampcc: cuBLAS cublasSscal_v2 (SSCAL) failed: CUBLAS_STATUS_INVALID_VALUE (7)");
    EXPECT_EQ(E.get_error_code(), 7);
  }
}

TEST(CuBlas, WithoutCublasTheRefusalSaysHowToUseClBlast) {
  std::string Out =
      ampcc_test::runProgram(std::string("AMPCC_LIBCUBLAS=/nonexistent/libcublas.so ") + AMPCC_CUBLAS_CLIENT).Output;
  EXPECT_NE(Out.find("ampcc: ampcc::blas runs through cuBLAS on the CUDA back end, and cuBLAS cannot be loaded: cannot "
                     "open /nonexistent/libcublas.so"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("set AMPCC_BACKEND=opencl to run the devices on OpenCL and ampcc::blas through CLBlast"),
            std::string::npos)
      << Out;
}

// The handle goes at exit, once, while cuBLAS is still whole (before its own exit handlers), and the program ends
// cleanly.
TEST(CuBlas, TheHandleIsReleasedOnceAtExit) {
  ampcc_test::ProgramRun R =
      ampcc_test::runProgram(std::string("FAKE_CUBLAS_LOG=1 AMPCC_LIBCUBLAS=") + AMPCC_FAKE_CUBLAS + " " +
                             AMPCC_CUBLAS_CLIENT);
  EXPECT_TRUE(R.Ok) << R.Output;
  EXPECT_NE(R.Output.find("back end: CUDA\nresult: 2 4 6\nfake cuBLAS: handle destroyed\n"), std::string::npos)
      << R.Output;
  EXPECT_EQ(R.Output.find("handle destroyed", R.Output.find("handle destroyed") + 1), std::string::npos) << R.Output;
}
