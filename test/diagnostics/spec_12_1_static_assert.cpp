// C++ AMP v1.2 §12.1: static_assert works in amp code as in any C++ code: a false condition is a compile-time error
// at the assertion, in a restrict(amp) function, a kernel and a template instantiated for amp code.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

template <typename T> T twice(T v) restrict(amp) {
  static_assert(sizeof(T) == 4, "twice needs a 32-bit type"); // expected-error {{twice needs a 32-bit type}}
  return v + v;
}

int f(int x) restrict(amp) {
  static_assert(sizeof(int) == 4, "int is 32 bits");
  static_assert(sizeof(x) == 8, "amp int is not 64 bits"); // expected-error {{amp int is not 64 bits}}
  return twice(x);
}

void kernel(array_view<double, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    static_assert(1 + 1 == 3, "in a kernel"); // expected-error {{in a kernel}}
    v[i] = twice(v[i]); // expected-note {{in instantiation of}}
  });
}
// expected-note@*:* 0+ {{}}
