// Default arguments are bound where the function is declared (cpu at namespace scope, the enclosing
// function's restriction in a local class) and run at the call, in the caller's context.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
int foo() restrict(amp) { return 1; }
int foo() restrict(cpu) { return 2; } // expected-note {{'foo' is declared restrict(cpu) here}}
int both() restrict(cpu, amp) { return 3; }

void boundToCpu(int x = foo()) restrict(amp) {}
void boundToBoth(int x = both()) restrict(amp) {}

void ampCaller() restrict(amp) {
  boundToCpu(); // expected-error {{the default argument calls 'foo', which is restrict(cpu), from restrict(amp) code}}
  boundToBoth();
  boundToCpu(1);
}

void localClass() restrict(amp) {
  struct A {
    static void bound(int x = foo()) restrict(cpu) {}
    static void cpuCaller() restrict(cpu) {
      bound(); // expected-error {{the default argument calls 'foo', which is restrict(amp), from restrict(cpu) code}}
    }
  };
}
// expected-note@4 {{'foo' is declared restrict(amp) here}}
