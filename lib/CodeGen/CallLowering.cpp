// Calls to user functions in amp code: one OpenCL C function per combination of pointer address spaces.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpDiagnostics.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>

using namespace clang;

namespace ampcc {

// ---------------------------------------------------------------------------------------------------
// Calls to user functions: one specialisation per combination of pointer address spaces.

namespace {
// A function that returns a reference or a pointer: lowered to one that returns a pointer into the address
// space its return statements point into (FunctionSpec::ResultSpace).
bool returnsAddress(const FunctionDecl *FD) {
  QualType R = FD->getReturnType();
  return !isa<CXXConstructorDecl>(FD) && (R->isReferenceType() || R->isPointerType());
}
// Whether a method's body needs its object where it is, not a copy: it writes a mutable member, uses `this`
// otherwise than to name a member (a cast to the derived class in CRTP, a comparison, an argument), or calls
// such a method on its object. Seen holds the methods being asked about (amp code has no recursion).
bool needsObjectAddress(const CXXMethodDecl *MD, llvm::SmallPtrSetImpl<const CXXMethodDecl *> &Seen);
bool usesObjectAddress(const Stmt *S, llvm::SmallPtrSetImpl<const CXXMethodDecl *> &Seen) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base)) {
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        return F->isMutable();
      if (const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
        return M->isInstance() && needsObjectAddress(M, Seen);
      return false;
    }
    return usesObjectAddress(ME->getBase(), Seen);
  }
  if (isa<CXXThisExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (usesObjectAddress(Child, Seen))
      return true;
  return false;
}
bool needsObjectAddress(const CXXMethodDecl *MD, llvm::SmallPtrSetImpl<const CXXMethodDecl *> &Seen) {
  const FunctionDecl *Def = nullptr;
  if (!MD->hasBody(Def) || !Seen.insert(MD).second)
    return false;
  return usesObjectAddress(Def->getBody(), Seen);
}

// Const methods get their object by value (so they can be called on temporaries), unless they return a
// reference or pointer, which may point into the object, or need the object itself (needsObjectAddress).
bool takesThisByValue(const CXXMethodDecl *MD) {
  llvm::SmallPtrSet<const CXXMethodDecl *, 8> Seen;
  return MD->isConst() && !returnsAddress(MD) && !needsObjectAddress(MD, Seen);
}

void collectReturns(const Stmt *S, std::vector<const ReturnStmt *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *RS = dyn_cast<ReturnStmt>(S); RS && RS->getRetValue())
    Out.push_back(RS);
  for (const Stmt *Child : S->children())
    collectReturns(Child, Out);
}
} // namespace

namespace {
// The special members of Class that a special member like MD calls on a subobject of that class.
llvm::SmallVector<const CXXMethodDecl *, 4> counterparts(const CXXRecordDecl *Class, const CXXMethodDecl *MD) {
  llvm::SmallVector<const CXXMethodDecl *, 4> Out;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(MD);
  for (const CXXMethodDecl *M : Class->methods()) {
    const auto *C = dyn_cast<CXXConstructorDecl>(M);
    bool Same = Ctor ? C && (Ctor->isDefaultConstructor() ? C->isDefaultConstructor() : C->isCopyOrMoveConstructor())
                     : M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator();
    if (Same && !M->isDeleted())
      Out.push_back(M);
  }
  return Out;
}
} // namespace

bool copiesMembersOnly(const CXXMethodDecl *MD) {
  const CXXRecordDecl *RD = MD->getParent();
  if (MD->isTrivial() || !getBuiltinName(MD).empty() || !getBuiltinName(RD).empty() ||
      !getBuiltinTypeName(RD->getASTContext().getRecordType(RD)).empty())
    return true;
  if (MD->isUserProvided() || RD->isUnion())
    return false;
  const auto *Ctor = dyn_cast<CXXConstructorDecl>(MD);
  bool Default = Ctor && Ctor->isDefaultConstructor();
  auto Plain = [&](QualType T) {
    const CXXRecordDecl *C = RD->getASTContext().getBaseElementType(T)->getAsCXXRecordDecl();
    if (!C)
      return true;
    for (const CXXMethodDecl *M : counterparts(C, MD))
      if (!copiesMembersOnly(M))
        return false;
    return true;
  };
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!Plain(B.getType()))
      return false;
  for (const FieldDecl *F : RD->fields())
    if ((Default && F->hasInClassInitializer()) || !Plain(F->getType()))
      return false;
  return true;
}

FunctionSpec &FunctionLowering::specialize(const FunctionDecl *Def, const std::vector<AddrSpace> &Spaces,
                                           SourceLocation Loc) {
  auto Key = std::make_pair(Def, Spaces);
  FunctionSpec &Spec = P.Specs[Key];
  if (!Spec.FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Def);
    // A constructor becomes a function that builds the object in a private local and returns it, or, when it
    // views the object's own members, one that constructs the object where its caller says (FunctionSpec::InPlace).
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def);
    bool IsMethod = MD && MD->isInstance() && !Ctor;
    Spec.FD = Def;
    Spec.Spaces = Spaces;
    Spec.InPlace = Ctor && P.Viewed.summary(Def).This;
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
        VI.Name = "this_->" + fieldName(Field);
        VI.IsPointerForRef = Field->getType()->isReferenceType();
        Callee.Vars[Captured] = VI;
      }
    }
    if (IsMethod && takesThisByValue(MD)) {
      // A const method gets its object by value, so it can be called on temporaries (`(a * b).norm()`).
      Callee.ThisName = "this_";
      std::string T = P.typeName(Ctx.getRecordType(MD->getParent()), Loc);
      Params.push_back(T + " self_");
      ThisCopy = "  " + T + "* this_ = &self_;\n";
    } else if (IsMethod || Spec.InPlace) {
      Callee.ThisName = "this_";
      Callee.ThisSpace = Spaces[SpaceIdx++];
      Params.push_back(std::string(qualifierFor(Callee.ThisSpace)) +
                       P.typeName(Ctx.getRecordType(MD->getParent()), Loc) + "* this_");
    }
    bool TakesPointer = Callee.ThisName == "this_" && ThisCopy.empty();
    std::vector<std::pair<size_t, const ParmVarDecl *>> StructsByValue; // index in Params, parameter
    std::set<std::string> ParamNames;
    for (const ParmVarDecl *PVD : Def->parameters()) {
      QualType PT = PVD->getType();
      VarInfo VI;
      VI.Name = localName(PVD);
      // The parameters a pack expands to share its name, and unnamed ones have none: each gets its own.
      if (!ParamNames.insert(VI.Name).second)
        VI.Name = "ampcc_param" + std::to_string(PVD->getFunctionScopeIndex()) + "_" + VI.Name;
      if (PT->isPointerType()) {
        VI.Pointee = Spaces[SpaceIdx++];
        Params.push_back(P.declare(PT, VI.Name, PVD->getLocation(), VI.Pointee));
        TakesPointer = true;
      } else if (isPointerParam(PT)) {
        VI.Pointee = Spaces[SpaceIdx++];
        VI.IsPointerForRef = true;
        Params.push_back(P.declare(PT, VI.Name, PVD->getLocation(), VI.Pointee));
        TakesPointer = true;
      } else {
        if (PT.getNonReferenceType()->isRecordType())
          StructsByValue.push_back({Params.size(), PVD});
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
      if (Spec.InPlace) {
        Body = "{\n";
      } else {
        Result = Ctx.getRecordType(Ctor->getParent());
        Callee.ThisName = "this_";
        Callee.ThisSpace = AddrSpace::Private;
        Body = "{\n  " + P.typeName(Result, Loc) + " self_;\n  " + P.typeName(Result, Loc) + "* this_ = &self_;\n";
      }
      for (const CXXCtorInitializer *Init : Ctor->inits()) {
        if (Init->isBaseInitializer()) {
          const CXXRecordDecl *Base = Init->getBaseClass()->getAsCXXRecordDecl();
          const auto *BaseCtor = dyn_cast<CXXConstructExpr>(strip(Init->getInit()));
          if (!Base || (BaseCtor && BaseCtor->getConstructor()->isTrivial()))
            continue;
          // An empty base has no member to initialise; its constructor still runs.
          Callee.elideTemporary(Init->getInit());
          std::string Field = "this_->" + ProgramBuilder::baseFieldName(Ctor->getParent(), Base);
          if (Base->isEmpty())
            Body += "  (void)" + Callee.expr(Init->getInit()) + ";\n";
          else if (P.Viewed.constructsViewedObject(Init->getInit()))
            Body += "  " + Callee.constructInPlace(Init->getInit(), {Field, Callee.ThisSpace}) + ";\n";
          else
            Body += "  " + Field + " = " + Callee.expr(Init->getInit()) + ";\n";
          continue;
        }
        // A delegating constructor's one initializer makes the whole object with the other constructor.
        if (Init->isDelegatingInitializer()) {
          Callee.elideTemporary(Init->getInit());
          if (P.Viewed.constructsViewedObject(Init->getInit()))
            Body += "  " + Callee.constructInPlace(Init->getInit(), {"(*this_)", Callee.ThisSpace}) + ";\n";
          else
            Body += "  *this_ = " + Callee.expr(Init->getInit()) + ";\n";
          continue;
        }
        if (!Init->isMemberInitializer())
          continue;
        const Expr *IE = Init->getInit();
        const auto *CCE = dyn_cast<CXXConstructExpr>(strip(IE));
        if (CCE && CCE->getNumArgs() == 0 && getBuiltinName(CCE->getConstructor()).empty() &&
            CCE->getConstructor()->isTrivial())
          continue; // a trivially default-initialised member
        if (const auto *PLE = dyn_cast<ParenListExpr>(IE); PLE && PLE->getNumExprs() == 1)
          IE = PLE->getExpr(0);
        QualType FieldType = Init->getMember()->getType();
        std::string Field = "this_->" + fieldName(Init->getMember());
        // A braced initialiser (a default member initialiser `int a[3] = {1, 2, 3}`): C assigns no braces.
        const Expr *Value = strip(IE);
        if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(Value))
          Value = strip(DI->getExpr());
        if (const auto *IL = dyn_cast<InitListExpr>(Value); IL && !FieldType->isScalarType()) {
          if (const auto *CAT = Ctx.getAsConstantArrayType(FieldType)) {
            std::string Tmp = P.uniqueName("ampcc_init");
            Body += "  {\n    " + P.declare(FieldType, Tmp, Init->getSourceLocation()) + " = " + Callee.initList(IL) +
                    ";\n    " + Callee.copyArray(Field, Tmp, CAT) + ";\n  }\n";
          } else {
            Body += "  " + Field + " = (" + P.typeName(FieldType, Init->getSourceLocation()) + ")" +
                    Callee.initList(IL) + ";\n";
          }
          continue;
        }
        if (const auto *CAT = Ctx.getAsConstantArrayType(FieldType); CAT && CCE) {
          Body += Callee.constructEach(Field, CAT, IE, "  ") + ";\n";
          continue;
        }
        if (const auto *Loop = dyn_cast<ArrayInitLoopExpr>(strip(IE))) {
          Body += Callee.arrayInitLoop(Field, Loop, "  ");
          continue;
        }
        if (P.Viewed.constructsViewedObject(IE)) {
          Body += "  " + Callee.constructInPlace(IE, {Field, Callee.ThisSpace}) + ";\n";
          continue;
        }
        Callee.elideTemporary(IE);
        Body += "  " + Field + " = " + Callee.expr(IE) + ";\n";
      }
      Body += Callee.stmt(Def->getBody(), 1) + (Spec.InPlace ? "" : "  return self_;\n") + "}\n";
    } else if (!ThisCopy.empty()) {
      Body = "{\n" + ThisCopy + Callee.stmt(Def->getBody(), 1) + "}\n";
    } else if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(Def)) {
      // After the destructor's body, the members' and bases' destructors, in reverse order of construction.
      Body = "{\n" + Callee.stmt(Def->getBody(), 1) +
             Callee.destroyMembers(Dtor->getParent(), "this_", Callee.ThisSpace, Loc, "  ", ";\n") + "}\n";
    } else {
      Body = Callee.stmt(Def->getBody(), 0);
    }
    // A struct by value beside a pointer is copied into its local at entry: NVIDIA's OpenCL C compiler reads
    // such a parameter through the caller's object once it inlines the call, so a write through the pointer
    // showed in it when both name one object (`w.set_zyx(w)`; docs/design/lowering.md).
    std::string ParamCopies;
    if (TakesPointer || !Callee.Hidden.empty())
      for (auto [Idx, PVD] : StructsByValue) {
        std::string Name = Callee.Vars[PVD].Name;
        QualType T = PVD->getType().getNonReferenceType();
        Params[Idx] = P.declare(T, "ampcc_in_" + Name, PVD->getLocation());
        ParamCopies += "  " + P.declare(T, Name, PVD->getLocation()) + " = ampcc_in_" + Name + ";\n";
      }
    Body = withDeclsAtTop(Body, ParamCopies + Callee.TempDecls);
    P.CallStack.pop_back();
    for (const HiddenLocal &H : Callee.Hidden)
      Params.push_back(H.Param);
    Spec.Hidden = Callee.Hidden;
    std::string Sig = P.typeName(Result, Loc) + " " + Spec.Name + "(";
    if (returnsAddress(Def)) {
      // Returned references and pointers point where the return statements say; they must agree.
      std::vector<const ReturnStmt *> Returns;
      collectReturns(Def->getBody(), Returns);
      std::optional<AddrSpace> Space;
      for (const ReturnStmt *RS : Returns) {
        const Expr *V = RS->getRetValue();
        if (V->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull)
          continue;
        AddrSpace S = Result->isReferenceType() ? Callee.spaceOfLValue(V) : Callee.pointeeSpace(V);
        if (Space && *Space != S) {
          error(Ctx.getDiagnostics(), RS->getBeginLoc(),
                "'%0' returns a %select{reference|pointer}1 into %2 memory here and into %3 memory before: OpenCL "
                "C 1.2 has no generic address space, so ampcc needs one kind of memory per call")
              << Def->getName() << !Result->isReferenceType() << spaceWord(S) << spaceWord(*Space);
          P.HadError = true;
          break;
        }
        Space = S;
      }
      Spec.ResultSpace = Space.value_or(AddrSpace::Private);
      Sig = P.declare(Ctx.getPointerType(Result->getPointeeType()), Spec.Name, Loc, Spec.ResultSpace) + "(";
    }
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

std::string FunctionLowering::constructInPlace(const Expr *Init, const Destination &Dest) {
  const CXXConstructExpr *CE = P.Viewed.constructsViewedObject(Init);
  size_t First = PendingTemps.size();
  llvm::SmallVector<const Expr *, 4> Args(CE->arguments());
  std::string Call = callFunction(CE->getConstructor(), nullptr, Args, CE->getExprLoc(), &Dest);
  std::string Destroy = destroyPending(First);
  return Destroy.empty() ? Call : "(" + Call + Destroy + ")";
}

std::string FunctionLowering::callFunction(const FunctionDecl *FD, const Expr *ThisArg,
                                           llvm::ArrayRef<const Expr *> Args, SourceLocation Loc,
                                           const Destination *Dest) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def) {
    if (P.CheckingUnreached)
      return "0";
    error(D, Loc,
          "'%0' has no definition that ampcc can see; restrict(amp) functions must be defined in the translation unit")
        << FD->getQualifiedNameAsString();
    P.HadError = true;
    return "0";
  }
  // The call rules judge the user's calls (Analysis/AmpCallRules.h); this refuses the ones they do not (the system
  // headers' code) in their words.
  if (!isAmpCallable(Def)) {
    diagnose(D, Loc, AmpDiag::CallNotAmp) << FD->getQualifiedNameAsString() << "restrict(amp)";
    P.HadError = true;
    return "0";
  }
  // The rules refuse recursion in the user's code (Analysis/AmpCallRules.h); this keeps the lowering itself from
  // recursing without end on what they do not judge (the system headers' code).
  for (const FunctionDecl *F : P.CallStack) {
    if (F == Def) {
      diagnose(D, Loc, AmpDiag::RecursiveCall) << FD->getQualifiedNameAsString();
      P.HadError = true;
      return "0";
    }
  }
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  bool IsMethod = MD && MD->isInstance() && !isa<CXXConstructorDecl>(Def);
  bool ThisByValue = IsMethod && takesThisByValue(MD);
  const Expr *ThisObj = ThisArg ? ThisArg->IgnoreParenImpCasts() : nullptr;
  bool ThisIsPointer = IsMethod && !ThisByValue && ThisObj && ThisObj->getType()->isPointerType();

  std::vector<AddrSpace> Spaces = argumentSpaces(Def, ThisArg, Args);
  if (Dest)
    Spaces.insert(Spaces.begin(), Dest->Space);
  FunctionSpec &Spec = specialize(Def, Spaces, Loc);

  std::string Call = Spec.Name + "(";
  bool First = true;
  auto add = [&](const std::string &A) {
    Call += (First ? "" : ", ") + A;
    First = false;
  };
  if (Dest && Spec.InPlace)
    add("&(" + Dest->LValue + ")");
  // A method of a base class called on a derived object: the object converted to the base. Clang adds the
  // const of a const member function after the conversion (`Base::f()` in a const member of a derived class).
  const auto *BaseCast = ThisArg ? dyn_cast<ImplicitCastExpr>(ThisArg->IgnoreParens()) : nullptr;
  while (BaseCast && BaseCast->getCastKind() == CK_NoOp)
    BaseCast = dyn_cast<ImplicitCastExpr>(BaseCast->getSubExpr()->IgnoreParens());
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
      add(addressOf(ThisArg));
  }
  std::vector<bool> Copies = privateConstRefArguments(Def, Args);
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    if (!PT->isPointerType() && isPointerParam(PT))
      add(PT.getNonReferenceType().isConstQualified() ? constRefArgument(Args[I], Copies[I]) : addressOf(Args[I]));
    else
      add(expr(Args[I]));
    // A view given to a constructor may be kept in the object and written later through it (by a method or
    // the destructor): counted as written, as a view captured by a lambda is.
    // So is a pointer to non-const data given to a constructor (the object may make a view over it).
    QualType AT = Args[I]->getType().getNonReferenceType();
    bool IsPointer = AT->isPointerType();
    bool Kept = isa<CXXConstructorDecl>(Def) &&
                ((isViewType(AT) && !getTypeTemplateArg(AT, 0).isConstQualified()) ||
                 (IsPointer && !AT->getPointeeType().isConstQualified()));
    if (Kept || (I < Spec.WrittenViewParams.size() && Spec.WrittenViewParams[I]))
      if (const ValueDecl *Root = IsPointer ? pointerRoot(Args[I]) : viewRoot(Args[I]))
        WrittenViews.insert(Root);
  }
  // tile_static variables of the callee live in the kernel and travel as __local pointers.
  for (const HiddenLocal &H : Spec.Hidden) {
    useHidden(H);
    add(InKernel && !H.PassedAsIs ? "&" + H.Name : H.Name);
  }
  Call += ")";
  // A returned reference is a pointer in OpenCL C.
  return Def->getReturnType()->isReferenceType() ? "(*" + Call + ")" : Call;
}

std::vector<AddrSpace> FunctionLowering::argumentSpaces(const FunctionDecl *Def, const Expr *ThisArg,
                                                        llvm::ArrayRef<const Expr *> Args) {
  std::vector<AddrSpace> Spaces;
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(Def) && !takesThisByValue(MD)) {
    const Expr *Obj = ThisArg ? ThisArg->IgnoreParenImpCasts() : nullptr;
    if (Obj && Obj->getType()->isPointerType())
      Spaces.push_back(pointeeSpace(Obj));
    else
      Spaces.push_back(Obj ? spaceOfLValue(Obj) : ThisSpace);
  }
  std::vector<bool> Copies = privateConstRefArguments(Def, Args);
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    // A reference to a pointer is specialised on where the pointer points (the pointer itself is private).
    if (PT->isPointerType() || (isPointerParam(PT) && PT.getNonReferenceType()->isPointerType()))
      Spaces.push_back(pointeeSpace(Args[I]));
    else if (isPointerParam(PT))
      Spaces.push_back(!PT.getNonReferenceType().isConstQualified() || (!Copies[I] && bindsInPlace(Args[I]))
                           ? spaceOfLValue(Args[I])
                           : AddrSpace::Private);
  }
  return Spaces;
}

std::vector<bool> FunctionLowering::privateConstRefArguments(const FunctionDecl *Def,
                                                             llvm::ArrayRef<const Expr *> Args) {
  unsigned N = std::min<size_t>(Def->getNumParams(), Args.size());
  std::vector<bool> Copies(Args.size(), false);
  if (!returnsAddress(Def))
    return Copies;
  auto constRef = [&](unsigned I) {
    QualType PT = Def->getParamDecl(I)->getType();
    return !PT->isPointerType() && isPointerParam(PT) && PT.getNonReferenceType().isConstQualified() &&
           !PT.getNonReferenceType()->isPointerType();
  };
  std::optional<AddrSpace> First;
  bool Mixed = false;
  for (unsigned I = 0; I < N; ++I) {
    if (!constRef(I))
      continue;
    AddrSpace S = bindsInPlace(Args[I]) ? spaceOfLValue(Args[I]) : AddrSpace::Private;
    Mixed |= First && *First != S;
    First = First.value_or(S);
  }
  for (unsigned I = 0; Mixed && I < N; ++I)
    Copies[I] = constRef(I);
  return Copies;
}

AddrSpace FunctionLowering::resultSpace(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!FD || !returnsAddress(FD) || !getBuiltinName(FD).empty() || !FD->hasBody(Def) || !Def ||
      !isAmpCallable(Def) || llvm::is_contained(P.CallStack, Def))
    return AddrSpace::Private;
  llvm::SmallVector<const Expr *, 4> Args;
  const Expr *Obj = splitCall(CE, FD, Args);
  return specialize(Def, argumentSpaces(Def, Obj, Args), CE->getExprLoc()).ResultSpace;
}

void FunctionLowering::useHidden(const HiddenLocal &H) {
  if (!HiddenSeen.insert(H.KernelDecl).second)
    return;
  // Every kernel that reaches a tile_static variable declares it here, whichever kernel lowered the function
  // that declares it first (a callee is lowered once for all the kernels that call it).
  // (A kernel that is not tiled reaching one was refused before lowering: Analysis/TileChecks.h.)
  if (InKernel && H.KernelParam) {
    Reports = true;
  } else if (InKernel && H.Scratch) {
    // The variable's offset in its frame (the thread's or the tile's slot of the scratch buffer).
    unsigned long &Frame = H.ScratchOf == AddrSpace::Local ? ScratchTileBytes : ScratchThreadBytes;
    unsigned long Offset = (Frame + H.Align - 1) / H.Align * H.Align;
    Frame = Offset + H.Bytes;
    ScratchAlign = std::max(ScratchAlign, H.Align);
    LocalDecls += "  " + H.Param + " = (" + H.CastType + ")(" +
                  (H.ScratchOf == AddrSpace::Local ? abi::TileFrame : abi::ThreadFrame) + " + " +
                  std::to_string(Offset) + ");\n";
  } else if (InKernel) {
    LocalDecls += "  " + H.KernelDecl;
    LocalBytes += H.Bytes;
  } else {
    Hidden.push_back(H);
  }
}

// ---------------------------------------------------------------------------------------------------
// Destructors

namespace {
// The user's class behind T (arrays looked through), or null for builtins (views, arrays, index, ...), other
// types and classes of the system headers.
const CXXRecordDecl *userClass(ASTContext &Ctx, QualType T) {
  const auto *RD = Ctx.getBaseElementType(T.getNonReferenceType())->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || !getBuiltinTypeName(Ctx.getRecordType(RD)).empty())
    return nullptr;
  RD = RD->getDefinition();
  if (Ctx.getSourceManager().isInSystemHeader(Ctx.getSourceManager().getExpansionLoc(RD->getLocation())))
    return nullptr;
  return RD;
}
} // namespace

void FunctionLowering::elideTemporary(const Expr *Init) {
  while (Init) {
    Init = Init->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Init))
      Init = EWC->getSubExpr();
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Init); ICE && ICE->getCastKind() == CK_NoOp)
      Init = ICE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Init); FC && FC->getCastKind() == CK_NoOp)
      Init = FC->getSubExpr();
    else if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
      for (const Expr *E : IL->inits())
        elideTemporary(E);
      return;
    } else {
      if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Init))
        Elided.insert(BT);
      return;
    }
  }
}

bool FunctionLowering::hasDestructionWork(QualType T) {
  const CXXRecordDecl *RD = userClass(Ctx, T);
  if (!RD || RD->hasTrivialDestructor())
    return false;
  if (const CXXDestructorDecl *D = RD->getDestructor(); D && D->isUserProvided())
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (hasDestructionWork(B.getType()))
      return true;
  for (const FieldDecl *F : RD->fields())
    if (hasDestructionWork(F->getType()))
      return true;
  return false;
}

std::string FunctionLowering::destroyMembers(const CXXRecordDecl *RD, const std::string &This, AddrSpace Space,
                                             SourceLocation Loc, const std::string &Pad, const std::string &Sep) {
  std::string Out;
  std::vector<const FieldDecl *> Fields(RD->field_begin(), RD->field_end());
  for (auto F = Fields.rbegin(); F != Fields.rend(); ++F)
    if (!(*F)->getType()->isReferenceType() && hasDestructionWork((*F)->getType()))
      Out += Pad + destroyObject(This + "->" + fieldName(*F), (*F)->getType(), Space, Loc, Sep) + Sep;
  for (auto B = RD->bases_end(); B != RD->bases_begin();) {
    --B;
    const CXXRecordDecl *Base = B->getType()->getAsCXXRecordDecl();
    if (!Base || !hasDestructionWork(B->getType()))
      continue;
    // An empty base has no member: its destructor gets the object's address, as its methods do.
    std::string Obj = Base->isEmpty() ? "(*(" + std::string(qualifierFor(Space)) + P.typeName(B->getType(), Loc) +
                                            "*)" + This + ")"
                                      : This + "->" + ProgramBuilder::baseFieldName(RD, Base);
    Out += Pad + destroyObject(Obj, B->getType(), Space, Loc, Sep) + Sep;
  }
  return Out;
}

std::string FunctionLowering::destroyPending(size_t First) {
  std::string Destroy;
  for (size_t I = PendingTemps.size(); I-- > First;)
    Destroy += ", " + destroyObject(PendingTemps[I].Name, PendingTemps[I].Type, AddrSpace::Private,
                                    PendingTemps[I].Loc, ", ");
  PendingTemps.resize(First);
  return Destroy;
}

std::string FunctionLowering::destroyObject(const std::string &Obj, QualType T, AddrSpace Space, SourceLocation Loc,
                                            const std::string &Sep) {
  if (!hasDestructionWork(T))
    return "";
  if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
    // The elements in reverse order, as C++ destroys them.
    QualType Elem = Ctx.getBaseElementType(T);
    std::string K = P.uniqueName("ampcc_k");
    std::string Each = destroyObject("((" + std::string(qualifierFor(Space)) + P.typeName(Elem, Loc) + "*)" + Obj +
                                         ")[" + K + "]",
                                     Elem, Space, Loc, Sep);
    std::string N = std::to_string(Ctx.getConstantArrayElementCount(CAT));
    if (Sep != ", ")
      return "for (int " + K + " = " + N + " - 1; " + K + " >= 0; --" + K + ") { " + Each + "; }";
    error(Ctx.getDiagnostics(), Loc, "a temporary array of objects with destructors is not supported in amp code");
    P.HadError = true;
    return "";
  }
  const CXXRecordDecl *RD = userClass(Ctx, T);
  const CXXDestructorDecl *D = RD->getDestructor();
  if (D && D->isUserProvided()) {
    const FunctionDecl *Def = nullptr;
    if (!D->hasBody(Def) || !Def) {
      error(Ctx.getDiagnostics(), Loc, "the destructor of '%0' has no definition that ampcc can see")
          << RD->getName();
      P.HadError = true;
      return "";
    }
    if (!isAmpCallable(Def)) {
      error(Ctx.getDiagnostics(), Loc, "the destructor of '%0' is not restrict(amp)") << RD->getName();
      P.HadError = true;
      return "";
    }
    for (const FunctionDecl *F : P.CallStack)
      if (F == Def) {
        error(Ctx.getDiagnostics(), Loc, "recursive destruction of '%0' in restrict(amp) code") << RD->getName();
        P.HadError = true;
        return "";
      }
    FunctionSpec &Spec = specialize(Def, {Space}, Loc);
    std::string Call = Spec.Name + "(&(" + Obj + ")";
    for (const HiddenLocal &H : Spec.Hidden) {
      useHidden(H);
      Call += ", " + (InKernel && !H.PassedAsIs ? "&" + H.Name : H.Name);
    }
    return Call + ")";
  }
  // An implicit destructor: the members' and bases' destructors, in place.
  std::string Out = destroyMembers(RD, "(&(" + Obj + "))", Space, Loc, "", Sep);
  if (Out.size() >= Sep.size())
    Out.resize(Out.size() - Sep.size());
  return Out;
}

} // namespace ampcc
