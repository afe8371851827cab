// What a tile_static declaration may be (AmpTypeRules): no pointer or reference, no initializer; a class's
// default constructor and destructor do not run for it (as on MSVC), which a warning says.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void plain(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int y = 3; // expected-error {{a tile_static variable cannot have an initializer}}
    tile_static int* p; // expected-error {{tile_static cannot be applied to a pointer or a reference}}
    tile_static int& r = y; // expected-error {{tile_static cannot be applied to a pointer or a reference}}
    v[t.global] = y;
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

// A default constructor whose parameters all have defaults is the implicit default construction too: no initializer.
struct Defaulted {
  float re, im;
  explicit Defaulted(const float &r = float(), const float &i = float()) restrict(cpu, amp) : re(r), im(i) {}
};

void with_default_arguments(array_view<float, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Defaulted d; // expected-warning {{the constructor and destructor of Defaulted do not run}}
    tile_static Defaulted ds[4]; // expected-warning {{the constructor and destructor of Defaulted do not run}}
    tile_static Defaulted given(1.0f); // expected-error {{a tile_static variable cannot have an initializer}} expected-warning {{do not run}}
    v[t.global] = d.re + ds[0].im + given.re;
  });
}

// Checked in every amp function, whether or not a kernel calls it.
int unused(int x) restrict(amp) {
  tile_static int z = 1; // expected-error {{a tile_static variable cannot have an initializer}}
  return x + z;
}
