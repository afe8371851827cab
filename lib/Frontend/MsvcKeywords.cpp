// The keywords code written for Visual Studio leaves out (see MsvcKeywords.h).
#include "Frontend/MsvcKeywords.h"

#include "Frontend/DiagnosticFilter.h"

#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
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

// The keyword that Clang's error ID says is missing, or "". Each error points at where the keyword goes: the start
// of the qualified name (`typename`) or the template's name (`template`); a fix-it, when there is one, says the same.
llvm::StringRef missingKeyword(unsigned ID) {
  if (ID == diag::err_typename_missing || ID == diag::err_typename_missing_template)
    return "typename ";
  if (ID == diag::err_template_kw_missing || ID == diag::err_missing_dependent_template_keyword)
    return "template ";
  return "";
}

// Passes every diagnostic on, and records the keywords the errors above insert.
class MissingKeywordRecorder : public DiagnosticFilter {
public:
  MissingKeywordRecorder(std::unique_ptr<DiagnosticConsumer> Owned, KeywordInsertions &Into)
      : DiagnosticFilter(std::move(Owned)), Into(Into) {}
  MissingKeywordRecorder(DiagnosticConsumer *Inner, KeywordInsertions &Into) : DiagnosticFilter(Inner), Into(Into) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    llvm::StringRef Keyword = missingKeyword(Info.getID());
    if (!Keyword.empty() && Info.hasSourceManager()) {
      SourceLocation At = Info.getLocation();
      for (const FixItHint &Fix : Info.getFixItHints())
        if (Fix.CodeToInsert == Keyword && Fix.RemoveRange.getBegin() == Fix.RemoveRange.getEnd())
          At = Fix.RemoveRange.getBegin();
      Into.add(Info.getSourceManager(), At, Keyword);
    }
    pass(Level, Info);
  }

private:
  KeywordInsertions &Into;
};

} // namespace

const std::vector<KeywordInsertions::Insertion> *KeywordInsertions::insertionsIn(llvm::StringRef Path) const {
  if (ByFile.empty())
    return nullptr;
  auto It = ByFile.find(realPath(Path));
  return It == ByFile.end() ? nullptr : &It->second;
}

size_t KeywordInsertions::addedBytes(const std::vector<Insertion> &List, uint64_t Size) {
  size_t Added = 0;
  for (const Insertion &I : List)
    if (I.Offset <= Size) // as apply() skips those past the end
      Added += I.Text.size();
  return Added;
}

size_t KeywordInsertions::addedBytes(llvm::StringRef Path, uint64_t Size) const {
  const std::vector<Insertion> *List = insertionsIn(Path);
  return List ? addedBytes(*List, Size) : 0;
}

std::optional<std::string> KeywordInsertions::apply(llvm::StringRef Path, llvm::StringRef Text) const {
  const std::vector<Insertion> *List = insertionsIn(Path);
  if (!List)
    return std::nullopt;
  std::string Out;
  Out.reserve(Text.size() + addedBytes(*List, Text.size()));
  size_t At = 0;
  for (const Insertion &I : *List) {
    if (I.Offset > Text.size())
      break; // the file changed on disk since
    Out.append(Text.substr(At, I.Offset - At).str()).append(I.Text);
    At = I.Offset;
  }
  Out.append(Text.substr(At).str());
  return Out;
}

bool KeywordInsertions::add(const SourceManager &SM, SourceLocation Loc, llvm::StringRef Keyword) {
  if (Loc.isInvalid() || !Loc.isFileID() || SM.isInSystemHeader(Loc))
    return false;
  FileID F = SM.getFileID(Loc);
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F);
  if (!Entry)
    return false;
  std::string Path = realPath(Entry->getName());
  // The buffer holds this file's applied insertions: those before Loc move it right.
  size_t Offset = SM.getFileOffset(Loc);
  if (auto It = ByFile.find(Path); It != ByFile.end())
    for (const Insertion &I : It->second) {
      if (I.Offset + I.Text.size() > Offset)
        break;
      Offset -= I.Text.size();
    }
  Insertion New{Offset, Keyword.str()};
  auto known = [&](const std::map<std::string, std::vector<Insertion>> &In) {
    auto It = In.find(Path);
    return It != In.end() && llvm::any_of(It->second, [&](const Insertion &I) {
             return I.Offset == New.Offset && I.Text == New.Text;
           });
  };
  if (known(ByFile) || known(Pending))
    return false;
  Pending[Path].push_back(std::move(New));
  return true;
}

bool KeywordInsertions::commit() {
  if (Pending.empty())
    return false;
  for (auto &[Path, List] : Pending) {
    std::vector<Insertion> &Into = ByFile[Path];
    Into.insert(Into.end(), List.begin(), List.end());
    std::stable_sort(Into.begin(), Into.end());
  }
  Pending.clear();
  return true;
}

void recordMissingKeywords(CompilerInstance &CI, KeywordInsertions &Into) {
  putInFront<MissingKeywordRecorder>(CI, Into);
}

} // namespace ampcc
