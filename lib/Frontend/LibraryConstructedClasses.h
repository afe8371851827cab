// The user's classes that only the standard library's function bodies construct. The translator skips those bodies
// (docs/design/preludes.md), and with them the place where the host compiler uses such a class's vtable: a class
// template specialization made only by `std::make_shared<fill_job<4>>()`, `std::make_unique<...>` or a vector's
// `emplace_back` never has its virtual members instantiated in the translator's parse, so a kernel in one of them
// is never found, and its launch fails at run time ("no kernel was translated"). Before the kernels are looked for,
// the translator instantiates the virtual members of each dynamic class template specialization of the user's
// templates that a standard library function the user's code names takes as a template argument, or whose class
// (`std::vector<fill_job<4>>`) takes it: those the library's bodies construct. A precompiled preamble, which keeps the
// bodies, gives the same instantiations.
#ifndef AMPCC_FRONTEND_LIBRARYCONSTRUCTEDCLASSES_H
#define AMPCC_FRONTEND_LIBRARYCONSTRUCTEDCLASSES_H

#include "clang/AST/DeclCXX.h"
#include "clang/Sema/Sema.h"

#include <vector>

namespace ampcc {

// Once the translation unit is parsed: instantiates the virtual members of the classes above, as the host compiler
// does. Their errors are reported as any other, as the host compiler would report them.
void instantiateClassesLibraryConstructs(clang::Sema &S);

// Marks the vtables of Classes used and instantiates what that needs, as the end of the translation unit does.
void instantiateVirtualMembersOf(clang::Sema &S, const std::vector<clang::CXXRecordDecl *> &Classes);

} // namespace ampcc

#endif
