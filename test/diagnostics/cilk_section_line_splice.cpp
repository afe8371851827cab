// Array notation whose bounds hold a token continued over two lines (a line splice in a string literal): every
// later line keeps its number (found by the source rewriter fuzzer).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
// expected-error@10 {{use of undeclared identifier 'undeclared'}}
void f(int *a) {
  a[0 : sizeof("ab\
cd")] = 1;
  a[sizeof("x\
y") - 3 : 2] = 2;
  undeclared = 3;
}
