// libFuzzer target over the whole translator: each input is a C++ source file that ampcc translates with the
// options the driver gives it (amp.h, the Cilk Plus keywords, checked mode on every other input). Any input
// must end in a translation or in diagnostics, never in a crash, a sanitizer report or a hang.
#include "Frontend/CompileOptions.h"
#include "Translator.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::string InputPath;

std::vector<std::string> translatorArgs(bool Checked) {
  ampcc::CompileOptions Opts;
  Opts.SdkInclude = AMPCC_SOURCE_INCLUDE_DIR;
  Opts.ClangResourceDir = AMPCC_CLANG_RESOURCE_DIR;
  Opts.Preprocessor = {"-include", "cilk/ampcc_cilk.h"};
  if (Checked)
    Opts.Preprocessor.push_back("-DAMPCC_CHECKED=1");
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
  static const std::vector<std::string> Plain = translatorArgs(false), Checked = translatorArgs(true);
  // Checked mode lowers views differently: half the inputs go through it, chosen by the input itself so that
  // a crash reproduces from its file alone.
  bool UseChecked = Size && (Data[Size - 1] & 1);
  ampcc::TranslationResult R = ampcc::translateFile(InputPath, UseChecked ? Checked : Plain);
  (void)R;
  return 0;
}
