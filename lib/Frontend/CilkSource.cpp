// Rewrites Cilk Plus array notation and the offload pragmas into C++ that Clang parses, line for line.
#include "Frontend/CilkSource.h"

#include "Frontend/RawTokens.h"

#include "ampcc/kernel_abi.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cstring>
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
  size_t Chain = 0;               // token index of the chain's first `[`
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
    std::vector<Section> All;
    for (size_t I = 0; I < Toks.size(); ++I)
      if (Toks[I].Kind == tok::l_square && !InDirective[I])
        if (std::optional<Section> S = section(I))
          All.push_back(*S);
    std::vector<Reduction> Reductions = findReductions();
    for (const Reduction &R : Reductions)
      ReductionCalls.push_back({R.Name, R.Close});
    if (All.empty() && Edits.empty() && Reductions.empty() && !hasImplicitIndex())
      return std::nullopt;
    rankSections(All);
    // Sections inside a reduction's argument belong to the reduction, the others to their statement.
    std::map<size_t, std::string> Hoisted; // byte offset -> statements to put before the statement there
    std::vector<Section> Sections;
    for (const Section &S : All) {
      Reduction *In = nullptr;
      for (Reduction &R : Reductions)
        if (R.ArgBegin <= S.Open && S.Close < R.ArgEnd && (!In || In->ArgBegin < R.ArgBegin))
          In = &R;
      if (In)
        In->Sections.push_back(S);
      else
        Sections.push_back(S);
    }
    for (size_t R = 0; R < Reductions.size(); ++R)
      reduction(Reductions[R], R, Hoisted, Edits);

    // Group the sections by statement: the tokens between the previous `;`, `{`, `}` or `:` and the next `;`.
    std::map<size_t, std::vector<const Section *>> ByStmt;
    std::map<size_t, size_t> StmtEnd;
    for (const Section &S : Sections) {
      size_t B = stmtBegin(S.Open);
      // The else branch of an `if` on sections belongs to the if statement's loop nest.
      while (B > 0 && Toks[B].Text == "else")
        B = stmtBegin(B - 1);
      ByStmt[B].push_back(&S);
    }
    for (auto &[Begin, Secs] : ByStmt) {
      if (const char *Broken = rankOrLengthMismatch(Secs))
        Hoisted[Toks[Begin].Begin] += "static_assert(false, \"" + std::string(Broken) + "\"); ";
      std::map<unsigned, std::string> Lengths;
      std::string Extent = abi::ArrayNotationExtent;
      for (const Section *S : Secs) {
        if (Lengths.count(S->Rank))
          continue;
        Lengths[S->Rank] = S->Len.empty() ? "(int)sizeof(" + Extent + "(" + S->Base + "))" : "(" + S->Len + ")";
      }
      std::string Prefix;
      for (auto &[Rank, Len] : Lengths) {
        std::string V = abi::ArrayNotationIndex + std::to_string(Rank);
        Prefix += "_Cilk_for (int " + V + " = 0; " + V + " < " + Len + "; ++" + V + ") ";
      }
      Edits[Toks[Begin].Begin] = {Toks[Begin].Begin, Prefix};
      implicitIndex(Begin, statementEnd(Begin), abi::ArrayNotationIndex, Edits);
      for (const Section *S : Secs) {
        std::string V = abi::ArrayNotationIndex + std::to_string(S->Rank);
        std::string Index = S->Start.empty() ? V : "(" + S->Start + ") + " + V;
        if (!S->Stride.empty())
          Index = (S->Start.empty() ? "0" : "(" + S->Start + ")") + " + " + V + " * (" + S->Stride + ")";
        size_t From = Toks[S->Open].End, To = Toks[S->Close].Begin;
        // Newlines inside the brackets stay, so every later line keeps its number.
        Index += std::string(llvm::StringRef(Buf.data() + From, To - From).count('\n'), '\n');
        Edits[From] = {To, Index};
      }
    }

    for (auto &[At, Text] : Hoisted) {
      // Before whatever else is written at that place.
      auto It = Edits.find(At);
      if (It != Edits.end())
        It->second.second = Text + It->second.second;
      else
        Edits[At] = {At, Text};
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
  // A call of an array-notation reduction: `__sec_reduce_add(a[0:n] * b[0:n])`, `__sec_reduce(0, a[:], f)`.
  struct Reduction {
    size_t Name, Open, Close;        // token indices of the name, `(` and `)`
    size_t ArgBegin = 0, ArgEnd = 0; // tokens [ArgBegin, ArgEnd) of the section argument
    std::string Op;                  // the name after `__sec_reduce`: "add", ..., "" for __sec_reduce
    std::string Init, Fn;            // __sec_reduce(init, section, fn) / _mutating(target, section, fn)
    std::vector<Section> Sections;
  };

  std::vector<Reduction> findReductions() const {
    std::vector<Reduction> Out;
    for (size_t I = 0; I + 1 < Toks.size(); ++I) {
      if (InDirective[I] || Toks[I].Kind != tok::raw_identifier || !Toks[I].Text.starts_with("__sec_reduce") ||
          Toks[I + 1].Kind != tok::l_paren || Match[I + 1] == SIZE_MAX)
        continue;
      Reduction R;
      R.Name = I;
      R.Open = I + 1;
      R.Close = Match[I + 1];
      R.Op = Toks[I].Text.drop_front(std::strlen("__sec_reduce")).ltrim('_').str();
      std::vector<size_t> Commas; // top-level commas of the argument list
      for (size_t J = R.Open + 1; J < R.Close; ++J) {
        if (Match[J] != SIZE_MAX && Match[J] > J)
          J = Match[J];
        else if (Toks[J].Kind == tok::comma)
          Commas.push_back(J);
      }
      if (R.Op.empty() || R.Op == "mutating") {
        if (Commas.size() != 2)
          continue; // Clang reports the call with the wrong number of arguments
        R.Init = text(R.Open + 1, Commas[0]);
        R.ArgBegin = Commas[0] + 1;
        R.ArgEnd = Commas[1];
        R.Fn = text(Commas[1] + 1, R.Close);
      } else {
        R.ArgBegin = R.Open + 1;
        R.ArgEnd = R.Close;
      }
      Out.push_back(R);
    }
    return Out;
  }

  // Intel's rules for the sections of one statement: every subscript chain with sections has the same
  // number of them (scalars broadcast), and lengths written as integer literals agree rank by rank.
  static const char *rankOrLengthMismatch(const std::vector<const Section *> &Secs) {
    std::map<size_t, unsigned> Ranks; // chain -> its number of sections
    std::map<unsigned, std::string> Literal;
    for (const Section *S : Secs) {
      Ranks[S->Chain] = std::max(Ranks[S->Chain], S->Rank + 1);
      llvm::StringRef Len = llvm::StringRef(S->Len).trim();
      unsigned long long V;
      if (Len.empty() || Len.getAsInteger(10, V))
        continue;
      auto [It, New] = Literal.insert({S->Rank, Len.str()});
      if (!New && It->second != Len)
        return "the array sections of one statement must have the same length in each rank";
    }
    for (auto &[Chain, N] : Ranks)
      if (N != Ranks.begin()->second)
        return "the array sections of one statement must have the same rank (scalars aside)";
    return nullptr;
  }

  std::vector<std::pair<size_t, size_t>> ReductionCalls; // token ranges [name, `)`] of the reductions
  bool insideReduction(size_t Tok) const {
    for (auto [B, E] : ReductionCalls)
      if (B <= Tok && Tok <= E)
        return true;
    return false;
  }

  bool hasImplicitIndex() const {
    for (size_t I = 0; I < Toks.size(); ++I)
      if (!InDirective[I] && Toks[I].Text == "__sec_implicit_index")
        return true;
    return false;
  }

  // `__sec_implicit_index(k)` among tokens [From, To) becomes the loop variable `<Var><k>` of rank k.
  void implicitIndex(size_t From, size_t To, const std::string &Var,
                     std::map<size_t, std::pair<size_t, std::string>> &Edits) const {
    for (size_t I = From; I + 3 < To; ++I) {
      if (insideReduction(I))
        continue;
      if (Toks[I].Text != "__sec_implicit_index" || Toks[I + 1].Kind != tok::l_paren ||
          Toks[I + 2].Kind != tok::numeric_constant || Toks[I + 3].Kind != tok::r_paren)
        continue;
      Edits[Toks[I].Begin] = {Toks[I + 3].End, "(" + Var + Toks[I + 2].Text.str() + ")"};
    }
  }

  // The token after the `;` that ends the statement beginning at token Begin (matched brackets skipped).
  size_t statementEnd(size_t Begin) const {
    for (size_t J = Begin; J < Toks.size(); ++J) {
      if (Match[J] != SIZE_MAX && Match[J] > J)
        J = Match[J];
      else if (Toks[J].Kind == tok::semi)
        return J + 1;
    }
    return Toks.size();
  }

  // Tokens [From, To) as written, with each section of Secs replaced by its element at the loop variable
  // `<Var><rank>` (or at 0 where Var is empty), on one line.
  std::string elementText(size_t From, size_t To, const std::vector<Section> &Secs, const std::string &Var) const {
    std::string Out;
    size_t Pos = Toks[From].Begin;
    for (const Section &S : Secs) {
      std::string V = Var.empty() ? "0" : Var + std::to_string(S.Rank);
      std::string Index = S.Start.empty() ? V : "(" + S.Start + ") + " + V;
      if (!S.Stride.empty())
        Index = (S.Start.empty() ? "0" : "(" + S.Start + ")") + " + " + V + " * (" + S.Stride + ")";
      Out += Buf.substr(Pos, Toks[S.Open].End - Pos).str() + Index;
      Pos = Toks[S.Close].Begin;
    }
    Out += Buf.substr(Pos, Toks[To - 1].End - Pos).str();
    for (size_t I = 0; I + 3 < Out.size(); ++I) // __sec_implicit_index(k) inside the argument
      if (llvm::StringRef(Out).substr(I).starts_with("__sec_implicit_index")) {
        size_t Open = Out.find('(', I), Close = Out.find(')', I);
        if (Open == std::string::npos || Close == std::string::npos)
          break;
        std::string K = llvm::StringRef(Out).slice(Open + 1, Close).trim().str();
        Out.replace(I, Close + 1 - I, "(" + (Var.empty() ? std::string("0") : Var + K) + ")");
      }
    std::replace(Out.begin(), Out.end(), '\n', ' ');
    return Out;
  }

  // The statement that holds token At, for code that must run just before it: past the headers of the
  // `if`/loop statements whose unbraced body holds At. Braces says the statement is such a body (the hoisted
  // code and the statement then need braces); Header says At is in a loop header (evaluated each time).
  size_t innermostStatement(size_t At, bool &Braces, bool &Header) const {
    size_t B = stmtBegin(At);
    Braces = Header = false;
    while (B < At) {
      llvm::StringRef K = Toks[B].Text;
      size_t Paren = B + 1;
      if (K == "_Cilk_for" || K == "cilk_for")
        while (Paren < At && Toks[Paren].Kind == tok::raw_identifier)
          ++Paren; // _Thread_group
      if ((K == "if" || K == "while" || K == "for" || K == "switch" || K == "_Cilk_for" || K == "cilk_for") &&
          Paren < Toks.size() && Toks[Paren].Kind == tok::l_paren && Match[Paren] != SIZE_MAX) {
        if (At < Match[Paren]) {
          Header = K != "if" && K != "switch";
          return B;
        }
        B = Match[Paren] + 1;
        Braces = true;
        continue;
      }
      if (K == "else" || K == "do") {
        B = B + 1;
        Braces = true;
        continue;
      }
      break;
    }
    return B;
  }

  // Replaces reduction number Id by its accumulator `ampcc_red<Id>`, computed by loops put before the
  // statement (`ampcc_rd<Id>_<rank>` the loop variables). A broken rule becomes a static_assert that Clang
  // reports on that line with the reason.
  void reduction(const Reduction &R, size_t Id, std::map<size_t, std::string> &Hoisted,
                 std::map<size_t, std::pair<size_t, std::string>> &Edits) {
    std::string Acc = "ampcc_red" + std::to_string(Id), Var = "ampcc_rd" + std::to_string(Id) + "_";
    std::string Result = Acc;
    // The call becomes an expression that Clang rejects there with the reason.
    auto fail = [&](const char *Why) {
      Edits[Toks[R.Name].Begin] = {Toks[R.Close].End,
                                   "[] { static_assert(false, \"" + std::string(Why) + "\"); return 0; }()"};
    };
    enum class Lowering { Sum, Extremum, ExtremumIndex, ZeroTest, Fold, Mutating };
    static const llvm::StringMap<Lowering> Reductions = {
#define AMPCC_SEC_REDUCE(Op, Kind) {Op, Lowering::Kind},
#include "Frontend/CilkReductions.def"
    };
    auto Row = Reductions.find(R.Op);
    if (Row == Reductions.end())
      return; // not a reduction of Cilk Plus: left for Clang to report as an unknown name
    if (R.Sections.empty())
      return fail("the argument of an array-notation reduction must contain an array section");
    std::map<unsigned, std::string> Lengths;
    std::string Extent = abi::ArrayNotationExtent;
    for (const Section &S : R.Sections)
      if (!Lengths.count(S.Rank))
        Lengths[S.Rank] = S.Len.empty() ? "(int)sizeof(" + Extent + "(" + S.Base + "))" : "(" + S.Len + ")";
    if ((R.Op == "max_ind" || R.Op == "min_ind") && Lengths.size() != 1)
      return fail("__sec_reduce_max_ind and __sec_reduce_min_ind take a section of rank 1");
    bool Braces = false, Header = false;
    size_t B = innermostStatement(R.Name, Braces, Header);
    if (Header)
      return fail(
          "an array-notation reduction in a loop header is not supported: compute it into a variable before the loop");

    std::string E = "(" + elementText(R.ArgBegin, R.ArgEnd, R.Sections, Var) + ")";
    std::string E0 = elementText(R.ArgBegin, R.ArgEnd, R.Sections, "");
    std::string T = std::string("typename ::") + abi::ArrayNotationValue + "<decltype(" + E0 + ")>::type";
    // Each loop body braced, so that the statement after the hoisted code never looks guarded by a loop.
    std::string Loops, Close;
    for (auto &[Rank, Len] : Lengths) {
      std::string V = Var + std::to_string(Rank);
      Loops += "for (int " + V + " = 0; " + V + " < " + Len + "; ++" + V + ") { ";
      Close += "} ";
    }
    std::string First = Acc + "_first", Best = Acc + "_best";
    std::string Code;
    switch (Row->second) {
    case Lowering::Sum:
      Code = T + " " + Acc + " = " + (R.Op == "add" ? "0" : "1") + "; " + Loops + Acc +
             (R.Op == "add" ? " += " : " *= ") + E + "; " + Close;
      break;
    case Lowering::Extremum:
      Code = T + " " + Acc + " = 0; bool " + First + " = true; " + Loops + "{ " + T + " ampcc_v = " + E + "; if (" +
             First + " || ampcc_v " + (R.Op == "max" ? ">" : "<") + " " + Acc + ") " + Acc + " = ampcc_v; " + First +
             " = false; } " + Close;
      break;
    case Lowering::ExtremumIndex:
      Code = "int " + Acc + " = 0; " + T + " " + Best + " = 0; bool " + First + " = true; " + Loops + "{ " + T +
             " ampcc_v = " + E + "; if (" + First + " || ampcc_v " + (R.Op == "max_ind" ? ">" : "<") + " " + Best +
             ") { " + Best + " = ampcc_v; " + Acc + " = " + Var + "0; } " + First + " = false; } " + Close;
      break;
    case Lowering::ZeroTest: {
      bool All = R.Op.rfind("all", 0) == 0;
      bool Zero = R.Op.find("nonzero") == std::string::npos;
      // all_zero: any element != 0 makes it 0; any_zero: any element == 0 makes it 1.
      std::string Cmp = (All == Zero) ? " != 0" : " == 0";
      Code = std::string("int ") + Acc + " = " + (All ? "1" : "0") + "; " + Loops + "if (" + E + Cmp + ") " + Acc +
             " = " + (All ? "0" : "1") + "; " + Close;
      break;
    }
    case Lowering::Fold:
      Code = T + " " + Acc + " = " + oneLine(R.Init) + "; " + Loops + Acc + " = " + oneLine(R.Fn) + "(" + Acc + ", " +
             E + "); " + Close;
      break;
    case Lowering::Mutating: // fn(&target, element) for each element
      Code = Loops + oneLine(R.Fn) + "(&(" + oneLine(R.Init) + "), " + E + "); " + Close;
      Result = "(void)0";
      break;
    }

    // The call becomes the accumulator, keeping its lines.
    llvm::StringRef Call = Buf.substr(Toks[R.Name].Begin, Toks[R.Close].End - Toks[R.Name].Begin);
    Edits[Toks[R.Name].Begin] = {Toks[R.Close].End, Result + std::string(Call.count('\n'), '\n')};
    if (Braces) {
      Code = "{ " + Code;
      size_t End = statementEnd(B);
      size_t At = Toks[End - 1].End;
      auto It = Edits.find(At);
      if (It != Edits.end() && It->second.first == At)
        It->second.second = " }" + It->second.second;
      else
        Edits[At] = {At, " }"};
    }
    Hoisted[Toks[B].Begin] += Code;
  }

  static std::string oneLine(std::string S) {
    std::replace(S.begin(), S.end(), '\n', ' ');
    return S;
  }

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

  // `#pragma offload target(gfx) clauses` before a `_Cilk_for` nest: a call of the marker
  // `ampcc_gfx_offload_target_gfx(...)` that Analysis recognises, each clause a string literal naming it and
  // its operands: `"pin", p, (n), q, (n)` (likewise in, out, inout; `"-"` for an item without length(n)),
  // `"if", (c)`, `"signal", (t)`, `"wait", (t)`, and `"?name"` for a clause ampcc does not know.
  // `#pragma offload_wait target(gfx) wait(t)` becomes `ampcc_gfx_offload_wait((t));`. Continuation lines
  // stay as newlines.
  void offloads(std::map<size_t, std::pair<size_t, std::string>> &Edits) {
    for (size_t I = 0; I + 2 < Toks.size(); ++I) {
      if (Toks[I].Kind != tok::hash || !Toks[I].StartOfLine || Toks[I + 1].Text != "pragma" ||
          (Toks[I + 2].Text != "offload" && Toks[I + 2].Text != "offload_wait"))
        continue;
      bool Wait = Toks[I + 2].Text == "offload_wait";
      size_t End = I + 3;
      while (End < Toks.size() && !Toks[End].StartOfLine)
        ++End;
      bool Gfx = false;
      std::vector<std::string> Args;
      for (size_t J = I + 3; J < End; ++J) {
        size_t Close = J + 1 < End && Toks[J + 1].Kind == tok::l_paren ? closeParen(J + 1, End) : SIZE_MAX;
        llvm::StringRef Clause = Toks[J].Text;
        if (Clause == "target" && Close != SIZE_MAX) {
          Gfx = text(J + 2, Close) == "gfx";
          if (!Gfx)
            break;
        } else if ((Clause == "pin" || Clause == "in" || Clause == "out" || Clause == "inout") && Close != SIZE_MAX) {
          Args.push_back("\"" + Clause.str() + "\"");
          dataClause(J + 2, Close, Args);
        } else if ((Clause == "if" || Clause == "signal" || Clause == "wait") && Close != SIZE_MAX) {
          Args.push_back("\"" + Clause.str() + "\"");
          Args.push_back("(" + text(J + 2, Close) + ")");
        } else {
          Args.push_back("\"?" + Clause.str() + "\"");
        }
        if (Close != SIZE_MAX)
          J = Close;
      }
      if (!Gfx)
        continue;
      std::string Call = std::string(Wait ? abi::GfxOffloadWaitMarker : abi::GfxOffloadMarker) + "(";
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

  // `p, q: length(n)` (tokens [From, To)) as `p, (n), q, (n)`; without `: length(n)`, `p, "-", q, "-"`.
  void dataClause(size_t From, size_t To, std::vector<std::string> &Args) {
    size_t Colon = From;
    while (Colon < To && Toks[Colon].Kind != tok::colon)
      ++Colon;
    std::string Len = "\"-\"";
    if (Colon + 2 < To && Toks[Colon + 1].Text == "length" && Toks[Colon + 2].Kind == tok::l_paren) {
      size_t Close = closeParen(Colon + 2, To + 1);
      if (Close != SIZE_MAX)
        Len = "(" + text(Colon + 3, Close) + ")";
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
      S.Chain = First;
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
