// The C++ AMP front-end stage: finds C++ AMP's contextual `restrict(...)` specifiers in a source buffer and
// rewrites them in place, for the translator's Clang or for the host compiler, without moving any line.
#ifndef AMPCC_FRONTEND_AMPSOURCE_H
#define AMPCC_FRONTEND_AMPSOURCE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ampcc {

// The spelling the translator's Clang sees in place of the keyword `restrict` (the same length, so columns
// stay): a function-like macro the translator predefines as the `ampcc_restrict` attribute (RestrictAttr.cpp).
inline constexpr llvm::StringLiteral RestrictMacro = "__AMPR__";
// The spelling of a specifier the front end moved where Clang takes attributes: in front of `mutable`
// (`mutable restrict(amp)`), or in front of the `auto` of a function with a trailing return type (`auto f()
// restrict(amp) -> int`, where Clang's grammar has no place for one). The attribute then knows the user's order
// was right, and `restrict(amp) mutable` or `restrict(amp) int f()` as written can be reported.
inline constexpr llvm::StringLiteral ReorderedRestrictMacro = "__AMPM__";
// The spelling of a specifier that an exception specification may follow (`restrict(cpu) throw()`, or a macro
// that may expand to one, or the start of a macro's replacement): a pragma that moves the attribute behind it
// (RestrictPragma.h).
inline constexpr llvm::StringLiteral MovableRestrictMacro = "__AMPX__";
// The spelling of the specifier of an explicit instantiation (`template int f<int>(int) restrict(amp);`), moved
// in front of the declaration, behind `template`: Clang matches an explicit instantiation to its template by
// the CUDA target attributes written there, so a pragma puts __host__ / __device__ there (RestrictPragma.h).
inline constexpr llvm::StringLiteral InstantiationRestrictMacro = "__AMPI__";

enum class SourceSide {
  Translator, // restrict(...) becomes __AMPR__(...), placed where Clang takes attributes
  Host,       // restrict(...) becomes blanks: the host compiler sees plain C++
};

// `restrict` is a specifier when `restrict ( identifiers and commas )` follows a declarator's parameter list, a cv- or
// ref-qualifier or `mutable`, or starts a macro's replacement; anywhere else it is an ordinary identifier (a
// variable, a function, a class). For the translator, `mutable restrict(amp)` is also reordered to
// `__AMPM__(amp) mutable` (Clang takes attributes only before `mutable`), `auto f() restrict(amp) -> int` to
// `__AMPM__(amp) auto f() -> int` (on one line), and an explicit instantiation's
// `template X restrict(amp);` to `template __AMPI__(amp) X;` (on one line). Returns nothing when the buffer has
// no specifier.
std::optional<std::string> rewriteRestrictSpecifiers(llvm::StringRef Buffer, SourceSide Side);

} // namespace ampcc

#endif
