// <concrt.h> for ampcc: the Concurrency Runtime's exceptions that PPL throws, task_group_status, and the locks
// critical_section and reader_writer_lock, over oneTBB's mutex and rw_mutex (docs/ppl.md).
#ifndef AMPCC_PPL_CONCRT_H
#define AMPCC_PPL_CONCRT_H

#include <ampcc/exceptions.h>

#include <oneapi/tbb/mutex.h>
#include <oneapi/tbb/rw_mutex.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <thread>

namespace Concurrency {

// What task_group::wait and task::wait report.
enum task_group_status { not_complete, completed, canceled };

// An operation on an object in a state that does not allow it (a default-constructed task, say).
class invalid_operation : public std::exception {
public:
  explicit invalid_operation(const char *message) noexcept : message_(message) {}
  invalid_operation() noexcept : message_("invalid_operation") {}
  const char *what() const noexcept override { return message_; }

private:
  const char *message_;
};

// What get() on a canceled task throws; cancel_current_task() throws it to cancel the task it runs in.
class task_canceled : public std::exception {
public:
  explicit task_canceled(const char *message) noexcept : message_(message) {}
  task_canceled() noexcept : message_("task_canceled") {}
  const char *what() const noexcept override { return message_; }

private:
  const char *message_;
};

// A lock taken again by the thread that holds it, or released by one that does not.
class improper_lock : public std::exception {
public:
  explicit improper_lock(const char *message) noexcept : message_(message) {}
  improper_lock() noexcept : message_("improper_lock") {}
  const char *what() const noexcept override { return message_; }

private:
  const char *message_;
};

// A non-recursive mutual exclusion lock, as MSVC's: locking it again from the thread that holds it throws
// improper_lock instead of deadlocking.
class critical_section {
public:
  typedef critical_section &native_handle_type;

  critical_section() = default;
  critical_section(const critical_section &) = delete;
  critical_section &operator=(const critical_section &) = delete;

  void lock() {
    if (owner_.load(std::memory_order_relaxed) == std::this_thread::get_id())
      throw improper_lock("ampcc: critical_section::lock by the thread that holds it");
    m_.lock();
    owner_.store(std::this_thread::get_id(), std::memory_order_relaxed);
  }
  bool try_lock() {
    if (!m_.try_lock())
      return false;
    owner_.store(std::this_thread::get_id(), std::memory_order_relaxed);
    return true;
  }
  // tbb::mutex has no timed lock: tries again every millisecond until the time is up.
  bool try_lock_for(unsigned int timeout_ms) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (!try_lock()) {
      if (std::chrono::steady_clock::now() >= deadline)
        return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
  }
  void unlock() {
    owner_.store(std::thread::id(), std::memory_order_relaxed);
    m_.unlock();
  }
  native_handle_type native_handle() { return *this; }

  class scoped_lock {
  public:
    explicit scoped_lock(critical_section &cs) : cs_(cs) { cs_.lock(); }
    ~scoped_lock() { cs_.unlock(); }
    scoped_lock(const scoped_lock &) = delete;
    scoped_lock &operator=(const scoped_lock &) = delete;

  private:
    critical_section &cs_;
  };

private:
  tbb::mutex m_;
  std::atomic<std::thread::id> owner_{};
};

// A writer-preferring reader/writer lock: one writer or many readers. unlock() releases whichever the calling
// thread took.
class reader_writer_lock {
public:
  reader_writer_lock() = default;
  reader_writer_lock(const reader_writer_lock &) = delete;
  reader_writer_lock &operator=(const reader_writer_lock &) = delete;

  void lock() {
    if (writer_.load(std::memory_order_relaxed) == std::this_thread::get_id())
      throw improper_lock("ampcc: reader_writer_lock::lock by the thread that holds it");
    m_.lock();
    writer_.store(std::this_thread::get_id(), std::memory_order_relaxed);
  }
  bool try_lock() {
    if (!m_.try_lock())
      return false;
    writer_.store(std::this_thread::get_id(), std::memory_order_relaxed);
    return true;
  }
  void lock_read() { m_.lock_shared(); }
  bool try_lock_read() { return m_.try_lock_shared(); }
  // A writer holds the lock alone, so the writer's id being set means the caller is that writer.
  void unlock() {
    if (writer_.load(std::memory_order_relaxed) == std::this_thread::get_id()) {
      writer_.store(std::thread::id(), std::memory_order_relaxed);
      m_.unlock();
    } else {
      m_.unlock_shared();
    }
  }

  class scoped_lock {
  public:
    explicit scoped_lock(reader_writer_lock &l) : l_(l) { l_.lock(); }
    ~scoped_lock() { l_.unlock(); }
    scoped_lock(const scoped_lock &) = delete;
    scoped_lock &operator=(const scoped_lock &) = delete;

  private:
    reader_writer_lock &l_;
  };
  class scoped_lock_read {
  public:
    explicit scoped_lock_read(reader_writer_lock &l) : l_(l) { l_.lock_read(); }
    ~scoped_lock_read() { l_.unlock(); }
    scoped_lock_read(const scoped_lock_read &) = delete;
    scoped_lock_read &operator=(const scoped_lock_read &) = delete;

  private:
    reader_writer_lock &l_;
  };

private:
  tbb::rw_mutex m_;
  std::atomic<std::thread::id> writer_{};
};

} // namespace Concurrency

#endif
