// restrict(...) before an exception specification, written so or reached through macros (the conformance
// suite's `__CPU_ONLY_EXPLICIT EXCEPTION_SPECIFICATION`): the declaration stands, with its restriction (a cpu-only
// function is not callable from amp code) and its exception specification.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#define CPU_ONLY restrict(cpu)
#define SPEC throw(int)
#define NO_SPEC

int f(int x) restrict(cpu) throw() { return x; } // expected-note {{candidate function not viable: call to restrict(cpu) function from restrict(amp) function}}
int g(int x) CPU_ONLY SPEC;
int g(int x) CPU_ONLY SPEC { return x; }
int h(int x) CPU_ONLY NO_SPEC;
int k(int x) CPU_ONLY noexcept;
int k2(int x) restrict(amp) { return x; }

struct S {
  int m(int) const CPU_ONLY SPEC;
  virtual int v(int) CPU_ONLY SPEC;
};
int S::m(int x) const CPU_ONLY SPEC { return x; }

typedef int fn_t(int) CPU_ONLY SPEC;
void takes(int (*p)(int) CPU_ONLY SPEC);

static_assert(!noexcept(g(1)), "g keeps throw(int)");
static_assert(noexcept(k(1)), "k keeps noexcept");
static_assert(noexcept(f(1)), "f keeps throw()");

int amp_side(int x) restrict(amp) {
  return k2(x) + f(x); // expected-error {{no matching function for call to 'f'}}
}

// After the exception specification it is an error (C++ AMP's grammar puts the restriction first).
void late() throw() restrict(cpu) {} // expected-error {{a restriction specifier comes before the exception specification (write 'void f() restrict(cpu) throw()')}}
void late_macro() throw(...) CPU_ONLY {} // expected-error {{a restriction specifier comes before the exception specification}}

// `register`, which C++17 removed, is taken as MSVC took it.
int with_register(register int x) CPU_ONLY SPEC { return x; }
