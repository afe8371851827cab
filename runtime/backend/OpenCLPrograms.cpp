// OpenCL programs: each embedded OpenCL C program built once per device, from the PTX embedded for it
// (--offload-arch), a binary in the disk cache, or the OpenCL C compiler; and its kernels.
#include "DeviceCode.h"
#include "RuntimeState.h"
#include "backend/OpenCLBackend.h"

#include <cstdio>
#include <vector>

namespace ampcc::rt {

// `-w`: the device compiler's warnings are about generated code (a nullptr_t value lowered to a constant, a helper
// no kernel of the program calls), which the user cannot act on; the driver prints them on the program's stderr
// (PoCL does). Errors still fail the build and are reported at the user's line.
const char *const OpenCLBuildOptions = "-cl-std=CL1.2 -w";

namespace {

std::string describe(int Device) {
  const std::wstring &W = devices().at(Device).description;
  return std::string(W.begin(), W.end());
}

[[noreturn]] void buildFailed(cl_device_id Id, int Index, cl_program P, cl_int Err, const kernel_desc &Desc) {
  size_t N = 0;
  clGetProgramBuildInfo(P, Id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &N);
  std::string Log(N, '\0');
  clGetProgramBuildInfo(P, Id, CL_PROGRAM_BUILD_LOG, N, Log.data(), nullptr);
  clReleaseProgram(P);
  throw concurrency::runtime_exception("ampcc: the OpenCL C generated from " + std::string(Desc.source_file) +
                                           " failed to build on " + describe(Index) + " (" + clErrorName(Err) + "):\n" +
                                           Log,
                                       Err);
}

} // namespace

cl_program loadOpenCLProgram(cl_context Context, cl_device_id Id, int Index, const kernel_desc &Desc,
                             const ProgramId &Program, std::string &Form) {
  const device_info &Info = devices().at(Index);
  std::string Key = programCacheKey(Program, Info);
  cl_program P = nullptr;
  cl_int Err = CL_SUCCESS;
  Form = "OpenCL C, built";
  // Device code compiled ahead of time for this device skips the OpenCL C compiler, and the disk cache:
  // the program already holds it.
  std::vector<device_code> Codes = deviceCodeEnabled() ? registeredDeviceCode(Desc.source) : std::vector<device_code>();
  if (int Chosen = chooseDeviceCode(Codes.data(), Codes.size(), Info); Chosen >= 0) {
    const device_code &Code = Codes[Chosen];
    const unsigned char *Bin = Code.data;
    size_t Size = Code.size;
    cl_int Status = CL_SUCCESS;
    P = clCreateProgramWithBinary(Context, 1, &Id, &Size, &Bin, &Status, &Err);
    cl_int BuildErr = Err == CL_SUCCESS && Status == CL_SUCCESS
                          ? clBuildProgram(P, 1, &Id, OpenCLBuildOptions, nullptr, nullptr)
                          : (Err != CL_SUCCESS ? Err : Status);
    if (BuildErr != CL_SUCCESS) {
      if (P)
        clReleaseProgram(P);
      P = nullptr;
      if (profiling())
        std::fprintf(stderr, "ampcc profile: %s did not load the embedded %s of %s (%s); using the OpenCL C\n",
                     describe(Index).c_str(), describeDeviceCode(Code).c_str(), Desc.source_file,
                     clErrorName(BuildErr));
    } else {
      counters().FromDeviceCode++;
      Form = "embedded " + describeDeviceCode(Code);
    }
  }
  // A binary built by an earlier run for this device, driver, source and options skips the compiler.
  bool UseCache = programCacheUsed(Info);
  std::vector<unsigned char> Binary = P || !UseCache ? std::vector<unsigned char>() : loadCachedBinary(Key, Info);
  if (!Binary.empty()) {
    const unsigned char *Bin = Binary.data();
    size_t Size = Binary.size();
    cl_int Status = CL_SUCCESS;
    P = clCreateProgramWithBinary(Context, 1, &Id, &Size, &Bin, &Status, &Err);
    if (Err != CL_SUCCESS || Status != CL_SUCCESS ||
        clBuildProgram(P, 1, &Id, OpenCLBuildOptions, nullptr, nullptr) != CL_SUCCESS) {
      if (P)
        clReleaseProgram(P);
      P = nullptr;
      ignoredCacheEntry(Key, "the driver did not accept its binary");
    } else {
      counters().CacheHits++;
      Form = "OpenCL C, from the disk cache";
    }
  }
  if (!P) {
    const char *Src = Desc.source;
    P = clCreateProgramWithSource(Context, 1, &Src, nullptr, &Err);
    if (cl_int E_ = Err; E_ != CL_SUCCESS)
      throwCl(E_, "creating the OpenCL program of " + std::string(Desc.source_file));
    Err = clBuildProgram(P, 1, &Id, OpenCLBuildOptions, nullptr, nullptr);
    if (Err != CL_SUCCESS)
      buildFailed(Id, Index, P, Err, Desc);
    counters().Builds++;
    // Only for the disk cache: PoCL makes its binary by compiling a work-group function of every kernel of the
    // program for any local size, which for kernels with many barriers in conditionals takes minutes (the
    // Algorithms Library's tile reductions, docs/real-code.md), and none of it serves this run's launches.
    size_t Size = 0;
    if (UseCache && clGetProgramInfo(P, CL_PROGRAM_BINARY_SIZES, sizeof Size, &Size, nullptr) == CL_SUCCESS && Size) {
      std::vector<unsigned char> Out(Size);
      unsigned char *Ptr = Out.data();
      if (clGetProgramInfo(P, CL_PROGRAM_BINARIES, sizeof Ptr, &Ptr, nullptr) == CL_SUCCESS)
        storeCachedBinary(Key, Info, Out);
    }
  }
  return P;
}

cl_kernel openclKernel(cl_program Program, cl_device_id Id, const char *Name, std::size_t &Limit) {
  cl_int Err = CL_SUCCESS;
  cl_kernel K = clCreateKernel(Program, Name, &Err);
  if (Err != CL_SUCCESS)
    throwCl(Err, "creating kernel " + std::string(Name));
  // The kernel's own limit can be below the device's (registers, local memory).
  size_t KernelLimit = 0;
  Limit = clGetKernelWorkGroupInfo(K, Id, CL_KERNEL_WORK_GROUP_SIZE, sizeof KernelLimit, &KernelLimit, nullptr) ==
                  CL_SUCCESS
              ? KernelLimit
              : 0;
  return K;
}

} // namespace ampcc::rt
