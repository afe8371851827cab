// Template parameters that MSVC deduced by conversion: `template <unsigned N> void f(tiled_index<N>)` called with a
// tiled_index<256>, whose parameter is an `int`. Standard C++ ([temp.deduct.type]) and Clang in every mode refuse
// to deduce N from an argument of another type; MSVC converted it. Clang's note names the function template
// ("deduced non-type template argument does not have the same type...") or the partial specializations it could
// not order ("ambiguous partial specializations"). Under MSVC's dialect the translator rewrites each template so
// named, in memory (MsvcEdits.h), and parses again:
//   - a function template deduces a parameter of the argument's type and keeps the user's as a defaulted one
//     after it, `template <int __ampcc_N, typename T, unsigned N = __ampcc_N> void f(tiled_index<__ampcc_N>, T)`:
//     the body, the return type and explicit arguments (`f<256>(...)`) keep their meaning;
//   - a partial specialization whose parameter appears only where it is deduced takes the argument's type there.
// docs/driver.md, "Code written for Visual Studio", says what is left out.
#ifndef AMPCC_FRONTEND_MSVCDEDUCTION_H
#define AMPCC_FRONTEND_MSVCDEDUCTION_H

#include "Frontend/MsvcEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

class DeductionMismatches;

// Puts a diagnostic client in front of CI's that records the templates Clang's notes name as failing to deduce,
// or to order, for want of a conversion. The diagnostics still go to the client behind it.
DeductionMismatches *recordDeductionMismatches(clang::CompilerInstance &CI);

// Once the translation unit is parsed: records into Into the rewrites of the templates recorded.
void rewriteDeductionMismatches(DeductionMismatches &Recorded, clang::ASTContext &Ctx, MsvcEdits &Into);

} // namespace ampcc

#endif
