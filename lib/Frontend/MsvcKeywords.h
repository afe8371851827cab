// The `typename` and `template` keywords that code written for Visual Studio leaves out before dependent names.
// MSVC decides what a dependent name is when it instantiates the template; standard C++, and Clang in every mode,
// must be told where the parse cannot tell (`T::type()` in an expression, `v.extent.tile<N>()` with `v` dependent).
// Clang says which keyword is missing and where, as a fix-it. Under MSVC's dialect (-fms-compatibility) the
// translator applies those fix-its in memory (MsvcEdits.h) and parses again, until none is left (docs/driver.md, "Code written
// for Visual Studio"); the host compiler reads the same text.
#ifndef AMPCC_FRONTEND_MSVCKEYWORDS_H
#define AMPCC_FRONTEND_MSVCKEYWORDS_H

#include "Frontend/MsvcEdits.h"

#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

// Puts a diagnostic client in front of CI's that records, into Into, the keywords that Clang's errors about a
// missing `typename` or `template` say to insert. The errors still go to the client behind it.
void recordMissingKeywords(clang::CompilerInstance &CI, MsvcEdits &Into);

} // namespace ampcc

#endif
