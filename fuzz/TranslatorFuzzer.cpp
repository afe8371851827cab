// libFuzzer target over the whole translator: each input is a C++ source file that ampcc translates with the
// options the driver gives it (amp.h, the Cilk Plus keywords) and driver flags the input picks. Any input must
// end in a translation or in diagnostics, never in a crash, a sanitizer report or a hang.
#include "CommandLine.h"
#include "Frontend/CompileOptions.h"
#include "Translator.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::string InputPath;

// The driver flags that change what the translator parses or how it lowers: a crash may need one (delayed template
// parsing left function templates without bodies: ../shared/real-code/repros/delayed_parsing_crash.cpp; MSVC's dialect
// reruns the translator with the keywords it inserts). A choice of them is 10 bits: bits 0 to 6 add a switch, bits 7
// to 9 pick a standard; 0 is the driver's defaults.
const char *const Switches[] = {"-fampcc-checked",    "-fdelayed-template-parsing", "-fms-extensions",
                                "-fms-compatibility", "-fno-exceptions",            "-fampcc-msvc",
                                "-fampcc-directcompute-bounds"};
const char *const Standards[] = {nullptr,        "-std=c++11",   "-std=c++14",   "-std=c++20",
                                 "-std=gnu++11", "-std=gnu++14", "-std=gnu++17", "-std=gnu++20"};
constexpr unsigned StandardShift = std::size(Switches);
constexpr unsigned SwitchBits = (1u << StandardShift) - 1;

std::vector<std::string> driverFlags(unsigned Choice) {
  std::vector<std::string> Flags;
  for (unsigned I = 0; I < std::size(Switches); ++I)
    if (Choice & (1u << I))
      Flags.push_back(Switches[I]);
  if (const char *Std = Standards[(Choice >> StandardShift) & 7])
    Flags.push_back(Std);
  return Flags;
}

// The choice an input makes, so that a crash reproduces from its file alone: the flags of its `// AMPCC-FLAGS:` line
// (saved inputs), else of its first `// RUN: %ampcc` line (a seed from test/ is translated as its test translates
// it), that are among the above, changed by its last byte, read so that a file ending in a newline keeps them.
unsigned flagChoice(llvm::StringRef Input) {
  unsigned Choice = 0;
  llvm::SmallVector<llvm::StringRef, 8> Written;
  for (llvm::StringRef Mark : {"// AMPCC-FLAGS:", "// RUN: %ampcc "}) {
    size_t At = Input.find(Mark);
    if (At == llvm::StringRef::npos)
      continue;
    Input.substr(At + Mark.size()).take_until([](char C) { return C == '\n'; }).split(Written, ' ', -1, false);
    break;
  }
  for (llvm::StringRef F : Written) {
    for (unsigned I = 0; I < std::size(Switches); ++I)
      if (F == Switches[I])
        Choice |= 1u << I;
    for (unsigned I = 1; I < std::size(Standards); ++I)
      if (F == Standards[I])
        Choice = (Choice & SwitchBits) | I << StandardShift;
  }
  // The last byte reaches the switches and the lowest bit of the standard.
  return Input.empty() ? Choice : Choice ^ (static_cast<unsigned char>(Input.back()) ^ '\n');
}

// The translator's arguments for a compile with those flags, read by the driver's own command-line parser, so that
// each flag reaches the translator as it does from a user's command.
std::vector<std::string> translatorArgs(unsigned Choice) {
  std::vector<std::string> Argv = {"ampcc", "-fsyntax-only"};
  for (std::string &F : driverFlags(Choice))
    Argv.push_back(std::move(F));
  Argv.push_back(InputPath);
  std::vector<const char *> Raw;
  for (const std::string &A : Argv)
    Raw.push_back(A.c_str());
  ampcc::CommandLine CL;
  if (ampcc::parseCommandLine(Raw.size(), Raw.data(), CL)) {
    llvm::errs() << "translator_fuzzer: the driver refused its flags\n";
    std::exit(1);
  }
  ampcc::CompileOptions &Opts = CL.Opts;
  Opts.SdkInclude = AMPCC_SOURCE_INCLUDE_DIR;
  Opts.ClangResourceDir = AMPCC_CLANG_RESOURCE_DIR;
  Opts.Preprocessor.insert(Opts.Preprocessor.begin(), {"-include", "cilk/ampcc_cilk.h"});
  return ampcc::translatorArgs(Opts);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // The translator reads its input from a file, as the driver gives it one; one file per process.
  llvm::SmallString<128> Path;
  if (llvm::sys::fs::createTemporaryFile("ampcc-fuzz", "cpp", Path)) {
    llvm::errs() << "translator_fuzzer: cannot create a temporary file\n";
    std::exit(1);
  }
  InputPath = Path.str().str();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(InputPath, EC);
    if (EC)
      return 0;
    Out.write(reinterpret_cast<const char *>(Data), Size);
  }
  static std::map<unsigned, std::vector<std::string>> ArgsByChoice;
  unsigned Choice = flagChoice(llvm::StringRef(reinterpret_cast<const char *>(Data), Size));
  auto It = ArgsByChoice.find(Choice);
  if (It == ArgsByChoice.end())
    It = ArgsByChoice.emplace(Choice, translatorArgs(Choice)).first;
  ampcc::TranslationResult R = ampcc::translateFile(InputPath, It->second);
  (void)R;
  return 0;
}
