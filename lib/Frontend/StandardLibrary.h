// What of a translation unit is the C++ standard library or the C library, which the translator parses for the
// declarations the user's code names but never analyses, lowers or rewrites.
#ifndef AMPCC_FRONTEND_STANDARDLIBRARY_H
#define AMPCC_FRONTEND_STANDARDLIBRARY_H

namespace clang {
class Decl;
class SourceManager;
} // namespace clang

namespace ampcc {

// A declaration at namespace scope of the translation unit that belongs to the standard libraries: in a system
// header, a language linkage block (`extern "C"`, `extern "C++"`, which the C library's headers and libstdc++'s
// <new> and <exception> use) or one of libstdc++'s namespaces (`std`, `__gnu_cxx`, `__cxxabiv1`, `__gnu_debug`,
// `__pstl`). ampcc's own headers declare nothing there that amp code uses.
bool isStandardLibraryScope(const clang::Decl *TopLevel, const clang::SourceManager &SM);

// Any declaration whose top-level enclosing declaration is a standard library scope (above).
bool inStandardLibrary(const clang::Decl *D, const clang::SourceManager &SM);

} // namespace ampcc

#endif
