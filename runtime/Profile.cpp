// AMPCC_PROFILE=1: kernel times from OpenCL events, program builds and bytes moved, printed at exit. And the
// OpenCL side of AMPCC_TRACE: commands' device times from their events (Trace.h).
#include "RuntimeState.h"
#include "Trace.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace ampcc::rt {
namespace {

struct KernelTimes {
  std::mutex M;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> ByName; // launches, nanoseconds
};

KernelTimes &kernelTimes() {
  static KernelTimes *T = new KernelTimes;
  return *T;
}

void CL_CALLBACK onComplete(cl_event E, cl_int Status, void *Name) {
  cl_ulong Start = 0, End = 0;
  if (Status == CL_COMPLETE &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START, sizeof Start, &Start, nullptr) == CL_SUCCESS &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof End, &End, nullptr) == CL_SUCCESS) {
    KernelTimes &T = kernelTimes();
    std::lock_guard<std::mutex> L(T.M);
    auto &Entry = T.ByName[static_cast<const char *>(Name)];
    Entry.first++;
    Entry.second += End - Start;
  }
  clReleaseEvent(E);
}

// What the trace callback needs once the command has run.
struct TracedRun {
  int Track;
  const char *Category;
  std::string Name, Args;
  double EnqueuedUs;
};

void CL_CALLBACK onTracedComplete(cl_event E, cl_int Status, void *Data) {
  std::unique_ptr<TracedRun> Run(static_cast<TracedRun *>(Data));
  cl_ulong Queued = 0, Start = 0, End = 0;
  if (Status == CL_COMPLETE &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_QUEUED, sizeof Queued, &Queued, nullptr) == CL_SUCCESS &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START, sizeof Start, &Start, nullptr) == CL_SUCCESS &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof End, &End, nullptr) == CL_SUCCESS) {
    double Offset = trace::deviceClockOffset(Run->Track, Queued / 1e3, Run->EnqueuedUs);
    trace::complete(Run->Track, Run->Category, Run->Name, Start / 1e3 + Offset, (End - Start) / 1e3, Run->Args);
  } else {
    // No device times (a failed command, a driver without profiling): the enqueue's moment, with no length.
    trace::complete(Run->Track, Run->Category, Run->Name, Run->EnqueuedUs, 0, Run->Args);
  }
  clReleaseEvent(E);
  trace::eventArrived();
}

void printProfile() {
  Counters &C = counters();
  std::fprintf(stderr,
               "ampcc profile: %llu kernel launches, %llu program builds + %llu from the disk cache + %llu from embedded "
               "device code (%.1f ms), "
               "%llu bytes to device, %llu bytes to host\n",
               static_cast<unsigned long long>(C.Launches.load()), static_cast<unsigned long long>(C.Builds.load()),
               static_cast<unsigned long long>(C.CacheHits.load()),
               static_cast<unsigned long long>(C.FromDeviceCode.load()), C.BuildNanos.load() / 1e6,
               static_cast<unsigned long long>(C.ToDevice.load()), static_cast<unsigned long long>(C.ToHost.load()));
  KernelTimes &T = kernelTimes();
  std::lock_guard<std::mutex> L(T.M);
  for (const auto &[Name, Entry] : T.ByName)
    std::fprintf(stderr, "ampcc profile: kernel %s: %llu launches, %.3f ms on the device\n", Name.c_str(),
                 static_cast<unsigned long long>(Entry.first), Entry.second / 1e6);
}

} // namespace

bool profiling() {
  static const bool On = [] {
    const char *P = std::getenv("AMPCC_PROFILE");
    bool Enabled = P && *P && std::string(P) != "0";
    if (Enabled)
      std::atexit(printProfile);
    return Enabled;
  }();
  return On;
}

void recordKernelTime(const char *Kernel, cl_event Done) {
  if (clSetEventCallback(Done, CL_COMPLETE, onComplete, const_cast<char *>(Kernel)) != CL_SUCCESS)
    clReleaseEvent(Done);
}

TracedCommand::TracedCommand(queue_impl &Q, const char *Category, std::string Name, std::string Args)
    : Category(Category), Name(std::move(Name)), Args(std::move(Args)) {
  if (Q.TraceTrack >= 0) {
    Track = Q.TraceTrack;
    EnqueuedUs = trace::nowUs();
  }
}

void TracedCommand::adopt(cl_event Given) {
  if (Track >= 0 && Given && clRetainEvent(Given) == CL_SUCCESS)
    Event = Given;
}

TracedCommand::~TracedCommand() {
  if (!Event)
    return;
  trace::expectEvent();
  auto *Run = new TracedRun{Track, Category, std::move(Name), std::move(Args), EnqueuedUs};
  if (clSetEventCallback(Event, CL_COMPLETE, onTracedComplete, Run) != CL_SUCCESS) {
    delete Run;
    clReleaseEvent(Event);
    trace::eventArrived();
  }
}

Counters &counters() {
  static Counters *C = [] {
    profiling();
    return new Counters;
  }();
  return *C;
}

stats current_stats() {
  Counters &C = counters();
  stats S;
  S.bytes_to_device = C.ToDevice;
  S.bytes_to_host = C.ToHost;
  S.kernels_launched = C.Launches;
  S.programs_built = C.Builds;
  S.programs_loaded = C.CacheHits;
  S.programs_from_device_code = C.FromDeviceCode;
  return S;
}

void reset_stats() {
  Counters &C = counters();
  C.ToDevice = C.ToHost = C.Launches = C.Builds = C.CacheHits = C.FromDeviceCode = 0;
  C.BuildNanos = 0;
}

} // namespace ampcc::rt
