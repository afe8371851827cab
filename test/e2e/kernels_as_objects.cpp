// Kernels the host launches through the kernel object: parallel_for_each spelled in a macro's definition
// (one use per line, in a function template, tiled), a lambda kept in a variable, a function object with
// private fields, an array captured by reference; amp-only functions called from such a kernel.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

#define ON_GPU(av, T, f, ...)                                                                                          \
  [&]() {                                                                                                              \
    T result;                                                                                                          \
    array_view<T, 1> rv(1, &result);                                                                                   \
    rv.discard_data();                                                                                                 \
    parallel_for_each(av, rv.get_extent(), [=](index<1> i) restrict(amp) { rv[i] = (f)(__VA_ARGS__); });              \
    return rv[0];                                                                                                      \
  }()

#define FILL_TILED(arr, value)                                                                                         \
  parallel_for_each(arr.get_extent().tile<2, 4>(),                                                                     \
                    [=, &arr](tiled_index<2, 4> t) restrict(amp) { arr[t.global] = (value) + t.local[1]; })

int twice(int x) restrict(amp) { return 2 * x; }
float add3(float a, float b, float c) restrict(cpu, amp) { return a + b + c; }

class Scale {
public:
  Scale(array_view<float, 1> v, float f) : v_(v), f_(f) {}
  void operator()(index<1> i) const restrict(amp) { v_[i] *= f_; }

private:
  array_view<float, 1> v_;
  float f_;
};

// A function template instantiated with a lambda's type: the host cannot name that type after the function,
// so this kernel too is launched through its object (the test library's EVALUATE_TEST_ON_CPU_AND_GPU does this).
template <typename F> int runOnCpuAndGpu(const accelerator_view &av, const F &f) {
  int onGpu = 0;
  array_view<int, 1> r(1, &onGpu);
  parallel_for_each(av, r.get_extent(), [=](index<1> i) restrict(amp) { r[i] = f(); });
  r.synchronize();
  return f() * 1000 + onGpu;
}

// A kernel that calls the element function it is given, a lambda (one instantiation: several of one kernel
// object size are a runtime_exception that says ampcc cannot tell them apart).
template <typename F> void applyEach(array_view<int, 1> v, const F &f) {
  parallel_for_each(v.get_extent(), [=](index<1> i) restrict(amp) { v[i] = f(i); });
}

template <typename T> T sumOnGpu(const accelerator_view &av, T a, T b) { return ON_GPU(av, T, add3, a, b, T(1)); }

int main() {
  accelerator_view av = accelerator().get_default_view();
  int a = ON_GPU(av, int, twice, 21);
  float b = ON_GPU(av, float, add3, 1.f, 2.f, 3.f);
  std::cout << a << " " << b << " " << sumOnGpu<double>(av, 1.5, 2.0) << " " << sumOnGpu<int>(av, 2, 3) << "\n";
  // CHECK: 42 6 4.5 6
  int seven = 7;
  std::cout << runOnCpuAndGpu(av, [=]() restrict(cpu, amp) { return seven + int(add3(1.f, 1.f, 1.f)); }) << "\n";
  // CHECK: 10010
  std::vector<int> cells(4, 0);
  array_view<int, 1> cv(4, cells);
  parallel_for_each(cv.get_extent(), [=](index<1> i) restrict(amp) { cv[i] = -1; });
  applyEach(cv, [=](index<1> i) restrict(amp) { return i[0] + seven; });
  std::cout << cv[0] << " " << cv[3] << "\n";
  // CHECK: 7 10

  std::vector<int> data(64, 1);
  array_view<int, 1> dv(64, data);
  int k = 5;
  auto kernel = [=](index<1> i) restrict(amp) { dv[i] += k * i[0]; };
  parallel_for_each(dv.get_extent(), kernel);
  parallel_for_each(dv.get_extent(), kernel);
  dv.synchronize();
  std::cout << data[0] << " " << data[1] << " " << data[63] << "\n";
  // CHECK: 1 11 631

  std::vector<float> fs(16, 2.f);
  array_view<float, 1> fv(16, fs);
  parallel_for_each(fv.get_extent(), Scale(fv, 1.5f));
  fv.synchronize();
  std::cout << fs[0] << " " << fs[15] << "\n";
  // CHECK: 3 3

  array<int, 2> arr(4, 8);
  int base = 100;
  FILL_TILED(arr, base);
  std::vector<int> back(32);
  copy(arr, back.begin());
  std::cout << back[0] << " " << back[3] << " " << back[31] << "\n";
  // CHECK: 100 103 103
}
