// C++ AMP's data containers for ampcc: array_view, array, copy and copy_async, and the helpers their members
// share. Included by <amp.h>, after ampcc/amp_accelerators.h (the devices they live on).
#ifndef AMPCC_AMP_CONTAINERS_H
#define AMPCC_AMP_CONTAINERS_H

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

// A view of N-dimensional data that lives on the host or on an accelerator; copies share the data. Its
// source_accelerator_view (Microsoft's property) is what get_source_accelerator_view() returns.
template <typename T, int N = 1>
class AMPCC_BUILTIN("array_view") array_view : public detail::source_view_holder<array_view<T, N>> {
  static_assert(N > 0, "The rank of an array_view must be greater than 0");
  typedef std::remove_const_t<T> nc_value;

public:
  static const int rank = N;
  typedef T value_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");

  // Over a pointer: host memory on the host; in amp code, memory a view or array holds (global memory).
  array_view(const concurrency::extent<N> &e, T *src) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.from_pointer")
      : extent(detail::sized("the extent of an array_view", e)), shape_(detail::dense_shape(e)) {
    st_ = std::make_shared<ampcc::rt::storage>(const_cast<nc_value *>(src), e.size() * sizeof(T));
  }
  array_view(int e0, T *src) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.from_pointer")
      : array_view(concurrency::extent<N>(e0), src) {}
  array_view(int e0, int e1, T *src) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.from_pointer")
      : array_view(concurrency::extent<N>(e0, e1), src) {}
  array_view(int e0, int e1, int e2, T *src) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.from_pointer")
      : array_view(concurrency::extent<N>(e0, e1, e2), src) {}

  template <typename C, typename = detail::if_container<C, T>>
  array_view(const concurrency::extent<N> &e, C &src) : array_view(e, checked_data(src, e)) {}
  template <typename C, typename = detail::if_container<C, T>>
  array_view(int e0, C &src) : array_view(concurrency::extent<N>(e0), src) {}
  template <typename C, typename = detail::if_container<C, T>>
  array_view(int e0, int e1, C &src) : array_view(concurrency::extent<N>(e0, e1), src) {}
  template <typename C, typename = detail::if_container<C, T>>
  array_view(int e0, int e1, int e2, C &src) : array_view(concurrency::extent<N>(e0, e1, e2), src) {}

  // A view with no data source: the storage owns the memory, so copies, sections and projections that
  // outlive this view keep it.
  explicit array_view(const concurrency::extent<N> &e)
      : extent(detail::sized("the extent of an array_view", e)), shape_(detail::dense_shape(e)) {
    st_ = std::make_shared<ampcc::rt::storage>(e.size() * sizeof(T));
  }
  explicit array_view(int e0) : array_view(dims(e0)) {}
  array_view(int e0, int e1) : array_view(dims(e0, e1)) {}
  array_view(int e0, int e1, int e2) : array_view(dims(e0, e1, e2)) {}

  template <typename U, typename = std::enable_if_t<std::is_same_v<const U, T>>>
  array_view(const array_view<U, N> &o) __AMPR__(cpu, amp) : extent(o.extent), st_(o.st_), shape_(o.shape_) {}
  array_view(array<nc_value, N> &a) __AMPR__(cpu, amp);
  array_view(const array<nc_value, N> &a) __AMPR__(cpu, amp);
#ifdef __AMPCC_MS_COMPATIBILITY__
  // MSVC binds a temporary array to the array& above (a Microsoft extension), so code written for it views
  // temporaries as writable: the view shares the temporary's storage and keeps it alive.
  array_view(array<nc_value, N> &&a) __AMPR__(cpu) : array_view(a) {}
#endif

  // Copies are made in kernels too (a view passed by value to a restrict(amp) function).
  array_view(const array_view &) __AMPR__(cpu, amp) = default;
  array_view &operator=(const array_view &) __AMPR__(cpu, amp) = default;

  T &operator[](const index<N> &i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    if constexpr (detail::checked)
      detail::check_index("array_view", i, extent);
    return first()[detail::offset_in(shape_, i)];
  }
  T &operator()(const index<N> &i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") { return (*this)[i]; }
  // The element at i without the synchronization that host access otherwise makes (MSVC's get_ref): the element
  // of the host copy as it is, current only if nothing (a kernel, a copy) wrote the data since the view was last
  // synchronized to the host; writes reach kernels after synchronize(access_type_read_write). In amp code,
  // operator[].
  T &get_ref(const index<N> &i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    if constexpr (detail::checked)
      detail::check_index("array_view", i, extent);
    return unsynchronized()[detail::offset_in(shape_, i)];
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  T &operator[](int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<1>(i0)];
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  T &operator()(int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<1>(i0)];
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  T &operator()(int i0, int i1) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<2>(i0, i1)];
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  T &operator()(int i0, int i1, int i2) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<3>(i0, i1, i2)];
  }
  // Projection: the rank N-1 view at i0 of the most significant dimension.
  template <int M = N, typename = std::enable_if_t<(M > 1)>>
  array_view<T, N - 1> operator[](int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.project") {
    detail::check_projection("array_view", i0, extent);
    array_view<T, N - 1> r(*this, 0);
    r.shape_.off = shape_.off + i0 * shape_.str[0];
    for (int d = 1; d < N; ++d) {
      r.shape_.ext[d - 1] = shape_.ext[d];
      r.shape_.str[d - 1] = shape_.str[d];
    }
    r.extent = detail::shape_extent<N - 1>(r.shape_);
    return r;
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>>
  array_view<T, N - 1> operator()(int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.project") {
    return (*this)[i0];
  }

  // Sections: a window of this view at origin (the extent defaults to the rest of the view).
  array_view section(const index<N> &origin, const concurrency::extent<N> &e) const __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.section") {
    detail::check_section("array_view", origin, e, extent);
    array_view r(*this);
    r.shape_.off = static_cast<int>(detail::linear(shape_, origin));
    for (int d = 0; d < N; ++d)
      r.shape_.ext[d] = e[d];
    r.extent = e;
    return r;
  }
  array_view section(const index<N> &origin) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    concurrency::extent<N> rest = extent;
    for (int d = 0; d < N; ++d)
      rest[d] -= origin[d];
    return section(origin, rest);
  }
  array_view section(const concurrency::extent<N> &e) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(), e);
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  array_view section(int i0, int e0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0), concurrency::extent<N>(e0));
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  array_view section(int i0, int i1, int e0, int e1) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0, i1), concurrency::extent<N>(e0, e1));
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0, i1, i2), concurrency::extent<N>(e0, e1, e2));
  }

  // A rank 1 view reshaped to rank K, and a rank 1 view of its bytes as another element type.
  template <int K>
  array_view<T, K> view_as(const concurrency::extent<K> &e) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.view_as") {
    static_assert(N == 1, "view_as needs an array_view of rank 1");
    return reshaped(e);
  }
  template <typename U>
  array_view<std::conditional_t<std::is_const_v<T>, const U, U>, 1> reinterpret_as() const __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.reinterpret_as") {
    static_assert(N == 1, "reinterpret_as needs an array_view of rank 1");
    return reinterpreted<std::conditional_t<std::is_const_v<T>, const U, U>>(st_, shape_.off, extent.size());
  }

  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  // Where the data source lives: the array's view for a view of an array, the CPU accelerator's for host memory.
  // A view made without a data source has none to name: runtime_exception, as MSVC documents.
  accelerator_view get_source_accelerator_view() const {
    if (!st_->has_data_source())
      throw runtime_exception("ampcc: get_source_accelerator_view: the array_view was made without a data source",
                              0x80070057L);
    if (const ampcc::rt::queue *q = st_->home())
      return accelerator_view(*q);
    return accelerator(accelerator::cpu_accelerator).default_view;
  }

  // Makes the host copy of the data current (where a view of host memory keeps it: that memory). With
  // access_type_write or access_type_read_write the host is about to write it: the accelerators' copies become
  // stale, so that writes through get_ref() reach the next kernel.
  void synchronize(access_type a = access_type_read) const { st_->host(host_access(a)); }
  completion_future synchronize_async(access_type a = access_type_read) const {
    std::shared_ptr<ampcc::rt::storage> st = st_;
    return detail::start_async([st, a] { st->host(host_access(a)); });
  }
  // Makes the data current on av: on its device, so its kernels need no upload; for a view of the CPU accelerator
  // (the host, where a view of host memory has its data source) in the host copy, as synchronize() does. The
  // access type as for synchronize(): with write, the other copies become stale.
  void synchronize_to(const accelerator_view &av, access_type a = access_type_read) const {
    synchronize_on(*st_, av.queue(), a);
  }
  completion_future synchronize_to_async(const accelerator_view &av, access_type a = access_type_read) const {
    std::shared_ptr<ampcc::rt::storage> st = st_;
    ampcc::rt::queue q = av.queue();
    return detail::start_async([st, q, a] { synchronize_on(*st, q, a); });
  }
  // A hint about this view's data only: a section or projection discards its own elements and leaves the rest of
  // its source as it is. What was written to them and not yet synchronized is not copied back to the data source.
  void discard_data() const {
    if (shape_.off == 0 && extent.size() * sizeof(T) == st_->bytes()) {
      st_->discard();
      return;
    }
    detail::for_each_run(shape_, extent,
                         [&](size_t off, size_t, size_t n) { st_->discard(off * sizeof(T), n * sizeof(T)); });
  }
  // The data source was changed outside the view: the accelerators' copies of the view's elements become stale (a
  // section's, not the rest of its source's). A view without a data source, or of an array, has nothing that can
  // change outside it: nothing to do.
  void refresh() const {
    if (shape_.off == 0 && extent.size() * sizeof(T) == st_->bytes()) {
      st_->refresh();
      return;
    }
    detail::for_each_run(shape_, extent,
                         [&](size_t off, size_t, size_t n) { st_->refresh(off * sizeof(T), n * sizeof(T)); });
  }
  T *data() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.data") {
    static_assert(N == 1, "array_view::data() is only permitted on array views of rank 1");
    return first();
  }
  void copy_to(array<nc_value, N> &dest) const;
  void copy_to(const array_view<nc_value, N> &dest) const;

  // ampcc extension: for the generated launch code and for interop (BLAS).
  ampcc::rt::storage &storage() const { return *st_; }
  const ampcc::rt::shape_of<N> &shape() const { return shape_; }

private:
  template <typename, int> friend class array_view;
  template <typename, int> friend class array;

  // How synchronize and synchronize_to reach the data: a write never skips the upload (only a part of the data
  // may be written), and a view of const elements never writes.
  static ampcc::rt::access host_access(access_type a) {
    return !std::is_const_v<T> && (a & access_type_write) ? ampcc::rt::access::read_write : ampcc::rt::access::read;
  }
  static void synchronize_on(ampcc::rt::storage &st, const ampcc::rt::queue &q, access_type a) {
    if (q.is_host()) {
      st.host(host_access(a));
      return;
    }
    st.device_buffer(q, host_access(a));
    q.wait();
  }

  // For projections: an empty view of rank N sharing o's storage.
  template <typename U, int M> array_view(const array_view<U, M> &o, int) : st_(o.st_), shape_() {}
  // For view_as, reinterpret_as and arrays: a view of st with the given layout.
  array_view(std::shared_ptr<ampcc::rt::storage> st, const ampcc::rt::shape_of<N> &s, const concurrency::extent<N> &e)
      : extent(e), st_(std::move(st)), shape_(s) {}

  template <int K> array_view<T, K> reshaped(const concurrency::extent<K> &e) const {
    detail::check_size("the extent of view_as", e);
    if (e.size() > extent.size())
      throw runtime_exception("ampcc: view_as extent is larger than the array_view", 0x80070057L);
    ampcc::rt::shape_of<K> s = detail::dense_shape(e);
    s.off = shape_.off;
    return array_view<T, K>(st_, s, e);
  }
  // The count elements of T at element offset off of st, seen as a rank 1 view of U.
  template <typename U>
  static array_view<U, 1> reinterpreted(const std::shared_ptr<ampcc::rt::storage> &st, size_t off, size_t count) {
    size_t bytes = count * sizeof(T), first = off * sizeof(T);
    if (first % sizeof(U) != 0 || bytes % sizeof(U) != 0)
      throw runtime_exception("ampcc: reinterpret_as: the data is not a whole number of the new elements", 0x80070057L);
    concurrency::extent<1> e(static_cast<int>(bytes / sizeof(U)));
    ampcc::rt::shape_of<1> s = detail::dense_shape(e);
    s.off = static_cast<int>(first / sizeof(U));
    return array_view<U, 1>(st, s, e);
  }
  static concurrency::extent<N> dims(int e0) {
    static_assert(N == 1, "this array_view constructor needs rank 1");
    return concurrency::extent<N>(e0);
  }
  static concurrency::extent<N> dims(int e0, int e1) {
    static_assert(N == 2, "this array_view constructor needs rank 2");
    return concurrency::extent<N>(e0, e1);
  }
  static concurrency::extent<N> dims(int e0, int e1, int e2) {
    static_assert(N == 3, "this array_view constructor needs rank 3");
    return concurrency::extent<N>(e0, e1, e2);
  }
  template <typename C> static T *checked_data(C &src, const concurrency::extent<N> &e) {
    detail::check_size("the extent of an array_view", e);
    if (std::size(src) < e.size())
      throw runtime_exception("ampcc: array_view source container is smaller than the extent", 0x80070057L);
    return std::data(src);
  }
  // The view's first element in the host copy, whatever its state.
  T *unsynchronized() const {
    void *p = st_->host_if_current(ampcc::rt::access::read);
    return static_cast<T *>(p ? p : st_->host_address()) + shape_.off;
  }
  // The view's first element on the host, current for reads (and writes, unless T is const).
  T *first() const {
    constexpr ampcc::rt::access m = std::is_const_v<T> ? ampcc::rt::access::read : ampcc::rt::access::read_write;
    if (void *p = cache_.get(m); __builtin_expect(p != nullptr, 1))
      return static_cast<T *>(p);
    return static_cast<T *>(ampcc::rt::host_slow_path(*st_, m, cache_, static_cast<size_t>(shape_.off) * sizeof(T)));
  }

  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
  mutable ampcc::rt::host_cache cache_; // after st_: it leaves the storage's list before st_ lets it go
};

// An N-dimensional container whose data lives on an accelerator. A staging array (made with a CPU
// accelerator_view and an associated view) keeps its data where the associated view's kernels use it.
template <typename T, int N = 1> class AMPCC_BUILTIN("array") array {
  static_assert(N > 0, "The rank of an array must be greater than 0");
  template <typename It> using if_iter = std::enable_if_t<detail::is_iterator<It>::value>;

public:
  static const int rank = N;
  typedef T value_type;

  concurrency::extent<N> extent AMPCC_BUILTIN("av.extent");
  access_type cpu_access_type = access_type_none;
  // The view the array lives on, and the one where its data is used without a copy: for a staging array (made
  // on the CPU accelerator with an associated view) that associated view, else the array's own (MSVC's).
  Concurrency::accelerator_view accelerator_view;
  Concurrency::accelerator_view associated_accelerator_view;

  // On the default accelerator.
  explicit array(const concurrency::extent<N> &e) : array(e, accelerator().default_view) {}
  explicit array(int e0) : array(dims(e0)) {}
  array(int e0, int e1) : array(dims(e0, e1)) {}
  array(int e0, int e1, int e2) : array(dims(e0, e1, e2)) {}
  template <typename It, typename = if_iter<It>> array(const concurrency::extent<N> &e, It first) : array(e) {
    copy_in(first);
  }
  template <typename It, typename = if_iter<It>> array(const concurrency::extent<N> &e, It first, It last) : array(e) {
    copy_in(first, last);
  }
  template <typename It, typename = if_iter<It>> array(int e0, It first) : array(dims(e0), first) {}
  template <typename It, typename = if_iter<It>> array(int e0, It first, It last) : array(dims(e0), first, last) {}
  template <typename It, typename = if_iter<It>> array(int e0, int e1, It first) : array(dims(e0, e1), first) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, It first, It last) : array(dims(e0, e1), first, last) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, int e2, It first) : array(dims(e0, e1, e2), first) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, int e2, It first, It last) : array(dims(e0, e1, e2), first, last) {}
  explicit array(const array_view<const T, N> &src) : array(src.extent) { copy_from(src); }

  // On an accelerator_view, with the CPU access it asks for (access_type_auto: the view's default).
  array(const concurrency::extent<N> &e, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(make{}, e, av, av, cpu, false) {}
  array(int e0, Concurrency::accelerator_view av, access_type cpu = access_type_auto) : array(dims(e0), av, cpu) {}
  array(int e0, int e1, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0, e1), av, cpu) {}
  array(int e0, int e1, int e2, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0, e1, e2), av, cpu) {}
  template <typename It, typename = if_iter<It>>
  array(const concurrency::extent<N> &e, It first, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(e, av, cpu) {
    copy_in(first);
  }
  template <typename It, typename = if_iter<It>>
  array(const concurrency::extent<N> &e, It first, It last, Concurrency::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(e, av, cpu) {
    copy_in(first, last);
  }
  template <typename It, typename = if_iter<It>>
  array(int e0, It first, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0), first, av, cpu) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, It first, It last, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0), first, last, av, cpu) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, It first, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0, e1), first, av, cpu) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, It first, It last, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0, e1), first, last, av, cpu) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, int e2, It first, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0, e1, e2), first, av, cpu) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, int e2, It first, It last, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(dims(e0, e1, e2), first, last, av, cpu) {}
  array(const array_view<const T, N> &src, Concurrency::accelerator_view av, access_type cpu = access_type_auto)
      : array(src.extent, av, cpu) {
    copy_from(src);
  }

  // Staging arrays: av is where the host reads and writes them, associated where kernels use them.
  array(const concurrency::extent<N> &e, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(make{}, e, av, associated, access_type_auto, true) {}
  array(int e0, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0), av, associated) {}
  array(int e0, int e1, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0, e1), av, associated) {}
  array(int e0, int e1, int e2, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0, e1, e2), av, associated) {}
  template <typename It, typename = if_iter<It>>
  array(const concurrency::extent<N> &e, It first, Concurrency::accelerator_view av,
        Concurrency::accelerator_view associated)
      : array(e, av, associated) {
    copy_in(first);
  }
  template <typename It, typename = if_iter<It>>
  array(const concurrency::extent<N> &e, It first, It last, Concurrency::accelerator_view av,
        Concurrency::accelerator_view associated)
      : array(e, av, associated) {
    copy_in(first, last);
  }
  template <typename It, typename = if_iter<It>>
  array(int e0, It first, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0), first, av, associated) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, It first, It last, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0), first, last, av, associated) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, It first, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0, e1), first, av, associated) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, It first, It last, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0, e1), first, last, av, associated) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, int e2, It first, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(dims(e0, e1, e2), first, av, associated) {}
  template <typename It, typename = if_iter<It>>
  array(int e0, int e1, int e2, It first, It last, Concurrency::accelerator_view av,
        Concurrency::accelerator_view associated)
      : array(dims(e0, e1, e2), first, last, av, associated) {}
  array(const array_view<const T, N> &src, Concurrency::accelerator_view av, Concurrency::accelerator_view associated)
      : array(src.extent, av, associated) {
    copy_from(src);
  }

  // A copy lives on the same views as the original.
  array(const array &o)
      : array(make{}, o.extent, o.accelerator_view, o.associated_accelerator_view, o.cpu_access_type, o.staging_) {
    copy_from(array_view<const T, N>(o));
  }
  array(array &&) = default;
  array &operator=(const array &o) {
    if (this != &o)
      *this = array(o);
    return *this;
  }
  array &operator=(array &&) = default;
  array &operator=(const array_view<const T, N> &src) {
    copy_from(src);
    return *this;
  }

  T &operator[](const index<N> &i) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    if constexpr (detail::checked)
      detail::check_index("array", i, extent);
    return host(ampcc::rt::access::read_write)[detail::offset_in(shape_, i)];
  }
  const T &operator[](const index<N> &i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    if constexpr (detail::checked)
      detail::check_index("array", i, extent);
    return host(ampcc::rt::access::read)[detail::offset_in(shape_, i)];
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  T &operator[](int i0) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<1>(i0)];
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  const T &operator[](int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<1>(i0)];
  }
  // The element at i of the host copy as it is, without the synchronization of operator[] (as array_view's).
  T &get_ref(const index<N> &i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    if constexpr (detail::checked)
      detail::check_index("array", i, extent);
    return static_cast<T *>(st_->host_address())[detail::offset_in(shape_, i)];
  }
  T &operator()(const index<N> &i) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") { return (*this)[i]; }
  const T &operator()(const index<N> &i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") { return (*this)[i]; }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  T &operator()(int i0) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<1>(i0)];
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  const T &operator()(int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<1>(i0)];
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  T &operator()(int i0, int i1) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<2>(i0, i1)];
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  const T &operator()(int i0, int i1) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<2>(i0, i1)];
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  T &operator()(int i0, int i1, int i2) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<3>(i0, i1, i2)];
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  const T &operator()(int i0, int i1, int i2) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.subscript") {
    return (*this)[index<3>(i0, i1, i2)];
  }
  // Projection: the rank N-1 view at i0 of the most significant dimension.
  template <int M = N, typename = std::enable_if_t<(M > 1)>>
  array_view<T, N - 1> operator[](int i0) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.project") {
    detail::check_projection("array", i0, extent);
    return array_view<T, N>(*this)[i0];
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>>
  array_view<const T, N - 1> operator[](int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.project") {
    detail::check_projection("array", i0, extent);
    return array_view<const T, N>(*this)[i0];
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>>
  array_view<T, N - 1> operator()(int i0) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.project") {
    detail::check_projection("array", i0, extent);
    return array_view<T, N>(*this)[i0];
  }
  template <int M = N, typename = std::enable_if_t<(M > 1)>>
  array_view<const T, N - 1> operator()(int i0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.project") {
    detail::check_projection("array", i0, extent);
    return array_view<const T, N>(*this)[i0];
  }

  // Sections: views of a window of the array (the extent defaults to the rest of the array).
  array_view<T, N> section(const index<N> &origin, const concurrency::extent<N> &e) __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.section") {
    return array_view<T, N>(*this).section(origin, e);
  }
  array_view<const T, N> section(const index<N> &origin, const concurrency::extent<N> &e) const __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.section") {
    return array_view<const T, N>(*this).section(origin, e);
  }
  array_view<T, N> section(const index<N> &origin) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return array_view<T, N>(*this).section(origin);
  }
  array_view<const T, N> section(const index<N> &origin) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return array_view<const T, N>(*this).section(origin);
  }
  array_view<T, N> section(const concurrency::extent<N> &e) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return array_view<T, N>(*this).section(e);
  }
  array_view<const T, N> section(const concurrency::extent<N> &e) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return array_view<const T, N>(*this).section(e);
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  array_view<T, N> section(int i0, int e0) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0), concurrency::extent<N>(e0));
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  array_view<const T, N> section(int i0, int e0) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0), concurrency::extent<N>(e0));
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  array_view<T, N> section(int i0, int i1, int e0, int e1) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0, i1), concurrency::extent<N>(e0, e1));
  }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  array_view<const T, N> section(int i0, int i1, int e0, int e1) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0, i1), concurrency::extent<N>(e0, e1));
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  array_view<T, N> section(int i0, int i1, int i2, int e0, int e1, int e2) __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0, i1, i2), concurrency::extent<N>(e0, e1, e2));
  }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  array_view<const T, N> section(int i0, int i1, int i2, int e0, int e1, int e2) const __AMPR__(cpu, amp)
      AMPCC_BUILTIN("av.section") {
    return section(index<N>(i0, i1, i2), concurrency::extent<N>(e0, e1, e2));
  }

  // The array (always contiguous) reshaped to rank K, or its bytes as a rank 1 view of U.
  template <int K>
  array_view<T, K> view_as(const concurrency::extent<K> &e) __AMPR__(cpu, amp) AMPCC_BUILTIN("av.view_as") {
    return flat<T>().reshaped(e);
  }
  template <int K>
  array_view<const T, K> view_as(const concurrency::extent<K> &e) const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.view_as") {
    return flat<const T>().reshaped(e);
  }
  template <typename U> array_view<U, 1> reinterpret_as() __AMPR__(cpu, amp) AMPCC_BUILTIN("av.reinterpret_as") {
    return array_view<T, N>::template reinterpreted<U>(st_, 0, extent.size());
  }
  template <typename U>
  array_view<const U, 1> reinterpret_as() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.reinterpret_as") {
    return array_view<T, N>::template reinterpreted<const U>(st_, 0, extent.size());
  }

  operator std::vector<T>() const {
    std::vector<T> out(extent.size());
    st_->read(out.data(), 0, out.size() * sizeof(T));
    return out;
  }
  concurrency::extent<N> get_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.get_extent") { return extent; }
  // const: these stand for read-only properties, so assigning to what they return is an error, as in MSVC.
  const Concurrency::accelerator_view get_accelerator_view() const { return accelerator_view; }
  const Concurrency::accelerator_view get_associated_accelerator_view() const { return associated_accelerator_view; }
  access_type get_cpu_access_type() const { return cpu_access_type; }
  // As in MSVC, an array the CPU may not access (access_type_none) has no host pointer.
  T *data() __AMPR__(cpu, amp) AMPCC_BUILTIN("av.data") {
    return cpu_access_type == access_type_none ? nullptr : host(ampcc::rt::access::read_write);
  }
  const T *data() const __AMPR__(cpu, amp) AMPCC_BUILTIN("av.data") {
    return cpu_access_type == access_type_none ? nullptr : host(ampcc::rt::access::read);
  }
  void copy_to(array &dest) const;
  void copy_to(const array_view<T, N> &dest) const;

  ampcc::rt::storage &storage() const { return *st_; }
  const ampcc::rt::shape_of<N> &shape() const { return shape_; }

private:
  template <typename, int> friend class array_view;
  struct make {};

  array(make, const concurrency::extent<N> &e, const Concurrency::accelerator_view &av,
        const Concurrency::accelerator_view &associated, access_type cpu, bool staging)
      : extent(detail::sized("the extent of an array", e)),
        cpu_access_type(staging                   ? access_type_read_write
                        : cpu == access_type_auto ? detail::cpu_access_defaults::take(av.device_key())
                                                  : cpu),
        accelerator_view(av), associated_accelerator_view(av.queue().is_host() ? associated : av), staging_(staging),
        shape_(detail::dense_shape(e)) {
    detail::check_positive("the extent of an array", e);
    // A staging array (on the CPU accelerator) keeps its data where its associated view's kernels use it; any
    // other array lives on its own view, which is also its associated one whatever view was named (MSVC's).
    st_ = std::make_shared<ampcc::rt::storage>(associated_accelerator_view.queue(), e.size() * sizeof(T));
  }
  static concurrency::extent<N> dims(int e0) {
    static_assert(N == 1, "this array constructor needs rank 1");
    return concurrency::extent<N>(e0);
  }
  static concurrency::extent<N> dims(int e0, int e1) {
    static_assert(N == 2, "this array constructor needs rank 2");
    return concurrency::extent<N>(e0, e1);
  }
  static concurrency::extent<N> dims(int e0, int e1, int e2) {
    static_assert(N == 3, "this array constructor needs rank 3");
    return concurrency::extent<N>(e0, e1, e2);
  }
  // The array's first element on the host, current for m (an array's shape starts at offset 0).
  T *host(ampcc::rt::access m) const {
    if (void *p = cache_.get(m); __builtin_expect(p != nullptr, 1))
      return static_cast<T *>(p);
    return static_cast<T *>(ampcc::rt::host_slow_path(*st_, m, cache_, 0));
  }
  // The whole array as a rank 1 view.
  template <typename U> array_view<U, 1> flat() const {
    concurrency::extent<1> e(static_cast<int>(extent.size()));
    return array_view<U, 1>(st_, detail::dense_shape(e), e);
  }
  template <typename It> void copy_in(It first, It last) { detail::copy_range(first, last, array_view<T, N>(*this)); }
  template <typename It> void copy_in(It first) { detail::copy_first(first, array_view<T, N>(*this)); }
  void copy_from(const array_view<const T, N> &src) { detail::copy_view(src, array_view<T, N>(*this)); }

  bool staging_ = false;
  std::shared_ptr<ampcc::rt::storage> st_;
  ampcc::rt::shape_of<N> shape_;
  mutable ampcc::rt::host_cache cache_; // after st_: it leaves the storage's list before st_ lets it go
};

template <typename T, int N>
array_view<T, N>::array_view(array<nc_value, N> &a) __AMPR__(cpu, amp)
    : extent(a.extent), st_(a.st_), shape_(a.shape_) {}
template <typename T, int N>
array_view<T, N>::array_view(const array<nc_value, N> &a) __AMPR__(cpu, amp)
    : extent(a.extent), st_(a.st_), shape_(a.shape_) {
  static_assert(std::is_const_v<T>, "a view of a const array must have a const element type");
}

// copy: every pair of array, array_view and host iterator range. Each reads its whole source before it
// writes, so overlapping sources and destinations copy as if through a temporary.
template <typename T, int N> void copy(const array<T, N> &src, array<T, N> &dest) {
  detail::copy_view(array_view<const T, N>(src), array_view<T, N>(dest));
}
template <typename T, int N> detail::if_writable_t<T> copy(const array<T, N> &src, const array_view<T, N> &dest) {
  detail::copy_view(array_view<const T, N>(src), dest);
}
template <typename T, int N> void copy(const array_view<const T, N> &src, array<T, N> &dest) {
  detail::copy_view(src, array_view<T, N>(dest));
}
template <typename T, int N> detail::if_writable_t<T> copy(const array_view<T, N> &src, array<T, N> &dest) {
  detail::copy_view(array_view<const T, N>(src), array_view<T, N>(dest));
}
template <typename T, int N> void copy(const array_view<const T, N> &src, const array_view<T, N> &dest) {
  detail::copy_view(src, dest);
}
template <typename T, int N> detail::if_writable_t<T> copy(const array_view<T, N> &src, const array_view<T, N> &dest) {
  detail::copy_view(array_view<const T, N>(src), dest);
}
template <typename InIt, typename T, int N> detail::if_iterator_t<InIt> copy(InIt first, InIt last, array<T, N> &dest) {
  detail::copy_range(first, last, array_view<T, N>(dest));
}
template <typename InIt, typename T, int N> detail::if_iterator_t<InIt> copy(InIt first, array<T, N> &dest) {
  detail::copy_first(first, array_view<T, N>(dest));
}
template <typename InIt, typename T, int N>
detail::if_iterator_t<InIt, detail::if_writable_t<T>> copy(InIt first, InIt last, const array_view<T, N> &dest) {
  detail::copy_range(first, last, dest);
}
template <typename InIt, typename T, int N>
detail::if_iterator_t<InIt, detail::if_writable_t<T>> copy(InIt first, const array_view<T, N> &dest) {
  detail::copy_first(first, dest);
}
template <typename T, int N, typename OutIt> detail::if_iterator_t<OutIt> copy(const array<T, N> &src, OutIt dest) {
  detail::copy_out(array_view<const T, N>(src), dest);
}
template <typename T, int N, typename OutIt>
detail::if_iterator_t<OutIt> copy(const array_view<T, N> &src, OutIt dest) {
  detail::copy_out(src, dest);
}

// copy_async: the same copies on a thread of their own. Arrays are referred to, not copied: like MSVC's,
// they must outlive the returned completion_future's work.
template <typename T, int N> completion_future copy_async(const array<T, N> &src, array<T, N> &dest) {
  const array<T, N> *s = &src;
  array<T, N> *d = &dest;
  return detail::start_async([s, d] { Concurrency::copy(*s, *d); });
}
template <typename T, int N>
detail::if_writable_t<T, completion_future> copy_async(const array<T, N> &src, const array_view<T, N> &dest) {
  const array<T, N> *s = &src;
  return detail::start_async([s, dest] { Concurrency::copy(*s, dest); });
}
template <typename T, int N> completion_future copy_async(const array_view<const T, N> &src, array<T, N> &dest) {
  array<T, N> *d = &dest;
  return detail::start_async([src, d] { Concurrency::copy(src, *d); });
}
template <typename T, int N>
detail::if_writable_t<T, completion_future> copy_async(const array_view<T, N> &src, array<T, N> &dest) {
  array<T, N> *d = &dest;
  return detail::start_async([src, d] { Concurrency::copy(src, *d); });
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &src, const array_view<T, N> &dest) {
  return detail::start_async([src, dest] { Concurrency::copy(src, dest); });
}
template <typename T, int N>
detail::if_writable_t<T, completion_future> copy_async(const array_view<T, N> &src, const array_view<T, N> &dest) {
  return detail::start_async([src, dest] { Concurrency::copy(src, dest); });
}
template <typename InIt, typename T, int N>
detail::if_iterator_t<InIt, completion_future> copy_async(InIt first, InIt last, array<T, N> &dest) {
  array<T, N> *d = &dest;
  return detail::start_async([first, last, d] { Concurrency::copy(first, last, *d); });
}
template <typename InIt, typename T, int N>
detail::if_iterator_t<InIt, completion_future> copy_async(InIt first, array<T, N> &dest) {
  array<T, N> *d = &dest;
  return detail::start_async([first, d] { Concurrency::copy(first, *d); });
}
template <typename InIt, typename T, int N>
detail::if_iterator_t<InIt, detail::if_writable_t<T, completion_future>> copy_async(InIt first, InIt last,
                                                                                    const array_view<T, N> &dest) {
  return detail::start_async([first, last, dest] { Concurrency::copy(first, last, dest); });
}
template <typename InIt, typename T, int N>
detail::if_iterator_t<InIt, detail::if_writable_t<T, completion_future>> copy_async(InIt first,
                                                                                    const array_view<T, N> &dest) {
  return detail::start_async([first, dest] { Concurrency::copy(first, dest); });
}
template <typename T, int N, typename OutIt>
detail::if_iterator_t<OutIt, completion_future> copy_async(const array<T, N> &src, OutIt dest) {
  const array<T, N> *s = &src;
  return detail::start_async([s, dest] { Concurrency::copy(*s, dest); });
}
template <typename T, int N, typename OutIt>
detail::if_iterator_t<OutIt, completion_future> copy_async(const array_view<T, N> &src, OutIt dest) {
  return detail::start_async([src, dest] { Concurrency::copy(src, dest); });
}

template <typename T, int N> void array<T, N>::copy_to(array &dest) const { Concurrency::copy(*this, dest); }
template <typename T, int N> void array<T, N>::copy_to(const array_view<T, N> &dest) const {
  Concurrency::copy(*this, dest);
}
template <typename T, int N> void array_view<T, N>::copy_to(array<nc_value, N> &dest) const {
  Concurrency::copy(*this, dest);
}
template <typename T, int N> void array_view<T, N>::copy_to(const array_view<nc_value, N> &dest) const {
  Concurrency::copy(*this, dest);
}

} // namespace Concurrency

#endif // AMPCC_AMP_CONTAINERS_H
