// A tile_static variable of a class whose default constructor has default arguments (ampblas' complex, in its
// reductions and gemm tiles): as for any constructor, it does not run (a warning says so), which is no
// initializer; it was refused as one (../shared/real-code/repros/tile_static_defarg_ctor.cpp).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct cplx {
  float re, im;
  explicit cplx(const float &r = float(), const float &i = float()) restrict(cpu, amp) : re(r), im(i) {}
};

int main() {
  std::vector<float> v(32);
  array_view<float, 1> av(32, v);
  parallel_for_each(av.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static cplx buf[16];
    tile_static cplx total;
    buf[t.local[0]].re = (float)t.global[0];
    buf[t.local[0]].im = 1.0f;
    if (t.local[0] == 0)
      total.re = 0.5f;
    t.barrier.wait();
    av[t.global] = buf[15 - t.local[0]].re + buf[t.local[0]].im + total.re;
  });
  av.synchronize();
  std::printf("%g %g %g\n", v[0], v[15], v[16]);
  // CHECK: 16.5 1.5 32.5
}
