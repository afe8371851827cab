// _GFX_wait(id, timeout_ms) honours its timeout: a poll (0 ms) of a long task fails with GFX_ERROR_TIMEOUT
// while the task goes on, and a later wait for it succeeds with the results in shared memory.
// The first launch of a process waits for its kernel (runtime/KernelLaunch.cpp: the driver's first-run state
// must exist before the exit finisher is registered), so a short offload runs first and the long one is the
// second: only that one can still be running when it is polled.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <gfx/gfx_rt.h>

#include <cmath>
#include <cstdio>

__declspec(target(gfx_kernel)) void spin(float *out, int iters) {
  _Cilk_for _Thread_group (int g = 0; g < 16; g++)
    _Cilk_for (int i = 0; i < 64; i++) {
      float x = i;
      for (int k = 0; k < iters; k++)
        x = x * 0.999999f + 1.0f;
      out[g * 64 + i] = x;
    }
}

int main() {
  static float out[1024];
  const int iters = 1 << 22;
  _GFX_share(out, sizeof out);
  if (_GFX_offload(spin, out, 1) < 0 || !_GFX_wait())
    std::printf("warm-up failed: %s\n", _GFX_get_last_error_message());
  int id = _GFX_offload(spin, out, iters);
  int polled = _GFX_wait(id, 0);
  std::printf("poll: %d, error %d\n", polled, (int)_GFX_get_last_error());
  _GFX_clear_last_error();
  int waited = _GFX_wait(id, 600000);
  std::printf("wait: %d, error %d\n", waited, (int)_GFX_get_last_error());
  float x = 5;
  for (int k = 0; k < iters; k++)
    x = x * 0.999999f + 1.0f;
  std::printf("out[5] %s\n", std::fabs(out[5] - x) <= 1e-3f * x ? "matches" : "differs");
  std::printf("again: %d\n", _GFX_wait());
  _GFX_unshare(out);
  return 0;
}

// CHECK: poll: 0, error 7
// CHECK-NEXT: wait: 1, error 0
// CHECK-NEXT: out[5] matches
// CHECK-NEXT: again: 1
