// Lowers kernels and the restrict(amp) functions they call from the Clang AST to OpenCL C 1.2.
#include "CodeGen/OpenCLEmitter.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>

using namespace clang;

namespace ampcc {

namespace {

// Identifiers that are keywords or reserved names in OpenCL C but ordinary names in C++.
bool isOpenCLReserved(llvm::StringRef Name) {
  static const llvm::StringSet<> Reserved = {
      "global",    "local",   "constant",   "private",   "kernel",        "read_only",    "write_only",   "read_write",
      "half",      "bool2",   "uchar",      "ushort",    "uint",          "ulong",        "image2d_t",    "image3d_t",
      "sampler_t", "event_t", "barrier",    "mem_fence", "get_global_id", "get_local_id", "get_group_id", "vec_step",
      "__global",  "__local", "__constant", "__private", "__kernel",      "this_",        "restrict"};
  return Reserved.contains(Name) || Name.starts_with("ampcc_");
}

std::string localName(const NamedDecl *D) {
  std::string Name = D->getName().empty() ? "unnamed" : D->getName().str();
  if (isOpenCLReserved(Name))
    Name += "_";
  return Name;
}

const Expr *strip(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      if (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_LValueToRValue ||
          ICE->getCastKind() == CK_UncheckedDerivedToBase || ICE->getCastKind() == CK_DerivedToBase) {
        E = ICE->getSubExpr();
        continue;
      }
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MTE->getSubExpr();
      continue;
    }
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
      E = EWC->getSubExpr();
      continue;
    }
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = BTE->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<ConstantExpr>(E)) {
      E = CE->getSubExpr();
      continue;
    }
    return E;
  }
}

bool isViewType(QualType T) {
  llvm::StringRef K = getBuiltinTypeName(T);
  return K == "array_view" || K == "array";
}

// A non-const reference parameter is lowered to a pointer; a const one to a value.
bool isPointerParam(QualType T) {
  if (T->isPointerType())
    return true;
  return T->isReferenceType() && !T.getNonReferenceType().isConstQualified();
}

std::string indent(int N) { return std::string(2 * N, ' '); }

} // namespace

// ---------------------------------------------------------------------------------------------------
// Diagnostics and small helpers

void FunctionLowering::unsupported(const Stmt *S, const char *What) {
  error(Ctx.getDiagnostics(), S->getBeginLoc(), "%0 is not supported in restrict(amp) code") << What;
  P.HadError = true;
}

std::string FunctionLowering::lineDirective(SourceLocation Loc) {
  SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isInvalid() || static_cast<int>(PL.getLine()) == LastLine)
    return "";
  LastLine = PL.getLine();
  return "#line " + std::to_string(PL.getLine()) + " \"" + escapeCString(PL.getFilename()) + "\"\n";
}

std::string FunctionLowering::constant(const Expr *E, bool &Ok) {
  Expr::EvalResult R;
  Ok = E->EvaluateAsRValue(R, Ctx) && !R.HasSideEffects;
  if (!Ok)
    return "0";
  const APValue &V = R.Val;
  if (V.isInt()) {
    llvm::SmallString<32> S;
    V.getInt().toString(S);
    if (E->getType()->isBooleanType())
      return V.getInt().getBoolValue() ? "1" : "0";
    std::string Suffix = V.getInt().isUnsigned() ? "u" : "";
    if (Ctx.getTypeSize(E->getType()) > 32)
      Suffix += "L";
    return std::string(S) + Suffix;
  }
  if (V.isFloat()) {
    // The shortest decimal form that reads back as the same value.
    bool Single = E->getType()->isSpecificBuiltinType(BuiltinType::Float);
    double D = Single ? V.getFloat().convertToFloat() : V.getFloat().convertToDouble();
    char Buf[64];
    for (int Digits = 1; Digits <= 17; ++Digits) {
      snprintf(Buf, sizeof Buf, "%.*g", Digits, D);
      if (Single ? strtof(Buf, nullptr) == static_cast<float>(D) : strtod(Buf, nullptr) == D)
        break;
    }
    std::string Str(Buf);
    if (Str.find_first_of(".eEn") == std::string::npos)
      Str += ".0";
    return E->getType()->isSpecificBuiltinType(BuiltinType::Float) ? Str + "f" : Str;
  }
  Ok = false;
  return "0";
}

// ---------------------------------------------------------------------------------------------------
// Address spaces and view usage

AddrSpace FunctionLowering::spaceOfLValue(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Vars.find(DRE->getDecl());
    if (It == Vars.end())
      return AddrSpace::Private;
    return It->second.IsPointerForRef ? It->second.Pointee : It->second.Storage;
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
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointeeSpace(UO->getSubExpr());
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    llvm::StringRef B = FD ? getBuiltinName(FD) : "";
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
  return AddrSpace::Private;
}

namespace {

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

// The assignments `VD = value` in S, in source order.
void collectAssignments(const Stmt *S, const VarDecl *VD, std::vector<const BinaryOperator *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign)
    if (const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()); Ref && Ref->getDecl() == VD)
      Out.push_back(BO);
  for (const Stmt *Child : S->children())
    collectAssignments(Child, VD, Out);
}

} // namespace

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
  for (const BinaryOperator *BO : Assigned) {
    if (isNull(BO->getRHS()))
      continue;
    AddrSpace S = pointeeSpace(BO->getRHS());
    if (!Space) {
      Space = S;
    } else if (*Space != S) {
      error(Ctx.getDiagnostics(), BO->getExprLoc(),
            "'%0' points into %1 memory here and into %2 memory before: a pointer in restrict(amp) code must "
            "keep to one kind of memory (OpenCL C 1.2 has no generic address space)")
          << VD->getName() << spaceWord(S) << spaceWord(*Space);
      P.HadError = true;
      break;
    }
  }
  return Space.value_or(AddrSpace::Private);
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
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() ? viewRoot(CE->getArg(0)) : nullptr;
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
    const auto *PE = Node.get<Expr>();
    if (!PE)
      return false;
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(PE)) {
      if (ICE->getCastKind() == CK_LValueToRValue)
        return false;
      Cur = PE;
      continue;
    }
    if (isa<ParenExpr>(PE) || isa<MaterializeTemporaryExpr>(PE) || isa<ArraySubscriptExpr>(PE)) {
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

// ---------------------------------------------------------------------------------------------------
// Calls to user functions: one specialisation per combination of pointer address spaces.

FunctionSpec &FunctionLowering::specialize(const FunctionDecl *Def, const std::vector<AddrSpace> &Spaces,
                                           SourceLocation Loc) {
  auto Key = std::make_pair(Def, Spaces);
  FunctionSpec &Spec = P.Specs[Key];
  if (const auto *VM = dyn_cast<CXXMethodDecl>(Def); VM && VM->isVirtual() && !Spec.FD) {
    error(Ctx.getDiagnostics(), VM->getLocation(), "virtual functions cannot be restrict(amp)");
    P.HadError = true;
    Spec.FD = Def;
    Spec.Name = "ampcc_invalid";
    return Spec;
  }
  if (!Spec.FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Def);
    // A constructor becomes a function that builds the object in a private local and returns it.
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def);
    bool IsMethod = MD && MD->isInstance() && !Ctor;
    Spec.FD = Def;
    Spec.Spaces = Spaces;
    std::string Base = Def->getNameAsString();
    if (Ctor)
      Base = Ctor->getParent()->getNameAsString() + "_ctor";
    else if (MD)
      Base = MD->getParent()->getNameAsString() + "_" + (MD->isOverloadedOperator() ? "op" : Base);
    std::string Clean;
    for (char C : Base)
      Clean += isalnum(static_cast<unsigned char>(C)) ? C : '_';
    Spec.Name = P.uniqueName("ampcc_fn_" + Clean);

    FunctionLowering Callee(P, &Spec);
    std::vector<std::string> Params;
    unsigned SpaceIdx = 0;
    std::string ThisCopy;
    // A lambda's call operator names its captures as the variables they capture.
    if (IsMethod && MD->getParent()->isLambda()) {
      llvm::DenseMap<const ValueDecl *, FieldDecl *> Fields;
      FieldDecl *ThisField = nullptr;
      MD->getParent()->getCaptureFields(Fields, ThisField);
      for (auto [Captured, Field] : Fields) {
        VarInfo VI;
        VI.Name = "this_->cap" + std::to_string(Field->getFieldIndex());
        VI.IsPointerForRef = Field->getType()->isReferenceType();
        Callee.Vars[Captured] = VI;
      }
    }
    if (IsMethod && MD->isConst()) {
      // A const method gets its object by value, so it can be called on temporaries (`(a * b).norm()`).
      Callee.ThisName = "this_";
      std::string T = P.typeName(Ctx.getRecordType(MD->getParent()), Loc);
      Params.push_back(T + " self_");
      ThisCopy = "  " + T + "* this_ = &self_;\n";
    } else if (IsMethod) {
      Callee.ThisName = "this_";
      Callee.ThisSpace = Spaces[SpaceIdx++];
      Params.push_back(std::string(qualifierFor(Callee.ThisSpace)) +
                       P.typeName(Ctx.getRecordType(MD->getParent()), Loc) + "* this_");
    }
    for (const ParmVarDecl *PVD : Def->parameters()) {
      QualType PT = PVD->getType();
      VarInfo VI;
      VI.Name = localName(PVD);
      if (PT->isPointerType()) {
        VI.Pointee = Spaces[SpaceIdx++];
        Params.push_back(P.declare(PT, VI.Name, PVD->getLocation(), VI.Pointee));
      } else if (isPointerParam(PT)) {
        VI.Pointee = Spaces[SpaceIdx++];
        VI.IsPointerForRef = true;
        Params.push_back(P.declare(PT, VI.Name, PVD->getLocation(), VI.Pointee));
      } else {
        Params.push_back(P.declare(PT.getNonReferenceType(), VI.Name, PVD->getLocation()));
      }
      if (isViewType(PT))
        VI.ViewRoot = PVD;
      Callee.Vars[PVD] = VI;
    }
    P.CallStack.push_back(Def);
    std::string Body;
    QualType Result = Def->getReturnType();
    if (Ctor) {
      Result = Ctx.getRecordType(Ctor->getParent());
      Callee.ThisName = "this_";
      Callee.ThisSpace = AddrSpace::Private;
      Body = "{\n  " + P.typeName(Result, Loc) + " self_;\n  " + P.typeName(Result, Loc) + "* this_ = &self_;\n";
      for (const CXXCtorInitializer *Init : Ctor->inits()) {
        if (Init->isBaseInitializer()) {
          const CXXRecordDecl *Base = Init->getBaseClass()->getAsCXXRecordDecl();
          const auto *BaseCtor = dyn_cast<CXXConstructExpr>(strip(Init->getInit()));
          if (!Base || (BaseCtor && BaseCtor->getConstructor()->isTrivial()))
            continue;
          // An empty base has no member to initialise; its constructor still runs.
          if (Base->isEmpty())
            Body += "  (void)" + Callee.expr(Init->getInit()) + ";\n";
          else
            Body += "  this_->" + ProgramBuilder::baseFieldName(Ctor->getParent(), Base) + " = " +
                    Callee.expr(Init->getInit()) + ";\n";
          continue;
        }
        if (!Init->isMemberInitializer()) {
          if (Init->isWritten()) {
            error(Ctx.getDiagnostics(), Init->getSourceLocation(),
                  "delegating constructors are not lowered by ampcc yet");
            P.HadError = true;
          }
          continue;
        }
        const Expr *IE = Init->getInit();
        const auto *CCE = dyn_cast<CXXConstructExpr>(strip(IE));
        if (CCE && CCE->getNumArgs() == 0 && getBuiltinName(CCE->getConstructor()).empty() &&
            CCE->getConstructor()->isTrivial())
          continue; // a trivially default-initialised member
        if (const auto *PLE = dyn_cast<ParenListExpr>(IE); PLE && PLE->getNumExprs() == 1)
          IE = PLE->getExpr(0);
        Body += "  this_->" + Init->getMember()->getNameAsString() + " = " + Callee.expr(IE) + ";\n";
      }
      Body += Callee.stmt(Def->getBody(), 1) + "  return self_;\n}\n";
    } else if (!ThisCopy.empty()) {
      Body = "{\n" + ThisCopy + Callee.stmt(Def->getBody(), 1) + "}\n";
    } else {
      Body = Callee.stmt(Def->getBody(), 0);
    }
    P.CallStack.pop_back();
    for (const HiddenLocal &H : Callee.Hidden)
      Params.push_back(H.Param);
    Spec.Hidden = Callee.Hidden;
    std::string Sig = P.typeName(Result, Loc) + " " + Spec.Name + "(";
    for (size_t I = 0; I < Params.size(); ++I)
      Sig += (I ? ", " : "") + Params[I];
    Sig += Params.empty() ? "void)" : ")";
    P.Prototypes += Sig + ";\n";
    P.Functions += Sig + "\n" + Body + "\n";
    for (const ParmVarDecl *PVD : Def->parameters())
      Spec.WrittenViewParams.push_back(Callee.WrittenViews.count(PVD) != 0);
  }
  return Spec;
}

std::string FunctionLowering::callFunction(const FunctionDecl *FD, const Expr *ThisArg,
                                           llvm::ArrayRef<const Expr *> Args, SourceLocation Loc) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def) {
    error(D, Loc,
          "'%0' has no definition that ampcc can see; restrict(amp) functions must be defined in the translation unit")
        << FD->getQualifiedNameAsString();
    P.HadError = true;
    return "0";
  }
  if (!isAmpCallable(Def)) {
    error(D, Loc, "call to '%0', which is not restrict(amp), from restrict(amp) code")
        << FD->getQualifiedNameAsString();
    P.HadError = true;
    return "0";
  }
  for (const FunctionDecl *F : P.CallStack) {
    if (F == Def) {
      error(D, Loc, "recursive call to '%0': restrict(amp) code cannot recurse") << FD->getQualifiedNameAsString();
      P.HadError = true;
      return "0";
    }
  }
  if (Def->getReturnType()->isReferenceType() || Def->getReturnType()->isPointerType()) {
    error(D, Loc, "'%0' returns a reference or pointer, which ampcc does not lower yet")
        << FD->getQualifiedNameAsString();
    P.HadError = true;
    return "0";
  }
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  bool IsMethod = MD && MD->isInstance() && !isa<CXXConstructorDecl>(Def);

  std::vector<AddrSpace> Spaces;
  bool ThisIsPointer = false;
  bool ThisByValue = IsMethod && MD->isConst();
  if (IsMethod && !ThisByValue) {
    const Expr *Obj = ThisArg ? ThisArg->IgnoreParenImpCasts() : nullptr;
    if (Obj && Obj->getType()->isPointerType()) {
      ThisIsPointer = true;
      Spaces.push_back(pointeeSpace(Obj));
    } else {
      Spaces.push_back(Obj ? spaceOfLValue(Obj) : ThisSpace);
    }
  }
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    if (PT->isPointerType())
      Spaces.push_back(pointeeSpace(Args[I]));
    else if (isPointerParam(PT))
      Spaces.push_back(spaceOfLValue(Args[I]));
  }

  FunctionSpec &Spec = specialize(Def, Spaces, Loc);

  std::string Call = Spec.Name + "(";
  bool First = true;
  auto add = [&](const std::string &A) {
    Call += (First ? "" : ", ") + A;
    First = false;
  };
  // A method of a base class called on a derived object: the object converted to the base.
  const auto *BaseCast = ThisArg ? dyn_cast<ImplicitCastExpr>(ThisArg->IgnoreParens()) : nullptr;
  if (BaseCast && ((BaseCast->getCastKind() != CK_DerivedToBase &&
                    BaseCast->getCastKind() != CK_UncheckedDerivedToBase) ||
                   !getBuiltinTypeName(MD->getParent()->getTypeForDecl()->getCanonicalTypeInternal()).empty()))
    BaseCast = nullptr;
  if (BaseCast && (ThisByValue || IsMethod)) {
    std::string Obj = toBase(BaseCast);
    if (ThisByValue)
      add(ThisIsPointer || BaseCast->getType()->isPointerType() ? "*" + Obj : Obj);
    else
      add(BaseCast->getType()->isPointerType() ? Obj : "&(" + Obj + ")");
  } else if (ThisByValue) {
    const Expr *Obj = ThisArg ? ThisArg->IgnoreParenImpCasts() : nullptr;
    if (!Obj || isa<CXXThisExpr>(Obj))
      add("*" + ThisName);
    else if (Obj->getType()->isPointerType())
      add("*(" + expr(ThisArg) + ")");
    else
      add(expr(ThisArg));
  } else if (IsMethod) {
    if (!ThisArg)
      add(ThisName);
    else if (ThisIsPointer)
      add(expr(ThisArg));
    else if (isa<CXXThisExpr>(strip(ThisArg)))
      add(ThisName);
    else
      add("&(" + expr(ThisArg) + ")");
  }
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    if (!PT->isPointerType() && isPointerParam(PT))
      add("&(" + expr(Args[I]) + ")");
    else
      add(expr(Args[I]));
    if (I < Spec.WrittenViewParams.size() && Spec.WrittenViewParams[I])
      if (const ValueDecl *Root = viewRoot(Args[I]))
        WrittenViews.insert(Root);
  }
  // tile_static variables of the callee live in the kernel and travel as __local pointers.
  for (const HiddenLocal &H : Spec.Hidden) {
    useHidden(H);
    add(InKernel && !H.IsArray ? "&" + H.Name : H.Name);
  }
  return Call + ")";
}

void FunctionLowering::useHidden(const HiddenLocal &H) {
  if (!HiddenSeen.insert(H.KernelDecl).second)
    return;
  if (InKernel) {
    LocalDecls += "  " + H.KernelDecl;
    LocalBytes += H.Bytes;
  } else {
    Hidden.push_back(H);
  }
}

// ---------------------------------------------------------------------------------------------------
// Expressions

std::string FunctionLowering::expr(const Expr *E) {
  if (!E)
    return "";
  if (const auto *PE = dyn_cast<ParenExpr>(E))
    return "(" + expr(PE->getSubExpr()) + ")";
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
    if (const auto *V = dyn_cast<VarDecl>(VD); V && V->isStaticLocal() && V->getParentFunctionOrMethod() &&
                                               isAmpCallable(dyn_cast<FunctionDecl>(V->getParentFunctionOrMethod()))) {
      // Already reported at its declaration.
    } else if (const auto *V = dyn_cast<VarDecl>(VD); V && V->hasGlobalStorage()) {
      error(Ctx.getDiagnostics(), DRE->getLocation(),
            "restrict(amp) code cannot use the %select{global|static}0 variable '%1'")
          << (V->isStaticLocal() || V->isStaticDataMember() ? 1 : 0) << V->getName();
    } else if (isa<FunctionDecl>(VD)) {
      error(Ctx.getDiagnostics(), DRE->getLocation(), "function pointers are not allowed in restrict(amp) code");
    } else {
      error(Ctx.getDiagnostics(), DRE->getLocation(), "'%0' is not available in restrict(amp) code") << VD->getName();
    }
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
      if (VD->getType().isConstQualified() && VD->getType()->isIntegralOrEnumerationType())
        if (const APValue *V = VD->evaluateValue(); V && V->isInt())
          return std::to_string(V->getInt().getExtValue());
      error(Ctx.getDiagnostics(), ME->getMemberLoc(), "restrict(amp) code cannot use the static member '%0'")
          << VD->getName();
      P.HadError = true;
      return "0";
    }
    std::string Field = ME->getMemberDecl()->getNameAsString();
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
      return "0";
    case CK_FunctionToPointerDecay:
      error(Ctx.getDiagnostics(), E->getExprLoc(), "function pointers are not allowed in restrict(amp) code");
      P.HadError = true;
      return "0";
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
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    if (isa<CXXReinterpretCastExpr>(CE) || isa<CXXDynamicCastExpr>(CE) || isa<CXXConstCastExpr>(CE)) {
      unsupported(E, CE->getCastKindName());
      return "0";
    }
    if (CE->getCastKind() == CK_ConstructorConversion || CE->getCastKind() == CK_UserDefinedConversion ||
        CE->getCastKind() == CK_NoOp)
      return expr(CE->getSubExpr());
    if (CE->getType()->isVoidType())
      return "(void)(" + expr(CE->getSubExpr()) + ")";
    // A pointer cast keeps the operand's address space (OpenCL C cannot change it).
    if (CE->getType()->isPointerType() && CE->getSubExpr()->getType()->isPointerType())
      return "((" + P.declare(CE->getType(), "", CE->getExprLoc(), pointeeSpace(CE->getSubExpr())) + ")(" +
             expr(CE->getSubExpr()) + "))";
    return "((" + P.typeName(CE->getType(), CE->getExprLoc()) + ")(" + expr(CE->getSubExpr()) + "))";
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    std::string Sub = expr(UO->getSubExpr());
    if (UO->getOpcode() == UO_AddrOf && isa<CXXThisExpr>(strip(UO->getSubExpr())))
      return Sub;
    llvm::StringRef Op = UnaryOperator::getOpcodeStr(UO->getOpcode());
    if (UO->isPostfix())
      return "(" + Sub + ")" + Op.str();
    return Op.str() + "(" + Sub + ")";
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_PtrMemD || BO->getOpcode() == BO_PtrMemI) {
      unsupported(E, "a pointer to member");
      return "0";
    }
    // Operands are lowered left to right so that function names are numbered in source order.
    std::string L = expr(BO->getLHS());
    std::string R = expr(BO->getRHS());
    if (BO->getOpcode() == BO_Comma)
      return "(" + L + ", " + R + ")";
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
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD) {
      unsupported(E, "a call through a function pointer");
      return "0";
    }
    const Expr *Obj = nullptr;
    llvm::SmallVector<const Expr *, 4> Args;
    unsigned First = 0;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      Obj = MCE->getImplicitObjectArgument();
      if (const auto *MD = MCE->getMethodDecl(); MD && MD->isVirtual()) {
        error(Ctx.getDiagnostics(), E->getExprLoc(), "virtual call to '%0' in restrict(amp) code") << MD->getName();
        P.HadError = true;
        return "0";
      }
    } else if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->isInstance()) {
      Obj = CE->getArg(0);
      First = 1;
    }
    for (unsigned I = First; I < CE->getNumArgs(); ++I)
      Args.push_back(CE->getArg(I));
    // Implicit (member-wise) copy and move assignment is plain C struct assignment.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && Obj && Args.size() == 1 && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
        (MD->isTrivial() || !MD->isUserProvided())) {
      std::string L = expr(Obj);
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
    if (Ctor->isCopyOrMoveConstructor() && CCE->getNumArgs() == 1)
      return expr(CCE->getArg(0));
    if (Ctor->isTrivial() || (Ctor->isDefaultConstructor() && Ctor->isImplicit()))
      return "((" + P.typeName(CCE->getType(), CCE->getBeginLoc()) + "){0})";
    // A user constructor of a builtin-derived type (tiled_extent from extent) needs no code in kernels.
    if (!getBuiltinTypeName(CCE->getType()).empty() && CCE->getNumArgs() == 1)
      return expr(CCE->getArg(0));
    llvm::SmallVector<const Expr *, 4> Args(CCE->arguments());
    return callFunction(Ctor, nullptr, Args, E->getExprLoc());
  }
  if (isa<CXXThrowExpr>(E)) {
    unsupported(E, "throw");
    return "0";
  }
  if (isa<CXXNewExpr>(E) || isa<CXXDeleteExpr>(E)) {
    unsupported(E, isa<CXXNewExpr>(E) ? "new" : "delete");
    return "0";
  }
  if (const auto *LE = dyn_cast<LambdaExpr>(E))
    return lambda(LE);
  if (isa<CXXTypeidExpr>(E)) {
    unsupported(E, "typeid");
    return "0";
  }
  bool Ok;
  std::string C = constant(E, Ok);
  if (Ok)
    return C;
  unsupported(E, E->getStmtClassName());
  return "0";
}

std::string FunctionLowering::toBase(const ImplicitCastExpr *Cast) {
  const Expr *Sub = Cast->getSubExpr();
  bool Pointer = Sub->getType()->isPointerType();
  std::string Out = expr(Sub);
  // C++ AMP's own classes (tiled_extent from extent) share one lowered type.
  QualType Target = Pointer ? Cast->getType()->getPointeeType() : Cast->getType();
  if (!getBuiltinTypeName(Target).empty())
    return Out;
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
    } else {
      Inits += (I++ ? ", " : "") + expr(Init);
    }
  }
  return "((" + Name + "){" + (I ? Inits : "0") + "})";
}

std::string FunctionLowering::initList(const InitListExpr *IL) {
  std::string Out = "{";
  for (unsigned I = 0; I < IL->getNumInits(); ++I) {
    const Expr *Init = IL->getInit(I);
    const auto *Inner = dyn_cast<InitListExpr>(strip(Init));
    Out += (I ? ", " : "") + (Inner ? initList(Inner) : expr(Init));
  }
  return Out + (IL->getNumInits() ? "}" : "0}");
}

// ---------------------------------------------------------------------------------------------------
// Statements

std::string FunctionLowering::stmt(const Stmt *S, int Ind) {
  if (!S)
    return "";
  std::string Line = lineDirective(S->getBeginLoc());
  std::string Pad = indent(Ind);
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    std::string Out = Line + Pad + "{\n";
    for (const Stmt *Child : CS->body())
      Out += stmt(Child, Ind + 1);
    return Out + Pad + "}\n";
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    std::string Out = Line;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD) {
        if (!isa<TypedefNameDecl>(D) && !isa<TypeAliasDecl>(D) && !isa<RecordDecl>(D) && !isa<StaticAssertDecl>(D) &&
            !isa<UsingDecl>(D) && !isa<UsingDirectiveDecl>(D))
          unsupported(S, "this declaration");
        continue;
      }
      VarInfo VI;
      VI.Name = localName(VD);
      QualType T = VD->getType();
      const Expr *Init = VD->getInit();
      if (isTileStatic(VD)) {
        if ((InKernel && TileDims[0] == 0) || (!InKernel && P.KernelTiled == 0)) {
          error(Ctx.getDiagnostics(), VD->getLocation(),
                "tile_static can be used only in a tiled kernel and the functions it calls");
          P.HadError = true;
        }
        if (T->isPointerType() || T->isReferenceType()) {
          error(Ctx.getDiagnostics(), VD->getLocation(), "tile_static cannot be applied to a pointer or a reference");
          P.HadError = true;
          continue;
        }
        if (const auto *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
            RD && getBuiltinTypeName(QualType(RD->getTypeForDecl(), 0)).empty() &&
            !RD->hasTrivialDefaultConstructor()) {
          error(Ctx.getDiagnostics(), VD->getLocation(),
                "tile_static variables cannot have a type with a non-trivial constructor (%0)")
              << RD->getName();
          P.HadError = true;
        }
        if (Init && !isa<CXXConstructExpr>(strip(Init))) {
          error(Ctx.getDiagnostics(), VD->getLocation(), "a tile_static variable cannot have an initializer");
          P.HadError = true;
        }
        VI.Name = P.uniqueName("ampcc_ts_" + localName(VD));
        VI.Storage = AddrSpace::Local;
        std::string Decl = "__local " + P.declare(T, VI.Name, VD->getLocation(), AddrSpace::Private, true) + ";\n";
        // Declared at kernel scope by useHidden: here if this is the kernel, else in every kernel that calls us.
        HiddenLocal H;
        H.KernelDecl = Decl;
        H.Name = VI.Name;
        H.Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
        if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
          // The callee sees a pointer to the first element; inner dimensions keep their shape.
          H.Param = "__local " +
                    P.declare(AT->getElementType(), "(*" + VI.Name + ")", VD->getLocation(), AddrSpace::Private, true);
          H.IsArray = true;
        } else {
          H.Param = "__local " + P.declare(T, "(*" + VI.Name + ")", VD->getLocation(), AddrSpace::Private, true);
          if (!InKernel)
            VI.Name = "(*" + VI.Name + ")";
        }
        useHidden(H);
        Vars[VD] = VI;
        continue;
      }
      if (VD->isStaticLocal() || VD->hasGlobalStorage()) {
        error(Ctx.getDiagnostics(), VD->getLocation(), "static variables are not allowed in restrict(amp) code");
        P.HadError = true;
        continue;
      }
      std::string Decl;
      if (T->isReferenceType()) {
        const Expr *Bound = Init ? Init->IgnoreImplicit() : nullptr;
        bool ToTemporary = Init && (isa<MaterializeTemporaryExpr>(Init->IgnoreParens()) ||
                                    isa<MaterializeTemporaryExpr>(Bound) || !Init->isGLValue());
        if (ToTemporary || (T.getNonReferenceType().isConstQualified() && !isViewType(T))) {
          Decl = P.declare(T.getNonReferenceType(), VI.Name, VD->getLocation()) + " = " + expr(Init);
        } else {
          VI.IsPointerForRef = true;
          VI.Pointee = spaceOfLValue(Init);
          Decl = P.declare(T, VI.Name, VD->getLocation(), VI.Pointee) + " = &(" + expr(Init) + ")";
        }
      } else {
        if (T->isPointerType())
          VI.Pointee = pointerVarSpace(VD, Init);
        if (isViewType(T) && Init)
          VI.ViewRoot = viewRoot(Init);
        Decl = P.declare(T, VI.Name, VD->getLocation(), VI.Pointee);
        if (Init) {
          const Expr *SI = strip(Init);
          const auto *CCE = dyn_cast<CXXConstructExpr>(SI);
          bool TrivialDefault = CCE && CCE->getNumArgs() == 0 && getBuiltinName(CCE->getConstructor()).empty() &&
                                (CCE->getConstructor()->isTrivial() || !CCE->getConstructor()->hasBody());
          const auto *CAT = Ctx.getAsConstantArrayType(T);
          if (const auto *IL = dyn_cast<InitListExpr>(SI)) {
            Decl += " = " + initList(IL);
          } else if (CAT && CCE && !TrivialDefault) {
            // An array of a class with a constructor: each element constructed in turn, as C++ does.
            QualType Elem = Ctx.getBaseElementType(T);
            std::string K = P.uniqueName("ampcc_k");
            Decl += ";\n" + Pad + "for (int " + K + " = 0; " + K + " < " +
                    std::to_string(Ctx.getConstantArrayElementCount(CAT)) + "; ++" + K + ") ((" +
                    P.typeName(Elem, VD->getLocation()) + "*)" + VI.Name + ")[" + K + "] = " + expr(Init);
          } else if (!TrivialDefault) {
            Decl += " = " + expr(Init);
          }
        }
      }
      Vars[VD] = VI;
      Out += Pad + Decl + ";\n";
    }
    return Out;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return Line + Pad + expr(E) + ";\n";
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    if (IS->getInit() || IS->getConditionVariable())
      unsupported(S, "a declaration in an if condition");
    std::string Out = Line + Pad + "if (" + expr(IS->getCond()) + ")\n" + stmt(IS->getThen(), Ind + 1);
    if (IS->getElse())
      Out += Pad + "else\n" + stmt(IS->getElse(), Ind + 1);
    return Out;
  }
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    std::string Init;
    if (FS->getInit()) {
      Init = stmt(FS->getInit(), 0);
      // Drop the #line lines and the newline of the lowered init statement.
      while (!Init.empty() && Init.rfind("#line", 0) == 0)
        Init = Init.substr(Init.find('\n') + 1);
      while (!Init.empty() && (Init.back() == '\n' || Init.back() == ';'))
        Init.pop_back();
    }
    std::string Out = Line + Pad + "for (" + Init + "; " + expr(FS->getCond()) + "; " + expr(FS->getInc()) + ")\n";
    return Out + stmt(FS->getBody(), Ind + 1);
  }
  if (const auto *WS = dyn_cast<WhileStmt>(S))
    return Line + Pad + "while (" + expr(WS->getCond()) + ")\n" + stmt(WS->getBody(), Ind + 1);
  if (const auto *DS = dyn_cast<DoStmt>(S))
    return Line + Pad + "do\n" + stmt(DS->getBody(), Ind + 1) + Pad + "while (" + expr(DS->getCond()) + ");\n";
  if (const auto *SS = dyn_cast<SwitchStmt>(S))
    return Line + Pad + "switch (" + expr(SS->getCond()) + ")\n" + stmt(SS->getBody(), Ind + 1);
  if (const auto *CS = dyn_cast<CaseStmt>(S))
    return Line + Pad + "case " + expr(CS->getLHS()) + ":\n" + stmt(CS->getSubStmt(), Ind + 1);
  if (const auto *DS = dyn_cast<DefaultStmt>(S))
    return Line + Pad + "default:\n" + stmt(DS->getSubStmt(), Ind + 1);
  if (isa<BreakStmt>(S))
    return Line + Pad + "break;\n";
  if (isa<ContinueStmt>(S))
    return Line + Pad + "continue;\n";
  if (isa<NullStmt>(S))
    return Pad + ";\n";
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (InKernel && RS->getRetValue()) {
      unsupported(S, "returning a value from a kernel");
      return "";
    }
    if (Spec && isa<CXXConstructorDecl>(Spec->FD))
      return Line + Pad + "return self_;\n";
    return Line + Pad + "return" + (RS->getRetValue() ? " " + expr(RS->getRetValue()) : "") + ";\n";
  }
  if (isa<CXXTryStmt>(S)) {
    unsupported(S, "try/catch");
    return "";
  }
  if (isa<GotoStmt>(S) || isa<LabelStmt>(S)) {
    unsupported(S, "goto");
    return "";
  }
  if (isa<AsmStmt>(S)) {
    unsupported(S, "inline assembly");
    return "";
  }
  if (isa<CXXForRangeStmt>(S)) {
    unsupported(S, "a range-based for loop");
    return "";
  }
  unsupported(S, S->getStmtClassName());
  return "";
}

// ---------------------------------------------------------------------------------------------------
// Kernels

OpenCLEmitter::OpenCLEmitter(ASTContext &Ctx) : Program(std::make_unique<ProgramBuilder>(Ctx)) {
  Program->Checked = checkedModeRequested(Ctx);
}
OpenCLEmitter::~OpenCLEmitter() = default;

std::string OpenCLEmitter::program() const {
  return std::string(openclPrelude()) + (Program->Checked ? BoundsChecks::prelude() : "") + "\n" + Program->Types +
         "\n" + Program->Prototypes + "\n" + Program->Functions + "\n" + Program->Kernels;
}

// A kernel is named for where it is: the function around its parallel_for_each, the file and the line
// (ampcc_main_matmul_cpp_42), so profiles and OpenCL build logs of a program with several files tell its
// kernels apart.
static std::string kernelName(ASTContext &Ctx, const KernelSite &Site) {
  SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Site.Call->getBeginLoc()));
  std::string Function;
  DynTypedNodeList Parents = Ctx.getParents(*Site.Call);
  while (!Parents.empty() && Function.empty()) {
    const auto *FD = Parents[0].get<FunctionDecl>();
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (FD && !(MD && MD->getParent()->isLambda())) {
      // Constructors and operators are named for their class.
      if (FD->getDeclName().isIdentifier())
        Function = FD->getName().str();
      else if (MD && MD->getParent()->getIdentifier())
        Function = MD->getParent()->getName().str();
    }
    Parents = Ctx.getParents(Parents[0]);
  }
  std::string Name = "ampcc_" + (Function.empty() ? "" : Function + "_");
  if (Where.isValid())
    Name += llvm::sys::path::filename(Where.getFilename()).str() + "_" + std::to_string(Where.getLine());
  else
    Name += "kernel";
  for (char &C : Name)
    if (!isalnum(static_cast<unsigned char>(C)) && C != '_')
      C = '_';
  return Name;
}

std::optional<LoweredKernel> OpenCLEmitter::lowerKernel(const KernelSite &Site) {
  ProgramBuilder &P = *Program;
  ASTContext &Ctx = P.Ctx;
  P.HadError = false;
  FunctionLowering FL(P, nullptr);
  FL.InKernel = true;
  P.KernelTiled = Site.isTiled() ? 1 : 0;
  for (int I = 0; I < 3; ++I)
    FL.TileDims[I] = Site.Tile[I];

  LoweredKernel K;
  K.Name = P.uniqueName(kernelName(Ctx, Site));
  KernelBodies.push_back(Site.Body);
  std::vector<std::string> Params = {"ampcc_domain ampcc_dom"};
  std::string Entry;

  for (const KernelCapture &C : Site.Captures) {
    KernelArgUsage U;
    VarInfo VI;
    std::string Name = localName(C.Decl);
    VI.Name = Name;
    if (isViewType(C.Type)) {
      U.IsBuffer = true;
      std::string VT = P.viewTypeName(C.Type, C.Loc);
      QualType Elem = getTypeTemplateArg(C.Type, 0);
      Params.push_back(std::string(Elem.isConstQualified() ? "const " : "") + "__global " +
                       P.typeName(Elem, C.Loc, true) + "* " + Name + "_ptr");
      Params.push_back("ampcc_shape " + Name + "_sh");
      Entry +=
          "  " + VT + " " + Name + ";\n  " + Name + ".ptr = " + Name + "_ptr;\n  " + Name + ".sh = " + Name + "_sh;\n";
      if (P.Checked)
        Entry += "  " + Name + ".chk = ampcc_chk;\n";
      VI.ViewRoot = C.Decl;
    } else if (C.Type->isBooleanType()) {
      Params.push_back("uchar " + Name + "_in");
      Entry += "  bool " + Name + " = " + Name + "_in;\n";
    } else if (const auto *AT = Ctx.getAsConstantArrayType(C.Type)) {
      // A C array travels by value inside a struct, as OpenCL C cannot pass arrays.
      (void)AT;
      std::string Wrap = P.uniqueName("ampcc_arr_" + Name);
      P.Types += "typedef struct { " + P.declare(C.Type, "v", C.Loc, AddrSpace::Private, true) + "; } " + Wrap + ";\n";
      Params.push_back(Wrap + " " + Name + "_in");
      VI.Name = Name + "_in.v";
    } else {
      Params.push_back(P.declare(C.Type, Name, C.Loc, AddrSpace::Private, true));
    }
    FL.Vars[C.Decl] = VI;
    K.Args.push_back(U);
  }

  if (P.Checked)
    Params.push_back(BoundsChecks::kernelParam());
  K.Checked = P.Checked;

  // The index parameter.
  const ParmVarDecl *IdxParam = Site.Body->getParamDecl(0);
  std::string IdxName = localName(IdxParam);
  unsigned R = Site.Rank;
  auto ids = [&](const char *Fn) {
    std::string S = "ampcc_idx" + std::to_string(R) + "_make(";
    for (unsigned D = 0; D < 3; ++D) {
      if (D < R)
        S += "(int)" + std::string(Fn) + "(" + std::to_string(R - 1 - D) + ")";
      else
        S += "0";
      S += D < 2 ? ", " : ")";
    }
    return S;
  };
  std::string IndexCode;
  if (Site.isTiled()) {
    std::string T = "ampcc_tidx" + std::to_string(R);
    IndexCode = "  " + T + " " + IdxName + ";\n  " + IdxName + ".g = " + ids("get_global_id") + ";\n  " + IdxName +
                ".l = " + ids("get_local_id") + ";\n  " + IdxName + ".t = " + ids("get_group_id") + ";\n  " + IdxName +
                ".o = ampcc_idx" + std::to_string(R) + "_sub(" + IdxName + ".g, " + IdxName + ".l);\n";
  } else {
    IndexCode = "  ampcc_idx" + std::to_string(R) + " " + IdxName + " = " + ids("get_global_id") + ";\n";
    // The runtime rounds the global size up to whole work-groups; padding threads leave at once.
    IndexCode += "  if (";
    for (unsigned D = 0; D < R; ++D)
      IndexCode += std::string(D ? " || " : "") + IdxName + ".v[" + std::to_string(D) + "] >= ampcc_dom.ext[" +
                   std::to_string(D) + "]";
    IndexCode += ") return;\n";
  }
  VarInfo IV;
  IV.Name = IdxName;
  FL.Vars[IdxParam] = IV;

  std::string Body = FL.stmt(Site.Body->getBody(), 1);
  if (P.HadError)
    return std::nullopt;

  for (size_t I = 0; I < Site.Captures.size(); ++I)
    K.Args[I].Written = FL.WrittenViews.count(Site.Captures[I].Decl) != 0;
  K.LocalBytes = FL.LocalBytes;
  // C++ AMP guarantees 32 KB of tile_static memory per tile; the runtime checks the actual device too.
  if (K.LocalBytes > 32768) {
    error(Ctx.getDiagnostics(), Site.Body->getBeginLoc(),
          "the kernel uses %0 bytes of tile_static memory, more than the 32768 bytes C++ AMP allows per tile")
        << static_cast<unsigned>(K.LocalBytes);
    return std::nullopt;
  }

  std::string Attr;
  if (Site.isTiled()) {
    int X = Site.Tile[R - 1], Y = R > 1 ? Site.Tile[R - 2] : 1, Z = R > 2 ? Site.Tile[0] : 1;
    Attr = "__attribute__((reqd_work_group_size(" + std::to_string(X) + ", " + std::to_string(Y) + ", " +
           std::to_string(Z) + "))) ";
  }
  std::string Sig = "__kernel " + Attr + "void " + K.Name + "(";
  for (size_t I = 0; I < Params.size(); ++I)
    Sig += (I ? ", " : "") + Params[I];
  Sig += ")";
  P.Kernels += Sig + "\n{\n" + FL.LocalDecls + IndexCode + Entry + Body + "}\n\n";
  return K;
}

namespace {
class AmpFunctionCollector : public RecursiveASTVisitor<AmpFunctionCollector> {
public:
  explicit AmpFunctionCollector(SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() && isAmpCallable(FD) &&
        SM.isInMainFile(SM.getExpansionLoc(FD->getLocation()))) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (!MD || !MD->getParent()->isLambda())
        Found.push_back(FD);
    }
    return true;
  }
  SourceManager &SM;
  std::vector<const FunctionDecl *> Found;
};
} // namespace

void OpenCLEmitter::checkUnusedAmpFunctions() {
  ASTContext &Ctx = Program->Ctx;
  std::set<const FunctionDecl *> Reached(KernelBodies.begin(), KernelBodies.end());
  for (const auto &Entry : Program->Specs)
    Reached.insert(Entry.first.first);
  AmpFunctionCollector Collector(Ctx.getSourceManager());
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  ProgramBuilder Scratch(Ctx);
  Scratch.KernelTiled = -1; // unknown: no kernel calls these functions
  FunctionLowering Checker(Scratch, nullptr);
  for (const FunctionDecl *FD : Collector.Found) {
    if (Reached.count(FD))
      continue;
    // With no call site, every pointer is taken to point to private memory.
    std::vector<AddrSpace> Spaces;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && MD->isInstance())
      Spaces.push_back(AddrSpace::Private);
    for (const ParmVarDecl *PVD : FD->parameters())
      if (isPointerParam(PVD->getType()))
        Spaces.push_back(AddrSpace::Private);
    Checker.specialize(FD, Spaces, FD->getLocation());
  }
}

} // namespace ampcc
