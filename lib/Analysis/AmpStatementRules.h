// The restrict(amp) rules on statements and expressions (C++ AMP specification 2.4.3, restrictions on function
// scopes): checked on every amp function of the user's files, at the statement or expression at fault.
#ifndef AMPCC_ANALYSIS_AMPSTATEMENTRULES_H
#define AMPCC_ANALYSIS_AMPSTATEMENTRULES_H

#include "clang/AST/ASTContext.h"

namespace ampcc {

// Reports, in evaluated code of amp functions and of lambdas inside them: try/catch, throw, goto and labels,
// inline assembly, new and delete, typeid, dynamic_cast, calls of virtual functions, functions named other than
// to call them (function pointers and references) and calls through pointers, static local variables, and uses
// of global and static variables whose value is not a constant of the program.
void checkAmpStatementRules(clang::ASTContext &Ctx);

} // namespace ampcc

#endif
