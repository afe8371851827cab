// C++ AMP math for ampcc: concurrency::fast_math (single precision, fast) and concurrency::precise_math.
//
// Every function is restrict(amp) only, as MSVC declares them (AMPCC_AMP_LIBRARY_FUNCTION, amp.h): in a kernel the
// translator maps it to the OpenCL C builtin of the same name (fast_math prefers the native_ variants); host code
// calls the C library's functions. The bodies, <cmath> calls, are what the host compiler sees of them.
#ifndef AMPCC_AMP_MATH_H
#define AMPCC_AMP_MATH_H

#include <amp.h>
#include <cmath>
#include <limits>

namespace Concurrency {

namespace fast_math {
AMPCC_AMP_LIBRARY_FUNCTION float acos(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:acos") AMPCC_HOST_BODY({ return std::acos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float acosf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:acos") AMPCC_HOST_BODY({ return std::acos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float asin(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:asin") AMPCC_HOST_BODY({ return std::asin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float asinf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:asin") AMPCC_HOST_BODY({ return std::asin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atan(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:atan") AMPCC_HOST_BODY({ return std::atan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atanf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:atan") AMPCC_HOST_BODY({ return std::atan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float ceil(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:ceil") AMPCC_HOST_BODY({ return std::ceil(x); })
AMPCC_AMP_LIBRARY_FUNCTION float ceilf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:ceil") AMPCC_HOST_BODY({ return std::ceil(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cos(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:cos") AMPCC_HOST_BODY({ return std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cosf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:cos") AMPCC_HOST_BODY({ return std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cosh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:cosh") AMPCC_HOST_BODY({ return std::cosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float coshf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:cosh") AMPCC_HOST_BODY({ return std::cosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:exp") AMPCC_HOST_BODY({ return std::exp(x); })
AMPCC_AMP_LIBRARY_FUNCTION float expf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:exp") AMPCC_HOST_BODY({ return std::exp(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp2(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:exp2") AMPCC_HOST_BODY({ return std::exp2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp2f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:exp2") AMPCC_HOST_BODY({ return std::exp2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp10(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:exp10") AMPCC_HOST_BODY({ return std::pow(float(10), x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp10f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:exp10") AMPCC_HOST_BODY({ return std::pow(float(10), x); })
AMPCC_AMP_LIBRARY_FUNCTION float fabs(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fabs") AMPCC_HOST_BODY({ return std::fabs(x); })
AMPCC_AMP_LIBRARY_FUNCTION float fabsf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fabs") AMPCC_HOST_BODY({ return std::fabs(x); })
AMPCC_AMP_LIBRARY_FUNCTION float floor(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:floor") AMPCC_HOST_BODY({ return std::floor(x); })
AMPCC_AMP_LIBRARY_FUNCTION float floorf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:floor") AMPCC_HOST_BODY({ return std::floor(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:log") AMPCC_HOST_BODY({ return std::log(x); })
AMPCC_AMP_LIBRARY_FUNCTION float logf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:log") AMPCC_HOST_BODY({ return std::log(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log10(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:log10") AMPCC_HOST_BODY({ return std::log10(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log10f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:log10") AMPCC_HOST_BODY({ return std::log10(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log2(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:log2") AMPCC_HOST_BODY({ return std::log2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log2f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:log2") AMPCC_HOST_BODY({ return std::log2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float round(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:round") AMPCC_HOST_BODY({ return std::round(x); })
AMPCC_AMP_LIBRARY_FUNCTION float roundf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:round") AMPCC_HOST_BODY({ return std::round(x); })
AMPCC_AMP_LIBRARY_FUNCTION float rsqrt(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:rsqrt") AMPCC_HOST_BODY({ return 1 / std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float rsqrtf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:rsqrt") AMPCC_HOST_BODY({ return 1 / std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sin(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sin") AMPCC_HOST_BODY({ return std::sin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sin") AMPCC_HOST_BODY({ return std::sin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sinh") AMPCC_HOST_BODY({ return std::sinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinhf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sinh") AMPCC_HOST_BODY({ return std::sinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sqrt(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sqrt") AMPCC_HOST_BODY({ return std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sqrtf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sqrt") AMPCC_HOST_BODY({ return std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tan(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:tan") AMPCC_HOST_BODY({ return std::tan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tanf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:tan") AMPCC_HOST_BODY({ return std::tan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tanh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:tanh") AMPCC_HOST_BODY({ return std::tanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tanhf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:tanh") AMPCC_HOST_BODY({ return std::tanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float trunc(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:trunc") AMPCC_HOST_BODY({ return std::trunc(x); })
AMPCC_AMP_LIBRARY_FUNCTION float truncf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:trunc") AMPCC_HOST_BODY({ return std::trunc(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atan2(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:atan2") AMPCC_HOST_BODY({ return std::atan2(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float atan2f(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:atan2") AMPCC_HOST_BODY({ return std::atan2(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmax(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fmax") AMPCC_HOST_BODY({ return std::fmax(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmaxf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fmax") AMPCC_HOST_BODY({ return std::fmax(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmin(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fmin") AMPCC_HOST_BODY({ return std::fmin(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fminf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fmin") AMPCC_HOST_BODY({ return std::fmin(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmod(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fmod") AMPCC_HOST_BODY({ return std::fmod(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmodf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:fmod") AMPCC_HOST_BODY({ return std::fmod(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float pow(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:pow") AMPCC_HOST_BODY({ return std::pow(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float powf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.fast:pow") AMPCC_HOST_BODY({ return std::pow(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION int isfinite(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:isfinite") AMPCC_HOST_BODY({ return std::isfinite(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int isinf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:isinf") AMPCC_HOST_BODY({ return std::isinf(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int isnan(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:isnan") AMPCC_HOST_BODY({ return std::isnan(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int signbit(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:signbit") AMPCC_HOST_BODY({ return std::signbit(x) ? 1 : 0; })
// Functions with results through pointers, and the rest of MSVC's fast_math list.
AMPCC_AMP_LIBRARY_FUNCTION float frexp(float x, int *e) __AMPR__(amp) AMPCC_BUILTIN("math.fast:frexp") AMPCC_HOST_BODY({ return std::frexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float frexpf(float x, int *e) __AMPR__(amp) AMPCC_BUILTIN("math.fast:frexp") AMPCC_HOST_BODY({ return std::frexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float modf(float x, float *ip) __AMPR__(amp) AMPCC_BUILTIN("math.fast:modf") AMPCC_HOST_BODY({ return std::modf(x, ip); })
AMPCC_AMP_LIBRARY_FUNCTION float modff(float x, float *ip) __AMPR__(amp) AMPCC_BUILTIN("math.fast:modf") AMPCC_HOST_BODY({ return std::modf(x, ip); })
AMPCC_AMP_LIBRARY_FUNCTION void sincos(float x, float *s, float *c) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sincos") AMPCC_HOST_BODY({ *s = std::sin(x); *c = std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION void sincosf(float x, float *s, float *c) __AMPR__(amp) AMPCC_BUILTIN("math.fast:sincos") AMPCC_HOST_BODY({ *s = std::sin(x); *c = std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float ldexpf(float x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.fast:ldexp") AMPCC_HOST_BODY({ return std::ldexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION int signbitf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.fast:signbit") AMPCC_HOST_BODY({ return std::signbit(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION float ldexp(float x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.fast:ldexp") AMPCC_HOST_BODY({ return std::ldexp(x, e); })
}  // namespace fast_math

namespace precise_math {
AMPCC_AMP_LIBRARY_FUNCTION float acos(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:acos") AMPCC_HOST_BODY({ return std::acos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float acosh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:acosh") AMPCC_HOST_BODY({ return std::acosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float asin(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:asin") AMPCC_HOST_BODY({ return std::asin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float asinh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:asinh") AMPCC_HOST_BODY({ return std::asinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atan(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atan") AMPCC_HOST_BODY({ return std::atan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atanh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atanh") AMPCC_HOST_BODY({ return std::atanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cbrt(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cbrt") AMPCC_HOST_BODY({ return std::cbrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float ceil(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ceil") AMPCC_HOST_BODY({ return std::ceil(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cos(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cos") AMPCC_HOST_BODY({ return std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cosh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cosh") AMPCC_HOST_BODY({ return std::cosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cospi(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cospi") AMPCC_HOST_BODY({ return std::cos(float(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION float erf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:erf") AMPCC_HOST_BODY({ return std::erf(x); })
AMPCC_AMP_LIBRARY_FUNCTION float erfc(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:erfc") AMPCC_HOST_BODY({ return std::erfc(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp") AMPCC_HOST_BODY({ return std::exp(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp10(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp10") AMPCC_HOST_BODY({ return std::pow(float(10), x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp2(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp2") AMPCC_HOST_BODY({ return std::exp2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float expm1(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:expm1") AMPCC_HOST_BODY({ return std::expm1(x); })
AMPCC_AMP_LIBRARY_FUNCTION float fabs(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fabs") AMPCC_HOST_BODY({ return std::fabs(x); })
AMPCC_AMP_LIBRARY_FUNCTION float floor(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:floor") AMPCC_HOST_BODY({ return std::floor(x); })
AMPCC_AMP_LIBRARY_FUNCTION float lgamma(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:lgamma") AMPCC_HOST_BODY({ return std::lgamma(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log") AMPCC_HOST_BODY({ return std::log(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log10(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log10") AMPCC_HOST_BODY({ return std::log10(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log1p(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log1p") AMPCC_HOST_BODY({ return std::log1p(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log2(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log2") AMPCC_HOST_BODY({ return std::log2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float logb(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:logb") AMPCC_HOST_BODY({ return std::logb(x); })
AMPCC_AMP_LIBRARY_FUNCTION float nearbyint(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nearbyint") AMPCC_HOST_BODY({ return std::nearbyint(x); })
AMPCC_AMP_LIBRARY_FUNCTION float rint(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:rint") AMPCC_HOST_BODY({ return std::rint(x); })
AMPCC_AMP_LIBRARY_FUNCTION float round(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:round") AMPCC_HOST_BODY({ return std::round(x); })
AMPCC_AMP_LIBRARY_FUNCTION float rsqrt(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:rsqrt") AMPCC_HOST_BODY({ return 1 / std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sin(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sin") AMPCC_HOST_BODY({ return std::sin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sinh") AMPCC_HOST_BODY({ return std::sinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinpi(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sinpi") AMPCC_HOST_BODY({ return std::sin(float(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION float sqrt(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sqrt") AMPCC_HOST_BODY({ return std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tan(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tan") AMPCC_HOST_BODY({ return std::tan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tanh(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tanh") AMPCC_HOST_BODY({ return std::tanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tgamma(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tgamma") AMPCC_HOST_BODY({ return std::tgamma(x); })
AMPCC_AMP_LIBRARY_FUNCTION float trunc(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:trunc") AMPCC_HOST_BODY({ return std::trunc(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atan2(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atan2") AMPCC_HOST_BODY({ return std::atan2(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float copysign(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:copysign") AMPCC_HOST_BODY({ return std::copysign(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fdim(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fdim") AMPCC_HOST_BODY({ return std::fdim(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmax(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmax") AMPCC_HOST_BODY({ return std::fmax(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmin(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmin") AMPCC_HOST_BODY({ return std::fmin(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmod(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmod") AMPCC_HOST_BODY({ return std::fmod(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float hypot(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:hypot") AMPCC_HOST_BODY({ return std::hypot(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float nextafter(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nextafter") AMPCC_HOST_BODY({ return std::nextafter(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float pow(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:pow") AMPCC_HOST_BODY({ return std::pow(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION int isfinite(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isfinite") AMPCC_HOST_BODY({ return std::isfinite(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int isinf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isinf") AMPCC_HOST_BODY({ return std::isinf(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int isnan(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isnan") AMPCC_HOST_BODY({ return std::isnan(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int signbit(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:signbit") AMPCC_HOST_BODY({ return std::signbit(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION float fma(float x, float y, float z) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fma") AMPCC_HOST_BODY({ return std::fma(x, y, z); })
AMPCC_AMP_LIBRARY_FUNCTION float ldexp(float x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ldexp") AMPCC_HOST_BODY({ return std::ldexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION double acos(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:acos") AMPCC_HOST_BODY({ return std::acos(x); })
AMPCC_AMP_LIBRARY_FUNCTION double acosh(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:acosh") AMPCC_HOST_BODY({ return std::acosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION double asin(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:asin") AMPCC_HOST_BODY({ return std::asin(x); })
AMPCC_AMP_LIBRARY_FUNCTION double asinh(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:asinh") AMPCC_HOST_BODY({ return std::asinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION double atan(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atan") AMPCC_HOST_BODY({ return std::atan(x); })
AMPCC_AMP_LIBRARY_FUNCTION double atanh(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atanh") AMPCC_HOST_BODY({ return std::atanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION double cbrt(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cbrt") AMPCC_HOST_BODY({ return std::cbrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION double ceil(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ceil") AMPCC_HOST_BODY({ return std::ceil(x); })
AMPCC_AMP_LIBRARY_FUNCTION double cos(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cos") AMPCC_HOST_BODY({ return std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION double cosh(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cosh") AMPCC_HOST_BODY({ return std::cosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION double cospi(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cospi") AMPCC_HOST_BODY({ return std::cos(double(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION double erf(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:erf") AMPCC_HOST_BODY({ return std::erf(x); })
AMPCC_AMP_LIBRARY_FUNCTION double erfc(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:erfc") AMPCC_HOST_BODY({ return std::erfc(x); })
AMPCC_AMP_LIBRARY_FUNCTION double exp(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp") AMPCC_HOST_BODY({ return std::exp(x); })
AMPCC_AMP_LIBRARY_FUNCTION double exp10(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp10") AMPCC_HOST_BODY({ return std::pow(double(10), x); })
AMPCC_AMP_LIBRARY_FUNCTION double exp2(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp2") AMPCC_HOST_BODY({ return std::exp2(x); })
AMPCC_AMP_LIBRARY_FUNCTION double expm1(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:expm1") AMPCC_HOST_BODY({ return std::expm1(x); })
AMPCC_AMP_LIBRARY_FUNCTION double fabs(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fabs") AMPCC_HOST_BODY({ return std::fabs(x); })
AMPCC_AMP_LIBRARY_FUNCTION double floor(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:floor") AMPCC_HOST_BODY({ return std::floor(x); })
AMPCC_AMP_LIBRARY_FUNCTION double lgamma(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:lgamma") AMPCC_HOST_BODY({ return std::lgamma(x); })
AMPCC_AMP_LIBRARY_FUNCTION double log(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log") AMPCC_HOST_BODY({ return std::log(x); })
AMPCC_AMP_LIBRARY_FUNCTION double log10(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log10") AMPCC_HOST_BODY({ return std::log10(x); })
AMPCC_AMP_LIBRARY_FUNCTION double log1p(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log1p") AMPCC_HOST_BODY({ return std::log1p(x); })
AMPCC_AMP_LIBRARY_FUNCTION double log2(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log2") AMPCC_HOST_BODY({ return std::log2(x); })
AMPCC_AMP_LIBRARY_FUNCTION double logb(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:logb") AMPCC_HOST_BODY({ return std::logb(x); })
AMPCC_AMP_LIBRARY_FUNCTION double nearbyint(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nearbyint") AMPCC_HOST_BODY({ return std::nearbyint(x); })
AMPCC_AMP_LIBRARY_FUNCTION double rint(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:rint") AMPCC_HOST_BODY({ return std::rint(x); })
AMPCC_AMP_LIBRARY_FUNCTION double round(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:round") AMPCC_HOST_BODY({ return std::round(x); })
AMPCC_AMP_LIBRARY_FUNCTION double rsqrt(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:rsqrt") AMPCC_HOST_BODY({ return 1 / std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION double sin(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sin") AMPCC_HOST_BODY({ return std::sin(x); })
AMPCC_AMP_LIBRARY_FUNCTION double sinh(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sinh") AMPCC_HOST_BODY({ return std::sinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION double sinpi(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sinpi") AMPCC_HOST_BODY({ return std::sin(double(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION double sqrt(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sqrt") AMPCC_HOST_BODY({ return std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION double tan(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tan") AMPCC_HOST_BODY({ return std::tan(x); })
AMPCC_AMP_LIBRARY_FUNCTION double tanh(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tanh") AMPCC_HOST_BODY({ return std::tanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION double tgamma(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tgamma") AMPCC_HOST_BODY({ return std::tgamma(x); })
AMPCC_AMP_LIBRARY_FUNCTION double trunc(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:trunc") AMPCC_HOST_BODY({ return std::trunc(x); })
AMPCC_AMP_LIBRARY_FUNCTION double atan2(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atan2") AMPCC_HOST_BODY({ return std::atan2(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double copysign(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:copysign") AMPCC_HOST_BODY({ return std::copysign(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double fdim(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fdim") AMPCC_HOST_BODY({ return std::fdim(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double fmax(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmax") AMPCC_HOST_BODY({ return std::fmax(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double fmin(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmin") AMPCC_HOST_BODY({ return std::fmin(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double fmod(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmod") AMPCC_HOST_BODY({ return std::fmod(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double hypot(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:hypot") AMPCC_HOST_BODY({ return std::hypot(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double nextafter(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nextafter") AMPCC_HOST_BODY({ return std::nextafter(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double pow(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:pow") AMPCC_HOST_BODY({ return std::pow(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION int isfinite(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isfinite") AMPCC_HOST_BODY({ return std::isfinite(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int isinf(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isinf") AMPCC_HOST_BODY({ return std::isinf(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int isnan(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isnan") AMPCC_HOST_BODY({ return std::isnan(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION int signbit(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:signbit") AMPCC_HOST_BODY({ return std::signbit(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION double fma(double x, double y, double z) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fma") AMPCC_HOST_BODY({ return std::fma(x, y, z); })
AMPCC_AMP_LIBRARY_FUNCTION double ldexp(double x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ldexp") AMPCC_HOST_BODY({ return std::ldexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float acosf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:acos") AMPCC_HOST_BODY({ return std::acos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float acoshf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:acosh") AMPCC_HOST_BODY({ return std::acosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float asinf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:asin") AMPCC_HOST_BODY({ return std::asin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float asinhf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:asinh") AMPCC_HOST_BODY({ return std::asinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atanf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atan") AMPCC_HOST_BODY({ return std::atan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float atanhf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atanh") AMPCC_HOST_BODY({ return std::atanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cbrtf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cbrt") AMPCC_HOST_BODY({ return std::cbrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float ceilf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ceil") AMPCC_HOST_BODY({ return std::ceil(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cosf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cos") AMPCC_HOST_BODY({ return std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float coshf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cosh") AMPCC_HOST_BODY({ return std::cosh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float cospif(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:cospi") AMPCC_HOST_BODY({ return std::cos(float(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION float erff(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:erf") AMPCC_HOST_BODY({ return std::erf(x); })
AMPCC_AMP_LIBRARY_FUNCTION float erfcf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:erfc") AMPCC_HOST_BODY({ return std::erfc(x); })
AMPCC_AMP_LIBRARY_FUNCTION float expf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp") AMPCC_HOST_BODY({ return std::exp(x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp10f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp10") AMPCC_HOST_BODY({ return std::pow(float(10), x); })
AMPCC_AMP_LIBRARY_FUNCTION float exp2f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:exp2") AMPCC_HOST_BODY({ return std::exp2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float expm1f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:expm1") AMPCC_HOST_BODY({ return std::expm1(x); })
AMPCC_AMP_LIBRARY_FUNCTION float fabsf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fabs") AMPCC_HOST_BODY({ return std::fabs(x); })
AMPCC_AMP_LIBRARY_FUNCTION float floorf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:floor") AMPCC_HOST_BODY({ return std::floor(x); })
AMPCC_AMP_LIBRARY_FUNCTION float lgammaf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:lgamma") AMPCC_HOST_BODY({ return std::lgamma(x); })
AMPCC_AMP_LIBRARY_FUNCTION float logf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log") AMPCC_HOST_BODY({ return std::log(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log10f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log10") AMPCC_HOST_BODY({ return std::log10(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log1pf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log1p") AMPCC_HOST_BODY({ return std::log1p(x); })
AMPCC_AMP_LIBRARY_FUNCTION float log2f(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:log2") AMPCC_HOST_BODY({ return std::log2(x); })
AMPCC_AMP_LIBRARY_FUNCTION float logbf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:logb") AMPCC_HOST_BODY({ return std::logb(x); })
AMPCC_AMP_LIBRARY_FUNCTION float nearbyintf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nearbyint") AMPCC_HOST_BODY({ return std::nearbyint(x); })
AMPCC_AMP_LIBRARY_FUNCTION float rintf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:rint") AMPCC_HOST_BODY({ return std::rint(x); })
AMPCC_AMP_LIBRARY_FUNCTION float roundf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:round") AMPCC_HOST_BODY({ return std::round(x); })
AMPCC_AMP_LIBRARY_FUNCTION float rsqrtf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:rsqrt") AMPCC_HOST_BODY({ return 1 / std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sin") AMPCC_HOST_BODY({ return std::sin(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinhf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sinh") AMPCC_HOST_BODY({ return std::sinh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float sinpif(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sinpi") AMPCC_HOST_BODY({ return std::sin(float(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION float sqrtf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sqrt") AMPCC_HOST_BODY({ return std::sqrt(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tanf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tan") AMPCC_HOST_BODY({ return std::tan(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tanhf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tanh") AMPCC_HOST_BODY({ return std::tanh(x); })
AMPCC_AMP_LIBRARY_FUNCTION float tgammaf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tgamma") AMPCC_HOST_BODY({ return std::tgamma(x); })
AMPCC_AMP_LIBRARY_FUNCTION float truncf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:trunc") AMPCC_HOST_BODY({ return std::trunc(x); })
// Results through pointers, and the rest of MSVC's precise_math list.
AMPCC_AMP_LIBRARY_FUNCTION float frexp(float x, int *e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:frexp") AMPCC_HOST_BODY({ return std::frexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float modf(float x, float *ip) __AMPR__(amp) AMPCC_BUILTIN("math.precise:modf") AMPCC_HOST_BODY({ return std::modf(x, ip); })
AMPCC_AMP_LIBRARY_FUNCTION void sincos(float x, float *s, float *c) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sincos") AMPCC_HOST_BODY({ *s = std::sin(x); *c = std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float remainder(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:remainder") AMPCC_HOST_BODY({ return std::remainder(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float remquo(float x, float y, int *q) __AMPR__(amp) AMPCC_BUILTIN("math.precise:remquo") AMPCC_HOST_BODY({ return std::remquo(x, y, q); })
AMPCC_AMP_LIBRARY_FUNCTION int ilogb(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ilogb") AMPCC_HOST_BODY({ return std::ilogb(x); })
AMPCC_AMP_LIBRARY_FUNCTION int isnormal(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isnormal") AMPCC_HOST_BODY({ return std::isnormal(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION float scalbn(float x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ldexp") AMPCC_HOST_BODY({ return std::scalbn(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float tanpi(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tanpi") AMPCC_HOST_BODY({ return std::tan(float(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION float rcbrt(float x) __AMPR__(amp) { return float(1) / cbrt(x); }
AMPCC_AMP_LIBRARY_FUNCTION float scalb(float x, float e) __AMPR__(amp) { return x * exp2(e); }
AMPCC_AMP_LIBRARY_FUNCTION float phi(float x) __AMPR__(amp) { return float(0.5) * erfc(-x * float(0.70710678118654752440)); }
// The inverse of erf: an initial estimate refined by Newton's method on erf (erfinv(+-1) is +-infinity).
AMPCC_AMP_LIBRARY_FUNCTION float erfinv(float y) __AMPR__(amp) {
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
AMPCC_AMP_LIBRARY_FUNCTION float erfcinv(float y) __AMPR__(amp) { return erfinv(float(1) - y); }
AMPCC_AMP_LIBRARY_FUNCTION int fpclassify(float x) __AMPR__(amp) {
  return isnan(x) ? FP_NAN : isinf(x) ? FP_INFINITE : x == float(0) ? FP_ZERO : isnormal(x) ? FP_NORMAL : FP_SUBNORMAL;
}
AMPCC_AMP_LIBRARY_FUNCTION double frexp(double x, int *e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:frexp") AMPCC_HOST_BODY({ return std::frexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION double modf(double x, double *ip) __AMPR__(amp) AMPCC_BUILTIN("math.precise:modf") AMPCC_HOST_BODY({ return std::modf(x, ip); })
AMPCC_AMP_LIBRARY_FUNCTION void sincos(double x, double *s, double *c) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sincos") AMPCC_HOST_BODY({ *s = std::sin(x); *c = std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION double remainder(double x, double y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:remainder") AMPCC_HOST_BODY({ return std::remainder(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION double remquo(double x, double y, int *q) __AMPR__(amp) AMPCC_BUILTIN("math.precise:remquo") AMPCC_HOST_BODY({ return std::remquo(x, y, q); })
AMPCC_AMP_LIBRARY_FUNCTION int ilogb(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ilogb") AMPCC_HOST_BODY({ return std::ilogb(x); })
AMPCC_AMP_LIBRARY_FUNCTION int isnormal(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isnormal") AMPCC_HOST_BODY({ return std::isnormal(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION double scalbn(double x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ldexp") AMPCC_HOST_BODY({ return std::scalbn(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION double tanpi(double x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tanpi") AMPCC_HOST_BODY({ return std::tan(double(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION double nan(int) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nan") AMPCC_HOST_BODY({ return std::numeric_limits<double>::quiet_NaN(); })
AMPCC_AMP_LIBRARY_FUNCTION double rcbrt(double x) __AMPR__(amp) { return double(1) / cbrt(x); }
AMPCC_AMP_LIBRARY_FUNCTION double scalb(double x, double e) __AMPR__(amp) { return x * exp2(e); }
AMPCC_AMP_LIBRARY_FUNCTION double phi(double x) __AMPR__(amp) { return double(0.5) * erfc(-x * double(0.70710678118654752440)); }
// The inverse of erf: an initial estimate refined by Newton's method on erf (erfinv(+-1) is +-infinity).
AMPCC_AMP_LIBRARY_FUNCTION double erfinv(double y) __AMPR__(amp) {
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
AMPCC_AMP_LIBRARY_FUNCTION double erfcinv(double y) __AMPR__(amp) { return erfinv(double(1) - y); }
AMPCC_AMP_LIBRARY_FUNCTION int fpclassify(double x) __AMPR__(amp) {
  return isnan(x) ? FP_NAN : isinf(x) ? FP_INFINITE : x == double(0) ? FP_ZERO : isnormal(x) ? FP_NORMAL : FP_SUBNORMAL;
}
AMPCC_AMP_LIBRARY_FUNCTION float frexpf(float x, int *e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:frexp") AMPCC_HOST_BODY({ return std::frexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float modff(float x, float *ip) __AMPR__(amp) AMPCC_BUILTIN("math.precise:modf") AMPCC_HOST_BODY({ return std::modf(x, ip); })
AMPCC_AMP_LIBRARY_FUNCTION void sincosf(float x, float *s, float *c) __AMPR__(amp) AMPCC_BUILTIN("math.precise:sincos") AMPCC_HOST_BODY({ *s = std::sin(x); *c = std::cos(x); })
AMPCC_AMP_LIBRARY_FUNCTION float remainderf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:remainder") AMPCC_HOST_BODY({ return std::remainder(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float remquof(float x, float y, int *q) __AMPR__(amp) AMPCC_BUILTIN("math.precise:remquo") AMPCC_HOST_BODY({ return std::remquo(x, y, q); })
AMPCC_AMP_LIBRARY_FUNCTION int ilogbf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ilogb") AMPCC_HOST_BODY({ return std::ilogb(x); })
AMPCC_AMP_LIBRARY_FUNCTION int isnormalf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:isnormal") AMPCC_HOST_BODY({ return std::isnormal(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION float scalbnf(float x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ldexp") AMPCC_HOST_BODY({ return std::scalbn(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float tanpif(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:tanpi") AMPCC_HOST_BODY({ return std::tan(float(3.14159265358979323846) * x); })
AMPCC_AMP_LIBRARY_FUNCTION float nanf(int) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nan") AMPCC_HOST_BODY({ return std::numeric_limits<float>::quiet_NaN(); })
AMPCC_AMP_LIBRARY_FUNCTION float rcbrtf(float x) __AMPR__(amp) { return float(1) / cbrt(x); }
AMPCC_AMP_LIBRARY_FUNCTION float scalbf(float x, float e) __AMPR__(amp) { return x * exp2(e); }
AMPCC_AMP_LIBRARY_FUNCTION float phif(float x) __AMPR__(amp) { return float(0.5) * erfc(-x * float(0.70710678118654752440)); }
// The inverse of erf: an initial estimate refined by Newton's method on erf (erfinv(+-1) is +-infinity).
AMPCC_AMP_LIBRARY_FUNCTION float erfinvf(float y) __AMPR__(amp) {
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
AMPCC_AMP_LIBRARY_FUNCTION float erfcinvf(float y) __AMPR__(amp) { return erfinvf(float(1) - y); }
AMPCC_AMP_LIBRARY_FUNCTION float copysignf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:copysign") AMPCC_HOST_BODY({ return std::copysign(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fdimf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fdim") AMPCC_HOST_BODY({ return std::fdim(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmaf(float x, float y, float z) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fma") AMPCC_HOST_BODY({ return std::fma(x, y, z); })
AMPCC_AMP_LIBRARY_FUNCTION float hypotf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:hypot") AMPCC_HOST_BODY({ return std::hypot(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float ldexpf(float x, int e) __AMPR__(amp) AMPCC_BUILTIN("math.precise:ldexp") AMPCC_HOST_BODY({ return std::ldexp(x, e); })
AMPCC_AMP_LIBRARY_FUNCTION float nextafterf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:nextafter") AMPCC_HOST_BODY({ return std::nextafter(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION int signbitf(float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:signbit") AMPCC_HOST_BODY({ return std::signbit(x) ? 1 : 0; })
AMPCC_AMP_LIBRARY_FUNCTION float atan2f(float y, float x) __AMPR__(amp) AMPCC_BUILTIN("math.precise:atan2") AMPCC_HOST_BODY({ return std::atan2(y, x); })
AMPCC_AMP_LIBRARY_FUNCTION float fmaxf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmax") AMPCC_HOST_BODY({ return std::fmax(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fminf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmin") AMPCC_HOST_BODY({ return std::fmin(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float fmodf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:fmod") AMPCC_HOST_BODY({ return std::fmod(x, y); })
AMPCC_AMP_LIBRARY_FUNCTION float powf(float x, float y) __AMPR__(amp) AMPCC_BUILTIN("math.precise:pow") AMPCC_HOST_BODY({ return std::pow(x, y); })
namespace ampcc_detail {
// The inverse of phi, the standard normal distribution's cumulative distribution function: the x whose phi(x) is p;
// -infinity at 0, +infinity at 1, NaN outside [0, 1]. A rational estimate (Abramowitz and Stegun 26.2.23) refined
// by Halley's method on phi, computed through erfc of the smaller tail so that tiny probabilities keep their
// precision; Epsilon is T's machine epsilon, where the refinement stops.
template <typename T> T probit(T p, T Epsilon) __AMPR__(amp) {
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
AMPCC_AMP_LIBRARY_FUNCTION float probit(float p) __AMPR__(amp) { return ampcc_detail::probit(p, 1.1920929e-7f); }
AMPCC_AMP_LIBRARY_FUNCTION double probit(double p) __AMPR__(amp) { return ampcc_detail::probit(p, 2.220446049250313e-16); }
AMPCC_AMP_LIBRARY_FUNCTION float probitf(float p) __AMPR__(amp) { return probit(p); }
}  // namespace precise_math

}  // namespace Concurrency

#endif
