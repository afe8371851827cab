// The restrict(amp) rules on how data is laid out: arrays and pointer arithmetic over elements that are not
// whole ints, volatile results, classes of the user's holding types amp code lacks. Reported where declared.
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
void takesNarrow(Narrow &a) restrict(cpu, amp) { // expected-error {{type 'Narrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
  a.m2 = 3;
}
void holdsNarrow() restrict(amp) {
  HoldsNarrow h;           // expected-error {{type 'HoldsNarrow' is not supported in restrict(amp) code: its data includes 'm1' of type 'short'}}
}
