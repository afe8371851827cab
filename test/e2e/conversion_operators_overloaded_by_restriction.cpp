// Conversion operators overloaded by restriction, defined in the class and out of line: amp code converts through
// the restrict(amp) one, cpu code through the restrict(cpu) one (implicit and explicit conversions).
// C++ AMP v1.2 §2.3.2 (overloading on restriction; conversion functions are member functions like any other).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
struct C {
  int v;
  operator int() const restrict(cpu) { return v + 1; }
  operator int() const restrict(amp) { return v + 2; }
};
struct D {
  int v;
  operator int() const restrict(cpu);
  operator int() const restrict(amp);
  explicit operator float() const restrict(cpu);
  explicit operator float() const restrict(amp);
};
D::operator int() const restrict(cpu) { return v + 3; }
D::operator int() const restrict(amp) { return v + 4; }
D::operator float() const restrict(cpu) { return v + 0.5f; }
D::operator float() const restrict(amp) { return v + 0.25f; }
int main() {
  int out[4] = {};
  array_view<int, 1> v(4, out);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
    C c{10}; D d{20};
    v[0] = c; v[1] = d; v[2] = (int)(4 * static_cast<float>(d)); v[3] = c + d;
  });
  v.synchronize();
  C c{10}; D d{20};
  // CHECK: 12 24 81 36 | 11 23 82
  printf("%d %d %d %d | %d %d %d\n", out[0], out[1], out[2], out[3], (int)c, (int)d, (int)(4 * static_cast<float>(d)));
}
