// Runs the whole translation of one source file: Clang parse, analysis, kernel lowering, host rewrite.
#ifndef AMPCC_TRANSLATOR_H
#define AMPCC_TRANSLATOR_H

#include "CodeGen/DeviceCode.h"

#include <string>
#include <vector>

namespace ampcc {

// A header of the user's that the host compiler must read as the translator gives it (restriction
// specifiers spelled for the host, amp-only declarations blanked).
struct HostHeader {
  std::string Path; // as Clang opened it
  std::string Text;
  bool Changed = false; // differs from the file on disk
};

// A diagnostic of the translation as data, for machine-readable output (-fdiagnostics-format=sarif).
struct TranslatorDiagnostic {
  std::string Level; // "error", "warning", "note" or "remark"
  std::string Message;
  std::string File; // as #line directives name it; "" for a diagnostic without a location
  unsigned Line = 0, Column = 0;
  std::string Option; // the -W flag that controls it, if any
};

// A file the translator's Clang read, for dependency files (-MD and friends).
struct SourceDependency {
  std::string Path; // as Clang opened it
  bool IsSystem = false;
};

struct TranslationResult {
  bool Ok = false;
  std::string HostSource;  // the rewritten main file (the original text when it has no kernels)
  std::string OpenCL;      // the OpenCL C program ("" when the file has no kernels)
  std::string ProgramSymbol; // the host source's array holding OpenCL ("" when the file has no kernels)
  // Every header outside the system directories that the translation read, when one of them changed for
  // the host; empty when the host compiler can read the user's headers as they are.
  std::vector<HostHeader> HostHeaders;
  unsigned NumKernels = 0;
  // The host source runs `_Cilk_for` loops with OpenMP: its host compile (and the link) need -fopenmp.
  bool NeedsOpenMP = false;
  // Clang's own verdict: with -Xclang -verify, whether the expected diagnostics matched.
  bool ClangOk = false;
  // Every file the translation read, the main file first.
  std::vector<SourceDependency> Dependencies;
  // Seconds spent after Clang's parse: the analysis passes, kernel lowering and host rewrite.
  double AnalysisSeconds = 0;
  std::vector<std::pair<std::string, double>> AnalysisSteps; // the same, step by step
  // What became of the source's precompiled preamble (Frontend/PreambleCache.h), in words, and the seconds
  // its precompile took when this translation made it.
  std::string Preamble;
  double PreambleSeconds = 0;
  // The source's first bytes that the translator took from its precompiled preamble: #include lines of
  // system headers only ("" when it parsed them itself). The host compile may precompile the same.
  std::string PreambleText;
  // Whether that preamble (precompiled or not) includes <amp.h> after standard headers only, so that the host
  // compile may start from the prelude, amp.h precompiled for every source with the same flags
  // (tools/ampcc/HostPreamble.h).
  bool PreambleIncludesAmpHeader = false;

};

// ClangArgs are the full compiler arguments for the translator's Clang (see Frontend/CompileOptions.h).
// Diagnostics go to stderr in Clang's format, or to Diagnostics when given; -Xclang -verify in ClangArgs
// checks them instead.
TranslationResult translateFile(const std::string &Path, const std::vector<std::string> &ClangArgs,
                                std::vector<TranslatorDiagnostic> *Diagnostics = nullptr);

// Writes the file preprocessed as the translator's Clang sees it (restriction specifiers and Cilk Plus
// extensions already rewritten) to OutputPath, "-" for stdout. Returns whether Clang succeeded.
// What ampcc does with the OpenCL C of a file once it is translated.
struct KernelBuildOptions {
  bool Check = true;                // type-check it as OpenCL C 1.2 (-fno-ampcc-kernel-check turns it off)
  std::vector<OffloadArch> Archs;   // compile it ahead of time for these (--offload-arch)
  DeviceCodeOptions Paths;
  std::string BufferName;           // the name of the OpenCL C in diagnostics outside the user's lines
};

// Checks R.OpenCL and embeds device code for each arch in R.HostSource. Errors are reported on stderr
// (Clang's format, at the user's lines where the generated code has them); returns false after one.
// Timings gets the seconds of each step.
bool buildKernels(TranslationResult &R, const KernelBuildOptions &Options,
                  std::vector<std::pair<std::string, double>> &Timings);

bool preprocessFile(const std::string &Path, const std::vector<std::string> &ClangArgs, const std::string &OutputPath);

}  // namespace ampcc

#endif
