// Names of dependent base classes that code written for Visual Studio uses unqualified (see MsvcDependentBases.h).
#include "Frontend/MsvcDependentBases.h"

#include "Frontend/DiagnosticFilter.h"
#include "Frontend/RawTokens.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

using namespace clang;

namespace ampcc {
namespace {

struct Token {
  tok::TokenKind Kind;
  size_t Begin; // from the start of the text lexed
  std::string Text;
};

// The raw tokens of Text, which need not end the buffer it lies in.
std::vector<Token> tokensOf(llvm::StringRef Text) {
  std::string Copy = Text.str(); // the lexer reads up to a terminating NUL
  std::vector<Token> Out;
  for (const RawToken &T : lexRaw(Copy))
    Out.push_back({T.Kind, T.Begin, T.Text.str()});
  return Out;
}

// The raw tokens of Loc's line up to Loc, and where the line starts.
std::pair<SourceLocation, std::vector<Token>> lineBefore(const SourceManager &SM, SourceLocation Loc) {
  auto At = bufferAt(SM, Loc);
  if (!At)
    return {};
  auto [Buffer, Offset] = *At;
  size_t LineStart = Offset == 0 ? llvm::StringRef::npos : Buffer.rfind('\n', Offset - 1);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  return {Loc.getLocWithOffset(-int(Offset - LineStart)), tokensOf(Buffer.substr(LineStart, Offset - LineStart))};
}

// The identifier token at Loc, or "".
std::string identifierAt(const SourceManager &SM, SourceLocation Loc) {
  auto At = bufferAt(SM, Loc);
  if (!At || At->second >= At->first.size())
    return "";
  auto [Buffer, Offset] = *At;
  std::vector<Token> Toks = tokensOf(Buffer.substr(Offset, 256));
  return !Toks.empty() && Toks.front().Kind == tok::raw_identifier ? Toks.front().Text : "";
}

// Where Name is written at Loc, or as the type of a declarator whose name is at Loc (`real_type x = ...`, where
// Clang's refusal to deduce the class template's arguments points at `x`), cv-qualifiers between; or nowhere.
SourceLocation nameAtOrBefore(const SourceManager &SM, SourceLocation Loc, llvm::StringRef Name) {
  if (identifierAt(SM, Loc) == Name)
    return Loc;
  auto [LineStart, Toks] = lineBefore(SM, Loc);
  while (!Toks.empty() && Toks.back().Kind == tok::raw_identifier &&
         (Toks.back().Text == "const" || Toks.back().Text == "volatile"))
    Toks.pop_back();
  if (Toks.empty() || Toks.back().Kind != tok::raw_identifier || Toks.back().Text != Name)
    return {};
  return LineStart.getLocWithOffset(Toks.back().Begin);
}

} // namespace

// Passes every diagnostic on, and keeps where Clang refused a name that a dependent base may declare.
class DependentBaseNames : public DiagnosticFilter {
public:
  DependentBaseNames(std::unique_ptr<DiagnosticConsumer> Owned) : DiagnosticFilter(std::move(Owned)) {}
  DependentBaseNames(DiagnosticConsumer *Inner) : DiagnosticFilter(Inner) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    unsigned ID = Info.getID();
    // A type name: unknown, or a class template of that name found outside the class, used without arguments
    // (as a return type, or in a variable's declaration, where Clang tries to deduce its arguments).
    bool Type = ID == diag::err_unknown_typename || ID == diag::err_unknown_typename_suggest ||
                ID == diag::err_template_missing_args || ID == diag::err_auto_not_allowed ||
                ID == diag::err_deduced_class_template_ctor_no_viable;
    bool Value = ID == diag::err_undeclared_var_use || ID == diag::err_undeclared_var_use_suggest;
    if ((Type || Value) && Info.hasSourceManager() && Info.getLocation().isFileID()) {
      SourceLocation At = Info.getLocation();
      if (ID == diag::err_deduced_class_template_ctor_no_viable)
        At = nameAtOrBefore(Info.getSourceManager(), At, argumentName(Info, 0));
      if (At.isValid())
        Names.push_back({At, Type});
    }
    pass(Level, Info);
  }

  struct Name {
    SourceLocation At; // its first character
    bool IsType;
  };
  std::vector<Name> Names;
};

namespace {

// The class templates (and their partial specializations) of the user's code, by the range of their braces.
class ClassTemplates : public RecursiveASTVisitor<ClassTemplates> {
public:
  explicit ClassTemplates(const SourceManager &SM) : SM(SM) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCXXRecordDecl(CXXRecordDecl *D) {
    if (D->isThisDeclarationADefinition() && D->isDependentContext() && D->getBraceRange().isValid())
      All.push_back(D);
    return true;
  }
  std::vector<const CXXRecordDecl *> All;

private:
  const SourceManager &SM;
};

// Whether the template of a dependent base of Class, or a base of that, declares Name (a type, if IsType).
bool dependentBaseDeclares(const CXXRecordDecl *Class, DeclarationName Name, bool IsType, bool Dependent = true,
                           unsigned Depth = 0) {
  if (Depth > 16)
    return false;
  for (const CXXBaseSpecifier &B : Class->bases()) {
    if (Dependent && !B.getType()->isDependentType())
      continue;
    const CXXRecordDecl *Base = nullptr;
    if (const auto *S = B.getType()->getAs<TemplateSpecializationType>()) {
      if (const auto *T = dyn_cast_or_null<ClassTemplateDecl>(S->getTemplateName().getAsTemplateDecl()))
        Base = T->getTemplatedDecl();
    } else {
      Base = B.getType()->getAsCXXRecordDecl();
    }
    if (!Base || !(Base = Base->getDefinition()))
      continue;
    for (const NamedDecl *D : Base->lookup(Name))
      if (!IsType || isa<TypeDecl>(D) || isa<ClassTemplateDecl>(D))
        return true;
    if (dependentBaseDeclares(Base, Name, IsType, false, Depth + 1))
      return true;
  }
  return false;
}

// Qualifies every other use of the type Name, unqualified and not a template-id, in Class. The translator does not
// instantiate every member function where the host compiler does (not those that only the standard library's
// bodies, which it skips, would call; virtual members are instantiated for the rewrites: MsvcVirtualMembers.h):
// once one use showed that Class means its base's Name, the others mean the same, as they did for MSVC.
void qualifyEverywhere(const CXXRecordDecl *Class, llvm::StringRef Name, const SourceManager &SM, MsvcEdits &Into) {
  SourceRange Braces = Class->getBraceRange();
  std::optional<llvm::StringRef> Body;
  if (Braces.getBegin().isFileID() && Braces.getEnd().isFileID() &&
      SM.getFileID(Braces.getBegin()) == SM.getFileID(Braces.getEnd())) {
    bool Invalid = false;
    llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Braces.getBegin()), &Invalid);
    unsigned From = SM.getFileOffset(Braces.getBegin()), To = SM.getFileOffset(Braces.getEnd());
    if (!Invalid && From < To && To <= Buffer.size())
      Body = Buffer.substr(From, To - From);
  }
  if (!Body)
    return;
  std::vector<Token> Toks = tokensOf(*Body);
  for (size_t I = 1; I + 1 < Toks.size(); ++I) {
    const Token &Prev = Toks[I - 1], &T = Toks[I], &Next = Toks[I + 1];
    if (T.Kind != tok::raw_identifier || T.Text != Name || Next.Kind == tok::less || Next.Kind == tok::coloncolon ||
        Prev.Kind == tok::coloncolon || Prev.Kind == tok::period || Prev.Kind == tok::arrow ||
        Prev.Kind == tok::tilde || Prev.Text == "typename")
      continue;
    Into.insert(SM, Braces.getBegin().getLocWithOffset(T.Begin), "typename " + Class->getName().str() + "::");
  }
}

} // namespace

DependentBaseNames *recordDependentBaseNames(CompilerInstance &CI) { return putInFront<DependentBaseNames>(CI); }

void qualifyDependentBaseNames(DependentBaseNames &Recorded, ASTContext &Ctx, MsvcEdits &Into) {
  if (Recorded.Names.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  ClassTemplates Classes(SM);
  Classes.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const DependentBaseNames::Name &N : Recorded.Names) {
    if (SM.isInSystemHeader(N.At))
      continue;
    // The name as written, unqualified: no `::`, `.` or `->` before it.
    FileID File = SM.getFileID(N.At);
    std::string Identifier = identifierAt(SM, N.At);
    std::vector<Token> Before = lineBefore(SM, N.At).second;
    if (Identifier.empty())
      continue;
    if (!Before.empty() && (Before.back().Kind == tok::coloncolon || Before.back().Kind == tok::period ||
                            Before.back().Kind == tok::arrow || Before.back().Kind == tok::tilde ||
                            Before.back().Text == "typename"))
      continue;
    DeclarationName Name(&Ctx.Idents.get(Identifier));
    // The innermost class template around the name whose dependent bases declare it.
    const CXXRecordDecl *Best = nullptr;
    for (const CXXRecordDecl *C : Classes.All) {
      SourceRange Braces = C->getBraceRange();
      if (SM.getFileID(Braces.getBegin()) != File || SM.isBeforeInTranslationUnit(N.At, Braces.getBegin()) ||
          !SM.isBeforeInTranslationUnit(N.At, Braces.getEnd()) || C->getName().empty() ||
          !dependentBaseDeclares(C, Name, N.IsType))
        continue;
      if (!Best || SM.isBeforeInTranslationUnit(Best->getBraceRange().getBegin(), Braces.getBegin()))
        Best = C;
    }
    if (!Best)
      continue;
    Into.insert(SM, N.At, (N.IsType ? "typename " : "") + Best->getName().str() + "::");
    if (N.IsType)
      qualifyEverywhere(Best, Identifier, SM, Into);
  }
}

} // namespace ampcc
