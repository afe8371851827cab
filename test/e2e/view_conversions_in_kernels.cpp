// Views made in kernels from arrays and from views of non-const elements (as array_view<const T, N>): they
// read and write the same data.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int sum3(const array_view<const int, 1> &v, int i) restrict(amp) { return v[i] + v[i + 1] + v[i + 2]; }

int main() {
  std::vector<int> init(10);
  for (int i = 0; i < 10; ++i)
    init[i] = i;
  array<int, 1> a(10, init.begin(), init.end());
  std::vector<int> out(8, 0);
  array_view<int, 1> o(8, out);
  parallel_for_each(o.extent, [=, &a](index<1> i) restrict(amp) {
    array_view<int, 1> whole(a);              // a view of an array
    array_view<const int, 1> readonly(a);     // a const view of an array
    array_view<const int, 1> c = o;           // a view of non-const elements as const
    int before = c[i];
    o[i] = sum3(readonly, i[0]) * 10 + sum3(whole, i[0]) + before;
  });
  o.synchronize();
  std::cout << out[0] << " " << out[7] << "\n";
}
// i: (3i + 3) * 11
// CHECK: 33 264
