// Private runtime internals shared by the runtime's sources (and its unit tests): OpenCL handles,
// the per-device context with its program cache, queue_impl, counters and error helpers.
#ifndef AMPCC_RUNTIME_IMPL_H
#define AMPCC_RUNTIME_IMPL_H

#include "ampcc/exceptions.h"
#include "ampcc/runtime.h"

#include <CL/cl.h>

#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace ampcc::rt {

namespace detail {

// OpenCL handles parallel to devices(): device_ids()[i] is devices()[i].
const std::vector<cl_device_id>& device_ids();
int platform_count();

// Forgets the cached default_device() choice so that tests can change AMPCC_DEVICE.
void reset_default_device();

// Byte-wise conversions; device and platform names are treated as Latin-1, which round-trips.
std::wstring widen(const std::string& s);
std::string narrow(const std::wstring& s);

// "CL_OUT_OF_RESOURCES" and so on; "CL_UNKNOWN_ERROR" for codes it does not know.
const char* cl_error_name(cl_int err);
// Throws out_of_memory for the allocation failures, runtime_exception otherwise:
// "ampcc: <what> failed: <name> (<code>)".
[[noreturn]] void throw_cl_error(const std::string& what, cl_int err);
inline void check(cl_int err, const char* what) {
  if (err != CL_SUCCESS)
    throw_cl_error(what, err);
}

// A kernel object and what launch needs to know about it.
struct kernel_entry {
  cl_kernel kernel = nullptr;
  std::size_t work_group_size = 0;  // CL_KERNEL_WORK_GROUP_SIZE
  // cl_kernel holds its arguments, so setting them and enqueueing must not interleave.
  std::mutex launch_mutex;
};

// One cl_context per device, shared by all of that device's queues, with its program cache.
class context_impl {
public:
  explicit context_impl(int device);
  ~context_impl();
  context_impl(const context_impl&) = delete;
  context_impl& operator=(const context_impl&) = delete;

  cl_context context() const { return ctx_; }
  cl_device_id device_id() const { return dev_; }
  int device() const { return device_; }

  // The kernel desc.name of desc.source, building the program on first use.
  // Throws runtime_exception with the build log when the program does not build.
  kernel_entry& kernel(const kernel_desc& desc);

private:
  cl_program program(const kernel_desc& desc);

  int device_;
  cl_device_id dev_;
  cl_context ctx_ = nullptr;
  std::mutex mutex_;  // guards the caches
  // Keyed by the source's address and text hash (the generated code passes a string literal), and
  // the build options.
  std::map<std::tuple<const char*, std::size_t, std::string>, cl_program> programs_;
  std::map<std::pair<cl_program, std::string>, std::unique_ptr<kernel_entry>> kernels_;
};

// The context of a device, created on first use and kept for the life of the process.
std::shared_ptr<context_impl> context_for(int device);

// Counters behind current_stats(); build time feeds AMPCC_PROFILE.
struct counters {
  std::atomic<std::uint64_t> bytes_to_device{0}, bytes_to_host{0}, kernels_launched{0},
      programs_built{0}, build_ns{0};
};
counters& stats_counters();
// Called after each successful enqueue; per-kernel timing will hang off this hook.
void note_launch(const kernel_desc& desc);

}  // namespace detail

class queue_impl {
public:
  explicit queue_impl(int device);
  ~queue_impl();
  queue_impl(const queue_impl&) = delete;
  queue_impl& operator=(const queue_impl&) = delete;

  int device() const { return ctx_->device(); }
  cl_command_queue get() const { return queue_; }
  detail::context_impl& context() const { return *ctx_; }

private:
  std::shared_ptr<detail::context_impl> ctx_;
  cl_command_queue queue_ = nullptr;
};

}  // namespace ampcc::rt

#endif
