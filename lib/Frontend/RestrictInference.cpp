// Restrictions C++ AMP infers (see RestrictInference.h).
#include "Frontend/RestrictInference.h"
#include "Frontend/RestrictAttr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ampcc {

void inferLocalClassRestrictions(CXXRecordDecl *RD) {
  const FunctionDecl *Outer = RD ? RD->isLocalClass() : nullptr;
  // Only amp code infers: a class in a cpu function keeps cpu members, as any class.
  if (!Outer || !Outer->hasAttr<CUDADeviceAttr>())
    return;
  bool Cpu = Outer->hasAttr<CUDAHostAttr>();
  ASTContext &Ctx = RD->getASTContext();
  for (Decl *D : RD->decls()) {
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      FD = FT->getTemplatedDecl();
    // Members with a restriction of their own keep it; implicit members are inferred by Sema from these.
    if (!FD || FD->isImplicit() || FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAHostAttr>())
      continue;
    // Sema sees cpu and amp: the class's members were checked as it was parsed, before this runs, and calls
    // between them must stay valid. ampcc's own rules read the inferred restriction from the annotation.
    FD->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
    FD->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
    FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, Cpu ? "ampcc.restrict:cpu,amp" : "ampcc.restrict:amp", nullptr, 0));
  }
}

namespace {

using Kind = CXXSpecialMemberKind;


// The special members of Class that a member of kind K of a containing class calls (a move falls back to the
// copy where the class declares no move).
llvm::SmallVector<const CXXMethodDecl *, 4> calledMembers(Sema &S, const CXXRecordDecl *Class, Kind K) {
  llvm::SmallVector<const CXXMethodDecl *, 4> Found;
  auto Collect = [&](Kind Want) {
    for (const CXXMethodDecl *MD : Class->methods())
      if (!MD->isDeleted() && S.getSpecialMember(MD) == Want)
        Found.push_back(MD);
  };
  Collect(K);
  if (Found.empty() && K == Kind::MoveConstructor)
    Collect(Kind::CopyConstructor);
  if (Found.empty() && K == Kind::MoveAssignment)
    Collect(Kind::CopyAssignment);
  return Found;
}

// The classes whose special members a special member of RD calls: its bases and its members of class type
// (arrays of them too).
llvm::SmallVector<CXXRecordDecl *, 8> subobjectClasses(const CXXRecordDecl *RD) {
  llvm::SmallVector<CXXRecordDecl *, 8> Classes;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (auto *C = B.getType()->getAsCXXRecordDecl())
      Classes.push_back(C);
  for (const CXXBaseSpecifier &B : RD->vbases())
    if (auto *C = B.getType()->getAsCXXRecordDecl())
      Classes.push_back(C);
  for (const FieldDecl *F : RD->fields()) {
    QualType T = RD->getASTContext().getBaseElementType(F->getType());
    if (auto *C = T->getAsCXXRecordDecl())
      Classes.push_back(C);
  }
  return Classes;
}

// Whether Class has, for some special member, a cpu-only and an amp-only overload.
bool overloadsSpecialMembersOnRestriction(Sema &S, const CXXRecordDecl *Class) {
  for (Kind K : {Kind::DefaultConstructor, Kind::CopyConstructor, Kind::MoveConstructor, Kind::CopyAssignment,
                 Kind::MoveAssignment}) {
    bool CpuOnly = false, AmpOnly = false;
    for (const CXXMethodDecl *MD : calledMembers(S, Class, K)) {
      RestrictionSet Si = targetRestriction(MD);
      CpuOnly |= Si.Cpu && !Si.Amp;
      AmpOnly |= Si.Amp && !Si.Cpu;
    }
    if (CpuOnly && AmpOnly)
      return true;
  }
  return false;
}

} // namespace

void inferImplicitMemberRestrictions(Sema &S, CXXRecordDecl *RD) {
  if (!RD || !RD->isCompleteDefinition() || RD->isDependentContext() || RD->isInvalidDecl() || RD->isLambda() ||
      RD->isUnion())
    return;
  llvm::SmallVector<CXXRecordDecl *, 8> Subobjects = subobjectClasses(RD);
  bool AnyOverloaded = false;
  for (CXXRecordDecl *C : Subobjects) {
    if (!C->hasDefinition() || C->isDependentContext())
      return;
    AnyOverloaded |= overloadsSpecialMembersOnRestriction(S, C);
  }
  if (!AnyOverloaded)
    return;
  S.ForceDeclarationOfImplicitMembers(RD);
  for (CXXRecordDecl *C : Subobjects)
    S.ForceDeclarationOfImplicitMembers(C);
  ASTContext &Ctx = RD->getASTContext();
  for (CXXMethodDecl *MD : RD->methods()) {
    Kind K = S.getSpecialMember(MD);
    // A member Sema deleted only for its inference's collision (it marks the member an invalid target then) is
    // judged again below; one deleted by C++'s rules stays deleted.
    bool Collided = MD->hasAttr<CUDAInvalidTargetAttr>();
    if (!MD->isImplicit() || (MD->isDeleted() && !Collided) || K == Kind::Invalid || K == Kind::Destructor)
      continue;
    RestrictionSet Both{true, true};
    for (const CXXRecordDecl *C : Subobjects) {
      RestrictionSet Offered;
      for (const CXXMethodDecl *Called : calledMembers(S, C, K)) {
        RestrictionSet Si = targetRestriction(Called);
        Offered.Cpu |= Si.Cpu;
        Offered.Amp |= Si.Amp;
      }
      Both.Cpu &= Offered.Cpu;
      Both.Amp &= Offered.Amp;
    }
    // No side at all: Sema's verdict stands (a call reports the missing overload in its words).
    if (!Both.Cpu && !Both.Amp)
      continue;
    // Sema's inference may have found a collision between the one overload per base it looked at; there is none.
    MD->dropAttr<CUDAInvalidTargetAttr>();
    MD->dropAttr<CUDAHostAttr>();
    MD->dropAttr<CUDADeviceAttr>();
    // Not implicit attributes: Sema infers again (when it checks whether to delete the member, when it explains
    // a call) unless the targets look written.
    if (Both.Amp)
      MD->addAttr(CUDADeviceAttr::Create(Ctx));
    if (Both.Cpu)
      MD->addAttr(CUDAHostAttr::Create(Ctx));
    if (MD->isDeleted() && !S.ShouldDeleteSpecialMember(MD, K))
      MD->setDeletedAsWritten(false);
  }
}

void RestrictionInferenceConsumer::HandleTagDeclDefinition(TagDecl *D) {
  auto *RD = dyn_cast<CXXRecordDecl>(D);
  inferLocalClassRestrictions(RD);
  if (SemaRef)
    inferImplicitMemberRestrictions(*SemaRef, RD);
}

} // namespace ampcc
