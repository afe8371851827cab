// The list of a restriction specifier is macro-expanded, as on MSVC: restrict(RESTRICTION) with RESTRICTION
// defined as amp is restrict(amp) (the conformance suite passes the list as -DAMP_RESTRICTION=amp).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#define RESTRICTION amp
#define BOTH cpu, amp
int only_amp() restrict(RESTRICTION) { return 1; } // expected-note {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}
int both() restrict(BOTH) { return 2; }

void host() {
  both();
  only_amp(); // expected-error {{no matching function for call to 'only_amp'}}
}

void amp_code() restrict(amp) {
  both();
  only_amp();
  auto counter = [n = 0]() mutable restrict(RESTRICTION) { return ++n; };
  counter();
}
