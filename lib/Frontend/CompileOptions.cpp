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
  // MSVC's dialect: the headers of MSVC's C runtime and of a Visual Studio project's template (<tchar.h>,
  // <SDKDDKVer.h>, <crtdbg.h>, <conio.h>) where the system has none.
  if (!msvcDialectFlag(O).empty()) {
    A.push_back("-idirafter");
    A.push_back(msvcHeaderDir(O));
  }
  return A;
}

std::string msvcHeaderDir(const CompileOptions &O) { return O.SdkInclude + "/ampcc/msvc"; }

std::vector<std::string> msvcArgs() {
  // 19.00 (Visual Studio 2015): older versions turn off char16_t and char32_t, which libstdc++ needs.
  std::vector<std::string> A = {"-fms-compatibility", "-fms-extensions", "-fdelayed-template-parsing",
                                "-fms-compatibility-version=19.00"};
  // MSVC accepts a constant narrowed in a template argument (`is_bit_set<N, 0x80000000u>` for an int parameter),
  // with a warning: so does ampcc, where Clang's default is an error.
  A.push_back("-Wno-error=c++11-narrowing");
  // MSVC's C runtime names.
  A.insert(A.end(), {"-include", "ampcc/msvc.h"});
  return A;
}

bool lastIsOn(const std::vector<std::string> &Flags, const std::string &On, const std::string &Off) {
  bool Result = false;
  for (const std::string &F : Flags)
    if (F == On || F == Off)
      Result = F == On;
  return Result;
}

namespace {

bool startsWith(const std::string &S, const std::string &Prefix) { return S.compare(0, Prefix.size(), Prefix) == 0; }

bool anyStartsWith(const std::vector<std::string> &Flags, const std::string &Prefix) {
  for (const std::string &F : Flags)
    if (startsWith(F, Prefix))
      return true;
  return false;
}

} // namespace

// With -fms-compatibility Clang predefines what MSVC does instead of what GCC does: no __GNUC__ (and with it no
// __GCC_ATOMIC_* macros), __EXCEPTIONS, __STDC__ or __STRICT_ANSI__. ampcc compiles against glibc and libstdc++,
// whose headers test them. (__STRICT_ANSI__ goes with the standard, -std=c++XX and not gnu++XX: common() adds it.)
std::vector<std::string> gnuEnvironmentArgs(const CompileOptions &O) {
  std::vector<std::string> A;
  if (!lastIsOn(O.Language, "-fms-compatibility", "-fno-ms-compatibility"))
    return A;
  if (!anyStartsWith(O.Language, "-fgnuc-version="))
    A.push_back("-fgnuc-version=4.2.1"); // Clang's own default
  A.push_back("-D__STDC__=1");
  // For amp.h: what MSVC's C++ lets code do with its classes (binding a temporary array to array&).
  A.push_back("-D__AMPCC_MS_COMPATIBILITY__=1");
  if (!lastIsOn(O.Language, "-fno-exceptions", "-fexceptions") &&
      !lastIsOn(O.Language, "-fno-cxx-exceptions", "-fcxx-exceptions"))
    A.push_back("-D__EXCEPTIONS=1");
  return A;
}

std::string msvcDialectFlag(const CompileOptions &O) {
  for (const std::string &F : O.Language) {
    bool On = (F == "-fms-compatibility" && lastIsOn(O.Language, F, "-fno-ms-compatibility")) ||
              (F == "-fms-extensions" && lastIsOn(O.Language, F, "-fno-ms-extensions")) ||
              (F == "-fdelayed-template-parsing" && lastIsOn(O.Language, F, "-fno-delayed-template-parsing")) ||
              startsWith(F, "-fms-compatibility-version=");
    if (On)
      return F;
  }
  return "";
}

static void common(const CompileOptions &O, std::vector<std::string> &A) {
  A.push_back("-std=" + O.Std);
  for (const std::string &S : sdkArgs(O))
    A.push_back(S);
  std::vector<std::string> Gnu = gnuEnvironmentArgs(O);
  A.insert(A.end(), Gnu.begin(), Gnu.end());
  if (!Gnu.empty() && startsWith(O.Std, "c++"))
    A.push_back("-D__STRICT_ANSI__=1");
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
