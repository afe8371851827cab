// Compiles the OpenCL C that ampcc generates with Clang in this process: a check for OpenCL C 1.2 while
// ampcc runs, and device code made ahead of time (PTX through Clang's NVPTX back end and libclc).
#ifndef AMPCC_CODEGEN_DEVICECODE_H
#define AMPCC_CODEGEN_DEVICECODE_H

#include <optional>
#include <string>
#include <vector>

namespace ampcc {

// One form of device code that --offload-arch asks for.
struct OffloadArch {
  enum Kind { PTX } K = PTX;
  std::string Name;      // as spelled: "sm_90"
  bool Implicit = false; // ampcc's default (defaultOffloadArch), not asked for: a form it cannot make is no warning
};

// The device code ampcc embeds when the command line names no --offload-arch (docs/driver.md, "Device code by
// default"): PTX for sm_75, the oldest GPU CUDA 13 supports and nvcc 13's default, which the driver compiles for
// any newer NVIDIA GPU it runs on.
OffloadArch defaultOffloadArch();

// Reads one --offload-arch value ("sm_90"); nothing for a name ampcc cannot compile for.
std::optional<OffloadArch> parseOffloadArch(const std::string &Name);
// The names parseOffloadArch takes, for the error message.
std::string offloadArchNames();

// Device code of one program for one arch, ready to embed.
struct DeviceCode {
  OffloadArch Arch;
  std::string Format; // "ptx"
  std::string Bytes;
};

struct DeviceCodeOptions {
  std::string ClangResourceDir; // Clang's headers: opencl-c-base.h
  std::string LibclcDir;        // libclc's bitcode libraries (nvptx64--nvidiacl.bc)
};

// Type-checks Source (an OpenCL C program, named BufferName in diagnostics) as OpenCL C 1.2 for a generic
// SPIR device; errors go to stderr in Clang's format. The #line directives of the generated code put them
// at the user's lines. Returns whether Clang found no error.
bool checkOpenCL(const std::string &Source, const std::string &BufferName, const DeviceCodeOptions &Options);

// Compiles Source for Arch. When nothing is returned, Error says what failed (with the compiler's first
// message).
std::optional<DeviceCode> compileDeviceCode(const std::string &Source, const std::string &BufferName,
                                            const OffloadArch &Arch, const DeviceCodeOptions &Options,
                                            std::string &Error);

} // namespace ampcc

#endif
