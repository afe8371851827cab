// Kernels in generic lambdas instantiated more than once with kernel objects of one size (the views' element
// types differ), told apart by the types of the lambda's parameters, which the host names as
// decltype(parameter) at the call: a lambda with a local alias called for vector<int> and vector<float>, one
// taking views and factors, one in a function template (its template argument keys the kernel too), and one
// launching a function object with a private view. ampcc refused them before ("instantiated more than once by
// a generic lambda with captures of the same size").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <type_traits>
#include <vector>
using namespace concurrency;

struct Pair {
  int a, b;
};

template <typename T> class Negate {
  array_view<T, 1> v_;

public:
  explicit Negate(const array_view<T, 1> &v) : v_(v) {}
  void operator()(index<1> i) const restrict(amp) { v_[i] = -v_[i]; }
};

template <int Offset> void offsets(std::vector<int> &vi, std::vector<float> &vf) {
  auto add = [](auto &vec) {
    using T = typename std::decay<decltype(vec)>::type::value_type;
    array_view<T, 1> a(static_cast<int>(vec.size()), vec);
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] += T(Offset); });
    a.synchronize();
  };
  add(vi);
  add(vf);
}

int main() {
  auto halve = [](auto &vec) {
    using T = typename std::decay<decltype(vec)>::type::value_type;
    array_view<T, 1> a(static_cast<int>(vec.size()), vec);
    parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] = a[i] / T(2); });
    a.synchronize();
  };
  std::vector<int> vi(4, 5);
  std::vector<float> vf(4, 5.f);
  halve(vi);
  halve(vf);
  std::printf("%d %g\n", vi[0], vf[0]);
  // CHECK: 2 2.5

  auto scale = [](auto av, auto k) {
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = av[i] * k; });
    av.synchronize();
  };
  int a[4] = {1, 2, 3, 4};
  float b[4] = {1, 2, 3, 4};
  scale(array_view<int, 1>(4, a), 2);
  scale(array_view<float, 1>(4, b), 0.5f);
  std::printf("%d %g\n", a[3], b[3]);
  // CHECK-NEXT: 8 2

  offsets<10>(vi, vf);
  offsets<100>(vi, vf);
  std::printf("%d %g\n", vi[0], vf[0]);
  // CHECK-NEXT: 112 112.5

  auto negate = [](auto &vec) {
    using T = typename std::decay<decltype(vec)>::type::value_type;
    array_view<T, 1> v(static_cast<int>(vec.size()), vec);
    parallel_for_each(v.extent, Negate<T>(v));
    v.synchronize();
  };
  std::vector<Pair> unused;
  (void)unused;
  negate(vi);
  negate(vf);
  std::printf("%d %g\n", vi[1], vf[1]);
  // CHECK-NEXT: -112 -112.5
  return 0;
}
