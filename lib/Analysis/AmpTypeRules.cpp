// The restrict(amp) rules on types and names (see AmpTypeRules.h).
#include "Analysis/AmpTypeRules.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpCode.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>
#include <set>
#include <string>

using namespace clang;

namespace ampcc {
namespace {

// The fundamental types restrict(amp) code may not use; the innermost offender of T, or null.
const Type *unsupportedScalar(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType().getCanonicalType()
                           : QualType(T->getArrayElementTypeNoTypeQual(), 0).getCanonicalType();
  // An enumeration is amp-compatible over int, unsigned int, long or unsigned long only (C++ AMP v1.2, 2.4.1.3).
  if (const auto *ET = T->getAs<EnumType>()) {
    const auto *U = ET->getDecl()->getIntegerType().isNull()
                        ? nullptr
                        : ET->getDecl()->getIntegerType().getCanonicalType()->getAs<BuiltinType>();
    if (!U)
      return nullptr;
    switch (U->getKind()) {
    case BuiltinType::Int:
    case BuiltinType::UInt:
    case BuiltinType::Long:
    case BuiltinType::ULong:
      return nullptr;
    default:
      return ET;
    }
  }
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return nullptr;
  switch (BT->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
  case BuiltinType::SChar:
  case BuiltinType::UChar:
  case BuiltinType::Short:
  case BuiltinType::UShort:
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
  case BuiltinType::LongDouble:
  case BuiltinType::WChar_S:
  case BuiltinType::WChar_U:
  case BuiltinType::Char8:
  case BuiltinType::Char16:
  case BuiltinType::Char32:
  case BuiltinType::Int128:
  case BuiltinType::UInt128:
  case BuiltinType::Half:
  case BuiltinType::Float16:
  case BuiltinType::Float128:
    return BT;
  default:
    return nullptr;
  }
}

// Whether T is volatile or reaches a volatile object through its references, pointers and arrays: amp code has no
// volatile (C++ AMP v1.2, 2.4.1.1).
bool mentionsVolatile(QualType T) {
  for (T = T.getCanonicalType();; ) {
    if (T.isVolatileQualified())
      return true;
    if (T->isReferenceType() || T->isPointerType())
      T = T->getPointeeType().getCanonicalType();
    else if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
      T = AT->getElementType().getCanonicalType();
    else
      return false;
  }
}

// The first bool in a class's data (its fields, its bases', their members', arrays' elements), or null. An array
// of such a class would be an array of bool in disguise, which amp code cannot lay out either.
const FieldDecl *boolInData(QualType T) {
  T = T.getCanonicalType();
  while (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    T = AT->getElementType().getCanonicalType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const FieldDecl *F = boolInData(B.getType()))
      return F;
  for (const FieldDecl *F : RD->fields()) {
    if (F->isInvalidDecl()) // Clang's error already (a class holding itself: recursing would not end)
      continue;
    QualType FT = F->getType().getCanonicalType();
    while (const auto *AT = dyn_cast<ArrayType>(FT.getTypePtr()))
      FT = AT->getElementType().getCanonicalType();
    if (FT->isBooleanType())
      return F;
    if (const FieldDecl *Inner = boolInData(FT))
      return Inner;
  }
  return nullptr;
}

// The first field of RD's data (through bases and members laid out in place) whose type amp code lacks, with that
// type in Bad; or null.
const FieldDecl *unsupportedInData(const CXXRecordDecl *RD, const Type *&Bad) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const FieldDecl *F = unsupportedInData(B.getType()->getAsCXXRecordDecl(), Bad))
      return F;
  for (const FieldDecl *F : RD->fields()) {
    if (F->isInvalidDecl()) // as in boolInData
      continue;
    QualType FT = F->getType().getCanonicalType();
    while (const auto *AT = dyn_cast<ArrayType>(FT.getTypePtr()))
      FT = AT->getElementType().getCanonicalType();
    if (FT->isPointerType() || FT->isReferenceType())
      continue;
    if ((Bad = unsupportedScalar(FT)))
      return F;
    if (const FieldDecl *Inner = unsupportedInData(FT->getAsCXXRecordDecl(), Bad))
      return Inner;
  }
  return nullptr;
}

std::string sizeNotWholeInts(uint64_t Size) {
  return "its size, " + std::to_string(Size) + (Size == 1 ? " byte" : " bytes") + ", is not a multiple of the size of int";
}

// Why T cannot be the element of a concurrency::array or array_view (each element is laid out in device memory
// and read by kernels as its bytes), or "" when it can. Container names the container in the message.
std::string containerElementProblem(ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isDependentType() || T->isIncompleteType())
    return "";
  if (const Type *Bad = unsupportedScalar(T))
    return "type '" + QualType(Bad, 0).getAsString(Ctx.getPrintingPolicy()) +
           "' is not supported in restrict(amp) code";
  if (T->isPointerType() || T->isReferenceType())
    return "it is a pointer";
  const auto *RD = T->getAsCXXRecordDecl();
  if (RD && RD->hasDefinition()) {
    RD = RD->getDefinition();
    if (RD->getNumVBases())
      return "it has a virtual base";
    if (RD->isPolymorphic())
      return "it has virtual functions";
    // The data, through bases and members (a member of class type is laid out in place).
    std::function<std::string(const CXXRecordDecl *)> data = [&](const CXXRecordDecl *C) -> std::string {
      for (const CXXBaseSpecifier &B : C->bases())
        if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl(); BD && BD->hasDefinition())
          if (std::string Why = data(BD->getDefinition()); !Why.empty())
            return Why;
      for (const FieldDecl *F : C->fields()) {
        QualType FT = F->getType().getCanonicalType();
        while (const auto *AT = dyn_cast<ArrayType>(FT.getTypePtr()))
          FT = AT->getElementType().getCanonicalType();
        std::string Name = F->getNameAsString();
        if (FT->isPointerType() || FT->isReferenceType())
          return "its data includes the " + std::string(FT->isPointerType() ? "pointer" : "reference") + " '" + Name +
                 "'";
        if (const Type *Bad = unsupportedScalar(FT))
          return "its data includes '" + Name + "' of type '" + QualType(Bad, 0).getAsString(Ctx.getPrintingPolicy()) +
                 "', which restrict(amp) code does not support";
        llvm::StringRef Kind = getBuiltinTypeName(FT);
        if (Kind == "array" || Kind == "array_view")
          return "its data includes '" + Name + "', a concurrency::" + Kind.str();
        if (const CXXRecordDecl *FD = FT->getAsCXXRecordDecl(); FD && FD->hasDefinition()) {
          if (FD->getDefinition()->getNumVBases() || FD->getDefinition()->isPolymorphic())
            return "its data includes '" + Name + "', of a class with virtual members or bases";
          if (std::string Why = data(FD->getDefinition()); !Why.empty())
            return Why;
        }
      }
      return "";
    };
    if (std::string Why = data(RD); !Why.empty())
      return Why;
  }
  uint64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  return Size % 4 ? sizeNotWholeInts(Size) : "";
}

class Checker : public AmpCodeVisitor<Checker> {
public:
  explicit Checker(ASTContext &Ctx) : AmpCodeVisitor(Ctx) {}

  bool TraverseLambdaExpr(LambdaExpr *L) {
    // An amp lambda written in cpu code (a kernel, most often) receives its captures from the host.
    if (!CurrentAmp && getRestriction(L->getCallOperator()).Amp && userCode(L->getBeginLoc()) &&
        !L->getCallOperator()->isDependentContext())
      checkCapturesFromHost(L->getLambdaClass());
    return AmpCodeVisitor::TraverseLambdaExpr(L);
  }

  // What an amp lambda receives from the host: no 'this', no pointers, nothing by reference but a
  // concurrency::array, which only by reference. Pointers are reported where MSVC reports them (C3596/C3590):
  // at the end of the body for a pointer to an array or array_view, at its start for any other; the note names
  // the capture.
  void checkCapturesFromHost(const CXXRecordDecl *RD) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(RD->getLambdaCallOperator()->getBody());
    for (const LambdaCapture &LC : RD->captures()) {
      SourceLocation Loc = LC.getLocation().isValid() ? LC.getLocation() : RD->getLocation();
      if (LC.capturesThis()) {
        diagnose(Diags, Loc, AmpDiag::HostCaptureThis);
        continue;
      }
      if (!LC.capturesVariable())
        continue;
      const auto *VD = dyn_cast<VarDecl>(LC.getCapturedVar());
      if (!VD) { // a structured binding (C++20), whose object the kernel's closure would have to name
        diagnose(Diags, Loc, AmpDiag::HostCaptureBinding) << LC.getCapturedVar()->getName();
        continue;
      }
      QualType T = VD->getType().getNonReferenceType();
      bool ByRef = LC.getCaptureKind() == LCK_ByRef;
      llvm::StringRef Kind = getBuiltinTypeName(T);
      if (T->isPointerType()) {
        llvm::StringRef Pointee = getBuiltinTypeName(T->getPointeeType());
        bool Container = Pointee == "array" || Pointee == "array_view";
        SourceLocation At = !Body ? Loc : Container ? Body->getRBracLoc() : Body->getLBracLoc();
        if (Pointee == "array")
          diagnose(Diags, At, AmpDiag::HostCapturePointerToArray) << VD->getName();
        else if (Pointee == "array_view")
          diagnose(Diags, At, AmpDiag::HostCapturePointerToArrayView) << VD->getName();
        else
          diagnose(Diags, At, AmpDiag::HostCapturePointer) << VD->getName();
        if (At != Loc)
          diagnose(Diags, Loc, AmpDiag::CapturedHere) << VD->getName();
      } else if (Kind == "array" && !ByRef) {
        // An array or a texture (which lowers as one).
        std::string Class = T->getAsCXXRecordDecl()->getQualifiedNameAsString();
        if (llvm::StringRef(Class).starts_with("Concurrency::"))
          Class[0] = 'c';
        diagnose(Diags, Loc, AmpDiag::HostCaptureArrayByValue) << VD->getName() << Class;
      } else if (ByRef && Kind != "array") {
        diagnose(Diags, Loc, AmpDiag::HostCaptureByReference) << VD->getName();
      }
    }
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (userCode(FD->getLocation())) {
      for (const auto *A : FD->specific_attrs<AnnotateAttr>())
        if (A->getAnnotation() == "ampcc.tile_static")
          report(A->getLocation(), AmpDiag::TileStaticOnFunction) << FD->getName();
      checkExternCOverload(FD);
    }
    if (!inAmp() || CurrentFunction != FD || !userCode(FD->getLocation()))
      return true;
    if (FD->isDependentContext())
      return true;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getMethodQualifiers().hasVolatile())
      report(FD->getLocation(), AmpDiag::VolatileMemberFunction) << FD->getName();
    // No vtables on the device: reported where `virtual` is written (its first declaration).
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isVirtual() && MD->isFirstDecl())
      report(FD->getLocation(), AmpDiag::VirtualFunction);
    SourceLocation ReturnLoc = FD->getReturnTypeSourceRange().getBegin().isValid()
                                   ? FD->getReturnTypeSourceRange().getBegin()
                                   : FD->getLocation();
    if (checkType(FD->getReturnType(), ReturnLoc) || checkRecordData(FD->getReturnType(), ReturnLoc) ||
        checkIndirection(FD->getReturnType(), ReturnLoc))
      return true;
    if (mentionsVolatile(FD->getReturnType()))
      report(ReturnLoc, AmpDiag::VolatileReturnType);
    checkExceptionSpec(FD);
    return true;
  }

  // Functions with C linkage have one symbol per name: two of one name overloaded on their restriction (MSVC's
  // C2733) are reported at the later one.
  void checkExternCOverload(const FunctionDecl *FD) {
    if (!FD->isExternC() || !FD->getDeclName().isIdentifier())
      return;
    for (const NamedDecl *ND : FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName())) {
      const auto *Other = dyn_cast<FunctionDecl>(ND);
      if (!Other || Other->getCanonicalDecl() == FD->getCanonicalDecl() || !Other->isExternC() ||
          !SM.isBeforeInTranslationUnit(Other->getLocation(), FD->getLocation()))
        continue;
      report(FD->getLocation(), AmpDiag::ExternCOverload) << FD->getName();
      diagnose(Diags, Other->getLocation(), AmpDiag::ExternCOtherDeclaration) << FD->getName();
      return;
    }
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    if (inAmp() && CurrentFunction == L->getCallOperator() && userCode(L->getBeginLoc()))
      checkExceptionSpec(L->getCallOperator());
    return true;
  }

  // A class with virtual functions or virtual bases has no place in amp code (no vtables on the device): a
  // variable of one, or an array of them, is reported at its declaration (MSVC's C3581).
  bool checkVirtualClass(QualType T, SourceLocation Loc) {
    const auto *RD = Ctx.getBaseElementType(T.getNonReferenceType())->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->isDependentContext())
      return false;
    RD = RD->getDefinition();
    const char *Problem = virtualClassProblem(*RD);
    if (!Problem)
      return false;
    report(Loc, AmpDiag::VirtualClass) << RD->getName() << Problem;
    return true;
  }

  // amp code throws nothing, so a dynamic exception specification (throw(), throw(T), throw(...)) has no place.
  void checkExceptionSpec(const FunctionDecl *FD) {
    const auto *FPT = FD->getType()->getAs<FunctionProtoType>();
    if (!FPT || !isDynamicExceptionSpec(FPT->getExceptionSpecType()))
      return;
    SourceRange R = FD->getExceptionSpecSourceRange();
    report(R.isValid() ? R.getBegin() : FD->getLocation(), AmpDiag::DynamicExceptionSpec);
  }

  // Inline assembly in amp code is the statement rules' error (AmpStatementRules.h), not its strings' char type.
  bool TraverseGCCAsmStmt(GCCAsmStmt *S) { return inAmp() || Base::TraverseGCCAsmStmt(S); }
  bool TraverseMSAsmStmt(MSAsmStmt *S) { return inAmp() || Base::TraverseMSAsmStmt(S); }

  // tile_static is a storage class of local variables of amp functions (C++ AMP v1.2, 2.3.2): on a parameter, a
  // data member or a variable outside any function it is an error at the declaration. Without this a parameter
  // was an ordinary one, a member went unnoticed and a global was reported only where amp code used it.
  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    if (isa<FunctionDecl>(D) || !userCode(D->getLocation()) || !hasTileStaticMark(D))
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (VD && VD->isLocalVarDecl())
      return true;
    int Kind = isa<ParmVarDecl>(D) ? 0 : (isa<FieldDecl>(D) || (VD && VD->isStaticDataMember())) ? 1 : 2;
    report(D->getLocation(), AmpDiag::TileStaticNotLocal) << D->getName() << Kind;
    return true;
  }
  static bool hasTileStaticMark(const Decl *D) {
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "ampcc.tile_static")
        return true;
    return false;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!userCode(VD->getLocation()) || VD->getDeclContext()->isDependentContext())
      return true;
    if (isTileStatic(VD) && !VD->isLocalVarDecl())
      return true; // VisitDeclaratorDecl's error
    if (isTileStatic(VD) && CurrentFunction && !inAmp()) {
      report(VD->getLocation(), AmpDiag::TileStaticOutsideAmp) << VD->getName();
      return true;
    }
    Restriction R = inAmp() ? getRestriction(CurrentFunction) : Restriction();
    if (isTileStatic(VD) && R.Amp && R.Cpu) {
      report(VD->getLocation(), AmpDiag::TileStaticInCpuAmp) << VD->getName();
      return true;
    }
    if (!inAmp() || !VD->getDeclContext()->isFunctionOrMethod())
      return true;
    QualType T = VD->getType();
    if (checkVirtualClass(T, VD->getLocation()) || checkType(T, VD->getLocation()) ||
        checkRecordData(T, VD->getLocation()) || checkIndirection(T, VD->getLocation()) ||
        (isTileStatic(VD) && checkTileStaticDeclaration(VD)))
      return true;
    if (mentionsVolatile(T))
      report(VD->getLocation(), AmpDiag::VolatileVariable) << VD->getName();
    else if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      QualType E = AT->getElementType();
      if (E->isBooleanType())
        report(VD->getLocation(), AmpDiag::ArrayOfBool);
      else if (E->isNullPtrType())
        report(VD->getLocation(), AmpDiag::ArrayOfNullptr);
      else if (E->isPointerType())
        report(VD->getLocation(), AmpDiag::ArrayOfPointers);
      else if (const FieldDecl *Flag = boolInData(E))
        report(VD->getLocation(), AmpDiag::ArrayOfBoolData)
            << E.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) << Flag->getName();
      else if (uint64_t Size = E->isIncompleteType() ? 4 : Ctx.getTypeSizeInChars(E).getQuantity(); Size % 4)
        report(VD->getLocation(), AmpDiag::ArrayOfPartialInts)
            << E.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) << sizeNotWholeInts(Size);
    }
    return true;
  }

  // Pointer arithmetic steps by whole elements; amp code has it only for elements of whole ints.
  // A floating literal beyond the largest finite value of its type is an error in amp code, as MSVC's C2177
  // (C++ rounds it to that value or to infinity). The spelling is read again as a double.
  bool VisitFloatingLiteral(FloatingLiteral *F) {
    if (!inAmp() || !userCode(F->getLocation()))
      return true;
    SourceLocation Loc = SM.getSpellingLoc(F->getLocation());
    // The implementation's own constants (FLT_MAX is Clang's __FLT_MAX__, 3.40282347e+38F, a little above the
    // largest float when read as a double) are its type's largest value by definition.
    if (SM.isWrittenInBuiltinFile(Loc) || SM.isInSystemHeader(Loc))
      return true;
    llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Loc), SM, Ctx.getLangOpts());
    Text = Text.rtrim("fFlL");
    if (Text.empty() || Text.contains_insensitive("x") || Text.contains('\''))
      return true;
    // As MSVC: the value read as a double beyond the type's largest (for double: rounded to infinity).
    llvm::APFloat Wide(llvm::APFloat::IEEEdouble());
    if (!Wide.convertFromString(Text, llvm::APFloat::rmNearestTiesToEven))
      return true;
    llvm::APFloat Largest = llvm::APFloat::getLargest(F->getSemantics());
    bool Lost;
    Largest.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &Lost);
    if (Wide.isInfinity() || Wide.compare(Largest) == llvm::APFloat::cmpGreaterThan)
      report(F->getLocation(), AmpDiag::FloatLiteralRange) << Text << F->getType();
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!inAmp() || !userCode(B->getExprLoc()) || B->isTypeDependent())
      return true;
    BinaryOperatorKind Op = B->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_AddAssign && Op != BO_SubAssign)
      return true;
    for (const Expr *Side : {B->getLHS(), B->getRHS()})
      if (checkPointerArithmetic(Side->getType(), B->getExprLoc()))
        break;
    return true;
  }

  // The format of direct3d_printf and direct3d_errorf is a string literal, an array of char, which amp code has
  // otherwise no use for.
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    llvm::StringRef B = FD ? getBuiltinName(FD) : llvm::StringRef();
    if ((B == "direct3d.printf" || B == "direct3d.errorf") && CE->getNumArgs() > 0)
      PrintfFormats.insert(CE->getArg(0)->IgnoreParenImpCasts());
    // reinterpret_as<U> makes a view of elements U (C++ AMP v1.2, 5.1 and 5.2): U must be a view's element type
    // as much as one written in a constructor is (VisitCXXConstructExpr), in any code.
    if (B == "av.reinterpret_as" && userCode(CE->getExprLoc()) && !CE->isTypeDependent())
      checkContainerElement(CE->getType(), CE->getExprLoc());
    return true;
  }

  bool VisitExpr(Expr *E) {
    // A character literal whose value is converted at once ('a' ? 1 : 1, true ? 'a' : 1) or discarded (the left
    // of a comma) leaves no char in the program, as MSVC has it; one that stays a char is reported. So does an
    // integer literal whose suffix names long long but whose value 32 bits hold, converted at once, implicitly or
    // by a cast (`int i = 0x1234LL;`): C++ AMP v1.2, 2.4.3.1, judges an integer literal by its value.
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      markLiteral(ICE->getSubExpr(), /*Discarded=*/false);
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E); CE && isa<IntegerLiteral>(CE->getSubExpr()->IgnoreParens()))
      markLiteral(CE->getSubExpr(), /*Discarded=*/false);
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma)
      markLiteral(BO->getLHS(), /*Discarded=*/true);
    // An implicit conversion's type is its context's, which is reported where it is declared.
    if (!inAmp() || isa<ImplicitCastExpr>(E) || !userCode(E->getExprLoc()) || E->isTypeDependent() ||
        E->isValueDependent() || PrintfFormats.count(E) || ConvertedLiterals.count(E))
      return true;
    checkType(E->getType(), E->getExprLoc());
    return true;
  }

  // E's value is converted, or with Discarded, unused (and so is the right of a comma that is, `(1, 'a'), 2`).
  void markLiteral(const Expr *E, bool Discarded) {
    E = E->IgnoreParens();
    const auto *IL = dyn_cast<IntegerLiteral>(E);
    if (isa<CharacterLiteral>(E) || (IL && !Discarded && IL->getValue().getActiveBits() <= 32)) {
      ConvertedLiterals.insert(E);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E); Discarded && BO && BO->getOpcode() == BO_Comma) {
      ConvertedLiterals.insert(E);
      markLiteral(BO->getRHS(), true);
    }
  }

  // A member of an object reached through a pointer or a reference (`p->i`, `(*p).i`, `r.i`) whose class holds a
  // type amp code lacks: the use is reported too, as MSVC does (the declaration of the pointer or reference
  // is, where amp code declares it).
  bool VisitMemberExpr(MemberExpr *ME) {
    if (!inAmp() || !userCode(ME->getMemberLoc()) || ME->isTypeDependent() || ME->getBase()->isTypeDependent())
      return true;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    const auto *Deref = dyn_cast<UnaryOperator>(Base);
    const auto *Ref = dyn_cast<DeclRefExpr>(Base);
    bool Indirect = ME->isArrow() || (Deref && Deref->getOpcode() == UO_Deref) ||
                    (Ref && Ref->getDecl()->getType()->isReferenceType());
    if (Indirect && !isa<CXXThisExpr>(Base))
      checkRecordData(ME->isArrow() ? Base->getType()->getPointeeType() : Base->getType(), ME->getMemberLoc());
    return true;
  }

  // Where a concurrency::array or array_view is made, in any code: its element type.
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (!userCode(E->getExprLoc()) || E->isTypeDependent())
      return true;
    llvm::StringRef Kind = getBuiltinTypeName(E->getType());
    if (Kind != "array" && Kind != "array_view")
      return true;
    checkContainerElement(E->getType(), E->getExprLoc());
    return true;
  }

  // The element type of the concurrency::array or array_view Container, made at Loc.
  void checkContainerElement(QualType Container, SourceLocation Loc) {
    QualType Element = getTypeTemplateArg(Container, 0);
    if (Element.isNull())
      return;
    std::string Why = containerElementProblem(Ctx, Element);
    if (!Why.empty())
      report(Loc, AmpDiag::ContainerElement) << Element.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy())
                                             << getBuiltinTypeName(Container) << Why;
  }

  bool VisitCastExpr(CastExpr *C) {
    if (!inAmp() || !userCode(C->getExprLoc()))
      return true;
    // `(volatile int &)x`: a volatile access, which amp code does not have (C++ AMP v1.2, 2.4.1.1).
    if (const auto *EC = dyn_cast<ExplicitCastExpr>(C); EC && mentionsVolatile(EC->getTypeAsWritten())) {
      report(C->getExprLoc(), AmpDiag::VolatileCast) << EC->getTypeAsWritten();
      return true;
    }
    if (C->getCastKind() == CK_IntegralToPointer)
      report(C->getExprLoc(), AmpDiag::IntegerToPointerCast);
    else if (C->getCastKind() == CK_PointerToIntegral)
      report(C->getExprLoc(), AmpDiag::PointerToIntegerCast);
    // `(int *&) i`: the object reinterpreted as a pointer (or a pointer as an object), the same conversion in memory.
    else if (const auto *EC = dyn_cast<ExplicitCastExpr>(C);
             EC && C->getCastKind() == CK_LValueBitCast &&
             C->getSubExpr()->getType()->isPointerType() != C->getType()->isPointerType())
      report(C->getExprLoc(), AmpDiag::ReinterpretingCast)
          << C->getSubExpr()->getType() << EC->getTypeAsWritten() << C->getSubExpr()->getType()->isPointerType();
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (inAmp() && U->isIncrementDecrementOp() && userCode(U->getExprLoc()) && !U->isTypeDependent())
      checkPointerArithmetic(U->getSubExpr()->getType(), U->getExprLoc());
    if (!inAmp() || U->getOpcode() != UO_AddrOf || !userCode(U->getExprLoc()))
      return true;
    const auto *Ref = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (VD && VD->hasGlobalStorage() && !isTileStatic(VD))
      report(U->getExprLoc(), AmpDiag::AddressOfGlobal) << VD->getName();
    return true;
  }

private:
  // A restrict(amp) function's type carries an attribute (its convention), and Clang instantiates the parameters
  // of a function whose type is not directly a function type apart from its type's: the traversal saw the type's
  // copies, which belong to no function. The function's own are checked here.
  void afterFunction(FunctionDecl *FD) {
    FunctionTypeLoc TL = writtenFunctionType(FD);
    if (TL && FD->isTemplateInstantiation() && TL.getNumParams() == FD->getNumParams() && FD->getNumParams() > 0 &&
        TL.getParam(0) != FD->getParamDecl(0))
      for (ParmVarDecl *P : FD->parameters())
        VisitVarDecl(P);
  }
  friend class AmpCodeVisitor<Checker>;

  // Reports an unsupported fundamental type once per location; true when it did.
  bool checkType(QualType T, SourceLocation Loc) {
    if (T.isNull() || T->isDependentType())
      return false;
    if (const Type *Bad = unsupportedScalar(T)) {
      report(Loc, AmpDiag::UnsupportedType) << QualType(Bad, 0).getAsString(Ctx.getPrintingPolicy());
      if (const auto *ET = Bad->getAs<EnumType>())
        diagnose(Diags, ET->getDecl()->getLocation(), AmpDiag::EnumUnderlyingType)
            << ET->getDecl()->getName() << ET->getDecl()->getIntegerType().getAsString(Ctx.getPrintingPolicy());
      return true;
    }
    return false;
  }

  // A class of the user's whose data holds a type amp code lacks, used as a variable's, parameter's or return
  // type (reported where declared, not again at each use); true when it reported.
  bool checkRecordData(QualType T, SourceLocation Loc) {
    if (T.isNull() || T->isDependentType())
      return false;
    T = T.getNonReferenceType().getCanonicalType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType().getCanonicalType()
                             : QualType(T->getArrayElementTypeNoTypeQual(), 0).getCanonicalType();
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD || !userCode(RD->getLocation()))
      return false;
    const Type *Bad = nullptr;
    const FieldDecl *F = unsupportedInData(RD, Bad);
    if (!F)
      return false;
    report(Loc, AmpDiag::UnsupportedTypeInData)
        << T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) << F->getName()
        << QualType(Bad, 0).getAsString(Ctx.getPrintingPolicy());
    return true;
  }

  // A tile_static variable is memory a tile shares (C++ AMP v1.2, 2.3.2): no pointer or reference, and no
  // initializer (which thread would run it?). As on MSVC, a class's default constructor and destructor do not run
  // for it: a warning says so. True when it reported an error.
  bool checkTileStaticDeclaration(const VarDecl *VD) {
    QualType T = VD->getType();
    if (T->isPointerType() || T->isReferenceType()) {
      report(VD->getLocation(), AmpDiag::TileStaticPointer);
      return true;
    }
    if (const auto *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
        RD && RD->hasDefinition() && getBuiltinTypeName(QualType(RD->getTypeForDecl(), 0)).empty() &&
        (!RD->hasTrivialDefaultConstructor() || !RD->hasTrivialDestructor()))
      diagnose(Diags, VD->getLocation(), AmpDiag::TileStaticConstructorNotRun) << RD->getName();
    // Only the implicit default construction (which does not run) is no initializer, a default constructor's
    // default arguments included (`explicit complex(const T &re = T(), const T &im = T())`, as ampblas has).
    const Expr *Init = VD->getInit();
    const auto *Construct = Init ? dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()) : nullptr;
    bool Implicit = Construct &&
                    llvm::all_of(Construct->arguments(), [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }) &&
                    !Construct->isListInitialization() && Construct->getParenOrBraceRange().isInvalid() &&
                    !isa<CXXTemporaryObjectExpr>(Construct) && VD->getInitStyle() == VarDecl::CallInit;
    if (!Init || Implicit)
      return false;
    report(VD->getLocation(), AmpDiag::TileStaticInitializer);
    return true;
  }

  // The pointers amp code has no use for (2.4.1.2): to pointers, to functions and to member functions, as a
  // variable's, parameter's or return type. A reference to a pointer variable (`int *&`) is allowed: it is the
  // address of a pointer in private memory.
  bool checkIndirection(QualType T, SourceLocation Loc) {
    if (T.isNull() || T->isDependentType())
      return false;
    T = T.getCanonicalType();
    if (T->isMemberFunctionPointerType()) {
      report(Loc, AmpDiag::MemberFunctionPointer);
      return true;
    }
    if (!T->isPointerType() && !T->isReferenceType())
      return false;
    QualType Inner = T->getPointeeType().getCanonicalType();
    if (Inner->isFunctionType()) {
      report(Loc, AmpDiag::FunctionPointer);
      return true;
    }
    if (!Inner->isPointerType() && !Inner->isReferenceType())
      return false;
    bool ReferenceToPointer = T->isReferenceType() && Inner->isPointerType() &&
                              !Inner->getPointeeType()->isPointerType() && !Inner->getPointeeType()->isReferenceType();
    if (ReferenceToPointer)
      return false;
    report(Loc, AmpDiag::PointerToPointer);
    return true;
  }

  // Arithmetic on a pointer to elements that are not whole ints (bool; narrower types are errors already).
  bool checkPointerArithmetic(QualType T, SourceLocation Loc) {
    if (T.isNull() || !T->isPointerType() || T->getPointeeType()->isIncompleteType() ||
        T->getPointeeType()->isDependentType())
      return false;
    if (Ctx.getTypeSizeInChars(T->getPointeeType()).getQuantity() % 4 == 0)
      return false;
    report(Loc, AmpDiag::PointerArithmetic) << T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    return true;
  }

  std::set<const Expr *> PrintfFormats; // the format literals of direct3d_printf/errorf calls (VisitCallExpr)
  std::set<const Expr *> ConvertedLiterals; // character literals (and commas) converted or discarded at once
};

} // namespace

const char *virtualClassProblem(const CXXRecordDecl &RD) {
  if (RD.isPolymorphic())
    return "virtual functions";
  if (RD.getNumVBases() != 0)
    return "virtual base classes";
  return nullptr;
}

void checkAmpTypeRules(ASTContext &Ctx) { Checker(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl()); }

} // namespace ampcc
