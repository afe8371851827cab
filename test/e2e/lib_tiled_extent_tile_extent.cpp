// tiled_extent::tile_extent (MSVC's data member, a property over get_tile_extent()) on the host and in kernels,
// where a tiled_extent captured by value gives its tiles' extent as get_tile_extent() does, in every rank.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  tiled_extent<16> t1 = extent<1>(100).tile<16>();
  std::printf("host rank 1: %d, padded %d\n", t1.tile_extent[0], t1.pad().tile_extent[0]);
  // CHECK: host rank 1: 16, padded 16
  tiled_extent<2, 4, 8> t3 = extent<3>(4, 8, 16).tile<2, 4, 8>();
  extent<3> e3 = t3.tile_extent;
  std::printf("host rank 3: %d %d %d, size %d, same as get_tile_extent %d\n", e3[0], e3[1], e3[2],
              t3.tile_extent.size(), t3.tile_extent == t3.get_tile_extent());
  // CHECK-NEXT: host rank 3: 2 4 8, size 64, same as get_tile_extent 1
  std::printf("through the type: %d\n", tiled_extent<3, 5>::tile_extent[1]);
  // CHECK-NEXT: through the type: 5

  tiled_extent<2, 3> t2 = extent<2>(4, 6).tile<2, 3>();
  array_view<int, 2> r2(4, 6);
  parallel_for_each(t2, [=](tiled_index<2, 3> t) restrict(amp) {
    extent<2> e = t2.tile_extent;
    r2[t] = e[0] * 10 + e[1] + t2.get_tile_extent().size() * 100 + (t2.tile_extent == t.tile_extent) * 1000;
  });
  std::printf("kernel rank 2: %d %d\n", r2(0, 0), r2(3, 5));
  // CHECK-NEXT: kernel rank 2: 1623 1623
}
