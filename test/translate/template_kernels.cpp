// A parallel_for_each in a function template is one kernel per instantiation; the host selects it
// through a key specialised for each set of template arguments.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

template <typename T, int Scale> void scale(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * Scale; });
}

void run(array_view<float, 1> f, array_view<int, 1> n) {
  scale<float, 2>(f);
  scale<int, 3>(n);
}

// CHECK: __kernel void ampcc_scale_template_kernels_cpp_9(ampcc_domain ampcc_dom, __global float* v_ptr, ampcc_shape v_sh)
// CHECK: (v).ptr[ampcc_lin1((v).sh, i)] = ((v).ptr[ampcc_lin1((v).sh, i)] * 2.0f);
// CHECK: __kernel void ampcc_scale_template_kernels_cpp_9_1(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh)
// CHECK: (v).ptr[ampcc_lin1((v).sh, i)] = ((v).ptr[ampcc_lin1((v).sh, i)] * 3);
// The call is rewritten once: its key names the kernel's place (a hash) and the template parameters in scope,
// a type as identity_of_t<T>, a value as value<Scale>; each instantiation's key is spelled after the user's code.
// The {{...}} keep these lines from matching themselves in the output.
// HOST: ::ampcc::detail::launch(/* ampcc_scale_template_kernels_cpp_9, ampcc_scale_template_kernels_cpp_9_1 */ ::ampcc::detail::kernel_desc_of<::ampcc::detail::site<0x[[PLACE:[0-9a-f]+]]{{ULL}}, ::ampcc::detail::identity_of_t<T>, ::ampcc::detail::value<Scale>>>(), v.extent, {::ampcc::detail::buffer_arg(v, ::ampcc::rt::access::read_write)})
// HOST: template <> struct ampcc::detail::call_for<::ampcc::detail::site<0x[[PLACE]]{{ULL}}, float, ::ampcc::detail::value<(int)2LL>>> {
// HOST: {"ampcc_scale_template_kernels_cpp_9",
// HOST: template <> struct ampcc::detail::call_for<::ampcc::detail::site<0x[[PLACE]]{{ULL}}, int, ::ampcc::detail::value<(int)3LL>>> {
// HOST: {"ampcc_scale_template_kernels_cpp_9_1",
