// Direct3D's bounds behaviour (-fampcc-directcompute-bounds): views carry checked mode's check buffer, every access is
// guarded, nothing is recorded (no ampcc_chk_fail). An element only read goes through _rd (the zero element out of
// bounds), `v[i] = x;` through _set (no store out of bounds), other writes through _at (the scratch element);
// a section that leaves its view is cut to the part inside. The host's table is quiet: no sites.
// RUN: %ampcc -fampcc-directcompute-bounds --emit-opencl %s | FileCheck %s
// RUN: %ampcc -fampcc-directcompute-bounds --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

struct pair_t {
  int a;
  float b[2];
};

void f(array_view<pair_t, 1> p, array_view<int, 2> m, array_view<int, 1> o) {
  parallel_for_each(o.extent.tile<64>().pad(), [=](tiled_index<64> t) restrict(amp) {
    int g = t.global[0];
    pair_t q = p[g];
    o[g] = p[g].a + (int)p[g].b[1] + m(g, 1) + m[g][0] + q.a;
    o[g] += 1;
    atomic_fetch_add(&o[g], 1);
    p[g].b[0] = 2.0f;
    m.section(index<2>(g, 0), extent<2>(2, 2))(1, 1) = 3;
  });
}

// CHECK-NOT: ampcc_chk_fail
// CHECK: #define AMPCC_CHK_SCRATCH 32
// CHECK-NEXT: #define AMPCC_CHK_ZERO 64
// CHECK: static __global int* ampcc_av_int_1_at(ampcc_av_int_1 v, int a, int site) { if ((uint)a < (uint)v.sh.ext[0]) return v.ptr + ampcc_lin1i(v.sh, a); return (__global int*)(v.chk + AMPCC_CHK_SCRATCH); }
// CHECK: static __global int* ampcc_av_int_1_rd(ampcc_av_int_1 v, int a, int site) { if ((uint)a < (uint)v.sh.ext[0]) return v.ptr + ampcc_lin1i(v.sh, a); return (__global int*)(v.chk + AMPCC_CHK_ZERO); }
// CHECK: static void ampcc_av_int_1_set(ampcc_av_int_1 v, int a, int val, int site) { if ((uint)a < (uint)v.sh.ext[0]) { v.ptr[ampcc_lin1i(v.sh, a)] = val; return; } }
// CHECK: static ampcc_av_int_2 ampcc_av_int_2_section(ampcc_av_int_2 v, ampcc_idx2 o, ampcc_idx2 e, int site) { for (int d = 0; d < 2; ++d) if (o.v[d] < 0 || e.v[d] < 0 || o.v[d] > v.sh.ext[d] - e.v[d]) { for (int i = 0; i < 2; ++i) { int room = o.v[i] < 0 ? 0 : v.sh.ext[i] - o.v[i]; if (e.v[i] > room) e.v[i] = room; if (e.v[i] < 0) e.v[i] = 0; } break; } v.sh = ampcc_section2(v.sh, o, e); return v; }
// CHECK: static ampcc_av_int_1 ampcc_av_int_2_project(ampcc_av_int_2 v, int i, int site) {
// CHECK-SAME: if ((uint)i >= (uint)v.sh.ext[0]) { return r; }
// CHECK: void ampcc_f_directcompute_bounds_cpp_16({{.*}}, __global uint* ampcc_chk)
// CHECK: ampcc_s_pair_t q = (*ampcc_av_ampcc_s_pair_t_1_rd(p, g, 0));
// CHECK-NEXT: #line 19
// CHECK-NEXT: ampcc_av_int_1_set(o, g, ((((((*ampcc_av_ampcc_s_pair_t_1_rd(p, g, 2))).a + ((int)(((*ampcc_av_ampcc_s_pair_t_1_rd(p, g, 3))).b[1]))) + (*ampcc_av_int_2_rd(m, g, 1, 4))) + (*ampcc_av_int_1_rd(ampcc_av_int_2_project(m, g, 5), 0, 6))) + (q).a), 1);
// CHECK-NEXT: #line 20
// CHECK-NEXT: (*ampcc_av_int_1_at(o, g, 7)) += 1;
// CHECK-NEXT: #line 21
// CHECK-NEXT: atomic_add(&((*ampcc_av_int_1_at(o, g, 8))), 1);
// CHECK-NEXT: #line 22
// CHECK-NEXT: ((*ampcc_av_ampcc_s_pair_t_1_at(p, g, 9))).b[0] = 2.0f;
// CHECK-NEXT: #line 23
// CHECK-NEXT: ampcc_av_int_2_set(ampcc_av_int_2_section(m, ampcc_idx2_make(g, 0, 0), ampcc_idx2_make(2, 2, 0), 10), 1, 1, 3, 11);

// HOST-NOT: {{^}}const ::ampcc::rt::check_site
// HOST: const ::ampcc::rt::check_table ampcc_checks = {nullptr, 0, 16, true};
