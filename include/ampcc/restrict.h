// C++ AMP's restriction specifiers after ampcc's front end: `restrict(cpu, amp)` in a specifier's position is
// spelled __AMPR__(cpu, amp) (same length, same columns). The translator's Clang reads it as the ampcc_restrict
// attribute, which carries cpu/amp into overloading and type checking; the host compiler sees nothing. ampcc
// force-includes this header in every translation unit, so restrict works without amp.h.
#ifndef AMPCC_RESTRICT_H
#define AMPCC_RESTRICT_H
#ifdef __AMPCC_TRANSLATOR__
#define __AMPR__(...) __attribute__((ampcc_restrict(#__VA_ARGS__)))
// `mutable restrict(amp)` in a lambda declarator, moved in front of `mutable` where Clang takes attributes.
#define __AMPM__(...) __attribute__((ampcc_restrict_before_mutable(#__VA_ARGS__)))
#else
#define __AMPR__(...)
#define __AMPM__(...)
#endif
#endif
