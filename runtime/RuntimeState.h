// Private state of the runtime: a context per device over its back end, queues, the program cache, counters.
#ifndef AMPCC_RUNTIME_RUNTIMESTATE_H
#define AMPCC_RUNTIME_RUNTIMESTATE_H

#include "backend/DeviceBackend.h"

#include <ampcc/exceptions.h>
#include <ampcc/runtime.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace ampcc::rt {

// What a program is: a 128-bit XXH3 digest of its OpenCL C text and build options. Built programs are found
// by this, never by where their text happens to sit in memory (ProgramCache.cpp).
struct ProgramId {
  std::uint64_t Low = 0, High = 0;
  bool operator<(const ProgramId &O) const { return High != O.High ? High < O.High : Low < O.Low; }
  bool operator==(const ProgramId &O) const { return Low == O.Low && High == O.High; }
};
ProgramId programId(const char *Source, std::size_t Length, const char *Options);

// A kernel of a built program and the largest work-group it can run with on its device.
struct KernelEntry {
  void *Kernel = nullptr; // the back end's (DeviceBackend::kernel)
  size_t Limit = 0;
};

// What the last launch of a kernel_desc at one address found. A descriptor can die and another take its
// address (a stack temporary, a reassigned variable), so every launch checks that the slot still describes
// it: the same name and source pointers and, for text outside the program's image (heap or stack strings,
// which can be freed and reallocated or rewritten), the same text.
struct LaunchSlot {
  const char *Source = nullptr;
  const char *Name = nullptr;
  bool StaticText = false;          // both strings lie in a loaded object's image: fixed for the life of the process
  std::string SourceText, NameText; // copies, kept only when StaticText is false
  const KernelEntry *Entry = nullptr;
  const char *KernelName = nullptr; // the name as the kernel cache keeps it, valid as long as the context
};

// What a library keeps per context beside the back end (the cuBLAS handle: runtime/blas/CuBlas.cpp).
struct ContextAttachment {
  virtual ~ContextAttachment() = default;
};

// One context per device, with its back end and the programs and kernels built through it. Shared by the queues
// on the device; the last one to go releases everything in it (see QueueImpl.cpp for exit).
struct DeviceContext {
  DeviceContext() = default;
  DeviceContext(const DeviceContext &) = delete;
  DeviceContext &operator=(const DeviceContext &) = delete;
  ~DeviceContext();

  std::unique_ptr<DeviceBackend> Backend;
  int Index = 0;
  std::mutex Mutex; // guards the caches and kernel argument setting + enqueue
  std::map<ProgramId, void *> Programs;
  std::map<std::pair<ProgramId, std::string>, KernelEntry> Kernels;
  // The launch path: no hashing or string keys while a descriptor keeps launching the same kernel.
  std::unordered_map<const kernel_desc *, LaunchSlot> Slots;
  // The check buffers of kernels that record nothing in them, by size (quietCheckBuffer in KernelChecks.h).
  std::map<std::size_t, void *> QuietCheckBuffers;
  // ampcc::blas's state on this context, made on its first call under Mutex; released before the back end.
  std::unique_ptr<ContextAttachment> Blas;
};
std::shared_ptr<DeviceContext> deviceContext(int Device);
// The CUDA driver's ordinal of devices()[Device]: -1 when the CUDA driver does not show it (DeviceTable.cpp).
int cudaOrdinal(int Device);
// Whether an OpenCL driver shows devices()[Device] (false for a GPU only the CUDA driver shows).
bool openclShows(int Device);
// The back end Device runs on (BackendChoice.cpp): AMPCC_BACKEND, else CUDA for an NVIDIA GPU that the CUDA
// driver sees and that the program brought PTX for, else OpenCL (docs/backends.md).
std::unique_ptr<DeviceBackend> chooseBackend(int Device);
// Finishes every live queue: at exit, before the OpenCL driver's statics go (see launch and ReleaseAtExit).
void finishAllQueues();
// Called before the host blocks on a command (a blocking read, a wait on an event or a queue): submits the
// pending commands of every queue, so that other views, other devices among them, work while the host waits
// (an OpenCL driver may hold unflushed commands until then: NVIDIA's does).
void submitPendingWork();

class queue_impl {
public:
  explicit queue_impl(int Device);
  ~queue_impl();
  // A view of the CPU accelerator (the host): its data operations use this queue on the default device;
  // kernels are refused.
  bool Host = false;
  bool Immediate = false;       // made for a view of queuing_mode_immediate (queue::immediate)
  bool TimeoutDisabled = false; // made by direct3d::create_accelerator_view(acc, true) (queue::timeout_disabled)
  std::shared_ptr<DeviceContext> Owner; // keeps the context (and its programs) alive while the queue lives
  DeviceContext &Ctx;
  std::unique_ptr<QueueBackend> Queue;
  // Submission (docs/design/submission.md). enqueued() follows every kernel launch: a queue of
  // queuing_mode_immediate submits it at once; an automatic one submits the first launch after the host last
  // waited at once, so the device starts while the host goes on, and later ones in groups of eight, since each
  // flush costs a driver call. The uploads and clears enqueued for a launch set Pending before it. flush()
  // submits what is pending (QueueBackend::flush).
  void enqueued();
  void flush();
  std::atomic<unsigned> Launched{0}; // launches since the host last waited (on any queue)
  std::atomic<bool> Pending{false};  // commands enqueued and not yet submitted
  // The scratch buffer of kernels that keep local variables in global memory (kernel_desc::scratch_thread_bytes):
  // one per queue, grown when a launch needs more, reused by the next launches (the queue runs them in order).
  // Guarded by Ctx.Mutex, as launches are.
  void *Scratch = nullptr;
  std::size_t ScratchBytes = 0;
  int TraceTrack = -1; // the queue's track in the AMPCC_TRACE timeline (Trace.h)
};

struct Counters {
  std::atomic<std::uint64_t> ToDevice{0}, ToHost{0}, Launches{0}, Builds{0}, CacheHits{0};
  std::atomic<std::uint64_t> FromDeviceCode{0}; // programs loaded from embedded device code (--offload-arch)
  std::atomic<std::uint64_t> BuildNanos{0};
};
Counters &counters();

// AMPCC_PROFILE: queues record kernel times through their back end, printed at exit (Profile.cpp).
bool profiling();
void addKernelTime(const char *Kernel, std::uint64_t Nanos);

// The on-disk program cache (ProgramCache.cpp): AMPCC_CACHE_DIR, else $XDG_CACHE_HOME/ampcc, else
// ~/.cache/ampcc; AMPCC_CACHE=0 turns it off. Nothing here throws or fails the program: a cache that cannot
// be read or written only means building from source.
std::string programCacheKey(const ProgramId &Program, const device_info &Device);
// The driver's binary stored under Key for Device; empty when there is none or it cannot be used (short,
// damaged, another program's, device's or format version's), which AMPCC_PROFILE reports.
std::vector<unsigned char> loadCachedBinary(const std::string &Key, const device_info &Device);
// Under AMPCC_PROFILE, says that the entry Key was not used and why.
void ignoredCacheEntry(const std::string &Key, const std::string &Why);
// Whether programs for Device go through the cache: not when it is off or has no usable folder, nor by default on
// PoCL, which keeps a kernel cache of its own and makes its program binary by compiling every kernel of the
// program for any local size (minutes for kernels with many barriers in conditionals); AMPCC_CACHE=1 asks for it
// there too. Asking a driver for its binary is not free, so callers ask this first.
bool programCacheUsed(const device_info &Device);
// Writes or replaces the entry through a temporary file renamed into place.
void storeCachedBinary(const std::string &Key, const device_info &Device, const std::vector<unsigned char> &Binary);

} // namespace ampcc::rt

#endif
