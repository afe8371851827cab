// What MSVC's permissive C++ accepted and Clang refuses (see MsvcPermissive.h).
#include "Frontend/MsvcPermissive.h"

#include "Frontend/DiagnosticFilter.h"
#include "Frontend/RawTokens.h"

#include "clang/AST/Type.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

#include <optional>

using namespace clang;

namespace ampcc {
namespace {

// Text with every character but its line breaks made a blank: what a rewrite that removes text leaves, so that
// the lines keep their numbers and the rest of the line its columns.
std::string blanks(llvm::StringRef Text) {
  std::string Out = Text.str();
  for (char &C : Out)
    if (C != '\n')
      C = ' ';
  return Out;
}

// The character range in a file that a diagnostic's range covers, or nothing (within a macro's arguments).
std::optional<std::pair<SourceLocation, unsigned>> fileRange(const SourceManager &SM, const LangOptions &LO,
                                                              CharSourceRange R) {
  CharSourceRange File = Lexer::makeFileCharRange(R, SM, LO);
  if (File.isInvalid())
    return std::nullopt;
  unsigned Begin = SM.getFileOffset(File.getBegin()), End = SM.getFileOffset(File.getEnd());
  if (SM.getFileID(File.getBegin()) != SM.getFileID(File.getEnd()) || End < Begin)
    return std::nullopt;
  return std::make_pair(File.getBegin(), End - Begin);
}

// Whether the `<` at Toks[I] opens a template argument list: it follows a name and a `>` closes it before
// anything that ends an expression (`;`, a brace, a `)` it does not hold). `a < b, c > d` as two arguments reads
// as one; the rewrite then fails to parse, and Clang's error stays.
bool opensTemplateArguments(const std::vector<RawToken> &Toks, size_t I) {
  if (I == 0 || Toks[I - 1].Kind != tok::raw_identifier)
    return false;
  int Angles = 0, Parens = 0;
  for (; I < Toks.size(); ++I) {
    switch (Toks[I].Kind) {
    case tok::less:
      ++Angles;
      break;
    case tok::greater:
      if (--Angles == 0)
        return true;
      break;
    case tok::greatergreater:
      if ((Angles -= 2) <= 0)
        return true;
      break;
    case tok::l_paren:
    case tok::l_square:
      ++Parens;
      break;
    case tok::r_paren:
    case tok::r_square:
      if (--Parens < 0)
        return false;
      break;
    case tok::semi:
    case tok::l_brace:
    case tok::r_brace:
      return false;
    default:
      break;
    }
  }
  return false;
}

// The argument Index (from 0) of the call whose callee starts at Callee: where its text starts, and its length. The
// callee is a name, qualified or with template arguments; the arguments split at the commas outside brackets,
// template argument lists included.
std::optional<std::pair<SourceLocation, unsigned>> callArgument(const SourceManager &SM, SourceLocation Callee,
                                                                unsigned Index) {
  auto Buffer = bufferAt(SM, Callee);
  if (!Buffer)
    return std::nullopt;
  llvm::StringRef Text = Buffer->first.substr(Buffer->second, 64 * 1024);
  std::string Copy = Text.str();
  std::vector<RawToken> Toks = lexRaw(Copy);
  size_t I = 0;
  // To the call's `(`: names, `::`, `template` and balanced template argument lists.
  for (int Angles = 0; I < Toks.size(); ++I) {
    tok::TokenKind K = Toks[I].Kind;
    if (K == tok::less)
      ++Angles;
    else if (K == tok::greater)
      --Angles;
    else if (K == tok::greatergreater)
      Angles -= 2;
    else if (K == tok::l_paren && Angles == 0)
      break;
    else if (Angles == 0 && K != tok::raw_identifier && K != tok::coloncolon)
      return std::nullopt;
  }
  if (I == Toks.size())
    return std::nullopt;
  unsigned Arg = 0;
  std::optional<size_t> First, Last;
  std::vector<bool> Open; // the brackets open, each a template argument list's or not
  for (++I; I < Toks.size(); ++I) {
    tok::TokenKind K = Toks[I].Kind;
    if (Open.empty() && (K == tok::comma || K == tok::r_paren)) {
      if (Arg == Index)
        break;
      if (K == tok::r_paren)
        return std::nullopt;
      ++Arg;
      continue;
    }
    if (K == tok::l_paren || K == tok::l_square || K == tok::l_brace || (K == tok::less && opensTemplateArguments(Toks, I)))
      Open.push_back(K == tok::less);
    else if ((K == tok::r_paren || K == tok::r_square || K == tok::r_brace) && !Open.empty() && !Open.back())
      Open.pop_back();
    else if (K == tok::greater && !Open.empty() && Open.back())
      Open.pop_back();
    else if (K == tok::greatergreater)
      for (int N = 0; N < 2 && !Open.empty() && Open.back(); ++N)
        Open.pop_back();
    if (Arg == Index) {
      if (!First)
        First = I;
      Last = I;
    }
  }
  if (I == Toks.size() || !First)
    return std::nullopt;
  return std::make_pair(Callee.getLocWithOffset(Toks[*First].Begin), unsigned(Toks[*Last].End - Toks[*First].Begin));
}

// Passes every diagnostic on, and records the rewrites of the refusals MsvcPermissive.h lists.
class PermissiveCode : public DiagnosticFilter {
public:
  PermissiveCode(std::unique_ptr<DiagnosticConsumer> Owned, MsvcEdits &Into)
      : DiagnosticFilter(std::move(Owned)), Into(Into) {}
  PermissiveCode(DiagnosticConsumer *Inner, MsvcEdits &Into) : DiagnosticFilter(Inner), Into(Into) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Lang = LO;
    DiagnosticFilter::BeginSourceFile(LO, PP);
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (Info.hasSourceManager())
      record(Level, Info);
    pass(Level, Info);
  }

private:
  void record(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
    const SourceManager &SM = Info.getSourceManager();
    unsigned ID = Info.getID();
    if (Level != DiagnosticsEngine::Note)
      Call = ID == diag::err_ovl_no_viable_function_in_call ? Info.getLocation() : SourceLocation();
    if (ID == diag::note_ovl_candidate_bad_value_category && Call.isValid() && Info.getNumArgs() > 5 &&
        Info.getRawArg(3) == 0 && Info.getRawArg(5) == 0 && Info.getRawArg(4) > 0) {
      // "expects an lvalue for Nth argument": the temporary passed there, made an lvalue.
      if (auto Arg = callArgument(SM, Call, unsigned(Info.getRawArg(4) - 1))) {
        Into.insert(SM, Arg->first,
                    "[](auto &&ampcc_temporary) -> auto & { static_assert(__is_class(__remove_reference_t(decltype("
                    "ampcc_temporary))), \"a temporary that is no class object passed for a non-const reference "
                    "parameter: MSVC refused it too\"); return ampcc_temporary; }(");
        Into.insert(SM, Arg->first.getLocWithOffset(Arg->second), ")");
      }
    } else if (ID == diag::err_lvalue_reference_bind_to_temporary && Info.getNumArgs() > 2 && Info.getRawArg(0) == 0 &&
               Info.getArgKind(2) == DiagnosticsEngine::ak_qualtype &&
               QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(2)))->isRecordType()) {
      // `V &r = make();`: the error points at the name; the `&` just before it becomes `&&`, which keeps the
      // temporary alive as long as the reference, as MSVC kept it.
      auto Buffer = bufferAt(SM, Info.getLocation());
      if (!Buffer)
        return;
      llvm::StringRef Before = Buffer->first.substr(0, Buffer->second).rtrim(" \t");
      if (Before.ends_with("&") && !Before.ends_with("&&"))
        Into.replace(SM, Info.getLocation().getLocWithOffset(int(Before.size()) - int(Buffer->second) - 1), 1, "&&");
    } else if (ID == diag::err_main_returns_nonint && Info.getLocation().isFileID()) {
      // `void main()`: MSVC's extension, which returns 0. `int ` takes the place of `void` (the same width).
      auto Buffer = bufferAt(SM, Info.getLocation());
      if (Buffer && Buffer->first.substr(Buffer->second).starts_with("void") &&
          !(Buffer->second + 4 < Buffer->first.size() && isAsciiIdentifierContinue(Buffer->first[Buffer->second + 4])))
        Into.replace(SM, Info.getLocation(), 4, "int ");
    } else if ((ID == diag::warn_return_missing_expr || ID == diag::ext_return_missing_expr) &&
               argumentName(Info, 0) == "main") {
      // `return;` in what was a `void main()`: it returned 0.
      auto Buffer = bufferAt(SM, Info.getLocation());
      if (Buffer && Buffer->first.substr(Buffer->second).starts_with("return"))
        Into.insert(SM, Info.getLocation().getLocWithOffset(6), " 0");
    } else if (ID == diag::err_too_many_args_in_macro_invoc && Info.getLocation().isFileID()) {
      // `assert(x == 1, "x must be one")`: MSVC's preprocessor ignores the arguments past the macro's parameters
      // (warning C4002). From the comma before the first extra one to the invocation's `)`, blanks.
      auto Buffer = bufferAt(SM, Info.getLocation());
      if (!Buffer)
        return;
      llvm::StringRef Text = Buffer->first;
      size_t Comma = Text.rfind(',', Buffer->second);
      if (Comma == llvm::StringRef::npos || !Text.substr(Comma + 1, Buffer->second - Comma - 1).trim().empty())
        return;
      std::string Rest = Text.substr(Buffer->second, 64 * 1024).str();
      std::optional<size_t> Close;
      int Depth = 0;
      for (const RawToken &T : lexRaw(Rest)) {
        if (T.Kind == tok::l_paren || T.Kind == tok::l_square || T.Kind == tok::l_brace)
          ++Depth;
        else if ((T.Kind == tok::r_paren || T.Kind == tok::r_square || T.Kind == tok::r_brace) && Depth-- == 0) {
          if (T.Kind == tok::r_paren)
            Close = Buffer->second + T.Begin;
          break;
        }
      }
      if (!Close)
        return;
      std::string Blank = blanks(Text.substr(Comma, *Close - Comma));
      Into.replace(SM, Info.getLocation().getLocWithOffset(int(Comma) - int(Buffer->second)), Blank.size(), Blank);
    } else if (ID == diag::err_template_parameter_default_template_member && Info.getNumRanges() > 0) {
      // The default argument and the `=` before it, blank.
      auto Default = fileRange(SM, Lang, Info.getRange(0));
      auto Buffer = bufferAt(SM, Info.getLocation());
      if (!Default || !Buffer || !Info.getLocation().isFileID())
        return;
      unsigned From = Buffer->second, To = SM.getFileOffset(Default->first) + Default->second;
      size_t Equals = Buffer->first.rfind('=', SM.getFileOffset(Default->first));
      if (Equals == llvm::StringRef::npos || Equals < From || To > Buffer->first.size())
        return;
      std::string Blank = blanks(Buffer->first.substr(Equals, To - Equals));
      Into.replace(SM, Info.getLocation().getLocWithOffset(Equals - From), Blank.size(), Blank);
    } else if (ID == diag::err_typecheck_ordered_comparison_of_pointer_and_zero && Info.getNumRanges() > 1 &&
               Info.getNumArgs() > 1 && Info.getArgKind(0) == DiagnosticsEngine::ak_qualtype) {
      // The operand that is no pointer is the 0.
      QualType Left = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(0)));
      if (auto Zero = fileRange(SM, Lang, Info.getRange(Left->isPointerType() ? 1 : 0)))
        Into.replace(SM, Zero->first, Zero->second, "((const volatile void *)0)");
    }
  }

  MsvcEdits &Into;
  LangOptions Lang;
  SourceLocation Call; // the callee of the last "no matching function for call", for its notes
};

} // namespace

void recordPermissiveCode(CompilerInstance &CI, MsvcEdits &Into) { putInFront<PermissiveCode>(CI, Into); }

} // namespace ampcc
