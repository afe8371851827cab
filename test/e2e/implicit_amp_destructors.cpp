// A class whose base or member has a restrict(amp) destructor gets an implicit destructor that amp code can
// call (MSVC infers restrict(amp) for it): usable in a kernel. (Treating class scope as cpu code in the
// translator broke this once: the implicit destructor found no viable base destructor.)
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;
struct Base {
  int v;
  ~Base() restrict(amp) {}
};
struct Derived : Base {};
struct Holder {
  Base member;
};
int main() {
  std::vector<int> out(2);
  array_view<int, 1> ov(2, out);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    Derived d;
    d.v = 3;
    Holder h;
    h.member.v = 4;
    ov[0] = d.v;
    ov[1] = h.member.v;
  });
  ov.synchronize();
  std::cout << out[0] << " " << out[1] << "\n";
}
// CHECK: 3 4
