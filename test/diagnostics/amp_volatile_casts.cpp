// volatile in amp code, written in a cast or in a reference or pointer declarator, is an error where it is written.
// C++ AMP v1.2 §2.4.1.1: amp-restricted code has no volatile type qualifier (nor volatile accesses).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void casts(int x, int *p) restrict(amp) {
  (volatile int &)x = 1;              // expected-error {{a cast to 'volatile int &' is volatile, which restrict(amp) code does not support}}
  int y = (const volatile int &)x;    // expected-error {{a cast to 'const volatile int &' is volatile, which restrict(amp) code does not support}}
  *static_cast<volatile int *>(p) = y; // expected-error {{a cast to 'volatile int *' is volatile, which restrict(amp) code does not support}}
  y += reinterpret_cast<volatile int &>(x); // expected-error {{a cast to 'volatile int &' is volatile, which restrict(amp) code does not support}}
  volatile int &r = x;                // expected-error {{volatile variable 'r' is not supported in restrict(amp) code}}
  volatile int *q = p;                // expected-error {{volatile variable 'q' is not supported in restrict(amp) code}}
  const int &c = (const int &)x;      // const is no volatile
  (void)c;
}

// cpu code keeps volatile.
int host(int x) {
  (volatile int &)x = 2;
  return x;
}

// A reference or pointer to volatile returned or taken by an amp function.
volatile int &back(int &x) restrict(amp); // expected-error {{volatile return type is not supported in restrict(amp) code}}
int takes(volatile int *p) restrict(amp) { return 0; } // expected-error {{volatile variable 'p' is not supported in restrict(amp) code}}
