// The traversal the restriction passes share: it knows, at every node, the function the node belongs to and
// whether that is amp code, so that each rule family (AmpTypeRules, AmpStatementRules) judges only that.
#ifndef AMPCC_ANALYSIS_AMPCODE_H
#define AMPCC_ANALYSIS_AMPCODE_H

#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpDiagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>
#include <string>
#include <utility>

namespace ampcc {

// Derived is the pass (CRTP, as RecursiveASTVisitor). Amp code is the body of a restrict(amp) or
// restrict(cpu, amp) function, and of a lambda written inside one (the specification infers its restriction).
// Template instantiations are visited, the templates themselves are the passes' to skip (isDependentContext).
template <class Derived> class AmpCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
public:
  explicit AmpCodeVisitor(clang::ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseFunctionDecl(clang::FunctionDecl *FD) {
    return traverseFunction(FD, [&] { return Base::TraverseFunctionDecl(FD); });
  }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *FD) {
    return traverseFunction(FD, [&] { return Base::TraverseCXXMethodDecl(FD); });
  }
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl *FD) {
    return traverseFunction(FD, [&] { return Base::TraverseCXXConstructorDecl(FD); });
  }
  bool TraverseCXXDestructorDecl(clang::CXXDestructorDecl *FD) {
    return traverseFunction(FD, [&] { return Base::TraverseCXXDestructorDecl(FD); });
  }
  // A lambda's body belongs to its call operator, whatever function encloses the lambda.
  bool TraverseLambdaExpr(clang::LambdaExpr *L) {
    return traverseFunction(L->getCallOperator(), [&] { return Base::TraverseLambdaExpr(L); });
  }

protected:
  using Base = clang::RecursiveASTVisitor<Derived>;

  // After FD's traversal: what the pass checks of FD itself beyond what the traversal reached (none here).
  void afterFunction(clang::FunctionDecl *) {}

  template <typename F> bool traverseFunction(clang::FunctionDecl *FD, F Traverse) {
    // A specialization that overload resolution deduced but did not choose is a declaration no code names: MSVC
    // checks only the amp functions a program uses (`tf<char>(char) restrict(amp)` beside a cpu overload that
    // a cpu caller chose).
    if (FD->getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation && !FD->isReferenced() &&
        !FD->isUsed() && !FD->hasBody())
      return true;
    clang::FunctionDecl *Saved = CurrentFunction;
    bool SavedAmp = CurrentAmp;
    CurrentFunction = FD;
    const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD);
    CurrentAmp = getRestriction(FD).Amp || (SavedAmp && MD && MD->getParent()->isLambda());
    unsigned ErrorsBefore = Diags.getNumErrors();
    bool R = Traverse();
    static_cast<Derived *>(this)->afterFunction(FD);
    // An error in an instantiated template names where it was instantiated too, as Clang's own errors do (and
    // MSVC reports it there).
    if (Diags.getNumErrors() > ErrorsBefore && FD->isTemplateInstantiation() &&
        FD->getPointOfInstantiation().isValid()) {
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
      diagnose(Diags, FD->getPointOfInstantiation(), AmpDiag::InstantiatedHere) << Name;
    }
    CurrentFunction = Saved;
    CurrentAmp = SavedAmp;
    return R;
  }

  bool inAmp() const { return CurrentFunction && CurrentAmp; }

  // Code of the user's: what the system headers (amp.h among them) hold is not judged.
  bool userCode(clang::SourceLocation L) const { return L.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(L)); }

  // Reports an error once per line and message: a declaration and its initializer say the same thing once.
  clang::DiagnosticBuilder report(clang::SourceLocation Loc, AmpDiag Which) {
    clang::SourceLocation Key = SM.getExpansionLoc(Loc);
    std::pair<clang::FileID, unsigned> Line{SM.getFileID(Key), SM.getExpansionLineNumber(Key)};
    if (!Reported.insert({Line, Which}).second)
      return Diags.Report(clang::SourceLocation(), Diags.getCustomDiagID(clang::DiagnosticsEngine::Ignored, "%0"));
    return diagnose(Diags, Loc, Which);
  }

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  clang::DiagnosticsEngine &Diags;
  clang::FunctionDecl *CurrentFunction = nullptr;
  bool CurrentAmp = false;

private:
  std::set<std::pair<std::pair<clang::FileID, unsigned>, AmpDiag>> Reported;
};

} // namespace ampcc

#endif
