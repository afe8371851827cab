// Restrictions C++ AMP infers rather than the user writing them: the member functions of a class defined
// inside a restricted function take that function's restriction (so a helper class with a constructor and
// getters can be used in the kernel that defines it).
#ifndef AMPCC_FRONTEND_RESTRICTINFERENCE_H
#define AMPCC_FRONTEND_RESTRICTINFERENCE_H

#include "clang/AST/DeclCXX.h"

namespace ampcc {

// Called when a class definition is complete, before the code after it is parsed: gives the members of a local
// class of an amp (or cpu and amp) function the function's restriction, where they have none written.
void inferLocalClassRestrictions(clang::CXXRecordDecl *RD);

} // namespace ampcc

#endif
