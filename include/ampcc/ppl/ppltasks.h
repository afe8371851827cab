// <ppltasks.h> for ampcc: PPL's tasks (task, task_completion_event, create_task, when_all, when_any) over oneTBB.
// Task bodies and continuations run in one tbb::task_arena; a wait inside a task suspends it
// (tbb::task::suspend) so that its thread goes on with other tasks (docs/ppl.md).
#ifndef AMPCC_PPL_PPLTASKS_H
#define AMPCC_PPL_PPLTASKS_H

#include <ampcc/ppl/concrt.h>

#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace Concurrency {
typedef task_group_status task_status;
template <typename T> class task;
template <typename T> class task_completion_event;
} // namespace Concurrency

namespace ampcc::ppl {

// The arena of every task body and continuation, of TBB's default size (its worker threads, one slot for a thread
// that joins). Never destroyed: a task may still run while static objects are destroyed at exit.
inline tbb::task_arena &tasks_arena() {
  static tbb::task_arena *arena = new tbb::task_arena(tbb::info::default_concurrency());
  return *arena;
}

// Whether this thread runs a task body now: a wait there suspends the task rather than block the thread, which
// could be the arena's last one free.
inline bool &in_task() {
  static thread_local bool flag = false;
  return flag;
}

// What task<T> objects share: the body until it runs, then the outcome (a value, an exception or canceled) and
// what waits for it.
class task_state_base : public std::enable_shared_from_this<task_state_base> {
public:
  virtual ~task_state_base() = default;

  bool done() const { return done_.load(std::memory_order_acquire); }

  // Runs f once the task has finished: at once, on this thread, if it has.
  void on_done(std::function<void()> f) {
    {
      std::lock_guard<std::mutex> lock(m_);
      if (!done_.load(std::memory_order_relaxed)) {
        waiters_.push_back(std::move(f));
        return;
      }
    }
    f();
  }

  // The body, once what it depends on has finished; it runs on the arena unless a wait takes it first.
  void start(std::function<void()> body) {
    {
      std::lock_guard<std::mutex> lock(m_);
      body_ = std::move(body);
    }
    std::shared_ptr<task_state_base> self = shared_from_this();
    tasks_arena().enqueue([self] {
      in_task() = true;
      self->run();
      in_task() = false;
    });
  }

  // As PPL's wait: runs the body here if it is ready and no thread has taken it yet.
  void wait() {
    if (done())
      return;
    if (run() && done())
      return;
    if (in_task()) {
      in_task() = false;
      tbb::task::suspend([this](tbb::task::suspend_point sp) { on_done([sp] { tbb::task::resume(sp); }); });
      in_task() = true;
      return;
    }
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [this] { return done_.load(std::memory_order_relaxed); });
  }

  bool try_fail(std::exception_ptr e) {
    if (settled_.exchange(true))
      return false;
    error_ = std::move(e);
    complete();
    return true;
  }
  bool try_cancel() {
    if (settled_.exchange(true))
      return false;
    canceled_ = true;
    complete();
    return true;
  }
  // Valid once done().
  const std::exception_ptr &error() const { return error_; }
  bool canceled() const { return canceled_; }
  bool failed() const { return error_ || canceled_; }
  void rethrow() const {
    if (error_)
      std::rethrow_exception(error_);
    if (canceled_)
      throw Concurrency::task_canceled();
  }

protected:
  // The first outcome wins: true if this call is it.
  bool settle() { return !settled_.exchange(true); }
  void complete() {
    std::vector<std::function<void()>> waiters;
    {
      std::lock_guard<std::mutex> lock(m_);
      done_.store(true, std::memory_order_release);
      waiters.swap(waiters_);
    }
    cv_.notify_all();
    for (std::function<void()> &f : waiters)
      f();
  }

private:
  bool run() {
    std::function<void()> body;
    {
      std::lock_guard<std::mutex> lock(m_);
      if (!body_)
        return false;
      body = std::move(body_);
      body_ = nullptr;
    }
    bool was = in_task();
    in_task() = true;
    body();
    in_task() = was;
    return true;
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::atomic<bool> done_{false};
  std::atomic<bool> settled_{false};
  std::function<void()> body_;
  std::vector<std::function<void()>> waiters_;
  std::exception_ptr error_;
  bool canceled_ = false;
};

template <typename T> class task_state : public task_state_base {
public:
  bool try_set(T value) {
    if (!settle())
      return false;
    value_.emplace(std::move(value));
    complete();
    return true;
  }
  const T &value() const { return *value_; }

private:
  std::optional<T> value_;
};

template <> class task_state<void> : public task_state_base {
public:
  bool try_set() {
    if (!settle())
      return false;
    complete();
    return true;
  }
};

template <typename T> using state_ptr = std::shared_ptr<task_state<T>>;

template <typename R> struct unwrapped {
  using type = R;
  static constexpr bool is_task = false;
};
template <typename T> struct unwrapped<Concurrency::task<T>> {
  using type = T;
  static constexpr bool is_task = true;
};

// Gives `to` the outcome of `from`, which has finished.
template <typename T> void copy_outcome(const task_state<T> &from, task_state<T> &to) {
  if (from.error())
    to.try_fail(from.error());
  else if (from.canceled())
    to.try_cancel();
  else if constexpr (std::is_void_v<T>)
    to.try_set();
  else
    to.try_set(from.value());
}

template <typename T> const state_ptr<T> &state_of(const Concurrency::task<T> &t);

// Runs f(args...) into s: its value, its exception, or canceled for cancel_current_task(); a task that f returns
// is waited for without blocking (PPL's unwrapping).
template <typename U, typename F, typename... A> void run_into(const state_ptr<U> &s, F &f, A &&...args) {
  using R = std::invoke_result_t<F &, A...>;
  try {
    if constexpr (unwrapped<R>::is_task) {
      R inner = std::invoke(f, std::forward<A>(args)...);
      state_ptr<U> in = state_of(inner), out = s;
      in->on_done([in, out] { copy_outcome(*in, *out); });
    } else if constexpr (std::is_void_v<U>) {
      std::invoke(f, std::forward<A>(args)...);
      s->try_set();
    } else {
      s->try_set(std::invoke(f, std::forward<A>(args)...));
    }
  } catch (const Concurrency::task_canceled &) {
    s->try_cancel();
  } catch (...) {
    s->try_fail(std::current_exception());
  }
}

// A continuation of task<T> is value-based if it takes T (nothing for void), else task-based: it takes task<T>.
template <typename T, typename F> constexpr bool takes_value() {
  if constexpr (std::is_void_v<T>)
    return std::is_invocable_v<F &>;
  else
    return std::is_invocable_v<F &, T>;
}
template <typename T, typename F> struct continuation {
  static constexpr bool by_value = takes_value<T, F>();
  static_assert(by_value || std::is_invocable_v<F &, Concurrency::task<T>>,
                "task<T>::then: the continuation must take T (nothing for task<void>) or task<T>");
  using call = std::conditional_t<by_value, std::conditional_t<std::is_void_v<T>, std::invoke_result<F &>,
                                                               std::invoke_result<F &, std::add_lvalue_reference_t<T>>>,
                                  std::invoke_result<F &, Concurrency::task<T>>>;
  using result = typename unwrapped<typename call::type>::type;
};

} // namespace ampcc::ppl

namespace Concurrency {

// A value that becomes available later, made by a body run on TBB's threads or by a task_completion_event.
// Copies share one task, as std::shared_ptr does.
template <typename T> class task {
public:
  typedef T result_type;

  task() = default;
  // Starts func, which returns T or task<T>, or waits for the event.
  template <typename F> explicit task(F func) {
    if constexpr (std::is_same_v<F, task_completion_event<T>>) {
      s_ = func.s_;
    } else {
      using R = typename ampcc::ppl::unwrapped<std::invoke_result_t<F &>>::type;
      static_assert(std::is_same_v<R, T>, "task<T>(func): func must return T or task<T>");
      auto s = std::make_shared<ampcc::ppl::task_state<T>>();
      s->start([s, func]() mutable { ampcc::ppl::run_into<T>(s, func); });
      s_ = s;
    }
  }

  // Waits until the task finishes: completed, or canceled; rethrows the exception the task ended with.
  task_status wait() const {
    check("wait");
    s_->wait();
    if (s_->error())
      std::rethrow_exception(s_->error());
    return s_->canceled() ? canceled : completed;
  }
  // Waits, then returns the task's value; throws its exception, or task_canceled.
  T get() const {
    check("get");
    s_->wait();
    s_->rethrow();
    if constexpr (!std::is_void_v<T>)
      return s_->value();
  }
  bool is_done() const {
    check("is_done");
    return s_->done();
  }
  bool is_apartment_aware() const { return false; }

  // A task that runs func once this one has finished. A value-based continuation (it takes T) is skipped when this
  // task fails or is canceled, which passes on; a task-based one (it takes task<T>) always runs.
  template <typename F> task<typename ampcc::ppl::continuation<T, F>::result> then(F func) const {
    check("then");
    using C = ampcc::ppl::continuation<T, F>;
    using U = typename C::result;
    auto next = std::make_shared<ampcc::ppl::task_state<U>>();
    task self = *this;
    s_->on_done([next, self, func] {
      if constexpr (C::by_value) {
        if (self.s_->failed()) {
          if (self.s_->error())
            next->try_fail(self.s_->error());
          else
            next->try_cancel();
          return;
        }
      }
      next->start([next, self, func]() mutable {
        if constexpr (!C::by_value)
          ampcc::ppl::run_into<U>(next, func, self);
        else if constexpr (std::is_void_v<T>)
          ampcc::ppl::run_into<U>(next, func);
        else
          ampcc::ppl::run_into<U>(next, func, self.s_->value());
      });
    });
    return task<U>(next);
  }

  bool operator==(const task &other) const { return s_ == other.s_; }
  bool operator!=(const task &other) const { return s_ != other.s_; }

  // ampcc: a task of the given state (what when_all, then and the event make).
  explicit task(ampcc::ppl::state_ptr<T> s) : s_(std::move(s)) {}

private:
  void check(const char *what) const {
    if (!s_)
      throw invalid_operation(what[0] == 'w'   ? "wait() cannot be called on a default constructed task."
                              : what[0] == 'g' ? "get() cannot be called on a default constructed task."
                                               : "ampcc: a default constructed task has no work");
  }

  template <typename> friend class task;
  template <typename U> friend const ampcc::ppl::state_ptr<U> &ampcc::ppl::state_of(const task<U> &t);
  ampcc::ppl::state_ptr<T> s_;
};

// Completes the tasks made from it (create_task(event), task<T>(event)) when set, or set_exception, is called:
// the first call counts, later ones return false.
template <typename T> class task_completion_event {
public:
  task_completion_event() : s_(std::make_shared<ampcc::ppl::task_state<T>>()) {}
  bool set(T value) const { return s_->try_set(std::move(value)); }
  template <typename E> bool set_exception(E e) const { return s_->try_fail(std::make_exception_ptr(e)); }
  bool set_exception(std::exception_ptr e) const { return s_->try_fail(std::move(e)); }

private:
  template <typename> friend class task;
  ampcc::ppl::state_ptr<T> s_;
};

template <> class task_completion_event<void> {
public:
  task_completion_event() : s_(std::make_shared<ampcc::ppl::task_state<void>>()) {}
  bool set() const { return s_->try_set(); }
  template <typename E> bool set_exception(E e) const { return s_->try_fail(std::make_exception_ptr(e)); }
  bool set_exception(std::exception_ptr e) const { return s_->try_fail(std::move(e)); }

private:
  template <typename> friend class task;
  ampcc::ppl::state_ptr<void> s_;
};

// Cancels the task whose body calls it (its tasks and value-based continuations end canceled).
[[noreturn]] inline void cancel_current_task() { throw task_canceled(); }

template <typename T> task<T> create_task(const task_completion_event<T> &event) { return task<T>(event); }
template <typename T> task<T> create_task(task<T> t) { return t; }
template <typename F> auto create_task(F func) -> task<typename ampcc::ppl::unwrapped<std::invoke_result_t<F &>>::type> {
  return task<typename ampcc::ppl::unwrapped<std::invoke_result_t<F &>>::type>(std::move(func));
}

// A task that completes when all of [first, last) have: with their values in order (task<std::vector<T>>), or
// task<void>. The first of them to fail or be canceled ends it early the same way.
template <typename It> auto when_all(It first, It last) {
  using T = typename std::iterator_traits<It>::value_type::result_type;
  using R = std::conditional_t<std::is_void_v<T>, void, std::vector<T>>;
  auto all = std::make_shared<std::vector<task<T>>>(first, last);
  auto out = std::make_shared<ampcc::ppl::task_state<R>>();
  auto left = std::make_shared<std::atomic<std::size_t>>(all->size());
  auto finish = [all, out] {
    if constexpr (std::is_void_v<T>) {
      out->try_set();
    } else {
      std::vector<T> values;
      values.reserve(all->size());
      for (const task<T> &t : *all)
        values.push_back(ampcc::ppl::state_of(t)->value());
      out->try_set(std::move(values));
    }
  };
  if (all->empty())
    finish();
  for (const task<T> &t : *all) {
    auto s = ampcc::ppl::state_of(t);
    s->on_done([s, out, left, finish] {
      if (s->error())
        out->try_fail(s->error());
      else if (s->canceled())
        out->try_cancel();
      if (left->fetch_sub(1) == 1)
        finish();
    });
  }
  return task<R>(out);
}

// A task that completes when the first of [first, last) completes successfully: its value and index
// (task<std::pair<T, size_t>>), or its index (task<size_t>). If none does, it ends as the last of them did.
template <typename It> auto when_any(It first, It last) {
  using T = typename std::iterator_traits<It>::value_type::result_type;
  using R = std::conditional_t<std::is_void_v<T>, std::size_t, std::pair<T, std::size_t>>;
  std::vector<task<T>> all(first, last);
  if (all.empty())
    throw invalid_operation("when_any: no tasks");
  auto out = std::make_shared<ampcc::ppl::task_state<R>>();
  auto left = std::make_shared<std::atomic<std::size_t>>(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    auto s = ampcc::ppl::state_of(all[i]);
    s->on_done([s, out, left, i] {
      bool last = left->fetch_sub(1) == 1;
      if (!s->failed()) {
        if constexpr (std::is_void_v<T>)
          out->try_set(i);
        else
          out->try_set(R(s->value(), i));
      } else if (last) {
        if (s->error())
          out->try_fail(s->error());
        else
          out->try_cancel();
      }
    });
  }
  return task<R>(out);
}

// t1 && t2: when_all of the two (a task<std::vector<T>> gathers one more value); t1 || t2: when_any's value.
template <typename T> task<std::vector<T>> operator&&(const task<T> &a, const task<T> &b) {
  task<T> both[] = {a, b};
  return when_all(std::begin(both), std::end(both));
}
inline task<void> operator&&(const task<void> &a, const task<void> &b) {
  task<void> both[] = {a, b};
  return when_all(std::begin(both), std::end(both));
}
template <typename T> task<std::vector<T>> operator&&(const task<std::vector<T>> &a, const task<T> &b) {
  task<std::vector<T>> bv = b.then([](T v) { return std::vector<T>{std::move(v)}; });
  task<std::vector<T>> both[] = {a, bv};
  return when_all(std::begin(both), std::end(both)).then([](std::vector<std::vector<T>> parts) {
    parts[0].insert(parts[0].end(), parts[1].begin(), parts[1].end());
    return std::move(parts[0]);
  });
}
template <typename T> task<T> operator||(const task<T> &a, const task<T> &b) {
  task<T> either[] = {a, b};
  return when_any(std::begin(either), std::end(either)).then([](std::pair<T, std::size_t> p) {
    return std::move(p.first);
  });
}
inline task<void> operator||(const task<void> &a, const task<void> &b) {
  task<void> either[] = {a, b};
  return when_any(std::begin(either), std::end(either)).then([](std::size_t) {});
}

} // namespace Concurrency

namespace ampcc::ppl {
template <typename T> const state_ptr<T> &state_of(const Concurrency::task<T> &t) { return t.s_; }
} // namespace ampcc::ppl

// completion_future::to_task(), where <amp.h> came first (else <amp.h> includes it).
#ifdef AMPCC_AMP_ACCELERATORS_H
#include <ampcc/ppl/to_task.h>
#endif

#endif
