// Misuse of cilk_spawn and cilk_sync, each reported where it is written.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>

int f(int x) { return x + 1; }
int g;
struct S {
  int v;
};

int bad(int n) {
  int a = 0;
  cilk_spawn a + 1;            // expected-error {{'cilk_spawn' must be followed by a function call: 'a + 1' is not one}} expected-warning {{expression result unused}}
  a = cilk_spawn f(n) + 1;     // expected-error {{'cilk_spawn' must be followed by a function call: 'f(n) + 1' is not one}}
  a += cilk_spawn f(n);        // expected-error {{'cilk_spawn' may only begin a statement, the right side of an assignment statement or a local variable's initializer}}
  f(cilk_spawn f(n));          // expected-error {{'cilk_spawn' may only begin a statement, the right side of an assignment statement or a local variable's initializer}}
  if (cilk_spawn f(n))         // expected-error {{'cilk_spawn' may only begin a statement, the right side of an assignment statement or a local variable's initializer}}
    a = 2;
  int b = 1, c = cilk_spawn f(n); // expected-error {{'cilk_spawn' initializes a variable only in a declaration of that variable alone}}
  static int d = cilk_spawn f(n); // expected-error {{'cilk_spawn' initializes a variable only as a local variable's '= cilk_spawn call(...)'}}
  const int e = cilk_spawn f(n);  // expected-error {{the receiver of 'cilk_spawn' is assigned when the call returns: it cannot be a reference or const}}
  S s = {cilk_spawn f(n)};     // expected-error {{'cilk_spawn' may only begin a statement, the right side of an assignment statement or a local variable's initializer}}
  cilk_sync a = 1;             // expected-error {{'cilk_sync' must be a statement of its own, followed by ';'}}
  return cilk_spawn f(n);      // expected-error {{'cilk_spawn' may only begin a statement, the right side of an assignment statement or a local variable's initializer}}
}

int h = cilk_spawn f(1); // expected-error {{'cilk_spawn' initializes a variable only as a local variable's '= cilk_spawn call(...)'}}

__declspec(target(gfx)) int df(int x) { return x * 2; }

__declspec(target(gfx)) int on_device(int n) {
  int r = cilk_spawn df(n); // expected-error {{'cilk_spawn' in code that runs on the device: fork-join parallelism is for host code}}
  cilk_sync;               // expected-error {{'cilk_sync' in code that runs on the device: fork-join parallelism is for host code}}
  return r;
}
