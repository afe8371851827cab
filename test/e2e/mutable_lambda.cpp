// `mutable restrict(amp)` lambdas, written in C++ AMP's order: the front end puts the specifier where
// Clang takes it without moving any line, so this file's diagnostics and #line directives stay exact. Spaces
// between `restrict` and its parenthesis move with it: a byte lost there misplaced every later specifier of the
// file (the `restrict(amp)` of the next kernel became `r__AMPR__amp)`; found by the fuzzer).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  int out[4] = {0, 0, 0, 0};
  array_view<int, 1> v(4, out);
  int step = 3;
  parallel_for_each(v.extent, [=](index<1> i) mutable restrict(amp) {
    step += i[0];
    v[i] = step;
  });
  v.synchronize();
  std::cout << out[0] << " " << out[1] << " " << out[2] << " " << out[3] << " host step " << step << "\n";
  int add = 10;
  parallel_for_each(v.extent, [=](index<1> i) mutable restrict  (amp) { v[i] += add++; });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
  v.synchronize();
  std::cout << out[0] << " " << out[1] << " " << out[2] << " " << out[3] << "\n";
}

// CHECK: 3 4 5 6 host step 3
// CHECK-NEXT: 26 28 30 32
