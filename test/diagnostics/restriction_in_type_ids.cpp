// Function types carry their restriction as in C++ AMP: a restrict(amp) function's type is a type of its own
// (`decltype(f)` of an amp-only f is `int() restrict(amp)`, which a type-id may name in a template argument, an
// alias or a typedef), while restrict(cpu) and restrict(cpu, amp) are the plain function type, which is what
// `decltype` gives for such functions (conformance decltype_specifier/expression.01). A restriction that is no
// function type's is a located error.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <type_traits>

int on_host() restrict(cpu);
int on_device() restrict(amp);
int on_both() restrict(cpu, amp);
template <typename T> T amp_template(T) restrict(amp);

static_assert(std::is_same<decltype(on_host), int() restrict(cpu)>::value, "cpu");
static_assert(std::is_same<decltype(on_host), int()>::value, "cpu is the plain type");
static_assert(std::is_same<decltype(on_device), int() restrict(amp)>::value, "amp");
static_assert(!std::is_same<decltype(on_device), int()>::value, "amp is not the plain type");
static_assert(std::is_same<decltype(on_both), int() restrict(cpu, amp)>::value, "cpu, amp");
static_assert(std::is_same<decltype(&on_host), std::add_pointer_t<int() restrict(cpu)>>::value, "nested");
static_assert(!std::is_same<int (*)(), std::add_pointer_t<int() restrict(amp)>>::value, "nested amp");
static_assert(std::is_same<decltype(amp_template<int>), int(int) restrict(amp)>::value, "templates");
static_assert(std::is_same<decltype(on_host), int() restrict(foo)>::value, "x"); // expected-error {{'restrict(foo)' is not a restriction of a function type in a template argument}}

// A pointer or reference typed as to a plain function does not take a restrict(amp) function.
int (*plain_pointer)() = on_device; // expected-error {{cannot initialize a variable of type 'int (*)()' with an lvalue of type 'int () restrict(amp)'}}

// Alias declarations and typedefs.
using CpuFn = int() restrict(cpu);
template <typename T> using CpuFnOf = T(T) restrict(cpu);
static_assert(std::is_same<CpuFn, int()>::value && std::is_same<CpuFnOf<int>, int(int)>::value, "aliases");
typedef int CpuTypedef() restrict(cpu);
using AmpFn = int() restrict(amp);
typedef int AmpTypedef() restrict(amp);
static_assert(std::is_same<AmpFn, decltype(on_device)>::value && std::is_same<AmpTypedef, AmpFn>::value, "amp alias");
int restrict_as_a_name = 1;
using ComparesEqual = bool;
bool same = restrict_as_a_name == 1; // `==` after a name is no alias declaration

// Inside a macro's argument, where the token after the specifier (the template's `>`) is known only once the
// macro is expanded (the conformance suite's TEST(a, b) over is_same).
#define SAME_TYPE(a, b) static_assert(std::is_same<a, b>::value, #a " is " #b)
void in_a_function() restrict(cpu, amp) {
  SAME_TYPE(decltype(on_host), int() restrict(cpu));
  SAME_TYPE(decltype(on_device), int() restrict(amp));
  SAME_TYPE(decltype(on_both), int());
}
#define DECLARE(d) d
DECLARE(int through_macro(int) restrict(amp));
int through_macro(int x) restrict(amp) { return x; }
void calls_it() restrict(amp) { through_macro(1); }
void calls_it_from_cpu() { through_macro(1); } // expected-error {{no matching function for call to 'through_macro'}}
// expected-note@-3 {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}
