// The options one ampcc compilation is made of, and the Clang and host-compiler arguments built from them.
#ifndef AMPCC_FRONTEND_COMPILEOPTIONS_H
#define AMPCC_FRONTEND_COMPILEOPTIONS_H

#include <string>
#include <vector>

namespace ampcc {

struct CompileOptions {
  std::vector<std::string> Preprocessor; // -I, -D, -U, -isystem, -include, ... in command-line order
  std::string Std = "c++17";
  std::string Opt = "-O2";
  std::vector<std::string> Warnings; // -W... flags, given to both compilers
  // Flags both compilers see because they change the language or its predefined macros (-f..., -m...,
  // -pthread, --target): a kernel under `#ifdef _OPENMP` or `#ifdef __AVX2__` must be translated too.
  std::vector<std::string> Language;
  std::vector<std::string> ClangExtra;     // -Xclang arguments for the translator only
  std::vector<std::string> TranslatorOnly; // other arguments for the translator's Clang only
  std::vector<std::string> HostExtra;      // flags for the host compiler only
  std::string SdkInclude;                  // the folder with amp.h
  std::string ClangResourceDir;
};

// Arguments for the translator's Clang: C++ with the C++ AMP annotations turned on (the translation adds
// -fsyntax-only, preprocessing -E).
std::vector<std::string> translatorArgs(const CompileOptions &O);
// Arguments for the host compiler (without the input and output).
std::vector<std::string> hostArgs(const CompileOptions &O, const std::string &SourceDir);
// What the host compiler needs to read C++ AMP sources as the translator does: the SDK include directory and
// the forced includes, without the translator's own macros. Tools (clangd, clang-tidy) use these.
std::vector<std::string> sdkArgs(const CompileOptions &O);

// -fampcc-msvc, for code written for Visual Studio: MSVC's C++ dialect as clang-cl reads it (-fms-compatibility,
// -fms-extensions, -fdelayed-template-parsing, -fms-compatibility-version=19.00) and `-include ampcc/msvc.h`
// (MSVC's C runtime names). These flags are what the switch means wherever it is given, the build files' too.
std::vector<std::string> msvcArgs();
// The folder of the headers MSVC's dialect adds after the system's (<tchar.h>, <windows.h>, ...).
std::string msvcHeaderDir(const CompileOptions &O);
// The first flag of O that makes Clang read MSVC's dialect (one of the four above, not turned off again later),
// or an empty string. GCC cannot read that dialect: the driver then compiles the host side with Clang.
std::string msvcDialectFlag(const CompileOptions &O);
// Whether the last of Flags that is On or Off is On (a flag given, then turned off, is off).
bool lastIsOn(const std::vector<std::string> &Flags, const std::string &On, const std::string &Off);
// What Clang's -fms-compatibility leaves out of GNU's environment (glibc and libstdc++ need it), when O has that
// flag, and __AMPCC_MS_COMPATIBILITY__, which tells amp.h that MSVC's C++ is read: both compilers get these (and
// __STRICT_ANSI__ under -std=c++XX), Clang-based tools too (ampcc --print-clang-args).
std::vector<std::string> gnuEnvironmentArgs(const CompileOptions &O);

} // namespace ampcc

#endif
