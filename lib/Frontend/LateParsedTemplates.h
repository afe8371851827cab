// Function templates that -fdelayed-template-parsing (MSVC's way, clang-cl's default) left as tokens.
#ifndef AMPCC_FRONTEND_LATEPARSEDTEMPLATES_H
#define AMPCC_FRONTEND_LATEPARSEDTEMPLATES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class FunctionDecl;
class Sema;
} // namespace clang

namespace ampcc {

// Under delayed template parsing Clang keeps a function template's body (a member function's of a class template
// too) as tokens and parses it when the template is first instantiated; one never instantiated has no body in the
// AST (isLateTemplateParsed: doesThisDeclarationHaveABody() is true, getBody() is null). The translator leaves it
// so rather than parsing those bodies itself: MSVC and the host compiler (given the same flag) never parse them,
// so an error in one, common in code written for MSVC, must not stop the translation; and a parse of dead code
// would mark as used, and ask to instantiate, what only that code names, which the restriction checks would then
// judge. A template never instantiated has no code to check or lower, so every walk of ampcc takes a null body as
// nothing to see (fuzz/TranslatorFuzzer.cpp tries the flag). What the host rewrite needs of such a template is the
// extent of its definition: the range of its tokens, from the body's first (`{`, `:` or `try`) to its last.
using LateParsedBodies = llvm::DenseMap<const clang::FunctionDecl *, clang::SourceRange>;
// The bodies still unparsed at the end of the translation unit, those of a precompiled preamble included.
LateParsedBodies unparsedTemplateBodies(clang::Sema &S);

} // namespace ampcc

#endif
