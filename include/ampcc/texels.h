// The texels of <amp_graphics.h>: what a texel type is made of and which formats it may be stored in, the
// narrow formats' packing on host copies (8 and 16 bits per scalar element, half floats, MSVC's clamping), and
// what sampling needs in amp code (a texel as four floats, the address modes). The texture classes and the
// sampler are in amp_graphics.h, which users include; this header is part of it.
#ifndef AMPCC_TEXELS_H
#define AMPCC_TEXELS_H

#include <amp.h>
#include <amp_short_vectors.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace Concurrency {
namespace graphics {

// How sample() picks between texels: the nearest one, or the linear blend of the 2^N nearest.
enum filter_mode : unsigned int { filter_point = 0, filter_linear = 0x15, filter_unknown = 0xFFFFFFFF };
// What sample() reads outside [0, 1): the texture repeated, mirrored, its edge texels, or the border color.
enum address_mode : unsigned int {
  address_wrap = 1,
  address_mirror = 2,
  address_clamp = 3,
  address_border = 4,
  address_unknown = 0xFFFFFFFF
};

namespace texture_detail {

// What a texel type is made of: its scalar (int, unsigned, float, norm, unorm or double), its number of
// components, and the formats (bits per scalar element) it may be stored in.
template <typename T, typename = void> struct texel {
  static constexpr bool valid = false;
};
template <typename T> struct texel<T, std::void_t<typename short_vector_traits<T>::value_type>> {
  typedef typename short_vector_traits<T>::value_type scalar;
  static constexpr int components = short_vector_traits<T>::size;
  static constexpr bool is_double = std::is_same_v<scalar, double>;
  static constexpr bool is_normalized = std::is_same_v<scalar, norm> || std::is_same_v<scalar, unorm>;
  // As MSVC: no 3-component norm, unorm or double texels, and no double_4 (more than 128 bits).
  static constexpr bool valid = !(components == 3 && (is_normalized || is_double)) && !(is_double && components > 2);
  static constexpr unsigned default_bits = is_double ? 64 : is_normalized ? 16 : 32;
  // Both reading and writing in one kernel (texture::set, a read-write texture_view): one 32-bit component.
  static constexpr bool read_write = components == 1 && !is_double && !is_normalized;

  static bool valid_bits(unsigned bits) {
    if (is_double)
      return bits == 64;
    if (components == 3)
      return bits == 32;
    if (is_normalized)
      return bits == 8 || bits == 16;
    if (std::is_same_v<scalar, float>)
      return bits == 16 || bits == 32;
    return bits == 8 || bits == 16 || bits == 32;
  }
};

// IEEE half precision, rounded to nearest even: the 16-bit float format.
inline std::uint16_t to_half(float f) {
  std::uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  std::uint16_t sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  std::uint32_t mag = x & 0x7fffffffu;
  if (mag >= 0x7f800000u) // infinity or NaN
    return sign | 0x7c00u | (mag > 0x7f800000u ? 0x200u : 0u);
  if (mag >= 0x477ff000u) // rounds to more than the largest half
    return sign | 0x7c00u;
  if (mag < 0x38800000u) { // a subnormal half, or zero
    if (mag < 0x33000000u)
      return sign;
    std::uint32_t mant = (mag & 0x7fffffu) | 0x800000u;
    int shift = 126 - static_cast<int>(mag >> 23);
    std::uint32_t h = mant >> (shift + 1);
    std::uint32_t rest = mant & ((1u << (shift + 1)) - 1), half = 1u << shift;
    if (rest > half || (rest == half && (h & 1u)))
      ++h;
    return sign | static_cast<std::uint16_t>(h);
  }
  std::uint32_t h = ((mag - 0x38000000u) >> 13);
  std::uint32_t rest = mag & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
    ++h;
  return sign | static_cast<std::uint16_t>(h);
}
inline float from_half(std::uint16_t h) {
  std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  std::uint32_t x;
  if (exp == 0x1f)
    x = sign | 0x7f800000u | (mant << 13);
  else if (exp != 0)
    x = sign | ((exp + 112) << 23) | (mant << 13);
  else if (mant == 0)
    x = sign;
  else {
    float f = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -f : f;
  }
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

// One scalar to and from its stored form of `bits` bits (little-endian, as the host's memory).
template <typename S> void store_scalar(S v, unsigned bits, unsigned char *out) {
  if constexpr (std::is_same_v<S, int> || std::is_same_v<S, unsigned>) {
    // Integers out of the format's range are clamped to it.
    long long lo = std::is_same_v<S, int> ? -(1LL << (bits - 1)) : 0;
    long long hi = std::is_same_v<S, int> ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
    long long x = static_cast<long long>(v);
    x = x < lo ? lo : x > hi ? hi : x;
    std::uint32_t u = static_cast<std::uint32_t>(x);
    std::memcpy(out, &u, bits / 8);
  } else if constexpr (std::is_same_v<S, float>) {
    if (bits == 16) {
      std::uint16_t h = to_half(v);
      std::memcpy(out, &h, 2);
    } else
      std::memcpy(out, &v, 4);
  } else if constexpr (std::is_same_v<S, double>) {
    std::memcpy(out, &v, 8);
  } else {
    // norm and unorm: the nearest of the format's 2^bits - 1 (unorm) or 2^(bits-1) - 1 (norm, both signs) steps.
    bool is_norm = std::is_same_v<S, norm>;
    long long steps = is_norm ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
    long long x = std::llround(static_cast<double>(float(v)) * static_cast<double>(steps));
    std::uint32_t u = static_cast<std::uint32_t>(x);
    std::memcpy(out, &u, bits / 8);
  }
}
template <typename S> S load_scalar(unsigned bits, const unsigned char *in) {
  std::uint32_t u = 0;
  if constexpr (std::is_same_v<S, double>) {
    double d;
    std::memcpy(&d, in, 8);
    return d;
  } else {
    std::memcpy(&u, in, bits / 8);
    if constexpr (std::is_same_v<S, float>) {
      if (bits == 16)
        return from_half(static_cast<std::uint16_t>(u));
      float f;
      std::memcpy(&f, &u, 4);
      return f;
    } else {
      bool is_signed = std::is_same_v<S, int> || std::is_same_v<S, norm>;
      long long x = u;
      if (is_signed && bits < 32 && (u >> (bits - 1)) & 1u)
        x -= 1LL << bits; // sign-extend
      else if (is_signed && bits == 32)
        x = static_cast<std::int32_t>(u);
      if constexpr (std::is_same_v<S, int> || std::is_same_v<S, unsigned>)
        return static_cast<S>(x);
      else {
        long long steps = std::is_same_v<S, norm> ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
        return S(static_cast<float>(static_cast<double>(x) / static_cast<double>(steps)));
      }
    }
  }
}

// Texels to and from their stored form. Short vectors are plain structs of their components, in order.
template <typename T> void pack(const T *src, std::size_t count, unsigned bits, void *dst) {
  typedef typename texel<T>::scalar S;
  constexpr int C = texel<T>::components;
  unsigned char *out = static_cast<unsigned char *>(dst);
  for (std::size_t i = 0; i < count; ++i) {
    const S *comps = reinterpret_cast<const S *>(&src[i]);
    for (int c = 0; c < C; ++c, out += bits / 8)
      store_scalar<S>(comps[c], bits, out);
  }
}
template <typename T> void unpack(const void *src, std::size_t count, unsigned bits, T *dst) {
  typedef typename texel<T>::scalar S;
  constexpr int C = texel<T>::components;
  const unsigned char *in = static_cast<const unsigned char *>(src);
  for (std::size_t i = 0; i < count; ++i) {
    S *comps = reinterpret_cast<S *>(&dst[i]);
    for (int c = 0; c < C; ++c, in += bits / 8)
      comps[c] = load_scalar<S>(bits, in);
  }
}

// Sampling, in amp code. A texel as four floats and back (missing components are 0).
template <typename T> float_4 texel_to_float4(const T &v) __AMPR__(cpu, amp) {
  if constexpr (texel<T>::components == 1)
    return float_4(float(v), 0.0f, 0.0f, 0.0f);
  else if constexpr (texel<T>::components == 2)
    return float_4(float(v.x), float(v.y), 0.0f, 0.0f);
  else if constexpr (texel<T>::components == 3)
    return float_4(float(v.x), float(v.y), float(v.z), 0.0f);
  else
    return float_4(float(v.x), float(v.y), float(v.z), float(v.w));
}
template <typename T> T texel_from_float4(const float_4 &v) __AMPR__(cpu, amp) {
  typedef typename texel<T>::scalar S;
  if constexpr (texel<T>::components == 1)
    return T(v.x);
  else if constexpr (texel<T>::components == 2)
    return T(S(v.x), S(v.y));
  else if constexpr (texel<T>::components == 3)
    return T(S(v.x), S(v.y), S(v.z));
  else
    return T(S(v.x), S(v.y), S(v.z), S(v.w));
}
// The texel index i along a dimension of size n under an address mode; -1 for the border.
inline int address_texel(int i, int n, unsigned int mode) __AMPR__(cpu, amp) {
  if (i >= 0 && i < n)
    return i;
  if (mode == address_wrap) {
    int m = i % n;
    return m < 0 ? m + n : m;
  }
  if (mode == address_mirror) {
    int m = i % (2 * n);
    m = m < 0 ? m + 2 * n : m;
    return m < n ? m : 2 * n - 1 - m;
  }
  if (mode == address_clamp)
    return i < 0 ? 0 : n - 1;
  return -1;
}

} // namespace texture_detail
} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_TEXELS_H
