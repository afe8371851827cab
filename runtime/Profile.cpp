// AMPCC_PROFILE=1: kernel times (from the back ends' events), program builds and bytes moved, printed at exit.
#include "RuntimeState.h"

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

void addKernelTime(const char *Kernel, std::uint64_t Nanos) {
  KernelTimes &T = kernelTimes();
  std::lock_guard<std::mutex> L(T.M);
  auto &Entry = T.ByName[Kernel];
  Entry.first++;
  Entry.second += Nanos;
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
