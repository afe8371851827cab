// Overload resolution by restriction: a call in amp code sees only amp-callable overloads, a call in cpu code
// only cpu ones; a call that no overload satisfies names the candidates and their restrictions.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int host_only(int x) { return x + 1; } // expected-note {{candidate function not viable: call to restrict(cpu) function from restrict(amp) function}}
int amp_only(int x) restrict(amp) { return x + 2; } // expected-note {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}

int twice(int x) restrict(cpu) { return 2 * x; }
int twice(int x) restrict(amp) { return x + x; }

struct Counter {
  int get() const restrict(cpu) { return 1; }
  int get() const restrict(amp) { return 2; }
  void bump() restrict(amp) {}
};

int on_host(int x) {
  Counter c;
  return twice(x) + c.get() + amp_only(x); // expected-error {{no matching function for call to 'amp_only'}}
}

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    Counter c;
    c.bump();
    v[i] = twice(v[i]) + c.get() + host_only(v[i]); // expected-error {{no matching function for call to 'host_only'}}
  });
}

void unknown_specifier() restrict(gpu); // expected-error {{'gpu' is not a restriction specifier (C++ AMP has 'cpu' and 'amp')}}

typedef int cpu_fn(int) restrict(cpu); // a cpu function type is what any function type is
int call_through(int (*p)(int, int) restrict(amp, cpu)); // expected-error {{pointers and references to restrict(amp) functions are not allowed (C++ AMP has no function pointers in amp code)}}
