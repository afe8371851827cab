// End-to-end time of the seed's simple-model matrix multiply (Figure 1, int, verbatim), transfers
// included: the first call in this process (cold: device discovery, context, program build or cache
// load) and the median of the calls after it (warm).
#include <amp.h>
#include <iostream>
#include <vector>

#include "bench_util.h"

using namespace concurrency;
using std::vector;

void MatMul(vector<int>& vC, const vector<int>& vA,
const vector<int>& vB, int M, int N, int W )
{
array_view<const int, 2> a(M, W, vA), b(W, N, vB);
array_view<int, 2> c(M, N, vC);
c.discard_data();
parallel_for_each(c.extent, [=](index<2> idx) restrict(amp)
{
int row = idx[0]; int col = idx[1];
int sum = 0;
for(int i = 0; i < b.extent[0]; i++)
sum += a(row, i) * b(i, col);
c[idx] = sum;
});
c.synchronize();
}

int main(int Argc, char **Argv) {
  bench::Options O = bench::parse(Argc, Argv);
  const int N = O.Size;
  std::vector<float> FA = bench::smallInts(size_t(N) * N, 5), FB = bench::smallInts(size_t(N) * N, 6);
  vector<int> A(FA.begin(), FA.end()), B(FB.begin(), FB.end()), C(size_t(N) * N);
  double S = bench::now();
  MatMul(C, A, B, N, N, N);
  double Cold = bench::now() - S;
  bench::checkMatmul("ampcc e2e matmul", FA, FB, vector<float>(C.begin(), C.end()), N);
  vector<double> Warm;
  for (int R = 0; R < std::max(3, O.Reps); ++R) {
    std::fill(C.begin(), C.end(), 0);
    S = bench::now();
    MatMul(C, A, B, N, N, N);
    Warm.push_back(bench::now() - S);
  }
  bench::checkMatmul("ampcc e2e matmul (warm)", FA, FB, vector<float>(C.begin(), C.end()), N);
  std::wstring D = accelerator().description;
  bench::Json J;
  J.str("impl", "ampcc").str("case", "e2e").str("device", std::string(D.begin(), D.end()));
  J.num("size", N).num("cold_seconds", Cold).num("warm_seconds", bench::median(Warm)).print();
}
