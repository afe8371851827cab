// The restriction specifier as Clang's parser sees it: `__attribute__((ampcc_restrict("cpu, amp")))`.
//
// The front end turns C++ AMP's contextual `restrict(cpu, amp)` into this attribute (RestrictSpecifiers.cpp).
// Its handler checks the specifier list and gives the function Clang's CUDA target attributes (cpu is
// __host__, amp is __device__), so Sema's target-based overloading, overload resolution by calling context
// and redeclaration rules apply to restriction specifiers; an `annotate("ampcc.restrict:...")` attribute keeps
// what the user wrote for Analysis.
#include "Frontend/RestrictAttr.h"

#include "Analysis/Diagnostics.h"
#include "Frontend/AmpSource.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ampcc {
namespace {

// A typedef, variable, field or parameter whose type is a function, or a pointer or reference to one.
bool namesFunctionType(const Decl *D) {
  QualType T;
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
    T = TD->getUnderlyingType();
  else if (const auto *VD = dyn_cast<ValueDecl>(D))
    T = VD->getType();
  else
    return false;
  if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType())
    T = T->getPointeeType();
  return T->isFunctionType();
}

// Whether a lambda's restriction specifier was written in front of its `mutable` (C++ AMP orders a lambda
// declarator `( parameters ) mutable restrict(...) exception-specification -> return-type`). The front end moves
// a correctly placed specifier in front of `mutable` under the other spelling, so a plain ampcc_restrict directly
// followed by `mutable`, after all its macros, was written that way.
bool writtenBeforeMutable(Sema &S, const FunctionDecl *FD, const ParsedAttr &Attr) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->getParent()->isLambda() || Attr.getAttrName()->getName() != "ampcc_restrict")
    return false;
  const SourceManager &SM = S.getSourceManager();
  SourceLocation End = SM.getExpansionRange(Attr.getRange().getEnd()).getEnd();
  std::optional<Token> Next = Lexer::findNextToken(End, SM, S.getLangOpts());
  return Next && Next->is(tok::raw_identifier) && Next->getRawIdentifier() == "mutable";
}

// Whether a function's restriction specifier was written in front of its name (among the declaration's
// specifiers, as GNU attributes may be), where C++ AMP has no specifier. Lambdas have no name; a declaration that
// one macro expansion spells whole cannot tell.
bool writtenBeforeName(Sema &S, const FunctionDecl *FD, const ParsedAttr &Attr) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if ((MD && MD->getParent()->isLambda()) || FD->getLocation().isInvalid() ||
      Attr.getAttrName()->getName() != "ampcc_restrict")
    return false;
  const SourceManager &SM = S.getSourceManager();
  SourceLocation A = SM.getExpansionLoc(Attr.getLoc()), N = SM.getExpansionLoc(FD->getLocation());
  return A != N && SM.isBeforeInTranslationUnit(A, N);
}

// Whether a function's restriction specifier was written after its exception specification
// (`void f() throw() restrict(cpu)`): C++ AMP puts it first. (The front end moves one written first behind the
// specification, keeping its place as the attribute's location.)
bool writtenAfterExceptionSpec(Sema &S, const FunctionDecl *FD, const ParsedAttr &Attr) {
  SourceRange Spec = FD->getExceptionSpecSourceRange();
  if (Spec.isInvalid())
    return false;
  const SourceManager &SM = S.getSourceManager();
  SourceLocation A = SM.getExpansionLoc(Attr.getLoc()), E = SM.getExpansionLoc(Spec.getEnd());
  return A != E && SM.isBeforeInTranslationUnit(E, A);
}

// The annotation that keeps what the user wrote for Analysis: "ampcc.restrict:cpu", ":amp" or ":cpu,amp".
std::string restrictionNote(const RestrictionSet &Set) {
  return std::string("ampcc.restrict:") + (Set.Cpu && Set.Amp ? "cpu,amp" : Set.Amp ? "amp" : "cpu");
}

struct RestrictAttrInfo : ParsedAttrInfo {
  RestrictAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "ampcc_restrict"},
                                     {ParsedAttr::AS_GNU, "ampcc_restrict_moved"}};
    Spellings = S;
    NumArgs = 1;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr, const Decl *D) const override {
    if (isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D) || namesFunctionType(D))
      return true;
    error(S.getDiagnostics(), Attr.getLoc(), "a restriction specifier applies only to functions and lambdas");
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D, const ParsedAttr &Attr) const override {
    const auto *Text = dyn_cast<StringLiteral>(Attr.getArgAsExpr(0)->IgnoreParenCasts());
    if (!Text)
      return AttributeNotApplied;
    std::optional<RestrictionSet> Set = parseRestrictionList(Text->getString(), S.getDiagnostics(), Attr.getLoc());
    if (!Set)
      return AttributeNotApplied;
    FunctionDecl *FD = D->getAsFunction();
    // A restriction in a function type (a typedef, a function pointer or reference): restrict(cpu) and
    // restrict(cpu, amp) are what such a type is anyway, restrict(amp) a typedef's function type of its own (the
    // convention the pragma added); a pointer or reference to an amp function is an error, since amp code has no
    // function pointers.
    if (!FD) {
      if (!namesFunctionType(D))
        return AttributeNotApplied;
      const auto *TD = dyn_cast<TypedefNameDecl>(D);
      // A function typedef keeps its restriction for the functions declared through it (`FT f;` in a class,
      // RestrictInference.h).
      if (TD && TD->getUnderlyingType()->isFunctionType())
        D->addAttr(AnnotateAttr::Create(S.getASTContext(), restrictionNote(*Set), nullptr, 0, Attr.getRange()));
      if (!Set->Amp || (TD && TD->getUnderlyingType()->isFunctionType()))
        return AttributeApplied;
      error(S.getDiagnostics(), Attr.getLoc(),
            "pointers and references to restrict(amp) functions are not allowed (C++ AMP has no function "
            "pointers in amp code)");
      return AttributeApplied;
    }
    if (writtenBeforeMutable(S, FD, Attr))
      error(S.getDiagnostics(), Attr.getLoc(),
            "in a lambda declarator 'mutable' comes before the restriction specifier: write 'mutable restrict(...)'");
    if (writtenBeforeName(S, FD, Attr))
      error(S.getDiagnostics(), Attr.getLoc(),
            "a restriction specifier follows the function's parameter list (write 'int f() restrict(amp)')");
    else if (writtenAfterExceptionSpec(S, FD, Attr))
      error(S.getDiagnostics(), Attr.getLoc(),
            "a restriction specifier comes before the exception specification (write 'void f() restrict(cpu) "
            "throw()')");
    // C linkage has one symbol per name: a restrict(cpu, amp) function would be two functions.
    if (Set->Cpu && Set->Amp && FD->isExternC())
      error(S.getDiagnostics(), Attr.getLoc(),
            "a function with C linkage cannot be restrict(cpu, amp): declare it restrict(cpu) or restrict(amp)");
    ASTContext &Ctx = S.getASTContext();
    if (Set->Cpu && !FD->hasAttr<CUDAHostAttr>())
      FD->addAttr(CUDAHostAttr::Create(Ctx, Attr));
    if (Set->Amp && !FD->hasAttr<CUDADeviceAttr>())
      FD->addAttr(CUDADeviceAttr::Create(Ctx, Attr));
    FD->addAttr(AnnotateAttr::Create(Ctx, restrictionNote(*Set), nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<RestrictAttrInfo> Registered("ampcc_restrict", "C++ AMP restriction specifiers");

} // namespace

namespace {

// The first specifier of List that is neither cpu nor amp, or nothing; Set gets the others.
std::optional<llvm::StringRef> readSpecifiers(llvm::StringRef List, RestrictionSet &Set) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P == "cpu")
      Set.Cpu = true;
    else if (P == "amp")
      Set.Amp = true;
    else
      return P;
  }
  return std::nullopt;
}

// One entry of a list as written: its words (raw tokens, with where each is) and the ',' or ')' that ends it.
struct WrittenEntry {
  llvm::SmallVector<std::pair<SourceLocation, llvm::StringRef>, 2> Words;
  SourceLocation End;
  char EndChar = ')';
};

// Whether the text at Loc starts with one of the names the front end gives `restrict` (AmpSource.h).
bool startsWithSpecifierName(const SourceManager &SM, SourceLocation Loc) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Text.size())
    return false;
  Text = Text.substr(Offset);
  for (llvm::StringRef Name :
       {RestrictMacro, ReorderedRestrictMacro, MovableRestrictMacro, InstantiationRestrictMacro})
    if (Text.starts_with(Name))
      return true;
  return false;
}

// The entries of the list written after the specifier that Loc (the attribute or pragma it became) comes from, each
// with its place in the user's source (also inside a macro's definition); nothing where that text cannot be found.
std::vector<WrittenEntry> writtenEntries(const SourceManager &SM, SourceLocation Loc) {
  SourceLocation Name;
  for (SourceLocation L = Loc; L.isValid();) {
    if (SourceLocation Spelled = SM.getSpellingLoc(L); startsWithSpecifierName(SM, Spelled)) {
      Name = Spelled;
      break;
    }
    if (!L.isMacroID())
      break;
    L = SM.getImmediateExpansionRange(L).getBegin();
  }
  if (Name.isInvalid())
    return {};
  auto [File, Offset] = SM.getDecomposedLoc(Name);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return {};
  LangOptions LO;
  LO.CPlusPlus = true;
  Lexer Raw(SM.getLocForStartOfFile(File), LO, Buffer.begin(), Buffer.begin() + Offset, Buffer.end());
  Token T;
  Raw.LexFromRawLexer(T); // the name
  Raw.LexFromRawLexer(T);
  if (T.isNot(tok::l_paren))
    return {};
  std::vector<WrittenEntry> Entries(1);
  for (int Depth = 1;;) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return {};
    Depth += T.is(tok::l_paren) ? 1 : T.is(tok::r_paren) ? -1 : 0;
    if (Depth == 0 || (Depth == 1 && T.is(tok::comma))) {
      Entries.back().End = T.getLocation();
      Entries.back().EndChar = Depth == 0 ? ')' : ',';
      if (Depth == 0)
        return Entries;
      Entries.emplace_back();
      continue;
    }
    Entries.back().Words.emplace_back(T.getLocation(),
                                      llvm::StringRef(SM.getCharacterData(T.getLocation()), T.getLength()));
  }
}

} // namespace

std::optional<RestrictionSet> readRestrictionList(llvm::StringRef List) {
  RestrictionSet Set;
  if (List.trim().empty() || readSpecifiers(List, Set))
    return std::nullopt;
  return Set;
}

std::optional<RestrictionSet> parseRestrictionList(llvm::StringRef List, DiagnosticsEngine &Diags,
                                                   SourceLocation Loc) {
  if (List.trim().empty()) {
    error(Diags, Loc, "empty restriction specifier list: write restrict(cpu), restrict(amp) or restrict(cpu, amp)");
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  List.split(Parts, ',');
  // Each entry is reported where it is written when the written list is the one Clang read (not one that a macro
  // in it expands to), else at the specifier.
  std::vector<WrittenEntry> Written;
  if (Diags.hasSourceManager())
    Written = writtenEntries(Diags.getSourceManager(), Loc);
  if (Written.size() == Parts.size()) {
    for (size_t I = 0; I < Parts.size(); ++I) {
      std::string Words;
      for (const auto &W : Written[I].Words)
        Words += (Words.empty() ? "" : " ") + W.second.str();
      if (Words != Parts[I].trim())
        Written.clear();
      if (Written.empty())
        break;
    }
  } else {
    Written.clear();
  }
  RestrictionSet Set;
  bool Malformed = false;
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::SmallVector<llvm::StringRef, 2> Words;
    Parts[I].split(Words, ' ', -1, /*KeepEmpty=*/false);
    const WrittenEntry *W = Written.empty() ? nullptr : &Written[I];
    Malformed |= Words.size() != 1;
    if (Words.empty()) {
      char End = W ? W->EndChar : I + 1 < Parts.size() ? ',' : ')';
      error(Diags, W ? W->End : Loc, "missing restriction specifier before '%0'") << std::string(1, End);
      continue;
    }
    // One error a word: an unknown one is reported as such, a known one after another as a missing comma.
    for (size_t K = 0; K < Words.size(); ++K) {
      SourceLocation At = W ? W->Words[K].first : Loc;
      bool Known = Words[K] == "cpu" || Words[K] == "amp";
      if (!Known)
        error(Diags, At, "'%0' is not a restriction specifier (C++ AMP has 'cpu' and 'amp')") << Words[K];
      else if (K > 0)
        error(Diags, At, "expected ',' between restriction specifiers, before '%0'") << Words[K];
      Malformed |= !Known;
      Set.Cpu |= Words[K] == "cpu";
      Set.Amp |= Words[K] == "amp";
    }
  }
  // A list with errors keeps what it names validly, so that the function's uses are judged by it and report nothing
  // more; one that names nothing valid is dropped.
  if (Malformed && !Set.Cpu && !Set.Amp)
    return std::nullopt;
  return Set;
}

RestrictionSet targetRestriction(const FunctionDecl *FD) {
  RestrictionSet S;
  S.Amp = FD->hasAttr<CUDADeviceAttr>();
  S.Cpu = FD->hasAttr<CUDAHostAttr>() || !S.Amp;
  return S;
}

void linkRestrictAttr() {}

} // namespace ampcc
