// Calls across restrictions, checked in every restricted function whether or not a kernel reaches it.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int host_only(int x) { return x + 1; } // expected-note 2 {{'host_only' is declared restrict(cpu) here}}
int amp_only(int x) restrict(amp) { return x; } // expected-note {{'amp_only' is declared restrict(amp) here}}
int twin(int x) restrict(cpu) { return x; }
int twin(int x) restrict(amp) { return -x; }

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = ::host_only(v[i]); // expected-error {{call to 'host_only', which is not restrict(amp), from restrict(amp) code}}
  });
}

// Never called, still checked: both sides must be able to make each call.
int both(int x) restrict(cpu, amp) {
  int a = twin(x);      // fine: each side has its overload
  int b = ::amp_only(x); // expected-error {{call to 'amp_only', which is restrict(amp) only, from restrict(cpu, amp) code: the cpu side has no overload to call}}
  return a + b;
}

auto lambda = [](int &flag) restrict(cpu, amp) { flag = ::host_only(flag); }; // expected-error {{call to 'host_only', which is not restrict(amp), from restrict(cpu, amp) code}}

class Resource {
public:
  Resource() {}
  Resource(int) restrict(amp) {}
  ~Resource(); // expected-error {{the destructor of 'Resource' must be restrict(amp) too: its constructor at line 29 is restrict(amp)}}
};

struct Flags {
  int get() volatile restrict(amp) { return 0; } // expected-error {{volatile member function 'get' cannot be restrict(amp)}}
};

// cpu code cannot call amp-only functions, also where a qualified name leaves Sema one function to call.
namespace amp_helpers {
int only(int x) restrict(amp) { return x; } // expected-note {{'only' is declared restrict(amp) here}}
float cos(float x) restrict(amp); // expected-note {{'cos' is declared restrict(amp) here}}
} // namespace amp_helpers
float host_math(float f) {
  int n = amp_helpers::only(1); // expected-error {{call to 'only', which is restrict(amp) only, from restrict(cpu) code}}
  return amp_helpers::cos(f) + n; // expected-error {{call to 'cos', which is restrict(amp) only, from restrict(cpu) code}}
}
