// Prefix and postfix increment and decrement of index and extent, on the host and in kernels; compound
// assignments chained as lvalues, each operand evaluated once.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  index<2> i(1, 2);
  index<2> old = i++;
  extent<3> e(4, 5, 6);
  extent<3> before = e--;
  --e;
  ++i;
  std::cout << "host " << old[1] << " " << i[0] << " " << before[2] << " " << e[2] << "\n";

  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  parallel_for_each(v.extent, [=](index<1> t) restrict(amp) {
    index<2> k(t[0], 10);
    index<2> was = k++;
    extent<2> x(3, 3);
    x++;
    ++x;
    index<2> down = k--;
    v[t] = was[1] * 1000 + down[1] * 100 + x[0] * 10 + k[1] - 10;
  });
  v.synchronize();
  std::cout << "device " << out[0] << "\n";

  std::vector<int> chained(4);
  array_view<int, 1> c(4, chained);
  parallel_for_each(c.extent, [=](index<1> t) restrict(amp) {
    index<2> a(1, 1), b(2, 3), d(10, 20), f(1, 2);
    int steps = 0;
    // (a += b) += (d -= f += b): f = (3, 5), d = (7, 15), a = (3, 4) then (10, 19).
    index<2> r = (a += b) += (d -= f += b);
    extent<2> g(2, 2);
    (g *= 3) -= index<2>(steps++, 1);
    c[t] = t[0] == 0 ? r[0] * 100 + r[1] : t[0] == 1 ? a[0] * 100 + a[1] : t[0] == 2 ? g[0] * 10 + g[1] : steps;
  });
  c.synchronize();
  std::cout << "chained " << chained[0] << " " << chained[1] << " " << chained[2] << " " << chained[3] << "\n";

  extent<2> moved = extent<2>(5, 6) + index<2>(1, 2);
  extent<2> back = moved - index<2>(3, 3);
  std::cout << "moved " << moved[0] << moved[1] << " " << back[0] << back[1] << "\n";
  std::vector<int> shifted(1);
  array_view<int, 1> s(1, shifted);
  parallel_for_each(s.extent, [=](index<1> t) restrict(amp) {
    extent<2> m = extent<2>(5, 6) + index<2>(t[0] + 1, 2);
    extent<2> b = m - index<2>(3, 3);
    s[t] = m[0] * 1000 + m[1] * 100 + b[0] * 10 + b[1];
  });
  s.synchronize();
  std::cout << "moved device " << shifted[0] << "\n";
}
// CHECK: host 2 3 6 4
// was[1] = 10, down[1] = 11, x[0] = 5, k[1] = 10: 10000 + 1100 + 50 + 0
// CHECK: device 11150
// g = (6, 6) - (0, 1) = (6, 5); steps counted once, not twice
// CHECK: chained 1019 1019 65 1
// CHECK: moved 68 35
// CHECK: moved device 6835
