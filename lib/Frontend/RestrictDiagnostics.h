// Clang's diagnostics about restriction specifiers, in C++ AMP's terms: Sema knows them as CUDA targets.
#ifndef AMPCC_FRONTEND_RESTRICTDIAGNOSTICS_H
#define AMPCC_FRONTEND_RESTRICTDIAGNOSTICS_H

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace ampcc {

// Rewords Sema's target words in every diagnostic (__device__ is restrict(amp), __host__ restrict(cpu)) and
// leaves the per-expression restrict(amp) rules that C++ AMP defines differently from CUDA to ampcc's own
// checks (Analysis and the lowering): calls and references across restrictions, exceptions.
void useRestrictionDiagnostics(clang::CompilerInstance &CI);

// The words of one message in C++ AMP's terms; false when there was nothing to reword. For a diagnostic client
// that the engine does not own (useRestrictionDiagnostics cannot put itself in front of it).
bool rewordRestrictions(std::string &Text);

// The text printer's output with the user's `restrict(` where the front end respelled it for Clang
// (Frontend/AmpSource: `__AMPR__(` and its siblings, the same length), so the source lines quoted under a
// diagnostic show what the user wrote. Whole lines go to Out as they complete.
class RestrictSpellingFilter : public llvm::raw_ostream {
public:
  explicit RestrictSpellingFilter(llvm::raw_ostream &Out) : Out(Out) {}
  ~RestrictSpellingFilter() override;
  bool has_colors() const override { return Out.has_colors(); }

private:
  void write_impl(const char *Ptr, size_t Size) override;
  uint64_t current_pos() const override { return Written; }
  llvm::raw_ostream &Out;
  std::string Line;
  uint64_t Written = 0;
};

} // namespace ampcc

#endif
