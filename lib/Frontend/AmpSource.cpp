// The C++ AMP front-end stage: contextual `restrict(...)` specifiers rewritten in place, over raw tokens.
#include "Frontend/AmpSource.h"

#include "Frontend/RawTokens.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringSwitch.h"

namespace ampcc {
namespace {

using clang::tok::TokenKind;

// Each spelling replaces `restrict` byte for byte, which keeps every offset after it.
static_assert(RestrictMacro.size() == 8 && ReorderedRestrictMacro.size() == 8 && MovableRestrictMacro.size() == 8 &&
              InstantiationRestrictMacro.size() == 8);

bool isIdentifier(const RawToken &T) { return T.Kind == clang::tok::raw_identifier; }

// Keywords whose parenthesised operand may be followed by an expression statement or operand: after
// `if (c)` a call `restrict(x)` is a call, not a specifier. (After an exception specification, `throw()` or
// `noexcept(...)`, it is a specifier in the wrong place, which the translator reports.)
bool opensNonDeclaratorParens(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases("if", "while", "for", "switch", "catch", "return", true)
      .Cases("sizeof", "alignof", "decltype", "typeid", "alignas", "static_assert", true)
      .Cases("__attribute__", "__declspec", "_Alignof", "co_return", "co_yield", true)
      .Default(false);
}

// The index of the token that closes the parenthesis opened at Open, or Toks.size().
size_t matchingClose(const std::vector<RawToken> &Toks, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Toks.size(); ++I) {
    Depth += Toks[I].Kind == clang::tok::l_paren ? 1 : Toks[I].Kind == clang::tok::r_paren ? -1 : 0;
    if (Depth == 0)
      return I;
  }
  return Toks.size();
}

// The index of the token that opens the parenthesis closed at Close, or Toks.size().
size_t matchingOpen(const std::vector<RawToken> &Toks, size_t Close) {
  int Depth = 0;
  for (size_t I = Close + 1; I-- > 0;) {
    Depth += Toks[I].Kind == clang::tok::r_paren ? 1 : Toks[I].Kind == clang::tok::l_paren ? -1 : 0;
    if (Depth == 0)
      return I;
  }
  return Toks.size();
}

bool isMacroNameOfDefine(const std::vector<RawToken> &Toks, size_t I) {
  return I >= 2 && isIdentifier(Toks[I]) && Toks[I - 1].Text == "define" && Toks[I - 2].Kind == clang::tok::hash &&
         Toks[I - 2].StartOfLine;
}

// Whether the identifier at I is a parameter of the function-like macro whose `#define` line holds it (after the
// parameter list): its argument may be a whole declarator, `#define AMP_FUNCTION(decl, body) decl restrict(amp)
// body`.
bool isParameterOfDefine(const std::vector<RawToken> &Toks, size_t I) {
  if (!isIdentifier(Toks[I]))
    return false;
  size_t Hash = I;
  while (Hash > 0 && !Toks[Hash].StartOfLine)
    --Hash;
  if (Toks[Hash].Kind != clang::tok::hash || Hash + 3 >= I || Toks[Hash + 1].Text != "define" ||
      Toks[Hash + 3].Kind != clang::tok::l_paren || Toks[Hash + 3].Begin != Toks[Hash + 2].End)
    return false;
  size_t Close = matchingClose(Toks, Hash + 3);
  if (Close >= I)
    return false;
  for (size_t K = Hash + 4; K < Close; ++K)
    if (Toks[K].Text == Toks[I].Text || (Toks[I].Text == "__VA_ARGS__" && Toks[K].Kind == clang::tok::ellipsis))
      return true;
  return false;
}

// Whether `restrict` at I (followed by a parenthesised identifier list) is in a specifier's position.
bool inSpecifierPosition(const std::vector<RawToken> &Toks, size_t I) {
  if (I == 0)
    return false;
  const RawToken &Prev = Toks[I - 1];
  if (isMacroNameOfDefine(Toks, I - 1) || isParameterOfDefine(Toks, I - 1))
    return true;
  if (Prev.Text == "const" || Prev.Text == "volatile" || Prev.Text == "mutable" || Prev.Kind == clang::tok::amp ||
      Prev.Kind == clang::tok::ampamp)
    return true;
  if (Prev.Kind != clang::tok::r_paren)
    return false;
  size_t Open = matchingOpen(Toks, I - 1);
  if (Open == Toks.size() || Open == 0)
    return false;
  const RawToken &BeforeOpen = Toks[Open - 1];
  return !(isIdentifier(BeforeOpen) && opensNonDeclaratorParens(BeforeOpen.Text));
}

// Whether the specifier at Restrict is in an alias declaration's type-id: `using NAME =` between it and the
// previous `;`, `{` or `}`.
bool endsAliasTypeId(const std::vector<RawToken> &Toks, size_t Restrict) {
  for (size_t K = Restrict; K >= 3; --K) {
    clang::tok::TokenKind Kind = Toks[K - 1].Kind;
    if (Kind == clang::tok::semi || Kind == clang::tok::l_brace || Kind == clang::tok::r_brace)
      return false;
    if (Kind == clang::tok::equal && isIdentifier(Toks[K - 2]) && Toks[K - 3].Text == "using")
      return true;
  }
  return false;
}

// Whether what follows a specifier may be an exception specification once macros are expanded (or is a
// trailing return type, `->`): `throw`, `noexcept`, or an identifier that is not one of the words that may follow a declarator's specifiers (a macro,
// as the conformance suite's EXCEPTION_SPECIFICATION). At the start of a macro's replacement anything may. Not
// after a lambda's parameters: Clang takes the attribute there before the exception specification.
bool mayPrecedeExceptionSpec(const std::vector<RawToken> &Toks, size_t Restrict, size_t Close) {
  if (isMacroNameOfDefine(Toks, Restrict - 1))
    return true;
  // A lambda's declarator takes the attribute before its exception specification, as written.
  if (Toks[Restrict - 1].Kind == clang::tok::r_paren) {
    size_t Open = matchingOpen(Toks, Restrict - 1);
    if (Open != Toks.size() && Open > 0 && Toks[Open - 1].Kind == clang::tok::r_square)
      return false;
  }
  // A trailing return type, or the end of a template argument or parameter: the pragma's handler decides
  // what the restriction becomes (RestrictPragma.cpp). So too at the end of what may be a macro's argument
  // (`TEST(decltype(f), int() restrict(cpu))` over `is_same<a, b>`): which token follows it is known only once
  // the macro is expanded.
  if (Close + 1 < Toks.size() &&
      (Toks[Close + 1].Kind == clang::tok::arrow || Toks[Close + 1].Kind == clang::tok::greater ||
       Toks[Close + 1].Kind == clang::tok::greatergreater || Toks[Close + 1].Kind == clang::tok::r_paren ||
       Toks[Close + 1].Kind == clang::tok::comma))
    return true;
  // The end of an alias declaration's type-id (`using F = int() restrict(cpu);`), where no attribute stands.
  if (Close + 1 < Toks.size() && Toks[Close + 1].Kind == clang::tok::semi && endsAliasTypeId(Toks, Restrict))
    return true;
  if (Close + 1 >= Toks.size() || !isIdentifier(Toks[Close + 1]))
    return false;
  if (Toks[Close + 1].Text == "throw" || Toks[Close + 1].Text == "noexcept")
    return true;
  if (Toks[Close + 1].StartOfLine)
    return false;
  return !llvm::StringSwitch<bool>(Toks[Close + 1].Text)
              .Cases("const", "volatile", "mutable", "override", "final", "restrict", "__attribute__", true)
              .Cases("__declspec", "__AMPR__", "__AMPM__", "__AMPX__", "requires", "try", true)
              .Default(false);
}

// The `template` of the explicit instantiation (`template ...;` or `extern template ...;`, no `<` after
// `template`) that the specifier at Restrict ends, when the declaration starts its line and the specifier is on
// that line: Toks.size() otherwise.
size_t explicitInstantiationKeyword(const std::vector<RawToken> &Toks, size_t Restrict) {
  size_t K = Restrict;
  while (K > 0 && !Toks[K].StartOfLine)
    --K;
  if (Toks[K].Text == "extern")
    ++K;
  if (K + 1 >= Restrict || Toks[K].Text != "template" || Toks[K + 1].Kind == clang::tok::less)
    return Toks.size();
  for (size_t J = K; J < Restrict; ++J)
    if (Toks[J].Kind == clang::tok::semi || Toks[J].Kind == clang::tok::l_brace)
      return Toks.size();
  return K;
}

// The `auto` of the function declaration whose trailing return type follows the specifier at Restrict (closing
// at Close), after an exception specification if one is written (`restrict(amp) noexcept -> int`), when it is on
// the specifier's line: Toks.size() otherwise (a lambda's declarator, whose specifier Clang takes before `->`, is
// not one).
size_t trailingReturnAuto(const std::vector<RawToken> &Toks, size_t Restrict, size_t Close) {
  size_t After = Close + 1;
  if (After < Toks.size() && isIdentifier(Toks[After]) &&
      (Toks[After].Text == "noexcept" || Toks[After].Text == "throw")) {
    ++After;
    if (After < Toks.size() && Toks[After].Kind == clang::tok::l_paren)
      After = matchingClose(Toks, After) + 1;
  }
  if (After >= Toks.size() || Toks[After].Kind != clang::tok::arrow)
    return Toks.size();
  int Depth = 0;
  for (size_t K = Restrict; K > 0; --K) {
    const RawToken &T = Toks[K - 1];
    if (Depth == 0 && T.Kind == clang::tok::r_square)
      return Toks.size(); // a lambda's introducer
    if (T.Kind == clang::tok::r_paren || T.Kind == clang::tok::r_square)
      ++Depth;
    else if (T.Kind == clang::tok::l_paren || T.Kind == clang::tok::l_square)
      --Depth;
    if (Depth == 0 && T.Text == "auto")
      return K - 1;
    if (Depth < 0 || T.StartOfLine || T.Kind == clang::tok::semi || T.Kind == clang::tok::l_brace ||
        T.Kind == clang::tok::r_brace)
      return Toks.size();
  }
  return Toks.size();
}

// Whether the buffer may hold the identifier `restrict` followed by `(` (or a comment before it): the raw
// lexer runs only then. Every file Clang reads comes through here, and system headers say `__restrict` a lot.
bool mayHoldSpecifier(llvm::StringRef Buffer) {
  for (size_t P = Buffer.find("restrict"); P != llvm::StringRef::npos; P = Buffer.find("restrict", P + 8)) {
    if (P > 0 && (clang::isAsciiIdentifierContinue(Buffer[P - 1])))
      continue;
    size_t Q = P + 8;
    if (Q < Buffer.size() && clang::isAsciiIdentifierContinue(Buffer[Q]))
      continue;
    while (Q < Buffer.size() && clang::isWhitespace(Buffer[Q]))
      ++Q;
    if (Q < Buffer.size() && (Buffer[Q] == '(' || Buffer[Q] == '/'))
      return true;
  }
  return false;
}

} // namespace

std::optional<std::string> rewriteRestrictSpecifiers(llvm::StringRef Buffer, SourceSide Side) {
  if (!mayHoldSpecifier(Buffer))
    return std::nullopt;
  std::vector<RawToken> Toks = lexRaw(Buffer);
  std::string Out = Buffer.str();
  bool Changed = false;
  for (size_t I = 0; I + 2 < Toks.size(); ++I) {
    if (Toks[I].Text != "restrict" || !isIdentifier(Toks[I]) || Toks[I + 1].Kind != clang::tok::l_paren)
      continue;
    size_t Close = matchingClose(Toks, I + 1);
    if (Close == Toks.size())
      break;
    // Identifiers and commas: a list as C++ AMP writes it, or a malformed one (`restrict(amp,)`, `restrict(,)`,
    // `restrict(cpu amp)`), which is no other C++ either and which the attribute reports entry by entry.
    bool IdentifierList = true;
    for (size_t K = I + 2; K < Close; ++K)
      IdentifierList &= isIdentifier(Toks[K]) || Toks[K].Kind == clang::tok::comma;
    if (!IdentifierList || !inSpecifierPosition(Toks, I))
      continue;
    Changed = true;
    size_t Begin = Toks[I].Begin, End = Toks[Close].End;
    auto oneLine = [&](size_t From) { return Buffer.substr(From, End - From).count('\n') == 0; };
    // The specifier spelled Macro(...), with whatever stood between `restrict` and its parenthesis: as many bytes
    // and newlines as `restrict (...)` had, so that moving it keeps every later offset and line in place.
    auto spelled = [&](llvm::StringRef Macro) {
      return Macro.str() + Buffer.substr(Toks[I].End, End - Toks[I].End).str();
    };
    // The specifier moved in front of the text from Decl: the same bytes, so everything after the declaration
    // keeps its place (the declaration's own text moves right on its line).
    auto moveInFront = [&](size_t Decl, llvm::StringRef Macro) {
      std::string Spec = spelled(Macro);
      size_t DeclEnd = Toks[I - 1].End;
      std::string Gap = Buffer.substr(DeclEnd, Begin - DeclEnd).str();
      Out.replace(Decl, End - Decl, Spec + Gap + Buffer.substr(Decl, DeclEnd - Decl).str());
    };
    if (Side == SourceSide::Host) {
      for (size_t K = Begin; K < End; ++K)
        if (Out[K] != '\n')
          Out[K] = ' ';
    } else if (Toks[I - 1].Text == "mutable") {
      // "mutable<gap>restrict(...)" becomes "__AMPM__(...)<gap>mutable": the same number of bytes.
      size_t M = Toks[I - 1].Begin;
      std::string Spec = spelled(ReorderedRestrictMacro);
      std::string Gap = Buffer.substr(Toks[I - 1].End, Begin - Toks[I - 1].End).str();
      Out.replace(M, End - M, Spec + Gap + "mutable");
    } else if (size_t T = explicitInstantiationKeyword(Toks, I); T != Toks.size() && oneLine(Toks[T + 1].Begin)) {
      // "template<gap1>DECL<gap2>restrict(...)" becomes "template<gap1>__AMPI__(...)<gap2>DECL".
      moveInFront(Toks[T + 1].Begin, InstantiationRestrictMacro);
    } else if (size_t A = trailingReturnAuto(Toks, I, Close); A != Toks.size() && oneLine(Toks[A].Begin)) {
      // "auto f()<gap>restrict(...) -> int" becomes "__AMPM__(...)<gap>auto f() -> int".
      moveInFront(Toks[A].Begin, ReorderedRestrictMacro);
    } else {
      Out.replace(Begin, Toks[I].End - Begin,
                  (mayPrecedeExceptionSpec(Toks, I, Close) ? MovableRestrictMacro : RestrictMacro).str());
    }
    I = Close;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

} // namespace ampcc
