// Views two and three levels down in a captured object, as the libraries hold them: a struct of a struct of a view
// (`struct A { struct B { array_view<float> v; } b; }`), written in the kernel, in a function given the inner
// struct by reference, and through a copy made in amp code; the Algorithms Library's iterators (a view, a position,
// user-written copy and destructor) held by a captured range, dereferenced after arithmetic; and the same in a
// kernel object. A regression test: ampcc lowered all of these when it was written.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct A {
  struct B {
    array_view<float, 1> v;
    float k;
  } b;
  int n;
};
struct Deeper {
  A a;
  array_view<const float, 1> src;
};
void bump(A::B &b, int i) restrict(amp) { b.v[i] += b.k; }

template <typename T> struct iter {
  array_view<T> v;
  int pos;
  iter(const array_view<T> &v, int pos) restrict(cpu, amp) : v(v), pos(pos) {}
  iter(const iter &o) restrict(cpu, amp) : v(o.v), pos(o.pos) {}
  ~iter() restrict(cpu, amp) {}
  T &operator*() const restrict(cpu, amp) { return v[pos]; }
  iter operator+(int d) const restrict(cpu, amp) {
    iter t(*this);
    t.pos += d;
    return t;
  }
};
template <typename T> struct range {
  iter<T> first, last;
};

struct Functor {
  Deeper d;
  void operator()(index<1> i) const restrict(amp) {
    A copy = d.a;
    bump(copy.b, i[0]);
  }
};

int main() {
  std::vector<float> data(4, 1.0f), s = {1, 2, 3, 4};
  array_view<float, 1> v(4, data);
  array_view<const float, 1> sv(4, s);
  A a = {{v, 2.0f}, 3};
  Deeper deeper = {a, sv};
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { a.b.v[i] = a.b.v[i] * a.b.k + a.n; });  // 5
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { deeper.a.b.v[i] += deeper.src[i] * 10; }); // 15 ...
  parallel_for_each(v.extent, Functor{deeper});                                                           // +2
  std::vector<int> xs = {1, 2, 3, 4};
  array_view<int, 1> xv(4, xs);
  range<int> r = {iter<int>(xv, 0), iter<int>(xv, 4)};
  parallel_for_each(xv.extent, [=](index<1> i) restrict(amp) { *(r.first + i[0]) *= r.last.pos + 6; });
  v.synchronize();
  xv.synchronize();
  for (float x : data)
    std::printf("%g ", x);
  for (int x : xs)
    std::printf("%d ", x);
  std::printf("\n");
  // CHECK: 17 27 37 47 10 20 30 40
}
