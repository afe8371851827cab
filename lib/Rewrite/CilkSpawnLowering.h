// Lowers the host fork-join constructs of Cilk Plus to the OpenMP-task runtime of <cilk/ampcc_spawn.h>.
#ifndef AMPCC_REWRITE_CILKSPAWNLOWERING_H
#define AMPCC_REWRITE_CILKSPAWNLOWERING_H

#include "Analysis/CilkSpawns.h"

#include <string>

namespace ampcc {

// Rewrites, in the host source Host (the main file's text, or the C++ AMP host rewrite of it, with the
// user's lines after `#line 1`):
//  - the body of each spawning function into `return ::ampcc::cilk::frame([&]() -> R { body sync });`,
//    each of its returns into `{ ::ampcc::cilk::sync(); return ...; }` (the implicit sync at exit, before
//    its locals go);
//  - `cilk_spawn f(a, b)` into `::ampcc::cilk::spawn([captures]() mutable { f(...); })`, the captures
//    evaluating the callee's object and the arguments in the parent (by reference where the parameter is an
//    lvalue reference and the argument an lvalue, else by value), the receiver of `x = cilk_spawn` by
//    reference; `T x = cilk_spawn f()` declares x first;
//  - `cilk_sync` into `::ampcc::cilk::sync()`.
// Every line keeps its number. NeedsOpenMP becomes true when anything is rewritten or the file calls the
// <cilk/cilk_api.h> functions.
std::string lowerCilkForkJoin(clang::ASTContext &Ctx, const CilkForkJoin &FJ, std::string Host, bool &NeedsOpenMP);

} // namespace ampcc

#endif
