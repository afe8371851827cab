// C++ AMP's array_view (ampcc/amp_containers.h): a view of N-dimensional data on the host or an accelerator.
#ifndef AMPCC_AMP_ARRAY_VIEW_H
#define AMPCC_AMP_ARRAY_VIEW_H

#include <ampcc/amp_container_support.h>

namespace Concurrency {

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
  // The storage's address without dereferencing it (null where the view holds none).
  const ampcc::rt::storage *storage_address() const noexcept { return st_.get(); }
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

} // namespace Concurrency

#endif // AMPCC_AMP_ARRAY_VIEW_H
