// Violations of the restrict(amp) rules are reported at the offending expression.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int counter = 0;

struct Shape {
  virtual int area() const restrict(amp) { return 0; } // expected-error {{virtual functions cannot be restrict(amp)}}
  int twice() const restrict(amp) { return 2 * area(); } // expected-error {{virtual call to 'area' in restrict(amp) code}}
};

int fact(int n) restrict(amp) {
  return n <= 1 ? 1 : n * fact(n - 1); // expected-error {{recursive call to 'fact': restrict(amp) code cannot recurse}}
}

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = counter; // expected-error {{restrict(amp) code cannot use the global variable 'counter'}}
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int* p = new int(3); // expected-error {{new is not supported in restrict(amp) code}}
    v[i] = *p;
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    if (v[i] < 0)
      throw 1; // expected-error {{throw is not supported in restrict(amp) code}}
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    auto f = fact; // expected-error 2 {{function pointers are not allowed in restrict(amp) code}}
    v[i] = 0;
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    static int calls = 0; // expected-error {{static variables are not allowed in restrict(amp) code}}
    v[i] = calls;
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = fact(3);
  });
}

// A restrict(amp) function no kernel calls is checked too.
int unused(int x) restrict(amp) {
  try { // expected-error {{try/catch is not supported in restrict(amp) code}}
    return x;
  } catch (...) {
    return 0;
  }
}

int jumps(int x) restrict(amp) {
  if (x < 0)
    goto done; // expected-error {{goto is not supported in restrict(amp) code}}
  x = 2 * x;
done: // expected-error {{a labeled statement is not supported in restrict(amp) code}}
  return x;
}
