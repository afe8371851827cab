// restrict(amp) code cannot recurse (AmpCallRules): every call that closes a cycle of calls is reported,
// whichever function a kernel calls first, and calls into a cycle from outside it are not.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int fact(int n) restrict(amp) {
  return n <= 1 ? 1 : n * fact(n - 1); // expected-error {{recursive call to 'fact': restrict(amp) code cannot recurse}}
}

int ping(int n) restrict(amp);
int pong(int n) restrict(amp) { return n <= 0 ? 0 : ping(n - 1); } // expected-error {{recursive call to 'ping': restrict(amp) code cannot recurse}}
int ping(int n) restrict(amp) { return n <= 0 ? 1 : pong(n - 1); } // expected-error {{recursive call to 'pong': restrict(amp) code cannot recurse}}
int callsTheCycle(int n) restrict(amp) { return ping(n); } // outside the cycle: no error

template <typename T> T power(T x, int n) restrict(amp) {
  return n == 0 ? T(1) : x * power(x, n - 1); // expected-error {{recursive call to 'power': restrict(amp) code cannot recurse}}
}
void templates(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = power(v[i], 3); });
}

// A default argument runs in the caller: `start()` in `next` calls `next` again through it.
int next(int n) restrict(cpu, amp);
int start(int n = next(0)) restrict(cpu, amp) { return n; }
int next(int n) restrict(cpu, amp) {
  return n > 0 ? start() : 0; // expected-error {{recursive call to 'next': restrict(amp) code cannot recurse}}
}
