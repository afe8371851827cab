// A `_Cilk_for _Thread_group` nest under `#pragma offload target(gfx)`: one work-group per first-level
// iteration, a __thread_group_local tile filled by the group, a barrier, then each work-item reads what
// another one wrote; checked against the host and run on the device (no error recorded).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <cilk/cilk.h>
#include <gfx/gfx_rt.h>

#include <cstdio>

#define W 16

void reverse_groups(float *a, int groups, float scale) {
#pragma offload target(gfx) pin(a: length(groups * W))
  cilk_for _Thread_group (int g = 0; g < groups; g++) {
    __thread_group_local float tile[W];
    int base = g * W;
    cilk_for (int i = 0; i < W; i++)
      tile[i] = a[base + i];
    _gfx_gpgpu_thread_barrier();
    cilk_for (int i = 0; i < W; i++)
      a[base + i] = tile[W - 1 - i] * scale;
  }
}

int main() {
  const int groups = 37;
  static float a[groups * W];
  for (int i = 0; i < groups * W; i++)
    a[i] = (float)i;
  reverse_groups(a, groups, 2.0f);
  int bad = 0;
  for (int g = 0; g < groups; g++)
    for (int i = 0; i < W; i++)
      bad += a[g * W + i] != 2.0f * (g * W + W - 1 - i);
  std::printf("thread groups under the pragma: %d wrong, error %d\n", bad, (int)_GFX_get_last_error());
  return 0;
}

// CHECK: thread groups under the pragma: 0 wrong, error 0
