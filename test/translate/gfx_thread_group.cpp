// A Cilk Plus thread-group kernel: one work-group per first-level iteration, __thread_group_local in
// __local memory initialised by the master thread, a second-level nest spread over the work-items with a
// barrier after it, an array section as a parallel nest, and the registered host launcher.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <gfx/gfx_rt.h>

__declspec(target(gfx_kernel)) void scale_rows(float *m, int rows, float by) {
  _Cilk_for _Thread_group (int r = 0; r < rows; r++) {
    __thread_group_local float factor = 2.0f;
    __thread_group_local float row[64];
    int first = r * 64;
    row[:] = m[first:64];
    _gfx_gpgpu_thread_barrier();
    _Cilk_for (int j = 0; j < 64; j += 2)
      m[first + j] = row[j] * factor * by;
  }
}

// CHECK: __kernel void ampcc_gfx_scale_rows(ampcc_domain ampcc_dom, __global char* m_ptr, ampcc_shape m_sh, int rows, float by, ampcc_gfx_grid ampcc_grid)
// CHECK: __local float ampcc_slm_factor;
// CHECK-NEXT: __local float ampcc_slm_row[64];
// CHECK-NEXT: __global float* m = (__global void*)(m_ptr + m_sh.off);
// CHECK: int ampcc_g = get_group_id(0);
// CHECK-NEXT: int ampcc_k0 = ampcc_g % ampcc_grid.n[0]; ampcc_g /= ampcc_grid.n[0];
// CHECK-NEXT: int r = (0) + ampcc_k0 * 1;
// CHECK: if (ampcc_lid == 0) {
// CHECK-NEXT: ampcc_slm_factor = 2.0f;
// CHECK-NEXT: }
// CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: int first = (r * 64);
// CHECK: for (int ampcc_it = ampcc_lid; ampcc_it < 1 * ampcc_n0; ampcc_it += ampcc_lsz) {
// CHECK: ampcc_slm_row[ampcc_an0_] = m[((first) + ampcc_an0_)];
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: int ampcc_n0 = (((64) - (0)) > 0 ? (((64) - (0)) + (2) - 1) / (2) : 0);
// CHECK: int j = (0) + ampcc_k0 * (2);
// CHECK: m[(first + j)] = ((ampcc_slm_row[j] * ampcc_slm_factor) * by);
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);

// HOST: _Cilk_for (int ampcc_an0 = 0; ampcc_an0 < (int)sizeof(ampcc_an_extent(row)); ++ampcc_an0) row[ampcc_an0] = m[(first) + ampcc_an0];
// HOST: const ::ampcc::rt::kernel_desc ampcc_gfx_desc_0 = {"ampcc_gfx_scale_rows", ampcc_gfx_program, "{{.*}}gfx_thread_group.cpp", 1, {64, 0, 0}, 260};
// HOST: for (int r = 0; r < rows; r++) { ++ampcc_grid.n[0]; if (ampcc_grid.n[0] == 1) ; }
// HOST: ::ampcc::rt::kernel_arg ampcc_a[] = {::ampcc::gfx::buffer_arg(m, true, ampcc_sh[0]), ::ampcc::gfx::value_arg(rows), ::ampcc::gfx::value_arg(by), ::ampcc::gfx::value_arg(ampcc_grid)};
// HOST: const ::ampcc::gfx::kernel_registration ampcc_gfx_reg_0(reinterpret_cast<const void*>(&scale_rows), "scale_rows", &ampcc_gfx_launch_0);
