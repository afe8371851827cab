// index and extent of rank above 3 as values in kernels, and static constants (rank) read through an object.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  std::vector<int> out(4);
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    extent<4> e4;
    index<10> i10;
    i10 += 3;
    e4 += 2;
    v[i] = e4.rank * 100 + i10.rank * 10 + i10[9] + e4[3] + i[0];
  });
  v.synchronize();
  std::cout << out[0] << " " << out[3] << "\n";
  // Built from an array of coordinates.
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int c[5] = {1, 2, 3, 4, i[0]};
    index<5> x(c);
    extent<5> e(c);
    v[i] = x[4] * 10 + e[3] + x[0];
  });
  v.synchronize();
  std::cout << out[0] << " " << out[3] << "\n";
}
// 4*100 + 10*10 + 3 + 2 + i
// CHECK: 505 508
// CHECK: 5 35
