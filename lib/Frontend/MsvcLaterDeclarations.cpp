// Names a template uses before they are declared (see MsvcLaterDeclarations.h).
#include "Frontend/MsvcLaterDeclarations.h"

#include "Frontend/DiagnosticFilter.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>
#include <set>
#include <vector>

using namespace clang;

namespace ampcc {

// Passes every diagnostic on, and keeps where Clang refused a name as undeclared.
class UndeclaredNames : public DiagnosticFilter {
public:
  UndeclaredNames(std::unique_ptr<DiagnosticConsumer> Owned) : DiagnosticFilter(std::move(Owned)) {}
  UndeclaredNames(DiagnosticConsumer *Inner) : DiagnosticFilter(Inner) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    unsigned ID = Info.getID();
    if ((ID == diag::err_undeclared_var_use || ID == diag::err_undeclared_var_use_suggest ||
         ID == diag::err_no_template || ID == diag::err_no_template_suggest || ID == diag::err_unknown_typename ||
         ID == diag::err_unknown_typename_suggest) &&
        Info.hasSourceManager() && Info.getLocation().isFileID())
      Uses.push_back(Info.getLocation());
    pass(Level, Info);
  }

  std::vector<SourceLocation> Uses; // each at the name's first character
};

namespace {

class Sources {
public:
  explicit Sources(const ASTContext &Ctx) : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()) {}

  bool before(SourceLocation A, SourceLocation B) const { return SM.isBeforeInTranslationUnit(A, B); }
  // Whether D's text, from its first token to its last, holds At.
  bool holds(const Decl *D, SourceLocation At) const {
    SourceRange R = D->getSourceRange();
    return R.isValid() && !before(At, R.getBegin()) && !before(R.getEnd(), At);
  }
  bool inUserFile(SourceLocation L) const { return L.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(L)); }
  // The text of the tokens from Begin to End, both in one file, or nothing.
  std::optional<llvm::StringRef> text(SourceLocation Begin, SourceLocation End) const {
    if (!Begin.isFileID() || !End.isFileID() || SM.getFileID(Begin) != SM.getFileID(End))
      return std::nullopt;
    bool Invalid = false;
    llvm::StringRef T = Lexer::getSourceText(CharSourceRange::getTokenRange(Begin, End), SM, LO, &Invalid);
    if (Invalid || T.empty())
      return std::nullopt;
    return T;
  }
  // The `;` token right after End, or an invalid location.
  SourceLocation semicolonAfter(SourceLocation End) const {
    std::optional<Token> Next = Lexer::findNextToken(End, SM, LO);
    return Next && Next->is(tok::semi) ? Next->getLocation() : SourceLocation();
  }

  const SourceManager &SM;
  const LangOptions &LO;
};

// Where a use lies: the namespaces around it, outermost (the translation unit) first, and in each the declaration
// that holds the use; the last of those is the one that is no namespace.
struct Place {
  std::vector<const DeclContext *> Scopes;
  std::vector<const Decl *> Holders;
};

Place placeOf(const TranslationUnitDecl *TU, SourceLocation At, const Sources &Src) {
  Place P;
  const DeclContext *DC = TU;
  while (DC) {
    const Decl *Found = nullptr;
    for (const Decl *D : DC->decls())
      if (!D->isImplicit() && Src.holds(D, At)) {
        Found = D;
        break;
      }
    if (!Found)
      break;
    if (const auto *Linkage = dyn_cast<LinkageSpecDecl>(Found)) { // `extern "C++" { ... }`: the same scope
      DC = Linkage;
      continue;
    }
    P.Scopes.push_back(DC);
    P.Holders.push_back(Found);
    DC = dyn_cast<NamespaceDecl>(Found);
  }
  return P;
}

// What a declaration to be moved names: every declaration it refers to, outside itself.
class Referenced : public RecursiveASTVisitor<Referenced> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    All.push_back(E->getDecl());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    All.push_back(TL.getDecl());
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    All.push_back(TL.getTypedefNameDecl());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    if (TemplateDecl *T = TL.getTypePtr()->getTemplateName().getAsTemplateDecl())
      All.push_back(T);
    return true;
  }
  std::vector<const Decl *> All;
};

// Whether a template parameter has a default argument.
bool hasDefault(const NamedDecl *Param) {
  if (const auto *T = dyn_cast<TemplateTypeParmDecl>(Param))
    return T->hasDefaultArgument();
  if (const auto *V = dyn_cast<NonTypeTemplateParmDecl>(Param))
    return V->hasDefaultArgument();
  return cast<TemplateTemplateParmDecl>(Param)->hasDefaultArgument();
}

class LaterNames {
public:
  LaterNames(ASTContext &Ctx, MsvcEdits &Into) : Ctx(Ctx), Src(Ctx), Into(Into) {}

  void declareBefore(SourceLocation At) {
    if (!Src.inUserFile(At))
      return;
    std::optional<llvm::StringRef> Name = Src.text(At, At);
    if (!Name || !isValidAsciiIdentifier(*Name))
      return;
    Place P = placeOf(Ctx.getTranslationUnitDecl(), At, Src);
    // MSVC delayed only templates: a use elsewhere it refused too.
    if (P.Holders.empty() || isa<NamespaceDecl>(P.Holders.back()) || !P.Holders.back()->isTemplated())
      return;
    DeclarationName DN(&Ctx.Idents.get(*Name));
    // The innermost namespace that declares the name, as the template's instantiation would have found it.
    for (size_t I = P.Scopes.size(); I-- > 0;) {
      auto *Scope = const_cast<DeclContext *>(P.Scopes[I]->getRedeclContext());
      DeclContextLookupResult Found = Scope->lookup(DN);
      if (Found.empty())
        continue;
      const Decl *Holder = P.Holders[I];
      for (const NamedDecl *D : Found) {
        if (!Src.inUserFile(D->getLocation()) || !Src.before(At, D->getCanonicalDecl()->getLocation()))
          return; // declared before the use: refused for another reason
      }
      const NamedDecl *D = Found.front();
      if (!Src.before(Holder->getEndLoc(), D->getBeginLoc()))
        return;
      if (const auto *Enumerator = dyn_cast<EnumConstantDecl>(D))
        D = cast<EnumDecl>(Enumerator->getDeclContext());
      if (!Done.insert(D->getCanonicalDecl()).second)
        return;
      if (const auto *T = dyn_cast<ClassTemplateDecl>(D))
        forwardDeclare(T, Holder);
      else if (isa<VarDecl>(D) || isa<EnumDecl>(D) || isa<TypedefNameDecl>(D))
        move(D, Holder);
      return;
    }
  }

private:
  // `template <params without their defaults> struct Name; ` at the start of Holder.
  void forwardDeclare(const ClassTemplateDecl *T, const Decl *Holder) {
    std::string Text = "template <";
    const TemplateParameterList *Params = T->getTemplateParameters();
    for (unsigned I = 0; I < Params->size(); ++I) {
      const NamedDecl *Param = Params->getParam(I);
      std::optional<llvm::StringRef> Spelled;
      if (!Param->getDeclName().isEmpty())
        Spelled = Src.text(Param->getBeginLoc(), Param->getLocation()); // up to the name: no default
      else if (!hasDefault(Param))
        Spelled = Src.text(Param->getBeginLoc(), Param->getEndLoc());
      if (!Spelled)
        return;
      Text += (I ? ", " : "") + Spelled->str();
    }
    Text += "> " + T->getTemplatedDecl()->getKindName().str() + " " + T->getName().str() + "; ";
    Into.insert(Src.SM, Holder->getBeginLoc(), Text);
  }

  // D's text, up to its `;`, on one line at the start of Holder; its lines where it was stay, empty. Only where
  // everything D names is declared before Holder, and D shares its text with no other declaration.
  void move(const NamedDecl *D, const Decl *Holder) {
    SourceLocation Begin = D->getBeginLoc(), Semi = Src.semicolonAfter(D->getEndLoc());
    if (Semi.isInvalid())
      return;
    for (const Decl *Other : D->getLexicalDeclContext()->decls())
      if (Other != D && !Other->isImplicit() && Other->getBeginLoc().isValid() &&
          !Src.before(Other->getBeginLoc(), Begin) && !Src.before(Semi, Other->getBeginLoc()))
        return; // `int a = 1, b = 2;`, `typedef struct { ... } S;`
    Referenced Refs;
    Refs.TraverseDecl(const_cast<NamedDecl *>(D));
    for (const Decl *R : Refs.All) {
      SourceLocation First = R->getCanonicalDecl()->getLocation();
      if (Src.inUserFile(First) && !Src.holds(D, First) && !Src.before(First, Holder->getBeginLoc()))
        return;
    }
    std::optional<llvm::StringRef> Text = Src.text(Begin, Semi);
    if (!Text || Text->contains("//") || Text->contains('#'))
      return;
    std::string OneLine, Left;
    for (char C : *Text) {
      bool Newline = C == '\n';
      OneLine += Newline || C == '\r' ? ' ' : C;
      if (Newline)
        Left += '\n';
    }
    Into.move(Src.SM, Begin, Text->size(), Left, Holder->getBeginLoc(), OneLine + " ");
  }

  ASTContext &Ctx;
  Sources Src;
  MsvcEdits &Into;
  std::set<const Decl *> Done;
};

} // namespace

UndeclaredNames *recordUndeclaredNames(CompilerInstance &CI) { return putInFront<UndeclaredNames>(CI); }

void declareLaterNamesEarlier(UndeclaredNames &Recorded, ASTContext &Ctx, MsvcEdits &Into) {
  if (Recorded.Uses.empty())
    return;
  std::vector<SourceLocation> Uses = Recorded.Uses;
  // The first use in the file gets the declaration, before every other.
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Uses.begin(), Uses.end(),
                   [&](SourceLocation A, SourceLocation B) { return SM.isBeforeInTranslationUnit(A, B); });
  LaterNames Names(Ctx, Into);
  for (SourceLocation At : Uses)
    Names.declareBefore(At);
}

} // namespace ampcc
