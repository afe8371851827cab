// C++ AMP's graphics header for ampcc: textures (concurrency::graphics::texture, texture_view,
// writeonly_texture_view), their copies, and the short vectors of amp_short_vectors.h.
//
// How textures are made here (docs/design/textures.md): a texture is kept in an ordinary device buffer with
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
#include <ampcc/texels.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace Concurrency {
namespace graphics {

template <typename T, int N> class texture;
template <typename T, int N> class texture_view;
template <typename T, int N> class writeonly_texture_view;

// The sampling state of texture_view<const T, N>::sample: captured by value in kernels. The public data members
// stand for Microsoft's properties (the enum types are named in full in the class, where their names are members).
class sampler {
public:
  // Linear filtering, clamped addresses, a border of zeros (MSVC's default).
  sampler() : sampler(filter_linear, address_clamp) {}
  sampler(Concurrency::graphics::filter_mode filter) : sampler(filter, address_clamp) {}
  sampler(Concurrency::graphics::address_mode address, float_4 border = float_4(0.0f, 0.0f, 0.0f, 0.0f))
      : sampler(filter_linear, address, border) {}
  sampler(Concurrency::graphics::filter_mode filter, Concurrency::graphics::address_mode address,
          float_4 border = float_4(0.0f, 0.0f, 0.0f, 0.0f))
      : filter_mode(filter), address_mode(address), border_color(border) {
    if (filter != filter_point && filter != filter_linear)
      throw runtime_exception("ampcc: a sampler's filter mode must be filter_point or filter_linear", 0x80070057L);
    if (address < address_wrap || address > address_border)
      throw runtime_exception("ampcc: a sampler's address mode must be wrap, mirror, clamp or border", 0x80070057L);
  }
  sampler(const sampler &) __AMPR__(cpu, amp) = default;
  sampler &operator=(const sampler &) __AMPR__(cpu, amp) = default;

  Concurrency::graphics::filter_mode get_filter_mode() const __AMPR__(cpu, amp) { return filter_mode; }
  Concurrency::graphics::address_mode get_address_mode() const __AMPR__(cpu, amp) { return address_mode; }
  float_4 get_border_color() const __AMPR__(cpu, amp) { return border_color; }

  Concurrency::graphics::filter_mode filter_mode;
  Concurrency::graphics::address_mode address_mode;
  // The color that address_border gives outside the texture.
  float_4 border_color;
};

// Not `detail`: amp_short_vectors.h brings graphics into Concurrency (`using namespace graphics`), and a
// graphics::detail would make the unqualified `detail::` of Concurrency's own templates ambiguous where they are
// instantiated after it (MSVC's dialect parses template bodies at the end of the translation unit).
namespace texture_detail {
using concurrency::detail::if_iterator_t;

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
    std::size_t need = e.size() * texel<T>::components * (t.bits_per_scalar_element / 8);
    if (!dst || bytes < need)
      texture_error("the destination holds " + std::to_string(bytes) + " bytes, the region's data is " +
                    std::to_string(need));
    std::vector<T> all = texels(t), part(e.size());
    each<T>(at, e, [&](unsigned k, const index<N> &i) { part[k] = all[concurrency::detail::linear(t.shape_, i)]; });
    pack(part.data(), part.size(), t.bits_per_scalar_element, dst);
  }
  template <typename T, int N>
  static void region_from_bytes(texture<T, N> &t, const void *src, unsigned int bytes, const index<N> &at,
                                const extent<N> &e) {
    check_region(t, at, e, "copy");
    std::size_t need = e.size() * texel<T>::components * (t.bits_per_scalar_element / 8);
    if (!src || bytes < need)
      texture_error("the source holds " + std::to_string(bytes) + " bytes, the region's data is " +
                    std::to_string(need));
    std::vector<T> all = texels(t), part(e.size());
    unpack(src, part.size(), t.bits_per_scalar_element, part.data());
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

// The base of the texture views that holds their accelerator_view property (concurrency::detail::view_property):
// the view of the texture they see.
template <typename View> class texture_view_holder {
public:
  [[no_unique_address]] concurrency::detail::view_property<texture_view_holder, View> accelerator_view;

private:
  friend class concurrency::detail::view_property<texture_view_holder, View>;
  static Concurrency::accelerator_view get(const View &v) { return v.get_accelerator_view(); }
};
} // namespace texture_detail

// A texture: an N-dimensional (1 to 3) grid of texels on an accelerator_view, read and written in amp code with
// get/operator[] and set, moved to and from the host only by copy (and the constructors that take data).
template <typename T, int N = 1> class AMPCC_BUILTIN("array") texture {
  static_assert(N >= 1 && N <= 3, "the rank of a texture must be 1, 2 or 3");
  static_assert(texture_detail::texel<T>::valid, "texture's texel type must be int, unsigned, float, norm, unorm or double, or "
                                         "a short vector of them that Direct3D has a format for");
  typedef texture_detail::texel<T> traits;
  template <typename It> using if_iter = std::enable_if_t<concurrency::detail::is_iterator<It>::value>;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename traits::scalar scalar_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");
  // Microsoft's properties, each what its get_ function returns: where the texture lives (also where copies to
  // it go best: there are no staging textures), its format, the bytes of its data in that format, its mipmap
  // levels (always 1).
  Concurrency::accelerator_view accelerator_view;
  Concurrency::accelerator_view associated_accelerator_view;
  unsigned int bits_per_scalar_element;
  unsigned int data_length;
  unsigned int mipmap_levels = 1;

  explicit texture(const concurrency::extent<N> &e) : texture(e, traits::default_bits, accelerator().default_view) {}
  explicit texture(int e0) : texture(concurrency::extent<N>(e0)) {}
  texture(int e0, int e1) : texture(concurrency::extent<N>(e0, e1)) {}
  texture(int e0, int e1, int e2) : texture(concurrency::extent<N>(e0, e1, e2)) {}
  texture(const concurrency::extent<N> &e, const Concurrency::accelerator_view &av)
      : texture(e, traits::default_bits, av) {}
  texture(int e0, const Concurrency::accelerator_view &av) : texture(concurrency::extent<N>(e0), av) {}
  texture(int e0, int e1, const Concurrency::accelerator_view &av) : texture(concurrency::extent<N>(e0, e1), av) {}
  texture(int e0, int e1, int e2, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), av) {}

  // With a format: bits per scalar element.
  texture(const concurrency::extent<N> &e, unsigned int bits) : texture(e, bits, accelerator().default_view) {}
  texture(int e0, unsigned int bits) : texture(concurrency::extent<N>(e0), bits) {}
  texture(int e0, int e1, unsigned int bits) : texture(concurrency::extent<N>(e0, e1), bits) {}
  texture(int e0, int e1, int e2, unsigned int bits) : texture(concurrency::extent<N>(e0, e1, e2), bits) {}
  texture(const concurrency::extent<N> &e, unsigned int bits, const Concurrency::accelerator_view &av)
      : extent(concurrency::detail::sized("the extent of a texture", e)), accelerator_view(av),
        associated_accelerator_view(av), bits_per_scalar_element(bits), data_length(0),
        shape_(concurrency::detail::dense_shape(e)) {
    concurrency::detail::check_positive("the extent of a texture", e);
    // As MSVC: unsupported_feature for both (a format Direct3D has not, textures where there is no device).
    if (!traits::valid_bits(bits))
      throw unsupported_feature("ampcc: a texture of this element type cannot have " + std::to_string(bits) +
                                " bits per scalar element");
    if (av.device_key() == concurrency::detail::host_device)
      throw unsupported_feature("ampcc: textures are not supported on the cpu_accelerator");
    data_length = static_cast<unsigned int>(e.size() * traits::components * (bits / 8));
    st_ = std::make_shared<ampcc::rt::storage>(accelerator_view.queue(), e.size() * sizeof(T));
  }
  texture(int e0, unsigned int bits, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0), bits, av) {}
  texture(int e0, int e1, unsigned int bits, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1), bits, av) {}
  texture(int e0, int e1, int e2, unsigned int bits, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), bits, av) {}

  // With the texels of an iterator range (at least extent.size() of them).
  template <typename It, typename = if_iter<It>>
  texture(const concurrency::extent<N> &e, It first, It last) : texture(e, first, last, accelerator().default_view) {}
  template <typename It, typename = if_iter<It>>
  texture(const concurrency::extent<N> &e, It first, It last, const Concurrency::accelerator_view &av)
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
  texture(int e0, It first, It last, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0), first, last, av) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, int e1, It first, It last, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1), first, last, av) {}
  template <typename It, typename = if_iter<It>>
  texture(int e0, int e1, int e2, It first, It last, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), first, last, av) {}

  // With data in the texture's format (src_bytes of it, at least get_data_length()).
  texture(const concurrency::extent<N> &e, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(e, src, src_bytes, bits, accelerator().default_view) {}
  texture(const concurrency::extent<N> &e, const void *src, unsigned int src_bytes, unsigned int bits,
          const Concurrency::accelerator_view &av)
      : texture(e, bits, av) {
    copy_from_bytes(src, src_bytes);
  }
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(concurrency::extent<N>(e0), src, src_bytes, bits) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(concurrency::extent<N>(e0, e1), src, src_bytes, bits) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits)
      : texture(concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits) {}
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits, const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0), src, src_bytes, bits, av) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits,
          const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1), src, src_bytes, bits, av) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits,
          const Concurrency::accelerator_view &av)
      : texture(concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits, av) {}

  // Copies are deep, as MSVC's: a new texture with the same texels and format, on the same or another view.
  texture(const texture &o) : texture(o, o.accelerator_view) {}
  texture(const texture &o, const Concurrency::accelerator_view &av)
      : texture(o.extent, o.bits_per_scalar_element, av) {
    o.copy_to(*this);
  }
  texture(texture &&) = default;
  texture &operator=(const texture &o) {
    if (this != &o) {
      texture t(o, o.accelerator_view);
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
  Concurrency::accelerator_view get_accelerator_view() const { return accelerator_view; }
  Concurrency::accelerator_view get_associated_accelerator_view() const { return associated_accelerator_view; }
  unsigned int get_bits_per_scalar_element() const { return bits_per_scalar_element; }
  unsigned int get_mipmap_levels() const { return mipmap_levels; }
  // Bytes of the texture's data in its format on the host.
  unsigned int get_data_length() const { return data_length; }

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
  friend struct texture_detail::texture_access;

  void check_same_shape(const concurrency::extent<N> &e, const char *what) const {
    if (!(e == extent))
      texture_detail::texture_error(std::string(what) + ": the textures' extents differ");
  }
  template <typename It> void copy_in(It first, It last) {
    std::vector<T> tmp(extent.size());
    std::size_t n = 0;
    for (; first != last && n < tmp.size(); ++first)
      tmp[n++] = *first;
    if (n < tmp.size())
      texture_detail::texture_error("the source range has fewer texels than the texture");
    write_texels(tmp.data());
  }
  void write_texels(const T *texels) { st_->write(texels, 0, extent.size() * sizeof(T)); }
  void copy_from_bytes(const void *src, unsigned int bytes) {
    if (!src)
      texture_detail::texture_error("the source of a texture copy is null");
    if (bytes < get_data_length())
      texture_detail::texture_error("the source holds " + std::to_string(bytes) + " bytes, the texture's data is " +
                            std::to_string(get_data_length()));
    std::vector<T> tmp(extent.size());
    texture_detail::unpack(src, tmp.size(), bits_per_scalar_element, tmp.data());
    write_texels(tmp.data());
  }
  void copy_to_bytes(void *dst, unsigned int bytes) const {
    if (!dst)
      texture_detail::texture_error("the destination of a texture copy is null");
    if (bytes < get_data_length())
      texture_detail::texture_error("the destination holds " + std::to_string(bytes) + " bytes, the texture's data is " +
                            std::to_string(get_data_length()));
    std::vector<T> tmp(extent.size());
    st_->read(tmp.data(), 0, tmp.size() * sizeof(T));
    texture_detail::pack(tmp.data(), tmp.size(), bits_per_scalar_element, dst);
  }

  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
};

// A view of a texture that kernels write (any format) and never read; captured by value.
// Microsoft's properties: extent, accelerator_view (of the texture, texture_detail::texture_view_holder), and the
// texture's bits_per_scalar_element, data_length and mipmap_levels.
template <typename T, int N = 1>
class AMPCC_BUILTIN("array_view") writeonly_texture_view
    : public texture_detail::texture_view_holder<writeonly_texture_view<T, N>> {
  static_assert(!std::is_const_v<T>, "a writeonly_texture_view's texel type is not const");

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename texture_detail::texel<T>::scalar scalar_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");
  unsigned int bits_per_scalar_element;
  unsigned int data_length;
  unsigned int mipmap_levels = 1;

  writeonly_texture_view(texture<T, N> &src) __AMPR__(cpu, amp)
      : extent(src.extent), bits_per_scalar_element(src.bits_per_scalar_element), data_length(src.data_length),
        tex_(&src), st_(src.st_), shape_(src.shape_) {}
  writeonly_texture_view(const writeonly_texture_view &) __AMPR__(cpu, amp) = default;
  writeonly_texture_view &operator=(const writeonly_texture_view &) __AMPR__(cpu, amp) = default;

  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  Concurrency::accelerator_view get_accelerator_view() const { return tex_->get_accelerator_view(); }
  unsigned int get_bits_per_scalar_element() const { return bits_per_scalar_element; }
  unsigned int get_data_length() const { return data_length; }
  unsigned int get_mipmap_levels() const { return mipmap_levels; }

  void set(const index<N> &i, const T &value) const __AMPR__(amp) AMPCC_BUILTIN("tex.set") {}

  ampcc::rt::storage &storage() const { return *st_; }
  const ampcc::rt::shape_of<N> &shape() const { return shape_; }

private:
  friend struct texture_detail::texture_access;
  texture<T, N> *tex_;
  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
};

// A view of a texture, captured by value. texture_view<T, N> reads and writes where the texel allows both (one
// 32-bit int, unsigned or float component) and only writes otherwise; texture_view<const T, N> only reads.
// Microsoft's properties as in writeonly_texture_view.
template <typename T, int N = 1>
class AMPCC_BUILTIN("array_view") texture_view : public texture_detail::texture_view_holder<texture_view<T, N>> {
  typedef std::remove_const_t<T> texel_type;
  typedef texture_detail::texel<texel_type> traits;
  static constexpr bool readable = std::is_const_v<T> || traits::read_write;

public:
  static const int rank = N;
  typedef texel_type value_type;
  typedef typename traits::scalar scalar_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");
  unsigned int bits_per_scalar_element;
  unsigned int data_length;
  unsigned int mipmap_levels = 1;

  texture_view(texture<texel_type, N> &src) __AMPR__(cpu, amp)
      : extent(src.extent), bits_per_scalar_element(src.bits_per_scalar_element), data_length(src.data_length),
        tex_(&src), st_(src.st_), shape_(src.shape_) {}
  // Of one mipmap level: ampcc's textures have one, level 0.
  texture_view(texture<texel_type, N> &src, unsigned int mipmap_level) : texture_view(src) {
    if (mipmap_level != 0)
      texture_detail::texture_error("mipmap level " + std::to_string(mipmap_level) + " of a texture that has one level");
  }
  template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
  texture_view(const texture<texel_type, N> &src, unsigned int most_detailed_mip, unsigned int mip_levels)
      : texture_view(src) {
    if (most_detailed_mip != 0 || mip_levels != 1)
      texture_detail::texture_error("mipmap levels " + std::to_string(most_detailed_mip) + " to " +
                            std::to_string(most_detailed_mip + mip_levels - 1) + " of a texture that has one level");
  }
  template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
  texture_view(const texture<texel_type, N> &src) __AMPR__(cpu, amp)
      : extent(src.extent), bits_per_scalar_element(src.bits_per_scalar_element), data_length(src.data_length),
        tex_(const_cast<texture<texel_type, N> *>(&src)), st_(src.st_), shape_(src.shape_) {}
  // A read-only view of what another view sees.
  template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
  texture_view(const texture_view<texel_type, N> &o) __AMPR__(cpu, amp)
      : extent(o.extent), bits_per_scalar_element(o.bits_per_scalar_element), data_length(o.data_length), tex_(o.tex_),
        st_(o.st_), shape_(o.shape_) {}
  texture_view(const texture_view &) __AMPR__(cpu, amp) = default;
  texture_view &operator=(const texture_view &) __AMPR__(cpu, amp) = default;

  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  Concurrency::accelerator_view get_accelerator_view() const { return tex_->get_accelerator_view(); }
  unsigned int get_bits_per_scalar_element() const { return bits_per_scalar_element; }
  unsigned int get_data_length() const { return data_length; }
  unsigned int get_mipmap_levels() const { return mipmap_levels; }

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
      int t = texture_detail::address_texel(c[d], extent[N - 1 - d], address);
      if (t < 0)
        return border;
      at[N - 1 - d] = t;
    }
    return texture_detail::texel_to_float4((*this)[at]);
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
      return texture_detail::texel_from_float4<value_type>(fetch(c, address, border));
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
    return texture_detail::texel_from_float4<value_type>(sum);
  }
  texture<texel_type, N> *tex_;
  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
};

template <typename T, int N> void texture<T, N>::copy_to(const writeonly_texture_view<T, N> &dest) const {
  copy_to(texture_detail::texture_access::of(dest));
}

// Copies between textures and the host: in the texture's format through `void *`, texel by texel through
// iterators; and between textures of one shape.
template <typename T, int N> void copy(const void *src, unsigned int src_bytes, texture<T, N> &dst) {
  texture_detail::texture_access::from_bytes(dst, src, src_bytes);
}
template <typename T, int N> void copy(const void *src, unsigned int src_bytes, const writeonly_texture_view<T, N> &dst) {
  texture_detail::texture_access::from_bytes(texture_detail::texture_access::of(dst), src, src_bytes);
}
template <typename T, int N> void copy(const texture<T, N> &src, void *dst, unsigned int dst_bytes) {
  texture_detail::texture_access::to_bytes(src, dst, dst_bytes);
}
template <typename It, typename T, int N> texture_detail::if_iterator_t<It> copy(It first, It last, texture<T, N> &dst) {
  texture_detail::texture_access::from_range(dst, first, last);
}
template <typename T, int N, typename It> texture_detail::if_iterator_t<It> copy(const texture<T, N> &src, It dst) {
  std::vector<T> tmp(src.extent.size());
  src.storage().read(tmp.data(), 0, tmp.size() * sizeof(T));
  std::copy(tmp.begin(), tmp.end(), dst);
}
template <typename T, int N> void copy(const texture<T, N> &src, texture<T, N> &dst) { src.copy_to(dst); }
// Regions: copy_extent texels from src_offset (to dst_offset), row-major in the byte buffers.
template <typename T, int N>
void copy(const texture<T, N> &src, const index<N> &src_offset, const extent<N> &copy_extent, void *dst,
          unsigned int dst_bytes) {
  texture_detail::texture_access::region_to_bytes(src, src_offset, copy_extent, dst, dst_bytes);
}
template <typename T, int N>
void copy(const void *src, unsigned int src_bytes, texture<T, N> &dst, const index<N> &dst_offset,
          const extent<N> &copy_extent) {
  texture_detail::texture_access::region_from_bytes(dst, src, src_bytes, dst_offset, copy_extent);
}
template <typename T, int N>
void copy(const texture<T, N> &src, const index<N> &src_offset, texture<T, N> &dst, const index<N> &dst_offset,
          const extent<N> &copy_extent) {
  texture_detail::texture_access::region_copy(src, src_offset, dst, dst_offset, copy_extent);
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
texture_detail::if_iterator_t<It, completion_future> copy_async(It first, It last, texture<T, N> &dst) {
  texture<T, N> *d = &dst;
  return concurrency::detail::start_async([first, last, d] { graphics::copy(first, last, *d); });
}
template <typename T, int N, typename It>
texture_detail::if_iterator_t<It, completion_future> copy_async(const texture<T, N> &src, It dst) {
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
