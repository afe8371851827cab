// Local variables that an array_view made in amp code views live in the kernel's scratch buffer in global memory:
// a slot per thread for private variables, per tile for tile_static ones. A callee's variable is declared in the
// kernel and passed down as a __global pointer, as tile_static variables of callees are. Tile_static fences
// fence global memory then.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

int through_view(int n) restrict(amp) {
  int scratch[4] = {n, n, n, n};
  array_view<int, 1> v(4, scratch);
  return v[3];
}

void f(array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static float shared[16];
    array_view<float, 1> sv(16, shared);
    sv[t.local] = 1.0f;
    t.barrier.wait_with_tile_static_memory_fence();
    out[t.global] = through_view(t.global[0]) + (int)shared[0];
  });
}

// CHECK: int ampcc_fn_through_view(int n, __global int (*ampcc_gpv_scratch)[4]);
// CHECK: int ampcc_fn_through_view(int n, __global int (*ampcc_gpv_scratch)[4])
// CHECK: for (int ampcc_k = 0; ampcc_k < 4; ++ampcc_k) (&((*ampcc_gpv_scratch))[0])[ampcc_k] = (&(ampcc_init_scratch)[0])[ampcc_k];
// CHECK: ampcc_av_int_1 v = ampcc_av_int_1_make((*ampcc_gpv_scratch), 0, ampcc_idx1_make(4, 0, 0));
// CHECK: __kernel __attribute__((reqd_work_group_size(16, 1, 1))) void ampcc_f_views_over_local_memory_cpp_16({{.*}}, __global uchar* ampcc_scratch)
// CHECK-NEXT: {
// CHECK-NEXT: __global uchar* ampcc_thread_frame = ampcc_scratch + (get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2))) * 16UL;
// CHECK-NEXT: __global uchar* ampcc_tile_frame = ampcc_scratch + get_global_size(0) * get_global_size(1) * get_global_size(2) * 16UL + (get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2))) * 64UL;
// CHECK-NEXT: __global float (*ampcc_gts_shared)[16] = (__global float (*)[16])(ampcc_tile_frame + 0);
// CHECK-NEXT: __global int (*ampcc_gpv_scratch)[4] = (__global int (*)[4])(ampcc_thread_frame + 0);
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: ampcc_fn_through_view(((t).g).v[0], ampcc_gpv_scratch)
