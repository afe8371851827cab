// Code outside every function is cpu code: a call in a namespace-scope or class-scope decltype, initializer or
// default member initializer picks the cpu overload; inside an amp function the amp one.
#include <amp.h>
#include <type_traits>
struct cpu_t {};
struct amp_t {};
cpu_t f() restrict(cpu);
amp_t f() restrict(amp);
int g() restrict(amp); // expected-note {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}

static_assert(std::is_same<decltype(f()), cpu_t>::value, "namespace scope is cpu code");
struct S {
  decltype(f()) member;
};
static_assert(std::is_same<decltype(S::member), cpu_t>::value, "class scope is cpu code");
int initialized = g(); // expected-error {{no matching function for call to 'g'}}

void amp_function() restrict(amp) {
  static_assert(std::is_same<decltype(f()), amp_t>::value, "amp function");
}
void cpu_function() { static_assert(std::is_same<decltype(f()), cpu_t>::value, "cpu function"); }
