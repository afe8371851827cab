// A restrict(amp) function called by a kernel must be defined in the translation unit (amp code is compiled for
// the kernels that reach it); one that no kernel reaches may call a function only declared, as on MSVC
// (conformance decltype_specifier/location.01 declares such functions to test their types).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int declared_only() restrict(amp);
int unreached() restrict(amp) { return declared_only() + 1; }

void host(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = declared_only(); // expected-error {{'declared_only' has no definition that ampcc can see; restrict(amp) functions must be defined in the translation unit}}
  });
}
