// Inline assembly is not allowed in restrict(amp) code (C++ AMP v1.2, 2.4.1.2): the error names it, at the asm
// statement (it named the type of the assembly string, 'char'). A cpu function may use it.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int amp_only() restrict(amp) {
  asm volatile("" ::: "memory"); // expected-error {{inline assembly is not supported in restrict(amp) code}}
  return 0;
}

int both() restrict(cpu, amp) {
  __asm__("nop"); // expected-error {{inline assembly is not supported in restrict(amp) code}}
  return 1;
}

int cpu_only() {
  asm volatile("" ::: "memory");
  return 2;
}

void run(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    asm("nop"); // expected-error {{inline assembly is not supported in restrict(amp) code}}
    v[i] = amp_only() + both();
  });
  v[0] = cpu_only();
}
