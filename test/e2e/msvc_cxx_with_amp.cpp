// What MSVC's C++ let code written for Visual Studio do, with -fampcc-msvc: view a temporary array as writable
// (MSVC binds the temporary to array<T, N>&; the view keeps its data alive), and narrow a constant in a template
// argument (a warning, not an error).
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

template <unsigned N, int MaxBit> struct is_bit_set {
  enum { value = (N & MaxBit) ? 1 : 0 };
};

int main() {
  array_view<int, 1> view(array<int, 1>(8, accelerator(accelerator::cpu_accelerator).default_view));
  parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view[i] = i[0] * 3; });
  view.synchronize();
  int sum = 0;
  for (int i = 0; i < 8; ++i)
    sum += view[i];
  // CHECK: sum 84
  std::cout << "sum " << sum << "\n";
  // CHECK: top bit 1 0
  std::cout << "top bit " << is_bit_set<0x80000001u, 0x80000000u>::value << " " << is_bit_set<1u, 0x80000000u>::value
            << "\n";
  return 0;
}
