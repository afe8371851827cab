// The user's classes that only the standard library's function bodies construct (see LibraryConstructedClasses.h).
#include "Frontend/LibraryConstructedClasses.h"

#include "Frontend/StandardLibrary.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace ampcc {
namespace {

// The classes the user's code hands to the standard library's functions, found where it names them.
class HandedToLibrary : public RecursiveASTVisitor<HandedToLibrary> {
public:
  explicit HandedToLibrary(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && inStandardLibrary(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    named(E->getDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    named(E->getMemberDecl());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    named(E->getConstructor());
    return true;
  }

  std::vector<CXXRecordDecl *> Classes;

private:
  void named(const ValueDecl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    // std::declval names a type in unevaluated operands only: it constructs nothing.
    if (!F || !inStandardLibrary(F, SM) || (F->getIdentifier() && F->getName() == "declval"))
      return;
    if (const TemplateArgumentList *Args = F->getTemplateSpecializationArgs())
      for (const TemplateArgument &A : Args->asArray())
        argument(A);
    if (const auto *Owner = dyn_cast<ClassTemplateSpecializationDecl>(F->getDeclContext()))
      for (const TemplateArgument &A : Owner->getTemplateArgs().asArray())
        argument(A);
  }
  void argument(const TemplateArgument &A) {
    if (A.getKind() == TemplateArgument::Pack) {
      for (const TemplateArgument &P : A.pack_elements())
        argument(P);
      return;
    }
    if (A.getKind() != TemplateArgument::Type)
      return;
    QualType T = A.getAsType().getNonReferenceType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType() : QualType(T->getPointeeOrArrayElementType(), 0);
    auto *R = T->getAsCXXRecordDecl();
    if (!R || !(R = R->getDefinition()) || R->isInvalidDecl() || R->isDependentContext() || !R->isDynamicClass() ||
        R->getTemplateSpecializationKind() != TSK_ImplicitInstantiation || inStandardLibrary(R, SM) ||
        !Seen.insert(R).second)
      return;
    Classes.push_back(R);
  }

  const SourceManager &SM;
  std::set<const CXXRecordDecl *> Seen;
};

} // namespace

void instantiateVirtualMembersOf(Sema &S, const std::vector<CXXRecordDecl *> &Classes) {
  if (Classes.empty())
    return;
  // Sema lets go of the translation unit's scope at its end; instantiation may declare a builtin there.
  Scope *SavedTUScope = S.TUScope;
  if (!S.TUScope)
    S.TUScope = S.getCurScope();
  // As the end of the translation unit does: each vtable used marks its virtual members, whose instantiation
  // may use more.
  for (CXXRecordDecl *Class : Classes)
    S.MarkVTableUsed(Class->getLocation(), Class, /*DefinitionRequired=*/true);
  while (S.DefineUsedVTables())
    S.PerformPendingInstantiations();
  S.PerformPendingInstantiations();
  S.TUScope = SavedTUScope;
}

void instantiateClassesLibraryConstructs(Sema &S) {
  HandedToLibrary Found(S.getSourceManager());
  Found.TraverseDecl(S.getASTContext().getTranslationUnitDecl());
  instantiateVirtualMembersOf(S, Found.Classes);
}

} // namespace ampcc
