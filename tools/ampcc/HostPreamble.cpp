// The host compile's precompiled preamble (see HostPreamble.h).
//
// The cache entry <key> is <key>.h (the preamble as a header: the forced includes, the translated source's
// own first directives, the user's #include lines), the host compiler's precompiled header beside it
// (<key>.h.gch for GCC, <key>.h.pch for Clang) and <key>.files (every file the precompile read, with size and
// modification time, checked before each use). A compile links the precompiled header into its own
// temporary folder, so that an eviction or a concurrent rebuild cannot take it away mid-compile.
#include "HostPreamble.h"
#include "DependencyFile.h"
#include "Frontend/PreambleCache.h"
#include "Support/CacheBound.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <unistd.h>

namespace ampcc {
namespace {

// Replaces every character of Text[Begin, End) but line breaks with a space: lines and columns stay.
void blank(std::string &Text, size_t Begin, size_t End) {
  for (size_t I = Begin; I < End; ++I)
    if (Text[I] != '\n')
      Text[I] = ' ';
}

// The compiler is named by the program it is (c++, /usr/bin/c++ and g++-12 may be one) and its version text.
std::string keyOf(const HostCompiler &Cxx, const std::vector<std::string> &Flags, llvm::StringRef Header) {
  std::string Program = Cxx.Path;
  if (llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Cxx.Path)) {
    llvm::SmallString<256> Real;
    Program = llvm::sys::fs::real_path(*Found, Real) ? *Found : Real.str().str();
  }
  std::vector<std::string> Parts = {Program, Cxx.Version};
  Parts.insert(Parts.end(), Flags.begin(), Flags.end());
  Parts.push_back(Header.str());
  return "h" + preambleKey("ampcc host preamble 3", Parts, Flags);
}

// Runs the host compiler's precompile of Header into Out; the files it read go to Record.
bool precompile(const HostCompiler &Cxx, const std::vector<std::string> &Flags, const std::string &Header,
                const std::string &Out, std::string &Record) {
  llvm::ErrorOr<std::string> Prog = llvm::sys::findProgramByName(Cxx.Path);
  if (!Prog)
    return false;
  std::string Deps = Out + ".d";
  std::vector<llvm::StringRef> Args = {Cxx.Path};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  // Clang instantiates the templates the header's own code uses while precompiling it, not in every compile
  // that loads it (GCC's precompiled headers keep instantiations already).
  if (Cxx.Kind == HostCompilerKind::Clang)
    Args.push_back("-fpch-instantiate-templates");
  for (llvm::StringRef A : {"-x", "c++-header", "-MD", "-MF"})
    Args.push_back(A);
  Args.push_back(Deps);
  for (llvm::StringRef A : {llvm::StringRef(Header), llvm::StringRef("-o"), llvm::StringRef(Out)})
    Args.push_back(A);
  // Its diagnostics are the compile's to report: a preamble that does not precompile is not used.
  std::optional<llvm::StringRef> Quiet[] = {llvm::StringRef(""), llvm::StringRef(""), llvm::StringRef("")};
  bool Ok = llvm::sys::ExecuteAndWait(*Prog, Args, std::nullopt, Quiet) == 0;
  auto Text = llvm::MemoryBuffer::getFile(Deps);
  llvm::sys::fs::remove(Deps);
  if (!Ok || !Text)
    return false;
  std::vector<PreambleFile> Files;
  for (std::string &P : readMakeDependencies((*Text)->getBuffer()))
    Files.push_back({std::move(P), true});
  Record = recordFiles(Files);
  return true;
}

// Puts Target at Link (a hard link, or a copy across file systems). A shipped prelude's files are linked
// symbolically: another user's files may not be hard-linked (protected_hardlinks), and nothing evicts them.
bool place(const std::string &Target, const std::string &Link, bool Shipped = false) {
  if (Shipped && !llvm::sys::fs::create_link(Target, Link))
    return true;
  return !llvm::sys::fs::create_hard_link(Target, Link) || !llvm::sys::fs::copy_file(Target, Link);
}

} // namespace

std::optional<HostPreamble> prepareHostPreamble(const HostCompiler &Cxx, const std::vector<std::string> &Flags,
                                                llvm::StringRef HostSource, const HostPreambleStart &From,
                                                const std::string &TempDir, std::string &Why) {
  if (Cxx.Kind == HostCompilerKind::Other) {
    Why = "the host compiler is neither GCC nor Clang";
    return std::nullopt;
  }
  llvm::StringRef PreambleText = From.SourcePreamble;
  if (PreambleText.empty() && !From.Prelude) {
    Why = "the translation used none and the source's preamble does not include <amp.h>";
    return std::nullopt;
  }
  // Where the user's text starts: after the prologue ampcc writes, whose last line is `#line 1 "source"` (its
  // only line in a file without kernels).
  size_t Line = HostSource.find("#line 1 \"");
  size_t End = Line == llvm::StringRef::npos ? Line : HostSource.find('\n', Line);
  if (End == llvm::StringRef::npos || (Line > 0 && HostSource[Line - 1] != '\n') ||
      !HostSource.substr(End + 1).starts_with(PreambleText)) {
    Why = "the translated source does not start with the source's preamble";
    return std::nullopt;
  }
  size_t Start = End + 1;
  HostPreamble P;
  P.Source = HostSource.str();
  // The header: the forced includes, then the prologue's directives (its declarations stay in the source,
  // after the preamble: they name only ampcc's runtime types), then the user's #include lines or amp.h.
  std::string Header;
  std::vector<std::string> Forced;
  for (size_t I = 0; I < Flags.size(); ++I) {
    if (Flags[I] == "-include" && I + 1 < Flags.size()) {
      Forced.push_back(Flags[++I]);
      Header += "#include \"" + Forced.back() + "\"\n";
      continue;
    }
    P.Flags.push_back(Flags[I]);
  }
  for (size_t Pos = 0; Pos < Start;) {
    size_t Next = HostSource.find('\n', Pos);
    Next = Next == llvm::StringRef::npos ? Start : std::min(Next + 1, Start);
    llvm::StringRef L = HostSource.slice(Pos, Next);
    if (L.starts_with("#") && !L.starts_with("#line")) {
      if (!L.starts_with("#define ") && !L.starts_with("#include <")) {
        Why = "the translated source's prologue has a directive ampcc does not move";
        return std::nullopt;
      }
      Header += L.rtrim("\n").str() + "\n";
      blank(P.Source, Pos, Next);
    }
    Pos = Next;
  }
  // A forced include is looked for in the working directory first, the precompiled header's from its own
  // folder: a file there that answers one would be read without the preamble and not with it. So too the
  // source's folder for the prelude, whose precompile leaves out that folder's -iquote (below).
  for (const std::string &F : Forced) {
    llvm::SmallString<256> InSourceDir(From.SourceDir);
    llvm::sys::path::append(InSourceDir, F);
    if (!llvm::sys::path::is_absolute(F) && llvm::sys::fs::exists(F))
      Why = "the working directory holds " + F + ", which ampcc includes";
    else if (From.Prelude && llvm::sys::fs::exists(InSourceDir))
      Why = "the source's folder holds " + F + ", which ampcc includes";
    else
      continue;
    return std::nullopt;
  }
  // The flags the header is precompiled with, part of the key. The prelude's leave out the source folder's
  // -iquote, so that one entry serves every folder: nothing in the header is found through it unless the
  // folder holds a forced include's name, and then no prelude.
  std::vector<std::string> BuildFlags = P.Flags;
  if (From.Prelude) {
    llvm::erase(BuildFlags, "-iquote" + From.SourceDir);
    Header += "#include <amp.h>\n";
  } else {
    // Not under the source's name (a `#line`): the entry serves every source of the folder with the same
    // preamble and flags, so the host compiler's include stacks for its headers name the preamble header. The
    // translator parsed those headers first and reports their errors under the source's name.
    Header += PreambleText.str();
    if (!Header.empty() && Header.back() != '\n')
      Header += "\n";
    blank(P.Source, Start, Start + PreambleText.size());
  }

  std::string Dir = preambleCacheDir();
  if (Dir.empty() || llvm::sys::fs::create_directories(Dir)) {
    Why = "no cache folder (set AMPCC_PREAMBLE_DIR)";
    return std::nullopt;
  }
  std::string Key = keyOf(Cxx, BuildFlags, Header);
  std::string Ext = Cxx.Kind == HostCompilerKind::Gcc ? ".h.gch" : ".h.pch";
  std::string Base, Pch, HeaderFile, FilesFile, Files;
  auto validIn = [&](const std::string &Folder) {
    Base = Folder + "/" + Key;
    Pch = Base + Ext, HeaderFile = Base + ".h", FilesFile = Base + ".files";
    auto Record = llvm::MemoryBuffer::getFile(FilesFile);
    bool Ok = Record && llvm::sys::fs::exists(Pch) && recordedFilesUnchanged((*Record)->getBuffer());
    Files = Ok ? (*Record)->getBuffer().str() : "";
    return Ok;
  };
  // The cache's entry, else for the prelude the one shipped with ampcc (read only), else the cache's to make.
  std::string Shipped = From.Prelude ? shippedPreludeDir() : "";
  bool Valid = validIn(Dir), FromShipped = false;
  if (!Valid && !Shipped.empty()) {
    Valid = FromShipped = validIn(Shipped);
    if (!Valid)
      validIn(Dir);
  }
  // The prelude is precompiled on its second use, as the translator's preambles are (PreamblePolicy): a single
  // compile with a set of flags pays nothing for it.
  std::string Seen = Base + ".seen";
  if (!Valid && From.Prelude && preamblePolicyFromEnvironment() == PreamblePolicy::Repeated &&
      !llvm::sys::fs::exists(Seen)) {
    writeFileAtomically(Seen, {});
    Why = "the prelude's first use with these flags (precompiled on its second)";
    return std::nullopt;
  }
  // A prelude its host compiler could not precompile is not tried again with the same flags.
  std::string Unusable = Base + ".unusable";
  if (!Valid && From.Prelude && llvm::sys::fs::exists(Unusable)) {
    Why = "the host compiler could not precompile the prelude with these flags";
    return std::nullopt;
  }
  if (!Valid) {
    auto Begin = std::chrono::steady_clock::now();
    std::string Temp = Base + ".building." + std::to_string(::getpid()) + ".tmp";
    // The record lists the precompiled header too (size and time), so that one cut short on disk is made again:
    // the host compiler stops at a malformed one.
    bool Built = writeFileAtomically(HeaderFile, {Header}) && precompile(Cxx, BuildFlags, HeaderFile, Temp, Files) &&
                 !llvm::sys::fs::rename(Temp, Pch) &&
                 writeFileAtomically(FilesFile, {Files + recordFiles({{Pch, true}})});
    llvm::sys::fs::remove(Temp);
    P.BuildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin).count();
    if (!Built) {
      if (From.Prelude)
        writeFileAtomically(Unusable, {});
      Why = "the host compiler could not precompile it";
      return std::nullopt;
    }
    evictPreambles(Dir, Key);
  } else if (!FromShipped) {
    // Recently used: the last to be evicted (the record's time, not the precompiled header's, which it lists).
    cache::markUsed(FilesFile);
  }
  // This compile's own links: the cache's files may go while it runs.
  std::string LocalHeader = TempDir + "/preamble.h", LocalPch = LocalHeader + Ext.substr(2);
  if (!place(Pch, LocalPch, FromShipped)) {
    Why = "the precompiled header could not be placed in " + TempDir;
    return std::nullopt;
  }
  if (Cxx.Kind == HostCompilerKind::Gcc) {
    // GCC takes the .gch beside the header, or the header itself when the .gch does not fit.
    if (!place(HeaderFile, LocalHeader, FromShipped) && !writeFileAtomically(LocalHeader, {Header})) {
      Why = "the preamble header could not be placed in " + TempDir;
      return std::nullopt;
    }
    P.Flags.insert(P.Flags.begin(), {"-include", LocalHeader});
  } else {
    // The .files record already checked what Clang would check (and Clang's check would fail on the cache
    // header that this compile does not read).
    P.Flags.insert(P.Flags.begin(), {"-include-pch", LocalPch, "-Xclang", "-fno-validate-pch"});
  }
  const std::string &Folder = FromShipped ? Shipped : Dir;
  for (PreambleFile &F : recordedFiles(Files))
    if (!llvm::StringRef(F.Path).starts_with(Folder + "/"))
      P.Files.push_back(std::move(F.Path));
  P.Note = std::string(FromShipped ? "host shipped precompiled " : "host precompiled ") +
           (From.Prelude ? "prelude " : "preamble ") + (Valid ? "reused (" : "built (") + Pch + ")";
  return P;
}

} // namespace ampcc
