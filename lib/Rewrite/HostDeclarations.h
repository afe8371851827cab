// The host compiler's view of restriction-specific declarations: functions that are restrict(amp) only do
// not exist on the host (their restrict(cpu) overloads would otherwise be redefinitions there).
#ifndef AMPCC_REWRITE_HOSTDECLARATIONS_H
#define AMPCC_REWRITE_HOSTDECLARATIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>
#include <vector>

namespace ampcc {

// A byte range of one file that the host compiler must not see.
struct HostRemoval {
  unsigned Begin, End; // offsets into the file as the translator read it
};

// The amp-only function declarations of every file outside the system headers (ampcc's own headers
// included: they guard theirs already), grouped by file.
std::map<clang::FileID, std::vector<HostRemoval>> findAmpOnlyDeclarations(clang::ASTContext &Ctx);

// Blanks the ranges in Text (which starts at the file's first byte), keeping every newline, so the host
// compiler's lines and columns are the user's.
void blankRanges(std::string &Text, const std::vector<HostRemoval> &Ranges, unsigned Offset = 0);

} // namespace ampcc

#endif
