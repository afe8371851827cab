// a * b + c in a kernel rounds the product before the sum, as on the host and as MSVC's kernels did: OpenCL C
// would fuse it into one multiply-add by default, which changes the result. With -ffp-contract=fast or
// -ffast-math the user allows the fusion (test/translate/fp_contract_fast.cpp checks the pragma).
// a = b = 1 + 2^-12, c = -(1 + 2^-11): the exact product is 1 + 2^-11 + 2^-24, which rounds to 1 + 2^-11 in
// float, so a * b + c is 0 when rounded in two steps and 2^-24 when fused.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
int main() {
  std::vector<float> in = {1.0f + 1.0f / 4096, 1.0f + 1.0f / 4096, -(1.0f + 1.0f / 2048)}, out(1);
  array_view<const float, 1> iv(3, in);
  array_view<float, 1> ov(1, out);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { ov[0] = iv[0] * iv[1] + iv[2]; });
  ov.synchronize();
  volatile float a = in[0], b = in[1], c = in[2];
  float host = a * b + c;
  std::printf("kernel %g host %g %s\n", out[0], host, out[0] == host ? "equal" : "DIFFERENT");
}
// CHECK: kernel 0 host 0 equal
