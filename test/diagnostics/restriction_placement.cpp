// A restriction specifier goes after the parameter list; in front of the name (where GNU attributes may stand) it
// is an error, whether written directly or through a macro. Functions with C linkage may be restrict(cpu) or
// restrict(amp), not both.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#define CPU_ONLY restrict(cpu)

int CPU_ONLY before_name() { return 0; } // expected-error {{a restriction specifier follows the function's parameter list}}
int after_params() CPU_ONLY { return 0; }

extern "C" int c_amp() restrict(amp) { return 1; }
extern "C" int c_cpu() restrict(cpu) { return 2; }
extern "C" void c_both() restrict(amp, cpu) {} // expected-error {{a function with C linkage cannot be restrict(cpu, amp)}}

struct S {
  int member() const restrict(amp) { return 3; }
};
