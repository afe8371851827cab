// A reference or pointer that a conditional points at a tile_static variable or at a private one, then written
// through: `T &r = c ? tile_static_var : private_var;` and `T *p = c ? &tile_static_var : &private_var;`, and a member
// assigned through a conditional of objects. No OpenCL C 1.2 pointer type holds both kinds of memory (it was an
// error: "this conditional refers to tile_static memory in one branch and to private memory in the other"), so both
// variables live in global memory, as the variables a view made in amp code views do (Analysis/ViewedMemory.h):
// the tile_static one in its tile's slot, the private one in its thread's. Barriers fence global memory then.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct pair_of {
  int a, b;
};

int main() {
  std::vector<int> out(8);
  array_view<int, 1> av(8, out);
  parallel_for_each(extent<1>(8).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int shared[4];
    tile_static pair_of pairs[4];
    int mine = 100;
    pair_of own = {1, 2};
    int i = t.local[0];
    shared[i] = i;
    pairs[i].a = 0;
    pairs[i].b = 0;
    t.barrier.wait();
    bool odd = i & 1;
    int &r = odd ? shared[i] : mine;
    r += 10;
    int *p = odd ? &shared[i] : &mine;
    *p += 1000;
    (odd ? pairs[i] : own).b = 7;
    t.barrier.wait();
    // The neighbour's element: what one thread wrote through the reference another sees after the barrier.
    av[t.global] = shared[i ^ 1] * 10000 + mine + 100000000 * (pairs[i].b + own.b);
  });
  av.synchronize();
  for (int x : out)
    std::printf("%d ", x);
  std::printf("\n");
  // CHECK: 710111110 900000100 710131110 900020100 710111110 900000100 710131110 900020100
}
