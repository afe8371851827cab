// Member functions declared through a function typedef and defined out of line with the restriction: the
// declaration has the typedef's restriction, so the definition matches it, and amp code calls it.
// C++ AMP v1.2 §2.1.3 (restriction specifiers in a function typedef's type) and §2.2.1 (a function's definition
// repeats the restriction of its declaration).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
typedef int amp_fn(int) restrict(amp);
typedef int both_fn(int) restrict(cpu, amp);
typedef int cpu_fn(int) restrict(cpu);
struct S {
  int base;
  amp_fn f;
  both_fn g;
  cpu_fn h;
  static amp_fn k;
};
int S::f(int x) restrict(amp) { return base + x; }
int S::g(int x) restrict(cpu, amp) { return base * x; }
int S::h(int x) restrict(cpu) { return base - x; }
int S::k(int x) restrict(amp) { return -x; }
int main() {
  int out[3] = {};
  array_view<int, 1> v(3, out);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
    S s{10};
    v[0] = s.f(1);
    v[1] = s.g(2);
    v[2] = S::k(3);
  });
  v.synchronize();
  S s{10};
  // CHECK: 11 20 -3 | 30 6
  printf("%d %d %d | %d %d\n", out[0], out[1], out[2], s.g(3), s.h(4));
}
