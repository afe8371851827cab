// The restrict rules on calls (C++ AMP specification 2.3): every function a restricted function calls must
// be callable in each of its contexts, and a class constructible in amp code must be destructible there.
#ifndef AMPCC_ANALYSIS_AMPCALLRULES_H
#define AMPCC_ANALYSIS_AMPCALLRULES_H

#include "clang/AST/ASTContext.h"

namespace ampcc {

// Reports, at the call: a restrict(amp) or restrict(cpu, amp) function calling a function that is not amp;
// a restrict(cpu, amp) function calling an amp-only function with no cpu overload of the same signature; cpu
// code calling an amp-only function. A restrict(cpu, amp) template's specialization calling a function that is not
// amp is reported only when amp code reaches the specialization (its amp side is compiled for those uses alone).
// Reports at the destructor: a class with an amp constructor whose destructor is not amp.
// Refused: the calls across restrictions that Sema refused (caller, location of the call). Where Sema refused at
// once (a restrict(amp) or restrict(cpu, amp) function with external linkage, which the translation unit emits
// for certain) it also dropped the call from the AST, a statement or an initializer with it: those are reported
// here, where nothing else would see them. The refusals whose call is still in the AST are judged by the rules
// above, in C++ AMP's terms.
void checkAmpCallRules(clang::ASTContext &Ctx,
                       llvm::ArrayRef<std::pair<const clang::FunctionDecl *, clang::SourceLocation>> Refused);

} // namespace ampcc

#endif
