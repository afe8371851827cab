// C++ AMP v1.2 §2.2.1: a restriction is part of a function's declaration; an out-of-class definition of a member
// must repeat the restriction it was declared with, else it defines nothing that was declared.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

struct Scale {
  int k;
  int apply(int x) const restrict(amp);
  int host_only(int x) const;
  int both(int x) const restrict(cpu, amp);
};

int Scale::apply(int x) const restrict(amp) { return k * x; }
int Scale::host_only(int x) const restrict(amp) { return x; } // expected-error {{}}
int Scale::both(int x) const restrict(amp) { return x; }      // expected-error {{}}
// expected-note@*:* 0+ {{}}
