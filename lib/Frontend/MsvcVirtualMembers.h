// The virtual members of the user's class templates that the host compiler instantiates and the translator's parse
// does not: the translator skips the standard library's function bodies, so a class that only they construct
// (`std::make_shared<test<T>>()`, as the BLAS tests register each test) never has its vtable used there, and
// code written for Visual Studio that MSVC's dialect must rewrite in those members (a dependent base's name, a
// missing `typename`) reaches the host compiler as written. Under MSVC's dialect, once the translation is done,
// the translator instantiates the virtual members of every dynamic class template specialization of the user's
// code, so that Clang's errors there reach MSVC's rewrites (MsvcKeywords.h, MsvcDeduction.h,
// MsvcDependentBases.h) and the file is parsed again with their edits. Those errors go no further: a class that
// nothing constructs has members the host compiler never instantiates, and valid C++ must not be refused for
// them (docs/driver.md, "Virtual members the translator does not see").
#ifndef AMPCC_FRONTEND_MSVCVIRTUALMEMBERS_H
#define AMPCC_FRONTEND_MSVCVIRTUALMEMBERS_H

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"

namespace ampcc {

class VirtualMemberDiagnostics;

// Puts a diagnostic client in front of CI's that, while the virtual members are instantiated, passes nothing on:
// the clients put in front of it later (MSVC's rewrites) still see each diagnostic, those behind it (the printer)
// do not.
VirtualMemberDiagnostics *holdBackVirtualMemberDiagnostics(clang::CompilerInstance &CI);

// Once the translation unit is parsed, without errors: instantiates the virtual members of the dynamic class
// template specializations whose templates the user's files declare, with Held holding back their diagnostics,
// and leaves the diagnostics engine's error state as it was.
void instantiateVirtualMembers(clang::Sema &S, VirtualMemberDiagnostics &Held);

} // namespace ampcc

#endif
