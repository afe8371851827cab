// The rules of '#pragma offload target(gfx)' loop nests, each reported at the pragma or where it is broken.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <gfx/gfx_rt.h>

int global_scale = 2;

void not_a_loop(float *a, int n) {
#pragma offload target(gfx) pin(a: length(n))  // expected-error {{'#pragma offload target(gfx)' must be followed by a '_Cilk_for' loop nest}}
  a[0] = 1;
}

void serial_loop(float *a, int n) {
#pragma offload target(gfx) pin(a: length(n))  // expected-error {{'#pragma offload target(gfx)' must be followed by a '_Cilk_for' loop nest}}
  for (int i = 0; i < n; i++)
    a[i] = 1;
}

void at_the_end(float *a, int n) {
  _Cilk_for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma offload target(gfx) pin(a: length(n))  // expected-error {{'#pragma offload target(gfx)' must be followed by a '_Cilk_for' loop nest}}
}

void uses(float *a, float *b, int n) {
  int count = 0;
#pragma offload target(gfx) pin(a: length(n))
  _Cilk_for (int i = 0; i < n; i++) {
    a[i] = b[i] * global_scale;  // expected-error {{'b' is used by the offloaded '_Cilk_for' nest but is not in a pin(...) clause of its '#pragma offload target(gfx)'}} expected-error {{an offloaded '_Cilk_for' nest can use only local variables and parameters, not the global variable 'global_scale'}}
    count += 1;                  // expected-error {{an offloaded '_Cilk_for' nest cannot assign 'count': it gets a copy of each variable of the function}}
  }
}

void clauses(float *a, int n) {
#pragma offload target(gfx) pin(a: length(n)) in(n) mandatory  // expected-error {{ampcc does not know the clause 'mandatory' of '#pragma offload target(gfx)'; it takes pin, in, out, inout, if, signal and wait}}
  _Cilk_for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma offload target(gfx) out(a)  // expected-error {{an out clause of '#pragma offload target(gfx)' has the form 'out(p, q: length(n))'}}
  _Cilk_for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma offload target(gfx) pin(a)  // expected-error {{a pin clause of '#pragma offload target(gfx)' has the form 'pin(p, q: length(n))'}}
  _Cilk_for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma offload target(gfx) pin(n: length(1))  // expected-error {{pin(...) takes the names of pointer or array variables}}
  _Cilk_for (int i = 0; i < n; i++)
    a[i] = 0;
}

void waits(int *tag) {
#pragma offload_wait target(gfx) wait(tag)
#pragma offload_wait target(gfx)  // expected-error {{'#pragma offload_wait target(gfx)' takes one clause, wait(tag)}}
#pragma offload_wait target(gfx) signal(tag)  // expected-error {{'#pragma offload_wait target(gfx)' takes one clause, wait(tag)}}
}

void shapes(int *a, int n) {
#pragma offload target(gfx) pin(a: length(n * n))
  _Cilk_for (int i = 0; i < n; i++)
    _Cilk_for (int j = i; j < n; j++)  // expected-error {{non-rectangular offloaded '_Cilk_for' nest: the bounds of a loop cannot use 'i', the variable of an enclosing loop of the same nest}}
      a[i * n + j] = 1;
#pragma offload target(gfx) pin(a: length(16))
  _Cilk_for (int i = 0; i < 2; i++)
    _Cilk_for (int j = 0; j < 2; j++)
      _Cilk_for (int k = 0; k < 2; k++)
        _Cilk_for (int l = 0; l < 2; l++)  // expected-error {{an offloaded '_Cilk_for' nest can have at most 3 loops (its iterations form a grid of up to 3 dimensions); this is loop 4}}
          a[i * 8 + j * 4 + k * 2 + l] = 1;
#pragma offload target(gfx) pin(a: length(n))
  _Cilk_for _Thread_group (int g = 0; g < n; g += 4)
    _Cilk_for (int i = g; i < g + 4; i++)
      a[i] = 1;
#pragma offload target(gfx) pin(a: length(n))
  _Cilk_for _Thread_group (int g = 0; g < n; g += 4) {  // expected-error {{a '_Cilk_for _Thread_group' nest needs at least one second-level '_Cilk_for' nest directly inside it}}
    int lo = g * 2;
    a[lo] = 1;  // expected-error {{serial code in a thread-group nest cannot write memory through a pointer; write it in a second-level '_Cilk_for' nest}}
  }
}
