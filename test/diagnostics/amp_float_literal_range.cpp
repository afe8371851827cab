// In amp code a floating literal beyond the largest finite value of its type is an error (C++ would round it),
// as MSVC reports; the largest values themselves are fine, and so are the library's constants for them (Clang's
// FLT_MAX is spelled 3.40282347e+38F, above the largest float when read as a double).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <cfloat>

void f() restrict(amp) {
  float a = 3.402823467e+38f; // expected-error {{floating literal 3.402823467e+38 is beyond the largest 'float'}}
  double b = 1.7976931348623159e+308; // expected-error {{floating literal 1.7976931348623159e+308 is beyond the largest 'double'}} expected-warning {{magnitude of floating-point constant too large for type 'double'}}
  float c = 3.40282346e+38f;
  double d = 1.7976931348623157e+308;
  double d2 = 1.7976931348623158e+308; // rounds to the largest double: fine, as MSVC
  float e = 1e-50f; // expected-warning {{magnitude of floating-point constant too small for type 'float'}}
  float fmax = FLT_MAX;
  double dmax = DBL_MAX;
}

void g() {
  float host = 3.402823467e+38f; // host code: C++'s rounding
}
