// Restrictions C++ AMP infers (see RestrictInference.h).
#include "Frontend/RestrictInference.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"

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

} // namespace ampcc
