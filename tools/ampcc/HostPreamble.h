// The host compile's precompiled preamble: the system headers the translated source starts with (ampcc's
// forced includes, <ampcc/runtime.h>, and the #include lines of the user's source that the translator took
// from its own precompiled preamble, or amp.h alone: the prelude), precompiled by the host compiler into
// ampcc's preamble cache, so that the host compile parses only the code (issue 14;
// docs/design/preludes.md).
#ifndef AMPCC_TOOLS_HOSTPREAMBLE_H
#define AMPCC_TOOLS_HOSTPREAMBLE_H

#include "SarifLog.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ampcc {

struct HostCompiler {
  HostCompilerKind Kind;
  std::string Path;    // as the user named it (AMPCC_CXX, -fampcc-host-cxx)
  std::string Version; // its --version text, part of the cache key
};

struct HostPreamble {
  std::string Source;             // the translated source with the precompiled lines blanked (same lines)
  std::vector<std::string> Flags; // the host flags, the forced includes replaced by the preamble
  std::string Note;               // what happened, for -v
  // The headers the precompiled header was made from, for dependency files: the host compiler's own (GCC's
  // stddef.h) are not among the translator's, and the host compile lists none of them.
  std::vector<std::string> Files;
  double BuildSeconds = 0;        // the host compiler's precompile, when this compile ran it
};

// What the host's precompiled header holds after ampcc's own lines (its forced includes and the translated
// source's first directives).
struct HostPreambleStart {
  // The source's preamble: its first bytes, #include lines of system headers, which the translator took from
  // its own precompiled preamble (TranslationResult::PreambleText). They are blanked in the source. The entry
  // serves the sources of one folder with this preamble and flags.
  llvm::StringRef SourcePreamble;
  // Or, with no SourcePreamble: the prelude, amp.h alone, when the source's preamble includes it
  // (TranslationResult::PreambleIncludesAmpHeader). The source keeps its lines, whose #include <amp.h> finds
  // the header included. Precompiled on the prelude's second use (AMPCC_PREAMBLE), one entry serves every
  // source compiled with the same flags in any folder: SourceDir's -iquote is left out of the precompile.
  bool Prelude = false;
  std::string SourceDir;
};

// The host compile of HostSource with Flags (everything but the input and output), starting from a
// precompiled preamble: the cache's when still valid, else precompiled now with the same flags. GCC reads
// the precompiled header through -include (and the header itself when it cannot use it), Clang through
// -include-pch. TempDir is where this compile may put files. Returns nothing, with Why, when the source or
// compiler cannot take one.
std::optional<HostPreamble> prepareHostPreamble(const HostCompiler &Cxx, const std::vector<std::string> &Flags,
                                                llvm::StringRef HostSource, const HostPreambleStart &Start,
                                                const std::string &TempDir, std::string &Why);

} // namespace ampcc

#endif
