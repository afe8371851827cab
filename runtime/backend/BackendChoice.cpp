// Which back end runs each device (docs/backends.md).
#include "RuntimeState.h"

namespace ampcc::rt {

std::unique_ptr<DeviceBackend> chooseBackend(int Device) { return makeOpenCLBackend(Device); }

} // namespace ampcc::rt
