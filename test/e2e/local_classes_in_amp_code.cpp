// A class defined inside amp code takes the restriction of the function it is defined in: its members need
// no restrict(amp) of their own (the C++ AMP specification's inference for local classes), as in the
// conformance suite's kernels that declare helper classes with constructors and getters.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  std::vector<float> out(4);
  array_view<float, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> idx) restrict(amp) {
    class Base {
      int m2;

    public:
      Base() : m2(2) {}
      int get_m2() const { return m2; }
    };
    class Derived : public Base {
      float m3;

    public:
      Derived() : m3(16.0f) {}
      float get_m3() const { return m3; }
    };
    Derived items[3];
    v[idx] = items[idx[0] % 3].get_m3() + items[0].get_m2() + idx[0];
  });
  v.synchronize();
  std::cout << out[0] << " " << out[3] << "\n";
}
// CHECK: 18 21
