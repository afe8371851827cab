// A parallel_for_each in a constructor of a class template is, like any templated call, one kernel per
// instantiation, selected by the host through the key of the class's template arguments.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

template <typename T> struct Filler {
  Filler(array_view<T, 1> v, T value) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = value; });
  }
};

void run(array_view<float, 1> f, array_view<int, 1> n) {
  Filler<float> a(f, 1.5f);
  Filler<int> b(n, 7);
}

// CHECK: __kernel void ampcc_Filler_template_constructor_kernel_cpp_10(ampcc_domain ampcc_dom, __global float* v_ptr, ampcc_shape v_sh, float value)
// CHECK: __kernel void ampcc_Filler_template_constructor_kernel_cpp_10_1(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh, int value)
// The call is rewritten once for every instantiation: its key names the kernel's place (a hash) and the template
// parameters in scope; each instantiation's key is spelled after the user's code (kernel identity,
// docs/design/kernel-identity-and-launch.md). The {{...}} keep these lines from matching themselves in the output.
// HOST: ::ampcc::detail::launch(/* ampcc_Filler_template_constructor_kernel_cpp_10, ampcc_Filler_template_constructor_kernel_cpp_10_1 */ ::ampcc::detail::kernel_desc_of<::ampcc::detail::site<0x[[PLACE:[0-9a-f]+]]{{ULL}}, ::ampcc::detail::identity_of_t<T>>>(), v.extent,
// HOST: template <> struct ampcc::detail::call_for<::ampcc::detail::site<0x[[PLACE]]{{ULL}}, float>> {
// HOST-NEXT: static const ::ampcc::rt::kernel_desc &desc() {
// HOST-NEXT: static const ::ampcc::rt::kernel_desc d = {"ampcc_Filler_template_constructor_kernel_cpp_10",
// HOST: template <> struct ampcc::detail::call_for<::ampcc::detail::site<0x[[PLACE]]{{ULL}}, int>> {
// HOST-NEXT: static const ::ampcc::rt::kernel_desc &desc() {
// HOST-NEXT: static const ::ampcc::rt::kernel_desc d = {"ampcc_Filler_template_constructor_kernel_cpp_10_1",
