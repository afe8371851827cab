// <cilk/cilk.h> as Intel's compilers shipped it: the lower-case Cilk Plus keywords as macros over the
// reserved ones (`_Cilk_spawn`, `_Cilk_sync`, `_Cilk_for`), which ampcc defines in <cilk/ampcc_cilk.h>.
#ifndef AMPCC_CILK_CILK_H
#define AMPCC_CILK_CILK_H

#include <cilk/ampcc_cilk.h>

#ifndef cilk_spawn
#define cilk_spawn _Cilk_spawn
#define cilk_sync _Cilk_sync
#define cilk_for _Cilk_for
#endif

// Intel's header wrapped C++ declarations for C callers with these; kept so that code using them compiles.
#ifdef __cplusplus
#define CILK_BEGIN_CPLUSPLUS_HEADERS extern "C++" {
#define CILK_END_CPLUSPLUS_HEADERS }
#else
#define CILK_BEGIN_CPLUSPLUS_HEADERS
#define CILK_END_CPLUSPLUS_HEADERS
#endif

#endif
