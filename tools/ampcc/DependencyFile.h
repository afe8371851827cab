// Make-style dependency files (-M, -MD and friends) that merge the files the translator and the host
// compiler read.
#ifndef AMPCC_TOOLS_DEPENDENCYFILE_H
#define AMPCC_TOOLS_DEPENDENCYFILE_H

#include "CommandLine.h"
#include "Translator.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ampcc {

// The prerequisites of a make-style dependency file (gcc's -MF output), unescaped; targets are dropped.
std::vector<std::string> readMakeDependencies(llvm::StringRef Text);

class DependencyFile {
public:
  explicit DependencyFile(const DependencyRequest &Request) : Request(Request) {}
  // Files in the order read; a file already listed (under any spelling) is skipped.
  void add(const std::string &Path, bool IsSystem);
  void add(const std::vector<SourceDependency> &Deps);
  // Writes the rule for Targets (the -MT/-MQ ones when given) to Path, "-" for stdout. False on error,
  // reported as "ampcc: error: ...".
  bool write(const std::string &Path, const std::vector<std::string> &DefaultTargets) const;

private:
  const DependencyRequest &Request;
  std::vector<SourceDependency> Files;
  std::vector<std::string> Identities; // where a file lives (device and inode), for spellings of one file
};

} // namespace ampcc

#endif
