// concurrency::direct3d: the HLSL-style intrinsics MSVC's amp.h offers beside the math libraries (clamp,
// countbits, firstbithigh, mad, noise, rcp, saturate, smoothstep, ...). Each is restrict(cpu, amp) and written in
// plain C++: on the host it runs as is, in kernels ampcc lowers it like any function (OpenCL C compilers turn the
// loops into the device's bit instructions). Included by <amp.h>; not for direct inclusion.
#ifndef AMPCC_AMP_DIRECT3D_H
#define AMPCC_AMP_DIRECT3D_H

namespace Concurrency {
namespace detail {
// direct3d::noise's lattice: a 32-bit integer hash (xor-shift and multiply rounds) of each integer point, made a
// gradient in [-1, 1].
inline float noise_gradient(int i) __AMPR__(cpu, amp) {
  unsigned int h = static_cast<unsigned int>(i);
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return static_cast<float>(h >> 8) * (2.0f / 16777215.0f) - 1.0f;
}
} // namespace detail

namespace direct3d {

inline int abs(int x) __AMPR__(cpu, amp) { return x < 0 ? -x : x; }

inline float clamp(float x, float lo, float hi) __AMPR__(cpu, amp) { return x < lo ? lo : x > hi ? hi : x; }
inline int clamp(int x, int lo, int hi) __AMPR__(cpu, amp) { return x < lo ? lo : x > hi ? hi : x; }

// The number of bits set.
inline unsigned int countbits(unsigned int x) __AMPR__(cpu, amp) {
  unsigned int n = 0;
  for (; x; x &= x - 1)
    ++n;
  return n;
}

// The position (0 = least significant) of the highest bit set, -1 for 0; for a negative value, of the highest
// bit that differs from the sign bit (HLSL's firstbithigh).
inline int firstbithigh(int x) __AMPR__(cpu, amp) {
  unsigned int u = static_cast<unsigned int>(x < 0 ? ~x : x);
  int pos = -1;
  for (int i = 0; u; ++i, u >>= 1)
    pos = i;
  return pos;
}

// The position of the lowest bit set, -1 for 0.
inline int firstbitlow(int x) __AMPR__(cpu, amp) {
  unsigned int u = static_cast<unsigned int>(x);
  if (!u)
    return -1;
  int pos = 0;
  for (; !(u & 1u); u >>= 1)
    ++pos;
  return pos;
}

inline int imax(int a, int b) __AMPR__(cpu, amp) { return a > b ? a : b; }
inline int imin(int a, int b) __AMPR__(cpu, amp) { return a < b ? a : b; }
inline unsigned int umax(unsigned int a, unsigned int b) __AMPR__(cpu, amp) { return a > b ? a : b; }
inline unsigned int umin(unsigned int a, unsigned int b) __AMPR__(cpu, amp) { return a < b ? a : b; }

// a * b + c.
inline float mad(float a, float b, float c) __AMPR__(cpu, amp) { return a * b + c; }
inline double mad(double a, double b, double c) __AMPR__(cpu, amp) { return a * b + c; }
inline int mad(int a, int b, int c) __AMPR__(cpu, amp) { return a * b + c; }
inline unsigned int mad(unsigned int a, unsigned int b, unsigned int c) __AMPR__(cpu, amp) { return a * b + c; }

// HLSL's noise: one-dimensional Perlin gradient noise, a smooth pseudo-random function of x with values in
// [-1, 1]. It is 0 at every integer; between two integers it blends the lines through them whose slopes are fixed
// pseudo-random gradients, with Perlin's quintic fade, so it is continuous with its first two derivatives and
// varies over about one unit of x. The same x gives the same value on the host and in every kernel (up to the
// rounding of a few float operations). Beyond 2^24 in magnitude every float is an integer: 0 there, as for NaN.
inline float noise(float x) __AMPR__(cpu, amp) {
  if (!(x > -16777216.0f && x < 16777216.0f))
    return 0.0f;
  int i = static_cast<int>(x);
  if (static_cast<float>(i) > x)
    --i; // the floor of x
  float f = x - static_cast<float>(i);
  float d0 = detail::noise_gradient(i) * f, d1 = detail::noise_gradient(i + 1) * (f - 1.0f);
  float s = f * f * f * (f * (f * 6.0f - 15.0f) + 10.0f);
  // |d0 + s (d1 - d0)| is at most 1/2 (at f = 1/2, gradients 1 and -1).
  return clamp(2.0f * (d0 + s * (d1 - d0)), -1.0f, 1.0f);
}

// Degrees to radians.
inline float radians(float degrees) __AMPR__(cpu, amp) { return degrees * 0.0174532925199432957692f; }

// The reciprocal.
inline float rcp(float x) __AMPR__(cpu, amp) { return 1.0f / x; }
inline double rcp(double x) __AMPR__(cpu, amp) { return 1.0 / x; }

// The bits in reverse order (bit 0 becomes bit 31).
inline unsigned int reversebits(unsigned int x) __AMPR__(cpu, amp) {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1)
    r = (r << 1) | (x & 1u);
  return r;
}

// Clamped to [0, 1].
inline float saturate(float x) __AMPR__(cpu, amp) { return clamp(x, 0.0f, 1.0f); }

// -1, 0 or 1.
inline int sign(int x) __AMPR__(cpu, amp) { return (x > 0) - (x < 0); }

// Hermite interpolation between 0 (x <= lo) and 1 (x >= hi).
inline float smoothstep(float lo, float hi, float x) __AMPR__(cpu, amp) {
  float t = saturate((x - lo) / (hi - lo));
  return t * t * (3.0f - 2.0f * t);
}

// 1 where x >= y, else 0.
inline float step(float y, float x) __AMPR__(cpu, amp) { return x >= y ? 1.0f : 0.0f; }

} // namespace direct3d
} // namespace Concurrency

#endif
