// C++ AMP v1.2 §2.4.1.2: amp code may use only the fundamental types the specification lists; the character types
// beyond char (wchar_t, char16_t, char32_t, signed and unsigned char) are not among them, in any declaration.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

int wide(wchar_t w) restrict(amp) { // expected-error {{type 'wchar_t' is not supported in restrict(amp) code}}
  return 0;
}

void locals(int *p) restrict(amp) {
  char16_t a = 0;      // expected-error {{type 'char16_t' is not supported in restrict(amp) code}}
  char32_t b = 0;      // expected-error {{type 'char32_t' is not supported in restrict(amp) code}}
  signed char c = 0;   // expected-error {{type 'signed char' is not supported in restrict(amp) code}}
  unsigned char d = 0; // expected-error {{type 'unsigned char' is not supported in restrict(amp) code}}
  *p = a + b + c + d;  // expected-error {{type 'char16_t' is not supported in restrict(amp) code}}
}

// cpu code may use them all.
int host(wchar_t w, char16_t a, unsigned char d) { return w + a + d; }
