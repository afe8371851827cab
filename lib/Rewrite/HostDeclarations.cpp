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
    const Decl *Whole = FD;
    if (FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      Whole = T;
    add(Whole);
    return true;
  }

  std::map<FileID, std::vector<HostRemoval>> Removals;

private:
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
  for (const HostRemoval &R : Ranges)
    for (unsigned I = R.Begin + Offset; I < R.End + Offset && I < Text.size(); ++I)
      if (Text[I] != '\n')
        Text[I] = ' ';
}

} // namespace ampcc
