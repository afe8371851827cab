// A kernel launched through its kernel object whose view's element type is spelled with an alias local to the
// function (a lambda kept in a variable; a generic lambda's kernel, launched through the object where a
// parameter has no name): the generated host code names the view's type where the alias is not in scope, so
// it spells the canonical type (it wrote capture_buffer<array_view<E, 1>> at the end of the file before).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <type_traits>
#include <vector>
using namespace concurrency;

void twiceInPlace(std::vector<int> &v) {
  using E = int;
  array_view<E, 1> av(static_cast<int>(v.size()), v);
  auto k = [=](index<1> i) restrict(amp) { av[i] = av[i] * 2; };
  parallel_for_each(av.extent, k);
  av.synchronize();
}

int main() {
  std::vector<int> a(4, 3);
  twiceInPlace(a);
  std::printf("%d\n", a[3]);
  // CHECK: 6

  auto twice = [](auto &vec, auto) {
    using E = typename std::decay<decltype(vec)>::type::value_type;
    array_view<E, 1> av(static_cast<int>(vec.size()), vec);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = av[i] * 2; });
    av.synchronize();
  };
  std::vector<int> v(4, 5);
  twice(v, 0);
  std::printf("%d\n", v[3]);
  // CHECK-NEXT: 10
  return 0;
}
