// C++ AMP's devices for ampcc: accelerator, accelerator_view, their queuing modes and default CPU access, and
// completion_future (what asynchronous copies and markers return). Included by <amp.h>.
#ifndef AMPCC_AMP_ACCELERATORS_H
#define AMPCC_AMP_ACCELERATORS_H

#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace Concurrency {

class accelerator;
class accelerator_view;
template <typename T> class task; // PPL's, defined in <ppltasks.h>: include it to call completion_future::to_task
// When an accelerator_view submits commands to its device. ampcc's runtime submits every command as it is
// enqueued (clFlush), so both modes behave as immediate; the mode is recorded and reported.
enum queuing_mode {
  queuing_mode_immediate,
  queuing_mode_automatic,
};

namespace direct3d {
// A new view on acc whose kernels the system is asked not to stop, however long they take (MSVC's, for Direct3D's
// timeout detection and recovery). OpenCL has no such timeout to turn off: the view is create_view(qmode)'s, and
// is_timeout_disabled reports the request.
accelerator_view create_accelerator_view(accelerator &acc, bool disable_timeout,
                                         queuing_mode qmode = queuing_mode_automatic);
bool is_timeout_disabled(const accelerator_view &av);
} // namespace direct3d

// The completion of asynchronous work (copy_async, synchronize_async, create_marker): a std::shared_future
// with continuations.
class completion_future {
public:
  completion_future() = default;
  // ampcc extension: wraps the future of work already started.
  explicit completion_future(std::shared_future<void> f) : f_(std::move(f)) {}

  void get() const { f_.get(); }
  bool valid() const { return f_.valid(); }
  void wait() const { f_.wait(); }
  template <typename Rep, typename Period>
  std::future_status wait_for(const std::chrono::duration<Rep, Period> &d) const {
    return f_.wait_for(d);
  }
  template <typename Clock, typename Duration>
  std::future_status wait_until(const std::chrono::time_point<Clock, Duration> &t) const {
    return f_.wait_until(t);
  }
  operator std::shared_future<void>() const { return f_; }
  // A PPL task that completes with the work. Defined in <ppltasks.h>, which needs oneTBB: include it to call this.
  inline task<void> to_task() const;

  // Runs func once the work is done: now if it is, else on a thread that waits for it. The last copy of
  // this object waits for the continuations it started, so none outlives what it refers to.
  template <typename F> void then(const F &func) const {
    if (!f_.valid())
      throw runtime_exception("ampcc: then() on a completion_future that has no work", 0x80070057L);
    if (f_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
      func();
      return;
    }
    std::shared_future<void> f = f_;
    std::lock_guard<std::mutex> lock(conts_->m);
    conts_->pending.push_back(std::async(std::launch::async, [f, func] {
      f.wait();
      func();
    }));
  }

private:
  struct continuations {
    std::mutex m;
    std::vector<std::future<void>> pending;
  };
  std::shared_future<void> f_;
  std::shared_ptr<continuations> conts_ = std::make_shared<continuations>();
};

namespace detail {
// Starts fn on its own thread; the storage behind arrays and views locks itself, so copies may run there.
template <typename F> completion_future start_async(F &&fn) {
  return completion_future(std::async(std::launch::async, std::forward<F>(fn)).share());
}

// The CPU accelerator (accelerator::cpu_accelerator, the host) in place of a device index.
constexpr int host_device = -1;

// The process's default accelerator (accelerator::set_default): the runtime's default device until the program
// names another, which it may do once, and only before the process has used the default. As in MSVC, making an
// accelerator object of the default (accelerator() or accelerator(default_accelerator)) uses it, whatever is done
// with the object afterwards (MSVC's documentation has programs learn the default that way, and it fixes it there):
// that covers the arrays and textures made without a view, which take the default accelerator's view, and views of
// the default named explicitly. The other use is a kernel launched without a view.
class default_accelerator_choice {
public:
  // The default, without using it (what set_default(default_accelerator) names).
  static int key() {
    std::lock_guard<std::mutex> lock(state().m);
    return state().set ? state().key : ampcc::rt::default_device();
  }
  // The default, used: set_default fails from now on.
  static int use() {
    std::lock_guard<std::mutex> lock(state().m);
    state().used = true;
    return state().set ? state().key : ampcc::rt::default_device();
  }
  static bool set(int key) {
    std::lock_guard<std::mutex> lock(state().m);
    if (state().set || state().used)
      return false;
    state().key = key;
    state().set = true;
    return true;
  }
  // Where a kernel launched without a view runs: the default's default view (which uses the default).
  static ampcc::rt::queue launch_queue() {
    int k;
    {
      std::lock_guard<std::mutex> lock(state().m);
      state().used = true;
      if (!state().set)
        return ampcc::rt::default_launch_queue();
      k = state().key;
    }
    return k == host_device ? ampcc::rt::host_queue() : ampcc::rt::default_queue(k);
  }

private:
  struct data {
    std::mutex m;
    int key = 0;
    bool set = false, used = false;
  };
  static data &state() {
    static data d;
    return d;
  }
};

// Each accelerator's default CPU access for the arrays made on it, process-wide as in MSVC: every accelerator
// object naming the device shares it. set_default_cpu_access_type succeeds once, and only before an array
// made with access_type_auto has taken the default.
class cpu_access_defaults {
public:
  static access_type get(int device) {
    std::lock_guard<std::mutex> lock(mutex());
    return entry_locked(device).type;
  }
  // An allocation takes the default: it cannot change afterwards.
  static access_type take(int device) {
    std::lock_guard<std::mutex> lock(mutex());
    entry_locked(device).used = true;
    return entry_locked(device).type;
  }
  static bool set(int device, access_type a) {
    std::lock_guard<std::mutex> lock(mutex());
    state &s = entry_locked(device);
    if (s.used || s.overridden)
      return false;
    s.type = a;
    s.overridden = true;
    return true;
  }

private:
  struct state {
    access_type type;
    bool overridden = false, used = false;
  };
  static std::mutex &mutex() {
    static std::mutex m;
    return m;
  }
  static state &entry_locked(int device) {
    static std::map<int, state> table;
    auto it = table.find(device);
    if (it == table.end()) {
      bool shared = device == host_device || ampcc::rt::devices().at(device).supports_cpu_shared_memory;
      it = table.emplace(device, state{shared ? access_type_read_write : access_type_none}).first;
    }
    return it->second;
  }
};

// What an accelerator says of itself: the public data members that stand for the properties of Microsoft's
// accelerator (filled when the object is made), their getters, and its arrays' default CPU access. accelerator is
// one, and so is accelerator_view::accelerator.
class accelerator_properties {
public:
  std::wstring get_description() const { return description; }
  std::wstring get_device_path() const { return device_path; }
  unsigned int get_version() const { return version; }
  size_t get_dedicated_memory() const { return dedicated_memory; }
  bool get_supports_double_precision() const { return supports_double_precision; }
  bool get_supports_limited_double_precision() const { return supports_limited_double_precision; }
  bool get_supports_cpu_shared_memory() const { return supports_cpu_shared_memory; }
  bool get_is_debug() const { return is_debug; }
  bool get_is_emulated() const { return is_emulated; }
  bool get_has_display() const { return has_display; }
  access_type get_default_cpu_access_type() const { return cpu_access_defaults::get(device_); }
  // Arrays made later on this accelerator (by any accelerator object naming it) with access_type_auto get this
  // CPU access. false, and nothing changes, once it was set or an array has taken the default.
  bool set_default_cpu_access_type(access_type a) {
    if (!cpu_access_defaults::set(device_, a))
      return false;
    default_cpu_access_type = a;
    return true;
  }

  // Accelerators are equal when they name the same device.
  friend bool operator==(const accelerator_properties &a, const accelerator_properties &b) {
    return a.device_ == b.device_;
  }
  friend bool operator!=(const accelerator_properties &a, const accelerator_properties &b) {
    return a.device_ != b.device_;
  }

  std::wstring description;
  std::wstring device_path;
  unsigned int version = 0x00010000;
  size_t dedicated_memory = 0;
  bool supports_double_precision = false;
  bool supports_limited_double_precision = false;
  bool supports_cpu_shared_memory = false;
  bool is_debug = false;
  bool is_emulated = false;
  bool has_display = false;
  access_type default_cpu_access_type = access_type_none;

  // ampcc extension: the index of the device in ampcc::rt::devices(), detail::host_device for the CPU accelerator.
  int device_index() const { return device_; }

protected:
  explicit accelerator_properties(int device) : device_(device) {
    default_cpu_access_type = cpu_access_defaults::get(device);
    if (device == host_device) {
      // MSVC's CPU accelerator: the host, where staging arrays keep their CPU side; it runs no kernels.
      description = L"CPU accelerator";
      device_path = L"cpu"; // accelerator::cpu_accelerator
      supports_double_precision = supports_limited_double_precision = true;
      supports_cpu_shared_memory = true;
      is_emulated = true;
      return;
    }
    const ampcc::rt::device_info &d = ampcc::rt::devices().at(device);
    description = d.description;
    device_path = d.path;
    dedicated_memory = d.dedicated_memory_kb;
    supports_double_precision = d.supports_double_precision;
    supports_limited_double_precision = d.supports_limited_double_precision;
    supports_cpu_shared_memory = d.supports_cpu_shared_memory;
    is_emulated = d.kind != ampcc::rt::device_kind::gpu;
  }
  int device_;
};

// accelerator_view::accelerator, Microsoft's property: the view's accelerator, with its data members and getters
// (`v.accelerator.description`), equal to it (`v.accelerator == accelerator()`) and converting to it for the rest
// (`accelerator a = v.accelerator;`). Not an accelerator itself: an accelerator holds an accelerator_view, its
// default_view, which this one does not have (get_default_view() gives it).
class view_accelerator : public accelerator_properties {
public:
  operator Concurrency::accelerator() const;
  Concurrency::accelerator_view create_view(queuing_mode qmode = queuing_mode_automatic) const;
  Concurrency::accelerator_view get_default_view() const;

private:
  friend class Concurrency::accelerator_view;
  explicit view_accelerator(int device) : accelerator_properties(device) {}
};
} // namespace detail

// A queue on an accelerator: where kernels run and arrays live. The public data members stand for the properties
// of Microsoft's accelerator_view (the type is named Concurrency::accelerator in the class, where `accelerator`
// is the member).
class accelerator_view {
public:
  Concurrency::accelerator get_accelerator() const;
  bool get_is_debug() const { return is_debug; }
  unsigned int get_version() const { return version; }
  Concurrency::queuing_mode get_queuing_mode() const { return queuing_mode; }
  // True only for the view accelerator::get_auto_selection_view() hands out.
  bool get_is_auto_selection() const { return is_auto_selection; }
  void wait() const { queue_.wait(); }
  // Submits the commands queued on this view to the device without waiting for them.
  void flush() const { queue_.flush(); }
  // Ready once every command enqueued on this view so far has finished.
  completion_future create_marker() const {
    ampcc::rt::queue q = queue_;
    return detail::start_async([q] { q.wait(); });
  }
  bool operator==(const accelerator_view &o) const { return queue_ == o.queue_; }
  bool operator!=(const accelerator_view &o) const { return !(*this == o); }

  Concurrency::queuing_mode queuing_mode = queuing_mode_automatic;
  bool is_auto_selection = false;
  // No OpenCL device has Direct3D's debug layer.
  bool is_debug = false;
  // Direct3D's 1.0, as MSVC reports it.
  unsigned int version = 0x00010000;
  detail::view_accelerator accelerator;

  // ampcc extension: the runtime queue behind the view.
  const ampcc::rt::queue &queue() const { return queue_; }
  access_type default_cpu_access_type() const { return detail::cpu_access_defaults::get(device_key()); }
  // The accelerator's key in the runtime: its device index, or detail::host_device for the CPU accelerator.
  int device_key() const { return queue_.is_host() ? detail::host_device : queue_.device(); }

private:
  friend class Concurrency::accelerator;
  template <typename, int> friend class array_view;
  // The queuing mode is the queue's: every view of one queue (an array's, a view's source) reports the mode the
  // queue was made with.
  explicit accelerator_view(ampcc::rt::queue q)
      : queuing_mode(q.immediate() ? queuing_mode_immediate : queuing_mode_automatic),
        accelerator(q.is_host() ? detail::host_device : q.device()), queue_(std::move(q)) {}
  ampcc::rt::queue queue_;
};

// An OpenCL device, or the host (cpu_accelerator). The public data members (detail::accelerator_properties and
// default_view) stand for the properties of Microsoft's accelerator.
class accelerator : public detail::accelerator_properties {
public:
  static constexpr const wchar_t *default_accelerator = L"default";
  static constexpr const wchar_t *cpu_accelerator = L"cpu";
  static constexpr const wchar_t *direct3d_ref = L"direct3d\\ref";
  static constexpr const wchar_t *direct3d_warp = L"direct3d\\warp";

  // Both fix the default accelerator when they make it (detail::default_accelerator_choice).
  accelerator() : accelerator(detail::default_accelerator_choice::use()) {}
  explicit accelerator(const std::wstring &path) : accelerator(resolve(path, /*use=*/true)) {}

  // Every OpenCL device, then the CPU accelerator (as MSVC lists it beside the Direct3D devices).
  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
    for (const auto &d : ampcc::rt::devices())
      all.push_back(accelerator(d.index));
    all.push_back(accelerator(detail::host_device));
    return all;
  }
  // Makes path the process's default accelerator: false (and nothing changes) once the default was set, or used
  // (an accelerator object of the default made, or a kernel launched without a view).
  static bool set_default(const std::wstring &path) {
    return detail::default_accelerator_choice::set(resolve(path, /*use=*/false));
  }
  // The default accelerator's default queue, marked as chosen by the runtime.
  static accelerator_view get_auto_selection_view() {
    accelerator_view v = accelerator().default_view;
    v.is_auto_selection = true;
    return v;
  }

  accelerator_view create_view(Concurrency::queuing_mode qmode = queuing_mode_automatic) const {
    return make_view(qmode, false);
  }
  accelerator_view get_default_view() const { return default_view; }

  accelerator_view default_view;

private:
  friend class accelerator_view;
  friend class detail::view_accelerator;
  friend accelerator_view direct3d::create_accelerator_view(accelerator &, bool, Concurrency::queuing_mode);
  // A new view (queue) on this accelerator.
  accelerator_view make_view(Concurrency::queuing_mode qmode, bool timeout_disabled) const {
    bool immediate = qmode == queuing_mode_immediate;
    return accelerator_view(device_ == detail::host_device ? ampcc::rt::host_queue(true, immediate, timeout_disabled)
                                                           : ampcc::rt::queue(device_, immediate, timeout_disabled));
  }
  explicit accelerator(int device)
      : accelerator_properties(device),
        default_view(device == detail::host_device ? ampcc::rt::host_queue() : ampcc::rt::default_queue(device)) {}
  // default_accelerator: the process's default accelerator (used by this when use is true). cpu_accelerator: the
  // host. direct3d_warp and direct3d_ref (Microsoft's CPU rasterizers): the first CPU OpenCL device, else the host.
  static int resolve(const std::wstring &path, bool use) {
    if (path == default_accelerator)
      return use ? detail::default_accelerator_choice::use() : detail::default_accelerator_choice::key();
    if (path == cpu_accelerator)
      return detail::host_device;
    for (const auto &d : ampcc::rt::devices())
      if (d.path == path)
        return d.index;
    if (path == direct3d_warp || path == direct3d_ref) {
      for (const auto &d : ampcc::rt::devices())
        if (d.kind == ampcc::rt::device_kind::cpu)
          return d.index;
      return detail::host_device;
    }
    std::string narrow(path.begin(), path.end());
    throw runtime_exception("ampcc: no accelerator has the device path '" + narrow + "'", 0x80070057L);
  }
};

inline Concurrency::accelerator accelerator_view::get_accelerator() const { return accelerator; }

// MSVC's amp_uninitialize: the work enqueued so far finishes. Objects made before it must not be used after it (as
// on MSVC); new ones may.
inline void amp_uninitialize() { ampcc::rt::uninitialize(); }

namespace direct3d {
inline accelerator_view create_accelerator_view(accelerator &acc, bool disable_timeout, queuing_mode qmode) {
  return acc.make_view(qmode, disable_timeout);
}
inline bool is_timeout_disabled(const accelerator_view &av) { return av.queue().timeout_disabled(); }
} // namespace direct3d

namespace detail {
inline view_accelerator::operator Concurrency::accelerator() const { return Concurrency::accelerator(device_); }
inline Concurrency::accelerator_view view_accelerator::create_view(queuing_mode qmode) const {
  return Concurrency::accelerator(device_).create_view(qmode);
}
inline Concurrency::accelerator_view view_accelerator::get_default_view() const {
  return Concurrency::accelerator(device_).default_view;
}

// An accelerator_view property read when it is used, as Microsoft's __declspec(property(get=...)) members are, for
// the views (array_view::source_accelerator_view, the texture views' accelerator_view), which are copied into every
// kernel that captures them and so hold no accelerator_view. It is the one member of Holder<Owner>, an empty base of
// Owner, and reads Holder::get(owner). It converts to the accelerator_view, compares with one, and has its member
// functions; its data members are read through a copy (`accelerator_view(v.source_accelerator_view).version`).
template <typename Holder, typename Owner> class view_property {
public:
  operator Concurrency::accelerator_view() const { return get(); }
  Concurrency::accelerator get_accelerator() const { return get().get_accelerator(); }
  bool get_is_debug() const { return get().get_is_debug(); }
  unsigned int get_version() const { return get().get_version(); }
  Concurrency::queuing_mode get_queuing_mode() const { return get().get_queuing_mode(); }
  bool get_is_auto_selection() const { return get().get_is_auto_selection(); }
  void wait() const { get().wait(); }
  void flush() const { get().flush(); }
  completion_future create_marker() const { return get().create_marker(); }
  friend bool operator==(const view_property &p, const Concurrency::accelerator_view &v) { return p.get() == v; }
  friend bool operator==(const Concurrency::accelerator_view &v, const view_property &p) { return v == p.get(); }
  friend bool operator!=(const view_property &p, const Concurrency::accelerator_view &v) { return !(p == v); }
  friend bool operator!=(const Concurrency::accelerator_view &v, const view_property &p) { return !(v == p); }
  template <typename H, typename O> bool operator==(const view_property<H, O> &o) const {
    return get() == Concurrency::accelerator_view(o);
  }
  template <typename H, typename O> bool operator!=(const view_property<H, O> &o) const { return !(*this == o); }

private:
  Concurrency::accelerator_view get() const {
    // Holder is standard-layout and this its first member, so the two share their address.
    return Holder::get(static_cast<const Owner &>(*reinterpret_cast<const Holder *>(this)));
  }
};
} // namespace detail

} // namespace Concurrency

// completion_future::to_task(), where <ppltasks.h> came first (else <ppltasks.h> includes it).
#ifdef AMPCC_PPL_PPLTASKS_H
#include <ampcc/ppl/to_task.h>
#endif

#endif // AMPCC_AMP_ACCELERATORS_H
