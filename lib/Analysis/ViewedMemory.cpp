// Which local variables an array_view made in amp code views (see ViewedMemory.h).
#include "Analysis/ViewedMemory.h"
#include "Analysis/AmpAnnotations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

// The index of PVD among F's parameters, if it is one of them.
std::optional<unsigned> paramIndex(const FunctionDecl *F, const ValueDecl *D) {
  const auto *PVD = dyn_cast<ParmVarDecl>(D);
  if (!PVD || PVD->getDeclContext() != F)
    return std::nullopt;
  return PVD->getFunctionScopeIndex();
}

bool isNullPointer(ASTContext &Ctx, const Expr *E) {
  return E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
}

} // namespace

// Finds, in one function's body (and a constructor's member initialisers), the views made over pointers and
// the calls whose callees view memory their callers hold.
class ViewedMemoryWalker : public RecursiveASTVisitor<ViewedMemoryWalker> {
public:
  ViewedMemoryWalker(ViewedMemory &VM, const FunctionDecl *F, ViewedMemory::Summary &S) : VM(VM), F(F), S(S) {}
  // Default member initialisers and default arguments are code of the constructor or call that uses them.
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (getBuiltinName(Ctor) == "av.from_pointer") {
      if (CE->getNumArgs())
        VM.traceValue(F, CE->getArg(CE->getNumArgs() - 1), S, Seen);
      return true;
    }
    // The object a constructor that views its own members makes is placed where it is declared (a variable in
    // VisitVarDecl, a member or base in ViewedMemory::summary); the lowering constructs it there.
    llvm::SmallVector<const Expr *, 4> Args(CE->arguments());
    callee(Ctor, nullptr, Args);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VM.constructsViewedObject(VD->getInit()))
      VM.markGlobal(VD);
    return true;
  }

  // A conditional whose address is taken (bound to a reference, a pointer, assigned to, a member of it written)
  // may point at two kinds of memory. One whose value alone is used (read, or bound to a const reference, which
  // the lowering copies) is noted first: the visitor sees a parent before its children.
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    bool ValueUse = ICE->getCastKind() == CK_LValueToRValue ||
                    (ICE->getCastKind() == CK_NoOp && ICE->getType().isConstQualified());
    const Expr *E = ICE->getSubExpr();
    while (ValueUse) {
      E = E->IgnoreParens();
      if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase();
      else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E); Cast && Cast->getCastKind() == CK_NoOp)
        E = Cast->getSubExpr();
      else
        break;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E); ValueUse && CO)
      ValuesOnly.insert(CO);
    return true;
  }

  bool VisitConditionalOperator(ConditionalOperator *CO) {
    if (CO->getType()->isPointerType() || (CO->isGLValue() && !ValuesOnly.count(CO)))
      VM.placeMixedMemory(F, CO);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    llvm::SmallVector<const Expr *, 4> Args;
    const Expr *Obj = splitCall(CE, FD, Args);
    callee(FD, Obj, Args);
    return true;
  }

private:
  void callee(const FunctionDecl *FD, const Expr *Obj, llvm::ArrayRef<const Expr *> Args) {
    const FunctionDecl *Def = nullptr;
    if (!getBuiltinName(FD).empty() || !FD->hasBody(Def) || !Def || !isAmpCallable(Def))
      return;
    const ViewedMemory::Summary &CS = VM.summary(Def);
    for (unsigned I : CS.Params) {
      if (I >= Args.size() || I >= Def->getNumParams())
        continue;
      if (Def->getParamDecl(I)->getType()->isPointerType())
        VM.traceValue(F, Args[I], S, Seen);
      else
        VM.traceLValue(F, Args[I], S, Seen);
    }
    if (CS.This && Obj) {
      if (Obj->getType()->isPointerType())
        VM.traceValue(F, Obj, S, Seen);
      else
        VM.traceLValue(F, Obj, S, Seen);
    }
  }

  ViewedMemory &VM;
  const FunctionDecl *F;
  ViewedMemory::Summary &S;
  std::set<const VarDecl *> Seen;
  std::set<const ConditionalOperator *> ValuesOnly;
};

const ViewedMemory::Summary &ViewedMemory::summary(const FunctionDecl *FD) {
  auto [It, New] = Summaries.try_emplace(FD);
  // Recursion is an error of its own in amp code; a function being summarised gives what it has so far.
  if (!New || !FD->hasBody())
    return It->second;
  Summary S;
  ViewedMemoryWalker W(*this, FD, S);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      if (!Init->isWritten() && !Init->isMemberInitializer() && !Init->isBaseInitializer())
        continue;
      W.TraverseStmt(const_cast<Expr *>(Init->getInit()));
      // A member or base whose constructor views it is part of this constructor's object, and the constructor
      // a delegating one calls makes all of it.
      if ((Init->isMemberInitializer() || Init->isBaseInitializer() || Init->isDelegatingInitializer()) &&
          constructsViewedObject(Init->getInit()))
        S.This = true;
    }
  W.TraverseStmt(FD->getBody());
  Summaries[FD] = S;
  return Summaries[FD];
}

const CXXConstructExpr *ViewedMemory::constructsViewedObject(const Expr *Init) {
  if (!Init)
    return nullptr;
  const Expr *E = Init;
  while (true) {
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E); ICE && ICE->getCastKind() == CK_NoOp)
      E = ICE->getSubExpr();
    else if (const auto *PE = dyn_cast<ParenExpr>(E))
      E = PE->getSubExpr();
    else if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
      E = DI->getExpr();
    else
      break;
  }
  const auto *CE = dyn_cast<CXXConstructExpr>(E);
  const FunctionDecl *Def = nullptr;
  if (!CE || !getBuiltinName(CE->getConstructor()).empty() || !CE->getConstructor()->hasBody(Def) || !Def ||
      !isAmpCallable(Def))
    return nullptr;
  return summary(Def).This ? CE : nullptr;
}

bool ViewedMemory::mustBeGlobal(const VarDecl *VD) {
  if (const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext()))
    summary(FD);
  return Global.count(VD) != 0;
}

void ViewedMemory::markGlobal(const VarDecl *VD) {
  if (Collected) {
    Collected->push_back(VD);
    return;
  }
  if (Global.insert(VD).second && isTileStatic(VD))
    TileStatic = true;
}

void ViewedMemory::placeMixedMemory(const FunctionDecl *F, const ConditionalOperator *CO) {
  std::vector<const VarDecl *> Reached;
  bool Pointer = CO->getType()->isPointerType();
  for (const Expr *Branch : {CO->getTrueExpr(), CO->getFalseExpr()}) {
    // Parameters and `this` are the callers' memory, which each call's specialisation knows: not traced here.
    Summary Callers;
    std::set<const VarDecl *> Seen;
    Collected = &Reached;
    if (Pointer)
      traceValue(F, Branch, Callers, Seen);
    else
      traceLValue(F, Branch, Callers, Seen);
    Collected = nullptr;
  }
  bool Tile = llvm::any_of(Reached, [](const VarDecl *VD) { return isTileStatic(VD); });
  bool Private = llvm::any_of(Reached, [](const VarDecl *VD) { return !isTileStatic(VD); });
  if (Tile && Private)
    for (const VarDecl *VD : Reached)
      markGlobal(VD);
}

void ViewedMemory::traceValue(const FunctionDecl *F, const Expr *E, Summary &S, std::set<const VarDecl *> &Seen) {
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      return traceLValue(F, ICE->getSubExpr(), S, Seen);
    return traceValue(F, ICE->getSubExpr(), S, Seen);
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return traceValue(F, CE->getSubExpr(), S, Seen);
  if (isa<CXXThisExpr>(E)) {
    S.This = true;
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return traceLValue(F, UO->getSubExpr(), S, Seen);
    if (UO->isIncrementDecrementOp())
      return traceValue(F, UO->getSubExpr(), S, Seen);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return traceValue(F, BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS(), S, Seen);
    if (BO->getOpcode() == BO_Comma || BO->isAssignmentOp())
      return traceValue(F, BO->getRHS(), S, Seen);
    return;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    traceValue(F, CO->getTrueExpr(), S, Seen);
    return traceValue(F, CO->getFalseExpr(), S, Seen);
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return;
  if (std::optional<unsigned> I = paramIndex(F, VD)) {
    S.Params.insert(*I);
    return;
  }
  // A local pointer (or a reference to one) points wherever its initialiser and its assignments point.
  if (!VD->hasLocalStorage() || !Seen.insert(VD).second)
    return;
  if (const Expr *Init = VD->getInit(); Init && !isNullPointer(VD->getASTContext(), Init))
    traceValue(F, Init, S, Seen);
  std::vector<const BinaryOperator *> Assigned;
  if (const auto *Owner = dyn_cast<FunctionDecl>(VD->getDeclContext()))
    collectAssignments(Owner->getBody(), VD, Assigned);
  for (const BinaryOperator *BO : Assigned)
    if (!isNullPointer(VD->getASTContext(), BO->getRHS()))
      traceValue(F, BO->getRHS(), S, Seen);
}

void ViewedMemory::traceLValue(const FunctionDecl *F, const Expr *E, Summary &S, std::set<const VarDecl *> &Seen) {
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return traceLValue(F, ICE->getSubExpr(), S, Seen);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
    // A temporary has no variable to place; an lvalue bound to a const reference is still that lvalue.
    if (MTE->getSubExpr()->isGLValue())
      traceLValue(F, MTE->getSubExpr(), S, Seen);
    return;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return traceValue(F, ME->getBase(), S, Seen);
    return traceLValue(F, ME->getBase(), S, Seen);
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return traceValue(F, ASE->getBase(), S, Seen);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return traceValue(F, UO->getSubExpr(), S, Seen);
    if (UO->isIncrementDecrementOp() && UO->isPrefix())
      return traceLValue(F, UO->getSubExpr(), S, Seen);
    return;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    traceLValue(F, CO->getTrueExpr(), S, Seen);
    return traceLValue(F, CO->getFalseExpr(), S, Seen);
  }
  // `a = b`, `a += b` and `x, a` are the lvalue a.
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return traceLValue(F, BO->getLHS(), S, Seen);
    if (BO->getOpcode() == BO_Comma)
      return traceLValue(F, BO->getRHS(), S, Seen);
    return;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return;
  if (std::optional<unsigned> I = paramIndex(F, VD)) {
    // A reference parameter is the caller's object; a parameter passed by value has no variable to place.
    if (VD->getType()->isReferenceType())
      S.Params.insert(*I);
    return;
  }
  if (VD->getType()->isReferenceType()) {
    if (const Expr *Init = VD->getInit(); Init && VD->hasLocalStorage() && Seen.insert(VD).second)
      traceLValue(F, Init, S, Seen);
    return;
  }
  if ((VD->hasLocalStorage() && !isa<ParmVarDecl>(VD)) || isTileStatic(VD))
    markGlobal(VD);
}

} // namespace ampcc
