// Names of a dependent base class used unqualified in a class template: MSVC looked them up at instantiation, in
// the base first, so code written for it (the BLAS tests) names a base's `real_type` in a member's declaration and
// body although a class template `real_type` is visible outside. Standard C++ finds the outer template; under
// -fampcc-msvc ampcc qualifies those names with the class's own name (docs/driver.md), and the program builds and
// runs as it did with Visual Studio.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <memory>
#include <vector>
using namespace concurrency;

template <typename T> struct real_type {
  typedef T type;
};

template <typename T, int Tile> struct test_case {
  typedef double real_type; // what the tests below mean by real_type
  typedef array_view<T, 1> view_type;
  static const int tile = Tile;
  virtual real_type tolerance() const { return 0.5; }
};

template <typename T> struct sum_test : test_case<T, 4> {
  real_type tolerance() const { return real_type(0.25); }
  // A base's type and value in a member's declaration.
  real_type run(const view_type &v, real_type (&parts)[tile]) const {
    parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
      tile_static T part[4];
      part[t.local[0]] = v[t.global];
      t.barrier.wait();
      if (t.local[0] == 0)
        v[t.global] = part[0] + part[1] + part[2] + part[3];
    });
    real_type total = 0;
    for (int i = 0; i < 4; ++i)
      total += parts[i] = v[i * 4];
    return total;
  }
};

// Built by std::make_shared, whose body the translator skips: the translator never instantiates go(), the host
// compiler does. Once the declaration of scale() shows what real_type means here, go() means the same.
struct runner {
  virtual ~runner() {}
  virtual double go() const = 0;
};
template <typename T> struct scaled_test : runner, test_case<T, 2> {
  real_type scale() const { return 3; }
  double go() const override {
    real_type half = 0.5;
    return half * scale();
  }
};

int main() {
  std::vector<int> data(16);
  for (int i = 0; i < 16; ++i)
    data[i] = i;
  array_view<int, 1> v(16, data);
  sum_test<int> test;
  double parts[4];
  double total = test.run(v, parts);
  // CHECK: total 120 parts 6 22 38 54 tolerance 0.25
  std::cout << "total " << total << " parts " << parts[0] << " " << parts[1] << " " << parts[2] << " " << parts[3]
            << " tolerance " << test.tolerance() << "\n";
  std::shared_ptr<runner> r = std::make_shared<scaled_test<int>>();
  // CHECK: go 1.5
  std::cout << "go " << r->go() << "\n";
  return 0;
}
