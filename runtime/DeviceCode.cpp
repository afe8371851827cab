// Device code compiled ahead of time (ampcc --offload-arch): the registry of what each program embeds, and
// the choice of the form a device loads.
#include "DeviceCode.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace ampcc::rt {
namespace {

struct Registry {
  std::mutex M;
  std::multimap<const char *, std::vector<device_code>> BySource;
};

// Never destroyed: registrations of libraries unloaded at exit may run after the runtime's statics.
Registry &registry() {
  static Registry *R = new Registry;
  return *R;
}

// "sm_90" -> 90, "sm_90a" -> 90 with ArchSpecific; -1 when the name is not a PTX target.
int smVersion(const char *Arch, bool &ArchSpecific) {
  ArchSpecific = false;
  if (!Arch || std::strncmp(Arch, "sm_", 3) != 0)
    return -1;
  const char *P = Arch + 3;
  int V = 0, Digits = 0;
  for (; std::isdigit(static_cast<unsigned char>(*P)); ++P, ++Digits)
    V = V * 10 + (*P - '0');
  if (Digits == 0)
    return -1;
  if (*P == 'a') {
    ArchSpecific = true;
    ++P;
  }
  return *P ? -1 : V;
}

} // namespace

int chooseDeviceCode(const device_code *codes, std::size_t n, const device_info &device) {
  int Best = -1, BestVersion = -1;
  for (std::size_t I = 0; I < n; ++I) {
    const device_code &C = codes[I];
    if (!C.format || std::strcmp(C.format, "ptx") != 0 || !C.data || C.size == 0)
      continue;
    bool ArchSpecific = false;
    int V = smVersion(C.arch, ArchSpecific);
    if (V < 0 || !device.nvidia || device.compute_capability <= 0)
      continue;
    bool Runs = ArchSpecific ? V == device.compute_capability : V <= device.compute_capability;
    // Between equal versions the arch-specific code is the closer fit.
    if (Runs && (V > BestVersion || (V == BestVersion && ArchSpecific))) {
      Best = static_cast<int>(I);
      BestVersion = V;
    }
  }
  return Best;
}

std::vector<device_code> registeredDeviceCode(const char *source) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  std::vector<device_code> Out;
  auto [First, Last] = R.BySource.equal_range(source);
  for (auto It = First; It != Last; ++It)
    Out.insert(Out.end(), It->second.begin(), It->second.end());
  return Out;
}

bool everyRegisteredProgramRuns(const device_info &device) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  // A program text may be registered more than once (a header's kernels in several translation units): it runs
  // when one of its registrations has code the device takes.
  std::map<const char *, bool> Runs;
  for (const auto &[Source, Codes] : R.BySource)
    Runs[Source] = Runs[Source] || chooseDeviceCode(Codes.data(), Codes.size(), device) >= 0;
  // None registered (ampcc::blas alone, or no kernels yet): nothing stands against the CUDA back end.
  return std::all_of(Runs.begin(), Runs.end(), [](const auto &P) { return P.second; });
}

std::string describeDeviceCode(const device_code &code) {
  std::string F = code.format ? code.format : "?";
  std::transform(F.begin(), F.end(), F.begin(), [](unsigned char C) { return std::toupper(C); });
  return F + " " + (code.arch ? code.arch : "?");
}

bool deviceCodeEnabled() {
  static const bool On = [] {
    const char *E = std::getenv("AMPCC_DEVICE_CODE");
    return !(E && (std::strcmp(E, "0") == 0 || std::strcmp(E, "source") == 0));
  }();
  return On;
}

device_code_registration::device_code_registration(const char *source, const device_code *codes, std::size_t n)
    : source_(source) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.BySource.emplace(source, std::vector<device_code>(codes, codes + n));
}

device_code_registration::~device_code_registration() {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  auto It = R.BySource.find(source_);
  if (It != R.BySource.end())
    R.BySource.erase(It);
}

} // namespace ampcc::rt
