// Classes with base classes in amp code: base members and methods through a derived object, a base
// constructor in the initializer list, an empty base (no room, methods only), a reference to the base,
// a derived capture passed to a function taking the base.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct Shape {
  int id;
  Shape(int i) restrict(cpu, amp) : id(i) {}
  int twiceId() const restrict(cpu, amp) { return 2 * id; }
  void bump() restrict(cpu, amp) { id += 1; }
};
struct Tag {
  int tag() const restrict(amp) { return 7; }
};
struct Square : Shape, Tag {
  int side;
  Square(int i, int s) restrict(cpu, amp) : Shape(i), side(s) {}
  int area() const restrict(cpu, amp) { return side * side + id; }
};
struct Point {
  int x, y;
};
struct Point3 : Point {
  int z;
};
int sum(const Point &p) restrict(amp) { return p.x + p.y; }

int main() {
  std::vector<int> out(4);
  array_view<int, 1> v(4, out);
  Point3 host;
  host.x = 1;
  host.y = 2;
  host.z = 3;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    Square s(i[0], 2);
    s.bump();
    Shape &base = s;
    v[i] = s.area() + s.twiceId() * 100 + s.tag() * 1000 + base.id * 10000 + sum(host) * 100000 + host.z * 1000000;
  });
  v.synchronize();
  std::cout << out[0] << " " << out[3] << "\n";
  // CHECK: 3317205 3347808
}
