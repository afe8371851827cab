// The address spaces of lowered pointers and references, and which views a function writes (see Lowering.h).
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ampcc {

// ---------------------------------------------------------------------------------------------------
// Address spaces and view usage

AddrSpace FunctionLowering::spaceOfLValue(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end())
      return It->second.IsPointerForRef ? It->second.Pointee : It->second.Storage;
    // A tile_static variable of the kernel used in a callee (a local class's member, a lambda's body): the
    // kernel's variable, passed down.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && P.TileStaticVars.count(VD))
      return AddrSpace::Local;
    return AddrSpace::Private;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return pointeeSpace(ME->getBase());
    if (isa<CXXThisExpr>(strip(ME->getBase())))
      return ThisSpace;
    auto It = Vars.find(ME->getMemberDecl());
    if (It != Vars.end())
      return It->second.Storage;
    return spaceOfLValue(ME->getBase());
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeSpace(ASE->getBase());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return spaceOfLValue(CO->getTrueExpr());
  // A cast to a reference (static_cast<D &>(b), const_cast<T &>(c), reinterpret_cast<U &>(f)) names the
  // operand's memory.
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E); Cast && Cast->isGLValue())
    return spaceOfLValue(Cast->getSubExpr());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointeeSpace(UO->getSubExpr());
    // `++a` and `--a` are the lvalue a.
    if (UO->isPrefix() && UO->isIncrementDecrementOp())
      return spaceOfLValue(UO->getSubExpr());
  }
  // obj.*m and ptr->*m: a member of the object.
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // `a = b`, `a += b` and `x, a` are the lvalue a.
    if (BO->isAssignmentOp())
      return spaceOfLValue(BO->getLHS());
    if (BO->getOpcode() == BO_Comma)
      return spaceOfLValue(BO->getRHS());
    if (BO->getOpcode() == BO_PtrMemD)
      return spaceOfLValue(BO->getLHS());
    if (BO->getOpcode() == BO_PtrMemI)
      return pointeeSpace(BO->getLHS());
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    llvm::StringRef B = FD ? getBuiltinName(FD) : "";
    if (B.empty())
      return resultSpace(CE);
    if (B == "av.subscript")
      return AddrSpace::Global;
    if (B == "index.get" || B == "extent.get") {
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
        return spaceOfLValue(MCE->getImplicitObjectArgument());
      if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE))
        return spaceOfLValue(OCE->getArg(0));
    }
  }
  return AddrSpace::Private;
}

AddrSpace FunctionLowering::pointeeSpace(const Expr *E) {
  E = E->IgnoreParens();
  // A full expression with temporaries (`&v[tidx]` converts the tiled_index to a temporary index).
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return pointeeSpace(EWC->getSubExpr());
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      return spaceOfLValue(ICE->getSubExpr());
    return pointeeSpace(ICE->getSubExpr());
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return pointeeSpace(CE->getSubExpr());
  if (isa<CXXThisExpr>(E))
    return ThisSpace;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Vars.find(DRE->getDecl());
    return It == Vars.end() ? AddrSpace::Private : It->second.Pointee;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return spaceOfLValue(UO->getSubExpr());
    return pointeeSpace(UO->getSubExpr());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getLHS()->getType()->isPointerType())
      return pointeeSpace(BO->getLHS());
    if (BO->getRHS()->getType()->isPointerType())
      return pointeeSpace(BO->getRHS());
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return pointeeSpace(CO->getTrueExpr());
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    auto It = Vars.find(ME->getMemberDecl());
    if (It != Vars.end())
      return It->second.Pointee;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (const FunctionDecl *FD = CE->getDirectCallee(); FD && getBuiltinName(FD) == "av.data")
      return AddrSpace::Global;
    return resultSpace(CE);
  }
  return AddrSpace::Private;
}

const char *spaceWord(AddrSpace S) {
  switch (S) {
  case AddrSpace::Global:
    return "global";
  case AddrSpace::Local:
    return "tile_static";
  case AddrSpace::Constant:
    return "constant";
  case AddrSpace::Private:
    break;
  }
  return "private";
}

// OpenCL C 1.2 pointers have one address space, fixed at the declaration; C++ AMP's point anywhere. A local
// pointer takes the space of what it is initialized with or, when it starts null or uninitialized, of what the
// function assigns to it; two different spaces are an error, at the assignment that disagrees.
AddrSpace FunctionLowering::pointerVarSpace(const VarDecl *VD, const Expr *Init) {
  auto isNull = [&](const Expr *E) {
    return E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
  };
  std::optional<AddrSpace> Space;
  if (Init && !isNull(Init))
    Space = pointeeSpace(Init);
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  std::vector<const BinaryOperator *> Assigned;
  collectAssignments(FD ? FD->getBody() : nullptr, VD, Assigned);
  // What the pointer is pointed at: each assignment's value, and where a callee assigns it through a reference
  // parameter (`void retarget(int *&r, int *to) { r = to; }`), the argument the callee assigns from.
  std::vector<std::pair<SourceLocation, const Expr *>> Values;
  for (const BinaryOperator *BO : Assigned)
    Values.push_back({BO->getExprLoc(), BO->getRHS()});
  collectAssignmentsByCallees(FD ? FD->getBody() : nullptr, VD, Values);
  for (auto [Loc, Value] : Values) {
    if (isNull(Value))
      continue;
    AddrSpace S = pointeeSpace(Value);
    if (!Space) {
      Space = S;
    } else if (*Space != S) {
      error(Ctx.getDiagnostics(), Loc,
            "'%0' points into %1 memory here and into %2 memory before: a pointer in restrict(amp) code must "
            "keep to one kind of memory (OpenCL C 1.2 has no generic address space)")
          << VD->getName() << spaceWord(S) << spaceWord(*Space);
      P.HadError = true;
      break;
    }
  }
  return Space.value_or(AddrSpace::Private);
}

// The arguments of the calls in Body that a callee assigns to the pointer VD passed by reference: for
// `retarget(p, &x)` with `void retarget(int *&r, int *to) { r = to; }`, &x. A callee's assignment from anything
// but one of its parameters points into memory it names itself, which the callee's own lowering judges.
void FunctionLowering::collectAssignmentsByCallees(const Stmt *Body, const VarDecl *VD,
                                                   std::vector<std::pair<SourceLocation, const Expr *>> &Values) {
  if (!Body)
    return;
  if (const auto *CE = dyn_cast<CallExpr>(Body); CE && CE->getDirectCallee()) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    llvm::SmallVector<const Expr *, 4> Args;
    splitCall(CE, Callee, Args);
    if (Callee->hasBody(Def) && Args.size() == Def->getNumParams())
      for (unsigned I = 0; I < Args.size(); ++I) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Args[I]->IgnoreParenImpCasts());
        const ParmVarDecl *Param = Def->getParamDecl(I);
        if (!Ref || Ref->getDecl() != VD || !Param->getType()->isLValueReferenceType() ||
            !Param->getType().getNonReferenceType()->isPointerType())
          continue;
        std::vector<const BinaryOperator *> Assigned;
        collectAssignments(Def->getBody(), Param, Assigned);
        for (const BinaryOperator *BO : Assigned)
          if (const auto *From = dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenImpCasts()))
            for (unsigned J = 0; J < Def->getNumParams(); ++J)
              if (From->getDecl() == Def->getParamDecl(J) && J != I)
                Values.push_back({Args[J]->getExprLoc(), Args[J]});
      }
  }
  for (const Stmt *Child : Body->children())
    collectAssignmentsByCallees(Child, VD, Values);
}

void FunctionLowering::placeInScratch(const VarDecl *VD, AddrSpace Of, VarInfo &VI) {
  QualType T = VD->getType();
  HiddenLocal H;
  H.Scratch = true;
  H.ScratchOf = Of;
  H.Decl = VD->getLocation();
  H.Name = P.uniqueName((Of == AddrSpace::Local ? "ampcc_gts_" : "ampcc_gpv_") + localName(VD));
  H.KernelDecl = H.Name;  // what useHidden knows it by
  H.Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  H.Align = std::max<unsigned long>(4, Ctx.getTypeAlignInChars(T).getQuantity());
  // The kernel and its callees hold a __global pointer to the whole variable, an array's too, so that the
  // variable keeps its type: `&arr` and a reference to the array are the array's address.
  H.Param = "__global " + P.declare(T, "(*" + H.Name + ")", VD->getLocation(), AddrSpace::Private, true);
  H.CastType = "__global " + P.declare(T, "(*)", VD->getLocation(), AddrSpace::Private, true);
  H.PassedAsIs = true;
  useHidden(H);
  VI.Name = "(*" + H.Name + ")";
  VI.Storage = AddrSpace::Global;
}

const ValueDecl *FunctionLowering::viewRoot(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end() && It->second.ViewRoot)
      return It->second.ViewRoot;
    return DRE->getDecl();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    auto It = Vars.find(ME->getMemberDecl());
    if (It != Vars.end() && It->second.ViewRoot)
      return It->second.ViewRoot;
    return ME->getMemberDecl();
  }
  if (const auto *CE = dyn_cast<CXXMemberCallExpr>(E))
    return viewRoot(CE->getImplicitObjectArgument());
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E))
    return OCE->getNumArgs() ? viewRoot(OCE->getArg(0)) : nullptr;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // A view over a pointer (&v[i], v.data()) shares the data of the view the pointer points into.
    if (getBuiltinName(CE->getConstructor()) == "av.from_pointer")
      return pointerRoot(CE->getArg(CE->getNumArgs() - 1));
    return CE->getNumArgs() ? viewRoot(CE->getArg(0)) : nullptr;
  }
  return nullptr;
}

std::string FunctionLowering::unmovableMemory(const Expr *Ptr) {
  const Expr *E = Ptr;
  bool LValue = false;  // E is the object itself rather than a pointer to it
  while (true) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      LValue = ICE->getCastKind() == CK_ArrayToPointerDecay || (LValue && ICE->isGLValue());
      E = ICE->getSubExpr();
    } else if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      E = CE->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf && !LValue) {
      LValue = true;
      E = UO->getSubExpr();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref && LValue) {
      LValue = false;
      E = UO->getSubExpr();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp() && !LValue) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && LValue) {
      LValue = !ME->isArrow();
      E = ME->getBase();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E); ASE && LValue) {
      LValue = false;
      E = ASE->getBase();
    } else {
      break;
    }
  }
  if (isa<CXXThisExpr>(E)) {
    if (Spec && isa<CXXConstructorDecl>(Spec->FD))
      return "a member of the object this constructor makes, which is not in memory ampcc can keep in global "
             "memory";
    return "";
  }
  if (isa<MaterializeTemporaryExpr>(E))
    return "a temporary";
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !LValue)
    return "";
  if (DRE->refersToEnclosingVariableOrCapture())
    return "'" + VD->getName().str() + "', a capture of the kernel (a copy in private memory)";
  if (const auto *PVD = dyn_cast<ParmVarDecl>(VD)) {
    if (!PVD->getType()->isReferenceType())
      return "the parameter '" + PVD->getName().str() + "', which is passed by value";
    if (isConstRefCopy(PVD->getType()))
      return "the parameter '" + PVD->getName().str() + "', a const reference, which the lowering passes by value";
    return "";
  }
  return "";
}

const ValueDecl *FunctionLowering::pointerRoot(const Expr *Ptr) {
  const Expr *E = Ptr->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    const Expr *Object = UO->getSubExpr()->IgnoreParens();
    // `&(a = b)`, `&(a += b)`: a.
    while (const auto *BO = dyn_cast<BinaryOperator>(Object)) {
      if (!BO->isAssignmentOp() && BO->getOpcode() != BO_Comma)
        break;
      Object = (BO->isAssignmentOp() ? BO->getLHS() : BO->getRHS())->IgnoreParens();
    }
    // An element of a local array kept in global memory (placeInScratch) is the array's memory.
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Object))
      return pointerRoot(ASE->getBase());
    return viewRoot(Object);
  }
  // A local array kept in global memory: the scratch buffer is no view of the kernel's, nothing to copy back.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (auto It = Vars.find(DRE->getDecl());
        It != Vars.end() && !It->second.IsPointerForRef && It->second.Storage == AddrSpace::Global)
      return DRE->getDecl();
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E); MCE && getBuiltinName(MCE->getMethodDecl()) == "av.data")
    return viewRoot(MCE->getImplicitObjectArgument());
  // An array member decayed to its first element's pointer is the member's memory, as `&member[0]` is.
  if (isa<MemberExpr>(E) && E->getType()->isArrayType())
    return viewRoot(E);
  // Pointer arithmetic stays in the same data.
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp())
    return pointerRoot(BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS());
  // A pointer parameter: the caller's argument (Spec.WrittenViewParams carries writes back to it).
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && isa<ParmVarDecl>(DRE->getDecl()))
    return DRE->getDecl();
  return nullptr;
}

// Whether the value of E (an lvalue) may be changed by its context.
bool FunctionLowering::isModified(const Expr *E) {
  const Expr *Cur = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.empty())
      return false;
    const DynTypedNode &Node = Parents[0];
    if (const auto *VD = Node.get<VarDecl>())
      return VD->getType()->isReferenceType() && !VD->getType().getNonReferenceType().isConstQualified();
    // Returned by non-const reference: the caller may write through it (`elem(v, i) = x`).
    if (Node.get<ReturnStmt>())
      return Spec && Spec->FD->getReturnType()->isReferenceType() &&
             !Spec->FD->getReturnType().getNonReferenceType().isConstQualified();
    const auto *PE = Node.get<Expr>();
    if (!PE)
      return false;
    // The object of an MSVC property that is written (`av[i].xy = w`: the setter changes it).
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(PE)) {
      const Expr *Syntax = POE->getSyntacticForm();
      const auto *BO = dyn_cast<BinaryOperator>(Syntax);
      const auto *UO = dyn_cast<UnaryOperator>(Syntax);
      return (BO && BO->isAssignmentOp()) || (UO && UO->isIncrementDecrementOp());
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(PE)) {
      if (ICE->getCastKind() == CK_LValueToRValue)
        return false;
      Cur = PE;
      continue;
    }
    // A cast to a reference (const_cast<int &>(v[i]) = x) names the same element.
    if (isa<ParenExpr>(PE) || isa<MaterializeTemporaryExpr>(PE) || isa<ArraySubscriptExpr>(PE) ||
        (isa<ExplicitCastExpr>(PE) && PE->isGLValue())) {
      Cur = PE;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(PE)) {
      if (ME->isArrow())
        return false;
      Cur = PE;
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(PE))
      return BO->isAssignmentOp() && strip(BO->getLHS()) == strip(Cur);
    if (const auto *UO = dyn_cast<UnaryOperator>(PE))
      return UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
    if (const auto *CE = dyn_cast<CallExpr>(PE)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD)
        return true;
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
        if (strip(MCE->getImplicitObjectArgument()) == strip(Cur))
          return !cast<CXXMethodDecl>(FD)->isConst();
      }
      unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) ? 1 : 0;
      if (Shift && CE->getArg(0) == Cur)
        return !cast<CXXMethodDecl>(FD)->isConst();
      for (unsigned I = Shift; I < CE->getNumArgs(); ++I) {
        if (CE->getArg(I) != Cur || I - Shift >= FD->getNumParams())
          continue;
        QualType PT = FD->getParamDecl(I - Shift)->getType();
        return isPointerParam(PT);
      }
      return false;
    }
    return false;
  }
}

void FunctionLowering::noteViewUse(const Expr *Access, const Expr *ViewExpr) {
  if (isModified(Access)) {
    if (const ValueDecl *Root = viewRoot(ViewExpr))
      WrittenViews.insert(Root);
  }
}

} // namespace ampcc
