// decltype and sizeof in amp code resolve their calls in the ambient restriction, as evaluated calls do: an
// overload set overloaded on restriction gives the amp overload's type, and a cpu-only function is no candidate
// (MSVC's C3930; the conformance suite's 2_x_general/decltype_specifier/Negative/evaluation_context.01).
// C++ AMP v1.2 §2.3.2 (overload resolution in the restriction of the calling context).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <type_traits>

int cpu_only() restrict(cpu); // expected-note 2 {{candidate function not viable: call to restrict(cpu) function from restrict(amp) function}}
int amp_only() restrict(amp); // expected-note {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}
int both() restrict(cpu, amp);
int over() restrict(cpu);
float over() restrict(amp);

void amp_side() restrict(amp) {
  static_assert(std::is_same<decltype(over()), float>::value, "the amp overload");
  static_assert(std::is_same<decltype(amp_only()), int>::value, "amp_only is callable here");
  static_assert(sizeof(both()) == sizeof(int), "both is callable here");
  decltype(cpu_only()) a = 0; // expected-error {{no matching function for call to 'cpu_only'}}
  int b = sizeof(cpu_only());  // expected-error {{no matching function for call to 'cpu_only'}}
}

void cpu_side() {
  static_assert(std::is_same<decltype(over()), int>::value, "the cpu overload");
  decltype(amp_only()) c = 0; // expected-error {{no matching function for call to 'amp_only'}}
}
