// concurrency::amp_uninitialize (MSVC's amprt.h) and the uninitialized_object exception, both missing before (a
// compile error). amp_uninitialize finishes the work enqueued so far, may be called more than once, and C++ AMP
// works again afterwards with new objects; uninitialized_object is a runtime_exception with MSVC's constructors.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  {
    std::vector<int> v(4096, 1);
    array_view<int, 1> av(4096, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
      int s = av[i];
      for (int k = 0; k < 500; ++k)
        s = (s * 3 + k) % 10007;
      av[i] = s;
    });
    av.synchronize();
    std::printf("before: %d\n", v[4095] == v[0]);
    // CHECK: before: 1
  }
  amp_uninitialize();
  amp_uninitialize();
  array<int, 1> a(256);
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = i[0] * 2; });
  std::vector<int> back = a;
  std::printf("after: %d %d\n", back[1], back[255]);
  // CHECK-NEXT: after: 2 510

  try {
    throw uninitialized_object("the view was never made");
  } catch (runtime_exception &e) {
    std::printf("uninitialized_object: %s %lx\n", e.what(), (unsigned long)e.get_error_code());
  }
  // CHECK-NEXT: uninitialized_object: the view was never made 80004005
  uninitialized_object plain;
  std::printf("default: %s\n", plain.what());
  // CHECK-NEXT: default: uninitialized_object
}
