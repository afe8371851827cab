// Which back end runs each device (docs/backends.md): AMPCC_BACKEND=opencl|cuda, else CUDA for a device the CUDA
// driver shows when every program of the executable embeds PTX the device runs (or OpenCL does not show it), else
// OpenCL.
#include "DeviceCode.h"
#include "RuntimeState.h"
#include "backend/CudaDriver.h"
#include "backend/OpenCLBackend.h"

#include <cstdio>
#include <cstdlib>

namespace ampcc::rt {
namespace {

std::string describe(int Device) {
  const std::wstring &W = devices().at(Device).description;
  return std::string(W.begin(), W.end());
}

// "", "opencl" or "cuda"; anything else is refused.
std::string requested() {
  const char *E = std::getenv("AMPCC_BACKEND");
  std::string V = E ? E : "";
  if (V.empty() || V == "auto" || V == "opencl" || V == "cuda")
    return V == "auto" ? "" : V;
  throw concurrency::runtime_exception("ampcc: AMPCC_BACKEND=" + V + " names no back end (opencl, cuda)", 0x80070057L);
}

std::unique_ptr<DeviceBackend> pick(int Device, std::string &Why) {
  std::string Want = requested();
  int Ordinal = cudaOrdinal(Device);
  bool HasOpenCL = openclDevice(Device) != nullptr;
  if (Want == "opencl") {
    if (!HasOpenCL)
      throw concurrency::runtime_exception("ampcc: AMPCC_BACKEND=opencl, but " + describe(Device) +
                                               " has no OpenCL driver (only the CUDA driver shows it)",
                                           0x80004005L);
    Why = "AMPCC_BACKEND=opencl";
    return makeOpenCLBackend(Device);
  }
  if (Want == "cuda") {
    // Asked for by name: a machine where the CUDA driver cannot be used is an error, not a quiet fallback.
    std::string NoDriver;
    if (!cuda::driver(&NoDriver))
      throw concurrency::runtime_exception("ampcc: AMPCC_BACKEND=cuda, but the CUDA driver cannot be used: " + NoDriver,
                                           0x80004005L);
    if (Ordinal >= 0) {
      Why = "AMPCC_BACKEND=cuda";
      return makeCudaBackend(Device);
    }
    Why = "AMPCC_BACKEND=cuda, but the CUDA driver does not show this device";
    return makeOpenCLBackend(Device);
  }
  if (Ordinal >= 0 && !HasOpenCL) {
    Why = "only the CUDA driver shows it";
    return makeCudaBackend(Device);
  }
  if (Ordinal >= 0 && deviceCodeEnabled() && everyRegisteredProgramRuns(devices().at(Device))) {
    Why = "every kernel of the program has PTX it runs";
    return makeCudaBackend(Device);
  }
  Why = Ordinal >= 0 ? "not every part of the program embeds PTX it runs" : "";
  return makeOpenCLBackend(Device);
}

} // namespace

std::unique_ptr<DeviceBackend> chooseBackend(int Device) {
  std::string Why;
  std::unique_ptr<DeviceBackend> B = pick(Device, Why);
  if (profiling())
    std::fprintf(stderr, "ampcc profile: %s runs on the %s back end%s%s%s\n", describe(Device).c_str(), B->name(),
                 Why.empty() ? "" : " (", Why.c_str(), Why.empty() ? "" : ")");
  return B;
}

} // namespace ampcc::rt
