// Restrictions C++ AMP infers rather than the user writing them:
// - the member functions of a class defined inside a restricted function take that function's restriction (so a
//   helper class with a constructor and getters can be used in the kernel that defines it);
// - an implicit special member of a class whose bases or members overload that special member on restriction
//   (a cpu and an amp default constructor, say) is restrict(cpu, amp) where each side has an overload to call,
//   which Clang's CUDA inference, looking at one overload per base, cannot see.
#ifndef AMPCC_FRONTEND_RESTRICTINFERENCE_H
#define AMPCC_FRONTEND_RESTRICTINFERENCE_H

#include "clang/AST/DeclCXX.h"
#include "clang/Sema/SemaConsumer.h"

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

// Runs both inferences as each class is completed, in the preamble's parse as in the source's.
class RestrictionInferenceConsumer : public clang::SemaConsumer {
public:
  void InitializeSema(clang::Sema &S) override { SemaRef = &S; }
  void ForgetSema() override { SemaRef = nullptr; }
  void HandleTagDeclDefinition(clang::TagDecl *D) override;

private:
  clang::Sema *SemaRef = nullptr;
};

} // namespace ampcc

#endif
