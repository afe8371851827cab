// The restrict rules on calls (C++ AMP specification 2.3): every function a restricted function calls must
// be callable in each of its contexts, and a class constructible in amp code must be destructible there.
#ifndef AMPCC_ANALYSIS_AMPCALLRULES_H
#define AMPCC_ANALYSIS_AMPCALLRULES_H

#include "clang/AST/ASTContext.h"

namespace ampcc {

// Reports, at the call: a restrict(amp) or restrict(cpu, amp) function calling a function that is not amp;
// a restrict(cpu, amp) function calling an amp-only function with no cpu overload of the same signature.
// Reports at the destructor: a class with an amp constructor whose destructor is not amp.
void checkAmpCallRules(clang::ASTContext &Ctx);

} // namespace ampcc

#endif
