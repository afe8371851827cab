// The restrict(amp) rules on types and names, reported at the declaration or expression at fault.
// RUN: %ampcc -ferror-limit=0 -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

static const int flag = 2;
int counter = 0;

// One error a line: the return type is reported, not again the parameter's.
short narrow(unsigned short s) restrict(amp) { // expected-error {{type 'short' is not supported in restrict(amp) code}}
  return 1;
}

void locals() restrict(amp) {
  long long big = 0;       // expected-error {{type 'long long' is not supported in restrict(amp) code}}
  long double wide = 1;    // expected-error {{type 'long double' is not supported in restrict(amp) code}}
  volatile int v = 1;      // expected-error {{volatile variable 'v' is not supported in restrict(amp) code}}
  bool flags[4];           // expected-error {{arrays of bool are not supported in restrict(amp) code}}
  std::nullptr_t nulls[2]; // expected-error {{arrays of std::nullptr_t are not supported in restrict(amp) code}}
  std::nullptr_t none = nullptr; // a fundamental type of amp code
  int *ptrs[2];            // expected-error {{arrays of pointers are not supported in restrict(amp) code}}
  int n = flag + 3;        // a constant's value may be used
  const int *p = &flag;    // expected-error {{restrict(amp) code cannot take the address of the global variable 'flag'}}
  int *q = (int *)n;       // expected-error {{a cast from an integer to a pointer is not allowed in restrict(amp) code}} expected-warning {{cast to 'int *' from smaller integer type 'int'}}
  long address = (long)q;  // expected-error {{a cast from a pointer to an integer is not allowed in restrict(amp) code}}
  int m = (int)0x2ffffffffLL; // expected-error {{type 'long long' is not supported in restrict(amp) code}}
  char c = 'a';            // expected-error {{type 'char' is not supported in restrict(amp) code}}
  // A character literal converted or discarded at once leaves no char, as on MSVC; one that stays a char does not.
  int converted = 'a' ? 1 : 2, promoted = true ? 'b' : 1, discarded = (1, 'c', 2); // expected-warning 2 {{left operand of comma operator has no effect}}
  int kept = sizeof((1, 'd')); // expected-error {{type 'char' is not supported in restrict(amp) code}}
}

// An object reinterpreted in place as a pointer, or a pointer as an object (references to pointers are allowed:
// test/e2e/references_to_pointers.cpp).
void reinterpreting() restrict(amp) {
  int i = 0;
  int *&r = (int *&)i;  // expected-error {{a cast from 'int' to 'int *&' reinterprets an object as a pointer, which is not allowed in restrict(amp) code}}
}
void reinterpreting_pointer() restrict(amp) {
  float *p = nullptr;
  int &k = (int &)p;    // expected-error {{a cast from 'float *' to 'int &' reinterprets a pointer as an object, which is not allowed in restrict(amp) code}}
}

// An array's elements may not hold bool anywhere in their layout: not as a member, nor in a base.
void arraysHoldingBool() restrict(amp) {
  struct Flag { bool on; };
  struct Derived : Flag {};
  struct Wrapper { int n; Flag f; };
  struct Plain { int n; };
  Flag flags[2];           // expected-error {{arrays of 'Flag' are not supported in restrict(amp) code: its data includes the bool 'on'}}
  Derived derived[2];      // expected-error {{arrays of 'Derived' are not supported in restrict(amp) code: its data includes the bool 'on'}}
  Wrapper wrapped[2];      // expected-error {{arrays of 'Wrapper' are not supported in restrict(amp) code: its data includes the bool 'on'}}
  Plain plain[2];          // an array of a class without bool is fine
  Flag one;                // and so is one object holding a bool
}

// Pointers to pointers and to functions, as a parameter's, variable's or return type; a reference to a pointer
// variable is the pointer's address and allowed.
int twice(int x) restrict(amp) { return 2 * x; }
int indirection(int **pp,          // expected-error {{pointers to pointers are not supported in restrict(amp) code}}
                int (&fn)(int),    // expected-error {{function pointers are not allowed in restrict(amp) code}}
                int *&rp) restrict(amp) {
  int *p = *pp;
  int **again = &p;                // expected-error {{pointers to pointers are not supported in restrict(amp) code}}
  rp = p;
  return fn(*p);                   // expected-error {{a call through a function pointer is not supported in restrict(amp) code}}
}
auto pick() restrict(amp) -> int (*)(int); // expected-error {{function pointers are not allowed in restrict(amp) code}}

void on_host() {
  char fine = 'x';         // cpu code may use any type
  tile_static int shared;  // expected-error {{tile_static variable 'shared' is declared outside restrict(amp) code}}
}
