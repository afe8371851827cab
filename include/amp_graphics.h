// C++ AMP's graphics header for ampcc: textures (concurrency::graphics::texture, texture_view,
// writeonly_texture_view), their copies, and the short vectors of amp_short_vectors.h.
//
// How textures are made here (docs/design.md, "Textures"): a texture is kept in an ordinary device buffer with
// one full-width texel (T) per element, so every OpenCL device has them, images or not; inside a kernel it is
// lowered like an array, and a texture view like an array_view. What Direct3D did in its texture units is done
// at the edges instead:
// - bits_per_scalar_element (8 or 16 bits for integers, normalized values and half floats) is the format of
//   the texture's data on the host side: copies in and out through `void *` pack and unpack texels in it, with
//   MSVC's clamping (integers to the format's range, norm/unorm rounded to its steps, floats to half), and
//   get_data_length() reports it;
// - reading and writing one texture in one kernel is allowed only where MSVC allowed it (one component, not
//   norm, unorm or double, 32 bits): set() is a compile-time error otherwise, and a kernel that writes a
//   texture of another format through the texture itself fails at launch. writeonly_texture_view writes any
//   format.
// - sampling (texture_view<const T, N>::sample with a sampler or a predefined one) and gathering (gather_red ..
//   gather_alpha, rank 2) are done in amp code from the texels, with D3D's rules for point and linear filtering
//   and the four address modes.
// Known difference: a kernel reading a narrow-format texture that another kernel wrote reads the values as
// written, not as the narrow format would have stored them; copies out to the host are exact.
// Left out: mipmap levels above 1, staging textures with row and depth pitch,
// and Direct3D interop (make_texture).
#ifndef AMPCC_AMP_GRAPHICS_H
#define AMPCC_AMP_GRAPHICS_H

#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace Concurrency {
namespace graphics {

template <typename T, int N> class texture;
template <typename T, int N> class texture_view;
template <typename T, int N> class writeonly_texture_view;

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

// The sampling state of texture_view<const T, N>::sample: captured by value in kernels.
class sampler {
public:
  // Linear filtering, clamped addresses, a border of zeros (MSVC's default).
  sampler() : sampler(filter_linear, address_clamp) {}
  sampler(filter_mode filter) : sampler(filter, address_clamp) {}
  sampler(address_mode address, float_4 border = float_4(0.0f, 0.0f, 0.0f, 0.0f))
      : sampler(filter_linear, address, border) {}
  sampler(filter_mode filter, address_mode address, float_4 border = float_4(0.0f, 0.0f, 0.0f, 0.0f))
      : filter_(filter), address_(address), border_(border) {
    if (filter != filter_point && filter != filter_linear)
      throw runtime_exception("ampcc: a sampler's filter mode must be filter_point or filter_linear", 0x80070057L);
    if (address < address_wrap || address > address_border)
      throw runtime_exception("ampcc: a sampler's address mode must be wrap, mirror, clamp or border", 0x80070057L);
  }
  sampler(const sampler &) __AMPR__(cpu, amp) = default;
  sampler &operator=(const sampler &) __AMPR__(cpu, amp) = default;

  filter_mode get_filter_mode() const __AMPR__(cpu, amp) { return filter_; }
  address_mode get_address_mode() const __AMPR__(cpu, amp) { return address_; }
  float_4 get_border_color() const __AMPR__(cpu, amp) { return border_; }

private:
  filter_mode filter_;
  address_mode address_;
  float_4 border_;
};

namespace detail {
using concurrency::detail::if_iterator_t;

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

[[noreturn]] inline void texture_error(const std::string &what) {
  throw runtime_exception("ampcc: " + what, 0x80070057L); // E_INVALIDARG
}

// What copy() needs of a texture and of the views that write it, which users do not get.
struct texture_access {
  template <typename T, int N> static texture<T, N> &of(const writeonly_texture_view<T, N> &v) { return *v.tex_; }
  template <typename T, int N> static void from_bytes(texture<T, N> &t, const void *src, unsigned int bytes) {
    t.copy_from_bytes(src, bytes);
  }
  template <typename T, int N> static void to_bytes(const texture<T, N> &t, void *dst, unsigned int bytes) {
    t.copy_to_bytes(dst, bytes);
  }
  template <typename T, int N, typename It> static void from_range(texture<T, N> &t, It first, It last) {
    t.copy_in(first, last);
  }

  // Region copies: the texels of the extent e at offset `at` of t, in row-major order.
  template <typename T, int N>
  static void check_region(const texture<T, N> &t, const index<N> &at, const extent<N> &e, const char *what) {
    for (int d = 0; d < N; ++d)
      if (at[d] < 0 || e[d] <= 0 || at[d] > t.extent[d] - e[d])
        texture_error(std::string(what) + ": the region (offset " + std::to_string(at[d]) + ", extent " +
                      std::to_string(e[d]) + " in dimension " + std::to_string(d) + ") is not inside the texture");
  }
  template <typename T, int N> static std::vector<T> texels(const texture<T, N> &t) {
    std::vector<T> all(t.extent.size());
    t.st_->read(all.data(), 0, all.size() * sizeof(T));
    return all;
  }
  template <typename T, int N, typename F> static void each(const index<N> &at, const extent<N> &e, F f) {
    for (unsigned k = 0; k < static_cast<unsigned>(e.size()); ++k)
      f(k, concurrency::detail::index_of(k, e) + at);
  }
  template <typename T, int N>
  static void region_to_bytes(const texture<T, N> &t, const index<N> &at, const extent<N> &e, void *dst,
                              unsigned int bytes) {
    check_region(t, at, e, "copy");
    std::size_t need = e.size() * texel<T>::components * (t.bits_ / 8);
    if (!dst || bytes < need)
      texture_error("the destination holds " + std::to_string(bytes) + " bytes, the region's data is " +
                    std::to_string(need));
    std::vector<T> all = texels(t), part(e.size());
    each<T>(at, e, [&](unsigned k, const index<N> &i) { part[k] = all[concurrency::detail::linear(t.shape_, i)]; });
    pack(part.data(), part.size(), t.bits_, dst);
  }
  template <typename T, int N>
  static void region_from_bytes(texture<T, N> &t, const void *src, unsigned int bytes, const index<N> &at,
                                const extent<N> &e) {
    check_region(t, at, e, "copy");
    std::size_t need = e.size() * texel<T>::components * (t.bits_ / 8);
    if (!src || bytes < need)
      texture_error("the source holds " + std::to_string(bytes) + " bytes, the region's data is " +
                    std::to_string(need));
    std::vector<T> all = texels(t), part(e.size());
    unpack(src, part.size(), t.bits_, part.data());
    each<T>(at, e, [&](unsigned k, const index<N> &i) { all[concurrency::detail::linear(t.shape_, i)] = part[k]; });
    t.write_texels(all.data());
  }
  template <typename T, int N>
  static void region_copy(const texture<T, N> &src, const index<N> &from, texture<T, N> &dst, const index<N> &to,
                          const extent<N> &e) {
    check_region(src, from, e, "copy from");
    check_region(dst, to, e, "copy to");
    std::vector<T> in = texels(src), out = texels(dst);
    each<T>(index<N>(), e, [&](unsigned, const index<N> &i) {
      out[concurrency::detail::linear(dst.shape_, i + to)] = in[concurrency::detail::linear(src.shape_, i + from)];
    });
    dst.write_texels(out.data());
  }
};
} // namespace detail

// A texture: an N-dimensional (1 to 3) grid of texels on an accelerator_view, read and written in amp code with
// get/operator[] and set, moved to and from the host only by copy (and the constructors that take data).
template <typename T, int N = 1> class AMPCC_BUILTIN("array") texture {
  static_assert(N >= 1 && N <= 3, "the rank of a texture must be 1, 2 or 3");
  static_assert(detail::texel<T>::valid, "texture's texel type must be int, unsigned, float, norm, unorm or double, or "
                                         "a short vector of them that Direct3D has a format for");
  typedef detail::texel<T> traits;
  template <typename It> using if_iter = std::enable_if_t<concurrency::detail::is_iterator<It>::value>;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename traits::scalar scalar_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");

  explicit texture(const concurrency::extent<N> &e) : texture(e, traits::default_bits, accelerator().default_view) {}
  explicit texture(int e0) : texture(concurrency::extent<N>(e0)) {}
  texture(int e0, int e1) : texture(concurrency::extent<N>(e0, e1)) {}
  texture(int e0, int e1, int e2) : texture(concurrency::extent<N>(e0, e1, e2)) {}
  texture(const concurrency::extent<N> &e, const accelerator_view &av) : texture(e, traits::default_bits, av) {}
  texture(int e0, const accelerator_view &av) : texture(concurrency::extent<N>(e0), av) {}
  texture(int e0, int e1, const accelerator_view &av) : texture(concurrency::extent<N>(e0, e1), av) {}
  texture(int e0, int e1, int e2, const accelerator_view &av) : texture(concurrency::extent<N>(e0, e1, e2), av) {}

  // With a format: bits per scalar element.
  texture(const concurrency::extent<N> &e, unsigned int bits) : texture(e, bits, accelerator().default_view) {}
  texture(int e0, unsigned int bits) : texture(concurrency::extent<N>(e0), bits) {}
  texture(int e0, int e1, unsigned int bits) : texture(concurrency::extent<N>(e0, e1), bits) {}
  texture(int e0, int e1, int e2, unsigned int bits) : texture(concurrency::extent<N>(e0, e1, e2), bits) {}
  texture(const concurrency::extent<N> &e, unsigned int bits, const accelerator_view &av)
      : extent(e), view_(av), bits_(bits), shape_(concurrency::detail::dense_shape(e)) {
    concurrency::detail::check_positive("the extent of a texture", e);
    if (!traits::valid_bits(bits))
      detail::texture_error("a texture of this element type cannot have " + std::to_string(bits) +
                            " bits per scalar element");
    st_ = std::make_shared<ampcc::rt::storage>(view_.queue(), e.size() * sizeof(T));
  }
  texture(int e0, unsigned int bits, const accelerator_view &av) : texture(concurrency::extent<N>(e0), bits, av) {}
  texture(int e0, int e1, unsigned int bits, const accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1), bits, av) {}
  texture(int e0, int e1, int e2, unsigned int bits, const accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), bits, av) {}

  // With the texels of an iterator range (at least extent.size() of them).
  template <typename It, typename = if_iter<It>>
  texture(const concurrency::extent<N> &e, It first, It last) : texture(e, first, last, accelerator().default_view) {}
  template <typename It, typename = if_iter<It>>
  texture(const concurrency::extent<N> &e, It first, It last, const accelerator_view &av)
      : texture(e, traits::default_bits, av) {
    copy_in(first, last);
  }
  template <typename It, typename = if_iter<It>>
  texture(int e0, It first, It last) : texture(concurrency::extent<N>(e0), first, last) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, int e1, It first, It last) : texture(concurrency::extent<N>(e0, e1), first, last) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, int e1, int e2, It first, It last) : texture(concurrency::extent<N>(e0, e1, e2), first, last) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, It first, It last, const accelerator_view &av) : texture(concurrency::extent<N>(e0), first, last, av) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, int e1, It first, It last, const accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1), first, last, av) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, int e1, int e2, It first, It last, const accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), first, last, av) {}

  // With data in the texture's format (src_bytes of it, at least get_data_length()).
  texture(const concurrency::extent<N> &e, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(e, src, src_bytes, bits, accelerator().default_view) {}
  texture(const concurrency::extent<N> &e, const void *src, unsigned int src_bytes, unsigned int bits,
          const accelerator_view &av)
      : texture(e, bits, av) {
    copy_from_bytes(src, src_bytes);
  }
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(concurrency::extent<N>(e0), src, src_bytes, bits) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(concurrency::extent<N>(e0, e1), src, src_bytes, bits) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits) {}
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits, const accelerator_view &av)
      : texture(concurrency::extent<N>(e0), src, src_bytes, bits, av) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits, const accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1), src, src_bytes, bits, av) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits,
          const accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits, av) {}

  // Copies are deep, as MSVC's: a new texture with the same texels and format, on the same or another view.
  texture(const texture &o) : texture(o, o.view_) {}
  texture(const texture &o, const accelerator_view &av) : texture(o.extent, o.bits_, av) { o.copy_to(*this); }
  texture(texture &&) = default;
  texture &operator=(const texture &o) {
    if (this != &o) {
      texture t(o, o.view_);
      *this = std::move(t);
    }
    return *this;
  }
  texture &operator=(texture &&) = default;

  void copy_to(texture &dest) const {
    check_same_shape(dest.extent, "copy_to");
    std::vector<T> tmp(extent.size());
    st_->read(tmp.data(), 0, tmp.size() * sizeof(T));
    dest.write_texels(tmp.data());
  }
  void copy_to(const writeonly_texture_view<T, N> &dest) const;

  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  accelerator_view get_accelerator_view() const { return view_; }
  unsigned int get_bits_per_scalar_element() const { return bits_; }
  unsigned int get_mipmap_levels() const { return 1; }
  // Bytes of the texture's data in its format on the host.
  unsigned int get_data_length() const {
    return static_cast<unsigned int>(extent.size() * traits::components * (bits_ / 8));
  }

  // Reads, in amp code.
  const T operator[](const index<N> &i) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") { return T(); }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  const T operator[](int i0) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    return T();
  }
  const T operator()(const index<N> &i) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") { return T(); }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  const T operator()(int i0) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    return T();
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  const T operator()(int i0, int i1) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    return T();
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  const T operator()(int i0, int i1, int i2) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    return T();
  }
  const T get(const index<N> &i) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") { return T(); }

  // A write, in amp code: only for texels of one 32-bit int, unsigned or float component (use a
  // writeonly_texture_view for the other formats).
  void set(const index<N> &i, const T &value) const __AMPR__(amp) AMPCC_BUILTIN("tex.set") {
    static_assert(traits::read_write, "texture::set needs a texel of one int, unsigned or float component; write "
                                      "other texels through a writeonly_texture_view");
  }

  ampcc::rt::storage &storage() const { return *st_; }
  const ampcc::rt::shape_of<N> &shape() const { return shape_; }

private:
  template <typename, int> friend class texture_view;
  template <typename, int> friend class writeonly_texture_view;
  friend struct detail::texture_access;

  void check_same_shape(const concurrency::extent<N> &e, const char *what) const {
    if (!(e == extent))
      detail::texture_error(std::string(what) + ": the textures' extents differ");
  }
  template <typename It> void copy_in(It first, It last) {
    std::vector<T> tmp(extent.size());
    std::size_t n = 0;
    for (; first != last && n < tmp.size(); ++first)
      tmp[n++] = *first;
    if (n < tmp.size())
      detail::texture_error("the source range has fewer texels than the texture");
    write_texels(tmp.data());
  }
  void write_texels(const T *texels) { st_->write(texels, 0, extent.size() * sizeof(T)); }
  void copy_from_bytes(const void *src, unsigned int bytes) {
    if (!src)
      detail::texture_error("the source of a texture copy is null");
    if (bytes < get_data_length())
      detail::texture_error("the source holds " + std::to_string(bytes) + " bytes, the texture's data is " +
                            std::to_string(get_data_length()));
    std::vector<T> tmp(extent.size());
    detail::unpack(src, tmp.size(), bits_, tmp.data());
    write_texels(tmp.data());
  }
  void copy_to_bytes(void *dst, unsigned int bytes) const {
    if (!dst)
      detail::texture_error("the destination of a texture copy is null");
    if (bytes < get_data_length())
      detail::texture_error("the destination holds " + std::to_string(bytes) + " bytes, the texture's data is " +
                            std::to_string(get_data_length()));
    std::vector<T> tmp(extent.size());
    st_->read(tmp.data(), 0, tmp.size() * sizeof(T));
    detail::pack(tmp.data(), tmp.size(), bits_, dst);
  }

  accelerator_view view_;
  unsigned int bits_;
  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
};

// A view of a texture that kernels write (any format) and never read; captured by value.
template <typename T, int N = 1> class AMPCC_BUILTIN("array_view") writeonly_texture_view {
  static_assert(!std::is_const_v<T>, "a writeonly_texture_view's texel type is not const");

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename detail::texel<T>::scalar scalar_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");

  writeonly_texture_view(texture<T, N> &src) __AMPR__(cpu, amp)
      : extent(src.extent), tex_(&src), st_(src.st_), shape_(src.shape_) {}
  writeonly_texture_view(const writeonly_texture_view &) __AMPR__(cpu, amp) = default;
  writeonly_texture_view &operator=(const writeonly_texture_view &) __AMPR__(cpu, amp) = default;

  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  accelerator_view get_accelerator_view() const { return tex_->get_accelerator_view(); }
  unsigned int get_bits_per_scalar_element() const { return tex_->get_bits_per_scalar_element(); }
  unsigned int get_data_length() const { return tex_->get_data_length(); }

  void set(const index<N> &i, const T &value) const __AMPR__(amp) AMPCC_BUILTIN("tex.set") {}

  ampcc::rt::storage &storage() const { return *st_; }
  const ampcc::rt::shape_of<N> &shape() const { return shape_; }

private:
  friend struct detail::texture_access;
  texture<T, N> *tex_;
  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
};

// A view of a texture, captured by value. texture_view<T, N> reads and writes where the texel allows both (one
// 32-bit int, unsigned or float component) and only writes otherwise; texture_view<const T, N> only reads.
template <typename T, int N = 1> class AMPCC_BUILTIN("array_view") texture_view {
  typedef std::remove_const_t<T> texel_type;
  typedef detail::texel<texel_type> traits;
  static constexpr bool readable = std::is_const_v<T> || traits::read_write;

public:
  static const int rank = N;
  typedef texel_type value_type;
  typedef typename traits::scalar scalar_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");

  texture_view(texture<texel_type, N> &src) __AMPR__(cpu, amp)
      : extent(src.extent), tex_(&src), st_(src.st_), shape_(src.shape_) {}
  // Of one mipmap level: ampcc's textures have one, level 0.
  texture_view(texture<texel_type, N> &src, unsigned int mipmap_level) : texture_view(src) {
    if (mipmap_level != 0)
      detail::texture_error("mipmap level " + std::to_string(mipmap_level) + " of a texture that has one level");
  }
  template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
  texture_view(const texture<texel_type, N> &src, unsigned int most_detailed_mip, unsigned int mip_levels)
      : texture_view(src) {
    if (most_detailed_mip != 0 || mip_levels != 1)
      detail::texture_error("mipmap levels " + std::to_string(most_detailed_mip) + " to " +
                            std::to_string(most_detailed_mip + mip_levels - 1) + " of a texture that has one level");
  }
  template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
  texture_view(const texture<texel_type, N> &src) __AMPR__(cpu, amp)
      : extent(src.extent), tex_(const_cast<texture<texel_type, N> *>(&src)), st_(src.st_), shape_(src.shape_) {}
  // A read-only view of what another view sees.
  template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
  texture_view(const texture_view<texel_type, N> &o) __AMPR__(cpu, amp)
      : extent(o.extent), tex_(o.tex_), st_(o.st_), shape_(o.shape_) {}
  texture_view(const texture_view &) __AMPR__(cpu, amp) = default;
  texture_view &operator=(const texture_view &) __AMPR__(cpu, amp) = default;

  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  accelerator_view get_accelerator_view() const { return tex_->get_accelerator_view(); }
  unsigned int get_bits_per_scalar_element() const { return tex_->get_bits_per_scalar_element(); }
  unsigned int get_data_length() const { return tex_->get_data_length(); }

  const value_type operator[](const index<N> &i) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  const value_type operator[](int i0) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  const value_type operator()(const index<N> &i) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  const value_type operator()(int i0) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  const value_type operator()(int i0, int i1) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  const value_type operator()(int i0, int i1, int i2) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  const value_type get(const index<N> &i) const __AMPR__(amp) AMPCC_BUILTIN("av.subscript") {
    check_readable();
    return value_type();
  }
  void set(const index<N> &i, const value_type &value) const __AMPR__(amp) AMPCC_BUILTIN("tex.set") {
    static_assert(!std::is_const_v<T>, "a texture_view of const texels cannot be written");
  }

  // Sampling (read-only views of float, norm and unorm texels): coordinates normalized to [0, 1) per dimension,
  // x along the last extent dimension (the width), y the one before, z the first; the nearest texel or the
  // linear blend of the 2^N around the point, addressed by the sampler's mode outside the texture. Level of
  // detail: there is one mipmap level, so it is ignored.
  typedef typename short_vector<float, N>::type coordinates_type;
  value_type sample(const sampler &s, const coordinates_type &coord, float level_of_detail = 0.0f) const __AMPR__(amp) {
    check_sampling();
    return sample_at(s.get_filter_mode(), s.get_address_mode(), s.get_border_color(), coord);
  }
  // With a predefined sampler chosen at compile time (no border: it has no color).
  template <filter_mode Filter = filter_linear, address_mode Address = address_clamp>
  value_type sample(const coordinates_type &coord, float level_of_detail = 0.0f) const __AMPR__(amp) {
    static_assert(Filter == filter_point || Filter == filter_linear, "the filter must be filter_point or filter_linear");
    check_sampling();
    return sample_at(Filter, predefined<Address>(), float_4(0.0f, 0.0f, 0.0f, 0.0f), coord);
  }

  ampcc::rt::storage &storage() const { return *st_; }
  const ampcc::rt::shape_of<N> &shape() const { return shape_; }

  // Gathering (rank 2): one component of the four texels that linear filtering at coord would blend, in
  // Direct3D's order: (left, bottom), (right, bottom), (right, top), (left, top), bottom being the larger row.
  typedef typename short_vector<scalar_type, 4>::type gather_return_type;
  gather_return_type gather_red(const sampler &s, const coordinates_type &coord) const __AMPR__(amp) {
    return gather(s.get_address_mode(), s.get_border_color(), coord, 0);
  }
  gather_return_type gather_green(const sampler &s, const coordinates_type &coord) const __AMPR__(amp) {
    return gather(s.get_address_mode(), s.get_border_color(), coord, 1);
  }
  gather_return_type gather_blue(const sampler &s, const coordinates_type &coord) const __AMPR__(amp) {
    return gather(s.get_address_mode(), s.get_border_color(), coord, 2);
  }
  gather_return_type gather_alpha(const sampler &s, const coordinates_type &coord) const __AMPR__(amp) {
    return gather(s.get_address_mode(), s.get_border_color(), coord, 3);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_red(const coordinates_type &coord) const __AMPR__(amp) {
    return gather(predefined<Address>(), float_4(0.0f, 0.0f, 0.0f, 0.0f), coord, 0);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_green(const coordinates_type &coord) const __AMPR__(amp) {
    return gather(predefined<Address>(), float_4(0.0f, 0.0f, 0.0f, 0.0f), coord, 1);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_blue(const coordinates_type &coord) const __AMPR__(amp) {
    return gather(predefined<Address>(), float_4(0.0f, 0.0f, 0.0f, 0.0f), coord, 2);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_alpha(const coordinates_type &coord) const __AMPR__(amp) {
    return gather(predefined<Address>(), float_4(0.0f, 0.0f, 0.0f, 0.0f), coord, 3);
  }

private:
  template <typename, int> friend class texture_view;
  template <address_mode Address> static unsigned int predefined() __AMPR__(cpu, amp) {
    static_assert(Address != address_border && Address != address_unknown,
                  "a predefined sampler has no border color: use a sampler object for address_border");
    return Address;
  }
  gather_return_type gather(unsigned int address, const float_4 &border, const coordinates_type &coord,
                            int component) const __AMPR__(amp) {
    static_assert(N == 2, "gather needs a texture_view of rank 2");
    check_sampling();
    int lo[2];
    for (int d = 0; d < 2; ++d) {
      float x = (d == 0 ? coord.x : coord.y) * static_cast<float>(extent[1 - d]) - 0.5f;
      lo[d] = static_cast<int>(fast_math::floor(x));
    }
    const int dx[4] = {0, 1, 1, 0}, dy[4] = {1, 1, 0, 0};
    float out[4];
    for (int k = 0; k < 4; ++k) {
      int c[3] = {lo[0] + dx[k], lo[1] + dy[k], 0};
      float_4 t = fetch(c, address, border);
      out[k] = component == 0 ? t.x : component == 1 ? t.y : component == 2 ? t.z : t.w;
    }
    return gather_return_type(scalar_type(out[0]), scalar_type(out[1]), scalar_type(out[2]), scalar_type(out[3]));
  }
  static void check_readable() __AMPR__(cpu, amp) {
    static_assert(readable, "this texture_view only writes: its texel is not one 32-bit int, unsigned or float");
  }
  static void check_sampling() __AMPR__(cpu, amp) {
    static_assert(std::is_const_v<T>, "only a texture_view of const texels samples");
    static_assert(!traits::is_double && !std::is_integral_v<typename traits::scalar>,
                  "sampling needs texels of float, norm or unorm");
  }
  // The texel at integer coordinates c (x first) as four floats, or the border color outside.
  float_4 fetch(const int *c, unsigned int address, const float_4 &border) const __AMPR__(amp) {
    index<N> at;
    for (int d = 0; d < N; ++d) {
      int t = detail::address_texel(c[d], extent[N - 1 - d], address);
      if (t < 0)
        return border;
      at[N - 1 - d] = t;
    }
    return detail::texel_to_float4((*this)[at]);
  }
  value_type sample_at(unsigned int filter, unsigned int address, const float_4 &border,
                       const coordinates_type &coord) const __AMPR__(amp) {
    float u[3] = {0.0f, 0.0f, 0.0f};
    if constexpr (N == 1)
      u[0] = coord;
    else if constexpr (N == 2) {
      u[0] = coord.x;
      u[1] = coord.y;
    } else {
      u[0] = coord.x;
      u[1] = coord.y;
      u[2] = coord.z;
    }
    int c[3] = {0, 0, 0};
    if (filter == filter_point) {
      for (int d = 0; d < N; ++d)
        c[d] = static_cast<int>(fast_math::floor(u[d] * static_cast<float>(extent[N - 1 - d])));
      return detail::texel_from_float4<value_type>(fetch(c, address, border));
    }
    // Linear: the texel centres around the point, weighted by distance, one dimension after another.
    int lo[3] = {0, 0, 0};
    float w[3] = {0.0f, 0.0f, 0.0f};
    for (int d = 0; d < N; ++d) {
      float x = u[d] * static_cast<float>(extent[N - 1 - d]) - 0.5f;
      float f = fast_math::floor(x);
      lo[d] = static_cast<int>(f);
      w[d] = x - f;
    }
    float_4 sum(0.0f, 0.0f, 0.0f, 0.0f);
    for (int corner = 0; corner < (1 << N); ++corner) {
      float weight = 1.0f;
      for (int d = 0; d < N; ++d) {
        bool high = (corner >> d) & 1;
        c[d] = lo[d] + (high ? 1 : 0);
        weight *= high ? w[d] : 1.0f - w[d];
      }
      sum += fetch(c, address, border) * weight;
    }
    return detail::texel_from_float4<value_type>(sum);
  }
  texture<texel_type, N> *tex_;
  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
};

template <typename T, int N> void texture<T, N>::copy_to(const writeonly_texture_view<T, N> &dest) const {
  copy_to(detail::texture_access::of(dest));
}

// Copies between textures and the host: in the texture's format through `void *`, texel by texel through
// iterators; and between textures of one shape.
template <typename T, int N> void copy(const void *src, unsigned int src_bytes, texture<T, N> &dst) {
  detail::texture_access::from_bytes(dst, src, src_bytes);
}
template <typename T, int N> void copy(const void *src, unsigned int src_bytes, const writeonly_texture_view<T, N> &dst) {
  detail::texture_access::from_bytes(detail::texture_access::of(dst), src, src_bytes);
}
template <typename T, int N> void copy(const texture<T, N> &src, void *dst, unsigned int dst_bytes) {
  detail::texture_access::to_bytes(src, dst, dst_bytes);
}
template <typename It, typename T, int N> detail::if_iterator_t<It> copy(It first, It last, texture<T, N> &dst) {
  detail::texture_access::from_range(dst, first, last);
}
template <typename T, int N, typename It> detail::if_iterator_t<It> copy(const texture<T, N> &src, It dst) {
  std::vector<T> tmp(src.extent.size());
  src.storage().read(tmp.data(), 0, tmp.size() * sizeof(T));
  std::copy(tmp.begin(), tmp.end(), dst);
}
template <typename T, int N> void copy(const texture<T, N> &src, texture<T, N> &dst) { src.copy_to(dst); }
// Regions: copy_extent texels from src_offset (to dst_offset), row-major in the byte buffers.
template <typename T, int N>
void copy(const texture<T, N> &src, const index<N> &src_offset, const extent<N> &copy_extent, void *dst,
          unsigned int dst_bytes) {
  detail::texture_access::region_to_bytes(src, src_offset, copy_extent, dst, dst_bytes);
}
template <typename T, int N>
void copy(const void *src, unsigned int src_bytes, texture<T, N> &dst, const index<N> &dst_offset,
          const extent<N> &copy_extent) {
  detail::texture_access::region_from_bytes(dst, src, src_bytes, dst_offset, copy_extent);
}
template <typename T, int N>
void copy(const texture<T, N> &src, const index<N> &src_offset, texture<T, N> &dst, const index<N> &dst_offset,
          const extent<N> &copy_extent) {
  detail::texture_access::region_copy(src, src_offset, dst, dst_offset, copy_extent);
}

// The same copies on a thread of their own; the textures and buffers must outlive the work, as on MSVC.
template <typename T, int N> completion_future copy_async(const void *src, unsigned int src_bytes, texture<T, N> &dst) {
  texture<T, N> *d = &dst;
  return concurrency::detail::start_async([src, src_bytes, d] { graphics::copy(src, src_bytes, *d); });
}
template <typename T, int N> completion_future copy_async(const texture<T, N> &src, void *dst, unsigned int dst_bytes) {
  const texture<T, N> *s = &src;
  return concurrency::detail::start_async([s, dst, dst_bytes] { graphics::copy(*s, dst, dst_bytes); });
}
template <typename It, typename T, int N>
detail::if_iterator_t<It, completion_future> copy_async(It first, It last, texture<T, N> &dst) {
  texture<T, N> *d = &dst;
  return concurrency::detail::start_async([first, last, d] { graphics::copy(first, last, *d); });
}
template <typename T, int N, typename It>
detail::if_iterator_t<It, completion_future> copy_async(const texture<T, N> &src, It dst) {
  const texture<T, N> *s = &src;
  return concurrency::detail::start_async([s, dst] { graphics::copy(*s, dst); });
}
template <typename T, int N> completion_future copy_async(const texture<T, N> &src, texture<T, N> &dst) {
  const texture<T, N> *s = &src;
  texture<T, N> *d = &dst;
  return concurrency::detail::start_async([s, d] { s->copy_to(*d); });
}

} // namespace graphics
} // namespace Concurrency

// The glue that ampcc's generated host code calls for textures and their views: buffers, like arrays and views.
namespace ampcc::detail {
// A kernel may write a texture itself only where reading and writing it are both allowed (one 32-bit int,
// unsigned or float component); writeonly_texture_view writes the other formats.
template <typename T, int N> rt::kernel_arg buffer_arg(const concurrency::graphics::texture<T, N> &t, rt::access mode) {
  if ((static_cast<int>(mode) & static_cast<int>(rt::access::write)) && t.get_bits_per_scalar_element() != 32)
    throw concurrency::runtime_exception("ampcc: a kernel writes a texture of " +
                                             std::to_string(t.get_bits_per_scalar_element()) +
                                             " bits per scalar element; write it through a writeonly_texture_view",
                                         0x80070057L);
  return {rt::kernel_arg::buffer, &t.storage(), mode, &t.shape(), sizeof(t.shape())};
}
template <typename T, int N>
rt::kernel_arg buffer_arg(const concurrency::graphics::texture_view<T, N> &v, rt::access mode) {
  return {rt::kernel_arg::buffer, &v.storage(), mode, &v.shape(), sizeof(v.shape())};
}
template <typename T, int N>
rt::kernel_arg buffer_arg(const concurrency::graphics::writeonly_texture_view<T, N> &v, rt::access mode) {
  return {rt::kernel_arg::buffer, &v.storage(), mode, &v.shape(), sizeof(v.shape())};
}
} // namespace ampcc::detail

#endif
