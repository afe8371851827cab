// A kernel launched through its object (a lambda kept in a variable) is described by a table the host rewrite
// writes at the end of the file, which names each captured view's type: a type local to the function has no
// name there, so it is a located error at the capture, not a host compile failing inside ampcc's text.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <vector>
using namespace concurrency;

void local_element_type() {
  struct Pixel { int r, g; };
  std::vector<Pixel> d(8);
  array_view<Pixel, 1> v(8, d);
  auto k = [=](index<1> i) restrict(amp) { v[i].r = i[0]; }; // expected-error {{ampcc launches this kernel through its kernel object and needs to name the type of 'v' ('array_view<Pixel, 1>') outside the function: declare the element type at namespace scope}}
  parallel_for_each(v.extent, k);
}

struct Outer { int r; };

void namespace_scope_element_type() {
  std::vector<Outer> d(8);
  array_view<Outer, 1> ok(8, d);
  auto fine = [=](index<1> i) restrict(amp) { ok[i].r = 1; }; // a namespace-scope element type: no error
  parallel_for_each(ok.extent, fine);
}
