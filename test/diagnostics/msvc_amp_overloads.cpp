// amp.h and amp_math.h offer what MSVC's offered and nothing more that changes overload resolution: index and
// extent have + and - between themselves and +, -, *, /, % with a scalar, index<1> converts to int in amp code only,
// and fast_math and precise_math are restrict(amp) only. The namespaces of MSVC's headers exist.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <cmath>
using namespace concurrency;
using namespace concurrency::direct3d;
using namespace concurrency::fast_math;
using namespace concurrency::precise_math;
using namespace concurrency::graphics;
using namespace concurrency::graphics::direct3d;

// What MSVC accepted: no error here.
void accepted(index<1> i1, index<2> i2, extent<2> e2, unsigned u, double d, float f, int n) {
  index<1> a = i1 + u; // index<1> is no int: int + unsigned is not a candidate
  a = u + i1;
  a = i1 - u;
  a = i1 * u;
  a = i1 / 2;
  a = i1 % 3;
  a = 2 * i1;
  index<2> b = i2 + i2;
  b = i2 - i2;
  b += i2;
  b -= i2;
  b *= 2;
  b /= 2;
  b %= 2;
  ++b;
  b--;
  bool same = i2 == b || i2 != b;
  extent<2> e = e2 + e2;
  e = e2 - e2;
  e = e2 + i2;
  e = e2 - i2;
  e = e2 * 2;
  e = 2 * e2;
  e = e2 / 2;
  e = e2 % 2;
  e += e2;
  e -= i2;
  e *= 2;
  // The C library's functions, with MSVC's amp-only libraries in scope: host code calls the C library's.
  double r = sqrt(d) + fabs(d) + pow(d, 2.0) + floor(d);
  float s = sqrtf(f) + cosf(f);
  (void)same, (void)r, (void)s;
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
    float x = fast_math::sqrt(f) + fast_math::cos(f) + precise_math::pow(f, 2.0f);
    int k = clamp(n, 0, 3) + countbits(static_cast<unsigned>(i[0]));
    index<1> j = i + u; // in amp code too, where index<1> converts to int (below)
    j = u * i;
    // Microsoft's C++ AMP overview indexes a plain array with an index<1> in a kernel: ampcc takes it there.
    float table[4] = {1, 2, 3, 4};
    x += table[i];
    (void)x, (void)k, (void)j;
  });
}

// What MSVC rejected.
void rejected(index<2> i2, extent<2> e2, float f) {
  index<2> b = i2 * i2; // expected-error {{invalid operands to binary expression ('index<2>' and 'index<2>')}}
  b = i2 / i2;          // expected-error {{invalid operands to binary expression ('index<2>' and 'index<2>')}}
  b = i2 % i2;          // expected-error {{invalid operands to binary expression ('index<2>' and 'index<2>')}}
  b *= i2;              // expected-error {{no viable overloaded '*='}}
  extent<2> e = e2 * e2; // expected-error {{invalid operands to binary expression ('extent<2>' and 'extent<2>')}}
  e /= e2;              // expected-error {{no viable overloaded '/='}}
  // index<1> as an int in cpu code: msvc_amp_only_in_cpu_code.cpp. The math libraries are amp only, as MSVC
  // declares them.
  float x = precise_math::sqrt(f); // expected-error {{no matching function for call to 'sqrt'}}
  (void)b, (void)e, (void)x; // fast_math::cos(f), a call of the only cos there: msvc_amp_only_in_cpu_code.cpp
}
// expected-note@* 0+ {{candidate}}
