// A function type written in a template argument carries restrict(cpu) as any function type does (it is what no
// specifier means); another restriction there cannot be carried, since Clang's function types take no attribute,
// and is a located error rather than a parse error.
#include <type_traits>

int on_host() restrict(cpu);
int on_device() restrict(amp);

static_assert(std::is_same<decltype(on_host), int() restrict(cpu)>::value, "cpu");
static_assert(std::is_same<decltype(on_device), int() restrict(amp)>::value, "amp"); // expected-error {{ampcc cannot carry restrict(amp) in a function type named in a template argument; only restrict(cpu), the restriction of a function type without a specifier, can stand there}}
static_assert(std::is_same<decltype(&on_host), std::add_pointer_t<int() restrict(cpu)>>::value, "nested");
static_assert(std::is_same<int (*)(), std::add_pointer_t<int() restrict(amp)>>::value, "nested amp"); // expected-error {{ampcc cannot carry restrict(amp) in a function type}}
