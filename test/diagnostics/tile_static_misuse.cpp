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
