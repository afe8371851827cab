// What C++ AMP's containers share (ampcc/amp_containers.h): shapes and linear offsets, the host-side checks of
// indices, sections and sizes, and the element-wise reads, writes and copies that copy() and the views' members use.
#ifndef AMPCC_AMP_CONTAINER_SUPPORT_H
#define AMPCC_AMP_CONTAINER_SUPPORT_H

#include <algorithm>
#include <climits>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace Concurrency {

template <typename T, int N> class array;
template <typename T, int N> class array_view;

namespace detail {

// A dense (row-major) shape of extent e: what a container or a whole view over one has.
template <int N> ampcc::rt::shape_of<N> dense_shape(const extent<N> &e) {
  ampcc::rt::shape_of<N> s;
  int stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    s.ext[i] = e[i];
    s.str[i] = stride;
    stride *= e[i];
  }
  return s;
}

template <int N, typename S> size_t linear(const S &s, const index<N> &i) {
  long off = s.off;
  for (int d = 0; d < N; ++d)
    off += static_cast<long>(i[d]) * s.str[d];
  return static_cast<size_t>(off);
}
// linear(s, i) - s.off: the element at i counted from the view's first one. Views are contiguous in their last
// dimension (str[N-1] == 1), so that one needs no multiply.
template <int N, typename S> size_t offset_in(const S &s, const index<N> &i) {
  long off = i[N - 1];
  for (int d = 0; d < N - 1; ++d)
    off += static_cast<long>(i[d]) * s.str[d];
  return static_cast<size_t>(off);
}

// The index of the i-th element of e in row-major order.
template <int N> index<N> index_of(unsigned i, const extent<N> &e) {
  index<N> idx;
  for (int d = N - 1; d >= 0; --d) {
    idx[d] = static_cast<int>(i % e[d]);
    i /= e[d];
  }
  return idx;
}

template <int N, typename S> extent<N> shape_extent(const S &s) {
  extent<N> e;
  for (int d = 0; d < N; ++d)
    e[d] = s.ext[d];
  return e;
}

// Checked mode (AMPCC_CHECKED defined, as ampcc -fampcc-checked does; docs/checked-mode.md): element access,
// projections and sections of views and arrays on the host throw std::out_of_range with the index and the
// extent. Kernels get their checks from the translator.
#if defined(AMPCC_CHECKED) && !defined(__AMPCC_TRANSLATOR__)
inline constexpr bool checked = true;
#else
inline constexpr bool checked = false;
#endif

template <typename V> std::string tuple_text(const V &v, int n) {
  std::string s = "(";
  for (int d = 0; d < n; ++d)
    s += (d ? ", " : "") + std::to_string(v[d]);
  return s + ")";
}
template <int N> void check_index(const char *what, const index<N> &i, const extent<N> &e) {
  for (int d = 0; d < N; ++d)
    if (i[d] < 0 || i[d] >= e[d])
      throw std::out_of_range(std::string("ampcc: ") + what + " index " + tuple_text(i, N) +
                              " is out of bounds of its extent " + tuple_text(e, N));
}
// Projections and sections on the host are always checked, as MSVC's runtime does: runtime_exception with
// E_INVALIDARG; a section must hold at least one element in each dimension.
template <int N> void check_projection(const char *what, int i0, const extent<N> &e) {
  if (i0 < 0 || i0 >= e[0])
    throw runtime_exception(std::string("ampcc: ") + what + " projection [" + std::to_string(i0) +
                                "] is out of bounds of its extent " + tuple_text(e, N),
                            0x80070057L);
}
template <int N> void check_section(const char *what, const index<N> &o, const extent<N> &s, const extent<N> &e) {
  for (int d = 0; d < N; ++d)
    if (o[d] < 0 || s[d] <= 0 || o[d] > e[d] - s[d])
      throw runtime_exception(std::string("ampcc: ") + what + " section at origin " + tuple_text(o, N) +
                                  " with extent " + tuple_text(s, N) + " does not fit its extent " + tuple_text(e, N),
                              0x80070057L);
}
// The extent of an array, and the compute domain of parallel_for_each: every dimension positive.
template <int N> void check_positive(const char *what, const extent<N> &e) {
  for (int d = 0; d < N; ++d)
    if (e[d] <= 0)
      throw runtime_exception(std::string("ampcc: ") + what + " " + tuple_text(e, N) +
                                  " has a dimension that is not positive",
                              0x80070057L);
}

// C++ AMP's limit on the elements of an array, an array_view or a texture: their count must fit extent::size()'s
// unsigned int. runtime_exception (E_INVALIDARG) naming what and its extent otherwise, as MSVC throws, before any
// storage is sized from the count (which would wrap).
template <int N> void check_size(const char *what, const extent<N> &e) {
  unsigned long long n = 1;
  bool over = false;
  for (int d = 0; d < N; ++d)
    over |= __builtin_mul_overflow(n, static_cast<unsigned long long>(e[d] < 0 ? 0 : e[d]), &n);
  if (over || n > UINT_MAX)
    throw runtime_exception(std::string("ampcc: ") + what + " " + tuple_text(e, N) + " has " +
                                (over ? "more than " + std::to_string(ULLONG_MAX) : std::to_string(n)) +
                                " elements, more than C++ AMP allows (" + std::to_string(UINT_MAX) +
                                ", the largest extent::size())",
                            0x80070057L);
}
// e, checked as check_size does: for the first member initializer, before a shape is made from e.
template <int N> const extent<N> &sized(const char *what, const extent<N> &e) {
  check_size(what, e);
  return e;
}

template <typename C> using container_element = std::remove_pointer_t<decltype(std::data(std::declval<C &>()))>;

template <typename C, typename T>
using if_container =
    std::enable_if_t<std::is_same_v<std::remove_const_t<container_element<C>>, std::remove_const_t<T>> &&
                     (std::is_const_v<T> || !std::is_const_v<container_element<C>>)>;

// Iterators are what can be dereferenced; arrays, views, extents and accelerator_views cannot, which keeps the
// iterator overloads of the constructors and of copy out of the way of the container ones.
template <typename It, typename = void> struct is_iterator : std::false_type {};
template <typename It> struct is_iterator<It, std::void_t<decltype(*std::declval<It &>())>> : std::true_type {};
template <typename It, typename R = void> using if_iterator_t = std::enable_if_t<is_iterator<It>::value, R>;
// copy writes only into views of non-const elements.
template <typename T, typename R = void> using if_writable_t = std::enable_if_t<!std::is_const_v<T>, R>;

inline void check_extent(bool same, const char *what) {
  if (!same)
    throw runtime_exception(std::string("ampcc: ") + what + ": the source and destination extents differ", 0x80070057L);
}

// Whether a view's elements are one run in its storage (row-major, no gaps).
template <int N, typename S> bool is_dense(const S &s, const extent<N> &e) {
  long stride = 1;
  for (int d = N - 1; d >= 0; --d) {
    if (d < N - 1 && s.str[d] != stride)
      return false;
    stride *= e[d];
  }
  return true;
}
// Calls f(element offset in the storage, position in row-major order, count) for each contiguous run of a
// view: the whole view if it is dense, else each run of its last dimension (views are contiguous there).
template <int N, typename S, typename F> void for_each_run(const S &s, const extent<N> &e, F f) {
  size_t total = e.size();
  if (total == 0)
    return;
  if (is_dense(s, e)) {
    f(static_cast<size_t>(s.off), size_t(0), total);
    return;
  }
  size_t run = static_cast<size_t>(e[N - 1]);
  for (size_t pos = 0; pos < total; pos += run)
    f(linear(s, index_of(static_cast<unsigned>(pos), e)), pos, run);
}

// The elements of a view in row-major order, read from whichever side holds them.
template <typename T, int N> void read_view(const array_view<T, N> &v, std::remove_const_t<T> *out) {
  ampcc::rt::storage &st = v.storage();
  if (v.extent[N - 1] != 0 && v.extent.size() / v.extent[N - 1] > 1)
    st.synchronize(); // many runs: download once, then copy each run on the host
  for_each_run(v.shape(), v.extent,
               [&](size_t off, size_t pos, size_t n) { st.read(out + pos, off * sizeof(T), n * sizeof(T)); });
}
template <typename T, int N> void write_view(const array_view<T, N> &v, const T *in) {
  ampcc::rt::storage &st = v.storage();
  for_each_run(v.shape(), v.extent,
               [&](size_t off, size_t pos, size_t n) { st.write(in + pos, off * sizeof(T), n * sizeof(T)); });
}
// Through a temporary, so that copying between overlapping views of one storage reads before it writes.
template <typename T, int N> void copy_view(const array_view<const T, N> &src, const array_view<T, N> &dest) {
  check_extent(src.extent == dest.extent, "copy");
  std::vector<T> tmp(src.extent.size());
  read_view(src, tmp.data());
  write_view(dest, tmp.data());
}
// Iterators over elements of type T laid out one after another in memory: pointers and std::vector's iterators,
// which copy reads or writes in place rather than through a temporary.
template <typename It, typename T> struct is_contiguous_of : std::false_type {};
template <typename T> struct is_contiguous_of<T *, T> : std::true_type {};
template <typename T> struct is_contiguous_of<const T *, T> : std::true_type {};
template <typename T>
struct is_contiguous_of<typename std::vector<T>::iterator, T> : std::bool_constant<!std::is_same_v<T, bool>> {};
template <typename T>
struct is_contiguous_of<typename std::vector<T>::const_iterator, T> : std::bool_constant<!std::is_same_v<T, bool>> {};
template <typename It, typename T>
constexpr bool is_contiguous_of_v = is_contiguous_of<std::remove_cv_t<It>, std::remove_const_t<T>>::value;

inline void check_range_size(size_t have, size_t need) {
  if (have < need)
    throw runtime_exception("ampcc: copy source range is smaller than the destination", 0x80070057L);
  if (have > need)
    throw runtime_exception("ampcc: copy source range has " + std::to_string(have) +
                                " elements, more than the destination's " + std::to_string(need),
                            0x80070057L);
}
template <typename InIt, typename T, int N> void copy_range(InIt first, InIt last, const array_view<T, N> &dest) {
  // A range whose end comes before its begin (the iterators swapped) is refused before it is read.
  using category = typename std::iterator_traits<InIt>::iterator_category;
  if constexpr (std::is_base_of_v<std::random_access_iterator_tag, category>)
    if (last < first)
      throw runtime_exception("ampcc: copy source range ends before it begins", 0x80070057L);
  if constexpr (is_contiguous_of_v<InIt, T>) {
    // Straight from the caller's memory into a dense view (one run, so a source overlapping it is read before
    // it is written): for an array on a device, one copy to the device (storage::write).
    if (is_dense(dest.shape(), dest.extent)) {
      check_range_size(static_cast<size_t>(last - first), dest.extent.size());
      if (first != last)
        write_view(dest, &*first);
      return;
    }
  }
  std::vector<T> tmp(first, last);
  check_range_size(tmp.size(), dest.extent.size());
  write_view(dest, tmp.data());
}
template <typename InIt, typename T, int N> void copy_first(InIt first, const array_view<T, N> &dest) {
  if constexpr (is_contiguous_of_v<InIt, T>) {
    if (is_dense(dest.shape(), dest.extent)) { // as copy_range
      if (dest.extent.size() != 0)
        write_view(dest, &*first);
      return;
    }
  }
  std::vector<T> tmp;
  tmp.reserve(dest.extent.size());
  for (size_t i = 0; i < dest.extent.size(); ++i, ++first)
    tmp.push_back(static_cast<T>(*first));
  write_view(dest, tmp.data());
}
template <typename T, int N, typename OutIt> void copy_out(const array_view<T, N> &src, OutIt dest) {
  constexpr bool writable = std::is_assignable_v<decltype(*std::declval<OutIt &>()), const T &>;
  static_assert(writable, "copy: the destination iterator does not let elements be written (an iterator over "
                          "const data?)");
  if constexpr (writable) {
    // Straight into the caller's memory from a dense view (one run: a destination overlapping it is written
    // after it is read): for an array on a device, one copy from the device (storage::read).
    if constexpr (is_contiguous_of_v<OutIt, T>) {
      if (is_dense(src.shape(), src.extent)) {
        if (src.extent.size() != 0)
          read_view(src, &*dest);
        return;
      }
    }
    std::vector<std::remove_const_t<T>> tmp(src.extent.size());
    read_view(src, tmp.data());
    std::copy(tmp.begin(), tmp.end(), dest);
  }
}

// The base of array_view that holds its source_accelerator_view property (detail::view_property).
template <typename View> class source_view_holder {
public:
  [[no_unique_address]] view_property<source_view_holder, View> source_accelerator_view;

private:
  friend class view_property<source_view_holder, View>;
  static Concurrency::accelerator_view get(const View &v) { return v.get_source_accelerator_view(); }
};

} // namespace detail

} // namespace Concurrency

#endif // AMPCC_AMP_CONTAINER_SUPPORT_H
