// Finds the `#pragma offload target(gfx)` nests of host functions and checks them and their clauses (in, out,
// inout, pin, if, signal, wait), and `#pragma offload_wait`.
#include "Analysis/GfxChecks.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/GfxLoops.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

namespace {

// Finds the `#pragma offload target(gfx)` markers of one host function and checks their nests.
class OffloadFinder : public RecursiveASTVisitor<OffloadFinder> {
public:
  OffloadFinder(ASTContext &Ctx, const FunctionDecl *FD, std::vector<GfxKernelSite> &Sites,
                std::set<const VarDecl *> &Known)
      : Ctx(Ctx), D(Ctx.getDiagnostics()), FD(FD), Sites(Sites), Known(Known) {}

  // `#pragma offload_wait target(gfx) wait(t)` (CilkSource: `ampcc_gfx_offload_wait("wait", (t))`).
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Callee->getName() != abi::GfxOffloadWaitMarker)
      return true;
    const auto *Clause =
        CE->getNumArgs() == 2 ? dyn_cast<StringLiteral>(CE->getArg(0)->IgnoreParenImpCasts()) : nullptr;
    if (!Clause || Clause->getString() != "wait")
      error(D, CE->getBeginLoc(), "'#pragma offload_wait target(gfx)' takes one clause, wait(tag)");
    return true;
  }

  bool VisitCompoundStmt(CompoundStmt *CS) {
    for (auto It = CS->body_begin(); It != CS->body_end(); ++It) {
      if (!isGfxOffloadMarker(*It))
        continue;
      const Stmt *M = *It;
      if (const auto *EWC = dyn_cast<ExprWithCleanups>(M))
        M = EWC->getSubExpr();
      const auto *Marker = cast<CallExpr>(M);
      const auto *For = std::next(It) != CS->body_end() ? dyn_cast<ForStmt>(*std::next(It)) : nullptr;
      bool TG = false;
      if (!For || !isCilkFor(For, Ctx, &TG)) {
        error(D, Marker->getBeginLoc(), "'#pragma offload target(gfx)' must be followed by a '_Cilk_for' loop nest");
        continue;
      }
      offload(Marker, For, TG);
    }
    return true;
  }

private:
  ASTContext &Ctx;
  DiagnosticsEngine &D;
  const FunctionDecl *FD;
  std::vector<GfxKernelSite> &Sites;
  std::set<const VarDecl *> &Known;

  void offload(const CallExpr *Marker, const ForStmt *For, bool ThreadGroups) {
    unsigned Errors = D.getNumErrors();
    GfxKernelSite Site;
    Site.FD = FD;
    Site.Offload = Marker;
    if (FD->isDependentContext()) {
      error(D, Marker->getBeginLoc(), "ampcc does not support '#pragma offload target(gfx)' in a template");
      return;
    }
    // The clauses as CilkSource wrote them: a string literal naming each, then its operands.
    llvm::StringRef Clause;
    for (unsigned I = 0; I < Marker->getNumArgs(); ++I) {
      const Expr *A = Marker->getArg(I)->IgnoreParenImpCasts();
      if (const auto *SL = dyn_cast<StringLiteral>(A)) {
        Clause = SL->getString();
        if (Clause.starts_with("?")) {
          error(D, Marker->getBeginLoc(),
                "ampcc does not know the clause '%0' of '#pragma offload target(gfx)'; it takes pin, in, out, "
                "inout, if, signal and wait")
              << Clause.drop_front();
          Clause = "";
        }
        continue;
      }
      if (Clause == "if" || Clause == "signal" || Clause == "wait") {
        (Clause == "if" ? Site.IfCond : Clause == "signal" ? Site.SignalTag : Site.WaitTag) = Marker->getArg(I);
        continue;
      }
      if (Clause.empty() || I + 1 >= Marker->getNumArgs())
        continue;
      const Expr *Len = Marker->getArg(++I);
      bool NoLength = isa<StringLiteral>(Len->IgnoreParenImpCasts());
      const VarDecl *V = loopVariable(A);
      QualType T = V ? V->getType().getNonReferenceType() : QualType();
      bool Memory = V && (T->isPointerType() || T->isArrayType());
      if (Clause == "pin" && !Memory) {
        error(D, A->getExprLoc(), "pin(...) takes the names of pointer or array variables");
        continue;
      }
      if (!V) {
        error(D, A->getExprLoc(), "%0(...) takes the names of variables") << Clause;
        continue;
      }
      if (Memory && NoLength) {
        error(D, Marker->getBeginLoc(),
              "%select{a|an}1 %0 clause of '#pragma offload target(gfx)' has the form '%0(p, q: length(n))'")
            << Clause << (Clause != "pin");
        continue;
      }
      if (!Memory)
        continue; // a scalar in in(...): copied in, as every variable the nest reads
      Site.Pinned.push_back(V);
      Site.PinLengths.push_back(Len);
      Site.PinReadOnly.push_back(Clause == "in");
    }
    if (D.getNumErrors() != Errors)
      return; // the uses of the nest would only repeat a wrong pin clause
    if (ThreadGroups) {
      // The thread-group model under the pragma: checked as a gfx_kernel's nest, the variables it uses from
      // the function captured as for a plain offloaded nest.
      Site.ThreadGroups = true;
      checkGfxThreadGroupNest(Ctx, Site, Known, For);
      addSite(For, Site, Errors);
      return;
    }
    Site.Groups = collectCheckedNest(
        For, Ctx, false, D, {"'_Cilk_for'", "an offloaded '_Cilk_for'", "its iterations", "offloaded '_Cilk_for'"});
    addSite(For, Site, Errors);
  }

  // The nest's captures (what it uses from the function, and what the pin clauses name), then the site,
  // unless checking it reported errors.
  void addSite(const Stmt *For, GfxKernelSite &Site, unsigned Errors) {
    std::set<const VarDecl *> Inner;
    declared(For, Inner);
    captures(For, Inner, Site);
    for (const VarDecl *V : Site.Pinned)
      if (std::find(Site.Captures.begin(), Site.Captures.end(), V) == Site.Captures.end())
        Site.Captures.push_back(V);
    if (Ctx.getDiagnostics().getNumErrors() != Errors)
      return;
    Site.Id = Sites.size();
    Sites.push_back(Site);
  }

  static void declared(const Stmt *S, std::set<const VarDecl *> &Inner) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Dl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dl))
          Inner.insert(VD);
    for (const Stmt *C : S->children())
      declared(C, Inner);
  }

  bool isCaptured(const Expr *E, const GfxKernelSite &Site) {
    const VarDecl *V = loopVariable(E);
    return V && std::find(Site.Captures.begin(), Site.Captures.end(), V) != Site.Captures.end();
  }

  void captures(const Stmt *S, const std::set<const VarDecl *> &Inner, GfxKernelSite &Site) {
    if (!S)
      return;
    if (isa<CXXThisExpr>(S)) {
      error(D, S->getBeginLoc(),
            "an offloaded '_Cilk_for' nest cannot use 'this'; copy the members it needs to "
            "local variables");
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || Inner.count(VD) || std::find(Site.Captures.begin(), Site.Captures.end(), VD) != Site.Captures.end())
        return;
      bool Pinned = std::find(Site.Pinned.begin(), Site.Pinned.end(), VD) != Site.Pinned.end();
      if (!VD->hasLocalStorage() && !Pinned) {
        if (!VD->isUsableInConstantExpressions(Ctx))
          error(D, DRE->getLocation(),
                "an offloaded '_Cilk_for' nest can use only local variables and parameters, not the %select{global|"
                "static}0 variable '%1'")
              << VD->isStaticLocal() << VD->getName();
        return;
      }
      QualType T = VD->getType().getNonReferenceType();
      if ((T->isPointerType() || T->isArrayType()) && !Pinned) {
        error(D, DRE->getLocation(),
              "'%0' is used by the offloaded '_Cilk_for' nest but is not in a pin(...) clause of its "
              "'#pragma offload target(gfx)'")
            << VD->getName();
        Site.Captures.push_back(VD); // reported once
        return;
      }
      Site.Captures.push_back(VD);
      return;
    }
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (const VarDecl *V = Target ? loopVariable(Target) : nullptr; V && !Inner.count(V) && V->hasLocalStorage())
      error(D, Target->getExprLoc(),
            "an offloaded '_Cilk_for' nest cannot assign '%0': it gets a copy of each variable of the function")
          << V->getName();
    for (const Stmt *C : S->children())
      captures(C, Inner, Site);
  }
};

} // namespace

void findGfxOffloads(ASTContext &Ctx, const FunctionDecl *FD, std::vector<GfxKernelSite> &Sites,
                     std::set<const VarDecl *> &Known) {
  OffloadFinder(Ctx, FD, Sites, Known).TraverseStmt(FD->getBody());
}

} // namespace ampcc
