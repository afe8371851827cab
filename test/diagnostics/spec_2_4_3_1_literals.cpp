// C++ AMP v1.2 §2.4.3.1: in amp code a string literal may only be the format of the direct3d printing intrinsics,
// and an integer literal is judged by its value, not its suffix: one that 32 bits hold, converted at once, is
// allowed; one that stays long long, or whose value needs more bits, is not.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

void strings(int *p) restrict(amp) {
  p[0] = 1;
  auto s = "text"; // expected-error {{type 'char' is not supported in restrict(amp) code}}
}

void integers(int *p) restrict(amp) {
  int a = 0x1234LL; // the suffix names long long, the value fits int
  unsigned b = 7ULL;
  int c = (int)5LL;
  p[0] = a + b + c;
  auto d = 1LL;             // expected-error {{type 'long long' is not supported in restrict(amp) code}}
  int e = 0x100000000LL;    // expected-error {{type 'long long' is not supported in restrict(amp) code}} expected-warning {{implicit conversion}}
}
