// An enumeration in amp code is amp-compatible only over int, unsigned int, long or unsigned long; any other
// underlying type is reported where amp code uses the enumeration, with a note at the enumeration.
// C++ AMP v1.2 §2.4.1.2 (the fundamental types amp code has) and §2.4.1.3 (compound types: enumerations).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

enum EChar : char { c0 };                 // expected-note {{enumeration 'EChar' has the underlying type 'char'; restrict(amp) code takes enumerations over int, unsigned int, long and unsigned long only}}
enum class EShort : short { s0 };         // expected-note {{enumeration 'EShort' has the underlying type 'short'}}
enum ELongLong : long long { l0 };        // expected-note {{enumeration 'ELongLong' has the underlying type 'long long'}}
enum EBool : bool { b0 };                 // expected-note {{enumeration 'EBool' has the underlying type 'bool'}}
enum EUChar : unsigned char { u0 };       // expected-note {{enumeration 'EUChar' has the underlying type 'unsigned char'}}

// These are fine.
enum EInt : int { i0 };
enum class EUInt : unsigned int { ui0 };
enum ELong : long { lo0 };
enum class EULong : unsigned long { ul0 };
enum EPlain { p0, p1 };

int fine(EInt a, EUInt b, ELong c, EULong d, EPlain e) restrict(amp) {
  return (int)a + (int)b + (int)c + (int)d + (int)e;
}

void narrow(EChar a) restrict(amp) {   // expected-error {{type 'EChar' is not supported in restrict(amp) code}}
  EShort s = EShort::s0;               // expected-error {{type 'EShort' is not supported in restrict(amp) code}}
  ELongLong l = l0;                    // expected-error {{type 'ELongLong' is not supported in restrict(amp) code}}
  EBool b;                             // expected-error {{type 'EBool' is not supported in restrict(amp) code}}

}

EUChar back() restrict(amp) { return u0; } // expected-error {{type 'EUChar' is not supported in restrict(amp) code}}

// cpu code uses any enumeration.
int host() {
  EChar a = c0;
  ELongLong l = l0;
  return (int)a + (int)l;
}
