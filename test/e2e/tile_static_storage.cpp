// A tile_static variable has static storage in the tile, as MSVC gives it: member functions of a class local to
// the kernel and lambdas in the kernel use the kernel's variable without `static` written (C++ forbids that for an
// automatic variable), read, write, and update it atomically; a lambda's [=] does not copy it, since a variable
// with static storage is not captured. Two tiles, so each tile's variable is its own.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> out(8, 0), seen(8, 0);
  array_view<int, 1> ov(8, out), sv(8, seen);
  parallel_for_each(extent<1>(8).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int total;
    tile_static int slots[4];
    struct Tally {
      void reset() restrict(amp) { total = 0; }
      void add(int v) restrict(amp) { atomic_fetch_add(&total, v); }
      int get() restrict(amp) { return total; }
    };
    if (t.local[0] == 0)
      Tally().reset();
    t.barrier.wait();
    Tally().add(t.global[0] + 1);
    auto put = [&](int v) restrict(amp) { slots[t.local[0]] = v; };
    put(t.local[0] * 10);
    t.barrier.wait();
    auto neighbour = [=]() restrict(amp) { return slots[(t.local[0] + 1) % 4]; };
    ov[t.global] = Tally().get();
    sv[t.global] = neighbour();
  });
  ov.synchronize();
  sv.synchronize();
  for (int v : out)
    std::printf("%d ", v);
  std::printf("\n");
  for (int v : seen)
    std::printf("%d ", v);
  std::printf("\n");
  // CHECK: 10 10 10 10 26 26 26 26
  // CHECK-NEXT: 10 20 30 0 10 20 30 0
  return 0;
}
