// Checked mode on the host: element access of array_view and array out of their extent throws std::out_of_range
// naming the index and the extent (projections and sections throw runtime_exception, checked or not, as MSVC's
// runtime does); in-bounds access works as unchecked.
// RUN: %ampcc -fampcc-checked -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <stdexcept>
#include <vector>
using namespace concurrency;

template <typename F> void expect_throw(const char *what, F f) {
  try {
    f();
    std::cout << what << ": no exception\n";
  } catch (const std::out_of_range &e) {
    std::cout << what << ": " << e.what() << "\n";
  } catch (const runtime_exception &e) {
    std::cout << what << ": " << e.what() << "\n";
  }
}

int main() {
  std::vector<int> d1(5), d2(12), d3(24);
  array_view<int, 1> a(5, d1);
  array_view<int, 2> b(3, 4, d2);
  array_view<int, 3> c(2, 3, 4, d3);
  a[4] = 1;
  b(2, 3) = 2;
  c(1, 2, 3) = 3;
  std::cout << "in bounds: " << d1[4] << " " << d2[11] << " " << d3[23] << "\n";
  // CHECK: in bounds: 1 2 3

  expect_throw("rank 1", [&] { a[5] = 0; });
  // CHECK-NEXT: rank 1: ampcc: array_view index (5) is out of bounds of its extent (5)
  expect_throw("rank 1 negative", [&] { (void)a(-1); });
  // CHECK-NEXT: rank 1 negative: ampcc: array_view index (-1) is out of bounds of its extent (5)
  expect_throw("rank 2", [&] { b(1, 4) = 0; });
  // CHECK-NEXT: rank 2: ampcc: array_view index (1, 4) is out of bounds of its extent (3, 4)
  expect_throw("rank 2 index", [&] { (void)b[index<2>(3, 0)]; });
  // CHECK-NEXT: rank 2 index: ampcc: array_view index (3, 0) is out of bounds of its extent (3, 4)
  expect_throw("rank 3", [&] { c(2, 0, 0) = 0; });
  // CHECK-NEXT: rank 3: ampcc: array_view index (2, 0, 0) is out of bounds of its extent (2, 3, 4)
  expect_throw("projection", [&] { (void)b[3]; });
  // CHECK-NEXT: projection: ampcc: array_view projection [3] is out of bounds of its extent (3, 4)
  expect_throw("projected access", [&] { b[1][4] = 0; });
  // CHECK-NEXT: projected access: ampcc: array_view index (4) is out of bounds of its extent (4)
  expect_throw("rank 3 projection", [&] { c[1](3, 0) = 0; });
  // CHECK-NEXT: rank 3 projection: ampcc: array_view index (3, 0) is out of bounds of its extent (3, 4)
  expect_throw("section", [&] { (void)b.section(index<2>(1, 1), extent<2>(2, 4)); });
  // CHECK-NEXT: section: ampcc: array_view section at origin (1, 1) with extent (2, 4) does not fit its extent (3, 4)
  expect_throw("section origin", [&] { (void)a.section(index<1>(6)); });
  // CHECK-NEXT: section origin: ampcc: array_view section at origin (6) with extent (-1) does not fit its extent (5)
  // A section's own extent bounds access through it, though the data goes on.
  array_view<int, 2> win = b.section(index<2>(1, 1), extent<2>(2, 2));
  win(1, 1) = 9;
  std::cout << "section in bounds: " << d2[2 * 4 + 2] << "\n";
  // CHECK-NEXT: section in bounds: 9
  expect_throw("section access", [&] { win(0, 2) = 0; });
  // CHECK-NEXT: section access: ampcc: array_view index (0, 2) is out of bounds of its extent (2, 2)

  array<float, 2> arr(2, 3);
  arr(1, 2) = 1.5f;
  std::cout << "array in bounds: " << arr(1, 2) << "\n";
  // CHECK-NEXT: array in bounds: 1.5
  expect_throw("array", [&] { arr(2, 0) = 0; });
  // CHECK-NEXT: array: ampcc: array index (2, 0) is out of bounds of its extent (2, 3)
  const array<float, 2> &carr = arr;
  expect_throw("const array", [&] { (void)carr[index<2>(0, -1)]; });
  // CHECK-NEXT: const array: ampcc: array index (0, -1) is out of bounds of its extent (2, 3)
  expect_throw("array projection", [&] { (void)arr[2]; });
  // CHECK-NEXT: array projection: ampcc: array projection [2] is out of bounds of its extent (2, 3)
  expect_throw("array section", [&] { (void)arr.section(extent<2>(3, 3)); });
  // CHECK-NEXT: array section: ampcc: array_view section at origin (0, 0) with extent (3, 3) does not fit its extent (2, 3)
  // Uncaught, it ends the program as any exception does; caught, the program goes on.
  std::cout << "done\n";
  // CHECK-NEXT: done
}
