// A tile_static variable declared static (`static tile_static int x;`, which C++ lets a local class's member
// functions name) used by the member functions of a class local to the kernel: they reach the kernel's variable
// as a callee's tile_static variable is reached (ampcc crashed on it before).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  std::vector<int> out(8, 0);
  array_view<int, 1> ov(8, out);
  parallel_for_each(extent<1>(8).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    static tile_static int counts[4];
    static tile_static int total;
    struct Tally {
      void put(int i, int v) restrict(amp) { counts[i] = v; }
      int sum() restrict(amp) { return counts[0] + counts[1] + counts[2] + counts[3]; }
      void keep(int v) restrict(amp) { total = v; }
    };
    Tally tally;
    tally.put(t.local[0], t.global[0] + 1);
    t.barrier.wait();
    if (t.local[0] == 0)
      tally.keep(tally.sum());
    t.barrier.wait();
    ov[t.global] = total;
  });
  ov.synchronize();
  for (int v : out)
    std::printf("%d ", v);
  std::printf("\n");
  // CHECK: 10 10 10 10 26 26 26 26
  return 0;
}
