// Rewrites Cilk Plus array notation and the offload pragmas into C++ that Clang parses, line for line.
#include "Frontend/CilkSource.h"

#include "Frontend/RawTokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <vector>

using namespace clang;

namespace ampcc {
namespace {

using Token = RawToken;

// One `[...]` that is an array section.
struct Section {
  size_t Open, Close;             // token indices of `[` and `]`
  std::string Start, Len, Stride; // source text; empty Start/Len for `[:]`
  unsigned Rank = 0;              // its position among the sections of its subscript chain
  std::string Base;               // the subscripted expression before the chain, with earlier brackets
};

class Rewriter {
public:
  explicit Rewriter(llvm::StringRef Buf) : Buf(Buf) {}

  std::optional<std::string> run() {
    lex();
    std::vector<std::pair<size_t, size_t>> Directives;      // token ranges [first, last) of directive lines
    std::map<size_t, std::pair<size_t, std::string>> Edits; // byte offset -> (end offset, replacement)
    pragmas(Edits);
    offloads(Edits);
    matchBrackets();
    std::vector<Section> Sections;
    for (size_t I = 0; I < Toks.size(); ++I)
      if (Toks[I].Kind == tok::l_square && !InDirective[I])
        if (std::optional<Section> S = section(I))
          Sections.push_back(*S);
    if (Sections.empty() && Edits.empty())
      return std::nullopt;
    rankSections(Sections);

    // Group the sections by statement: the tokens between the previous `;`, `{`, `}` or `:` and the next `;`.
    std::map<size_t, std::vector<const Section *>> ByStmt;
    std::map<size_t, size_t> StmtEnd;
    for (const Section &S : Sections) {
      size_t B = stmtBegin(S.Open);
      ByStmt[B].push_back(&S);
    }
    for (auto &[Begin, Secs] : ByStmt) {
      std::map<unsigned, std::string> Lengths;
      for (const Section *S : Secs) {
        if (Lengths.count(S->Rank))
          continue;
        Lengths[S->Rank] = S->Len.empty() ? "(int)sizeof(ampcc_an_extent(" + S->Base + "))" : "(" + S->Len + ")";
      }
      std::string Prefix;
      for (auto &[Rank, Len] : Lengths) {
        std::string V = "ampcc_an" + std::to_string(Rank);
        Prefix += "_Cilk_for (int " + V + " = 0; " + V + " < " + Len + "; ++" + V + ") ";
      }
      Edits[Toks[Begin].Begin] = {Toks[Begin].Begin, Prefix};
      for (const Section *S : Secs) {
        std::string V = "ampcc_an" + std::to_string(S->Rank);
        std::string Index = S->Start.empty() ? V : "(" + S->Start + ") + " + V;
        if (!S->Stride.empty())
          Index = (S->Start.empty() ? "0" : "(" + S->Start + ")") + " + " + V + " * (" + S->Stride + ")";
        size_t From = Toks[S->Open].End, To = Toks[S->Close].Begin;
        // Newlines inside the brackets stay, so every later line keeps its number.
        Index += std::string(llvm::StringRef(Buf.data() + From, To - From).count('\n'), '\n');
        Edits[From] = {To, Index};
      }
    }

    std::string Out;
    size_t Pos = 0;
    for (auto &[At, E] : Edits) {
      // An edit inside an earlier one (a section within another section's brackets) is dropped: the earlier
      // edit replaced that text, newlines kept.
      if (At < Pos)
        continue;
      Out += Buf.substr(Pos, At - Pos).str();
      Out += E.second;
      Pos = E.first;
    }
    Out += Buf.substr(Pos).str();
    // Every later line must keep its number. Text copied out of a token that spans lines (a raw string
    // literal) cannot be put on one line: such a buffer is left as it is, and Clang reports the notation.
    if (llvm::StringRef(Out).count('\n') != Buf.count('\n'))
      return std::nullopt;
    return Out;
  }

private:
  llvm::StringRef Buf;
  std::vector<Token> Toks;
  std::vector<bool> InDirective;
  std::vector<size_t> Match; // matching bracket token index, or SIZE_MAX

  void lex() {
    Toks = lexRaw(Buf);
    bool Directive = false;
    for (const Token &T : Toks) {
      if (T.StartOfLine)
        Directive = T.Kind == tok::hash;
      InDirective.push_back(Directive);
    }
  }

  // `#pragma offload_attribute(push, target(gfx))` and `(pop)`: Clang's own attribute pragma does the same.
  void pragmas(std::map<size_t, std::pair<size_t, std::string>> &Edits) {
    for (size_t I = 0; I + 3 < Toks.size(); ++I) {
      if (Toks[I].Kind != tok::hash || !Toks[I].StartOfLine || Toks[I + 1].Text != "pragma" ||
          Toks[I + 2].Text != "offload_attribute")
        continue;
      size_t J = I + 3;
      bool Push = false, Pop = false;
      for (; J < Toks.size() && !Toks[J].StartOfLine; ++J) {
        Push |= Toks[J].Text == "push";
        Pop |= Toks[J].Text == "pop";
      }
      if (!Push && !Pop)
        continue;
      Edits[Toks[I].Begin] = {Toks[J - 1].End, Push ? "AMPCC_GFX_PRAGMA_PUSH" : "AMPCC_GFX_PRAGMA_POP"};
    }
  }

  // `#pragma offload target(gfx) pin(p, q: length(n)) ...` before a `_Cilk_for` nest: a call of the marker
  // `ampcc_gfx_offload_target_gfx(p, (n), q, (n), ...)` that Analysis recognises, with a string literal
  // naming each clause ampcc does not support. Continuation lines stay as newlines.
  void offloads(std::map<size_t, std::pair<size_t, std::string>> &Edits) {
    for (size_t I = 0; I + 2 < Toks.size(); ++I) {
      if (Toks[I].Kind != tok::hash || !Toks[I].StartOfLine || Toks[I + 1].Text != "pragma" ||
          Toks[I + 2].Text != "offload")
        continue;
      size_t End = I + 3;
      while (End < Toks.size() && !Toks[End].StartOfLine)
        ++End;
      bool Gfx = false;
      std::vector<std::string> Args;
      for (size_t J = I + 3; J < End; ++J) {
        size_t Close = J + 1 < End && Toks[J + 1].Kind == tok::l_paren ? closeParen(J + 1, End) : SIZE_MAX;
        if (Toks[J].Text == "target" && Close != SIZE_MAX) {
          Gfx = text(J + 2, Close) == "gfx";
          if (!Gfx)
            break;
        } else if (Toks[J].Text == "pin" && Close != SIZE_MAX) {
          pinClause(J + 2, Close, Args);
        } else {
          Args.push_back("\"" + Toks[J].Text.str() + "\"");
        }
        if (Close != SIZE_MAX)
          J = Close;
      }
      if (!Gfx)
        continue;
      std::string Call = "ampcc_gfx_offload_target_gfx(";
      for (size_t A = 0; A < Args.size(); ++A)
        Call += (A ? ", " : "") + Args[A];
      Call += ");";
      llvm::StringRef Range = Buf.substr(Toks[I].Begin, Toks[End - 1].End - Toks[I].Begin);
      Call += std::string(Range.count('\n'), '\n');
      Edits[Toks[I].Begin] = {Toks[End - 1].End, Call};
    }
  }

  // The `)` matching the `(` at Open, before token End, or SIZE_MAX.
  size_t closeParen(size_t Open, size_t End) const {
    int Depth = 0;
    for (size_t J = Open; J < End; ++J) {
      if (Toks[J].Kind == tok::l_paren)
        ++Depth;
      else if (Toks[J].Kind == tok::r_paren && --Depth == 0)
        return J;
    }
    return SIZE_MAX;
  }

  // `p, q: length(n)` (tokens [From, To)) as `p, (n), q, (n)`; without a length, `"pin"` (reported later).
  void pinClause(size_t From, size_t To, std::vector<std::string> &Args) {
    size_t Colon = From;
    while (Colon < To && Toks[Colon].Kind != tok::colon)
      ++Colon;
    std::string Len;
    if (Colon + 2 < To && Toks[Colon + 1].Text == "length" && Toks[Colon + 2].Kind == tok::l_paren) {
      size_t Close = closeParen(Colon + 2, To + 1);
      if (Close != SIZE_MAX)
        Len = "(" + text(Colon + 3, Close) + ")";
    }
    if (Len.empty()) {
      Args.push_back("\"pin\"");
      return;
    }
    size_t Begin = From;
    for (size_t J = From; J <= Colon; ++J) {
      if (J == Colon || Toks[J].Kind == tok::comma) {
        Args.push_back(text(Begin, J));
        Args.push_back(Len);
        Begin = J + 1;
      }
    }
  }

  void matchBrackets() {
    Match.assign(Toks.size(), SIZE_MAX);
    std::vector<size_t> Stack;
    for (size_t I = 0; I < Toks.size(); ++I) {
      if (InDirective[I])
        continue;
      tok::TokenKind K = Toks[I].Kind;
      if (K == tok::l_square || K == tok::l_paren || K == tok::l_brace) {
        Stack.push_back(I);
      } else if (K == tok::r_square || K == tok::r_paren || K == tok::r_brace) {
        if (Stack.empty())
          continue;
        Match[Stack.back()] = I;
        Match[I] = Stack.back();
        Stack.pop_back();
      }
    }
  }

  // Tokens [From, To) on one line, a space where they had any whitespace: the text is copied elsewhere (a loop
  // header, a call), where a newline would move every later line and a comment could swallow code.
  std::string text(size_t From, size_t To) const {
    std::string S;
    for (size_t I = From; I < To; ++I) {
      if (I > From && Toks[I].Begin > Toks[I - 1].End)
        S += ' ';
      // A line splice (backslash-newline) inside a token means nothing once the token is on one line.
      llvm::StringRef T = Buf.substr(Toks[I].Begin, Toks[I].End - Toks[I].Begin);
      for (size_t J = 0; J < T.size(); ++J) {
        size_t Splice = 0;
        if (T[J] == '\\')
          Splice = T.substr(J + 1).starts_with("\n") ? 1 : T.substr(J + 1).starts_with("\r\n") ? 2 : 0;
        if (Splice)
          J += Splice;
        else
          S += T[J];
      }
    }
    return S;
  }

  std::optional<Section> section(size_t Open) {
    size_t Close = Match[Open];
    if (Close == SIZE_MAX || Open == 0)
      return std::nullopt;
    // A subscript follows an operand; `[[`, lambda introducers and `new T[n]` contain no top-level colon.
    std::vector<size_t> Colons;
    bool Question = false;
    for (size_t I = Open + 1; I < Close; ++I) {
      if (Match[I] != SIZE_MAX && Match[I] > I && Toks[I].Kind != tok::r_square) {
        I = Match[I];
        continue;
      }
      if (Toks[I].Kind == tok::question)
        Question = true;
      else if (Toks[I].Kind == tok::colon && !Question)
        Colons.push_back(I);
      else if (Toks[I].Kind == tok::colon)
        Question = false;
    }
    if (Colons.empty() || Colons.size() > 2)
      return std::nullopt;
    Section S;
    S.Open = Open;
    S.Close = Close;
    S.Start = text(Open + 1, Colons[0]);
    S.Len = text(Colons[0] + 1, Colons.size() > 1 ? Colons[1] : Close);
    if (Colons.size() > 1)
      S.Stride = text(Colons[1] + 1, Close);
    return S;
  }

  // Ranks count the sections of one subscript chain `a[..][..]`; the base is the postfix expression before it.
  void rankSections(std::vector<Section> &Sections) {
    std::map<size_t, Section *> ByOpen;
    for (Section &S : Sections)
      ByOpen[S.Open] = &S;
    for (Section &S : Sections) {
      // Walk back to the chain's first bracket.
      size_t First = S.Open;
      while (First > 0 && Toks[First - 1].Kind == tok::r_square && Match[First - 1] != SIZE_MAX)
        First = Match[First - 1];
      size_t BaseBegin = postfixBegin(First);
      std::string Base = text(BaseBegin, First);
      unsigned Rank = 0;
      for (size_t B = First; B < S.Open; B = Match[B] + 1) {
        if (ByOpen.count(B)) {
          ++Rank;
          Base += "[0]";
        } else {
          Base += text(B, Match[B] + 1);
        }
      }
      S.Rank = Rank;
      S.Base = Base;
    }
  }

  // The first token of the postfix expression ending just before token End.
  size_t postfixBegin(size_t End) const {
    size_t I = End;
    while (I > 0) {
      const Token &T = Toks[I - 1];
      if (T.Kind == tok::raw_identifier || T.Kind == tok::kw_this) {
        --I;
        if (I > 0 && (Toks[I - 1].Kind == tok::period || Toks[I - 1].Kind == tok::arrow ||
                      Toks[I - 1].Kind == tok::coloncolon)) {
          --I;
          continue;
        }
        break;
      }
      if ((T.Kind == tok::r_paren || T.Kind == tok::r_square) && Match[I - 1] != SIZE_MAX) {
        I = Match[I - 1];
        continue;
      }
      break;
    }
    return I;
  }

  size_t stmtBegin(size_t From) const {
    size_t I = From;
    while (I > 0) {
      const Token &T = Toks[I - 1];
      if (T.Kind == tok::semi || T.Kind == tok::l_brace || T.Kind == tok::r_brace || T.Kind == tok::colon ||
          InDirective[I - 1])
        break;
      if ((T.Kind == tok::r_paren || T.Kind == tok::r_square) && Match[I - 1] != SIZE_MAX) {
        I = Match[I - 1];
        continue;
      }
      --I;
    }
    return I;
  }
};

} // namespace

std::optional<std::string> rewriteCilkSource(llvm::StringRef Buffer) { return Rewriter(Buffer).run(); }

} // namespace ampcc
