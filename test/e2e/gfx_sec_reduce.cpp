// Array-notation reductions inside offloaded code: a matrix-vector product with __sec_reduce_add per
// work-item of a gfx_kernel, and a row maximum and zero test under `#pragma offload target(gfx)`, checked
// against the host.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <cilk/cilk.h>
#include <gfx/gfx_rt.h>

#include <cstdio>

#define R 64
#define C 32

__declspec(target(gfx_kernel)) void matvec(float (*m)[C], float *v, float *out) {
  cilk_for _Thread_group (int g = 0; g < R; g += 16)
    cilk_for (int i = 0; i < 16; i++)
      out[g + i] = __sec_reduce_add(m[g + i][:] * v[0:C]);
}

static float m[R][C], v[C], out[R];

int main() {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      m[r][c] = (float)((r * 3 + c * 5) % 17) - 8.0f;
  for (int c = 0; c < C; c++)
    v[c] = 0.25f * (c % 7);

  _GFX_share(m, sizeof m);
  _GFX_share(v, sizeof v);
  _GFX_share(out, sizeof out);
  if (_GFX_offload(matvec, m, v, out) < 0)
    std::printf("offload failed: %s\n", _GFX_get_last_error_message());
  _GFX_wait();
  _GFX_unshare(m);
  _GFX_unshare(v);
  _GFX_unshare(out);
  int wrong = 0;
  for (int r = 0; r < R; r++) {
    float s = 0;
    for (int c = 0; c < C; c++)
      s += m[r][c] * v[c];
    wrong += out[r] != s;
  }
  std::printf("matvec: %d wrong\n", wrong);

  int rows = R;
  static float rowmax[R];
  static int haszero[R];
  float *flat = &m[0][0];
#pragma offload target(gfx) pin(flat: length(R * C)) pin(rowmax, haszero: length(rows))
  cilk_for (int r = 0; r < rows; r++) {
    rowmax[r] = __sec_reduce_max(flat[r * C:C]);
    haszero[r] = __sec_reduce_any_zero(flat[r * C:C]);
  }
  wrong = 0;
  for (int r = 0; r < R; r++) {
    float mx = m[r][0];
    int z = 0;
    for (int c = 0; c < C; c++) {
      mx = m[r][c] > mx ? m[r][c] : mx;
      z |= m[r][c] == 0;
    }
    wrong += rowmax[r] != mx || haszero[r] != z;
  }
  std::printf("offload: %d wrong, error %d\n", wrong, (int)_GFX_get_last_error());
  return 0;
}

// CHECK: matvec: 0 wrong
// CHECK-NEXT: offload: 0 wrong, error 0
