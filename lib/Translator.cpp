// Runs the whole translation of one source file: Clang parse, analysis, kernel lowering, host rewrite.
#include "Translator.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/AmpCallRules.h"
#include "Analysis/AmpStatementRules.h"
#include "Analysis/AmpTypeRules.h"
#include "Analysis/CilkSpawns.h"
#include "Analysis/GfxKernels.h"
#include "Analysis/KernelFinder.h"
#include "Analysis/TileChecks.h"
#include "CodeGen/OpenCLEmitter.h"
#include "Frontend/AmpSource.h"
#include "Frontend/CilkSource.h"
#include "Frontend/CompileOptions.h"
#include "Frontend/LateParsedTemplates.h"
#include "Frontend/LibraryConstructedClasses.h"
#include "Frontend/MsvcDeduction.h"
#include "Frontend/MsvcDependentBases.h"
#include "Frontend/MsvcLaterDeclarations.h"
#include "Frontend/MsvcPermissive.h"
#include "Frontend/MsvcKeywords.h"
#include "Frontend/MsvcLibrary.h"
#include "Frontend/MsvcVirtualMembers.h"
#include "Frontend/PreambleCache.h"
#include "Frontend/RestrictAttr.h"
#include "Frontend/RestrictDiagnostics.h"
#include "Frontend/RestrictInference.h"
#include "Frontend/RestrictPragma.h"
#include "Frontend/SourceFileSystem.h"
#include "Frontend/StandardLibrary.h"
#include "Frontend/TileStaticAttr.h"
#include "Rewrite/CilkSpawnLowering.h"
#include "Rewrite/EmbeddedDeviceCode.h"
#include "Rewrite/GfxHostRewriter.h"
#include "Rewrite/HostDeclarations.h"
#include "Rewrite/HostRewriter.h"
#include "Rewrite/PropertyUses.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/SARIFDiagnostic.h"
#include "clang/Frontend/SARIFDiagnosticPrinter.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>
#include <set>

using namespace clang;

namespace ampcc {
namespace {

// The user's headers as the host compiler must read them, when one differs from its file on disk.
std::vector<HostHeader> hostHeaders(SourceManager &SM, std::map<FileID, std::vector<HostRemoval>> &Removals,
                                    const std::map<FileID, std::string> &Rewritten, const PropertyUses &Properties) {
  std::vector<HostHeader> Headers;
  std::set<std::string> Seen;
  bool AnyChanged = false;
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile() || SrcMgr::isSystem(E.getFile().getFileCharacteristic()))
      continue;
    FileID F = SM.getFileID(SourceLocation::getFromRawEncoding(E.getOffset()));
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F);
    if (F == SM.getMainFileID() || !Entry || !Seen.insert(Entry->getName().str()).second)
      continue;
    HostHeader H;
    H.Path = Entry->getName().str();
    auto W = Rewritten.find(F);
    if (W != Rewritten.end()) {
      H.Text = W->second;
    } else {
      H.Text = SM.getBufferData(F).str();
      auto R = Removals.find(F);
      if (R != Removals.end())
        blankRanges(H.Text, R->second);
      if (auto P = Properties.Edits.find(F); P != Properties.Edits.end())
        applyEdits(H.Text, editsOutside(P->second, R == Removals.end() ? std::vector<HostRemoval>() : R->second));
    }
    if (auto Disk = llvm::MemoryBuffer::getFile(H.Path))
      H.Changed = (*Disk)->getBuffer() != H.Text;
    AnyChanged |= H.Changed;
    Headers.push_back(std::move(H));
  }
  if (!AnyChanged)
    Headers.clear();
  return Headers;
}

// The filters of MSVC's dialect that record what Clang refused (the missing keywords record their edits
// themselves); their edits are recorded once the translation unit is parsed.
struct MsvcRecorders {
  DeductionMismatches *Deduction = nullptr;
  DependentBaseNames *Bases = nullptr;
  UndeclaredNames *Later = nullptr;
  // Holds back the diagnostics of the virtual members instantiated for the others alone.
  VirtualMemberDiagnostics *VirtualMembers = nullptr;

  bool complete() const { return Deduction && Bases && Later && VirtualMembers; }
  void recordEdits(ASTContext &Ctx, MsvcEdits &Into) const {
    rewriteDeductionMismatches(*Deduction, Ctx, Into);
    qualifyDependentBaseNames(*Bases, Ctx, Into);
    declareLaterNamesEarlier(*Later, Ctx, Into);
  }
};

// Restriction inference (the base class) runs as each class is completed, before the code after it is parsed.
class TranslateConsumer : public RestrictionInferenceConsumer {
public:
  // Edits, when given, gathers the edits MSVC's dialect needs that only the AST can say: those Msvc's filters
  // recorded the failures of.
  TranslateConsumer(TranslationResult &Result, MsvcLibraryDiagnostics *MsvcLibrary, MsvcEdits *Edits,
                    const MsvcRecorders &Msvc)
      : Result(Result), MsvcLibrary(MsvcLibrary), Edits(Edits), Msvc(Msvc) {}

  void InitializeSema(Sema &S) override {
    RestrictionInferenceConsumer::InitializeSema(S);
    SemaRef = &S;
  }
  void ForgetSema() override {
    RestrictionInferenceConsumer::ForgetSema();
    SemaRef = nullptr;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    auto Start = std::chrono::steady_clock::now();
    Last = Start;
    // What the standard library's skipped bodies would instantiate (LibraryConstructedClasses.h); under MSVC's
    // dialect, their errors feed the rewrites below.
    if (SemaRef && !Ctx.getDiagnostics().hasErrorOccurred()) {
      instantiateClassesLibraryConstructs(*SemaRef);
      lap("classes the library constructs");
    }
    if (Edits && Msvc.complete() && Ctx.getDiagnostics().hasErrorOccurred())
      Msvc.recordEdits(Ctx, *Edits);
    translate(Ctx);
    lap("host rewrite");
    // What only the host compiler would instantiate, for MSVC's rewrites (MsvcVirtualMembers.h): after the
    // translation, which it leaves as it is.
    if (Edits && Msvc.complete() && SemaRef && !Ctx.getDiagnostics().hasErrorOccurred()) {
      instantiateVirtualMembers(*SemaRef, *Msvc.VirtualMembers);
      Msvc.recordEdits(Ctx, *Edits);
      lap("virtual members (MSVC's dialect)");
    }
    Result.AnalysisSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }

private:
  // The parent map (Ctx.getParents, which the lowering and the checks ask) is built on first use over the
  // traversal scope, by default the whole translation unit: for a C++ AMP file mostly the C++ standard
  // library that amp.h includes, and most of the translation's own time (issue 14). Nothing ampcc asks about
  // lies in the system headers' namespace std or their C declarations, so those stay out of the map.
  static void limitParentMap(ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<Decl *> Scope;
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!isStandardLibraryScope(D, SM))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
  }

  // -fampcc-time-report: the seconds since the last lap go to Step.
  void lap(const char *Step) {
    auto Now = std::chrono::steady_clock::now();
    Result.AnalysisSteps.emplace_back(Step, std::chrono::duration<double>(Now - Last).count());
    Last = Now;
  }

  void translate(ASTContext &Ctx) {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    if (MsvcLibrary)
      reportMsvcLibraryUses(*MsvcLibrary, Ctx);
    bool ClangErrors = Diags.hasErrorOccurred();
    limitParentMap(Ctx);
    // Every stage runs even after an error so that one compile reports as much as it can.
    // The type rules first: lowering code that breaks them would only repeat their errors. They run after
    // Clang's own errors too (they judge declarations, which Clang keeps); the later stages need a sound tree.
    checkAmpTypeRules(Ctx);
    lap("amp type rules");
    if (ClangErrors)
      return;
    checkAmpCallRules(Ctx, refusedCalls());
    lap("amp call rules");
    checkAmpStatementRules(Ctx);
    lap("amp statement rules");
    if (Diags.hasErrorOccurred())
      return;
    std::vector<KernelSite> Sites = findKernels(Ctx);
    checkTiledKernels(Ctx, Sites);
    lap("kernel finder, tile checks");
    std::vector<GfxKernelSite> GfxSites = findGfxKernels(Ctx);
    CilkForkJoin ForkJoin = findCilkForkJoin(Ctx);
    lap("Cilk Plus finders");

    OpenCLEmitter Emitter(Ctx);
    std::vector<LoweredKernel> Kernels;
    for (const KernelSite &Site : Sites) {
      if (std::optional<LoweredKernel> K = Emitter.lowerKernel(Site))
        Kernels.push_back(*K);
      else if (!Diags.hasErrorOccurred())
        // A lowering that gave up must have said why; if it did not, that is ampcc's bug, reported, not a crash.
        error(Diags, Site.Call->getBeginLoc(), "ampcc could not lower this kernel and reported no reason; this is a "
                                               "bug of ampcc");
    }
    std::vector<LoweredGfxKernel> GfxKernels;
    for (const GfxKernelSite &Site : GfxSites) {
      if (std::optional<LoweredGfxKernel> K = lowerGfxKernel(Emitter, Site))
        GfxKernels.push_back(*K);
    }
    lap("kernel lowering");
    // restrict(amp) functions that no kernel calls are lowered too, so that what ampcc cannot lower in them is
    // reported whether or not a kernel calls them yet (the rules of C++ AMP were checked above).
    Emitter.checkUnusedAmpFunctions();
    lap("unused amp functions");
    if (Diags.hasErrorOccurred())
      return;

    Result.NumKernels = Sites.size() + GfxSites.size();
    SourceManager &SM = Ctx.getSourceManager();
    std::map<FileID, std::vector<HostRemoval>> Removals =
        findAmpOnlyDeclarations(Ctx, SemaRef ? unparsedTemplateBodies(*SemaRef) : LateParsedBodies());
    const std::vector<HostRemoval> &MainRemovals = Removals[SM.getMainFileID()];
    std::map<FileID, std::string> Rewritten;
    std::string MainText = SM.getBufferData(SM.getMainFileID()).str();
    blankRanges(MainText, MainRemovals);
    PropertyUses Properties = findPropertyUses(Ctx);
    if (Diags.hasErrorOccurred())
      return;
    if (Sites.empty()) {
      if (auto P = Properties.Edits.find(SM.getMainFileID()); P != Properties.Edits.end())
        applyEdits(MainText, editsOutside(P->second, MainRemovals));
      Result.HostHeaders = hostHeaders(SM, Removals, Rewritten, Properties);
    }
    if (Sites.empty() && !GfxSites.empty()) {
      Result.OpenCL = Emitter.program();
      Result.ProgramSymbol = abi::GfxProgramSymbol;
      Result.HostSource = MainText + gfxHostAppendix(Ctx, GfxSites, GfxKernels, &Result.OpenCL);
      Result.HostSource = rewriteGfxOffloads(Ctx, GfxSites, std::move(Result.HostSource));
      Result.HostSource = parallelizeHostCilkFors(Ctx, std::move(Result.HostSource), Result.NeedsOpenMP);
      Result.HostSource = lowerCilkForkJoin(Ctx, ForkJoin, std::move(Result.HostSource), Result.NeedsOpenMP);
      Result.HostSource.insert(0, propertyDeclarations(Properties) + mainFileLineDirective(SM));
      Result.Ok = !Diags.hasErrorOccurred();
      return;
    }
    if (Sites.empty()) {
      Result.HostSource = MainText;
      Result.HostSource = parallelizeHostCilkFors(Ctx, std::move(Result.HostSource), Result.NeedsOpenMP);
      Result.HostSource = lowerCilkForkJoin(Ctx, ForkJoin, std::move(Result.HostSource), Result.NeedsOpenMP);
      Result.HostSource.insert(0, propertyDeclarations(Properties) + mainFileLineDirective(SM));
      Result.Ok = !Diags.hasErrorOccurred();
      return;
    }
    Result.OpenCL = Emitter.program();
    Result.ProgramSymbol = abi::ProgramSymbol;
    std::optional<std::string> Host = rewriteHost(Ctx, Sites, Kernels, Result.OpenCL, Removals, Rewritten,
                                                    Emitter.hostCheckTable(), Properties);
    if (!Host)
      return;
    Result.HostHeaders = hostHeaders(SM, Removals, Rewritten, Properties);
    Result.HostSource = std::move(*Host);
    if (!GfxSites.empty())
      Result.HostSource += gfxHostAppendix(Ctx, GfxSites, GfxKernels, nullptr); // one program: ampcc_program
    Result.HostSource = rewriteGfxOffloads(Ctx, GfxSites, std::move(Result.HostSource));
    Result.HostSource = parallelizeHostCilkFors(Ctx, std::move(Result.HostSource), Result.NeedsOpenMP);
    Result.HostSource = lowerCilkForkJoin(Ctx, ForkJoin, std::move(Result.HostSource), Result.NeedsOpenMP);
    // The host-side lowerings report what they cannot place; the file then fails.
    Result.Ok = !Diags.hasErrorOccurred();
  }

  TranslationResult &Result;
  Sema *SemaRef = nullptr;
  MsvcLibraryDiagnostics *MsvcLibrary;
  MsvcEdits *Edits;
  MsvcRecorders Msvc;
  std::chrono::steady_clock::time_point Last;
};

// Records every file the preprocessor enters, system headers included, for the driver's dependency files.
class DependencyRecorder : public DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef, bool, bool, bool, bool IsMissing) override { return !IsMissing; }
  void maybeAddDependency(llvm::StringRef Filename, bool FromModule, bool IsSystem, bool IsModuleFile,
                          bool IsMissing) override {
    if (sawDependency(Filename, FromModule, IsSystem, IsModuleFile, IsMissing) && addDependency(Filename))
      System.push_back(IsSystem);
  }
  std::vector<SourceDependency> dependencies() const {
    std::vector<SourceDependency> Deps;
    for (size_t I = 0; I < getDependencies().size(); ++I)
      Deps.push_back({getDependencies()[I], System[I]});
    return Deps;
  }

private:
  std::vector<bool> System;
};

// Keeps the translation's diagnostics as data, in C++ AMP's words, for the driver's SARIF document. (Clang's
// SARIF printer cannot place a diagnostic in a file named by #line and crashes: llvm-project issue 57366.)
class DiagnosticCollector : public DiagnosticConsumer {
public:
  explicit DiagnosticCollector(std::vector<TranslatorDiagnostic> &Out) : Out(Out) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    TranslatorDiagnostic D;
    D.Level = Level >= DiagnosticsEngine::Error    ? "error"
              : Level == DiagnosticsEngine::Warning ? "warning"
              : Level == DiagnosticsEngine::Remark  ? "remark"
                                                    : "note";
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    D.Message = Message.str().str();
    rewordRestrictions(D.Message);
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid()) {
        D.File = P.getFilename();
        D.Line = P.getLine();
        D.Column = P.getColumn();
      }
    }
    llvm::StringRef Option = DiagnosticIDs::getWarningOptionForDiag(Info.getID());
    if (!Option.empty())
      D.Option = ("-W" + Option).str();
    Out.push_back(std::move(D));
  }

private:
  std::vector<TranslatorDiagnostic> &Out;
};

// Restriction specifiers are Clang's CUDA target attributes (RestrictAttr.cpp): the translation unit is
// parsed with CUDA's target-based overloading, from the amp side, so calls in restrict(cpu, amp) code pick
// the amp overloads that the kernels need. The target stays the host's (same type sizes as the host code).
void useTranslatorLanguage(CompilerInvocation &Invocation) {
  LangOptions &LO = Invocation.getLangOpts();
  LO.CUDA = true;
  LO.CUDAIsDevice = true;
  // C++ AMP has no implicit amp constexpr functions: a function is amp only if it says so.
  LO.CUDAHostDeviceConstexpr = false;
  // MSVC's __declspec(property), which amp_short_vectors.h's swizzles are and code ported from MSVC declares: the
  // host source calls the functions they stand for (Rewrite/PropertyUses.h).
  LO.DeclSpecKeyword = true;
}

// What every parse of the translator's language sets up in its preprocessor, the precompiled preamble's too.
void setUpTranslatorPreprocessor(CompilerInstance &CI) {
  linkTileStaticAttr();
  useRestrictionDiagnostics(CI);
  addRestrictPragmaHandler(CI.getPreprocessor());
}

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(TranslationResult &Result, SARIFDiagnosticPrinter *Sarif, DependencyRecorder &Deps,
                  MsvcEdits *Edits, llvm::raw_ostream &DiagOut)
      : Result(Result), Sarif(Sarif), Deps(Deps), Edits(Edits), DiagOut(DiagOut) {}
  // The SARIF printer needs its document writer before the source file begins, and the writer needs the
  // source manager: both are made here, ahead of the front end.
  bool BeginInvocation(CompilerInstance &CI) override {
    if (Sarif) {
      if (!CI.hasSourceManager())
        CI.createSourceManager(CI.getFileManager());
      Sarif->setSarifWriter(std::make_unique<SarifDocumentWriter>(CI.getSourceManager()));
    }
    return true;
  }
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // The preprocessor exists by now and has not entered the main file yet.
    setUpTranslatorPreprocessor(CI);
    // In front of the client set up above, so that what it holds back is reworded too when it goes out.
    MsvcLibrary = useMsvcLibraryDiagnostics(CI);
    if (Edits) {
      // Behind the rewrites' filters, which see what it holds back.
      Msvc.VirtualMembers = holdBackVirtualMemberDiagnostics(CI);
      recordMissingKeywords(CI, *Edits);
      recordPermissiveCode(CI, *Edits);
      Msvc.Deduction = recordDeductionMismatches(CI);
      Msvc.Bases = recordDependentBaseNames(CI);
      Msvc.Later = recordUndeclaredNames(CI);
      // "N errors generated." goes where the diagnostics go, held back with them.
      CI.setVerboseOutputStream(DiagOut);
    }
    Deps.attachToPreprocessor(CI.getPreprocessor());
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<TranslateConsumer>(Result, MsvcLibrary, Edits, Msvc);
  }

private:
  TranslationResult &Result;
  MsvcLibraryDiagnostics *MsvcLibrary = nullptr;
  MsvcRecorders Msvc;
  SARIFDiagnosticPrinter *Sarif;
  DependencyRecorder &Deps;
  MsvcEdits *Edits;
  llvm::raw_ostream &DiagOut;
};

class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  // Edits, when given, gathers the edits MSVC's dialect needs (MsvcEdits.h); the text diagnostics go
  // to DiagOut.
  TranslateActionFactory(TranslationResult &Result, MsvcEdits *Edits, llvm::raw_ostream &DiagOut)
      : Result(Result), Edits(Edits), DiagOut(DiagOut) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(Result, Sarif.get(), Deps, Edits, DiagOut);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH, DiagnosticConsumer *Diags) override {
    useTranslatorLanguage(*Invocation);
    // With -fdiagnostics-format=sarif, Clang's front end gives a SARIF writer to the diagnostic client it
    // assumes is a SARIF printer; a tool's default client is a text printer, so the tool must supply it.
    if (Invocation->getDiagnosticOpts().getFormat() == DiagnosticOptions::SARIF && !Diags) {
      Sarif = std::make_unique<SARIFDiagnosticPrinter>(llvm::errs(), &Invocation->getDiagnosticOpts());
      Diags = Sarif.get();
    }
    PreambleHooks Hooks{setUpTranslatorPreprocessor, [] { return std::make_unique<RestrictionInferenceConsumer>(); }};
    Preamble = preparePreamble(*Invocation, *Files, PCH, preamblePolicyFromEnvironment(), Hooks);
    FileManager *Parse = Preamble.FileMgr ? Preamble.FileMgr.get() : Files;
    // A parse that reads the headers itself skips the standard libraries' function bodies, about half of its
    // time (RestrictionInferenceConsumer::shouldSkipFunctionBody). A precompiled preamble keeps them, so the
    // translation from one still reports an error inside a standard template in Clang's words under the
    // source's name; the host compiler's precompiled header would name the cache's file (docs/design/preludes.md).
    if (!Preamble.used())
      Invocation->getFrontendOpts().SkipFunctionBodies = true;
    // The text printer quotes the user's spelling of restrict(...) and, from a precompiled preamble, names the
    // source where the preamble's copy of it would show.
    if (!Diags) {
      Spelling = std::make_unique<RestrictSpellingFilter>(DiagOut);
      llvm::raw_ostream *Out = Spelling.get();
      if (Preamble.used()) {
        Filter = std::make_unique<PreambleIncludeStackFilter>(*Spelling, Preamble.Origin, Preamble.Source,
                                                              Preamble.Prelude ? Preamble.AmpHeaderLine : 0,
                                                              Preamble.Files);
        Out = Filter.get();
      }
      Printer = std::make_unique<TextDiagnosticPrinter>(*Out, &Invocation->getDiagnosticOpts());
      Diags = Printer.get();
    }
    return FrontendActionFactory::runInvocation(std::move(Invocation), Parse, std::move(PCH), Diags);
  }

  // Every file the translation read: the main file, then the precompiled preamble's, then the parse's.
  std::vector<SourceDependency> dependencies() const {
    std::vector<SourceDependency> All = Deps.dependencies(), Out;
    std::set<std::string> Seen;
    auto add = [&](const std::string &Path, bool System) {
      if (Seen.insert(Path).second)
        Out.push_back({Path, System});
    };
    if (!All.empty())
      add(All.front().Path, All.front().IsSystem);
    for (const PreambleFile &F : Preamble.Files)
      add(F.Path, F.IsSystem);
    for (const SourceDependency &D : All)
      add(D.Path, D.IsSystem);
    return Out;
  }

  DependencyRecorder Deps;
  PreambleUse Preamble;
  // The text printer, over the preamble's include-stack filter (from a precompiled preamble) over the
  // restrict spelling filter; destroyed in the reverse order, each flushing into the next.
  std::unique_ptr<RestrictSpellingFilter> Spelling;
  std::unique_ptr<PreambleIncludeStackFilter> Filter;
  std::unique_ptr<TextDiagnosticPrinter> Printer;

private:
  TranslationResult &Result;
  MsvcEdits *Edits;
  llvm::raw_ostream &DiagOut;
  std::unique_ptr<SARIFDiagnosticPrinter> Sarif;
};

// Preprocesses (-E) with the translator's language options, so the output is the text the translation parses.
class PreprocessActionFactory : public tooling::FrontendActionFactory {
public:
  // The restriction pragma is handled as the translation handles it, so the output shows the attribute moved.
  class Action : public PrintPreprocessedAction {
    bool BeginSourceFileAction(CompilerInstance &CI) override {
      addRestrictPragmaHandler(CI.getPreprocessor());
      return PrintPreprocessedAction::BeginSourceFileAction(CI);
    }
  };
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(); }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH, DiagnosticConsumer *Diags) override {
    useTranslatorLanguage(*Invocation);
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files, std::move(PCH), Diags);
  }
};

// The front-end stages: C++ AMP's restriction specifiers, then Cilk Plus array notation and offload pragmas,
// become plain C++ in a buffer with the same lines, parsed in place of the file. Rewritten must outlive Tool.
void mapTranslatorSource(tooling::ClangTool &Tool, const std::string &Path, const MsvcEdits *Edits,
                         std::string &Rewritten) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return;
  std::string Source = (*Buffer)->getBuffer().str();
  bool Changed = false;
  if (Edits)
    if (std::optional<std::string> K = Edits->apply(Path, Source)) {
      Source = std::move(*K);
      Changed = true;
    }
  if (std::optional<std::string> R = rewriteRestrictSpecifiers(Source, SourceSide::Translator)) {
    Source = std::move(*R);
    Changed = true;
  }
  if (std::optional<std::string> R = rewriteCilkSource(Source)) {
    Source = std::move(*R);
    Changed = true;
  }
  if (Changed) {
    Rewritten = std::move(Source);
    Tool.mapVirtualFile(Path, Rewritten);
  }
}

}  // namespace

// Runs Act with the tool every entry point uses: restriction specifiers rewritten in every file it reads,
// the output flags of the compilation database dropped, errors left to the diagnostics.
// Edits, when given, are the edits MSVC's dialect needs, applied to every file read.
template <typename F>
static auto withTranslatorTool(const std::string &Path, const std::vector<std::string> &ClangArgs, F Act,
                               const MsvcEdits *Edits = nullptr) {
  linkRestrictAttr();
  tooling::FixedCompilationDatabase DB(".", ClangArgs);
  tooling::ClangTool Tool(DB, {Path}, std::make_shared<PCHContainerOperations>(),
                          makeSourceFileSystem(llvm::vfs::getRealFileSystem(), Edits));
  std::string Rewritten;
  mapTranslatorSource(Tool, Path, Edits, Rewritten);
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
  Tool.setPrintErrorMessage(false);
  return Act(Tool);
}

// One translation, with Edits applied and recorded (when given) and the text diagnostics sent to DiagOut.
static TranslationResult translateOnce(const std::string &Path, const std::vector<std::string> &ClangArgs,
                                       std::vector<TranslatorDiagnostic> *Diagnostics, MsvcEdits *Edits,
                                       llvm::raw_ostream &DiagOut) {
  return withTranslatorTool(Path, ClangArgs, [&](tooling::ClangTool &Tool) {
    TranslationResult Result;
    Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
    std::optional<DiagnosticCollector> Collector;
    if (Diagnostics) {
      Collector.emplace(*Diagnostics);
      Tool.setDiagnosticConsumer(&*Collector);
      // No "N errors generated." on stderr either.
      Tool.appendArgumentsAdjuster(
          tooling::getInsertArgumentAdjuster("-fno-caret-diagnostics", tooling::ArgumentInsertPosition::END));
    }
    TranslateActionFactory Factory(Result, Edits, DiagOut);
    int Status = Tool.run(&Factory);
    Result.ClangOk = Status == 0;
    if (Status != 0)
      Result.Ok = false;
    Result.Dependencies = Factory.dependencies();
    Result.Preamble = Factory.Preamble.describe();
    Result.PreambleSeconds = Factory.Preamble.BuildSeconds;
    Result.PreambleText = Factory.Preamble.Text;
    Result.PreambleIncludesAmpHeader = Factory.Preamble.IncludesAmpHeader;
    // A UTF-8 byte order mark is skipped at a file's start only: the host source's comes after ampcc's prologue
    // and the #line naming the source, a host header's after its #line, where the host compiler reads it as code.
    const llvm::StringRef Bom = "\xEF\xBB\xBF";
    size_t Line = Result.HostSource.find("#line 1 \"");
    size_t Text = Line == std::string::npos ? Line : Result.HostSource.find('\n', Line);
    if (Text != std::string::npos && llvm::StringRef(Result.HostSource).substr(Text + 1).starts_with(Bom))
      Result.HostSource.erase(Text + 1, Bom.size());
    for (HostHeader &H : Result.HostHeaders)
      if (llvm::StringRef(H.Text).starts_with(Bom))
        H.Text.erase(0, Bom.size());
    return Result;
  }, Edits);
}

TranslationResult translateFile(const std::string &Path, const std::vector<std::string> &ClangArgs,
                                std::vector<TranslatorDiagnostic> *Diagnostics) {
  // Under MSVC's dialect, a translation that fails where Clang says a `typename` or `template` is missing, where a
  // deduction needs MSVC's conversion or where a name is a dependent base's (in the code it parsed, or in the
  // virtual members only the host compiler would instantiate: MsvcVirtualMembers.h) runs again with the edits that
  // make it standard C++ (MsvcEdits.h), its diagnostics held back until the last run. Not with -verify, whose
  // expectations are about the text as written, nor with machine-readable diagnostics.
  auto has = [&](llvm::StringRef Flag) { return llvm::is_contained(ClangArgs, Flag); };
  if (Diagnostics || !lastIsOn(ClangArgs, "-fms-compatibility", "-fno-ms-compatibility") || has("-verify") ||
      has("-fdiagnostics-format=sarif"))
    return translateOnce(Path, ClangArgs, Diagnostics, nullptr, llvm::errs());
  constexpr unsigned MaxRuns = 8; // each run finds what the earlier one's recovery hid
  MsvcEdits Edits;
  for (unsigned Run = 1;; ++Run) {
    std::string Held;
    llvm::raw_string_ostream HeldOut(Held);
    bool Last = Run == MaxRuns;
    llvm::raw_ostream &DiagOut = Last ? llvm::errs() : static_cast<llvm::raw_ostream &>(HeldOut);
    TranslationResult Result = translateOnce(Path, ClangArgs, nullptr, &Edits, DiagOut);
    // A translation without errors may have recorded edits too: those of the virtual members it instantiated
    // for them alone (MsvcVirtualMembers.h).
    if (Edits.commit() && !Last)
      continue;
    llvm::errs() << Held;
    return Result;
  }
}

bool preprocessFile(const std::string &Path, const std::vector<std::string> &ClangArgs, const std::string &OutputPath) {
  return withTranslatorTool(Path, ClangArgs, [&](tooling::ClangTool &Tool) {
    Tool.appendArgumentsAdjuster(
        tooling::getInsertArgumentAdjuster({"-E", "-o", OutputPath}, tooling::ArgumentInsertPosition::END));
    PreprocessActionFactory Factory;
    return Tool.run(&Factory) == 0;
  });
}

bool buildKernels(TranslationResult &R, const KernelBuildOptions &Options,
                  std::vector<std::pair<std::string, double>> &Timings) {
  if (R.OpenCL.empty())
    return true;
  auto timed = [&](const std::string &Step, auto Work) {
    auto Start = std::chrono::steady_clock::now();
    auto Ok = Work();
    Timings.emplace_back(Step, std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count());
    return Ok;
  };
  // A kernel that OpenCL C rejects fails the build here, not on the user's first run.
  if (Options.Check && !timed("kernel check (OpenCL C 1.2, Clang)", [&] {
        return checkOpenCL(R.OpenCL, Options.BufferName, Options.Paths);
      })) {
    llvm::errs() << "ampcc: error: the OpenCL C generated for the kernels is not valid OpenCL C 1.2 (errors above; "
                    "-save-temps keeps it as " << Options.BufferName << "); this is a limit or a bug of ampcc\n";
    return false;
  }
  std::vector<DeviceCode> Codes;
  for (const OffloadArch &Arch : Options.Archs) {
    std::string Error;
    std::optional<DeviceCode> Code = timed("device code (PTX " + Arch.Name + ")", [&] {
      return compileDeviceCode(R.OpenCL, Options.BufferName, Arch, Options.Paths, Error);
    });
    // The OpenCL C passed the check, so the program still runs everywhere: a missing form is only slower, and is
    // reported only where the command line asked for it (the default arch's is not: no libclc, a printing kernel).
    if (!Code) {
      if (Arch.Implicit)
        continue;
      llvm::errs() << "ampcc: warning: no " << Arch.Name << " device code embedded: " << Error
                   << "; devices build the OpenCL C instead\n";
      continue;
    }
    Codes.push_back(std::move(*Code));
  }
  R.HostSource += embedDeviceCode(Codes, R.ProgramSymbol);
  return true;
}

}  // namespace ampcc
