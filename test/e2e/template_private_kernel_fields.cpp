// A call in a function template whose kernel holds views the call cannot name (a function object's private
// field, a lambda's capture of a class whose view is private), instantiated for int and float: the kernel
// objects are alike in size, and each instantiation still launches its own kernel, read out of the object
// (ampcc found them by the call's place alone before, and could not tell them apart).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> struct Half {
  Half(const array_view<T, 1> &d) : d_(d) {}
  void operator()(index<1> i) const restrict(amp) { d_[i] = T(i[0]) / T(2); }

private:
  array_view<T, 1> d_;
};

template <typename T> void halves(std::vector<T> &v) {
  array_view<T, 1> d(static_cast<int>(v.size()), v);
  parallel_for_each(d.extent, Half<T>(d));
  d.synchronize();
}

template <typename T> class Reader {
  array_view<const T, 1> v_;

public:
  explicit Reader(const array_view<const T, 1> &v) : v_(v) {}
  T get(int i) const restrict(amp) { return v_[i] * T(2); }
};

template <typename T> void doubled(const std::vector<T> &in, std::vector<T> &out) {
  Reader<T> r(array_view<const T, 1>(static_cast<int>(in.size()), in));
  array_view<T, 1> o(static_cast<int>(out.size()), out);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = r.get(i[0]); });
  o.synchronize();
}

int main() {
  std::vector<int> a(4);
  std::vector<float> b(4);
  halves(a);
  halves(b);
  std::printf("%d %g\n", a[3], b[3]);
  // CHECK: 1 1.5
  std::vector<int> ri(4, 3), ro(4);
  std::vector<float> rf(4, 1.25f), rfo(4);
  doubled(ri, ro);
  doubled(rf, rfo);
  std::printf("%d %g\n", ro[1], rfo[1]);
  // CHECK-NEXT: 6 2.5
  return 0;
}
