// restrict(amp) functions with a deduced return type, called from kernels the host compiles as objects (a lambda
// kept in a variable, a kernel spelled in a macro): the host keeps such a function's body, and the bodies of the
// amp functions it calls (which it may emit), where every other amp-only function keeps only its declaration. The
// host compiler said "use of 'auto twice(int)' before deduction of 'auto'".
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int base(int a) restrict(amp) { return a + 100; }
namespace {
int base2(int a) restrict(amp) { return a + 1000; }
} // namespace
auto twice(int a) restrict(amp) { return 2 * base(a); }
template <typename T> auto square_plus(T x) restrict(amp) { return x * x + base2(0); }
struct Helper {
  static auto four() restrict(amp) { return square_plus(2); }
  decltype(auto) first(const int &x) const restrict(amp) { return (x); }
};

#define GPU_INVOKE(view, f) parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view[i] = f(view[i]); })

int main() {
  int r[4] = {1, 2, 3, 4};
  array_view<int, 1> a(4, r);
  auto k = [=](index<1> i) restrict(amp) { a[i] = twice(a[i]) + Helper::four() + Helper().first(i[0]); };
  parallel_for_each(a.extent, k);
  GPU_INVOKE(a, square_plus);
  a.synchronize();
  // CHECK: 1455436 1462681 1469944 1477225
  printf("%d %d %d %d\n", r[0], r[1], r[2], r[3]);
}
