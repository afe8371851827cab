// Methods called in amp code on temporaries: an object a function returns by value, one made in the expression
// (`B().get()`), and a member of one (`a.get_b().inner()`); each is a variable of the lowered function, whose
// address the method takes (C has no address of a value).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct B {
  int m;
  B() restrict(cpu, amp) : m(7) {}
  explicit B(int v) restrict(cpu, amp) : m(v) {}
  int get() restrict(cpu, amp) { return m; }
  B twice() restrict(cpu, amp) { return B(2 * m); }
};
struct A {
  B b;
  B get_b() restrict(cpu, amp) { return b; }
};

int main() {
  std::vector<int> out(4);
  array_view<int, 1> ov(4, out);
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
    A a;
    a.b = B(i[0]);
    ov[i] = a.get_b().get() * 100 + B().get() * 10 + B(i[0]).twice().twice().get();
  });
  ov.synchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  // CHECK: 70 174 278 382
  return 0;
}
