// restrict(amp) functions have types of their own (C++ AMP's decltype): an amp-only overload beside a cpu one, an
// amp function template, an explicit instantiation, members, a trailing return type resolved through amp
// overloads, and an alias of an amp function type, all compiled, launched and checked; the host view writes the
// trailing return type out (the host has no amp overloads to resolve it with).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <type_traits>
#include <vector>
using namespace concurrency;

int twice(int x) restrict(cpu) { return 2 * x; }
float twice(float x) restrict(amp) { return 2.5f * x; }
template <typename T> T plus_one(T x) restrict(amp) { return x + 1; }
template int plus_one<int>(int) restrict(amp);
auto resolved() restrict(amp) -> decltype(twice(1)); // twice's amp overload: float
float resolved() restrict(amp) { return 0.5f; }
struct scaler {
  int by;
  int apply(int x) const restrict(amp) { return by * x; }
};
using amp_unary = float(float) restrict(amp);

static_assert(std::is_same<decltype(resolved), float() restrict(amp)>::value, "trailing return, amp overload");
static_assert(std::is_same<decltype(twice(1)), int>::value, "cpu overload at namespace scope");
static_assert(std::is_same<decltype(plus_one<int>), int(int) restrict(amp)>::value, "an amp template's type");

int main() {
  std::vector<float> out(8, 0.0f);
  array_view<float, 1> v(8, out);
  scaler s{3};
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    static_assert(std::is_same<decltype(twice(1.0f)), float>::value, "amp overload in amp code");
    v[i] = twice(static_cast<float>(i[0])) + plus_one(i[0]) + s.apply(1) + resolved();
  });
  v.synchronize();
  int bad = 0;
  for (int i = 0; i < 8; ++i)
    bad += out[i] != 2.5f * i + (i + 1) + 3 + 0.5f;
  std::printf("cpu twice(4) = %d, mismatches: %d\n", twice(4), bad);
  static_assert(std::is_same<amp_unary, float(float) restrict(amp)>::value, "alias");
  static_assert(std::is_same<decltype(twice(1.0f)), int>::value, "cpu overload in cpu code");
  return bad != 0 || twice(4) != 8;
}

// CHECK: cpu twice(4) = 8, mismatches: 0
