// `restrict(...)` before an exception specification, moved behind it where Clang's grammar takes attributes.
//
// Clang takes GNU attributes after a function declarator only once its exception specification is parsed, but
// C++ AMP writes the restriction first: `int f() restrict(cpu) throw(int);`, often through macros that the
// front end's raw text cannot see into (`__CPU_ONLY_EXPLICIT EXCEPTION_SPECIFICATION`). Where such a thing may
// follow, the front end spells the specifier `__AMPX__(...)`, which ampcc/restrict.h makes a
// `_Pragma("ampcc restrict ...")`. This pragma handler then reads the tokens after it, macros expanded: when they
// are an exception specification it puts them back first and the attribute after them; otherwise the attribute
// goes where the specifier was.
#ifndef AMPCC_FRONTEND_RESTRICTPRAGMA_H
#define AMPCC_FRONTEND_RESTRICTPRAGMA_H

#include "clang/Lex/Preprocessor.h"

namespace ampcc {

// Registers the `#pragma ampcc restrict` handler on PP (once per preprocessor).
void addRestrictPragmaHandler(clang::Preprocessor &PP);

} // namespace ampcc

#endif
