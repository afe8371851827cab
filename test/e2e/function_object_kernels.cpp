// Function objects as kernels, as C++ AMP programs write them: a call operator that calls the object's own member
// functions (private ones included, with and without `this->`), copies `*this`, reads fields of a base class
// (a value and a view), calls a base's member function by its qualified name, and class templates whose call
// operator only the launch instantiates. The views written through member functions are brought back.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

class Twice {
public:
  Twice(array_view<int, 1> d, int k) : d_(d), k_(k) {}
  void operator()(index<1> i) const restrict(amp) { put(i, twice(i[0]) + this->offset()); }

private:
  int twice(int v) const restrict(amp) { return 2 * v; }
  int offset() const restrict(amp) { return k_; }
  void put(index<1> i, int v) const restrict(amp) { d_[i] = v; }
  array_view<int, 1> d_;
  int k_;
};

struct Biased {
  int bias;
  array_view<const int, 1> in;
  int biased(int v) const restrict(amp) { return v + bias; }
};

struct AddBias : Biased {
  array_view<int, 1> out;
  AddBias(int b, array_view<const int, 1> i, array_view<int, 1> o) : Biased{b, i}, out(o) {}
  // A field of the base, a view of the base, and the base's member function under a name the class hides.
  int biased(int v) const restrict(amp) { return 100 * Biased::biased(v); }
  void operator()(index<1> i) const restrict(amp) { out[i] = in[i] + bias + biased(0); }
};

struct CopiesItself {
  array_view<int, 1> out;
  int step;
  int next(int v) const restrict(amp) { return v + step; }
  void operator()(index<1> i) const restrict(amp) {
    CopiesItself c = *this;
    c.step = 10 * step;
    out[i] = c.next(i[0]) + next(0);
  }
};

template <typename T> struct Fill {
  array_view<T, 1> d;
  T value;
  void operator()(index<1> i) const restrict(amp) { d[i] = value + T(i[0]); }
};

template <typename T> class Scaled {
public:
  Scaled(array_view<T, 1> d, T s) : d_(d), s_(s) {}
  void operator()(index<1> i) const restrict(amp) { d_[i] = scale(d_[i]); }

private:
  T scale(T v) const restrict(amp) { return v * s_; }
  array_view<T, 1> d_;
  T s_;
};

int main() {
  std::vector<int> a(4, 0);
  array_view<int, 1> av(4, a);
  parallel_for_each(av.extent, Twice(av, 5));
  av.synchronize();
  std::printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
  // CHECK: 5 7 9 11

  std::vector<int> in = {1, 2, 3, 4}, out(4, 0);
  array_view<const int, 1> iv(4, in);
  array_view<int, 1> ov(4, out);
  AddBias add(10, iv, ov);
  parallel_for_each(ov.extent, add);
  ov.synchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  // CHECK-NEXT: 1011 1012 1013 1014

  std::vector<int> c(3, 0);
  array_view<int, 1> cv(3, c);
  parallel_for_each(cv.extent, CopiesItself{cv, 2});
  cv.synchronize();
  std::printf("%d %d %d\n", c[0], c[1], c[2]);
  // CHECK-NEXT: 22 23 24

  std::vector<int> fi(3, 0);
  std::vector<float> ff(3, 0.f);
  array_view<int, 1> fiv(3, fi);
  array_view<float, 1> ffv(3, ff);
  parallel_for_each(fiv.extent, Fill<int>{fiv, 7});
  Fill<float> half{ffv, 0.5f};
  parallel_for_each(ffv.extent, half);
  parallel_for_each(ffv.extent, Scaled<float>(ffv, 4.f));
  fiv.synchronize();
  ffv.synchronize();
  std::printf("%d %d %d %g %g %g\n", fi[0], fi[1], fi[2], ff[0], ff[1], ff[2]);
  // CHECK-NEXT: 7 8 9 2 6 10
  return 0;
}
