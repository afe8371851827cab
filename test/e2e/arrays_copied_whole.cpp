// Arrays copied whole in amp code: a lambda in amp code capturing arrays by copy (one and two dimensions, of a
// class), an implicit copy constructor copying a two-dimensional array member beside a member with a copy
// constructor of its own, and a structured binding of a two-dimensional array. The capture was an error
// ("ArrayInitLoopExpr is not supported"); the nested copies read m[k1][k1] instead of m[k0][k1].
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Point {
  int a;
  float b;
};
struct Counted {
  int copies;
  Counted() restrict(cpu, amp) : copies(0) {}
  Counted(const Counted &o) restrict(cpu, amp) : copies(o.copies + 1) {}
};
struct Grid {
  int m[2][3];
  Counted c;
};

int main() {
  int out[4][4];
  array_view<int, 2> ov(4, 4, &out[0][0]);
  parallel_for_each(extent<1>(4), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    int row[4] = {i, 10, 20, 30};
    int m[2][3] = {{i, 1, 2}, {3, 4, 5 * i}};
    Point pts[2] = {{i, 0.5f}, {2 * i, 1.5f}};
    auto f = [row, m, pts](int k) { return row[k % 4] + m[k % 2][k % 3] * 100 + pts[k % 2].a * 10000; };
    m[1][2] = -1; // the lambda keeps its copy
    ov(i, 0) = f(i + 1) + f(i + 2);
    Grid g;
    for (int a = 0; a < 2; ++a)
      for (int b = 0; b < 3; ++b)
        g.m[a][b] = 10 * a + b + i;
    Grid h = g;
    ov(i, 1) = h.m[1][2] * 1000 + h.m[0][1] * 10 + h.c.copies;
    auto [r0, r1] = m;
    ov(i, 2) = r1[2] * 100 + r0[0];
    ov(i, 3) = [m]() { return m[0][1] + m[1][0]; }();
  });
  ov.synchronize();
  for (int i = 0; i < 4; ++i)
    std::printf("%d %d %d %d\n", out[i][0], out[i][1], out[i][2], out[i][3]);
  // CHECK: 630 12011 -100 4
  // CHECK-NEXT: 30550 13021 -99 4
  // CHECK-NEXT: 60432 14031 -98 4
  // CHECK-NEXT: 91613 15041 -97 4
  return 0;
}
