// Builds the Clang and host-compiler arguments of one ampcc compilation.
#include "Frontend/CompileOptions.h"

namespace ampcc {

std::vector<std::string> sdkArgs(const CompileOptions &O) {
  std::vector<std::string> A = {"-D__AMPCC__=1"};
  // A system include: warnings the user turns on (-Wextra) are about the user's code, not amp.h.
  A.push_back("-isystem");
  A.push_back(O.SdkInclude);
  // Before any system header: keeps glibc's index() from hiding concurrency::index.
  A.push_back("-include");
  A.push_back("ampcc/posix_names.h");
  A.push_back("-include");
  A.push_back("ampcc/restrict.h");
  return A;
}

static void common(const CompileOptions &O, std::vector<std::string> &A) {
  A.push_back("-std=" + O.Std);
  for (const std::string &S : sdkArgs(O))
    A.push_back(S);
  A.insert(A.end(), O.Preprocessor.begin(), O.Preprocessor.end());
  A.insert(A.end(), O.Warnings.begin(), O.Warnings.end());
  // The optimisation level defines __OPTIMIZE__ and friends, which code may test.
  A.push_back(O.Opt);
  A.insert(A.end(), O.Language.begin(), O.Language.end());
}

std::vector<std::string> translatorArgs(const CompileOptions &O) {
  std::vector<std::string> A = {"-x", "c++", "-D__AMPCC_TRANSLATOR__=1"};
  if (!O.ClangResourceDir.empty())
    A.push_back("-resource-dir=" + O.ClangResourceDir);
  common(O, A);
  // Flags for code generation (-fPIC, -march) mean nothing to a parse-only Clang: no warning for them.
  A.push_back("-Wno-unused-command-line-argument");
  A.insert(A.end(), O.TranslatorOnly.begin(), O.TranslatorOnly.end());
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
  A.insert(A.end(), O.HostExtra.begin(), O.HostExtra.end());
  return A;
}

} // namespace ampcc
