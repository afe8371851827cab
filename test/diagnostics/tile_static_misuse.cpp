// tile_static only in tiled kernels, never on pointers, references or with an initializer.
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    tile_static int x; // expected-error {{tile_static can be used only in a tiled kernel and the functions it calls}}
    x = v[i];
    v[i] = x;
  });
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int y = 3; // expected-error {{a tile_static variable cannot have an initializer}}
    tile_static int* p; // expected-error {{tile_static cannot be applied to a pointer or a reference}}
    v[t.global] = y;
  });
  parallel_for_each(v.extent.tile<2048>(), [=](tiled_index<2048> t) restrict(amp) { // expected-error {{a tile of 2048 threads is more than the 1024 threads C++ AMP allows in one tile}}
    v[t.global] = 0;
  });
}

void too_much(array_view<float, 2> v) {
  parallel_for_each(v.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) { // expected-error {{the kernel uses 40960 bytes of tile_static memory, more than the 32768 bytes C++ AMP allows per tile}}
    tile_static float a[80][128];
    a[t.local[0]][t.local[1]] = v[t.global];
    t.barrier.wait();
    v[t.global] = a[0][t.local[1]];
  });
}

struct Counter {
  int n;
  Counter() restrict(amp) : n(0) {}
  Counter(int k) restrict(amp) : n(k) {}
};

void with_constructor(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Counter from_arguments{3}; // expected-error {{a tile_static variable cannot have an initializer}} expected-warning {{do not run}}
    tile_static Counter empty_braces{}; // expected-error {{a tile_static variable cannot have an initializer}} expected-warning {{do not run}}
    tile_static Counter copied = Counter(); // expected-error {{a tile_static variable cannot have an initializer}} expected-warning {{do not run}}
    tile_static Counter c; // expected-warning {{the constructor and destructor of Counter do not run for a tile_static variable: its value starts undefined}}
    v[t.global] = c.n;
  });
}

// A callee's tile_static variable reached from a non-tiled kernel, after a tiled kernel lowered the callee first.
int tile_shared(int x) restrict(amp) {
  tile_static int s; // expected-error {{tile_static can be used only in a tiled kernel and the functions it calls}}
  s = x;
  return s;
}

void tiled_then_simple(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) { v[t.global] = tile_shared(1); });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = tile_shared(2); });
}
