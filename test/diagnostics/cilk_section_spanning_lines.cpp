// Array notation whose length spans lines: every later line keeps its number (found by the source rewriter fuzzer).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
// expected-error@7 {{use of undeclared identifier 'undeclared'}}
void f(int *a, int n) {
  a[0 : n
        + 0] = 1;
  undeclared = 2;
}
