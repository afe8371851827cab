// What MSVC's C++ library has and libstdc++ lacks, said as such where code written for Visual Studio uses it:
// std::exception constructed from a message.
#ifndef AMPCC_FRONTEND_MSVCLIBRARY_H
#define AMPCC_FRONTEND_MSVCLIBRARY_H

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

class MsvcLibraryDiagnostics;

// Puts a diagnostic client in front of CI's that holds back Sema's refusals to construct std::exception from
// arguments (its candidate notes with them) until the AST is complete: reportMsvcLibraryUses then decides their
// words. The engine has counted them as errors already, so the compile fails whatever happens to their text.
MsvcLibraryDiagnostics *useMsvcLibraryDiagnostics(clang::CompilerInstance &CI);

// Reports each refusal held back: where the AST shows std::exception constructed from a string (a RecoveryExpr
// under a cast, a variable's or a base's initializer), as that MSVC extension, with the portable spelling; any
// other, as Sema worded it.
void reportMsvcLibraryUses(MsvcLibraryDiagnostics &Held, clang::ASTContext &Ctx);

} // namespace ampcc

#endif
