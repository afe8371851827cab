// The host compiler's view of restriction-specific declarations: a restrict(amp)-only function with a
// restrict(cpu) namesake does not exist on the host (it would be a redefinition there, or win the host's
// overload resolution); one without keeps its declaration, so that kernels the host keeps as objects (see
// KernelSite::ViaObject) still compile there, but loses its body.
#ifndef AMPCC_REWRITE_HOSTDECLARATIONS_H
#define AMPCC_REWRITE_HOSTDECLARATIONS_H

#include "Frontend/LateParsedTemplates.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>
#include <vector>

namespace ampcc {

// A byte range of one file that the host compiler must not see.
struct HostRemoval {
  unsigned Begin, End; // offsets into the file as the translator read it
  // If set, the first bytes become this (";" ends a declaration whose body is removed; a return type written as
  // a decltype becomes the type the translator found); never longer than the range.
  std::string Lead{};
};

// The amp-only function declarations of every file outside the system headers (ampcc's own headers
// included: they guard theirs already), grouped by file. Unparsed: the bodies that delayed template parsing left as
// tokens, which go with their declarations.
std::map<clang::FileID, std::vector<HostRemoval>> findAmpOnlyDeclarations(clang::ASTContext &Ctx,
                                                                          const LateParsedBodies &Unparsed);

// Blanks the ranges in Text (which starts at the file's first byte), keeping every newline, so the host
// compiler's lines and columns are the user's.
void blankRanges(std::string &Text, const std::vector<HostRemoval> &Ranges, unsigned Offset = 0);

} // namespace ampcc

#endif
