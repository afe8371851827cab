// Device code compiled ahead of time (ampcc --offload-arch): the registry of what each program embeds, and
// the choice of the form a device loads.
#ifndef AMPCC_RUNTIME_DEVICECODE_H
#define AMPCC_RUNTIME_DEVICECODE_H

#include <ampcc/runtime.h>

#include <cstddef>
#include <string>
#include <vector>

namespace ampcc::rt {

// The best of codes that device loads, or -1 when it takes none of them (the OpenCL C is built then).
// PTX for sm_XY runs on NVIDIA devices of compute capability XY or above (the driver compiles PTX for the
// device it runs on), the highest such XY preferred; arch-specific PTX (sm_90a) only on its own capability.
int chooseDeviceCode(const device_code *codes, std::size_t n, const device_info &device);

// The codes registered for the program text at source, in registration order (empty when none).
std::vector<device_code> registeredDeviceCode(const char *source);

// Whether every program registered embeds code that device runs, true when none is (the CUDA back end's condition:
// it runs only embedded PTX, BackendChoice.cpp). ampcc registers every program with kernels, those without device
// code too (with none), at static initialisation.
bool everyRegisteredProgramRuns(const device_info &device);

// "PTX sm_90": how profiles and messages name a code.
std::string describeDeviceCode(const device_code &code);

// AMPCC_DEVICE_CODE=0 turns embedded device code off: programs are built from their OpenCL C.
bool deviceCodeEnabled();

} // namespace ampcc::rt

#endif
