// Element types with an alignment of their own (alignas on the class, on a member, and inside another class) keep
// the host's layout in kernels: each element of a view of them is where the host put it (the lowered struct was
// 12 bytes against the host's 16, so every element after the first was read and written at the wrong place).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct alignas(16) F3 {
  float v[3];
};
struct Tagged {
  int tag;
  alignas(8) float x;
};
struct Holder {
  int id;
  F3 f;
};

int main() {
  const int n = 6;
  std::vector<F3> a(n);
  std::vector<Tagged> t(n);
  std::vector<Holder> h(n);
  for (int i = 0; i < n; ++i) {
    a[i] = F3{{float(i), 1.0f, 0.0f}};
    t[i] = Tagged{i, 0.5f};
    h[i] = Holder{i, F3{{2.0f, float(i), 0.0f}}};
  }
  array_view<F3, 1> av(n, a);
  array_view<Tagged, 1> tv(n, t);
  array_view<Holder, 1> hv(n, h);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    av[i].v[2] = av[i].v[0] + av[i].v[1];
    tv[i].x += float(tv[i].tag);
    hv[i].f.v[2] = hv[i].f.v[0] * hv[i].f.v[1] + float(hv[i].id);
  });
  av.synchronize();
  tv.synchronize();
  hv.synchronize();
  std::printf("%zu %zu %zu\n", sizeof(F3), sizeof(Tagged), sizeof(Holder));
  // CHECK: 16 16 32
  for (int i = 0; i < n; ++i)
    std::printf("%g %g %g\n", a[i].v[2], t[i].x, h[i].f.v[2]);
  // CHECK-NEXT: 1 0.5 0
  // CHECK-NEXT: 2 1.5 3
  // CHECK-NEXT: 3 2.5 6
  // CHECK-NEXT: 4 3.5 9
  // CHECK-NEXT: 5 4.5 12
  // CHECK-NEXT: 6 5.5 15
  return 0;
}
