// What MSVC's permissive C++ accepted and Clang refuses in every mode, as Microsoft's C++ AMP libraries use it: a
// temporary section passed for a non-const reference (the Algorithms Library's radix sort), default template
// arguments repeated on static members' definitions (its tests' TestDefinition), an ordered comparison of a pointer
// with 0 (the BLAS's dot), a macro given more arguments than it takes (Microsoft's histogram sample's assert). Under -fampcc-msvc ampcc rewrites each into the standard C++ that means the same
// (docs/driver.md, "MSVC's permissive C++"), and the program runs as it did with Visual Studio.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cassert>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename View, typename T> void fill(const accelerator_view &av, View &dest, const T &value) {
  parallel_for_each(av, dest.extent, [=](index<1> i) restrict(amp) { dest[i] = value; });
}
struct counter {
  int calls;
};
void count(counter &c, std::vector<int> &seen) {
  ++c.calls;
  seen.push_back(c.calls);
}

template <typename T, int N, int P = 0> struct test_definition {
  static const int size = N;
  static const int parameter = P;
};
template <typename T, int N, int P = 0>
const int test_definition<T, N, P>::size;
template <typename T, int N,
          int P = 0>
const int test_definition<T, N, P>::parameter;

template <typename T> int quick_return(const T *x) {
  if (x <= 0)
    return -1;
  return x > NULL ? 1 : 0;
}

int main() {
  std::vector<int> data(8, 1);
  array<int, 1> a(8, data.begin());
  accelerator_view av = accelerator().default_view;
  // A temporary section: the kernel writes through it into the array, as with Visual Studio.
  fill(av, a.section(2, 4), 7);
  fill(av, array_view<int, 1>(a).section(6, 2), 9);
  // A reference variable bound to a temporary section: the temporary lives as long as the reference.
  array_view<int, 1> &head = a.section(0, 2);
  head[1] = 3;
  std::vector<int> out = a;
  // CHECK: 1 3 7 7 7 7 9 9
  for (int v : out)
    std::printf("%d ", v);
  std::printf("\n");
  std::vector<int> seen;
  count(counter{4}, seen);
  // CHECK-NEXT: 5
  std::printf("%d\n", seen[0]);
  // CHECK-NEXT: 16 3
  std::printf("%d %d\n", test_definition<float, 16>::size, test_definition<int, 2, 3>::parameter);
  int x = 0;
  // A macro invoked with an argument more than it takes: MSVC's preprocessor ignored it.
  assert(x == 0, "x starts at 0");
  // CHECK-NEXT: -1 1
  std::printf("%d %d\n", quick_return<int>(nullptr), quick_return(&x));
  // CHECK-NEXT: line [[#@LINE+1]]
  std::printf("line %d\n", __LINE__);
}
