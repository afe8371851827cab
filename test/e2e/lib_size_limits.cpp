// Sizes C++ AMP refuses, where the container is made and before anything is allocated: an extent of more than
// UINT_MAX elements (an array, an array_view over memory or without a data source, view_as, a texture) throws
// runtime_exception (E_INVALIDARG) naming the extent and the count; an array larger than its device can allocate
// in one buffer or holds throws out_of_memory naming the size and the device. Containers within the limits still
// work.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename F> void expect(const char *what, F f) {
  try {
    f();
    std::cout << what << ": no exception\n";
  } catch (const out_of_memory &e) {
    std::cout << what << ": out_of_memory 0x" << std::hex << e.get_error_code() << std::dec << ": " << e.what() << "\n";
  } catch (const runtime_exception &e) {
    std::cout << what << ": runtime_exception 0x" << std::hex << e.get_error_code() << std::dec << ": " << e.what()
              << "\n";
  }
}

// 64 bytes: UINT_MAX of them are more than any device holds.
struct block {
  double d[8];
};

int main() {
  int one = 0;
  expect("array", [] { array<int, 3> a(2048, 2048, 1025); });
  // CHECK: array: runtime_exception 0x80070057: ampcc: the extent of an array (2048, 2048, 1025) has 4299161600 elements, more than C++ AMP allows (4294967295, the largest extent::size())
  expect("array of rank 4", [] {
    int dims[4] = {65536, 65536, 2, 1};
    array<int, 4> a((extent<4>(dims)));
  });
  // CHECK-NEXT: array of rank 4: runtime_exception 0x80070057: ampcc: the extent of an array (65536, 65536, 2, 1) has 8589934592 elements, more than C++ AMP allows (4294967295, the largest extent::size())
  expect("array_view over memory", [&] { array_view<int, 2> v(extent<2>(65536, 65537), &one); });
  // CHECK-NEXT: array_view over memory: runtime_exception 0x80070057: ampcc: the extent of an array_view (65536, 65537) has 4295032832 elements, more than C++ AMP allows (4294967295, the largest extent::size())
  expect("array_view without a data source", [] { array_view<float, 3> v(1 << 20, 1 << 20, 1 << 20); });
  // CHECK-NEXT: array_view without a data source: runtime_exception 0x80070057: ampcc: the extent of an array_view (1048576, 1048576, 1048576) has 1152921504606846976 elements, more than C++ AMP allows (4294967295, the largest extent::size())
  expect("view_as", [&] { array_view<int, 1>(1, &one).view_as(extent<2>(100000, 100000)); });
  // CHECK-NEXT: view_as: runtime_exception 0x80070057: ampcc: the extent of view_as (100000, 100000) has 10000000000 elements, more than C++ AMP allows (4294967295, the largest extent::size())
  expect("texture", [] { graphics::texture<float, 3> t(4096, 4096, 4096); });
  // CHECK-NEXT: texture: runtime_exception 0x80070057: ampcc: the extent of a texture (4096, 4096, 4096) has 68719476736 elements, more than C++ AMP allows (4294967295, the largest extent::size())

  // Twice the device's memory, or more than it allocates at once, in fewer than UINT_MAX elements.
  accelerator acc;
  unsigned long long twice = 2ull * 1024 * acc.dedicated_memory / sizeof(block) + 1;
  int count = static_cast<int>(twice < 0x7fffffffull ? twice : 0x7fffffffull);
  expect("array larger than the device", [&] { array<block, 1> big(count); });
  // CHECK-NEXT: array larger than the device: out_of_memory 0x8007000e: ampcc: cannot allocate {{[0-9]+}} bytes on {{.+}}: it {{allocates at most|has}} {{[0-9]+}} bytes ({{CL_DEVICE_MAX_MEM_ALLOC_SIZE|CL_DEVICE_GLOBAL_MEM_SIZE}})
  expect("staging array for it", [&] {
    array<block, 1> big(count, accelerator(accelerator::cpu_accelerator).default_view, acc.default_view);
  });
  // CHECK-NEXT: staging array for it: out_of_memory 0x8007000e: ampcc: cannot allocate {{[0-9]+}} bytes on {{.+}}: it {{allocates at most|has}} {{[0-9]+}} bytes ({{CL_DEVICE_MAX_MEM_ALLOC_SIZE|CL_DEVICE_GLOBAL_MEM_SIZE}})

  expect("within the limits", [] {
    array<int, 3> a(2048, 2048, 1);
    array_view<int, 3> v(a);
    parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { v(2047, 2047, 0) = 7; });
    std::cout << v(2047, 2047, 0) << " ";
  });
  // CHECK-NEXT: 7 within the limits: no exception
}
