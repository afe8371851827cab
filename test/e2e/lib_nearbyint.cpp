// precise_math::nearbyint (float and double) and nearbyintf in kernels, lowered to OpenCL C's rint (OpenCL C has no
// nearbyint; both round to the nearest integer in the current rounding mode, halves to even): the same results as
// on the host (std::nearbyint: precise_math is restrict(amp) only), for halves, negatives and values beyond 2^23.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
using namespace concurrency;

int main() {
  const int n = 8;
  const float xs[n] = {2.5f, 3.5f, -2.5f, -0.5f, 1.4f, -1.6f, 8388609.0f, 0.0f};
  array_view<const float, 1> in(n, xs);
  array_view<float, 1> f(n), ff(n);
  array_view<double, 1> d(n);
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    f[i] = precise_math::nearbyint(in[i]);
    ff[i] = precise_math::nearbyintf(in[i]);
    d[i] = precise_math::nearbyint((double)in[i] + 0.25 * (i[0] == 7));
  });
  int same = 0;
  std::printf("kernel:");
  for (int i = 0; i < n; ++i) {
    std::printf(" %g/%g/%g", f[i], ff[i], d[i]);
    same += f[i] == std::nearbyint(xs[i]) && ff[i] == std::nearbyint(xs[i]) &&
            d[i] == std::nearbyint((double)xs[i] + 0.25 * (i == 7));
  }
  std::printf("\nsame as the host: %d of %d\n", same, n);
  // CHECK: kernel: 2/2/2 4/4/4 -2/-2/-2 -0/-0/-0 1/1/1 -2/-2/-2 8.38861e+06/8.38861e+06/8.38861e+06 0/0/0
  // CHECK-NEXT: same as the host: 8 of 8
}
