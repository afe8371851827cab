// An explicit instantiation repeats its template's restriction specifier, as C++ AMP requires
// (`template int twice<int>(int) restrict (amp);`): the translator finds the template by it, and the host does
// not see the instantiations of amp-only templates.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

template <typename T> T twice(T v) restrict(amp) { return v * 2; }
template int twice<int>(int) restrict (amp);

template <typename T> T thrice(T v) restrict(cpu, amp) { return v * 3; }
template float thrice<float>(float) restrict(cpu, amp);
extern template double thrice<double>(double) restrict(amp, cpu);
template double thrice<double>(double) restrict(amp, cpu);

template <typename T> T plus_one(T v) restrict(cpu) { return v + 1; }
template int plus_one<int>(int) restrict(cpu);

int main() {
  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(i[0] + 1) + (int)thrice(1.0f); });
  v.synchronize();
  // CHECK: 5 7 6 9 3
  std::cout << out[0] << " " << out[1] << " " << thrice(2.0f) << " " << thrice(3.0) << " " << plus_one(2) << "\n";
}
