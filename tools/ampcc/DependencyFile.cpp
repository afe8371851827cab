// Make-style dependency files (-M, -MD and friends) that merge the files the translator and the host
// compiler read.
#include "DependencyFile.h"

#include "clang/Frontend/DependencyOutputOptions.h"
#include "clang/Frontend/Utils.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace ampcc {

std::vector<std::string> readMakeDependencies(llvm::StringRef Text) {
  std::vector<std::string> Deps;
  std::string Word;
  bool Prerequisites = false; // past the rule's ':'
  auto endWord = [&] {
    if (!Word.empty() && Prerequisites)
      Deps.push_back(Word);
    Word.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    char Next = I + 1 < Text.size() ? Text[I + 1] : '\0';
    if (C == '\\' && (Next == '\n' || (Next == '\r' && I + 2 < Text.size() && Text[I + 2] == '\n'))) {
      // A continued line: the rule goes on.
      endWord();
      I += Next == '\r' ? 2 : 1;
    } else if (C == '\\' && (Next == ' ' || Next == '#' || Next == '\\')) {
      Word += Next;
      ++I;
    } else if (C == '$' && Next == '$') {
      Word += '$';
      ++I;
    } else if (C == ' ' || C == '\t' || C == '\r') {
      endWord();
    } else if (C == '\n') {
      endWord();
      Prerequisites = false;
    } else if (C == ':' && !Prerequisites && (Next == ' ' || Next == '\t' || Next == '\n' || Next == '\0')) {
      Word.clear();
      Prerequisites = true;
    } else {
      Word += C;
    }
  }
  endWord();
  return Deps;
}

void DependencyFile::add(const std::string &Path, bool IsSystem) {
  std::string Identity = Path;
  llvm::sys::fs::UniqueID ID;
  if (!llvm::sys::fs::getUniqueID(Path, ID))
    Identity = std::to_string(ID.getDevice()) + ":" + std::to_string(ID.getFile());
  if (std::find(Identities.begin(), Identities.end(), Identity) != Identities.end())
    return;
  Identities.push_back(Identity);
  Files.push_back({Path, IsSystem});
}

void DependencyFile::add(const std::vector<SourceDependency> &Deps) {
  for (const SourceDependency &D : Deps)
    add(D.Path, D.IsSystem);
}

namespace {

// Clang's own writer, so the escaping and the -MP rules are the ones Clang's -MD writes.
class MakeRuleWriter : public clang::DependencyFileGenerator {
public:
  using DependencyFileGenerator::DependencyFileGenerator;
  void write(llvm::raw_ostream &OS) { outputDependencyFile(OS); }
};

} // namespace

bool DependencyFile::write(const std::string &Path, const std::vector<std::string> &DefaultTargets) const {
  clang::DependencyOutputOptions Opts;
  Opts.IncludeSystemHeaders = Request.SystemHeaders;
  Opts.UsePhonyTargets = Request.PhonyTargets;
  Opts.Targets = Request.Targets.empty() ? DefaultTargets : Request.Targets;
  Opts.OutputFile = Path;
  MakeRuleWriter Writer(Opts);
  for (const SourceDependency &F : Files)
    Writer.maybeAddDependency(F.Path, /*FromModule=*/false, F.IsSystem, /*IsModuleFile=*/false,
                              /*IsMissing=*/false);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    llvm::errs() << "ampcc: error: cannot write the dependency file '" << Path << "': " << EC.message() << "\n";
    return false;
  }
  Writer.write(OS);
  return true;
}

} // namespace ampcc
