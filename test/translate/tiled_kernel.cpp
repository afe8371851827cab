// The tiled model: work-group ids in reverse dimension order, tile_static hoisted to __local at kernel
// scope, barriers and fences with their OpenCL flags.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 3> v) {
  parallel_for_each(v.extent.tile<2, 4, 8>(), [=](tiled_index<2, 4, 8> t) restrict(amp) {
    if (t.local[0] == 0) {
      tile_static float row[8];
      row[t.local[2]] = 1.0f;
    }
    t.barrier.wait_with_tile_static_memory_fence();
    t.barrier.wait_with_global_memory_fence();
    tile_static_memory_fence(t.barrier);
    v[t] = t.tile[0] + t.tile_origin[1] + t.tile_extent[2];
  });
}

// CHECK: __kernel __attribute__((reqd_work_group_size(8, 4, 2))) void ampcc_f_tiled_kernel_cpp_9(
// CHECK-NEXT: {
// CHECK-NEXT: __local float ampcc_ts_row[8] __attribute__((aligned(16)));
// CHECK-NEXT: ampcc_tidx3 t;
// CHECK-NEXT: t.g = ampcc_idx3_make((int)get_global_id(2), (int)get_global_id(1), (int)get_global_id(0));
// CHECK-NEXT: t.l = ampcc_idx3_make((int)get_local_id(2), (int)get_local_id(1), (int)get_local_id(0));
// CHECK-NEXT: t.t = ampcc_idx3_make((int)get_group_id(2), (int)get_group_id(1), (int)get_group_id(0));
// CHECK-NEXT: t.o = ampcc_idx3_sub(t.g, t.l);
// CHECK: ampcc_ts_row[((t).l).v[2]] = 1.0f;
// CHECK: barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: barrier(CLK_GLOBAL_MEM_FENCE);
// CHECK: mem_fence(CLK_LOCAL_MEM_FENCE);
// CHECK: (v).ptr[ampcc_lin3((v).sh, (t).g)] = ((((t).t).v[0] + ((t).o).v[1]) + (ampcc_idx3_make(2, 4, 8)).v[2]);
// HOST: ampcc_kernel_desc_0 = {"ampcc_f_tiled_kernel_cpp_9", ampcc_program, "{{.*}}tiled_kernel.cpp", 3, {2, 4, 8}, 32};
