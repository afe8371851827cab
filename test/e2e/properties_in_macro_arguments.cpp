// MSVC properties (short-vector swizzles and components, a user's __declspec(property)) written inside macro
// arguments on the host: assert-style and test macros, a macro expanding its argument twice, and arguments passed
// on through a second macro. The host compiler has no properties, so ampcc rewrites each use where the argument
// is written (a stringified argument then shows the rewritten text).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
using namespace concurrency;
using namespace concurrency::graphics;

#define VALUE(e) ((double)(e))
#define TWICE(e) ((e) + (e))
#define PASS_ON(e) VALUE(e)
#define SET(lhs, v) ((lhs) = (v))

struct Counter {
  int n = 0;
  int get() const { return n; }
  void put(int v) { n = v; }
  __declspec(property(get = get, put = put)) int value;
};

int main() {
  float_4 f(1.0f, 2.0f, 3.0f, 4.0f);
  std::printf("a %g\n", VALUE(f.a));
  std::printf("xy.y %g\n", VALUE(f.xy.y));
  std::printf("twice r %g\n", TWICE(f.r));
  std::printf("passed on b %g\n", PASS_ON(f.b));
  SET(f.g, 7.0f);
  std::printf("g %g\n", (double)f.g);
  Counter c;
  SET(c.value, 5);
  std::printf("value %d\n", TWICE(c.value));
  int_2 v(3, 4);
  array_view<int_2, 1> av(1, &v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i].y = av[i].x + av[i].y; });
  av.synchronize();
  std::printf("kernel y %d\n", (int)VALUE(v.y));
}
// CHECK: a 4
// CHECK-NEXT: xy.y 2
// CHECK-NEXT: twice r 2
// CHECK-NEXT: passed on b 3
// CHECK-NEXT: g 7
// CHECK-NEXT: value 10
// CHECK-NEXT: kernel y 7
