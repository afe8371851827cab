// A kernel in a virtual member of a class template whose objects only the standard library constructs
// (std::make_shared, std::make_unique, a vector's emplace_back). The translator skips the library's function
// bodies, where the host compiler uses the class's vtable and so instantiates its virtual members; the translator
// instantiates them too, before it looks for kernels (docs/design/preludes.md, "Skipped library bodies"). With no
// precompiled preamble, as on a source's first compile, the launch found no kernel before.
// RUN: env AMPCC_PREAMBLE=0 %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <memory>
#include <vector>
using namespace concurrency;

struct job {
  virtual ~job() {}
  virtual int run() const = 0;
};

template <int N> struct fill_job : job {
  int run() const override {
    std::vector<int> data(N, 0);
    array_view<int, 1> v(N, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = N * 10 + i[0]; });
    v.synchronize();
    return data[N - 1];
  }
};

template <typename T> struct scale_job : job {
  T factor;
  explicit scale_job(T f) : factor(f) {}
  int run() const override {
    std::vector<T> data(4, T(1));
    array_view<T, 1> v(4, data);
    T f = factor;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= f; });
    v.synchronize();
    return static_cast<int>(data[3]);
  }
};

int main() {
  std::shared_ptr<job> a = std::make_shared<fill_job<4>>();
  std::unique_ptr<job> b = std::make_unique<scale_job<float>>(2.5f);
  std::vector<scale_job<int>> c;
  c.emplace_back(3);
  // CHECK: 43 2 3
  std::printf("%d %d %d\n", a->run(), b->run(), c[0].run());
}
