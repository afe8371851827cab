// <ppl.h> for ampcc: PPL's task groups, host algorithms (parallel_for, parallel_for_each on iterators,
// parallel_invoke, parallel_reduce, parallel_transform, the parallel sorts) and combinable, over oneTBB's
// task_group, parallel_for, parallel_for_each, parallel_invoke, parallel_reduce, parallel_sort and combinable
// (docs/ppl.md). Also brings <concrt.h>'s locks and <ppltasks.h>'s tasks, as MSVC's does.
#ifndef AMPCC_PPL_PPL_H
#define AMPCC_PPL_PPL_H

#include <ampcc/ppl/concrt.h>
#include <ampcc/ppl/ppltasks.h>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/combinable.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_for_each.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_group.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace Concurrency {

// What a task_group destroyed with work it did not wait for throws (TBB's, which does the throwing).
using missing_wait = tbb::missing_wait;

// Per-thread values combined at the end: tbb::combinable has PPL's members (local, local(bool &), clear,
// combine, combine_each).
template <typename T> using combinable = tbb::combinable<T>;

// A function that a task_group or structured_task_group runs; it must outlive the group's wait.
template <typename F> class task_handle {
public:
  explicit task_handle(const F &f) : f_(f) {}
  void operator()() const { f_(); }

private:
  F f_;
};
template <typename F> task_handle<F> make_task(const F &f) { return task_handle<F>(f); }

// Functions run concurrently and waited for together: a tbb::task_group. wait() rethrows the first exception a
// function threw; cancel() keeps the functions not started yet from running.
class task_group {
public:
  task_group() : group_(context_) {}
  task_group(const task_group &) = delete;
  task_group &operator=(const task_group &) = delete;

  template <typename F> void run(const F &f) { group_.run(f); }
  template <typename F> void run(task_handle<F> &h) {
    task_handle<F> *p = &h;
    group_.run([p] { (*p)(); });
  }
  task_group_status wait() { return status(group_.wait()); }
  template <typename F> task_group_status run_and_wait(const F &f) { return status(group_.run_and_wait(f)); }
  template <typename F> task_group_status run_and_wait(task_handle<F> &h) {
    return status(group_.run_and_wait([&h] { h(); }));
  }
  void cancel() { group_.cancel(); }
  bool is_canceling() { return context_.is_group_execution_cancelled(); }

private:
  static task_group_status status(tbb::task_group_status s) {
    return s == tbb::complete ? completed : s == tbb::canceled ? canceled : not_complete;
  }
  tbb::task_group_context context_;
  tbb::task_group group_;
};

// PPL's structured_task_group runs task_handles only and is used from one thread; TBB has no such restriction
// to exploit, so it is a task_group that takes task_handles.
class structured_task_group {
public:
  template <typename F> void run(task_handle<F> &h) { group_.run(h); }
  task_group_status wait() { return group_.wait(); }
  template <typename F> task_group_status run_and_wait(task_handle<F> &h) { return group_.run_and_wait(h); }
  template <typename F> task_group_status run_and_wait(const F &f) { return group_.run_and_wait(f); }
  void cancel() { group_.cancel(); }
  bool is_canceling() { return group_.is_canceling(); }

private:
  task_group group_;
};

// How parallel_for splits its range, as TBB's partitioners of the same names; simple_partitioner's chunk size
// is the grain of the range TBB splits.
class auto_partitioner {};
class static_partitioner {};
class simple_partitioner {
public:
  explicit simple_partitioner(std::size_t chunk_size) : chunk_(chunk_size ? chunk_size : 1) {}
  std::size_t chunk() const { return chunk_; }

private:
  std::size_t chunk_;
};
class affinity_partitioner {
public:
  tbb::affinity_partitioner &tbb_partitioner() { return p_; }

private:
  tbb::affinity_partitioner p_;
};

} // namespace Concurrency

namespace ampcc::ppl {

// Runs f on each of n iterations of TBB's range with the partitioner PPL's names.
template <typename Body> void for_range(std::size_t n, const Body &body, const Concurrency::auto_partitioner &) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), body, tbb::auto_partitioner());
}
template <typename Body> void for_range(std::size_t n, const Body &body, const Concurrency::static_partitioner &) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), body, tbb::static_partitioner());
}
template <typename Body> void for_range(std::size_t n, const Body &body, const Concurrency::simple_partitioner &p) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, p.chunk()), body, tbb::simple_partitioner());
}
template <typename Body> void for_range(std::size_t n, const Body &body, Concurrency::affinity_partitioner &p) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), body, p.tbb_partitioner());
}

template <typename P> using is_partitioner =
    std::disjunction<std::is_same<std::decay_t<P>, Concurrency::auto_partitioner>,
                     std::is_same<std::decay_t<P>, Concurrency::static_partitioner>,
                     std::is_same<std::decay_t<P>, Concurrency::simple_partitioner>,
                     std::is_same<std::decay_t<P>, Concurrency::affinity_partitioner>>;

} // namespace ampcc::ppl

namespace Concurrency {

// f(first), f(first + step), ... up to last (excluded), in parallel. step must be positive.
template <typename I, typename F, typename P>
std::enable_if_t<ampcc::ppl::is_partitioner<P>::value> parallel_for(I first, I last, I step, const F &f, P &&part) {
  static_assert(std::is_integral_v<I>, "parallel_for: the index type must be an integer type");
  if (step < I(1))
    throw std::invalid_argument("parallel_for: step must be positive");
  if (!(first < last))
    return;
  std::size_t n = static_cast<std::size_t>((last - first - 1) / step) + 1;
  ampcc::ppl::for_range(
      n,
      [first, step, &f](const tbb::blocked_range<std::size_t> &r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i)
          f(static_cast<I>(first + static_cast<I>(i) * step));
      },
      part);
}
template <typename I, typename F> void parallel_for(I first, I last, I step, const F &f) {
  parallel_for(first, last, step, f, auto_partitioner());
}
template <typename I, typename F>
void parallel_for(I first, I last, const F &f, const auto_partitioner &part = auto_partitioner()) {
  parallel_for(first, last, I(1), f, part);
}
template <typename I, typename F> void parallel_for(I first, I last, const F &f, const static_partitioner &part) {
  parallel_for(first, last, I(1), f, part);
}
template <typename I, typename F> void parallel_for(I first, I last, const F &f, const simple_partitioner &part) {
  parallel_for(first, last, I(1), f, part);
}
template <typename I, typename F> void parallel_for(I first, I last, const F &f, affinity_partitioner &part) {
  parallel_for(first, last, I(1), f, part);
}

// The host algorithm: f(*it) for each iterator of [first, last), in parallel (tbb::parallel_for_each). C++ AMP's
// parallel_for_each(extent, kernel) is another overload set: its first parameter is an extent, a tiled_extent or an
// accelerator_view, never an iterator pair, and ampcc's translator takes only those for kernel launches.
template <typename It, typename F> void parallel_for_each(It first, It last, const F &f) {
  tbb::parallel_for_each(first, last, [&f](decltype(*first) item) { f(item); });
}
// With a partitioner: random-access iterators only, as in PPL.
template <typename It, typename F, typename P>
std::enable_if_t<ampcc::ppl::is_partitioner<P>::value> parallel_for_each(It first, It last, const F &f, P &&part) {
  static_assert(std::is_base_of_v<std::random_access_iterator_tag,
                                  typename std::iterator_traits<It>::iterator_category>,
                "parallel_for_each with a partitioner needs random-access iterators");
  std::size_t n = static_cast<std::size_t>(last - first);
  ampcc::ppl::for_range(
      n,
      [first, &f](const tbb::blocked_range<std::size_t> &r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i)
          f(first[static_cast<typename std::iterator_traits<It>::difference_type>(i)]);
      },
      part);
}

// Runs the functions in parallel and returns when all have (two or more, as PPL's takes two to ten).
template <typename... F> void parallel_invoke(const F &...f) {
  static_assert(sizeof...(F) >= 2, "parallel_invoke takes two functions or more");
  tbb::parallel_invoke(f...);
}

namespace details {
template <typename It>
using is_random_access =
    std::is_base_of<std::random_access_iterator_tag, typename std::iterator_traits<It>::iterator_category>;

// Sub(first + i, first + j, identity) over chunks of [first, last) in parallel, the chunks' results combined with
// Reduce; over a range that is not random access, one chunk.
template <typename It, typename T, typename Sub, typename Reduce>
T reduce_chunks(It first, It last, const T &identity, const Sub &sub, const Reduce &reduce) {
  if constexpr (is_random_access<It>::value) {
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, static_cast<std::size_t>(last - first)), identity,
        [&](const tbb::blocked_range<std::size_t> &r, T partial) {
          using D = typename std::iterator_traits<It>::difference_type;
          return reduce(partial, sub(first + static_cast<D>(r.begin()), first + static_cast<D>(r.end()), identity));
        },
        reduce);
  } else {
    (void)reduce;
    return sub(first, last, identity);
  }
}
} // namespace details

// PPL's reductions: the elements of [first, last) combined with operator+ or Op, each chunk from identity (which
// must be Op's identity, as in PPL); or Sub(chunk_first, chunk_last, identity) per chunk, combined with Reduce.
template <typename It, typename T, typename Op> T parallel_reduce(It first, It last, const T &identity, Op op) {
  return details::reduce_chunks(
      first, last, identity, [&op](It b, It e, const T &init) { return std::accumulate(b, e, init, op); }, op);
}
template <typename It>
typename std::iterator_traits<It>::value_type
parallel_reduce(It first, It last, const typename std::iterator_traits<It>::value_type &identity) {
  return parallel_reduce(first, last, identity, std::plus<typename std::iterator_traits<It>::value_type>());
}
template <typename It, typename T, typename Sub, typename Reduce>
T parallel_reduce(It first, It last, const T &identity, const Sub &sub, const Reduce &reduce) {
  return details::reduce_chunks(first, last, identity, sub, reduce);
}

// PPL's transforms: result[i] = op(first[i]) or op(first1[i], first2[i]), in parallel; returns the end of the
// output.
template <typename In, typename Out, typename Op> Out parallel_transform(In first, In last, Out result, const Op &op) {
  if constexpr (details::is_random_access<In>::value && details::is_random_access<Out>::value) {
    std::size_t n = static_cast<std::size_t>(last - first);
    parallel_for(std::size_t(0), n, [&](std::size_t i) { result[i] = op(first[i]); });
    return result + static_cast<typename std::iterator_traits<Out>::difference_type>(n);
  } else {
    return std::transform(first, last, result, op);
  }
}
template <typename In1, typename In2, typename Out, typename Op>
Out parallel_transform(In1 first1, In1 last1, In2 first2, Out result, const Op &op) {
  if constexpr (details::is_random_access<In1>::value && details::is_random_access<In2>::value &&
                details::is_random_access<Out>::value) {
    std::size_t n = static_cast<std::size_t>(last1 - first1);
    parallel_for(std::size_t(0), n, [&](std::size_t i) { result[i] = op(first1[i], first2[i]); });
    return result + static_cast<typename std::iterator_traits<Out>::difference_type>(n);
  } else {
    return std::transform(first1, last1, first2, result, op);
  }
}

// PPL's sorts of a random-access range: parallel_sort and parallel_buffered_sort (tbb::parallel_sort, not stable, as
// PPL's are not), parallel_radixsort by an unsigned key (stable, as PPL's is: std::stable_sort by the key).
template <typename It> void parallel_sort(It first, It last) { tbb::parallel_sort(first, last); }
template <typename It, typename Comp> void parallel_sort(It first, It last, const Comp &comp) {
  tbb::parallel_sort(first, last, comp);
}
template <typename It> void parallel_buffered_sort(It first, It last) { tbb::parallel_sort(first, last); }
template <typename It, typename Comp> void parallel_buffered_sort(It first, It last, const Comp &comp) {
  tbb::parallel_sort(first, last, comp);
}
template <typename It> void parallel_radixsort(It first, It last) {
  std::stable_sort(first, last);
}
template <typename It, typename Key> void parallel_radixsort(It first, It last, const Key &key) {
  std::stable_sort(first, last, [&key](const auto &a, const auto &b) { return key(a) < key(b); });
}

} // namespace Concurrency

#endif
