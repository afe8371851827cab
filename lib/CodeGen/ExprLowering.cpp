// Expressions of amp code lowered to OpenCL C.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

using namespace clang;

namespace ampcc {

// ---------------------------------------------------------------------------------------------------
// Expressions

std::string FunctionLowering::expr(const Expr *E) {
  if (!E)
    return "";
  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return "(" + expr(PE->getSubExpr()) + ")";
  // A temporary whose destruction does something lives in a variable at the function's top and is destroyed
  // at the end of its full expression (the ExprWithCleanups around it), after the expression's value is kept.
  const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E);
  if (BT && Elided.count(BT))
    return expr(BT->getSubExpr());
  if (BT && hasDestructionWork(BT->getType())) {
    std::string Name = P.uniqueName("ampcc_temp");
    TempDecls += "  " + P.declare(BT->getType(), Name, BT->getBeginLoc()) + ";\n";
    PendingTemps.push_back({Name, BT->getType(), BT->getBeginLoc()});
    return "(*(" + Name + " = " + expr(BT->getSubExpr()) + ", &" + Name + "))";
  }
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
    bool Unused = std::exchange(ValueUnused, false);
    size_t First = PendingTemps.size();
    std::string Value = expr(EWC->getSubExpr());
    if (PendingTemps.size() == First)
      return Value;
    std::string Destroy = destroyPending(First);
    QualType T = EWC->getType();
    if (T->isVoidType() || Unused)
      return "(" + (T->isVoidType() ? Value : "(void)(" + Value + ")") + Destroy + ")";
    // An lvalue (`*(it + d)` returned by reference, `&*(it + 1)`) outlives the temporaries: its address is kept,
    // where C has it as an lvalue too (a bool member's address would be a uchar pointer: a copy of it is kept).
    const Expr *Sub = EWC->getSubExpr();
    if (EWC->isGLValue() && !onlyValueInC(Sub) && !T->isBooleanType()) {
      std::string Ref = P.uniqueName("ampcc_ref");
      TempDecls += "  " + P.declare(Ctx.getPointerType(T.getNonReferenceType()), Ref, EWC->getBeginLoc(),
                                    spaceOfLValue(Sub)) + ";\n";
      return "(*(" + Ref + " = &(" + Value + ")" + Destroy + ", " + Ref + "))";
    }
    // A copy of a pointer (`&*(it + 1)`) points where the pointer does.
    std::string Result = P.uniqueName("ampcc_value");
    TempDecls += "  " + P.declare(T.getNonReferenceType(), Result, EWC->getBeginLoc(),
                                  T->isPointerType() ? pointeeSpace(Sub) : AddrSpace::Private) + ";\n";
    return "(" + Result + " = " + Value + Destroy + ", " + Result + ")";
  }
  if (isa<MaterializeTemporaryExpr, ExprWithCleanups, CXXBindTemporaryExpr>(E))
    return expr(strip(E));
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return expr(CE->getSubExpr());
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return expr(S->getReplacement());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return expr(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return expr(DI->getExpr());
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E); OVE && OVE->getSourceExpr()) {
    if (auto It = OpaqueValues.find(OVE); It != OpaqueValues.end())
      return It->second;
    return expr(OVE->getSourceExpr());
  }
  // An MSVC property (`v.xy`, `v.r = x`, `v.xyz += w`): the calls it stands for, Sema's semantic form, whose
  // opaque values (the object, the operand) are lowered where the calls name them.
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) {
    for (const Expr *Sem : POE->semantics())
      if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Sem);
          OVE && OVE->getSourceExpr() && OVE->getSourceExpr()->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
        unsupported(E, "a property of an object or with an operand that changes something (an assignment, ++ or --)");
        return "0";
      }
    const Expr *Last = *(POE->semantics_end() - 1);
    const Expr *Result = POE->getResultExpr();
    if (!Result || Result == Last || POE->getType()->isVoidType())
      return expr(Last);
    // `v.x++`: the value read before the write.
    std::string Name = P.uniqueName("ampcc_value");
    TempDecls += "  " + P.declare(POE->getType().getNonReferenceType(), Name, POE->getBeginLoc()) + ";\n";
    return "(" + Name + " = " + expr(Result) + ", " + expr(Last) + ", " + Name + ")";
  }
  if (isa<ArrayInitIndexExpr>(E) && !ArrayInitIndices.empty())
    return ArrayInitIndices.back();
  // A structured binding (C++17): the part of its decomposition's variable that it names.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()); BD && BD->getBinding())
      return expr(BD->getBinding());

  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    bool Ok;
    return constant(IL, Ok);
  }
  if (isa<FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral, UnaryExprOrTypeTraitExpr, CXXNullPtrLiteralExpr>(E)) {
    bool Ok;
    std::string C = constant(E, Ok);
    if (!Ok)
      unsupported(E, "this expression");
    return C;
  }
  if (isa<CXXScalarValueInitExpr, ImplicitValueInitExpr>(E))
    return "0";

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *VD = DRE->getDecl();
    auto It = Vars.find(VD);
    if (It != Vars.end())
      return It->second.IsPointerForRef ? "(*" + It->second.Name + ")" : It->second.Name;
    if (isa<EnumConstantDecl>(VD) || isa<VarDecl>(VD)) {
      bool Ok;
      std::string C = constant(DRE, Ok);
      if (Ok)
        return C;
    }
    // A tile_static variable of the enclosing function, used in a local class's member function: the kernel's
    // variable, passed down.
    if (auto It = P.TileStaticVars.find(dyn_cast<VarDecl>(VD)); It != P.TileStaticVars.end()) {
      const HiddenLocal &H = It->second;
      useHidden(H);
      return InKernel ? H.Name : "(*" + H.Name + ")";
    }
    // Globals, statics and functions named as values were refused by the rules (Analysis/AmpStatementRules.h):
    // what is left here is a name the lowering has no value for.
    error(Ctx.getDiagnostics(), DRE->getLocation(), "'%0' is not available in restrict(amp) code") << VD->getName();
    P.HadError = true;
    return "0";
  }

  if (isa<CXXThisExpr>(E))
    return ThisName.empty() ? "this_" : ThisName;

  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    std::string Out;
    if (builtinMember(ME, Out))
      return Out;
    auto It = Vars.find(ME->getMemberDecl());
    if (It != Vars.end())
      return It->second.Name;
    if (const auto *VD = dyn_cast<VarDecl>(ME->getMemberDecl())) {
      bool Ok;
      std::string C = constant(ME, Ok);
      if (Ok)
        return C;
      // `e.rank` names a static constant through an object that is not itself constant: its value is.
      if (const APValue *V = staticIntegralConstant(VD))
        return std::to_string(V->getInt().getExtValue());
      error(Ctx.getDiagnostics(), ME->getMemberLoc(), "'%0' is not available in restrict(amp) code") << VD->getName();
      P.HadError = true;
      return "0";
    }
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    std::string Field = FD ? fieldName(FD) : ME->getMemberDecl()->getNameAsString();
    const Expr *Base = ME->getBase();
    if (ME->isArrow() || isa<CXXThisExpr>(strip(Base)))
      return expr(Base) + "->" + Field;
    return "(" + expr(Base) + ")." + Field;
  }

  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_IntegralCast:
    case CK_FloatingCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_BooleanToSignedIntegral: {
      // A converted literal is written as a literal of the new type.
      const Expr *Sub = ICE->getSubExpr()->IgnoreParens();
      if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(Sub))
        Sub = S->getReplacement()->IgnoreParenImpCasts();
      if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr>(Sub)) {
        bool Ok;
        std::string C = constant(ICE, Ok);
        if (Ok)
          return C;
      }
      return "((" + P.typeName(ICE->getType(), ICE->getExprLoc()) + ")(" + expr(ICE->getSubExpr()) + "))";
    }
    case CK_NullToPointer:
      // The operand (nullptr, or a std::nullptr_t value) is the null pointer; one with side effects is kept.
      if (ICE->getSubExpr()->HasSideEffects(Ctx))
        return "((" + expr(ICE->getSubExpr()) + "), (" + P.typeName(ICE->getType(), ICE->getExprLoc()) + ")0)";
      return "0";
    case CK_NullToMemberPointer:
      return "(-1L)";
    case CK_UserDefinedConversion:
    case CK_ConstructorConversion:
      return expr(ICE->getSubExpr());
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      return toBase(ICE);
    default:
      return expr(ICE->getSubExpr());
    }
  }
  // dynamic_cast has no lowering (the rules refuse it); it is left to the end.
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E); CE && !isa<CXXDynamicCastExpr>(CE)) {
    // const_cast, reinterpret_cast and C's casts of references and between pointers name the same memory as
    // another type (C++ AMP allows them; the type rules refuse casts between pointers and integers): a reference is
    // the operand's address cast and dereferenced, in the operand's address space, and a pointer is cast in its
    // own. One that only adds qualifiers changes nothing in C.
    if (isa<CXXReinterpretCastExpr>(CE) || isa<CXXConstCastExpr>(CE) || CE->getCastKind() == CK_NoOp ||
        CE->getCastKind() == CK_LValueBitCast || CE->getCastKind() == CK_BitCast) {
      const Expr *Sub = CE->getSubExpr();
      bool Pointers = CE->getType()->isPointerType() && Sub->getType()->isPointerType();
      QualType To = Pointers ? CE->getType()->getPointeeType() : CE->getType();
      QualType From = Pointers ? Sub->getType()->getPointeeType() : Sub->getType();
      bool SameMemory = Ctx.hasSameUnqualifiedType(To, From) && To.isAtLeastAsQualifiedAs(From);
      if (CE->isGLValue() && !SameMemory)
        return "(*((" + P.declare(Ctx.getPointerType(CE->getType()), "", CE->getExprLoc(), spaceOfLValue(Sub)) +
               ")(" + addressOf(Sub) + ")))";
      if (Pointers && !SameMemory)
        return "((" + P.declare(CE->getType(), "", CE->getExprLoc(), pointeeSpace(Sub)) + ")(" + expr(Sub) + "))";
      if (!SameMemory && !Pointers && (isa<CXXReinterpretCastExpr>(CE) || isa<CXXConstCastExpr>(CE))) {
        unsupported(E, isa<CXXConstCastExpr>(CE) ? "this const_cast" : "this reinterpret_cast");
        return "0";
      }
    }
    if (CE->getCastKind() == CK_ConstructorConversion || CE->getCastKind() == CK_UserDefinedConversion ||
        CE->getCastKind() == CK_NoOp)
      return expr(CE->getSubExpr());
    if (CE->getType()->isVoidType())
      return "(void)(" + expr(CE->getSubExpr()) + ")";
    if (CE->getCastKind() == CK_BaseToDerived || CE->getCastKind() == CK_DerivedToBase ||
        CE->getCastKind() == CK_UncheckedDerivedToBase)
      return classCast(CE);
    // A pointer cast keeps the operand's address space (OpenCL C cannot change it).
    if (CE->getType()->isPointerType() && CE->getSubExpr()->getType()->isPointerType())
      return "((" + P.declare(CE->getType(), "", CE->getExprLoc(), pointeeSpace(CE->getSubExpr())) + ")(" +
             expr(CE->getSubExpr()) + "))";
    return "((" + P.typeName(CE->getType(), CE->getExprLoc()) + ")(" + expr(CE->getSubExpr()) + "))";
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    // &C::m: the member's offset in C.
    if (UO->getOpcode() == UO_AddrOf && UO->getType()->isMemberDataPointerType())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()))
        if (const auto *FD = dyn_cast<FieldDecl>(DRE->getDecl()))
          return "(" + std::to_string(Ctx.toCharUnitsFromBits(Ctx.getFieldOffset(FD)).getQuantity()) + "L)";
    if (UO->getOpcode() == UO_AddrOf) {
      if (isa<CXXThisExpr>(strip(UO->getSubExpr())))
        return expr(UO->getSubExpr());
      // A pointer to a view or array of non-const elements may write them: the launch copies them back.
      if (QualType T = UO->getSubExpr()->getType(); isViewType(T) && !getTypeTemplateArg(T, 0).isConstQualified() &&
                                                    !(getBuiltinTypeName(T) == "array" && T.isConstQualified()))
        if (const ValueDecl *Root = viewRoot(UO->getSubExpr()))
          WrittenViews.insert(Root);
      // addressOf also takes the address of what C does not call an lvalue: an assignment, a comma, a conditional.
      return addressOf(UO->getSubExpr());
    }
    std::string Sub = UO->isIncrementDecrementOp() ? lvalue(UO->getSubExpr()) : expr(UO->getSubExpr());
    llvm::StringRef Op = UnaryOperator::getOpcodeStr(UO->getOpcode());
    if (UO->isPostfix())
      return "(" + Sub + ")" + Op.str();
    return Op.str() + "(" + Sub + ")";
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_PtrMemD || BO->getOpcode() == BO_PtrMemI) {
      if (!BO->getRHS()->getType()->isMemberDataPointerType()) {
        unsupported(E, "a pointer to member function");
        return "0";
      }
      // obj.*m and ptr->*m: the member at the offset m from the object, in the object's address space.
      bool Arrow = BO->getOpcode() == BO_PtrMemI;
      AddrSpace AS = Arrow ? pointeeSpace(BO->getLHS()) : spaceOfLValue(BO->getLHS());
      std::string Obj = Arrow ? expr(BO->getLHS()) : addressOf(BO->getLHS());
      std::string Member = P.declare(Ctx.getPointerType(BO->getType()), "", E->getExprLoc(), AS);
      return "(*(" + Member + ")((" + qualifierFor(AS) + "uchar*)(" + Obj + ") + (" + expr(BO->getRHS()) + ")))";
    }
    // A compound assignment to a bool converts the result back to bool, which C does not do for a bool member
    // (a uchar in the lowered struct: `b += 1` twice left 2, `b |= 2` left 3). The target is evaluated once.
    if (BO->isCompoundAssignmentOp() && BO->getLHS()->getType()->isBooleanType()) {
      std::string Op = BO->getOpcodeStr().drop_back().str();
      if (!BO->getLHS()->HasSideEffects(Ctx)) {
        std::string L = lvalue(BO->getLHS());
        return L + " = (bool)((" + L + ") " + Op + " (" + expr(BO->getRHS()) + "))";
      }
      QualType PtrType = Ctx.getPointerType(BO->getLHS()->getType());
      AddrSpace AS = spaceOfLValue(BO->getLHS());
      std::string Ptr = P.uniqueName("ampcc_target");
      TempDecls += "  " + P.declare(PtrType, Ptr, E->getExprLoc(), AS) + ";\n";
      // The cast: a bool member's address is a uchar pointer.
      std::string Address = "(" + P.declare(PtrType, "", E->getExprLoc(), AS) + ")" + addressOf(BO->getLHS());
      return "(" + Ptr + " = " + Address + ", *" + Ptr + " = (bool)((*" + Ptr + ") " + Op + " (" +
             expr(BO->getRHS()) + ")))";
    }
    if (std::optional<std::string> Store = guardedStore(BO))
      return *Store;
    // Operands are lowered left to right so that function names are numbered in source order.
    std::string L = BO->isAssignmentOp() ? lvalue(BO->getLHS()) : expr(BO->getLHS());
    std::string R = expr(BO->getRHS());
    // The left operand's value is never used: void, so C does not warn that it has no effect.
    if (BO->getOpcode() == BO_Comma)
      return "(" + (BO->getLHS()->getType()->isVoidType() ? L : "(void)(" + L + ")") + ", " + R + ")";
    std::string Op = BO->getOpcodeStr().str();
    if (BO->isAssignmentOp())
      return L + " " + Op + " " + R;
    return "(" + L + " " + Op + " " + R + ")";
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::string C = expr(CO->getCond());
    std::string T = expr(CO->getTrueExpr());
    return "(" + C + " ? " + T + " : " + expr(CO->getFalseExpr()) + ")";
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    std::string Base = expr(ASE->getBase());
    return Base + "[" + expr(ASE->getIdx()) + "]";
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    // Outside a declaration an aggregate value is a C99 compound literal.
    if (IL->getType()->isArrayType())
      return initList(IL);
    return "((" + P.typeName(IL->getType(), IL->getBeginLoc()) + ")" + initList(IL) + ")";
  }

  // Calls
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // A pseudo-destructor call (`p->~T()`, `x.~int_t()` for a scalar T) ends a scalar's lifetime, which runs
    // nothing (C++ AMP v1.2 2.4.3 refuses no such call): only its object expression is evaluated.
    if (const auto *PD = dyn_cast<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreParens()))
      return "((void)(" + expr(PD->getBase()) + "))";
    // Calls through pointers and virtual calls have no lowering (the rules refuse them).
    const FunctionDecl *FD = CE->getDirectCallee();
    const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
    if (!FD || (MCE && MCE->getMethodDecl() && MCE->getMethodDecl()->isVirtual())) {
      unsupported(E, E->getStmtClassName());
      return "0";
    }
    llvm::SmallVector<const Expr *, 4> Args;
    const Expr *Obj = splitCall(CE, FD, Args);
    // Copy and move assignment that only copies members is plain C struct assignment.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && Obj && Args.size() == 1 && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
        copiesMembersOnly(MD)) {
      // A view assigned to another (an element of an array of views, a member, a variable that began as another
      // view) is written through wherever that one is: its data counts as written.
      if (isViewType(Obj->getType()) && !getTypeTemplateArg(Obj->getType(), 0).isConstQualified())
        if (const ValueDecl *Root = viewRoot(Args[0]))
          WrittenViews.insert(Root);
      std::string L = lvalue(Obj);
      return L + " = " + expr(Args[0]);
    }
    std::string Out;
    llvm::StringRef B = getBuiltinName(FD);
    if (B.starts_with("math.")) {
      if (mathCall(FD, Args, Out))
        return Out;
      return "0";
    }
    if (!B.empty()) {
      if (builtinCall(E, FD, Obj, Args, Out))
        return Out;
      return "0";
    }
    return callFunction(FD, Obj, Args, E->getExprLoc());
  }
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CCE->getConstructor();
    std::string Out;
    if (!getBuiltinName(Ctor).empty()) {
      llvm::SmallVector<const Expr *, 3> Args(CCE->arguments());
      if (builtinCall(E, Ctor, nullptr, Args, Out))
        return Out;
      return "0";
    }
    // A view of an array, or of a view of non-const elements as const: the same pointer and shape.
    if (CCE->getNumArgs() == 1 && isViewType(CCE->getType()) && isViewType(CCE->getArg(0)->getType())) {
      std::string From = P.viewTypeName(CCE->getArg(0)->getType().getNonReferenceType(), E->getExprLoc());
      std::string To = P.viewTypeName(CCE->getType(), E->getExprLoc());
      if (From == To)
        return expr(CCE->getArg(0));
      return P.viewConversion(From, To) + "(" + expr(CCE->getArg(0)) + ")";
    }
    if (Ctor->isCopyOrMoveConstructor() && CCE->getNumArgs() == 1 && (CCE->isElidable() || copiesMembersOnly(Ctor)))
      return expr(CCE->getArg(0));
    if (Ctor->isDefaultConstructor() && copiesMembersOnly(Ctor))
      return "((" + P.typeName(CCE->getType(), CCE->getBeginLoc()) + "){0})";
    // A user constructor of a builtin-derived type (tiled_extent from extent) needs no code in kernels.
    if (!getBuiltinTypeName(CCE->getType()).empty() && CCE->getNumArgs() == 1)
      return expr(CCE->getArg(0));
    if (P.Viewed.constructsViewedObject(CCE)) {
      error(Ctx.getDiagnostics(), E->getExprLoc(),
            "the constructor of '%0' makes a view of the object's own memory, so ampcc constructs such an object "
            "only where it lives: a named variable, a member or a base, not a temporary or an array element")
          << Ctor->getParent()->getName();
      P.HadError = true;
      return "0";
    }
    llvm::SmallVector<const Expr *, 4> Args(CCE->arguments());
    return callFunction(Ctor, nullptr, Args, E->getExprLoc());
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(E))
    return lambda(LE);
  bool Ok;
  std::string C = constant(E, Ok);
  if (Ok)
    return C;
  unsupported(E, E->getStmtClassName());
  return "0";
}

std::string FunctionLowering::arrayInitLoop(const std::string &Target, const ArrayInitLoopExpr *E,
                                            const std::string &Pad) {
  bindArrayInitSource(E);
  std::string K = P.uniqueName("ampcc_k");
  ArrayInitIndices.push_back(K);
  std::string Elem = Target + "[" + K + "]";
  std::string Inner;
  if (const auto *Sub = dyn_cast<ArrayInitLoopExpr>(strip(E->getSubExpr())))
    Inner = arrayInitLoop(Elem, Sub, Pad + "  ");
  else
    Inner = Pad + "  " + Elem + " = " + expr(E->getSubExpr()) + ";\n";
  ArrayInitIndices.pop_back();
  return Pad + "for (int " + K + " = 0; " + K + " < " + std::to_string(E->getArraySize().getZExtValue()) + "; ++" +
         K + ") {\n" + Inner + Pad + "}\n";
}

std::string FunctionLowering::constructEach(const std::string &Array, const ConstantArrayType *T, const Expr *Init,
                                            const std::string &Pad) {
  std::string K = P.uniqueName("ampcc_k");
  return Pad + "for (int " + K + " = 0; " + K + " < " + std::to_string(Ctx.getConstantArrayElementCount(T)) +
         "; ++" + K + ") ((" + P.typeName(Ctx.getBaseElementType(QualType(T, 0)), Init->getExprLoc()) + "*)" +
         Array + ")[" + K + "] = " + expr(Init);
}

std::string FunctionLowering::arrayCopy(const CallExpr *CE) {
  // Sema's implicit copy assignment copies an array member of trivially copyable elements with
  // __builtin_memcpy(&this->a, &other.a, sizeof a): element by element here (OpenCL C 1.2 has no memcpy, and the
  // two arrays may be in different address spaces).
  auto ArrayOf = [&](const Expr *Arg) -> const Expr * {
    const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParenCasts());
    if (!UO || UO->getOpcode() != UO_AddrOf || !Ctx.getAsConstantArrayType(UO->getSubExpr()->getType()))
      return nullptr;
    return UO->getSubExpr();
  };
  const Expr *To = CE->getNumArgs() == 3 ? ArrayOf(CE->getArg(0)) : nullptr;
  const Expr *From = CE->getNumArgs() == 3 ? ArrayOf(CE->getArg(1)) : nullptr;
  if (!To || !From || !Ctx.hasSameUnqualifiedType(To->getType(), From->getType())) {
    unsupported(CE, "memcpy other than of a whole array");
    return "0";
  }
  return copyArray(expr(To), expr(From), Ctx.getAsConstantArrayType(To->getType()));
}

std::string FunctionLowering::copyArray(const std::string &To, const std::string &From, const ConstantArrayType *T) {
  // The first element's address keeps each array's address space; the elements are contiguous.
  std::string First;
  for (QualType E = QualType(T, 0); Ctx.getAsConstantArrayType(E); E = Ctx.getAsConstantArrayType(E)->getElementType())
    First += "[0]";
  std::string K = P.uniqueName("ampcc_k");
  return "for (int " + K + " = 0; " + K + " < " + std::to_string(Ctx.getConstantArrayElementCount(T)) + "; ++" + K +
         ") (&(" + To + ")" + First + ")[" + K + "] = (&(" + From + ")" + First + ")[" + K + "]";
}

// static_cast between a class and one of its bases, of a pointer or a reference (CRTP's
// `static_cast<const D &>(*this)`): the same object's address moved by the base's offset in the derived class,
// in the operand's address space.
std::string FunctionLowering::classCast(const ExplicitCastExpr *Cast) {
  const Expr *Sub = Cast->getSubExpr();
  bool Pointer = Cast->getType()->isPointerType();
  bool Down = Cast->getCastKind() == CK_BaseToDerived;
  QualType To = Pointer ? Cast->getType()->getPointeeType() : Cast->getType();
  QualType From = Pointer ? Sub->getType()->getPointeeType() : Sub->getType();
  AddrSpace AS = Pointer ? pointeeSpace(Sub) : spaceOfLValue(Sub);
  // The path runs from the derived class down to the base.
  const CXXRecordDecl *Derived = (Down ? To : From)->getAsCXXRecordDecl();
  int64_t Offset = 0;
  for (const CXXBaseSpecifier *B : Cast->path()) {
    const CXXRecordDecl *Base = B->getType()->getAsCXXRecordDecl();
    if (!Derived || !Base)
      break;
    Offset += Ctx.getASTRecordLayout(Derived).getBaseClassOffset(Base).getQuantity();
    Derived = Base;
  }
  std::string Address = Pointer ? expr(Sub) : addressOf(Sub);
  if (Offset)
    Address = "((" + std::string(qualifierFor(AS)) + "uchar*)(" + Address + ")" + (Down ? " - " : " + ") +
              std::to_string(Offset) + ")";
  std::string Moved = "((" + P.declare(Ctx.getPointerType(To), "", Cast->getExprLoc(), AS) + ")(" + Address + "))";
  return Pointer ? Moved : "(*" + Moved + ")";
}

std::string FunctionLowering::toBase(const ImplicitCastExpr *Cast, bool AsLValue) {
  const Expr *Sub = Cast->getSubExpr();
  bool Pointer = Sub->getType()->isPointerType();
  // C++ AMP's own classes (tiled_extent from extent) share one lowered type.
  QualType Target = Pointer ? Cast->getType()->getPointeeType() : Cast->getType();
  if (!getBuiltinTypeName(Target).empty())
    return AsLValue ? lvalue(Sub) : expr(Sub);
  // A temporary's base (a const reference to a base bound to a call's result) is a C value: the temporary lives in
  // a variable, whose base is an lvalue whose address can be taken.
  const auto *MTE = Pointer ? nullptr : dyn_cast<MaterializeTemporaryExpr>(Sub->IgnoreParens());
  std::string Out = MTE ? "(*" + addressOf(MTE) + ")" : AsLValue ? lvalue(Sub) : expr(Sub);
  if (isa<CXXThisExpr>(Sub->IgnoreParens()))
    Out = ThisName.empty() ? "this_" : ThisName;
  QualType Cur = Pointer ? Sub->getType()->getPointeeType() : Sub->getType();
  // Each step of the path names a direct base's member; an empty base has none and is reached by a cast.
  for (const CXXBaseSpecifier *B : Cast->path()) {
    const CXXRecordDecl *Derived = Cur->getAsCXXRecordDecl();
    const CXXRecordDecl *Base = B->getType()->getAsCXXRecordDecl();
    if (!Derived || !Base)
      break;
    if (Base->isEmpty()) {
      std::string Q = qualifierFor(Pointer ? pointeeSpace(Sub) : spaceOfLValue(Sub));
      std::string T = std::string(Q) + P.typeName(B->getType(), Cast->getExprLoc()) + "*";
      Out = Pointer ? "((" + T + ")(" + Out + "))" : "(*(" + T + ")&(" + Out + "))";
    } else {
      std::string Field = ProgramBuilder::baseFieldName(Derived, Base);
      Out = Pointer ? "(&(" + Out + ")->" + Field + ")" : "(" + Out + ")." + Field;
    }
    Cur = B->getType();
  }
  return Out;
}

bool FunctionLowering::onlyValueInC(const Expr *E) {
  const Expr *S = E->IgnoreParens();
  if (!S->isGLValue())
    return false;
  const auto *BO = dyn_cast<BinaryOperator>(S);
  const auto *UO = dyn_cast<UnaryOperator>(S);
  if (isa<ConditionalOperator>(S) || (BO && (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)) ||
      (UO && UO->isPrefix() && UO->isIncrementDecrementOp()))
    return true;
  // A member-wise assignment is lowered as C struct assignment (expr, "Calls").
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    llvm::SmallVector<const Expr *, 2> Args;
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    return MD && splitCall(CE, MD, Args) && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
           copiesMembersOnly(MD);
  }
  // A data member, a base or an array element of such an object is a C value too: `(c ? a : b).x = 1`.
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    return !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) &&
           getBuiltinTypeName(ME->getBase()->getType()).empty() && onlyValueInC(ME->getBase());
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S))
    return (ICE->getCastKind() == CK_DerivedToBase || ICE->getCastKind() == CK_UncheckedDerivedToBase) &&
           getBuiltinTypeName(ICE->getType()).empty() && onlyValueInC(ICE->getSubExpr());
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S))
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase()->IgnoreParens());
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      return onlyValueInC(Decay->getSubExpr());
  return false;
}

std::string FunctionLowering::lvalue(const Expr *E) {
  if (!onlyValueInC(E))
    return expr(E);
  const Expr *S = E->IgnoreParens();
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    return "(" + lvalue(ME->getBase()) + ")." + fieldName(cast<FieldDecl>(ME->getMemberDecl()));
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S))
    return toBase(ICE, /*AsLValue=*/true);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
    std::string Array = lvalue(cast<ImplicitCastExpr>(ASE->getBase()->IgnoreParens())->getSubExpr());
    return "(" + Array + ")[" + expr(ASE->getIdx()) + "]";
  }
  return "(*" + addressOf(E) + ")";
}

std::string FunctionLowering::addressOf(const Expr *LValue) {
  const Expr *E = LValue->IgnoreParens();
  // C's conditional operator is never an lvalue: take the address in each branch. Both must be in one kind of
  // memory, the pointer's.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E); CO && CO->isGLValue()) {
    AddrSpace True = spaceOfLValue(CO->getTrueExpr()), False = spaceOfLValue(CO->getFalseExpr());
    if (True != False) {
      error(Ctx.getDiagnostics(), CO->getQuestionLoc(),
            "this conditional refers to %0 memory in one branch and to %1 memory in the other: OpenCL C 1.2 has no "
            "generic address space, so ampcc needs one kind of memory for the object it names")
          << spaceWord(True) << spaceWord(False);
      P.HadError = true;
    }
    return "(" + expr(CO->getCond()) + " ? " + addressOf(CO->getTrueExpr()) + " : " + addressOf(CO->getFalseExpr()) +
           ")";
  }
  // C's assignments, increments and comma are values, not lvalues: the address is the left side's (or the
  // right operand's for a comma), taken after the expression is evaluated.
  const Expr *Target = nullptr;
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return "(" + expr(BO->getLHS()) + ", " + addressOf(BO->getRHS()) + ")";
    if (BO->isAssignmentOp())
      Target = BO->getLHS();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isPrefix() && UO->isIncrementDecrementOp()) {
    Target = UO->getSubExpr();
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // A member-wise assignment is lowered as C struct assignment (expr, "Calls").
    llvm::SmallVector<const Expr *, 2> Args;
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    const Expr *Obj = MD ? splitCall(CE, MD, Args) : nullptr;
    if (Obj && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) && copiesMembersOnly(MD))
      Target = Obj;
  }
  if (!Target && onlyValueInC(E))
    return "&" + lvalue(E);
  if (Target && Target->HasSideEffects(Ctx)) {
    // The left side (a view's element, a call returning a reference) is evaluated once: its address is kept in a
    // private pointer, and the assignment or increment applies through it.
    QualType PtrType = Ctx.getPointerType(Target->getType().getNonReferenceType());
    AddrSpace AS = spaceOfLValue(Target);
    std::string Ptr = P.uniqueName("ampcc_target");
    TempDecls += "  " + P.declare(PtrType, Ptr, E->getExprLoc(), AS) + ";\n";
    std::string Apply;
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isCompoundAssignmentOp() &&
                                                      Target->getType()->isBooleanType())
      Apply = "(*" + Ptr + ") = (bool)((*" + Ptr + ") " + BO->getOpcodeStr().drop_back().str() + " (" +
              expr(BO->getRHS()) + "))";
    else if (const auto *BO = dyn_cast<BinaryOperator>(E))
      Apply = "(*" + Ptr + ") " + BO->getOpcodeStr().str() + " " + expr(BO->getRHS());
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      Apply = UnaryOperator::getOpcodeStr(UO->getOpcode()).str() + "(*" + Ptr + ")";
    else
      Apply = "(*" + Ptr + ") = " + expr(cast<CallExpr>(E)->getArg(cast<CallExpr>(E)->getNumArgs() - 1));
    // The cast: a bool member's address is a uchar pointer.
    return "(" + Ptr + " = (" + P.declare(PtrType, "", E->getExprLoc(), AS) + ")" + addressOf(Target) + ", " +
           Apply + ", " + Ptr + ")";
  }
  if (Target)
    return "(" + expr(E) + ", " + addressOf(Target) + ")";
  // A temporary made from a value (`f().method()` with f returning an object) is a C value, not an lvalue: it
  // lives in a variable at the function's top, whose address is taken. One destroyed at the full expression's
  // end already does (expr, CXXBindTemporaryExpr), which the temporary itself names: lowering the
  // materialization would strip the binding with it and leave the call's value (`&(f())`).
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E->IgnoreParenNoopCasts(Ctx));
      MTE && !MTE->getType()->isArrayType()) {
    const Expr *Sub = MTE->getSubExpr()->IgnoreParens();
    const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Sub);
    if (BT && hasDestructionWork(BT->getType()) && !Elided.count(BT))
      return "&" + expr(BT);
    if (!isa<CompoundLiteralExpr>(Sub))
      return temporaryAddress(MTE->getType(), expr(Sub), MTE->getBeginLoc());
  }
  return "&(" + expr(LValue) + ")";
}

namespace {
// A default argument is its expression, evaluated where the call is: a temporary it makes is the caller's.
const Expr *argumentExpr(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParens();
  while (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    E = DA->getExpr()->IgnoreParens();
  return E;
}
} // namespace

bool FunctionLowering::bindsInPlace(const Expr *Arg) {
  const Expr *E = argumentExpr(Arg);
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() != CK_NoOp)
      break;
    E = ICE->getSubExpr()->IgnoreParens();
  }
  if (!E->isGLValue() || isa<MaterializeTemporaryExpr>(E))
    return false;
  // A constant of the program (a namespace-scope or static member const) is lowered as its value, not an object.
  const ValueDecl *Named = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    Named = DRE->getDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(E))
    Named = ME->getMemberDecl();
  if (const auto *VD = dyn_cast_or_null<VarDecl>(Named); VD && VD->hasGlobalStorage() && !isTileStatic(VD))
    return false;
  // A conditional over two kinds of memory has no one address (no pointer type holds both): a const reference
  // binds to a private copy of its value.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E);
      CO && spaceOfLValue(CO->getTrueExpr()) != spaceOfLValue(CO->getFalseExpr()))
    return false;
  // amp.h's own calls and members are lowered to C values, but a view's element, which is memory.
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = CE->getDirectCallee(); FD && !getBuiltinName(FD).empty())
      return getBuiltinName(FD) == "av.subscript";
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    QualType Base = ME->getBase()->getType();
    if (ME->isArrow())
      Base = Base->getPointeeType();
    if (!getBuiltinTypeName(Base).empty() && !isViewType(Base))
      return false;
  }
  return true;
}

std::string FunctionLowering::constRefArgument(const Expr *Arg, bool Copy) {
  Arg = argumentExpr(Arg);
  // A temporary is a private copy already.
  if ((!Copy && bindsInPlace(Arg)) || isa<MaterializeTemporaryExpr>(Arg->IgnoreParenNoopCasts(Ctx)))
    return addressOf(Arg);
  return temporaryAddress(Arg->getType().getNonReferenceType().getUnqualifiedType(), expr(Arg), Arg->getBeginLoc());
}

std::string FunctionLowering::temporaryAddress(QualType T, const std::string &Value, SourceLocation Loc) {
  std::string Name = P.uniqueName("ampcc_object");
  TempDecls += "  " + P.declare(T, Name, Loc) + ";\n";
  return "(" + Name + " = " + Value + ", &" + Name + ")";
}

// A lambda in amp code is a struct of its captures (ProgramBuilder::lambdaName); its call operator is a const
// method that reads them through this_ (see specialize).
std::string FunctionLowering::lambda(const LambdaExpr *LE) {
  std::string Name = P.typeName(LE->getType(), LE->getBeginLoc());
  std::string Inits;
  unsigned I = 0;
  for (auto [Capture, Init] : llvm::zip(LE->captures(), LE->capture_inits())) {
    if (Capture.capturesThis() || Capture.capturesVLAType() || !Init) {
      unsupported(LE, "a lambda that captures 'this' in restrict(amp) code");
      return "0";
    }
    // A captured view is written if the lambda may write it.
    if (const ValueDecl *Root = viewRoot(Init))
      WrittenViews.insert(Root);
    if (Capture.getCaptureKind() == LCK_ByRef) {
      if (spaceOfLValue(Init) != AddrSpace::Private) {
        error(Ctx.getDiagnostics(), Capture.getLocation(),
              "a lambda in restrict(amp) code can capture by reference only variables in private memory; capture "
              "'%0' by value")
            << Capture.getCapturedVar()->getName();
        P.HadError = true;
        return "0";
      }
      Inits += (I++ ? ", " : "") + std::string("&(") + expr(Init) + ")";
    } else if (const auto *Loop = dyn_cast<ArrayInitLoopExpr>(strip(Init))) {
      Inits += (I++ ? ", " : "") + arrayInitList(Loop);
    } else {
      Inits += (I++ ? ", " : "") + expr(Init);
    }
  }
  return "((" + Name + "){" + (I ? Inits : "0") + "})";
}

// An array copied whole where C needs an initializer (an array captured by a lambda's copy): the list of its
// elements, each the loop's element expression at its index.
std::string FunctionLowering::arrayInitList(const ArrayInitLoopExpr *E) {
  bindArrayInitSource(E);
  const auto *Inner = dyn_cast<ArrayInitLoopExpr>(strip(E->getSubExpr()));
  std::string Out = "{";
  for (uint64_t I = 0, N = E->getArraySize().getZExtValue(); I < N; ++I) {
    ArrayInitIndices.push_back(std::to_string(I));
    Out += (I ? ", " : "") + (Inner ? arrayInitList(Inner) : expr(E->getSubExpr()));
    ArrayInitIndices.pop_back();
  }
  return Out + "}";
}

// The array a loop copies is named once, with the indices of the loops around it: an inner loop's array is an
// element of the outer loop's (`m[k]` for a row of int[2][3]), and every index expression in the inner loop is the
// inner loop's own.
void FunctionLowering::bindArrayInitSource(const ArrayInitLoopExpr *E) {
  const OpaqueValueExpr *Common = E->getCommonExpr();
  OpaqueValues.erase(Common);
  if (Common->getSourceExpr())
    OpaqueValues[Common] = "(" + expr(Common->getSourceExpr()) + ")";
}

std::string FunctionLowering::initList(const InitListExpr *IL) {
  std::string Out = "{";
  for (unsigned I = 0; I < IL->getNumInits(); ++I) {
    const Expr *Init = IL->getInit(I);
    const auto *Inner = dyn_cast<InitListExpr>(strip(Init));
    // A view kept in an array or an aggregate may be written through it anywhere later (`&views[0]`, a pointer to
    // it): its data counts as written, as a view given to a constructor does.
    if (!Inner && isViewType(Init->getType()) && !getTypeTemplateArg(Init->getType(), 0).isConstQualified())
      if (const ValueDecl *Root = viewRoot(Init))
        WrittenViews.insert(Root);
    Out += (I ? ", " : "") + (Inner ? initList(Inner) : expr(Init));
  }
  return Out + (IL->getNumInits() ? "}" : "0}");
}

} // namespace ampcc
