// A restrict(amp) lambda in cpu code receives its captures from the host one by one; a structured binding names
// part of another object, which it cannot receive: the error names the binding and says what to do.
// RUN: %ampcc -std=c++20 -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Pair {
  int a, b;
};

void bindings(array_view<int, 1> v, Pair pr) {
  auto [first, second] = pr;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = first; // expected-error {{a restrict(amp) lambda in cpu code cannot capture the structured binding 'first'; copy it into a variable first}}
  });
  int copy = second;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = copy; });
}
