// C++ AMP v1.2 §4.3.1, §4.4.1: tiled_extent and tiled_index name their tile's dimensions as static constants
// tile_dim0, tile_dim1 and tile_dim2, usable as constant expressions on the host and in kernels.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename TI> int dims_of(const TI &) restrict(amp) { return TI::tile_dim0 * 100 + TI::tile_dim1 * 10 + TI::tile_dim2; }

int main() {
  typedef tiled_extent<2, 4, 8> TE3;
  static_assert(TE3::tile_dim0 == 2 && TE3::tile_dim1 == 4 && TE3::tile_dim2 == 8, "tiled_extent's dims");
  static_assert(tiled_index<16>::tile_dim0 == 16, "tiled_index's dim");
  std::printf("host %d %d %d\n", TE3::tile_dim0, TE3::tile_dim1, TE3::tile_dim2);
  // CHECK: host 2 4 8
  std::printf("rank 2 %d %d\n", tiled_extent<3, 5>::tile_dim0, tiled_extent<3, 5>::tile_dim1);
  // CHECK-NEXT: rank 2 3 5
  std::vector<int> out(2 * 4 * 8, 0), out1(16, 0);
  array_view<int, 3> ov(2, 4, 8, out);
  array_view<int, 1> ov1(16, out1);
  parallel_for_each(ov.extent.tile<2, 4, 8>(), [=](tiled_index<2, 4, 8> t) restrict(amp) {
    int local[tiled_index<2, 4, 8>::tile_dim2]; // a constant expression in a kernel
    for (int k = 0; k < tiled_index<2, 4, 8>::tile_dim2; ++k) local[k] = k;
    ov[t.global] = dims_of(t) + local[t.local[2]] * 1000;
  });
  parallel_for_each(ov1.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    ov1[t.global] = decltype(t)::tile_dim0 + t.local[0];
  });
  std::printf("kernel %d %d %d\n", ov(0, 0, 0), ov(1, 3, 7), ov1[15]);
  // CHECK-NEXT: kernel 248 7248 31
}
