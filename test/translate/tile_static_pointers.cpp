// Pointers and references into tile_static memory keep __local through calls; the same function called
// with private memory gets its own specialisation.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

int sum3(const int* p) restrict(amp) { return p[0] + p[1] + p[2]; }
void set(int& x, int v) restrict(amp) { x = v; }

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<3>(), [=](tiled_index<3> t) restrict(amp) {
    tile_static int shared[3];
    int mine[3] = {1, 2, 3};
    set(shared[t.local[0]], v[t.global]);
    t.barrier.wait();
    int* p = shared;
    v[t.global] = sum3(p) + sum3(mine);
  });
}

// CHECK: void ampcc_fn_set(__local int* x, int v);
// CHECK: int ampcc_fn_sum3(const __local int* p);
// CHECK: int ampcc_fn_sum3_1(const int* p);
// CHECK: __local int ampcc_ts_shared[3];
// CHECK: int mine[3] = {1, 2, 3};
// CHECK: ampcc_fn_set(&(ampcc_ts_shared[((t).l).v[0]]), (v).ptr[ampcc_lin1((v).sh, (t).g)]);
// CHECK: __local int* p = ampcc_ts_shared;
// CHECK: (v).ptr[ampcc_lin1((v).sh, (t).g)] = (ampcc_fn_sum3(p) + ampcc_fn_sum3_1(mine));
