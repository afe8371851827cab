// The restriction a call is resolved in where no function body encloses it, and in lambdas without a specifier
// (C++ AMP, not CUDA): cpu at namespace scope and in classes defined there; the enclosing function's in a local
// class; a trailing return type's own function's; a lambda without a specifier is cpu outside amp code, and amp
// code's own inside it (conformance decltype_specifier/location.01, expression.01).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <type_traits>

struct cpu_t {};
struct amp_t {};
cpu_t f() restrict(cpu);
amp_t f() restrict(amp);
int amp_only() restrict(amp); // expected-note {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}

#define SAME(A, B) static_assert(std::is_same<A, B>::value, #A " is not " #B)

// Namespace scope: cpu.
SAME(decltype(f()), cpu_t);
decltype(f()) returns_cpu_t() restrict(amp);
void takes(decltype(f())) restrict(amp);
auto trailing_amp() restrict(amp) -> decltype(f());
auto trailing_cpu() restrict(cpu) -> decltype(f());
auto trailing_both() restrict(cpu, amp) -> decltype(f());
auto trailing_none() -> decltype(f());

// A class at namespace scope: cpu.
struct Holder {
  decltype(f()) member;
  auto amp_member() restrict(amp) -> decltype(f());
};
SAME(decltype(Holder::member), cpu_t);

void amp_code() restrict(amp) {
  SAME(decltype(returns_cpu_t()), cpu_t);
  SAME(decltype(trailing_amp()), amp_t);
  SAME(decltype(trailing_both()), amp_t);
  SAME(decltype(Holder().amp_member()), amp_t);
  // A local class in amp code: amp.
  struct Local {
    decltype(f()) member;
  };
  SAME(decltype(Local::member), amp_t);
  // A lambda without a specifier in amp code is amp.
  [] { SAME(decltype(f()), amp_t); }();
}

// A lambda without a specifier at namespace scope, in a class, in cpu code, nested or in a template: cpu.
auto at_namespace_scope = [] { SAME(decltype(f()), cpu_t); };
struct WithInitializer {
  void (*p)() = [] { SAME(decltype(f()), cpu_t); };
};
template <typename T> void in_template() {
  [] { SAME(decltype(f()), cpu_t); }();
  [](auto) { SAME(decltype(f()), cpu_t); }(T());
}

void cpu_code() {
  SAME(decltype(trailing_cpu()), cpu_t);
  SAME(decltype(trailing_none()), cpu_t);
  [] { SAME(decltype(f()), cpu_t); }();
  [] { [] { SAME(decltype(f()), cpu_t); }(); }();
  in_template<int>();
  // A lambda with its own specifier keeps it.
  (void)[] () restrict(amp) { SAME(decltype(f()), amp_t); };
  // and a cpu lambda cannot call amp code
  [] { return amp_only(); }(); // expected-error {{no matching function for call to 'amp_only'}}
}
