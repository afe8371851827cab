// ampcc::blas over CLBlast, float and double, checked against the CPU; a kernel result feeds a BLAS
// call and back without leaving the device.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_blas.h>
#include <cmath>
#include <iostream>
#include <vector>
using namespace concurrency;
using ampcc::blas::transpose;

template <typename T> bool close(T a, T b) { return std::fabs(a - b) <= 1e-3 * (1 + std::fabs(b)); }

template <typename T> int run(const char* name) {
  const int M = 33, N = 17, K = 20;
  std::vector<T> A(M * K), B(K * N), C(M * N, 1), x(K), y(M, 2);
  for (int i = 0; i < M * K; ++i) A[i] = T((i % 7) - 3) / 4;
  for (int i = 0; i < K * N; ++i) B[i] = T((i % 5) - 2) / 2;
  for (int i = 0; i < K; ++i) x[i] = T(i % 3);
  std::vector<T> Cref(C), yref(y);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      T s = 0;
      for (int k = 0; k < K; ++k) s += A[r * K + k] * B[k * N + c];
      Cref[r * N + c] = T(2) * s + T(0.5) * Cref[r * N + c];
    }
  for (int r = 0; r < M; ++r) {
    T s = 0;
    for (int k = 0; k < K; ++k) s += A[r * K + k] * x[k];
    yref[r] = s - yref[r];
  }
  int bad = 0;
  {
    array_view<const T, 2> a(M, K, A), b(K, N, B);
    array_view<T, 2> c(M, N, C);
    array_view<const T, 1> xv(K, x);
    array_view<T, 1> yv(M, y);
    ampcc::blas::gemm(transpose::none, transpose::none, T(2), a, b, T(0.5), c);
    ampcc::blas::gemv(transpose::none, T(1), a, xv, T(-1), yv);
    c.synchronize();
    yv.synchronize();
  }
  for (int i = 0; i < M * N; ++i) bad += !close(C[i], Cref[i]);
  for (int i = 0; i < M; ++i) bad += !close(y[i], yref[i]);

  // A kernel writes v, BLAS scales it and adds it to w, dot reduces: nothing goes back to the host
  // until the end.
  std::vector<T> v(1000), w(1000, 1);
  array_view<T, 1> vv(1000, v), wv(1000, w);
  vv.discard_data();
  parallel_for_each(vv.extent, [=](index<1> i) restrict(amp) { vv[i] = T(i[0] % 10); });
  ampcc::rt::reset_stats();
  ampcc::blas::scal(T(3), vv);
  ampcc::blas::axpy(T(1), vv, wv);
  T d = ampcc::blas::dot(vv, wv);
  ampcc::rt::stats s = ampcc::rt::current_stats();
  T dref = 0;
  for (int i = 0; i < 1000; ++i) dref += T(3 * (i % 10)) * T(3 * (i % 10) + 1);
  bad += !close(d, dref);
  wv.synchronize();
  for (int i = 0; i < 1000; ++i) bad += !close(w[i], T(3 * (i % 10) + 1));
  std::cout << name << ": mismatches " << bad << ", bytes to device during BLAS " << s.bytes_to_device
            << ", to host " << s.bytes_to_host << "\n";
  return bad;
}

int main() {
  run<float>("float");
  if (accelerator().supports_double_precision)
    run<double>("double");
  else
    std::cout << "double: skipped, the device has no double precision\n";
}

// CHECK: float: mismatches 0, bytes to device during BLAS 4000, to host 4
// CHECK-NEXT: double: {{mismatches 0, bytes to device during BLAS 8000, to host 8|skipped, the device has no double precision}}
