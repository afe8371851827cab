// The edits that make code written for Visual Studio standard C++, made in memory to the user's files: the
// keywords MSVC let it leave out (MsvcKeywords.h), the template parameters MSVC deduced by conversion
// (MsvcDeduction.h), the qualification of names MSVC found in dependent bases (MsvcDependentBases.h). Each is
// recorded where one parse's errors show it is due and applied from the next parse on (docs/driver.md, "Code
// written for Visual Studio"); the host compiler reads the same text.
#ifndef AMPCC_FRONTEND_MSVCEDITS_H
#define AMPCC_FRONTEND_MSVCEDITS_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {

// The edits, per file (by its real path), at offsets in the file as it is on disk.
class MsvcEdits {
public:
  // Path's text with the edits applied, or nothing when none is due there.
  std::optional<std::string> apply(llvm::StringRef Path, llvm::StringRef Text) const;
  // Records the insertion of Text at Loc, a location in a buffer that apply() made; false if Loc is not in a
  // user's file (a macro expansion, a system header), lies in text an edit put there, or the insertion is known.
  // It is applied from the next commit() on: the buffers of the parse that reports it stay as they were read.
  bool insert(const clang::SourceManager &SM, clang::SourceLocation Loc, llvm::StringRef Text);
  // Records that the Length characters from Loc become Text; false as for insert(), or if they overlap an edit.
  bool replace(const clang::SourceManager &SM, clang::SourceLocation Loc, unsigned Length, llvm::StringRef Text);
  // Records that the Length characters from From become Left and Text goes in at To: both, or neither (false, as
  // for replace() or insert()).
  bool move(const clang::SourceManager &SM, clang::SourceLocation From, unsigned Length, llvm::StringRef Left,
            clang::SourceLocation To, llvm::StringRef Text);
  // Applies what was recorded since the last commit; false if there was nothing.
  bool commit();
  // How much longer (or shorter) apply() makes Path, a file of Size bytes on disk.
  int64_t sizeChange(llvm::StringRef Path, uint64_t Size) const;

private:
  struct Edit {
    size_t Offset; // in the file on disk
    size_t Length; // of the text on disk it replaces
    std::string Text;
    // By offset; at one offset, insertions before a replacement, so that apply() takes each in turn.
    bool operator<(const Edit &O) const { return Offset != O.Offset ? Offset < O.Offset : Length < O.Length; }
  };
  // Path's applied edits, or null.
  const std::vector<Edit> *editsIn(llvm::StringRef Path) const;
  static int64_t sizeChange(const std::vector<Edit> &List, uint64_t Size);
  bool record(const clang::SourceManager &SM, clang::SourceLocation Loc, unsigned Length, llvm::StringRef Text);

  std::map<std::string, std::vector<Edit>> ByFile; // applied, each sorted by offset
  std::map<std::string, std::vector<Edit>> Pending;
};

} // namespace ampcc

#endif
