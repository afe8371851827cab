// Contexts (one per device), in-order command queues, OpenCL error mapping and the run counters.
#include "RuntimeState.h"
#include "Trace.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <unordered_set>

namespace ampcc::rt {

const char *clErrorName(cl_int Err) {
  switch (Err) {
#define AMPCC_CL_ERR(x)                                                                                                \
  case x:                                                                                                              \
    return #x;
    AMPCC_CL_ERR(CL_DEVICE_NOT_FOUND)
    AMPCC_CL_ERR(CL_DEVICE_NOT_AVAILABLE)
    AMPCC_CL_ERR(CL_COMPILER_NOT_AVAILABLE)
    AMPCC_CL_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    AMPCC_CL_ERR(CL_OUT_OF_RESOURCES)
    AMPCC_CL_ERR(CL_OUT_OF_HOST_MEMORY)
    AMPCC_CL_ERR(CL_BUILD_PROGRAM_FAILURE)
    AMPCC_CL_ERR(CL_INVALID_VALUE)
    AMPCC_CL_ERR(CL_INVALID_DEVICE)
    AMPCC_CL_ERR(CL_INVALID_CONTEXT)
    AMPCC_CL_ERR(CL_INVALID_COMMAND_QUEUE)
    AMPCC_CL_ERR(CL_INVALID_MEM_OBJECT)
    AMPCC_CL_ERR(CL_INVALID_PROGRAM)
    AMPCC_CL_ERR(CL_INVALID_PROGRAM_EXECUTABLE)
    AMPCC_CL_ERR(CL_INVALID_KERNEL_NAME)
    AMPCC_CL_ERR(CL_INVALID_KERNEL)
    AMPCC_CL_ERR(CL_INVALID_ARG_INDEX)
    AMPCC_CL_ERR(CL_INVALID_ARG_VALUE)
    AMPCC_CL_ERR(CL_INVALID_ARG_SIZE)
    AMPCC_CL_ERR(CL_INVALID_KERNEL_ARGS)
    AMPCC_CL_ERR(CL_INVALID_WORK_DIMENSION)
    AMPCC_CL_ERR(CL_INVALID_WORK_GROUP_SIZE)
    AMPCC_CL_ERR(CL_INVALID_WORK_ITEM_SIZE)
    AMPCC_CL_ERR(CL_INVALID_GLOBAL_WORK_SIZE)
    AMPCC_CL_ERR(CL_INVALID_BUFFER_SIZE)
    AMPCC_CL_ERR(CL_INVALID_BUILD_OPTIONS)
    AMPCC_CL_ERR(CL_INVALID_OPERATION)
#undef AMPCC_CL_ERR
  default:
    return "CL error";
  }
}

void throwCl(cl_int Err, const std::string &What) {
  std::string Msg = "ampcc: " + What + " failed: " + clErrorName(Err) + " (" + std::to_string(Err) + ")";
  // Memory the device or the host does not have, or a buffer larger than the device makes (C++ AMP's out_of_memory).
  if (Err == CL_OUT_OF_RESOURCES || Err == CL_MEM_OBJECT_ALLOCATION_FAILURE || Err == CL_OUT_OF_HOST_MEMORY ||
      Err == CL_INVALID_BUFFER_SIZE)
    throw concurrency::out_of_memory(Msg);
  throw concurrency::runtime_exception(Msg, Err);
}

DeviceContext::~DeviceContext() {
  for (auto &[Key, Entry] : Kernels)
    clReleaseKernel(Entry.Kernel);
  for (auto &[Key, Program] : Programs)
    clReleaseProgram(Program);
  for (auto &[Bytes, Buf] : QuietCheckBuffers)
    clReleaseMemObject(Buf);
  if (Context)
    clReleaseContext(Context);
}

namespace {

struct ContextTable {
  std::mutex M;
  std::vector<std::shared_ptr<DeviceContext>> All;
  std::unordered_set<queue_impl *> Queues; // every live queue, to finish them at exit
  bool Closed = false;                     // the process is exiting: contexts made now are owned by their queues alone
};

// Never destroyed, so that static destructors that run after ReleaseAtExit can still make and drop queues.
ContextTable &contextTable() {
  static ContextTable *T = new ContextTable;
  return *T;
}

// The runtime's owner at exit. It is made when the first context is, after the OpenCL driver is loaded, so
// its destructor runs before the driver's own static destructors (PoCL's LLVM among them). It finishes
// every queue, so that no work is left for a driver being torn down, and lets go of the contexts: each is
// released when its last queue goes, now, or later when a static object that still holds an array or a view
// on it is destroyed. Such a late destructor can still read data back; a kernel it launches needs a driver
// that still compiles, which PoCL no longer does by then.
struct ReleaseAtExit {
  ~ReleaseAtExit() {
    ContextTable &T = contextTable();
    std::vector<std::shared_ptr<DeviceContext>> Dropped; // released after the lock, by the last user
    std::lock_guard<std::mutex> L(T.M);
    for (queue_impl *Q : T.Queues)
      clFinish(Q->Queue);
    Dropped.swap(T.All);
    T.Closed = true;
  }
};

} // namespace

void finishAllQueues() {
  ContextTable &T = contextTable();
  std::lock_guard<std::mutex> L(T.M);
  for (queue_impl *Q : T.Queues)
    clFinish(Q->Queue);
}

void uninitialize() { finishAllQueues(); }

void submitPendingWork() {
  ContextTable &T = contextTable();
  std::lock_guard<std::mutex> L(T.M);
  for (queue_impl *Q : T.Queues) {
    Q->flush();
    Q->Launched = 0;
  }
}

void queue_impl::enqueued() {
  Pending = true;
  if (Immediate || Launched++ % 8 == 0)
    flush();
}

void queue_impl::flush() {
  if (Pending.exchange(false))
    clFlush(Queue);
}

std::shared_ptr<DeviceContext> deviceContext(int Device) {
  ContextTable &T = contextTable();
  std::lock_guard<std::mutex> L(T.M);
  cl_device_id Id = deviceId(Device);
  // The profile's printer and the trace's writer register first, so that they run after the owner has finished
  // the queues.
  profiling();
  trace::enabled();
  static ReleaseAtExit Owner;
  if (T.All.empty())
    T.All.resize(devices().size());
  if (!T.Closed && T.All[Device])
    return T.All[Device];
  auto C = std::make_shared<DeviceContext>();
  cl_int Err = CL_SUCCESS;
  C->Context = clCreateContext(nullptr, 1, &Id, nullptr, nullptr, &Err);
  checkCl(Err, "creating an OpenCL context");
  C->Id = Id;
  C->Index = Device;
  if (!T.Closed)
    T.All[Device] = C;
  return C;
}

queue_impl::queue_impl(int Device) : Owner(deviceContext(Device)), Ctx(*Owner) {
  cl_int Err = CL_SUCCESS;
  bool Timed = profiling() || trace::enabled();
  Queue = clCreateCommandQueue(Ctx.Context, Ctx.Id, Timed ? CL_QUEUE_PROFILING_ENABLE : 0, &Err);
  checkCl(Err, "creating an OpenCL command queue");
  if (trace::enabled()) {
    static std::atomic<int> Views{0};
    const std::wstring &W = devices().at(Device).description;
    TraceTrack = trace::newTrack(std::string(W.begin(), W.end()) + ", accelerator_view " + std::to_string(Views++));
  }
  ContextTable &T = contextTable();
  std::lock_guard<std::mutex> L(T.M);
  T.Queues.insert(this);
}

queue_impl::~queue_impl() {
  {
    ContextTable &T = contextTable();
    std::lock_guard<std::mutex> L(T.M);
    T.Queues.erase(this);
  }
  if (Queue) {
    clFinish(Queue);
    clReleaseCommandQueue(Queue);
  }
  if (Scratch)
    clReleaseMemObject(Scratch);
}

queue::queue(int Device, bool Immediate, bool TimeoutDisabled) : impl_(std::make_shared<queue_impl>(Device)) {
  impl_->Immediate = Immediate;
  impl_->TimeoutDisabled = TimeoutDisabled;
}
int queue::device() const { return impl_->Ctx.Index; }
bool queue::is_host() const { return impl_->Host; }
bool queue::immediate() const { return impl_->Immediate; }
bool queue::timeout_disabled() const { return impl_->TimeoutDisabled; }
void queue::wait() const {
  trace::HostSpan Span("wait", "accelerator_view::wait");
  submitPendingWork();
  checkCl(clFinish(impl_->Queue), "waiting for the accelerator_view");
}
void queue::flush() const { impl_->flush(); }

queue default_queue(int Device) {
  static std::mutex M;
  static std::map<int, queue> Queues;
  std::lock_guard<std::mutex> L(M);
  auto It = Queues.find(Device);
  if (It == Queues.end())
    It = Queues.emplace(Device, queue(Device)).first;
  return It->second;
}

queue host_queue(bool Fresh, bool Immediate, bool TimeoutDisabled) {
  auto Make = [](bool Immediate, bool TimeoutDisabled) {
    queue Q(default_device(), Immediate, TimeoutDisabled);
    Q.impl().Host = true;
    return Q;
  };
  if (Fresh)
    return Make(Immediate, TimeoutDisabled);
  static const queue Default = Make(false, false);
  return Default;
}

const queue &default_launch_queue() {
  static const queue Q = default_queue(default_device());
  return Q;
}

} // namespace ampcc::rt
