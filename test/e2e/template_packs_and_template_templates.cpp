// parallel_for_each in function templates with a template template parameter (a policy) and with packs of
// types and of values: each instantiation launches its own kernel, chosen through the site template
// specialised for its arguments (ampcc refused such templates before: "supported in templates whose
// parameters are named types or values, not packs or template templates").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

template <typename T> struct Twice {
  static T apply(T x) restrict(amp, cpu) { return x * 2; }
};
template <typename T> struct Square {
  static T apply(T x) restrict(amp, cpu) { return x * x; }
};

template <template <typename> class Op, typename T> void apply(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = Op<T>::apply(v[i]); });
}

template <typename... Ts> void sizes(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += static_cast<int>(sizeof...(Ts)); });
}

template <int... Ns> void sums(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += (0 + ... + Ns); });
}

int main() {
  int d[4] = {1, 2, 3, 4};
  array_view<int, 1> v(4, d);
  apply<Twice>(v);
  apply<Square>(v);
  v.synchronize();
  std::printf("%d %d\n", d[0], d[3]);
  // CHECK: 4 64

  int z[2] = {0, 0};
  array_view<int, 1> w(2, z);
  sizes<>(w);
  sizes<int, float, char>(w);
  sums<1, 2>(w);
  sums<100>(w);
  w.synchronize();
  std::printf("%d %d\n", z[0], z[1]);
  // CHECK-NEXT: 106 106
  return 0;
}
