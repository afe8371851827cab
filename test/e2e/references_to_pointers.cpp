// References to pointers in amp code (parameters and locals): a pointer variable passed by reference is moved by
// the callee, whatever memory it points into (private, a view's data, a private array of views); the callee is
// specialised on where the pointer points.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct S {
  int v;
};
void advance(int *&p, int by) restrict(amp) { p += by; }
void pick(S *&ps, S *other) restrict(amp) {
  if (ps->v < other->v)
    ps = other;
}
void redirect(array_view<int, 1> *&pv, array_view<int, 1> *to) restrict(amp) { pv = to; }

// A pointer into a view through a pointer to the view, indexed by a tiled_index (a temporary index).
void scale(tiled_index<4> t, array_view<int, 1> *&rv, int by) restrict(amp) {
  int *e = &(*rv)[t];
  *e *= by;
}

int main() {
  std::vector<int> a(8), b(8), o(8);
  for (int i = 0; i < 8; ++i) {
    a[i] = i;
    b[i] = 100 + i;
  }
  array_view<int, 1> av(8, a), bv(8, b), ov(8, o);
  parallel_for_each(extent<1>(8), [=](index<1> i) restrict(amp) {
    int local[4] = {1, 2, 3, 4};
    int *p = &local[0];
    advance(p, 2);
    int *&r = p;
    advance(r, 1);
    S s1 = {i[0]}, s2 = {5};
    S *ps = &s1;
    pick(ps, &s2);
    array_view<int, 1> views[2] = {av, bv};
    array_view<int, 1> *pv = &views[0];
    redirect(pv, &views[1]);
    int *gp = &av[i];
    advance(gp, i[0] < 7 ? 1 : 0);
    ov[i] = *p * 1000 + ps->v * 100 + (*pv)[i] - 100 + *gp * 10000;
  });
  ov.synchronize();
  for (int x : o)
    std::printf("%d ", x);
  std::printf("\n");
  // CHECK: 14500 24501 34502 44503 54504 64505 74606 74707

  parallel_for_each(extent<1>(8).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    array_view<int, 1> views[1] = {ov};
    array_view<int, 1> *pv = &views[0];
    scale(t, pv, 2);
  });
  ov.synchronize();
  std::printf("%d %d\n", o[0], o[7]);
  // CHECK: 29000 149414
  return 0;
}
