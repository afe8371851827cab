// ampcc::blas::gemm (CLBlast behind the runtime's own buffers and queue), timed like the other matrix
// multiplies, to compare with CLBlastSgemm called directly by the hand-written harness.
#include <amp.h>
#include <amp_blas.h>
#include <string>
#include <vector>

#include "bench_util.h"

using namespace concurrency;
using bench::Json;

int main(int Argc, char **Argv) {
  bench::Options O = bench::parse(Argc, Argv);
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
