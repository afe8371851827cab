// The OpenCL back end's own declarations: error names and mapping, and the OpenCL objects behind the interface
// (for interop, ampcc::blas over CLBlast, and tests).
#ifndef AMPCC_RUNTIME_BACKEND_OPENCLBACKEND_H
#define AMPCC_RUNTIME_BACKEND_OPENCLBACKEND_H

#include "DeviceBackend.h"

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <string>

namespace ampcc::rt {

const char *clErrorName(cl_int Err);
// Throws out_of_memory or runtime_exception naming what failed.
[[noreturn]] void throwCl(cl_int Err, const std::string &What);
// The message is built only on failure: this sits on the launch path.
inline void checkCl(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS)
    throwCl(Err, What);
}

// The OpenCL device of devices()[Device]; null for a device that only the CUDA driver sees (DeviceTable.cpp).
cl_device_id openclDevice(int Device);

// The OpenCL queue behind q, or null when q's device runs on another back end.
cl_command_queue openclQueue(const queue &q);

// The build options every OpenCL program gets: part of a program's identity (ProgramId).
extern const char *const OpenCLBuildOptions;

// The program of Desc on the device Index of Context (OpenCLPrograms.cpp): from embedded PTX, the disk cache or
// the OpenCL C compiler; Form says which.
cl_program loadOpenCLProgram(cl_context Context, cl_device_id Id, int Index, const kernel_desc &Desc,
                             const ProgramId &Program, std::string &Form);
// The kernel Name of Program and its work-group limit on the device (0 when the driver does not say).
cl_kernel openclKernel(cl_program Program, cl_device_id Id, const char *Name, std::size_t &Limit);

} // namespace ampcc::rt

#endif
