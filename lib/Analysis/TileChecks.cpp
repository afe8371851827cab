// Checks of the tiled model: barrier uniformity and races on tile_static memory.
#include "Analysis/TileChecks.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ampcc {
namespace {

// Which local variables hold values that differ between the threads of a tile: the tiled_index
// parameter, and anything computed from it or read from memory at a thread-dependent place.
class ThreadDependence : public RecursiveASTVisitor<ThreadDependence> {
public:
  explicit ThreadDependence(const ParmVarDecl *Index) { Tainted.insert(Index); }

  bool dependsOnThread(const Stmt *S) const {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return Tainted.count(DRE->getDecl()) != 0;
    for (const Stmt *Child : S->children())
      if (dependsOnThread(Child))
        return true;
    return false;
  }

  // Iterates to a fixed point: an assignment can taint a variable used by an earlier statement in a loop.
  void run(Stmt *Body) {
    size_t Before;
    do {
      Before = Tainted.size();
      TraverseStmt(Body);
    } while (Tainted.size() != Before);
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && dependsOnThread(VD->getInit()))
      Tainted.insert(VD);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && dependsOnThread(BO->getRHS()))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        Tainted.insert(DRE->getDecl());
    return true;
  }

  llvm::DenseSet<const ValueDecl *> Tainted;
};

// The tile_static variable an lvalue expression names (through subscripts and member accesses).
const VarDecl *tileStaticBase(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      E = ASE->getBase();
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      return VD && isTileStatic(VD) ? VD : nullptr;
    }
    return nullptr;
  }
}

bool isBarrierCall(const Stmt *S) {
  const auto *CE = dyn_cast<CallExpr>(S);
  if (!CE || !CE->getDirectCallee())
    return false;
  return getBuiltinName(CE->getDirectCallee()).starts_with("barrier.");
}

class TileChecker {
public:
  TileChecker(ASTContext &Ctx, const KernelSite &Site)
      : Ctx(Ctx), Diags(Ctx.getDiagnostics()), Dep(Site.Body->getParamDecl(0)),
        IndexName(Site.Body->getParamDecl(0)->getName()) {}

  void run(Stmt *Body) {
    Dep.run(Body);
    checkBarriers(Body, nullptr);
    // Walk twice so writes at the end of a loop body meet reads at its start.
    walk(Body);
    walk(Body);
  }

private:
  struct Write {
    const VarDecl *Var;
    const Expr *Access;
    std::string Key;
  };

  std::string text(const Expr *E) const {
    std::string S;
    llvm::raw_string_ostream OS(S);
    E->IgnoreParenImpCasts()->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
    return OS.str();
  }

  std::string where(SourceLocation Loc) const {
    PresumedLoc PL = Ctx.getSourceManager().getPresumedLoc(Ctx.getSourceManager().getExpansionLoc(Loc));
    return std::to_string(PL.getLine()) + ":" + std::to_string(PL.getColumn());
  }

  // A barrier inside a branch or loop whose condition differs between threads is reached by only some.
  void checkBarriers(const Stmt *S, const Expr *Divergent) {
    if (!S)
      return;
    if (isBarrierCall(S) && Divergent) {
      error(Diags, S->getBeginLoc(),
            "tile_barrier::wait is reached by only some threads of a tile: the condition at %0 depends on '%1'; "
            "a barrier must be reached by all threads of a tile or by none")
          << where(Divergent->getBeginLoc()) << IndexName;
      return;
    }
    const Expr *Cond = nullptr;
    if (const auto *IS = dyn_cast<IfStmt>(S))
      Cond = IS->getCond();
    else if (const auto *FS = dyn_cast<ForStmt>(S))
      Cond = FS->getCond();
    else if (const auto *WS = dyn_cast<WhileStmt>(S))
      Cond = WS->getCond();
    else if (const auto *DS = dyn_cast<DoStmt>(S))
      Cond = DS->getCond();
    else if (const auto *SS = dyn_cast<SwitchStmt>(S))
      Cond = SS->getCond();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(S))
      Cond = CO->getCond();
    else if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
      Cond = BO->getLHS();
    const Expr *Inner = Divergent;
    if (!Inner && Cond && Dep.dependsOnThread(Cond))
      Inner = Cond;
    for (const Stmt *Child : S->children()) {
      // The condition itself is evaluated by every thread.
      if (Child == Cond)
        checkBarriers(Child, Divergent);
      else
        checkBarriers(Child, Inner);
    }
  }

  // Visits expressions in evaluation order (right-hand side before the assignment's target).
  void walk(const Stmt *S) {
    if (!S)
      return;
    if (isBarrierCall(S)) {
      Pending.clear();
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
      walk(BO->getRHS());
      if (BO->isCompoundAssignmentOp())
        read(BO->getLHS());
      walkSubscripts(BO->getLHS());
      write(BO->getLHS());
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      read(UO->getSubExpr());
      write(UO->getSubExpr());
      return;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S); ICE && ICE->getCastKind() == CK_LValueToRValue) {
      if (read(ICE->getSubExpr()))
        return;
    }
    for (const Stmt *Child : S->children())
      walk(Child);
  }

  void walkSubscripts(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      walk(ASE->getIdx());
      walkSubscripts(ASE->getBase());
    }
  }

  void write(const Expr *LHS) {
    const VarDecl *VD = tileStaticBase(LHS);
    if (!VD)
      return;
    // A write at a place that is the same for every thread is shared; one that differs is per-thread.
    Pending.push_back({VD, LHS, text(LHS)});
  }

  bool read(const Expr *E) {
    const VarDecl *VD = tileStaticBase(E);
    if (!VD)
      return false;
    walkSubscripts(E);
    std::string Key = text(E);
    // Newest first: once this thread's own write to the same place is found, older writes are hidden.
    for (auto It = Pending.rbegin(); It != Pending.rend(); ++It) {
      const Write &W = *It;
      if (W.Var == VD && W.Key == Key)
        break;
      if (W.Var != VD || Reported.count(E))
        continue;
      if (!Dep.dependsOnThread(W.Access) && !Dep.dependsOnThread(E))
        continue;
      Reported.insert(E);
      warning(Diags, E->getBeginLoc(),
              "possible data race: tile_static '%0' is read here, but other threads of the tile write it at %1 "
              "with no tile_barrier::wait in between")
          << VD->getName() << where(W.Access->getBeginLoc());
      note(Diags, W.Access->getBeginLoc(), "the write to '%0' is here") << VD->getName();
    }
    return true;
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  ThreadDependence Dep;
  llvm::StringRef IndexName;
  std::vector<Write> Pending;
  llvm::DenseSet<const Expr *> Reported;
};

} // namespace

void checkTiledKernel(ASTContext &Ctx, const KernelSite &Site) {
  if (!Site.isTiled())
    return;
  TileChecker(Ctx, Site).run(Site.Body->getBody());
}

} // namespace ampcc
