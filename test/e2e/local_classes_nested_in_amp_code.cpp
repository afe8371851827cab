// Restriction inference reaches every class nested in amp code: a class nested in a local class, a class local to
// a member function of a local class (whose body is parsed before its class is complete), a class local to a
// lambda in amp code. Their members need no restrict(amp) of their own.
// C++ AMP v1.2 §2.2.1 (a local class of an amp function, and what it holds, takes the function's restriction).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
int main() {
  int out[4] = {};
  array_view<int, 1> v(4, out);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
    struct Outer {
      int a;
      struct Inner {
        int b;
        int get() const { return b * 2; }
      };
      int sum() const { Inner in{a}; return in.get() + a; }
      int deeper() const {
        struct Local { int c; int twice() const { return 2 * c; } };
        Local l{a}; return l.twice();
      }
    };
    Outer o{5};
    Outer::Inner in{7};
    auto lam = [](int x) { struct LL { int y; int get() const { return y + 1; } }; LL l{x}; return l.get(); };
    v[0] = o.sum(); v[1] = in.get(); v[2] = o.deeper(); v[3] = lam(8);
  });
  v.synchronize();
  // CHECK: 15 14 10 9
  printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
