// C++ AMP's copy and copy_async between arrays, array_views and host iterator ranges, and the containers'
// copy_to members (ampcc/amp_containers.h).
#ifndef AMPCC_AMP_COPY_H
#define AMPCC_AMP_COPY_H

#include <ampcc/amp_array.h>

namespace Concurrency {

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

#endif // AMPCC_AMP_COPY_H
