// Textures lower as the arrays they are kept in (docs/design/textures.md): a texture is a buffer and a
// shape, a texture view an array_view's; get/operator[]/operator() read the element and set stores to it. A
// read-only view is a const buffer read only; a texture or view that set writes is read and written.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void f(texture<float, 2> &t, texture<unorm_4, 1> &img) {
  writeonly_texture_view<unorm_4, 1> w(img);
  texture_view<const unorm_4, 1> r(img);
  parallel_for_each(t.extent, [&t, w, r](index<2> i) restrict(amp) {
    t.set(i, t(i[0], i[1]) + t.get(i));
    w.set(index<1>(i[1]), r[i[1]]);
  });
}

// CHECK: __kernel void {{.*}}(ampcc_domain ampcc_dom, __global float* t_ptr, ampcc_shape t_sh, __global ampcc_s_short_vector_4* w_ptr, ampcc_shape w_sh, const __global ampcc_s_short_vector_4* r_ptr, ampcc_shape r_sh)
// CHECK: ((t).ptr[ampcc_lin2((t).sh, i)] = ((t).ptr[ampcc_lin2i((t).sh, (i).v[0], (i).v[1])] + (t).ptr[ampcc_lin2((t).sh, i)]));
// CHECK: ((w).ptr[ampcc_lin1((w).sh, {{.*}})] = (r).ptr[ampcc_lin1i((r).sh, (i).v[1])]);
// HOST: buffer_arg(t, ::ampcc::rt::access::read_write), ::ampcc::detail::buffer_arg(w, ::ampcc::rt::access::read_write), ::ampcc::detail::buffer_arg(r, ::ampcc::rt::access::read)
