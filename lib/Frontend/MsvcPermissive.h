// What MSVC's permissive C++ accepted and Clang refuses in every mode, clang-cl included, each in one place a
// diagnostic points at. Under MSVC's dialect the translator rewrites, in memory (MsvcEdits.h), into the standard C++
// that means what MSVC made of it, and parses again:
//   - a temporary passed for a non-const lvalue reference parameter (`fill(v.section(0, n), 0)` with `fill(V &, T)`):
//     MSVC bound it, as an extension; the argument becomes
//     `[](auto &&ampcc_temporary) -> auto & { return ampcc_temporary; }(v.section(0, n))`, an lvalue of the same
//     temporary, which lives to the end of the full-expression as MSVC's did. MSVC bound class objects only: for
//     any other type a static_assert in the lambda says so. A reference variable so initialized (`V &r = make();`)
//     becomes an rvalue reference, `V &&r`, which keeps the temporary alive as long as the reference, as MSVC did;
//   - a default template argument on the out-of-line definition of a class template's member (`template <typename
//     T, int P = 0> const int S<T, P>::size;`): MSVC ignored it; it becomes blanks;
//   - a function-like macro invoked with more arguments than it has parameters (`assert(x == 1, "message")`): MSVC's
//     preprocessor ignored the extra ones (warning C4002); they become blanks;
//   - `void main()`, MSVC's extension, which returned 0: `int main()`, and `return;` in it `return 0;`;
//   - an ordered comparison of a pointer with the integer 0 (`x <= 0`): MSVC compared the address with null; the 0
//     becomes a null pointer, `((const volatile void *)0)`, which compares the same.
// The rewrites keep every line and, but for the first, every column (docs/driver.md, "MSVC's permissive C++").
#ifndef AMPCC_FRONTEND_MSVCPERMISSIVE_H
#define AMPCC_FRONTEND_MSVCPERMISSIVE_H

#include "Frontend/MsvcEdits.h"

#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

// Puts a diagnostic client in front of CI's that records, into Into, the rewrites of what Clang's errors above
// refuse. The diagnostics still go to the client behind it.
void recordPermissiveCode(clang::CompilerInstance &CI, MsvcEdits &Into);

} // namespace ampcc

#endif
