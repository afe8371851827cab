// The implicit special members of a class whose base (or member) has a cpu and an amp overload of the same
// special member are restrict(cpu, amp): each side calls its own overload, on the host the cpu one and in a
// kernel the amp one (the conformance suite's defaulted_smf_execution.01). A member with only one side stays
// that side, as before.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct Counted {
  Counted() restrict(cpu) : made(1), copied(0), assigned(0) {}
  Counted() restrict(amp) : made(10), copied(0), assigned(0) {}
  Counted(const Counted &) restrict(cpu) : made(0), copied(1), assigned(0) {}
  Counted(const Counted &) restrict(amp) : made(0), copied(10), assigned(0) {}
  Counted &operator=(const Counted &) restrict(cpu) {
    assigned += 1;
    return *this;
  }
  Counted &operator=(const Counted &) restrict(amp) {
    assigned += 10;
    return *this;
  }
  int made, copied, assigned;
};

struct Derived : Counted {};          // every special member implicit: cpu and amp
struct Holder {                       // the same through a member and an array of them
  Counted one;
  Counted two[2];
  int raw[3] = {7, 8, 9};             // copied by the implicit members as C++ copies arrays
};
struct Grandchild : Derived {};       // its base's implicit members are cpu and amp already
struct Initialised {                  // a default member initialiser runs in a kernel too
  int seven = 7;
};

int main() {
  Derived d;
  Derived dc(d);
  d = dc;
  Holder h;
  Holder hc(h);
  h = hc;
  Grandchild g;
  // CHECK: host: 1 1 1 1 1 1 1
  std::cout << "host: " << d.made << " " << dc.copied << " " << d.assigned << " " << h.two[1].made << " "
            << hc.one.copied << " " << h.two[0].assigned << " " << g.made << "\n";

  std::vector<int> out(9);
  array_view<int, 1> v(9, out);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    Derived a;
    Derived b(a);
    a = b;
    Holder x;
    Holder y(x);
    x = y;
    v[0] = a.made;
    v[1] = b.copied;
    v[2] = a.assigned;
    v[3] = x.two[1].made;
    v[4] = y.one.copied;
    v[5] = x.two[0].assigned;
    Grandchild gc;
    v[6] = gc.made;
    x.raw[2] = 90;
    y = x;
    v[7] = y.raw[0] + y.raw[2];
    Initialised i;
    v[8] = i.seven;
  });
  v.synchronize();
  // CHECK: amp: 10 10 10 10 10 10 10 97 7
  std::cout << "amp:";
  for (int x : out)
    std::cout << " " << x;
  std::cout << "\n";
}
