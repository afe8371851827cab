// A variadic function cannot be restrict(amp) (C++ AMP v1.2, 2.4.1.2): the error is at its declaration, in C++
// AMP's words (Clang's CUDA check words it for CUDA device code).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int sum(int n, ...) restrict(amp) { return n; } // expected-error {{restrict(amp) code does not support variadic functions}}
int both(int n, ...) restrict(cpu, amp) { return n; } // expected-error {{restrict(amp) code does not support variadic functions}}
int host_only(int n, ...) { return n; }

void run(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = sum(2, 1, 2) + both(1, 0); });
  v[0] = host_only(1, 2);
}
