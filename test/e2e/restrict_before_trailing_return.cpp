// restrict(amp) and restrict(cpu, amp) before a trailing return type, on free functions, templates (with a
// decltype return type), const and static members: the front end moves the specifier in front of the 'auto'.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;
int g(int x) restrict(amp) { return x + 1; }
auto f(int x) restrict(amp) -> int { return g(x) * 2; }
template <typename T> auto add(T a, T b) restrict(cpu, amp) -> decltype(a + b) { return a + b; }
struct S {
  float v;
  auto get() const restrict(amp) -> float { return v; }
  static inline auto twice(int x) restrict(amp) -> int { return 2 * x; }
};
int main() {
  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { S s{1.5f}; v[i] = f(i[0]) + add(i[0], 10) + (int)(2 * s.get()) + S::twice(1); });
  v.synchronize();
  // CHECK: 17 20 5
  std::cout << out[0] << " " << out[1] << " " << add(2, 3) << "\n";
}
