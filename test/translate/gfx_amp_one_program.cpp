// A file with both C++ AMP and gfx kernels embeds its OpenCL C program once: the gfx launchers use the
// program the C++ AMP host rewrite embedded.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
#include <gfx/gfx_rt.h>
using namespace concurrency;

__declspec(target(gfx_kernel)) void twice(int *a, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++)
    _Cilk_for (int i = 0; i < 4; i++)
      a[g * 4 + i] *= 2;
}

void amp_part(int *p, int n) {
  array_view<int, 1> av(n, p);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
}

// CHECK: __kernel void
// CHECK: __kernel void
// HOST: {{^}}const char ampcc_program[] = R"AMPCC_CL(
// HOST-NOT: {{^}}const char {{.*}}AMPCC_CL(
// HOST: {{^}}const char *const ampcc_gfx_program = ampcc_program;
// HOST-NOT: {{^}}const char {{.*}}AMPCC_CL(
