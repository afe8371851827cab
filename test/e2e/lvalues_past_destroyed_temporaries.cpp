// A full expression that names an lvalue (a reference returned, an address taken, a reference bound) while one of its
// temporaries has a destructor: `*(*this + d)` in an iterator's operator[] returning a reference, as the Algorithms
// Library's array_view_iterator does, and `&*(it + 1)`. The temporaries are destroyed at the end of the full
// expression and the lvalue outlives them: the lowering kept a copy of the value to return after the destructions,
// `&(v = *f(..), destroy(..), v)`, the address of an rvalue, which OpenCL C refuses. It keeps the lvalue's address.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> struct cursor {
  array_view<T> v;
  int pos;
  cursor(const array_view<T> &v, int pos) restrict(cpu, amp) : v(v), pos(pos) {}
  cursor(const cursor &o) restrict(cpu, amp) : v(o.v), pos(o.pos) {}
  ~cursor() restrict(cpu, amp) {}
  T &operator*() const restrict(cpu, amp) { return v[pos]; }
  cursor operator+(int d) const restrict(cpu, amp) { return cursor(v, pos + d); }
  T &operator[](int d) const restrict(cpu, amp) { return *(*this + d); }
};

int main() {
  std::vector<int> xs(6, 0);
  array_view<int> xv(6, xs);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    cursor<int> it(xv, 1);
    it[2] = 5;      // xs[3]
    int *p = &*(it + 1);
    *p = 7;         // xs[2]
    int &r = *(it + 3);
    r = it[2] + 1;  // xs[4] = 6
    ++it[-1];       // xs[0]
  });
  xv.synchronize();
  for (int x : xs)
    std::printf("%d ", x);
  std::printf("\n");
  // CHECK: 1 0 7 5 6 0
}
