// Lambdas inside amp code: a capture by reference must point to private memory (OpenCL C 1.2 pointers
// have one address space). A cpu-only lambda called from amp code: amp_statement_rules.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void globalByReference(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int &element = v[i];
    auto bump = [&]() { element += 1; }; // expected-error {{a lambda in restrict(amp) code can capture by reference only variables in private memory; capture 'element' by value}}
    bump();
  });
}

// A tile_static variable has static storage, so a lambda uses it without capturing it (e2e/tile_static_storage), except
// one of a class with a constructor, which the translator keeps automatic (docs/design/restriction-specifiers.md).
struct Counter {
  int n;
  Counter() restrict(amp) : n(0) {}
};
void constructedTileStaticByReference(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Counter c; // expected-warning {{the constructor and destructor of Counter do not run for a tile_static variable: its value starts undefined}}
    auto bump = [&]() { c.n += 1; }; // expected-error {{a lambda in restrict(amp) code can capture by reference only variables in private memory; capture 'c' by value}}
    bump();
    v[t] = c.n;
  });
}
