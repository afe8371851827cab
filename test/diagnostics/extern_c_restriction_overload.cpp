// Functions with C linkage have one symbol per name: overloading one on its restriction is an error (MSVC's
// C2733) at the later declaration. Redeclarations and C++ overloads are fine.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

extern "C" void foo() restrict(amp) {} // expected-note {{the other declaration of 'foo' with C linkage is here}}
extern "C" void foo() restrict(cpu) {} // expected-error {{'foo' has C linkage: it cannot be overloaded on its restriction (both would be one symbol)}}

extern "C" {
int twice(int x) restrict(amp);
int twice(int x) restrict(amp) { return 2 * x; }
}

void cxx() restrict(amp) {}
void cxx() restrict(cpu) {}
