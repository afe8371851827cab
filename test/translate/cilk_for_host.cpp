// A `_Cilk_for` in host code runs in parallel: the outermost loop gets `_Pragma("omp parallel for")` on its
// own line (no line is added); nested loops, gfx_kernel functions, `#pragma offload` nests and array
// notation keep their loops as written.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <gfx/gfx_rt.h>

__declspec(target(gfx_kernel)) void scale(float *a, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++)
    _Cilk_for (int i = 0; i < 16; i++)
      a[g * 16 + i] *= 2.0f;
}

void host(float *a, float *b, int n) {
  _Cilk_for (int i = 0; i < n; i++)
    _Cilk_for (int j = 0; j < 4; j++)
      b[i * 4 + j] = a[i];
  { _Cilk_for (int i = 0; i < n; i++) a[i] += 1; _Cilk_for (int k = n; k > 0; k -= 2) b[k] = 0; }
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma offload target(gfx) pin(a: length(n))
  _Cilk_for (int i = 0; i < n; i++)
    a[i] += 3;
  auto f = [&] {
    _Cilk_for (int i = 0; i < n; i++)
      b[i] = 1;
  };
  f();
  b[0:n] = a[0:n];
}

// CHECK: __kernel void ampcc_gfx_scale(
// CHECK: __kernel void ampcc_gfx_offload_host(

// HOST: __declspec(target(gfx_kernel)) void scale(float *a, int n) {
// HOST-NEXT: {{^}}  _Cilk_for _Thread_group (int g = 0; g < n; g++)
// HOST-NEXT: {{^}}    _Cilk_for (int i = 0; i < 16; i++)
// HOST: void host(float *a, float *b, int n) {
// HOST-NEXT: {{^}}  _Pragma("omp parallel for") _Cilk_for (int i = 0; i < n; i++)
// HOST-NEXT: {{^}}    _Cilk_for (int j = 0; j < 4; j++)
// HOST-NEXT: b[i * 4 + j] = a[i];
// HOST-NEXT: {{^}}  { _Pragma("omp parallel for") _Cilk_for (int i = 0; i < n; i++) a[i] += 1; _Pragma("omp parallel for") _Cilk_for (int k = n; k > 0; k -= 2) b[k] = 0; }
// HOST-NEXT: {{^}}  for (int i = 0; i < n; i++)
// HOST-NEXT: a[i] = 0;
// HOST-NEXT: if (void* const ampcc_c{{.*}}))
// HOST-NEXT: {{^}}  _Cilk_for (int i = 0; i < n; i++)
// HOST-NEXT: a[i] += 3;
// HOST-NEXT: auto f = [&] {
// HOST-NEXT: {{^}}    _Pragma("omp parallel for") _Cilk_for (int i = 0; i < n; i++)
// HOST-NEXT: b[i] = 1;
// HOST-NEXT: };
// HOST-NEXT: f();
// HOST-NEXT: {{^}}  _Cilk_for (int ampcc_an0
