// The amp side of a restrict(cpu, amp) template's specialization is judged where amp code reaches it: a
// specialization only cpu code calls is compiled for the cpu alone, so its calls of cpu-only functions are no error
// (the Algorithms Library's not1 makes its unary_negate through a constructor without restrict(amp), and its tests
// call not1 on the host). A specialization that amp code reaches is judged as any amp function, and so is a
// restrict(cpu, amp) function that is no template's, called or not (amp_call_rules.cpp).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

template <typename P> struct negated {
  P pred;
  explicit negated(const P &p) : pred(p) {} // expected-note {{'negated' is declared restrict(cpu) here}}
  bool operator()(int x) const restrict(cpu, amp) { return !pred(x); }
};
template <typename P> negated<P> negate(const P &p) restrict(cpu, amp) { return negated<P>(p); }
template <typename P> negated<P> negate_in_kernel(const P &p) restrict(cpu, amp) {
  return negated<P>(p); // expected-error {{call to 'negated', which is not restrict(amp), from restrict(cpu, amp) code}}
}

struct odd {
  bool operator()(int x) const restrict(cpu, amp) { return x % 2 != 0; }
};
struct positive {
  bool operator()(int x) const restrict(cpu, amp) { return x > 0; }
};

// negate<odd>: cpu code only, through a restrict(cpu, amp) template that only cpu code calls too.
template <typename P> bool apply_negated(const P &p, int x) restrict(cpu, amp) { return negate(p)(x); }
bool on_host(int x) { return negate(odd())(x) && apply_negated(odd(), x); }

// negate_in_kernel<positive>: a kernel reaches it, through a function that both sides call.
template <typename P> bool through(const P &p, int x) restrict(cpu, amp) { return negate_in_kernel(p)(x); }
void kernel(array_view<int, 1> v) {
  bool h = through(positive(), 1);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = through(positive(), v[i]); });
}

int host_only(int x) { return x; }
// No template's: judged whether called or not.
int never_called(int x) restrict(cpu, amp) {
  return host_only(x); // expected-error {{call to 'host_only', which is not restrict(amp), from restrict(cpu, amp) code}}
}
