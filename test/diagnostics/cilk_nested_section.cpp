// A section in the bounds of another section: the rewriting must not repeat the rest of the file after it
// (found by the source rewriter fuzzer: every line after such a statement came out twice).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
int g();
void f(int *a, int *b) {
  a[b[0 : 2] : 3] = 1; // expected-error {{expected ']'}} expected-note {{to match this '['}} expected-error {{the array sections of one statement must have the same length in each rank}}
  undeclared = g(); // expected-error {{use of undeclared identifier 'undeclared'}}
}
