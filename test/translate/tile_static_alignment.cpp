// tile_static variables of 16 bytes or more are declared 16-byte aligned (more where their type asks for more):
// NVIDIA's drivers compile PTX for linking, where ptxas trusts only the declared alignment of a __local array
// and, with a float's 4, reads it 32 bits at a time; with 16, four neighbouring floats come in one 128-bit load
// (the tiled matmul at 0.80 of nvcc without it, docs/benchmarks.md). Smaller variables are left as they are.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct alignas(32) Wide {
  float x[8];
};

void f(array_view<float, 2> v) {
  parallel_for_each(v.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    tile_static float tile[16][16];
    tile_static int three[3];
    tile_static int one;
    tile_static double four[4];
    tile_static Wide wide;
    tile[t.local[0]][t.local[1]] = v[t.global];
    if (t.local[0] == 0 && t.local[1] < 3)
      three[t.local[1]] = t.local[1];
    if (t.local[0] == 0 && t.local[1] < 4)
      four[t.local[1]] = 1.0;
    if (t.local[0] == 0 && t.local[1] < 8)
      wide.x[t.local[1]] = 2.0f;
    one = 1;
    t.barrier.wait();
    v[t.global] = tile[t.local[1]][t.local[0]] + three[0] + one + (float)four[0] + wide.x[0];
  });
}

// CHECK: __local float ampcc_ts_tile[16][16] __attribute__((aligned(16)));
// CHECK-NEXT: __local int ampcc_ts_three[3];
// CHECK-NEXT: __local int ampcc_ts_one;
// CHECK-NEXT: __local double ampcc_ts_four[4] __attribute__((aligned(16)));
// CHECK-NEXT: __local {{.*}} ampcc_ts_wide __attribute__((aligned(32)));
