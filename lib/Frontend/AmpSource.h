// The C++ AMP front-end stage: puts restriction specifiers where Clang's grammar accepts attributes,
// without moving any line.
#ifndef AMPCC_FRONTEND_AMPSOURCE_H
#define AMPCC_FRONTEND_AMPSOURCE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ampcc {

// C++ AMP writes `[..](..) mutable restrict(amp)`; Clang takes the attribute `restrict(amp)` expands to
// only before `mutable`. Swaps the two in place (same characters, same lines; only those two tokens'
// columns change). Returns nothing when the buffer needs no change.
std::optional<std::string> normalizeAmpSource(llvm::StringRef Buffer);

} // namespace ampcc

#endif
