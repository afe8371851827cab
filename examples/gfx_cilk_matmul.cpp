// A Cilk Plus program as Intel's graphics-offload samples are written: <cilk/cilk.h> keywords, a
// shared-local-memory matrix multiply offloaded as a gfx_kernel, a `#pragma offload` scaling loop, and
// the host reference product computed with cilk_spawn / cilk_sync. Build with `ampcc gfx_cilk_matmul.cpp`.
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <gfx/gfx_rt.h>

#include <cmath>
#include <cstdio>

#define N 128
#define TILE 16

__declspec(target(gfx_kernel)) void matmul_slm(float (*A)[N], float (*B)[N], float (*C)[N]) {
  cilk_for _Thread_group (int by = 0; by < N; by += TILE) {
    cilk_for _Thread_group (int bx = 0; bx < N; bx += TILE) {
      __thread_group_local float a_blk[TILE][TILE];
      __thread_group_local float b_blk[TILE][TILE];
      __thread_group_local float c_blk[TILE][TILE];
      cilk_for (int i = 0; i < TILE; i++)
        cilk_for (int j = 0; j < TILE; j++)
          c_blk[i][j] = 0.0f;
      for (int kb = 0; kb < N; kb += TILE) {
        // Each work-item copies its share of the two blocks into SLM; the barrier ends the copy.
        a_blk[:][:] = A[by:TILE][kb:TILE];
        b_blk[:][:] = B[kb:TILE][bx:TILE];
        _gfx_gpgpu_thread_barrier();
        cilk_for (int i = 0; i < TILE; i++)
          cilk_for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              c_blk[i][j] += a_blk[i][k] * b_blk[k][j];
      }
      C[by:TILE][bx:TILE] = c_blk[:][:];
    }
  }
}

static float a[N][N], b[N][N], c[N][N], ref[N][N];

// The reference product, rows split in halves recursively and the halves computed in parallel.
void reference(int from, int to) {
  if (to - from <= 8) {
    for (int i = from; i < to; i++)
      for (int j = 0; j < N; j++) {
        float s = 0.0f;
        for (int k = 0; k < N; k++)
          s += a[i][k] * b[k][j];
        ref[i][j] = s;
      }
    return;
  }
  int mid = (from + to) / 2;
  cilk_spawn reference(from, mid);
  reference(mid, to);
  cilk_sync;
}

int main() {
  cilk_for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (float)((i * 3 + j) % 7) - 3.0f;
      b[i][j] = (float)((i + j * 5) % 9) * 0.25f;
    }
  reference(0, N);

  _GFX_share(a, sizeof a);
  _GFX_share(b, sizeof b);
  _GFX_share(c, sizeof c);
  if (_GFX_offload(matmul_slm, a, b, c) < 0)
    std::printf("offload failed: %s\n", _GFX_get_last_error_message());
  _GFX_wait();
  _GFX_unshare(a);
  _GFX_unshare(b);
  _GFX_unshare(c);

  // Scale the product on the device; the pragma's loop runs on the host when the device cannot run it.
  float *flat = &c[0][0];
#pragma offload target(gfx) pin(flat: length(N * N))
  cilk_for (int i = 0; i < N * N; i++)
    flat[i] *= 2.0f;

  int wrong = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      wrong += std::fabs(c[i][j] - 2.0f * ref[i][j]) > 1e-3f;
  std::printf("%d of %d elements differ from the reference (%s workers)\n", wrong, N * N,
              __cilkrts_get_nworkers() > 0 ? "some" : "no");
  return wrong != 0;
}

// CHECK: 0 of 16384 elements differ from the reference (some workers)
