// tile_static objects of classes that are not trivial (user-provided constructor and destructor, a base with
// them, arrays of them, a member holding them, in a kernel and in a template callee): accepted, with the warning
// that the constructor and destructor do not run, and their memory is shared by the tile.
// C++ AMP v1.2 §2.4.3.5 (tile_static: no initializer; a class type's default constructor and destructor are not
// invoked; the conformance suite's non_pod_type_3 and Pointers/ToShared/Test12.04).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
struct Base { int b; Base() restrict(amp) : b(0) {} ~Base() restrict(amp) {} };
struct Derived : Base { float f; int get() const restrict(amp) { return b + (int)f; } };
struct Holder { Derived d[2]; int n; void set(int v) restrict(amp) { d[0].b = v; d[1].b = 2 * v; d[0].f = 1; d[1].f = 2; n = 3; } };
class Priv { int x; public: Priv() restrict(cpu, amp) {} void put(int v) restrict(amp) { x = v; } int take() const restrict(amp) { return x; } };
struct Acc { int s; Acc() restrict(amp) : s(0) {} ~Acc() restrict(amp) {} void add(int v) restrict(amp) { atomic_fetch_add(&s, v); } };
template <int T> int tile_sum(tiled_index<T> t, int v) restrict(amp) {
  tile_static Acc acc;
  if (t.local[0] == 0) acc.s = 0;
  t.barrier.wait();
  acc.add(v);
  t.barrier.wait();
  return acc.s;
}
int main() {
  int out[4] = {};
  array_view<int, 1> v(4, out);
  parallel_for_each(extent<1>(4).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Holder h;
    tile_static Derived ds[4];
    tile_static Priv pr[4];
    int l = t.local[0];
    if (l == 0) h.set(5);
    ds[l].b = l; ds[l].f = 10.0f;
    pr[l].put(l * 100);
    t.barrier.wait();
    Holder &rh = h;
    v[t.global] = rh.d[1].get() + h.n + ds[3 - l].get() + pr[3 - l].take();
  });
  v.synchronize();
  // CHECK: 328 227 126 25
  printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  int sums[8] = {};
  array_view<int, 1> s(8, sums);
  parallel_for_each(extent<1>(8).tile<4>(), [=](tiled_index<4> t) restrict(amp) { s[t.global] = tile_sum(t, t.global[0]); });
  s.synchronize();
  // CHECK-NEXT: 6 22
  printf("%d %d\n", sums[0], sums[7]);
}
