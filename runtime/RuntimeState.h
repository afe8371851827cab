// Private state of the runtime: OpenCL contexts per device, queues, the program cache, error mapping.
#ifndef AMPCC_RUNTIME_RUNTIMESTATE_H
#define AMPCC_RUNTIME_RUNTIMESTATE_H

#include <ampcc/exceptions.h>
#include <ampcc/runtime.h>

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace ampcc::rt {

const char *clErrorName(cl_int Err);
// Throws out_of_memory or runtime_exception naming what failed.
[[noreturn]] void throwCl(cl_int Err, const std::string &What);
// The message is built only on failure: this sits on the launch path.
inline void checkCl(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS)
    throwCl(Err, What);
}

cl_device_id deviceId(int Device);

// One context per device; built programs and their kernels are cached here.
struct DeviceContext {
  cl_context Context = nullptr;
  cl_device_id Id = nullptr;
  int Index = 0;
  std::mutex Mutex;                            // guards the caches and kernel argument setting + enqueue
  std::map<const char *, cl_program> Programs; // keyed by the embedded source's address
  std::map<std::pair<cl_program, std::string>, cl_kernel> Kernels;
  // The launch path: no string keys, and the kernel's work-group limit asked once.
  std::unordered_map<const kernel_desc *, std::pair<cl_kernel, size_t>> KernelsByDesc;
};
DeviceContext &deviceContext(int Device);

class queue_impl {
public:
  explicit queue_impl(int Device);
  ~queue_impl();
  DeviceContext &Ctx;
  cl_command_queue Queue = nullptr;
  // Launches since the host last waited on this queue: the first is flushed at once so the device
  // starts while the host goes on, later ones in groups, since each flush costs a driver call.
  std::atomic<unsigned> Unflushed{0};
};

struct Counters {
  std::atomic<std::uint64_t> ToDevice{0}, ToHost{0}, Launches{0}, Builds{0}, CacheHits{0};
  std::atomic<std::uint64_t> BuildNanos{0};
};
Counters &counters();

// AMPCC_PROFILE: queues record kernel times through events, printed at exit (Profile.cpp).
bool profiling();
void recordKernelTime(const char *Kernel, cl_event Done);

// The on-disk program cache (ProgramCache.cpp): AMPCC_CACHE_DIR, else $XDG_CACHE_HOME/ampcc, else
// ~/.cache/ampcc; AMPCC_CACHE=0 turns it off.
std::string programCacheKey(const char *Source, const char *Options, const device_info &Device);
std::vector<unsigned char> loadCachedBinary(const std::string &Key);
void storeCachedBinary(const std::string &Key, const std::vector<unsigned char> &Binary);

} // namespace ampcc::rt

#endif
