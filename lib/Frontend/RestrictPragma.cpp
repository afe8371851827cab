// The `#pragma ampcc restrict` handler: a restriction specifier placed after the exception specification that
// follows it (see RestrictPragma.h).
#include "Frontend/RestrictPragma.h"
#include "Frontend/RestrictAttr.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace ampcc {
namespace {

// The specifier's list, as written: identifiers and commas up to the end of the pragma.
std::string readList(Preprocessor &PP) {
  std::string List;
  Token Tok;
  for (PP.Lex(Tok); Tok.isNot(tok::eod); PP.Lex(Tok))
    List += Tok.is(tok::comma) ? std::string(", ") : PP.getSpelling(Tok);
  return List;
}

// Appends the tokens of Spelled (each a kind and its spelling), written one after the other to the scratch
// buffer as one piece expanded at Loc: `-E` prints them as spelled, and the brackets of `[[...]]` share one macro
// expansion, as Clang requires.
void appendSpelled(Preprocessor &PP, SourceLocation Loc, llvm::ArrayRef<std::pair<tok::TokenKind, std::string>> Spelled,
                   llvm::SmallVectorImpl<Token> &Out) {
  std::string Text;
  for (const auto &[Kind, Spelling] : Spelled)
    Text += Spelling;
  Token Piece;
  Piece.startToken();
  PP.CreateString(Text, Piece, Loc, Loc);
  unsigned Offset = 0;
  for (const auto &[Kind, Spelling] : Spelled) {
    Token T;
    T.startToken();
    T.setKind(Kind);
    T.setLocation(Piece.getLocation().getLocWithOffset(Offset));
    T.setLength(Spelling.size());
    if (Kind == tok::identifier || Kind == tok::kw___attribute)
      T.setIdentifierInfo(PP.getIdentifierInfo(Spelling));
    else if (Kind == tok::string_literal)
      T.setLiteralData(PP.getSourceManager().getCharacterData(PP.getSourceManager().getSpellingLoc(T.getLocation())));
    Offset += Spelling.size();
    Out.push_back(T);
  }
}

// Appends `__attribute__((Name))`, or `__attribute__((Name("Arg")))` when Arg is given, expanded at Loc.
void appendAttribute(Preprocessor &PP, const char *Name, const std::string *Arg, SourceLocation Loc,
                     llvm::SmallVectorImpl<Token> &Out) {
  std::vector<std::pair<tok::TokenKind, std::string>> T = {
      {tok::kw___attribute, "__attribute__"}, {tok::l_paren, "("}, {tok::l_paren, "("}, {tok::identifier, Name}};
  if (Arg)
    T.insert(T.end(), {{tok::l_paren, "("}, {tok::string_literal, "\"" + *Arg + "\""}, {tok::r_paren, ")"}});
  T.insert(T.end(), {{tok::r_paren, ")"}, {tok::r_paren, ")"}});
  appendSpelled(PP, Loc, T, Out);
}

// The calling convention that makes a restrict(amp) function's type its own (docs/design/restriction-specifiers.md,
// "Function types"): `__attribute__((preserve_most))` where a GNU attribute stands, `[[clang::preserve_most]]` in a
// type-id (a template argument, an alias declaration), where Clang takes only a C++11 attribute after the parameter
// list. The translator parses for x86-64, which has the convention; nothing is generated from it.
void appendAmpFunctionType(Preprocessor &PP, SourceLocation Loc, bool InTypeId, llvm::SmallVectorImpl<Token> &Out) {
  if (!InTypeId) {
    appendAttribute(PP, AmpFunctionConvention, nullptr, Loc, Out);
    return;
  }
  appendSpelled(PP, Loc,
                {{tok::l_square, "["},
                 {tok::l_square, "["},
                 {tok::identifier, "clang"},
                 {tok::coloncolon, "::"},
                 {tok::identifier, AmpFunctionConvention},
                 {tok::r_square, "]"},
                 {tok::r_square, "]"}},
                Out);
}

// Whether List (a specifier's list as written) is exactly amp: its functions, and function types, carry the
// convention. An invalid list carries nothing (the attribute reports it).
bool ampOnly(llvm::StringRef List) {
  std::optional<RestrictionSet> Set = readRestrictionList(List);
  return Set && Set->Amp && !Set->Cpu;
}

// Makes Out the next tokens the parser reads; they are already macro-expanded.
void enterTokens(Preprocessor &PP, llvm::ArrayRef<Token> Out) {
  auto Toks = std::make_unique<Token[]>(Out.size());
  for (size_t I = 0; I < Out.size(); ++I)
    Toks[I] = Out[I];
  PP.EnterTokenStream(std::move(Toks), Out.size(), /*DisableMacroExpansion=*/true, /*IsReinject=*/true);
}

class RestrictPragmaHandler : public PragmaHandler {
public:
  RestrictPragmaHandler() : PragmaHandler("restrict") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &) override {
    std::string List = readList(PP);
    Token Tok;
    SourceLocation Loc = Introducer.Loc;

    // What follows the specifier: an exception specification (throw(...), noexcept, noexcept(...)) is moved
    // in front of it. The first token that is not part of one goes back after the attribute.
    llvm::SmallVector<Token, 16> Out;
    PP.Lex(Tok);
    if (Tok.isOneOf(tok::kw_throw, tok::kw_noexcept)) {
      Out.push_back(Tok);
      PP.Lex(Tok);
      if (Tok.is(tok::l_paren)) {
        int Depth = 0;
        do {
          Depth += Tok.is(tok::l_paren) ? 1 : Tok.is(tok::r_paren) ? -1 : 0;
          Out.push_back(Tok);
          if (Tok.isOneOf(tok::eof, tok::eod))
            break;
          PP.Lex(Tok);
        } while (Depth > 0);
      }
    }
    // Where no attribute can stand: restrict(cpu) is what a function (type) without a specifier is, so it needs
    // none; another restriction is reported there and dropped, so the parse goes on.
    auto onlyCpu = [&](llvm::StringRef Message) {
      if (List != "cpu")
        PP.Diag(Loc, PP.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error, Message)) << List;
    };
    // A type-id's function type: restrict(amp) is the type with the convention, restrict(cpu) and
    // restrict(cpu, amp) the plain type (the type of such functions), anything else an error.
    auto typeId = [&](llvm::StringRef Where) {
      std::optional<RestrictionSet> Set = readRestrictionList(List);
      if (Set && Set->Cpu)
        return;
      if (Set && Set->Amp) {
        appendAmpFunctionType(PP, Loc, /*InTypeId=*/true, Out);
        return;
      }
      PP.Diag(Loc, PP.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(
                       DiagnosticIDs::Error, "'restrict(%0)' is not a restriction of a function type %1"))
          << List << Where;
    };
    // A function type in a template's angle brackets (`template <int (*f)(int) restrict(cpu) throw()>`, a
    // type-id as template argument) takes no GNU attribute.
    if (Tok.isOneOf(tok::greater, tok::greatergreater)) {
      typeId("in a template argument");
    } else if (Tok.is(tok::semi) && inAliasDeclaration(PP, Loc)) {
      // `using F = int() restrict(cpu);`: nor does the alias-declaration's type-id.
      typeId("in an alias declaration");
    } else if (Tok.is(tok::arrow) && !followsLambdaParameters(PP, Loc)) {
      // Before a function's trailing return type no attribute can stand (Clang takes only C++11 attributes
      // there, as the function type's; a lambda's declarator takes GNU attributes there, below). The front end
      // moves a specifier on the line of the declaration's `auto` in front of it (AmpSource.cpp); one it could
      // not move ends here.
      onlyCpu("ampcc supports restrict(%0) before a trailing return type only on the line of the declaration's "
              "'auto'; join the lines or write the return type in front of the function name");
    } else {
      // The convention first: the declaration's range ends with the restriction's attribute.
      if (ampOnly(List))
        appendAmpFunctionType(PP, Loc, /*InTypeId=*/false, Out);
      appendAttribute(PP, "ampcc_restrict", &List, Loc, Out);
    }
    Out.push_back(Tok);
    enterTokens(PP, Out);
  }

private:
  // The text of the file before Loc (or before the macro naming it); empty when the file cannot be read.
  static llvm::StringRef fileTextBefore(Preprocessor &PP, SourceLocation Loc) {
    SourceManager &SM = PP.getSourceManager();
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(At.first, &Invalid);
    return Invalid ? llvm::StringRef() : Text.take_front(At.second);
  }
  // Whether the specifier at Loc (or the macro naming it) ends the type-id of an alias declaration: the text of
  // its statement, read back in the file to the previous `;`, `{` or `}`, has `using NAME =` (after a template
  // head, if any).
  static bool inAliasDeclaration(Preprocessor &PP, SourceLocation Loc) {
    llvm::StringRef Text = fileTextBefore(PP, Loc);
    size_t Start = Text.find_last_of(";{}");
    llvm::StringRef Stmt = Text.drop_front(Start == llvm::StringRef::npos ? 0 : Start + 1);
    for (size_t P = Stmt.find("using"); P != llvm::StringRef::npos; P = Stmt.find("using", P + 5)) {
      if (P > 0 && (clang::isAsciiIdentifierContinue(Stmt[P - 1])))
        continue;
      llvm::StringRef Rest = Stmt.drop_front(P + 5);
      size_t Name = Rest.find_first_not_of(" \t\r\n");
      if (Name == llvm::StringRef::npos || Name == 0 || !clang::isAsciiIdentifierStart(Rest[Name]))
        continue;
      Rest = Rest.drop_front(Name);
      Rest = Rest.drop_while([](char C) { return clang::isAsciiIdentifierContinue(C); }).ltrim();
      if (Rest.starts_with("=") && !Rest.starts_with("=="))
        return true;
    }
    return false;
  }
  // Whether the specifier at Loc (or the macro naming it) follows a lambda's parameters, `mutable` or its
  // capture list: the text before it, read back in the file, is `]`, or `](...)`, with an optional `mutable`.
  static bool followsLambdaParameters(Preprocessor &PP, SourceLocation Loc) {
    llvm::StringRef Text = fileTextBefore(PP, Loc);
    size_t P = Text.size();
    auto skipBlanks = [&] {
      while (P > 0 && clang::isWhitespace(Text[P - 1]))
        --P;
    };
    skipBlanks();
    if (Text.take_front(P).ends_with("mutable")) {
      P -= 7;
      skipBlanks();
    }
    if (P > 0 && Text[P - 1] == ')') {
      int Depth = 0;
      while (P > 0) {
        char C = Text[--P];
        if (C == ')')
          ++Depth;
        else if (C == '(' && --Depth == 0)
          break;
      }
      if (Depth != 0)
        return false;
      skipBlanks();
    }
    return P > 0 && Text[P - 1] == ']';
  }
};

// `#pragma ampcc restrict_instantiation LIST`, an explicit instantiation's specifier moved in front of its
// declaration: __attribute__((host)) for cpu and __attribute__((device)) for amp, which Clang compares with the
// template's targets to find it (no attribute is cpu, as a function without a specifier).
class InstantiationRestrictPragmaHandler : public PragmaHandler {
public:
  InstantiationRestrictPragmaHandler() : PragmaHandler("restrict_instantiation") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &) override {
    std::string List = readList(PP);
    std::optional<RestrictionSet> Set = parseRestrictionList(List, PP.getDiagnostics(), Introducer.Loc);
    if (!Set)
      return;
    llvm::SmallVector<Token, 12> Out;
    if (Set->Amp) {
      appendAttribute(PP, "device", nullptr, Introducer.Loc, Out);
      if (Set->Cpu)
        appendAttribute(PP, "host", nullptr, Introducer.Loc, Out);
      else
        appendAmpFunctionType(PP, Introducer.Loc, /*InTypeId=*/false, Out);
    }
    if (!Out.empty())
      enterTokens(PP, Out);
  }
};

// `#pragma ampcc restrict_type LIST`, in front of the attribute of a specifier spelled __AMPR__ or __AMPM__: the
// convention of a restrict(amp) function's type, in the same place; nothing for another list.
class FunctionTypeRestrictPragmaHandler : public PragmaHandler {
public:
  FunctionTypeRestrictPragmaHandler() : PragmaHandler("restrict_type") {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &) override {
    if (!ampOnly(readList(PP)))
      return;
    llvm::SmallVector<Token, 8> Out;
    appendAmpFunctionType(PP, Introducer.Loc, /*InTypeId=*/false, Out);
    enterTokens(PP, Out);
  }
};

} // namespace

void addRestrictPragmaHandler(Preprocessor &PP) {
  PP.AddPragmaHandler("ampcc", new RestrictPragmaHandler());
  PP.AddPragmaHandler("ampcc", new InstantiationRestrictPragmaHandler());
  PP.AddPragmaHandler("ampcc", new FunctionTypeRestrictPragmaHandler());
}

} // namespace ampcc
