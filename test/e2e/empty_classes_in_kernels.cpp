// Classes with no data in kernels: one byte each as in C++ (an empty C struct has none), so a captured struct
// holding one has the host's layout, value-initialised locals of them build (`T x = T();` is zeroed, not left
// as it was), and an empty base takes no room.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct Empty {};
struct Tag {
  Tag() restrict(cpu, amp) {}
};
struct Holder {
  Empty e;
  int v;
};
struct Derived : Empty {
  int w;
};
struct WithTag {
  Tag t;
  int u;
};

int main() {
  Holder h{{}, 7};
  Derived d;
  d.w = 5;
  std::vector<int> out(1);
  array_view<int, 1> o(1, out);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
    Holder local = Holder();
    WithTag tagged = WithTag();
    tagged.u = 100;
    o[i] = h.v * 1000 + d.w * 10 + local.v + tagged.u + (int)sizeof(Holder) * 10000;
  });
  o.synchronize();
  std::cout << out[0] << " host sizes " << sizeof(Holder) << " " << sizeof(Derived) << "\n";
}
// CHECK: 87150 host sizes 8 4
