// The on-disk store of the translator's precompiled preambles: an entry's format (its manifest, then the PCH), its
// key, the cache folder and its bound (see PreambleStore.h).
#include "Frontend/PreambleStore.h"
#include "Frontend/PreambleCache.h"
#include "Support/CacheBound.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>

using namespace clang;

namespace ampcc {
namespace {

constexpr llvm::StringLiteral Magic = "AMPCCPR2";
// The cache's size before the least recently used entries go (AMPCC_PREAMBLE_CACHE_MB).
constexpr uint64_t DefaultCacheMB = 2048;

} // namespace

// The cache root follows the runtime's rule for its program cache (runtime/ProgramCache.cpp, cacheDir), written
// in both: the two sides share only the eviction (Support/CacheBound.h).
std::string preambleCacheDir() {
  if (const char *D = std::getenv("AMPCC_PREAMBLE_DIR"); D && *D)
    return D;
  std::string Root;
  if (const char *D = std::getenv("AMPCC_CACHE_DIR"); D && *D)
    Root = D;
  else if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    Root = std::string(X) + "/ampcc";
  else if (const char *H = std::getenv("HOME"); H && *H)
    Root = std::string(H) + "/.cache/ampcc";
  else
    return "";
  return Root + "/preambles";
}

int64_t modTime(const llvm::sys::fs::file_status &S) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(S.getLastModificationTime().time_since_epoch()).count();
}

namespace {

std::string fileLine(const ManifestFile &F) {
  return std::to_string(F.Size) + "\t" + std::to_string(F.ModTime) + "\t" + (F.IsSystem ? "S" : "U") + "\t" + F.Path +
         "\n";
}

bool readFileLine(llvm::StringRef L, ManifestFile &F) {
  llvm::SmallVector<llvm::StringRef, 4> Fields;
  L.split(Fields, '\t', 3);
  if (Fields.size() != 4 || Fields[0].getAsInteger(10, F.Size) || Fields[1].getAsInteger(10, F.ModTime))
    return false;
  F.IsSystem = Fields[2] == "S";
  F.Path = Fields[3].str();
  return true;
}

std::string writeManifest(const Manifest &M) {
  std::string S =
      (M.Usable ? "ok " + std::to_string(M.PCHSize) + " " + std::to_string(M.PCHHash) : "none " + M.Why) + "\n";
  for (const ManifestFile &F : M.Files)
    S += fileLine(F);
  return S;
}

} // namespace

bool readEntry(llvm::StringRef Bytes, Manifest &M, llvm::StringRef &PCH) {
  if (Bytes.size() < 16 || !Bytes.starts_with(Magic))
    return false;
  uint64_t Length = 0;
  std::memcpy(&Length, Bytes.data() + 8, sizeof Length);
  if (Length > Bytes.size() - 16)
    return false;
  llvm::StringRef Text = Bytes.substr(16, Length);
  uint64_t PCHStart = llvm::alignTo(16 + Length, 8);
  PCH = PCHStart <= Bytes.size() ? Bytes.substr(PCHStart) : llvm::StringRef();
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.empty())
    return false;
  llvm::StringRef First = Lines[0];
  M.Usable = First.consume_front("ok ");
  if (M.Usable) {
    auto [Size, Hash] = First.split(' ');
    if (Size.getAsInteger(10, M.PCHSize) || Hash.getAsInteger(10, M.PCHHash) || PCH.size() != M.PCHSize ||
        llvm::xxh3_64bits(PCH) != M.PCHHash)
      return false;
  } else if (!First.consume_front("none ")) {
    return false;
  }
  M.Why = M.Usable ? "" : First.str();
  for (llvm::StringRef L : llvm::ArrayRef(Lines).drop_front()) {
    ManifestFile F;
    if (!readFileLine(L, F))
      return false;
    M.Files.push_back(std::move(F));
  }
  return !M.Usable || !PCH.empty();
}

bool unchanged(const ManifestFile &F) {
  llvm::sys::fs::file_status S;
  return !llvm::sys::fs::status(F.Path, S) && S.getSize() == F.Size && modTime(S) == F.ModTime;
}

bool unchanged(const Manifest &M) {
  return llvm::all_of(M.Files, [](const ManifestFile &F) { return unchanged(F); });
}

std::string entryKey(const CompilerInvocation &Invocation, llvm::StringRef Preamble) {
  std::vector<std::string> Parts = {getClangFullVersion()}, Flags;
  std::string MainPath = Invocation.getFrontendOpts().Inputs[0].getFile().str();
  std::string MainName = Invocation.getCodeGenOpts().MainFileName;
  for (const std::string &Arg : Invocation.getCC1CommandLine()) {
    llvm::StringRef A(Arg);
    if (A.starts_with("-fdebug-compilation-dir=") || A.starts_with("-fcoverage-compilation-dir="))
      Flags.push_back(A.split('=').first.str());
    else
      Flags.push_back(Arg == MainPath ? "<source>" : Arg == MainName ? "<name>" : Arg);
  }
  Parts.insert(Parts.end(), Flags.begin(), Flags.end());
  Parts.push_back(Preamble.str());
  return preambleKey("ampcc preamble 3", Parts, Flags);
}

bool relativePathsIn(llvm::ArrayRef<std::string> Flags) {
  // Options whose value is a path, separate or joined ("-I dir", "-Idir", "--sysroot=dir").
  static const char *const PathOptions[] = {"-internal-externc-isystem",
                                            "-internal-isystem",
                                            "-iwithprefixbefore",
                                            "-iwithprefix",
                                            "-resource-dir",
                                            "-idirafter",
                                            "-isysroot",
                                            "-isystem",
                                            "--sysroot",
                                            "-iprefix",
                                            "-iquote",
                                            "-cxx-isystem",
                                            "-I"};
  auto relative = [](llvm::StringRef Path) { return !Path.empty() && !llvm::sys::path::is_absolute(Path); };
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef F(Flags[I]);
    std::optional<llvm::StringRef> Next =
        I + 1 < Flags.size() ? std::optional<llvm::StringRef>(Flags[I + 1]) : std::nullopt;
    // A forced include is looked for in the working directory first: only a file there makes it relative.
    if (F == "-include" || F == "-imacros") {
      if (Next && relative(*Next) && llvm::sys::fs::exists(*Next))
        return true;
      ++I;
      continue;
    }
    for (llvm::StringRef O : PathOptions) {
      if (!F.starts_with(O))
        continue;
      llvm::StringRef Value = F.drop_front(O.size());
      if (Value.empty()) {
        if (Next && relative(*Next))
          return true;
        ++I;
      } else if (relative(Value.starts_with("=") ? Value.drop_front() : Value)) {
        return true;
      }
      break;
    }
  }
  return false;
}

std::string preambleKey(llvm::StringRef Kind, llvm::ArrayRef<std::string> Parts, llvm::ArrayRef<std::string> Flags) {
  llvm::SHA256 H;
  auto add = [&](llvm::StringRef S) {
    H.update(S);
    H.update(llvm::StringRef("\0", 1));
  };
  add(Kind);
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  add(Exe);
  llvm::sys::fs::file_status S;
  if (!llvm::sys::fs::status(Exe, S)) {
    add(std::to_string(S.getSize()));
    add(std::to_string(llvm::sys::toTimeT(S.getLastModificationTime())));
  }
  llvm::SmallString<256> Cwd;
  if (relativePathsIn(Flags) && !llvm::sys::fs::current_path(Cwd))
    add(Cwd);
  for (const std::string &P : Parts)
    add(P);
  return llvm::toHex(H.final(), /*LowerCase=*/true).substr(0, 40);
}

namespace {
std::string &shippedPreludeDirSetting() {
  static std::string Dir;
  return Dir;
}
} // namespace

void setShippedPreludeDir(std::string Dir) { shippedPreludeDirSetting() = std::move(Dir); }

std::string shippedPreludeDir() {
  if (const char *D = std::getenv("AMPCC_SHIPPED_PRELUDES"))
    return llvm::StringRef(D) == "0" ? "" : D;
  return shippedPreludeDirSetting();
}

bool writeFileAtomically(const std::string &Path, llvm::ArrayRef<llvm::StringRef> Parts) {
  llvm::SmallString<256> Temp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + ".%%%%%%%%.tmp", FD, Temp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    for (llvm::StringRef P : Parts)
      OS << P;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

std::string recordFiles(const std::vector<PreambleFile> &Files) {
  std::string S;
  for (const PreambleFile &P : Files) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(P.Path, St))
      continue;
    S += fileLine({P.Path, St.getSize(), modTime(St), P.IsSystem});
  }
  return S;
}

bool recordedFilesUnchanged(llvm::StringRef Record) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Record.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  return llvm::all_of(Lines, [](llvm::StringRef L) {
    ManifestFile F;
    return readFileLine(L, F) && unchanged(F);
  });
}

std::vector<PreambleFile> recordedFiles(llvm::StringRef Record) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Record.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<PreambleFile> Files;
  for (llvm::StringRef L : Lines)
    if (ManifestFile F; readFileLine(L, F))
      Files.push_back({F.Path, F.IsSystem});
  return Files;
}

std::string entryBytes(const Manifest &M, llvm::StringRef PCH) {
  std::string Text = writeManifest(M);
  uint64_t Length = Text.size();
  std::string Bytes(Magic.data(), Magic.size());
  Bytes.append(reinterpret_cast<const char *>(&Length), sizeof Length);
  Bytes += Text;
  Bytes.resize(llvm::alignTo(Bytes.size(), 8), '\0');
  Bytes += PCH;
  return Bytes;
}

void evictPreambles(const std::string &Dir, llvm::StringRef Keep) {
  // An entry is every file named <key>.*; a <key>.seen stamp is a marker, kept a month (Support/CacheBound.h).
  cache::EvictionPolicy Policy;
  Policy.CapBytes = cache::capFromEnvironment("AMPCC_PREAMBLE_CACHE_MB", DefaultCacheMB);
  Policy.Keep = Keep.str();
  Policy.MarkerSuffix = ".seen";
  Policy.MarkerAge = std::chrono::hours(24 * 30);
  cache::evictLeastRecentlyUsed(Dir, Policy);
}

} // namespace ampcc
