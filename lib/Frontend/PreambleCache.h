// The translator's precompiled preambles: the system headers a source includes before its first line of
// code (amp.h and the C++ library, most of a C++ AMP file's parse), precompiled once and kept on disk, so
// later translations of the same source parse only the source (issue 14;
// docs/design/preludes.md).
#ifndef AMPCC_FRONTEND_PREAMBLECACHE_H
#define AMPCC_FRONTEND_PREAMBLECACHE_H

#include "clang/Basic/FileManager.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
class CompilerInvocation;
class PCHContainerOperations;
} // namespace clang

namespace ampcc {

// When a source's preamble is precompiled (AMPCC_PREAMBLE): never ("0", "off"), on its first translation
// ("always"), or on its second (the default: a file compiled once, as in a clean build or a test suite, pays
// nothing; a file compiled again, as in an edit-compile cycle, gets it from then on). "prelude" precompiles
// the prelude (amp.h alone) at once and never a source's own preamble: how the build makes the shipped
// preludes (shippedPreludeDir).
enum class PreamblePolicy { Off, Repeated, Always, PreludeNow };
PreamblePolicy preamblePolicyFromEnvironment();

// What a preamble build needs from the translator: its preprocessor set-up (pragma handlers, diagnostic
// severities) and a consumer that runs beside the precompiled header's writer (restriction inference).
struct PreambleHooks {
  std::function<void(clang::CompilerInstance &)> SetUp;
  std::function<std::unique_ptr<clang::ASTConsumer>()> Consumer;
};

// A file the precompiled preamble read, for the translation's dependency list.
struct PreambleFile {
  std::string Path;
  bool IsSystem = true;
};

// What became of one source's preamble.
struct PreambleUse {
  enum class Outcome { None, FirstSight, Built, Reused } What = Outcome::None;
  std::string Why;         // for None: the reason, in words
  std::string CacheFile;   // the cache entry
  double BuildSeconds = 0; // for Built: the precompile's own time
  std::vector<PreambleFile> Files;
  std::string Text; // for Built and Reused: the preamble, the source's first bytes
  // Whether the source's system preamble (precompiled or not) includes <amp.h> after standard headers only: the
  // host compile may then start from the prelude, amp.h precompiled once for every source with the same flags
  // (HostPreamble.h).
  bool IncludesAmpHeader = false;
  // Whether the entry is the prelude, amp.h precompiled alone, which a source whose own preamble is not
  // precompiled (yet) loads in front of itself: it skips none of the source's bytes, and Text stays empty.
  // AmpHeaderLine: the line of the source's #include <amp.h>, where diagnostics say amp.h was included.
  bool Prelude = false;
  unsigned AmpHeaderLine = 0;
  // Whether the entry came from the shipped preludes, made when ampcc was built or installed (read only).
  bool Shipped = false;
  // The name the preamble was precompiled under (one entry serves every source with the same preamble and
  // flags), which diagnostics show for the source's first lines; and the source's own path.
  std::string Origin, Source;
  // For Built and Reused: the entry's bytes (mapped while the parse reads them) and the file manager the
  // parse must use, which serves the precompiled header from them.
  std::unique_ptr<llvm::MemoryBuffer> Entry;
  llvm::IntrusiveRefCntPtr<clang::FileManager> FileMgr;

  bool used() const { return What == Outcome::Built || What == Outcome::Reused; }
  std::string describe() const;
};

// Points Invocation, the translator's parse of its one source, at a precompiled preamble when Policy allows
// and the source starts with #include lines of system headers: one from the cache when still valid (every
// file it read unchanged), else built now. Files is the file manager of the parse; the result's FileMgr
// replaces it when a preamble is used.
PreambleUse preparePreamble(clang::CompilerInvocation &Invocation, clang::FileManager &Files,
                            std::shared_ptr<clang::PCHContainerOperations> PCH, PreamblePolicy Policy,
                            const PreambleHooks &Hooks);

// Clang's text diagnostics, written through: a translation from a precompiled preamble sees the preamble's
// copy of the source, under the name it was precompiled under (Origin), included at the source's first line.
// That would name Origin for the source's first lines and add a line "In file included from SOURCE:1:" above
// the source's real include line; this stream names Source instead and drops that line. The prelude's copy is
// `#include <amp.h>` alone, so its line 1 is the source's PreludeLine. A precompiled header keeps the absolute
// paths of the files it holds: one of Files (the entry's) that the parse found by a relative path (through
// -isystem sys) is named as found, as without the entry.
class PreambleIncludeStackFilter : public llvm::raw_ostream {
public:
  PreambleIncludeStackFilter(llvm::raw_ostream &Out, std::string Origin, std::string Source, unsigned PreludeLine = 0,
                             const std::vector<PreambleFile> &Files = {});
  ~PreambleIncludeStackFilter() override;
  bool has_colors() const override { return Out.has_colors(); }

private:
  void write_impl(const char *Ptr, size_t Size) override;
  uint64_t current_pos() const override { return Written; }
  void line(std::string L);
  llvm::raw_ostream &Out;
  std::string Origin, Source;
  unsigned PreludeLine; // for the prelude: the source's line that includes amp.h, which Origin's line 1 means
  std::vector<std::pair<std::string, std::string>> AsFound; // "absolute:" -> "relative:", for Files
  std::string Line, Held; // Held: "In file included from SOURCE:1:", until the next line says what it is
  uint64_t Written = 0;
};

// The folder of precompiled preambles, the translator's and the host compiler's: AMPCC_PREAMBLE_DIR, else
// the preambles folder of ampcc's cache (AMPCC_CACHE_DIR, $XDG_CACHE_HOME/ampcc or ~/.cache/ampcc, where the
// runtime keeps its programs); "" when none can be named.
std::string preambleCacheDir();

// The preludes made for the default flags when ampcc was built or installed, read only, consulted when the cache has no
// valid prelude (docs/design/preludes.md, "Shipped preludes"): AMPCC_SHIPPED_PRELUDES ("0": none), else the folder the
// driver named with setShippedPreludeDir; "" when none.
std::string shippedPreludeDir();
void setShippedPreludeDir(std::string Dir);

// The name of a cache entry of Kind: a hash of Parts (what the entry was made from), of ampcc's executable
// (its path, size and time) and, when Flags name a path relative to it (relativePathsIn), of the working
// directory. Flags are the entry's command line, which Parts already hold.
std::string preambleKey(llvm::StringRef Kind, llvm::ArrayRef<std::string> Parts, llvm::ArrayRef<std::string> Flags);

// Whether a compiler command line depends on the working directory: a search path, sysroot or resource folder
// given relative to it, or a forced include (-include, -imacros) that a file below it would answer (Clang and
// GCC look there first).
bool relativePathsIn(llvm::ArrayRef<std::string> Flags);

// Writes Parts, one after the other, to Path through a temporary file renamed into place, so that a reader
// sees the old file or the new one, never a part.
bool writeFileAtomically(const std::string &Path, llvm::ArrayRef<llvm::StringRef> Parts);

// Keeps the folder within AMPCC_PREAMBLE_CACHE_MB (default 2048): the least recently used entries (all files
// named <key>.*) go first; entry Keep, the one just made, stays.
void evictPreambles(const std::string &Dir, llvm::StringRef Keep);

// Files as they are now (size, modification time), one line each; whether a record still holds; and the files
// a record lists.
std::string recordFiles(const std::vector<PreambleFile> &Files);
bool recordedFilesUnchanged(llvm::StringRef Record);
std::vector<PreambleFile> recordedFiles(llvm::StringRef Record);

// The C++ standard library's headers and the C headers it includes by name, which the prelude may follow.
bool isStandardHeader(llvm::StringRef Name);

// The length of Source's preamble as ampcc precompiles it: the leading lines that are blank, comments, or
// `#include <...>` of a header that no -I directory in AngledDirs holds; 0 when there is none. Includes, when
// given, receives the headers those lines include, as spelled between the angle brackets, with their lines.
size_t systemIncludePreamble(llvm::StringRef Source, const std::vector<std::string> &AngledDirs,
                             std::vector<std::pair<std::string, unsigned>> *Includes = nullptr);

} // namespace ampcc

#endif
