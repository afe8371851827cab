// What is restrict(amp) only in ampcc as in MSVC, used in cpu code: fast_math and precise_math (cpu code calls the C
// library; restrict(cpu, amp) code may call them), index<1>'s conversion to int (an ampcc extension of amp code only). A call that names an overloaded
// function is refused by overload resolution (msvc_amp_overloads.cpp); one that names the only function of its
// name there, and an implicit conversion, by the call rules.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <amp_math.h>
#include <cmath>
using namespace concurrency;

int host_index(index<1> i, int *p) {
  int n = i; // expected-error {{call to 'operator int', which is restrict(amp) only, from restrict(cpu) code}}
  return n + p[i]; // expected-error {{call to 'operator int', which is restrict(amp) only, from restrict(cpu) code}}
}
// expected-note@amp.h:* 2 {{'operator int' is declared restrict(amp) here}}

float host(float f) {
  float a = fast_math::cos(f); // expected-error {{call to 'cos', which is restrict(amp) only, from restrict(cpu) code}}
  float b = fast_math::sqrtf(f); // expected-error {{call to 'sqrtf', which is restrict(amp) only, from restrict(cpu) code}}
  return a + b + std::cos(f);
}

// restrict(cpu, amp) code may call them, as Microsoft's conformance suite does (Expressions/Pointers/ToLocal/
// Test11.02.02): the cpu side calls the host compiler's version, the C library's function.
float both(float f, double d) restrict(cpu, amp) { return fast_math::cos(f) + static_cast<float>(precise_math::fabs(d)); }

void kernel(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = fast_math::cos(v[i]) + precise_math::sqrt(v[i]); });
}
// expected-note@amp_math.h:* 2 {{is declared restrict(amp) here}}
