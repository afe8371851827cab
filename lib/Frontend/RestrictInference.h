// Restrictions C++ AMP infers rather than the user writing them:
// - a member function declared through a function typedef has the typedef's restriction;
// - a lambda without a restriction specifier is cpu outside amp code (Clang's CUDA rule would make it cpu and amp,
//   so that overload resolution inside it, a decltype's too, would prefer amp overloads);
// - the member functions of a class defined inside a restricted function take that function's restriction (so a
//   helper class with a constructor and getters can be used in the kernel that defines it);
// - an implicit special member of a class whose bases or members overload that special member on restriction
//   (a cpu and an amp default constructor, say) is restrict(cpu, amp) where each side has an overload to call,
//   which Clang's CUDA inference, looking at one overload per base, cannot see.
#ifndef AMPCC_FRONTEND_RESTRICTINFERENCE_H
#define AMPCC_FRONTEND_RESTRICTINFERENCE_H

#include "Frontend/RestrictionContext.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/SemaConsumer.h"

#include <memory>

namespace clang {
class Sema;
}

namespace ampcc {

// Called when a class definition is complete, before the code after it is parsed: gives the members of a local
// class of an amp (or cpu and amp) function the function's restriction, where they have none written.
void inferLocalClassRestrictions(clang::CXXRecordDecl *RD);

// Called when a class definition is complete: where a base or member class overloads a special member on
// restriction, declares the class's implicit special members and gives each the restrictions on which every
// base and member has an overload of what it calls (C++ AMP's rule: the intersection, over the subobjects, of
// the restrictions their overloads offer). Other classes are left to Sema's own inference, which agrees there.
void inferImplicitMemberRestrictions(clang::Sema &S, clang::CXXRecordDecl *RD);

// Gives the call operator of a lambda without a restriction specifier, written outside amp code (in cpu code, at
// namespace or class scope), the restriction cpu. Called as each member function is declared, before Sema's CUDA
// rule (SetLambdaAttrs) would make it cpu and amp; lambdas in amp code keep that rule (ampcc's own checks take
// them as amp), and so do lambdas in system headers, which a precompiled preamble may have parsed without this.
void inferLambdaRestriction(clang::Sema &S, clang::Decl *D);

// Gives a member function declared through a function typedef (`typedef int FT(int) restrict(amp); struct S { FT f;
// };`) the typedef's restriction, where its declaration writes none, so that a definition `int S::f(int)
// restrict(amp)` matches it. Called as each member function is declared, as inferLambdaRestriction.
void inferTypedefRestriction(clang::Sema &S, clang::Decl *D);

// Runs the inferences: the lambdas' as each member function is declared (through a `#pragma clang attribute`
// entry it pushes for the parse, whose attribute calls inferLambdaRestriction), the classes' as each class is
// completed, and the restriction outside function bodies (RestrictionContext) as the tokens are read; in
// the preamble's parse as in the source's.
class RestrictionInferenceConsumer : public clang::SemaConsumer {
public:
  RestrictionInferenceConsumer();
  ~RestrictionInferenceConsumer() override;
  void InitializeSema(clang::Sema &S) override;
  void ForgetSema() override;
  void HandleTagDeclDefinition(clang::TagDecl *D) override;
  // The host target's own builtins that headers declare (`void _mm_pause(void);` in <emmintrin.h>) are cpu
  // functions: parsed from the amp side (CUDAIsDevice), Clang would make them amp only, and host code that calls
  // them, oneTBB's spin loops under <ppl.h> for one, would not compile.
  bool HandleTopLevelDecl(clang::DeclGroupRef D) override;
  // Where the parse skips function bodies (FrontendOptions::SkipFunctionBodies, set by the translation when no
  // precompiled preamble serves it): those of the standard libraries (StandardLibrary.h). The translator
  // analyses, lowers and rewrites only code outside them and amp code cannot call them; Sema itself keeps the
  // bodies of constexpr functions and of functions with a deduced return type, which the parse needs. A
  // template whose body was skipped instantiates without one, so an error inside a standard template
  // instantiated by the user's code is the host compiler's to report.
  bool shouldSkipFunctionBody(clang::Decl *D) override;

protected:
  // The calls across restrictions that Sema refused, each as its caller and the call's location (CUDA's
  // target check, which is how Sema knows restrictions): where the refusal was immediate, the call is not in
  // the AST at all (Analysis/AmpCallRules.h, RefusedCall).
  std::vector<std::pair<const clang::FunctionDecl *, clang::SourceLocation>> refusedCalls() const;

private:
  void removeLambdaRestrictionEntry();

  clang::Sema *SemaRef = nullptr;
  // The parsed attribute the pragma entry points to lives here, for the whole parse.
  std::unique_ptr<clang::AttributeFactory> Factory;
  std::unique_ptr<clang::ParsedAttributes> Attrs;
  const clang::IdentifierInfo *EntryNamespace = nullptr;
  std::unique_ptr<RestrictionContext> Context;
};

} // namespace ampcc

#endif
