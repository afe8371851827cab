// Views inside closures that a kernel's captured objects hold travel as the closures' fields, as views in classes
// do (C++ AMP v1.2, 3.2: captured by value, their views with them): the Algorithms Library's functor_view shape (a
// class template holding an extent and a user lambda that captured an array_view by copy), captured by a kernel
// that calls the lambda through it, in a function template as the library's reduce is; a lambda that captured a
// view, captured by the kernel itself and called there to write through its view; a lambda holding a lambda that
// captured a view, held by the functor_view; a function object holding a functor_view; two closures of one type
// over different views. The host reads each view out of the kernel object at the offset the translator's layout
// gives (docs/design/kernel-identity-and-launch.md, "Views inside closures").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <utility>
#include <vector>
using namespace concurrency;

template <typename Functor, int Rank = 1> class functor_view {
public:
  functor_view(const extent<Rank> &ext, const Functor &functor) : _M_extent(ext), _M_functor(functor) {}
  typedef decltype(std::declval<const Functor &>()(std::declval<index<Rank>>())) value_type;
  value_type operator[](const index<Rank> &idx) const restrict(cpu, amp) { return _M_functor(idx); }
  extent<Rank> get_extent() const restrict(cpu, amp) { return _M_extent; }

private:
  extent<Rank> _M_extent;
  Functor _M_functor;
};
template <typename Functor, int Rank> functor_view<Functor, Rank> make_view(const extent<Rank> &e, const Functor &f) {
  return functor_view<Functor, Rank>(e, f);
}

// As the library's reduce: the view, whatever it is, captured by a kernel in a function template.
template <typename View> void copy_out(const View &in, array_view<float, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    if (i[0] < in.get_extent()[0])
      out[i] = in[i];
  });
}

template <typename View> struct copier {
  View in;
  array_view<float, 1> out;
  void operator()(index<1> i) const restrict(amp) { out[i] = in[i] + 1000; }
};

int main() {
  std::vector<float> a = {1, 2, 3, 4}, b = {10, 20, 30, 40}, out(4), out2(4), out3(4), out4(4), w(4);
  array_view<const float, 1> av(4, a), bv(4, b);
  array_view<float, 1> ov(4, out), ov2(4, out2), ov3(4, out3), ov4(4, out4), wv(4, w);
  float mean = 2.5f;

  // functor_view: a lambda that captured a view and a float.
  auto sq = make_view(av.extent, [av, mean](const index<1> &i) restrict(cpu, amp) {
    return (av[i] - mean) * (av[i] - mean);
  });
  copy_out(sq, ov);

  // A lambda that captured a view, captured by the kernel itself and writing through it.
  auto put = [=](int i, float x) restrict(amp) { wv[i] = x * 2; };
  parallel_for_each(wv.extent, [=](index<1> i) restrict(amp) { put(i[0], bv[i]); });

  // A lambda holding a lambda that captured a view: each read from the view it captured.
  auto inner = [=](const index<1> &i) restrict(cpu, amp) { return av[i] * 100; };
  auto outer = [=](const index<1> &i) restrict(cpu, amp) { return inner(i) + bv[i]; };
  copy_out(make_view(bv.extent, outer), ov2);

  // The same held by a function object, the kernel.
  parallel_for_each(ov3.extent, copier<functor_view<decltype(outer), 1>>{make_view(bv.extent, outer), ov3});

  // Two closures of one type with different views, in one kernel.
  auto twice = [](array_view<const float, 1> v) { return [=](const index<1> &i) restrict(cpu, amp) { return v[i]; }; };
  auto fa = make_view(av.extent, twice(av)), fb = make_view(bv.extent, twice(bv));
  parallel_for_each(ov4.extent, [=](index<1> i) restrict(amp) { ov4[i] = fa[i] * fb[i]; });

  ov.synchronize();
  ov2.synchronize();
  ov3.synchronize();
  ov4.synchronize();
  wv.synchronize();
  for (std::vector<float> *v : {&out, &w, &out2, &out3, &out4}) {
    for (float x : *v)
      std::printf("%g ", x);
    std::printf("\n");
  }
  // CHECK: 2.25 0.25 0.25 2.25
  // CHECK-NEXT: 20 40 60 80
  // CHECK-NEXT: 110 220 330 440
  // CHECK-NEXT: 1110 1220 1330 1440
  // CHECK-NEXT: 10 40 90 160
}
