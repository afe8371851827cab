// '#pragma offload target(gfx) pin(...)' before a '_Cilk_for' nest in host code: the nest becomes a kernel
// with one work-item per iteration (pinned pointers as buffers, the other variables it reads by value),
// and the pragma's line a synchronous launch that runs the nest on the host only when the device cannot.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <gfx/gfx_rt.h>

void saxpy(const float *x, float *y, int n, float alpha) {
#pragma offload target(gfx) pin(x, y: length(n))
  _Cilk_for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
}

// CHECK: __kernel void ampcc_gfx_offload_saxpy(ampcc_domain ampcc_dom, int n, __global char* y_ptr, ampcc_shape y_sh, float alpha, __global char* x_ptr, ampcc_shape x_sh, ampcc_gfx_grid ampcc_grid)
// CHECK-NEXT: {
// CHECK-NEXT: __global float* y = (__global void*)(y_ptr + y_sh.off);
// CHECK-NEXT: const __global float* x = (__global void*)(x_ptr + x_sh.off);
// CHECK: for (int ampcc_it = get_global_id(0); ampcc_it < ampcc_grid.n[0] * ampcc_grid.n[1] * ampcc_grid.n[2]; ampcc_it += get_global_size(0)) {
// CHECK-NEXT: int ampcc_r = ampcc_it;
// CHECK-NEXT: int ampcc_k0 = ampcc_r % ampcc_grid.n[0]; ampcc_r /= ampcc_grid.n[0];
// CHECK-NEXT: int i = (0) + ampcc_k0 * 1;
// CHECK: y[i] = ((alpha * x[i]) + y[i]);

// HOST: void saxpy(const float *x, float *y, int n, float alpha) {
// HOST-NEXT: if (void* const ampcc_c0[] = {(void*)&n, (void*)&y, (void*)&alpha, (void*)&x, nullptr}; true) if (const unsigned long ampcc_l0[] = {(unsigned long)(n), (unsigned long)(n), 0}; (ampcc_gfx_offload_begin("{{.*}}gfx_offload_pragma.cpp:9", nullptr, nullptr), !ampcc_gfx_run_offload("{{.*}}gfx_offload_pragma.cpp:offload:0", ampcc_c0, ampcc_l0)))
// HOST-NEXT: _Cilk_for (int i = 0; i < n; i++)
// HOST-NEXT: y[i] = alpha * x[i] + y[i];
// HOST: {{^}}int ampcc_gfx_offload_0(void* const* ampcc_c, const unsigned long* ampcc_l) {
// HOST-NEXT: int &n = *static_cast<int *>(ampcc_c[0]);
// HOST-NEXT: float *&y = *static_cast<float **>(ampcc_c[1]);
// HOST-NEXT: float &alpha = *static_cast<float *>(ampcc_c[2]);
// HOST-NEXT: const float *&x = *static_cast<const float **>(ampcc_c[3]);
// HOST-NEXT: ::ampcc::gfx::pin_scope ampcc_pins;
// HOST-NEXT: if (!ampcc_pins.add(x, ampcc_l[0] * sizeof(*x)))
// HOST-NEXT: return 0;
// HOST-NEXT: if (!ampcc_pins.add(y, ampcc_l[1] * sizeof(*y)))
// HOST-NEXT: return 0;
// HOST-NEXT: ::ampcc::gfx::grid ampcc_grid = {{[{][{]}}0, 1, 1}};
// HOST-NEXT: for (int i = 0; i < n; i++) { ++ampcc_grid.n[0]; if (ampcc_grid.n[0] == 1) ; }
// HOST: ::ampcc::rt::kernel_arg ampcc_a[] = {::ampcc::gfx::value_arg(n), ::ampcc::gfx::buffer_arg(y, true, ampcc_sh[1]), ::ampcc::gfx::value_arg(alpha), ::ampcc::gfx::buffer_arg(x, false, ampcc_sh[3]), ::ampcc::gfx::value_arg(ampcc_grid)};
// HOST-NEXT: return ::ampcc::gfx::run_loop(ampcc_gfx_desc_0, ampcc_grid, ampcc_a, 5);
// HOST: const ::ampcc::gfx::offload_registration ampcc_gfx_oreg_0("{{.*}}gfx_offload_pragma.cpp:offload:0", &ampcc_gfx_offload_0);
