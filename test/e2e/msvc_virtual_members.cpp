// A dependent base's name used unqualified only in the virtual members of a class template that only the standard
// library's bodies construct (std::make_shared, as the BLAS tests register each test): the host compiler
// instantiates those members, the translator's parse, which skips the standard library's bodies, does not. Under
// -fampcc-msvc the translator instantiates the virtual members of the user's class template specializations too,
// so that their errors feed MSVC's rewrites (here the qualification of real_type), and only those: an error in
// the virtual member of a class that nothing constructs stays unreported, as the host compiler leaves it
// (docs/driver.md, "Virtual members the translator does not see").
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <memory>
#include <vector>
using namespace concurrency;

template <typename T> struct real_type {
  typedef T type;
};

struct test_item {
  virtual ~test_item() {}
  virtual double run() = 0;
};

template <typename T> struct test_case : test_item {
  typedef double real_type; // what the tests below mean by real_type
  typedef T value_type;
};

// real_type only in a virtual member's body: no declaration shows what it means here.
template <typename T> struct sum_test : test_case<T> {
  double run() override {
    std::vector<T> data(16);
    for (int i = 0; i < 16; ++i)
      data[i] = T(i);
    array_view<T, 1> v(16, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
    real_type total = 0;
    for (int i = 0; i < 16; ++i)
      total += v[i];
    return total / 2;
  }
};

// Valid C++ that the host compiler accepts: nothing constructs never_built<int>, so its run() is never
// instantiated, and the translator must not report what instantiating it would.
template <typename T> struct never_built : test_item {
  double run() override { return T::missing(); }
};
static_assert(sizeof(never_built<int>) > 0, "complete, never constructed");

// The tests register themselves as the BLAS tests do: make_shared in a constructor template.
std::vector<std::shared_ptr<test_item>> &tests() {
  static std::vector<std::shared_ptr<test_item>> All;
  return All;
}
template <typename Test> struct register_test {
  register_test() { tests().push_back(std::make_shared<Test>()); }
};
register_test<sum_test<float>> sum_float;
register_test<sum_test<int>> sum_int;

int main() {
  // CHECK: 120
  // CHECK-NEXT: 120
  for (const std::shared_ptr<test_item> &t : tests())
    std::cout << t->run() << "\n";
  return 0;
}
