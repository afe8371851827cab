// Synchronous offload of '_Cilk_for' nests with '#pragma offload target(gfx) pin(...)': a vector add, a 2-D
// loop over a pinned array with a scalar copied in, an empty iteration space, and a region the program
// already shared with _GFX_share; each checked against the same loop run serially on the host.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <gfx/gfx_rt.h>

#include <cstdio>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<float> av(n), bv(n), cv(n);
  float *a = av.data(), *b = bv.data(), *c = cv.data();
  for (int i = 0; i < n; ++i) {
    a[i] = i * 0.5f;
    b[i] = 3.0f * i;
  }
#pragma offload target(gfx) pin(a, b: length(n)) pin(c: length(n))
  _Cilk_for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += c[i] != a[i] + b[i];
  std::printf("vector add: %d wrong, c[999] = %.1f\n", bad, c[999]);

  const int rows = 37, cols = 50;
  static int m[rows][cols];
  int scale = 3;
#pragma offload target(gfx) pin(m: length(rows))
  _Cilk_for (int r = 0; r < rows; r++)
    _Cilk_for (int k = cols - 1; k >= 0; k -= 1)
      m[r][k] = r * 100 + k * scale;
  bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < cols; ++k)
      bad += m[r][k] != r * 100 + k * scale;
  std::printf("2-D: %d wrong, m[36][49] = %d, error %d\n", bad, m[36][49], (int)_GFX_get_last_error());

  int none = 0;
#pragma offload target(gfx) pin(c: length(n))
  _Cilk_for (int i = 0; i < none; i++)
    c[i] = -1;
  std::printf("empty: c[0] = %.1f\n", c[0]);

  // Pinned memory inside a region shared by the program stays shared after the offload.
  static double d[64];
  _GFX_share(d, sizeof d);
#pragma offload target(gfx) pin(d: length(64))
  _Cilk_for (int i = 0; i < 64; i += 2)
    d[i] = i / 2.0;
  _GFX_unshare(d);
  std::printf("shared: d[62] = %.1f, d[1] = %.1f\n", d[62], d[1]);

  // The kernel side is compiled with __GFX__, the host fallback without it.
  int where[2] = {0, 0};
#pragma offload target(gfx) pin(where: length(2))
  _Cilk_for (int i = 0; i < 2; i++) {
#ifdef __GFX__
    where[i] = 1;
#else
    where[i] = 2;
#endif
  }
  std::printf("ran on: %s\n", where[0] == 1 && where[1] == 1 ? "device" : "host");
  return 0;
}

// CHECK: vector add: 0 wrong, c[999] = 3496.5
// CHECK-NEXT: 2-D: 0 wrong, m[36][49] = 3747, error 0
// CHECK-NEXT: empty: c[0] = 0.0
// CHECK-NEXT: shared: d[62] = 31.0, d[1] = 0.0
// CHECK-NEXT: ran on: device
