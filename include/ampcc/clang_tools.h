// For Clang-based tools (clangd, clang-tidy) reading C++ AMP sources from a compile command: what ampcc
// does before the host compiler sees a file, done with macros. `ampcc --print-clang-args` names this header;
// under ampcc itself (__AMPCC__ is predefined) it does nothing.
#ifndef AMPCC_CLANG_TOOLS_H
#define AMPCC_CLANG_TOOLS_H
#ifndef __AMPCC__
#define __AMPCC__ 1
#define __AMPCC_CLANG_TOOLS__ 1
#include "ampcc/posix_names.h"
#include "ampcc/restrict.h"
#include "cilk/ampcc_cilk.h"
// ampcc's front end removes restriction specifiers from the host's view of a file; C++ has no `restrict`
// keyword, so a function-like macro removes them here (an identifier `restrict` not followed by '(' stays).
#define restrict(...)
#endif
#endif
