// The on-disk store of the translator's precompiled preambles, internal to lib/Frontend: an entry is one file, its
// manifest (every file the build read, with size and modification time) and then its PCH, named by its key
// (PreambleStore.cpp). The cache folder, the bound and the shipped preludes are declared in PreambleCache.h.
#ifndef AMPCC_FRONTEND_PREAMBLESTORE_H
#define AMPCC_FRONTEND_PREAMBLESTORE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
} // namespace clang

namespace ampcc {

// One file the build read, as the manifest records it. ModTime is in nanoseconds: a header rewritten with the
// same size within the second the entry was made from it is a different header.
struct ManifestFile {
  std::string Path;
  uint64_t Size = 0;
  int64_t ModTime = 0;
  bool IsSystem = true;
};

// A usable entry's PCH is checked against the size and hash its manifest records before a parse reads it: an
// entry cut short or damaged on disk is made again, not loaded (Clang stops at a malformed PCH).
struct Manifest {
  bool Usable = false;
  std::string Why; // for an unusable entry: why no preamble
  uint64_t PCHSize = 0, PCHHash = 0;
  std::vector<ManifestFile> Files;
};

// A file's modification time in nanoseconds, as ManifestFile keeps it.
int64_t modTime(const llvm::sys::fs::file_status &S);

// Splits an entry into its manifest and PCH; false when it is not one.
bool readEntry(llvm::StringRef Bytes, Manifest &M, llvm::StringRef &PCH);
// The bytes of an entry: the manifest M, then PCH at an 8-byte boundary.
std::string entryBytes(const Manifest &M, llvm::StringRef PCH);

// Whether the file is still as the manifest recorded it.
bool unchanged(const ManifestFile &F);
// Whether every file the entry's build read is still as it was.
bool unchanged(const Manifest &M);

// The entry's name: everything the precompiled header depends on besides the files it read (their check is
// the manifest's): Clang, the parse's whole command line (language, macros, search paths, the source's path)
// and the preamble's text; preambleKey adds ampcc itself and, when a path in the command line is relative, the
// working directory. The compilation folder Clang's driver names for debug information and coverage is not
// part of a parse.
std::string entryKey(const clang::CompilerInvocation &Invocation, llvm::StringRef Preamble);

} // namespace ampcc

#endif
