// Names of a dependent base class used unqualified in a class template, where standard C++ looks only outside:
// MSVC looked names up when it instantiated the template, so code written for it uses a base's `real_type` in a
// member's declaration, or in its body where a class template of the same name is visible outside (the BLAS tests'
// `real_type`, both a test_case typedef and a namespace-scope template). Clang's MSVC mode finds such names only in
// function bodies, and only where the outer lookup finds nothing. Under MSVC's dialect, where Clang refuses such a
// name (unknown type name, undeclared identifier, a class template used without arguments) inside a class template
// whose dependent base's template declares a member of that name, the translator qualifies it with the class's own
// name, `typename C::real_type` (`C::value` for a value), which standard C++ looks up in the bases at instantiation,
// in memory (MsvcEdits.h), and parses again. A name no base declares keeps Clang's error.
#ifndef AMPCC_FRONTEND_MSVCDEPENDENTBASES_H
#define AMPCC_FRONTEND_MSVCDEPENDENTBASES_H

#include "Frontend/MsvcEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

class DependentBaseNames;

// Puts a diagnostic client in front of CI's that records the names Clang refused that a dependent base may hold.
// The diagnostics still go to the client behind it.
DependentBaseNames *recordDependentBaseNames(clang::CompilerInstance &CI);

// Once the translation unit is parsed: records into Into the qualification of each name recorded that a dependent
// base of its class template declares.
void qualifyDependentBaseNames(DependentBaseNames &Recorded, clang::ASTContext &Ctx, MsvcEdits &Into);

} // namespace ampcc

#endif
