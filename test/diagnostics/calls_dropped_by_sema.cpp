// A restrict(amp) or restrict(cpu, amp) function with external linkage calling a restrict(cpu) function or
// conversion: Sema drops such a call from the AST on the spot (a statement `r += (int)Three{};` vanished, an
// initializer became none), so the kernel silently computed without it (0 instead of 104) or said "RecoveryExpr
// is not supported". Each is an error at the call, in the words of the other call errors.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Three {
  operator int() const { return 3; }
};
int host_only(int x) { return x * 2; } // expected-note {{'host_only' is declared restrict(cpu) here}}

int both(int i) restrict(cpu, amp) {
  int r = 100;
  r += (int)Three{}; // expected-error {{this expression calls a function that is not restrict(amp) (a conversion, an operator or a constructor), from restrict(cpu, amp) code}}
  int x = (int)Three{}; // expected-error {{this expression calls a function that is not restrict(amp) (a conversion, an operator or a constructor), from restrict(cpu, amp) code}}
  int y = host_only(i); // expected-error {{call to 'host_only', which is not restrict(amp), from restrict(cpu, amp) code}}
  return r + x + y + Three{}; // expected-error {{this expression calls a function that is not restrict(amp) (a conversion, an operator or a constructor), from restrict(cpu, amp) code}}
}

int amp_only(int i) restrict(amp) {
  int r = 0;
  r += (int)Three{}; // expected-error {{this expression calls a function that is not restrict(amp) (a conversion, an operator or a constructor), from restrict(amp) code}}
  return r + i;
}

// Functions Sema does not emit for certain (inline, templates, lambdas) keep their calls: the usual check.
inline int inline_both(int i) restrict(cpu, amp) {
  return host_only(i); // expected-error {{call to 'host_only', which is not restrict(amp), from restrict(cpu, amp) code}}
}

int main() {
  int d[1] = {0};
  array_view<int, 1> v(1, d);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = both(1) + amp_only(1) + inline_both(1); });
}
