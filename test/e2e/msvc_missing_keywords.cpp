// Code written for Visual Studio leaves out `typename` and `template` before dependent names where MSVC, which
// looks them up at instantiation, did not need them; Clang says which one is missing in each place, and under
// -fampcc-msvc ampcc inserts it, in the source and in its headers (include/msvc_keywords.h), in kernels and host
// code, and the program builds and runs as it did with Visual Studio.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include "include/msvc_keywords.h"
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename Pair> int first_plus_second(const Pair &p) {
  return Pair::first_type(p.first) + Pair::second_type(p.second); // casts, known as such at instantiation
}

template <typename T> struct holder {
  template <typename U> static U as(T v) { return static_cast<U>(v); }
};

template <typename T> int twice(T v) {
  return holder<T>::as<int>(v) * 2; // a member template of a dependent class
}

// A second one further down the file, found in the same translation as the first.
template <typename Container> int count_of(const Container &c) { return Container::size_type(c.size()) + 0; }

int main() {
  std::vector<int> data(100);
  for (int i = 0; i < 100; ++i)
    data[i] = i;
  array_view<const int, 1> in(100, data);
  std::vector<int> sums(4);
  array_view<int, 1> out(4, sums);
  tiled_sum<array_view<const int, 1>>::run<32>(in, out);
  out.synchronize();
  // CHECK: tiles 496 1520 2544 390
  std::cout << "tiles " << sums[0] << " " << sums[1] << " " << sums[2] << " " << sums[3] << "\n";
  // CHECK: pair 7 twice 10
  std::cout << "pair " << first_plus_second(std::pair<short, long>(3, 4)) << " twice " << twice(5.5) << "\n";
  // CHECK: count 4
  std::cout << "count " << count_of(sums) << "\n";
  return 0;
}
