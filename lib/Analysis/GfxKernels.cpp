// Finds Cilk Plus graphics kernels and checks the rules of thread groups, SLM and serial code.
#include "Analysis/GfxKernels.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

// Shared local memory of one thread group on Intel graphics; the runtime also checks the actual device.
static const unsigned long MaxGroupLocalBytes = 65536;

static bool hasAnnotation(const Decl *D, llvm::StringRef Name) {
  if (!D)
    return false;
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Name)
      return true;
  return false;
}

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
  return FD && FD->getIdentifier() && FD->getName() == "ampcc_gfx_offload_target_gfx";
}

bool isCilkFor(const ForStmt *For, const ASTContext &Ctx, bool *ThreadGroup) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = For->getForLoc();
  if (!Loc.isMacroID() || Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()) != "_Cilk_for")
    return false;
  if (ThreadGroup) {
    SourceLocation Kw = SM.getExpansionRange(Loc).getEnd();
    std::optional<Token> Next = Lexer::findNextToken(Kw, SM, Ctx.getLangOpts());
    *ThreadGroup = Next && Next->is(tok::raw_identifier) && Next->getRawIdentifier() == "_Thread_group";
  }
  return true;
}

static const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool parseGfxLoop(const ForStmt *For, GfxLoop &L) {
  L.For = For;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit() || !VD->getType()->isIntegerType())
      return false;
    L.Var = VD;
    L.Init = VD->getInit();
    L.Declared = true;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (BO->getOpcode() != BO_Assign || !varOf(BO->getLHS()) || !varOf(BO->getLHS())->getType()->isIntegerType())
      return false;
    L.Var = varOf(BO->getLHS());
    L.Init = BO->getRHS();
  } else {
    return false;
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || varOf(Cond->getLHS()) != L.Var)
    return false;
  L.Cmp = Cond->getOpcode();
  if (L.Cmp != BO_LT && L.Cmp != BO_LE && L.Cmp != BO_GT && L.Cmp != BO_GE && L.Cmp != BO_NE)
    return false;
  L.Bound = Cond->getRHS();
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!UO->isIncrementDecrementOp() || varOf(UO->getSubExpr()) != L.Var)
      return false;
    L.Down = UO->isDecrementOp();
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (varOf(CA->getLHS()) != L.Var || (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
      return false;
    L.Step = CA->getRHS();
    L.Down = CA->getOpcode() == BO_SubAssign;
  } else {
    return false;
  }
  return true;
}

// The loop's body without a compound statement of one statement around it.
static const Stmt *single(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      return S;
    S = CS->body_front();
  }
  return S;
}

GfxNest collectNest(const ForStmt *For, const ASTContext &Ctx, bool ThreadGroup) {
  GfxNest N;
  while (true) {
    GfxLoop L;
    L.For = For;
    parseGfxLoop(For, L);
    N.Loops.push_back(L);
    N.Body = For->getBody();
    const auto *Inner = dyn_cast_or_null<ForStmt>(single(For->getBody()));
    bool TG = false;
    if (!Inner || !isCilkFor(Inner, Ctx, &TG) || TG != ThreadGroup)
      return N;
    For = Inner;
  }
}

static bool constantTrip(const GfxLoop &L, const ASTContext &Ctx, long long &N) {
  Expr::EvalResult A, B, S;
  if (!L.Init || !L.Bound || !L.Init->EvaluateAsInt(A, Ctx) || !L.Bound->EvaluateAsInt(B, Ctx))
    return false;
  long long Step = 1;
  if (L.Step) {
    if (!L.Step->EvaluateAsInt(S, Ctx))
      return false;
    Step = S.Val.getInt().getExtValue();
  }
  long long a = A.Val.getInt().getExtValue(), b = B.Val.getInt().getExtValue();
  if (Step <= 0)
    return false;
  long long Span = L.Down ? a - b : b - a;
  if (L.Cmp == BO_LE || L.Cmp == BO_GE)
    Span += 1;
  N = Span > 0 ? (Span + Step - 1) / Step : 0;
  return true;
}

// The first reference in S to one of Vars, or null.
static const DeclRefExpr *findRef(const Stmt *S, const std::set<const VarDecl *> &Vars) {
  if (!S)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && Vars.count(dyn_cast<VarDecl>(DRE->getDecl())))
    return DRE;
  for (const Stmt *C : S->children())
    if (const DeclRefExpr *R = findRef(C, Vars))
      return R;
  return nullptr;
}

// Reports a loop of a nest whose bounds or step use the variable of an enclosing loop of the same nest:
// the iteration space of a nest is mapped onto a rectangular grid.
static void checkRectangular(const GfxNest &N, DiagnosticsEngine &D, llvm::StringRef What) {
  std::set<const VarDecl *> Outer;
  for (const GfxLoop &L : N.Loops) {
    if (!L.Var)
      return;
    for (const Expr *E : {L.Init, L.Bound, L.Step})
      if (const DeclRefExpr *R = findRef(E, Outer)) {
        error(D, R->getLocation(),
              "non-rectangular %0 nest: the bounds of a loop cannot use '%1', the variable of an enclosing loop of "
              "the same nest")
            << What << R->getDecl()->getName();
        return;
      }
    Outer.insert(L.Var);
  }
}

namespace {

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
    Site.Groups = collectNest(First, Ctx, true);
    for (const GfxLoop &L : Site.Groups.Loops)
      if (!L.Var || !L.Declared)
        error(D, L.For->getForLoc(),
              "a '_Cilk_for _Thread_group' loop must be in canonical form: "
              "'for (int v = a; v < b; v += step)' (or <=, >, >=, !=, ++, --, -=)");
    if (Site.Groups.Loops.size() > 3)
      error(D, Site.Groups.Loops[3].For->getForLoc(),
            "a '_Cilk_for _Thread_group' nest can have at most 3 loops (the thread groups form a grid of up to 3 "
            "dimensions); this is loop %0")
          << static_cast<unsigned>(4);
    checkRectangular(Site.Groups, D, "'_Cilk_for _Thread_group'");
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
    const VarDecl *V = varOf(E);
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
    checkRectangular(N, D, "second-level '_Cilk_for'");
    long long Threads = 1;
    for (const GfxLoop &L : N.Loops) {
      long long C = 0;
      if (!L.Var) {
        error(D, L.For->getForLoc(),
              "a '_Cilk_for' loop must be in canonical form: 'for (int v = a; v < b; v += step)' (or <=, >, >=, "
              "!=, ++, --, -=)");
        return;
      }
      if (constantTrip(L, Ctx, C))
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
          !DS || !DS->isSingleDecl() || !cast<NamedDecl>(DS->getSingleDecl())->getName().starts_with("ampcc_an")) {
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
    if (DS && DS->isSingleDecl() && cast<NamedDecl>(DS->getSingleDecl())->getName().starts_with("ampcc_an"))
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

// Finds the `#pragma offload target(gfx)` markers of one host function and checks their nests.
class OffloadFinder : public RecursiveASTVisitor<OffloadFinder> {
public:
  OffloadFinder(ASTContext &Ctx, const FunctionDecl *FD, std::vector<GfxKernelSite> &Sites,
                std::set<const VarDecl *> &Known)
      : Ctx(Ctx), D(Ctx.getDiagnostics()), FD(FD), Sites(Sites), Known(Known) {}

  // `#pragma offload_wait target(gfx) wait(t)` (CilkSource: `ampcc_gfx_offload_wait("wait", (t))`).
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Callee->getName() != "ampcc_gfx_offload_wait")
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
      const VarDecl *V = varOf(A);
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
      KernelChecker(Ctx, Site, Known).checkNest(For);
      addSite(For, Site, Errors);
      return;
    }
    Site.Groups = collectNest(For, Ctx, false);
    for (const GfxLoop &L : Site.Groups.Loops)
      if (!L.Var || !L.Declared)
        error(D, L.For->getForLoc(),
              "a '_Cilk_for' loop must be in canonical form: 'for (int v = a; v < b; v += step)' (or <=, >, >=, "
              "!=, ++, --, -=)");
    if (Site.Groups.Loops.size() > 3)
      error(D, Site.Groups.Loops[3].For->getForLoc(),
            "an offloaded '_Cilk_for' nest can have at most 3 loops (its iterations form a grid of up to 3 "
            "dimensions); this is loop %0")
          << static_cast<unsigned>(4);
    checkRectangular(Site.Groups, D, "offloaded '_Cilk_for'");
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
    const VarDecl *V = varOf(E);
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
    if (const VarDecl *V = Target ? varOf(Target) : nullptr; V && !Inner.count(V) && V->hasLocalStorage())
      error(D, Target->getExprLoc(),
            "an offloaded '_Cilk_for' nest cannot assign '%0': it gets a copy of each variable of the function")
          << V->getName();
    for (const Stmt *C : S->children())
      captures(C, Inner, Site);
  }
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
    bool Ok = KernelChecker(Ctx, Site, Known).run();
    if (Ok)
      Sites.push_back(Site);
  }
  for (const FunctionDecl *FD : Collector.Hosts)
    OffloadFinder(Ctx, FD, Sites, Known).TraverseStmt(FD->getBody());
  PlacementChecker(Ctx, Known).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Sites;
}

} // namespace ampcc
