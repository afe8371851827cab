// tile_static only in tiled kernels and the functions they call, within C++ AMP's limits on tile size and tile_static
// memory (what a tile_static declaration may be: tile_static_declarations).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    tile_static int x; // expected-error {{tile_static can be used only in a tiled kernel and the functions it calls}}
    x = v[i];
    v[i] = x;
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

// A barrier belongs to a tile: a kernel that is not tiled waits at none, in its body or in what it calls.
void waits(const tile_barrier &b) restrict(amp) {
  b.wait(); // expected-error {{tile_barrier::wait can be used only in a tiled kernel}}
}
void barrier_in_simple(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    tile_barrier b;
    b.wait_with_global_memory_fence(); // expected-error {{tile_barrier::wait can be used only in a tiled kernel}}
    waits(b);
    v[i] = 0;
  });
}
