// Contexts (one per device, over its back end), in-order command queues, and their order at exit.
#include "RuntimeState.h"
#include "Trace.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <unordered_set>

namespace ampcc::rt {

DeviceContext::~DeviceContext() {
  Blas.reset(); // a library's handle on the context goes while the context is still there
  if (!Backend)
    return;
  for (auto &[Key, Entry] : Kernels)
    Backend->releaseKernel(Entry.Kernel);
  for (auto &[Key, Program] : Programs)
    Backend->releaseProgram(Program);
  for (auto &[Bytes, Buf] : QuietCheckBuffers)
    Backend->release(Buf);
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
      Q->Queue->finishQuietly();
    Dropped.swap(T.All);
    T.Closed = true;
  }
};

} // namespace

void finishAllQueues() {
  ContextTable &T = contextTable();
  std::lock_guard<std::mutex> L(T.M);
  for (queue_impl *Q : T.Queues)
    Q->Queue->finishQuietly();
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
    Queue->flush();
}

std::shared_ptr<DeviceContext> deviceContext(int Device) {
  ContextTable &T = contextTable();
  std::lock_guard<std::mutex> L(T.M);
  if (Device < 0 || Device >= static_cast<int>(devices().size()))
    throw concurrency::runtime_exception("ampcc: no device number " + std::to_string(Device), 0x80070057L);
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
  C->Backend = chooseBackend(Device);
  C->Index = Device;
  if (!T.Closed)
    T.All[Device] = C;
  return C;
}

queue_impl::queue_impl(int Device) : Owner(deviceContext(Device)), Ctx(*Owner) {
  bool Timed = profiling() || trace::enabled();
  if (trace::enabled()) {
    static std::atomic<int> Views{0};
    const std::wstring &W = devices().at(Device).description;
    TraceTrack = trace::newTrack(std::string(W.begin(), W.end()) + ", accelerator_view " + std::to_string(Views++));
  }
  Queue = Ctx.Backend->makeQueue(Timed, TraceTrack);
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
  Queue.reset(); // finishes it
  if (Scratch)
    Ctx.Backend->release(Scratch);
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
  impl_->Queue->finish("waiting for the accelerator_view");
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
