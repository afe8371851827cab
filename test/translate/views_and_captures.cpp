// Kernel parameters: views as pointer + shape (const when read only), scalars, bool as uchar, POD
// structs and C arrays by value; the host passes each with its access mode.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

struct Params {
  float scale;
  int offset;
};

void f(array_view<const float, 2> in, array_view<float, 2> out, Params p, bool flip) {
  float weights[3] = {0.25f, 0.5f, 0.25f};
  parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
    float v = in(idx[0], idx[1]) * p.scale + weights[idx[1] % 3];
    out[idx] = flip ? -v : v + p.offset;
  });
}

// CHECK: typedef struct { const __global float* ptr; ampcc_shape sh; } ampcc_cav_float_2;
// CHECK: typedef struct { float scale; int offset; } ampcc_s_Params;
// CHECK: typedef struct { float v[3]; } ampcc_arr_weights;
// CHECK: __kernel void ampcc_f_views_and_captures_cpp_15(ampcc_domain ampcc_dom, const __global float* in_ptr, ampcc_shape in_sh, ampcc_s_Params p, ampcc_arr_weights weights_in, __global float* out_ptr, ampcc_shape out_sh, uchar flip_in)
// CHECK: ampcc_idx2 idx = ampcc_idx2_make((int)get_global_id(1), (int)get_global_id(0), 0);
// CHECK: if (idx.v[0] >= ampcc_dom.ext[0] || idx.v[1] >= ampcc_dom.ext[1]) return;
// CHECK: bool flip = flip_in;
// CHECK: float v = (((in).ptr[ampcc_lin2i((in).sh, (idx).v[0], (idx).v[1])] * (p).scale) + weights_in.v[((idx).v[1] % 3)]);
// CHECK: (out).ptr[ampcc_lin2((out).sh, idx)] = (flip ? -(v) : (v + ((float)((p).offset))));
// HOST: {::ampcc::detail::buffer_arg(in, ::ampcc::rt::access::read), ::ampcc::detail::value_arg(p), ::ampcc::detail::value_arg(weights), ::ampcc::detail::buffer_arg(out, ::ampcc::rt::access::read_write), ::ampcc::detail::value_arg(flip)}
