// The options one ampcc compilation is made of, and the Clang and host-compiler arguments built from them.
#ifndef AMPCC_FRONTEND_COMPILEOPTIONS_H
#define AMPCC_FRONTEND_COMPILEOPTIONS_H

#include <string>
#include <vector>

namespace ampcc {

struct CompileOptions {
  std::vector<std::string> Preprocessor; // -I, -D, -U, -isystem, -include in command-line order
  std::string Std = "c++17";
  std::string Opt = "-O2";
  bool Debug = false;
  std::vector<std::string> Warnings;   // -W... flags, given to both compilers
  std::vector<std::string> ClangExtra; // -Xclang arguments for the translator only
  std::vector<std::string> HostExtra;  // flags ampcc does not interpret, for the host compiler
  std::string SdkInclude;              // the folder with amp.h
  std::string ClangResourceDir;
};

// Arguments for the translator's Clang: parse only, with the C++ AMP annotations turned on.
std::vector<std::string> translatorArgs(const CompileOptions &O);
// Arguments for the host compiler (without the input and output).
std::vector<std::string> hostArgs(const CompileOptions &O, const std::string &SourceDir);

} // namespace ampcc

#endif
