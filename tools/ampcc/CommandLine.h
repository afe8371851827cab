// Reads ampcc's command line with Clang's own option table and sends each flag to the translator, the host
// compiler, the link, or the driver itself.
#ifndef AMPCC_TOOLS_COMMANDLINE_H
#define AMPCC_TOOLS_COMMANDLINE_H

#include "CodeGen/DeviceCode.h"
#include "Frontend/CompileOptions.h"

#include <optional>
#include <string>
#include <vector>

namespace ampcc {

// What one ampcc command does: the last of -E, -M/-MM, -fsyntax-only, -S, -c wins, as in gcc.
enum class Phase { Preprocess, Dependencies, SyntaxOnly, Assemble, Compile, Link };

// -M and friends: make-style dependency files.
struct DependencyRequest {
  bool Enabled = false;             // any of -M -MM -MD -MMD
  bool SystemHeaders = true;        // -M/-MD; -MM/-MMD leave system headers out
  bool PhonyTargets = false;        // -MP
  std::string File;                 // -MF
  std::vector<std::string> Targets; // -MT as given, -MQ quoted for make
};

struct CommandLine {
  CompileOptions Opts;
  Phase Stop = Phase::Link;
  std::vector<std::string> Sources, LinkInputs;
  // Flags of the link only (-l, -L, -Wl, -Xlinker, -shared, ...), and flags that both the compiles and the
  // link need (-fopenmp, -pthread, -fsanitize=...), in command-line order.
  std::vector<std::string> LinkFlags;
  std::string Output, HostCxx;
  DependencyRequest Deps;
  bool SaveTemps = false, EmitOpenCL = false, EmitHost = false, Verbose = false, PrintOnly = false,
       PrintClangArgs = false;
  // -fdiagnostics-format=sarif: every step's diagnostics in one SARIF document on stderr.
  bool SarifDiagnostics = false;
  // --offload-arch: device code compiled ahead of time and embedded beside the OpenCL C.
  std::vector<OffloadArch> OffloadArchs;
  bool KernelCheck = true; // -fno-ampcc-kernel-check turns the build-time OpenCL C check off
  bool TimeReport = false; // -fampcc-time-report
  bool Msvc = false;       // -fampcc-msvc: code written for Visual Studio (msvcArgs() in CompileOptions.h)
};

// Fills CL from argv (response files expanded). Returns an exit status when the command is finished here
// (--help, --version, or an error already reported as "ampcc: error: ..."), else nothing.
std::optional<int> parseCommandLine(int Argc, const char *const *Argv, CommandLine &CL);

// The usage text of --help.
extern const char *const Usage;

} // namespace ampcc

#endif
