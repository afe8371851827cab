// The `typename` and `template` keywords that code written for Visual Studio leaves out before dependent names.
// MSVC decides what a dependent name is when it instantiates the template; standard C++, and Clang in every mode,
// must be told where the parse cannot tell (`T::type()` in an expression, `v.extent.tile<N>()` with `v` dependent).
// Clang says which keyword is missing and where, as a fix-it. Under MSVC's dialect (-fms-compatibility) the
// translator applies those fix-its in memory and parses again, until none is left (docs/driver.md, "Code written
// for Visual Studio"); the host compiler reads the same text.
#ifndef AMPCC_FRONTEND_MSVCKEYWORDS_H
#define AMPCC_FRONTEND_MSVCKEYWORDS_H

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {

// The keywords to insert, per file (by its real path), at offsets in the file as it is on disk.
class KeywordInsertions {
public:
  // Path's text with the keywords inserted, or nothing when none is due there.
  std::optional<std::string> apply(llvm::StringRef Path, llvm::StringRef Text) const;
  // Records the insertion of Keyword at Loc, a location in a buffer that apply() made; false if Loc is not in a
  // user's file (a macro expansion, a system header) or the insertion is known. It is applied from the next
  // commit() on: the buffers of the parse that reports it stay as they were read.
  bool add(const clang::SourceManager &SM, clang::SourceLocation Loc, llvm::StringRef Keyword);
  // Applies what add() recorded since the last commit; false if there was nothing.
  bool commit();
  // How much longer apply() makes Path, a file of Size bytes on disk.
  size_t addedBytes(llvm::StringRef Path, uint64_t Size) const;

private:
  struct Insertion {
    size_t Offset; // in the file on disk
    std::string Text;
    bool operator<(const Insertion &O) const { return Offset < O.Offset; }
  };
  // Path's applied insertions, or null.
  const std::vector<Insertion> *insertionsIn(llvm::StringRef Path) const;
  static size_t addedBytes(const std::vector<Insertion> &List, uint64_t Size);

  std::map<std::string, std::vector<Insertion>> ByFile; // applied, each sorted by offset
  std::map<std::string, std::vector<Insertion>> Pending;
};

// Puts a diagnostic client in front of CI's that records, into Into, the keywords that Clang's errors about a
// missing `typename` or `template` say to insert. The errors still go to the client behind it.
void recordMissingKeywords(clang::CompilerInstance &CI, KeywordInsertions &Into);

} // namespace ampcc

#endif
