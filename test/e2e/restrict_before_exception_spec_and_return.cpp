// restrict(...) before an exception specification or a trailing return type, in lambdas (kernels and lambdas
// in amp code) and in function pointer and function types: each declaration keeps its restriction and its
// exception specification, and the kernels run.
// C++ AMP v1.2 §2.1.1 (restriction specifiers in function declarators, before the exception specification and
// the trailing return type) and §2.1.2 (lambda declarators).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int twice(int x) restrict(cpu, amp) noexcept { return 2 * x; }
auto thrice(int x) restrict(amp) noexcept -> int { return 3 * x; }
int host_only(int x) restrict(cpu) throw() { return x + 100; }

typedef int amp_fn(int) restrict(cpu, amp) noexcept;
using cpu_ptr = int (*)(int) restrict(cpu) throw();
auto (*trailing_ptr)(int) restrict(cpu) -> int = nullptr;
int (*noexcept_ptr)(int) restrict(cpu) noexcept(true) = nullptr;

static_assert(noexcept(twice(1)), "twice keeps noexcept");
static_assert(noexcept(host_only(1)), "host_only keeps throw()");

int main() {
  auto l1 = [](int x) restrict(amp) noexcept { return x + 1; };
  auto l2 = [](int x) restrict(amp) -> int { return x + 2; };
  auto l3 = [](int x) restrict(cpu, amp) noexcept -> int { return x + 3; };
  auto l4 = [](int x) mutable restrict(cpu, amp) noexcept(true) -> int { return x + 4; };
  auto l5 = [](int x) restrict(cpu) throw() -> int { return x + 5; };
  static_assert(noexcept(l3(0)), "l3 keeps noexcept");
  cpu_ptr p = &host_only;
  trailing_ptr = l5;
  noexcept_ptr = &twice;
  amp_fn *f = &twice;
  std::vector<int> out(4);
  array_view<int, 1> v(4, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) noexcept {
    auto inner = [](int x) restrict(amp) noexcept -> int { return x * 10; };
    v[i] = l1(i[0]) + l2(i[0]) + l3(i[0]) + inner(i[0]) + twice(i[0]) + thrice(i[0]);
  });
  v.synchronize();
  // CHECK: 6 24 42 60
  std::cout << out[0] << " " << out[1] << " " << out[2] << " " << out[3] << "\n";
  // CHECK-NEXT: 101 6 105 6 8 5
  std::cout << p(1) << " " << trailing_ptr(1) << " " << l5(100) << " " << noexcept_ptr(3) << " " << f(4) << " " << l4(1) << "\n";
}
