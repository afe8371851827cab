// Lambdas written inside amp code: without a specifier (inferred amp), capturing by value and by
// reference, called directly, immediately invoked, passed to an amp function template, writing a captured view;
// a restrict(cpu, amp) lambda of the host captured by a kernel and passed by value to a function template there.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

template <typename F> int apply(F f, int x) restrict(amp) { return f(x); }

int main() {
  std::vector<int> out(8), flags(8, 0);
  array_view<int, 1> v(8, out);
  array_view<int, 1> fl(8, flags);
  int k = 3;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int sum = 0;
    auto add = [&](int x) { sum += x * k; };
    add(i[0]);
    add(1);
    auto sq = [](int x) restrict(amp) -> int { return x * x; };
    int viaTemplate = apply([=](int x) { return x + k; }, 10);
    auto mark = [=]() { fl[i] = 7; };
    mark();
    v[i] = sum + sq(2) + viaTemplate + []() restrict(amp, cpu) -> int { return 1000; }();
  });
  v.synchronize();
  fl.synchronize();
  std::cout << out[0] << " " << out[7] << " " << flags[0] << " " << flags[7] << "\n";
  // sum = 3 * i + 3, sq(2) = 4, viaTemplate = 13
  // CHECK: 1020 1041 7 7

  auto parity = [](int x) restrict(cpu, amp) -> int { return x % 2; };
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = apply(parity, i[0]) * 10 + parity(i[0] + 1); });
  v.synchronize();
  std::cout << out[0] << " " << out[1] << "\n";
  // CHECK: 1 10
}
