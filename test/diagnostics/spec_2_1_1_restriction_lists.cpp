// C++ AMP v1.2 §2.1.1: a restriction specifier lists at least one restriction; an empty list is an error, on a
// function and on a lambda. Two specifiers on one declarator combine: the function has both restrictions.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

int f(int x) restrict() { return x; } // expected-error {{empty restriction specifier list: write restrict(cpu), restrict(amp) or restrict(cpu, amp)}}

int g(int x) restrict(cpu) restrict(amp) { return x; }
int from_amp(int x) restrict(amp) { return g(x); }
int from_cpu(int x) { return g(x); }

void lambda() {
  auto q = [](int x) restrict() { return x; }; // expected-error {{empty restriction specifier list: write restrict(cpu), restrict(amp) or restrict(cpu, amp)}}
  (void)q;
}
