// Checks a gfx_kernel function's `_Cilk_for _Thread_group` nest (and an offloaded one written so): the rules of
// thread groups, second-level nests, __thread_group_local (SLM) variables and the serial code between them, and fills
// in the kernel's site.
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

// Shared local memory of one thread group on Intel graphics; the runtime also checks the actual device.
const unsigned long MaxGroupLocalBytes = 65536;

// Checks one gfx_kernel function and fills in its site.
class KernelChecker {
public:
  KernelChecker(ASTContext &Ctx, GfxKernelSite &Site, std::set<const VarDecl *> &Seen)
      : Ctx(Ctx), D(Ctx.getDiagnostics()), Site(Site), Seen(Seen) {}

  bool run() {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Site.FD->getBody());
    const ForStmt *First = nullptr;
    for (const Stmt *S : Body->body()) {
      const auto *For = dyn_cast<ForStmt>(S);
      bool TG = false;
      if (For && isCilkFor(For, Ctx, &TG) && TG && !First) {
        First = For;
        continue;
      }
      if (!First && isa<DeclStmt>(S)) {
        Site.Prologue.push_back(S);
        continue;
      }
      if (isa<NullStmt>(S) || (First && isa<ReturnStmt>(S) && !cast<ReturnStmt>(S)->getRetValue()))
        continue;
      error(D, S->getBeginLoc(),
            "a gfx_kernel function holds one '_Cilk_for _Thread_group' nest, optionally after declarations; "
            "ampcc cannot offload this statement");
      return false;
    }
    if (!First) {
      error(D, Site.FD->getLocation(), "gfx_kernel function '%0' has no '_Cilk_for _Thread_group' loop nest")
          << Site.FD->getName();
      return false;
    }
    return checkNest(First);
  }

  // The first-level nest First (of a gfx_kernel, or after `#pragma offload target(gfx)`) and all inside it.
  bool checkNest(const ForStmt *First) {
    Site.Groups = collectCheckedNest(
        First, Ctx, true, D,
        {"'_Cilk_for _Thread_group'", "a '_Cilk_for _Thread_group'", "the thread groups", "'_Cilk_for _Thread_group'"});
    walk(Site.Groups.Body, true);
    if (Site.Parallel.empty() && !Imperfect)
      error(D, First->getForLoc(),
            "a '_Cilk_for _Thread_group' nest needs at least one second-level '_Cilk_for' nest directly inside it");
    if (Site.LocalBytes > MaxGroupLocalBytes)
      error(D, First->getForLoc(),
            "the thread group uses %0 bytes of __thread_group_local memory, more than the %1 bytes of shared local "
            "memory a thread group has")
          << static_cast<unsigned>(Site.LocalBytes) << static_cast<unsigned>(MaxGroupLocalBytes);
    return !D.hasErrorOccurred();
  }

private:
  ASTContext &Ctx;
  DiagnosticsEngine &D;
  GfxKernelSite &Site;
  std::set<const VarDecl *> &Seen; // every __thread_group_local variable this checker has reported on
  bool Imperfect = false;
  long long MaxThreads = 0;
  bool AllConstant = true;

  bool isGroupLocalRef(const Expr *E) {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
        E = ASE->getBase();
      else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase();
      else
        break;
    }
    const VarDecl *V = loopVariable(E);
    return V && isThreadGroupLocal(V);
  }

  // The statements of the first-level nest (Direct: immediately in it).
  void walk(const Stmt *S, bool Direct) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        walk(C, Direct);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Dl : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(Dl);
        if (!VD)
          continue;
        if (isThreadGroupLocal(VD)) {
          groupLocal(VD, Direct);
          continue;
        }
        if (VD->isStaticLocal())
          error(D, VD->getLocation(), "serial code in a thread-group nest cannot declare the static variable '%0'")
              << VD->getName();
        if (VD->getInit())
          serial(VD->getInit());
      }
      return;
    }
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      bool TG = false;
      if (isCilkFor(For, Ctx, &TG)) {
        if (TG) {
          Imperfect = true;
          error(D, For->getForLoc(),
                "imperfect '_Cilk_for _Thread_group' nest: the loop must be the only statement of the enclosing "
                "first-level loop");
          return;
        }
        parallel(For);
        return;
      }
      if (For->getInit())
        walkSerialStmt(For->getInit());
      serial(For->getCond());
      serial(For->getInc());
      walk(For->getBody(), false);
      return;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      serial(W->getCond());
      walk(W->getBody(), false);
      return;
    }
    if (const auto *Do = dyn_cast<DoStmt>(S)) {
      serial(Do->getCond());
      walk(Do->getBody(), false);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      serial(If->getCond());
      walk(If->getThen(), false);
      walk(If->getElse(), false);
      return;
    }
    if (isGfxBarrierCall(S))
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp() && isGroupLocalRef(BO->getLHS())) {
      if (!Direct)
        error(D, S->getBeginLoc(),
              "a store to __thread_group_local data must be directly in the first-level nest (it is done once per "
              "group)");
      Site.GroupLocalStores.insert(S);
      return;
    }
    if (const auto *E = dyn_cast<Expr>(S)) {
      serial(E);
      return;
    }
    if (isa<NullStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S))
      return;
    error(D, S->getBeginLoc(), "this statement is not allowed in a thread-group nest");
  }

  void walkSerialStmt(const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S))
      serial(E);
    else
      walk(S, false);
  }

  void groupLocal(const VarDecl *VD, bool Direct) {
    Seen.insert(VD);
    if (!Direct) {
      error(D, VD->getLocation(),
            "__thread_group_local variable '%0' must be declared directly in the '_Cilk_for _Thread_group' nest")
          << VD->getName();
      return;
    }
    Site.GroupLocals.push_back(VD);
    QualType T = VD->getType();
    if (const auto *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
        RD && (RD->hasUserDeclaredConstructor() || !RD->hasTrivialDefaultConstructor())) {
      error(D, VD->getLocation(),
            "__thread_group_local variable '%0' is an object of class '%1', which has a constructor; only scalars, "
            "arrays and POD structs can live in shared local memory")
          << VD->getName() << RD->getName();
      return;
    }
    if (T->isReferenceType()) {
      error(D, VD->getLocation(), "__thread_group_local cannot be applied to a reference");
      return;
    }
    Site.LocalBytes += Ctx.getTypeSizeInChars(T).getQuantity();
  }

  // The variable a store to E updates: a local variable, or one whose array elements or fields E names.
  static const VarDecl *updatedLocal(const Expr *E) {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
          AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        E = AS->getBase();
      else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase();
      else
        break;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->hasLocalStorage() && !isThreadGroupLocal(VD) ? VD : nullptr;
  }

  static void updates(const Stmt *S, std::vector<std::pair<const VarDecl *, const Expr *>> &Out,
                      std::set<const VarDecl *> &Inner) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Dl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dl))
          Inner.insert(VD);
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (const VarDecl *VD = Target ? updatedLocal(Target) : nullptr)
      Out.push_back({VD, cast<Expr>(S)});
    for (const Stmt *C : S->children())
      updates(C, Out, Inner);
  }

  // The first use of VD in S after the source location After, outside the statement Skip.
  const DeclRefExpr *useAfter(const Stmt *S, const VarDecl *VD, SourceLocation After, const Stmt *Skip) const {
    if (!S || S == Skip)
      return nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == VD && Ctx.getSourceManager().isBeforeInTranslationUnit(After, DRE->getLocation()))
      return DRE;
    for (const Stmt *C : S->children())
      if (const DeclRefExpr *U = useAfter(C, VD, After, Skip))
        return U;
    return nullptr;
  }

  // The 18.0 rule for serial-code variables in a second-level nest: each thread gets its own copy
  // (firstprivate), so a variable whose value is used after the nest cannot be updated inside it.
  void firstprivateRule(const ForStmt *Nest) {
    std::vector<std::pair<const VarDecl *, const Expr *>> Updated;
    std::set<const VarDecl *> Inner;
    updates(Nest, Updated, Inner);
    std::set<const VarDecl *> Reported;
    for (auto [VD, At] : Updated) {
      if (Inner.count(VD) || !Reported.insert(VD).second)
        continue;
      const DeclRefExpr *Use = useAfter(Site.FD->getBody(), VD, Nest->getEndLoc(), Nest);
      if (!Use)
        continue;
      error(D, At->getExprLoc(),
            "'%0' is firstprivate in this second-level '_Cilk_for' nest (each thread updates its own copy), and "
            "its value is used after the nest: it cannot be updated inside the nest")
          << VD->getName();
      note(D, Use->getLocation(), "'%0' is used here after the nest") << VD->getName();
    }
  }

  void parallel(const ForStmt *For) {
    GfxNest N = collectNest(For, Ctx, false);
    Site.Parallel.insert(For);
    firstprivateRule(For);
    checkRectangularNest(N, D, "second-level '_Cilk_for'");
    long long Threads = 1;
    for (const GfxLoop &L : N.Loops) {
      long long C = 0;
      if (!L.Var) {
        error(D, L.For->getForLoc(),
              "a '_Cilk_for' loop must be in canonical form: 'for (int v = a; v < b; v += step)' (or <=, >, >=, "
              "!=, ++, --, -=)");
        return;
      }
      if (constantTripCount(L, Ctx, C))
        Threads *= C;
      else
        AllConstant = false;
    }
    if (Threads > MaxThreads)
      MaxThreads = Threads;
    Site.GroupSize =
        AllConstant ? static_cast<unsigned>(std::min<long long>(std::max<long long>(MaxThreads, 1), 256)) : 64;
    inner(N.Body);
  }

  // The body of a second-level nest: per-thread code.
  void inner(const Stmt *S) {
    if (!S)
      return;
    if (const auto *For = dyn_cast<ForStmt>(S); For && isCilkFor(For, Ctx)) {
      // Loops that array notation produced run serially in each thread.
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
          !DS || !DS->isSingleDecl() ||
          !cast<NamedDecl>(DS->getSingleDecl())->getName().starts_with(abi::ArrayNotationIndex)) {
        error(D, For->getForLoc(),
              "imperfect second-level nest: a '_Cilk_for' inside a second-level nest must be perfectly nested in it");
        return;
      }
    }
    if (isGfxBarrierCall(S)) {
      error(D, S->getBeginLoc(),
            "_gfx_gpgpu_thread_barrier() is reached by only some threads of the group: call it in the first-level "
            "nest, outside second-level '_Cilk_for' nests");
      return;
    }
    for (const Stmt *C : S->children())
      inner(C);
  }

  // Serial code: executed by every thread of the group with the same result.
  void serial(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      const Expr *Target = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp())
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isIncrementDecrementOp())
        Target = UO->getSubExpr();
      if (Target && writesMemory(Target)) {
        error(D, E->getExprLoc(),
              "serial code in a thread-group nest cannot write memory through a pointer; write it in a "
              "second-level '_Cilk_for' nest");
        return;
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      error(D, CE->getBeginLoc(),
            "serial code in a thread-group nest cannot call functions%select{| ('%1')}0; call it in a second-level "
            "'_Cilk_for' nest")
          << (FD != nullptr) << (FD ? FD->getName() : "");
      return;
    }
    if (isa<CXXConstructExpr>(S) && !cast<CXXConstructExpr>(S)->getConstructor()->isTrivial()) {
      error(D, S->getBeginLoc(), "serial code in a thread-group nest cannot call constructors");
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (isThreadGroupLocal(VD)) {
          error(D, DRE->getLocation(),
                "serial code in a thread-group nest cannot access the __thread_group_local variable '%0'; use it in "
                "a second-level '_Cilk_for' nest")
              << VD->getName();
        } else if (VD->hasGlobalStorage() && !VD->isUsableInConstantExpressions(Ctx)) {
          error(D, DRE->getLocation(),
                "serial code in a thread-group nest can use only local variables and parameters, not the "
                "%select{global|static}0 variable '%1'")
              << VD->isStaticLocal() << VD->getName();
        }
      }
      return;
    }
    for (const Stmt *C : S->children())
      serial(C);
  }

  // Whether assigning E stores through a pointer (rather than to a local variable or its elements).
  bool writesMemory(const Expr *E) {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
        if (!Base->getType()->isArrayType())
          return true;
        E = Base;
      } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return true;
        E = ME->getBase();
      } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        return UO->getOpcode() == UO_Deref;
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        return DRE->getDecl()->getType()->isReferenceType();
      } else {
        return true;
      }
    }
  }
};

} // namespace

bool checkGfxKernel(ASTContext &Ctx, GfxKernelSite &Site, std::set<const VarDecl *> &Known) {
  return KernelChecker(Ctx, Site, Known).run();
}

bool checkGfxThreadGroupNest(ASTContext &Ctx, GfxKernelSite &Site, std::set<const VarDecl *> &Known,
                             const ForStmt *First) {
  return KernelChecker(Ctx, Site, Known).checkNest(First);
}

} // namespace ampcc
