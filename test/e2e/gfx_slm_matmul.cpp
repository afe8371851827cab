// The SLM matrix multiply of the Intel C++ Compiler 18.0 guide ("thread groups and SLM"), completed into a
// whole program with the tile sizes it implies, offloaded with _GFX_offload and checked against a serial product.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <gfx/gfx_rt.h>

#include <cmath>
#include <cstdio>

#define Y 64
#define X 64
#define K 128
#define SLM_TILE_Y 16
#define SLM_TILE_X 16
#define SLM_TILE_K 16
#define TILE_Y 4
#define TILE_X 4

__declspec(target(gfx_kernel)) void slm_matmul(float (*A)[K], float (*B)[X], float (*C)[X]) {
  _Cilk_for _Thread_group (int tg_y = 0; tg_y < Y; tg_y += SLM_TILE_Y) {
    _Cilk_for _Thread_group (int tg_x = 0; tg_x < X; tg_x += SLM_TILE_X) {
      // Declare the "super tiles" of each matrix that are allocated in SLM.
      __thread_group_local float slm_atile[SLM_TILE_Y][SLM_TILE_K];
      __thread_group_local float slm_btile[SLM_TILE_K][SLM_TILE_X];
      __thread_group_local float slm_ctile[SLM_TILE_Y][SLM_TILE_X];

      // Initialise the super tile (in parallel).
      _Cilk_for (int i = 0; i < SLM_TILE_Y; i++)
        _Cilk_for (int j = 0; j < SLM_TILE_X; j++)
          slm_ctile[i][j] = 0.0;

      // The dot product of the current super-tile row of A and super-tile column of B.
      for (int super_k = 0; super_k < K; super_k += SLM_TILE_K) {
        // Cache the super tiles of A and B in SLM (in parallel).
        slm_atile[:][:] = A[tg_y:SLM_TILE_Y][super_k:SLM_TILE_K];
        slm_btile[:][:] = B[super_k:SLM_TILE_Y][tg_x:SLM_TILE_X];

        // All threads wait until the copy is complete.
        _gfx_gpgpu_thread_barrier();

        // Multiply the super tiles (in parallel) with a tiled matrix multiply.
        _Cilk_for (int t_y = 0; t_y < SLM_TILE_Y; t_y += TILE_Y) {
          _Cilk_for (int t_x = 0; t_x < SLM_TILE_X; t_x += TILE_X) {
            for (int k = 0; k < SLM_TILE_K; k++)
              for (int y = 0; y < TILE_Y; y++)
                for (int x = 0; x < TILE_X; x++)
                  slm_ctile[t_y + y][t_x + x] += slm_atile[t_y + y][k] * slm_btile[k][t_x + x];
          }
        }
      }
      // Write the super tile of C back (in parallel).
      C[tg_y:SLM_TILE_Y][tg_x:SLM_TILE_X] = slm_ctile[:][:];
    }
  }
}

static float a[Y][K], b[K][X], c[Y][X], host[Y][X], ref[Y][X];

int main() {
  for (int i = 0; i < Y; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = (float)((i * 7 + k * 3) % 11) - 5.0f;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < X; ++j)
      b[k][j] = (float)((k * 5 + j) % 13) * 0.5f;
  for (int i = 0; i < Y; ++i)
    for (int j = 0; j < X; ++j) {
      float s = 0;
      for (int k = 0; k < K; ++k)
        s += a[i][k] * b[k][j];
      ref[i][j] = s;
    }

  _GFX_share(a, sizeof a);
  _GFX_share(b, sizeof b);
  _GFX_share(c, sizeof c);
  int task = _GFX_offload(slm_matmul, a, b, c);
  if (task < 0)
    std::printf("offload failed: %s\n", _GFX_get_last_error_message());
  _GFX_wait();
  _GFX_unshare(a);
  _GFX_unshare(b);
  _GFX_unshare(c);

  // The same function called from host code runs serially on the CPU.
  slm_matmul(a, b, host);

  int bad = 0, bad_host = 0;
  for (int i = 0; i < Y; ++i)
    for (int j = 0; j < X; ++j) {
      bad += std::fabs(c[i][j] - ref[i][j]) > 1e-3f;
      bad_host += std::fabs(host[i][j] - ref[i][j]) > 1e-3f;
    }
  std::printf("device: %d mismatches of %d\n", bad, Y * X);
  std::printf("host: %d mismatches of %d\n", bad_host, Y * X);
  std::printf("error: %d\n", (int)_GFX_get_last_error());
}

// CHECK: device: 0 mismatches of 4096
// CHECK-NEXT: host: 0 mismatches of 4096
// CHECK-NEXT: error: 0
