// A const reference in amp code bound to a conditional whose branches are in two kinds of memory (a view's
// element or a tile_static object and a private one): no pointer type holds both, so it binds to a private copy
// of the value, as a const reference to a temporary does. It was an error ("this conditional refers to global
// memory in one branch and to private memory in the other").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Sample {
  int a;
  float b;
};
int first(const Sample &s) restrict(amp) { return s.a; }
template <typename T> T larger(const T &x, const T &y) restrict(amp) { return x < y ? y : x; }

int main() {
  Sample in[16];
  int out[16];
  for (int i = 0; i < 16; ++i)
    in[i] = {i, 0.5f * i};
  array_view<const Sample, 1> sv(16, in);
  array_view<int, 1> ov(16, out);
  parallel_for_each(extent<1>(16).tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    int i = t.global[0];
    tile_static Sample shared[8];
    shared[t.local[0]] = sv[i];
    t.barrier.wait();
    Sample mine = {100, 1.0f};
    int r = first((i & 1) ? sv[i] : mine);
    const Sample &s = (i & 2) ? shared[7 - t.local[0]] : mine;
    r += s.a * 1000;
    int bound = 5;
    const int &m = i < 8 ? sv[i].a : bound;
    r += larger(m, (i & 4) ? shared[0].a : bound) * 100000;
    ov[i] = r;
  });
  ov.synchronize();
  for (int i = 0; i < 16; i += 5)
    std::printf("%d\n", out[i]);
  // CHECK: 600100
  // CHECK-NEXT: 600005
  // CHECK-NEXT: 513100
  // CHECK-NEXT: 808015
  return 0;
}
