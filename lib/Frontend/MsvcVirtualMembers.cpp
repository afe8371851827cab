// Instantiating the virtual members the host compiler instantiates and the translator's parse does not (see
// MsvcVirtualMembers.h).
#include "Frontend/MsvcVirtualMembers.h"

#include "Frontend/DiagnosticFilter.h"
#include "Frontend/LibraryConstructedClasses.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

using namespace clang;

namespace ampcc {

// Passes every diagnostic on, except while Holding.
class VirtualMemberDiagnostics : public DiagnosticFilter {
public:
  using DiagnosticFilter::DiagnosticFilter;
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (!Holding)
      pass(Level, Info);
  }
  bool Holding = false;
};

namespace {

// The dynamic class template specializations (and member classes of class template specializations) that the
// translation unit instantiated, complete, from templates outside the system headers.
class DynamicInstantiations : public RecursiveASTVisitor<DynamicInstantiations> {
public:
  explicit DynamicInstantiations(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCXXRecordDecl(CXXRecordDecl *D) {
    if (D->isThisDeclarationADefinition() && !D->isInvalidDecl() && !D->isDependentContext() &&
        D->getTemplateSpecializationKind() == TSK_ImplicitInstantiation && D->isDynamicClass())
      All.push_back(D);
    return true;
  }
  std::vector<CXXRecordDecl *> All;

private:
  const SourceManager &SM;
};

} // namespace

VirtualMemberDiagnostics *holdBackVirtualMemberDiagnostics(CompilerInstance &CI) {
  return putInFront<VirtualMemberDiagnostics>(CI);
}

void instantiateVirtualMembers(Sema &S, VirtualMemberDiagnostics &Held) {
  DiagnosticsEngine &Diags = S.getDiagnostics();
  if (Diags.hasErrorOccurred())
    return;
  DynamicInstantiations Classes(S.getSourceManager());
  Classes.TraverseDecl(S.getASTContext().getTranslationUnitDecl());
  if (Classes.All.empty())
    return;
  Held.Holding = true;
  instantiateVirtualMembersOf(S, Classes.All);
  Held.Holding = false;
  // The errors went to MSVC's rewrites only: the translation, done before, had none, and has none now.
  if (Diags.hasErrorOccurred())
    Diags.Reset(/*soft=*/true);
}

} // namespace ampcc
