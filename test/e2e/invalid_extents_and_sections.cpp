// Without checked mode, as MSVC's runtime: sections and projections out of their view's extent, sections with
// an empty dimension and arrays with one throw runtime_exception (E_INVALIDARG); a parallel_for_each over an
// extent with an empty dimension throws invalid_compute_domain, before any kernel runs; a copy from an iterator
// range whose end comes before its begin, or that holds more elements than the destination, throws too.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename F> void expect(const char *what, F f) {
  try {
    f();
    std::cout << what << ": no exception\n";
  } catch (const invalid_compute_domain &e) {
    std::cout << what << ": invalid_compute_domain: " << e.what() << "\n";
  } catch (const runtime_exception &e) {
    std::cout << what << ": runtime_exception 0x" << std::hex << e.get_error_code() << std::dec << ": " << e.what()
              << "\n";
  }
}

int main() {
  std::vector<int> d(10);
  array_view<int, 1> v(10, d);
  array<int, 2> arr(10, 10);
  expect("empty section", [&] { (void)v.section(1, 0); });
  // CHECK: empty section: runtime_exception 0x80070057: ampcc: array_view section at origin (1) with extent (0) does not fit its extent (10)
  expect("section past the end", [&] { (void)v.section(index<1>(8), extent<1>(3)); });
  // CHECK-NEXT: section past the end: runtime_exception 0x80070057: ampcc: array_view section at origin (8) with extent (3) does not fit its extent (10)
  expect("projection", [&] { (void)arr[10]; });
  // CHECK-NEXT: projection: runtime_exception 0x80070057: ampcc: array projection [10] is out of bounds of its extent (10, 10)
  expect("empty array", [&] { array<int, 2> a(extent<2>(0, 4)); });
  // CHECK-NEXT: empty array: runtime_exception 0x80070057: ampcc: the extent of an array (0, 4) has a dimension that is not positive
  std::vector<int> three(3, 5);
  array<int, 1> dest(3);
  expect("swapped range", [&] { copy(three.end(), three.begin(), dest); });
  // CHECK-NEXT: swapped range: runtime_exception 0x80070057: ampcc: copy source range ends before it begins
  std::vector<int> four(4, 5);
  expect("longer range", [&] { array<int, 1> from(3, four.begin(), four.end()); });
  // CHECK-NEXT: longer range: runtime_exception 0x80070057: ampcc: copy source range has 4 elements, more than the destination's 3
  int runs = 0;
  array_view<int, 1> count(1, &runs);
  expect("empty domain", [&] {
    parallel_for_each(extent<2>(16, 0), [=](index<2>) restrict(amp) { atomic_fetch_add(&count[0], 1); });
  });
  // CHECK-NEXT: empty domain: invalid_compute_domain: ampcc: parallel_for_each over the extent (16, 0): every dimension of a compute domain must be positive
  expect("in bounds", [&] {
    (void)v.section(9, 1);
    (void)arr[9];
    parallel_for_each(extent<2>(2, 3), [=](index<2>) restrict(amp) { atomic_fetch_add(&count[0], 1); });
  });
  // CHECK-NEXT: in bounds: no exception
  std::cout << count[0] << "\n";
  // CHECK-NEXT: 6
}
