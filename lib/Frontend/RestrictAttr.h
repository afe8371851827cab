// The restriction specifier attribute (`ampcc_restrict`) that carries C++ AMP's restrict(...) into Clang's Sema.
#ifndef AMPCC_FRONTEND_RESTRICTATTR_H
#define AMPCC_FRONTEND_RESTRICTATTR_H

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace ampcc {

struct RestrictionSet {
  bool Cpu = false;
  bool Amp = false;
};

// The calling convention a restrict(amp) function's type carries, so that it is a type of its own as in C++ AMP
// (`decltype(f)` of an amp-only f is `int() restrict(amp)`, not `int()`); restrict(cpu) and restrict(cpu, amp)
// functions have plain types. The translator only parses, so no code follows the convention; the host compiler
// never sees it. (docs/design/restriction-specifiers.md.)
inline constexpr const char *AmpFunctionConvention = "preserve_most";

// Reads "cpu, amp"; nothing for an empty list or an unknown specifier.
std::optional<RestrictionSet> readRestrictionList(llvm::StringRef List);

// Parses "cpu, amp": reports an empty list at Loc, and each malformed entry (missing, an unknown word, two words
// without a comma) where the list that Loc's specifier comes from writes it (at Loc where a macro wrote the list).
// A list with errors gives the specifiers it names validly, nothing if none.
std::optional<RestrictionSet> parseRestrictionList(llvm::StringRef List, clang::DiagnosticsEngine &Diags,
                                                   clang::SourceLocation Loc);

// The restriction a function has as Sema sees it: its CUDA target attributes (__host__ for cpu, __device__ for
// amp, as the attribute gives them; none is cpu). What implicit and defaulted special members carry.
RestrictionSet targetRestriction(const clang::FunctionDecl *FD);

// Keeps the attribute's registration (a static object in RestrictAttr.cpp) in the linked program.
void linkRestrictAttr();

} // namespace ampcc

#endif
