// A parallel_for_each in a constructor of a class template is, like any templated call, one kernel per
// instantiation, selected by the host through the class's template arguments.
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

// CHECK: __kernel void ampcc_Filler_template_constructor_kernel_cpp_8(ampcc_domain ampcc_dom, __global float* v_ptr, ampcc_shape v_sh, float value)
// CHECK: __kernel void ampcc_Filler_template_constructor_kernel_cpp_8_1(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh, int value)
// HOST: template <typename T> struct ampcc_site_0 { static const ::ampcc::rt::kernel_desc &get(); };
// HOST: ::ampcc::detail::launch(ampcc_site_0<T>::get(), v.extent,
// HOST: &ampcc_site_0<float>::get() { static const ::ampcc::rt::kernel_desc d = {"ampcc_Filler_template_constructor_kernel_cpp_8",
// HOST: &ampcc_site_0<int>::get() { static const ::ampcc::rt::kernel_desc d = {"ampcc_Filler_template_constructor_kernel_cpp_8_1",
