// The Cilk Plus front-end stage: turns the grammar extensions that no macro can express (array notation,
// the offload pragmas) into plain C++ that Clang parses, keeping every line where it was.
#ifndef AMPCC_FRONTEND_CILKSOURCE_H
#define AMPCC_FRONTEND_CILKSOURCE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ampcc {

// Rewrites, with clang::Lexer in raw mode (no regular expressions):
//  - an expression statement with array sections `A[s:len]`, `A[s:len:stride]`, `A[:]` into a nest of
//    `_Cilk_for` loops over `ampcc_an<k>` (one per section rank) with each section replaced by the element
//    `A[(s) + ampcc_an<k> * (stride)]`; a rank's length is the first section of that rank in the statement,
//    `[:]` takes the extent of the array dimension;
//  - `#pragma offload_attribute(push, target(gfx))` / `(pop)` into AMPCC_GFX_PRAGMA_PUSH / _POP.
//  - `#pragma offload target(gfx) pin(p: length(n)) if(c) ...` into the statement
//    `ampcc_gfx_offload_target_gfx("pin", p, (n), "if", (c), ...);` (each clause a string literal naming it,
//    then its operands), which Analysis pairs with the `_Cilk_for` nest after it, and
//    `#pragma offload_wait target(gfx) wait(t)` into `ampcc_gfx_offload_wait("wait", (t));`;
//  - a call of an array-notation reduction (`__sec_reduce_add(a[0:n])`, `__sec_reduce(0, a[:], f)`, ...)
//    into a variable computed by serial loops put before its statement, and `__sec_implicit_index(k)` into
//    the loop variable of rank k; a broken rank, length or reduction rule into a static_assert there.
// The result has the same lines as the input: only columns after the start of a rewritten statement (or
// after a rewritten section, on the lines it spans) move right. Returns nothing when nothing changes.
std::optional<std::string> rewriteCilkSource(llvm::StringRef Buffer);

} // namespace ampcc

#endif
