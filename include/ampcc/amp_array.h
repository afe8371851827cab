// C++ AMP's array (ampcc/amp_containers.h): an N-dimensional container whose data lives on an accelerator, and
// array_view's constructors from one.
#ifndef AMPCC_AMP_ARRAY_H
#define AMPCC_AMP_ARRAY_H

#include <ampcc/amp_array_view.h>

namespace Concurrency {

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
  // The storage's address without dereferencing it (null where the view holds none).
  const ampcc::rt::storage *storage_address() const noexcept { return st_.get(); }
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

} // namespace Concurrency

#endif // AMPCC_AMP_ARRAY_H
