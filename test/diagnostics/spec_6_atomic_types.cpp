// C++ AMP v1.2 §6: the atomic read-modify-write operations take int or unsigned int (atomic_exchange also float),
// in global or tile_static memory; they are amp functions, not for cpu code.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void kernel(array_view<float, 1> f, array_view<int, 1> n) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    atomic_fetch_add(&f[i], 1.0f); // expected-error {{no matching function for call to 'atomic_fetch_add'}}
    atomic_fetch_max(&f[i], 1.0f); // expected-error {{no matching function for call to 'atomic_fetch_max'}}
    atomic_exchange(&f[i], 2.0f);  // the one float atomic
    atomic_fetch_inc(&n[i]);
  });
}

int host(int *p) {
  return atomic_fetch_add(p, 1); // expected-error {{no matching function for call to 'atomic_fetch_add'}}
}
// expected-note@amp.h:* 0+ {{}}

// restrict(cpu, amp) code may call them: its cpu side calls the host version.
int both(int *p) restrict(cpu, amp) { return atomic_fetch_inc(p); }
