// C++ AMP v1.2 §5.3.2, §5.1.3: copy between arrays and array_views (and copy_to) needs equal extents; a copy
// between containers of other extents, even of the same size, throws runtime_exception and changes nothing, and
// one of equal extents copies every element.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename F> void expect(const char *what, F f) {
  try {
    f();
    std::printf("%s: copied\n", what);
  } catch (runtime_exception &e) {
    std::printf("%s: runtime_exception %#x\n", what, static_cast<unsigned>(e.get_error_code()));
  }
}

int main() {
  std::vector<int> d3(3, 1), d4 = {5, 6, 7, 8};
  array<int, 1> a4(4, d4.begin()), b4(4), a3(3);
  array_view<int, 1> v3(3, d3);
  array<int, 2> square(2, 2, d4.begin()), row(1, 4);
  expect("array to smaller view", [&] { copy(a4, v3); });
  // CHECK: array to smaller view: runtime_exception 0x80070057
  expect("view to larger array", [&] { copy(v3, a4); });
  // CHECK-NEXT: view to larger array: runtime_exception 0x80070057
  expect("array to smaller array", [&] { copy(a4, a3); });
  // CHECK-NEXT: array to smaller array: runtime_exception 0x80070057
  expect("2x2 to 1x4", [&] { copy(square, row); });
  // CHECK-NEXT: 2x2 to 1x4: runtime_exception 0x80070057
  expect("copy_to smaller", [&] { a4.copy_to(a3); });
  // CHECK-NEXT: copy_to smaller: runtime_exception 0x80070057
  std::printf("view untouched: %d %d %d\n", v3[0], v3[1], v3[2]);
  // CHECK-NEXT: view untouched: 1 1 1
  expect("equal extents", [&] { copy(a4, b4); });
  // CHECK-NEXT: equal extents: copied
  std::vector<int> back = b4;
  std::printf("copied: %d %d %d %d\n", back[0], back[1], back[2], back[3]);
  // CHECK-NEXT: copied: 5 6 7 8
}
