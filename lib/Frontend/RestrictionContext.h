// The restriction Sema's overload resolution assumes outside function bodies, where C++ AMP and CUDA differ.
//
// Clang resolves a call outside every function body (in a declaration's type: `decltype(f())` at namespace
// scope, in a class, in an enumeration's base) by CUDA's rule, as if from host and device code, which in the
// translator's device-side parse prefers amp overloads. C++ AMP resolves it in the restriction of the code around
// the declaration: cpu at namespace scope and in a class defined there, the enclosing function's in a local class.
// And a function's trailing return type, which follows its restriction specifier, in that restriction:
// `auto g() restrict(amp) -> decltype(f())` names f's amp overload, `decltype(f()) g() restrict(amp)` its cpu one.
#ifndef AMPCC_FRONTEND_RESTRICTIONCONTEXT_H
#define AMPCC_FRONTEND_RESTRICTIONCONTEXT_H

#include "clang/Lex/Token.h"
#include "clang/Sema/SemaCUDA.h"

#include <optional>

namespace ampcc {

// Keeps Sema's restriction for code outside function bodies (CUDA's target context) as C++ AMP has it, following
// the parser's tokens as the preprocessor hands them over: at each token, the restriction of the function that
// encloses Sema's current context (cpu where none does). After a restriction attribute (`ampcc_restrict` or
// `ampcc_restrict_moved`, what the front end makes of `restrict(...)`), a `->` at the attribute's bracket depth
// begins a trailing return type, resolved in the attribute's restriction until a `;`, `{` or `=` at that depth
// (or a closing bracket) ends the declarator. A context Sema set itself (a global variable's initializer) is left
// alone.
//
// Tokens are seen as they are lexed, which is when the parser reads them except where it looks ahead (tentative
// parsing) or reads cached tokens (member function bodies parsed after their class): a trailing return type there
// keeps the code around it. Inside a function body Sema takes the function's own restriction, so only
// declarations outside function bodies depend on this.
class RestrictionContext {
public:
  explicit RestrictionContext(clang::Sema &S);
  // Called with each token the preprocessor hands the parser, before the main file's end.
  void onToken(const clang::Token &T);
  // The parse is over (the main file's end was read): what Sema does next, the pending template instantiations,
  // keeps Clang's choice.
  void finish();

private:
  enum class State { Idle, AttributeName, AttributeArgument, AfterAttribute, InTrailingReturn };
  void end();
  void followScope();

  clang::Sema &S;
  State Now = State::Idle;
  int Depth = 0;           // brackets ( [ { open so far
  int DeclaratorDepth = 0; // the depth of the declarator the attribute belongs to
  bool AfterClosingBrace = false;
  clang::CUDAFunctionTarget Pending = clang::CUDAFunctionTarget::Host;
  std::optional<clang::SemaCUDA::CUDATargetContext> Saved;
};

} // namespace ampcc

#endif
