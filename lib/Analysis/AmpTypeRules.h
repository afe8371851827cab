// The restrict(amp) rules on types and on what an expression may name (C++ AMP specification 2.4.1 and
// 2.4.3): checked on every amp function of the user's files, at the declaration or expression at fault.
#ifndef AMPCC_ANALYSIS_AMPTYPERULES_H
#define AMPCC_ANALYSIS_AMPTYPERULES_H

#include "clang/AST/ASTContext.h"

namespace ampcc {

// Reports: fundamental types C++ AMP excludes (char, short, long long, long double, wchar_t, ...), also
// inside pointers, references and arrays; volatile; arrays of bool or of pointers; casts between integers
// and pointers; the address of a global; tile_static outside restrict(amp) code.
void checkAmpTypeRules(clang::ASTContext &Ctx);

// What keeps RD out of amp code, "virtual functions" or "virtual base classes" (no vtables on the device), or
// null. The type rules report variables of such classes; the lowering, any other use it meets.
const char *virtualClassProblem(const clang::CXXRecordDecl &RD);

} // namespace ampcc

#endif
