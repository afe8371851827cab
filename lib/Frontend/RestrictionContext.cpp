// The restriction of code outside function bodies, trailing return types included (see RestrictionContext.h).
#include "Frontend/RestrictionContext.h"
#include "Frontend/RestrictAttr.h"

#include "clang/AST/DeclBase.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ampcc {

RestrictionContext::RestrictionContext(Sema &S) : S(S) { followScope(); }

void RestrictionContext::end() {
  if (Saved)
    S.CUDA().CurCUDATargetCtx = *Saved;
  Saved.reset();
  Now = State::Idle;
}

void RestrictionContext::followScope() {
  SemaCUDA::CUDATargetContext &Ctx = S.CUDA().CurCUDATargetCtx;
  if (Now == State::InTrailingReturn || Ctx.Kind != SemaCUDA::CTCK_Unknown)
    return;
  const DeclContext *DC = S.CurContext;
  // In a function body Sema resolves calls in the function's own restriction; what is left here serves only the
  // class templates instantiated from there, which keep Clang's choice (as at the end of the translation unit).
  // So does a class's completion, which Sema runs once the parser has taken its closing brace (the token after it
  // is the one read then): it looks up the special members, which may be amp only (MSVC checks them where used).
  if (!DC || DC->isFunctionOrMethod() || AfterClosingBrace) {
    Ctx.Target = CUDAFunctionTarget::HostDevice;
    return;
  }
  while (DC && !DC->isFunctionOrMethod() && !DC->isFileContext())
    DC = DC->getParent();
  const auto *Function = dyn_cast_or_null<FunctionDecl>(DC);
  Ctx.Target = Function ? S.CUDA().IdentifyTarget(Function) : CUDAFunctionTarget::Host;
}

void RestrictionContext::finish() {
  end();
  S.CUDA().CurCUDATargetCtx.Target = CUDAFunctionTarget::HostDevice;
}

void RestrictionContext::onToken(const Token &T) {
  followScope();
  bool Opens = T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace);
  bool Closes = T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace);
  switch (Now) {
  case State::Idle:
    if (T.is(tok::identifier) && T.getIdentifierInfo()->getName().starts_with("ampcc_restrict")) {
      // `__attribute__((ampcc_restrict(...)))`: the declarator is two brackets out.
      DeclaratorDepth = Depth - 2;
      Now = State::AttributeName;
    }
    break;
  case State::AttributeName:
    Now = T.is(tok::l_paren) ? State::AttributeArgument : State::Idle;
    break;
  case State::AttributeArgument: {
    Now = State::Idle;
    if (!T.is(tok::string_literal))
      break;
    std::string Spelling = S.getPreprocessor().getSpelling(T);
    llvm::StringRef List = llvm::StringRef(Spelling).trim('"');
    // The attribute reports a list it cannot read; this only follows the ones it can.
    std::optional<RestrictionSet> Set = readRestrictionList(List);
    if (!Set)
      break;
    Pending = Set->Amp ? (Set->Cpu ? CUDAFunctionTarget::HostDevice : CUDAFunctionTarget::Device)
                       : CUDAFunctionTarget::Host;
    Now = State::AfterAttribute;
    break;
  }
  case State::AfterAttribute:
    if (Depth == DeclaratorDepth && T.is(tok::arrow)) {
      Saved = S.CUDA().CurCUDATargetCtx;
      S.CUDA().CurCUDATargetCtx.Target = Pending;
      Now = State::InTrailingReturn;
    } else if (Depth < DeclaratorDepth ||
               (Depth == DeclaratorDepth && (Closes || T.isOneOf(tok::semi, tok::l_brace, tok::equal)))) {
      Now = State::Idle;
    }
    break;
  case State::InTrailingReturn:
    if (Depth == DeclaratorDepth && (Closes || T.isOneOf(tok::semi, tok::l_brace, tok::equal)))
      end();
    break;
  }
  Depth += Opens ? 1 : Closes ? -1 : 0;
  AfterClosingBrace = T.is(tok::r_brace);
}

} // namespace ampcc
