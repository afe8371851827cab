// A class holding an array of pointers is no amp type, as a class holding a pointer is not: amp code has pointers
// as local variables, parameters and return values only, never as data members or array elements. The error is at
// the field, with a note where the class reaches amp code. (ampcc accepted such a class, lowered its pointers as
// private ones, and a pointer into a view gave OpenCL C that did not compile.)
// C++ AMP v1.2 §2.4.1.3 (pointers are not allowed as data members or element types; MSVC's C3581, the conformance
// suite's Comp_Type/Negative/PointerArrayElementType and Class.02).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Ptrs {
  int *p[2]; // expected-error {{field 'p' is an array of pointers; restrict(amp) code has no pointers in classes or arrays}}
  int n;
};
struct Table {
  float *rows[2][3]; // expected-error {{field 'rows' is an array of pointers; restrict(amp) code has no pointers in classes or arrays}}
};
struct Values {
  int v[2]; // an array of values is fine
};

int sum(Ptrs q) restrict(amp) { return *q.p[0] + *q.p[1]; } // expected-note {{'Ptrs' is used in restrict(amp) code here}}

void kernel(array_view<int, 1> a) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
    Table t; // expected-note {{'Table' is used in restrict(amp) code here}}
    Values w = {{1, 2}};
    a[i] = w.v[0] + (t.rows[0][0] ? 1 : 0);
  });
}

// cpu code holds pointers anywhere.
int host() {
  int x = 1;
  Ptrs h = {{&x, &x}, 2};
  return *h.p[0] + h.n;
}
