// The translator's precompiled preambles (see PreambleCache.h): built, checked and loaded; the entries on disk are
// PreambleStore's, where a source's preamble ends is PreambleBounds'.
//
// A preamble is precompiled the way clangd and libclang precompile theirs (a PCH of the main file cut at the
// end of its preamble, loaded with PrecompiledPreambleBytes so the parse skips those bytes), but kept on disk
// across processes. Clang's own check of a loaded PCH's inputs is off for preambles, so each cache entry
// carries its manifest: every file the build read, with size and modification time, checked before use.
//
// An entry is one file, written to a temporary name and renamed into place: the manifest, then the PCH.
// The parse reads the PCH from the entry's bytes mapped in memory, through an in-memory file, so a
// concurrent build replacing the entry or an eviction removing it cannot change what this parse reads.
#include "Frontend/PreambleCache.h"
#include "Frontend/PreambleStore.h"
#include "Support/CacheBound.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>

using namespace clang;

namespace ampcc {

namespace {

// Records every file the build enters, system headers included.
class FileRecorder : public DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
};

// Parses the preamble and writes it as a PCH into Buffer, with the translator's own set-up; notes whether a
// header outside the system directories took part (the host rewrite needs those parsed with the source).
class PreambleBuildAction : public ASTFrontendAction {
public:
  PreambleBuildAction(const PreambleHooks &Hooks, std::shared_ptr<PCHBuffer> Buffer)
      : Hooks(Hooks), Buffer(std::move(Buffer)) {}

  std::string UserHeader; // the first header outside the system directories, if any

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (Hooks.SetUp)
      Hooks.SetUp(CI);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
    std::string Sysroot;
    if (!GeneratePCHAction::ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    if (!CI.getFrontendOpts().RelocatablePCH)
      Sysroot.clear();
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    if (Hooks.Consumer)
      Consumers.push_back(Hooks.Consumer());
    Consumers.push_back(std::make_unique<PCHGenerator>(CI.getPreprocessor(), CI.getModuleCache(), "", Sysroot, Buffer,
                                                       llvm::ArrayRef<std::shared_ptr<ModuleFileExtension>>(),
                                                       /*AllowASTWithErrors=*/false));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N && UserHeader.empty(); ++I) {
      const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
      if (!E.isFile() || SrcMgr::isSystem(E.getFile().getFileCharacteristic()))
        continue;
      FileID F = SM.getFileID(SourceLocation::getFromRawEncoding(E.getOffset()));
      if (F == SM.getMainFileID())
        continue;
      if (OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F))
        UserHeader = Entry->getName().str();
    }
  }
  TranslationUnitKind getTranslationUnitKind() override { return TU_Prefix; }
  bool hasASTFileSupport() const override { return false; }
  bool hasCodeCompletionSupport() const override { return false; }

private:
  const PreambleHooks &Hooks;
  std::shared_ptr<PCHBuffer> Buffer;
};

// Precompiles the first Size bytes of MainText: the entry's manifest and PCH (empty when unusable).
Manifest buildPreamble(const CompilerInvocation &Invocation, FileManager &Files, llvm::StringRef MainText, size_t Size,
                       const std::string &Origin, bool AsPreamble, std::shared_ptr<PCHContainerOperations> PCHOps,
                       const PreambleHooks &Hooks, std::string &PCH) {
  Manifest M;
  auto Inv = std::make_shared<CompilerInvocation>(Invocation);
  Inv->getFrontendOpts().ProgramAction = frontend::GeneratePCH;
  Inv->getDiagnosticOpts().VerifyDiagnostics = false;
  Inv->getLangOpts().CompilingPCH = true;
  // The templates the headers' own code uses are instantiated here, once, not at the end of every parse that
  // loads the entry (Clang's -fpch-instantiate-templates): a translation from the seed's preamble took 0.50 s
  // without, 0.19 s with; the translations of every e2e program are byte for byte the same.
  Inv->getLangOpts().PCHInstantiateTemplates = true;
  PreprocessorOptions &PPOpts = Inv->getPreprocessorOpts();
  PPOpts.PrecompiledPreambleBytes = {0, false};
  // The preprocessor keeps what the preamble's end leaves open, as for clangd's preambles. The prelude is a
  // whole header, loaded as an ordinary precompiled header.
  PPOpts.GeneratePreamble = AsPreamble;
  // Parsed under a name of its own, not the source's: the entry serves every source with the same preamble and
  // flags, and the translation's diagnostics name their source in its place (PreambleIncludeStackFilter).
  FrontendInputFile &Input = Inv->getFrontendOpts().Inputs[0];
  Input = FrontendInputFile(Origin, Input.getKind(), Input.isSystem());
  PPOpts.addRemappedFile(Origin, llvm::MemoryBuffer::getMemBufferCopy(MainText.take_front(Size), Origin).release());

  CompilerInstance CI(std::move(PCHOps));
  CI.setInvocation(std::move(Inv));
  // The headers' diagnostics are the translation's to report: a preamble that does not compile is not kept,
  // and the parse without it says why.
  CI.createDiagnostics(new IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  llvm::IntrusiveRefCntPtr<FileManager> FM(new FileManager(Files.getFileSystemOpts(), Files.getVirtualFileSystemPtr()));
  FM->getVirtualFileRef(Origin, static_cast<off_t>(Size), 0);
  CI.setFileManager(FM.get());
  CI.createSourceManager(*FM);
  auto Recorder = std::make_shared<FileRecorder>();
  CI.addDependencyCollector(Recorder);
  auto Buffer = std::make_shared<PCHBuffer>();
  PreambleBuildAction Action(Hooks, Buffer);
  bool Ok = CI.ExecuteAction(Action);
  for (const std::string &Path : Recorder->getDependencies()) {
    if (Path == Origin)
      continue;
    OptionalFileEntryRef F = FM->getOptionalFileRef(Path);
    if (!F)
      continue;
    // The file manager's times are in seconds, taken when the parse opened the file; the record's are the
    // file's now, in nanoseconds. A file that changed since it was read gets a time no file has, so that the
    // entry is made again at its next use.
    llvm::sys::fs::file_status S;
    bool Same = !llvm::sys::fs::status(Path, S) && S.getSize() == static_cast<uint64_t>(F->getSize()) &&
                llvm::sys::toTimeT(S.getLastModificationTime()) == F->getModificationTime();
    M.Files.push_back({Path, static_cast<uint64_t>(F->getSize()), Same ? modTime(S) : -1, true});
  }
  if (!Action.UserHeader.empty()) {
    M.Why = "it includes " + Action.UserHeader + ", which is not a system header";
    return M;
  }
  if (!Ok || !Buffer->IsComplete || CI.getDiagnostics().hasErrorOccurred()) {
    M.Why = "its headers do not compile alone";
    return M;
  }
  M.Usable = true;
  PCH.assign(Buffer->Data.data(), Buffer->Data.size());
  M.PCHSize = PCH.size();
  M.PCHHash = llvm::xxh3_64bits(PCH);
  return M;
}

// Points Invocation at an entry already read: M its manifest, PCH its precompiled header, held by Owner (the
// entry mapped, or the bytes just built) for as long as Use lives; Use gets the file manager that serves it.
void useEntry(const Manifest &M, std::unique_ptr<llvm::MemoryBuffer> Owner, llvm::StringRef PCH, const std::string &Key,
              size_t Size, bool AtLineStart, CompilerInvocation &Invocation, FileManager &Files, PreambleUse &Use) {
  for (const ManifestFile &F : M.Files)
    Use.Files.push_back({F.Path, F.IsSystem});
  Use.What = M.Usable ? PreambleUse::Outcome::Reused : PreambleUse::Outcome::None;
  if (!M.Usable) {
    Use.Why = M.Why;
    return;
  }
  std::string Virtual = "/ampcc-preamble/" + Key + ".pch";
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFileNoOwn(Virtual, 0, llvm::MemoryBufferRef(PCH, Virtual));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Files.getVirtualFileSystemPtr());
  Overlay->pushOverlay(Memory);
  Use.FileMgr = new FileManager(Files.getFileSystemOpts(), Overlay);
  Use.Entry = std::move(Owner);
  PreprocessorOptions &PPOpts = Invocation.getPreprocessorOpts();
  PPOpts.ImplicitPCHInclude = Virtual;
  PPOpts.PrecompiledPreambleBytes = {static_cast<unsigned>(Size), AtLineStart};
  // The manifest did the check Clang would (and Clang's would stop at the source's own path).
  PPOpts.DisablePCHOrModuleValidation = DisableValidationForModuleKind::PCH;
  // The precompiled header holds the predefined macros.
  PPOpts.UsePredefines = false;
}

} // namespace

PreambleIncludeStackFilter::PreambleIncludeStackFilter(llvm::raw_ostream &Out, std::string Origin, std::string Source,
                                                       unsigned PreludeLine, const std::vector<PreambleFile> &Files)
    : Out(Out), Origin(std::move(Origin)), Source(std::move(Source)), PreludeLine(PreludeLine) {
  for (const PreambleFile &F : Files) {
    if (llvm::sys::path::is_absolute(F.Path))
      continue;
    // As the precompiled header's writer stores it (ASTWriter's cleanPathForOutput).
    llvm::SmallString<256> Absolute(F.Path);
    if (llvm::sys::fs::make_absolute(Absolute))
      continue;
    llvm::sys::path::remove_dots(Absolute);
    AsFound.emplace_back(Absolute.str().str() + ":", F.Path + ":");
  }
}

PreambleIncludeStackFilter::~PreambleIncludeStackFilter() {
  flush();
  Out << Held << Line;
  Out.flush();
}

void PreambleIncludeStackFilter::write_impl(const char *Ptr, size_t Size) {
  Written += Size;
  for (char C : llvm::StringRef(Ptr, Size)) {
    Line += C;
    if (C == '\n')
      line(std::move(Line)), Line.clear();
  }
  Out.flush();
}

void PreambleIncludeStackFilter::line(std::string L) {
  if (PreludeLine) {
    const std::string First = Origin + ":1:", Real = Source + ":" + std::to_string(PreludeLine) + ":";
    for (size_t At = L.find(First); At != std::string::npos; At = L.find(First, At))
      L.replace(At, First.size(), Real), At += Real.size();
  }
  for (size_t At = L.find(Origin); !Origin.empty() && At != std::string::npos; At = L.find(Origin, At))
    L.replace(At, Origin.size(), Source), At += Source.size();
  for (const auto &[Absolute, Relative] : AsFound)
    for (size_t At = L.find(Absolute); At != std::string::npos; At = L.find(Absolute, At))
      L.replace(At, Absolute.size(), Relative), At += Relative.size();
  const std::string Included = "In file included from " + Source + ":";
  // The preamble copy's own inclusion comes right above the line naming where in it the header was included.
  if (!Held.empty() && !llvm::StringRef(L).starts_with(Included))
    Out << Held;
  Held.clear();
  if (L == Included + "1:\n") {
    Held = std::move(L);
    return;
  }
  Out << L;
}

PreamblePolicy preamblePolicyFromEnvironment() {
  const char *E = std::getenv("AMPCC_PREAMBLE");
  llvm::StringRef V = E ? E : "";
  if (V == "0" || V == "off")
    return PreamblePolicy::Off;
  if (V == "always")
    return PreamblePolicy::Always;
  if (V == "prelude")
    return PreamblePolicy::PreludeNow;
  return PreamblePolicy::Repeated;
}

std::string PreambleUse::describe() const {
  switch (What) {
  case Outcome::Built:
    return std::string(Prelude ? "precompiled prelude" : "precompiled preamble") + " built (" + CacheFile + ")";
  case Outcome::Reused:
    return std::string(Shipped ? "shipped " : "") + (Prelude ? "precompiled prelude" : "precompiled preamble") +
           " reused (" + CacheFile + ")";
  case Outcome::FirstSight:
    return "no precompiled preamble: first translation of this preamble (it is precompiled on the next)";
  case Outcome::None:
    break;
  }
  return "no precompiled preamble: " + Why;
}

namespace {

// Points Invocation at the cache entry of Preamble (the source's first bytes, or the prelude's text): reused when
// valid, built when Policy says so. Returns whether one is used; Use says what happened.
bool useCacheEntry(CompilerInvocation &Invocation, FileManager &Files, std::shared_ptr<PCHContainerOperations> PCH,
                   PreamblePolicy Policy, const PreambleHooks &Hooks, const std::string &Dir, llvm::StringRef Preamble,
                   bool AtLineStart, PreambleUse &Use) {
  // The prelude is not the source's first bytes: nothing of the source is skipped, and its key differs from a
  // source preamble's with the same text.
  size_t Skip = Use.Prelude ? 0 : Preamble.size();
  std::string Key = entryKey(Invocation, (Use.Prelude ? "prelude\n" : "") + Preamble.str());
  Use.CacheFile = Dir + "/" + Key + ".pch";
  Use.Origin = "/ampcc-preamble/" + Key + (Use.Prelude ? ".h" : ".cpp");
  llvm::StringRef Text = Use.Prelude ? "" : Preamble;

  // The entry in File while every file it read is unchanged: its bytes, manifest and precompiled header.
  struct ValidEntry {
    std::unique_ptr<llvm::MemoryBuffer> Bytes;
    Manifest M;
    llvm::StringRef PCHBytes;
  };
  auto readValid = [](const std::string &File) -> std::optional<ValidEntry> {
    auto Entry = llvm::MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    ValidEntry V;
    if (!Entry || !readEntry((*Entry)->getBuffer(), V.M, V.PCHBytes) || !unchanged(V.M))
      return std::nullopt;
    V.Bytes = std::move(*Entry);
    return V;
  };
  auto use = [&](const std::string &File, ValidEntry V) {
    Use.CacheFile = File;
    useEntry(V.M, std::move(V.Bytes), V.PCHBytes, Key, Skip, AtLineStart, Invocation, Files, Use);
    if (Use.used())
      Use.Text = Text.str();
    return Use.used();
  };
  // The cache's valid entry, precompiled or marked unusable, is used as it is.
  if (std::optional<ValidEntry> V = readValid(Use.CacheFile)) {
    if (use(Use.CacheFile, std::move(*V)))
      cache::markUsed(Use.CacheFile); // recently used: the last to be evicted
    return Use.used();
  }
  // Else for the prelude the shipped one, read only (never touched); one marked unusable says nothing about
  // this cache's.
  if (std::string Shipped = shippedPreludeDir(); Use.Prelude && !Shipped.empty()) {
    std::string File = Shipped + "/" + Key + ".pch";
    if (std::optional<ValidEntry> V = readValid(File); V && V->M.Usable) {
      Use.Shipped = true;
      return use(File, std::move(*V));
    }
  }
  std::string Seen = Dir + "/" + Key + ".seen";
  if (Policy == PreamblePolicy::Repeated && !llvm::sys::fs::exists(Seen)) {
    writeFileAtomically(Seen, {});
    Use.What = PreambleUse::Outcome::FirstSight;
    return false;
  }

  auto Start = std::chrono::steady_clock::now();
  std::string Bytes;
  Manifest M = buildPreamble(Invocation, Files, Preamble, Preamble.size(), Use.Origin, !Use.Prelude, PCH, Hooks, Bytes);
  Use.BuildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  // A cache that cannot be written costs this translation nothing more: it uses the PCH from memory.
  if (writeFileAtomically(Use.CacheFile, {entryBytes(M, Bytes)}))
    evictPreambles(Dir, Key);
  std::unique_ptr<llvm::MemoryBuffer> Built = llvm::MemoryBuffer::getMemBufferCopy(Bytes, Use.CacheFile);
  llvm::StringRef PCHBytes = Built->getBuffer();
  useEntry(M, std::move(Built), PCHBytes, Key, Skip, AtLineStart, Invocation, Files, Use);
  if (Use.used()) {
    Use.What = PreambleUse::Outcome::Built;
    Use.Text = Text.str();
  }
  return Use.used();
}

} // namespace

PreambleUse preparePreamble(CompilerInvocation &Invocation, FileManager &Files,
                            std::shared_ptr<PCHContainerOperations> PCH, PreamblePolicy Policy,
                            const PreambleHooks &Hooks) {
  PreambleUse Use;
  if (Policy == PreamblePolicy::Off) {
    Use.Why = "AMPCC_PREAMBLE is off";
    return Use;
  }
  // -verify reads its expectations from comments, and the preamble's comments are not lexed again.
  if (Invocation.getDiagnosticOpts().VerifyDiagnostics) {
    Use.Why = "-verify reads every comment of the source";
    return Use;
  }
  if (!Invocation.getLangOpts().CPlusPlus || Invocation.getFrontendOpts().Inputs.size() != 1 ||
      !Invocation.getFrontendOpts().Inputs[0].isFile()) {
    Use.Why = "not one C++ source file";
    return Use;
  }
  std::string MainPath = Invocation.getFrontendOpts().Inputs[0].getFile().str();
  auto Main = Files.getVirtualFileSystem().getBufferForFile(MainPath);
  if (!Main) {
    Use.Why = "the source cannot be read";
    return Use;
  }
  std::vector<std::string> AngledDirs;
  for (const HeaderSearchOptions::Entry &E : Invocation.getHeaderSearchOpts().UserEntries)
    if (E.Group == frontend::Angled && !E.IsFramework)
      AngledDirs.push_back(E.Path);
  llvm::StringRef Text = (*Main)->getBuffer();
  std::vector<std::pair<std::string, unsigned>> Includes;
  size_t Size = systemIncludePreamble(Text, AngledDirs, &Includes);
  // The prelude parses amp.h before the headers the source includes ahead of it: only standard headers may come
  // first (the standard lets them be included in any order); a header of the user's own, even through
  // -isystem, may define a macro amp.h or the C++ library reads (AMPCC_CHECKED, _GLIBCXX_ASSERTIONS).
  unsigned AmpHeaderLine = 0;
  for (const auto &[Name, Line] : Includes) {
    if (Name == "amp.h") {
      AmpHeaderLine = Line;
      break;
    }
    if (!isStandardHeader(Name))
      break;
  }
  Use.IncludesAmpHeader = AmpHeaderLine != 0;
  if (Size == 0) {
    Use.Why = "the source does not start with #include <...> of system headers";
    return Use;
  }
  bool AtLineStart = Text[Size - 1] == '\n';
  std::string Dir = preambleCacheDir();
  if (Dir.empty() || llvm::sys::fs::create_directories(Dir)) {
    Use.Why = "no cache folder (set AMPCC_PREAMBLE_DIR)";
    return Use;
  }
  Use.Source = MainPath;
  if (Policy == PreamblePolicy::PreludeNow) {
    Use.What = PreambleUse::Outcome::FirstSight; // not looked at: the policy makes the prelude only
    if (!Use.IncludesAmpHeader) {
      Use.What = PreambleUse::Outcome::None;
      Use.Why = "AMPCC_PREAMBLE=prelude and the source's preamble does not include <amp.h> after standard headers";
      return Use;
    }
  } else if (useCacheEntry(Invocation, Files, PCH, Policy, Hooks, Dir, Text.take_front(Size), AtLineStart, Use) ||
             Use.What != PreambleUse::Outcome::FirstSight || !Use.IncludesAmpHeader) {
    return Use;
  }
  // The source's preamble is new, and includes amp.h: the prelude, amp.h precompiled alone, may serve it. It is
  // loaded as a precompiled header in front of the source (no bytes skipped): the source's #include <amp.h>
  // finds the header included, its other system headers are parsed after amp.h (any order is the standard's
  // and amp.h's), and the parse skips their function bodies as without a preamble.
  PreambleUse Prelude;
  Prelude.Prelude = Prelude.IncludesAmpHeader = true;
  Prelude.Source = MainPath;
  Prelude.AmpHeaderLine = AmpHeaderLine;
  Invocation.getFrontendOpts().SkipFunctionBodies = true;
  if (useCacheEntry(Invocation, Files, PCH, Policy, Hooks, Dir, "#include <amp.h>\n", false, Prelude))
    return Prelude;
  Invocation.getFrontendOpts().SkipFunctionBodies = false;
  return Use;
}

} // namespace ampcc
