// Builds the Clang and host-compiler arguments of one ampcc compilation.
#include "Frontend/CompileOptions.h"

namespace ampcc {

static void common(const CompileOptions &O, std::vector<std::string> &A) {
  A.push_back("-std=" + O.Std);
  A.push_back("-D__AMPCC__=1");
  // A system include: warnings the user turns on (-Wextra) are about the user's code, not amp.h.
  A.push_back("-isystem");
  A.push_back(O.SdkInclude);
  // Before any system header: keeps glibc's index() from hiding concurrency::index.
  A.push_back("-include");
  A.push_back("ampcc/posix_names.h");
  A.push_back("-include");
  A.push_back("ampcc/restrict.h");
  A.insert(A.end(), O.Preprocessor.begin(), O.Preprocessor.end());
  A.insert(A.end(), O.Warnings.begin(), O.Warnings.end());
}

std::vector<std::string> translatorArgs(const CompileOptions &O) {
  std::vector<std::string> A = {"-x", "c++", "-fsyntax-only", "-D__AMPCC_TRANSLATOR__=1"};
  if (!O.ClangResourceDir.empty())
    A.push_back("-resource-dir=" + O.ClangResourceDir);
  common(O, A);
  for (const std::string &X : O.ClangExtra) {
    A.push_back("-Xclang");
    A.push_back(X);
  }
  return A;
}

std::vector<std::string> hostArgs(const CompileOptions &O, const std::string &SourceDir) {
  // A translated file: <amp.h> defines the parallel_for_each that calls left in place use, even when a
  // forced include (-include) reads <amp.h> before the file's first line.
  std::vector<std::string> A = {"-D__AMPCC_TRANSLATED__=1"};
  common(O, A);
  // The rewritten file lives elsewhere; quoted includes still resolve next to the user's file.
  if (!SourceDir.empty())
    A.push_back("-iquote" + SourceDir);
  A.push_back(O.Opt);
  if (O.Debug)
    A.push_back("-g");
  A.insert(A.end(), O.HostExtra.begin(), O.HostExtra.end());
  return A;
}

} // namespace ampcc
