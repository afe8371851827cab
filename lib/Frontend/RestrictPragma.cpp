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

// Appends `__attribute__((Name))`, or `__attribute__((Name("Arg")))` when Arg is given, every token at Loc.
void appendAttribute(Preprocessor &PP, const char *Name, const std::string *Arg, SourceLocation Loc,
                     llvm::SmallVectorImpl<Token> &Out) {
  auto add = [&](tok::TokenKind K, const char *Word) {
    Token T;
    T.startToken();
    T.setKind(K);
    if (Word)
      T.setIdentifierInfo(PP.getIdentifierInfo(Word));
    T.setLocation(Loc);
    T.setLength(Word ? 0 : 1);
    Out.push_back(T);
  };
  add(tok::kw___attribute, "__attribute__");
  add(tok::l_paren, nullptr);
  add(tok::l_paren, nullptr);
  add(tok::identifier, Name);
  if (Arg) {
    add(tok::l_paren, nullptr);
    Token Str;
    Str.startToken();
    PP.CreateString("\"" + *Arg + "\"", Str, Loc, Loc);
    Str.setKind(tok::string_literal);
    Out.push_back(Str);
    add(tok::r_paren, nullptr);
  }
  add(tok::r_paren, nullptr);
  add(tok::r_paren, nullptr);
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
    // A function type in a template's angle brackets (`template <int (*f)(int) restrict(cpu) throw()>`, a
    // type-id as template argument) takes no attribute either.
    if (Tok.isOneOf(tok::greater, tok::greatergreater)) {
      onlyCpu("ampcc cannot carry restrict(%0) in a function type named in a template argument; only restrict(cpu), "
              "the restriction of a function type without a specifier, can stand there");
    } else if (Tok.is(tok::semi) && inAliasDeclaration(PP, Loc)) {
      // `using F = int() restrict(cpu);`: the alias-declaration's type-id takes no attribute either.
      onlyCpu("ampcc cannot carry restrict(%0) in the function type of an alias declaration; only restrict(cpu), "
              "the restriction of a function type without a specifier, can stand there");
    } else if (Tok.is(tok::arrow) && !followsLambdaParameters(PP, Loc)) {
      // Before a function's trailing return type no attribute can stand (Clang takes only C++11 attributes
      // there, as the function type's; a lambda's declarator takes GNU attributes there, below). The front end
      // moves a specifier on the line of the declaration's `auto` in front of it (AmpSource.cpp); one it could
      // not move ends here.
      onlyCpu("ampcc supports restrict(%0) before a trailing return type only on the line of the declaration's "
              "'auto'; join the lines or write the return type in front of the function name");
    } else {
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
    }
    if (!Out.empty())
      enterTokens(PP, Out);
  }
};

} // namespace

void addRestrictPragmaHandler(Preprocessor &PP) {
  PP.AddPragmaHandler("ampcc", new RestrictPragmaHandler());
  PP.AddPragmaHandler("ampcc", new InstantiationRestrictPragmaHandler());
}

} // namespace ampcc
