// restrict(amp) functions and lambdas cannot have dynamic exception specifications (amp code has no exceptions).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

int main() {
  auto lam = []() restrict(amp) throw() { return 4; }; // expected-error {{a restrict(amp) function cannot have an exception specification (throw(...))}}
  auto ok = []() restrict(cpu) throw() { return 4; };
  return ok();
}
