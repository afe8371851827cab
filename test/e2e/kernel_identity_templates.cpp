// Kernel identity (docs/design/kernel-identity-and-launch.md): kernels in every kind of template context launch their
// own instantiation's kernel: lambdas and function objects in function templates, class templates (members, member
// templates, members defined out of line under other parameter names, a partial specialization), generic lambdas,
// lambdas in lambdas, local classes, and a kernel kept in a variable. CTest runs this file under GCC and Clang.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename T> struct Adder {
  array_view<T, 1> v;
  T k;
  void operator()(index<1> i) const restrict(amp) { v[i] += k; }
};

template <typename T> void add_functor(array_view<T, 1> v, T k) { parallel_for_each(v.extent, Adder<T>{v, k}); }

template <typename T> void add_kept(array_view<T, 1> v, T k) {
  auto kernel = [=](index<1> i) restrict(amp) { v[i] += k; };
  parallel_for_each(v.extent, kernel);
}

template <typename T> struct Box {
  array_view<T, 1> v;
  void twice();
  template <int N> void times() {
    array_view<T, 1> w = v;
    parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w[i] *= N; });
  }
  template <typename U> void add(U u);
};
// Defined out of line under other parameter names.
template <typename Elem> void Box<Elem>::twice() {
  array_view<Elem, 1> w = v;
  parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w[i] *= 2; });
}
template <typename Elem> template <typename Other> void Box<Elem>::add(Other u) {
  array_view<Elem, 1> w = v;
  parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w[i] += static_cast<Elem>(u); });
}

// A partial specialization: its own parameter names are those in scope.
template <typename T, typename Tag> struct Tagged {
  static void run(array_view<T, 1> v) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
  }
};
template <typename P, typename Tag> struct Tagged<P *, Tag> {
  static void run(array_view<P, 1> v) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1000; });
  }
};

// Lambdas in lambdas, and a generic lambda, in a function template.
template <typename T> void nested(array_view<T, 1> v) {
  auto outer = [=](T k) {
    auto inner = [=](T m) { parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += k * m; }); };
    inner(2);
  };
  outer(3);
  auto generic = [=](auto view, auto step) {
    parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view[i] += step; });
  };
  generic(v, T(1));
  generic(v, 1);
}

// A local class as the kernel, in a function template and in a plain function, at the call and through a
// wrapper (whose instantiation names the local class: it gets an identity).
template <typename K> void run_through(extent<1> e, const K &k) { parallel_for_each(e, k); }
template <typename T> void local_kernel(array_view<T, 1> v) {
  struct Negate {
    array_view<T, 1> v;
    void operator()(index<1> i) const restrict(amp) { v[i] = -v[i]; }
  };
  parallel_for_each(v.extent, Negate{v});
  run_through(v.extent, Negate{v});
  run_through(v.extent, Negate{v});
}
void local_plain(array_view<int, 1> v) {
  class Incr {
  public:
    array_view<int, 1> v;
    void operator()(index<1> i) const restrict(amp) { v[i] += 1; }
  };
  Incr k{v};
  parallel_for_each(v.extent, k);
  run_through(v.extent, k);
}

template <typename T> void print(const std::vector<T> &x) { std::cout << x[0] << " " << x[3] << "\n"; }

int main() {
  std::vector<int> vi(4, 1);
  std::vector<float> vf(4, 1.5f);
  array_view<int, 1> ai(4, vi);
  array_view<float, 1> af(4, vf);
  add_functor(ai, 2);
  add_functor(af, 0.25f);
  add_kept(ai, 10);
  add_kept(af, 10.0f);
  ai.synchronize();
  af.synchronize();
  print(vi); // 13
  print(vf); // 11.75
  Box<int> bi{ai};
  Box<float> bf{af};
  bi.twice();
  bf.twice();
  bi.times<3>();
  bi.times<5>();
  bf.times<2>();
  bi.add(1.9);
  bi.add(1u);
  bf.add(0.5);
  ai.synchronize();
  af.synchronize();
  print(vi); // 13*2*3*5 = 390, +1, +1 = 392
  print(vf); // 11.75*2*2 = 47, + 0.5 = 47.5
  Tagged<int, char>::run(ai);
  Tagged<int *, char>::run(ai);
  Tagged<int *, float>::run(ai);
  ai.synchronize();
  print(vi); // 392 + 1 + 1000 + 1000 = 2393
  nested(ai);
  nested(af);
  ai.synchronize();
  af.synchronize();
  print(vi); // 2393 + 6 + 1 + 1 = 2401
  print(vf); // 47.5 + 6 + 1 + 1 = 55.5
  local_kernel(ai);
  local_kernel(af);
  local_plain(ai);
  ai.synchronize();
  af.synchronize();
  print(vi); // 2401 negated three times, + 2
  print(vf); // 55.5 negated three times
}
// CHECK: 13 13
// CHECK-NEXT: 11.75 11.75
// CHECK-NEXT: 392 392
// CHECK-NEXT: 47.5 47.5
// CHECK-NEXT: 2393 2393
// CHECK-NEXT: 2401 2401
// CHECK-NEXT: 55.5 55.5
// CHECK-NEXT: -2399 -2399
// CHECK-NEXT: -55.5 -55.5
