// parallel_for_each<D0[, D1[, D2]]>(extent, kernel): the tile sizes given as template arguments, the extent
// converted to tiled_extent<D0, D1, D2> (MSVC's tiled_extent converts implicitly from an extent of its rank).
// Each rank, with and without an accelerator_view, and a domain the tile does not divide (an error).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
int main() {
  std::vector<int> a(8), b(4 * 6), c(2 * 4 * 6);
  array_view<int, 1> av(8, a);
  array_view<int, 2> bv(4, 6, b);
  array_view<int, 3> cv(2, 4, 6, c);
  parallel_for_each<4>(av.get_extent(), [=](tiled_index<4> t) restrict(amp) {
    av[t.global] = t.tile[0] * 10 + t.local[0];
  });
  parallel_for_each<2, 3>(accelerator().get_default_view(), bv.get_extent(),
                          [=](tiled_index<2, 3> t) restrict(amp) { bv[t.global] = t.tile[0] * 10 + t.tile[1]; });
  parallel_for_each<1, 2, 3>(cv.get_extent(), [=](tiled_index<1, 2, 3> t) restrict(amp) {
    cv[t.global] = t.local[0] * 100 + t.local[1] * 10 + t.local[2];
  });
  av.synchronize();
  bv.synchronize();
  cv.synchronize();
  std::cout << "rank1:";
  for (int v : a)
    std::cout << " " << v;
  std::cout << "\nrank2 row 3:";
  for (int j = 0; j < 6; ++j)
    std::cout << " " << b[3 * 6 + j];
  std::cout << "\nrank3 [1][3][5]: " << c[(1 * 4 + 3) * 6 + 5] << "\n";
  try {
    parallel_for_each<3>(av.get_extent(), [=](tiled_index<3> t) restrict(amp) { av[t.global] = 0; });
    std::cout << "no error\n";
  } catch (const invalid_compute_domain &) {
    std::cout << "8 is not a multiple of 3: invalid_compute_domain\n";
  }
}
// CHECK: rank1: 0 1 2 3 10 11 12 13
// CHECK-NEXT: rank2 row 3: 10 10 10 11 11 11
// CHECK-NEXT: rank3 [1][3][5]: 12
// CHECK-NEXT: 8 is not a multiple of 3: invalid_compute_domain
