// Finds the declarations that exist only for the amp side and must be blanked in the host's view.
#include "Rewrite/HostDeclarations.h"

#include "Analysis/AmpAnnotations.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {
namespace {

class AmpOnlyFinder : public RecursiveASTVisitor<AmpOnlyFinder> {
public:
  explicit AmpOnlyFinder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  // Patterns only: an instantiation's text is its template's.
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isImplicit() || isLambdaCallOperator(FD))
      return true;
    Restriction R = getRestriction(FD);
    if (!R.Amp || R.Cpu)
      return true;
    // A template's explicit instantiations (`template int f<int>(int) restrict(amp);`) go with its definition.
    if (FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate(); T && FD->doesThisDeclarationHaveABody())
      for (const FunctionDecl *Spec : T->specializations())
        if (Spec->getTemplateSpecializationKind() == TSK_ExplicitInstantiationDeclaration ||
            Spec->getTemplateSpecializationKind() == TSK_ExplicitInstantiationDefinition)
          addExplicitInstantiation(Spec->getPointOfInstantiation());
    if (keepsDeclaration(FD)) {
      if (FD->doesThisDeclarationHaveABody())
        addBody(FD->getBody());
      return true;
    }
    const Decl *Whole = FD;
    if (FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      Whole = T;
    add(Whole);
    return true;
  }

  std::map<FileID, std::vector<HostRemoval>> Removals;

private:
  // Whether the host may see FD's declaration: nothing of its name in its scope is cpu-callable (so no host
  // call can pick it), it is no special member or conversion (which would change what the host's classes
  // can do), and it is not a member defined out of its class (which must be a definition).
  bool keepsDeclaration(const FunctionDecl *FD) const {
    if (isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(FD) || FD->isOutOfLine() ||
        (!FD->getDeclName().isIdentifier() && !FD->isOverloadedOperator()))
      return false;
    for (const NamedDecl *Other : FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName())) {
      const NamedDecl *Target = Other->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(Target))
        Target = T->getTemplatedDecl();
      const auto *OF = dyn_cast<FunctionDecl>(Target);
      if (!OF || getRestriction(OF).Cpu)
        return false;
    }
    return true;
  }

  void addBody(const Stmt *Body) {
    SourceLocation Begin = SM.getExpansionLoc(Body->getBeginLoc());
    SourceLocation End = SM.getExpansionRange(Body->getEndLoc()).getEnd();
    if (Begin.isInvalid() || End.isInvalid() || SM.isInSystemHeader(Begin) || SM.getFileID(Begin) != SM.getFileID(End))
      return;
    unsigned B = SM.getFileOffset(Begin), E = SM.getFileOffset(Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts()));
    if (E > B)
      Removals[SM.getFileID(Begin)].push_back({B, E, ';'});
  }

  // The explicit instantiation whose name is at NameLoc: from its `extern`/`template` to its ';'. The AST has no
  // node for it (only the specialization, which records where the name was written).
  void addExplicitInstantiation(SourceLocation NameLoc) {
    SourceLocation Loc = SM.getExpansionLoc(NameLoc);
    if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
      return;
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Loc);
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(At.first, &Invalid);
    if (Invalid)
      return;
    size_t Begin = Text.take_front(At.second).rfind("template");
    size_t End = Text.find(";", At.second);
    if (Begin == llvm::StringRef::npos || End == llvm::StringRef::npos ||
        Text.slice(Begin, At.second).find_first_of(";{}") != llvm::StringRef::npos)
      return;
    llvm::StringRef Before = Text.take_front(Begin).rtrim();
    if (Before.ends_with("extern"))
      Begin = Before.size() - 6;
    Removals[At.first].push_back({unsigned(Begin), unsigned(End + 1)});
  }

  void add(const Decl *D) {
    SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation End = SM.getExpansionRange(D->getEndLoc()).getEnd();
    if (Begin.isInvalid() || End.isInvalid() || SM.isInSystemHeader(Begin))
      return;
    FileID F = SM.getFileID(Begin);
    if (F != SM.getFileID(End))
      return;
    // A declaration without a body ends at its ';', which is not part of its range.
    SourceLocation AfterEnd = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
    if (std::optional<Token> Next = Lexer::findNextToken(End, SM, Ctx.getLangOpts()))
      if (Next->is(tok::semi))
        AfterEnd = Next->getEndLoc();
    unsigned B = SM.getFileOffset(Begin), E = SM.getFileOffset(AfterEnd);
    if (E > B)
      Removals[F].push_back({B, E});
  }

  ASTContext &Ctx;
  SourceManager &SM;
};

} // namespace

std::map<FileID, std::vector<HostRemoval>> findAmpOnlyDeclarations(ASTContext &Ctx) {
  AmpOnlyFinder Finder(Ctx);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Finder.Removals);
}

void blankRanges(std::string &Text, const std::vector<HostRemoval> &Ranges, unsigned Offset) {
  for (const HostRemoval &R : Ranges) {
    for (unsigned I = R.Begin + Offset; I < R.End + Offset && I < Text.size(); ++I)
      if (Text[I] != '\n')
        Text[I] = ' ';
    if (R.Lead && R.Begin + Offset < Text.size())
      Text[R.Begin + Offset] = R.Lead;
  }
}

} // namespace ampcc
