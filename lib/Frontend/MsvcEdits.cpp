// The edits code written for Visual Studio needs, made in memory (see MsvcEdits.h).
#include "Frontend/MsvcEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

using namespace clang;

namespace ampcc {
namespace {

std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return Real.str().str();
}

} // namespace

const std::vector<MsvcEdits::Edit> *MsvcEdits::editsIn(llvm::StringRef Path) const {
  if (ByFile.empty())
    return nullptr;
  auto It = ByFile.find(realPath(Path));
  return It == ByFile.end() ? nullptr : &It->second;
}

int64_t MsvcEdits::sizeChange(const std::vector<Edit> &List, uint64_t Size) {
  int64_t Change = 0;
  for (const Edit &E : List)
    if (E.Offset + E.Length <= Size) // as apply() skips those past the end
      Change += int64_t(E.Text.size()) - int64_t(E.Length);
  return Change;
}

int64_t MsvcEdits::sizeChange(llvm::StringRef Path, uint64_t Size) const {
  const std::vector<Edit> *List = editsIn(Path);
  return List ? sizeChange(*List, Size) : 0;
}

std::optional<std::string> MsvcEdits::apply(llvm::StringRef Path, llvm::StringRef Text) const {
  const std::vector<Edit> *List = editsIn(Path);
  if (!List)
    return std::nullopt;
  std::string Out;
  Out.reserve(Text.size() + std::max<int64_t>(0, sizeChange(*List, Text.size())));
  size_t At = 0;
  for (const Edit &E : *List) {
    if (E.Offset + E.Length > Text.size())
      break; // the file changed on disk since
    if (E.Offset < At)
      continue; // overlaps the one before, which record() refuses
    Out.append(Text.substr(At, E.Offset - At).str()).append(E.Text);
    At = E.Offset + E.Length;
  }
  Out.append(Text.substr(At).str());
  return Out;
}

bool MsvcEdits::insert(const SourceManager &SM, SourceLocation Loc, llvm::StringRef Text) {
  return record(SM, Loc, 0, Text);
}

bool MsvcEdits::replace(const SourceManager &SM, SourceLocation Loc, unsigned Length, llvm::StringRef Text) {
  return record(SM, Loc, Length, Text);
}

bool MsvcEdits::move(const SourceManager &SM, SourceLocation From, unsigned Length, llvm::StringRef Left,
                     SourceLocation To, llvm::StringRef Text) {
  if (!record(SM, From, Length, Left))
    return false;
  // The replacement is the last pending edit of its file: taken back if the insertion has no place.
  std::string Path = realPath(SM.getFileEntryRefForID(SM.getFileID(From))->getName());
  if (record(SM, To, 0, Text))
    return true;
  std::vector<Edit> &List = Pending[Path];
  List.pop_back();
  if (List.empty())
    Pending.erase(Path);
  return false;
}

bool MsvcEdits::record(const SourceManager &SM, SourceLocation Loc, unsigned Length, llvm::StringRef Text) {
  if (Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc))
    return false;
  FileID F = SM.getFileID(Loc);
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F);
  if (!Entry)
    return false;
  std::string Path = realPath(Entry->getName());
  const std::vector<Edit> *Applied = nullptr;
  if (auto It = ByFile.find(Path); It != ByFile.end())
    Applied = &It->second;
  // The buffer holds this file's applied edits: those before an offset move it. An offset inside the text of
  // one has no place on disk.
  auto onDisk = [&](size_t Offset) -> std::optional<size_t> {
    int64_t Delta = 0; // buffer minus disk
    if (Applied)
      for (const Edit &E : *Applied) {
        size_t Start = E.Offset + Delta, End = Start + E.Text.size();
        if (Offset >= End && Offset != Start) {
          Delta += int64_t(E.Text.size()) - int64_t(E.Length);
          continue;
        }
        if (Offset > Start)
          return std::nullopt;
        break;
      }
    return Offset - Delta;
  };
  size_t Begin = SM.getFileOffset(Loc);
  std::optional<size_t> From = onDisk(Begin), To = onDisk(Begin + Length);
  if (!From || !To || *To < *From)
    return false;
  Edit New{*From, *To - *From, Text.str()};
  auto clashes = [&](const std::map<std::string, std::vector<Edit>> &In) {
    auto It = In.find(Path);
    return It != In.end() && llvm::any_of(It->second, [&](const Edit &E) {
             if (E.Offset == New.Offset && E.Length == New.Length && E.Text == New.Text)
               return true; // known
             // Text inside a replaced range, or two replaced ranges that meet.
             auto inside = [](size_t P, const Edit &R) { return R.Offset < P && P < R.Offset + R.Length; };
             return inside(New.Offset, E) || inside(E.Offset, New) ||
                    (New.Length && E.Length && New.Offset == E.Offset);
           });
  };
  if (clashes(ByFile) || clashes(Pending))
    return false;
  Pending[Path].push_back(std::move(New));
  return true;
}

bool MsvcEdits::commit() {
  if (Pending.empty())
    return false;
  for (auto &[Path, List] : Pending) {
    std::vector<Edit> &Into = ByFile[Path];
    Into.insert(Into.end(), List.begin(), List.end());
    std::stable_sort(Into.begin(), Into.end());
  }
  Pending.clear();
  return true;
}

} // namespace ampcc
