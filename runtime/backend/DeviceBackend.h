// The one interface between the runtime and a device driver (docs/backends.md): memory, programs, kernels and
// in-order queues of one device. OpenCL (OpenCLBackend.cpp) and the CUDA driver API (CudaBackend.cpp) implement
// it; coherence, launch rules, submission, checks and caching policy sit above it and know neither.
#ifndef AMPCC_RUNTIME_BACKEND_DEVICEBACKEND_H
#define AMPCC_RUNTIME_BACKEND_DEVICEBACKEND_H

#include <ampcc/runtime.h>

#include <cstddef>
#include <memory>
#include <string>

namespace ampcc::rt {

struct ProgramId;

// What a failed driver call reports: its code's name and number, and whether it means memory ran out (C++ AMP's
// out_of_memory rather than runtime_exception).
struct BackendError {
  const char *Name = "";
  long Code = 0;
  bool OutOfMemory = false;
};
// Throws out_of_memory or runtime_exception: "ampcc: <What> failed: <Name> (<Code>)".
[[noreturn]] void throwBackendError(const BackendError &E, const std::string &What);

// One argument of a launch, in the kernel's parameter order: the bytes of its value (for a buffer, the handle
// that allocate() returned, as the kernel's pointer parameter takes it). What names it in an error message.
struct KernelArgument {
  const void *Bytes;
  std::size_t Size;
  const char *What;
};

// A launch as the layers above describe it: the kernel's name (for profiles and traces), its descriptor and C++
// AMP extent (for error messages), and the ND range in the driver's order (dimension 0 fastest).
struct LaunchShape {
  const char *KernelName;
  const kernel_desc *Desc;
  const int *Extent;
  unsigned Rank;
  unsigned Dims;
  std::size_t Global[3], Local[3];
};

// A command for the AMPCC_TRACE timeline and the profile: made only when tracing.
struct CommandNote {
  const char *Category; // "copy", "launch"
  const char *Name;     // "copy to device"
  std::size_t Bytes;    // a copy's size, else 0
};

// A command still running that the host may have to wait for (a non-blocking upload still reading host memory).
class PendingCommand {
public:
  virtual ~PendingCommand() = default;
  virtual void wait() = 0;
};

// An in-order queue of one device (an accelerator_view's commands). Blocking calls return once the command and
// everything before it on the queue has run.
class QueueBackend {
public:
  virtual ~QueueBackend() = default;
  virtual void write(void *Buffer, std::size_t Offset, std::size_t Bytes, const void *Source,
                     const CommandNote *Note) = 0;
  // Non-blocking: Source must stay unchanged until the result (null when the copy needs no wait) is waited for.
  virtual std::unique_ptr<PendingCommand> writeAsync(void *Buffer, std::size_t Bytes, const void *Source,
                                                     const CommandNote *Note) = 0;
  virtual void read(void *Buffer, std::size_t Offset, std::size_t Bytes, void *Destination,
                    const CommandNote *Note) = 0;
  // Non-blocking, like a launch.
  virtual void fillZero(void *Buffer, std::size_t Bytes, const CommandNote *Note) = 0;
  // Non-blocking. Under AMPCC_PROFILE the kernel's device time goes into the profile; when tracing, onto the
  // queue's track.
  virtual void launch(void *Kernel, const KernelArgument *Args, std::size_t NArgs, const LaunchShape &Shape) = 0;
  // Submits what is enqueued (a driver may hold it until then).
  virtual void flush() = 0;
  // Waits for everything enqueued; throws naming What on failure. finishQuietly is for exit and destructors.
  virtual void finish(const char *What) = 0;
  virtual void finishQuietly() noexcept = 0;
  // The driver's own queue (cl_command_queue, CUstream), for interop and tests.
  virtual void *native() const = 0;
};

// One device through one driver: its context, buffers, programs and kernels. Calls are made under the context's
// mutex where they touch its caches (DeviceContext); buffer calls may come from any thread.
class DeviceBackend {
public:
  virtual ~DeviceBackend() = default;
  // "OpenCL", "CUDA": how profiles and messages name the back end.
  virtual const char *name() const = 0;
  // A buffer of Bytes (at least 1); null with Error set when the driver cannot make it.
  virtual void *allocate(std::size_t Bytes, BackendError &Error) = 0;
  // A buffer of Bytes filled with zeros (the check buffers); throws naming What.
  virtual void *allocateZeroed(std::size_t Bytes, const char *What) = 0;
  virtual void release(void *Buffer) noexcept = 0;
  // Timed: commands record device times (AMPCC_PROFILE, AMPCC_TRACE); TraceTrack is the queue's track or -1.
  virtual std::unique_ptr<QueueBackend> makeQueue(bool Timed, int TraceTrack) = 0;
  // The program of Desc's text, identified by Id: from embedded device code, the disk cache or the driver's
  // compiler. Form says which, for the profile and the trace ("OpenCL C, built"). Throws on failure.
  virtual void *loadProgram(const kernel_desc &Desc, const ProgramId &Id, std::string &Form) = 0;
  // The kernel Name of Program, and the largest work-group it runs with (0 when the driver does not say).
  virtual void *kernel(void *Program, const char *Name, std::size_t &Limit) = 0;
  virtual void releaseKernel(void *Kernel) noexcept = 0;
  virtual void releaseProgram(void *Program) noexcept = 0;
  // The driver's own context (cl_context, CUcontext), for interop and tests.
  virtual void *native() const = 0;
};

// The back ends, each over the device devices()[Device] (BackendChoice.cpp picks one per device).
std::unique_ptr<DeviceBackend> makeOpenCLBackend(int Device);
std::unique_ptr<DeviceBackend> makeCudaBackend(int Device);

// "(4, 4)": an extent in messages.
std::string extentText(const int *Extent, unsigned Rank);
// A launch's arguments in the AMPCC_TRACE timeline: the C++ AMP extent, and the driver's global and local sizes.
std::string launchTraceArgs(const LaunchShape &Shape);

} // namespace ampcc::rt

#endif
