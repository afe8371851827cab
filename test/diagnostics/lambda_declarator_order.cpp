// A lambda declarator says `mutable` before its restriction specifier (C++ AMP 2.1.2); the reverse order is an
// error, spelled directly or through a macro. (Sema reports it, so it has a file of its own: after Sema's errors
// only the restrict(amp) type rules run, not the later analysis that other files test.)
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

#define AMP_BOTH restrict(cpu, amp)
void declaratorOrder(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    []() mutable restrict(amp) {}();
    []() restrict(amp) throw() {}(); // expected-error {{a restrict(amp) function cannot have an exception specification (throw(...))}}
    []() restrict(amp) mutable {}(); // expected-error {{in a lambda declarator 'mutable' comes before the restriction specifier: write 'mutable restrict(...)'}}
    []() AMP_BOTH mutable {}(); // expected-error {{in a lambda declarator 'mutable' comes before the restriction specifier: write 'mutable restrict(...)'}}
    []() throw() restrict(amp) {}(); // expected-error {{expected body of lambda expression}}
    v[i] = 1;
  });
  auto outer = [=]() restrict(cpu) mutable { return v[0]; }; // expected-error {{in a lambda declarator 'mutable' comes before the restriction specifier: write 'mutable restrict(...)'}}
  auto fine = [=]() mutable restrict(cpu) { return v[0]; };
}
