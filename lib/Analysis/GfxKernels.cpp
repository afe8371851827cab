// Finds Cilk Plus graphics kernels and offloaded nests (GfxThreadGroups.cpp and GfxOffload.cpp check them), and
// the uses of the extensions outside them.
#include "Analysis/GfxKernels.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/GfxChecks.h"
#include "Analysis/GfxLoops.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

namespace {
bool hasAnnotation(const Decl *D, llvm::StringRef Name) {
  if (!D)
    return false;
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Name)
      return true;
  return false;
}
} // namespace

bool isGfxKernelFunction(const FunctionDecl *FD) {
  for (const FunctionDecl *R : FD->redecls())
    if (hasAnnotation(R, "ampcc.gfx:gfx_kernel"))
      return true;
  return false;
}

bool isThreadGroupLocal(const Decl *D) { return hasAnnotation(D, "ampcc.tgl"); }

bool isGfxBarrierCall(const Stmt *S) {
  const auto *CE = dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  return FD && hasAnnotation(FD, "ampcc.gfx:barrier");
}

bool isGfxOffloadMarker(const Stmt *S) {
  if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(S))
    S = EWC->getSubExpr();
  const auto *CE = dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && FD->getName() == abi::GfxOffloadMarker;
}

namespace {

// Reports the uses of the extensions outside the places where they mean something.
class PlacementChecker : public RecursiveASTVisitor<PlacementChecker> {
public:
  PlacementChecker(ASTContext &Ctx, const std::set<const VarDecl *> &Known) : Ctx(Ctx), Known(Known) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFieldDecl(FieldDecl *FD) {
    if (isThreadGroupLocal(FD))
      error(Ctx.getDiagnostics(), FD->getLocation(),
            "__thread_group_local cannot be applied to one field of a struct; declare the whole variable "
            "__thread_group_local");
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (isThreadGroupLocal(VD) && !Known.count(VD) && !isa<ParmVarDecl>(VD))
      error(Ctx.getDiagnostics(), VD->getLocation(),
            "__thread_group_local variable '%0' must be declared directly in a '_Cilk_for _Thread_group' nest of a "
            "gfx_kernel function")
          << VD->getName();
    return true;
  }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }
  bool VisitForStmt(ForStmt *For) {
    if (!Current || isGfxKernelFunction(Current) || !isCilkFor(For, Ctx))
      return true;
    if (!isAmpCallable(Current))
      return true;
    const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
    if (DS && DS->isSingleDecl() &&
        cast<NamedDecl>(DS->getSingleDecl())->getName().starts_with(abi::ArrayNotationIndex))
      return true;
    error(Ctx.getDiagnostics(), For->getForLoc(),
          "a second-level '_Cilk_for' nest must be written directly in the first-level nest of a gfx_kernel "
          "function, not in a function it calls");
    return true;
  }

private:
  ASTContext &Ctx;
  const std::set<const VarDecl *> &Known;
  const FunctionDecl *Current = nullptr;
};

class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  explicit KernelCollector(SourceManager &SM) : SM(SM) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && isGfxKernelFunction(FD) &&
        SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      Found.push_back(FD);
    else if (FD->doesThisDeclarationHaveABody() && SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      Hosts.push_back(FD);
    return true;
  }
  SourceManager &SM;
  std::vector<const FunctionDecl *> Found;
  std::vector<const FunctionDecl *> Hosts; // the other functions: where `#pragma offload` may be
};

} // namespace

std::vector<GfxKernelSite> findGfxKernels(ASTContext &Ctx) {
  KernelCollector Collector(Ctx.getSourceManager());
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<GfxKernelSite> Sites;
  std::set<const VarDecl *> Known;
  for (const FunctionDecl *FD : Collector.Found) {
    GfxKernelSite Site;
    Site.Id = Sites.size();
    Site.FD = FD;
    if (FD->isDependentContext() || !FD->getReturnType()->isVoidType()) {
      error(Ctx.getDiagnostics(), FD->getLocation(),
            "a gfx_kernel function must be a non-template function returning void");
      continue;
    }
    bool Ok = checkGfxKernel(Ctx, Site, Known);
    if (Ok)
      Sites.push_back(Site);
  }
  for (const FunctionDecl *FD : Collector.Hosts)
    findGfxOffloads(Ctx, FD, Sites, Known);
  PlacementChecker(Ctx, Known).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Sites;
}

} // namespace ampcc
