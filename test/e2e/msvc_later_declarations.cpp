// Names a class template uses in its members' declarations before they are declared. MSVC looked such names up
// when it instantiated the template, so code written for it (the Algorithms Library's `static_is_power_of_two`)
// uses a class template and a constant that come further down the file. Clang looks them up where the template
// is defined, in every mode. Under -fampcc-msvc ampcc declares a class template so used before the use, and moves
// a constant there, in memory (docs/driver.md, "Names declared after the template that uses them"); the lines keep
// their numbers.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

namespace lib {
template <unsigned int N> struct is_power_of_two {
  enum { value = ((count_bits<N, bit32>::value == 1) ? 1 : 0) };
};
template <typename T> struct wide {
  static const int bytes = sizeof(T) * lanes; // a constant declared further down
  typedef pair_of<T, T> pair_type;            // a type declared further down
};

namespace detail {
template <unsigned int N, unsigned int Bit> struct is_set {
  enum { value = (N & Bit) ? 1 : 0 };
};
} // namespace detail

static const unsigned int bit08 = 0x80;
static const unsigned int bit32 = 0x80000000;
static const int lanes = 4;

template <unsigned int N, unsigned int MaxBit = bit32> struct count_bits {
  enum { value = detail::is_set<N, MaxBit>::value + count_bits<N, (MaxBit >> 1)>::value };
};
template <unsigned int N> struct count_bits<N, 0> {
  enum { value = 0 };
};
template <typename A, typename B> struct pair_of {
  A first;
  B second;
};
} // namespace lib

int main() {
  std::vector<int> data(8, 0);
  array_view<int, 1> v(8, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = lib::is_power_of_two<64>::value * 10 + lib::is_power_of_two<96>::value + lib::count_bits<255>::value;
  });
  // CHECK: 18 18
  std::cout << v[0] << " " << v[7] << "\n";
  // CHECK-NEXT: 16 8
  std::cout << lib::wide<int>::bytes << " " << sizeof(lib::wide<float>::pair_type) << "\n";
  // The lines after the moved constants keep their numbers.
  // CHECK-NEXT: line [[#@LINE+1]]
  std::cout << "line " << __LINE__ << "\n";
}
