// C++ AMP and gfx kernels of one file run from its one embedded OpenCL program, each with the right result.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cilk/cilk.h>
#include <gfx/gfx_rt.h>

#include <cstdio>
using namespace concurrency;

__declspec(target(gfx_kernel)) void twice(int *a, int n) {
  cilk_for _Thread_group (int g = 0; g < n; g++)
    cilk_for (int i = 0; i < 4; i++)
      a[g * 4 + i] *= 2;
}

int main() {
  static int data[64];
  for (int i = 0; i < 64; i++)
    data[i] = i;
  {
    array_view<int, 1> av(64, data);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
    av.synchronize();
  }
  _GFX_share(data, sizeof data);
  if (_GFX_offload(twice, data, 16) < 0)
    std::printf("offload failed: %s\n", _GFX_get_last_error_message());
  _GFX_wait();
  _GFX_unshare(data);
  int bad = 0;
  for (int i = 0; i < 64; i++)
    bad += data[i] != 2 * (i + 1);
  std::printf("amp then gfx: %d wrong\n", bad);
  return 0;
}

// CHECK: amp then gfx: 0 wrong
