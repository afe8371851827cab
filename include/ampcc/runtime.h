// The launch runtime's interface: devices, queues, coherent storage and kernel launch.
//
// amp.h and the host code that ampcc generates call this; it never includes translator headers and
// exposes no OpenCL types, so user programs compile without the OpenCL headers.
#ifndef AMPCC_RUNTIME_H
#define AMPCC_RUNTIME_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <ampcc/kernel_abi.h>

namespace ampcc::rt {

enum class device_kind { gpu, cpu, accelerator, other };

// One device as the runtime sees it (an OpenCL device, or a GPU only the CUDA driver shows); enumerated once per
// process. Which back end runs it is decided when its first view is made (docs/backends.md).
struct device_info {
  int index = 0;            // position in devices()
  std::wstring path;        // stable identifier: L"opencl:<platform index>:<device index>", or L"cuda:<ordinal>"
  std::wstring description; // "<device name> (<platform name>)"
  device_kind kind = device_kind::other;
  bool supports_double_precision = false;
  bool supports_cpu_shared_memory = false; // CL_DEVICE_HOST_UNIFIED_MEMORY
  bool supports_limited_double_precision = false;
  std::size_t dedicated_memory_kb = 0;
  std::size_t local_memory_bytes = 0;
  std::size_t max_work_group_size = 0;
  std::string driver_version;
  bool nvidia = false;          // the NVIDIA OpenCL platform, which loads PTX as a program binary
  int compute_capability = 0;   // NVIDIA: major * 10 + minor (cl_nv_device_attribute_query), else 0
  std::size_t max_alloc_bytes = 0;     // CL_DEVICE_MAX_MEM_ALLOC_SIZE: the largest buffer the device makes
  std::size_t global_memory_bytes = 0; // CL_DEVICE_GLOBAL_MEM_SIZE
  // Threads of a work-group per dimension (CL_DEVICE_MAX_WORK_ITEM_SIZES, CUDA's block dimensions) and work-groups
  // per dimension of one launch (NVIDIA: CUDA's grid, 2^31-1 x 65535 x 65535), in OpenCL's order; 0: not known.
  std::size_t max_work_item_sizes[3] = {0, 0, 0};
  std::size_t max_groups[3] = {0, 0, 0};
};

// Every OpenCL device of every platform, then the CUDA driver's GPUs that no OpenCL driver shows. Never throws;
// empty when no ICD, libcuda or device is present.
const std::vector<device_info> &devices();

// The device that accelerator::default_accelerator names: AMPCC_DEVICE if set (gpu, cpu, an index,
// or a substring of the description), else the first GPU, else the first CPU device.
// Throws concurrency::runtime_exception with a message saying what was found when nothing fits.
int default_device();

class queue_impl;
class storage;

// An in-order command queue on one device (an accelerator_view). Copies share the queue.
class queue {
public:
  // immediate: made for a view of queuing_mode_immediate, which submits every kernel to the device as it is
  // enqueued; an automatic queue submits them in groups, and every pending command before the host waits
  // (docs/design/submission.md).
  // timeout_disabled: made by direct3d::create_accelerator_view asking that long kernels not be stopped, which is
  // what OpenCL does anyway (it has no Direct3D's timeout to turn off); kept for direct3d::is_timeout_disabled.
  explicit queue(int device, bool immediate = false, bool timeout_disabled = false);
  int device() const;
  bool is_host() const; // a view of the CPU accelerator: it holds data but runs no kernels
  bool immediate() const;
  bool timeout_disabled() const;
  void wait() const;  // finish every command enqueued so far
  void flush() const; // submit every command enqueued so far to the device, without waiting for it
  queue_impl &impl() const { return *impl_; }
  bool operator==(const queue &o) const { return impl_ == o.impl_; }

private:
  std::shared_ptr<queue_impl> impl_;
};

// The default queue of a device (accelerator::default_view); created on first use.
queue default_queue(int device);
// A view of the CPU accelerator (accelerator::cpu_accelerator, the host): the process's one default view, or a
// fresh one (create_view). Its arrays keep their data on the default device for the copies that reach them;
// kernels are refused, on it or over its arrays (concurrency::runtime_exception), as in MSVC.
// (Views of its arrays may be used by kernels on other views: their data moves there.)
queue host_queue(bool fresh = false, bool immediate = false, bool timeout_disabled = false);
// concurrency::amp_uninitialize: finishes every command of every queue. Devices, contexts and built programs stay,
// so that C++ AMP calls made afterwards work as MSVC's reinitialized runtime does.
void uninitialize();
// Throws what MSVC throws for a kernel on the CPU accelerator (concurrency::runtime_exception).
[[noreturn]] void refuse_cpu_accelerator_launch();
// default_queue(default_device()), looked up once: where kernels launched without a view run.
const queue &default_launch_queue();

// Which side holds the current contents of a storage.
enum class access { read = 1, write = 2, read_write = 3 };

// The one of a pair of host addresses (for reads, for writes) that serves mode: the write one for write and
// read_write.
inline void *address_for(access mode, const std::atomic<void *> &read, const std::atomic<void *> &write) noexcept {
  return ((static_cast<int>(mode) & static_cast<int>(access::write)) ? write : read).load(std::memory_order_acquire);
}

class storage;

// A view's own copy of its storage's host addresses: the fast path of element access on the host (one load per
// element, as MSVC's views cached their CPU access). It is registered with the storage on the view's first host
// access (storage::host(mode, cache, offset)), kept current by the storage under its lock whenever the data
// moves, and unregistered when the view goes away. A copy starts unregistered and registers on its own first
// access, so copying a view (into a kernel, by value) costs no lock.
class host_cache {
public:
  host_cache() noexcept = default;
  host_cache(const host_cache &) noexcept {}
  host_cache &operator=(const host_cache &) noexcept {
    release();
    return *this;
  }
  ~host_cache() { release(); }
  // The host address of the view's first element, current for mode; null when the storage must be asked.
  void *get(access mode) const noexcept { return address_for(mode, read_, write_); }

private:
  friend class storage;
  void release() noexcept {
    if (owner_)
      unregister();
  }
  void unregister() noexcept;
  void detach() noexcept; // no owner, no list links, no addresses; under the owner's lock

  storage *owner_ = nullptr; // set and cleared under owner_'s lock
  std::size_t offset_ = 0;   // bytes from the start of the storage to the view's first element
  host_cache *prev_ = nullptr, *next_ = nullptr;
  std::atomic<void *> read_{nullptr}, write_{nullptr};
};

// Memory shared by an array or by all copies of an array_view. Holds at most one host copy and one
// device buffer and moves data only when the other side needs it (see docs/design/coherence.md).
class storage {
public:
  // Over user host memory (array_view from a pointer or container): host copy is valid, nothing on device.
  storage(void *host, std::size_t bytes);
  // Owned (array): device buffer on q; the host shadow is allocated on first host access. Throws
  // concurrency::out_of_memory, naming the size and the device, when bytes is more than q's device can allocate in
  // one buffer or holds (a host queue's storage lives in host memory, allocated when needed).
  storage(const queue &q, std::size_t bytes);
  // Owned host memory (array_view without a data source): zero-filled, freed with the storage, so every
  // view sharing the storage keeps it alive.
  explicit storage(std::size_t bytes);
  ~storage(); // waits for pending writes and copies back to user host memory if the device copy is newer
  storage(const storage &) = delete;
  storage &operator=(const storage &) = delete;

  std::size_t bytes() const;
  // Makes the host copy current (downloading if the device copy is newer) and returns it.
  // mode write/read_write also marks the device copy stale. Without the lock when that is done already.
  void *host(access mode) {
    void *p = host_if_current(mode);
    return p ? p : host_locked(mode);
  }
  // host(mode) plus offset bytes, registering cache to be kept current with it from now on (see host_cache).
  [[gnu::cold]] void *host(access mode, host_cache &cache, std::size_t offset);
  // What host(mode) would return, read without the lock: the host copy when it is already current for reads
  // (and, for writes, the device copy already stale), else null.
  void *host_if_current(access mode) const noexcept { return address_for(mode, fast_read_, fast_write_); }
  // Where the host copy lives (allocated, zero-filled, if there is none yet), as it is: no data moves and neither
  // side's state changes (array_view::get_ref, which skips the synchronization of host access).
  void *host_address();
  void discard();     // contents undefined from now on: no upload, no download (an array's storage keeps them)
  // The n bytes at offset (a run of a discarded section) undefined from now on: a kernel's writes there made before
  // now never reach the host copy, which keeps what it holds there (an array's storage keeps them all).
  void discard(std::size_t offset, std::size_t n);
  void synchronize(); // host copy current
  void refresh();     // user host memory was changed behind the runtime's back: device copy stale (else nothing)
  // The n bytes at offset of user host memory (a run of a refreshed section) were changed behind the runtime's back:
  // they reach the device copy where that is the current one, the rest of which stays current.
  void refresh(std::size_t offset, std::size_t n);
  // Copy raw bytes in or out, whichever side is current.
  void read(void *dst, std::size_t offset, std::size_t n);
  void write(const void *src, std::size_t offset, std::size_t n);
  // The buffer on q's device (a cl_mem, or a CUdeviceptr on the CUDA back end), uploaded if the device copy is
  // stale (unless mode is write only);
  // mode write/read_write marks the host copy stale once the kernel is enqueued. Returned as void*.
  void *device_buffer(const queue &q, access mode);
  // Makes the buffer on q's device (the data moving there through the host from another device's) and changes
  // nothing else: a launch makes every buffer it needs before it marks any written, so that a device out of memory
  // (concurrency::out_of_memory) loses no data.
  void allocate_on(const queue &q);
  const queue *home() const; // the queue an array lives on; null for array_view storage
  // False for the storage of an array_view made without a data source (storage(bytes)).
  bool has_data_source() const;

private:
  struct state;
  void *host_locked(access mode);
  void *host_under_lock(access mode); // host(mode) with the lock held
  friend class host_cache;
  void publish() noexcept; // sets the two addresses below, and every registered cache's, from the state; under
                           // the lock, after every change
  std::unique_ptr<state> s_;
  std::atomic<void *> fast_read_{nullptr}, fast_write_{nullptr};
};

// Whether s is a storage made and not yet destroyed. s is only compared, never read: the check of a view that the
// launch of a kernel object reads out of a closure at the offset the translator's layout gives
// (detail::capture_buffer_in_closure; docs/design/kernel-identity-and-launch.md, "Views inside closures").
bool storage_is_live(const storage *s) noexcept;

// The slow path of host element access through a view's or an array's cache: s.host(mode, cache, offset), called
// only when the cache is empty (the view's first access, or the first after the data moved). With GCC on x86-64
// it is reached through a thunk that keeps every register but the result (runtime/HostSlowPath.cpp), written as
// an asm statement GCC does not take for a call: a call inside a host loop over a view's elements, even one never
// taken, made GCC keep the loop's floating-point values in memory for the whole loop, twice the loop's time
// (docs/design/coherence.md; bench/amp host_access). An exception from the slow path is rethrown here.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__)
#define AMPCC_HOST_SLOW_THUNK 1
// The call: below the red zone, which the function around may be using (the System V ABI's 128 bytes); the
// arguments in rdi, esi, rdx, rcx, the result in rax.
#define AMPCC_HOST_SLOW_THUNK_CALL                                                                                     \
  "lea -128(%%rsp), %%rsp\n\tcall ampcc_rt_host_slow_thunk@PLT\n\tlea 128(%%rsp), %%rsp"
[[noreturn]] void rethrow_host_access_failure();
inline void *host_slow_path(storage &s, access mode, host_cache &cache, std::size_t offset) {
  void *p;
  asm volatile(AMPCC_HOST_SLOW_THUNK_CALL
               : "=a"(p)
               : "D"(&s), "S"(static_cast<int>(mode)), "d"(&cache), "c"(offset)
               : "memory", "cc");
  if (__builtin_expect(p == nullptr, 0))
    rethrow_host_access_failure();
  return p;
}
#else
inline void *host_slow_path(storage &s, access mode, host_cache &cache, std::size_t offset) {
  return s.host(mode, cache, offset);
}
#endif

// What the translator records about one kernel; the generated host code defines one per kernel.
// The runtime finds the kernel by the text of name and source, whatever their or the descriptor's
// address; text in the program's image (literals, static arrays) must not be changed once launched.
struct kernel_desc {
  const char *name;        // OpenCL C kernel function name
  const char *source;      // the whole OpenCL C program of the translation unit
  const char *source_file; // the user's file, for mapping build-log lines
  unsigned rank;           // of the compute domain
  unsigned tile[3];        // tile extents in C++ AMP order; all 0 for a non-tiled kernel
  std::size_t local_bytes; // tile_static memory the kernel uses, 0 if unknown
  // Local variables that views made in the kernel view live in global memory: the kernel takes a scratch buffer
  // last, with a slot of scratch_thread_bytes per thread of the launch, then one of scratch_tile_bytes per tile.
  std::size_t scratch_thread_bytes, scratch_tile_bytes; // 0 (left out of an initializer) when it takes none
};

// Device code compiled ahead of time (ampcc --offload-arch) from a program's OpenCL C and embedded beside it.
// The runtime uses the best one the device takes, else builds the OpenCL C (docs/design/device-code.md).
struct device_code {
  const char *format;        // "ptx"
  const char *arch;          // "sm_90"
  const unsigned char *data; // the code (PTX text, NUL included)
  std::size_t size;
};
// Registers codes as compiled from the program text source (the pointer kernel_desc::source holds) for the
// life of the registration (a static object of the translation unit that embeds them).
class device_code_registration {
public:
  device_code_registration(const char *source, const device_code *codes, std::size_t n);
  ~device_code_registration();
  device_code_registration(const device_code_registration &) = delete;
  device_code_registration &operator=(const device_code_registration &) = delete;

private:
  const char *source_;
};

// Bounds guards (ampcc -fampcc-checked, -fampcc-directcompute-bounds; docs/checked-mode.md): the bounds checks of
// the kernels of one program, numbered as the kernels report them. The calls of concurrency::direct3d_errorf and
// direct3d_abort are check sites too, in every mode: a kernel that makes them takes the check buffer (view: the
// errorf format). What a site guards is its check_kind (ampcc/kernel_abi.h).
struct check_site {
  const char *file;
  unsigned line, column;
  check_kind kind;
  const char *view; // the source text of the view expression
};
struct check_table {
  const check_site *sites;
  std::size_t count;
  std::size_t scratch_bytes; // the largest element of a view the kernels access
  // The kernels record nothing in the buffer (-fampcc-directcompute-bounds without checked mode, no
  // direct3d_errorf or direct3d_abort call): it only holds the scratch and zero elements, so a launch does not
  // wait to read it back, and one buffer serves every launch.
  bool quiet;
};

// One kernel argument in the order of the kernel's captures; a checked kernel takes one more, of kind
// checks, last: the runtime passes it a check buffer and reports the first violation after the launch.
struct kernel_arg {
  enum kind_t { buffer, value, checks } kind;
  storage *st;       // for buffer
  access mode;       // for buffer: how the kernel uses it (from the translator's analysis)
  const void *bytes; // for value: the bytes; for buffer: the shape struct passed after the pointer; for checks:
                     // the program's check_table
  std::size_t size;
};

// A kernel launched from its kernel object rather than from a rewritten call: a parallel_for_each spelled in a
// macro's definition, or a lambda kept in a variable. The translator records where each capture lies in the
// object (the layout is the host's: same target, same rules) and the generated code registers the site; the
// host's parallel_for_each finds it by the file and line of the call.
struct closure_capture {
  std::size_t offset; // of the capture in the kernel object
  std::size_t size;   // of a value capture, in bytes
  access mode;        // how the kernel uses a view or array
  // For a view or array: makes the kernel argument from the capture (null for a value capture).
  kernel_arg (*buffer)(const void *capture, access mode);
};
struct closure_site {
  const kernel_desc *desc;
  const char *file;                 // the file of the call as the compiler presumes it (#line applied)
  unsigned first_line, last_line;   // the lines the call (or the macro use it expands from) spans
  std::size_t object_size;          // sizeof the kernel object, checked against the host's
  const closure_capture *captures;  // in the kernel's argument order
  std::size_t ncaptures;
  const check_table *checks;        // a checked kernel's table (its last argument), else null
  // Where the lambdas among the enclosing templates' arguments are defined ("file:line;...", base names,
  // sorted; empty outside templates): tells apart instantiations of one call (find_closure_site).
  const char *lambda_context;
};
// Registers site for the life of the registration (a static object of the translation unit that holds it).
class closure_registration {
public:
  explicit closure_registration(const closure_site &site);
  ~closure_registration();
  closure_registration(const closure_registration &) = delete;
  closure_registration &operator=(const closure_registration &) = delete;

private:
  const closure_site *site_;
};
// The site of the parallel_for_each call at file:line with this rank, tile and kernel object size; function is
// the host compiler's __PRETTY_FUNCTION__ at the call (or null): where several instantiations of one call
// match, the one whose lambda_context names the lambdas that function names ("(lambda at file:line:col)", as
// Clang prints them) is it. Throws runtime_exception when none matches (the file was not translated by ampcc)
// or more than one does.
const closure_site &find_closure_site(const char *file, unsigned line, unsigned rank, const int *tile,
                                      std::size_t object_size, const char *function = nullptr);

// The layout of a view as its kernel sees it, passed by value right after the buffer pointer (shape, wide_shape<N>,
// shape_of<N>), and the compute domain, always a kernel's first argument: ampcc/kernel_abi.h.

// Enqueues the kernel over extent[0..rank) (C++ AMP order, dimension 0 slowest; OpenCL dimension
// rank-1-d carries C++ AMP dimension d; above rank 3, OpenCL dimension 2 carries dimensions 0..rank-3 folded
// into one, which the kernel unfolds). Non-tiled kernels get a global size rounded up to the
// work-group size the runtime picks and skip the padding threads themselves; tiled kernels are
// launched with desc.tile as local size after checking divisibility.
// Throws invalid_compute_domain, runtime_exception (with the mapped build log), out_of_memory; a checked
// kernel waits for the kernel and throws runtime_exception (E_BOUNDS) for its first out-of-bounds access.
void launch(const kernel_desc &desc, const queue &q, const int *extent, const kernel_arg *args, std::size_t nargs);

// Counters for tests and AMPCC_PROFILE.
struct stats {
  std::uint64_t bytes_to_device = 0, bytes_to_host = 0, kernels_launched = 0, programs_built = 0;
  std::uint64_t programs_loaded = 0; // from the on-disk program cache instead of built
  std::uint64_t programs_from_device_code = 0; // from embedded device code (--offload-arch) instead of built
};
stats current_stats();
void reset_stats();

} // namespace ampcc::rt

#endif
