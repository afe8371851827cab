// Checked mode (-fampcc-checked): every view access, projection and section goes through a checking helper with its
// check site's number (an element only read: _rd, the zero element out of bounds); views carry the check buffer, the
// kernel takes it last, and the host passes it with the table of check sites (file, line, column, kind, view).
// RUN: %ampcc -fampcc-checked --emit-opencl %s | FileCheck %s
// RUN: %ampcc -fampcc-checked --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

void f(array_view<const float, 2> in, array_view<float, 1> out) {
  parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
    out[idx] = in(idx[0], 1) + in[idx[0]][2] + in.section(index<2>(0, 0), extent<2>(1, 1))[index<2>(0, 0)];
  });
}

void g(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    v.view_as(extent<2>(2, 2))(0, 1) = t.global[0];
  });
}

// CHECK: #define AMPCC_CHK_SCRATCH 32
// CHECK-NEXT: #define AMPCC_CHK_ZERO 64
// CHECK-NEXT: static void ampcc_chk_fail(__global uint* chk, int site, int rank, int n, int a, int b, int c, ampcc_shape s,
// CHECK: typedef struct { __global float* ptr; ampcc_shape sh; __global uint* chk; } ampcc_av_float_1;
// A plain store whose value is not used: in bounds only.
// CHECK: static void ampcc_av_float_1_set(ampcc_av_float_1 v, int a, float val, int site) { if ((uint)a < (uint)v.sh.ext[0]) { v.ptr[ampcc_lin1i(v.sh, a)] = val; return; } ampcc_chk_fail(v.chk, site, 1, 1, a, 0, 0, v.sh, 0, 0, 0); }
// CHECK: static ampcc_cav_float_1 ampcc_cav_float_2_project(ampcc_cav_float_2 v, int i, int site) {
// CHECK-SAME: if ((uint)i >= (uint)v.sh.ext[0]) { ampcc_chk_fail(v.chk, site, 2, 1, i, 0, 0, v.sh, 0, 0, 0); return r; }
// CHECK: static const __global float* ampcc_cav_float_2_at(ampcc_cav_float_2 v, int a, int b, int site) { if ((uint)a < (uint)v.sh.ext[0] && (uint)b < (uint)v.sh.ext[1]) return v.ptr + ampcc_lin2i(v.sh, a, b); ampcc_chk_fail(v.chk, site, 2, 2, a, b, 0, v.sh, 0, 0, 0); return (const __global float*)(v.chk + AMPCC_CHK_SCRATCH); }
// Only read (elements of const views always are): out of bounds, the zero element.
// CHECK: static const __global float* ampcc_cav_float_2_rd(ampcc_cav_float_2 v, int a, int b, int site) { if ((uint)a < (uint)v.sh.ext[0] && (uint)b < (uint)v.sh.ext[1]) return v.ptr + ampcc_lin2i(v.sh, a, b); ampcc_chk_fail(v.chk, site, 2, 2, a, b, 0, v.sh, 0, 0, 0); return (const __global float*)(v.chk + AMPCC_CHK_ZERO); }
// CHECK: __kernel void ampcc_f_bounds_checks_cpp_10(ampcc_domain ampcc_dom, __global float* out_ptr, ampcc_shape out_sh, const __global float* in_ptr, ampcc_shape in_sh, __global uint* ampcc_chk)
// CHECK: out.chk = ampcc_chk;
// CHECK: in.chk = ampcc_chk;
// CHECK: ampcc_av_float_1_setx(out, idx, (((*ampcc_cav_float_2_rd(in, (idx).v[0], 1, 1)) + (*ampcc_cav_float_1_rd(ampcc_cav_float_2_project(in, (idx).v[0], 2), 2, 3))) + (*ampcc_cav_float_2_rdx(ampcc_cav_float_2_section(in, ampcc_idx2_make(0, 0, 0), ampcc_idx2_make(1, 1, 0), 4), ampcc_idx2_make(0, 0, 0), 5))), 0);
// CHECK: __kernel __attribute__((reqd_work_group_size(4, 1, 1))) void ampcc_g_bounds_checks_cpp_16(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh, __global uint* ampcc_chk)
// CHECK: ampcc_av_int_2_set(ampcc_av_int_2_make((v).ptr, (v).sh.off, ampcc_idx2_make(2, 2, 0), (v).chk), 0, 1, ((t).g).v[0], 6);

// HOST: extern const ::ampcc::rt::check_table ampcc_checks;
// HOST: ::ampcc::detail::launch(ampcc_kernel_desc_0, out.extent, {::ampcc::detail::buffer_arg(out, ::ampcc::rt::access::read_write), ::ampcc::detail::buffer_arg(in, ::ampcc::rt::access::read), ::ampcc::detail::check_arg(ampcc_checks)})
// HOST: const ::ampcc::rt::check_site ampcc_check_sites[] = {
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 10, 5, ::ampcc::rt::check_kind::access, "out"},
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 10, 16, ::ampcc::rt::check_kind::access, "in"},
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 10, 32, ::ampcc::rt::check_kind::projection, "in"},
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 10, 32, ::ampcc::rt::check_kind::access, "in[idx[0]]"},
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 10, 48, ::ampcc::rt::check_kind::section, "in"},
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 10, 48, ::ampcc::rt::check_kind::access, "in.section(index<2>(0, 0), extent<2>(1, 1))"},
// HOST-NEXT: {"{{.*}}bounds_checks.cpp", 16, 5, ::ampcc::rt::check_kind::access, "v.view_as(extent<2>(2, 2))"},
// HOST-NEXT: };
// HOST-NEXT: const ::ampcc::rt::check_table ampcc_checks = {ampcc_check_sites, 7, 16, false};
