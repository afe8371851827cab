// A tile_static variable of a class with a user-provided constructor and destructor: as on MSVC they do not
// run (a warning says so), the threads fill the tile's copy, and after the barrier every thread reads it
// (the conformance suite's ToShared/Test12.04).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct Cell {
  int i;
  float f;
  Cell() restrict(amp) : i(-1), f(-1) {}
  ~Cell() restrict(amp) {}
};

int main() {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Cell cells[4];
    cells[t.local[0]].i = t.global[0];
    cells[t.local[0]].f = 0.5f;
    t.barrier.wait();
    int sum = 0;
    for (int k = 0; k < 4; ++k)
      sum += cells[k].i + static_cast<int>(2 * cells[k].f);
    v[t.global] = sum;
  });
  v.synchronize();
  // CHECK: 10 10 10 10 26 26 26 26
  for (int x : out)
    std::cout << x << (&x == &out.back() ? "\n" : " ");
}
