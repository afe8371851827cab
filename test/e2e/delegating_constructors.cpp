// Delegating constructors in amp code: the constructor called makes the object, then the delegating one's body
// runs; a template constructor delegating; a class whose delegated-to constructor views the object's own array
// member (passed as the decayed array), which is constructed in place through the delegation. Each was an error
// ("delegating constructors are not lowered by ampcc yet"; the decayed array member "must be over '&v[i]' or
// 'v.data()'").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Point {
  int x, y;
  Point() restrict(cpu, amp) : Point(1, 2) {}
  Point(int v) restrict(cpu, amp) : Point(v, v * 10) { x += 1; }
  Point(int a, int b) restrict(cpu, amp) : x(a), y(b) {}
};
struct Pair {
  int a, b;
  template <typename T> Pair(T v) restrict(amp) : Pair((int)v, 1) {}
  Pair(int x, int y) restrict(amp) : a(x), b(y) {}
};
struct Buffer {
  int data[4];
  array_view<int, 1> view;
  Buffer(int k) restrict(amp) : view(4, data) {
    for (int j = 0; j < 4; ++j)
      data[j] = k + j;
  }
  Buffer() restrict(amp) : Buffer(7) { view[0] = 100; }
  int sum() restrict(amp) {
    int s = 0;
    for (int j = 0; j < 4; ++j)
      s += view[j] + data[j];
    return s;
  }
};

int main() {
  int out[4][3];
  array_view<int, 2> ov(4, 3, &out[0][0]);
  parallel_for_each(extent<1>(4), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    Point p0, p1(i), p2(i, -i);
    ov(i, 0) = p0.x + p0.y * 10 + p1.x * 100 + p1.y * 1000 + p2.y * 100000;
    Pair t(2.5f);
    ov(i, 1) = t.a * 10 + t.b;
    Buffer b, c(i);
    ov(i, 2) = b.sum() * 1000 + c.sum();
  });
  ov.synchronize();
  for (int i = 0; i < 4; ++i)
    std::printf("%d %d %d\n", out[i][0], out[i][1], out[i][2]);
  // CHECK: 121 21 254012
  // CHECK-NEXT: -89779 21 254020
  // CHECK-NEXT: -179679 21 254028
  // CHECK-NEXT: -269579 21 254036
  return 0;
}
