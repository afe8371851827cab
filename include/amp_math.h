// C++ AMP math for ampcc: concurrency::fast_math (single precision, fast) and concurrency::precise_math.
//
// Every function is restrict(cpu, amp): on the host it calls <cmath>, in a kernel the translator maps it to
// the OpenCL C builtin of the same name (fast_math prefers the native_ variants).
#ifndef AMPCC_AMP_MATH_H
#define AMPCC_AMP_MATH_H

#include <amp.h>
#include <cmath>
#include <limits>

namespace Concurrency {

namespace fast_math {
inline float acos(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:acos") { return std::acos(x); }
inline float acosf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:acos") { return std::acos(x); }
inline float asin(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:asin") { return std::asin(x); }
inline float asinf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:asin") { return std::asin(x); }
inline float atan(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:atan") { return std::atan(x); }
inline float atanf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:atan") { return std::atan(x); }
inline float ceil(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:ceil") { return std::ceil(x); }
inline float ceilf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:ceil") { return std::ceil(x); }
inline float cos(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:cos") { return std::cos(x); }
inline float cosf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:cos") { return std::cos(x); }
inline float cosh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:cosh") { return std::cosh(x); }
inline float coshf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:cosh") { return std::cosh(x); }
inline float exp(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:exp") { return std::exp(x); }
inline float expf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:exp") { return std::exp(x); }
inline float exp2(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:exp2") { return std::exp2(x); }
inline float exp2f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:exp2") { return std::exp2(x); }
inline float exp10(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:exp10") { return std::pow(float(10), x); }
inline float exp10f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:exp10") { return std::pow(float(10), x); }
inline float fabs(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fabs") { return std::fabs(x); }
inline float fabsf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fabs") { return std::fabs(x); }
inline float floor(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:floor") { return std::floor(x); }
inline float floorf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:floor") { return std::floor(x); }
inline float log(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:log") { return std::log(x); }
inline float logf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:log") { return std::log(x); }
inline float log10(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:log10") { return std::log10(x); }
inline float log10f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:log10") { return std::log10(x); }
inline float log2(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:log2") { return std::log2(x); }
inline float log2f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:log2") { return std::log2(x); }
inline float round(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:round") { return std::round(x); }
inline float roundf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:round") { return std::round(x); }
inline float rsqrt(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:rsqrt") { return 1 / std::sqrt(x); }
inline float rsqrtf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:rsqrt") { return 1 / std::sqrt(x); }
inline float sin(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sin") { return std::sin(x); }
inline float sinf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sin") { return std::sin(x); }
inline float sinh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sinh") { return std::sinh(x); }
inline float sinhf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sinh") { return std::sinh(x); }
inline float sqrt(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sqrt") { return std::sqrt(x); }
inline float sqrtf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sqrt") { return std::sqrt(x); }
inline float tan(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:tan") { return std::tan(x); }
inline float tanf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:tan") { return std::tan(x); }
inline float tanh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:tanh") { return std::tanh(x); }
inline float tanhf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:tanh") { return std::tanh(x); }
inline float trunc(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:trunc") { return std::trunc(x); }
inline float truncf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:trunc") { return std::trunc(x); }
inline float atan2(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:atan2") { return std::atan2(x, y); }
inline float atan2f(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:atan2") { return std::atan2(x, y); }
inline float fmax(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fmax") { return std::fmax(x, y); }
inline float fmaxf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fmax") { return std::fmax(x, y); }
inline float fmin(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fmin") { return std::fmin(x, y); }
inline float fminf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fmin") { return std::fmin(x, y); }
inline float fmod(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fmod") { return std::fmod(x, y); }
inline float fmodf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:fmod") { return std::fmod(x, y); }
inline float pow(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:pow") { return std::pow(x, y); }
inline float powf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:pow") { return std::pow(x, y); }
inline int isfinite(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:isfinite") { return std::isfinite(x) ? 1 : 0; }
inline int isinf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:isinf") { return std::isinf(x) ? 1 : 0; }
inline int isnan(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:isnan") { return std::isnan(x) ? 1 : 0; }
inline int signbit(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:signbit") { return std::signbit(x) ? 1 : 0; }
// Functions with results through pointers, and the rest of MSVC's fast_math list.
inline float frexp(float x, int *e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:frexp") { return std::frexp(x, e); }
inline float frexpf(float x, int *e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:frexp") { return std::frexp(x, e); }
inline float modf(float x, float *ip) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:modf") { return std::modf(x, ip); }
inline float modff(float x, float *ip) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:modf") { return std::modf(x, ip); }
inline void sincos(float x, float *s, float *c) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sincos") { *s = std::sin(x); *c = std::cos(x); }
inline void sincosf(float x, float *s, float *c) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:sincos") { *s = std::sin(x); *c = std::cos(x); }
inline float ldexpf(float x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:ldexp") { return std::ldexp(x, e); }
inline int signbitf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:signbit") { return std::signbit(x) ? 1 : 0; }
inline float ldexp(float x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.fast:ldexp") { return std::ldexp(x, e); }
}  // namespace fast_math

namespace precise_math {
inline float acos(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:acos") { return std::acos(x); }
inline float acosh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:acosh") { return std::acosh(x); }
inline float asin(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:asin") { return std::asin(x); }
inline float asinh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:asinh") { return std::asinh(x); }
inline float atan(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atan") { return std::atan(x); }
inline float atanh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atanh") { return std::atanh(x); }
inline float cbrt(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cbrt") { return std::cbrt(x); }
inline float ceil(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ceil") { return std::ceil(x); }
inline float cos(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cos") { return std::cos(x); }
inline float cosh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cosh") { return std::cosh(x); }
inline float cospi(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cospi") { return std::cos(float(3.14159265358979323846) * x); }
inline float erf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:erf") { return std::erf(x); }
inline float erfc(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:erfc") { return std::erfc(x); }
inline float exp(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp") { return std::exp(x); }
inline float exp10(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp10") { return std::pow(float(10), x); }
inline float exp2(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp2") { return std::exp2(x); }
inline float expm1(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:expm1") { return std::expm1(x); }
inline float fabs(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fabs") { return std::fabs(x); }
inline float floor(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:floor") { return std::floor(x); }
inline float lgamma(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:lgamma") { return std::lgamma(x); }
inline float log(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log") { return std::log(x); }
inline float log10(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log10") { return std::log10(x); }
inline float log1p(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log1p") { return std::log1p(x); }
inline float log2(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log2") { return std::log2(x); }
inline float logb(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:logb") { return std::logb(x); }
inline float nearbyint(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nearbyint") { return std::nearbyint(x); }
inline float rint(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:rint") { return std::rint(x); }
inline float round(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:round") { return std::round(x); }
inline float rsqrt(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:rsqrt") { return 1 / std::sqrt(x); }
inline float sin(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sin") { return std::sin(x); }
inline float sinh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sinh") { return std::sinh(x); }
inline float sinpi(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sinpi") { return std::sin(float(3.14159265358979323846) * x); }
inline float sqrt(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sqrt") { return std::sqrt(x); }
inline float tan(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tan") { return std::tan(x); }
inline float tanh(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tanh") { return std::tanh(x); }
inline float tgamma(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tgamma") { return std::tgamma(x); }
inline float trunc(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:trunc") { return std::trunc(x); }
inline float atan2(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atan2") { return std::atan2(x, y); }
inline float copysign(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:copysign") { return std::copysign(x, y); }
inline float fdim(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fdim") { return std::fdim(x, y); }
inline float fmax(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmax") { return std::fmax(x, y); }
inline float fmin(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmin") { return std::fmin(x, y); }
inline float fmod(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmod") { return std::fmod(x, y); }
inline float hypot(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:hypot") { return std::hypot(x, y); }
inline float nextafter(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nextafter") { return std::nextafter(x, y); }
inline float pow(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:pow") { return std::pow(x, y); }
inline int isfinite(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isfinite") { return std::isfinite(x) ? 1 : 0; }
inline int isinf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isinf") { return std::isinf(x) ? 1 : 0; }
inline int isnan(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isnan") { return std::isnan(x) ? 1 : 0; }
inline int signbit(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:signbit") { return std::signbit(x) ? 1 : 0; }
inline float fma(float x, float y, float z) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fma") { return std::fma(x, y, z); }
inline float ldexp(float x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ldexp") { return std::ldexp(x, e); }
inline double acos(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:acos") { return std::acos(x); }
inline double acosh(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:acosh") { return std::acosh(x); }
inline double asin(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:asin") { return std::asin(x); }
inline double asinh(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:asinh") { return std::asinh(x); }
inline double atan(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atan") { return std::atan(x); }
inline double atanh(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atanh") { return std::atanh(x); }
inline double cbrt(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cbrt") { return std::cbrt(x); }
inline double ceil(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ceil") { return std::ceil(x); }
inline double cos(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cos") { return std::cos(x); }
inline double cosh(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cosh") { return std::cosh(x); }
inline double cospi(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cospi") { return std::cos(double(3.14159265358979323846) * x); }
inline double erf(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:erf") { return std::erf(x); }
inline double erfc(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:erfc") { return std::erfc(x); }
inline double exp(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp") { return std::exp(x); }
inline double exp10(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp10") { return std::pow(double(10), x); }
inline double exp2(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp2") { return std::exp2(x); }
inline double expm1(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:expm1") { return std::expm1(x); }
inline double fabs(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fabs") { return std::fabs(x); }
inline double floor(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:floor") { return std::floor(x); }
inline double lgamma(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:lgamma") { return std::lgamma(x); }
inline double log(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log") { return std::log(x); }
inline double log10(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log10") { return std::log10(x); }
inline double log1p(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log1p") { return std::log1p(x); }
inline double log2(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log2") { return std::log2(x); }
inline double logb(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:logb") { return std::logb(x); }
inline double nearbyint(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nearbyint") { return std::nearbyint(x); }
inline double rint(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:rint") { return std::rint(x); }
inline double round(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:round") { return std::round(x); }
inline double rsqrt(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:rsqrt") { return 1 / std::sqrt(x); }
inline double sin(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sin") { return std::sin(x); }
inline double sinh(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sinh") { return std::sinh(x); }
inline double sinpi(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sinpi") { return std::sin(double(3.14159265358979323846) * x); }
inline double sqrt(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sqrt") { return std::sqrt(x); }
inline double tan(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tan") { return std::tan(x); }
inline double tanh(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tanh") { return std::tanh(x); }
inline double tgamma(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tgamma") { return std::tgamma(x); }
inline double trunc(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:trunc") { return std::trunc(x); }
inline double atan2(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atan2") { return std::atan2(x, y); }
inline double copysign(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:copysign") { return std::copysign(x, y); }
inline double fdim(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fdim") { return std::fdim(x, y); }
inline double fmax(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmax") { return std::fmax(x, y); }
inline double fmin(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmin") { return std::fmin(x, y); }
inline double fmod(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmod") { return std::fmod(x, y); }
inline double hypot(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:hypot") { return std::hypot(x, y); }
inline double nextafter(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nextafter") { return std::nextafter(x, y); }
inline double pow(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:pow") { return std::pow(x, y); }
inline int isfinite(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isfinite") { return std::isfinite(x) ? 1 : 0; }
inline int isinf(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isinf") { return std::isinf(x) ? 1 : 0; }
inline int isnan(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isnan") { return std::isnan(x) ? 1 : 0; }
inline int signbit(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:signbit") { return std::signbit(x) ? 1 : 0; }
inline double fma(double x, double y, double z) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fma") { return std::fma(x, y, z); }
inline double ldexp(double x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ldexp") { return std::ldexp(x, e); }
inline float acosf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:acos") { return std::acos(x); }
inline float acoshf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:acosh") { return std::acosh(x); }
inline float asinf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:asin") { return std::asin(x); }
inline float asinhf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:asinh") { return std::asinh(x); }
inline float atanf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atan") { return std::atan(x); }
inline float atanhf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atanh") { return std::atanh(x); }
inline float cbrtf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cbrt") { return std::cbrt(x); }
inline float ceilf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ceil") { return std::ceil(x); }
inline float cosf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cos") { return std::cos(x); }
inline float coshf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cosh") { return std::cosh(x); }
inline float cospif(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:cospi") { return std::cos(float(3.14159265358979323846) * x); }
inline float erff(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:erf") { return std::erf(x); }
inline float erfcf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:erfc") { return std::erfc(x); }
inline float expf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp") { return std::exp(x); }
inline float exp10f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp10") { return std::pow(float(10), x); }
inline float exp2f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:exp2") { return std::exp2(x); }
inline float expm1f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:expm1") { return std::expm1(x); }
inline float fabsf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fabs") { return std::fabs(x); }
inline float floorf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:floor") { return std::floor(x); }
inline float lgammaf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:lgamma") { return std::lgamma(x); }
inline float logf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log") { return std::log(x); }
inline float log10f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log10") { return std::log10(x); }
inline float log1pf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log1p") { return std::log1p(x); }
inline float log2f(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:log2") { return std::log2(x); }
inline float logbf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:logb") { return std::logb(x); }
inline float nearbyintf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nearbyint") { return std::nearbyint(x); }
inline float rintf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:rint") { return std::rint(x); }
inline float roundf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:round") { return std::round(x); }
inline float rsqrtf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:rsqrt") { return 1 / std::sqrt(x); }
inline float sinf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sin") { return std::sin(x); }
inline float sinhf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sinh") { return std::sinh(x); }
inline float sinpif(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sinpi") { return std::sin(float(3.14159265358979323846) * x); }
inline float sqrtf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sqrt") { return std::sqrt(x); }
inline float tanf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tan") { return std::tan(x); }
inline float tanhf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tanh") { return std::tanh(x); }
inline float tgammaf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tgamma") { return std::tgamma(x); }
inline float truncf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:trunc") { return std::trunc(x); }
// Results through pointers, and the rest of MSVC's precise_math list.
inline float frexp(float x, int *e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:frexp") { return std::frexp(x, e); }
inline float modf(float x, float *ip) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:modf") { return std::modf(x, ip); }
inline void sincos(float x, float *s, float *c) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sincos") { *s = std::sin(x); *c = std::cos(x); }
inline float remainder(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:remainder") { return std::remainder(x, y); }
inline float remquo(float x, float y, int *q) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:remquo") { return std::remquo(x, y, q); }
inline int ilogb(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ilogb") { return std::ilogb(x); }
inline int isnormal(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isnormal") { return std::isnormal(x) ? 1 : 0; }
inline float scalbn(float x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ldexp") { return std::scalbn(x, e); }
inline float tanpi(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tanpi") { return std::tan(float(3.14159265358979323846) * x); }
inline float rcbrt(float x) __AMPR__(cpu, amp) { return float(1) / cbrt(x); }
inline float scalb(float x, float e) __AMPR__(cpu, amp) { return x * exp2(e); }
inline float phi(float x) __AMPR__(cpu, amp) { return float(0.5) * erfc(-x * float(0.70710678118654752440)); }
// The inverse of erf: an initial estimate refined by Newton's method on erf (erfinv(+-1) is +-infinity).
inline float erfinv(float y) __AMPR__(cpu, amp) {
  if (y <= float(-1) || y >= float(1))
    return y == float(-1) || y == float(1) ? y / float(0) : (y - y) / float(0); // +-infinity, or NaN outside [-1, 1]
  float w = -log((float(1) - y) * (float(1) + y));
  float x = copysign(sqrt(w) * float(0.8) + (w < float(5) ? float(0.3) * y * y : float(0)), y) * float(0.85);
  for (int i = 0; i < 24; ++i) {
    float step = (erf(x) - y) / (float(1.12837916709551257390) * exp(-x * x));
    x -= step;
    if (fabs(step) <= fabs(x) * float(1.1920929e-7f))
      break;
  }
  return x;
}
inline float erfcinv(float y) __AMPR__(cpu, amp) { return erfinv(float(1) - y); }
inline int fpclassify(float x) __AMPR__(cpu, amp) {
  return isnan(x) ? FP_NAN : isinf(x) ? FP_INFINITE : x == float(0) ? FP_ZERO : isnormal(x) ? FP_NORMAL : FP_SUBNORMAL;
}
inline double frexp(double x, int *e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:frexp") { return std::frexp(x, e); }
inline double modf(double x, double *ip) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:modf") { return std::modf(x, ip); }
inline void sincos(double x, double *s, double *c) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sincos") { *s = std::sin(x); *c = std::cos(x); }
inline double remainder(double x, double y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:remainder") { return std::remainder(x, y); }
inline double remquo(double x, double y, int *q) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:remquo") { return std::remquo(x, y, q); }
inline int ilogb(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ilogb") { return std::ilogb(x); }
inline int isnormal(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isnormal") { return std::isnormal(x) ? 1 : 0; }
inline double scalbn(double x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ldexp") { return std::scalbn(x, e); }
inline double tanpi(double x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tanpi") { return std::tan(double(3.14159265358979323846) * x); }
inline double nan(int) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nan") { return std::numeric_limits<double>::quiet_NaN(); }
inline double rcbrt(double x) __AMPR__(cpu, amp) { return double(1) / cbrt(x); }
inline double scalb(double x, double e) __AMPR__(cpu, amp) { return x * exp2(e); }
inline double phi(double x) __AMPR__(cpu, amp) { return double(0.5) * erfc(-x * double(0.70710678118654752440)); }
// The inverse of erf: an initial estimate refined by Newton's method on erf (erfinv(+-1) is +-infinity).
inline double erfinv(double y) __AMPR__(cpu, amp) {
  if (y <= double(-1) || y >= double(1))
    return y == double(-1) || y == double(1) ? y / double(0) : (y - y) / double(0); // +-infinity, or NaN outside [-1, 1]
  double w = -log((double(1) - y) * (double(1) + y));
  double x = copysign(sqrt(w) * double(0.8) + (w < double(5) ? double(0.3) * y * y : double(0)), y) * double(0.85);
  for (int i = 0; i < 24; ++i) {
    double step = (erf(x) - y) / (double(1.12837916709551257390) * exp(-x * x));
    x -= step;
    if (fabs(step) <= fabs(x) * double(2.220446049250313e-16))
      break;
  }
  return x;
}
inline double erfcinv(double y) __AMPR__(cpu, amp) { return erfinv(double(1) - y); }
inline int fpclassify(double x) __AMPR__(cpu, amp) {
  return isnan(x) ? FP_NAN : isinf(x) ? FP_INFINITE : x == double(0) ? FP_ZERO : isnormal(x) ? FP_NORMAL : FP_SUBNORMAL;
}
inline float frexpf(float x, int *e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:frexp") { return std::frexp(x, e); }
inline float modff(float x, float *ip) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:modf") { return std::modf(x, ip); }
inline void sincosf(float x, float *s, float *c) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:sincos") { *s = std::sin(x); *c = std::cos(x); }
inline float remainderf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:remainder") { return std::remainder(x, y); }
inline float remquof(float x, float y, int *q) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:remquo") { return std::remquo(x, y, q); }
inline int ilogbf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ilogb") { return std::ilogb(x); }
inline int isnormalf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:isnormal") { return std::isnormal(x) ? 1 : 0; }
inline float scalbnf(float x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ldexp") { return std::scalbn(x, e); }
inline float tanpif(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:tanpi") { return std::tan(float(3.14159265358979323846) * x); }
inline float nanf(int) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nan") { return std::numeric_limits<float>::quiet_NaN(); }
inline float rcbrtf(float x) __AMPR__(cpu, amp) { return float(1) / cbrt(x); }
inline float scalbf(float x, float e) __AMPR__(cpu, amp) { return x * exp2(e); }
inline float phif(float x) __AMPR__(cpu, amp) { return float(0.5) * erfc(-x * float(0.70710678118654752440)); }
// The inverse of erf: an initial estimate refined by Newton's method on erf (erfinv(+-1) is +-infinity).
inline float erfinvf(float y) __AMPR__(cpu, amp) {
  if (y <= float(-1) || y >= float(1))
    return y == float(-1) || y == float(1) ? y / float(0) : (y - y) / float(0); // +-infinity, or NaN outside [-1, 1]
  float w = -log((float(1) - y) * (float(1) + y));
  float x = copysign(sqrt(w) * float(0.8) + (w < float(5) ? float(0.3) * y * y : float(0)), y) * float(0.85);
  for (int i = 0; i < 24; ++i) {
    float step = (erf(x) - y) / (float(1.12837916709551257390) * exp(-x * x));
    x -= step;
    if (fabs(step) <= fabs(x) * float(1.1920929e-7f))
      break;
  }
  return x;
}
inline float erfcinvf(float y) __AMPR__(cpu, amp) { return erfinvf(float(1) - y); }
inline float copysignf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:copysign") { return std::copysign(x, y); }
inline float fdimf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fdim") { return std::fdim(x, y); }
inline float fmaf(float x, float y, float z) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fma") { return std::fma(x, y, z); }
inline float hypotf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:hypot") { return std::hypot(x, y); }
inline float ldexpf(float x, int e) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:ldexp") { return std::ldexp(x, e); }
inline float nextafterf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:nextafter") { return std::nextafter(x, y); }
inline int signbitf(float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:signbit") { return std::signbit(x) ? 1 : 0; }
inline float atan2f(float y, float x) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:atan2") { return std::atan2(y, x); }
inline float fmaxf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmax") { return std::fmax(x, y); }
inline float fminf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmin") { return std::fmin(x, y); }
inline float fmodf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:fmod") { return std::fmod(x, y); }
inline float powf(float x, float y) __AMPR__(cpu, amp) AMPCC_BUILTIN("math.precise:pow") { return std::pow(x, y); }
namespace ampcc_detail {
// The inverse of phi, the standard normal distribution's cumulative distribution function: the x whose phi(x) is p;
// -infinity at 0, +infinity at 1, NaN outside [0, 1]. A rational estimate (Abramowitz and Stegun 26.2.23) refined
// by Halley's method on phi, computed through erfc of the smaller tail so that tiny probabilities keep their
// precision; Epsilon is T's machine epsilon, where the refinement stops.
template <typename T> T probit(T p, T Epsilon) __AMPR__(cpu, amp) {
  if (!(p > T(0) && p < T(1))) // -+infinity at the ends, NaN outside
    return p == T(0) ? T(-1) / T(0) : p == T(1) ? T(1) / T(0) : (p - p) / T(0);
  if (p == T(0.5))
    return T(0);
  T q = p < T(0.5) ? p : T(1) - p; // the smaller tail (1 - p is exact for p >= 0.5)
  T t = sqrt(T(-2) * log(q));
  T x = -(t - (T(2.515517) + t * (T(0.802853) + t * T(0.010328))) /
                  (T(1) + t * (T(1.432788) + t * (T(0.189269) + t * T(0.001308)))));
  for (int i = 0; i < 8; ++i) {
    // Halley's step on phi(x) - q, whose derivative is the normal density exp(-x^2 / 2) / sqrt(2 pi).
    T u = (T(0.5) * erfc(-x * T(0.7071067811865476)) - q) * T(2.5066282746310007) * exp(x * x * T(0.5));
    if (!isfinite(u))
      break;
    T step = u / (T(1) + x * u * T(0.5));
    x -= step;
    if (fabs(step) <= fabs(x) * Epsilon)
      break;
  }
  return p < T(0.5) ? x : -x;
}
} // namespace ampcc_detail
inline float probit(float p) __AMPR__(cpu, amp) { return ampcc_detail::probit(p, 1.1920929e-7f); }
inline double probit(double p) __AMPR__(cpu, amp) { return ampcc_detail::probit(p, 2.220446049250313e-16); }
inline float probitf(float p) __AMPR__(cpu, amp) { return probit(p); }
}  // namespace precise_math

}  // namespace Concurrency

#endif
