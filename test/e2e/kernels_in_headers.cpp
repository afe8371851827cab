// parallel_for_each in a user header: the host's view of the header launches the kernels this file embeds.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <iostream>
#include "include/header_kernels.h"

int main() {
  std::vector<int> a(4);
  std::vector<float> f(3);
  concurrency::array_view<int, 1> v(4, a);
  concurrency::array_view<float, 1> w(3, f);
  fill_ramp(v, 10);
  fill_ramp(w, 0.5f);
  double_all(v);
  v.synchronize();
  w.synchronize();
  std::cout << a[0] << " " << a[3] << " " << f[2] << "\n";
}
// CHECK: 20 26 2.5
