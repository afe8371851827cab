// The diagnostics of one ampcc command as one SARIF 2.1.0 document (-fdiagnostics-format=sarif): a run of
// the translator's diagnostics, a run for each host compiler step, and ampcc's own errors.
#ifndef AMPCC_TOOLS_SARIFLOG_H
#define AMPCC_TOOLS_SARIFLOG_H

#include "Translator.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ampcc {

// What the host compiler can write instead of text diagnostics.
enum class HostCompilerKind {
  Gcc,   // a JSON array of diagnostics (-fdiagnostics-format=json, GCC 9 and later)
  Clang, // text: Clang 19's SARIF printer crashes on the #line that starts every rewritten host file
  Other  // text
};

// The flags that make a host compiler of Kind write machine-readable diagnostics.
std::vector<std::string> machineReadableDiagnosticFlags(HostCompilerKind Kind);

class SarifLog {
public:
  // The translator's diagnostics of one source: a run of the tool "ampcc-translator" (Clang 19).
  void addTranslation(const std::vector<TranslatorDiagnostic> &Diagnostics);
  // One host compiler step (compile or link) that ran Command, wrote Output on stderr and succeeded or not:
  // a run of results (gcc's JSON diagnostics, or the "file:line:col: error: ..." lines of text output);
  // every other line of Output (the linker's messages, "1 error generated.") becomes a notification of the
  // step's invocation.
  void addHostStep(HostCompilerKind Kind, const std::vector<std::string> &Command, llvm::StringRef Output,
                   bool Succeeded);
  // An error of ampcc's own (no such file, cannot run the host compiler), without a source location.
  void addDriverError(llvm::StringRef Message);
  bool hasDriverErrors() const { return !DriverErrors.empty(); }
  // The document, on one line.
  void write(llvm::raw_ostream &OS) const;

private:
  llvm::json::Array Runs;
  llvm::json::Array DriverErrors;
};

} // namespace ampcc

#endif
