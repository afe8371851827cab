// A class that holds itself (a fuzzing find: the translator recursed through the invalid field until the stack
// ran out) is Clang's error, once; ampcc's type rules skip the invalid field, in amp code and in a container's
// element type alike.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Holder {  // expected-note {{definition of 'Holder' is not complete until the closing '}'}}
  Holder h;      // expected-error {{field has incomplete type 'Holder'}}
  bool flag;
};

struct Outer : Holder { // Clang says no more once the base is invalid
  Outer again;
  Holder inner[2];
};

void amp_code() restrict(amp) {
  Holder a;
  Outer b;
}

void host_code(array_view<Holder, 1> v) {}

void kernel_capturing(array_view<int, 1> out) {
  struct Functor { // expected-note {{definition of 'Functor' is not complete until the closing '}'}}
    Functor self;  // expected-error {{field has incomplete type 'Functor'}}
    array_view<int, 1> v;
    void operator()(index<1> i) const restrict(amp) { v[i] = 1; }
  };
  Functor f{f, out};
  parallel_for_each(out.extent, f);
}
