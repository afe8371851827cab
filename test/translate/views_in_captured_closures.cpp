// A view inside a closure that a captured object holds (the Algorithms Library's functor_view): the closure's
// captures are kernel arguments of their own, named after its fields (capI), and the kernel puts the closure
// together again; the host reads the view out of the kernel object and checks it is a live view.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

template <typename F> struct holder {
  int n;
  F f;
};
template <typename F> holder<F> hold(int n, F f) { return {n, f}; }

void run(array_view<const float, 1> in, array_view<float, 1> out, float k) {
  auto h = hold(2, [=](int i) restrict(amp) { return in[i] * k; });
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = h.f(i[0]) + h.n; });
}

// CHECK: typedef struct { int n; ampcc_lambda f; } ampcc_s_holder;
// CHECK: __kernel void ampcc_run_{{.*}}(ampcc_domain ampcc_dom, __global float* out_ptr, ampcc_shape out_sh, int h_n_f, const __global float* h_f_cap0_f_ptr, ampcc_shape h_f_cap0_f_sh, float h_f_cap1_f)
// CHECK: ampcc_s_holder h;
// CHECK-NEXT: h.n = h_n_f;
// CHECK-NEXT: h.f.cap0.ptr = h_f_cap0_f_ptr;
// CHECK-NEXT: h.f.cap0.sh = h_f_cap0_f_sh;
// CHECK-NEXT: h.f.cap1 = h_f_cap1_f;

// The host text holds these lines as comments: each check is anchored at the start of a line.
// HOST: {{^}}const ::ampcc::rt::closure_capture ampcc_captures_0[] = {
// HOST-NEXT: {{^ }}{0, 0, ::ampcc::rt::access::read_write, &::ampcc::detail::capture_buffer<Concurrency::array_view<float>>},
// HOST-NEXT: {{^ [{][0-9]+}}, 4, ::ampcc::rt::access::read, nullptr},
// HOST-NEXT: {{^ [{][0-9]+}}, 0, ::ampcc::rt::access::read, &::ampcc::detail::capture_buffer_in_closure<Concurrency::array_view<const float>>},
// HOST-NEXT: {{^ [{][0-9]+}}, 4, ::ampcc::rt::access::read, nullptr},
