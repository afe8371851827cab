// view_as, reinterpret_as and data() inside kernels: a rank 1 view (a section, so with an offset) reshaped to
// rank 2, an array reshaped, float data read through a rank 1 view of its bits, a write through data().
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> line(10, 0);
  array_view<int, 1> lv(10, line);
  array<int, 2> grid(2, 3);
  std::vector<float> f = {1.0f, 2.0f};
  array_view<const float, 1> fv(2, f);
  std::vector<unsigned> bits(2, 0);
  array_view<unsigned, 1> bv(2, bits);
  parallel_for_each(extent<1>(1), [=, &grid](index<1>) restrict(amp) {
    array_view<int, 2> m = lv.section(4, 6).view_as(extent<2>(2, 3));
    m(1, 0) = 7;
    m(0, 2) = 5;
    array_view<int, 1> g = grid.view_as(extent<1>(6));
    for (int i = 0; i < 6; ++i) g[i] = i * 11;
    array_view<const unsigned, 1> u = fv.reinterpret_as<unsigned>();
    bv[0] = u[0];
    bv[1] = u[1];
    lv.section(index<1>(8)).data()[1] = 3;
  });
  lv.synchronize();
  bv.synchronize();
  std::vector<int> gv = grid;
  for (int x : line) std::cout << x << " ";
  std::cout << "\n" << gv[4] << " " << std::hex << bits[0] << " " << bits[1] << "\n";
}

// CHECK: 0 0 0 0 0 0 5 7 0 3 
// CHECK-NEXT: 44 3f800000 40000000
