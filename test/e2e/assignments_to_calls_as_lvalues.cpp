// An assignment or prefix increment whose left side is a call (a view's element, a function returning a
// reference), used as an lvalue in amp code: bound to a reference, assigned again, passed by reference. The
// left side is evaluated once, through a pointer to it. It was an error ("a reference to the result of an
// assignment whose left side has side effects is not supported").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int &at(array_view<int, 1> v, int i) restrict(amp) { return v[i]; }
void twice(int &x) restrict(amp) { x *= 2; }

int main() {
  int a[8] = {}, b[8] = {}, c[8] = {};
  array_view<int, 1> av(8, a), bv(8, b), cv(8, c);
  parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    av[idx] = i;
    int &r = ++av[idx];
    r += 100;
    (bv[idx] += 2) *= 3;
    twice(++at(bv, i));
    int &m = (cv[idx] = 5);
    m += i;
    twice(at(cv, i) = at(cv, i) + 1);
  });
  av.synchronize();
  bv.synchronize();
  cv.synchronize();
  for (int i = 0; i < 8; i += 3)
    std::printf("%d %d %d\n", a[i], b[i], c[i]);
  // CHECK: 101 14 12
  // CHECK-NEXT: 104 14 18
  // CHECK-NEXT: 107 14 24
  return 0;
}
