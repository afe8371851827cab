// The host C++ that embeds device code compiled ahead of time beside the OpenCL C program of a file.
#ifndef AMPCC_REWRITE_EMBEDDEDDEVICECODE_H
#define AMPCC_REWRITE_EMBEDDEDDEVICECODE_H

#include "CodeGen/DeviceCode.h"

#include <string>
#include <vector>

namespace ampcc {

// Host C++ that defines Codes and registers them with the runtime (rt::device_code_registration) for the
// program text named ProgramSymbol, so that a launch of any kernel of that program can use them; with Codes empty,
// a registration of none (the program is built from its OpenCL C).
std::string embedDeviceCode(const std::vector<DeviceCode> &Codes, const std::string &ProgramSymbol);

} // namespace ampcc

#endif
