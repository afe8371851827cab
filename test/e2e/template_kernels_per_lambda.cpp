// One parallel_for_each in a function template instantiated with several lambdas whose kernel objects have one
// size: each lambda argument is given an identity (docs/design/kernel-identity-and-launch.md), so each instantiation's
// key names its own kernel at compile time, with GCC (before 2026-11-27: a runtime_exception) and with Clang as
// host compiler (CTest runs this file under both).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename F> void applyEach(array_view<int, 1> v, const F &f) {
  parallel_for_each(v.get_extent(), [=](index<1> i) restrict(amp) { v[i] = f(i[0]); });
}

// Two template parameters, one of them a lambda.
template <typename T, typename F> T reduceOne(T init, const F &f) {
  T out = init;
  array_view<T, 1> r(1, &out);
  parallel_for_each(r.get_extent(), [=](index<1> i) restrict(amp) { r[i] = f(r[i]); });
  r.synchronize();
  return out;
}

int main() {
  std::vector<int> cells(4, 0);
  array_view<int, 1> v(4, cells);
  int a = 10, b = 20;
  applyEach(v, [=](int i) restrict(amp) { return i + a; });
  std::cout << v[0] << " " << v[3] << "\n";
  applyEach(v, [=](int i) restrict(amp) { return i * b; });
  std::cout << v[0] << " " << v[3] << "\n";
  applyEach(v, [=](int i) restrict(amp) { return a - i; });
  std::cout << v[0] << " " << v[3] << "\n";
  std::cout << reduceOne(2, [=](int x) restrict(amp) { return x * a; }) << " "
            << reduceOne(2, [=](int x) restrict(amp) { return x + b; }) << "\n";
}
// CHECK: 10 13
// CHECK: 0 60
// CHECK: 10 7
// CHECK: 20 22
