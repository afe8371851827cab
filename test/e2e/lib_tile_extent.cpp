// tiled_index::get_tile_extent() (MSVC: extent<rank> get_tile_extent() const restrict(amp, cpu)) in kernels of rank
// 1, 2 and 3, through an object and through a reference in a restrict(amp, cpu) function, equal to tile_extent, and
// the same in every thread of a tile, so a barrier under a condition on it is reached by all of them.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

template <int D0, int D1, int D2> int first(const tiled_index<D0, D1, D2> &t) restrict(amp, cpu) {
  return t.get_tile_extent()[0];
}

int main() {
  array_view<int, 1> r1(8);
  parallel_for_each(r1.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    extent<1> e = t.get_tile_extent();
    if (t.get_tile_extent()[0] == 4)
      t.barrier.wait();
    r1[t.global] = e[0] * 10 + (t.get_tile_extent() == t.tile_extent) + first(t) * 100;
  });
  std::printf("rank 1: %d %d\n", r1[0], r1[7]);
  // CHECK: rank 1: 441 441

  array_view<int, 2> r2(4, 6);
  parallel_for_each(r2.extent.tile<2, 3>(), [=](tiled_index<2, 3> t) restrict(amp) {
    r2[t] = t.get_tile_extent()[0] * 10 + t.get_tile_extent()[1] + t.get_tile_extent().size() * 100;
  });
  std::printf("rank 2: %d %d\n", r2(0, 0), r2(3, 5));
  // CHECK-NEXT: rank 2: 623 623

  array_view<int, 3> r3(2, 4, 6);
  parallel_for_each(r3.extent.tile<1, 2, 3>(), [=](tiled_index<1, 2, 3> t) restrict(amp) {
    extent<3> e = t.get_tile_extent();
    r3[t.global] = e[0] * 100 + e[1] * 10 + e[2];
  });
  std::printf("rank 3: %d %d\n", r3(0, 0, 0), r3(1, 3, 5));
  // CHECK-NEXT: rank 3: 123 123
}
