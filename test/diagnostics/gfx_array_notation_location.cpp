// Clang's own errors in a statement with array notation still name the user's file and line: the
// Frontend rewrite keeps every line (only columns after the start of the statement move).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
int main() {
  int a[8] = {0};
  a[0:4] = 1;
  a[:] = undeclared_b[0:8];  // expected-error {{use of undeclared identifier 'undeclared_b'}}
  int ok = 2;                 // a later line is where it was
  undeclared_c = ok;          // expected-error {{use of undeclared identifier 'undeclared_c'}}
}
