// A kernel inside a generic lambda (C++14 `auto` parameters) is a kernel per instantiation of the lambda's call
// operator: here one for a rank-1 view and one for a rank-2 view of the same lambda, and a tiled one. They are
// launched through the kernel object, found by the call's place, compute domain and object size.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  auto doubled = [](auto v) {
    parallel_for_each(v.extent, [=](index<decltype(v)::rank> i) restrict(amp) { v[i] *= 2; });
  };
  std::vector<int> a = {1, 2, 3, 4}, b = {5, 6, 7, 8, 9, 10};
  array_view<int, 1> av(4, a);
  array_view<int, 2> bv(2, 3, b);
  doubled(av);
  doubled(bv);
  doubled(av);
  av.synchronize();
  bv.synchronize();
  std::printf("%d %d %d %d | %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], b[4], b[5]);
  // CHECK: 4 8 12 16 | 10 12 14 16 18 20

  auto tileSums = [](auto in, auto out) {
    parallel_for_each(in.extent.template tile<4>(), [=](tiled_index<4> t) restrict(amp) {
      tile_static int part[4];
      part[t.local[0]] = in[t.global];
      t.barrier.wait();
      if (t.local[0] == 0)
        out[t.tile] = part[0] + part[1] + part[2] + part[3];
    });
  };
  std::vector<int> in = {1, 2, 3, 4, 10, 20, 30, 40}, out(2, 0);
  array_view<const int, 1> iv(8, in);
  array_view<int, 1> ov(2, out);
  tileSums(iv, ov);
  ov.synchronize();
  std::printf("%d %d\n", out[0], out[1]);
  // CHECK-NEXT: 10 100
  return 0;
}
