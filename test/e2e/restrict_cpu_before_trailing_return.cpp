// restrict(cpu) before a trailing return type (written, through a macro, on members and members of class
// templates, after noexcept) compiles as the unrestricted function it is, and such functions run beside a
// kernel; lambdas take any restriction there (the conformance suite's TemplateClass/Test.01, Lambda.14).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#define CPU_EXPLICIT restrict(cpu)
#define BOTH restrict(cpu, amp)
using namespace concurrency;

auto twice(int x) restrict(cpu) -> int { return 2 * x; }
auto thrice(int x) CPU_EXPLICIT -> decltype(x) { return 3 * x; }
struct Adder {
  auto add(int a, int b) const restrict(cpu) noexcept -> decltype(a + b) { return a + b; }
};
template <typename T> struct Scaler {
  T k;
  auto scale(T x) CPU_EXPLICIT -> decltype(x * k) { return x * k; }
};

int main() {
  int v[4] = {1, 2, 3, 4};
  array_view<int, 1> a(4, v);
  // A lambda's declarator takes any restriction before its trailing return type, through a macro too.
  auto odd = [](int x) BOTH -> int { return x % 2; };
  auto plus = [](int x) restrict(amp) -> int { return x + 10; };
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] = plus(a[i]) + odd(2); });
  a.synchronize();
  Scaler<int> s{5};
  // CHECK: 11 12 13 14
  std::cout << v[0] << " " << v[1] << " " << v[2] << " " << v[3] << "\n";
  // CHECK-NEXT: 22 33 7 20
  std::cout << twice(v[0]) << " " << thrice(v[0]) << " " << Adder().add(3, 4) << " " << s.scale(4) << "\n";
}
