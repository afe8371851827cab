// Template parameters MSVC deduced by conversion (see MsvcDeduction.h).
#include "Frontend/MsvcDeduction.h"

#include "Frontend/DiagnosticFilter.h"
#include "Frontend/RawTokens.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace ampcc {

// Passes every diagnostic on, and keeps the locations of the templates that failed for want of a conversion.
class DeductionMismatches : public DiagnosticFilter {
public:
  DeductionMismatches(std::unique_ptr<DiagnosticConsumer> Owned) : DiagnosticFilter(std::move(Owned)) {}
  DeductionMismatches(DiagnosticConsumer *Inner) : DiagnosticFilter(Inner) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    unsigned ID = Info.getID();
    if (ID == diag::err_partial_spec_ordering_ambiguous)
      InAmbiguity = true;
    else if (Level != DiagnosticsEngine::Note)
      InAmbiguity = false;
    // The note words the reason of the deduction's failure into its second argument.
    if (ID == diag::note_ovl_candidate_substitution_failure && Info.getNumArgs() > 1 &&
        Info.getArgKind(1) == DiagnosticsEngine::ak_std_string &&
        llvm::StringRef(Info.getArgStdStr(1)).contains(mismatchWords(Info)))
      Functions.insert(Info.getLocation());
    else if (ID == diag::note_partial_spec_match && InAmbiguity)
      PartialSpecializations.insert(Info.getLocation());
    pass(Level, Info);
  }

  bool empty() const { return Functions.empty() && PartialSpecializations.empty(); }

  std::set<SourceLocation> Functions;              // the templated function's name
  std::set<SourceLocation> PartialSpecializations; // the partial specialization's name

private:
  // "deduced non-type template argument does not have the same type as the corresponding template parameter",
  // as Clang words it.
  static llvm::StringRef mismatchWords(const Diagnostic &Info) {
    llvm::StringRef Text =
        Info.getDiags()->getDiagnosticIDs()->getDescription(diag::err_deduced_non_type_template_arg_type_mismatch);
    return Text.substr(0, Text.find('%'));
  }

  bool InAmbiguity = false; // the notes that follow name the partial specializations
};

namespace {

// A non-type template parameter written as a whole template argument where it is deduced, and the type of the
// template parameter it stands for there.
struct DeducedUse {
  SourceLocation At;
  QualType PositionType;
};

bool isPlainIntegral(QualType T, const ASTContext &Ctx) {
  return !T.isNull() && !T->isDependentType() && T->isIntegralType(Ctx);
}

// The uses of Param in TL where it is deduced ([temp.deduct.type]p8: a template-id's argument, through pointers,
// references, arrays and function types, never in a nested-name-specifier) and stands for a parameter of another
// integral type.
void collectMismatchedUses(TypeLoc TL, const NonTypeTemplateParmDecl *Param, const ASTContext &Ctx,
                           std::vector<DeducedUse> &Out);

// The same for the template arguments Args of Template.
void collectMismatchedUses(const TemplateDecl *Template, llvm::ArrayRef<TemplateArgumentLoc> Args,
                           const NonTypeTemplateParmDecl *Param, const ASTContext &Ctx, std::vector<DeducedUse> &Out) {
  const TemplateParameterList *Params = Template ? Template->getTemplateParameters() : nullptr;
  for (unsigned I = 0; I < Args.size(); ++I) {
    const TemplateArgumentLoc &A = Args[I];
    if (A.getArgument().getKind() == TemplateArgument::Type) {
      if (TypeSourceInfo *TSI = A.getTypeSourceInfo())
        collectMismatchedUses(TSI->getTypeLoc(), Param, Ctx, Out);
      continue;
    }
    if (A.getArgument().getKind() != TemplateArgument::Expression || !Params || I >= Params->size())
      continue;
    const auto *Ref = dyn_cast<DeclRefExpr>(A.getSourceExpression()->IgnoreImplicit());
    const auto *Position = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
    if (!Ref || Ref->getDecl() != Param || !Position || Position->isParameterPack())
      continue;
    QualType Type = Position->getType();
    if (isPlainIntegral(Type, Ctx) && !Ctx.hasSameUnqualifiedType(Type, Param->getType()))
      Out.push_back({Ref->getLocation(), Type.getUnqualifiedType()});
  }
}

void collectMismatchedUses(TypeLoc TL, const NonTypeTemplateParmDecl *Param, const ASTContext &Ctx,
                           std::vector<DeducedUse> &Out) {
  if (TL.isNull())
    return;
  if (auto Q = TL.getAs<QualifiedTypeLoc>())
    return collectMismatchedUses(Q.getUnqualifiedLoc(), Param, Ctx, Out);
  if (auto P = TL.getAs<PointerTypeLoc>())
    return collectMismatchedUses(P.getPointeeLoc(), Param, Ctx, Out);
  if (auto R = TL.getAs<ReferenceTypeLoc>())
    return collectMismatchedUses(R.getPointeeLoc(), Param, Ctx, Out);
  if (auto A = TL.getAs<ArrayTypeLoc>())
    return collectMismatchedUses(A.getElementLoc(), Param, Ctx, Out);
  if (auto P = TL.getAs<ParenTypeLoc>())
    return collectMismatchedUses(P.getInnerLoc(), Param, Ctx, Out);
  if (auto E = TL.getAs<ElaboratedTypeLoc>())
    return collectMismatchedUses(E.getNamedTypeLoc(), Param, Ctx, Out);
  if (auto F = TL.getAs<FunctionProtoTypeLoc>()) {
    collectMismatchedUses(F.getReturnLoc(), Param, Ctx, Out);
    for (const ParmVarDecl *P : F.getParams())
      if (P && P->getTypeSourceInfo())
        collectMismatchedUses(P->getTypeSourceInfo()->getTypeLoc(), Param, Ctx, Out);
    return;
  }
  if (auto S = TL.getAs<TemplateSpecializationTypeLoc>()) {
    llvm::SmallVector<TemplateArgumentLoc, 4> Args;
    for (unsigned I = 0; I < S.getNumArgs(); ++I)
      Args.push_back(S.getArgLoc(I));
    const TemplateDecl *Template = S.getTypePtr()->getTemplateName().getAsTemplateDecl();
    if (Template && isa<TemplateTemplateParmDecl>(Template))
      Template = nullptr;
    collectMismatchedUses(Template, Args, Param, Ctx, Out);
  }
}

// The uses of Param (all of one type) where they differ from its type, or none.
std::vector<DeducedUse> oneTypeOnly(std::vector<DeducedUse> Uses, const ASTContext &Ctx) {
  for (const DeducedUse &U : Uses)
    if (!Ctx.hasSameType(U.PositionType, Uses.front().PositionType))
      return {};
  return Uses;
}

// The file text from Begin to End, or nothing unless both are in one file, outside macros.
std::optional<llvm::StringRef> fileText(const SourceManager &SM, SourceLocation Begin, SourceLocation End) {
  if (Begin.isInvalid() || End.isInvalid() || !Begin.isFileID() || !End.isFileID())
    return std::nullopt;
  auto [File, From] = SM.getDecomposedLoc(Begin);
  auto [EndFile, To] = SM.getDecomposedLoc(End);
  if (File != EndFile || To < From)
    return std::nullopt;
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || To > Buffer.size())
    return std::nullopt;
  return Buffer.substr(From, To - From);
}

// How many times the identifier Name occurs in Text, as a token.
unsigned countIdentifier(llvm::StringRef Text, llvm::StringRef Name) {
  unsigned N = 0;
  std::string Copy = Text.str(); // the lexer reads up to a terminating NUL
  for (const RawToken &T : lexRaw(Copy))
    if (T.Kind == tok::raw_identifier && T.Text == Name)
      ++N;
  return N;
}

std::string deducedName(const NonTypeTemplateParmDecl *Param) { return "__ampcc_" + Param->getName().str(); }

// A parameter of one declaration of a function template to rewrite, with its uses.
struct FunctionRewrite {
  const TemplateParameterList *Params;
  const NonTypeTemplateParmDecl *Param;
  std::vector<DeducedUse> Uses;
  llvm::StringRef TypeText; // the user's spelling of its type, before its name
};

// The rewrite of the parameter at Index in one declaration of a function template, or nothing where it would not
// keep the declaration's meaning or its text is not the user's (a macro).
std::optional<FunctionRewrite> planFunctionRewrite(const FunctionTemplateDecl *D, unsigned Index,
                                                   const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const TemplateParameterList *Params = D->getTemplateParameters();
  const auto *Param = Index < Params->size() ? dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(Index)) : nullptr;
  if (!Param || Param->isParameterPack() || Param->getName().empty() || !isPlainIntegral(Param->getType(), Ctx))
    return std::nullopt;
  std::vector<DeducedUse> Uses;
  for (const ParmVarDecl *P : D->getTemplatedDecl()->parameters())
    if (P->getTypeSourceInfo())
      collectMismatchedUses(P->getTypeSourceInfo()->getTypeLoc(), Param, Ctx, Uses);
  Uses = oneTypeOnly(std::move(Uses), Ctx);
  if (Uses.empty())
    return std::nullopt;
  std::optional<llvm::StringRef> Type = fileText(SM, Param->getBeginLoc(), Param->getLocation());
  std::optional<llvm::StringRef> Rest = fileText(SM, Param->getLocation(), Params->getRAngleLoc());
  if (!Type || Type->trim().empty() || !Rest)
    return std::nullopt;
  // The user's parameter moves to the end of the list: a later parameter that names it would no longer see it.
  if (countIdentifier(*Rest, Param->getName()) != 1)
    return std::nullopt;
  for (const DeducedUse &U : Uses)
    if (!U.At.isFileID() || SM.getFileID(U.At) != SM.getFileID(Param->getLocation()))
      return std::nullopt;
  return FunctionRewrite{Params, Param, std::move(Uses), Type->rtrim()};
}

// Rewrites every declaration of the function template Template the same way, or none.
void rewriteFunctionTemplate(const FunctionTemplateDecl *Template, const ASTContext &Ctx, MsvcEdits &Into) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionTemplateDecl *First = Template->getCanonicalDecl();
  unsigned Count = First->getTemplateParameters()->size();
  for (unsigned Index = 0; Index < Count; ++Index) {
    std::vector<std::pair<const FunctionTemplateDecl *, FunctionRewrite>> Plans;
    bool All = true;
    for (const RedeclarableTemplateDecl *R : First->redecls()) {
      const auto *D = cast<FunctionTemplateDecl>(R);
      std::optional<FunctionRewrite> Plan = planFunctionRewrite(D, Index, Ctx);
      if (!Plan || D->getTemplateParameters()->size() != Count) {
        All = false;
        break;
      }
      Plans.emplace_back(D, std::move(*Plan));
    }
    if (!All)
      continue;
    for (const auto &[D, Plan] : Plans) {
      std::string Deduced = deducedName(Plan.Param);
      std::string PositionType = Plan.Uses.front().PositionType.getAsString(Ctx.getPrintingPolicy());
      unsigned Length = SM.getFileOffset(Plan.Param->getLocation()) + Plan.Param->getName().size() -
                        SM.getFileOffset(Plan.Param->getBeginLoc());
      Into.replace(SM, Plan.Param->getBeginLoc(), Length, PositionType + " " + Deduced);
      // A default argument is given once, by the first declaration.
      std::string Kept = ", " + Plan.TypeText.str() + " " + Plan.Param->getName().str();
      if (D == First)
        Kept += " = " + Deduced;
      Into.insert(SM, Plan.Params->getRAngleLoc(), Kept);
      for (const DeducedUse &U : Plan.Uses)
        Into.insert(SM, U.At, "__ampcc_");
    }
  }
}

// Gives each parameter of the partial specialization Spec that appears only where it is deduced, against
// parameters of one other type, that type.
void rewritePartialSpecialization(const ClassTemplatePartialSpecializationDecl *Spec, const ASTContext &Ctx,
                                  MsvcEdits &Into) {
  const SourceManager &SM = Ctx.getSourceManager();
  const ASTTemplateArgumentListInfo *Written = Spec->getTemplateArgsAsWritten();
  std::optional<llvm::StringRef> Whole = fileText(SM, Spec->getSourceRange().getBegin(), Spec->getSourceRange().getEnd());
  if (!Written || !Whole)
    return;
  for (const NamedDecl *P : *Spec->getTemplateParameters()) {
    const auto *Param = dyn_cast<NonTypeTemplateParmDecl>(P);
    if (!Param || Param->isParameterPack() || Param->getName().empty() || !isPlainIntegral(Param->getType(), Ctx))
      continue;
    std::vector<DeducedUse> Uses;
    collectMismatchedUses(Spec->getSpecializedTemplate(), Written->arguments(), Param, Ctx, Uses);
    Uses = oneTypeOnly(std::move(Uses), Ctx);
    // Its declaration and those uses, nothing else (the class body would see another type).
    if (Uses.empty() || countIdentifier(*Whole, Param->getName()) != 1 + Uses.size())
      continue;
    std::optional<llvm::StringRef> Type = fileText(SM, Param->getBeginLoc(), Param->getLocation());
    if (!Type || Type->trim().empty())
      continue;
    Into.replace(SM, Param->getBeginLoc(), Type->rtrim().size(),
                 Uses.front().PositionType.getAsString(Ctx.getPrintingPolicy()));
  }
}

// Finds the templates the notes named, in the user's code.
class NamedTemplates : public RecursiveASTVisitor<NamedTemplates> {
public:
  NamedTemplates(const DeductionMismatches &Recorded, const ASTContext &Ctx, MsvcEdits &Into)
      : Recorded(Recorded), Ctx(Ctx), Into(Into) {}

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *D) {
    if (Recorded.Functions.count(D->getTemplatedDecl()->getLocation()) &&
        Done.insert(D->getCanonicalDecl()).second)
      rewriteFunctionTemplate(D, Ctx, Into);
    return true;
  }
  bool VisitClassTemplatePartialSpecializationDecl(ClassTemplatePartialSpecializationDecl *D) {
    if (Recorded.PartialSpecializations.count(D->getLocation()))
      rewritePartialSpecialization(D, Ctx, Into);
    return true;
  }

private:
  const DeductionMismatches &Recorded;
  const ASTContext &Ctx;
  MsvcEdits &Into;
  std::set<const Decl *> Done;
};

} // namespace

DeductionMismatches *recordDeductionMismatches(CompilerInstance &CI) { return putInFront<DeductionMismatches>(CI); }

void rewriteDeductionMismatches(DeductionMismatches &Recorded, ASTContext &Ctx, MsvcEdits &Into) {
  if (Recorded.empty())
    return;
  NamedTemplates(Recorded, Ctx, Into).TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace ampcc
