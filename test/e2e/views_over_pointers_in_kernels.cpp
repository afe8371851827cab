// array_view over a pointer in amp code (C++ AMP's array_view(extent, T*) is restrict(cpu, amp)): a view of part of
// another view's data, written through, with the writes reaching the host.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct pair_views {
  array_view<int, 1> lo, hi;
  pair_views(int n, int *a, int *b) restrict(cpu, amp) : lo(n, a), hi(extent<1>(n), b) {}
};

int main() {
  std::vector<int> data(8, 1);
  array_view<int, 1> v(8, data);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    pair_views p(4, &v[0], v.data() + 4);
    for (int i = 0; i < 4; ++i) {
      p.lo[i] = 10 + i;
      p.hi(i) = 20 + i;
    }
    array_view<int, 2> square(2, 2, &v[4]);
    square(1, 1) += 100;
  });
  v.synchronize();
  std::cout << data[0] << " " << data[3] << " " << data[4] << " " << data[7] << "\n";
}
// CHECK: 10 13 20 123
