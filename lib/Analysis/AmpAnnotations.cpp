// Reads the annotations that amp.h puts on C++ AMP entities.
#include "Analysis/AmpAnnotations.h"
#include "Frontend/RestrictAttr.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include <set>

using namespace clang;

namespace ampcc {

static llvm::StringRef annotationWithPrefix(const Decl *D, llvm::StringRef Prefix) {
  if (!D)
    return {};
  for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef S = A->getAnnotation();
    if (S.consume_front(Prefix))
      return S;
  }
  return {};
}

// Attributes written on a template live on its pattern; look there when the instance has none.
static const Decl *patternOf(const Decl *D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
      return P;
  }
  if (const auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    if (const CXXRecordDecl *P = RD->getTemplateInstantiationPattern())
      return P;
  }
  if (const auto *FD = dyn_cast<FieldDecl>(D)) {
    const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent());
    if (RD && RD->getTemplateInstantiationPattern()) {
      for (const FieldDecl *F : RD->getTemplateInstantiationPattern()->fields())
        if (F->getName() == FD->getName())
          return F;
    }
  }
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (const VarDecl *P = VD->getTemplateInstantiationPattern())
      return P;
    if (const VarDecl *P = VD->getInstantiatedFromStaticDataMember())
      return P;
  }
  return nullptr;
}

static llvm::StringRef findAnnotation(const Decl *D, llvm::StringRef Prefix) {
  llvm::StringRef S = annotationWithPrefix(D, Prefix);
  if (S.empty() && D) {
    if (const Decl *P = patternOf(D))
      S = annotationWithPrefix(P, Prefix);
  }
  return S;
}

// The class template's definition, which carries the annotation (forward declarations do not).
static const CXXRecordDecl *templatePattern(const ClassTemplateSpecializationDecl *Spec) {
  const CXXRecordDecl *Pattern = Spec->getSpecializedTemplate()->getTemplatedDecl();
  return Pattern->getDefinition() ? Pattern->getDefinition() : Pattern;
}

Restriction getRestriction(const FunctionDecl *FD) {
  Restriction R;
  llvm::StringRef S = findAnnotation(FD, "ampcc.restrict:");
  if (S.empty()) {
    // A lambda written without a specifier has the restriction of the function it is written in (the
    // specification infers it: a lambda inside amp code is amp code).
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda()) {
      // A closure's implicit constructors, destructor and assignment copy its captures, wherever the closure
      // goes (a kernel passes it to a template by value): cpu and amp, the captures' types being checked apart.
      if (isa<CXXConstructorDecl>(MD) || isa<CXXDestructorDecl>(MD) || MD->isCopyAssignmentOperator() ||
          MD->isMoveAssignmentOperator()) {
        R.Amp = true;
        return R;
      }
      if (const auto *Outer = dyn_cast_or_null<FunctionDecl>(MD->getParent()->getParentFunctionOrMethod()))
        return getRestriction(Outer);
    }
    // The implicit members of a class defined in amp code, like its written ones (Frontend/RestrictInference),
    // have the restriction of the function it is defined in.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isImplicit())
      if (const FunctionDecl *Outer = MD->getParent()->isLocalClass(); Outer && getRestriction(Outer).Amp)
        return getRestriction(Outer);
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && (MD->isImplicit() || MD->isDefaulted()))
      return semaRestriction(MD);
    return R;
  }
  R.Cpu = false;
  llvm::SmallVector<llvm::StringRef, 2> Parts;
  S.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P == "amp")
      R.Amp = true;
    else if (P == "cpu")
      R.Cpu = true;
  }
  return R;
}

Restriction semaRestriction(const FunctionDecl *FD) {
  RestrictionSet S = targetRestriction(FD);
  Restriction R;
  R.Cpu = S.Cpu;
  R.Amp = S.Amp;
  return R;
}

bool isAmpCallable(const FunctionDecl *FD) { return getRestriction(FD).Amp; }

FunctionTypeLoc writtenFunctionType(const FunctionDecl *FD) {
  const TypeSourceInfo *TSI = FD->getTypeSourceInfo();
  return TSI ? TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>() : FunctionTypeLoc();
}

llvm::StringRef getBuiltinName(const Decl *D) { return findAnnotation(D, "ampcc.builtin:"); }

const ClassTemplateSpecializationDecl *getBuiltinSpecialization(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return nullptr;
  if (getBuiltinName(templatePattern(Spec)).empty())
    return nullptr;
  return Spec;
}

llvm::StringRef getBuiltinTypeName(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD)
    return {};
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return getBuiltinName(templatePattern(Spec));
  return getBuiltinName(RD);
}

int64_t getIntTemplateArg(QualType T, unsigned I) {
  const auto *Spec = getBuiltinSpecialization(T);
  if (!Spec || I >= Spec->getTemplateArgs().size())
    return 0;
  const TemplateArgument &A = Spec->getTemplateArgs()[I];
  return A.getKind() == TemplateArgument::Integral ? A.getAsIntegral().getExtValue() : 0;
}

QualType getTypeTemplateArg(QualType T, unsigned I) {
  const auto *Spec = getBuiltinSpecialization(T);
  if (!Spec || I >= Spec->getTemplateArgs().size())
    return {};
  const TemplateArgument &A = Spec->getTemplateArgs()[I];
  return A.getKind() == TemplateArgument::Type ? A.getAsType() : QualType();
}

bool hasHostVersion(const FunctionDecl *FD) {
  for (const auto *A : FD->getCanonicalDecl()->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "ampcc.host_version")
      return true;
  return false;
}

bool isTileStatic(const VarDecl *VD) {
  for (const Decl *D : {static_cast<const Decl *>(VD), patternOf(VD)}) {
    if (!D)
      continue;
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "ampcc.tile_static")
        return true;
  }
  return false;
}

std::optional<APValue> scalarConstant(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  if (R.Val.isInt() || R.Val.isFloat() || (R.Val.isLValue() && R.Val.isNullPointer()))
    return R.Val;
  return std::nullopt;
}

const APValue *staticIntegralConstant(const VarDecl *VD) {
  if (!VD->getType().isConstQualified() || !VD->getType()->isIntegralOrEnumerationType())
    return nullptr;
  const APValue *V = VD->evaluateValue();
  return V && V->isInt() ? V : nullptr;
}

const Expr *splitCall(const CallExpr *CE, const FunctionDecl *FD, llvm::SmallVectorImpl<const Expr *> &Args) {
  const Expr *Obj = nullptr;
  unsigned First = 0;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    Obj = MCE->getImplicitObjectArgument();
  } else if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->isInstance()) {
    Obj = CE->getArg(0);
    First = 1;
  }
  for (unsigned I = First; I < CE->getNumArgs(); ++I)
    Args.push_back(CE->getArg(I));
  return Obj;
}

namespace {

// The local references in S bound to one of Names (`int *&r = p;`, and a reference bound to r), added to Names.
void collectAliases(const Stmt *S, std::set<const VarDecl *> &Names) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *R = dyn_cast<VarDecl>(D); R && R->getType()->isReferenceType() && R->getInit())
        if (const auto *Ref = dyn_cast<DeclRefExpr>(R->getInit()->IgnoreParenImpCasts()))
          if (const auto *To = dyn_cast<VarDecl>(Ref->getDecl()); To && Names.count(To))
            Names.insert(R);
  for (const Stmt *Child : S->children())
    collectAliases(Child, Names);
}

void collectAssignmentsTo(const Stmt *S, const std::set<const VarDecl *> &Names,
                          std::vector<const BinaryOperator *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign)
    if (const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *To = dyn_cast<VarDecl>(Ref->getDecl()); To && Names.count(To))
        Out.push_back(BO);
  for (const Stmt *Child : S->children())
    collectAssignmentsTo(Child, Names, Out);
}

} // namespace

void collectAssignments(const Stmt *S, const VarDecl *VD, std::vector<const BinaryOperator *> &Out) {
  // Through the references bound to VD too: `int *&r = p; r = &x;` assigns p.
  std::set<const VarDecl *> Names = {VD};
  collectAliases(S, Names);
  collectAssignmentsTo(S, Names, Out);
}

} // namespace ampcc
