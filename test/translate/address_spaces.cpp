// A function taking references is specialised on the address space of each call's arguments
// (OpenCL C 1.2 has no generic address space).
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

void bump(int& x, int by) restrict(amp) { x += by; }

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int local_copy = 1;
    bump(local_copy, 2);
    bump(v[i], local_copy);
  });
}

// CHECK: void ampcc_fn_bump(int* x, int by);
// CHECK: void ampcc_fn_bump_1(__global int* x, int by);
// CHECK: __kernel void ampcc_f_address_spaces_cpp_11(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh)
// CHECK: ampcc_fn_bump(&(local_copy), 2);
// CHECK: ampcc_fn_bump_1(&((v).ptr[ampcc_lin1((v).sh, i)]), local_copy);
// HOST: ::ampcc::detail::launch(ampcc_kernel_desc_0, v.extent, {::ampcc::detail::buffer_arg(v, ::ampcc::rt::access::read_write)})
