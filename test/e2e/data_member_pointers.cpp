// Pointers to data members in amp code (C++ AMP forbids pointers to member functions, not to data members):
// made with &C::m, applied with .* and ->*, null and compared; functions overloaded on them resolve as in MSVC.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct Pt {
  int x;
  float y;
  int z;
};

int pick(const Pt &p, const int Pt::*m) restrict(cpu, amp) { return p.*m; }

int overload(const int Pt::*) { return 0; }
int overload(int Pt::*) restrict(cpu, amp) { return 1; }

int main() {
  std::vector<int> out(4);
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    Pt p = {i[0], 2.0f, 10 * i[0]};
    int Pt::*m = i[0] % 2 ? &Pt::x : &Pt::z;
    Pt *pp = &p;
    pp->*m += 1;
    int Pt::*none = nullptr;
    v[i] = pick(p, m) * 10 + (none == nullptr) + (m == &Pt::z ? 100 : 0);
  });
  v.synchronize();
  int Pt::*p = nullptr;
  std::cout << out[0] << " " << out[1] << " " << out[2] << " " << out[3] << " overload " << overload(p) << "\n";
}
// i = 0: z = 0 + 1 -> 10 + 1 + 100; i = 1: x = 1 + 1 -> 20 + 1; i = 2: z = 21 -> 210 + 1 + 100; i = 3: x = 4 -> 41
// CHECK: 111 21 311 41 overload 1
