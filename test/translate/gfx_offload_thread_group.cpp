// A `_Cilk_for _Thread_group` nest under `#pragma offload target(gfx)` lowers like a gfx_kernel's nest (a
// work-group per first-level iteration, __thread_group_local in __local memory, a barrier after each
// second-level nest) with the function's variables as parameters; the host launches it per group.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <gfx/gfx_rt.h>

void smooth(float *a, int n) {
#pragma offload target(gfx) pin(a: length(n * 8))
  _Cilk_for _Thread_group (int g = 0; g < n; g++) {
    __thread_group_local float t[8];
    _Cilk_for (int i = 0; i < 8; i++)
      t[i] = a[g * 8 + i];
    _Cilk_for (int i = 1; i < 7; i++)
      a[g * 8 + i] = (t[i - 1] + t[i] + t[i + 1]) / 3;
  }
}

// CHECK: __kernel void ampcc_gfx_offload_smooth(ampcc_domain ampcc_dom, {{.*}}ampcc_gfx_grid ampcc_grid)
// CHECK: __local float ampcc_slm_t[8];
// CHECK: int ampcc_g = get_group_id(0);
// CHECK: for (int ampcc_it = ampcc_lid; ampcc_it < 1 * ampcc_n0; ampcc_it += ampcc_lsz) {
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// HOST: {{^}}  return ::ampcc::gfx::run_groups(ampcc_gfx_desc_0, ampcc_grid, ampcc_a, 3);
