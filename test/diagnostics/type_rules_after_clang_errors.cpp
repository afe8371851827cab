// The restrict(amp) type rules run after Clang's own errors too: one compile reports both (the conformance
// suite's amp_compatible_tile_static negatives have a Sema error beside the unsupported type they test).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Base { int m; };
struct WithVirtualBase : virtual Base {};

void kernel(array<int, 1> &arr) {
  parallel_for_each(arr.get_extent(), [&](index<1> idx) restrict(amp) {
    WithVirtualBase w[2]; // expected-error {{class WithVirtualBase has virtual base classes, which restrict(amp) code cannot use}}
    arr[idx] = w.m; // expected-error {{member reference base type 'WithVirtualBase[2]' is not a structure or union}}
  });
}

struct Shape {
  virtual int sides() = 0;
};
struct Square : Shape {
  int sides() { return 4; }
};

void tiled(array<int, 1> &arr) {
  parallel_for_each(arr.get_extent().tile<2>(), [&](tiled_index<2> t) restrict(amp) {
    tile_static Square squares[2]; // expected-error {{class Square has virtual functions, which restrict(amp) code cannot use}}
    arr[t.global] = squares.sides(); // expected-error {{member reference base type 'Square[2]' is not a structure or union}}
  });
}
