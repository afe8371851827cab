// array_view sections on the host and in kernels: a kernel writes through a section of a capture, and a
// section passed to a parallel_for_each covers only its window.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> data(4 * 6, 0);
  array_view<int, 2> all(4, 6, data);
  // A 2x3 window at (1, 2), filled by its own launch.
  array_view<int, 2> win = all.section(index<2>(1, 2), extent<2>(2, 3));
  parallel_for_each(win.extent, [=](index<2> i) restrict(amp) { win[i] = 10 * (i[0] + 1) + i[1]; });
  // In a kernel: the first row's 2-element section from the origin.
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    array_view<int, 2> corner = all.section(extent<2>(1, 2));
    corner(0, 0) = 7;
    corner(0, 1) = 8;
  });
  all.synchronize();
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 6; ++c) std::cout << data[r * 6 + c] << " ";
    std::cout << "\n";
  }
}

// CHECK: 7 8 0 0 0 0 
// CHECK-NEXT: 0 0 10 11 12 0 
// CHECK-NEXT: 0 0 20 21 22 0 
// CHECK-NEXT: 0 0 0 0 0 0 
