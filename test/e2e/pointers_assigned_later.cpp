// Pointers in amp code that start null (or uninitialized) and are pointed at global or tile_static memory
// later (and casts of them): their OpenCL C address space comes from what they are assigned, not from the declaration.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  std::vector<int> a(8, 1), b(8, 2), out(8, 0);
  array<int, 1> A(8, a.begin()), B(8, b.begin());
  array_view<int, 1> o(8, out);
  parallel_for_each(A.extent, [&, o](index<1> i) restrict(amp) {
    int *p = NULL;
    if (i[0] % 2 == 0)
      p = &A[i];
    else
      p = &B[i];
    *p += 10;
    const int *q;
    q = p;
    const unsigned *bits = (const unsigned *)q; // a cast keeps the address space
    o[i] = static_cast<int>(*bits);
  });
  parallel_for_each(o.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int shared[4];
    int *s = nullptr;
    s = &shared[t.local[0]];
    *s = t.global[0];
    t.barrier.wait();
    o[t] += shared[3 - t.local[0]] * 100;
  });
  o.synchronize();
  for (int x : out)
    std::cout << x << " ";
  std::cout << "\n";
  // CHECK: 311 212 111 12 711 612 511 412
}
