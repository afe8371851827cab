// The ampcc command: gcc-like flags; translates each C++ AMP source, compiles the host side with the
// system C++ compiler and links the program with the ampcc runtime.
#include "CommandLine.h"
#include "DependencyFile.h"
#include "HostPreamble.h"
#include "SarifLog.h"
#include "Frontend/CompileOptions.h"
#include "Frontend/PreambleCache.h"
#include "Translator.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

using namespace ampcc;

namespace {

struct Driver {
  CommandLine CL;
  CompileOptions &Opts = CL.Opts;
  std::string SdkLib;
  // Some source of this invocation runs `_Cilk_for` loops with OpenMP (the link then needs -fopenmp).
  bool AnyOpenMP = false;
  std::vector<std::string> TempFiles, TempDirs;
  // -fdiagnostics-format=sarif: every diagnostic of this command, written as one document at the end.
  SarifLog Sarif;
  std::optional<HostCompilerKind> HostKind;
  std::string HostVersion; // the host compiler's --version text
  // The temporary folder of this compile's host preamble: host dependencies there are not the user's.
  std::string HostPreambleDir;
  std::vector<std::string> HostPreambleFiles; // what the host's precompiled header was made from

  bool sarif() const { return CL.SarifDiagnostics && !CL.PrintOnly; }

  // -fampcc-time-report: the steps of the current source's compile and their wall-clock seconds.
  using Clock = std::chrono::steady_clock;
  std::vector<std::pair<std::string, double>> Timings;

  static double since(Clock::time_point Start) {
    return std::chrono::duration<double>(Clock::now() - Start).count();
  }

  // Prints Timings in the manner of Clang's -ftime-report, the rest of the wall time as driver overhead.
  void printTimeReport(const std::string &Source, Clock::time_point Start) {
    if (!CL.TimeReport || CL.PrintOnly)
      return;
    double Total = since(Start), Known = 0;
    for (const auto &T : Timings)
      Known += T.second;
    Timings.emplace_back("ampcc driver (files, temporaries)", std::max(0.0, Total - Known));
    llvm::errs() << "===-------------------------------------------------------------------------===\n"
                 << "  ampcc time report: " << Source << "\n"
                 << "===-------------------------------------------------------------------------===\n"
                 << "   wall (s)    share  step\n";
    for (const auto &T : Timings)
      llvm::errs() << llvm::format("  %9.4f  %6.1f%%  ", T.second, Total > 0 ? 100 * T.second / Total : 0.0)
                   << T.first << "\n";
    llvm::errs() << llvm::format("  %9.4f  %6.1f%%  ", Total, 100.0) << "total\n";
  }

  int error(const llvm::Twine &Msg) {
    if (sarif())
      Sarif.addDriverError(Msg.str());
    else
      llvm::errs() << "ampcc: error: " << Msg << "\n";
    return 1;
  }

  // The SDK (amp.h and the runtime) next to an installed ampcc, else in the build tree it came from.
  void locateSdk(const char *Argv0) {
    std::string Exe =
        llvm::sys::fs::getMainExecutable(Argv0, const_cast<void *>(reinterpret_cast<const void *>(&ampcc::Usage)));
    llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
    llvm::sys::path::append(Installed, "lib", "ampcc");
    llvm::SmallString<256> Header(Installed);
    llvm::sys::path::append(Header, "include", "amp.h");
    if (llvm::sys::fs::exists(Header)) {
      Opts.SdkInclude = (Installed + "/include").str();
      SdkLib = Installed.str().str();
      setShippedPreludeDir((Installed + "/preludes").str());
    } else {
      Opts.SdkInclude = AMPCC_SOURCE_INCLUDE_DIR;
      SdkLib = AMPCC_BUILD_RUNTIME_DIR;
      setShippedPreludeDir(AMPCC_BUILD_PRELUDE_DIR);
    }
    Opts.ClangResourceDir = AMPCC_CLANG_RESOURCE_DIR;
    if (CL.HostCxx.empty()) {
      const char *Env = std::getenv("AMPCC_CXX");
      CL.HostCxx = Env && *Env ? Env : "c++";
    }
  }

  // A command as -### prints it: every argument quoted, so it can be pasted into a shell.
  static void printQuoted(const std::vector<std::string> &Cmd) {
    for (const std::string &C : Cmd) {
      llvm::errs() << " \"";
      for (char Ch : C) {
        if (Ch == '"' || Ch == '\\' || Ch == '$')
          llvm::errs() << '\\';
        llvm::errs() << Ch;
      }
      llvm::errs() << "\"";
    }
    llvm::errs() << "\n";
  }

  // The translator runs in this process; -v and -### show it as the Clang command line it parses with.
  void showTranslation(const std::vector<std::string> &ClangArgs, const std::string &Source) {
    if (!CL.Verbose && !CL.PrintOnly)
      return;
    std::vector<std::string> Cmd = {"clang"};
    Cmd.insert(Cmd.end(), ClangArgs.begin(), ClangArgs.end());
    Cmd.push_back(Source);
    llvm::errs() << "# ampcc translator (in process, Clang " CLANG_VERSION_STRING_FOR_AMPCC "):";
    if (CL.PrintOnly) {
      printQuoted(Cmd);
      return;
    }
    for (const std::string &C : Cmd)
      llvm::errs() << " " << C;
    llvm::errs() << "\n";
  }

  // Runs a host compiler step. With -fdiagnostics-format=sarif the host compiler writes its own
  // machine-readable diagnostics, read from its stderr into the SARIF document.
  int run(std::vector<std::string> Cmd) {
    if (CL.SarifDiagnostics) {
      std::vector<std::string> Flags = machineReadableDiagnosticFlags(hostKind());
      Cmd.insert(Cmd.begin() + 1, Flags.begin(), Flags.end());
    }
    if (CL.PrintOnly) {
      printQuoted(Cmd);
      return 0;
    }
    if (CL.Verbose) {
      for (const std::string &C : Cmd)
        llvm::errs() << C << " ";
      llvm::errs() << "\n";
    }
    llvm::ErrorOr<std::string> Prog = llvm::sys::findProgramByName(Cmd[0]);
    if (!Prog)
      return error("cannot find the host compiler '" + Cmd[0] + "' (set AMPCC_CXX or --host-cxx)");
    std::vector<llvm::StringRef> Args(Cmd.begin(), Cmd.end());
    std::string Err, Diagnostics;
    std::optional<llvm::StringRef> Streams[] = {std::nullopt, std::nullopt, std::nullopt};
    llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects;
    if (sarif()) {
      Diagnostics = tempFile("ampcc-diagnostics", "txt");
      Streams[2] = llvm::StringRef(Diagnostics);
      Redirects = Streams;
    }
    int RC = llvm::sys::ExecuteAndWait(*Prog, Args, std::nullopt, Redirects, 0, 0, &Err);
    if (RC < 0)
      return error("could not run '" + Cmd[0] + "': " + Err);
    if (!Diagnostics.empty()) {
      auto Text = llvm::MemoryBuffer::getFile(Diagnostics);
      Sarif.addHostStep(hostKind(), Cmd, Text ? (*Text)->getBuffer() : "", RC == 0);
    }
    return RC;
  }

  // Runs Cmd with its standard output in a file; returns that output, or nothing when the command fails.
  std::optional<std::string> capture(const std::vector<std::string> &Cmd) {
    llvm::ErrorOr<std::string> Prog = llvm::sys::findProgramByName(Cmd[0]);
    if (!Prog)
      return std::nullopt;
    std::string Out = tempFile("ampcc-capture", "txt");
    std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(Out), llvm::StringRef("")};
    std::vector<llvm::StringRef> Args(Cmd.begin(), Cmd.end());
    if (llvm::sys::ExecuteAndWait(*Prog, Args, std::nullopt, Redirects) != 0)
      return std::nullopt;
    auto Text = llvm::MemoryBuffer::getFile(Out);
    if (!Text)
      return std::nullopt;
    return (*Text)->getBuffer().str();
  }

  bool writeFile(const std::string &Path, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (EC) {
      error("cannot write '" + Path + "': " + EC.message());
      return false;
    }
    OS << Text;
    return true;
  }

  std::string tempFile(llvm::StringRef Stem, llvm::StringRef Ext) {
    llvm::SmallString<256> Path;
    llvm::sys::fs::createTemporaryFile(Stem, Ext, Path);
    TempFiles.push_back(Path.str().str());
    return Path.str().str();
  }

  // Where -save-temps puts the intermediate files of Source.
  std::string keptPath(const std::string &Source, llvm::StringRef Ext) {
    llvm::SmallString<256> Dir(CL.Output.empty() ? "." : llvm::sys::path::parent_path(CL.Output));
    if (Dir.empty())
      Dir = ".";
    llvm::sys::path::append(Dir, llvm::sys::path::stem(Source) + Ext);
    return Dir.str().str();
  }

  // The file the host compiler writes for Source when ampcc stops before the link.
  std::string outputOf(const std::string &Source, llvm::StringRef Ext) {
    if (!CL.Output.empty())
      return CL.Output;
    return (llvm::sys::path::stem(Source) + Ext).str();
  }

  // The dependency file of Source (-MF, else the output's name with .d, else stdout for -M).
  std::string dependencyPath(const std::string &Source) {
    if (!CL.Deps.File.empty())
      return CL.Deps.File;
    if (CL.Stop == Phase::Dependencies)
      return CL.Output.empty() ? "-" : CL.Output;
    llvm::SmallString<256> Path(CL.Stop == Phase::Link || CL.Output.empty() ? llvm::sys::path::filename(Source)
                                                                            : llvm::StringRef(CL.Output));
    llvm::sys::path::replace_extension(Path, ".d");
    return Path.str().str();
  }

  int compile(const std::string &Source, std::vector<std::string> &Objects) {
    if (!llvm::sys::fs::exists(Source))
      return error("no such file: '" + Source + "'");
    std::vector<std::string> ClangArgs = translatorArgs(Opts);
    if (CL.Stop == Phase::Preprocess) {
      std::string Out = CL.Output.empty() ? "-" : CL.Output;
      std::vector<std::string> Shown = ClangArgs;
      Shown.insert(Shown.end(), {"-E", "-o", Out});
      showTranslation(Shown, Source);
      if (CL.PrintOnly)
        return 0;
      return preprocessFile(Source, ClangArgs, Out) ? 0 : 1;
    }
    std::vector<std::string> Shown = ClangArgs;
    Shown.push_back("-fsyntax-only");
    showTranslation(Shown, Source);
    TranslationResult R;
    Timings.clear();
    auto Start = Clock::now();
    if (!CL.PrintOnly) {
      std::vector<TranslatorDiagnostic> Diagnostics;
      R = translateFile(Source, ClangArgs, sarif() ? &Diagnostics : nullptr);
      if (sarif())
        Sarif.addTranslation(Diagnostics);
      double Seconds = since(Start);
      if (CL.Verbose)
        llvm::errs() << "# ampcc translator: " << R.Preamble << "\n";
      if (R.PreambleSeconds > 0)
        Timings.emplace_back("translate: precompile the preamble (system headers before the code)",
                             R.PreambleSeconds);
      Timings.emplace_back(std::string("translate: Clang parse and Sema (C++, CUDA device mode") +
                               (R.Preamble.rfind("no ", 0) == 0 ? ")" : ", from the precompiled preamble)"),
                           Seconds - R.AnalysisSeconds - R.PreambleSeconds);
      for (const auto &[Step, StepSeconds] : R.AnalysisSteps)
        Timings.emplace_back("translate: " + Step, StepSeconds);
      bool Verify = std::find(Opts.ClangExtra.begin(), Opts.ClangExtra.end(), "-verify") != Opts.ClangExtra.end();
      if (Verify)
        return R.ClangOk ? 0 : 1;
      if (!R.Ok)
        return 1;
      // Kept before the check, so that OpenCL C the check rejects can be read where its messages point.
      if (CL.SaveTemps && CL.Stop != Phase::SyntaxOnly && !CL.EmitOpenCL && !CL.EmitHost &&
          !writeFile(keptPath(Source, ".ampcc.cl"), R.OpenCL))
        return 1;
      // The generated OpenCL C is checked whenever the compile goes on past the translation (not when the
      // user asks to see it with --emit-opencl); device code is made only for an output that keeps it.
      if (!CL.EmitOpenCL && CL.Stop != Phase::Dependencies) {
        KernelBuildOptions Build;
        Build.Check = CL.KernelCheck;
        if (CL.Stop != Phase::SyntaxOnly)
          Build.Archs = CL.OffloadArchs;
        Build.Paths.ClangResourceDir = Opts.ClangResourceDir;
        Build.Paths.LibclcDir = AMPCC_LIBCLC_DIR;
        Build.BufferName = keptPath(Source, ".ampcc.cl");
        if (!buildKernels(R, Build, Timings))
          return 1;
      }
    }
    if (CL.Stop != Phase::SyntaxOnly && (CL.EmitOpenCL || CL.EmitHost)) {
      const std::string &Text = CL.EmitOpenCL ? R.OpenCL : R.HostSource;
      if (CL.Output.empty() || CL.Output == "-") {
        llvm::outs() << Text;
        return 0;
      }
      return writeFile(CL.Output, Text) ? 0 : 1;
    }
    llvm::SmallString<256> SourceDir(Source);
    llvm::sys::fs::make_absolute(SourceDir);
    std::string Folder = llvm::sys::path::parent_path(SourceDir).str();
    std::vector<std::string> Flags = hostArgs(Opts, Folder);
    if (R.NeedsOpenMP) {
      Flags.push_back("-fopenmp");
      AnyOpenMP = true;
    }
    std::string HostText = usePrecompiledHostPreamble(R, Folder, Flags);
    std::string Host;
    if (CL.SaveTemps) {
      Host = keptPath(Source, ".ampcc.cpp");
    } else {
      Host = tempFile(llvm::sys::path::stem(Source), "cpp");
    }
    if (!CL.PrintOnly && !writeFile(Host, HostText))
      return 1;
    std::vector<std::string> ShadowArgs;
    std::string ShadowRoot;
    if (!R.HostHeaders.empty()) {
      std::optional<std::string> Shadowed = writeHostTree(Source, R, ShadowArgs, ShadowRoot);
      if (!Shadowed)
        return 1;
      Host = *Shadowed;
    }

    std::vector<std::string> Cmd = {CL.HostCxx};
    Cmd.insert(Cmd.end(), ShadowArgs.begin(), ShadowArgs.end());
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    std::string HostDeps;
    if (CL.Deps.Enabled) {
      HostDeps = tempFile(llvm::sys::path::stem(Source), "d");
      if (CL.Stop == Phase::Dependencies)
        Cmd.push_back(CL.Deps.SystemHeaders ? "-M" : "-MM");
      else
        Cmd.push_back(CL.Deps.SystemHeaders ? "-MD" : "-MMD");
      Cmd.insert(Cmd.end(), {"-MF", HostDeps});
    }
    std::string Object;
    if (CL.Stop == Phase::Dependencies) {
      Cmd.push_back(Host);
    } else if (CL.Stop == Phase::SyntaxOnly) {
      // The host compiler checks the host side too: an error only it finds fails the check.
      Cmd.insert(Cmd.end(), {"-fsyntax-only", Host});
    } else {
      if (CL.Stop == Phase::Compile)
        Object = outputOf(Source, ".o");
      else if (CL.Stop == Phase::Assemble)
        Object = outputOf(Source, ".s");
      else
        Object = tempFile(llvm::sys::path::stem(Source), "o");
      Cmd.insert(Cmd.end(), {CL.Stop == Phase::Assemble ? "-S" : "-c", Host, "-o", Object});
    }
    auto HostStart = Clock::now();
    if (int RC = run(Cmd))
      return RC;
    Timings.emplace_back("host compile (" + CL.HostCxx + ", a separate process)", since(HostStart));
    printTimeReport(Source, Start);
    if (CL.Deps.Enabled && !CL.PrintOnly &&
        !writeDependencies(Source, R, HostDeps, Host, ShadowRoot,
                           Object.empty() || CL.Stop == Phase::Link ? outputOf(Source, ".o") : Object))
      return 1;
    if (!Object.empty())
      Objects.push_back(Object);
    return 0;
  }

  // One rule for Source: what the translator read, then what the host compiler read, named as the user's
  // files (the host compiler read the rewritten copies).
  // The host source to compile: R's, or R's with its first lines precompiled (HostPreamble.h), in which case
  // Flags change to read the precompiled header. Not with -save-temps (the kept file stays one that compiles
  // alone), nor when user headers are rewritten for the host (their temporary tree is new each time).
  std::string usePrecompiledHostPreamble(const TranslationResult &R, const std::string &SourceDir,
                                         std::vector<std::string> &Flags) {
    HostPreambleFiles.clear();
    if (CL.PrintOnly || CL.SaveTemps || !R.HostHeaders.empty() || CL.Stop == Phase::Dependencies)
      return R.HostSource;
    if (R.PreambleText.empty() && !R.PreambleIncludesAmpHeader) {
      if (CL.Verbose)
        llvm::errs() << "# ampcc host compile: no precompiled preamble: the translation used none and the "
                        "source's preamble does not include <amp.h> after standard headers only\n";
      return R.HostSource;
    }
    llvm::SmallString<256> Dir;
    if (llvm::sys::fs::createUniqueDirectory("ampcc-preamble", Dir))
      return R.HostSource;
    TempDirs.push_back(Dir.str().str());
    HostPreambleDir = Dir.str().str();
    std::string Why;
    HostCompilerKind Kind = hostKind();
    std::optional<HostPreamble> P =
        prepareHostPreamble({Kind, CL.HostCxx, HostVersion}, Flags, R.HostSource,
                            {R.PreambleText, R.PreambleText.empty(), SourceDir}, HostPreambleDir, Why);
    if (CL.Verbose)
      llvm::errs() << "# ampcc host compile: " << (P ? P->Note : "no precompiled preamble: " + Why) << "\n";
    if (!P)
      return R.HostSource;
    if (P->BuildSeconds > 0)
      Timings.emplace_back(std::string("host: precompile the ") + (R.PreambleText.empty() ? "prelude" : "preamble") +
                               " (" + CL.HostCxx + ")",
                           P->BuildSeconds);
    Flags = std::move(P->Flags);
    HostPreambleFiles = std::move(P->Files);
    return std::move(P->Source);
  }

  bool writeDependencies(const std::string &Source, const TranslationResult &R, const std::string &HostDeps,
                         const std::string &Host, const std::string &ShadowRoot, const std::string &Target) {
    DependencyFile Deps(CL.Deps);
    Deps.add(R.Dependencies);
    auto Text = llvm::MemoryBuffer::getFile(HostDeps);
    if (!Text) {
      error("the host compiler wrote no dependency file for '" + Source + "'");
      return false;
    }
    // The host's precompiled header stands for system headers the host compile does not list.
    for (const std::string &Path : HostPreambleFiles)
      Deps.add(Path, /*IsSystem=*/true);
    const std::string Cache = preambleCacheDir(), Shipped = shippedPreludeDir();
    for (std::string &Path : readMakeDependencies((*Text)->getBuffer())) {
      // The precompiled preamble's files: the translator's list has what they were made from.
      auto under = [&](const std::string &Dir) { return !Dir.empty() && llvm::StringRef(Path).starts_with(Dir); };
      if (Path == Host || under(HostPreambleDir) || under(Cache) || under(Shipped))
        continue;
      llvm::StringRef P = Path;
      if (!ShadowRoot.empty() && P.consume_front(ShadowRoot))
        Path = P.str();
      Deps.add(Path, /*IsSystem=*/false);
    }
    return Deps.write(dependencyPath(Source), {Target});
  }

  // The host compiler reads the user's headers as the translator gives them (restriction specifiers and
  // amp-only declarations removed): the main file and every header the translation read go to a temporary
  // tree that mirrors their absolute paths, searched before the user's include directories, so quoted
  // includes resolve there too. Each file starts with a #line naming the original. Returns the main file.
  std::optional<std::string> writeHostTree(const std::string &Source, const TranslationResult &R,
                                           std::vector<std::string> &Args, std::string &RootPath) {
    llvm::SmallString<256> Root;
    if (CL.SaveTemps) {
      // Kept as <name>.ampcc.tree beside <name>.ampcc.cpp: the rewritten headers and the source at their absolute
      // paths under it, so the host side can be compiled elsewhere (docs/driver.md).
      Root = keptPath(Source, ".ampcc.tree");
      llvm::sys::fs::remove_directories(Root);
      if (std::error_code EC = llvm::sys::fs::create_directories(Root)) {
        error("cannot create '" + Root.str().str() + "': " + EC.message());
        return std::nullopt;
      }
    } else {
      if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("ampcc-host", Root)) {
        error("cannot create a temporary directory: " + EC.message());
        return std::nullopt;
      }
      TempDirs.push_back(Root.str().str());
    }
    RootPath = Root.str().str();
    auto mirror = [&](llvm::StringRef Path) {
      llvm::SmallString<256> Abs(Path);
      llvm::sys::fs::make_absolute(Abs);
      llvm::sys::path::remove_dots(Abs, true);
      llvm::SmallString<256> Out(Root);
      llvm::sys::path::append(Out, llvm::sys::path::relative_path(Abs));
      return Out;
    };
    auto put = [&](llvm::StringRef Path, const std::string &Text) -> std::optional<std::string> {
      llvm::SmallString<256> Out = mirror(Path);
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Out));
      llvm::SmallString<256> Abs(Path);
      llvm::sys::fs::make_absolute(Abs);
      if (!writeFile(Out.str().str(), "#line 1 \"" + Abs.str().str() + "\"\n" + Text))
        return std::nullopt;
      return Out.str().str();
    };
    for (const HostHeader &H : R.HostHeaders)
      if (!put(H.Path, H.Text))
        return std::nullopt;
    for (size_t I = 0; I < Opts.Preprocessor.size(); ++I) {
      llvm::StringRef A = Opts.Preprocessor[I];
      if (A.starts_with("-I") && A.size() > 2)
        Args.push_back("-I" + mirror(A.drop_front(2)).str().str());
      else if (A == "-iquote" && I + 1 < Opts.Preprocessor.size())
        Args.push_back("-iquote" + mirror(Opts.Preprocessor[I + 1]).str().str());
    }
    llvm::SmallString<256> Main = mirror(Source);
    if (!put(Source, R.HostSource))
      return std::nullopt;
    return Main.str().str();
  }

  // The host compiler's kind, by its --version: GCC's names the Free Software Foundation, Clang's itself.
  HostCompilerKind hostKind() {
    if (!HostKind) {
      std::optional<std::string> Text = capture({CL.HostCxx, "--version"});
      HostVersion = Text ? *Text : "";
      llvm::StringRef V = HostVersion;
      HostKind = V.contains("clang")                       ? HostCompilerKind::Clang
                 : V.contains("Free Software Foundation") ? HostCompilerKind::Gcc
                                                          : HostCompilerKind::Other;
    }
    return *HostKind;
  }

  int link(const std::vector<std::string> &Objects) {
    std::vector<std::string> Cmd = {CL.HostCxx};
    Cmd.insert(Cmd.end(), Objects.begin(), Objects.end());
    Cmd.insert(Cmd.end(), CL.LinkInputs.begin(), CL.LinkInputs.end());
    Cmd.push_back("-L" + SdkLib);
    Cmd.insert(Cmd.end(), CL.LinkFlags.begin(), CL.LinkFlags.end());
    // Static: pulled in only by programs that use amp_blas.h (cuBLAS is opened at run time); CLBlast is then
    // needed where ampcc_blas was built with it, else not.
    Cmd.push_back("-lampcc_blas");
#ifdef AMPCC_HAVE_CLBLAST
    Cmd.insert(Cmd.end(), {"-Wl,--push-state,--as-needed", "-lclblast", "-Wl,--pop-state"});
#endif
#ifdef AMPCC_HAVE_TBB
    // The PPL headers (<ppl.h>, <ppltasks.h>, ...) are oneTBB underneath: libtbb, only if the program uses them.
    Cmd.insert(Cmd.end(), {"-Wl,--push-state,--as-needed", "-ltbb", "-Wl,--pop-state"});
#endif
    if (AnyOpenMP)
      Cmd.push_back("-fopenmp");
    else if (!CL.LinkInputs.empty() && !CL.PrintOnly && hostKind() == HostCompilerKind::Gcc)
      // Objects compiled separately (ampcc -c) may run `_Cilk_for` loops with OpenMP: libgomp, only if used.
      Cmd.insert(Cmd.end(), {"-Wl,--push-state,--as-needed", "-lgomp", "-Wl,--pop-state"});
    Cmd.insert(Cmd.end(), {"-lampcc_rt", "-lOpenCL", "-pthread", "-o", CL.Output.empty() ? "a.out" : CL.Output});
    return run(Cmd);
  }

  // What a Clang-based tool needs on top of a compile command to read C++ AMP sources as host code; with
  // -fampcc-msvc, to read them in MSVC's dialect as ampcc does (the build files take theirs from here).
  int printClangArgs() {
    llvm::outs() << "-isystem " << Opts.SdkInclude << " -include ampcc/clang_tools.h";
    if (CL.Msvc) {
      for (const std::string &A : msvcArgs())
        llvm::outs() << " " << A;
      llvm::outs() << " -idirafter " << msvcHeaderDir(Opts);
    }
    for (const std::string &A : gnuEnvironmentArgs(Opts))
      llvm::outs() << " " << A;
    llvm::outs() << "\n";
    return 0;
  }

  // GCC cannot read MSVC's C++ dialect: given one of its flags, a GCC host compiler gives way to the Clang that
  // ampcc was built with, which gets the same flags (CompileOptions.h). The link goes with it.
  void useClangForMsvcDialect() {
    std::string Flag = msvcDialectFlag(Opts);
    if (Flag.empty() || hostKind() != HostCompilerKind::Gcc)
      return;
    std::string Gcc = CL.HostCxx;
    CL.HostCxx = llvm::sys::fs::exists(AMPCC_CLANG_CXX) ? AMPCC_CLANG_CXX : AMPCC_CLANG_CXX_NAME;
    HostKind.reset();
    if (CL.Verbose)
      llvm::errs() << "# ampcc host compile: " << Gcc << " is GCC, which cannot read MSVC's C++ dialect (" << Flag
                   << "): the host compiler is " << CL.HostCxx
                   << ", the Clang ampcc was built with, in the same mode\n";
  }

  int main(int argc, char **argv) {
    if (std::optional<int> RC = parseCommandLine(argc, argv, CL))
      return *RC;
    locateSdk(argv[0]);
    if (CL.PrintClangArgs)
      return printClangArgs();
    if (CL.Verbose)
      llvm::errs() << "ampcc " AMPCC_VERSION " (C++ AMP to OpenCL C, Clang " CLANG_VERSION_STRING_FOR_AMPCC ")\n";
    useClangForMsvcDialect();
    // The Cilk Plus graphics keywords (_Cilk_for, __declspec(target(gfx)), ...) are macros in every file.
    Opts.Preprocessor.insert(Opts.Preprocessor.begin(), {"-include", "cilk/ampcc_cilk.h"});
    std::vector<std::string> Objects;
    int Status = 0;
    for (const std::string &S : CL.Sources)
      if (int RC = compile(S, Objects))
        Status = RC;
    if (Status == 0 && CL.Stop == Phase::Link && !CL.EmitOpenCL && !CL.EmitHost)
      Status = link(Objects);
    for (const std::string &T : TempFiles)
      llvm::sys::fs::remove(T);
    for (const std::string &D : TempDirs)
      llvm::sys::fs::remove_directories(D);
    if (sarif())
      Sarif.write(llvm::errs());
    return Status;
  }
};

} // namespace

int main(int argc, char **argv) { return Driver().main(argc, argv); }
