// Cilk Plus array notation: A[start:length], A[start:length:stride], A[:] and multi-dimensional sections
// become a nest of _Cilk_for loops in the Frontend; in a thread-group nest that nest runs on the group's threads.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <gfx/gfx_rt.h>

__declspec(target(gfx_kernel)) void sections(float (*out)[8], const float *in, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++) {
    __thread_group_local float tile[4][8];
    tile[:][:] = out[0:4][:];
    out[0:4][0:4:2] = tile[:][1:4:2] + in[g]; // in[g]: a scalar, the same for every element
    _Cilk_for (int i = 0; i < 1; i++)
      out[i][0] = 0;
  }
}

// CHECK: int ampcc_n0 = (((((int)(4uL))) - (0)) > 0
// CHECK: ampcc_slm_tile[ampcc_an0_][ampcc_an1_] = out[((0) + ampcc_an0_)][ampcc_an1_];
// CHECK: out[((0) + ampcc_an0_)][((0) + (ampcc_an1_ * (2)))] = (ampcc_slm_tile[ampcc_an0_][((1) + (ampcc_an1_ * (2)))] + in[g]);

// HOST: _Cilk_for (int ampcc_an0 = 0; ampcc_an0 < (int)sizeof(ampcc_an_extent(tile)); ++ampcc_an0) _Cilk_for (int ampcc_an1 = 0; ampcc_an1 < (int)sizeof(ampcc_an_extent(tile[0])); ++ampcc_an1) tile[ampcc_an0][ampcc_an1] = out[(0) + ampcc_an0][ampcc_an1];
// HOST: _Cilk_for (int ampcc_an0 = 0; ampcc_an0 < (4); ++ampcc_an0) _Cilk_for (int ampcc_an1 = 0; ampcc_an1 < (4); ++ampcc_an1) out[(0) + ampcc_an0][(0) + ampcc_an1 * (2)] = tile[ampcc_an0][(1) + ampcc_an1 * (2)] + in[g];
