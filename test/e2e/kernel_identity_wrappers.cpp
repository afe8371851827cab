// Kernel identity (docs/design/kernel-identity-and-launch.md): one lambda in a function template, launched through the
// user's own forwarding wrappers for many types, runs each instantiation's kernel. The kernel object's type names its
// kernel at compile time, however many wrappers it goes through, with GCC and with Clang as host compiler (CTest runs
// this file under both). Two lambdas on different lines through one wrapper are two kernels.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <utility>
#include <vector>
using namespace concurrency;

// A forwarding wrapper, as the Algorithms Library's _details::parallel_for_each is.
template <typename K> void launch(const extent<1> &e, const K &k) { parallel_for_each(e, k); }
template <typename E, typename K> void forward_launch(E &&e, K &&k) { launch(std::forward<E>(e), std::forward<K>(k)); }
template <typename K> void launch_on(const accelerator_view &av, const extent<1> &e, K k) { parallel_for_each(av, e, k); }

template <typename V, typename G> void generate(V &view, const G &gen) {
  launch(view.extent, [=](index<1> i) restrict(amp) { view[i] = gen(); });
}
template <typename V> void add_index(V &view) {
  forward_launch(view.extent, [=](index<1> i) restrict(amp) { view[i] += static_cast<typename V::value_type>(i[0]); });
}
template <typename V> void scale(V &view, int s) {
  launch_on(accelerator().default_view, view.extent, [=](index<1> i) restrict(amp) { view[i] *= s; });
}

struct pair_t {
  int a;
  float b;
};

int main() {
  std::vector<int> vi(8);
  std::vector<float> vf(8);
  std::vector<double> vd(8);
  std::vector<pair_t> vp(8);
  array_view<int> ai(8, vi);
  array_view<float> af(8, vf);
  array_view<double> ad(8, vd);
  array_view<pair_t> ap(8, vp);
  generate(ai, []() restrict(amp) { return 1; });
  generate(af, []() restrict(amp) { return 2.5f; });
  generate(ad, []() restrict(amp) { return 4.0; });
  generate(ap, []() restrict(amp) { return pair_t{7, 0.5f}; });
  // The same element type, another generator (its kernel object has the same size): another kernel.
  std::vector<int> vj(8);
  array_view<int> aj(8, vj);
  generate(aj, []() restrict(amp) { return 9; });
  add_index(ai);
  add_index(af);
  add_index(ad);
  scale(ai, 3);
  scale(ad, 2);
  // Two lambdas written on different lines, through one wrapper.
  launch(aj.extent, [=](index<1> i) restrict(amp) { aj[i] += 100; });
  launch(aj.extent, [=](index<1> i) restrict(amp) { aj[i] *= 2; });
  ai.synchronize();
  af.synchronize();
  ad.synchronize();
  ap.synchronize();
  aj.synchronize();
  std::cout << vi[0] << " " << vi[7] << "\n";
  std::cout << vf[0] << " " << vf[7] << "\n";
  std::cout << vd[0] << " " << vd[7] << "\n";
  std::cout << vp[3].a << " " << vp[3].b << "\n";
  std::cout << vj[0] << " " << vj[7] << "\n";
}
// CHECK: 3 24
// CHECK-NEXT: 2.5 9.5
// CHECK-NEXT: 8 22
// CHECK-NEXT: 7 0.5
// CHECK-NEXT: 218 218
