// A shared library whose function runs a kernel.
#include <amp.h>
using namespace concurrency;
extern "C" int scale_sum(int k) {
  int v[4] = {1, 2, 3, 4};
  array_view<int, 1> a(4, v);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] *= k; });
  a.synchronize();
  return v[0] + v[1] + v[2] + v[3];
}
