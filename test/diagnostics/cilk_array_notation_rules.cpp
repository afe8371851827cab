// Intel's rank and length rules for array notation and the argument rules of the reductions, each
// reported on the line that breaks it.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>

int a[10], b[10][10], c[5];

void rules(int n) {
  a[:] = b[:][:];                         // expected-error {{static assertion failed: the array sections of one statement must have the same rank (scalars aside)}}
  a[0:4] = c[0:5];                        // expected-error {{static assertion failed: the array sections of one statement must have the same length in each rank}}
  int x = __sec_reduce_max_ind(b[:][:]);  // expected-error {{static assertion failed: __sec_reduce_max_ind and __sec_reduce_min_ind take a section of rank 1}}
  int y = __sec_reduce_add(n);            // expected-error {{static assertion failed: the argument of an array-notation reduction must contain an array section}}
  while (__sec_reduce_any_nonzero(a[:]))  // expected-error {{static assertion failed: an array-notation reduction in a loop header is not supported: compute it into a variable before the loop}}
    a[0] = 0;
  // Allowed: a scalar beside sections, a section passed to a function element by element.
  a[0:5] = c[:] * n + x + y;
  b[0][0:10] = a[:];
}
