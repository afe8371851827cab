// Finds the declarations that exist only for the amp side and must be blanked in the host's view.
#include "Rewrite/HostDeclarations.h"

#include "Analysis/AmpAnnotations.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ampcc {
namespace {

class AmpOnlyFinder : public RecursiveASTVisitor<AmpOnlyFinder> {
public:
  AmpOnlyFinder(ASTContext &Ctx, const LateParsedBodies &Unparsed)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Unparsed(Unparsed) {}

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
        Bodies.push_back(FD);
      resolveReturnType(FD);
      return true;
    }
    const Decl *Whole = FD;
    if (FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      Whole = T;
    add(FD, Whole);
    return true;
  }

  // Blanks the bodies of the kept declarations, except where the host needs the body: a deduced return type
  // (a call in a kernel the host compiles, one launched through its object, is an error without its body: 'use of
  // auto f() before deduction of auto'), and the kept functions such a body calls, so that a body the host
  // compiles (and may emit) never calls a function it only declares.
  void blankBodies() {
    llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> ByPattern;
    for (const FunctionDecl *FD : Bodies)
      ByPattern[pattern(FD)] = FD;
    std::vector<const FunctionDecl *> Work;
    llvm::DenseSet<const FunctionDecl *> Kept;
    for (const FunctionDecl *FD : Bodies)
      if (FD->getDeclaredReturnType()->getContainedDeducedType() && Kept.insert(FD).second)
        Work.push_back(FD);
    while (!Work.empty()) {
      const FunctionDecl *FD = Work.back();
      Work.pop_back();
      for (const FunctionDecl *Callee : CalleeCollector::of(FD->getBody()))
        if (auto It = ByPattern.find(pattern(Callee)); It != ByPattern.end() && Kept.insert(It->second).second)
          Work.push_back(It->second);
    }
    for (const FunctionDecl *FD : Bodies)
      if (!Kept.count(FD))
        addBody(FD);
  }

  std::map<FileID, std::vector<HostRemoval>> Removals;

private:
  // The functions a body names (a call, an address, a dependent call's candidates).
  struct CalleeCollector : RecursiveASTVisitor<CalleeCollector> {
    std::vector<const FunctionDecl *> Found;
    static std::vector<const FunctionDecl *> of(Stmt *Body) {
      CalleeCollector C;
      C.TraverseStmt(Body);
      return std::move(C.Found);
    }
    void note(const NamedDecl *D) {
      if (!D)
        return;
      D = D->getUnderlyingDecl();
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        D = T->getTemplatedDecl();
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        Found.push_back(FD);
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) { return note(E->getDecl()), true; }
    bool VisitMemberExpr(MemberExpr *E) { return note(E->getMemberDecl()), true; }
    bool VisitOverloadExpr(OverloadExpr *E) {
      for (const NamedDecl *D : E->decls())
        note(D);
      return true;
    }
  };

  // The declaration whose text a function comes from: a template's pattern for its specializations, a class
  // template's member for its instantiations.
  static const FunctionDecl *pattern(const FunctionDecl *FD) {
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      FD = T->getTemplatedDecl();
    if (const FunctionDecl *M = FD->getInstantiatedFromMemberFunction())
      FD = M;
    if (const FunctionDecl *D = FD->getDefinition())
      FD = D;
    return FD->getCanonicalDecl();
  }

  std::vector<const FunctionDecl *> Bodies;

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

  // A kept declaration whose return type is a decltype (`auto f() restrict(amp) -> decltype(g(1))`) names the
  // type the translator found, resolved in the function's own restriction: the host, without g's amp
  // overloads, would find another (conformance decltype_specifier/expression.01). Only a builtin type, or a
  // pointer or reference to one, is written out; the text must fit where the decltype was.
  void resolveReturnType(const FunctionDecl *FD) {
    if (FD->isDependentContext() || FD->getDescribedFunctionTemplate())
      return;
    FunctionTypeLoc FTL = writtenFunctionType(FD);
    if (!FTL || !FTL.getReturnLoc().getAs<DecltypeTypeLoc>())
      return;
    QualType T = FD->getReturnType().getCanonicalType();
    QualType Base = T->isPointerType() || T->isReferenceType() ? T->getPointeeType() : T;
    if (!Base->isBuiltinType() || Base->isDependentType())
      return;
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressTagKeyword = true;
    std::string Text = T.getAsString(Policy);
    SourceRange Written = FTL.getReturnLoc().getSourceRange();
    CharSourceRange File =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Written), SM, Ctx.getLangOpts());
    if (File.isInvalid() || SM.isInSystemHeader(File.getBegin()))
      return;
    unsigned Begin = SM.getFileOffset(File.getBegin()), End = SM.getFileOffset(File.getEnd());
    if (End - Begin >= Text.size())
      Removals[SM.getFileID(File.getBegin())].push_back({Begin, End, Text});
  }

  // The body's range: in the AST, or the tokens delayed template parsing kept of a template never instantiated.
  SourceRange bodyRange(const FunctionDecl *FD) const {
    if (const Stmt *Body = FD->getBody())
      return Body->getSourceRange();
    auto It = Unparsed.find(FD);
    return It == Unparsed.end() ? SourceRange() : It->second;
  }

  void addBody(const FunctionDecl *FD) {
    SourceRange Body = bodyRange(FD);
    if (Body.isInvalid())
      return;
    std::optional<std::pair<FileID, std::pair<unsigned, unsigned>>> R = textOf(FD, Body, false);
    if (R && R->second.second > R->second.first)
      Removals[R->first].push_back({R->second.first, R->second.second, ";"});
  }

  // The text of Range (a declaration of FD, or its body) in one file: [begin, end) offsets, past a ';' that ends
  // a declaration without a body when WithSemi. Where the range comes from a macro, its expansion's text if the
  // range is the whole expansion; else the text of the macro's definition (or argument) that spells it, when
  // FD's restriction is spelled by the same expansion, so that every expansion is a declaration alike (the
  // definition's text is every expansion's); a declaration the macro makes beside others (a restrict(cpu)
  // namesake) is removed alone, and a body alone keeps its declaration.
  std::optional<std::pair<FileID, std::pair<unsigned, unsigned>>> textOf(const FunctionDecl *FD, SourceRange Range,
                                                                         bool WithSemi) const {
    const LangOptions &LO = Ctx.getLangOpts();
    SourceLocation Begin, End;
    CharSourceRange File = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM, LO);
    if (File.isValid()) {
      Begin = File.getBegin();
      End = File.getEnd();
    } else if (Range.getBegin().isMacroID() && Range.getEnd().isMacroID() &&
               SM.getImmediateExpansionRange(Range.getBegin()).getBegin() ==
                   SM.getImmediateExpansionRange(Range.getEnd()).getBegin() &&
               restrictionSpelledBy(FD, Range.getBegin())) {
      Begin = SM.getSpellingLoc(Range.getBegin());
      End = Lexer::getLocForEndOfToken(SM.getSpellingLoc(Range.getEnd()), 0, SM, LO);
    } else {
      return std::nullopt;
    }
    if (Begin.isInvalid() || End.isInvalid() || SM.isInSystemHeader(Begin) || SM.getFileID(Begin) != SM.getFileID(End))
      return std::nullopt;
    if (WithSemi) {
      // A declaration without a body ends at its ';', which is not part of its range.
      bool Invalid = false;
      llvm::StringRef Text = SM.getBufferData(SM.getFileID(End), &Invalid);
      unsigned E = SM.getFileOffset(End);
      size_t Next = Invalid ? llvm::StringRef::npos : Text.find_first_not_of(" \t\r\n", E);
      if (Next != llvm::StringRef::npos && Text[Next] == ';')
        End = End.getLocWithOffset(Next + 1 - E);
    }
    return std::make_pair(SM.getFileID(Begin), std::make_pair(SM.getFileOffset(Begin), SM.getFileOffset(End)));
  }

  // Whether FD's restriction specifier comes from the macro expansion that Loc (a macro location) is part of.
  bool restrictionSpelledBy(const FunctionDecl *FD, SourceLocation Loc) const {
    const Attr *A = FD->getAttr<CUDADeviceAttr>();
    if (!A || A->getLocation().isInvalid())
      return false;
    SourceLocation Expansion = SM.getImmediateExpansionRange(Loc).getBegin();
    for (SourceLocation L = A->getLocation(); L.isMacroID(); L = SM.getImmediateMacroCallerLoc(L))
      if (SM.getImmediateExpansionRange(L).getBegin() == Expansion)
        return true;
    return false;
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

  void add(const FunctionDecl *FD, const Decl *D) {
    SourceRange Range = D->getSourceRange();
    // A declaration's range ends with its body, except an unparsed template's, which ends with its declarator.
    if (!FD->getBody())
      if (auto It = Unparsed.find(FD); It != Unparsed.end())
        Range.setEnd(It->second.getEnd());
    std::optional<std::pair<FileID, std::pair<unsigned, unsigned>>> R = textOf(FD, Range, true);
    if (R && R->second.second > R->second.first)
      Removals[R->first].push_back({R->second.first, R->second.second});
  }

  ASTContext &Ctx;
  SourceManager &SM;
  const LateParsedBodies &Unparsed;
};

} // namespace

std::map<FileID, std::vector<HostRemoval>> findAmpOnlyDeclarations(ASTContext &Ctx, const LateParsedBodies &Unparsed) {
  AmpOnlyFinder Finder(Ctx, Unparsed);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  Finder.blankBodies();
  return std::move(Finder.Removals);
}

void blankRanges(std::string &Text, const std::vector<HostRemoval> &Ranges, unsigned Offset) {
  for (const HostRemoval &R : Ranges) {
    for (unsigned I = R.Begin + Offset; I < R.End + Offset && I < Text.size(); ++I)
      if (Text[I] != '\n')
        Text[I] = ' ';
    for (size_t I = 0; I < R.Lead.size() && R.Begin + Offset + I < Text.size(); ++I)
      Text[R.Begin + Offset + I] = R.Lead[I];
  }
}

} // namespace ampcc
