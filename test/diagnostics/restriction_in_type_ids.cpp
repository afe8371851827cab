// A function type written in a template argument carries restrict(cpu) as any function type does (it is what no
// specifier means); another restriction there cannot be carried, since Clang's function types take no attribute,
// and is a located error rather than a parse error. The same in alias declarations and typedefs.
#include <type_traits>

int on_host() restrict(cpu);
int on_device() restrict(amp);

static_assert(std::is_same<decltype(on_host), int() restrict(cpu)>::value, "cpu");
static_assert(std::is_same<decltype(on_device), int() restrict(amp)>::value, "amp"); // expected-error {{ampcc cannot carry restrict(amp) in a function type named in a template argument; only restrict(cpu), the restriction of a function type without a specifier, can stand there}}
static_assert(std::is_same<decltype(&on_host), std::add_pointer_t<int() restrict(cpu)>>::value, "nested");
static_assert(std::is_same<int (*)(), std::add_pointer_t<int() restrict(amp)>>::value, "nested amp"); // expected-error {{ampcc cannot carry restrict(amp) in a function type}}

// Alias declarations and typedefs: restrict(cpu) is the plain function type, restrict(amp) a located error.
using CpuFn = int() restrict(cpu);
template <typename T> using CpuFnOf = T(T) restrict(cpu);
static_assert(std::is_same<CpuFn, int()>::value && std::is_same<CpuFnOf<int>, int(int)>::value, "aliases");
typedef int CpuTypedef() restrict(cpu);
using AmpFn = int() restrict(amp); // expected-error {{ampcc cannot carry restrict(amp) in the function type of an alias declaration; only restrict(cpu), the restriction of a function type without a specifier, can stand there}}
typedef int AmpTypedef() restrict(amp); // expected-error {{ampcc cannot carry restrict(amp) in a typedef of a function type; declare the functions themselves restrict(amp)}}
int restrict_as_a_name = 1;
using ComparesEqual = bool;
bool same = restrict_as_a_name == 1; // `==` after a name is no alias declaration

// Inside a macro's argument, where the token after the specifier (the template's `>`) is known only once the
// macro is expanded (the conformance suite's TEST(a, b) over is_same): the same, restrict(amp) located at the
// specifier.
#define SAME_TYPE(a, b) static_assert(std::is_same<a, b>::value, #a " is " #b)
void in_a_function() restrict(cpu, amp) {
  SAME_TYPE(decltype(on_host), int() restrict(cpu));
  SAME_TYPE(decltype(on_device), int() restrict(amp)); // expected-error {{ampcc cannot carry restrict(amp) in a function type named in a template argument}}
}
#define DECLARE(d) d
DECLARE(int through_macro(int) restrict(amp));
int through_macro(int x) restrict(amp) { return x; }
void calls_it() restrict(amp) { through_macro(1); }
void calls_it_from_cpu() { through_macro(1); } // expected-error {{no matching function for call to 'through_macro'}}
// expected-note@-3 {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}
