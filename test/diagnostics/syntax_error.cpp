// Plain C++ errors in a kernel are Clang's own, with their location.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void f(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = undeclared_name * 2; // expected-error {{use of undeclared identifier 'undeclared_name'}}
  });
}
