// The diagnostics of one ampcc command as one SARIF 2.1.0 document (-fdiagnostics-format=sarif): the
// translator's run as Clang writes it, a run for each host compiler step, and ampcc's own errors.
#ifndef AMPCC_TOOLS_SARIFLOG_H
#define AMPCC_TOOLS_SARIFLOG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ampcc {

// What the host compiler can write instead of text diagnostics.
enum class HostCompilerKind {
  Clang, // SARIF (-fdiagnostics-format=sarif)
  Gcc,   // a JSON array of diagnostics (-fdiagnostics-format=json, GCC 9 and later)
  Other  // text only
};

// The flags that make a host compiler of Kind write machine-readable diagnostics.
std::vector<std::string> machineReadableDiagnosticFlags(HostCompilerKind Kind);

class SarifLog {
public:
  // The runs of a SARIF document written by Clang (the translator's). False, and nothing added, when Text
  // holds no SARIF document.
  bool addDocument(llvm::StringRef Text);
  // One host compiler step (compile or link) that ran Command, wrote Output on stderr and succeeded or not.
  // Clang's SARIF runs and gcc's JSON diagnostics in Output become runs; every other line of Output (the
  // linker's messages, "1 error generated.") becomes a notification of the step's invocation.
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
