// A variable of a class with virtual functions or virtual bases (or an array of them, tile_static or not, or
// a parameter) is an error in restrict(amp) code, at its declaration: such classes need vtables the device
// does not have (MSVC's C3581). Checked by the type rules, before any lowering.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Shape {
  virtual int area() const { return 0; }
};
struct Base { int m; };
struct Derived : virtual Base {};
struct Plain { int m; };

int measure(const Shape &s) restrict(amp) { return 1; } // expected-error {{class Shape has virtual functions, which restrict(amp) code cannot use}}

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    Shape s; // expected-error {{class Shape has virtual functions, which restrict(amp) code cannot use}}
    Derived d[2]; // expected-error {{class Derived has virtual base classes, which restrict(amp) code cannot use}}
    Plain p{1};
    v[i] = p.m;
  });
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Derived shared[4]; // expected-error {{class Derived has virtual base classes, which restrict(amp) code cannot use}}
    v[t.global] = 0;
  });
}

void host_code() {
  Shape s; // cpu code may use them
  Derived d;
}
