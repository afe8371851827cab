// Clang's diagnostics about restriction specifiers, in C++ AMP's terms: Sema knows them as CUDA targets.
#ifndef AMPCC_FRONTEND_RESTRICTDIAGNOSTICS_H
#define AMPCC_FRONTEND_RESTRICTDIAGNOSTICS_H

#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

// Rewords Sema's target words in every diagnostic (__device__ is restrict(amp), __host__ restrict(cpu)) and
// leaves the per-expression restrict(amp) rules that C++ AMP defines differently from CUDA to ampcc's own
// checks (Analysis and the lowering): calls and references across restrictions, exceptions.
void useRestrictionDiagnostics(clang::CompilerInstance &CI);

// The words of one message in C++ AMP's terms; false when there was nothing to reword. For a diagnostic client
// that the engine does not own (useRestrictionDiagnostics cannot put itself in front of it).
bool rewordRestrictions(std::string &Text);

} // namespace ampcc

#endif
