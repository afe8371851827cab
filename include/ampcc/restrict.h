// C++ AMP's restriction specifiers after ampcc's front end: `restrict(cpu, amp)` in a specifier's position is
// spelled __AMPR__(cpu, amp) (same length, same columns), or __AMPX__(cpu, amp) where an exception
// specification may follow it. The translator's Clang reads it as the ampcc_restrict
// attribute, which carries cpu/amp into overloading and type checking; the host compiler sees nothing. ampcc
// force-includes this header in every translation unit, so restrict works without amp.h.
#ifndef AMPCC_RESTRICT_H
#define AMPCC_RESTRICT_H
#ifdef __AMPCC_TRANSLATOR__
// The list is macro-expanded before it is spelled as a string: `restrict(AMP_RESTRICTION)` with
// -DAMP_RESTRICTION=amp is restrict(amp).
#define __AMPCC_SPELL__(...) #__VA_ARGS__
#define __AMPCC_PRAGMA__(...) _Pragma(#__VA_ARGS__)
// In front of the attribute, a pragma whose handler gives a restrict(amp) function's type its own calling
// convention (a restrict(amp) function type is a type of its own; lib/Frontend/RestrictPragma.cpp). The attribute
// stays last: the declaration's range ends with it, in the macro's expansion.
#define __AMPR__(...)                                                                                             \
  __AMPCC_PRAGMA__(ampcc restrict_type __VA_ARGS__) __attribute__((ampcc_restrict(__AMPCC_SPELL__(__VA_ARGS__))))
// `restrict(...)` that an exception specification may follow (written, or through a macro): a pragma whose
// handler puts the attribute after it, where Clang takes attributes (lib/Frontend/RestrictPragma.h).
#define __AMPX__(...) __AMPCC_PRAGMA__(ampcc restrict __VA_ARGS__)
// A specifier moved where Clang takes attributes: `mutable restrict(amp)` in a lambda declarator in front of
// `mutable`, `auto f() restrict(amp) -> int` in front of `auto`.
#define __AMPM__(...)                                                                                             \
  __AMPCC_PRAGMA__(ampcc restrict_type __VA_ARGS__)                                                               \
  __attribute__((ampcc_restrict_moved(__AMPCC_SPELL__(__VA_ARGS__))))
// An explicit instantiation's `restrict(...)`, moved behind `template`: a pragma whose handler writes the CUDA
// target attributes Clang matches the instantiation to its template by.
#define __AMPI__(...) __AMPCC_PRAGMA__(ampcc restrict_instantiation __VA_ARGS__)
#else
#define __AMPR__(...)
#define __AMPX__(...)
#define __AMPM__(...)
#define __AMPI__(...)
#endif
// MSVC accepted dynamic exception specifications (`throw(int)`) and the `register` storage class in every
// language mode, and C++ AMP code uses them; C++17 removed them and ampcc compiles as C++17. Clang (the
// translator, and the host compiler when it is Clang) takes them as MSVC did. GCC as host compiler still
// rejects them.
#ifdef __clang__
#pragma clang diagnostic ignored "-Wdynamic-exception-spec"
#pragma clang diagnostic ignored "-Wregister"
#endif
#endif
