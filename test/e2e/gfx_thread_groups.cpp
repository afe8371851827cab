// The slm_enabled_kernel shape of the Intel guide: serial code in the first-level nest, a second-level nest
// over a range it computes, __thread_group_local data with an initializer, a gfx function from an
// offload_attribute region, offload by name, errors, and __GFX__ only on the kernel side.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <gfx/gfx_rt.h>

#include <cstdio>

#pragma offload_attribute(push, target(gfx))
int scaled(int v, int by) { return v * by; }
#pragma offload_attribute(pop)

__declspec(target(gfx)) int side() {
#ifdef __GFX__
  return 1;
#else
  return 0;
#endif
}

// data[g*16 + j] = (j + lo-adjusted value) for each group g: every group writes its own 16 elements.
__declspec(target(gfx_kernel)) void slm_enabled_kernel(int *data, int param) {
  _Cilk_for _Thread_group (int g = 0; g < 8; g++) {
    __thread_group_local int base = 1000;
    __thread_group_local int counts[16];
    int lo = param / 2;  // serial code
    int up = param * 2;  // serial code
    _Cilk_for (int j = 0; j < 16; j++)
      counts[j] = j;
    _Cilk_for (int j = lo; j < up; j++) {
      int k = j - lo;
      if (k < 16)
        data[g * 16 + k] = scaled(base + counts[k], 1) + g * side();
    }
  }
}

__declspec(target(gfx_kernel)) void add_arrays(const float *a, const float *b, float *c, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g += 32) {
    _Cilk_for (int i = g; i < g + 32; i++)
      if (i < n)
        c[i] = a[i] + b[i];
    // A section over the group's part: spread over the group's threads like a _Cilk_for.
    c[g:32] = c[g:32] * 2;
  }
}

int main() {
  static int data[128];
  _GFX_share(data, sizeof data);
  int id = _GFX_offload(slm_enabled_kernel, data, 16);
  std::printf("waited: %d\n", _GFX_wait(id, 1000));
  std::printf("data: %d %d %d %d\n", data[0], data[15], data[16], data[127]);
  _GFX_unshare(data);

  static int host[128];
  slm_enabled_kernel(host, 16);
  std::printf("host: %d %d %d %d\n", host[0], host[15], host[16], host[127]);

  static float a[100], b[100], c[128];
  for (int i = 0; i < 100; ++i) {
    a[i] = i;
    b[i] = 0.5f;
  }
  _GFX_share(a, sizeof a);
  _GFX_share(b, sizeof b);
  _GFX_share(c, sizeof c);
  _GFX_offload("add_arrays", a, b, c, 100);
  _GFX_wait();
  std::printf("sum: %g %g\n", c[0], c[99]);

  // A pointer outside shared memory, and a function that is not a gfx_kernel.
  static float unshared[4];
  int r = _GFX_offload(add_arrays, a, b, unshared, 4);
  std::printf("unshared: %d %d\n", r, (int)_GFX_get_last_error());
  _GFX_clear_last_error();
  r = _GFX_offload("main");
  std::printf("not a kernel: %d %d\n", r, (int)_GFX_get_last_error());
  r = _GFX_offload(add_arrays, a, b);
  std::printf("wrong count: %d %d\n", r, (int)_GFX_get_last_error());
  _GFX_clear_last_error();
  std::printf("cleared: %d\n", (int)_GFX_get_last_error());
}

// CHECK: waited: 1
// CHECK-NEXT: data: 1000 1015 1001 1022
// CHECK-NEXT: host: 1000 1015 1000 1015
// CHECK-NEXT: sum: 1 199
// CHECK-NEXT: unshared: -1 2
// CHECK-NEXT: not a kernel: -1 4
// CHECK-NEXT: wrong count: -1 1
// CHECK-NEXT: cleared: 0
