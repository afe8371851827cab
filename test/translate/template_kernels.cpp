// A parallel_for_each in a function template is one kernel per instantiation; the host selects it
// through a class template specialised for each set of template arguments.
#include <amp.h>
using namespace concurrency;

template <typename T, int Scale> void scale(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * Scale; });
}

void run(array_view<float, 1> f, array_view<int, 1> n) {
  scale<float, 2>(f);
  scale<int, 3>(n);
}

// CHECK: __kernel void ampcc_scale_template_kernels_cpp_7(ampcc_domain ampcc_dom, __global float* v_ptr, ampcc_shape v_sh)
// CHECK: (v).ptr[ampcc_lin1((v).sh, i)] = ((v).ptr[ampcc_lin1((v).sh, i)] * 2.0f);
// CHECK: __kernel void ampcc_scale_template_kernels_cpp_7_1(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh)
// CHECK: (v).ptr[ampcc_lin1((v).sh, i)] = ((v).ptr[ampcc_lin1((v).sh, i)] * 3);
// HOST: template <typename T, int Scale> struct ampcc_site_0 { static const ::ampcc::rt::kernel_desc &get(); };
// HOST: ::ampcc::detail::launch(ampcc_site_0<T, Scale>::get(), v.extent, {::ampcc::detail::buffer_arg(v, ::ampcc::rt::access::read_write)})
// HOST: template <> const ::ampcc::rt::kernel_desc &ampcc_site_0<float, 2>::get() { static const ::ampcc::rt::kernel_desc d = {"ampcc_scale_template_kernels_cpp_7",
// HOST: template <> const ::ampcc::rt::kernel_desc &ampcc_site_0<int, 3>::get() { static const ::ampcc::rt::kernel_desc d = {"ampcc_scale_template_kernels_cpp_7_1",
