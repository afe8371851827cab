// The restrict(amp) rules on how data is laid out: arrays and pointer arithmetic over elements that are not
// whole ints, volatile results, classes of the user's holding types amp code lacks. Reported where declared.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

// Arrays of classes whose size is not a multiple of int's (an empty class, one byte) are not laid out either.
void arraysOfOddSizes() restrict(amp) {
  class Empty {};
  struct Pair { int a; int b; };
  Empty empties[5];        // expected-error {{arrays of 'Empty' are not supported in restrict(amp) code: its size, 1 byte, is not a multiple of the size of int}}
  Pair pairs[2];
}

// Pointer arithmetic needs elements of whole ints.
void boolPointers(bool x) restrict(amp) {
  bool *y = &x;
  bool *z = y + 1;         // expected-error {{pointer arithmetic on 'bool *' is not supported in restrict(amp) code}}
  --y;                     // expected-error {{pointer arithmetic on 'bool *' is not supported in restrict(amp) code}}
  int n = 0;
  int *p = &n;
  p = p + 1;
}

// A volatile return type; classes of the user's whose data holds a type amp code lacks.
volatile int volatileResult() restrict(amp) { // expected-error {{volatile return type is not supported in restrict(amp) code}}
  return 0;
}
struct Narrow {
  short m1;
  long m2;
};
struct HoldsNarrow {
  int i;
  Narrow n;
};
// A pointer or reference to such a class is reported where declared, and each member used through it, as MSVC
// reports it (the conformance suite's type_checking tests name the member access).
void takesNarrow(Narrow &a) restrict(cpu, amp) { // expected-error {{type 'Narrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
  a.m2 = 3;                // expected-error {{type 'Narrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
}
void pointsToNarrow(Narrow *p) restrict(amp) { // expected-error {{type 'Narrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
  p->m2 = 1;               // expected-error {{type 'Narrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
  (*p).m2 = 2;             // expected-error {{type 'Narrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
}
void holdsNarrow() restrict(amp) {
  HoldsNarrow h;           // expected-error {{type 'HoldsNarrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
}
