// Array notation whose bounds hold a raw string literal with a newline, which cannot be copied on one line: the
// file is left as written, so Clang reports the notation, and every line keeps its number.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
// expected-error@9 {{use of undeclared identifier 'undeclared'}}
void g(int *a) {
  a[0 : sizeof(R"(x
y)")] = 1; // expected-error@-1 {{expected ']'}} expected-note@-1 {{to match this '['}}
  a[0 : 2] = 2; // expected-error {{expected ']'}} expected-note {{to match this '['}}
  undeclared = 3;
}
