// A tile_static variable declared in a function the kernel calls lives at kernel scope and reaches the
// function through a hidden __local pointer to the whole array (so that it keeps its type there).
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

int tile_sum(tiled_index<4> t, int value) restrict(amp) {
  tile_static int partial[4];
  partial[t.local[0]] = value;
  t.barrier.wait();
  return partial[0] + partial[1] + partial[2] + partial[3];
}

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    v[t.global] = tile_sum(t, v[t.global]);
  });
}

// CHECK: int ampcc_fn_tile_sum(ampcc_tidx1 ampcc_in_t, int value, __local int (*ampcc_ts_partial)[4]);
// CHECK: return ((((*ampcc_ts_partial)[0] + (*ampcc_ts_partial)[1]) + (*ampcc_ts_partial)[2]) + (*ampcc_ts_partial)[3]);
// CHECK: __local int ampcc_ts_partial[4] __attribute__((aligned(16)));
// CHECK: (v).ptr[ampcc_lin1((v).sh, (t).g)] = ampcc_fn_tile_sum(t, (v).ptr[ampcc_lin1((v).sh, (t).g)], &ampcc_ts_partial);
