// A kernel in a class template's constructor is a kernel per instantiation (each instantiation launched its own,
// not the first one's); a kernel in a function template whose return type is deduced (instantiated where it is
// called, before the end of the file); variadic function templates and unnamed parameters in amp code (the
// parameters a pack expands to share its name).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> struct Ramp {
  std::vector<T> h;
  Ramp(int n, T first) : h(n) {
    array_view<T, 1> a(n, h);
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] = first + static_cast<T>(i[0]); });
    a.synchronize();
  }
};

template <typename T> auto scaled(T k) {
  T x = 3;
  array_view<T, 1> a(1, &x);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] *= k; });
  a.synchronize();
  return x;
}

template <typename T> T sumAll(T a) restrict(amp) { return a; }
template <typename T, typename... Rest> T sumAll(T a, Rest... rest) restrict(amp) { return a + sumAll(rest...); }
int second(int, int b, int) restrict(amp) { return b; }

int main() {
  Ramp<float> f(4, 0.5f);
  Ramp<int> n(4, 10);
  std::printf("%g %g %d %d %d %g\n", f.h[0], f.h[3], n.h[0], n.h[3], scaled(5), scaled(0.5));
  // CHECK: 0.5 3.5 10 13 15 1.5
  int out[2] = {};
  array_view<int, 1> ov(2, out);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = i[0] ? second(1, 2, 3) : sumAll(1, 2, 3, 4); });
  ov.synchronize();
  std::printf("%d %d\n", out[0], out[1]);
  // CHECK-NEXT: 10 2
  return 0;
}
