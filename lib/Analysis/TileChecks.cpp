// Checks of the tiled model: tile_static and barriers only in tiled kernels, barrier uniformity, races on
// tile_static memory.
#include "Analysis/TileChecks.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpDiagnostics.h"
#include "Analysis/Diagnostics.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <memory>
#include <optional>

using namespace clang;

namespace ampcc {
namespace {

// Which local variables may hold values that differ between the threads of a tile, anywhere in a function (the
// race check's view; the barrier check follows the control flow, ThreadDependenceFlow): the function's tiled_index
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

// How surely a value differs between the threads of a tile. Along one path values combine by the larger (a sum
// with the thread's index is the thread's); where paths merge, a value that is the thread's on one and shared on
// the other is only possibly the thread's.
enum class Dependence : uint8_t { Uniform, Possible, Certain };

Dependence combine(Dependence A, Dependence B) { return std::max(A, B); }
Dependence merge(Dependence A, Dependence B) { return A == B ? A : Dependence::Possible; }
// What passes through control or through memory the analysis does not follow is at most possibly the thread's.
Dependence possibleAtMost(Dependence D) { return std::min(D, Dependence::Possible); }

// Local variables' dependence at one point of a function; a variable that is not in the map is uniform.
using VarDependence = llvm::DenseMap<const VarDecl *, Dependence>;

Dependence get(const VarDependence &State, const VarDecl *VD) {
  auto It = State.find(VD);
  return It == State.end() ? Dependence::Uniform : It->second;
}

void set(VarDependence &State, const VarDecl *VD, Dependence D) {
  if (D == Dependence::Uniform)
    State.erase(VD);
  else
    State[VD] = D;
}

VarDependence merge(const VarDependence &A, const VarDependence &B) {
  VarDependence M;
  for (auto [VD, D] : A)
    set(M, VD, merge(D, get(B, VD)));
  for (auto [VD, D] : B)
    if (!A.count(VD))
      set(M, VD, merge(Dependence::Uniform, D));
  return M;
}

// Which values of one function differ between the threads of a tile, at each point of its control-flow graph
// (Clang's CFG), solved forward to a fixed point. The function's tiled_index parameters and the atomics' results
// are the thread's; a variable set again to a shared value is shared from there on. A value is only possibly the
// thread's where paths with and without the thread's value merge, where code that only some threads run set it, and
// where it passed through memory the analysis does not follow: tile_static memory, pointers, references, fields and
// elements of local objects. Global memory (array, array_view) read at a shared place is shared, as before.
class ThreadDependenceFlow {
public:
  ThreadDependenceFlow(ASTContext &Ctx, const FunctionDecl *FD) : FD(FD) {
    CFG::BuildOptions Options;
    Options.setAllAlwaysAdd();
    Cfg = CFG::buildCFG(FD, FD->getBody(), &Ctx, Options);
    if (!Cfg)
      return;
    Order = std::make_unique<PostOrderCFGView>(Cfg.get());
    unsigned N = Cfg->getNumBlockIDs();
    Out.resize(N);
    Branch.assign(N, Dependence::Uniform);
    Controllers.resize(N);
    Controlled.resize(N);
    ControlDependencyCalculator Control(Cfg.get());
    for (CFGBlock *B : *Cfg) {
      // A block runs only where every branch it depends on, directly or through other branches, goes its way.
      llvm::SmallVector<CFGBlock *, 8> Work{B};
      llvm::SmallPtrSet<CFGBlock *, 8> Seen;
      while (!Work.empty())
        for (CFGBlock *C : Control.getControlDependencies(Work.pop_back_val()))
          if (Seen.insert(C).second) {
            Work.push_back(C);
            Controllers[B->getBlockID()].push_back(C);
            Controlled[C->getBlockID()].push_back(B);
          }
    }
    findEscapes(FD->getBody());
  }

  bool built() const { return Cfg != nullptr; }
  const CFG &cfg() const { return *Cfg; }
  bool reached(const CFGBlock *B) const { return Out[B->getBlockID()].has_value(); }
  Dependence branch(const CFGBlock *C) const { return Branch[C->getBlockID()]; }
  llvm::ArrayRef<const CFGBlock *> controllers(const CFGBlock *B) const { return Controllers[B->getBlockID()]; }

  void run() {
    ForwardDataflowWorklist Work(*Cfg, Order.get());
    Work.enqueueBlock(&Cfg->getEntry());
    while (const CFGBlock *B = Work.dequeue()) {
      std::optional<VarDependence> State;
      if (B == &Cfg->getEntry())
        State = entry();
      for (const CFGBlock *P : B->preds())
        if (P && Out[P->getBlockID()])
          State = State ? merge(*State, *Out[P->getBlockID()]) : *Out[P->getBlockID()];
      if (!State)
        continue;
      Dependence EscapedBefore = Escaped;
      Dependence Control = Dependence::Uniform;
      for (const CFGBlock *C : controllers(B))
        Control = combine(Control, possibleAtMost(branch(C)));
      for (const CFGElement &E : *B)
        if (std::optional<CFGStmt> S = E.getAs<CFGStmt>())
          transfer(S->getStmt(), Control, *State);
      unsigned ID = B->getBlockID();
      if (const Stmt *Cond = B->getTerminatorCondition()) {
        Dependence D = dependence(Cond, *State);
        if (D != Branch[ID]) {
          Branch[ID] = D;
          for (const CFGBlock *X : Controlled[ID])
            Work.enqueueBlock(X);
        }
      }
      if (Escaped != EscapedBefore)
        for (const CFGBlock *X : *Cfg)
          Work.enqueueBlock(X);
      if (!Out[ID] || *Out[ID] != *State) {
        Out[ID] = std::move(*State);
        Work.enqueueSuccessors(B);
      }
    }
  }

private:
  VarDependence entry() const {
    VarDependence State;
    for (const ParmVarDecl *P : FD->parameters())
      if (getBuiltinTypeName(P->getType().getNonReferenceType()) == "tiled_index")
        set(State, P, Dependence::Certain);
    return State;
  }

  bool isLocal(const VarDecl *VD) const { return VD->getDeclContext() == FD && !isTileStatic(VD); }

  // The local variable whose storage an lvalue (or its address) names, through fields and array elements.
  const VarDecl *localRoot(const Expr *E) const {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
        E = UO->getSubExpr();
      else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E); ASE && isArrayBase(ASE))
        E = ASE->getBase();
      else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase();
      else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        return VD && isLocal(VD) ? VD : nullptr;
      } else
        return nullptr;
    }
  }

  static bool isValueWithElements(QualType T) {
    llvm::StringRef Name = getBuiltinTypeName(T.getNonReferenceType());
    return Name == "index" || Name == "extent";
  }

  static bool isArrayBase(const ArraySubscriptExpr *ASE) {
    return ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType();
  }

  // Local variables other code can reach: their address taken, a reference bound to them, passed by reference.
  void findEscapes(const Stmt *S) {
    if (!S)
      return;
    auto Escape = [&](const Expr *E) {
      if (const VarDecl *VD = localRoot(E))
        Escaping.insert(VD);
    };
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_AddrOf)
      Escape(UO->getSubExpr());
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S); ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
      Escape(ICE->getSubExpr());
    else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getType()->isReferenceType() && VD->getInit())
          Escape(VD->getInit());
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      forEachReferenceArgument(CE, Escape);
    }
    for (const Stmt *Child : S->children())
      findEscapes(Child);
  }

  // The arguments of a call that it may write through: those bound to non-const references, and pointers.
  template <typename Fn> static void forEachReferenceArgument(const CallExpr *CE, Fn &&F) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return;
    unsigned Skip = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = Skip; I < CE->getNumArgs() && I - Skip < Callee->getNumParams(); ++I) {
      QualType T = Callee->getParamDecl(I - Skip)->getType();
      if ((T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified()) || T->isPointerType())
        F(CE->getArg(I));
    }
  }

  void escapes(Dependence D) { Escaped = combine(Escaped, possibleAtMost(D)); }

  // A store of a value of dependence V to the lvalue LHS.
  void store(const Expr *LHS, Dependence V, VarDependence &State) {
    const Expr *E = LHS->IgnoreParenImpCasts();
    bool Whole = true;
    while (true) {
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        V = combine(V, dependence(ASE->getIdx(), State));
        if (!isArrayBase(ASE))
          return escapes(V);
        E = ASE->getBase()->IgnoreParenImpCasts();
      } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return escapes(V);
        E = ME->getBase()->IgnoreParenImpCasts();
      } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
        return escapes(V);
      } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
                 OC && OC->getOperator() == OO_Subscript && isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee()) &&
                 isValueWithElements(OC->getArg(0)->getType())) {
        // A component of an index or extent; other objects' elements (array, array_view) are global memory.
        for (unsigned I = 1; I < OC->getNumArgs(); ++I)
          V = combine(V, dependence(OC->getArg(I), State));
        E = OC->getArg(0)->IgnoreParenImpCasts();
      } else {
        break;
      }
      Whole = false;
    }
    // Stores to global memory, to captured objects and to tile_static memory are not followed (a read of
    // tile_static memory is possibly the thread's whatever was stored).
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !isLocal(VD))
      return;
    if (VD->getType()->isReferenceType())
      return escapes(V);
    if (Escaping.count(VD))
      escapes(V);
    // Part of an object: the rest keeps what it held, so a part set apart from the rest makes it possible.
    set(State, VD, Whole ? V : merge(get(State, VD), V));
  }

  void transfer(const Stmt *S, Dependence Control, VarDependence &State) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
      Dependence V = combine(dependence(BO->getRHS(), State), Control);
      if (BO->isCompoundAssignmentOp())
        V = combine(V, dependence(BO->getLHS(), State));
      store(BO->getLHS(), V, State);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      store(UO->getSubExpr(), combine(dependence(UO->getSubExpr(), State), Control), State);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && isLocal(VD))
          set(State, VD, combine(dependence(VD->getInit(), State), Control));
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S); OC && OC->isAssignmentOp() && OC->getNumArgs() == 2) {
      Dependence V = combine(dependence(OC->getArg(1), State), Control);
      if (OC->getOperator() != OO_Equal)
        V = combine(V, dependence(OC->getArg(0), State));
      store(OC->getArg(0), V, State);
    }
    // A call may store what it is given, the thread's index included, through its reference arguments.
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      bool WritesLocal = false;
      forEachReferenceArgument(CE, [&](const Expr *Arg) { WritesLocal |= localRoot(Arg) != nullptr; });
      if (WritesLocal)
        escapes(combine(dependence(CE, State), Control));
    }
  }

  Dependence dependence(const Stmt *S, const VarDependence &State) const {
    if (!S)
      return Dependence::Uniform;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return Dependence::Uniform;
      if (isTileStatic(VD))
        return Dependence::Possible;
      if (!isLocal(VD))
        return Dependence::Uniform;
      Dependence D = get(State, VD);
      if (VD->getType()->isReferenceType() || Escaping.count(VD))
        D = combine(D, Escaped);
      return D;
    }
    Dependence D = Dependence::Uniform;
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      // The tile's index and origin, its extent and its barrier are the same for every thread of the tile.
      llvm::StringRef Member = getBuiltinName(ME->getMemberDecl());
      if (Member == "tidx.tile" || Member == "tidx.tile_origin" || Member == "tidx.tile_extent" ||
          Member == "tidx.barrier")
        return Dependence::Uniform;
      if (ME->isArrow())
        D = Escaped;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_Deref) {
      D = Escaped;
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S); ASE && !isArrayBase(ASE)) {
      D = Escaped;
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      // Each thread gets its own result from an atomic.
      if (CE->getDirectCallee() && getBuiltinName(CE->getDirectCallee()).starts_with("atomic."))
        return Dependence::Certain;
    }
    for (const Stmt *Child : S->children())
      D = combine(D, dependence(Child, State));
    return D;
  }

  const FunctionDecl *FD;
  std::unique_ptr<CFG> Cfg;
  std::unique_ptr<PostOrderCFGView> Order;
  std::vector<std::optional<VarDependence>> Out;
  std::vector<Dependence> Branch;
  std::vector<llvm::SmallVector<const CFGBlock *, 4>> Controllers, Controlled;
  llvm::DenseSet<const VarDecl *> Escaping;
  // What stores through pointers, references and escaping variables may have left in memory.
  Dependence Escaped = Dependence::Uniform;
};

// Barriers reached by only some threads of a tile, in the tiled kernels and every function they call. A barrier (or
// a call of a function that waits at one) in a block that runs only where a branch on the thread's values goes its
// way is an error where that branch certainly depends on the thread, and a warning where it only possibly does: a
// check must never reject valid code. As MSVC's C3561, the diagnostic is at the first statement of the divergent
// code; notes name the barrier.
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
    llvm::StringRef IndexName;
    for (const ParmVarDecl *P : FD->parameters())
      if (getBuiltinTypeName(P->getType().getNonReferenceType()) == "tiled_index") {
        IndexName = P->getName();
        break;
      }
    // As before, a function without the thread's index (one given only shared values) is not judged.
    if (IndexName.empty())
      return;
    ThreadDependenceFlow Flow(Ctx, FD);
    if (!Flow.built())
      return;
    Flow.run();
    for (const CFGBlock *B : Flow.cfg()) {
      if (!Flow.reached(B))
        continue;
      for (const CFGElement &E : *B) {
        std::optional<CFGStmt> S = E.getAs<CFGStmt>();
        if (!S || !waitsAt(S->getStmt()))
          continue;
        // The outermost branch (the first condition in the source) of the most certain dependence.
        const CFGBlock *Divergent = nullptr;
        for (const CFGBlock *C : Flow.controllers(B)) {
          if (Flow.branch(C) == Dependence::Uniform || !C->getTerminatorStmt() || !condition(C))
            continue;
          if (!Divergent || Flow.branch(C) > Flow.branch(Divergent) ||
              (Flow.branch(C) == Flow.branch(Divergent) &&
               Ctx.getSourceManager().isBeforeInTranslationUnit(condition(C)->getBeginLoc(),
                                                                condition(Divergent)->getBeginLoc())))
            Divergent = C;
        }
        if (Divergent)
          report(Flow.branch(Divergent) == Dependence::Certain, condition(Divergent),
                 regionStart(Divergent->getTerminatorStmt(), S->getStmt()), cast<CallExpr>(S->getStmt()), IndexName);
      }
    }
  }

  // The condition a branch tests, as the user wrote it (the whole condition of an if whose && split it).
  static const Expr *condition(const CFGBlock *C) {
    const Stmt *T = C->getTerminatorStmt();
    if (const auto *IS = dyn_cast<IfStmt>(T))
      return IS->getCond();
    if (const auto *FS = dyn_cast<ForStmt>(T); FS && FS->getCond())
      return FS->getCond();
    if (const auto *WS = dyn_cast<WhileStmt>(T))
      return WS->getCond();
    if (const auto *DS = dyn_cast<DoStmt>(T))
      return DS->getCond();
    if (const auto *SS = dyn_cast<SwitchStmt>(T))
      return SS->getCond();
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(T))
      return CO->getCond();
    if (const auto *BO = dyn_cast<BinaryOperator>(T))
      return BO->getLHS();
    return dyn_cast_or_null<Expr>(C->getTerminatorCondition());
  }

  // The statement (or declaration) a node of the AST sits in, or null at the function's body.
  const Stmt *parentOf(const Stmt *S) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    while (!Parents.empty()) {
      if (const Stmt *P = Parents[0].get<Stmt>())
        return P;
      const Decl *D = Parents[0].get<Decl>();
      if (!D || isa<FunctionDecl>(D))
        return nullptr;
      Parents = Ctx.getParents(*D);
    }
    return nullptr;
  }

  // Where the code that only some threads reach starts: in the branch of Branch that holds the barrier, or, where
  // the barrier follows the branch (an early return, break or continue), the statement after it.
  const Stmt *regionStart(const Stmt *Branch, const Stmt *Barrier) {
    llvm::SmallVector<const Stmt *, 16> Path{Barrier}; // the barrier and its ancestors, innermost first
    while (const Stmt *P = parentOf(Path.back()))
      Path.push_back(P);
    const Stmt *BranchSide = Branch;
    for (const Stmt *S = Branch; S; BranchSide = S, S = parentOf(S)) {
      auto It = llvm::find(Path, S);
      if (It == Path.end())
        continue;
      const Stmt *BarrierSide = It == Path.begin() ? Barrier : *std::prev(It);
      const auto *CS = dyn_cast<CompoundStmt>(S);
      if (!CS || S == Branch)
        return startOf(BarrierSide);
      // Both in one block: the code after the branch, if the barrier comes later; else the block's start (the
      // next iteration of a loop that a thread may have left).
      auto BranchAt = llvm::find(CS->body(), BranchSide);
      auto BarrierAt = llvm::find(CS->body(), BarrierSide);
      if (BranchAt < BarrierAt)
        return *std::next(BranchAt);
      return startOf(CS);
    }
    return Barrier;
  }

  static const Stmt *startOf(const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return CS->body_empty() ? S : CS->body_front();
    return S;
  }

  void report(bool Certain, const Expr *Divergent, const Stmt *Region, const CallExpr *Call,
              llvm::StringRef IndexName) {
    SourceLocation At = Ctx.getSourceManager().getExpansionLoc(Region->getBeginLoc());
    // One diagnostic per divergent region, however many instantiations of a template reach it.
    if (!Reported.insert(At.getRawEncoding()).second)
      return;
    diagnose(Diags, At, Certain ? AmpDiag::BarrierDivergent : AmpDiag::BarrierPossiblyDivergent)
        << where(Ctx, Divergent->getBeginLoc()) << IndexName;
    if (isBarrierCall(Call))
      diagnose(Diags, Call->getBeginLoc(), AmpDiag::BarrierHere);
    else
      diagnose(Diags, Call->getBeginLoc(), AmpDiag::CalleeWaitsAtBarrier) << Call->getDirectCallee()->getNameAsString();
  }

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
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
