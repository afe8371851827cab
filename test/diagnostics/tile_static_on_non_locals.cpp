// tile_static is a storage class of local variables of restrict(amp) functions: on a parameter, a data member or a
// variable at namespace scope it is an error at the declaration, whether amp code uses it or not.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

tile_static int unused_global; // expected-error {{tile_static applies only to local variables of restrict(amp) functions, not to the variable at namespace scope 'unused_global'}}
tile_static int used_global[4]; // expected-error {{tile_static applies only to local variables of restrict(amp) functions, not to the variable at namespace scope 'used_global'}}

struct Holder {
  tile_static int field; // expected-error {{tile_static applies only to local variables of restrict(amp) functions, not to the data member 'field'}}
  static tile_static int shared; // expected-error {{tile_static applies only to local variables of restrict(amp) functions, not to the data member 'shared'}}
};

int read(tile_static int x) restrict(amp) { return x; } // expected-error {{tile_static applies only to local variables of restrict(amp) functions, not to the parameter 'x'}}

template <int N> int read_n(tile_static int (&a)[N]) restrict(amp) { return a[0]; } // expected-error {{tile_static applies only to local variables of restrict(amp) functions, not to the parameter 'a'}}

void launch(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int local[4]; // a local variable of the kernel: fine
    local[t.local[0]] = read(t.local[0]) + used_global[0];
    t.barrier.wait();
    v[t.global] = local[3 - t.local[0]] + read_n(local);
  });
}

int main() {}
