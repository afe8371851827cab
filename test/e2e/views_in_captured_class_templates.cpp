// Views inside class template specializations captured by a kernel travel as their fields, as views in plain classes
// do (C++ AMP v1.2, 3.2: a captured class holding array_views is captured by value, its views with it): a
// std::pair of views, which libstdc++ derives from an empty base; a class template with private views and a
// user-written destructor, nested in a pair; a class template derived from a base that holds a view; each read in
// the kernel and in a function given the captured object by const reference.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <utility>
#include <vector>
using namespace concurrency;

template <typename View> class strided {
public:
  strided(const View &v, int step) restrict(cpu, amp) : step(step), base(v) {}
  ~strided() restrict(cpu, amp) {}
  typename View::value_type &operator[](int i) const restrict(cpu, amp) { return base[i * step]; }

private:
  int step;
  View base;
};

template <typename T> struct holder {
  array_view<T, 1> held;
};
template <typename T> struct scaled : holder<T> {
  T factor;
};

template <typename Pair> float dot_at(const Pair &p, int i) restrict(amp) { return p.first[i] * p.second[i]; }

int main() {
  std::vector<float> a = {1, 2, 3, 4}, b = {10, 20, 30, 40}, out(4), out2(2), out3(4);
  array_view<const float, 1> av(4, a), bv(4, b);
  array_view<float, 1> ov(4, out), ov2(2, out2), ov3(4, out3);

  std::pair<array_view<const float, 1>, array_view<const float, 1>> p(av, bv);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = dot_at(p, i[0]) + p.first[i]; });

  auto q = std::make_pair(strided<array_view<const float, 1>>(av, 2), strided<array_view<const float, 1>>(bv, 1));
  parallel_for_each(ov2.extent, [=](index<1> i) restrict(amp) { ov2[i] = dot_at(q, i[0]); });

  scaled<float> s = {{ov3}, 3};
  parallel_for_each(ov3.extent, [=](index<1> i) restrict(amp) { s.held[i] = s.factor * av[i]; });

  ov.synchronize();
  ov2.synchronize();
  ov3.synchronize();
  for (float x : out)
    std::printf("%g ", x);
  for (float x : out2)
    std::printf("%g ", x);
  for (float x : out3)
    std::printf("%g ", x);
  std::printf("\n");
  // CHECK: 11 42 93 164 10 60 3 6 9 12
}
