// ampcc::blas::gemm (CLBlast on the OpenCL back end, cuBLAS on the CUDA one, behind the runtime's own buffers and
// queue), timed like the other matrix multiplies, to compare with CLBlastSgemm and cublasSgemm called directly.
// --case blas_check runs every routine on sections against a host loop in double, so that the two back ends'
// libraries can be checked against the same reference (AMPCC_BACKEND=opencl, then cuda).
#include <amp.h>
#include <amp_blas.h>
#include <cmath>
#include <string>
#include <vector>

#include "bench_util.h"

using namespace concurrency;
using bench::Json;

namespace {

std::vector<float> randoms(size_t N, unsigned Seed) {
  std::vector<float> V(N);
  unsigned X = Seed * 2654435761u + 1;
  for (auto &E : V) {
    X = X * 1664525u + 1013904223u;
    E = static_cast<float>((X >> 8) & 0xffff) / 32768.0f - 1.0f;
  }
  return V;
}

// The largest |got - want| / scale over the elements, where scale is the sum of the magnitudes of the products that
// make the element (a BLAS routine's rounding grows with it).
struct Error {
  double Worst = 0;
  void add(double Got, double Want, double Scale) { Worst = std::max(Worst, std::fabs(Got - Want) / (Scale + 1e-30)); }
};

// Every routine, float, on sections of larger arrays (offsets, leading dimensions), both transposes.
int check(int Size) {
  using namespace ampcc::blas;
  const int M = Size, N = Size / 2 + 3, K = Size / 3 + 5, Pad = 7;
  std::vector<float> HA = randoms(size_t(M + Pad) * (M + K + Pad), 1), HB = randoms(size_t(K + N + Pad) * (K + N + Pad), 2);
  std::vector<float> HC = randoms(size_t(M + Pad) * (N + Pad), 3), HX = randoms(size_t(M + N + Pad) * 2, 4);
  std::vector<float> HY = randoms(size_t(M + N + Pad), 5);
  const int Ca = M + K + Pad, Cb = K + N + Pad, Cc = N + Pad;
  auto A = [&](int R, int C) { return double(HA[size_t(R + 1) * Ca + C + 2]); };
  auto B = [&](int R, int C) { return double(HB[size_t(R + 3) * Cb + C + 1]); };
  bool Ok = true;
  auto report = [&](const char *Routine, const Error &E) {
    bool Pass = E.Worst <= 1e-5;
    Ok &= Pass;
    std::printf("{\"impl\": \"ampcc\", \"case\": \"blas_check\", \"routine\": \"%s\", \"size\": %d, "
                "\"worst_relative_error\": %.3g, \"pass\": %s}\n",
                Routine, Size, E.Worst, Pass ? "true" : "false");
  };
  for (int TA = 0; TA < 2; ++TA)
    for (int TB = 0; TB < 2; ++TB) {
      array_view<const float, 2> PA(M + Pad, Ca, HA), PB(K + N + Pad, Cb, HB);
      std::vector<float> C = HC;
      array_view<float, 2> PC(M + Pad, Cc, C);
      auto a = PA.section(concurrency::index<2>(1, 2), TA ? concurrency::extent<2>(K, M) : concurrency::extent<2>(M, K));
      auto b = PB.section(concurrency::index<2>(3, 1), TB ? concurrency::extent<2>(N, K) : concurrency::extent<2>(K, N));
      auto c = PC.section(concurrency::index<2>(2, 3), concurrency::extent<2>(M, N));
      gemm(TA ? transpose::trans : transpose::none, TB ? transpose::trans : transpose::none, 0.75f, a, b, -0.5f, c);
      PC.synchronize();
      Error E;
      for (int I = 0; I < M; ++I)
        for (int J = 0; J < N; ++J) {
          double Sum = 0, Scale = 0;
          for (int P = 0; P < K; ++P) {
            double T = (TA ? A(P, I) : A(I, P)) * (TB ? B(J, P) : B(P, J));
            Sum += T, Scale += std::fabs(T);
          }
          double Old = HC[size_t(I + 2) * Cc + J + 3];
          E.add(C[size_t(I + 2) * Cc + J + 3], 0.75 * Sum - 0.5 * Old, 0.75 * Scale + 0.5 * std::fabs(Old));
        }
      report(TA ? (TB ? "gemm_tt" : "gemm_tn") : (TB ? "gemm_nt" : "gemm_nn"), E);
    }
  for (int T = 0; T < 2; ++T) {
    int Xn = T ? M : K, Yn = T ? K : M;
    array_view<const float, 2> PA(M + Pad, Ca, HA);
    auto a = PA.section(concurrency::index<2>(1, 2), concurrency::extent<2>(M, K));
    std::vector<float> Y = HY;
    auto x = array_view<const float, 1>(int(HX.size()), HX).section(1, Xn);
    array_view<float, 1> PY(int(Y.size()), Y);
    auto y = PY.section(3, Yn);
    gemv(T ? transpose::trans : transpose::none, 1.25f, a, x, 0.5f, y);
    PY.synchronize();
    Error E;
    for (int I = 0; I < Yn; ++I) {
      double Sum = 0, Scale = 0;
      for (int J = 0; J < Xn; ++J) {
        double V = (T ? A(J, I) : A(I, J)) * HX[size_t(J) + 1];
        Sum += V, Scale += std::fabs(V);
      }
      E.add(Y[I + 3], 1.25 * Sum + 0.5 * HY[I + 3], 1.25 * Scale + 0.5 * std::fabs(HY[I + 3]));
    }
    report(T ? "gemv_t" : "gemv_n", E);
  }
  {
    const int L = M + N;
    std::vector<float> Y = HY;
    array_view<const float, 1> x(L, HX);
    array_view<float, 1> PY(int(Y.size()), Y);
    auto y = PY.section(2, L - 2);
    axpy(-1.5f, x.section(0, L - 2), y);
    scal(0.25f, y);
    float D = dot(x.section(0, L - 2), array_view<const float, 1>(y));
    PY.synchronize();
    Error Ea, Ed;
    double Sum = 0, Scale = 0;
    for (int I = 0; I < L - 2; ++I) {
      double Want = 0.25 * (HY[I + 2] - 1.5 * HX[I]);
      Ea.add(Y[I + 2], Want, 0.25 * (std::fabs(HY[I + 2]) + 1.5 * std::fabs(HX[I])));
      Sum += HX[I] * Want, Scale += std::fabs(HX[I] * Want);
    }
    Ea.add(Y[0], HY[0], std::fabs(HY[0]));
    Ed.add(D, Sum, Scale);
    report("axpy_scal", Ea);
    report("dot", Ed);
  }
  return Ok ? 0 : 3;
}

} // namespace

int main(int Argc, char **Argv) {
  bench::Options O = bench::parse(Argc, Argv);
  if (O.Case == "blas_check")
    return check(O.Size);
  if (O.Case != "blas_gemm") {
    std::fprintf(stderr, "amp_blas: unknown --case '%s'\n", O.Case.c_str());
    return 2;
  }
  accelerator_view AV = accelerator().default_view;
  const int N = O.Size;
  std::vector<float> HA = bench::smallInts(size_t(N) * N, 3), HB = bench::smallInts(size_t(N) * N, 4);
  array<float, 2> A(N, N, HA.begin(), HA.end()), B(N, N, HB.begin(), HB.end()), C(N, N);
  array_view<const float, 2> a(A), b(B);
  array_view<float, 2> c(C);
  auto Launch = [&] {
    ampcc::blas::gemm(ampcc::blas::transpose::none, ampcc::blas::transpose::none, 1.0f, a, b, 0.0f, c);
  };
  Launch();
  bench::checkMatmul("ampcc blas gemm", HA, HB, std::vector<float>(C), N);
  double T = bench::timePerLaunch(O, Launch, [&] { AV.wait(); });
  std::wstring W = AV.get_accelerator().description;
  Json J;
  J.str("impl", "ampcc").str("case", "blas_gemm").str("device", std::string(W.begin(), W.end()));
  J.num("size", N).num("seconds", T).num("gflops", 2.0 * N * N * N / T / 1e9).print();
}
