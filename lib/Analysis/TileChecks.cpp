// Checks of the tiled model: tile_static and barriers only in tiled kernels, barrier uniformity, races on
// tile_static memory.
#include "Analysis/TileChecks.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpDiagnostics.h"
#include "Analysis/Diagnostics.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ampcc {
namespace {

// Which local variables hold values that differ between the threads of a tile: the function's tiled_index
// parameters, and anything computed from them or read from memory at a thread-dependent place.
class ThreadDependence : public RecursiveASTVisitor<ThreadDependence> {
public:
  explicit ThreadDependence(const FunctionDecl *FD) {
    for (const ParmVarDecl *P : FD->parameters())
      if (getBuiltinTypeName(P->getType().getNonReferenceType()) == "tiled_index")
        Tainted.insert(P);
  }

  bool dependsOnThread(const Stmt *S) const {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return Tainted.count(DRE->getDecl()) != 0;
    // The tile's index and origin, its extent and its barrier are the same for every thread of the tile.
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      llvm::StringRef Member = getBuiltinName(ME->getMemberDecl());
      if (Member == "tidx.tile" || Member == "tidx.tile_origin" || Member == "tidx.tile_extent" ||
          Member == "tidx.barrier")
        return false;
    }
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

// The function a call runs, with its body, or null.
const FunctionDecl *calleeWithBody(const Stmt *S) {
  const auto *CE = dyn_cast<CallExpr>(S);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  return FD && FD->hasBody(Def) ? Def : nullptr;
}

std::string where(ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  return std::to_string(PL.getLine()) + ":" + std::to_string(PL.getColumn());
}

// Barriers reached by only some threads of a tile, in the tiled kernels and every function they call. A
// function's tiled_index parameters are the thread's; a branch or loop whose condition depends on them is
// divergent, and a barrier inside it (or a call to a function that waits at one) is an error. As MSVC's
// C3561, the error is at the first statement of the divergent code; notes name the barrier.
class BarrierChecker {
public:
  explicit BarrierChecker(ASTContext &Ctx) : Ctx(Ctx), Diags(Ctx.getDiagnostics()) {}

  void checkKernel(const KernelSite &Site) {
    std::vector<const FunctionDecl *> Work{Site.Body};
    while (!Work.empty()) {
      const FunctionDecl *FD = Work.back();
      Work.pop_back();
      if (!Checked.insert(FD).second || !FD->getBody())
        continue;
      checkFunction(FD);
      collectCallees(FD->getBody(), Work);
    }
  }

  // Whether S is a barrier, or a call to a function that waits at one.
  bool waitsAt(const Stmt *S) {
    if (isBarrierCall(S))
      return true;
    const FunctionDecl *FD = calleeWithBody(S);
    return FD && barrierIn(FD);
  }

private:
  void collectCallees(const Stmt *S, std::vector<const FunctionDecl *> &Work) {
    if (!S)
      return;
    if (const FunctionDecl *FD = calleeWithBody(S))
      Work.push_back(FD);
    for (const Stmt *Child : S->children())
      collectCallees(Child, Work);
  }

  // The barrier call that running FD may wait at (the first found), or null.
  const CallExpr *barrierIn(const FunctionDecl *FD) {
    auto [It, Inserted] = Waits.try_emplace(FD, nullptr);
    if (!Inserted)
      return It->second; // known, or being computed (recursion: amp code has none)
    const CallExpr *Found = firstBarrier(FD->getBody());
    Waits[FD] = Found;
    return Found;
  }

  const CallExpr *firstBarrier(const Stmt *S) {
    if (!S)
      return nullptr;
    if (isBarrierCall(S))
      return cast<CallExpr>(S);
    if (const FunctionDecl *FD = calleeWithBody(S))
      if (barrierIn(FD))
        return cast<CallExpr>(S);
    for (const Stmt *Child : S->children())
      if (const CallExpr *CE = firstBarrier(Child))
        return CE;
    return nullptr;
  }

  void checkFunction(const FunctionDecl *FD) {
    ThreadDependence Dep(FD);
    if (Dep.Tainted.empty())
      return;
    Dep.run(FD->getBody());
    this->Dep = &Dep;
    for (const ParmVarDecl *P : FD->parameters())
      if (Dep.Tainted.count(P)) {
        IndexName = P->getName();
        break;
      }
    check(FD->getBody(), nullptr, nullptr);
    this->Dep = nullptr;
  }

  // Where the code under a divergent condition starts: its first statement.
  static const Stmt *regionStart(const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return CS->body_empty() ? S : CS->body_front();
    return S;
  }

  void check(const Stmt *S, const Expr *Divergent, const Stmt *Region) {
    if (!S)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S); Call && Divergent) {
      const FunctionDecl *Callee = calleeWithBody(Call);
      if (isBarrierCall(Call) || (Callee && barrierIn(Callee))) {
        report(Divergent, Region, Call);
        return;
      }
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
    bool Diverges = !Divergent && Cond && Dep->dependsOnThread(Cond);
    for (const Stmt *Child : S->children()) {
      if (!Child)
        continue;
      // The condition itself is evaluated by every thread.
      if (Child == Cond || !Diverges)
        check(Child, Divergent, Region);
      else
        check(Child, Cond, regionStart(Child));
    }
  }

  void report(const Expr *Divergent, const Stmt *Region, const CallExpr *Call) {
    SourceLocation At = Ctx.getSourceManager().getExpansionLoc(Region->getBeginLoc());
    // One error per divergent region, however many instantiations of a template reach it.
    if (!Reported.insert(At.getRawEncoding()).second)
      return;
    error(Diags, At,
          "code that only some threads of a tile reach waits at a tile barrier: the condition at %0 depends on "
          "'%1'; a barrier must be reached by all threads of a tile or by none")
        << where(Ctx, Divergent->getBeginLoc()) << IndexName;
    if (isBarrierCall(Call))
      note(Diags, Call->getBeginLoc(), "the barrier is here");
    else
      note(Diags, Call->getBeginLoc(), "'%0' waits at a tile barrier")
          << Call->getDirectCallee()->getNameAsString();
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  ThreadDependence *Dep = nullptr;
  llvm::StringRef IndexName;
  llvm::DenseSet<const FunctionDecl *> Checked;
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> Waits;
  llvm::DenseSet<SourceLocation::UIntTy> Reported;
};

// Likely races on tile_static memory in one tiled kernel: a location written by one thread and read by another
// with no barrier between.
class RaceChecker {
public:
  RaceChecker(ASTContext &Ctx, const KernelSite &Site, BarrierChecker &Barriers)
      : Ctx(Ctx), Diags(Ctx.getDiagnostics()), Barriers(Barriers), Dep(Site.Body) {}

  void run(Stmt *Body) {
    Dep.run(Body);
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

  // Visits expressions in evaluation order (right-hand side before the assignment's target).
  void walk(const Stmt *S) {
    if (!S)
      return;
    // A barrier, also one in a function the kernel calls, orders every write before it.
    if (Barriers.waitsAt(S)) {
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
          << VD->getName() << where(Ctx, W.Access->getBeginLoc());
      note(Diags, W.Access->getBeginLoc(), "the write to '%0' is here") << VD->getName();
    }
    return true;
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  BarrierChecker &Barriers;
  ThreadDependence Dep;
  std::vector<Write> Pending;
  llvm::DenseSet<const Expr *> Reported;
};

// tile_static memory and tile barriers belong to tiles: what a kernel that is not tiled runs (its body and every
// function it calls) may use neither. Each declaration or barrier is reported once, whichever kernel reaches it.
class TileContextChecker {
public:
  explicit TileContextChecker(ASTContext &Ctx) : Diags(Ctx.getDiagnostics()) {}

  void checkKernel(const KernelSite &Site) {
    std::vector<const FunctionDecl *> Work{Site.Body};
    while (!Work.empty()) {
      const FunctionDecl *FD = Work.back();
      Work.pop_back();
      if (Visited.insert(FD).second && FD->getBody())
        walk(FD->getBody(), Work);
    }
  }

private:
  void walk(const Stmt *S, std::vector<const FunctionDecl *> &Work) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && isTileStatic(VD) && Reported.insert(VD).second)
          diagnose(Diags, VD->getLocation(), AmpDiag::TileStaticOutsideTiledKernel);
    if (isBarrierCall(S) && Reported.insert(S).second)
      diagnose(Diags, cast<CallExpr>(S)->getExprLoc(), AmpDiag::BarrierOutsideTiledKernel);
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *Callee = calleeWithBody(S))
      Work.push_back(Callee);
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(S); CE && CE->getConstructor()->hasBody(Def))
      Work.push_back(Def);
    for (const Stmt *Child : S->children())
      walk(Child, Work);
  }

  DiagnosticsEngine &Diags;
  llvm::DenseSet<const FunctionDecl *> Visited;
  llvm::DenseSet<const void *> Reported;
};

} // namespace

void checkTiledKernels(ASTContext &Ctx, llvm::ArrayRef<KernelSite> Sites) {
  BarrierChecker Barriers(Ctx);
  TileContextChecker Context(Ctx);
  for (const KernelSite &Site : Sites) {
    if (!Site.isTiled()) {
      Context.checkKernel(Site);
      continue;
    }
    Barriers.checkKernel(Site);
    RaceChecker(Ctx, Site, Barriers).run(Site.Body->getBody());
  }
}

} // namespace ampcc
